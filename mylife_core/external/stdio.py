"""One stdio MCP server, run as a subprocess and used synchronously.

The official ``mcp`` SDK is asynchronous; MyLife's stores are not. :class:`StdioServer` runs the
SDK's :class:`mcp.client.client.Client` on an event loop in a background thread and hands each
tool call to it, waiting with a timeout. What it guarantees:

* **a controlled environment**: the server sees only the SDK's safe variables (``PATH``,
  ``HOME``...), then the backend's own settings and MyLife's managed variables; never the
  caller's API keys. On POSIX it starts under ``umask 077`` so its files are private;
* **bounded start**: the MCP handshake must finish within ``start_timeout``; a server that exits
  at once, prints garbage or never answers raises :class:`BackendUnavailable` with the tail of
  its log;
* **bounded calls**: every call has a timeout; a hung server raises :class:`ServerTimeout` and
  is stopped, a dead one raises :class:`ServerDied` (:meth:`StdioServer.restart` brings it back);
* **clean stop**: the SDK closes stdin, waits, then kills the server's process group.

The server's stderr goes to ``log_path`` (rotated at 1 MB): errors quote its last lines.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BackendFailed, BackendUnavailable, ServerDied, ServerTimeout

LOG_ROTATE_BYTES = 1_000_000
_START_LOCK = threading.Lock()  # one spawn at a time, so the new child process is ours


@dataclass
class ToolResult:
    """What a tool call returned: its text blocks joined, and structured content if any."""

    text: str
    structured: Any = None
    raw: Any = field(default=None, repr=False)


def _children() -> set[int]:
    """Child pids of this process (Linux ``/proc``; empty elsewhere)."""
    pids: set[int] = set()
    task_dir = Path(f"/proc/{os.getpid()}/task")
    if not task_dir.is_dir():
        return pids
    for task in task_dir.iterdir():
        with contextlib.suppress(OSError, ValueError):
            pids.update(int(p) for p in (task / "children").read_text().split())
    return pids


def pid_alive(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - not ours; still exists
        return True
    with contextlib.suppress(OSError, IndexError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[1].split()[0] != "Z"
    return True


def _quiet_sdk_logging() -> None:
    """The SDK logs transport noise (with tracebacks) when a server dies; MyLife reports that
    itself, in the user's language. Keep the SDK's records out of the user's terminal."""
    logger = logging.getLogger("mcp")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())
    logger.propagate = False


class StdioServer:
    """A stdio MCP server used synchronously (see the module docstring)."""

    def __init__(self, *, label: str, command: str, args: Sequence[str], env: Mapping[str, str],
                 cwd: Path, log_path: Path, start_timeout: float = 60.0, call_timeout: float = 60.0,
                 ready_check: Callable[[str], str | None] | None = None, private: bool = True) -> None:
        """
        :param label: the backend's name in messages (``Memorix``).
        :param env: variables added to the SDK's safe default environment.
        :param ready_check: called with the server's log written since this start, once the
            handshake is done; returns a problem description to refuse the server, or None.
        :param private: start under ``umask 077`` (POSIX) so the server's files are 0600.
        """
        self.label = label
        self.command = command
        self.args = list(args)
        self.env = dict(env)
        self.cwd = cwd
        self.log_path = log_path
        self.start_timeout = start_timeout
        self.call_timeout = call_timeout
        self.ready_check = ready_check
        self.private = private
        self.pid: int | None = None
        self.starts = 0
        self.stopped = True  # True until started, and again after close(): a deliberate stop
        self.startup_seconds: float | None = None
        self._thread: threading.Thread | None = None
        self._loop: Any = None
        self._client: Any = None
        self._stop: Any = None
        self._dead = False

    # -- state --------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """Started, not stopped, and (where it can be checked) the process still alive."""
        if self._client is None or self._thread is None or not self._thread.is_alive() or self._dead:
            return False
        return self.pid is None or pid_alive(self.pid)

    def log_tail(self, lines: int = 12, since: int = 0) -> str:
        try:
            with self.log_path.open("rb") as fh:
                fh.seek(since)
                data = fh.read()
        except OSError:
            return ""
        text = [line.rstrip() for line in data.decode("utf-8", "replace").splitlines()]
        text = [line for line in text if line.strip() and not line.lstrip().startswith("at ")]  # no JS stack frames
        return "\n".join("    " + line.strip() for line in text[-lines:])

    def _is_ours(self, pid: int) -> bool:
        """Whether child ``pid`` runs this server (another thread may spawn a child meanwhile)."""
        marker = (self.args[0] if self.args else self.command).encode()
        try:
            return marker in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return False

    # -- lifecycle ----------------------------------------------------------------------------
    def _command_line(self) -> tuple[str, list[str]]:
        if self.private and os.name == "posix":
            return "/bin/sh", ["-c", 'umask 077 && exec "$0" "$@"', self.command, *self.args]
        return self.command, list(self.args)

    def _open_log(self) -> Any:
        self.log_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            if self.log_path.stat().st_size > LOG_ROTATE_BYTES:
                os.replace(self.log_path, self.log_path.with_name(self.log_path.name + ".1"))
        fd = os.open(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return os.fdopen(fd, "a", encoding="utf-8", errors="replace")

    def start(self) -> None:
        """Start the server and finish the MCP handshake, or raise :class:`BackendUnavailable`."""
        if self.running:
            return
        self.close()
        _quiet_sdk_logging()
        log = self._open_log()
        log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} starting {self.label} (pid {os.getpid()})\n")
        log.flush()
        offset = log.tell()
        ready = threading.Event()
        state: dict[str, Any] = {}
        started = time.perf_counter()

        def runner() -> None:
            import asyncio

            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._main(ready, state, log))
            except BaseException as exc:  # reported to the starting thread below
                state.setdefault("error", exc)
            finally:
                self._client = None
                ready.set()
                with contextlib.suppress(Exception):
                    loop.run_until_complete(loop.shutdown_asyncgens())
                loop.close()
                log.close()

        with _START_LOCK:
            before = _children()
            self._dead = False
            self._thread = threading.Thread(target=runner, name=f"mcp-{self.label}", daemon=True)
            self._thread.start()
            finished = ready.wait(self.start_timeout + 15)
            new = [pid for pid in sorted(_children() - before) if self._is_ours(pid)]
            self.pid = new[0] if new else None
        if not finished or "error" in state or self._client is None:
            reason = self._start_problem(state.get("error")) if finished else _t("store.start_no_answer",
                                                                                  seconds=int(self.start_timeout))
            self.close()
            raise BackendUnavailable("backend_start_failed", backend=self.label, reason=reason,
                                     command=" ".join([self.command, *self.args]),
                                     log=self.log_tail(since=offset) or "    -", log_path=str(self.log_path))
        if self.ready_check is not None:
            time.sleep(0.05)  # let the server's start-up lines reach the log
            problem = self.ready_check(self.log_tail(lines=400, since=offset))
            if problem:
                self.close()
                raise BackendUnavailable("backend_start_failed", backend=self.label, reason=problem,
                                         command=" ".join([self.command, *self.args]),
                                         log=self.log_tail(since=offset) or "    -", log_path=str(self.log_path))
        self.starts += 1
        self.stopped = False
        self.startup_seconds = time.perf_counter() - started

    async def _main(self, ready: threading.Event, state: dict[str, Any], log: Any) -> None:
        import anyio
        from mcp.client.client import Client
        from mcp.client.stdio import StdioServerParameters

        self._stop = anyio.Event()
        command, args = self._command_line()
        params = StdioServerParameters(command=command, args=args, env=self.env, cwd=str(self.cwd))
        client = Client(_LoggedStdio(params, log), mode="legacy", read_timeout_seconds=self.start_timeout,
                        cache=None)
        async with client:
            self._client = client
            ready.set()
            await self._stop.wait()

    def close(self) -> None:
        """Stop the server (stdin closed, then its process group killed if it lingers)."""
        thread, loop, stop = self._thread, self._loop, self._stop
        self.stopped = True
        if thread is not None and thread.is_alive() and loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
            thread.join(15)
        self._thread = None
        self._loop = None
        self._stop = None
        self._client = None

    def restart(self) -> None:
        self.close()
        self.start()

    def kill(self) -> None:
        """Kill the server process outright (tests and emergencies); the next call sees it dead."""
        import signal

        if self.pid is not None and pid_alive(self.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)

    # -- calls --------------------------------------------------------------------------------
    def call(self, tool: str, arguments: dict[str, Any] | None = None, *, timeout: float | None = None) -> ToolResult:
        """Call a tool. A tool-level error (``isError``) raises :class:`BackendFailed`."""
        import asyncio

        if not self.running:
            self._dead = True
            raise ServerDied("backend_died", backend=self.label, log=self.log_tail() or "    -")
        limit = timeout or self.call_timeout
        coro = self._client.call_tool(tool, arguments or {}, read_timeout_seconds=limit)
        try:
            future = asyncio.run_coroutine_threadsafe(coro, self._loop)
        except RuntimeError:  # the loop is closed: the server thread ended
            coro.close()
            self._dead = True
            raise ServerDied("backend_died", backend=self.label, log=self.log_tail() or "    -") from None
        try:
            result = future.result(limit + 5)
        except concurrent.futures.TimeoutError:
            future.cancel()
            self._dead = True
            raise ServerTimeout("backend_timeout", backend=self.label, tool=tool, seconds=int(limit)) from None
        except Exception as exc:
            raise self._translate(exc, tool) from None
        text = "\n".join(getattr(block, "text", "") for block in result.content if getattr(block, "text", None))
        if result.is_error:
            raise BackendFailed("backend_tool_error", backend=self.label, tool=tool, reason=text[:500] or "-")
        return ToolResult(text=text, structured=result.structured_content, raw=result)

    def _translate(self, exc: BaseException, tool: str) -> BackendFailed:
        from mcp.shared.exceptions import MCPError
        from mcp_types import CONNECTION_CLOSED, REQUEST_TIMEOUT

        if isinstance(exc, MCPError) and exc.code == CONNECTION_CLOSED:
            self._dead = True
            return ServerDied("backend_died", backend=self.label, log=self.log_tail() or "    -")
        if isinstance(exc, MCPError) and exc.code == REQUEST_TIMEOUT:
            self._dead = True
            return ServerTimeout("backend_timeout", backend=self.label, tool=tool, seconds=int(self.call_timeout))
        if not self.running:
            self._dead = True
            return ServerDied("backend_died", backend=self.label, log=self.log_tail() or "    -")
        return BackendFailed("backend_tool_error", backend=self.label, tool=tool, reason=self._describe(exc))

    def _start_problem(self, exc: BaseException | None) -> str:
        from mcp.shared.exceptions import MCPError
        from mcp_types import CONNECTION_CLOSED, REQUEST_TIMEOUT

        inner = exc
        while isinstance(inner, BaseExceptionGroup) and inner.exceptions:
            inner = inner.exceptions[0]
        if isinstance(inner, MCPError) and inner.code == CONNECTION_CLOSED:
            return _t("store.start_exited")
        if isinstance(inner, MCPError) and inner.code == REQUEST_TIMEOUT:
            return _t("store.start_no_answer", seconds=int(self.start_timeout))
        return self._describe(exc)

    @staticmethod
    def _describe(exc: BaseException | None) -> str:
        if exc is None:
            return "-"
        inner = exc
        while isinstance(inner, BaseExceptionGroup) and inner.exceptions:  # anyio task groups
            inner = inner.exceptions[0]
        message = getattr(inner, "message", None) or str(inner) or type(inner).__name__
        if isinstance(inner, FileNotFoundError):
            from ..errors import os_reason

            message = f"{os_reason(inner)}: {inner.filename}"
        return f"{type(inner).__name__}: {message}"

    def __enter__(self) -> "StdioServer":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _t(key: str, **params: Any) -> str:
    from ..messages import t

    return t(key, **params)


class _LoggedStdio:
    """The SDK's stdio transport with the server's stderr sent to our log file."""

    def __init__(self, params: Any, log: Any) -> None:
        self.params = params
        self.log = log
        self._cm: Any = None

    async def __aenter__(self) -> Any:
        from mcp.client.stdio import stdio_client

        self._cm = stdio_client(self.params, errlog=self.log)
        return await self._cm.__aenter__()

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._cm.__aexit__(*exc)


if sys.version_info < (3, 11):  # pragma: no cover - BaseExceptionGroup arrived in 3.11
    from exceptiongroup import BaseExceptionGroup  # type: ignore[no-redef]

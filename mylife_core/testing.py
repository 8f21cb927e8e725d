"""Helpers for testing MyLife and its plugins (used by MyLife's own suite; lens authors too).

* :func:`plugin_host` builds a fresh plugin host with only the builtin plugins plus the
  plugins you pass (installed plugins never leak in);
* :func:`run_cli` runs the real ``mylife`` command in a subprocess with a controlled
  environment and returns the completed process (``.json()`` parses ``--json`` output); the
  process is a fork of a server that has imported the libraries once (:mod:`.testing_forkserver`);
* :func:`settle_history` waits for the detached git committer a command started, and when it
  does not settle says why (its log, what is still owed, whether it still runs);
* :func:`mounted` gives the command prefix that runs a command (``run_cli(..., prefix=...)``)
  on a real read-only bind mount of a folder, or on a copy of it on a small, full file system
  (``unshare -m``: a private mount namespace, gone with the command);
  :func:`mount_refused` says why that is not possible here (then skip).
"""

from __future__ import annotations

import atexit
import json
import os
import selectors
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .plugins import PluginHost, get_plugin_manager


def plugin_host(*plugins: Any, entrypoints: bool = False, builtins: bool = True) -> PluginHost:
    """Builtin plugins (unless ``builtins=False``) plus ``plugins``; installed ones only on request."""
    pm = get_plugin_manager(load_entrypoints=entrypoints, load_builtins=builtins)
    for plugin in plugins:
        pm.register(plugin)
    pm.check_pending()
    return PluginHost(pm)


class Result(subprocess.CompletedProcess):
    forked = False  # run as a fork of run_cli's server rather than a fresh interpreter

    def json(self) -> Any:
        return json.loads(self.stdout)


def cli_env(workspace: Path | None = None, extra: Mapping[str, str] | None = None,
            load_plugins: str | None = "") -> dict[str, str]:
    env = _plain_env(os.environ)
    env["MYLIFE_LANG"] = env.get("MYLIFE_TEST_LANG", "zh")
    if "MYLIFE_AUTO_EMBED" in os.environ:  # tests turn background embedding off (tests/conftest.py)
        env["MYLIFE_AUTO_EMBED"] = os.environ["MYLIFE_AUTO_EMBED"]
    if load_plugins is not None:
        env["MYLIFE_LOAD_PLUGINS"] = load_plugins
    if workspace is not None:
        env["MYLIFE_HOME"] = str(workspace)
    if extra:
        env.update(extra)
    return env


def run_cli(args: Iterable[str], *, workspace: Path | None = None, input: bytes | str | None = None,
            env: Mapping[str, str] | None = None, load_plugins: str | None = "", timeout: float = 60,
            cwd: Path | None = None, prefix: Iterable[str] = ()) -> Result:
    """Run ``python -m mylife_core ARGS`` and capture its output (text, UTF-8); ``prefix`` runs
    it under another command (:func:`mounted`)."""
    if isinstance(input, str):
        input = input.encode("utf-8")
    args, prefix = list(args), list(prefix)
    command = [*prefix, sys.executable, "-m", "mylife_core", *args]
    full_env = cli_env(workspace, env, load_plugins)
    server = None if prefix else _fork_server()
    forked = server.run(command, args, full_env, cwd, input, timeout) if server is not None else None
    if forked is not None:
        returncode, stdout, stderr = forked
    else:
        proc = subprocess.run(command, input=input, capture_output=True, env=full_env, timeout=timeout, cwd=cwd)
        returncode, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
    result = Result(command, returncode, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"))
    result.forked = forked is not None
    return result


# run_cli's fork server (mylife_core/testing_forkserver.py): on unless MYLIFE_TEST_FORK=0, read
# once here because the suite's fixtures clear MYLIFE_* for each test
_FORK_ON = os.environ.get("MYLIFE_TEST_FORK", "1") != "0" and hasattr(socket, "send_fds") and hasattr(os, "fork")
_FORK_SERVERS: dict[int, _ForkServer | None] = {}
_START_ENV = dict(os.environ)


def _plain_env(source: Mapping[str, str]) -> dict[str, str]:
    """``source`` without MyLife's own settings, its output in UTF-8: what every command starts from."""
    env = {k: v for k, v in source.items() if not k.startswith("MYLIFE_")}
    env["PYTHONIOENCODING"] = "utf-8"
    return env


class _ForkServer:
    """One test process's fork server: started once, ended when the test process ends."""

    def __init__(self) -> None:
        from .testing_forkserver import start_settings

        self.folder = tempfile.mkdtemp(prefix="mylife-fork-")
        self._loaded: set[str] | None = None
        self.path = os.path.join(self.folder, "socket")
        # the environment this module was imported in, before any test changed it: a server started
        # during a test that set LANG or PYTHONWARNINGS would send every later command to a fresh one
        env = _plain_env(_START_ENV)
        self.settings = start_settings(env)
        lifeline, self._lifeline = os.pipe()  # the server ends when this process's end closes
        self.proc = subprocess.Popen([sys.executable, "-m", "mylife_core.testing_forkserver", self.path, str(lifeline)],
                                     pass_fds=(lifeline,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, cwd="/", env=env)
        os.close(lifeline)
        atexit.register(self.close)
        deadline = time.monotonic() + 120
        while not os.path.exists(self.path) and self.proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)

    def close(self) -> None:
        if self._lifeline >= 0:
            os.close(self._lifeline)
            self._lifeline = -1
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def loaded(self) -> set[str]:
        """The server's top-level modules (written when it is ready)."""
        if self._loaded is None:
            with open(os.path.join(self.folder, "loaded"), encoding="utf-8") as fh:
                self._loaded = set(fh.read().split())
        return self._loaded

    def alive(self) -> bool:
        return self.proc.poll() is None and os.path.exists(self.path)

    def run(self, command: list[str], args: list[str], env: dict[str, str], cwd: Path | None,
            input: bytes | None, timeout: float) -> tuple[int, bytes, bytes] | None:
        """Run ``python -m mylife_core ARGS`` as a fork of the server; None when it cannot take it
        (then the caller starts a fresh interpreter: nothing has run)."""
        from .testing_forkserver import path_entries, shadows, start_settings

        folder = str(cwd or os.getcwd())
        if start_settings(env) != self.settings or not self.alive():
            return None
        if env.get("PYTHONPATH") and shadows(path_entries(env["PYTHONPATH"], folder), self.loaded()):
            return None  # a module the server imported would come from there in a fresh interpreter
        payload = json.dumps({"argv": args, "env": env, "cwd": folder}).encode()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        if input is not None:
            in_r, in_w = os.pipe()
        else:  # subprocess.run without input: the command reads this process's standard input
            in_r, in_w = (os.dup(0) if _fd_open(0) else os.open(os.devnull, os.O_RDONLY)), -1
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.connect(self.path)
            socket.send_fds(conn, [struct.pack("!I", len(payload))], [in_r, out_w, err_w])
            conn.sendall(payload)
        except OSError:
            conn.close()
            for fd in (out_r, out_w, err_r, err_w, in_r, in_w):
                if fd >= 0:
                    os.close(fd)
            return None
        for fd in (in_r, out_w, err_w):
            os.close(fd)
        return _collect(conn, out_r, err_r, in_w, input, command, timeout)


def _fd_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _collect(conn: socket.socket, out_r: int, err_r: int, in_w: int, input: bytes | None, command: list[str],
             timeout: float) -> tuple[int, bytes, bytes]:
    """Feed the command its input and read its output and wait status, as subprocess.run does."""
    chunks: dict[int, list[bytes]] = {out_r: [], err_r: []}
    control = b""
    pid = status = None
    pending = memoryview(input or b"")
    sel = selectors.DefaultSelector()
    sel.register(out_r, selectors.EVENT_READ)
    sel.register(err_r, selectors.EVENT_READ)
    sel.register(conn, selectors.EVENT_READ)
    if in_w >= 0:
        os.set_blocking(in_w, False)
        sel.register(in_w, selectors.EVENT_WRITE)
    deadline = time.monotonic() + timeout
    try:
        while sel.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                if pid is not None:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                raise subprocess.TimeoutExpired(command, timeout, b"".join(chunks[out_r]), b"".join(chunks[err_r]))
            for key, _ in sel.select(timeout=left):
                fd = key.fd
                if fd == in_w:
                    try:
                        written = os.write(in_w, pending[:65536])
                        pending = pending[written:]
                    except BlockingIOError:
                        continue
                    except BrokenPipeError:  # the command stopped reading: as subprocess.run, not an error
                        pending = pending[:0]
                    if not pending:
                        sel.unregister(in_w)
                        os.close(in_w)
                        in_w = -1
                elif key.fileobj is conn:
                    data = conn.recv(4096)
                    if not data:
                        sel.unregister(conn)
                        continue
                    control += data
                    for line in control.decode().splitlines():
                        word, _, value = line.partition(" ")
                        if word == "pid":
                            pid = int(value)
                        elif word == "status":
                            status = int(value)
                else:
                    data = os.read(fd, 65536)
                    if data:
                        chunks[fd].append(data)
                    else:
                        sel.unregister(fd)
    finally:
        sel.close()
        conn.close()
        for fd in (out_r, err_r, in_w):
            if fd >= 0:
                os.close(fd)
    if status is None:
        raise RuntimeError(f"mylife_core.testing: the fork server lost {command!r} (no exit status)")
    return os.waitstatus_to_exitcode(status), b"".join(chunks[out_r]), b"".join(chunks[err_r])


def _fork_server() -> _ForkServer | None:
    if not _FORK_ON:
        return None
    pid = os.getpid()
    server = _FORK_SERVERS.get(pid)
    tried = pid in _FORK_SERVERS  # a server that could not start is not started again
    if not tried or server is not None and not server.alive():
        try:
            server = _ForkServer()
        except OSError:
            server = None
        _FORK_SERVERS[pid] = server if server is not None and server.alive() else None
    return _FORK_SERVERS[pid]


_MOUNTS = {
    # SOURCE seen read-only at AT
    "read_only": 'mount --bind "$1" "$2" && mount -o remount,ro,bind "$2" && shift 2 && exec "$@"',
    # a 16 MB file system at AT holding a copy of SOURCE at AT/ws, then filled up (AT/fill)
    "full": 'mount -t tmpfs -o size=16m,mode=0700 mylife-full "$2" && cp -a "$1" "$2/ws" && '
            '{ dd if=/dev/zero of="$2/fill" bs=64k 2>/dev/null; true; } && shift 2 && exec "$@"',
    # the same small file system with its space left: the command fills it when it wants (AT/fill)
    "spare": 'mount -t tmpfs -o size=16m,mode=0700 mylife-full "$2" && cp -a "$1" "$2/ws" && shift 2 && exec "$@"',
}


def mcp_session(workspace: Path, script: Any, *, env: Mapping[str, str] | None = None,
                load_plugins: str | None = "", now: str = "2026-03-10") -> Any:
    """Start ``mylife mcp`` over stdio as a host would (in ``env``, default: the test
    environment with ``load_plugins`` and ``MYLIFE_NOW``), connect a real MCP client and return
    what ``await script(session)`` returns."""
    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client

    env = env if env is not None else cli_env(workspace, {"MYLIFE_NOW": now}, load_plugins=load_plugins)
    params = StdioServerParameters(command=sys.executable, args=["-m", "mylife_core", "mcp"], env=dict(env))
    out: dict[str, Any] = {}

    async def main() -> None:
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                out["result"] = await script(session)

    anyio.run(main)
    return out["result"]


def demo_workspace(folder: Path, now: str) -> Path:
    """The demo workspace (``mylife demo``) made in ``folder``/mylife-demo at ``now``."""
    root = Path(folder) / "mylife-demo"
    result = run_cli(["demo", "--workspace", str(root), "--json"], env={"MYLIFE_NOW": now})
    assert result.returncode == 0, result.stderr
    return root


def mounted(kind: str, source: Path, at: Path) -> list[str]:
    """The command prefix that runs a command with ``at`` (an existing folder) mounted, in a
    private mount namespace of its own (``unshare -m``, as root; ``-rm`` maps the user to root in
    a user namespace otherwise): ``read_only``, the folder ``source`` seen through a read-only
    bind mount; ``full``, a small file system holding a copy of ``source`` at ``at/ws``, with no
    space left; ``spare``, the same with its space left, for a command that fills it itself
    (``at/fill``) at the moment it wants a full disk. Real file systems: the kernel refuses the writes (EROFS, ENOSPC)."""
    flags = "-m" if os.geteuid() == 0 else "-rm"
    return ["unshare", flags, "sh", "-c", _MOUNTS[kind], "sh", str(source), str(at)]


def fill_disk(at: str | Path) -> None:
    """Fill the file system holding ``at`` (a ``spare`` mount of :func:`mounted`) by writing
    ``at/fill`` until the kernel says it is full; removing that file gives the space back."""
    with open(os.path.join(at, "fill"), "wb") as fh:
        try:
            while True:
                fh.write(bytes(65536))
                fh.flush()
        except OSError:
            pass


# a process holding an SQLite file (one not yet a derived index) in a write transaction until a
# line arrives on its stdin: another process, as a busy derived index meets it
_SQLITE_HOLDER = """
import sqlite3, sys
holder = sqlite3.connect(sys.argv[1], isolation_level=None)
holder.execute("PRAGMA journal_mode=WAL")
holder.execute("CREATE TABLE other_writer(x)")
holder.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()
holder.execute("ROLLBACK")
holder.close()
"""


@contextmanager
def sqlite_held(path: Path) -> Iterator[None]:
    """While inside, another process holds the SQLite file ``path`` in a write transaction."""
    holder = subprocess.Popen([sys.executable, "-c", _SQLITE_HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        yield
    finally:
        holder.communicate("\n", timeout=30)
    assert holder.returncode == 0


def open_files(path: Path) -> list[str]:
    """The files of the SQLite database ``path`` (with its -wal and -shm) this process holds open
    (through ``/proc/self/fd``)."""
    held = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:  # the listing's own descriptor, closed by now
            continue
        if target.startswith(str(path)):
            held.append(target)
    return sorted(held)


def mount_refused(scratch: Path) -> str | None:
    """Why :func:`mounted` cannot be used on this machine (no ``unshare``, or mounting is not
    permitted: a container without the capability, user namespaces turned off), else None."""
    import shutil

    if shutil.which("unshare") is None:
        return "unshare (util-linux) is not installed"
    (scratch / "src").mkdir(parents=True, exist_ok=True)
    (scratch / "at").mkdir(exist_ok=True)
    probe = subprocess.run([*mounted("read_only", scratch / "src", scratch / "at"), "true"], capture_output=True,
                           text=True, timeout=30)
    if probe.returncode != 0:
        return f"a read-only bind mount is not permitted here: {probe.stderr.strip() or probe.returncode}"
    return None


def settle_history(root: Path, timeout: float = 60.0) -> None:
    """Wait until git history has committed what ``root``'s commands owe (a no-op without a
    repository); raise AssertionError with the committer's log and state when it does not."""
    from .history import autocommit

    if not (Path(root) / ".git").exists() or autocommit.wait_until_committed(Path(root), timeout=timeout):
        return
    mylife_dir = Path(root) / ".git" / "mylife"

    def tail(name: str, limit: int = 2000) -> str:
        try:
            return (mylife_dir / name).read_text(encoding="utf-8", errors="replace")[-limit:]
        except OSError as exc:
            return f"({exc.strerror})"

    fd = autocommit.try_lock(mylife_dir / autocommit.COMMITTER_LOCK)
    if fd is not None:
        autocommit.release(fd)
    ps = subprocess.run(["ps", "-eo", "pid,stat,etime,args"], capture_output=True, text=True, check=False).stdout
    committers = [line for line in ps.splitlines() if "history.committer" in line or "git push --auto" in line]
    raise AssertionError(
        f"git history did not settle within {timeout} s; committer running: {fd is None}\n"
        f"committer.log: {tail('committer.log')}\npending: {tail('pending')}\nstate.json: {tail('state.json')}\n"
        f"processes: {committers}")

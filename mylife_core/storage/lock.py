"""The workspace write lock: fair (first come, first served) across processes and threads.

Every write happens while holding it. A polling ``flock`` starves writers under load (a waiter
that sleeps misses the moment the lock is free; 4% of writes gave up after 60 s with 32
writers), so on POSIX this is a queue lock in the manner of a CLH lock, built from files:

* ``<name>.d/`` holds one node file per waiter, ``<seq>``, numbered in arrival order. Taking a
  number happens under a short ``flock`` on ``<name>`` (held for a directory listing and one
  file creation, never while waiting).
* Each waiter holds an ``flock`` on its own node for as long as it waits and owns the lock, and
  waits for the ``flock`` of the node just before it: the kernel hands it over the moment the
  predecessor lets go. Waiting is a blocking ``flock`` (with a timer for the timeout) in the
  main thread, short polls elsewhere; either way only the one process whose turn it is wakes.
* A node says what its holder was doing: ``wait <seq>`` (queued behind ``seq``), ``own``,
  ``done``. A holder that dies or gives up lets go of its node like any other; its successor
  reads the node: ``done`` or ``own`` mean the lock is free (``own`` also means the previous
  owner died holding it: :attr:`FileLock.crashed` is then set so the workspace can run its
  recovery), ``wait <seq>`` means it left the queue early, and the successor waits for ``seq``.
* The successor removes its predecessor's node once it owns the lock.

The lock is re-entrant inside one process (a nested ``with ws.lock()`` does not deadlock) and
waits up to ``timeout`` seconds, then raises :class:`~mylife_core.errors.LockTimeout`.
Windows keeps a polling ``msvcrt`` lock.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
from pathlib import Path

from ..errors import LockTimeout

try:  # pragma: no cover - platform switch
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

def _try_lock(fd: int) -> bool:
    """A non-blocking exclusive lock on ``fd`` (flock, or msvcrt on Windows); False when taken.
    (The primitive other single-holder locks use, e.g. the git committer's.)"""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return True
    except (BlockingIOError, PermissionError, OSError):
        return False


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


_NODE = re.compile(r"^(\d{1,18})$")


def _state(text: str) -> bytes:
    """A node's state, padded to a fixed width so one ``pwrite`` replaces it whole."""
    return text.ljust(31).encode("ascii") + b"\n"


def _written_paths(node: Path) -> list[str]:
    try:
        text = node.read_bytes()[32:].decode("utf-8", "surrogateescape")
    except OSError:
        return []
    return list(dict.fromkeys(line[2:] for line in text.split("\n") if line.startswith("w ")))


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    raise _Timeout()


class FileLock:
    def __init__(self, path: Path, timeout: float = 30.0) -> None:
        self.path = path
        self.timeout = timeout
        self.queue_dir = path.with_name(path.name + ".d")
        self._fd: int | None = None
        self._node: Path | None = None
        self._depth = 0
        self._thread_lock = threading.RLock()
        #: seconds the last outermost acquire waited (for benchmarks), and the total
        self.last_wait = 0.0
        self.total_wait = 0.0
        #: seconds the last outermost hold lasted, acquire to release (for benchmarks)
        self.last_hold = 0.0
        self._held_since = 0.0
        #: set by an acquire that found the previous owner dead while holding the lock, with the
        #: files it had started writing (each owner notes them in its node as it goes)
        self.crashed = False
        self.crashed_paths: list[str] = []
        self._note_at = 32
        #: called with the lock just taken (outermost acquire); an error releases it again
        self.on_acquired = None
        #: called at the outermost release, in the holding thread, the lock still held (work that
        #: must finish under it: recording files a writer that raised left unrecorded); an error
        #: there never keeps the lock held
        self.on_releasing = None
        #: called right after the outermost release, in the releasing thread, lock no longer
        #: held (work that must not make every other writer wait: plugin notifications)
        self.on_released = None
        self._owner: int | None = None

    # -- public -----------------------------------------------------------------------------------
    def acquire(self) -> None:
        started = time.monotonic()
        if not self._thread_lock.acquire(timeout=self.timeout if self.timeout > 0 else -1):
            raise LockTimeout("locked", seconds=self.timeout, path=str(self.path))
        if self._depth:
            self._depth += 1
            return
        try:
            deadline = started + self.timeout
            if fcntl is None:  # pragma: no cover - Windows
                self._acquire_polling(deadline)
            else:
                self._acquire_queued(deadline)
        except BaseException:
            self._thread_lock.release()
            raise
        self._depth = 1
        self._owner = threading.get_ident()
        self._held_since = time.monotonic()
        self.last_wait = self._held_since - started
        self.total_wait += self.last_wait
        if self.on_acquired is not None:
            try:
                self.on_acquired(self)
            except BaseException:
                self.release()
                raise

    def release(self) -> None:
        if self._depth == 1 and self.on_releasing is not None:
            with contextlib.suppress(Exception):
                self.on_releasing(self)
        self._depth -= 1
        if self._depth == 0:
            if fcntl is None:  # pragma: no cover - Windows
                self._release_polling()
            else:
                self._release_queued()
            self.last_hold = time.monotonic() - self._held_since
            self._owner = None
            self._thread_lock.release()
            if self.on_released is not None:
                self.on_released(self)
            return
        self._thread_lock.release()

    def held_here(self) -> bool:
        """Whether the calling thread holds the lock."""
        return self._depth > 0 and self._owner == threading.get_ident()

    def held(self) -> bool:
        """Whether any thread of this process holds the lock."""
        return self._depth > 0

    def __enter__(self) -> "FileLock":
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    # -- the queue (POSIX) ---------------------------------------------------------------------------
    def _enqueue(self) -> tuple[int, int, int | None]:
        """Take a number: returns (my fd, my seq, predecessor seq or None)."""
        from .atomic import ensure_private_dir

        ensure_private_dir(self.queue_dir)
        guard = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(guard, fcntl.LOCK_EX)  # held for a listing and a create: microseconds
            seqs = [int(m.group(1)) for name in os.listdir(self.queue_dir) if (m := _NODE.match(name))]
            pred = max(seqs) if seqs else None
            seq = (pred or 0) + 1
            node = self.queue_dir / str(seq)
            fd = os.open(node, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)  # nobody else knows this node yet: immediate
                os.pwrite(fd, _state(f"wait {pred or 0}"), 0)  # a full disk refuses this page
            except BaseException:
                # no place taken: the node goes (nobody has seen it, the guard is still held),
                # and so does our flock on it. Left open, a long-lived process (chat, mcp, the
                # panel) kept a node nobody could get past: every later write, its own and every
                # other process's, waited for it until the timeout, space back or not
                os.close(fd)
                with contextlib.suppress(OSError):
                    node.unlink()
                raise
        finally:
            os.close(guard)  # closing releases the guard flock
        return fd, seq, pred

    def _acquire_queued(self, deadline: float) -> None:
        fd, seq, pred = self._enqueue()
        node = self.queue_dir / str(seq)
        self.crashed = False
        self.crashed_paths = []
        try:
            waited_on: list[Path] = []
            while pred:
                pred_path = self.queue_dir / str(pred)
                try:
                    pfd = os.open(pred_path, os.O_RDWR)
                except FileNotFoundError:
                    break  # its successor already finished with it: nothing ahead of us
                try:
                    self._wait_flock(pfd, deadline)
                    state = os.pread(pfd, 64, 0).decode("ascii", "replace").split()
                finally:
                    os.close(pfd)  # releases our hold on the predecessor's node
                waited_on.append(pred_path)
                if state and state[0] == "wait" and len(state) > 1 and state[1].isdigit():
                    # it left the queue (gave up or died) before its turn: wait for whoever
                    # it was waiting for
                    pred = int(state[1])
                    os.pwrite(fd, _state(f"wait {pred}"), 0)
                    continue
                if state and state[0] == "own":
                    self.crashed = True  # the previous owner died holding the lock
                    self.crashed_paths = _written_paths(pred_path)
                elif not state or state[0] != "done":
                    # its holder died while taking its number: whoever came before it
                    older = [int(m.group(1)) for name in os.listdir(self.queue_dir)
                             if (m := _NODE.match(name)) and int(m.group(1)) < pred]
                    if older:
                        pred = max(older)
                        continue
                break
        except _Timeout:
            self._leave(fd, node)
            raise LockTimeout("locked", seconds=self.timeout, path=str(self.path)) from None
        except BaseException:
            self._leave(fd, node)
            raise
        os.pwrite(fd, _state("own"), 0)
        for path in waited_on:
            with contextlib.suppress(OSError):
                path.unlink()
        self._fd, self._node = fd, node
        self._note_at = 32
        for path in self.crashed_paths:
            # carried over: if we die too before the recovery is done, our successor still
            # knows which files the first one was writing
            self._note(Path(path))
        from .atomic import watch

        watch(self._note)

    def _note(self, path: Path) -> None:
        """Record in our node that ``path`` is about to be written (see :attr:`crashed_paths`)."""
        fd = self._fd
        if fd is None:
            return
        line = f"w {os.path.abspath(path)}\n".encode("utf-8", "surrogateescape")
        os.pwrite(fd, line, self._note_at)
        self._note_at += len(line)

    def _leave(self, fd: int, node: Path) -> None:
        """Give up a place in the queue: the node keeps saying whom it waited for, so the
        successor waits for that one instead."""
        with contextlib.suppress(OSError):
            os.close(fd)

    def _wait_flock(self, fd: int, deadline: float) -> None:
        """Take an exclusive flock on ``fd`` by ``deadline`` (raises :class:`_Timeout`)."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        import signal

        if (threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
                and signal.getitimer(signal.ITIMER_REAL)[0] == 0  # nobody else's timer is running
                and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.SIG_IGN, None)):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _Timeout()
            previous = signal.signal(signal.SIGALRM, _on_alarm)
            try:
                signal.setitimer(signal.ITIMER_REAL, remaining)
                fcntl.flock(fd, fcntl.LOCK_EX)
                return
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
        delay = 0.001
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                pass
            if time.monotonic() >= deadline:
                raise _Timeout()
            time.sleep(delay)
            delay = min(delay * 1.5, 0.02)

    def _release_queued(self) -> None:
        from .atomic import unwatch

        unwatch(self._note)
        fd, self._fd, self._node = self._fd, None, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.pwrite(fd, _state("done"), 0)
        os.close(fd)  # the successor's flock on our node goes through now

    # -- Windows ---------------------------------------------------------------------------------------
    def _acquire_polling(self, deadline: float) -> None:  # pragma: no cover - Windows
        import msvcrt

        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        delay = 0.005
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                break
            except OSError:
                pass
            if time.monotonic() >= deadline:
                os.close(fd)
                raise LockTimeout("locked", seconds=self.timeout, path=str(self.path))
            time.sleep(delay)
            delay = min(delay * 2, 0.1)
        self._fd = fd

    def _release_polling(self) -> None:  # pragma: no cover - Windows
        import msvcrt

        fd, self._fd = self._fd, None
        if fd is not None:
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            os.close(fd)

"""An inter-process lock for the workspace: every write happens while holding it.

``flock`` on POSIX, ``msvcrt.locking`` on Windows. The lock is re-entrant inside one process
(a nested ``with ws.lock()`` does not deadlock), and waits up to ``timeout`` seconds.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from ..errors import LockTimeout

try:  # pragma: no cover - platform switch
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

except ImportError:  # pragma: no cover - Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


class FileLock:
    def __init__(self, path: Path, timeout: float = 30.0) -> None:
        self.path = path
        self.timeout = timeout
        self._fd: int | None = None
        self._depth = 0
        self._thread_lock = threading.RLock()

    def acquire(self) -> None:
        self._thread_lock.acquire()
        if self._depth:
            self._depth += 1
            return
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        deadline = time.monotonic() + self.timeout
        delay = 0.005
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                os.close(fd)
                self._thread_lock.release()
                raise LockTimeout("locked", seconds=self.timeout, path=str(self.path))
            time.sleep(delay)
            delay = min(delay * 2, 0.1)
        self._fd = fd
        self._depth = 1

    def release(self) -> None:
        self._depth -= 1
        if self._depth == 0 and self._fd is not None:
            _unlock(self._fd)
            os.close(self._fd)
            self._fd = None
        self._thread_lock.release()

    def __enter__(self) -> "FileLock":
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

"""Atomic writes: a temp file in the same folder, fsync, rename over the target, fsync the folder.

A process killed at any point leaves either the old file or the new one, never a torn file.
Files are created 0600 and folders 0700: the workspace holds income, health and doubts.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

FILE_MODE = 0o600
DIR_MODE = 0o700


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (and parents inside it) private to the user; tighten an existing one."""
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(path, DIR_MODE)
    return path


def _fsync_dir(path: Path) -> None:
    if os.name != "posix":  # pragma: no cover - Windows has no directory fsync
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_temp(directory: Path, name: str, data: bytes) -> Path:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, FILE_MODE) if hasattr(os, "fchmod") else None
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    os.close(fd)
    return Path(tmp)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temp file + rename)."""
    directory = path.parent
    ensure_private_dir(directory)
    tmp = _write_temp(directory, path.name, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(directory)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def create_exclusive(path: Path, data: bytes) -> None:
    """Create a new file with ``data``; fail with FileExistsError if ``path`` exists.

    The content is complete before the name appears (temp file + hard link), so a reader
    never sees a half-written file and an existing file is never replaced.
    """
    directory = path.parent
    ensure_private_dir(directory)
    tmp = _write_temp(directory, path.name, data)
    try:
        os.link(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _fsync_dir(directory)


def append_bytes(path: Path, data: bytes) -> None:
    """Append ``data`` with one write to an O_APPEND file (callers hold the workspace lock)."""
    ensure_private_dir(path.parent)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


def cleanup_temp_files(directory: Path) -> int:
    """Remove temp files left by a killed writer (``.name.xxxx.tmp``). Returns how many."""
    removed = 0
    if not directory.is_dir():
        return 0
    for entry in directory.iterdir():
        if entry.name.startswith(".") and entry.name.endswith(".tmp"):
            with contextlib.suppress(OSError):
                entry.unlink()
                removed += 1
    return removed

"""Atomic writes: a temp file in the same folder, fsync, rename over the target, fsync the folder.

A process killed at any point leaves either the old file or the new one, never a torn file.
Files are created 0600 and folders 0700: the workspace holds income, health and doubts.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
from pathlib import Path

FILE_MODE = 0o600
DIR_MODE = 0o700

#: Called with each path about to be written (the workspace lock notes them, so the next writer
#: can tell which files a writer killed mid-command touched; see storage/lock.py).
_WATCHERS: list = []


def watch(callback) -> None:
    _WATCHERS.append(callback)


def unwatch(callback) -> None:
    with contextlib.suppress(ValueError):
        _WATCHERS.remove(callback)


#: Called with each path about to be written, before anything is written; an exception refuses
#: the write (the workspace holds a file to what MyLife last recorded for it, see
#: ``Workspace.require_unchanged``).
_GUARDS: list = []


def guard(callback) -> None:
    _GUARDS.append(callback)


def unguard(callback) -> None:
    with contextlib.suppress(ValueError):
        _GUARDS.remove(callback)


def _notify(path: Path) -> None:
    for callback in list(_GUARDS):
        callback(path)
    for callback in list(_WATCHERS):
        with contextlib.suppress(Exception):
            callback(path)


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (and parents inside it) private to the user; tighten an existing one.

    A file (or anything else) where a folder belongs is reported, never removed."""
    try:
        path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        from ..errors import DataFileError
        from ..messages import t

        bad = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), path)
        raise DataFileError(bad, None, t("bad_file.not_folder")) from None
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


def _write_temp(directory: Path, name: str, data: bytes, durable: bool = True) -> Path:
    # ``.<name>.<pid>.<random>.tmp``: the pid lets a sweep tell a dead writer's leftover from a
    # live writer's file in progress (see :func:`cleanup_temp_files`)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.{os.getpid()}.", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, FILE_MODE) if hasattr(os, "fchmod") else None
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        if durable:
            os.fsync(fd)
    except BaseException as exc:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        _name_file(exc, directory)
        raise
    os.close(fd)
    return Path(tmp)


def _name_file(exc: BaseException, path: Path) -> None:
    """A write to an open file that fails (a full disk) names no file: name ``path``, so the
    message says where (:mod:`mylife_core.storage.writable`)."""
    if isinstance(exc, OSError) and exc.filename is None:
        exc.filename = str(path)


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically (temp file + rename). ``durable=False`` skips
    the fsyncs (for derived or advisory files: a kill still leaves the old or the new file)."""
    directory = path.parent
    ensure_private_dir(directory)
    _notify(path)
    tmp = _write_temp(directory, path.name, data, durable)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        _fsync_dir(directory)


#: ``umask`` for the processes MyLife starts in the workspace (git, its gc): what they create is
#: private (0600 files, 0700 folders) like everything MyLife writes itself.
PRIVATE_UMASK = 0o077


def private_process_kwargs() -> dict:
    """``subprocess`` keyword arguments that make a child create private files (POSIX)."""
    return {"umask": PRIVATE_UMASK} if os.name == "posix" else {}


def tighten_tree(root: Path) -> int:
    """Make every folder under ``root`` 0700 and every file 0600 (0700 when executable, e.g. a
    git hook). Returns how many modes changed. Symlinks are left alone."""
    changed = 0
    for dirpath, dirnames, filenames in os.walk(root):
        for name, want_dir in [(d, True) for d in dirnames] + [(f, False) for f in filenames] + [("", True)]:
            path = os.path.join(dirpath, name) if name else dirpath
            try:
                st = os.lstat(path)
            except OSError:
                continue
            if os.path.islink(path):
                continue
            mode = st.st_mode & 0o777
            want = DIR_MODE if want_dir else (0o700 if mode & 0o100 else FILE_MODE)
            if mode != want:
                with contextlib.suppress(OSError):
                    os.chmod(path, want)
                    changed += 1
    return changed


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def stage_bytes(directory: Path, data: bytes) -> Path:
    """Write ``data`` to a durable temp file in ``directory`` (``.stage.<pid>.<rand>.tmp``) for a
    later :func:`create_exclusive` ``(staged=...)``: the slow part of creating a file (the write
    and its fsync) done before taking the workspace lock. The caller removes it when done; a
    killed caller's is swept like any dead writer's temp file."""
    ensure_private_dir(directory)
    return _write_temp(directory, "stage", data)


def create_exclusive(path: Path, data: bytes, *, staged: Path | None = None) -> None:
    """Create a new file with ``data``; fail with FileExistsError if ``path`` exists.

    The content is complete before the name appears (temp file + hard link), so a reader
    never sees a half-written file and an existing file is never replaced. ``staged``: a temp
    file from :func:`stage_bytes` holding ``data`` already (linked, left for the caller).
    """
    directory = path.parent
    ensure_private_dir(directory)
    _notify(path)
    if staged is not None:
        try:
            os.link(staged, path)
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise
            staged = None  # staged on another file system (cache/ moved elsewhere): write here
        else:
            _fsync_dir(directory)
            return
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
    _notify(path)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except OSError as exc:
        _name_file(exc, path)
        raise
    finally:
        os.close(fd)


_TEMP_PID = re.compile(r"\.(\d+)\.[A-Za-z0-9_]+\.tmp$")


def is_temp_name(name: str) -> bool:
    return name.startswith(".") and name.endswith(".tmp")


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


def cleanup_temp_files(directory: Path, *, only_dead: bool = True) -> int:
    """Remove temp files left by a killed writer (``.name.<pid>.xxxx.tmp``). Returns how many.

    With ``only_dead`` (the default) a temp file whose writer is still running is left alone;
    one without a pid in its name (an older MyLife) counts as dead. Temp files never replaced
    anything, so removing them loses nothing."""
    removed = 0
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    for entry in entries:
        if not is_temp_name(entry.name):
            continue
        match = _TEMP_PID.search(entry.name)
        if only_dead and match and _pid_alive(int(match.group(1))):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed += 1
    return removed

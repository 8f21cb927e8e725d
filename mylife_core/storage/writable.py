"""A file or folder MyLife cannot write: why, in the user's words, and what a reader does then.

Two kinds of write fail for reasons outside MyLife (permission denied, a read-only file system,
a full disk or an exhausted quota):

* a write the command exists for (``record``, ``profile set``, ``init``): the command stops with
  :class:`~mylife_core.errors.NotWritable`, naming the path and the reason (exit 12). The CLI's
  error boundary turns any ``OSError`` of those kinds into one (:func:`error_from`), so no such
  failure is reported as a bug; MyLife's writes are atomic (``storage.atomic``), so a failed one
  leaves the files as they were.
* a write of derived data under ``cache/`` (the claims index, the search index, the workspace
  lock a reader takes): a command that only reads goes on without it, from the workspace's
  own files, and says so once on stderr (:func:`note_read_around`).

A command whose output points at what it will write (``ask`` names the chain it records) checks
first, without writing (:func:`require`, from :func:`probe`), and stops before showing anything.

SQLite does not name the file it could not write; its error is recognised here by its code
(:func:`sqlite_reason`) and the caller, which knows the file, names it.
"""

from __future__ import annotations

import atexit
import errno
import os
import shutil
import sys
import tempfile
from pathlib import Path

#: errno -> reason (the ``reason`` of :class:`~mylife_core.errors.NotWritable`)
_ERRNO_REASONS = {errno.EACCES: "permission", errno.EPERM: "permission", errno.EROFS: "read_only",
                  errno.ENOSPC: "disk_full"}
if hasattr(errno, "EDQUOT"):
    _ERRNO_REASONS[errno.EDQUOT] = "quota"

# SQLite's primary result codes for "cannot write here": no permission, read-only, an I/O error
# (a full disk met while growing the WAL's shared memory), full, cannot open
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 3, 8, 10, 13, 14

_noted: set[str] = set()


def reason_of(exc: BaseException) -> str | None:
    """``permission`` | ``read_only`` | ``disk_full`` | ``quota`` when ``exc`` is an ``OSError``
    saying a write was refused for one of those reasons, else None."""
    if isinstance(exc, OSError):
        return _ERRNO_REASONS.get(exc.errno or 0)
    return None


def sqlite_reason(exc: BaseException, path: Path | str) -> str | None:
    """The reason SQLite could not open or write ``path`` (``exc`` an ``OperationalError``), found
    by looking at the folder (:func:`probe`); None when ``exc`` is another kind of error or the
    folder looks writable (then it is not a matter of permission or space: an I/O error on a
    healthy disk stays what it is)."""
    import sqlite3

    if not isinstance(exc, sqlite3.OperationalError):
        return None
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        if code & 0xFF not in (_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN):
            return None
    else:  # pragma: no cover - Python 3.10
        text = str(exc).lower()
        if not any(w in text for w in ("unable to open", "readonly", "read-only", "disk", "permission")):
            return None
    return probe(path) or ("disk_full" if code is not None and code & 0xFF == _SQLITE_FULL else None)


def probe(path: Path | str) -> str | None:
    """Why ``path`` (a file or a folder, existing or to be created) cannot be written, found
    without writing: its nearest existing folder is on a read-only file system, is not writable
    by this user, or has no free space. None when none of these holds."""
    folder = Path(path)
    while not folder.is_dir():
        if folder.parent == folder:
            return None
        folder = folder.parent
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):  # pragma: no cover - no statvfs (Windows)
        st = None
    if st is not None and st.f_flag & getattr(os, "ST_RDONLY", 1):
        return "read_only"
    target = Path(path)
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        return "permission"
    if st is not None and (st.f_bfree if hasattr(os, "geteuid") and os.geteuid() == 0 else st.f_bavail) == 0:
        return "disk_full"  # (root may use the blocks reserved for it)
    return None


def require(paths: list[Path | str], *, instead: tuple[str, dict] | None = None) -> None:
    """Refuse up front (:class:`~mylife_core.errors.NotWritable`, exit 12, the first such path
    named) a write of ``paths`` that :func:`probe` finds cannot be made: for a command whose
    output points at what it writes (``ask``'s chain), checked before anything is shown.
    ``instead``: a message (key, params) saying what works without the write."""
    from ..errors import NotWritable

    for path in paths:
        reason = probe(path)
        if reason is not None:
            raise NotWritable(path, reason, instead=instead)


def error_from(exc: BaseException, path: Path | str | None = None):
    """The :class:`~mylife_core.errors.NotWritable` for ``exc``, else None: an ``OSError`` of one
    of the kinds above names its own file (``path`` when it names none: a write to an open
    file); SQLite's error names none, so ``path`` is the file or folder it was opening."""
    from ..errors import NotWritable

    reason = reason_of(exc)
    if reason is not None:
        where = getattr(exc, "filename", None) or path
    else:
        reason = sqlite_reason(exc, path) if path is not None else None
        where = path
    if reason is None or where is None:
        return None
    where = Path(where)
    if where.name.startswith(".") and not os.path.lexists(where):  # a temp file or folder MyLife made up
        where = where.parent
    return NotWritable(where, reason)


def note_read_around(path: Path | str, reason: str, message: str = "writable.read_around") -> None:
    """Say once per process, on stderr, that the derived data at ``path`` cannot be written and
    the command goes on without writing it (``message``: ``writable.read_around``, a temporary
    copy is used; ``writable.read_unlocked``, the workspace lock is not taken)."""
    from ..messages import t

    key = f"{message}:{path}"
    if key in _noted:
        return
    _noted.add(key)
    sys.stderr.write(t(message, path=str(path), why=t(f"writable.why.{reason}")) + "\n")
    sys.stderr.flush()


def temporary_copy(folder: Path) -> Path:
    """A private temporary copy of the derived folder ``folder`` (made 0700, removed when the
    process ends), for a reader to use and bring up to date where ``folder`` cannot be written;
    an empty folder when there is nothing to copy. Lock files are not copied."""
    base = Path(tempfile.mkdtemp(prefix="mylife-cache-"))
    atexit.register(shutil.rmtree, base, True)
    copy = base / folder.name
    try:
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("*.lock"))
    except OSError:  # missing or unreadable: start from nothing (a half copy is thrown away)
        shutil.rmtree(copy, ignore_errors=True)
        copy.mkdir(mode=0o700)
    return copy

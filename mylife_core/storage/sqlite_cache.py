"""Derived SQLite files (the claims index, an external store's mirror): any number of processes
may open one at the same moment, and one is thrown away only when it is damaged.

Both rules come from the kill -9 torture run under load (``bench/torture.py``):

* Two processes opening a fresh file both read ``user_version`` 0 and both dropped and created
  the tables: the second failed ("table shards already exists") or dropped the first one's rows.
  :func:`ensure_schema` decides and creates inside one ``BEGIN IMMEDIATE`` transaction.
* "database is locked" is an ``OperationalError``, a kind of ``DatabaseError``, and was taken for
  damage: the file was deleted while another process had it open. The two then wrote to two
  different files, each blind to the other's commits, and a writer took a claim id that was
  already used. :func:`is_damaged` says yes only for a file SQLite calls corrupt or not a
  database.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import sqlite3

# SQLite's primary result codes: another connection has the file; the file is not a sound database
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26


def wait_seconds() -> float:
    """How long a statement waits for another process's write before "database is locked": as
    long as a write waits for the workspace lock (``MYLIFE_LOCK_TIMEOUT``, default 60 s)."""
    from ..workspace import lock_timeout

    return lock_timeout()


def connect(path: Path, *, check_same_thread: bool = True, timeout: float | None = None) -> "sqlite3.Connection":
    """Open (creating it private, 0600) the cache file ``path`` in WAL mode, autocommit, waiting
    up to :func:`wait_seconds` (or ``timeout``) for another process's write."""
    import sqlite3  # here, not at the top: callers are imported by every command

    if not path.exists():  # SQLite gives its -wal/-shm files the same mode
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    timeout = wait_seconds() if timeout is None else timeout
    conn = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=check_same_thread)
    # switching a fresh file to WAL needs it to itself, and SQLite answers "locked" at once
    # rather than waiting like other statements: retried here, for as long as they would wait
    deadline = time.monotonic() + timeout
    delay = 0.005
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() + delay > deadline:
                conn.close()
                raise
            time.sleep(delay)
            delay = min(delay * 2, 0.1)
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite saying another connection has the file (busy or locked)."""
    import sqlite3

    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)  # pragma: no cover - Python 3.10


def ensure_schema(conn: "sqlite3.Connection", version: int, *, reset: Sequence[str], always: Sequence[str] = (),
                  ready: Callable[["sqlite3.Connection"], bool] | None = None) -> bool:
    """Bring ``conn``'s file to schema ``version``: when ``user_version`` differs, run ``reset``
    (drop and create) and set it; run the idempotent ``always`` statements (``IF NOT EXISTS``)
    whenever ``ready`` says something is missing. Returns True when the tables were (re)made.

    The common case (the file fits) is two reads and takes no write lock; otherwise the check is
    repeated inside ``BEGIN IMMEDIATE``, so of several processes opening at once exactly one
    creates and the others find it made."""

    def fits() -> bool:
        return conn.execute("PRAGMA user_version").fetchone()[0] == version and (ready is None or ready(conn))

    if fits():
        return False
    conn.execute("BEGIN IMMEDIATE")
    try:
        made = conn.execute("PRAGMA user_version").fetchone()[0] != version
        if made:
            for statement in reset:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={int(version)}")
        for statement in always:
            conn.execute(statement)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return made


def open_with_schema(path: Path, version: int, *, reset: Sequence[str], always: Sequence[str] = (),
                     ready: Callable[["sqlite3.Connection"], bool] | None = None, check_same_thread: bool = True,
                     timeout: float | None = None) -> tuple["sqlite3.Connection", bool]:
    """:func:`connect` to ``path`` and :func:`ensure_schema` it: the connection and whether the
    tables were (re)made. A connection that cannot be brought to the schema (the file busy past the
    wait, damaged) is closed before the error is raised: none is left half open, holding the file
    while the error is handled (and after it, for as long as anything keeps the traceback)."""
    conn = connect(path, check_same_thread=check_same_thread, timeout=timeout)
    try:
        made = ensure_schema(conn, version, reset=reset, always=always, ready=ready)
    except BaseException:
        conn.close()
        raise
    return conn, made


def is_damaged(exc: BaseException) -> bool:
    """Whether ``exc`` says the file itself is broken (corrupt, or not a database), as opposed
    to busy, locked, read-only or out of space, which deleting the file would not mend."""
    import sqlite3

    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(exc).lower()  # pragma: no cover - Python 3.10
    return "malformed" in text or "not a database" in text or "corrupt" in text


def private_copy(path: Path, *, check_same_thread: bool = True) -> "sqlite3.Connection":
    """A private temporary database (SQLite deletes it on close) holding what the cache file at
    ``path`` holds, when that can be read: a reader's stand-in for a cache it cannot write
    (:mod:`mylife_core.storage.writable`). The file is read as it stands (``immutable``: no lock,
    no journal to write), so a write still in its WAL is missed; callers check their copy against
    the files, as they do the cache itself, and an unreadable file gives an empty copy."""
    import sqlite3

    conn = sqlite3.connect("", isolation_level=None, check_same_thread=check_same_thread)
    try:
        source = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            source.backup(conn)
        finally:
            source.close()
    except sqlite3.Error:  # missing, unreadable or damaged: start from nothing
        conn.close()
        conn = sqlite3.connect("", isolation_level=None, check_same_thread=check_same_thread)
    return conn


def copy_instead(path: Path, exc: BaseException, stale: "sqlite3.Connection | None", *,
                 check_same_thread: bool = True) -> "sqlite3.Connection":
    """The stand-in for the cache at ``path`` that could not be opened because of ``exc``: when
    ``exc`` says ``cache/`` cannot be written (read-only, no permission, full), the connection
    half opened (``stale``) is closed and a private copy (:func:`private_copy`) takes its place,
    said once on stderr (:func:`~mylife_core.storage.writable.note_read_around`); any other error
    is raised again. The cache is derived, so a reader's copy stands in; a write to the layer
    files themselves still fails there, with the reason."""
    from . import writable

    reason = writable.reason_of(exc) or writable.sqlite_reason(exc, path)
    if reason is None:
        raise exc
    if stale is not None:
        stale.close()
    writable.note_read_around(path.parent, reason)
    return private_copy(path, check_same_thread=check_same_thread)


def discard(path: Path) -> None:
    """Delete a damaged cache file with its WAL and shared-memory files."""
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)

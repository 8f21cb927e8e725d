"""The builtin ``files`` claim store: plain YAML shards under ``claims/``, one per month.

``claims/2026-01.yaml`` holds the claims whose id date falls in January 2026, as a YAML list
of claim records (docs/design.md#layers). A lifetime (~300,000 claims) stays fast through a derived SQLite index
in ``cache/claims.sqlite``; it is checked against the shards' size and mtime on every open,
re-read for any shard that changed (a hand edit included), and rebuilt if missing or corrupt.
A shard whose size or mtime moved but whose bytes did not (a restored backup, a copy without
``-p``) is recognised by its sha256 and not re-read; a copy with ``cp -a`` keeps both, and the
inode is not part of the key, so a copied workspace does not rebuild.

Adding claims appends their YAML text to the month file (one atomic replace, no parse of the
claims already there); the rebuild reads shards with :mod:`mylife_core.layers.claim_shards`
(the shape MyLife writes, ~10x faster than PyYAML, same result) one month at a time, commits
each month, and shows progress: interrupted, it goes on from the months it had not finished.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mylife_core import hookimpl

if TYPE_CHECKING:  # pragma: no cover
    import sqlite3

    from mylife_core.layers.claims import Claim
    from mylife_core.workspace import Workspace

SCHEMA_VERSION = 2
SHARD_RE = re.compile(r"^(\d{4})-(\d{2})\.yaml$")
HEADER = ("# MyLife L2 claims (docs/design.md#layers). A hand edit (keep the YAML valid) stops MyLife's writes here "
          "until `mylife verify --accept FILE`.\n")
#: the header older MyLife versions wrote: a month file that carries it keeps it (an appended claim
#: leaves the file's bytes before it alone) until MyLife next rewrites the month; it is MyLife's own
#: line, never the user's comment (:func:`mylife_core.integrity.lost_comments`)
OLD_HEADERS = ("# MyLife L2 claims (docs/design.md#layers). Hand edits are allowed; keep the YAML valid.\n",)


@hookimpl(trylast=True)
def register_stores(register):
    register(name="files", factory=FilesStore, description="claims/ 下的 YAML 文件，每月一个（内置）",
             description_en="YAML files under claims/, one per month (builtin)")


class FilesStore:
    name = "files"

    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.dir = ws.root / "claims"
        self.db_path = ws.cache_dir / "claims.sqlite"
        self._conn: sqlite3.Connection | None = None
        self._why: str | None = None  # why a sync has much to do: missing | version | damaged
        #: month files written whose index update found the index held by another process past
        #: the wait: stored and audited, re-read into the index by the next open (``_sync``)
        self.behind: list[str] = []
        #: month files this process wrote that the shared index has not got yet (it was busy):
        #: until it has, a read that finds the index still busy reads a stand-in (:meth:`_stand_in`)
        self._missed: set[str] = set()
        self._standing_in = False  # ``_conn`` is that stand-in, not the shared index

    # -- the derived index -------------------------------------------------------------------
    def _connect(self, timeout: float | None = None) -> sqlite3.Connection:
        from mylife_core.storage import sqlite_cache
        from mylife_core.storage.atomic import ensure_private_dir

        ensure_private_dir(self.db_path.parent)  # cache/ turned into a file: a clear error
        if not self.db_path.exists():
            self._why = self._why or "missing"
        # the content identity of each shard sits beside (not in) the shards table: an older
        # MyLife reading this file still finds the table it knows
        conn, made = sqlite_cache.open_with_schema(self.db_path, SCHEMA_VERSION, reset=_TABLES,
                                                   always=_SECONDARY_INDEXES + _HASHES, ready=_complete,
                                                   timeout=timeout)
        if made:
            self._why = self._why or "version"
        return conn

    @staticmethod
    def _stamp(conn: "sqlite3.Connection", name: str, st: os.stat_result, digest: str | None) -> None:
        """Record what shard ``name`` looked like when indexed (the inode column is kept for
        older readers, and not compared: a copy is not a change)."""
        conn.execute("INSERT OR REPLACE INTO shards(name, mtime_ns, size, ino) VALUES (?,?,?,?)",
                     (name, st.st_mtime_ns, st.st_size, st.st_ino))
        conn.execute("INSERT OR REPLACE INTO shard_hashes(name, sha256) VALUES (?,?)", (name, digest))

    @staticmethod
    def _ensure_indexes(conn: sqlite3.Connection) -> None:
        # `status` counts by status and kind: without these, each count scans every row.
        # (Also re-made on open after a bulk load that dropped them, even an interrupted one.)
        for statement in _SECONDARY_INDEXES:
            conn.execute(statement)

    @property
    def db(self) -> sqlite3.Connection:
        if self._standing_in:
            self._back_to_index()
        if self._conn is None:
            import sqlite3

            from mylife_core.storage import sqlite_cache

            try:
                self._open()
            except (sqlite3.OperationalError, OSError) as exc:
                if self._missed and sqlite_cache.is_busy(exc):
                    # a write of this process stood with the index busy (and said so), and the
                    # index is busy still: what follows in the same command (its output, a
                    # conflict search, the next write) reads the month files, not exit 6
                    self._conn = self._stand_in(sqlite_cache.private_copy(self.db_path))
                    self._standing_in = True
                    return self._conn
                # cache/ cannot be written: a private copy of the index stands in, brought up to
                # date from claims/; a write to the claims themselves still fails, on the shard
                self._conn = self._stand_in(sqlite_cache.copy_instead(self.db_path, exc, self._conn))
        return self._conn

    def _stand_in(self, conn: sqlite3.Connection) -> sqlite3.Connection:
        """``conn`` (a private copy of the index, :func:`~mylife_core.storage.sqlite_cache.private_copy`)
        brought up to date from the month files (the truth): read as the index would be."""
        from mylife_core.storage import sqlite_cache

        try:
            sqlite_cache.ensure_schema(conn, SCHEMA_VERSION, reset=_TABLES, always=_SECONDARY_INDEXES + _HASHES,
                                       ready=_complete)
            self._sync(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _back_to_index(self) -> None:
        """Reading a stand-in for the busy index (:attr:`_missed`): the shared index again as soon
        as it is free, tried without waiting (it is re-read from the months it missed then)."""
        import sqlite3

        from mylife_core.storage import sqlite_cache

        stand_in, self._conn = self._conn, None
        try:
            self._open(timeout=0)
        except sqlite3.OperationalError as exc:
            if sqlite_cache.is_busy(exc):
                # busy still: the stand-in goes on, in line with the month files as they are now
                self._conn = stand_in
                self._sync(stand_in)
                return
            stand_in.close()
            self._standing_in = False
            raise
        except BaseException:
            stand_in.close()
            self._standing_in = False
            raise
        stand_in.close()
        self._standing_in = False
        # the statements that follow wait for another process's write as long as any
        self._conn.execute(f"PRAGMA busy_timeout={int(sqlite_cache.wait_seconds() * 1000)}")

    def _open(self, timeout: float | None = None) -> None:
        import sqlite3

        from mylife_core.storage import sqlite_cache

        try:
            try:
                self._conn = self._connect(timeout)
                self._sync(self._conn)
            except sqlite3.DatabaseError as exc:
                # the index is a cache: a corrupt file is thrown away and rebuilt from claims/
                # (only a corrupt one: a busy file is in use by another process)
                if not sqlite_cache.is_damaged(exc):
                    raise
                if self._conn is not None:
                    self._conn.close()
                    self._conn = None
                sqlite_cache.discard(self.db_path)
                self._why = "damaged"
                self._conn = self._connect(timeout)
                self._sync(self._conn)
            self._missed.clear()  # in line with the files again: nothing of this process missing
        except BaseException:
            # not brought up to the files (a month file broken by hand, a busy index): no
            # connection is kept, so the next read tries again and says why, instead of
            # answering from the index as it was
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            raise

    def sync_index(self) -> None:
        """Re-read shards that changed since this connection last looked (crash recovery: a writer
        killed between a shard's write and its index update left the index behind)."""
        self._sync(self.db)

    def _shard_files(self) -> dict[str, os.stat_result]:
        out = {}
        if self.dir.is_dir():
            for entry in os.scandir(self.dir):
                if SHARD_RE.match(entry.name):
                    out[entry.name] = entry.stat()
        return out

    def _sync(self, conn: sqlite3.Connection) -> None:
        """Bring the index in line with the shard files (only changed shards are re-read)."""
        on_disk = self._shard_files()
        known = {row[0]: row[1:] for row in conn.execute(
            "SELECT s.name, s.mtime_ns, s.size, h.sha256 FROM shards s LEFT JOIN shard_hashes h ON h.name = s.name")}
        changed: list[str] = []
        restamp: list[tuple[str, os.stat_result]] = []
        for name, st in on_disk.items():
            was = known.get(name)
            if was is not None and (was[0], was[1]) == (st.st_mtime_ns, st.st_size):
                continue
            if was is not None and was[2] and was[1] == st.st_size and _sha256_file(self.dir / name) == was[2]:
                restamp.append((name, st))  # same bytes, new mtime (a restore, a copy): no re-read
                continue
            changed.append(name)
        removed = [name for name in known if name not in on_disk]
        if not changed and not removed and not restamp:
            return
        with _transaction(conn):
            for name in removed:
                conn.execute("DELETE FROM claims WHERE shard=?", (name,))
                conn.execute("DELETE FROM shards WHERE name=?", (name,))
                conn.execute("DELETE FROM shard_hashes WHERE name=?", (name,))
            for name, st in restamp:
                conn.execute("UPDATE shards SET mtime_ns=?, size=? WHERE name=?", (st.st_mtime_ns, st.st_size, name))
        if changed:
            self._reindex(conn, sorted(changed), on_disk, known)

    def _reindex(self, conn: sqlite3.Connection, changed: list[str], on_disk: dict[str, os.stat_result],
                 known: dict[str, tuple]) -> None:
        """Re-read ``changed`` shards a month at a time (memory stays at one month's claims),
        committing every ~20,000 claims: an interrupted rebuild keeps what it committed, and the
        next open re-reads only the rest. A big one says why it happens and shows progress on a
        terminal."""
        from mylife_core.messages import t
        from mylife_core.progress import progress

        big = len(changed) >= BIG_SYNC
        if big:
            sys.stderr.write(_why_line(self._why, len(changed), len(on_disk), self.db_path) + "\n")
            sys.stderr.flush()
        # an (almost) empty table fills fastest without its secondary indexes: made once at the end
        bulk = big and not any(n in known for n in changed) and \
            conn.execute("SELECT count(*) FROM shards").fetchone()[0] < len(changed) // 10
        if bulk:
            conn.executescript(_DROP_SECONDARY_INDEXES)
            conn.execute("PRAGMA cache_size=-65536")  # sorting for the indexes at the end
            conn.execute("PRAGMA temp_store=MEMORY")
        with progress(len(changed), label=t("claims.index_label"), enabled=big) as bar:
            pending = 0
            conn.execute("BEGIN IMMEDIATE")
            try:
                for name in changed:
                    # what another process indexed while this one waited for the write lock
                    # (a reader opening the index, a writer's own update) is read again here,
                    # inside the transaction, where it cannot move
                    now = conn.execute("SELECT mtime_ns, size FROM shards WHERE name=?", (name,)).fetchone()
                    claims, digest = self._load_shard(self.dir / name)
                    st = on_disk[name]
                    if name in known or now is not None:
                        conn.execute("DELETE FROM claims WHERE shard=?", (name,))
                        conn.execute("DELETE FROM shards WHERE name=?", (name,))
                    self._index_rows(conn, name, claims)
                    self._stamp(conn, name, st, digest)
                    pending += len(claims) + 1
                    if pending >= COMMIT_EVERY:
                        conn.execute("COMMIT")
                        conn.execute("BEGIN IMMEDIATE")
                        pending = 0
                    bar.update(1)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            if bulk:
                bar.label(t("claims.index_finishing"))
                self._ensure_indexes(conn)
        self._why = None

    def _index_rows(self, conn: sqlite3.Connection, shard: str, claims: list["Claim"], *, own: bool = False) -> None:
        """Insert ``claims`` of month ``shard``; an id already indexed is a duplicate in the files
        (a clear error naming file and line), unless ``own``: rows this writer just appended, which
        a concurrent reader may have indexed from the file already (they are replaced)."""
        from mylife_core.errors import DataFileError
        from mylife_core.messages import t

        rows = []
        for c in claims:
            day, seq = _day_seq(c.id)
            rows.append((c.id, shard, c.topic, c.kind, c.status, c.occurred_at.isoformat(),
                         day or c.occurred_at.isoformat(), seq, c.model_dump_json()))
        import sqlite3

        verb = "INSERT OR REPLACE" if own else "INSERT"
        try:
            conn.executemany(f"{verb} INTO claims VALUES (?,?,?,?,?,?,?,?,?)", rows)
        except sqlite3.IntegrityError:
            seen: set[str] = set()
            for c in claims:
                other = conn.execute("SELECT shard FROM claims WHERE id=?", (c.id,)).fetchone()
                if c.id in seen or other:
                    where = other[0] if other else shard
                    raise DataFileError(self.dir / shard, _line_of_id(self.dir / shard, c.id),
                                        t("bad_file.duplicate_claim_id", id=c.id, other=where)) from None
                seen.add(c.id)
            raise

    def _read_shard(self, path: Path) -> list["Claim"]:
        return self._load_shard(path)[0]

    def _load_shard(self, path: Path) -> tuple[list["Claim"], str | None]:
        """The claims of one month file and the sha256 of its bytes.

        The fast reader handles the shape MyLife writes; anything else (a hand edit in another
        style, a value of the wrong type) goes through PyYAML and pydantic as always, so errors
        name the file and line."""
        from pydantic import ValidationError

        from mylife_core.layers import claim_shards
        from mylife_core.storage import yamlfile

        adapter = _claims_adapter()
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return [], None
        digest = hashlib.sha256(data).hexdigest()
        try:
            items = claim_shards.parse_bytes(data, _claim_fields())
            return adapter.validate_python(items), digest
        except (claim_shards.Unsupported, ValidationError):
            return yamlfile.load(path, adapter, default=[]), digest

    def _write_shard(self, name: str, claims: list["Claim"]) -> None:
        from mylife_core.storage import yamlfile

        path = self.dir / name
        claims.sort(key=lambda c: (c.occurred_at, c.id))
        text = HEADER + yamlfile.dumps([c.model_dump(mode="python", exclude_none=False) for c in claims])
        self._store_text(name, text, claims, replace=True)

    def _store_text(self, name: str, text: str, claims: list["Claim"], *, replace: bool) -> None:
        """Write month file ``name`` atomically and index ``claims`` (all of the month's when
        ``replace``, else only the new ones appended)."""
        from mylife_core.storage.atomic import atomic_write_bytes

        import sqlite3

        from mylife_core.storage.sqlite_cache import is_busy

        path = self.dir / name
        data = text.encode("utf-8")
        atomic_write_bytes(path, data)
        if self.behind and not self._standing_in:
            # the index was busy for an earlier month of this write: not waited for again
            self.behind.append(name)
            self._missed.add(name)
            return
        st = path.stat()
        conn = self.db
        try:
            with _transaction(conn):
                if replace:
                    conn.execute("DELETE FROM claims WHERE shard=?", (name,))
                # appended claims were checked absent under the lock; one found now was indexed from
                # this very file by a process that opened the index between the write and here
                self._index_rows(conn, name, claims, own=not replace)
                self._stamp(conn, name, st, hashlib.sha256(data).hexdigest())
        except sqlite3.OperationalError as exc:
            # the month file (the truth) is written; only the derived index is held by another
            # process past the wait. The write stands (the caller audits it) and the index keeps
            # its old stamp of this month, so the next open re-reads the month (_sync): the
            # connection is dropped for exactly that. The caller says so (``behind``).
            if not is_busy(exc):
                raise
            self.close()
            self.behind.append(name)
            self._missed.add(name)
            return
        if self._standing_in:  # indexed in the stand-in only: the shared index still lacks it
            self.behind.append(name)
            self._missed.add(name)

    @staticmethod
    def shard_of(claim: "Claim") -> str:
        from mylife_core.layers.claims import id_day

        day = id_day(claim.id) or claim.occurred_at
        return f"{day.year:04d}-{day.month:02d}.yaml"

    def paths_for(self, claim: "Claim") -> list[str]:
        return [f"claims/{self.shard_of(claim)}"]

    # -- ClaimStore ----------------------------------------------------------------------------
    def add(self, claims: list["Claim"]) -> None:
        from mylife_core.layers.claims import IdTaken

        self.behind = []
        groups: dict[str, list[Claim]] = {}
        for c in claims:
            groups.setdefault(self.shard_of(c), []).append(c)
        conn = self.db  # a bad shard stops the write before anything is written
        # ids are unique: once in line with the files (the caller holds the lock, so they stay
        # put), the index knows every stored one. Synced here, not only when a month file looks
        # changed: a writer killed between its file and its index left the index behind.
        self._sync(conn)
        for name, new in groups.items():
            seen: set[str] = set()
            for c in new:
                if c.id in seen or conn.execute("SELECT 1 FROM claims WHERE id=?", (c.id,)).fetchone():
                    raise ValueError(f"claim id {c.id} already exists")
                seen.add(c.id)
        texts: dict[str, str | None] = {}
        for name, new in groups.items():  # every month checked before any is written
            texts[name] = existing = self._text(name)
            taken = _ids_in_text(existing, [c.id for c in new]) if existing else []
            if taken:
                # the index missed claims its month file holds (it said the ids were free):
                # re-read that month and write nothing; the caller takes the next free ids
                self._reindex(conn, [name], self._shard_files(), {name: ()})
                raise IdTaken(f"claim id {taken[0]} already exists in claims/{name}")
        for name, new in sorted(groups.items()):
            self._append(name, new, texts[name])

    def _text(self, name: str) -> str | None:
        try:
            return (self.dir / name).read_bytes().decode("utf-8")
        except FileNotFoundError:
            return None
        except UnicodeDecodeError:
            return ""  # cannot be: the sync read it; the full path reports it

    def _append(self, name: str, new: list["Claim"], existing: str | None) -> None:
        """Add ``new`` to month ``name`` (whose text is ``existing``, None when there is no file
        yet) by appending their YAML to the file's bytes: the claims already there are neither
        parsed nor re-dumped (a write pays for what it writes)."""
        from mylife_core.layers import claim_shards
        from mylife_core.storage import yamlfile

        path = self.dir / name
        new = sorted(new, key=lambda c: (c.occurred_at, c.id))
        addition = yamlfile.dumps([c.model_dump(mode="python", exclude_none=False) for c in new])
        if existing is None:
            self._store_text(name, HEADER + addition, new, replace=True)
            return
        text = claim_shards.append_text(existing, addition)
        if text is None:  # not a plain block list (hand-edited style, empty list): rewrite it
            self._write_shard(name, self._read_shard(path) + new)
            return
        self._store_text(name, text, new, replace=False)

    def update(self, claim: "Claim") -> None:
        self.behind = []
        name = self.shard_of(claim)
        self.db
        existing = self._read_shard(self.dir / name)
        for i, c in enumerate(existing):
            if c.id == claim.id:
                existing[i] = claim
                break
        else:
            raise KeyError(claim.id)
        self._write_shard(name, existing)

    def get(self, claim_id: str) -> "Claim | None":
        from mylife_core.layers.claims import Claim

        row = self.db.execute("SELECT json FROM claims WHERE id=?", (claim_id,)).fetchone()
        return Claim.model_validate_json(row[0]) if row else None

    def query(self, *, topic: str | None = None, kind: str | None = None, status: str | None = None,
              since: date | None = None, until: date | None = None, limit: int | None = None,
              newest_first: bool = False) -> list["Claim"]:
        from mylife_core.layers.claims import Claim

        from mylife_core.storage.claims_sql import select_claims

        sql, args = select_claims(topic=topic, kind=kind, status=status, since=since, until=until, limit=limit,
                                  newest_first=newest_first)
        return [Claim.model_validate_json(r[0]) for r in self.db.execute(sql, args)]

    def iter_all(self) -> Iterator["Claim"]:
        from mylife_core.layers.claims import Claim

        for (raw,) in self.db.execute("SELECT json FROM claims ORDER BY occurred_at, day, seq"):
            yield Claim.model_validate_json(raw)

    def iter_search_fields(self) -> Iterator[tuple[str, str, str, str | None, str, str, str | None, str]]:
        """``(id, topic, claim, context, kind, status, provenance, occurred_at)`` of every claim
        in ``iter_all`` order, read by SQLite's JSON functions: the search index build needs
        these eight fields, not a validated model per claim."""
        sql = ("SELECT id, topic, json_extract(json, '$.claim'), json_extract(json, '$.context'), kind, status, "
               "json_extract(json, '$.provenance'), occurred_at FROM claims ORDER BY occurred_at, day, seq")
        import sqlite3

        try:
            cursor = self.db.execute(sql)
        except sqlite3.OperationalError:  # an SQLite without JSON functions
            for c in self.iter_all():
                yield (c.id, c.topic, c.claim, c.context, c.kind, c.status, c.provenance, c.occurred_at.isoformat())
            return
        yield from cursor

    def ids_on(self, day: date) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM claims WHERE day=?", (day.isoformat(),))]

    def counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for column in ("status", "kind", "topic"):
            out[column] = dict(self.db.execute(f"SELECT {column}, count(*) FROM claims GROUP BY {column}").fetchall())
        return out

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self._standing_in = False


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back on any error (the connection is in
    autocommit mode, ``isolation_level=None``)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


BIG_SYNC = 24  # months re-read at once before the sync says why and shows progress

_TABLES = (
    "DROP TABLE IF EXISTS shards", "DROP TABLE IF EXISTS claims",
    "CREATE TABLE shards(name TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER, ino INTEGER)",
    "CREATE TABLE claims(id TEXT PRIMARY KEY, shard TEXT NOT NULL, topic TEXT, kind TEXT, status TEXT, "
    "occurred_at TEXT, day TEXT, seq INTEGER, json TEXT)",
)
_INDEXES = {  # the claims table's secondary indexes: name -> columns
    "claims_topic": "topic, occurred_at, id",
    "claims_day": "day, seq",
    "claims_shard": "shard",
    "claims_order": "occurred_at, id",
    "claims_status": "status",
    "claims_kind": "kind",
}
_SECONDARY_INDEXES = tuple(f"CREATE INDEX IF NOT EXISTS {name} ON claims({columns})"
                           for name, columns in _INDEXES.items())
_HASHES = ("CREATE TABLE IF NOT EXISTS shard_hashes(name TEXT PRIMARY KEY, sha256 TEXT)",)


def _complete(conn: "sqlite3.Connection") -> bool:
    """Whether the secondary indexes and the hashes table are all there (a bulk load drops the
    indexes; one interrupted leaves them missing)."""
    wanted = (*_INDEXES, "shard_hashes")
    marks = ",".join("?" * len(wanted))
    found = conn.execute(f"SELECT count(*) FROM sqlite_master WHERE name IN ({marks})", wanted).fetchone()[0]
    return found == len(wanted)


_DROP_SECONDARY_INDEXES = "".join(f"DROP INDEX IF EXISTS {name};" for name in _INDEXES)

COMMIT_EVERY = 20_000  # claims a cold rebuild writes between commits

_DAYS: dict[str, Any] = {}


def _day_seq(claim_id: str) -> tuple[str | None, int]:
    """The id's day (ISO, None when not a date) and sequence number, as ``id_day``/``id_seq``
    give them, the day computed once per distinct day."""
    from mylife_core.layers.claims import ID_RE, id_day

    match = ID_RE.match(claim_id)
    if match is None:
        return None, 0
    prefix = claim_id[:16]  # "claim-YYYY-MM-DD"
    day = _DAYS.get(prefix, _DAYS)
    if day is _DAYS:
        parsed = id_day(claim_id)
        day = _DAYS[prefix] = parsed.isoformat() if parsed else None
    return day, int(match.group(4))  # type: ignore[return-value]


_ADAPTER = None
_FIELDS: frozenset[str] | None = None


def _claims_adapter():
    global _ADAPTER
    if _ADAPTER is None:
        from pydantic import TypeAdapter

        from mylife_core.layers.claims import Claim

        _ADAPTER = TypeAdapter(list[Claim])
    return _ADAPTER


def _claim_fields() -> frozenset[str]:
    global _FIELDS
    if _FIELDS is None:
        from mylife_core.layers.claims import Claim

        _FIELDS = frozenset(Claim.model_fields)
    return _FIELDS


def _sha256_file(path: Path) -> str | None:
    try:
        with open(path, "rb") as fh:
            if hasattr(hashlib, "file_digest"):
                return hashlib.file_digest(fh, "sha256").hexdigest()
            return hashlib.sha256(fh.read()).hexdigest()  # pragma: no cover - Python < 3.11
    except OSError:
        return None


def _why_line(why: str | None, changed: int, total: int, db_path: Path) -> str:
    """One line saying why the claims index is being (re)built, and that it may be interrupted."""
    from mylife_core.messages import t

    reason = t(f"claims.index_why.{why}") if why else t("claims.index_why.changed", n=changed)
    return t("claims.index_why", reason=reason, months=changed, total=total, db=db_path.name)


def _ids_in_text(text: str, ids: list[str]) -> list[str]:
    """Those of ``ids`` that a month file's text already holds as an ``id:`` line."""
    if not ids:
        return []
    pattern = re.compile(r"^\s*(?:-\s+)?id:\s*['\"]?(" + "|".join(map(re.escape, ids)) + r")\b", re.M)
    return sorted({m.group(1) for m in pattern.finditer(text)})


def _line_of_id(path: Path, claim_id: str) -> int | None:
    try:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(rf"\bid:\s*['\"]?{re.escape(claim_id)}\b", line):
                return number
    except OSError:
        return None
    return None

"""The builtin ``files`` claim store: plain YAML shards under ``claims/``, one per month.

``claims/2026-01.yaml`` holds the claims whose id date falls in January 2026, as a YAML list
of seed §3.2 records. A lifetime (~300,000 claims) stays fast through a derived SQLite index
in ``cache/claims.sqlite``; it is checked against the shards' size/mtime/inode on every open,
re-read for any shard that changed (a hand edit included), and rebuilt if missing or corrupt.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mylife_core import hookimpl

if TYPE_CHECKING:  # pragma: no cover
    from mylife_core.layers.claims import Claim
    from mylife_core.workspace import Workspace

SCHEMA_VERSION = 2
SHARD_RE = re.compile(r"^(\d{4})-(\d{2})\.yaml$")
HEADER = "# MyLife L2 claims (seed §3.2). Hand edits are allowed; keep the YAML valid.\n"


@hookimpl(trylast=True)
def register_stores(register):
    register(name="files", factory=FilesStore, description="YAML files under claims/, one per month (builtin)")


class FilesStore:
    name = "files"

    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.dir = ws.root / "claims"
        self.db_path = ws.cache_dir / "claims.sqlite"
        self._conn: sqlite3.Connection | None = None

    # -- the derived index -------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        from mylife_core.storage.atomic import ensure_private_dir

        ensure_private_dir(self.db_path.parent)  # cache/ turned into a file: a clear error
        if not self.db_path.exists():  # SQLite gives its -wal/-shm files the same mode
            os.close(os.open(self.db_path, os.O_WRONLY | os.O_CREAT, 0o600))
        conn = sqlite3.connect(self.db_path, timeout=30, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            conn.executescript("""
                DROP TABLE IF EXISTS shards; DROP TABLE IF EXISTS claims;
                CREATE TABLE shards(name TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER, ino INTEGER);
                CREATE TABLE claims(id TEXT PRIMARY KEY, shard TEXT NOT NULL, topic TEXT, kind TEXT,
                                    status TEXT, occurred_at TEXT, day TEXT, seq INTEGER, json TEXT);
                CREATE INDEX claims_topic ON claims(topic, occurred_at, id);
                CREATE INDEX claims_day ON claims(day, seq);
                CREATE INDEX claims_shard ON claims(shard);
                CREATE INDEX claims_order ON claims(occurred_at, id);
            """)
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        # `status` counts by status and kind: without these, each count scans every row.
        conn.executescript("""
            CREATE INDEX IF NOT EXISTS claims_status ON claims(status);
            CREATE INDEX IF NOT EXISTS claims_kind ON claims(kind);
        """)
        return conn

    @property
    def db(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self._conn = self._connect()
                self._sync(self._conn)
            except sqlite3.DatabaseError:
                # the index is a cache: a corrupt file is thrown away and rebuilt from claims/
                if self._conn is not None:
                    self._conn.close()
                for suffix in ("", "-wal", "-shm"):
                    Path(str(self.db_path) + suffix).unlink(missing_ok=True)
                self._conn = self._connect()
                self._sync(self._conn)
        return self._conn

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
        known = {row[0]: row[1:] for row in conn.execute("SELECT name, mtime_ns, size, ino FROM shards")}
        changed = [name for name, st in on_disk.items()
                   if known.get(name) != (st.st_mtime_ns, st.st_size, st.st_ino)]
        removed = [name for name in known if name not in on_disk]
        if not changed and not removed:
            return
        if removed:
            with _transaction(conn):
                for name in removed:
                    conn.execute("DELETE FROM claims WHERE shard=?", (name,))
                    conn.execute("DELETE FROM shards WHERE name=?", (name,))
        # One shard (one month) at a time: memory stays at one month's claims, and an
        # interrupted rebuild keeps what it finished (the next open re-reads only the rest).
        show = _progress(len(changed))
        for done, name in enumerate(sorted(changed), start=1):
            claims = self._read_shard(self.dir / name)
            st = on_disk[name]
            with _transaction(conn):
                conn.execute("DELETE FROM claims WHERE shard=?", (name,))
                conn.execute("DELETE FROM shards WHERE name=?", (name,))
                self._index_rows(conn, name, claims)
                conn.execute("INSERT INTO shards VALUES (?,?,?,?)", (name, st.st_mtime_ns, st.st_size, st.st_ino))
            if show:
                show(done)

    def _index_rows(self, conn: sqlite3.Connection, shard: str, claims: list["Claim"]) -> None:
        from mylife_core.errors import DataFileError
        from mylife_core.layers.claims import id_day, id_seq

        rows = []
        for c in claims:
            day = id_day(c.id) or c.occurred_at
            rows.append((c.id, shard, c.topic, c.kind, c.status, c.occurred_at.isoformat(), day.isoformat(),
                         id_seq(c.id), c.model_dump_json()))
        try:
            conn.executemany("INSERT INTO claims VALUES (?,?,?,?,?,?,?,?,?)", rows)
        except sqlite3.IntegrityError:
            seen: set[str] = set()
            for c in claims:
                other = conn.execute("SELECT shard FROM claims WHERE id=?", (c.id,)).fetchone()
                if c.id in seen or other:
                    where = other[0] if other else shard
                    raise DataFileError(self.dir / shard, _line_of_id(self.dir / shard, c.id),
                                        f"duplicate claim id {c.id} (also in claims/{where})") from None
                seen.add(c.id)
            raise

    def _read_shard(self, path: Path) -> list["Claim"]:
        from pydantic import TypeAdapter

        from mylife_core.layers.claims import Claim
        from mylife_core.storage import yamlfile

        return yamlfile.load(path, TypeAdapter(list[Claim]), default=[])

    def _write_shard(self, name: str, claims: list["Claim"]) -> None:
        from mylife_core.storage import yamlfile

        path = self.dir / name
        claims.sort(key=lambda c: (c.occurred_at, c.id))
        yamlfile.save(path, [c.model_dump(mode="python", exclude_none=False) for c in claims], header=HEADER)
        st = path.stat()
        conn = self.db
        with _transaction(conn):
            conn.execute("DELETE FROM claims WHERE shard=?", (name,))
            self._index_rows(conn, name, claims)
            conn.execute("INSERT OR REPLACE INTO shards VALUES (?,?,?,?)",
                         (name, st.st_mtime_ns, st.st_size, st.st_ino))

    @staticmethod
    def shard_of(claim: "Claim") -> str:
        from mylife_core.layers.claims import id_day

        day = id_day(claim.id) or claim.occurred_at
        return f"{day.year:04d}-{day.month:02d}.yaml"

    def paths_for(self, claim: "Claim") -> list[str]:
        return [f"claims/{self.shard_of(claim)}"]

    # -- ClaimStore ----------------------------------------------------------------------------
    def add(self, claims: list["Claim"]) -> None:
        groups: dict[str, list[Claim]] = {}
        for c in claims:
            groups.setdefault(self.shard_of(c), []).append(c)
        self.db  # sync first: a bad shard stops the write before anything is written
        for name, new in sorted(groups.items()):
            existing = self._read_shard(self.dir / name)
            ids = {c.id for c in existing}
            for c in new:
                if c.id in ids:
                    raise ValueError(f"claim id {c.id} already exists")
                ids.add(c.id)
            self._write_shard(name, existing + new)

    def update(self, claim: "Claim") -> None:
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

        where, args = [], []
        for column, value in (("topic", topic), ("kind", kind), ("status", status)):
            if value is not None:
                where.append(f"{column}=?")
                args.append(value)
        if since is not None:
            where.append("occurred_at>=?")
            args.append(since.isoformat())
        if until is not None:
            where.append("occurred_at<=?")
            args.append(until.isoformat())
        sql = "SELECT json FROM claims"
        if where:
            sql += " WHERE " + " AND ".join(where)
        order = "DESC" if newest_first else "ASC"
        sql += f" ORDER BY occurred_at {order}, day {order}, seq {order}"
        if limit:
            sql += " LIMIT ?"
            args.append(limit)
        return [Claim.model_validate_json(r[0]) for r in self.db.execute(sql, args)]

    def iter_all(self) -> Iterator["Claim"]:
        from mylife_core.layers.claims import Claim

        for (raw,) in self.db.execute("SELECT json FROM claims ORDER BY occurred_at, day, seq"):
            yield Claim.model_validate_json(raw)

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


def _progress(total: int):
    """A one-line count on a terminal's stderr while many shards are (re)indexed, e.g. the first
    command after cloning a lifetime workspace (cache/ is not versioned); silent otherwise."""
    import sys

    if total < 24 or not sys.stderr.isatty():
        return None
    from mylife_core.messages import t

    def show(done: int) -> None:
        sys.stderr.write("\r" + t("claims.index_progress", done=done, total=total))
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    show(0)
    return show


def _line_of_id(path: Path, claim_id: str) -> int | None:
    try:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(rf"\bid:\s*['\"]?{re.escape(claim_id)}\b", line):
                return number
    except OSError:
        return None
    return None

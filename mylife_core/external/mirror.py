"""The derived index of an external store's claims, in ``cache/store-<name>.sqlite``.

The backend (a Memorix database, a knowledge-graph file) is the truth; this index is a copy
that answers queries by topic, time, kind and status without starting the server. It carries
the backend's *fingerprint* (a cheap token that changes whenever the backend's data changes)
from the moment it was known to match; when the fingerprints differ the store rebuilds the
index from the backend. It is a cache: delete it and it is rebuilt.

A rebuild that no longer finds a claim the index had is not silent: such claims are kept in the
``vanished`` table and reported by ``mylife store status`` (something outside MyLife removed
them from the backend).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim

SCHEMA_VERSION = 1
_SCHEMA = (
    "DROP TABLE IF EXISTS claims", "DROP TABLE IF EXISTS meta", "DROP TABLE IF EXISTS vanished",
    "CREATE TABLE claims(id TEXT PRIMARY KEY, topic TEXT, kind TEXT, status TEXT, occurred_at TEXT, "
    "day TEXT, seq INTEGER, json TEXT NOT NULL, ref TEXT)",
    "CREATE INDEX claims_topic ON claims(topic, occurred_at, id)",
    "CREATE INDEX claims_day ON claims(day, seq)",
    "CREATE INDEX claims_order ON claims(occurred_at, day, seq)",
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)",
    "CREATE TABLE vanished(id TEXT PRIMARY KEY, json TEXT NOT NULL, detected_at TEXT NOT NULL)",
)


class MirrorIndex:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None

    # -- connection -------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        from ..storage import sqlite_cache

        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        return sqlite_cache.open_with_schema(self.path, SCHEMA_VERSION, reset=_SCHEMA, check_same_thread=False)[0]

    @property
    def db(self) -> sqlite3.Connection:
        if self._conn is None:
            from ..storage import sqlite_cache

            try:
                self._open()
            except (sqlite3.OperationalError, OSError) as exc:
                # cache/ cannot be written: a private copy of this derived index stands in
                self._conn = sqlite_cache.copy_instead(self.path, exc, self._conn, check_same_thread=False)
                sqlite_cache.ensure_schema(self._conn, SCHEMA_VERSION, reset=_SCHEMA)
        return self._conn

    def _open(self) -> None:
        try:
            try:
                self._conn = self._connect()
                self._conn.execute("SELECT count(*) FROM claims").fetchone()
            except sqlite3.DatabaseError as exc:
                from ..storage import sqlite_cache

                if not sqlite_cache.is_damaged(exc):  # busy or locked: in use, not broken
                    raise
                if self._conn is not None:
                    self._conn.close()
                    self._conn = None
                sqlite_cache.discard(self.path)
                self._conn = self._connect()
        except BaseException:
            # busy past the wait (or worse): no connection is kept half open, holding the file
            # while the error is handled, and the next read opens the file afresh
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            raise

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # -- freshness --------------------------------------------------------------------------
    @property
    def fingerprint(self) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key='fingerprint'").fetchone()
        return row[0] if row else None

    def set_fingerprint(self, value: str | None) -> None:
        if value is None:
            self.db.execute("DELETE FROM meta WHERE key='fingerprint'")
        else:
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('fingerprint', ?)", (value,))

    def invalidate(self) -> None:
        """Forget the fingerprint: the next open rebuilds from the backend."""
        self.set_fingerprint(None)

    # -- writing ----------------------------------------------------------------------------
    @staticmethod
    def _row(claim: "Claim", ref: str | None) -> tuple:
        from ..layers.claims import id_day, id_seq

        day = id_day(claim.id) or claim.occurred_at
        return (claim.id, claim.topic, claim.kind, claim.status, claim.occurred_at.isoformat(), day.isoformat(),
                id_seq(claim.id), claim.model_dump_json(), ref)

    def upsert(self, items: Iterable[tuple["Claim", str | None]]) -> None:
        rows = [self._row(c, ref) for c, ref in items]
        conn = self.db
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany("INSERT OR REPLACE INTO claims VALUES (?,?,?,?,?,?,?,?,?)", rows)
            conn.executemany("DELETE FROM vanished WHERE id=?", [(r[0],) for r in rows])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def replace_all(self, items: Iterable[tuple["Claim", str | None]], *, fingerprint: str | None,
                    now: str) -> list[str]:
        """Make the index equal to ``items``; returns the ids that were indexed before and are
        no longer in the backend (kept in ``vanished``)."""
        rows = [self._row(c, ref) for c, ref in items]
        new_ids = {r[0] for r in rows}
        conn = self.db
        conn.execute("BEGIN IMMEDIATE")
        try:
            gone = [(i, j) for i, j in conn.execute("SELECT id, json FROM claims") if i not in new_ids]
            conn.executemany("INSERT OR REPLACE INTO vanished VALUES (?,?,?)", [(i, j, now) for i, j in gone])
            conn.execute("DELETE FROM claims")
            conn.executemany("INSERT INTO claims VALUES (?,?,?,?,?,?,?,?,?)", rows)
            conn.executemany("DELETE FROM vanished WHERE id=?", [(i,) for i in new_ids])
            if fingerprint is None:
                conn.execute("DELETE FROM meta WHERE key='fingerprint'")
            else:
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('fingerprint', ?)", (fingerprint,))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return [i for i, _ in gone]

    # -- reading ----------------------------------------------------------------------------
    def get(self, claim_id: str) -> "Claim | None":
        from ..layers.claims import Claim

        row = self.db.execute("SELECT json FROM claims WHERE id=?", (claim_id,)).fetchone()
        return Claim.model_validate_json(row[0]) if row else None

    def ref(self, claim_id: str) -> str | None:
        row = self.db.execute("SELECT ref FROM claims WHERE id=?", (claim_id,)).fetchone()
        return row[0] if row else None

    def query(self, *, topic: str | None = None, kind: str | None = None, status: str | None = None,
              since: date | None = None, until: date | None = None, limit: int | None = None,
              newest_first: bool = False) -> list["Claim"]:
        from ..layers.claims import Claim

        from ..storage.claims_sql import select_claims

        sql, args = select_claims(topic=topic, kind=kind, status=status, since=since, until=until, limit=limit,
                                  newest_first=newest_first)
        return [Claim.model_validate_json(r[0]) for r in self.db.execute(sql, args)]

    def iter_all(self) -> Iterator["Claim"]:
        from ..layers.claims import Claim

        for (raw,) in self.db.execute("SELECT json FROM claims ORDER BY occurred_at, day, seq").fetchall():
            yield Claim.model_validate_json(raw)

    def ids_on(self, day: date) -> list[str]:
        """The ids taken on ``day``: those of vanished claims too (digests and chains still cite
        them, so a new claim must never get one)."""
        taken = [r[0] for r in self.db.execute("SELECT id FROM claims WHERE day=?", (day.isoformat(),))]
        taken += [r[0] for r in self.db.execute("SELECT id FROM vanished WHERE id LIKE ?",
                                                (f"claim-{day.isoformat()}-%",))]
        return taken

    def count(self) -> int:
        return self.db.execute("SELECT count(*) FROM claims").fetchone()[0]

    def counts(self) -> dict[str, dict[str, int]]:
        return {column: dict(self.db.execute(f"SELECT {column}, count(*) FROM claims GROUP BY {column}").fetchall())
                for column in ("status", "kind", "topic")}

    def vanished(self) -> list[dict]:
        return [{"id": i, "claim": json.loads(j), "detected_at": at}
                for i, j, at in self.db.execute("SELECT id, json, detected_at FROM vanished ORDER BY id")]

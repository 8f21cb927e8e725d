"""``recall``: the best matches for a query across raw notes, digests and claims.

The one search function of MyLife: ``mylife recall``, the model tool ``mylife_recall`` and the
ask pipeline all call it. See ``docs/search.md`` for the JSON keys and the measured quality.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from . import scoring
from .documents import LAYERS
from .highlight import snippet as make_snippet

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

MAX_K = 200
EVIDENCE_STATUSES = ("active", "disputed", "stale")


@dataclass
class Hit:
    layer: str  # "raw" | "digest" | "claims"
    ref: str  # "raw/F.md#L3" | claim id | "digest/T.md#P2"
    topic: str
    text: str  # the full line / claim / paragraph
    snippet: str  # matches marked with 【】
    date: date
    score: float
    parts: dict[str, float | None]  # keyword, vector, recency, boost
    claim_id: str | None = None
    kind: str | None = None
    status: str | None = None
    provenance: str | None = None  # a claim's raw/FILE#Lnn

    def to_json(self) -> dict[str, Any]:
        return {
            "layer": self.layer, "ref": self.ref, "claim_id": self.claim_id, "topic": self.topic,
            "text": self.text, "snippet": self.snippet, "date": self.date.isoformat(),
            "score": round(self.score, 4),
            "parts": {k: (round(v, 4) if v is not None else None) for k, v in self.parts.items()},
            "kind": self.kind, "status": self.status, "provenance": self.provenance,
        }


@dataclass
class RecallResult:
    query: str
    terms: list[str]  # segmented + synonym-expanded terms actually searched
    mode: str  # "keyword" | "hybrid"
    hits: list[Hit]
    expansions: dict[str, list[str]] = field(default_factory=dict)  # word -> synonyms used
    notes: list[str] = field(default_factory=list)  # message keys (index rebuilt, busy, ...)
    filters: dict[str, Any] = field(default_factory=dict)
    candidates: int = 0  # documents scored before thresholds
    took_ms: float = 0.0

    def to_json(self) -> dict[str, Any]:
        from ..messages import t

        return {
            "query": self.query, "mode": self.mode, "terms": self.terms, "expansions": self.expansions,
            "filters": self.filters, "count": len(self.hits), "candidates": self.candidates,
            "took_ms": round(self.took_ms, 1), "notes": [t(n) for n in self.notes],
            "hits": [h.to_json() for h in self.hits],
        }


def _check(query: str, layers: Iterable[str] | None, k: int) -> tuple[str, tuple[str, ...]]:
    query = (query or "").strip()
    if not query:
        raise UsageError("search_empty_query")
    if layers is None:
        chosen = LAYERS
    else:
        if isinstance(layers, str):
            layers = [layers]
        chosen = tuple(dict.fromkeys(layers))
        bad = [x for x in chosen if x not in LAYERS]
        if bad or not chosen:
            raise UsageError("bad_choice", what="--layer", value=",".join(bad) or "''", choices=", ".join(LAYERS))
    if not isinstance(k, int) or k < 1 or k > MAX_K:
        raise UsageError("search_bad_k", k=k, max=MAX_K)
    return query, chosen


def recall(ws: "Workspace", query: str, topic: str | None = None, layers: Iterable[str] | None = None,
           k: int = 10, evidence_only: bool = False, *, progress: Callable[[int, int], None] | None = None,
           use_vectors: bool = True, synonyms: bool = True, min_score: float | None = None) -> RecallResult:
    """Search the workspace. See the module and ``docs/search.md``.

    :param topic: only hits of this topic.
    :param layers: ``None`` for all, or a subset of ``("raw", "digest", "claims")``.
    :param evidence_only: claims only when they count as evidence (not candidates, rejected or
        superseded); raw notes and digests are unaffected.
    :param progress: ``progress(done, total)`` while the index is (re)built.
    :param use_vectors: False forces keyword mode even when a vector index is installed.
    :param synonyms: False searches only the words of the query (no synonym expansion).
    :param min_score: override the final-score threshold (0 returns every candidate).
    """
    from .engine import handle

    started = time.perf_counter()
    query, chosen = _check(query, layers, k)
    pool = max(50, 5 * k)
    notes: list[str] = []

    # the vector side first, in a worker thread: embedding the query (tens of ms warm, a few
    # hundred in a fresh process) overlaps with opening the index and the keyword search
    vector_index = _vector_index(ws, notes) if use_vectors else None
    vector_job = _VectorSearch(vector_index, query, pool * 2) if vector_index is not None else None

    index = handle(ws)
    notes[:0] = index.ensure_ready(ws, progress)
    segmenter, thesaurus = index.language_tools(ws)

    terms = segmenter.query_terms(query)
    expansions = thesaurus.expand(query, terms) if synonyms else {}
    groups = _groups(segmenter, terms, expansions)
    searched = list(dict.fromkeys(t for g in groups for t, _ in g))

    filters = {"topic": topic, "layers": list(chosen), "k": k, "evidence_only": evidence_only}
    with index.lock:
        searcher = index.searcher()
        schema = index.schema
        found = _keyword_search(searcher, schema, groups, topic, chosen, evidence_only, pool)
        vector_scores: dict[str, float] = {}
        hybrid = vector_job is not None
        if vector_job is not None:
            try:
                vector_scores = vector_job.result()
            except Exception:  # noqa: BLE001 - a broken vector plugin must not break search
                notes.append("search.note.vector_failed")
                hybrid = False
        missing = [uid for uid in vector_scores if uid not in found]
        if missing:
            found.update(_fetch(searcher, schema, missing))
        known = _vector_known(vector_index, list(found)) if hybrid else set()

    today = _today()
    hits: list[Hit] = []
    threshold = scoring.FINAL_MIN if min_score is None else min_score
    candidates = 0
    ideal = groups_ideal(searcher, groups)
    for uid, (bm25, doc) in found.items():
        if not _passes(doc, topic, chosen, evidence_only):
            continue
        keyword = min(1.0, bm25 / ideal) if bm25 > 0 else 0.0
        vector = vector_scores.get(uid) if hybrid else None
        if hybrid and vector is None and uid in known:
            vector = 0.0  # embedded, but not among the nearest: as far as the index can tell, unrelated
        if keyword < scoring.KEYWORD_MIN and (vector is None or vector < scoring.VECTOR_MIN):
            continue
        candidates += 1
        rec = scoring.recency(doc["day"], today)
        factor = scoring.boost(doc["text"], doc["layer"], doc["status"])
        score = scoring.final(keyword, vector, rec, factor, hybrid)
        if score <= threshold:
            continue
        hits.append(Hit(
            layer=doc["layer"], ref=uid, topic=doc["topic"], text=doc["text"],
            snippet="", date=doc["day"], score=score,
            parts={"keyword": keyword, "vector": vector, "recency": rec, "boost": factor},
            claim_id=uid if doc["layer"] == "claims" else None,
            kind=doc["kind"] or None, status=doc["status"] or None, provenance=doc["prov"] or None))
    # ties (near-duplicate notes) are broken by a fixed rule: newer first, then by reference
    hits.sort(key=lambda h: (-round(h.score, 9), -h.date.toordinal(), h.ref))
    hits = hits[:k]
    for hit in hits:
        hit.snippet = make_snippet(hit.text, searched)
    return RecallResult(query=query, terms=searched, mode="hybrid" if hybrid else "keyword", hits=hits,
                        expansions=expansions, notes=notes, filters=filters, candidates=candidates,
                        took_ms=(time.perf_counter() - started) * 1000)


# ------------------------------------------------------------------------------ the vector side


def _vector_index(ws: "Workspace", notes: list[str]):
    try:
        vector_index = ws.plugins.vector_index(ws)
        if vector_index is not None and hasattr(vector_index, "ready") and not vector_index.ready():
            notes.append("search.note.vectors_empty")
            return None
        return vector_index
    except Exception:  # noqa: BLE001 - a broken vector plugin must not break search
        notes.append("search.note.vector_failed")
        return None


class _VectorSearch:
    """``vector_index.search(query, k)`` running in a thread; ``result()`` joins it."""

    def __init__(self, vector_index, query: str, k: int) -> None:
        import threading

        self._result: dict[str, float] = {}
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(vector_index, query, k), daemon=True,
                                        name="mylife-vector-search")
        self._thread.start()

    def _run(self, vector_index, query: str, k: int) -> None:
        try:
            self._result = dict(vector_index.search(query, k))
        except BaseException as exc:  # noqa: BLE001 - re-raised in result()
            self._error = exc

    def result(self) -> dict[str, float]:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._result


# ------------------------------------------------------------------------------ the query


def _groups(segmenter, terms: list[str], expansions: dict[str, list[str]]) -> list[list[tuple[str, float]]]:
    """Word groups, each scored as the best of its members (a disjunction-max): a query word
    alone, or a word that has synonyms together with them (weighted ``SYNONYM_WEIGHT``) and with
    the pieces the segmenter cut from it (``工作`` of ``换工作``, weighted ``PIECE_WEIGHT``), so
    a note saying 跳槽 outranks one that merely says 工作."""
    groups: list[list[tuple[str, float]]] = []
    used: set[str] = set()
    for word, synonyms in expansions.items():
        members: dict[str, float] = {word: 1.0}
        for term in terms:
            if term != word and term in word:
                members.setdefault(term, scoring.PIECE_WEIGHT)
                used.add(term)
        for synonym in synonyms:
            for token in _synonym_tokens(segmenter, synonym):
                members[token] = max(members.get(token, 0.0), scoring.SYNONYM_WEIGHT)
        groups.append(list(members.items()))
        used.add(word)
    for term in terms:
        if term not in used:
            groups.append([(term, 1.0)])
    return groups


def _synonym_tokens(segmenter, synonym: str) -> list[str]:
    from .segment import normalize

    word = normalize(synonym)
    return [word] if " " not in word else segmenter.query_terms(word)


def groups_ideal(searcher, groups) -> float:
    """The BM25 a text would score matching every group's best word once (see scoring)."""
    n = max(1, searcher.num_docs)
    total = 0.0
    for group in groups:
        best = 0.0
        for term, weight in group:
            df = searcher.doc_freq("body", term)
            if df:
                best = max(best, weight * scoring.idf(df, n))
        total += best
    return max(total, 1e-9)


def _keyword_search(searcher, schema, groups, topic, layers, evidence_only, limit) -> dict[str, tuple[float, dict]]:
    import tantivy

    Q, O = tantivy.Query, tantivy.Occur

    def field_query(field: str):
        clauses = []
        for group in groups:
            members = []
            for term, weight in group:
                member = Q.term_query(schema, field, term)
                members.append(member if weight == 1.0 else Q.boost_query(member, weight))
            clauses.append((O.Should, members[0] if len(members) == 1 else Q.disjunction_max_query(members)))
        return Q.boolean_query(clauses)

    if not groups:
        return {}
    # a hit must say the words itself; its neighbours and topic only help it rank
    query = Q.boolean_query([(O.Must, field_query("body")),
                             (O.Should, Q.boost_query(field_query("ctx"), scoring.CONTEXT_WEIGHT))])
    filters = _filters(schema, topic, layers, evidence_only)
    if filters:
        query = Q.boolean_query([(O.Must, query), *((O.Must, Q.const_score_query(f, 0.0)) for f in filters)])
    out: dict[str, tuple[float, dict]] = {}
    for score, address in searcher.search(query, limit=limit, count=False).hits:
        doc = _doc_fields(searcher.doc(address))
        out[doc["uid"]] = (float(score), doc)
    return out


def _filters(schema, topic, layers, evidence_only) -> list:
    import tantivy

    Q, O = tantivy.Query, tantivy.Occur
    filters = []
    if topic:
        filters.append(Q.term_query(schema, "topic", topic))
    if tuple(layers) != LAYERS:
        filters.append(Q.term_set_query(schema, "layer", list(layers)))
    if evidence_only and "claims" in layers:
        not_evidence = Q.boolean_query([
            (O.Must, Q.term_query(schema, "layer", "claims")),
            (O.MustNot, Q.term_set_query(schema, "status", list(EVIDENCE_STATUSES))),
        ])
        filters.append(Q.boolean_query([(O.Must, Q.all_query()), (O.MustNot, not_evidence)]))
    return filters


def _passes(doc: dict, topic, layers, evidence_only) -> bool:
    if topic and doc["topic"] != topic:
        return False
    if doc["layer"] not in layers:
        return False
    if evidence_only and doc["layer"] == "claims" and doc["status"] not in EVIDENCE_STATUSES:
        return False
    return True


def _fetch(searcher, schema, uids: list[str]) -> dict[str, tuple[float, dict]]:
    import tantivy

    out: dict[str, tuple[float, dict]] = {}
    query = tantivy.Query.term_set_query(schema, "uid", uids)
    for _, address in searcher.search(query, limit=max(1, len(uids)), count=False).hits:
        doc = _doc_fields(searcher.doc(address))
        out[doc["uid"]] = (0.0, doc)
    return out


def _vector_known(vector_index, uids: list[str]) -> set[str]:
    known = getattr(vector_index, "known", None)
    if known is None:
        return set(uids)
    try:
        return set(known(uids))
    except Exception:  # noqa: BLE001
        return set()


def _doc_fields(doc) -> dict[str, Any]:
    from .engine import _from_day_number

    data = doc.to_dict()

    def first(name: str, default: Any = "") -> Any:
        values = data.get(name)
        return values[0] if values else default

    return {
        "uid": first("uid"), "layer": first("layer"), "topic": first("topic"), "kind": first("kind"),
        "status": first("status"), "prov": first("prov"),
        "text": bytes(first("text", b"")).decode("utf-8", errors="replace"),
        "day": _from_day_number(first("day", 1)),
    }


def _today() -> date:
    from .. import clock

    return clock.today()

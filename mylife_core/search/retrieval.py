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
from .segment import query_bigrams

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
    # why keyword mode: "keyword_only" (asked for), "no_vector_plugin", "nothing_embedded",
    # "vector_failed"; in hybrid mode "partly_embedded" when a document found has no vector yet
    # (it can be found by its words only), else None
    mode_reason: str | None = None
    expansions: dict[str, list[str]] = field(default_factory=dict)  # word -> synonyms used
    notes: list[str] = field(default_factory=list)  # message keys (index rebuilt, busy, ...)
    filters: dict[str, Any] = field(default_factory=dict)
    candidates: int = 0  # documents scored before thresholds
    took_ms: float = 0.0

    @property
    def mode_key(self) -> str:
        """The message that says which mode answered and why (``recall.mode.nothing_embedded``):
        the one wording of the mode for ``mylife recall`` and the panel's search page."""
        return f"recall.mode.{self.mode_reason or self.mode}"

    def to_json(self) -> dict[str, Any]:
        from ..messages import t

        return {
            "query": self.query, "mode": self.mode, "mode_reason": self.mode_reason, "terms": self.terms, "expansions": self.expansions,
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


@dataclass
class Candidate:
    """A document before the final score: its raw parts (``bench/search_tune.py`` reads these)."""

    uid: str
    doc: dict[str, Any]
    bm25: float
    vector: float | None  # None: not embedded (or keyword mode); 0: embedded, not a neighbour
    gram: float  # BM25 of the query's character bigrams (the ``gram`` field); 0 when none match
    recency: float
    boost: float


@dataclass
class Gathered:
    query: str
    terms: list[str]
    expansions: dict[str, list[str]]
    mode: str
    mode_reason: str | None
    ideal: float
    candidates: list[Candidate]
    notes: list[str]
    gram_ideal: float = 1e-9  # what a text matching every query bigram once would score
    # the query has a word of two or more characters, but no note holds any such word of its
    # groups (typed, synonym or piece): its keyword matches are single characters (学 of
    # 学钢琴, 买 of 买彩票), see ``scoring.Params.single_char_gate``
    single_chars_only: bool = False
    n_grams: int = 0  # the query's bigrams (scoring.Params.gram_full)
    # each word group of the query as the texts that say it (a member's tokens), for
    # :func:`says_every_word`
    wanted: list[list[tuple[str, ...]]] = field(default_factory=list)


def gather(ws: "Workspace", query: str, topic: str | None, layers: tuple[str, ...], evidence_only: bool,
           pool: int, *, progress: Callable[[int, int], None] | None = None, use_vectors: bool = True,
           synonyms: bool = True) -> Gathered:
    """Every document either side finds for ``query``, with its raw score parts, before any
    threshold (the first half of :func:`recall`)."""
    from .engine import handle

    notes: list[str] = []
    topics = ws.plugins.topic_names(topic) if topic else ()  # a topic's aliases are the same topic
    # the vector side first, in a worker thread: embedding the query (tens of ms warm, a few
    # hundred in a fresh process) overlaps with opening the index and the keyword search
    if use_vectors:
        vector_index, reason = _vector_index(ws, notes)
    else:
        vector_index, reason = None, "keyword_only"
    vector_job = _VectorSearch(vector_index, query, pool * 2) if vector_index is not None else None

    index = handle(ws)
    notes[:0] = index.ensure_ready(ws, progress)
    segmenter, thesaurus = index.language_tools(ws)

    terms = segmenter.query_terms(query)
    expansions = thesaurus.expand(query, segmenter.query_spans(query)) if synonyms else {}
    groups = _groups(segmenter, terms, expansions)
    # what was searched, as the user would say it: a phrase member is one entry ("change jobs")
    searched = list(dict.fromkeys(_label(member) for g in groups for member, _ in g))

    with index.lock:
        searcher = index.searcher()
        schema = index.schema
        addresses: dict[tuple[int, int], str] = {}
        found = _keyword_search(searcher, schema, groups, topics, layers, evidence_only, pool, addresses)
        grams = query_bigrams(query)
        gram_hits = _gram_search(searcher, schema, grams, topics, layers, evidence_only, pool)
        vector_scores: dict[str, float] = {}
        hybrid = vector_job is not None
        if vector_job is not None:
            try:
                vector_scores = vector_job.result()
            except Exception:  # noqa: BLE001 - a broken vector plugin must not break search
                notes.append("search.note.vector_failed")
                hybrid, reason = False, "vector_failed"
        # a document only the bigrams find is a candidate in hybrid mode (scored by both other
        # sides too); in keyword mode a hit must say one of the query's words, so the bigram
        # hits are matched to the keyword hits by address and no other document is read
        gram_scores: dict[str, float] = {}
        for address, gram_score in gram_hits.items():
            uid = addresses.get(address)
            if uid is None and hybrid:  # read once, here: no second fetch by uid below
                doc = _doc_fields(searcher.doc(tantivy_address(address)))
                uid = doc["uid"]
                found.setdefault(uid, (0.0, doc))
            if uid is not None:
                gram_scores[uid] = gram_score
        missing = [uid for uid in vector_scores if uid not in found]
        if missing:
            found.update(_fetch(searcher, schema, missing))
        known = _vector_known(vector_index, list(found)) if hybrid else set()
        partial = hybrid and any(uid not in known for uid in found)
        if partial:  # found by their words only, until the background run (or `index embed`) embeds them
            from .admin import embedding_progress

            running = (embedding_progress(ws) or {}).get("running")
            notes.append("s30small.search.note.vectors_partial" if running else "s30fix.search.note.vectors_partial_idle")
        ideal = groups_ideal(searcher, groups)
        gram_ideal = grams_ideal(searcher, grams)
        single_only = single_chars_only(searcher, groups)

    today = _today()
    candidates: list[Candidate] = []
    for uid, (bm25, doc) in found.items():
        if not _passes(doc, topics, layers, evidence_only):
            continue
        vector = vector_scores.get(uid) if hybrid else None
        if hybrid and vector is None and uid in known:
            vector = 0.0  # embedded, but not among the nearest: as far as the index can tell, unrelated
        candidates.append(Candidate(uid=uid, doc=doc, bm25=bm25, vector=vector, gram=gram_scores.get(uid, 0.0),
                                    recency=scoring.recency(doc["day"], today),
                                    boost=scoring.boost(doc["text"], doc["layer"], doc["status"])))
    return Gathered(query=query, terms=searched, expansions=expansions, mode="hybrid" if hybrid else "keyword",
                    mode_reason=("partly_embedded" if partial else None) if hybrid else reason, ideal=ideal, candidates=candidates, notes=notes,
                    gram_ideal=gram_ideal, single_chars_only=single_only, n_grams=len(grams),
                    wanted=[[tuple(t.lower() for t in member) for member, _ in g] for g in groups])


def final_threshold(gathered: Gathered, params: scoring.Params = scoring.DEFAULT,
                    min_score: float | None = None) -> float:
    """The final score a candidate must exceed: ``min_score`` when given, else ``final_min`` in
    hybrid mode and 0 in keyword mode."""
    if min_score is not None:
        return min_score
    return params.final_min if gathered.mode == "hybrid" else 0.0


def score(gathered: Gathered, params: scoring.Params = scoring.DEFAULT,
          min_score: float | None = None) -> list[tuple[float, float, Candidate]]:
    """``(final, keyword, candidate)`` of the candidates that pass the thresholds, best first;
    ties (near-duplicate notes) broken by a fixed rule: newer first, then by reference."""
    hybrid = gathered.mode == "hybrid"
    threshold = final_threshold(gathered, params, min_score)
    out = []
    best_r = max((c.bm25 for c in gathered.candidates), default=0.0) / max(gathered.ideal, 1e-9)
    share = scoring.trust(best_r, params) if hybrid else 1.0
    gram_share = scoring.gram_share(best_r, gathered.n_grams, params)
    gated = bool(params.single_char_gate) and gathered.single_chars_only
    for c in gathered.candidates:
        keyword = 0.0 if gated else scoring.keyword(c.bm25, gathered.ideal, params, hybrid=hybrid)
        if gated and keyword == 0.0 and (not hybrid or c.vector is None):
            continue  # a keyword candidate of nothing but single characters
        if not scoring.candidate(keyword, c.vector, params):
            continue
        gram = scoring.gram(c.gram, gathered.gram_ideal, params)
        final = scoring.final(keyword, c.vector, c.recency, c.boost, hybrid, params, share, gram, gram_share)
        if final > threshold or (hybrid and keyword > 0.0 and says_every_word(c.doc["text"], gathered.wanted)):
            out.append((final, keyword, c))
    out.sort(key=lambda x: (-round(x[0], 12), -x[2].doc["day"].toordinal(), x[2].uid))
    return out


def says_every_word(text: str, wanted: list[list[tuple[str, ...]]]) -> bool:
    """Does ``text`` say every word of the query (each group by one of its members: the word, a
    synonym or a piece)? In hybrid mode such a note is kept under ``final_min``: 「牙医」 typed
    alone, said once in a long diary paragraph (BM25's length normalisation: keyword 0.07 of a
    final 0.066) and outside the vector side's nearest, was dropped, while keyword mode found it."""
    if not wanted:
        return False
    said = text.lower()
    return all(any(all(token in said for token in member) for member in group) for group in wanted)


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
    started = time.perf_counter()
    query, chosen = _check(query, layers, k)
    pool = max(50, 5 * k)
    gathered = gather(ws, query, topic, chosen, evidence_only, pool, progress=progress,
                      use_vectors=use_vectors, synonyms=synonyms)
    every = score(gathered, min_score=-1.0)  # every candidate (finals are never negative), best first
    threshold = final_threshold(gathered, min_score=min_score)
    scored = [entry for entry in every if entry[0] > threshold]
    hits: list[Hit] = []
    for final, keyword, c in scored[:k]:
        doc = c.doc
        gram = scoring.gram(c.gram, gathered.gram_ideal)
        hits.append(Hit(
            layer=doc["layer"], ref=c.uid, topic=doc["topic"], text=doc["text"],
            snippet=make_snippet(doc["text"], gathered.terms), date=doc["day"], score=final,
            parts={"keyword": keyword, "vector": c.vector, "gram": gram, "recency": c.recency, "boost": c.boost},
            claim_id=c.uid if doc["layer"] == "claims" else None,
            kind=doc["kind"] or None, status=doc["status"] or None, provenance=doc["prov"] or None))
    filters = {"topic": topic, "layers": list(chosen), "k": k, "evidence_only": evidence_only}
    candidates = len(every)  # before the final threshold
    return RecallResult(query=query, terms=gathered.terms, mode=gathered.mode, mode_reason=gathered.mode_reason,
                        hits=hits, expansions=gathered.expansions, notes=gathered.notes, filters=filters,
                        candidates=candidates, took_ms=(time.perf_counter() - started) * 1000)


# ------------------------------------------------------------------------------ the vector side


def _vector_index(ws: "Workspace", notes: list[str]):
    """``(vector index or None, why not)``: the same answer ``mylife index status`` gives
    (:func:`mylife_core.search.admin.vector_mode`)."""
    from .admin import vector_mode

    try:
        vector_index = ws.plugins.vector_index(ws)
    except Exception:  # noqa: BLE001 - a broken vector plugin must not break search
        notes.append("search.note.vector_failed")
        return None, "vector_failed"
    mode, reason = vector_mode(vector_index)
    if mode == "hybrid":
        return vector_index, None
    if reason == "vector_failed":
        notes.append("search.note.vector_failed")
    elif reason == "nothing_embedded":
        from .admin import embedding_progress

        run = embedding_progress(ws) or {}
        notes.append("search.note.vectors_embedding" if run.get("running") else "search.note.vectors_empty")
    return None, reason


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


Member = tuple[str, ...]  # the index tokens a group member needs, all of them (usually one)


def _groups(segmenter, terms: list[str], expansions: dict[str, list[str]]) -> list[list[tuple[Member, float]]]:
    """Word groups, each scored as the best of its members (a disjunction-max): a query word
    alone, or a word that has synonyms together with them (weighted ``SYNONYM_WEIGHT``) and with
    the pieces the segmenter cut from it (``工作`` of ``换工作``, weighted ``PIECE_WEIGHT``), so
    a note saying 跳槽 outranks one that merely says 工作. A synonym the segmenter cuts into
    several tokens (``change jobs``) is one member that needs all of them: its pieces are never
    searched alone."""
    groups: list[list[tuple[Member, float]]] = []
    used: set[str] = set()
    for word, synonyms in expansions.items():
        members: dict[Member, float] = {_member(segmenter, word): 1.0}
        for term in terms:
            if term != word and term in word:
                members.setdefault((term,), scoring.PIECE_WEIGHT)
                used.add(term)
        for synonym in synonyms:
            member = _member(segmenter, synonym)
            if member:
                members[member] = max(members.get(member, 0.0), scoring.SYNONYM_WEIGHT)
        groups.append([(m, w) for m, w in members.items() if m])
        used.add(word)
        used.update(_member(segmenter, word))
    for term in terms:
        if term not in used:
            groups.append([((term,), 1.0)])
    return groups


class _Phrase(tuple):
    """A member of several tokens that remembers the words it was made from."""

    label: str = ""


def _label(member: Member) -> str:
    return getattr(member, "label", "") or " ".join(member)


def _member(segmenter, word: str) -> Member:
    """The tokens the index holds for ``word`` (one for a dictionary word, several for a phrase
    such as ``change jobs``)."""
    from .segment import normalize

    word = normalize(word).strip()
    if not word:
        return ()
    tokens = tuple(dict.fromkeys(segmenter.cut(word)))
    if len(tokens) < 2:
        return tokens
    phrase = _Phrase(tokens)
    phrase.label = word
    return phrase


def groups_ideal(searcher, groups) -> float:
    """The BM25 a text would score matching every group's best member once (see scoring). The
    word the user typed (a group's first member) counts even when no text contains it, with the
    IDF of a word seen nowhere: a note that covers only 学 of 学钢琴 covers a small part of the
    query, however rare 钢琴 is in the notes. Unless a synonym of it (a chosen word) is in the
    notes: then the best note there can be says that synonym, and the typed word counts as that
    synonym at full weight (换工作 in a workspace whose notes say 跳槽). Synonyms and pieces count
    only where they occur."""
    n = max(1, searcher.num_docs)
    total = 0.0
    for group in groups:
        best = typed = stand_in = 0.0
        typed_seen = True
        for i, (member, weight) in enumerate(group):
            dfs = [searcher.doc_freq("body", term) for term in member]
            value = sum(scoring.idf(df, n) for df in dfs)
            if i == 0:
                typed, typed_seen = weight * value, all(dfs)
            elif all(dfs):
                best = max(best, weight * value)
                if weight == scoring.SYNONYM_WEIGHT:
                    stand_in = max(stand_in, value)
        if not typed_seen and stand_in:
            typed = stand_in
        total += max(best, typed)
    return max(total, 1e-9)


def _keyword_search(searcher, schema, groups, topics, layers, evidence_only, limit,
                    addresses: dict[tuple[int, int], str] | None = None) -> dict[str, tuple[float, dict]]:
    import tantivy

    Q, O = tantivy.Query, tantivy.Occur

    def field_query(field: str):
        clauses = []
        for group in groups:
            members = []
            for tokens, weight in group:
                if len(tokens) == 1:
                    member = Q.term_query(schema, field, tokens[0])
                else:  # a phrase member needs every one of its tokens
                    member = Q.boolean_query([(O.Must, Q.term_query(schema, field, t)) for t in tokens])
                members.append(member if weight == 1.0 else Q.boost_query(member, weight))
            clauses.append((O.Should, members[0] if len(members) == 1 else Q.disjunction_max_query(members)))
        return Q.boolean_query(clauses)

    if not groups:
        return {}
    # a hit must say the words itself; its neighbours and topic only help it rank
    query = Q.boolean_query([(O.Must, field_query("body")),
                             (O.Should, Q.boost_query(field_query("ctx"), scoring.CONTEXT_WEIGHT))])
    filters = _filters(schema, topics, layers, evidence_only)
    if filters:
        query = Q.boolean_query([(O.Must, query), *((O.Must, Q.const_score_query(f, 0.0)) for f in filters)])
    out: dict[str, tuple[float, dict]] = {}
    for score, address in searcher.search(query, limit=limit, count=False).hits:
        doc = _doc_fields(searcher.doc(address))
        out[doc["uid"]] = (float(score), doc)
        if addresses is not None:
            addresses[(address.segment_ord, address.doc)] = doc["uid"]
    return out


def holding_words(ws: "Workspace", pattern: str, *, layers: Iterable[str] = ("claims",), evidence_only: bool = True,
                  limit: int = 200) -> list[dict[str, Any]]:
    """The stored fields of documents (newest first, at most ``limit``) one of whose words, as the
    segmenter cut them, matches ``pattern`` whole (a regular expression in tantivy's syntax).

    Search proper never returns a note for a word it holds only inside a longer one or by one
    character: the stance reader's bare verbs are such words (别辞 of 「老婆劝我别辞」 names 辞职;
    :func:`mylife_core.pipeline.competing.gather_candidates` asks for ``.{0,2}辞[了吧]?``), and the
    reader, not this function, decides which of them speak of the act."""
    import tantivy

    from .engine import handle

    index = handle(ws)
    index.ensure_ready(ws)
    layers = tuple(layers)
    with index.lock:
        searcher = index.searcher()
        schema = index.schema
        query = tantivy.Query.regex_query(schema, "body", pattern)
        filters = _filters(schema, (), layers, evidence_only)
        if filters:
            query = tantivy.Query.boolean_query([(tantivy.Occur.Must, query),
                                                 *((tantivy.Occur.Must, f) for f in filters)])
        docs = [_doc_fields(searcher.doc(address))
                for _, address in searcher.search(query, limit=max(1, limit * 5), count=False).hits]
    docs = [d for d in docs if _passes(d, (), layers, evidence_only)]
    docs.sort(key=lambda d: (d["day"], d["uid"]), reverse=True)
    return docs[:limit]


def topic_lines(ws: "Workspace", topics: Iterable[str], *, limit: int = 60) -> list[dict[str, Any]]:
    """The stored fields of the newest raw lines (L0: the user's exact words, one document a
    line) filed under one of ``topics`` (every name of a topic), newest first, at most ``limit``.

    ``ask`` and ``competing`` read a topic's claims whether or not they share a word with the
    question; these are the topic's lines read the same way, so that a user who only ever
    ``record``s (no model, no ``extract``) is not told they said nothing (docs/ask.md)."""
    import tantivy

    from .engine import handle

    topics = [t for t in dict.fromkeys(topics) if t]
    if not topics or limit < 1:
        return []
    index = handle(ws)
    index.ensure_ready(ws)
    with index.lock:
        searcher = index.searcher()
        query = tantivy.Query.boolean_query([(tantivy.Occur.Must, f) for f in _filters(index.schema, topics, ("raw",),
                                                                                        False)])
        hits = searcher.search(query, limit=limit, count=False, order_by_field="day").hits
        docs = [_doc_fields(searcher.doc(address)) for _, address in hits]
    docs = [d for d in docs if d["text"].strip()]

    def line_of(uid: str) -> tuple[str, int]:
        file, _, line = uid.rpartition("#L")
        return file, int(line) if line.isdigit() else 0

    docs.sort(key=lambda d: (d["day"], *line_of(d["uid"])), reverse=True)
    return docs


def distilled_lines(ws: "Workspace", files: Iterable[str]) -> set[tuple[str, int]]:
    """``(file, line)`` of every line of ``files`` that a claim cites (its ``provenance``), whatever
    its status: those lines are read through their claim, not a second time as raw lines. A claim
    awaiting the user's yes (a candidate) or one they rejected is no evidence, and its lines are not
    evidence either by another road: the user's decision on them is pending, or made."""
    import re

    import tantivy

    from ..provenance import Pointer
    from .engine import handle

    files = sorted(set(files))
    if not files:
        return set()
    index = handle(ws)
    index.ensure_ready(ws)
    pattern = "(?:" + "|".join(re.escape(f) for f in files) + ")#L.*"
    out: set[tuple[str, int]] = set()
    with index.lock:
        searcher = index.searcher()
        schema = index.schema
        query = tantivy.Query.boolean_query([(tantivy.Occur.Must, tantivy.Query.regex_query(schema, "prov", pattern)),
                                             *((tantivy.Occur.Must, f) for f in _filters(schema, (), ("claims",), False))])
        count = searcher.search(query, limit=1, count=True).count
        docs = [_doc_fields(searcher.doc(address))
                for _, address in searcher.search(query, limit=max(1, count), count=False).hits]
    for doc in docs:
        if not _passes(doc, (), ("claims",), False):
            continue
        try:
            pointer = Pointer.parse(doc["prov"])
        except Exception:  # noqa: BLE001 - a malformed pointer covers nothing
            continue
        out |= pointer.lines()
    return out


def tantivy_address(address: tuple[int, int]):
    import tantivy

    return tantivy.DocAddress(*address)


def single_chars_only(searcher, groups) -> bool:
    """Whether the user typed a word of two or more characters but every member of the query's
    groups that notes hold is a single character typed or cut from a word (see
    :class:`Gathered`); a synonym counts whatever its length (猫 for 宠物 was chosen as a word
    of its own). A query of single characters (猫) is never gated."""
    has_long = False
    for group in groups:
        for i, (member, weight) in enumerate(group):
            synonym = i > 0 and weight == scoring.SYNONYM_WEIGHT  # chosen words, even 猫 for 宠物
            long = sum(len(t) for t in member) >= 2
            has_long = has_long or (long and i == 0)  # a word the user typed
            if not long and not synonym:
                continue
            if all(searcher.doc_freq("body", t) for t in member):
                return False
    return has_long


def grams_ideal(searcher, grams: list[str]) -> float:
    """The BM25 a text would score matching every query bigram once; a bigram no text contains
    counts with the IDF of a word seen nowhere (as a typed word does in :func:`groups_ideal`)."""
    n = max(1, searcher.num_docs)
    return max(sum(scoring.idf(searcher.doc_freq("gram", g), n) for g in grams), 1e-9)


def _gram_search(searcher, schema, grams: list[str], topics, layers, evidence_only,
                 limit) -> dict[tuple[int, int], float]:
    """``{(segment, doc): BM25 of the query's bigrams}`` for the best ``limit`` documents (no
    stored field read: the caller reads those it needs)."""
    import tantivy

    Q, O = tantivy.Query, tantivy.Occur
    if not grams:
        return {}
    query = Q.boolean_query([(O.Should, Q.term_query(schema, "gram", g)) for g in grams])
    filters = _filters(schema, topics, layers, evidence_only)
    if filters:
        query = Q.boolean_query([(O.Must, query), *((O.Must, Q.const_score_query(f, 0.0)) for f in filters)])
    return {(address.segment_ord, address.doc): float(score)
            for score, address in searcher.search(query, limit=limit, count=False).hits}


def _filters(schema, topics, layers, evidence_only) -> list:
    import tantivy

    Q, O = tantivy.Query, tantivy.Occur
    filters = []
    if topics:  # every name of the topic (:meth:`~mylife_core.plugins.PluginHost.topic_names`)
        filters.append(Q.term_set_query(schema, "topic", list(topics)))
    if tuple(layers) != LAYERS:
        filters.append(Q.term_set_query(schema, "layer", list(layers)))
    if evidence_only and "claims" in layers:
        not_evidence = Q.boolean_query([
            (O.Must, Q.term_query(schema, "layer", "claims")),
            (O.MustNot, Q.term_set_query(schema, "status", list(EVIDENCE_STATUSES))),
        ])
        filters.append(Q.boolean_query([(O.Must, Q.all_query()), (O.MustNot, not_evidence)]))
    return filters


def _passes(doc: dict, topics, layers, evidence_only) -> bool:
    if topics and doc["topic"] not in topics:
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

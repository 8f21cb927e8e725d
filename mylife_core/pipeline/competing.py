"""Competing evidence: what the user has already said that weakens or contradicts a conclusion.

``mylife competing "你应该立刻辞职"`` and the tool ``mylife_competing`` call :func:`find_competing`;
every ``ask`` calls it for its draft conclusion before composing (docs/design.md#both-sides), so a flattering
answer has to face the evidence against it.

How (explainable, measured by ``bench/stance.py``; figures in docs/ask.md):

1. **Candidates by meaning, not only by shared words**: the topic's claims, and its newest raw
   lines of notes no claim cites yet (a user with no model to ``extract`` has only lines; they rank
   after the claims); the claims that speak
   of a field the decision depends on (a mortgage filed under 财务 for 跳槽); search hits for the
   conclusion in every topic (synonyms expanded); and, with the vector plugin, the statements
   nearest in meaning. A candidate outside the topic must be about the conclusion: a search hit
   that shares a word with it, a dependency field, or (vectors) a similarity above
   :data:`VECTOR_RELEVANT`, chosen on the tuning part of the benchmark. With vectors, one from
   another topic that is nearer in meaning to a question the user asked earlier about another
   topic (the L4 chains) is that decision's: set aside, counted and named (``set_aside``);
2. **Stance read in Chinese** (:func:`.stance.read`): negation and its scope, 虽然…但是, 如果…就…,
   questions, and whose view it is. A statement the user makes against the conclusion is counter-
   evidence: *contradicts* when it takes the other side of the act itself ("绝不想走"), *weakens*
   when it raises a consideration against it (a cost, a fear, something the user would miss);
   readings the rules are unsure of are kept and marked ``certain: false``;
3. **Someone else's view is never the user's**: "阿杰认为…", "我妈劝我…" go to ``others``, shown
   apart and labelled with whose view it is;
4. **A model, when given**, classifies the candidates in one structured call
   (:mod:`.stance_model`): ids only from the candidate list, a quoted span as the reason; what it
   gets wrong is rejected and listed, and where it and the rules disagree the item is shown as
   uncertain with both readings;
5. every result carries its chain: claim -> digest paragraphs -> ``raw/FILE#Lnn`` and whether the
   lines still hash to what was recorded. A claim whose source lines changed since is not
   evidence until the user re-confirms it (``mylife claim confirm``): it is left out and counted
   in ``source_changed``.

An empty result is reported as such (``empty``), never silently.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .answer import CompetingEvidence
from .stance import CLAUSES, Frame, Reading, frame_for, read

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..trace import SourceChecker
    from ..workspace import Workspace

POOL = 60  # search hits considered
TOPIC_POOL = 150  # newest claims of the topic considered
FIELD_POOL = 40  # claims speaking of a dependency field considered
VECTOR_POOL = 60  # nearest statements by meaning considered (vector plugin)
RAW_POOL = 60  # newest raw lines of the topic considered (those of notes no claim cites are read)
# a statement outside the topic is about the conclusion when its vector score (the plugin's
# calibrated [0, 1] scale) reaches this; chosen on bench/data/stance_tuning.yaml (docs/ask.md):
# 17 of its 20 counter-statements filed under another topic pass, 1 unrelated line does
VECTOR_RELEVANT = 0.25
# earlier questions (L4 chains) under other topics that a statement from another topic is
# weighed against, newest first (docs/ask.md, "Notes about the user's other decisions")
RIVALS = 16
# a reading the rules are unsure of is shown only for a statement found by meaning or by a shared
# word (in its topic or not) with at least this relevance: a lone "不错" in the topic is not enough
WEAK_RELEVANT = 0.45


@dataclass
class Candidate:
    claim: "Claim | None"
    ref: str
    text: str
    topic: str | None
    via: set[str] = field(default_factory=set)  # topic | search | field | vector | verb
    relevance: float = 0.0
    date: Any = None
    closer_to: str | None = None  # an earlier question, about another topic, it is nearer in meaning


@dataclass
class CompetingResult:
    conclusion: str
    terms: dict[str, int]  # the conclusion's side on each word naming its act
    topic: str | None
    items: list[CompetingEvidence] = field(default_factory=list)
    others: list[CompetingEvidence] = field(default_factory=list)  # other people's views against it
    # the user's own statements the rules read as against and the model does not (stance_model.merge):
    # shown apart, with both readings, for the user to judge (never dropped, never in ``items``)
    disputed: list[CompetingEvidence] = field(default_factory=list)
    mode: str = "keyword"
    considered: int = 0
    source_changed: list[str] = field(default_factory=list)  # claims left out: their lines changed
    set_aside: int = 0  # own statements against it, from other topics, nearer to an earlier question there
    set_aside_to: list[str] = field(default_factory=list)  # those earlier questions (at most 3)
    model: dict[str, Any] | None = None  # the structured stance call: model, rejected, disagreements
    lines: int = 0  # raw lines no claim cites yet that were read (they take a side or not)

    @property
    def empty(self) -> bool:
        return not self.items

    def note(self) -> str | None:
        """Said when nothing was found: that it does not make the conclusion true; and, when lines
        not yet distilled into claims were read, that the rules read no opposite side in them (not
        that the user never recorded one: the rules miss what they were not written on)."""
        from ..messages import t

        if not self.empty:
            return None
        if self.lines and self.read_by == "rules":
            return t("s28evid.competing.empty_unsided", conclusion=self.conclusion, n=self.lines)
        return t("ask.competing.empty", conclusion=self.conclusion)

    def set_aside_note(self) -> str | None:
        """Said when statements were set aside as being about the user's other decisions."""
        from ..messages import t

        if not self.set_aside:
            return None
        return t("ask.competing.set_aside", n=self.set_aside, questions="」「".join(self.set_aside_to))

    @property
    def read_by(self) -> str:
        """``model`` when the structured stance call ran, else ``rules``."""
        return "model" if self.model and not self.model.get("error") else "rules"

    def reach_note(self) -> str | None:
        """Said whenever the rules alone read the stances: on phrasings they were not written on they
        find only a part of the statements against (docs/ask.md, the held-out figures), so the list
        is never presented as complete; and in a notebook holding several decisions some of what
        they list is about another one (``bench/stance.py --crowded``), so each item is to be checked."""
        from ..messages import t

        from ..shell import word

        if self.read_by != "rules":
            return None
        return t("ask.competing.rules_only", topic=f" --topic {word(self.topic)}" if self.topic else "")

    def to_json(self) -> dict[str, Any]:
        """What ``competing --json`` and the ``mylife_competing`` tool give, with the disclaimer
        as ``staleness --json`` carries it."""
        from ..messages import disclaimer

        return {"conclusion": self.conclusion, "topic": self.topic, "terms": self.terms, "mode": self.mode,
                "considered": self.considered, "count": len(self.items), "empty": self.empty,
                "note": self.note(), "items": [i.model_dump(mode="json") for i in self.items],
                "others": [i.model_dump(mode="json") for i in self.others],
                "disputed": [i.model_dump(mode="json") for i in self.disputed],
                "source_changed": list(self.source_changed), "set_aside": self.set_aside,
                "set_aside_to": list(self.set_aside_to), "model": self.model, "lines": self.lines,
                "read_by": self.read_by, "reach_note": self.reach_note(), "disclaimer": disclaimer()}


def field_words(ws: "Workspace", names: list[str]) -> list[str]:
    """Words that speak of the fields ``names``: the names, dictionary aliases, concept words."""
    from .ask import field_words as words_of

    out: list[str] = []
    for name in names:
        out += [name, *words_of(ws, name)]
    return [w for w in dict.fromkeys(out) if len(w) >= 2]


def _model_lines(ws: "Workspace", ref: str) -> bool:
    """A raw line a model wrote (``mylife_record`` over MCP): not something the user said."""
    from ..provenance import Pointer

    try:
        return Pointer.parse(ref).file in ws.raw.model_files()
    except Exception:  # noqa: BLE001 - not a pointer: not a raw line
        return False


@dataclass
class Line:
    """A raw line as search and :func:`topic_line_docs` give it: ``ref`` is ``raw/FILE#Ln``."""

    ref: str
    text: str
    topic: str | None
    date: Any


def topic_line_docs(ws: "Workspace", topic: str, limit: int) -> list[Line]:
    """The newest raw lines filed under ``topic`` or any name of it (``career`` for 职业去留), not
    a model's (:func:`~mylife_core.search.retrieval.topic_lines`); [] when the index cannot be read."""
    from ..search.retrieval import topic_lines

    try:
        docs = topic_lines(ws, ws.plugins.topic_names(topic), limit=limit)
    except Exception:  # noqa: BLE001 - an unreadable index leaves the claims alone
        return []
    return [Line(ref=d["uid"], text=d["text"], topic=d["topic"] or None, date=d["day"])
            for d in docs if not _model_lines(ws, d["uid"])]


def cited_lines(claims: Any) -> set[tuple[str, int]]:
    """``(file, line)`` of every line the ``claims`` cite (a claim with no pointer, or a bad one,
    covers none): what :func:`undistilled` takes as ``known``."""
    from ..errors import UsageError
    from ..provenance import Pointer

    out: set[tuple[str, int]] = set()
    for claim in claims:
        if claim is not None and claim.provenance:
            try:
                out |= Pointer.parse(claim.provenance).lines()
            except UsageError:
                continue
    return out


def undistilled(ws: "Workspace", refs: list[str], *, whole_notes: "set[str] | bool" = False,
                known: "set[tuple[str, int]] | None" = None) -> set[str]:
    """Those of the raw pointers ``refs`` that no claim cites (of any status): the lines
    still to be read as themselves (a line a claim cites is read through the claim).

    ``whole_notes`` (True, or the refs it applies to): only lines of notes none of whose lines a
    claim cites: a note someone distilled was read, and the lines left out of its claims were
    left as its context (「连续加班三周，每天十一点下班。」 beside the claim 「想辞职」 whose context it
    is); a note never distilled was not. ``known``: lines already known to be cited (the claims
    at hand): only the notes they do not settle are looked up in the index."""
    from ..errors import UsageError
    from ..provenance import Pointer
    from ..search.retrieval import distilled_lines

    whole = set(refs) if whole_notes is True else set(whole_notes or ())
    covered = set(known or ())
    files = {file for file, _ in covered}

    def cited(ref: str, p: Any, lines: set[tuple[str, int]], files: set[str]) -> bool:
        if ref in whole and p.file in files:
            return True
        return not lines.isdisjoint(p.lines())

    pointers: dict[str, Any] = {}
    for ref in refs:
        try:
            pointer = Pointer.parse(ref)
        except UsageError:
            continue
        if not cited(ref, pointer, covered, files):
            pointers[ref] = pointer
    if not pointers:
        return set()
    try:
        covered |= distilled_lines(ws, {p.file for p in pointers.values()})
    except Exception:  # noqa: BLE001 - an unreadable index: the claims at hand still cover theirs
        pass
    files = {file for file, _ in covered}
    return {ref for ref, p in pointers.items() if not cited(ref, p, covered, files)}


def gather_candidates(ws: "Workspace", conclusion: str, *, topic: str | None, depends_on: list[str] | None = None,
                      frame: Frame | None = None) -> tuple[Frame, dict[str, Candidate], str, str | None]:
    """Every statement worth reading against ``conclusion`` (see the module docstring, step 1).

    Returns the frame, the candidates by ref, the search mode and the topic (guessed from the
    search hits when not given)."""
    from collections import Counter

    from ..search import recall
    from .relevance import Relevance

    result = recall(ws, conclusion, topic=None, layers=["claims", "raw"], k=POOL, evidence_only=True)
    extra = [s for syns in result.expansions.values() for s in syns]
    frame = frame or frame_for(conclusion, extra=extra)
    if topic is None:
        from .topics import QuestionWords

        # the topic of the notes that say the act: 「学到很多东西」 (学) does not make 「要学英语」 a
        # career question, nor 「按朋友建议…」 (朋友) 「要借钱给朋友」 one
        asked = QuestionWords(ws, conclusion)
        topics = Counter(h.topic for h in result.hits if h.layer == "claims" and h.topic and asked.said_in(h.text))
        topic = topics.most_common(1)[0][0] if topics else _decision_topic(ws, conclusion, frame)
    found: dict[str, Candidate] = {}

    def add_claim(claim: "Claim | None", via: str, relevance: float = 0.0) -> None:
        if (claim is None or not claim.is_evidence or claim.kind == "inference" and claim.status != "active"
                or ws.claims.unvouched(claim)):  # a model's words are not what the user said
            return
        cand = found.get(claim.id)
        if cand is None:
            cand = found[claim.id] = Candidate(claim=claim, ref=claim.id, text=claim.claim, topic=claim.topic,
                                               date=claim.occurred_at)
        cand.via.add(via)
        cand.relevance = max(cand.relevance, relevance)

    def add_line(doc: Any, via: str, relevance: float = 0.0) -> None:
        """A raw line (the user's exact words, not yet read through a claim: lines a claim cites
        are dropped in :func:`find_competing`), found by search or filed under the topic."""
        if _model_lines(ws, doc.ref):  # a model's words are not what the user said
            return
        cand = found.setdefault(doc.ref, Candidate(claim=None, ref=doc.ref, text=doc.text, topic=doc.topic,
                                                   date=doc.date))
        cand.via.add(via)
        cand.relevance = max(cand.relevance, relevance)

    if topic:
        in_topic = list(ws.claims.query(topic=topic, limit=TOPIC_POOL, newest_first=True))
        for claim in in_topic:
            add_claim(claim, "topic", 0.0)
        # the topic's raw lines too, read as its claims are: a user who only ever `record`s (no
        # model, so no `extract`) has lines and no claims, and was told no opposite record existed
        for doc in topic_line_docs(ws, topic, RAW_POOL):
            add_line(doc, "topic", 0.0)
        # No "relevance feedback" from the topic's own words into other topics (session 14 had it):
        # with several decisions' notes in one workspace (bench/stance.py --crowded) it reached 858
        # other decisions' statements for 25 of this one's (docs/ask.md).
    for hit in result.hits:
        if hit.layer == "claims":
            add_claim(ws.claims.find(hit.claim_id or hit.ref), "search", hit.score)
        elif hit.layer == "raw":
            add_line(hit, "search", hit.score)
    for claim in _bare_verb_claims(ws, frame):
        add_claim(claim, "verb", 0.0)
    words = field_words(ws, depends_on or [])
    if words:
        fields = recall(ws, " ".join(words[:12]), layers=["claims"], k=FIELD_POOL, evidence_only=True, synonyms=False)
        for hit in fields.hits:
            claim = ws.claims.find(hit.claim_id or hit.ref)
            if claim is not None and any(w in f"{claim.claim} {claim.context or ''}" for w in words):
                add_claim(claim, "field", hit.score)
    relevance = Relevance(ws)
    if relevance.vectors:
        for ref, score in relevance.nearest(conclusion, VECTOR_POOL):
            if ref.startswith("claim-"):
                if score >= VECTOR_RELEVANT:
                    add_claim(ws.claims.find(ref), "vector", score)
        scores = relevance.scores(conclusion, list(found))
        for ref, score in scores.items():
            cand = found[ref]
            if score >= VECTOR_RELEVANT:
                cand.via.add("vector")
            cand.relevance = max(cand.relevance, score)
        _weigh_against_rivals(ws, relevance, found, scores, topic)
    return frame, found, ("hybrid" if relevance.vectors else result.mode), topic


VERB_POOL = 60  # newest notes holding an act's verb alone considered

_ELIDED_TAIL = "[了吧啊呀呢嘛啦]?"


def _bare_verb_claims(ws: "Workspace", frame: Frame) -> list["Claim"]:
    """Statements, under any topic, that name the act by its verb alone and take a side on it, the
    user's or someone else's: 「老婆劝我别辞」 for 辞职 filed under 家庭, 「算了，不买了」. Search does not
    find them (the word 辞职 is not in them, and one character is no sign of relevance), so the
    words holding the verb are looked up (:func:`~mylife_core.search.retrieval.holding_words`) and
    the stance reader keeps those that speak of the act (:func:`.stance._act_at`)."""
    import re

    from ..search.retrieval import holding_words
    from .stance import _act_at, _act_verbs, _clauses

    verbs = sorted({word[:k] for word, k in _act_verbs(frame)}, key=len, reverse=True)
    if not verbs:
        return []
    pattern = ".{0,2}(?:" + "|".join(re.escape(v) for v in verbs) + ")" + _ELIDED_TAIL
    try:
        docs = holding_words(ws, pattern, layers=("claims",), limit=VERB_POOL)
    except Exception:  # noqa: BLE001 - an unreadable index leaves search's candidates alone
        return []
    out = []
    for doc in docs:
        text = doc["text"]
        if not any(_act_at(clause[i:], frame) for clause in _clauses(text) for i in range(len(clause))):
            continue  # the character inside another word (新 of 新机会 for 新房): the act is not named
        reading = read(text, frame)
        if reading.basis == "act" and (reading.side or reading.reported_side):
            claim = ws.claims.find(doc["uid"])
            if claim is not None:
                out.append(claim)
    return out


def _decision_topic(ws: "Workspace", conclusion: str, frame: Frame) -> str | None:
    """The topic of a conclusion no claim shares a word with ("我该跳槽" beside "同事们都很照顾我，
    真舍不得"): the topic its lens decision's evidence lives under (:func:`match_topic`, as ``ask``
    takes it), else the topic where most of the user's newest statements take a side on the act
    itself (the stance reader: "热爱这里，绝不想走" names 走), else None. The lens decision is matched on
    the conclusion's words, then on the words its act is read by (:attr:`.stance.Frame.own`)."""
    from collections import Counter

    from ..staleness.decisions import match_topic

    # ... or the act the conclusion names in other words: a stay conclusion ("你应该留下来") is against
    # leaving, and the lens decision that names leaving (跳槽, 辞职) holds its topic (session 29)
    topic = match_topic(ws, conclusion) or (match_topic(ws, " ".join(frame.own)) if frame.own else None)
    if topic:
        return topic
    sides: Counter[str] = Counter()
    for claim in ws.claims.query(limit=TOPIC_POOL, newest_first=True):
        if claim.topic and claim.is_evidence and frame.mentions(claim.claim) and not ws.claims.unvouched(claim):
            reading = read(claim.claim, frame)
            if reading.own and reading.basis == "act" and reading.side:
                sides[claim.topic] += 1
    return sides.most_common(1)[0][0] if sides else None


def _weigh_against_rivals(ws: "Workspace", relevance: Any, found: dict[str, Candidate], scores: dict[str, float],
                          topic: str | None) -> None:
    """Notes about the user's other decisions: a statement filed under another topic, reached by
    search or by meaning (not through a field the decision depends on), is set aside when it is
    nearer in meaning to an earlier question the user asked about another topic (the L4 chains)
    than to this conclusion. A notebook holds many decisions; without this, the vector side
    brought in other decisions' worries as counter-evidence (``bench/stance.py --crowded
    --past-asks``, docs/ask.md). Questions under the same topic are not rivals: they may be this
    decision asked again."""
    if not topic:
        return
    same = ws.plugins.topic_names(topic)  # its aliases are the same topic
    outside = [ref for ref, cand in found.items() if cand.topic not in same and "field" not in cand.via]
    if not outside:
        return
    try:
        rivals = [q for q, t in ws.index.recent_questions(RIVALS) if t and t not in same]
    except Exception:  # noqa: BLE001 - a damaged chain file is reported by trace/verify, not here
        return
    best: dict[str, tuple[float, str]] = {}
    for question in dict.fromkeys(rivals):
        for ref, score in relevance.scores(question, outside).items():
            if score > best.get(ref, (-1.0, ""))[0]:
                best[ref] = (score, question)
    for ref in outside:
        if ref in best and best[ref][0] > scores.get(ref, 0.0):
            found[ref].closer_to = best[ref][1]


SEARCH_RELEVANT = 0.4  # a search hit outside the topic must score this much (one common word is not enough)


def _about(cand: Candidate, topics: tuple[str, ...]) -> bool:
    """Is a candidate about the conclusion: in its topic (``topics``: the topic's names), or found by
    meaning or a dependency field?"""
    if cand.topic in topics:
        return True
    if cand.via & {"field", "vector", "verb"}:
        return True
    return "search" in cand.via and cand.relevance >= SEARCH_RELEVANT


def find_competing(ws: "Workspace", conclusion: str, *, topic: str | None = None, k: int = 8,
                   checker: "SourceChecker | None" = None, depends_on: list[str] | None = None,
                   model: Any = None, client: Any = None) -> CompetingResult:
    """Existing evidence against ``conclusion``, strongest first, each with its chain.

    :param depends_on: profile fields the decision depends on (their statements are candidates).
    :param model: LLM settings: classify the candidates' stances in one structured call too.
    """
    from ..errors import UsageError
    from ..messages import t
    from ..provenance import Pointer, decode, excerpt_bytes, hash_excerpt
    from ..trace import SourceChecker
    from .quoting import claim_words

    conclusion = (conclusion or "").strip()
    if not conclusion:
        raise UsageError("empty_text", what="conclusion")
    if k < 1 or k > 50:
        raise UsageError("search_bad_k", k=k, max=50)
    checker = checker or SourceChecker(ws)
    frame, candidates, mode, topic_guess = gather_candidates(ws, conclusion, topic=topic, depends_on=depends_on)
    covered = cited_lines(cand.claim for cand in candidates.values())
    # a line a claim cites that is not among the candidates (older than the topic's newest, filed
    # under another topic) is read through that claim or not at all: never as undistilled words
    # a line found only by being filed under the topic is read when its note was never distilled
    # (:func:`undistilled`); one search found is read whenever no claim cites it, as before
    raw_refs = [ref for ref, cand in candidates.items() if cand.claim is None]
    only_topic = {ref for ref in raw_refs if candidates[ref].via == {"topic"}}
    fresh = undistilled(ws, raw_refs, whole_notes=only_topic, known=covered) if raw_refs else set()
    readings: dict[str, Reading] = {}
    considered: list[Candidate] = []
    source_changed: list[str] = []
    states: dict[str, str] = {}
    set_aside: dict[str, int] = {}
    same = ws.plugins.topic_names(topic_guess) if topic_guess else ()  # its aliases are the same topic
    lines = 0
    for ref, cand in candidates.items():
        if not _about(cand, same):
            continue
        lead = ""
        if cand.claim is None:
            try:
                pointer = Pointer.parse(ref)
            except UsageError:
                continue
            if ref not in fresh:
                continue  # already distilled into a claim
            lead = _speech_lead(ws, pointer)
        else:
            state = checker.check(cand.claim).state
            states[ref] = state
            if state != "ok" or cand.claim.status == "stale":
                source_changed.append(ref)  # not evidence until the user re-confirms it
                continue
        if cand.closer_to is not None:  # about another decision: counted if it would have been listed
            if _own_against(read(lead + cand.text, frame), frame, cand):
                set_aside[cand.closer_to] = set_aside.get(cand.closer_to, 0) + 1
            continue
        considered.append(cand)
        readings[ref] = read(lead + cand.text, frame)
        lines += cand.claim is None

    model_info = None
    if model is not None and considered:
        from .stance_model import classify, merge

        verdicts, model_info = classify(ws, frame, considered, settings=model, client=client)
        readings = merge(frame, considered, readings, verdicts, model_info)

    digest_cache: dict[str, list] = {}
    words: dict[str, str] = {}  # the user's exact words each item rests on (pipeline/quoting.py)

    def chain_of(cand: Candidate) -> dict[str, Any] | None:
        claim = cand.claim
        if claim is None:
            try:
                pointer = Pointer.parse(cand.ref)
                excerpt = excerpt_bytes(ws.raw.read_bytes(pointer.file), pointer)
            except Exception:  # noqa: BLE001 - a line the index knows but the file lost: skip it
                return None
            if excerpt is None:
                return None
            cand.text = decode(excerpt).strip() or cand.text
            words[cand.ref] = cand.text
            return {"digest": [], "raw": cand.ref, "hash": hash_excerpt(excerpt), "state": "ok"}
        if states.get(cand.ref, "ok") == "ok" and (said := claim_words(claim, checker)):
            words[cand.ref] = said
        paragraphs = [p.ref for p in ws.digests.citing(claim.id, claim.topic, digest_cache)]
        return {"digest": paragraphs, "raw": claim.provenance, "hash": claim.excerpt_hash,
                "state": states.get(cand.ref, "ok")}

    items: list[CompetingEvidence] = []
    others: list[CompetingEvidence] = []
    disputed: list[CompetingEvidence] = []
    for cand in considered:
        reading = readings[cand.ref]
        own_against = _own_against(reading, frame, cand)
        other_against = not reading.own and reading.reported_side == -frame.side
        if not (own_against or other_against):
            continue
        chain = chain_of(cand)
        if chain is None:
            continue
        stance = "contradicts" if reading.basis == "act" else "weakens"
        in_topic = cand.topic in same
        score = (1.0 if stance == "contradicts" else 0.7) * (0.6 + 0.4 * min(1.0, cand.relevance + (0.5 if in_topic else 0)))
        if not reading.certain:
            score *= 0.6
        claim = cand.claim
        if claim is not None and claim.status == "disputed":
            score *= 0.7
        reason = _reason(reading, stance, cand.text)
        if claim is None:
            reason += t("ask.competing.raw_only")
        evidence = CompetingEvidence(
            ref=cand.ref, claim_id=claim.id if claim else None, text=cand.text, date=cand.date,
            topic=cand.topic, kind=claim.kind if claim else None, status=claim.status if claim else None,
            stance=stance, reason=reason, score=round(score, 4), chain=chain, certain=reading.certain,
            speaker=reading.speaker, form=reading.form, note=reading.note, words=words.get(cand.ref))
        (others if not own_against else disputed if reading.disputed else items).append(evidence)
    # claims first: a raw line reached only by being filed under the topic (not by search, meaning
    # or the act's verb) comes after them, so the lines of a user who only records fill the list
    # and, beside their claims, never push one out (the list keeps its length, k)
    after = {cand.ref for cand in considered if cand.claim is None and cand.via == {"topic"}}
    order = lambda c: (c.ref in after, -c.score, -c.date.toordinal(), c.ref)  # noqa: E731
    items = sorted(items, key=order)[:k]
    others = sorted(others, key=order)[:k]
    disputed = sorted(disputed, key=order)[:k]
    return CompetingResult(conclusion=conclusion, terms={w: frame.side for w in frame.act}, topic=topic_guess,
                           items=items, others=others, disputed=disputed, mode=mode, considered=len(considered),
                           source_changed=sorted(source_changed), set_aside=sum(set_aside.values()),
                           set_aside_to=sorted(set_aside, key=lambda q: -set_aside[q])[:3], model=model_info,
                           lines=lines)


def _speech_lead(ws: "Workspace", pointer: Any) -> str:
    """The line that introduces the pointed raw lines as someone's words, or "": a note that reads
    "我妈说：" on one line and "千万别辞职…" on the next quotes her on the second. Read alone, that
    line was the user's own (until session 23, "千万别辞职" was listed as the user contradicting
    "我该跳槽"); read after its lead-in it is her view, shown apart with her name."""
    from ..provenance import decode, split_lines

    try:
        lines = split_lines(ws.raw.read_bytes(pointer.file))
    except Exception:  # noqa: BLE001 - a file the index knows but the folder lost: read the line alone
        return ""
    for number in range(pointer.start - 1, 0, -1):
        line = decode(lines[number - 1]).strip() if number <= len(lines) else ""
        if line:
            return line if line.endswith(("：", ":")) else ""
    return ""


def _own_against(reading: Reading, frame: Frame, cand: Candidate) -> bool:
    """Is ``reading`` the user's own statement against the conclusion, to be listed? A reading the
    rules are unsure of (and have no note on) is listed only when the statement is clearly about
    the conclusion (:data:`WEAK_RELEVANT`); others' views are shown apart, not here."""
    sure = reading.certain or reading.note or cand.relevance >= WEAK_RELEVANT
    return bool(reading.own and reading.side == -frame.side and sure)


_NEGATION_BEFORE = re.compile(r"(?:不想|不愿意|不愿|不要|不|没有|没|别|未|并非|不是)$")


def _cue_as_said(text: str, cue: str) -> str:
    """``cue`` with the negation the text puts right before it: the reader records 值得 for
    「养车一年至少两万，不值得」, and 「提到「值得」」 would say the opposite of the note."""
    at = text.find(cue)
    if at <= 0:
        return cue
    before = _NEGATION_BEFORE.search(text[max(0, at - 3):at])  # "一天也不想多待了": 「不想多待」
    if before:
        return before.group(0) + cue
    # a negation with words between, as the state reader reads it (session 31): 「最近工作上的事让我
    # 不太开心」 is 「不太开心」, not 「开心」
    from .states import NEGATION

    window = CLAUSES.split(text[max(0, at - 6):at])[-1]
    between = NEGATION.search(window)
    return window[between.start():] + cue if between else cue


def _reason(reading: Reading, stance: str, text: str = "") -> str:
    from ..messages import t

    # the cues as the statement says them, the first two: 「算了一下，养车一年至少两万，不值得」 is
    # 提到「两万」「不值得」 (it was 「两万」 alone, the verdict unsaid)
    cues = list(dict.fromkeys(_cue_as_said(text, c) for c in (reading.cues or [reading.cue]) if c))[:2]
    word = t("sep.quotes").join(cues) if cues else "-"
    if stance == "contradicts" and reading.speaker is None:  # the act itself, named once
        word = _cue_as_said(text, reading.cue) if reading.cue else "-"
    if reading.speaker is not None:
        return t("ask.competing.reason.other", who=reading.speaker, word=word)
    key = {"contradicts": "ask.competing.reason.contradicts", "weakens": "ask.competing.reason.weakens"}[stance]
    text = t(key, word=word)
    if reading.form in ("hypothetical", "concession", "question", "adopted"):
        text += t(f"ask.competing.form.{reading.form}")
    if not reading.certain:
        text += t("ask.competing.unsure")
    note = reading.note
    if note:
        text += t("sep.paren", text=note)
    return text

"""Competing evidence: what the user has already said that weakens or contradicts a conclusion.

``mylife competing "你应该立刻辞职"`` and the tool ``mylife_competing`` call :func:`find_competing`;
every ``ask`` calls it for its draft conclusion before composing (docs/design.md#both-sides), so a flattering
answer has to face the evidence against it.

How (deterministic, explainable):

1. search claims and raw lines for the conclusion (synonyms expanded: 辞职 ~ 离职 ~ 跳槽);
2. read the conclusion's side on each of its terms ("应该辞职" is for 辞职);
3. a claim or line that takes the other side of one of those terms *contradicts* it
   ("热爱这里，绝不想走"); one on the same topic that raises a caution (房贷, 存款不够, 担心,
   但是 ...) *weakens* it; one on the same side is support and is left out;
4. every result carries its chain: claim -> digest paragraphs -> ``raw/FILE#Lnn`` and whether
   the lines still hash to what was recorded.

An empty result is reported as such (``empty``), never silently.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .answer import CompetingEvidence
from .stance import has_caution, key_terms, term_polarity, with_stance_aliases

if TYPE_CHECKING:  # pragma: no cover
    from ..trace import SourceChecker
    from ..workspace import Workspace

POOL = 60  # search hits considered
TOPIC_POOL = 150  # newest claims of the topic checked for cautions


@dataclass
class CompetingResult:
    conclusion: str
    terms: dict[str, int]  # the conclusion's side on each term it was read on
    topic: str | None
    items: list[CompetingEvidence] = field(default_factory=list)
    mode: str = "keyword"
    considered: int = 0

    @property
    def empty(self) -> bool:
        return not self.items

    def note(self) -> str | None:
        from ..messages import t

        return t("ask.competing.empty", conclusion=self.conclusion) if self.empty else None

    def to_json(self) -> dict[str, Any]:
        return {"conclusion": self.conclusion, "topic": self.topic, "terms": self.terms, "mode": self.mode,
                "considered": self.considered, "count": len(self.items), "empty": self.empty,
                "note": self.note(), "items": [i.model_dump(mode="json") for i in self.items]}


def conclusion_sides(conclusion: str, terms: list[str], expansions: dict[str, list[str]]) -> dict[str, int]:
    """``{"辞职": 1, "离职": 1, "跳槽": 1}`` for "你应该立刻辞职" (synonyms share the word's side)."""
    sides: dict[str, int] = {}
    for term in key_terms(terms):
        side = term_polarity(conclusion, term)
        if side:
            sides[term] = side
    for word, synonyms in expansions.items():
        side = sides.get(word) or term_polarity(conclusion, word)
        if not side:
            continue
        for syn in key_terms(synonyms):
            sides.setdefault(syn, side)
    return with_stance_aliases(sides)


def _judge(text: str, sides: dict[str, int], same_topic: bool) -> tuple[str, str, str] | None:
    """(stance, term or cue, reason key) for a text against the conclusion's sides, or None.

    A caution (房贷, 担心, 但是 ...) weakens a conclusion to *do* something; a conclusion not to
    act is weakened only by statements for acting (they contradict it).
    """
    shares = False
    for term, side in sides.items():
        polarity = term_polarity(text, term)
        if not polarity:
            continue
        shares = True
        if polarity != side:
            return "contradicts", term, "ask.competing.reason.contradicts"
    cue = has_caution(text)
    acting = any(side > 0 for side in sides.values())
    if cue and acting and (shares or same_topic):
        return "weakens", cue, "ask.competing.reason.weakens"
    return None


def find_competing(ws: "Workspace", conclusion: str, *, topic: str | None = None, k: int = 8,
                   checker: "SourceChecker | None" = None) -> CompetingResult:
    """Existing evidence against ``conclusion``, strongest first, each with its chain."""
    from ..errors import UsageError
    from ..messages import t
    from ..provenance import Pointer, decode, excerpt_bytes, hash_excerpt
    from ..search import recall
    from ..trace import SourceChecker

    conclusion = (conclusion or "").strip()
    if not conclusion:
        raise UsageError("empty_text", what="conclusion")
    if k < 1 or k > 50:
        raise UsageError("search_bad_k", k=k, max=50)
    checker = checker or SourceChecker(ws)
    result = recall(ws, conclusion, topic=topic, layers=["claims", "raw"], k=POOL, evidence_only=True)
    sides = conclusion_sides(conclusion, result.terms, result.expansions)
    if topic is None:
        topics = Counter(h.topic for h in result.hits if h.layer == "claims" and h.topic)
        topic_guess = topics.most_common(1)[0][0] if topics else None
    else:
        topic_guess = topic

    found: dict[str, CompetingEvidence] = {}
    covered_lines: set[tuple[str, int]] = set()  # (file, line) already distilled into a claim we saw
    digest_cache: dict[str, list] = {}

    def chain_of(claim) -> dict[str, Any]:
        if claim.topic not in digest_cache:
            digest_cache[claim.topic] = ws.digests.paragraphs(claim.topic)
        paragraphs = [p.ref for p in digest_cache[claim.topic] if claim.id in p.claim_ids]
        check = checker.check(claim)
        return {"digest": paragraphs, "raw": claim.provenance, "hash": claim.excerpt_hash, "state": check.state}

    def cover(provenance: str | None) -> None:
        if provenance:
            try:
                p = Pointer.parse(provenance)
            except UsageError:
                return
            covered_lines.update((p.file, n) for n in range(p.start, p.end + 1))

    def consider_claim(claim, relevance: float) -> None:
        cover(claim.provenance)
        if claim.id in found or not claim.is_evidence:
            return
        judged = _judge(claim.claim, sides, same_topic=bool(topic_guess) and claim.topic == topic_guess)
        if judged is None:
            return
        stance, word, key = judged
        score = (1.0 if stance == "contradicts" else 0.6) * (0.5 + min(1.0, relevance))
        if claim.kind == "inference":
            score *= 0.5
        if claim.status in ("disputed", "stale"):
            score *= 0.7
        chain = chain_of(claim)
        if chain["state"] != "ok":
            score *= 0.5
        found[claim.id] = CompetingEvidence(
            ref=claim.id, claim_id=claim.id, text=claim.claim, date=claim.occurred_at, topic=claim.topic,
            kind=claim.kind, status=claim.status, stance=stance, reason=t(key, word=word), score=round(score, 4),
            chain=chain)

    considered = 0
    for hit in result.hits:
        if hit.layer != "claims":
            continue
        claim = ws.claims.find(hit.claim_id or hit.ref)
        if claim is not None:
            considered += 1
            consider_claim(claim, hit.score)
    if topic_guess:
        for claim in ws.claims.query(topic=topic_guess, limit=TOPIC_POOL, newest_first=True):
            considered += 1
            consider_claim(claim, 0.0)
    for hit in result.hits:  # the user's own lines not yet distilled into a claim
        if hit.layer != "raw":
            continue
        try:
            pointer = Pointer.parse(hit.ref)
        except UsageError:
            continue
        if any((pointer.file, n) in covered_lines for n in range(pointer.start, pointer.end + 1)):
            continue
        considered += 1
        judged = _judge(hit.text, sides, same_topic=bool(topic_guess) and hit.topic == topic_guess)
        if judged is None:
            continue
        stance, word, key = judged
        try:
            data = ws.raw.read_bytes(pointer.file)
            excerpt = excerpt_bytes(data, pointer)
        except Exception:  # noqa: BLE001 - a line the index knows but the file lost: skip it
            continue
        if excerpt is None:
            continue
        score = (1.0 if stance == "contradicts" else 0.6) * (0.5 + min(1.0, hit.score)) * 0.9
        found[hit.ref] = CompetingEvidence(
            ref=hit.ref, claim_id=None, text=decode(excerpt).strip() or hit.text, date=hit.date, topic=hit.topic,
            kind=None, status=None, stance=stance, reason=t(key, word=word) + t("ask.competing.raw_only"),
            score=round(score, 4), chain={"digest": [], "raw": hit.ref, "hash": hash_excerpt(excerpt), "state": "ok"})
    items = sorted(found.values(), key=lambda c: (-c.score, -c.date.toordinal(), c.ref))[:k]
    return CompetingResult(conclusion=conclusion, terms=sides, topic=topic_guess, items=items, mode=result.mode,
                           considered=considered)

"""The topic of a question no lens decision covers: found in the user's own claims and digests.

``ask "我最近睡得好吗？"`` names no decision a lens knows, so its topic comes from what the user has
written: every evidence claim (and digest paragraph) is scored against the question and the
scores are summed per topic; the best topic wins when it clearly leads. The score of a claim is
the weight of the question's words it holds (rare words weigh more than common ones, like a
search engine's IDF, computed over the user's own claims), with the single characters of those
words as a fallback (睡 links 睡得 to 睡眠 and 入睡), plus the search engine's hits and, with the
vector plugin, the claims nearest in meaning. The brief then says which topic and why
(:attr:`TopicMatch.reason`), and the staleness check uses the profile fields that topic's claims
speak of (:func:`topic_fields`).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Iterable

    from ..workspace import Workspace

POOL = 3000  # newest evidence claims scored
LEAD = 1.3  # the best topic must beat the second by this factor
MIN_SCORE = 2.0  # ... reach this much evidence
MIN_COVERAGE = 0.5  # ... and its claims must hold at least half of the question's content characters
STOP_CHARS = set("我你他她它的了是在吗呢吧啊呀么得地着过也都就还又很太更最好不没有个这那些么该要会能想做去来说看")


@dataclass
class TopicMatch:
    topic: str
    score: float
    reason: str
    examples: list[str] = field(default_factory=list)
    scores: dict[str, float] = field(default_factory=dict)


def _terms(ws: "Workspace", question: str) -> tuple[list[str], list[str], int]:
    """The question's words (its own, then their synonyms), their content characters, and how
    many of the words are the question's own."""
    from ..search.engine import handle
    from ..search.segment import STOPWORDS
    from .stance import STOP_TERMS

    segmenter, thesaurus = handle(ws).language_tools(ws)
    words = [w for w in segmenter.query_terms(question) if w not in STOPWORDS and w not in STOP_TERMS
             and any(ch.isalnum() for ch in w) and not all(ch in STOP_CHARS for ch in w)]
    chars = list(dict.fromkeys(ch for w in words for ch in _content(w)))
    own = len(words)
    for syns in thesaurus.expand(question, segmenter.query_spans(question)).values():
        words += [s for s in syns if s not in words]
    return words, chars, own


def _holds(text: str, word: str, *, whole: bool = False, tokens: "Callable[[str], list[str]] | None" = None) -> bool:
    """Does one claim's ``text`` say ``word``: the word itself, or (unless ``whole``: a synonym
    counts whole, 看房 is not 房) the characters of it that carry meaning, said together: one
    (睡 of 睡得 in 睡眠不好: 得 carries none) anywhere, several side by side (分手 of 想分手) or
    inside one word of the text as the segmenter cuts it (``tokens``). The characters of one word
    spread over different claims say nothing together, nor over different words of one claim:
    分 of 分期 and 手 of 手机 in 「手机可能也有分期」 are not 分手 (until session 28 they were, and
    「要不要分手？」 was matched to the user's money notes)."""
    if word in text:
        return True
    if whole:
        return False
    content = _content(word)
    if not content:
        return False
    if len(content) == 1:
        return content[0] in text
    if "".join(content) in text:
        return True
    if tokens is None or not all(ch in text for ch in content):
        return False
    return any(all(ch in token for ch in content) for token in tokens(text))


class QuestionWords:
    """The words of a question (its own, then their synonyms, and ``extra`` words taken whole),
    and whether a note says one of them (:func:`_holds`): the test a note passes to count toward
    the question's topic, here and in ``ask``'s choice of the topic its search hits live under."""

    def __init__(self, ws: "Workspace", question: str, extra: "Iterable[str]" = ()) -> None:
        from ..search.engine import handle
        from .phrasings import FAMILIES, named_in, patterns_for
        from .stance import STAY_OPPOSITES, asks_an_act, frame_for, negate_question

        self.words, self.chars, self.own = _terms(ws, question)
        # a question saying a thing in a sentence of its family (「要不要换组？」): the family's names
        # are its words too, taken whole (转组, 调岗 …; :mod:`.phrasings`)
        self.words += [w for w in named_in(question) if w not in self.words]
        extra = [w for w in dict.fromkeys(extra) if w]
        self.words += [w for w in extra if w not in self.words]
        self._segmenter, thesaurus = handle(ws).language_tools(ws)
        # a decision's act: a note about it says more than to whom (朋友 of 「要不要借钱给朋友？」)
        # or a verb's one character (换 of 「要不要换城市？」); until session 29 「按朋友建议把学历
        # 放在简历最后」 said 朋友, and the user's career notes were weighed for and against lending
        # money. Nor does a synonym of such a word (好友).
        frame = frame_for(negate_question(question)[0]) if asks_an_act(question) else None
        aside = frame.aside if frame is not None else ()
        if frame is not None and frame.act == STAY_OPPOSITES:
            # staying is not leaving (「我该不该留下来？」): notes saying 辞职 / 离职 … are about it
            self.words += [w for w in STAY_OPPOSITES if len(w) > 1 and w not in self.words]
        self.aside = set(aside)
        for word in aside:
            for syns in thesaurus.expand(word, self._segmenter.query_spans(word)).values():
                self.aside.update(syns)
        self.aside -= set(extra)
        # and a word of the question whose meaningful characters are only such ones: 要学 of 「要学英语」
        # (the segmenter's cut of the draft 「要学英语」) said 学 of 「新岗位要学 Flink」
        single = {w for w in self.aside if len(w) == 1}
        self.aside.update(w for w in self.words[:self.own] if (content := _content(w)) and set(content) <= single)
        # what its words are called in a sentence no synonym holds: 熬夜 said 「两点才睡」 (:mod:`.phrasings`)
        self.patterns = patterns_for([w for w in self.words if w not in self.aside])
        # ... and the words naming those families (熬夜, 晚睡 … / 转组, 调岗 …)
        self.family_words = [w for names, pattern in FAMILIES if pattern in self.patterns for w in names]

    def tokens(self, text: str) -> list[str]:
        return self._segmenter.tokens(text)

    def said_in(self, text: str) -> bool:
        return any(_holds(text, word, whole=i >= self.own, tokens=self.tokens)
                   for i, word in enumerate(self.words) if word not in self.aside) or self.phrased_in(text)

    def phrased_in(self, text: str) -> bool:
        """Does ``text`` say one of the words in a sentence of its family (「两点才睡」 for 熬夜)?"""
        return any(p.search(text) for p in self.patterns)


def _content(word: str) -> list[str]:
    """The characters of ``word`` that carry meaning: Chinese ones, not :data:`STOP_CHARS`."""
    return [ch for ch in word if "\u4e00" <= ch <= "\u9fff" and ch not in STOP_CHARS]


def topic_for_question(ws: "Workspace", question: str) -> TopicMatch | None:
    """The user's topic a question is about (see the module docstring), or None when none leads."""
    from ..messages import t
    from ..search import recall
    from .relevance import Relevance

    claims = [c for c in ws.claims.query(limit=POOL, newest_first=True)
              if c.is_evidence and c.kind != "inference" and not ws.claims.unvouched(c)]
    if not claims:
        return None
    asked = QuestionWords(ws, question)  # its words, once: scored here, and the test below
    words, chars = asked.words, asked.chars
    n = len(claims)
    texts = {c.id: f"{c.claim} {c.context or ''}" for c in claims}
    df: Counter[str] = Counter()
    for text in texts.values():
        for term in set(words) | set(chars):
            if term in text:
                df[term] += 1
    idf = {term: math.log((n + 1) / (df[term] + 0.5)) for term in df}
    per_claim: dict[str, float] = {}
    # a sentence saying a word in other words (「两点才睡」 for 熬夜) counts as the word does, with the
    # rarity of the thing: of the notes saying it in other words or naming it (调岗). Counted over the
    # first alone, 「部门将拆分，可能被调去数据平台组」 outweighed 「正式调岗到数据平台组」, which says it
    phrased = {c.id for c in claims if asked.phrased_in(texts[c.id])}
    said_any = {c.id for c in claims if c.id in phrased or any(w in texts[c.id] for w in asked.family_words)}
    phrased_idf = math.log((n + 1) / (len(said_any) + 0.5)) if phrased else 0.0
    for c in claims:
        text = texts[c.id]
        score = sum(2 * idf[w] for w in words if w in idf and w in text)
        score += sum(0.5 * idf[ch] for ch in chars if ch in idf and ch in text)
        if c.id in phrased:
            score += 2 * phrased_idf
        if score > 0:
            per_claim[c.id] = score
    topics: dict[str, list[float]] = defaultdict(list)
    by_id = {c.id: c for c in claims}
    for cid, score in per_claim.items():
        topics[by_id[cid].topic].append(score)
    try:
        hits = recall(ws, question, layers=["claims", "digest"], k=30, evidence_only=True).hits
    except Exception:  # noqa: BLE001 - an unreadable index leaves the word scores alone
        hits = []
    for hit in hits:
        if hit.layer == "digest" or (hit.claim_id in by_id):
            topics[hit.topic].append(2.0 * hit.score)
    relevance = Relevance(ws)
    for ref, score in relevance.nearest(question, 30):
        claim = by_id.get(ref)
        if claim is not None and score >= 0.25:
            topics[claim.topic].append(4.0 * score)
    totals = {topic: sum(sorted(scores, reverse=True)[:8]) for topic, scores in topics.items() if topic}
    if not totals:
        return None
    ranked = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    best, score = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    if score < MIN_SCORE or score < LEAD * second:
        return None
    mine = [texts[c.id] for c in claims if c.topic == best]
    said = "".join(mine)
    covered = sum(1 for ch in chars if ch in said)
    if chars and covered / len(chars) < MIN_COVERAGE and not any(w in said for w in words) \
            and not any(asked.phrased_in(text) for text in mine):
        return None  # "换个城市生活": one shared character (换) is not a topic
    if not any(asked.said_in(text) for text in mine):
        # "买房": 买 of 买电脑 in one claim and 房 of 房租 in another are not about buying a flat;
        # "分手": nor 分 of 分期 and 手 of 手机 in one claim about an instalment plan
        return None
    examples = [by_id[cid].claim for cid, _ in sorted(per_claim.items(), key=lambda kv: -kv[1])
                if by_id[cid].topic == best][:2]
    count = sum(1 for cid in per_claim if by_id[cid].topic == best)
    reason = t("ask.topic.why", n=count, example=examples[0] if examples else best)
    return TopicMatch(topic=best, score=round(score, 2), reason=reason, examples=examples,
                      scores={k: round(v, 2) for k, v in ranked[:5]})


def topic_fields(ws: "Workspace", topic: str, *, limit: int = 300) -> list[str]:
    """Profile fields the topic's claims speak of (by name, dictionary aliases or meaning words)."""
    from .ask import field_words

    fields = ws.profile.fields()
    if not fields:
        return []
    said = " ".join(f"{c.claim} {c.context or ''}" for c in ws.claims.query(topic=topic, limit=limit, newest_first=True)
                    if c.is_evidence)
    out = []
    for name, f in fields.items():
        words = [name, *field_words(ws, name)]
        if any(w and w in said for w in words) or getattr(f, "topic", None) == topic:
            out.append(name)
    return out


def known_topics(ws: "Workspace") -> list[str]:
    """Every topic the workspace knows, the most used first: those of its claims, raw notes and
    digests, and those its plugins declare."""
    used: Counter[str] = Counter(ws.claims.counts().get("topic", {}))
    for record in ws.raw.records():
        used[record.topic] += 1
    for path in ws.digests.topics():
        used[path.stem] += 0
    for name in ws.plugins.topics():
        used[name] += 0
    return [name for name, _ in sorted(used.items(), key=lambda item: (-item[1], item[0]))]


def require_topic(ws: "Workspace", topic: str | None) -> None:
    """A ``--topic`` filter must name a topic the workspace knows: a typo would otherwise look
    like "nothing found". Raises :class:`~mylife_core.errors.NotFound` listing the known ones."""
    from ..errors import NotFound
    from ..messages import join, t

    if topic is None:
        return
    if ws.claims.store.query(topic=topic, limit=1) or ws.plugins.topic_spec(topic) is not None:
        return  # the usual case: one indexed row, not the whole table counted nor the raw manifest read
    known = known_topics(ws)
    if topic in known:
        return
    shown = join(known[:12]) + ("…" if len(known) > 12 else "") if known else t("topic.none_yet")
    raise NotFound("unknown_topic", topic=topic, known=shown)

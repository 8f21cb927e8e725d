"""Builtin drift signal: how far the turn's words are from the current line (docs/design.md#drift, 可信度中).

The turn is cut into content words with the search package's own segmenter (rjieba with the
lenses' words and the workspace dictionary; function and filler words dropped), and each word is
compared with the current line's vocabulary: its topic's and decision's names, aliases and
keywords, the names and aliases of its profile fields, and the words of the line's recent user
turns; synonyms count (``换工作`` is on a line about ``跳槽``). A word that is not on the line is
*foreign* when it belongs to another topic a lens knows (``房贷`` on a career line), else
*unknown* (a new word may be a new subject, or just a new detail)::

    distance = (foreign + 0.6 × unknown) / content words
    score    = 0.8 × distance × confidence

``confidence`` is lower for a turn with a single content word (0.5) and for one that opens by
pointing back at what was just said ("那…", "所以…", "为什么": 0.6). The 0.8 cap keeps this
signal from deciding alone (a medium signal needs 0.84, see :mod:`mylife_core.chat.drift`):
measured on the labelled set, lexical distance on short Chinese turns says "new subject" for
most turns with fresh details, so it only adds weight to a marker or a field-set signal.
A ``vector_index`` plugin could replace it with an embedding distance.
"""

from __future__ import annotations

import re
from typing import Any

from mylife_core import hookimpl

# Words that carry no topic in a chat turn (beyond the search stopwords).
CHAT_FILLER = frozenset(
    "觉得 感觉 现在 最近 真的 其实 可能 应该 还是 一下 一直 已经 知道 想 想要 需要 问题 事情 情况 东西 时候 "
    "怎么办 怎么 觉 说 看 做 要 能 会 该 不 好 再 才 还 想想 考虑 打算 一点 有点 比较 非常 特别 挺 真 "
    "自己 咱们 这样 那样 这么 那么 然后 所以 因为 如果 虽然 可是 但是 不过 而且 或者 是否 吗 呢 吧 啊 "
    "今天 昨天 明天 一起 我们 帮 帮我 请 谢谢 好的 行 嗯 哦 对 是的 没错 可以 不行 一样 一些 多 少 "
    "的话 够不够 能不能 要不要 不要 可不可以 是不是 有没有 几个 几 月 年 天 撑 先 不管 换个 话题 说回 回 另外 "
    "对了 为什么 为啥 什么 哪 哪里 去 来 让 给 聊 聊聊 说说 问 问问 谈谈 看看 关于 方面 这件 那件 件 事 下".split()
)
_BACK_REFERENCE = re.compile(r"^(那|那么|所以|这样的话|这样|如果这样|那样的话|照这么说|按你说的|你说的|刚才说的|为什么|为啥|嗯|对|是的|可是|但是|不过)")
SHORT_CONFIDENCE = 0.5
BACK_REFERENCE_CONFIDENCE = 0.6
UNKNOWN_WEIGHT = 0.6
CAP = 0.8


def content_terms(workspace: Any, text: str) -> list[str]:
    from mylife_core.search.engine import handle

    segmenter, _ = handle(workspace).language_tools(workspace)
    terms = segmenter.query_terms(text)
    # keep the longest words: search mode also yields their pieces (北京大学 -> 北京, 大学)
    words = [w for w in terms if w not in CHAT_FILLER and not w.isdigit() and len(w.strip()) > 0]
    return [w for w in words if not any(w != o and w in o for o in words)]


def _words_of(workspace: Any, *, decision: str | None, topic: str | None, fields: frozenset[str]) -> set[str]:
    from mylife_core.chat.topics import topic_vocabulary
    from mylife_core.search.segment import normalize
    from mylife_core.staleness.ttl import field_index

    words = {normalize(w) for w in topic_vocabulary(workspace, decision=decision, topic=topic)}
    for spec in {id(s): s for s in field_index(workspace).values()}.values():
        if spec.name in fields:
            words.update(normalize(w) for w in (spec.name, *spec.aliases))
    return {w for w in words if w}


def _vocabulary(workspace: Any, session: Any) -> set[str]:
    current = session.current
    words = _words_of(workspace, decision=current.decision, topic=current.topic, fields=session.current_fields)
    for text in session.recent_user_texts(6):
        words.update(content_terms(workspace, text))
    if current.question:
        words.update(content_terms(workspace, current.question))
    return words


def _foreign_vocabulary(workspace: Any, session: Any) -> set[str]:
    """Words of the other topics the lenses know."""
    from mylife_core.chat.topics import line_fields

    words: set[str] = set()
    for name in workspace.plugins.topics():
        if name == session.current.topic:
            continue
        words |= _words_of(workspace, decision=None, topic=name,
                           fields=line_fields(workspace, decision=None, topic=name))
    for spec in workspace.plugins.decisions().values():
        if spec.topic != session.current.topic:
            words |= _words_of(workspace, decision=spec.name, topic=None, fields=frozenset())
    return words


def _matches(term: str, vocabulary: set[str], synonyms: dict[str, list[str]]) -> bool:
    if term in vocabulary:
        return True
    if len(term) >= 2 and any(term in w or (len(w) >= 2 and w in term) for w in vocabulary):
        return True
    return any(s in vocabulary for word, group in synonyms.items() if word == term or (len(word) >= 2 and word in term)
               for s in group)


@hookimpl
def detect_drift(turn: str, session: Any, workspace: Any):
    from mylife_core.messages import join, t
    from mylife_core.search.engine import handle
    from mylife_core.specs import DriftSignal

    vocabulary = _vocabulary(workspace, session)
    if not vocabulary:
        return None
    terms = content_terms(workspace, turn)
    if not terms:
        return DriftSignal(signal="text_distance", score=0.0, weight="medium", evidence=t("drift.text.empty"))
    segmenter, thesaurus = handle(workspace).language_tools(workspace)
    synonyms = thesaurus.expand(turn, segmenter.query_spans(turn))
    matched = [w for w in terms if _matches(w, vocabulary, synonyms)]
    foreign_words = _foreign_vocabulary(workspace, session)
    foreign = [w for w in terms if w not in matched and _matches(w, foreign_words, synonyms)]
    unknown = len(terms) - len(matched) - len(foreign)
    distance = (len(foreign) + UNKNOWN_WEIGHT * unknown) / len(terms)
    confidence = 1.0
    notes = []
    if len(terms) < 2:
        confidence = min(confidence, SHORT_CONFIDENCE)
        notes.append(t("drift.text.short"))
    if _BACK_REFERENCE.match(turn.strip()):
        confidence = min(confidence, BACK_REFERENCE_CONFIDENCE)
        notes.append(t("drift.text.back_reference"))
    score = CAP * distance * confidence
    if foreign:
        notes.append(t("drift.text.foreign", words=join(foreign[:6])))
    evidence = t("drift.text.evidence", terms=join(terms[:8]), line=session.current.name,
                 matched=join(matched[:8]) or t("word.none"), n=len(matched), total=len(terms))
    if notes:
        evidence = join([evidence, *notes], "semi")
    return DriftSignal(signal="text_distance", score=round(score, 3), weight="medium", evidence=evidence)

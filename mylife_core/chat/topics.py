"""What a piece of conversation is about: topic, decision and the profile fields behind them.

Topics and decisions come only from lenses (``register_topics``, ``register_decisions``), matched
by :mod:`mylife_core.staleness.decisions` (names, aliases, synonyms, keywords). A line's *field
set* (docs/design.md#drift) is what a decision on it depends on: the best decision's ``depends_on`` plus
the fields its topic lists, under their dictionary names (``月薪`` counts as ``月收入``).
``optional`` fields are left out on purpose: they are where two domains touch (a career
decision may look at the rent), not what either is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..specs import DecisionSpec, TopicSpec
    from ..staleness.decisions import Match
    from .session import Line
    from ..workspace import Workspace

# A question that asks for a decision, not a remark: "该不该", "要不要", "能不能" (A-not-A),
# "是否", "值不值", "怎么办", a question mark ...
_QUESTION = re.compile(r"[?？]|(.)[不没]\1|是否|值不值|划不划|怎么办|怎么选|如何|多久|多少|哪个|吗\s*$|吗[，,。.!！~～…]")
# ... and a question without its mark: 为什么 / 什么 / 怎么 / 呢, except where the word asks nothing:
# "不知道为什么" (somehow), "这就是为什么…" (a statement), "没什么" / "没做什么" / "什么都" / "做点什么" /
# "…什么的" (nothing, everything, something, etc.), "不怎么" / "怎么也" / "再怎么" / "不管怎么" (hardly,
# however), "(不)知道怎么/什么…" (what the user knows or not, told),
# "怎么这么累" (an exclamation), and a 呢 that says "still" ("还在加班呢", "好着呢")
_WH_QUESTION = re.compile(
    r"(?<!知道)(?<!就是)(?<!这是)(?<!那是)(?<!也是)(?<!不)(?:为什么|为啥|为何)"
    r"|(?<![没不为些点])(?<!没.)(?<!无论)(?<!不管)(?<!不论)(?<!知道)(?:什么|啥)(?![都也的似]|好[^，,。.!！?？]{0,6}的)"
    r"|(?<![不没再])(?<!无论)(?<!不管)(?<!不论)(?<!知道)(?:怎么|怎样|咋)(?![也都]|这么|那么|就)")
# a concessive ("不管去不去", "无论买不买", "不论是不是…", "无论如何") asks nothing: the turn goes on to say
# what holds either way ("…，我都要先把房贷还完"); its words, up to the clause's end or its 都 / 也, are
# not read for a question (a question mark still asks)
_CONCESSIVE = re.compile(r"(?:不管|无论|不论)[^，,。.!！?？;；：:\n]*?(?=[都也，,。.!！?？;；：:\n]|$)")
_NE_QUESTION = re.compile(r"(?:^|[，,。.!！；;\s])([^，,。.!！；;\s]{1,6})呢[\s。.!！~～…]*$")
_NE_STILL = re.compile(r"着|在|正|还|已经|都")
_CLAUSE = re.compile(r"[，,。.!！?？;；：:\n]")
_FILLER_START = re.compile(r"^(嗯|哦|啊|唉|哎|对了|另外|还有|话说|那个|就是|其实|然后|所以|可是|但是|不过)[，,、\s]*")
# words that change the subject, at the start of a turn ("先不管这个，…"): not part of its question
_LEAD_IN = re.compile(r"^((好了|好吧|算了|嗯|那)[，,\s]*)?(先不管(这个|那个|了)?|先不说(这个|那个|了)?|先不聊(这个|那个|了)?|"
                      r"换个话题|换一个话题|题外话|另外|对了|还有|顺便(问|说)?(一下|一句)?|话说|说回|言归正传)[了吧]?[，,、：:\s]*")


@dataclass
class TopicGuess:
    """The decisions and topics a text matches, best first."""

    text: str
    decisions: list["Match"] = field(default_factory=list)
    topics: list["Match"] = field(default_factory=list)

    @property
    def decision(self) -> "DecisionSpec | None":
        return self.decisions[0].spec if self.decisions else None  # type: ignore[return-value]

    @property
    def topic(self) -> str | None:
        """The claim topic: the best decision's topic, else the best matching topic."""
        for match in self.decisions:
            if match.spec.topic:  # type: ignore[union-attr]
                return match.spec.topic  # type: ignore[union-attr]
        return self.topics[0].name if self.topics else None

    @property
    def known(self) -> bool:
        return bool(self.decisions or self.topics)

    @property
    def terms(self) -> list[str]:
        return list(dict.fromkeys(t for m in [*self.decisions, *self.topics] for t in m.terms))

    def topic_names(self) -> set[str]:
        names = {m.name for m in self.topics}
        names.update(m.spec.topic for m in self.decisions if m.spec.topic)  # type: ignore[union-attr]
        return names


def classify(ws: "Workspace", text: str) -> TopicGuess:
    from ..staleness.decisions import rank_decisions, rank_topics

    return TopicGuess(text, rank_decisions(ws, text), rank_topics(ws, text))


def is_question(text: str) -> bool:
    """Does the turn ask something (rather than tell or vent)?"""
    text = _CONCESSIVE.sub("，", text.strip())
    if _QUESTION.search(text) or _WH_QUESTION.search(text):
        return True
    ne = _NE_QUESTION.search(text)  # "那存款呢": a short clause ending in 呢
    return ne is not None and not _NE_STILL.search(ne.group(1))


def strip_lead_in(text: str) -> str:
    """The turn without the words that changed the subject ("先不管这个，存款够吗" -> "存款够吗")."""
    stripped = _LEAD_IN.sub("", text.strip()).strip()
    return stripped or text.strip()


def excerpt_label(text: str, n: int = 12) -> str:
    """A short name for a topic no lens knows: the turn's first clause (``我妈最近身体不太好``)."""
    body = _FILLER_START.sub("", text.strip())
    first = next((part.strip() for part in _CLAUSE.split(body) if part.strip()), body.strip())
    first = re.sub(r"[/\\\t\r\x00]", " ", first)
    return first if len(first) <= n else first[: n - 1] + "…"


def _topic_spec(ws: "Workspace", name: str | None) -> "TopicSpec | None":
    return ws.plugins.topic_spec(name)


def canonical_fields(ws: "Workspace", names: list[str]) -> frozenset[str]:
    """Field names under their dictionary name (``月薪`` -> ``月收入``)."""
    from ..staleness.ttl import field_index, norm

    index = field_index(ws)
    out = set()
    for name in names:
        spec = index.get(norm(name))
        out.add(spec.name if spec is not None else name)
    return frozenset(out)


def mentioned_fields(ws: "Workspace", text: str) -> frozenset[str]:
    """Profile fields a text names (by dictionary name or alias, two characters or more)."""
    from ..staleness.ttl import field_index, norm

    folded = norm(text)
    return frozenset(spec.name for word, spec in field_index(ws).items() if len(word) >= 2 and word in folded)


def line_fields(ws: "Workspace", *, decision: str | None, topic: str | None) -> frozenset[str]:
    """The field set of a line (see the module docstring); empty when no lens knows it."""
    names: list[str] = []
    spec = ws.plugins.decisions().get(decision) if decision else None
    if spec is not None:
        names += spec.depends_on
        topic = topic or spec.topic
    topic_spec = _topic_spec(ws, topic)
    if topic_spec is not None:
        names += topic_spec.fields
    return canonical_fields(ws, names) if names else frozenset()


def topic_vocabulary(ws: "Workspace", *, decision: str | None, topic: str | None) -> list[str]:
    """Words that say a text is on this line: names, aliases and keywords of its topic and decision."""
    words: list[str] = []
    spec = ws.plugins.decisions().get(decision) if decision else None
    if spec is not None:
        words += [spec.name, *spec.aliases, *spec.keywords]
        topic = topic or spec.topic
    topic_spec = _topic_spec(ws, topic)
    if topic_spec is not None:
        words += [topic_spec.name, *topic_spec.aliases, *topic_spec.keywords]
    elif topic:
        words.append(topic)
    return words


def line_from_text(ws: "Workspace", text: str, *, question: str | None = None) -> "Line":
    """The line a text opens: its decision and topic when a lens knows them, else a short label."""
    from ..errors import UsageError
    from ..layers.raw import check_topic
    from .session import Line

    guess = classify(ws, text)
    decision = guess.decision.name if guess.decision is not None else None
    topic = guess.topic
    label = decision or topic
    if topic is None:
        label = excerpt_label(text)
        try:
            topic = check_topic(label)
        except UsageError:
            topic = None
    if question is None and decision and is_question(text):
        question = text
    return Line(topic=topic, decision=decision, label=label, question=question)

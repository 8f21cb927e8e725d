"""Words that say someone's life may be in danger, and what MyLife says then (docs/ask.md#safety).

A decision tool must not weigh "should I kill myself?" like "should I change jobs?": laying out
evidence on both sides, with a draft conclusion 「我该自杀」 and "no evidence weakens it", is the
worst answer it could give. Every command that would reason about the user's words calls
:func:`crisis` first, the one detector (``ask`` and the panel's and MCP's asking through the ask
pipeline, ``competing``, ``chat`` turns, ``record``): when it finds such words, ``ask`` answers
with :func:`support_lines` alone (no evidence, no verdict, no model), and the others add them to
what they do (a note is still kept word for word).

It errs on the side of showing help: a false alarm costs a few lines of text; a miss is not
acceptable. Idioms that only look alike are left out (想死你了 "I miss you so much", 跳楼价 "a
rock-bottom price", 自杀式 as a figure of speech, 死磕 "go all out", "this is killing me").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .specs import Verdict

_ZH = re.compile(
    r"自杀(?!式)|轻生|寻短见|寻死|自尽|自残|自伤|自我了断|了结自己|了断自己|结束(?:我?自己的?)?生命|"
    r"不想活|活不下去|不活了|活腻|活够了|不想再活|活着(?:真)?没(?:有)?意思|活着(?:还)?有什么意(?:思|义)|"
    r"(?<![不没])想死(?![你您他她它我])|(?<![你他她它])去死(?!磕)|死了算了|不如死了|一死了之|一了百了|不想醒来|"
    r"割腕|跳楼(?!价|甩卖|大甩卖|清仓)|(?:楼|桥|天台|窗户?|阳台|顶楼)上?(?:往下)?跳下去|跳(?:河|江|海|崖)|卧轨|"
    r"(?:吃|吞|攒)[^，。,.!！?？]{0,6}安眠药|安眠药[^，。,.!！?？]{0,6}(?:全|都|一起)吃|上吊|烧炭|"
    r"(?:伤害|弄伤)(?:我)?自己"
)
_EN = re.compile(
    r"\bsuicid\w*|\bkill(?:ing)? myself\b|\bend(?:ing)? (?:my (?:own )?life|it all)\b|\btake my (?:own )?life\b|"
    r"\b(?:want|wanna|wish|ready) to die\b|\b(?:should|could|might as well|would rather|'d rather) (?:just )?die\b|"
    r"\b(?:should|shall|can|could) i (?:just )?die\b|"
    r"\bdon'?t want to (?:live|be alive|wake up)\b|\bself[- ]harm\w*|"
    r"\b(?:hurt|harm|cut)(?:ing)? myself\b|\bbetter off dead\b|\bno reason to live\b|"
    r"\bjump(?:ing)? off (?:a |the |my )?(?:bridge|building|roof|balcony|cliff)\b|\boverdos\w*|"
    r"\b(?:take|taking|swallow|swallowing) (?:all|a bottle|a whole bottle) of (?:my )?(?:sleeping )?pills\b|"
    r"\ball (?:of )?my (?:sleeping )?pills\b",
    re.IGNORECASE,
)


def crisis(text: str) -> str | None:
    """The words in ``text`` that speak of ending a life or self-harm, or None."""
    text = text or ""
    found = _ZH.search(text) or _EN.search(text)
    return found.group(0) if found else None


def support_lines(*, asked: bool = False) -> list[str]:
    """What MyLife says when :func:`crisis` finds such words, in the user's language: where to
    reach a person now. ``asked``: the words were a question to weigh (``ask``, ``competing``),
    which MyLife then declines to weigh, and says so first."""
    from .messages import t

    lines = [t("safety.not_weighed")] if asked else []
    return [*lines, t("safety.reach_out"), t("safety.danger"), t("safety.not_alone")]


def closing_lines() -> list[str]:
    """How an answer of :func:`support_lines` ends: a line saying it is fixed text (no model, no
    record read: the usual "offline rules arranged the above from your own records" would be
    untrue), then the disclaimer word for word."""
    from .messages import disclaimer, t

    return [t("safety.fixed_text"), disclaimer()]


#: what a refusal for such words says in its verdict's ``data["refused"]`` (``ask --json`` too)
REFUSED = "crisis"


def refusal() -> "Verdict":
    """The verdict ``ask`` gives for such words: deny, with :func:`support_lines` as its reasons."""
    from .specs import Verdict

    return Verdict(kind="deny", reasons=support_lines(asked=True), data={"refused": REFUSED}, plugin="mylife")


def is_refusal(verdict) -> bool:
    """Is ``verdict`` (a :class:`~mylife_core.specs.Verdict`, or an answer's JSON ``verdict``) :func:`refusal`?"""
    data = verdict.get("data") if isinstance(verdict, dict) else getattr(verdict, "data", None)
    return (data or {}).get("refused") == REFUSED


def is_crisis_answer(answer) -> bool:
    """Is ``answer`` (an ask :class:`~mylife_core.pipeline.answer.Answer`) the one :func:`crisis` gave?"""
    return is_refusal(getattr(answer, "verdict", None))

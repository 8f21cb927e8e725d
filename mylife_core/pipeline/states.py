"""A question about how things are, not about an act: 「我最近睡得好吗？」, 「我最近心情好吗？」.

The stance reader (:mod:`.stance`) reads a note's side on an act: its push words (凌晨, 加班 …) are
reasons to do it, its fears reasons not to. A state is not done: 「我最近睡得好」 holds or does not,
and a note says so by what it says of the same thing: 「再次失眠」 and 「经常凌晨两点才睡」 are
against it, 「调岗后十二点前能入睡」 for it. Until session 30 the draft 「我最近睡得好」 was read as an
act: 凌晨 and 加班 were push words *for* it, and the brief said nothing weakened it beside three
notes of sleeping badly.

A conclusion is a state when it is one of :data:`FAMILIES`' domains and a quality (睡得好, 睡眠
不好, 心情不错, 胃口差, 身体好), after who and when (我, 最近, 这段时间 …). A note is read for that
family's words: its own good and bad words (失眠, 能入睡; the sentences of :mod:`.phrasings`, 两点
才睡), and, where it names the domain (睡, 眠), the general quality words (改善, 不足, 变差 …).
A word negated just before it (不失眠, 没有改善) is the other side; a bad thing said to ease
(失眠好转, 焦虑少了) is good. ``Reading.side`` is the note's quality (+1 good, -1 bad), the frame's
side the conclusion's: a bad note is against 「我睡得好」, a good one against 「我睡得不好」.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .stance import Reading


@dataclass(frozen=True)
class StateFamily:
    name: str
    domains: tuple[str, ...]  # what the conclusion names (睡, 睡眠 …)
    mentions: tuple[str, ...]  # what a note names it by, for the general quality words
    good: tuple[str, ...]
    bad: tuple[str, ...]
    phrased_bad: tuple[str, ...] = ()  # :mod:`.phrasings` families whose sentences say it badly


FAMILIES: tuple[StateFamily, ...] = (
    StateFamily(
        "sleep", ("睡眠", "睡觉", "睡"), ("睡", "眠"),
        good=("睡得好", "睡得香", "睡得着", "睡得踏实", "睡得早", "睡得足", "能入睡", "能睡着", "入睡快", "睡够",
              "睡饱", "一觉到天亮", "早睡", "睡眠充足", "睡眠好", "睡眠不错"),
        bad=("失眠", "睡不着", "睡不好", "没睡好", "睡不踏实", "睡不够", "睡眠不足", "睡眠差", "睡眠不好", "早醒",
             "多梦", "噩梦", "熬夜", "晚睡", "通宵", "半夜醒", "惊醒", "睡得晚", "睡不到", "翻来覆去"),
        phrased_bad=("熬夜", "失眠")),
    StateFamily(
        "mood", ("心情", "情绪", "心态"), ("心情", "情绪", "心态"),
        good=("开心", "高兴", "愉快", "心情好", "心情不错", "轻松", "舒畅"),
        bad=("心情不好", "心情差", "低落", "郁闷", "焦虑", "烦躁", "抑郁", "崩溃", "想哭", "难受", "心累")),
    StateFamily(
        "appetite", ("胃口", "食欲", "吃饭", "吃"), ("胃口", "食欲", "吃饭"),
        good=("胃口好", "胃口不错", "吃得香", "吃得下", "食欲好"),
        bad=("没胃口", "吃不下", "食欲不振", "胃口差", "胃口不好", "不想吃")),
    StateFamily(
        "body", ("身体",), ("身体",),
        good=("健康", "没毛病", "体检正常", "指标正常"),
        bad=("生病", "病了", "不舒服", "疼", "痛", "发烧", "感冒", "难受")),
)

#: quality words said of a family's domain (「睡眠有改善」, 「睡眠不足五小时」): the good, the bad
GOOD = ("好转", "改善", "变好", "好多了", "好了不少", "恢复", "正常", "规律", "很好", "挺好", "不错", "还好", "得好",
        "更好", "充足", "稳定")
BAD = ("不好", "变差", "更差", "很差", "太差", "差了", "恶化", "不足", "不够", "不规律", "紊乱", "糟糕", "不正常",
       "不稳定", "更晚", "很晚", "太晚")
#: a bad thing said to ease: 「失眠好转」, 「焦虑少了」
EASING = ("好转", "改善", "缓解", "减少", "少了", "消失", "没了", "好多了", "好了")
_NEGATION = re.compile(r"(?:不|没有|没|未|并不|并没有|从不|不再)$")
_WHO_WHEN = re.compile(r"^(?:我们?|自己)?(?:最近|近来|近期|这段时间|这阵子|这些天|这几天|这两天|这周|这个月|今年|现在|"
                       r"目前|一直|平时|晚上|夜里)*")
_DEGREE = r"(?:得|的)?(?:还|很|挺|都|也|比较|算|真|太|还算|特别)*"
_QUALITY = {"好": 1, "不错": 1, "正常": 1, "香": 1, "可以": 1, "不好": -1, "差": -1, "不行": -1, "糟": -1,
            "不正常": -1, "糟糕": -1}
_CLAUSES = re.compile(r"[，,。！!？?；;：:\n、…~～—]+|但是|可是|不过")


@dataclass(frozen=True)
class State:
    """A conclusion's state: its family and its side (+1: it holds, 睡得好; -1: 睡得不好)."""

    family: StateFamily
    side: int


def state_of(conclusion: str) -> State | None:
    """The state ``conclusion`` says (「我最近睡得好」: sleep, +1), or None for anything else (an act)."""
    text = (conclusion or "").strip().rstrip("。.!！?？吗呢")
    body = text[_WHO_WHEN.match(text).end():]
    for family in FAMILIES:
        for domain in family.domains:
            if not body.startswith(domain):
                continue
            rest = re.sub("^" + _DEGREE, "", body[len(domain):])
            side = _QUALITY.get(rest)
            if side:
                return State(family, side)
    return None


def read_state(text: str, state: State) -> "Reading":
    """``text``'s side on ``state`` (:class:`.stance.Reading`: +1 it says the state is good, -1 bad)."""
    from .phrasings import FAMILIES as PHRASED
    from .stance import Reading

    family = state.family
    patterns = [p for names, p in PHRASED if set(names) & set(family.phrased_bad)]
    score = 0
    said: list[str] = []
    for clause in (c for c in _CLAUSES.split(text or "") if c.strip()):
        taken = [False] * len(clause)
        found: list[tuple[int, int, str]] = []  # (position, side, word)
        general = any(m in clause for m in family.mentions)

        def take(word: str, side: int) -> None:
            for m in re.finditer(re.escape(word), clause):
                if any(taken[m.start():m.end()]):
                    continue
                taken[m.start():m.end()] = [True] * (m.end() - m.start())
                found.append((m.start(), side, word))

        for pattern in patterns:
            for m in pattern.finditer(clause):
                if not any(taken[m.start():m.end()]):
                    taken[m.start():m.end()] = [True] * (m.end() - m.start())
                    found.append((m.start(), -1, m.group(0)))
        own = [(w, 1) for w in family.good] + [(w, -1) for w in family.bad]
        generic = [(w, 1) for w in GOOD] + [(w, -1) for w in BAD] if general else []
        for word, side in sorted(own, key=lambda ws: -len(ws[0])) + sorted(generic, key=lambda ws: -len(ws[0])):
            take(word, side)
        found.sort()
        eased = False
        for k, (pos, side, word) in enumerate(found):
            if _NEGATION.search(clause[max(0, pos - 3):pos]) and not any(taken[max(0, pos - 3):pos]):
                side = -side  # 不失眠, 没有改善
            if side < 0 and any(w in clause[pos + len(word):] for w in EASING):
                side, eased = 1, True  # 失眠好转: the bad thing eases
            if eased and side > 0 and word in EASING:
                continue  # counted with the bad thing it eases
            score += side
            said.append(word)
    if not said or score == 0:
        return Reading(side=0, certain=False, cue=said[0] if said else None, basis="none", cues=said)
    side = 1 if score > 0 else -1
    return Reading(side=side, certain=True, cue=said[0], basis="act", cues=said)

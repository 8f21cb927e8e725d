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
#: a bad thing said to ease or be over: 「失眠好转」, 「焦虑少了」, 「失眠问题解决了」, 「晚睡的习惯终于改掉了」
EASING = ("好转", "改善", "缓解", "减少", "减轻", "少了", "消失", "没了", "好多了", "好了", "解决", "改掉", "戒掉", "治好",
          "克服", "摆脱", "过去了", "不见了")
#: a negation just before a word, with what may stand between (不太开心, 没怎么失眠, 没做噩梦, 没有再失眠,
#: 很少失眠, 不会两点才睡, 不用加班到半夜, 没那么焦虑)
_NEGATION = re.compile(r"(?:不|没有?|未|并不|并没有?|从不|从没有?|从来不|从来没有?|不再|再也没有?|再也不|很少|极少|"
                       r"几乎不|几乎没有?|别|不用|不必|无需|不会|谈不上|说不上|算不上)"
                       r"(?:再|太|怎么|那么|这么|什么|多大|大|很|会|用|做|有|出现|发生|犯|感到|觉得|觉|怎么会)*$")
#: the same, for what else quotes a negated word as said (``competing._cue_as_said``)
NEGATION = _NEGATION
#: a negation just after a word: 「开心不起来」, 「高兴不了」
_NEGATION_AFTER = re.compile(r"(?:不起来|不了|不起)")
#: a worry, a fear or a supposition: what is said is not how things are (「担心换工作以后会失眠」,
#: 「要是再熬夜就完了」)
_NOT_SO = re.compile(r"担心|担忧|害怕|生怕|怕|恐怕|如果|要是|万一|假如|假设|一旦|会不会|可能会|也许会|估计会|以后会|"
                     r"将来会|到时候|是不是|吗|？|\?|希望|但愿|想要|争取|打算|计划|目标")
#: someone other than the user named as whose state it is (「老婆最近失眠很严重」, 「我妈睡不好」); the
#: last one named before the word, or in an earlier clause with none since, is whose it is
_OTHERS = (r"老婆|老公|妻子|丈夫|爱人|媳妇|对象|男朋友|女朋友|男友|女友|孩子|儿子|女儿|宝宝|娃|我妈|妈妈|老妈|母亲|"
           r"我爸|爸爸|老爸|父亲|爸妈|父母|爷爷|奶奶|外公|外婆|姥姥|姥爷|哥哥|姐姐|弟弟|妹妹|同事|朋友|室友|舍友|"
           r"领导|老板|上司|经理|同学|邻居|客户|家人|大家|别人|他们|她们|他|她")
_WHO = re.compile(r"(?P<other>" + _OTHERS + r")|(?P<me>我(?!们))")
#: words holding a state word that say no state (心疼钱, 痛快地辞职, 头疼的问题是房租, 让人头疼)
_NOT_STATE = re.compile(r"心疼|疼爱|痛快|痛恨|痛下|痛改|痛定思痛|头疼的|头痛的|让人头疼|令人头疼|让我头疼|很头疼的是|"
                        r"轻松地|轻松搞定|不疼不痒|难受的是|崩溃的是|开心果|高兴地|愉快地")
_WHO_WHEN = re.compile(r"^(?:我们?|自己)?(?:最近|近来|近期|这段时间|这阵子|这些天|这几天|这两天|这周|这个月|今年|现在|"
                       r"目前|一直|平时|晚上|夜里)*")
_DEGREE = r"(?:得|的)?(?:还|很|挺|都|也|比较|算|真|太|还算|特别)*"
_QUALITY = {"好": 1, "不错": 1, "正常": 1, "香": 1, "可以": 1, "行": 1, "不好": -1, "差": -1, "不行": -1, "糟": -1,
            "不正常": -1, "糟糕": -1}
#: the other side of a quality, as a question's other draft says it (好 -> 不好, 差 -> 好)
_OPPOSITE = {"正常": "不正常", "不正常": "正常"}
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


def state_drafts(question: str) -> tuple[str, str] | None:
    """A question about how things are, its two drafts, both states (「我最近心情好吗？」 -> 我最近心情好 /
    我最近心情不好; 「我最近是不是睡得不好？」 -> 我最近睡得不好 / 我最近睡得好; 「最近睡得还好吗？」 ->
    最近睡得还好 / 最近睡得不好), or None when it is not one."""
    text = (question or "").strip().rstrip("?？。.!！ ").strip()
    text = re.sub(r"(?:吗|么|呢|吧)$", "", text)
    text = re.sub(r"是不是|是否|是吗|有没有", "", text, count=1)
    state = state_of(text)
    if state is None:
        return None
    lead = _WHO_WHEN.match(text).end()
    body = text[lead:]
    for domain in state.family.domains:
        if not body.startswith(domain):
            continue
        rest = body[len(domain):]
        degree = re.match("^" + _DEGREE, rest).group(0)
        quality = rest[len(degree):]
        if _QUALITY.get(quality) != state.side:
            continue
        de = "得" if degree.startswith("得") else ""
        other = _OPPOSITE.get(quality) or ("不好" if state.side > 0 else "好")
        return text, text[:lead] + domain + de + other
    return None


def read_state(text: str, state: State) -> "Reading":
    """``text``'s side on ``state`` (:class:`.stance.Reading`: +1 it says the state is good, -1 bad).

    Only the user's own state as it is counts: a clause whose subject is someone else (「老婆最近失眠
    很严重」) and a text that fears or supposes (「担心换工作以后会失眠」) say nothing of it."""
    from .phrasings import FAMILIES as PHRASED
    from .stance import Reading

    family = state.family
    patterns = [p for names, p in PHRASED if set(names) & set(family.phrased_bad)]
    score = 0
    said: list[str] = []
    other = False  # whose the last subject named was: someone else's
    unsure = False
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

        for m in _NOT_STATE.finditer(clause):
            taken[m.start():m.end()] = [True] * (m.end() - m.start())
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
        whos = list(_WHO.finditer(clause))
        if found and _NOT_SO.search(clause):
            unsure = True  # 「担心以后会失眠」: a fear, not how things are
        eased_at: set[int] = set()
        for pos, side, word in found:
            before = [w for w in whos if w.start() < pos]
            if before:
                other = before[-1].group("other") is not None
            if other or unsure:
                said.append(word)
                continue
            if pos in eased_at:
                continue  # an easing word counted with the bad thing it eases
            before = _negation_before(clause, pos, taken)
            after = _NEGATION_AFTER.match(clause, pos + len(word))
            if before is not None or after:
                side = -side  # 不失眠, 没有改善, 不太开心, 开心不起来
                # the reason quotes the words as said, negation and all: 「没怎么失眠」, not 「失眠」
                word = clause[pos if before is None else before:after.end() if after else pos + len(word)]
            elif side < 0:
                easing = _easing_after(clause, pos + len(word), taken)
                if easing is not None:
                    eased_pos, undone = easing
                    eased_at.add(eased_pos)
                    if not undone:
                        side = 1  # 失眠好转, 失眠问题解决了: the bad thing eases
                    # 失眠没有好转: still bad, the easing word denied
            score += side
            said.append(word)
        if whos:
            other = whos[-1].group("other") is not None
    if other and not score:
        unsure = True
    if unsure or not said or score == 0:
        return Reading(side=0, certain=False, cue=said[0] if said else None, basis="none", cues=said)
    side = 1 if score > 0 else -1
    return Reading(side=side, certain=True, cue=said[0], basis="act", cues=said)


def _negated(clause: str, pos: int, taken: list[bool]) -> bool:
    """Is the word at ``pos`` negated by what stands just before it (up to 6 characters, none of them
    another state word)?"""
    return _negation_before(clause, pos, taken) is not None


def _negation_before(clause: str, pos: int, taken: list[bool]) -> int | None:
    """Where the negation of the word at ``pos`` starts (``_negated``), or None."""
    lo = pos
    while lo > 0 and pos - lo < 6 and not taken[lo - 1]:
        lo -= 1
    match = _NEGATION.search(clause[lo:pos])
    return lo + match.start() if match else None


def _easing_after(clause: str, end: int, taken: list[bool]) -> tuple[int, bool] | None:
    """(where, denied) of the first easing word after ``end`` in ``clause`` (「好转」 of 「失眠好转」,
    denied in 「失眠没有好转」), or None."""
    best = None
    for word in EASING:
        k = clause.find(word, end)
        if k >= 0 and (best is None or k < best[0]):
            best = (k, word)
    if best is None:
        return None
    k = best[0]
    return k, _negated(clause, k, taken)

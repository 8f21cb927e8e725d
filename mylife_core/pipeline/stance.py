"""Deterministic stance: does a statement say yes or no to a term, and do two statements clash?

Used where MyLife must work without a model (the offline brief, ``mylife competing``): a
statement's polarity toward a term is read from the negations just before it in the same
clause ("绝不想**走**" is against leaving, "想**跳槽**" is for it, "**不如**走了" is for it).
It is a small, explainable rule set, not a language model; every result names the term and
the words that decided it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

NEGATION_CHARS = "不没无别非未勿莫甭"
# words that contain a negation character but do not negate what follows
NOT_NEGATIONS = ("不错", "不得不", "不然", "不过", "不少", "不断", "不仅", "不管", "无论", "非常", "没错",
                 "未来", "别人", "别的", "不只", "不光", "不如", "莫名", "无比", "并非不", "没准", "不但")
# verbs that turn what follows against itself: "限制了换工作的选择", "放弃跳槽", "害怕辞职"
BLOCKING_VERBS = ("限制", "阻止", "妨碍", "放弃", "拒绝", "反对", "害怕", "不敢", "担心", "犹豫", "打消")
EN_NEGATIONS = ("not", "no", "never", "don't", "dont", "won't", "wont", "can't", "cant", "cannot", "isn't",
                "shouldn't", "wouldn't", "didn't", "doesn't", "hardly")
CLAUSE_BREAK = re.compile(r"[，,。.!！?？；;：:\n、（）()]")
A_NOT_A = re.compile(r"(.)[不没]\1")
WINDOW = 6  # characters before a Chinese term that can negate it

# cues that a statement qualifies or weighs against something
CAUTION_CUES = ("但是", "可是", "不过", "然而", "其实", "担心", "害怕", "怕", "风险", "后悔", "压力", "犹豫", "舍不得",
                "不确定", "没把握", "房贷", "贷款", "月供", "存款", "积蓄", "不够", "负债", "欠", "空窗",
                "but", "however", "worried", "afraid", "risk", "regret", "mortgage", "loan", "savings", "unsure")

# colloquial words that carry a side on a decision without being search synonyms of it
# ("热爱这里，绝不想走" is against 跳槽); used to read stances only, never to widen a search
STANCE_ALIASES: dict[str, tuple[str, ...]] = {
    "跳槽": ("走", "离开"), "辞职": ("走", "离开"), "离职": ("走", "离开"), "换工作": ("走", "离开"),
    "裸辞": ("走",), "quit": ("leave",), "change jobs": ("leave",),
}
# a one-character term counts only where it ends a word: "不想走" / "走了", not "走路" / "走访"
SINGLE_CHAR_FOLLOWERS = set("了吧呢啊人掉么吗") | set("，,。.!！?？；;：:、）)」』”\"' \n")

STOP_TERMS = frozenset(("我", "你", "他", "她", "它", "我们", "你们", "的", "了", "是", "该", "应该", "应", "要", "会",
                        "能", "可以", "立刻", "马上", "立即", "现在", "还", "吗", "呢", "吧", "啊", "这", "那", "个",
                        "一", "就", "都", "也", "很", "太", "更", "最", "去", "做", "把", "被", "和", "与", "及",
                        "或", "是否", "怎么", "什么", "如何", "为什么", "有", "在", "对", "给", "让", "自己",
                        "the", "a", "an", "i", "you", "should", "to", "of", "and", "or", "is", "be", "now", "right",
                        "away", "immediately", "do", "my", "your", *NEGATION_CHARS, "不要", "不该", "不想", "没有"))


def _is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def _inside_non_negation(text: str, pos: int) -> bool:
    """Is the negation character at ``pos`` part of a word like 不错 or 不如?"""
    for word in NOT_NEGATIONS:
        for k in range(len(word)):
            if pos - k >= 0 and text.startswith(word, pos - k):
                return True
    return False


def _negated_cjk(text: str, start: int) -> bool:
    """Is the term starting at ``start`` negated by what precedes it in its clause?"""
    lo = max(0, start - WINDOW)
    breaks = list(CLAUSE_BREAK.finditer(text, lo, start))
    if breaks:
        lo = breaks[-1].end()
    count = sum(1 for p in range(lo, start) if text[p] in NEGATION_CHARS and not _inside_non_negation(text, p))
    window = text[max(0, start - 2 * WINDOW):start]
    clause = CLAUSE_BREAK.split(window)[-1]
    blocked = any(verb in clause for verb in BLOCKING_VERBS if "不" not in verb)
    return (count + (1 if blocked else 0)) % 2 == 1


def _negated_en(text: str, start: int) -> bool:
    before = text[:start].lower()
    before = CLAUSE_BREAK.split(before)[-1]
    words = re.findall(r"[a-z']+", before)[-4:]
    return sum(1 for w in words if w in EN_NEGATIONS or w.endswith("n't")) % 2 == 1


def term_polarity(text: str, term: str) -> int:
    """+1 when ``text`` says ``term`` affirmatively, -1 when negated, 0 when absent.

    Several occurrences vote; a tie counts as affirmative (the term is at least on the table).
    """
    if not term or not text:
        return 0
    lowered = text.lower()
    needle = term.lower()
    votes = 0
    found = False
    for match in re.finditer(re.escape(needle), lowered):
        start = match.start()
        if len(needle) == 1 and _is_cjk(needle) and match.end() < len(lowered) \
                and lowered[match.end()] not in SINGLE_CHAR_FOLLOWERS:
            continue  # 走路, 走访: another word
        if not _is_cjk(needle[0]):  # Latin words match whole words only
            end = match.end()
            if (start > 0 and lowered[start - 1].isalnum()) or (end < len(lowered) and lowered[end].isalnum()):
                continue
        if _is_cjk(needle[0]) and _undecided(text, start):
            continue  # "不知道该不该辞职": asked, not answered
        found = True
        negated = _negated_cjk(text, start) if _is_cjk(needle[0]) else _negated_en(text, start)
        votes += -1 if negated else 1
    if not found:
        return 0
    return -1 if votes < 0 else 1


def _undecided(text: str, start: int) -> bool:
    """Is the term at ``start`` the object of an A-not-A question (该不该, 要不要, 是否)?"""
    lo = max(0, start - WINDOW)
    breaks = list(CLAUSE_BREAK.finditer(text, lo, start))
    if breaks:
        lo = breaks[-1].end()
    window = text[lo:start]
    return bool(A_NOT_A.search(window)) or "是否" in window


def key_terms(terms: Iterable[str]) -> list[str]:
    """Content terms worth comparing (no stop words, no lone punctuation), longest first."""
    out = []
    for term in terms:
        term = term.strip()
        if not term or term.lower() in STOP_TERMS or not any(ch.isalnum() for ch in term):
            continue
        if A_NOT_A.search(term):  # 该不该, 要不要: the question's form, not its subject
            continue
        out.append(term)
    return sorted(dict.fromkeys(out), key=lambda s: (-len(s), s))


def stance_toward(text: str, terms: Iterable[str]) -> tuple[int, str | None]:
    """The polarity of ``text`` toward the first of ``terms`` it mentions: (+1/-1/0, term)."""
    for term in terms:
        polarity = term_polarity(text, term)
        if polarity:
            return polarity, term
    return 0, None


def has_caution(text: str) -> str | None:
    lowered = text.lower()
    for cue in CAUTION_CUES:
        if cue in lowered:
            return cue
    return None


def clash(older: str, newer: str, terms: Iterable[str]) -> str | None:
    """The term two statements take opposite sides on, or None."""
    for term in terms:
        a, b = term_polarity(older, term), term_polarity(newer, term)
        if a and b and a != b:
            return term
    return None


def negate_question(question: str) -> tuple[str, str]:
    """A yes/no question's two drafts: "我该不该跳槽？" -> ("我该跳槽", "我不该跳槽").

    Handles the A-not-A form (该不该, 要不要, 能不能 ...), "是否", and English "should I ...".
    Anything else: (the question without its question mark, "不" + it).
    """
    text = question.strip().rstrip("?？").strip()
    match = re.search(r"(.)(不|没)\1", text)
    if match:
        verb = match.group(1)
        yes = text[:match.start()] + verb + text[match.end():]
        no = text[:match.start()] + match.group(2) + verb + text[match.end():]
        return yes, no
    if "是否" in text:
        return text.replace("是否", "", 1), text.replace("是否", "不", 1)
    en = re.match(r"(?i)^(should|can|could|do|must)\s+(i|we)\s+(.*)$", text)
    if en:
        return f"{en.group(2)} {en.group(1).lower()} {en.group(3)}", f"{en.group(2)} {en.group(1).lower()} not {en.group(3)}"
    return text, "不" + text


def with_stance_aliases(sides_or_terms):
    """Add :data:`STANCE_ALIASES` to a list of terms, or to a ``{term: side}`` mapping."""
    if isinstance(sides_or_terms, dict):
        out = dict(sides_or_terms)
        for term, side in sides_or_terms.items():
            for alias in STANCE_ALIASES.get(term, ()):
                out.setdefault(alias, side)
        return out
    terms = list(sides_or_terms)
    for term in list(terms):
        terms += [a for a in STANCE_ALIASES.get(term, ()) if a not in terms]
    return terms

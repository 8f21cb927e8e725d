"""Quantities with a unit, as people write them: ``5年``, ``40分钟``, ``一个半小时``, ``每周60小时左右``.

A field dictionary entry (:class:`~mylife_core.specs.FieldSpec`) may give a field a ``unit``
(``工作年限``: ``年``) and other ways to write it with their size in that unit (``units``:
``{个月: 0.0833, years: 1}``). Its value is then a quantity (docs/lenses.md, "Field dictionaries"):

* :func:`read` finds the number a value writes, in the field's unit (``1小时`` for a field
  counted in ``分钟`` is 60), or None when the value is no quantity in an accepted unit;
* its :attr:`Quantity.text` is what the profile keeps (:func:`mylife_core.layers.profile.field_value`):
  what the user wrote when it names its unit (``五年左右``, kept word for word), a bare number
  with the field's unit after it (``5`` -> ``5年``), so every reader (``profile get``, staleness,
  ask, the panel, a model) shows the unit and an old value stored as ``5年`` reads the same.

Around the number a value may say it is approximate (``约``, ``左右``, ``多``, ``出头``), half
(``三年半``, ``一个半小时``, ``半小时``), start with words that say which amount it is
(``单程40分钟``, ``平均每晚7小时``, ``坐地铁单程要40分钟``) and end with a remark in brackets
(``每周60小时（连续三周）``). A unit ``X/Y`` (``小时/周``) is also written ``每Y …X``
(``每周60小时``) and ``…X每Y``. A range (``30到40分钟``, ``30-40分钟``, ``1到2小时``) is one
quantity: its number is its middle (35).

The rule for words before the quantity (:func:`_after_words`): they are allowed when what follows
them is exactly one quantity (or one range) in an accepted unit and the words themselves write no
number (no digit, no numeral: ``公交一小时地铁40分钟`` and ``坐两趟车40分钟`` are refused, which
of the numbers is the value is not ours to guess; words like ``一般``, ``一天``, ``一趟`` write
none); for a unit ``X/Y`` the value must then name its ``Y`` and no other ``每…``
(``平均每周60小时``): words such as ``每天加班2小时`` would otherwise be read per week.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .specs import FieldSpec

#: words before the number that say it is approximate (longest first)
_BEFORE = ("差不多", "大约", "大概", "将近", "接近", "约莫", "不到", "超过", "至少", "最多", "约", "近", "快",
           "approximately", "about", "around", "approx.", "roughly", "over", "~", "～", "≈")
#: words after the unit that say it is approximate
_AFTER = ("左右", "上下", "出头", "以上", "以下", "以内", "不到", "多", "+")
#: words right after the number, before the unit (``五十多分钟``, ``20来年``, ``一个多小时``)
_BETWEEN = ("个多", "多", "余", "来")
_REMARK = re.compile(r"\s*[（(][^（）()]*[）)]\s*$")
#: what joins the two ends of a range (``30到40分钟``, ``30-40分钟``, ``三至五年``)
_RANGE = ("到", "至", "~", "～", "-", "—", "–")
#: characters that write a number besides digits and what ``str.isnumeric`` knows (两, 半)
_NUMERAL_WORDS = "两半廿卅"
#: words with a numeral in them that write no number (一般 is "usually", 一天 "a day")
_NO_NUMBER = ("一般", "一直", "一共", "一天", "一晚", "一夜", "一周", "一星期", "一趟", "一次", "一路")


@dataclass(frozen=True)
class Quantity:
    number: int | float  # in the field's unit
    text: str  # what the profile keeps


def number_text(number: int | float) -> str:
    """``5.0`` -> ``5``, ``4.5`` -> ``4.5`` (as a number is written after ``profile set``)."""
    if isinstance(number, float) and number.is_integer():
        number = int(number)
    return str(number)


def unit_text(spec: "FieldSpec") -> str:
    """How a bare number of the field is written in the user's language: ``5年`` in Chinese, and
    in English the entry's first English spelling of the same size (``5 years``, ``40 min``,
    ``15 hours/week``), so an English workspace keeps no Chinese unit it never typed; the
    field's own ``unit`` when the entry lists no English spelling. Either reads back the same."""
    from .messages import language

    unit = spec.unit or ""
    if language() == "en" and not unit.isascii():
        per = "/" in unit
        for spelling, size in spec.units.items():
            if float(size) == 1.0 and spelling.isascii() and spelling[:1].isalpha() and ("/" in spelling) == per:
                return f" {spelling}"
    return unit


def whole(number: float) -> int | float:
    """``5.0`` -> ``5`` (a whole number is kept as an int), others as they are."""
    return int(number) if isinstance(number, float) and number.is_integer() else number


def forms(spec: "FieldSpec") -> list[tuple[str, str, float]]:
    """``(before, after, size)``: how a quantity of the field is written around its number,
    longest first (``个小时`` is tried before ``小时``)."""
    out: list[tuple[str, str, float]] = []
    for spelling, size in [(spec.unit or "", 1.0), *spec.units.items()]:
        spelling = spelling.strip().lower()
        if not spelling:
            continue
        out.append(("", spelling, size))
        what, slash, per = spelling.partition("/")
        if slash and what.strip() and per.strip():
            what, per = what.strip(), per.strip()
            out += [(f"每{per}", what, size), (f"一{per}", what, size), ("", f"{what}每{per}", size)]
    return sorted(out, key=lambda f: (-len(f[0]) - len(f[1])))


def _number(middle: str) -> float | None:
    from .numerals import parse_number

    middle = middle.strip()
    if middle == "半":
        return 0.5
    half = 0.0
    if middle.endswith("个半") and len(middle) > 2:
        middle, half = middle[:-2], 0.5
    else:
        for word in _BETWEEN:
            if middle.endswith(word) and len(middle) > len(word):
                middle = middle[: -len(word)]
                break
    if middle.endswith("个"):  # 一个小时 when only 小时 is listed
        middle = middle[:-1]
    number = parse_number(middle.strip())
    if number is None or isinstance(number, bool):
        return None
    return number + half


def read(spec: "FieldSpec", value: Any) -> Quantity | None:
    """The quantity ``value`` writes for a field with a ``unit`` (None: no quantity in an
    accepted unit, or the field has no unit). A bare number is in the field's unit."""
    from .numerals import parse_number

    if not spec.unit or value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return Quantity(whole(value), f"{number_text(value)}{unit_text(spec)}")
    text = str(value).strip()
    if not text or len(text) > 80 or "\n" in text:
        return None
    bare = parse_number(text)
    if bare is not None:
        return Quantity(bare, f"{number_text(bare)}{unit_text(spec)}")
    core = _REMARK.sub("", text).strip().lower()
    changed = True
    while changed and core:  # 大约 … 左右: the words that only say "about"
        changed = False
        for word in _BEFORE:
            if core.startswith(word) and len(core) > len(word):
                core, changed = core[len(word):].strip(), True
        for word in _AFTER:
            if core.endswith(word) and len(core) > len(word):
                core, changed = core[: -len(word)].strip(), True
    found = _quantity(spec, core)
    if found is None:  # 单程40分钟, 坐地铁要40分钟: words that say which amount it is
        found = _after_words(spec, core)
    return None if found is None else Quantity(found, text)


def _writes_a_number(words: str) -> bool:
    for word in _NO_NUMBER:
        words = words.replace(word, " ")
    return any(ch.isnumeric() or ch in _NUMERAL_WORDS for ch in words)


def _after_words(spec: "FieldSpec", core: str) -> int | float | None:
    """The quantity after words that say which amount it is (``单程40分钟``, ``坐地铁要40分钟``,
    ``平均每周60小时``): what follows the words is one quantity or one range, the words write no
    number of their own (a second number: which one is the value?), and for a unit ``X/Y`` the
    value names its ``Y`` and no other ``每…`` (``每天加班2小时`` is no amount per week)."""
    pers = [per.strip() for spelling in [spec.unit or "", *spec.units]
            for what, slash, per in [spelling.strip().lower().partition("/")] if slash and per.strip()]
    for at in range(1, len(core)):
        words, rest = core[:at], core[at:].strip()
        if _writes_a_number(words):  # (一 alone is a number, 一周 none: a later start may do)
            continue
        if not rest or not (rest[0].isnumeric() or rest[0] in _NUMERAL_WORDS or rest[0] in "-每一"):
            continue
        found = _quantity(spec, rest)
        if found is None:
            continue
        if pers and not (any(per in core for per in pers)
                         and all(any(words.startswith(per, i + 1) for per in pers)
                                 for i, ch in enumerate(words) if ch == "每")):
            return None
        return found
    return None


def _quantity(spec: "FieldSpec", core: str) -> int | float | None:
    """The number ``core`` writes as one quantity (:func:`_match`) or one range (:func:`_range`)."""
    found = _match(spec, core)
    return _range(spec, core) if found is None else found


def _range(spec: "FieldSpec", core: str) -> int | float | None:
    """The middle of a range written ``A到B`` with B a quantity (``30到40分钟``, ``1到2小时``,
    ``三至五年``) and A a number in B's unit or a quantity itself (``1小时到1个半小时``); A must be
    at least 0 and less than B. None when ``core`` is no such range."""
    for sep in _RANGE:
        at = core.find(sep, 1)
        while at > 0:
            left, right = core[:at].strip(), core[at + len(sep):].strip()
            at = core.find(sep, at + 1)
            high = _match(spec, right) if left and right else None
            if high is None:
                continue
            low = _match(spec, left)
            if low is None:  # a bare number: in the unit the right end names (30到40分钟)
                low = next((found for before, after, _ in forms(spec)
                            if right.startswith(before) and right.endswith(after)
                            and (found := _match_one(spec, f"{before}{left}{after}")) is not None), None)
            if low is not None and 0 <= low < high:
                return whole(round((low + high) / 2, 6))
    return None


def _match(spec: "FieldSpec", core: str) -> int | float | None:
    """The number ``core`` writes in the field's unit: one quantity (``40分钟``, ``每周60小时``) or
    a sum of them written one after the other (``1小时20分钟``, ``两年三个月``)."""
    one = _match_one(spec, core)
    if one is not None:
        return one
    for before, after, _ in forms(spec):
        at = core.find(after) if not before else -1
        while at > 0:
            end = at + len(after)
            head = _match_one(spec, core[:end]) if end < len(core) else None
            if head is not None and not core[end:].strip().startswith(_RANGE):  # 40分钟-1小时: a range
                                                                              # (_range), no difference
                rest = _match(spec, core[end:].strip())
                if rest is not None:
                    return whole(round(head + rest, 6))
            at = core.find(after, at + 1)
    return None


def _match_one(spec: "FieldSpec", core: str) -> int | float | None:
    for before, after, size in forms(spec):
        for tail, extra in ((f"{after}半", 0.5), (after, 0.0)):  # 三年半
            if not core.startswith(before) or not core.endswith(tail) or len(core) <= len(before) + len(tail):
                continue
            number = _number(core[len(before): len(core) - len(tail)])
            if number is None:
                continue
            return whole((number + extra) * size)
    return None


def spellings(spec: "FieldSpec", limit: int = 4) -> list[str]:
    """The field's unit and the first other ways to write it (for a message); in English the
    English spellings come first (``min, minutes, …`` rather than ``分钟, 分, …``)."""
    from .messages import language

    if language() == "en" and any(sp.isascii() for sp in spec.units):
        english = [sp for sp in spec.units if sp.isascii()]
        return list(dict.fromkeys([unit_text(spec).strip(), *english]))[:limit]
    out = [spec.unit or ""]
    firsts: dict[float, str] = {}
    for spelling, size in spec.units.items():
        firsts.setdefault(float(size), spelling)
    # a spelling of each other size first (分钟: 小时 before 分, min), the rest after
    for spelling in [*(sp for size, sp in firsts.items() if size != 1.0), *spec.units]:
        if spelling not in out and len(out) < limit:
            out.append(spelling)
    return out

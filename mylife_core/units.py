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
(``三年半``, ``一个半小时``, ``半小时``), start with a few words that say which amount it is
(``单程40分钟``, ``平均每晚7小时``) and end with a remark in brackets (``每周60小时（连续三周）``).
A unit ``X/Y`` (``小时/周``) is also written ``每Y …X`` (``每周60小时``) and ``…X每Y``.
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
#: up to four Chinese characters before the number that say which amount it is (单程, 平均每晚),
#: none of them a numeral (四十分钟 is a number)
_QUALIFIER = re.compile(r"^[\u4e00-\u9fff]{1,4}?(?=[-0-9０-９零〇一二两三四五六七八九十百千万半])")


@dataclass(frozen=True)
class Quantity:
    number: int | float  # in the field's unit
    text: str  # what the profile keeps


def number_text(number: int | float) -> str:
    """``5.0`` -> ``5``, ``4.5`` -> ``4.5`` (as a number is written after ``profile set``)."""
    if isinstance(number, float) and number.is_integer():
        number = int(number)
    return str(number)


def _whole(number: float) -> int | float:
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
        return Quantity(_whole(value), f"{number_text(value)}{spec.unit}")
    text = str(value).strip()
    if not text or len(text) > 80 or "\n" in text:
        return None
    bare = parse_number(text)
    if bare is not None:
        return Quantity(bare, f"{number_text(bare)}{spec.unit}")
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
    found = _match(spec, core)
    qualifier = _QUALIFIER.match(core)
    if found is None and qualifier is not None:  # 单程40分钟, 平均每晚7小时: a few words that say which
        found = _match(spec, core[qualifier.end():].strip())
    return None if found is None else Quantity(found, text)


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
            if head is not None:
                rest = _match(spec, core[end:].strip())
                if rest is not None:
                    return _whole(round(head + rest, 6))
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
            return _whole((number + extra) * size)
    return None


def spellings(spec: "FieldSpec", limit: int = 4) -> list[str]:
    """The field's unit and the first other ways to write it (for a message)."""
    out = [spec.unit or ""]
    firsts: dict[float, str] = {}
    for spelling, size in spec.units.items():
        firsts.setdefault(float(size), spelling)
    # a spelling of each other size first (分钟: 小时 before 分, min), the rest after
    for spelling in [*(sp for size, sp in firsts.items() if size != 1.0), *spec.units]:
        if spelling not in out and len(out) < limit:
            out.append(spelling)
    return out

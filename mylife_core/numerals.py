"""Numbers as people write them in Chinese: ``两万二`` (22000), ``十二万``, ``1.5万``, ``三千五``.

The conversion itself is cn2an's (``cn2an.cn2an(text, "smart")``, a maintained library on PyPI);
this module only decides *which* text is a number and keeps the import lazy (cn2an takes ~0.3 s
to import, so it is loaded only when a value actually contains a Chinese numeral).

* :func:`parse_number`: a whole value (``profile set 月收入 两万二``, a model's field proposal)
  -> ``22000``, or None when it is not a number;
* :func:`numbers_in`: every number written in a line of the user's notes (``月薪两万二，房租
  4500`` -> ``[22000, 4500]``), so an extracted value can be checked against the line it cites.

A comma in a number groups thousands, and only that: a first group of 1-3 digits, then groups
of exactly three (``120,000``, ``1,200.50``, ``1,200万``; in a whole value the full-width ``，``
too, the same one throughout). Any other comma (``12,5万``, ``3,5``, ``1.200,50``, ``1,2,3``)
makes a whole value no number (:func:`comma_misplaced` says so, for a message), never a number
with its commas dropped (``3,5`` is not 35); in a line of notes it separates two numbers
(``3,5 两个方案`` -> ``[3, 5]``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_DIGITS = "0-9０-９"
_CN = "零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟"
_NUMERAL = re.compile(rf"[-负]?[{_DIGITS}{_CN}.点]*[{_DIGITS}{_CN}]")
_HAS_CN = re.compile(rf"[{_CN}]")
_PLAIN = re.compile(r"^-?\d+(\.\d+)?$")
#: digits grouped by thousands: 1-3 digits, then groups of exactly three, one separator throughout
#: (not after a decimal point: in ``1.200,50`` the comma groups nothing)
_GROUPED = re.compile(r"(?<![\d.．])\d{1,3}(?:(?P<sep>[,，])\d{3})(?:(?P=sep)\d{3})*(?![\d])")
_COMMAS = re.compile(r"[,，]")


def ungrouped(text: str, seps: str = ",，") -> str:
    """``text`` with the separators (``seps``) that group thousands taken out, the others kept."""
    return _GROUPED.sub(lambda m: m.group(0).replace(m["sep"], "") if m["sep"] in seps else m.group(0), text)


def _cn2an(text: str) -> int | float | None:
    import cn2an

    try:
        value = cn2an.cn2an(text, "smart")
    except (ValueError, KeyError, IndexError):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def parse_number(text: str) -> int | float | None:
    """The number ``text`` writes (Arabic digits, thousands commas, Chinese numerals, or a mix such
    as ``1.5万``), or None when it is anything else (``一般``, ``普通本科``, ``三年``, and a comma
    that groups no thousands: ``3,5``, ``12,5万``)."""
    stripped = ungrouped(text.strip())
    if _COMMAS.search(stripped):
        return None
    if _PLAIN.match(stripped):
        # more than 15 significant digits (an ID or card number, or a typo) would not survive as
        # a number (float precision; Python's int-from-text limit): it stays text, exactly as typed
        if sum(ch.isdigit() for ch in stripped.lstrip("-0")) > 15:
            return None
        # a leading zero (a postcode 010020, a staff number 007) is part of what was typed: as a
        # number it would be lost for good
        if stripped.lstrip("-")[:1] == "0" and stripped.lstrip("-")[1:2].isdigit():
            return None
        return float(stripped) if "." in stripped else int(stripped)
    if not stripped or len(stripped) > 40 or not _HAS_CN.search(stripped) or _NUMERAL.fullmatch(stripped) is None:
        return None
    return _cn2an(stripped)


def numbers_in(text: str) -> list[int | float]:
    """Every number written in ``text``, in order (Chinese numerals converted)."""
    out: list[int | float] = []
    # a comma grouping thousands joins (4,500); any other separates (3,5 两个方案: 3 and 5), as the
    # full-width ， always does in running text (月薪两万二，房租4500)
    for match in _NUMERAL.finditer(ungrouped(text, ",")):
        span = match.group(0)
        if not _HAS_CN.search(span):
            number = parse_number(span)
        elif len(span) == 1 and span in "十百千万亿两":  # a lone unit word is not a number here
            continue
        else:
            number = _cn2an(span)
        if number is not None:
            out.append(number)
    return out


def comma_misplaced(text: str, reads: Callable[[str], object] = parse_number) -> bool:
    """Whether ``text`` writes a comma that groups no thousands where, without its commas, it
    would be a number (``12,5万``, ``3,5``, ``1.200,50``, ``1,2,3``): which number was meant is
    not ours to guess (12.5万? 3.5? 1200.50?), so such a value is refused with a message.
    ``reads``: what makes the text without its commas a number (not None), :func:`parse_number`
    unless the caller reads more (an amount of money ``3,5万元``, a quantity ``3,5年``)."""
    stripped = text.strip()
    return bool(_COMMAS.search(ungrouped(stripped))) and reads(_COMMAS.sub("", stripped)) is not None

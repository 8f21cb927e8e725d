"""Numbers as people write them in Chinese: ``两万二`` (22000), ``十二万``, ``1.5万``, ``三千五``.

The conversion itself is cn2an's (``cn2an.cn2an(text, "smart")``, a maintained library on PyPI);
this module only decides *which* text is a number and keeps the import lazy (cn2an takes ~0.3 s
to import, so it is loaded only when a value actually contains a Chinese numeral).

* :func:`parse_number`: a whole value (``profile set 月收入 两万二``, a model's field proposal)
  -> ``22000``, or None when it is not a number;
* :func:`numbers_in`: every number written in a line of the user's notes (``月薪两万二，房租
  4500`` -> ``[22000, 4500]``), so an extracted value can be checked against the line it cites.
"""

from __future__ import annotations

import re

_DIGITS = "0-9０-９"
_CN = "零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟"
_NUMERAL = re.compile(rf"[-负]?[{_DIGITS}{_CN}.点]*[{_DIGITS}{_CN}]")
_HAS_CN = re.compile(rf"[{_CN}]")
_PLAIN = re.compile(r"^-?\d+(\.\d+)?$")


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
    as ``1.5万``), or None when it is anything else (``一般``, ``普通本科``, ``三年``)."""
    stripped = text.strip().replace(",", "").replace("，", "")
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
    for match in _NUMERAL.finditer(text.replace(",", "")):
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

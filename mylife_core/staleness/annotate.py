"""Marking conclusions that rest on a stale value the user chose to keep (docs/design.md#pre-decide).

"若用户选沿用，输出里该结论强制标注'基于可能过时的 X（Y 个月前的数据）'，并降权。"
"""

from __future__ import annotations

STALE_WEIGHT = 0.5
"""Multiplier for the weight of a conclusion that uses a kept stale value."""


def stale_note(name: str, age_days: float) -> str:
    """``stale_note("现有存款", 95)`` -> "基于可能过时的 现有存款（3 个月前的数据）".

    In English (by configuration): "based on possibly outdated 现有存款 (data from 3 months ago)".
    """
    from ..messages import t
    from ..status import age_text

    return t("staleness.note", name=name, age=age_text(age_days))

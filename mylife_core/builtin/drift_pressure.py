"""Builtin drift signal: context pressure (docs/design.md#drift 上下文压力, Odysseus 85% threshold; 可信度中).

Two pressures make a long detour costly, whatever its subject:

* the model's window filling up: estimated tokens of what the model would receive with this
  turn, against ``llm.context_window``; nothing below half, full strength at 85%
  (where older turns start to be dropped, and the main line loses detail);
* turns spent off the main line: nothing for the first two, full strength at six.

Each is its own signal (``context_pressure``, ``turns_off_main``), weight ``medium`` (0.84 needed
to decide alone): they tip a borderline turn; six turns into a detour, or near a full window,
they are the reason to offer a split on their own. A topic the user declined is offered again
only for a nearly full window, never for the turn count.
"""

from __future__ import annotations

from typing import Any

from mylife_core import hookimpl

WINDOW_FROM = 0.5
OFF_MAIN_FROM = 2
OFF_MAIN_FULL = 6


def _ramp(value: float, start: float, full: float) -> float:
    if value <= start:
        return 0.0
    return min(1.0, (value - start) / (full - start))


@hookimpl
def detect_drift(turn: str, session: Any, workspace: Any):
    from mylife_core.chat.context import PRESSURE_LIMIT
    from mylife_core.messages import t
    from mylife_core.specs import DriftSignal

    window = max(1, int(session.context_window))
    used = session.context_tokens / window
    signals = [DriftSignal(signal="context_pressure", score=round(_ramp(used, WINDOW_FROM, PRESSURE_LIMIT), 3),
                           weight="medium",
                           evidence=t("drift.pressure.evidence", tokens=f"{session.context_tokens:,}",
                                      window=f"{window:,}", pct=round(100 * used), limit=round(100 * PRESSURE_LIMIT)))]
    off = session.turns_off_main
    if off or not session.current.same_as(session.main):
        signals.append(DriftSignal(signal="turns_off_main", score=round(_ramp(off, OFF_MAIN_FROM, OFF_MAIN_FULL), 3),
                                   weight="medium", evidence=t("drift.pressure.off_main", main=session.main.name, n=off)))
    return signals

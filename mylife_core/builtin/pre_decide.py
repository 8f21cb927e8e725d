"""The builtin ``pre_decide`` check (docs/design.md#pre-decide): stale or missing facts stop a decision.

For the decisions a question matched, every field they depend on is checked against its own
TTL. An expired field the user has not chosen to keep, or a required field the profile lacks,
makes the verdict ``steer``: ask the user first, with the reasons and the data (each field's
last value and age) so the caller can offer "update now" or "keep the old value". It abstains
when no decision matched, so other plugins' verdicts stand alone. ``trylast``: lens checks
(e.g. the finance lens refusing investment questions) run first.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl(trylast=True)
def pre_decide(workspace, decisions, options):
    if not decisions:
        return None
    from mylife_core.staleness.check import assess, staleness_verdict

    return staleness_verdict(assess(workspace, decisions, options), options)

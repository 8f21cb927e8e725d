"""Builtin ``render_output`` (``tryfirst``): chain enforcement (docs/design.md#chains).

Every judgment must cite claims that exist, count as evidence (an inference only once the user
accepted it) and trace to L0 with a matching hash; anything else is moved to the answer's
"无依据，未采纳" note. Runs first so later plugins only ever see supported judgments.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl(tryfirst=True)
def render_output(answer, workspace):
    from mylife_core.pipeline.render import enforce_chains

    enforce_chains(answer, workspace)

"""Builtin ``render_output`` (``trylast``): the disclaimer (docs/design.md#disclaimer) ends every decision output."""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl(trylast=True)
def render_output(answer, workspace):
    from mylife_core.pipeline.render import add_disclaimer

    add_disclaimer(answer)

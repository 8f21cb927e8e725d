"""Builtin ``render_output``: conclusions that use a stale value the user chose to keep are
marked "基于可能过时的 X（N 个月前的数据）" and down-weighted (docs/design.md#pre-decide)."""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def render_output(answer, workspace):
    from mylife_core.pipeline.render import annotate_stale

    annotate_stale(answer)

"""Builtin plugin: the model's answer to ``infer_ttl``, the last resort (docs/design.md#ttl).

``trylast`` and registered after ``mylife.ttl_heuristics`` (builtin modules register in name
order, and among ``trylast`` implementations pluggy calls the later-registered one later), so
field dictionaries and the heuristics answer first; the model is asked only when one is
configured and nobody else knew the field. Any failure returns None (the default TTL applies).
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl(trylast=True)
def infer_ttl(name, value, workspace):
    from mylife_core.llm.ttl import model_ttl_guess

    return model_ttl_guess(workspace, name, value)

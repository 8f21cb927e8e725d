"""The builtin TTL inference for new profile fields (docs/design.md#ttl: inferred on the spot).

Two implementations of the firstresult hook ``infer_ttl``:

* ``infer_ttl_from_dictionaries`` (normal priority): a field registered by an installed field
  dictionary or lens (``register_fields``), by name or alias, answers with the dictionary's
  TTL and reason (``source: plugin:<distribution>``);
* ``infer_ttl`` (``trylast``): the heuristics by meaning, in Chinese and English (rent 365
  days, savings 90, income 180, education never, ...); None for names they do not know, so
  the model-based inference (another ``trylast`` implementation, registered after this
  module) can answer.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl(specname="infer_ttl")
def infer_ttl_from_dictionaries(name, workspace):
    from mylife_core.staleness.ttl import dictionary_guess

    return dictionary_guess(workspace, name) if workspace is not None else None


@hookimpl(trylast=True)
def infer_ttl(name, value):
    from mylife_core.staleness.ttl import heuristic_guess

    return heuristic_guess(name, value)

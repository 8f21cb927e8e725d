"""MyLife's own Chinese search: rjieba segmentation, a tantivy index, hybrid scoring.

::

    from mylife_core.search import recall
    result = recall(ws, "跳槽", topic=None, layers=None, k=10, evidence_only=False)
    result.mode, result.terms, result.hits[0].ref, result.to_json()

The index is a derived cache in ``cache/search/`` kept current from the audit log; the vector
side of the hybrid score comes from whichever plugin implements ``vector_index`` (for example
``mylife-vector``). Design, JSON keys and measured quality: ``docs/search.md``. Importing this
package is cheap: tantivy and rjieba load on first use.
"""

from __future__ import annotations

from .admin import rebuild, status
from .retrieval import Hit, RecallResult, recall

__all__ = ["recall", "Hit", "RecallResult", "rebuild", "status"]

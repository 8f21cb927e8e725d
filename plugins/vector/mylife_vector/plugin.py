"""The ``vector_index`` hook: one :class:`~mylife_vector.store.VectorStore` per workspace."""

from __future__ import annotations

import atexit
import contextlib
from typing import TYPE_CHECKING, Any

from mylife_core import hookimpl

if TYPE_CHECKING:  # pragma: no cover
    from mylife_core.workspace import Workspace

_STORES: dict[str, Any] = {}


@hookimpl
def vector_index(workspace: "Workspace") -> Any:
    from .store import VectorStore

    key = str(workspace.root)
    store = _STORES.get(key)
    if store is None:
        folder = workspace.cache_dir / "vectors"
        from mylife_core.storage import writable

        reason = writable.probe(folder)
        if reason is not None:  # a read-only workspace: a private copy of the derived vectors
            writable.note_read_around(workspace.cache_dir, reason)
            folder = writable.temporary_copy(folder)
        store = _STORES[key] = VectorStore(folder)
    return store


@atexit.register
def _flush() -> None:
    for store in _STORES.values():
        with contextlib.suppress(Exception):
            store.flush()

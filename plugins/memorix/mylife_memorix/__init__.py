"""mylife-memorix: keep MyLife's L2 claims in Memorix, an MCP memory server on Node.js.

Install with ``pip install mylife-memorix``, then ``mylife store setup memorix`` (runs the locked
``npm ci``), then ``mylife store migrate --to memorix``. See docs/backends.md.
"""

from mylife_core import hookimpl


@hookimpl
def register_stores(register):
    from .store import MemorixStore

    register(name="memorix", factory=MemorixStore,
             description="Memorix（npm memorix 1.0.7），经 stdio MCP 连接；数据在 backends/memorix/",
             description_en="Memorix (npm memorix 1.0.7) over stdio MCP; data in backends/memorix/")

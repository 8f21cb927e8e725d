"""MyLife core: the four-layer workspace, the plugin host and the ``mylife`` command.

Plugins implement hooks with the marker re-exported here::

    from mylife_core import hookimpl

    @hookimpl
    def register_fields(register):
        register(name="房租", ttl_days=365, topic="finance")
"""

from typing import Any

__version__ = "0.1.0"

__all__ = ["hookimpl", "__version__"]


def __getattr__(name: str) -> Any:
    # ``hookimpl`` is made on first use: ``mylife --version`` then never imports pluggy
    if name == "hookimpl":
        import pluggy

        marker = globals()["hookimpl"] = pluggy.HookimplMarker("mylife")
        return marker
    raise AttributeError(f"module 'mylife_core' has no attribute {name!r}")

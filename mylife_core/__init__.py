"""MyLife core: the four-layer workspace, the plugin host and the ``mylife`` command.

Plugins implement hooks with the marker re-exported here::

    from mylife_core import hookimpl

    @hookimpl
    def register_fields(register):
        register(name="房租", ttl_days=365, topic="finance")
"""

import pluggy

__version__ = "0.1.0"

hookimpl = pluggy.HookimplMarker("mylife")

__all__ = ["hookimpl", "__version__"]

"""Builtin plugin: the nine model-facing ``mylife_*`` tools (docs/design.md#tools).

Registered ``trylast`` so a third-party plugin can replace any of them by name.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl(trylast=True)
def register_tools(register):
    from mylife_core.tools.catalog import register_all

    register_all(register)

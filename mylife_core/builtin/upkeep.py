"""Builtin commands for staleness and upkeep: ``mylife staleness``, ``mylife maintain``,
``mylife skills``, and the bundled ``mylife-profile`` skill. (The model tool ``mylife_staleness``
is registered with the other model tools in :mod:`mylife_core.tools`; it calls the same
:func:`mylife_core.staleness.check`.)

Everything heavy is imported inside the functions: this module is imported on every run.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    from mylife_core.cli.lazy import from_module, lazy_commands

    names = ("staleness", "maintain", "skills")
    lazy_commands(cli, {name: f"help.{name}" for name in names},
                  from_module(*(f"mylife_core.staleness.commands:{name}" for name in names)))


@hookimpl(trylast=True)
def register_skills(register):
    from pathlib import Path

    register(path=Path(__file__).resolve().parent.parent / "staleness" / "skills", rank=600)

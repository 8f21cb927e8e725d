"""Builtin plugin: ``mylife ask``, ``competing``, ``extract``, ``digest``, ``tools``, ``tool`` and ``proposal``.

Nothing heavy is imported at module level: the commands' modules load when one of them runs,
litellm only when a model is really called.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    from mylife_core.cli.lazy import from_module, lazy_commands

    names = ("ask", "competing", "extract", "digest", "tools", "tool", "proposal")
    lazy_commands(cli, {name: f"help.{name}" for name in names},
                  from_module(*(f"mylife_core.pipeline.commands:{n}" for n in names[:4]),
                              "mylife_core.tools.commands:tools", "mylife_core.tools.commands:tool",
                              "mylife_core.pipeline.proposal_cmd:proposal"))


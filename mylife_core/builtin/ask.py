"""Builtin plugin: ``mylife ask``, ``competing``, ``extract``, ``digest``, ``tools`` and ``tool``.

Nothing heavy is imported at module level: the commands' modules load when the CLI is built,
litellm only when a model is really called.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    from mylife_core.pipeline.commands import ask, competing, digest, extract
    from mylife_core.tools.commands import tool, tools

    for command in (ask, competing, extract, digest, tools, tool):
        cli.add_command(command)


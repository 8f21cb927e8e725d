"""Builtin plugin: ``mylife chat``, ``mylife sessions`` and ``mylife branch ...`` (docs/design.md#drift).

Nothing heavy is imported here: the commands' module loads when the CLI is built, litellm only
when a model is really called.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    from mylife_core.chat.commands import all_commands

    for command in all_commands():
        cli.add_command(command)

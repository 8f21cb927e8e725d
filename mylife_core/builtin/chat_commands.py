"""Builtin plugin: ``mylife chat``, ``mylife sessions`` and ``mylife branch ...`` (docs/design.md#drift).

Nothing heavy is imported here: the commands' module loads when one of them runs, litellm only
when a model is really called.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    from mylife_core.cli.lazy import lazy_commands

    lazy_commands(cli, {"chat": "help.chat", "sessions": "help.sessions", "branch": "help.branch"}, _register)


def _register(cli):
    from mylife_core.chat.commands import all_commands

    for command in all_commands():
        cli.add_command(command)

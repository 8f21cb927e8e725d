"""Lazy registration of plugin commands (click's lazy-group pattern, see docs/plugins.md).

A plugin's ``register_commands`` runs on every ``mylife`` invocation that needs the command
list; building click commands means importing the modules they live in, which is most of what
``mylife --help`` used to cost. A plugin can instead announce its commands by name and help
message key, and build them only when one of them runs::

    @hookimpl
    def register_commands(cli):
        from mylife_core.cli.lazy import lazy_commands

        lazy_commands(cli, {"recall": "help.recall", "index": "help.index"}, _register)

    def _register(cli):            # the former body of register_commands
        @cli.command("recall", help=t("help.recall"))
        ...

On any other click group (a test's, another host's) the commands are built at once.
"""

from __future__ import annotations

from collections.abc import Callable

import click


def lazy_commands(cli: click.Group, names: dict[str, str], register: Callable[[click.Group], None]) -> None:
    """Announce commands ``names`` (name -> help message key) on ``cli``; ``register(cli)``
    adds the real commands the first time one of them is needed."""
    add_lazy = getattr(cli, "add_lazy", None)
    if add_lazy is None:
        register(cli)
        return
    for name, help_key in names.items():
        add_lazy(name, help_key, register)


def from_module(*targets: str) -> Callable[[click.Group], None]:
    """A registrar adding the commands at ``"module:attribute"`` targets."""

    def register(cli: click.Group) -> None:
        import importlib

        for target in targets:
            module, _, attr = target.partition(":")
            cli.add_command(getattr(importlib.import_module(module), attr))

    return register

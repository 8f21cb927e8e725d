"""Builtin plugin: optional git history (``mylife git ...``) and its privacy guard (docs/design.md#git).

* ``on_change``: when ``git.enabled`` is on, every MyLife write is committed (batched per
  process, see :mod:`mylife_core.history.autocommit`); a git failure never undoes or blocks
  the write: it warns, and the next commit catches up;
* ``verify_workspace``: the second witness of L0, raw files against committed history;
* ``register_commands``: the ``mylife git`` group.

Imported on every run: nothing heavier than the hook marker at the top; a workspace without
history pays one dictionary lookup per write.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mylife_core import hookimpl

if TYPE_CHECKING:  # pragma: no cover
    import click

    from mylife_core.specs import Change
    from mylife_core.workspace import Workspace


def _enabled(workspace: "Workspace") -> bool:
    section = workspace.config.git
    return bool(section.get("enabled")) if isinstance(section, dict) else False


@hookimpl
def on_change(workspace: "Workspace", change: "Change") -> None:
    if not _enabled(workspace):
        return
    from mylife_core.history.autocommit import note_change

    note_change(workspace, change)


@hookimpl
def verify_workspace(workspace: "Workspace") -> list[dict] | None:
    if not _enabled(workspace) and not (workspace.root / ".git" / "HEAD").is_file():
        return None
    from mylife_core.history import witness

    return witness.check(workspace) or None


@hookimpl
def register_commands(cli: "click.Group") -> None:
    """Add ``mylife git``; its subcommands are built only when ``mylife git ...`` runs."""
    from mylife_core.cli.lazy import lazy_commands

    lazy_commands(cli, {"git": "help.git"}, _register)


def _register(cli: "click.Group") -> None:
    import click

    from mylife_core.messages import t

    class LazyGitGroup(click.Group):
        def _real(self) -> click.Group:
            from mylife_core.history.cli import git_group

            return git_group

        def list_commands(self, ctx: click.Context) -> list[str]:
            return self._real().list_commands(ctx)

        def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
            return self._real().get_command(ctx, name)

    cli.add_command(LazyGitGroup("git", help=t("help.git")))

"""Option types cheap enough for the root group (``mylife --version`` imports no message catalog)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click


class WorkspacePath(click.Path):
    """``-w/--workspace``'s type: a folder path, never empty. ``-w ""`` (a variable that was not
    set: ``-w "$DIR"``) would be the current folder, which MyLife never takes as a workspace by
    itself (``mylife -w "" init`` made one wherever the shell stood): refused, exit 2."""

    def __init__(self) -> None:
        super().__init__(file_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            from ..errors import UsageError

            raise UsageError("workspace_empty", value=value)
        return super().convert(value, param, ctx)

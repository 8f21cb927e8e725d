"""A plugin that raises: in ``on_change`` always, in ``register_commands`` when asked to."""

import os

from mylife_core import hookimpl


def _mirror(change):
    raise ConnectionError(f"mirror unreachable while saving {change.target}")


@hookimpl
def on_change(change):
    _mirror(change)  # raised one frame below the hook implementation


@hookimpl
def register_commands(cli):
    if os.environ.get("MYLIFE_RAISING_COMMANDS"):
        raise ValueError("cannot build my commands")

"""Wrappers, as pytest and datasette plugin authors write them: one new-style, one old-style."""

import sys

import click

from mylife_core import hookimpl


@hookimpl(wrapper=True)
def on_change(change):
    print(f"wrapper: before on_change {change.action}", file=sys.stderr)
    results = yield  # every other on_change implementation runs here
    print(f"wrapper: after on_change {change.action} ({len(results)} results)", file=sys.stderr)
    return results


@hookimpl(hookwrapper=True)
def register_commands(cli):
    outcome = yield  # every other plugin has added its commands now
    outcome.get_result()
    count = len(cli.list_commands(click.Context(cli)))  # the root group announces commands lazily

    @cli.command(name="wrapped")
    def wrapped():
        """Say how many commands the wrapped hook call added."""
        click.echo(f"{count} commands before the wrapper's own")

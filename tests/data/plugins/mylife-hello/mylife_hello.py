"""A third-party plugin: adds a command, a field, and watches every write."""

import sys

import click

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    @cli.command(name="hello")
    @click.argument("name", default="世界")
    def hello(name):
        """Say hello (from a plugin)."""
        click.echo(f"你好，{name}！（来自 mylife-hello）")


@hookimpl
def register_fields(register):
    register(name="睡眠时长", aliases=["sleep"], ttl_days=30, topic="健康", sensitivity="medium")


@hookimpl
def on_change(workspace, change):
    print(f"mylife-hello saw {change.action} {change.target} by {change.actor}", file=sys.stderr)

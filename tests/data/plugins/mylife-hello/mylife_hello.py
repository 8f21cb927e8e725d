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


@hookimpl
def register_tools(register):
    def echo(workspace, actor, text):
        rec = workspace.raw.record(text.encode("utf-8"), topic="hello", actor=actor)
        return {"recorded": rec.file, "actor": actor}

    register(name="hello_echo", description="把一句话记下来（测试用）", description_en="Record a sentence (test tool)",
             input_schema={"type": "object", "properties": {"text": {"type": "string", "minLength": 1}},
                           "required": ["text"], "additionalProperties": False},
             handler=echo, writes=True)

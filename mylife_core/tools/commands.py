"""``mylife tools`` and ``mylife tool NAME --args JSON``: the model-facing tools from the CLI.

A tool run from the CLI acts as the user (``actor: user`` in the audit log) and may write.
Its result is the same structured document a model or an MCP client receives.
"""

from __future__ import annotations

import json
import sys

import click

from ..cli.common import Output, dumps, workspace_options
from ..messages import t


@click.command("tools", help=t("help.tools"))
@workspace_options
def tools(ws, out: Output) -> None:
    from . import describe, openai_schema, schema_for

    specs = ws.plugins.tools()
    out.emit({"ok": True, "count": len(specs), "tools": [
        {"name": s.name, "description": s.description, "description_en": s.description_en, "writes": s.writes,
         "plugin": s.plugin, "input_schema": s.input_schema, "openai": openai_schema(s)}
        for s in sorted(specs.values(), key=lambda s: s.name)]})
    out.line(t("tools.header", n=len(specs)))
    for spec in sorted(specs.values(), key=lambda s: s.name):
        mark = "✎" if spec.writes else " "
        out.line(f"{mark} {spec.name}  —  {describe(spec)}")
        schema = schema_for(spec.input_schema)  # each parameter described in the language in force
        props = schema.get("properties", {})
        required = set(schema.get("required", []))
        for name, prop in props.items():
            kind = prop.get("type") or "/".join(x.get("type", "?") for x in prop.get("anyOf", []))
            if "enum" in prop:
                kind = "|".join(str(e) for e in prop["enum"])
            flag = f" ({t('tools.required')})" if name in required else ""
            desc = prop.get("description", "")
            out.line(f"      {name}: {kind}{flag}  {desc}".rstrip())


@click.command("tool", help=t("help.tool"))
@click.argument("name")
@click.option("--args", "args", default="{}", metavar="JSON", help=t("ask.opt.args"))
@workspace_options
def tool(ws, out: Output, name: str, args: str) -> int:
    from ..errors import UsageError
    from ..storage.describe import json_problem, not_an_object
    from . import call_tool

    text = sys.stdin.read() if args == "-" else args
    try:
        arguments = json.loads(text) if text.strip() else {}
    except ValueError as exc:
        raise UsageError("tool_args_json", problem=json_problem(exc)) from None
    if not isinstance(arguments, dict):
        raise UsageError("tool_args_json", problem=not_an_object(arguments))
    outcome = call_tool(ws, name, arguments, actor="user", allow_writes=True)
    out.emit(outcome.to_json())
    if outcome.ok:
        out.line(t("tool.ok", name=name))
        out.line(dumps(outcome.result))
        return outcome.exit_code
    message = (outcome.error or {}).get("message", "?")
    if not out.json:
        click.secho(t("tool.failed", name=name, message=message), err=True, fg="red")
    return outcome.exit_code  # the code the matching command gives: `trace x` and `tool mylife_trace` agree

from __future__ import annotations

from pathlib import Path

import click

from ..messages import join, t
from .common import Output, WorkspacePath, json_option, root_workspace


@click.command("demo", help=t("help.demo"))
@click.option("--workspace", "-w", "workspace", type=WorkspacePath(), default=None,
              help=t("help.opt.demo_workspace"), callback=root_workspace)  # no MYLIFE_HOME: never the real workspace
@json_option
@click.option("--force", is_flag=True, help=t("help.opt.force"))
@click.pass_context
def command(ctx: click.Context, workspace: Path | None, as_json: bool, force: bool) -> None:
    from ..demo import build_demo, tour
    from ..layers.claims import id_day

    out = Output(as_json)
    summary = build_demo(workspace, force=force)
    root = ctx.find_root().command
    available = set(getattr(root, "commands", {}) or {})
    steps = tour(summary, commands=available)
    out.emit({"ok": True, **summary, "try": steps})

    out.line(t("demo.built", path=summary["workspace"], records=summary["records"], claims=summary["claims"],
               fields=summary["fields"]), bold=True)
    if summary["replaced"]:
        out.line(t("demo.rebuilt"))
    persona = summary["persona"]
    out.line(t("demo.persona", persona=join([persona["name"], persona["about"]], "clause")))
    out.line(t("demo.fictional"))
    out.line()
    out.line(t("demo.inside"), bold=True)
    detail = join((f"{t('status.' + s)} {n}" for s, n in sorted(summary["claims_by_status"].items())), "clause")
    topics = join(f"{name} {n}" for name, n in sorted(summary["topics"].items(), key=lambda kv: -kv[1]))
    out.line("  " + t("demo.inside.claims", n=summary["claims"], detail=detail, topics=topics))
    out.line("  " + t("demo.inside.story"))
    if summary["featured"].get("pressure"):
        out.line("  " + t("demo.inside.premise", date=id_day(summary["featured"]["pressure"])))
    if summary["stale_fields"]:
        names = join(t("demo.stale_field", name=f["name"], n=f["overdue_days"]) for f in summary["stale_fields"])
        out.line("  " + t("demo.inside.stale", names=names), fg="yellow")
    for m in summary["missing_fields"]:
        out.line("  " + t("demo.inside.missing", name=m["name"], why=m["why"]))
    if summary["candidates"]:
        out.line("  " + t("demo.inside.candidates", n=len(summary["candidates"])))
    if summary["digests"]:
        out.line("  " + t("demo.inside.digest", paths=join(summary["digests"])))
    out.line()
    out.line(t("demo.try"), bold=True)
    for step in steps:
        out.line(f"  {step['command']}")
        out.line(f"      {step['what']}", dim=True)

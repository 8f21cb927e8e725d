from __future__ import annotations

import click

from ..messages import actor_name, code_name, join, t
from ..status import age_text, gather
from .common import Output, columns, workspace_options


@click.command("status", help=t("help.status"))
@workspace_options
def command(ws, out: Output) -> None:
    data = gather(ws)
    out.emit({"ok": True, **data})
    layers = data["layers"]
    out.line(t("status.title", path=data["workspace"]), bold=True)
    claims = layers["claims"]
    detail = join((f"{t('status.' + s)} {n}" for s, n in sorted(claims["by_status"].items())), "clause")
    for line in (
        t("status.l0", n=layers["raw"]["records"]),
        t("status.l1", n=layers["digest"]["topics"]),
        t("status.l2", n=claims["total"], detail=detail) if detail else t("status.l2_empty"),
        t("status.l3", n=layers["profile"]["fields"], stale=layers["profile"]["stale"]),
        t("status.l4", chains=layers["index"]["chains"], branches=layers["index"]["branches"],
          open=layers["index"]["open_branches"]),
    ):
        out.line("  " + line)
    if data["candidates"]:
        out.line("  " + t("status.candidates", n=data["candidates"]), fg="yellow")
    if not (layers["raw"]["records"] or claims["total"] or layers["profile"]["fields"]):
        from ..shell import command_prefix  # nothing in it yet: what to do first, as init says

        out.line(t("init.next", prog=command_prefix(ws.root)))
    if data["stale_fields"]:
        out.line(t("status.stale_fields"), bold=True)
        for f in data["stale_fields"]:
            out.line("  " + t("profile.stale_line", name=f["name"], age=age_text(f["age_days"]),
                              ttl=t("word.days", n=f["ttl_days"]), over=f["overdue_days"]), fg="yellow")
    if data["open_branches"]:
        out.line(t("status.open_branches"), bold=True)
        for b in data["open_branches"]:
            out.line(f"  {b['id']}  {b['topic']} ← {b['parent_topic'] or '-'}")
    if data.get("llm_cooling"):
        out.line(t("status.llm_cooling"), bold=True)
        for e in data["llm_cooling"]:
            out.line("  " + t("status.llm_cooling_line", endpoint=e["endpoint"], seconds=int(e["seconds_left"]),
                              error=e.get("last_error") or "-"), fg="yellow")
    if data["recent_changes"]:
        out.line(t("status.recent"), bold=True)
        rows = [[e["at"][:19].replace("T", " "), actor_name(e["actor"]), code_name("action", e["action"]), e["target"]]
                for e in data["recent_changes"]]
        for line in columns(rows).splitlines():
            out.line("  " + line)

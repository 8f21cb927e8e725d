from __future__ import annotations

from pathlib import Path

import click

from ..messages import t
from .common import Output, json_option, workspace_option


@click.command("demo", help=t("help.demo"))
@workspace_option
@json_option
@click.option("--force", is_flag=True, help=t("help.opt.force"))
def command(workspace: Path | None, as_json: bool, force: bool) -> None:
    from ..demo import build_demo

    out = Output(as_json)
    summary = build_demo(workspace, force=force)
    out.emit({"ok": True, **summary})
    out.line(t("demo.built", path=summary["workspace"], records=summary["records"], claims=summary["claims"],
               fields=summary["fields"]))

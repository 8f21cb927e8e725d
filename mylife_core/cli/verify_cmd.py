from __future__ import annotations

import click

from ..messages import t
from ..verify import verify
from .common import Output, workspace_options


@click.command("verify", help=t("help.verify"))
@workspace_options
def command(ws, out: Output) -> int:
    from ..progress import reporting

    stages = {"raw": t("verify.stage.raw"), "claims": t("verify.stage.claims")}
    with reporting(enabled=not out.json) as progress:
        report = verify(ws, progress=lambda stage, done, total: progress(done, total, stages.get(stage, stage)))
    out.emit(report.to_json())
    if report.ok:
        out.line("✓ " + t("verify.ok", raw=report.raw_checked, claims=report.claims_checked), fg="green")
        return 0
    out.line(t("verify.problems", n=len(report.problems)), fg="red")
    for p in report.problems:
        out.line(f"  ✗ {p.message}")
    return 1

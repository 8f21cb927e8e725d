from __future__ import annotations

import click

from ..messages import t
from ..verify import verify
from .common import Output, workspace_options


@click.command("verify", help=t("help.verify"))
@click.option("--accept", "accept", multiple=True, metavar="FILE", help=t("verify.opt.accept"))
@workspace_options
def command(ws, out: Output, accept: tuple[str, ...]) -> int:
    from ..progress import reporting

    accepted = []
    if accept:
        from ..integrity import accept as accept_file

        for name in accept:
            accepted.append(accept_file(ws, name, actor="user"))
            out.line(t("verify.accepted", file=accepted[-1]["file"]), fg="green")
            if accepted[-1]["comments"]:  # kept now, but not by MyLife's next rewrite of the file
                out.line(t("verify.accept_comments", file=accepted[-1]["file"],
                           lines=", ".join(map(str, accepted[-1]["comments"]))), fg="yellow")

    stages = {"raw": t("verify.stage.raw"), "claims": t("verify.stage.claims")}
    with reporting(enabled=not out.json) as progress:
        report = verify(ws, progress=lambda stage, done, total: progress(done, total, stages.get(stage, stage)))
    out.emit({**report.to_json(), **({"accepted": accepted} if accept else {})})
    if report.ok:
        out.line("✓ " + t("verify.ok", raw=report.raw_checked, claims=report.claims_checked), fg="green")
        if report.audit_chained:
            out.line("✓ " + t("verify.layer_checked", files=report.files_checked, entries=report.audit_entries),
                     fg="green")
        else:
            out.line(t("verify.legacy"))
        _warnings(out, report)
        return 0
    out.line(t("verify.problems", n=len(report.problems)), fg="red")
    for p in report.problems:
        out.line(f"  ✗ {p.message}")
    _warnings(out, report)
    return 1


def _warnings(out: Output, report) -> None:
    """What does not fail the check (verify still exits 0 for these alone), after the verdict."""
    if report.warnings:
        out.line(t("verify.warnings", n=len(report.warnings)), fg="yellow")
        for p in report.warnings:
            out.line(f"  ! {p.message}")

from __future__ import annotations

import sys

import click

from ..messages import t
from ..verify import verify
from .common import Output, workspace_options


@click.command("verify", help=t("help.verify"))
@click.option("--accept", "accept", multiple=True, metavar="FILE", help=t("verify.opt.accept"))
@workspace_options
def command(ws, out: Output, accept: tuple[str, ...]) -> int:
    accepted = []
    if accept:
        from ..integrity import accept as accept_file

        for name in accept:
            accepted.append(accept_file(ws, name, actor="user"))
            out.line(t("verify.accepted", file=accepted[-1]["file"]), fg="green")

    def progress(stage: str, done: int, total: int) -> None:
        if sys.stderr.isatty() and not out.json:
            click.echo(f"\r{stage}: {done}/{total}", err=True, nl=False)

    report = verify(ws, progress=progress)
    if sys.stderr.isatty() and not out.json:
        click.echo("\r" + " " * 40 + "\r", err=True, nl=False)
    out.emit({**report.to_json(), **({"accepted": accepted} if accept else {})})
    if report.ok:
        out.line("✓ " + t("verify.ok", raw=report.raw_checked, claims=report.claims_checked), fg="green")
        if report.audit_chained:
            out.line("✓ " + t("verify.layer_checked", files=report.files_checked, entries=report.audit_entries),
                     fg="green")
        else:
            out.line(t("verify.legacy"))
        return 0
    out.line(t("verify.problems", n=len(report.problems)), fg="red")
    for p in report.problems:
        out.line(f"  ✗ {p.message}")
    return 1

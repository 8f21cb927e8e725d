from __future__ import annotations

import sys

import click

from ..messages import t
from ..verify import verify
from .common import Output, workspace_options


@click.command("verify", help=t("help.verify"))
@workspace_options
def command(ws, out: Output) -> int:
    def progress(stage: str, done: int, total: int) -> None:
        if sys.stderr.isatty() and not out.json:
            click.echo(f"\r{stage}: {done}/{total}", err=True, nl=False)

    report = verify(ws, progress=progress)
    if sys.stderr.isatty() and not out.json:
        click.echo("\r" + " " * 40 + "\r", err=True, nl=False)
    out.emit(report.to_json())
    if report.ok:
        out.line("✓ " + t("verify.ok", raw=report.raw_checked, claims=report.claims_checked), fg="green")
        return 0
    out.line(t("verify.problems", n=len(report.problems)), fg="red")
    for p in report.problems:
        out.line(f"  ✗ {p.message}")
    return 1

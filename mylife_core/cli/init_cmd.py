from __future__ import annotations

from pathlib import Path

import click

from ..messages import env_language, set_language, t
from .common import Output, json_option, workspace_option


@click.command("init", help=t("help.init"))
@workspace_option
@json_option
@click.option("--language", type=click.Choice(["zh", "en"]), default=None, help=t("help.opt.language"))
def command(workspace: Path | None, as_json: bool, language: str | None) -> None:
    from ..workspace import Workspace

    # a new workspace speaks --language, else the language in force (MYLIFE_LANG), else Chinese;
    # the output follows --language (asked for on this very command), then MYLIFE_LANG, then the
    # workspace's language, as every command's does (common._apply_language)
    ws, created = Workspace.init(workspace, language=language or env_language())
    set_language(language or env_language() or ws.config.language)
    out = Output(as_json)
    payload = {"ok": True, "workspace": str(ws.root), "created": created, "language": ws.config.language}
    kept = None
    if not created and language and language != ws.config.language:  # said, not silently ignored
        from ..shell import path

        kept = t("init.language_kept", current=ws.config.language, wanted=language,
                 config=path(ws.root / "config.yaml"))
        payload["warnings"] = [kept]
    out.emit(payload)
    out.line(t("init.created" if created else "init.exists", path=ws.root))
    if kept:
        out.line(kept)
    if created:
        from ..shell import command_prefix

        out.line(t("init.next", prog=command_prefix(ws.root)))  # a command to paste: `mylife -w PATH` unless the default

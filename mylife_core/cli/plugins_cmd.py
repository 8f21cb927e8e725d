from __future__ import annotations

import click

from ..messages import t
from .common import Output, json_option, workspace_option


@click.command("plugins", help=t("help.plugins"))
@click.option("--hook", default=None, help=t("help.opt.hook"))
@workspace_option
@json_option
def command(hook: str | None, workspace, as_json: bool) -> None:
    from ..plugins import default_host

    out = Output(as_json)
    infos = [i for i in default_host().plugin_infos() if hook is None or hook in i.hooks]
    out.emit({"ok": True, "plugins": [{"name": i.name, "distribution": i.distribution, "version": i.version,
                                       "builtin": i.builtin, "hooks": i.hooks} for i in infos]})
    if not infos:
        out.line(t("plugins.none"))
    for i in infos:
        label = i.distribution or i.name
        version = f" {i.version}" if i.version else ""
        kind = f" ({t('plugins.builtin')})" if i.builtin else ""
        out.line(f"{label}{version}{kind}", bold=not i.builtin)
        out.line(f"  hooks: {', '.join(i.hooks) or '-'}")

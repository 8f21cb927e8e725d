"""``mylife plugin new NAME``: start a plugin from MyLife's template (:mod:`mylife_core.scaffold`)."""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    import click

    from mylife_core.cli.common import Output, json_option
    from mylife_core.messages import t

    @cli.group("plugin", help=t("help.plugin"))
    def plugin() -> None:
        pass

    @plugin.command("new", help=t("help.plugin.new"))
    @click.argument("name")
    @click.option("--title", default=None, help=t("help.opt.plugin_title"))
    @click.option("--into", type=click.Path(file_okay=False), default=".", show_default=True,
                  help=t("help.opt.plugin_into"))
    @json_option
    def new(name: str, title: str | None, into: str, as_json: bool) -> None:
        from pathlib import Path

        from mylife_core.scaffold import new_plugin

        out = Output(as_json)
        made = new_plugin(name, Path(into), title=title)
        out.emit({"ok": True, "path": str(made.path), "distribution": made.dist, "module": made.module,
                  "files": made.files})
        out.line(t("plugin.created", dist=made.dist, path=made.path))
        for rel in made.files:
            out.line(f"  {rel}")
        out.line(t("plugin.next", path=made.path, dist=made.dist))

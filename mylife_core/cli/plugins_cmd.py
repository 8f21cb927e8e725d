from __future__ import annotations

import click

from ..messages import t
from .common import Output, json_option, workspace_option


@click.command("plugins", help=t("help.plugins"),
               context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.option("--hook", default=None, help=t("help.opt.hook"))
@click.option("--all", "show_all", is_flag=True, help=t("help.opt.plugins_all"))
@click.option("--trace", is_flag=True, help=t("help.opt.plugins_trace"))
@click.argument("traced", nargs=-1, type=click.UNPROCESSED, metavar="[COMMAND]...")
@workspace_option
@json_option
def command(hook: str | None, show_all: bool, trace: bool, traced: tuple[str, ...], workspace,
            as_json: bool) -> None:
    from ..errors import PluginError, UsageError
    from ..plugins import default_host, hook_names

    if hook is not None and hook not in hook_names():  # a typo lists nothing: say so, with the names
        raise UsageError("unknown_hook", name=hook, hooks=", ".join(hook_names()))
    if traced or trace:
        _trace(traced, workspace)
        return
    out = Output(as_json)
    infos = [i for i in default_host().plugin_infos(internal=show_all) if hook is None or hook in i.hooks]
    installed = [i for i in infos if not i.builtin]
    builtins = [i for i in infos if i.builtin]
    host = default_host()
    try:
        clashes = [c for c in host.clashes() if hook is None or c.hook == hook]
        broken = None
    except PluginError as exc:  # a plugin registering something invalid: the listing is where to see it
        clashes, broken = [], exc
    out.emit({"ok": True, "plugins": [{"name": i.name, "distribution": i.distribution, "version": i.version,
                                       "builtin": i.builtin, "hooks": i.hooks} for i in installed + builtins],
              "conflicts": [c.to_json() for c in clashes],
              "problems": [broken.to_json()] if broken is not None else []})
    if not infos:
        out.line(t("plugins.none"))
    for i in installed:
        out.line(f"{i.distribution or i.name}{f' {i.version}' if i.version else ''}", bold=True)
        out.line(f"  hooks: {', '.join(i.hooks) or '-'}")
    if show_all or hook is not None:
        for i in builtins:
            out.line(f"{i.name} ({t('plugins.builtin')})")
            out.line(f"  hooks: {', '.join(i.hooks) or '-'}")
    elif builtins:
        if installed:
            out.line()
        out.line(t("plugins.builtins_folded", count=len(builtins),
                   hooks=len({h for i in builtins for h in i.hooks})))
    if broken is not None:
        out.line()
        out.line(broken.render(), fg="red")
    if clashes:  # a name two plugins registered: which definition is used is said, never silent
        out.line()
        for c in clashes:
            kind = t("s24e.plugins.kind." + c.hook)
            if c.builtin_replaced:
                out.line(t("s24e.plugins.clash_builtin", kind=kind, name=c.name, used=c.used,
                           ignored=", ".join(c.ignored)), fg="yellow")
            else:
                out.line(t("s24e.plugins.clash", kind=kind, name=c.name, used=c.used,
                           ignored=", ".join(c.ignored)), fg="yellow")


def _trace(args: tuple[str, ...], workspace) -> None:
    """Run ``mylife ARGS`` again with hook tracing on (``MYLIFE_DEBUG_HOOKS=1``); exit with its code."""
    import os
    import subprocess
    import sys

    from ..errors import UsageError

    if not args:
        raise UsageError("trace_needs_command")
    env = dict(os.environ, MYLIFE_DEBUG_HOOKS="1")
    if workspace is not None:
        env["MYLIFE_HOME"] = str(workspace)
    code = subprocess.call([sys.executable, "-m", "mylife_core", *args], env=env)
    raise SystemExit(code)

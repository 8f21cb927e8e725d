"""Builtin plugin: the ``mylife serve`` command (the local review panel, docs/panel.md)."""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    import click

    from mylife_core.cli.common import Output, json_option, workspace_option
    from mylife_core.messages import t

    @cli.command("serve", help=t("help.serve"))
    @click.option("--host", default="127.0.0.1", show_default=True, help=t("help.opt.serve_host"))
    @click.option("--port", "-p", type=click.IntRange(0, 65535), default=8765, show_default=True,
                  help=t("help.opt.serve_port"))
    @click.option("--open", "open_browser", is_flag=True, help=t("help.opt.serve_open"))
    @click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME", help=t("help.opt.serve_allow_host"))
    @workspace_option
    @json_option
    def serve_command(host, port, open_browser, allow_hosts, workspace, as_json):
        import sys

        from mylife_core.errors import UsageError
        from mylife_core.workspace import Workspace

        for module in ("starlette", "jinja2", "uvicorn", "multipart"):
            try:
                __import__(module)
            except ImportError:
                raise UsageError("web_not_installed", module=module) from None
        import json
        from mylife_core.web import bind, create_app, run
        from mylife_core.web.app import start_url

        out = Output(as_json)
        root = Workspace.open(workspace).root  # a missing workspace is reported before binding
        if host not in ("127.0.0.1", "localhost", "::1"):
            click.secho(t("serve.warn_host", host=host), err=True, fg="yellow")
        sock = bind(host, port)
        actual_port = sock.getsockname()[1]
        app = create_app(root, host=host, port=actual_port, extra_hosts=tuple(allow_hosts))
        panel = app.panel
        url = start_url(panel)
        if as_json:
            # one line, printed as soon as the socket listens: a script reads it and goes on
            click.echo(json.dumps({"ok": True, "url": url, "host": host, "port": actual_port,
                                   "workspace": str(root)}, ensure_ascii=False))
        else:
            out.line(t("serve.url", url=url))
        sys.stdout.flush()
        if open_browser:
            import webbrowser

            webbrowser.open(url)
        try:
            run(app, sock)
        except KeyboardInterrupt:
            pass
        finally:
            panel.close()
            sock.close()
        if not as_json:
            click.echo(t("serve.stopped"), err=True)

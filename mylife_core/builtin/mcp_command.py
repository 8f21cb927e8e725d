"""Builtin plugin: the ``mylife mcp`` command (serves the model tools over MCP stdio)."""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    from mylife_core.cli.lazy import lazy_commands

    lazy_commands(cli, {"mcp": "help.mcp"}, _register)


def _register(cli):
    from mylife_core.cli.common import workspace_option
    from mylife_core.messages import t

    @cli.command("mcp", help=t("help.mcp"))
    @workspace_option
    def mcp_command(workspace):
        from mylife_core.extras import require
        from mylife_core.workspace import Workspace

        require("mcp", feature="mylife mcp")
        from mylife_core.mcp_server import serve_stdio

        ws = Workspace.open(workspace)  # fail early, with the usual message, if there is no workspace
        root = ws.root
        ws.close()
        serve_stdio(root)

"""mylife-graph: keep MyLife's L2 claims as a knowledge graph in ``@modelcontextprotocol/server-memory``.

Install with ``pip install mylife-graph``, then ``mylife store setup graph`` (runs the locked
``npm ci``), then ``mylife store migrate --to graph``. ``mylife graph export`` writes the graph
for inspection. See docs/backends.md.
"""

from mylife_core import hookimpl


@hookimpl
def register_stores(register):
    from .store import GraphStore

    register(name="graph", factory=GraphStore,
             description="知识图谱（npm @modelcontextprotocol/server-memory），经 stdio MCP 连接；"
                         "数据在 backends/graph/memory.jsonl",
             description_en="knowledge graph (npm @modelcontextprotocol/server-memory) over stdio MCP; "
                            "data in backends/graph/memory.jsonl")


@hookimpl
def register_commands(cli):
    import click

    from mylife_core.cli.common import Output, workspace_options
    from mylife_core.messages import t

    @cli.group("graph", help=t("help.graph"))
    def graph() -> None:
        pass

    @graph.command("export", help=t("help.graph.export"), short_help=t("help.graph.export.short"))
    @click.option("--format", "-f", "fmt", type=click.Choice(("json", "markdown", "dot")), default="markdown",
                  show_default=True, help=t("help.opt.graph_format"))
    @click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
                  help=t("help.opt.graph_output"))
    @workspace_options
    def export(ws, out: Output, fmt: str, output: str | None) -> None:
        from pathlib import Path

        from mylife_core.storage.atomic import atomic_write_text

        from .export import render, summary
        from .store import GraphStore

        store = ws.claims.store if ws.config.store == "graph" else GraphStore(ws)
        try:
            graph_doc = store.read_graph() if store.memory_file.exists() else {"entities": [], "relations": []}
        finally:
            if store is not ws.claims.store:
                store.close()
        text = render(graph_doc, fmt)
        counts = summary(graph_doc)
        if output:
            atomic_write_text(Path(output), text)
            out.emit({"ok": True, "path": str(Path(output).absolute()), "format": fmt, **counts})
            out.line(t("graph.exported", path=output, **counts))
        elif out.json:
            out.emit({"ok": True, "path": None, "format": fmt, **counts,
                      "graph": graph_doc if fmt == "json" else text})
        else:
            click.echo(text, nl=False)

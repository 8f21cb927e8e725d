"""Strings of the MCP server command."""

MESSAGES: dict[str, dict[str, str]] = {
    "help.mcp": {
        "zh": "通过 MCP（stdio）提供 MyLife 的模型工具（mylife_recall、mylife_trace……），供 DSH、Claude Desktop、"
              "Cursor 等宿主挂载。配置示例见 docs/mcp.md。\n\n例：mylife mcp --workspace ~/mylife",
        "en": "Serve MyLife's model tools (mylife_recall, mylife_trace, ...) over MCP stdio for hosts such as DSH, "
              "Claude Desktop and Cursor. Config snippets in docs/mcp.md.",
    },
}

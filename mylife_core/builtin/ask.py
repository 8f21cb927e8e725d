"""Builtin plugin: ``mylife ask``, ``competing``, ``extract``, ``digest``, ``tools`` and ``tool``;
and the model's answer to ``infer_ttl`` (``trylast``: field dictionaries and the staleness
heuristics answer first; this asks the model only when one is configured and they did not know).

Nothing heavy is imported at module level: the commands' modules load when the CLI is built,
litellm only when a model is really called.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    from mylife_core.pipeline.commands import ask, competing, digest, extract
    from mylife_core.tools.commands import tool, tools

    for command in (ask, competing, extract, digest, tools, tool):
        cli.add_command(command)


@hookimpl(trylast=True)
def infer_ttl(name, value, workspace):
    from mylife_core.llm.ttl import model_ttl_guess

    return model_ttl_guess(workspace, name, value)

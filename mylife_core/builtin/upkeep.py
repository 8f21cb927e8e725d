"""Builtin commands and tool for staleness and upkeep: ``mylife staleness``, ``mylife maintain``,
``mylife skills``, the model tool ``mylife_staleness``, and the bundled ``mylife-profile`` skill.

Everything heavy is imported inside the functions: this module is imported on every run.
"""

from __future__ import annotations

from mylife_core import hookimpl


@hookimpl
def register_commands(cli):
    from mylife_core.staleness.commands import maintain, skills, staleness

    for command in (staleness, maintain, skills):
        cli.add_command(command)


@hookimpl
def register_tools(register):
    from mylife_core.staleness.commands import STALENESS_TOOL_SCHEMA, staleness_tool

    register(name="mylife_staleness",
             description="给定一个决策问题（如“我该不该跳槽？”），返回它依赖的、已过期或缺失的档案字段"
                         "（每个过期字段的旧值与“上次填写是 N 个月前”），以及 pre_decide 的结论 allow/steer/deny。"
                         "用户选择沿用旧值时，把字段名放进 keep。",
             description_en="Given a decision question (e.g. 'should I change jobs?'), return the profile fields it "
                            "depends on that are expired or missing (each expired field's last value and age) and the "
                            "combined pre_decide verdict allow/steer/deny. Put fields the user keeps in `keep`.",
             input_schema=STALENESS_TOOL_SCHEMA, handler=staleness_tool, writes=False)


@hookimpl(trylast=True)
def register_skills(register):
    from pathlib import Path

    register(path=Path(__file__).resolve().parent.parent / "staleness" / "skills", rank=600)

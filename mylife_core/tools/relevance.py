"""Tools by relevance (Odysseus: offer only the tools relevant to the turn; docs/chat.md).

A chat turn always offers the read tools (``mylife_recall``, ``mylife_trace``,
``mylife_staleness``, ``mylife_competing``, and any read tool a plugin registers) and
``mylife_branch`` (in chat it only *proposes* a split, which the user accepts or not). The tools
that change the workspace (``mylife_record``, ``mylife_claim_add``, ``mylife_profile_update``,
``mylife_digest``, and any write tool a plugin registers) are offered only when the user's own
words in that turn ask for a change: :data:`CHANGE_REQUEST` ("记一下", "帮我记下", "更新我的存款",
"改成", "设为", "加一条", "删掉", "remember", "update my …", "change … to"). Saying a new value
("我的存款现在十五万") is not a request: the model may propose writing it only after being asked,
and even then every write waits for the user's yes (:mod:`.proposals`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

CHANGE_REQUEST = re.compile(
    r"记一下|记下|记住|帮我记|替我记|记录一下|记到|记进|存一下|存下来|存起来|保存|写进|写到|写下来|录入|登记"
    r"|更新|改成|改为|改一下|改掉|修改|改下|设为|设成|设置为|调成|调整为|加一条|添加|新增|补上|补充到|删掉|删除|去掉"
    r"|更正|纠正|标记为|总结成摘要|写个摘要|写摘要|开个分支"
    r"|(?i:\b(?:remember\s+(?:that|this)|record\s+(?:that|this)|note\s+(?:that|this|it)\s*down|note\s+that"
    r"|write\s+(?:that|this|it)\s+down|save\s+(?:that|this|it)|update|(?:change|set|correct)\s+\S+(?:\s+\S+){0,3}\s+to"
    r"|add\s+(?:a|an|this|that)|delete|remove)\b)")

ALWAYS = ("mylife_branch",)  # a proposal in chat, never a write by itself


def wants_change(text: str) -> bool:
    """True when the user's words ask for a change to their records."""
    return CHANGE_REQUEST.search(text or "") is not None


def tools_for_turn(ws: "Workspace", text: str, *, read_only: bool = False) -> list[str]:
    """The names of the tools a chat turn offers (see the module docstring)."""
    specs = ws.plugins.tools()
    writes = wants_change(text) and not read_only
    return sorted(name for name, spec in specs.items()
                  if not spec.writes or (name in ALWAYS and not read_only) or writes)

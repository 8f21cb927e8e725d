"""The agent loop (Odysseus ``stream_agent_loop``): stream the model, run its tool calls, feed
the results back, stop when it answers without tools; at most ``max_rounds`` tool rounds.

Tool results go back inside untrusted-data markers. Which tools may run is decided by the
:class:`~mylife_core.tools.ToolBox` the caller hands in: a read-only question offers only
read tools, and a write tool the model calls anyway is refused with a structured error (and
reported), so text inside a note cannot make the model change the workspace.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .client import Deadline, ModelClient, ModelTurn
from .prompts import ROUND_LIMIT, pick, untrusted_tool_message

if TYPE_CHECKING:  # pragma: no cover
    from ..tools import ToolBox, ToolOutcome


@dataclass
class ToolEvent:
    round: int
    name: str
    arguments: str
    outcome: "ToolOutcome"


@dataclass
class AgentResult:
    text: str  # the final answer (the last round's text)
    rounds: int
    turns: list[ModelTurn] = field(default_factory=list)
    tool_events: list[ToolEvent] = field(default_factory=list)
    hit_round_limit: bool = False
    messages: list[dict[str, Any]] = field(default_factory=list)

    @property
    def endpoint(self) -> str:
        return self.turns[-1].endpoint if self.turns else ""

    @property
    def refused(self) -> list[ToolEvent]:
        return [e for e in self.tool_events if e.outcome.refused]


def run_agent(client: ModelClient, messages: list[dict[str, Any]], toolbox: "ToolBox | None", *,
              max_rounds: int | None = None, deadline: Deadline | None = None,
              on_text: Callable[[str], None] | None = None,
              on_round_end: Callable[[ModelTurn], None] | None = None,
              on_tool: Callable[[ToolEvent], None] | None = None) -> AgentResult:
    """Run the loop on a copy of ``messages``; raises :class:`~.errors.ModelError` on failure."""
    max_rounds = max_rounds or client.settings.max_rounds
    deadline = deadline or Deadline(client.settings.deadline)
    history = list(messages)
    schemas = toolbox.schemas() if toolbox is not None else None
    result = AgentResult(text="", rounds=0, messages=history)
    for round_number in range(1, max_rounds + 2):
        final_round = round_number > max_rounds
        if final_round:
            result.hit_round_limit = True
            history.append({"role": "user", "content": pick(ROUND_LIMIT)})
        turn = client.complete(history, tools=None if final_round else schemas, on_text=on_text, deadline=deadline)
        result.turns.append(turn)
        result.rounds = round_number
        if on_round_end is not None:
            on_round_end(turn)
        history.append(turn.to_message())
        if not turn.tool_calls or final_round or toolbox is None:
            result.text = turn.text
            return result
        for call in turn.tool_calls:
            outcome = toolbox.call_json(call.name, call.arguments)
            event = ToolEvent(round_number, call.name, call.arguments, outcome)
            result.tool_events.append(event)
            if on_tool is not None:
                on_tool(event)
            history.append(untrusted_tool_message(call.id, call.name, outcome.to_json()))
    return result  # pragma: no cover - the loop always returns

"""An :class:`~.answer.Answer` as text for people, in the order of docs/design.md#both-sides.

header -> the table of the user's statements -> counter-evidence -> analysis (a model's
judgments) -> the question back -> premises to retire -> "无依据，未采纳" -> refused tool calls ->
stale-data notes -> the chain id -> the disclaimer, always last.

:class:`StreamPrinter` is the live form for a terminal: it checks each sentence of the model's
stream with the same rules as the builtin ``render_output`` plugins before printing it, holds
back questions (they go to their own section) and unsupported sentences (they go to the note).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .answer import Answer, Judgment

if TYPE_CHECKING:  # pragma: no cover
    from ..llm.client import ModelTurn
    from ..workspace import Workspace

Emit = Callable[[str], None]


def _short(text: str, n: int = 44) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _args(arguments: str, n: int = 80) -> str:
    try:
        text = json.dumps(json.loads(arguments), ensure_ascii=False)
    except ValueError:
        text = arguments
    return _short(text, n)


def judgment_line(j: Judgment) -> str:
    line = f"- {j.display()}"
    for note in j.notes:
        line += f"  ⚠ {note}"
    if j.weight != 1.0:
        from ..messages import t

        line += f"（{t('ask.weight', w=j.weight)}）"
    return line


def header_lines(a: Answer) -> list[str]:
    from ..messages import t

    lines = [t("ask.title", question=a.question)]
    if a.decision:
        lines.append(t("ask.decision_line", decision="、".join(a.decisions) if a.decisions else a.decision,
                       topic=a.topic or t("word.none")))
    elif a.status == "answered":
        lines.append(t("ask.no_decision"))
    if a.label:
        lines.append(a.label)
    return lines


def evidence_lines(a: Answer) -> list[str]:
    from ..cli.common import table
    from ..messages import t

    lines = [""]
    lines.append(t("ask.statements.head", topic=a.topic) if a.topic else t("ask.statements.head_any"))
    if a.statements:
        rows = [[s.date.isoformat()[:7], _short(s.text), _short(s.context or "—", 24), s.claim_id]
                for s in a.statements]
        lines.append(table(rows, [t("ask.col.date"), t("ask.col.statement"), t("ask.col.context"), t("ask.col.ref")]))
    else:
        lines.append(t("ask.statements.none"))
    lines.append("")
    lines.append(t("ask.competing.head", conclusion=a.draft_conclusion or a.question))
    if a.competing:
        for c in a.competing:
            state = c.chain.get("state")
            mark = t("ask.chain.ok") if state == "ok" else t("ask.chain.bad")
            source = c.chain.get("raw") or "-"
            via = " ← ".join(x for x in (c.claim_id, *(c.chain.get("digest") or [])[:1], source) if x)
            lines.append(f"- {c.date.isoformat()[:7]}「{_short(c.text, 60)}」—— {c.reason}")
            lines.append(f"    {via}  {mark}")
    else:
        lines.append(a.competing_note or t("ask.competing.empty", conclusion=a.draft_conclusion or a.question))
    return lines


def analysis_lines(a: Answer) -> list[str]:
    from ..messages import t

    if a.mode != "model":
        return []
    lines = ["", t("ask.analysis.head")]
    if a.judgments:
        lines += [judgment_line(j) for j in a.judgments]
    else:
        lines.append(t("ask.analysis.none"))
    return lines


def tail_lines(a: Answer) -> list[str]:
    from ..messages import t

    lines: list[str] = []
    if a.question_back is not None:
        lines += ["", t("ask.question.head"), a.question_back.display()]
        lines += [f"  ⚠ {n}" for n in a.question_back.notes]
    lines += ["", t("ask.premises.head")]
    lines += [f"- {p.question}  [{p.claim_id}]" for p in a.premises] or [t("ask.premises.none")]
    if a.unsupported:
        lines += ["", t("ask.unsupported.head"), t("ask.unsupported.intro")]
        for u in a.unsupported:
            why = "；".join(p.message for p in u.problems)
            lines.append(f"- 「{u.text}」—— {why}")
    if a.refused_tool_calls:
        lines += ["", t("ask.refused.head")]
        lines += [t("ask.refused.line", name=r["name"], args=_args(r["arguments"])) for r in a.refused_tool_calls]
    notes = list(a.annotations)
    if a.missing:
        notes.append(t("ask.missing", fields="、".join(a.missing)))
    if notes:
        lines += [""] + [f"⚠ {n}" for n in notes]
    return lines


def closing_lines(a: Answer, *, recorded: bool = True) -> list[str]:
    from ..messages import disclaimer, t

    lines = [""]
    if a.chain_id:
        lines.append(t("ask.chain_line", id=a.chain_id))
    elif not recorded and a.status == "answered":
        lines.append(t("ask.not_recorded"))
    lines += ["", "---", a.disclaimer or disclaimer()]
    return lines


def answer_lines(a: Answer, *, recorded: bool = True) -> list[str]:
    """The whole answer (no streaming)."""
    return [*header_lines(a), *evidence_lines(a), *analysis_lines(a), *tail_lines(a), *closing_lines(a, recorded=recorded)]


class StreamPrinter:
    """Prints a model's answer as it streams, one checked sentence at a time (see module doc)."""

    def __init__(self, ws: "Workspace", emit: Emit, note: Emit, stale: list | None = None) -> None:
        from ..trace import SourceChecker

        self.ws = ws
        self.emit = emit
        self.note = note
        self.stale = stale or []
        self.checker = SourceChecker(ws)
        self.buffer = ""
        self.round_printed: list[str] = []
        self.printed: list[str] = []  # judgment texts shown (for comparison with the final answer)
        self.started = False

    def start(self) -> None:
        from ..messages import t

        if not self.started:
            self.started = True
            self.emit("")
            self.emit(t("ask.analysis.head"))

    def on_text(self, delta: str) -> None:
        self.buffer += delta
        while "\n" in self.buffer:
            line, self.buffer = self.buffer.split("\n", 1)
            self._line(line)

    def _line(self, line: str) -> None:
        from .citations import evaluate, to_judgments
        from .render import mark_stale

        for judgment in to_judgments(line):
            if judgment.role != "judgment":
                continue  # questions have their own section, printed with the rest
            if evaluate(self.ws, judgment, self.checker) is not None:
                continue  # held for the "无依据，未采纳" note
            mark_stale(judgment, self.stale)
            self.start()
            self.emit(judgment_line(judgment))
            self.round_printed.append(judgment.text)

    def on_round_end(self, turn: "ModelTurn") -> None:
        from ..messages import t

        if turn.tool_calls:
            self.buffer = ""
            if self.round_printed:
                self.note(t("ask.preface_dropped"))
            self.round_printed = []
        else:
            if self.buffer.strip():
                self._line(self.buffer)
            self.buffer = ""
            self.printed += self.round_printed
            self.round_printed = []

    def on_tool(self, event: Any) -> None:
        from ..messages import t

        outcome = event.outcome
        if outcome.refused:
            self.note(t("ask.tool_refused", name=event.name))
        elif not outcome.ok:
            self.note(t("ask.tool_failed", name=event.name, message=(outcome.error or {}).get("message", "?")))
        else:
            self.note(t("ask.tool_call", name=event.name, args=_args(event.arguments)))

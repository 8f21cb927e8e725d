"""An :class:`~.answer.Answer` as text for people, in the order of docs/design.md#both-sides.

header -> the table of the user's statements -> counter-evidence -> analysis (a model's
judgments) -> the question back -> premises to retire -> "无依据，未采纳" -> refused tool calls ->
stale-data notes -> the chain id -> the disclaimer, always last.

:class:`StreamPrinter` is the live form (a terminal, the panel's ask page): each sentence of the
model's stream is judged as soon as it is complete (:class:`~.judging.JudgedStream`, the rule the
builtin ``render_output`` plugins apply) before it is printed; questions are held back (they go
to their own section) and unsupported sentences too (they go to the note).
"""

from __future__ import annotations

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


def tool_args(arguments: str, n: int = 80, *, ws: "Workspace | None" = None) -> str:
    """A tool call's arguments as every display shows them (the progress lines of ``ask``, ``chat``
    and the panel's ask page, an answer's refused calls): judged first
    (:func:`~.judging.judged_arguments`: a value that judges or advises the user is withheld, the
    others are shown; with ``ws``, a topic that is already the user's is kept), then shortened."""
    from ..messages import t
    from .judging import judged_arguments

    known = None
    if ws is not None:
        def known() -> set[str]:
            from ..tools.catalog import users_topics

            try:
                return users_topics(ws)
            except Exception:  # noqa: BLE001 - an unreadable index only makes the line stricter
                return set()
    return _short(judged_arguments(arguments, t("s21f.withheld_argument"), known_topics=known), n)


def tool_name(name: str) -> str:
    """A tool's name as a model wrote it, judged as its arguments are (:func:`~.judging.judged_name`)."""
    from ..messages import t
    from .judging import judged_name

    return judged_name(name, t("s21f.withheld_argument"))


def tool_call_line(event: Any, ws: "Workspace | None" = None) -> str:
    """The progress line of one tool call the model made (``ask``, ``chat``, the panel's ask page)."""
    from ..messages import t

    return t("ask.tool_call", name=tool_name(event.name), args=tool_args(event.arguments, ws=ws))


def judgment_line(j: Judgment) -> str:
    line = f"- {j.display()}"
    for note in j.notes:
        line += f"  ⚠ {note}"
    if j.weight != 1.0:
        from ..messages import t

        line += t("sep.paren", text=t("ask.weight", w=j.weight))
    return line


def named(a: Answer, name: str) -> str:
    """A decision's or topic's name as English text says it: followed by the English name its lens
    also gives (``跳槽 (change jobs)``, as a field's ``工作年限 (years of experience)``); as is otherwise."""
    from ..staleness.decisions import said_in_english

    return said_in_english(name, a.names_en)


def header_lines(a: Answer) -> list[str]:
    from ..messages import join, t

    lines = [t("ask.title", question=a.question)]
    if a.decision:
        lines.append(t("ask.decision_line", decision=join(named(a, d) for d in (a.decisions or [a.decision])),
                       topic=named(a, a.topic) if a.topic else t("word.none")))
    elif a.status == "answered":
        lines.append(t("ask.no_decision"))
    if a.topic_reason:
        lines.append(a.topic_reason)
    if a.label:
        lines.append(a.label)
    return lines


def evidence_lines(a: Answer) -> list[str]:
    from ..cli.common import table
    from ..messages import t

    lines = [""]
    lines.append(t("ask.statements.head", topic=named(a, a.topic)) if a.topic else t("ask.statements.head_any"))
    if a.statements:
        rows = [[s.date.isoformat()[:7], _statement_text(s), _short(s.context or "—", 24), s.claim_id]
                for s in a.statements]
        lines.append(table(rows, [t("ask.col.date"), t("ask.col.statement"), t("ask.col.context"), t("ask.col.ref")]))
        if a.statements_note:
            lines.append(a.statements_note)
    else:
        lines.append(a.statements_note or t("ask.statements.none"))
    lines.append("")
    lines.append(t("ask.competing.head", conclusion=a.draft_conclusion or a.question))
    if a.competing:
        for c in a.competing:
            lines += competing_item_lines(c)
    else:
        lines.append(a.competing_note or t("ask.competing.empty", conclusion=a.draft_conclusion or a.question))
    lines += others_lines(a.competing_others)
    lines += disputed_lines(a.competing_disputed)
    return lines


def disputed_lines(disputed: list, *, whole: bool = False) -> list[str]:
    """The user's statements the rules and the model read differently: apart, both readings shown."""
    from ..messages import t

    if not disputed:
        return []
    lines = [t("ask.competing.disputed.head")]
    for c in disputed:
        lines += competing_item_lines(c, whole=whole)
    return lines


def competing_item_lines(c, *, whole: bool = False) -> list[str]:
    """One statement of the counter-evidence (or read differently): when, what, why, and its chain.
    ``whole`` (``mylife competing``): the full date, text and digest paragraphs, not ask's brief."""
    from ..messages import t
    from .quoting import quoted, verbatim

    mark = t("ask.chain.ok") if c.chain.get("state") == "ok" else t("ask.chain.bad")
    digests = c.chain.get("digest") or []
    raw = c.chain.get("raw") or (None if whole else "-")
    via = " ← ".join(x for x in (c.claim_id, *(digests if whole else digests[:1]), raw) if x)
    unsure = ("" if c.certain else t("ask.competing.unsure_mark")) + _disputed_mark(c)
    if unsure and unsure[-1].isascii():  # "[unsure] 2025-11": a Latin mark is a word; 〔不确定〕 is not
        unsure += " "
    when, text = (c.date.isoformat(), c.text) if whole else (c.date.isoformat()[:7], _short(c.text, 60))
    if c.claim_id is not None and not verbatim(c.text, c.words):
        # a claim is a distillation: its text is not quoted as the user's words (pipeline/quoting.py)
        said = quoted(c.text, c.words, n=len(c.text) if whole else 60)
        return [t("s28evid.competing.line", unsure=unsure, date=when, said=said, reason=c.reason),
                f"    {via}  {mark}"]
    return [t("ask.competing.line", unsure=unsure, date=when, text=text, reason=c.reason), f"    {via}  {mark}"]


def others_lines(others: list) -> list[str]:
    """Other people's views against the conclusion: apart, labelled with whose view they are."""
    from ..messages import t

    if not others:
        return []
    lines = [t("ask.competing.others.head")]
    for c in others:
        lines.append(t("ask.competing.others.line", date=c.date.isoformat()[:7], text=_short(c.text, 60),
                       who=c.speaker or t("stance.who.unknown")))
    return lines


def _disputed_mark(c) -> str:
    """〔你标为有争议〕 for a claim the user disputed (``claim dispute``): shown, never as if undisputed."""
    from ..messages import t

    if getattr(c, "status", None) != "disputed":
        return ""
    return t("ask.statement.disputed_mark")


def _statement_text(s) -> str:
    """A table row's statement, marked when it is someone else's view, the user disputed it or its
    source changed."""
    from ..messages import t

    mark = _disputed_mark(s)
    text = (mark + " " if mark and mark[-1].isascii() else mark) + _short(s.text)
    if s.speaker:
        text += t("ask.statement.other_view", who=s.speaker)
    if not s.source_ok:
        text = f"{t('ask.statement.source_changed')} {text}"
    return text


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
    from ..messages import join, t

    lines: list[str] = []
    if a.question_back is not None:
        lines += ["", t("ask.question.head"), a.question_back.display()]
        lines += [f"  ⚠ {n}" for n in a.question_back.notes]
    lines += ["", t("ask.premises.head")]
    lines += [f"- {p.question}  [{p.claim_id}]" for p in a.premises] or [t("ask.premises.none")]
    if a.unsupported:
        from .judging import unsupported_lines

        lines += unsupported_lines(a.unsupported)
    if a.refused_tool_calls:
        lines += ["", t("ask.refused.head")]
        lines += [t("ask.refused.line", name=tool_name(r["name"]), args=tool_args(r["arguments"]))
                  for r in a.refused_tool_calls]
    notes = list(a.annotations)
    if a.missing:
        notes.append(t("ask.missing", fields=join(a.missing)))
    if notes:
        lines += [""] + [f"⚠ {n}" for n in notes]
    return lines


def closing_lines(a: Answer, *, recorded: bool = True, prog: str = "mylife",
                  wording: Callable[[str], str] | None = None) -> list[str]:
    """The chain line (``prog`` starts the command it suggests: ``mylife -w PATH`` for another
    workspace, see :func:`~mylife_core.staleness.render.command_prefix`), then the disclaimer.
    ``wording``: the key of another wording of the line saying the chain was not recorded (the
    panel's names its box, not ``--no-record``: :func:`mylife_core.web.views.panel_key`)."""
    from ..messages import disclaimer_lines, t

    lines = [""]
    if a.chain_id:
        lines.append(t("ask.chain_line", id=a.chain_id, prog=prog))
    elif not recorded and a.status == "answered":
        lines.append(t((wording or str)("ask.not_recorded")))
    from ..safety import closing_lines as crisis_closing, is_crisis_answer

    ending = crisis_closing() if is_crisis_answer(a) else disclaimer_lines(
        model_used=a.mode == "model" or a.stances_read_by == "model")
    if a.disclaimer:
        ending[-1] = a.disclaimer
    lines += ["", "---", *ending]
    return lines


def answer_lines(a: Answer, *, recorded: bool = True, prog: str = "mylife",
                 wording: Callable[[str], str] | None = None) -> list[str]:
    """The whole answer (no streaming)."""
    return [*header_lines(a), *evidence_lines(a), *analysis_lines(a), *tail_lines(a),
            *closing_lines(a, recorded=recorded, prog=prog, wording=wording)]


class StreamPrinter:
    """Prints a model's answer as it streams, one checked sentence at a time (see module doc).

    The cutting and judging are :class:`~.judging.JudgedStream`'s (shared with the panel's ask
    page and ``mylife digest``); this class only lays the shown sentences out as ``ask`` does."""

    def __init__(self, ws: "Workspace", emit: Emit, note: Emit, stale: list | None = None) -> None:
        from .judging import Judge, JudgedStream

        self.ws = ws
        self.emit = emit
        self.note = note
        self.stale = stale or []
        self.stream = JudgedStream(Judge(ws), show=self._show)
        self.round_printed: list[str] = []
        self.printed: list[str] = []  # judgment texts shown (for comparison with the final answer)
        self.started = False

    def start(self) -> None:
        from ..messages import t

        if not self.started:
            self.started = True
            self.emit("")
            self.emit(t("ask.analysis.head"))

    def on_evidence(self, answer: Answer) -> None:
        """The stale values the user kept: a sentence using one is marked as the final answer marks it."""
        self.stale = answer.stale

    def on_text(self, delta: str) -> None:
        self.stream.feed(delta)

    def _show(self, sentence: Any) -> None:
        from .render import mark_stale

        if sentence.role == "question":
            return  # questions have their own section, printed with the rest
        judgment = mark_stale(sentence.to_judgment(), self.stale)
        self.start()
        self.emit(judgment_line(judgment))
        self.round_printed.append(judgment.text)

    def on_round_end(self, turn: "ModelTurn") -> None:
        from ..messages import t

        if turn.tool_calls:
            self.stream.drop()
            if self.round_printed:
                self.note(t("ask.preface_dropped"))
            self.round_printed = []
        else:
            self.stream.end()
            self.printed += self.round_printed
            self.round_printed = []

    def on_tool(self, event: Any) -> None:
        from ..messages import t

        outcome = event.outcome
        if outcome.refused:
            self.note(t("ask.tool_refused", name=tool_name(event.name)))
        elif not outcome.ok:
            self.note(t("ask.tool_failed", name=tool_name(event.name),
                        message=(outcome.error or {}).get("message", "?")))
        else:
            self.note(tool_call_line(event, self.ws))


class LiveAnswer:
    """The terminal display of a decision answer, shared by ``mylife ask`` and ``mylife chat``.

    The header and the evidence are held back until the model first answers (text, a tool call,
    a round) or fails: so when a configured model cannot be reached, the answer starts with the
    "模型调用失败，已改用离线生成" label, before any content, instead of carrying it in the middle.
    With no model to call they are shown at once. Every model sentence is checked before it is
    printed (:class:`StreamPrinter`).
    """

    def __init__(self, ws: "Workspace", emit: Emit, note: Emit, *, will_call_model: bool,
                 warn: Emit | None = None) -> None:
        from ..staleness.render import command_prefix

        self.printer = StreamPrinter(ws, emit=emit, note=note)
        self.prog = command_prefix(ws.root)  # the commands the answer suggests act on this workspace
        self.emit = emit
        self.warn = warn or emit
        self.will_call_model = will_call_model
        self.pending: Answer | None = None
        self.shown = False

    def on_evidence(self, answer: Answer) -> None:
        self.printer.on_evidence(answer)
        self.pending = answer
        if not self.will_call_model:
            self._flush()

    def _flush(self) -> None:
        from ..messages import t

        if self.shown or self.pending is None:
            return
        lines = header_lines(self.pending)
        if not self.will_call_model:
            lines.append(t("ask.label.offline"))
        for line in [*lines, *evidence_lines(self.pending)]:
            self.emit(line)
        self.shown = True

    def on_text(self, delta: str) -> None:
        self._flush()
        self.printer.on_text(delta)

    def on_round_end(self, turn: "ModelTurn") -> None:
        self._flush()
        self.printer.on_round_end(turn)

    def on_tool(self, event: Any) -> None:
        self._flush()
        self.printer.on_tool(event)

    def finish(self, answer: Answer, *, recorded: bool = True) -> None:
        """Print the rest of an answered question (the whole of it when nothing was shown yet)."""
        from ..messages import t

        if not self.shown:
            for line in answer_lines(answer, recorded=recorded, prog=self.prog):
                self.emit(line)
            return
        if answer.mode == "model":
            final = [j for j in answer.judgments if j.role != "question"]
            if [j.text for j in final] != self.printer.printed:
                if self.printer.printed:
                    self.emit(t("ask.changed_by_plugin"))
                else:
                    self.printer.start()
                for j in final:
                    self.emit(judgment_line(j))
                if not final:
                    self.emit(t("ask.analysis.none"))
            for j in answer.judgments:  # the model's other questions, held back while streaming
                if j.role == "question":
                    self.emit(judgment_line(j))
            self.emit("")
            self.emit(answer.label)
        elif self.will_call_model:  # the model failed after it had started: say so here
            self.emit("")
            self.warn(answer.label)
        for line in [*tail_lines(answer), *closing_lines(answer, recorded=recorded, prog=self.prog)]:
            self.emit(line)

"""The panel's ask page: ``mylife ask`` run by the panel, its answer streamed as server-sent events.

``POST /ask`` (a CSRF-checked form) starts one run of :func:`mylife_core.pipeline.ask.ask` on
the panel's worker thread (the same library call as the CLI: staleness first, the user's
statements, competing evidence, the model or the offline brief, render hooks, the L4 chain) and
answers with a page that follows ``GET /ask/{job}/events``: ``stage`` events (the model's tool
calls among them), the model's ``text`` as it streams, each sentence judged before it is sent
(:class:`~mylife_core.pipeline.present.StreamPrinter`, the terminal's lines: a withheld sentence is
never sent), then ``done`` with the final text (exactly the CLI's lines) or ``failed``.
Without JavaScript, ``GET /ask/{job}`` waits for the run and shows the same final text.

Events are kept per run (a reconnecting browser replays them); the panel keeps the last few
runs in memory only. The question and the answer are never logged.
"""

from __future__ import annotations

import re
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

KEEP = 8  # runs remembered


@dataclass
class Job:
    id: str
    question: str
    events: list[tuple[str, Any]] = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)
    status: str = "running"  # running | answered | needs_input | denied | error
    lines: list[str] = field(default_factory=list)
    chain_id: str | None = None
    configured: bool = False  # a model was configured when it started (the form shows "no model")
    label: str | None = None  # the finished run's status as the page words it (web.ask.status.*)
    #: the form's boxes ticked for it (accept_stale, accept_missing, offline, no_record): its page
    #: shows them ticked again, so asking again after a stop for stale data keeps 不记录依据链
    boxes: frozenset[str] = frozenset()

    @property
    def ends_with_disclaimer(self) -> bool:
        """The finished run's text ends with the disclaimer word for word (an answer, a refusal, a
        stop for stale data: :func:`~mylife_core.pipeline.present.closing_lines`), so the page's
        footer does not repeat it; a run that failed shows only its error and keeps the footer's."""
        return self.done.is_set() and ends_with_disclaimer(self.lines)

    def push(self, kind: str, data: Any) -> None:
        self.events.append((kind, data))  # list.append is atomic: the stream reads it as it grows


_DASHES = re.compile(r"^-+(  -+)+$")  # the rule under a table's header (cli.common.table)


def answer_blocks(lines: list[str]) -> list[dict[str, Any]]:
    """The finished text as the page shows it: runs of text (``{"text": ...}``) and, for each table
    the terminal lines up in columns (:func:`mylife_core.cli.common.table`: a header, a rule of
    dashes, rows, up to a blank line), its cells (``{"head": [...], "rows": [[...], ...]}``), so
    the page shows a table of its own: spaces line columns up only in a terminal's font, and on a
    phone the rows wrapped into columns no one could read (the page stacks them instead). The
    text is the CLI's, word for word; only where its table's columns are is read from the rule."""
    from ..cli.common import _cells

    text = "\n".join(lines).split("\n")
    blocks: list[dict[str, Any]] = []
    run: list[str] = []
    i = 0
    while i < len(text):
        if i + 1 < len(text) and text[i].strip() and _DASHES.match(text[i + 1]):
            starts = [m.start() for m in re.finditer(r"-+", text[i + 1])]  # columns, in terminal cells
            end = i + 2
            while end < len(text) and text[end].strip():
                end += 1
            if run:
                blocks.append({"text": "\n".join(run)})
                run = []
            blocks.append({"head": _split(text[i], starts, _cells),
                           "rows": [_split(row, starts, _cells) for row in text[i + 2:end]]})
            i = end
            continue
        run.append(text[i])
        i += 1
    if run:
        blocks.append({"text": "\n".join(run)})
    return blocks


def _split(line: str, starts: list[int], cells: Any) -> list[str]:
    """A lined-up row's cells: each character belongs to the column its terminal cell falls in."""
    out = [""] * len(starts)
    at = 0
    for ch in line:
        column = max((n for n, start in enumerate(starts) if start <= at), default=0)
        out[column] += ch
        at += cells(ch)
    return [cell.strip() for cell in out]


def ends_with_disclaimer(lines: list[str]) -> bool:
    """The text's last line is the disclaimer word for word (docs/design.md#disclaimer)."""
    from ..messages import disclaimer

    return bool(lines) and lines[-1].strip() == disclaimer().strip()


class Jobs:
    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()

    def new(self, question: str) -> Job:
        job = Job(id=secrets.token_urlsafe(12), question=question)
        with self._lock:
            self._jobs[job.id] = job
            while len(self._jobs) > KEEP:
                oldest = next(iter(self._jobs))
                if not self._jobs[oldest].done.is_set():
                    break
                self._jobs.pop(oldest)
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)


def run(ws: Any, job: Job, *, accept_stale: bool, accept_missing: bool, offline: bool, record: bool = True) -> None:
    """One ``ask`` (on the panel's worker thread); every outcome ends with ``done`` or ``failed``.
    ``record=False``: the answer's chain is not recorded (the form's box, ``mylife ask --no-record``).
    A failure is said as every panel page says a library error (:func:`~.views.error_text`)."""
    from ..errors import MyLifeError
    from ..messages import t
    from ..pipeline.ask import AskEvents, AskOptions
    from ..pipeline.ask import ask as run_ask
    from ..pipeline.present import StreamPrinter, answer_lines, closing_lines, header_lines
    from .views import error_text, panel_key

    try:
        options = AskOptions(accept_stale=accept_stale, accept_missing=accept_missing, offline=offline,
                             record=record)
        # the model's words reach the page as the terminal shows them: each sentence judged first
        printer = StreamPrinter(ws, emit=lambda line: job.push("text", line + "\n"),
                                note=lambda note: job.push("stage", note))
        events = AskEvents(on_stage=lambda name: job.push("stage", t(f"ask.stage.{name}")),
                           on_evidence=printer.on_evidence, on_text=printer.on_text,
                           on_round_end=printer.on_round_end, on_tool=printer.on_tool)
        result = run_ask(ws, job.question, options, events)
        answer = result.answer
        from ..staleness.render import ask_command, command_prefix, report_lines

        if answer.status in ("needs_input", "denied"):
            prog = command_prefix(ws.root)
            lines = [*header_lines(answer), "", *report_lines(result.report, prog=prog, titled=False,
                                                               ask_command=ask_command(prog, options)),
                     *closing_lines(answer, recorded=False, prog=prog)]
        else:
            lines = answer_lines(answer, recorded=options.record, prog=command_prefix(ws.root), wording=panel_key)
        job.status, job.lines, job.chain_id = answer.status, lines, answer.chain_id
        from ..safety import is_crisis_answer

        # a life in danger is not "declined": the page says to reach out (mylife_core.safety)
        job.label = t("web.ask.status.crisis" if is_crisis_answer(answer) else f"web.ask.status.{answer.status}")
        # the page's footer drops its copy of the disclaimer when the text ends with it (as a
        # finished run's page does); ``label`` is the status as that page words it
        job.push("done", {"status": answer.status, "text": "\n".join(lines), "chain": answer.chain_id,
                          "label": job.label,
                          "ends_with_disclaimer": ends_with_disclaimer(lines),
                          "blocks": answer_blocks(lines)})  # the same text, its tables as cells (the page's)
    except MyLifeError as exc:
        job.status, job.lines = "error", [error_text(exc)]
        job.push("failed", {"text": job.lines[0], "label": t("web.ask.status.error")})
    except Exception as exc:  # noqa: BLE001 - the page says what went wrong, the panel keeps serving
        from ..errors import outside_cause

        outside = outside_cause(exc, ws.root)  # a read-only workspace, a full disk: not a bug
        message = error_text(outside) if outside is not None else t("error.internal", reason=f"{type(exc).__name__}: {exc}")
        job.status, job.lines = "error", [message]
        job.push("failed", {"text": message, "label": t("web.ask.status.error")})
    finally:
        job.done.set()


__all__ = ["Job", "Jobs", "answer_blocks", "run"]

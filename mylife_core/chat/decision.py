"""A decision turn of ``mylife chat``: the ``ask`` pipeline, shown exactly as ``mylife ask`` shows it.

Staleness (on a terminal the user is asked to update or keep each expired field), the user's
statements, competing evidence, the model (read-only tools, the chat's own client so endpoint
cooldowns carry over) or the offline brief, the ``render_output`` hooks (the judging rule, stale
inputs, the disclaimer) and the L4 chain, whose id is kept on the turn. The display is
:class:`mylife_core.pipeline.present.LiveAnswer`, shared with ``mylife ask``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..messages import join, t

if TYPE_CHECKING:  # pragma: no cover
    from .loop import Chat


def answer_digest(answer: Any, prog: str = "mylife") -> str:
    """What a decision answer said, compactly, for the conversation the model sees later and the
    transcript (``mylife sessions ID``); ``prog`` starts its chain line's trace command, as it
    does every suggested command (:func:`mylife_core.staleness.render.command_prefix`)."""
    lines = [answer.label] if answer.label else []
    lines += [j.display() for j in answer.judgments]
    if answer.question_back is not None:
        lines.append(answer.question_back.display())
    if answer.competing:
        lines.append(t("chat.digest.competing", items=join([c.text[:40] + t("sep.paren", text=c.ref) for c in answer.competing[:3]], "semi")))
    if answer.status == "needs_input":  # the fields that held it back: expired ones not kept, then missing
        lines.append(t("chat.digest.needs_input", fields=join(answer.blocking or answer.missing) or "-"))
    elif answer.status == "denied" and answer.verdict and answer.verdict.get("reasons"):
        lines.append(t("chat.digest.denied", reasons=join(answer.verdict["reasons"], "semi")))
    if answer.chain_id:
        lines.append(t("ask.chain_line", id=answer.chain_id, prog=prog))
    return "\n".join(lines)


class Decisions:
    def __init__(self, chat: "Chat") -> None:
        self.chat = chat

    def run(self, text: str) -> None:
        from ..cli.common import Output
        from ..pipeline.ask import AskEvents, AskOptions, ask
        from ..pipeline.present import LiveAnswer, closing_lines, header_lines
        from ..staleness.render import command_prefix

        chat = self.chat
        s = chat.session
        assert s is not None
        io = chat.io
        options = AskOptions(model=chat.options.model, offline=chat.options.offline,
                             client=chat.client if chat.model_ready else None)
        live = None if io.json else LiveAnswer(chat.ws, emit=io.say, note=io.note, will_call_model=chat.model_ready,
                                               warn=lambda line: io.say(line, fg="yellow"))
        events = AskEvents(on_stage=lambda name: io.note(t(f"ask.stage.{name}")),
                           on_evidence=live.on_evidence if live else None, on_text=live.on_text if live else None,
                           on_round_end=live.on_round_end if live else None, on_tool=live.on_tool if live else None)
        result = ask(chat.ws, text, options, events)
        if result.answer.status == "needs_input" and io.tty and not io.json:
            from ..pipeline.commands import _resolve_interactively

            _resolve_interactively(chat.ws, Output(False), result.report, options)
            result = ask(chat.ws, text, options, events)
        answer = result.answer
        io.event({"type": "answer", "kind": "decision", "status": answer.status, "answer": result.to_json(),
                  "chain_id": answer.chain_id})
        prog = command_prefix(chat.ws.root)  # every command shown or kept acts on this workspace when pasted
        if live is not None:
            if answer.status != "answered":
                from ..staleness.render import ask_command, report_lines

                # the choices are shell commands: `mylife chat` takes no question and no --accept-stale,
                # so "keep the old value" is offered as `mylife ask ... --accept-stale` (with the
                # chat's --offline and --model, so it answers the same way)
                report = report_lines(result.report, prog=prog, titled=False,
                                      ask_command=ask_command(prog, options))
                for line in [*header_lines(answer), "", *report, *closing_lines(answer, recorded=False, prog=prog)]:
                    io.say(line)
            else:
                live.finish(answer)
        s.add("assistant", answer_digest(answer, prog), kind="decision", topic=s.current.topic,
              decision=answer.decision, chain_id=answer.chain_id, model=answer.model)

"""A free chat turn answered by the model, holding it to what ``mylife ask`` holds it to.

1. **Tools by relevance** (:mod:`mylife_core.tools.relevance`): read tools always, write tools
   only when the user's words in this turn ask for a change.
2. **The conversation is the conversation** (:mod:`.compaction`): every turn is sent; near 85%
   of the window older turns are summarised by the model, not cut.
3. **The judging rule** (:mod:`mylife_core.pipeline.judging`): every sentence is judged before
   it is printed; withheld ones are listed under "无依据，未采纳"; a sentence claiming a write
   was done is withheld (in chat nothing is written before the user's yes). A turn that carries
   a judgment ends with the disclaimer and records an L4 chain.
4. **No model write without the user** (:mod:`mylife_core.tools.proposals`): the model's write
   calls are shown with their effect and run only when the user accepts (``--json``: a
   ``proposal`` event and an explicit ``yes`` line). Failed and refused calls are shown as such.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..errors import MyLifeError
from ..messages import t
from .io import QuitChat

if TYPE_CHECKING:  # pragma: no cover
    from ..llm.client import ModelTurn
    from ..pipeline.judging import Judge, Judged
    from ..tools.proposals import Proposal, ProposingToolBox
    from ..workspace import Workspace
    from .io import ChatIO
    from .loop import Chat


class SentencePrinter:
    """Prints a model's chat answer as it streams, a judged line at a time (layout kept)."""

    def __init__(self, judge: "Judge", io: "ChatIO") -> None:
        from ..pipeline.judging import Judged

        self.judge = judge
        self.io = io
        self.buffer = ""
        self.judged: Judged = Judged()
        self.lines: list[str] = []

    def feed(self, piece: str) -> None:
        self.buffer += piece
        while "\n" in self.buffer:
            line, self.buffer = self.buffer.split("\n", 1)
            self._line(line)

    def _line(self, line: str) -> None:
        from ..pipeline.judging import filter_text

        if not line.strip():
            if self.lines and self.lines[-1] != "":
                self.lines.append("")
                self.io.say("")
            return
        kept, judged = filter_text(self.judge, line)
        self.judged.sentences.extend(judged.sentences)
        if kept.strip():
            self.lines.append(kept)
            self.io.say(kept)

    def round_end(self, turn: "ModelTurn") -> None:
        if self.buffer.strip():
            self._line(self.buffer)
        self.buffer = ""

    def finish(self) -> None:
        self.round_end(None)  # type: ignore[arg-type]

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip()


def related(ws: "Workspace", text: str, k: int = 3) -> list[dict[str, Any]]:
    """What the user already recorded about this turn (claims that count as evidence, raw lines)."""
    from ..search import recall

    try:
        result = recall(ws, text, layers=["claims", "raw"], k=k, evidence_only=True)
    except MyLifeError:
        return []
    except Exception:  # noqa: BLE001 - a busy or damaged index must not break the conversation
        return []
    return [{"ref": h.ref, "date": h.date.isoformat(), "text": h.text, "topic": h.topic, "kind": h.kind}
            for h in result.hits]


class ModelTurns:
    """Free turns of one chat (the model's, or the plain offline answer)."""

    def __init__(self, chat: "Chat") -> None:
        self.chat = chat

    # -- what is sent ---------------------------------------------------------------------------
    def system_prompt(self) -> str:
        from .prompts import BRANCH_NOTE, CHAT_SYSTEM, pick

        chat = self.chat
        s = chat.session
        assert s is not None
        branch = ""
        if s.is_branch:
            b = chat.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
            branch = pick(BRANCH_NOTE).format(parent=b.parent_topic or "-", topic=s.main.name,
                                              question=b.question or s.main.question or "-")
        question = f"（{s.main.question}）" if s.main.question else ""
        return pick(CHAT_SYSTEM).format(main=s.main.name, main_question=question, current=s.current.name, branch=branch)

    def toolbox(self, text: str) -> "ProposingToolBox":
        from ..tools.proposals import ProposingToolBox
        from ..tools.relevance import tools_for_turn

        read_only = self.chat.options.read_only
        return ProposingToolBox(self.chat.ws, actor="model", allow_writes=not read_only,
                                names=tools_for_turn(self.chat.ws, text, read_only=read_only))

    def _fixed_tokens(self, text: str, tail: list[dict[str, Any]] | None = None) -> int:
        """System prompt, this turn's tool schemas and the turn itself (the rest is history)."""
        from .context import estimate_tokens, messages_tokens

        model = self.chat.settings.model
        schemas = json.dumps(self.toolbox(text).schemas(), ensure_ascii=False) if self.chat.model_ready else ""
        tail = tail if tail is not None else [{"role": "user", "content": text}]
        return estimate_tokens(self.system_prompt() + schemas, model) + messages_tokens(tail, model) + 8

    def context_tokens(self, text: str) -> int:
        """Estimated tokens the model would receive with this turn (drift's context pressure)."""
        from .compaction import history
        from .context import messages_tokens

        s = self.chat.session
        assert s is not None
        return self._fixed_tokens(text) + messages_tokens(history(s), self.chat.settings.model)

    def compact(self, fixed: int) -> None:
        """Near a full window, fold older turns into a model-written summary (see :mod:`.compaction`)."""
        from ..llm.errors import ModelError
        from .compaction import plan, summarise
        from .context import messages_tokens

        chat = self.chat
        s = chat.session
        assert s is not None
        settings = chat.settings
        n = plan(s, fixed, settings.context_window, settings.model)
        if not n:
            return
        chat.io.note(t("ask.stage.compact"))
        try:
            summary = summarise(chat.ws, chat.client, s, n, settings)
        except ModelError as exc:
            chat.io.say(t("chat.compact_failed", reason=exc.render()), fg="yellow")
            return
        s.summaries.append(summary)
        chat.save("session.compact")
        chat.io.event({"type": "compacted", "covers": summary.covers, "summary": summary.text,
                       "withheld": summary.withheld})
        if not s.compaction_told:
            s.compaction_told = True
            before = fixed + messages_tokens([{"role": x.role, "content": x.text} for x in s.conversation()],
                                             settings.model)
            chat.io.say(t("chat.compacted", n=summary.covers, percent=round(100 * before / settings.context_window)),
                        fg="cyan")
            chat.save("session.compact")

    # -- a turn -----------------------------------------------------------------------------------
    def run(self, text: str) -> None:
        import click

        from ..llm.agent import run_agent
        from ..llm.client import Deadline
        from ..llm.errors import ModelError
        from ..llm.prompts import untrusted_context_message
        from ..pipeline.judging import Judge
        from .compaction import history

        chat = self.chat
        s = chat.session
        assert s is not None
        settings = chat.settings
        found = related(chat.ws, text)
        tail: list[dict[str, Any]] = []
        if found:
            tail.append(untrusted_context_message("the user's records related to this turn (L0/L2)", found))
        tail.append({"role": "user", "content": text})
        toolbox = self.toolbox(text)
        self.compact(self._fixed_tokens(text, tail))
        messages = [{"role": "system", "content": self.system_prompt()}, *history(s, drop_last=True), *tail]
        said = [turn.text for turn in s.conversation() if turn.role == "user"]
        judge = Judge(chat.ws, user_words=said, writes_done=lambda: 0, write_problem=lambda: _write_problem(toolbox))
        printer = SentencePrinter(judge, chat.io)
        try:
            result = run_agent(chat.client, messages, toolbox, max_rounds=settings.max_rounds,
                               deadline=Deadline(settings.deadline), on_text=printer.feed,
                               on_round_end=printer.round_end, on_tool=lambda e: self._on_tool(e))
        except ModelError as exc:
            printer.finish()
            chat.io.event({"type": "error", "error": exc.to_json()})
            chat.io.say(exc.render(), fg="red")
            if not self._keep_shown(text, printer, judge):
                chat.io.say(t("chat.model_failed"))
            s.add("note", exc.render(), kind="chat", topic=s.current.topic)
            return
        except KeyboardInterrupt:
            # Ctrl-C mid-answer: the unfinished line is not shown; what was is kept, as a failure's
            # is (the loop saves it); nothing the model proposed is written
            self._keep_shown(text, printer, judge)
            raise
        printer.finish()
        tools = [{"name": e.name, "arguments": e.arguments, "ok": e.outcome.ok, "refused": e.outcome.refused,
                  **({"proposed": True} if isinstance(e.outcome.result, dict) and e.outcome.result.get("proposed")
                     else {})} for e in result.tool_events]
        stopped: BaseException | None = None
        try:
            self.decide(toolbox.proposals)
        except (QuitChat, KeyboardInterrupt, click.exceptions.Abort) as exc:
            # /quit or Ctrl-C at a proposal (the ones left refused): the turn, with what was
            # written before, is kept all the same
            stopped = exc
        judged = printer.judged
        chain_id = self._close(text, judged, result.endpoint, judge.checker)
        withheld = [u.model_dump(mode="json") for u in judged.unsupported]
        proposals = [p.to_json() for p in toolbox.proposals]
        chat.io.event({"type": "answer", "kind": "chat", "text": printer.text, "model": result.endpoint, "tools": tools,
                       "withheld": withheld, "proposals": proposals, "chain_id": chain_id})
        s.add("assistant", printer.text, kind="chat", topic=s.current.topic, tools=tools, model=result.endpoint,
              chain_id=chain_id, model_text=result.text if withheld else None, withheld=withheld, proposals=proposals)
        if stopped is not None:
            raise stopped
        if toolbox.splits:
            chat.save()
            chat.branches.proposed_split(toolbox.splits[-1])

    def _keep_shown(self, text: str, printer: SentencePrinter, judge: "Judge") -> bool:
        """An answer that stopped after it had started (the model failed, the user pressed
        Ctrl-C): what was shown is kept on the session, judged, with its note, chain and
        disclaimer. Returns False when nothing had been shown."""
        chat = self.chat
        s = chat.session
        assert s is not None
        if not printer.judged.sentences:
            return False
        chain_id = self._close(text, printer.judged, chat.client.label, judge.checker)
        s.add("assistant", printer.text, kind="chat", topic=s.current.topic, chain_id=chain_id,
              withheld=[u.model_dump(mode="json") for u in printer.judged.unsupported])
        return True

    def _on_tool(self, event: Any) -> None:
        from ..pipeline.present import tool_call_line, tool_name

        io = self.chat.io
        outcome = event.outcome
        message = (outcome.error or {}).get("message", "?")
        if outcome.refused:
            io.say(t("chat.tool_refused_line", name=tool_name(event.name), message=message), fg="red")
        elif not outcome.ok:
            io.say(t("chat.tool_failed_line", name=tool_name(event.name), message=message), fg="red")
        elif isinstance(outcome.result, dict) and outcome.result.get("effect"):
            io.note(t("chat.tool_proposed_note", effect=outcome.result["effect"]))
        else:
            io.note(tool_call_line(event, self.chat.ws))

    def decide(self, proposals: list["Proposal"]) -> None:
        """Put each proposed write to the user; only an accepted one runs. ``/quit`` or Ctrl-C at
        a question refuses it and every one after it (each said so), then ends the asking."""
        import click

        from ..messages import actor_name
        from ..tools.proposals import apply, model_line, refresh, refuse

        io = self.chat.io
        if not proposals:
            return
        io.say("")
        io.say(t("proposal.head"), fg="cyan")
        answered = True
        stopped: BaseException | None = None

        def answer(prompt: str) -> bool:
            """One yes/no on the proposal (``--json``: the next line); a line that is no answer
            refuses this one and every one after it and is the user's next turn; ``/quit`` or
            Ctrl-C stops the asking."""
            nonlocal answered, stopped
            if io.json:
                yes, other = io.decide("")
                if other is not None:
                    io.unread(other)
                    answered = False
                return yes
            try:
                return io.confirm(prompt, default=False)
            except (QuitChat, KeyboardInterrupt, click.exceptions.Abort) as exc:
                io.say("")
                stopped, answered = exc, False
                return False

        for p in proposals:
            refresh(self.chat.ws, p)  # "before" as it is on disk now: after the yes to an earlier one
            io.say(t("proposal.line", id=p.id, effect=p.effect))
            for line in p.details:  # everything the write stores: the user approves only what they saw
                io.say("       " + line)
            io.event({"type": "proposal", **p.to_json(), "choices": ["yes", "no"], "default": "no",
                      "note": t("proposal.json_waiting")})
            accepted = answer(t("proposal.prompt", id=p.id)) if answered else False
            line = model_line(self.chat.ws, p) if accepted else None
            if line is not None:  # a model's line would become the user's record: a yes to that, too
                io.say("       " + t("s32approve.chat.model_line_head", id=p.id, pointer=line["pointer"],
                                     actor=actor_name(line["actor"])), fg="yellow")
                for n, text in line["lines"]:
                    io.say(f"         L{n}: {text}")
                io.event({"type": "proposal_model_line", "id": p.id, "pointer": line["pointer"],
                          "written_by": line["actor"], "lines": [{"line": n, "text": x} for n, x in line["lines"]],
                          "choices": ["yes", "no"], "default": "no", "note": t("s32approve.chat.model_line_json")})
                accepted = answer(t("s32approve.chat.model_line_prompt", id=p.id))
            if accepted:
                outcome = apply(self.chat.ws, p)
                if outcome.ok:
                    io.say(t("proposal.applied", effect=p.effect), fg="green")
                else:
                    io.say(t("proposal.failed", effect=p.effect, message=(outcome.error or {}).get("message", "?")),
                           fg="red")
            else:
                refuse(p)
                io.say(t("proposal.refused", effect=p.effect))
            io.event({"type": "proposal_result", **p.to_json()})
        if stopped is not None:
            raise stopped

    def _close(self, text: str, judged: "Judged", endpoint: str, checker: Any) -> str | None:
        """The "无依据，未采纳" note, and for a turn that carries a judgment, the L4 chain and the
        disclaimer. Returns the chain id."""
        from .. import clock
        from ..messages import disclaimer
        from ..pipeline.answer import Answer
        from ..pipeline.ask import record_chain
        from ..pipeline.judging import unsupported_lines

        chat = self.chat
        s = chat.session
        assert s is not None
        for line in unsupported_lines(judged.unsupported):
            chat.io.say(line)
        if not judged.carries_judgment:
            return None
        answer = Answer(question=text, asked_at=clock.now(), mode="model", model=endpoint, topic=s.current.topic,
                        decision=s.current.decision,
                        judgments=[j.to_judgment() for j in judged.shown if j.kind != "small_talk"],
                        unsupported=judged.unsupported)
        chain = record_chain(chat.ws, answer, checker)
        chat.io.say("")
        from ..staleness.render import command_prefix

        chat.io.say(t("ask.chain_line", id=chain.id, prog=command_prefix(chat.ws.root)))
        chat.io.say("")
        chat.io.say("---")
        chat.io.say(disclaimer())
        return chain.id

    # -- no model ---------------------------------------------------------------------------------
    def offline(self, text: str) -> None:
        chat = self.chat
        s = chat.session
        assert s is not None
        found = related(chat.ws, text)
        lines = [t("chat.offline.free")]
        if found:
            lines.append(t("chat.offline.related"))
            lines += [f"  - {h['date'][:7]}「{h['text'][:60]}」 {h['ref']}" for h in found]
        chat.io.event({"type": "answer", "kind": "offline", "text": "\n".join(lines), "related": found})
        for line in lines:
            chat.io.say(line)
        s.add("assistant", "\n".join(lines), kind="offline", topic=s.current.topic)


def _write_problem(toolbox: "ProposingToolBox") -> str:
    """Why a sentence saying a write was done is withheld: what really happened to the writes."""
    specs = toolbox.ws.plugins.tools()
    for outcome in reversed(toolbox.calls):
        spec = specs.get(outcome.name)
        if spec is None or not spec.writes:
            continue
        if outcome.refused:
            return t("judge.write_refused", name=outcome.name)
        if not outcome.ok:
            return t("judge.write_failed", name=outcome.name)
    if toolbox.proposals:
        return t("judge.write_pending")
    return t("judge.write_not_done")

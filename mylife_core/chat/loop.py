"""The turn loop of ``mylife chat`` (docs/design.md#drift, #ask).

Every user turn goes through the same steps:

1. a chat command (``/close``, ``/split`` ...) is run as such;
2. drift is assessed against the line the conversation is on (:mod:`.drift`); the first turn
   sets the line, a turn back to the main line is followed, and drift is offered to the user in
   plain words (continue here / split it off and bring a conclusion back), unless the remembered
   preference (``branch.default`` in config.yaml: ask | split | continue) says what to do;
3. an open branch about the turn's topic is mentioned once;
4. the turn is answered: a decision question through the ``ask`` pipeline (staleness, evidence,
   competing evidence, the model or the offline brief, render_output hooks, the L4 chain, the
   disclaimer); anything else through the model with the ``mylife_*`` tools, or, with no model
   configured, a plain statement that free conversation needs one, with what MyLife already
   has on the subject;
5. the session is saved (before answering too, so a crash loses nothing the user typed).

A branch has its own session; the loop switches between sessions, holding each one's lock while
it works on it. Closing a branch writes its handoff and returns to the parent with the pull-back.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import MyLifeError, UsageError
from ..messages import t
from .session import Line, Session, SessionStore

if TYPE_CHECKING:  # pragma: no cover
    from ..llm.settings import LLMSettings
    from ..storage.lock import FileLock
    from ..workspace import Workspace
    from .drift import DriftVerdict

QUIT = {"/quit", "/exit", "/q", "/bye", "/退出"}


# --------------------------------------------------------------------------- talking to the user


class ChatIO:
    """Where the chat writes and reads: a terminal (or piped text), or JSON Lines for scripts."""

    def __init__(self, *, json_mode: bool = False, stdin: Any = None) -> None:
        self.json = json_mode
        self.stdin = stdin or sys.stdin
        self.tty = bool(getattr(self.stdin, "isatty", lambda: False)())
        self._streaming = False

    def say(self, text: str = "", **style: Any) -> None:
        import click

        if self.json:
            return
        self._end_stream()
        click.secho(text, **style) if style else click.echo(text)

    def note(self, text: str) -> None:
        import click

        self._end_stream()
        click.secho(text, err=True, dim=True)

    def stream(self, piece: str) -> None:
        import click

        if self.json:
            return
        self._streaming = True
        click.echo(piece, nl=False)

    def _end_stream(self) -> None:
        import click

        if self._streaming:
            self._streaming = False
            click.echo("")

    def event(self, data: dict[str, Any]) -> None:
        import click

        from ..cli.common import _json_default

        if self.json:
            click.echo(json.dumps(data, ensure_ascii=False, default=_json_default))

    def read(self, prompt: str) -> str | None:
        """One line from the user; None at the end of input."""
        import click

        self._end_stream()
        if self.tty and not self.json:
            try:
                return input(prompt)
            except EOFError:
                click.echo("")
                return None
        if not self.json:
            click.echo(prompt, nl=False)
        line = self.stdin.readline()
        if not line:
            if not self.json:
                click.echo("")
            return None
        if not self.json and not self.tty:
            click.echo(line.rstrip("\n"))  # a transcript of piped input reads like a conversation
        return line.rstrip("\r\n")

    def choose(self, prompt: str, choices: dict[str, list[str]], default: str) -> str | None:
        """Read until the answer names a choice (its number or a word); empty takes ``default``."""
        for _ in range(3):
            answer = self.read(prompt)
            if answer is None:
                return None
            answer = answer.strip().lower()
            if not answer:
                return default
            for key, words in choices.items():
                if answer == key or answer in words:
                    return key
            self.say(t("chat.choose.again", answers="/".join(choices)))
        return default

    def confirm(self, prompt: str, default: bool) -> bool:
        answer = self.read(prompt)
        if answer is None or not answer.strip():
            return default
        return answer.strip().lower() in ("y", "yes", "是", "好", "要", "嗯", "对", "行", "可以")


# --------------------------------------------------------------------------- lines


def line_from_text(ws: "Workspace", text: str, *, question: str | None = None) -> Line:
    """The line a text opens: its decision and topic when a lens knows them, else a short label."""
    from ..layers.raw import check_topic
    from .topics import classify, excerpt_label, is_question

    guess = classify(ws, text)
    decision = guess.decision.name if guess.decision is not None else None
    topic = guess.topic
    label = decision or topic
    if topic is None:
        label = excerpt_label(text)
        try:
            topic = check_topic(label)
        except UsageError:
            topic = None
    if question is None and decision and is_question(text):
        question = text
    return Line(topic=topic, decision=decision, label=label, question=question)


# --------------------------------------------------------------------------- the tool box


def _chat_toolbox(ws: "Workspace", *, allow_writes: bool, proposals: list[dict[str, Any]]) -> Any:
    """The model's tools for a chat turn; ``mylife_branch`` proposes a split to the user instead
    of opening one behind their back (the default behaviour is to ask, docs/design.md#branches)."""
    from ..tools import ToolBox, ToolOutcome

    class ChatToolBox(ToolBox):
        def call(self, name: str, arguments: dict[str, Any] | None) -> ToolOutcome:
            if name == "mylife_branch" and isinstance(arguments, dict) and arguments.get("topic"):
                proposals.append(dict(arguments))
                outcome = ToolOutcome(name, True, result={"proposed": True, "note": t("chat.tool.branch_proposed")})
                self.calls.append(outcome)
                return outcome
            return super().call(name, arguments)

    return ChatToolBox(ws, actor="model", allow_writes=allow_writes)


# --------------------------------------------------------------------------- the chat


@dataclass
class ChatOptions:
    explain: bool = False
    read_only: bool = False  # the model may not write to the workspace
    model: str | None = None
    offline: bool = False  # never call a model (decision turns get the structural brief)


@dataclass
class Chat:
    ws: "Workspace"
    io: ChatIO
    options: ChatOptions = field(default_factory=ChatOptions)
    session: Session | None = None
    _lock: "FileLock | None" = None
    _settings: "LLMSettings | None" = None
    _overhead: int | None = None

    # -- settings --------------------------------------------------------------------------------
    @property
    def settings(self) -> "LLMSettings":
        if self._settings is None:
            from ..llm.settings import load_settings

            self._settings = load_settings(self.ws, model=self.options.model)
        return self._settings

    @property
    def model_ready(self) -> bool:
        return self.settings.configured and not self.options.offline

    @property
    def store(self) -> SessionStore:
        return SessionStore(self.ws)

    # -- sessions --------------------------------------------------------------------------------
    def _hold(self, session: Session) -> None:
        lock = self.store.hold(session.id)
        self._release()
        self._lock = lock
        self.session = session
        self._overhead = None

    def _release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def close(self) -> None:
        s = self.session
        if s is not None and self._lock is not None and not s.turns and not s.is_branch:
            self.store.discard(s)  # opened and left without a word: nothing of the user's to keep
        self._release()

    def _save(self, action: str = "session.turn") -> None:
        assert self.session is not None
        self.store.save(self.session, action=action)

    def start(self, *, topic: str | None = None, resume: str | None = None, resume_latest: bool = False) -> Session:
        """Open a new session (on ``topic``), or resume one (a session id, a branch id, or the latest)."""
        from .branches import session_of

        session: Session | None = None
        if resume:
            if resume.startswith("br-"):
                session = session_of(self.ws, self.ws.index.branch(resume))
            else:
                session = self.store.load(resume)
            if session.status == "closed":
                raise UsageError("session_closed", id=session.id, branch=session.branch_id or "-")
        elif resume_latest:
            session = self.store.latest()
            if session is None:
                self.io.say(t("chat.resume.none"))
        if session is None:
            main = Line()
            if topic:
                main = line_from_text(self.ws, topic)
                if main.topic is None:
                    raise UsageError("bad_topic", topic=topic)
            session = self.store.create(main=main)
            resumed = False
        else:
            resumed = True
        self._hold(session)
        self._greet(resumed)
        return session

    def _greet(self, resumed: bool) -> None:
        s = self.session
        assert s is not None
        self.io.event({"type": "session", "resumed": resumed, "session": s.summary(),
                       "model": self.settings.endpoints[0].label if self.model_ready else None})
        self.io.say(t("chat.header", id=s.id, main=s.main.name))
        if s.is_branch:
            branch = self.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
            self.io.say(t("chat.in_branch", topic=s.main.name, parent=branch.parent_topic or "-", id=branch.id,
                          mode=t(f"chat.mode.{branch.mode}")))
        if resumed:
            shown = [turn for turn in s.turns if turn.role in ("user", "assistant")][-4:]
            if shown:
                self.io.say(t("chat.resume.head", current=s.current.name))
                for turn in shown:
                    who = t("chat.who.user") if turn.role == "user" else t("chat.who.assistant")
                    first = turn.text.strip().splitlines()[0] if turn.text.strip() else ""
                    self.io.say(f"  {who}：{first[:70]}")
        if not self.model_ready:
            self.io.say(t("chat.no_model"), fg="yellow")
        self.io.say(t("chat.help_hint"))
        self._pullbacks()
        if s.main.topic:
            self._mention({s.main.topic} | ({s.current.topic} if s.current.topic else set()))

    # -- the loop --------------------------------------------------------------------------------
    def run(self) -> int:
        import click

        try:
            while True:
                text = self.io.read(t("chat.prompt"))
                if text is None:
                    break
                text = text.strip()
                if not text:
                    continue
                if text.lower() in QUIT:
                    break
                try:
                    if text.startswith("/"):
                        self.command(text)
                    else:
                        self.turn(text)
                except MyLifeError as exc:
                    self.io.event({"type": "error", "error": exc.to_json()})
                    self.io.say(exc.render(), fg="red")
                except (KeyboardInterrupt, click.exceptions.Abort):
                    self.io.say(t("chat.interrupted"), fg="yellow")
        finally:
            s = self.session
            if s is not None:
                self.io.event({"type": "end", "session": s.id, "saved": bool(s.turns) or s.is_branch})
                if s.turns or s.is_branch:
                    self.io.say(t("chat.bye", id=s.id))
            self.close()
        return 0

    # -- one turn --------------------------------------------------------------------------------
    def _overhead_tokens(self) -> int:
        """What every model call carries besides the conversation: the system prompt and the
        tools' schemas (estimated once per session)."""
        if self._overhead is None:
            from .context import estimate_tokens

            schemas = ""
            if self.model_ready:
                from ..tools import ToolBox, openai_schema

                specs = ToolBox(self.ws, allow_writes=not self.options.read_only).specs()
                schemas = json.dumps([openai_schema(spec) for spec in specs], ensure_ascii=False)
            self._overhead = estimate_tokens(self._system_prompt() + schemas, self.settings.model)
        return self._overhead

    def _context_tokens(self, text: str) -> int:
        from .context import estimate_tokens, messages_tokens

        s = self.session
        assert s is not None
        history = [{"role": turn.role, "content": turn.text} for turn in s.conversation()]
        return (self._overhead_tokens() + messages_tokens(history, self.settings.model)
                + estimate_tokens(text, self.settings.model))

    def assess(self, text: str) -> "DriftVerdict":
        from .drift import assess

        assert self.session is not None
        return assess(self.ws, self.session, text, context_tokens=self._context_tokens(text),
                      context_window=self.settings.context_window)

    def turn(self, text: str, *, force_decision: bool = False) -> None:
        s = self.session
        assert s is not None
        verdict = self.assess(text)
        if self.options.explain or self.io.json:
            self._explain(verdict)
        action = "none"
        if verdict.first:
            if s.main.topic is None:
                line = line_from_text(self.ws, text)
                s.main = line
                s.current = line.model_copy()
        elif verdict.returning:
            self.io.say(t("chat.returning", main=s.main.name), fg="cyan")
            s.current = s.main.model_copy(update={"question": s.main.question})
            s.turns_off_main = 0
            action = "return"
        elif verdict.drifted and self._adopt(text, verdict):
            action = "none"
        elif verdict.drifted and self._toward_parent(verdict):
            if self._offer_back(text, verdict):
                return
            action = "continue"
        elif verdict.drifted:
            action = self._on_drift(text, verdict)
            if action == "split":
                s = self.session  # now the branch: the turn is its first
                assert s is not None
                verdict.drifted = False
        elif verdict.suppressed:
            action = "kept_here"
        self._answer(text, verdict, action, force_decision=force_decision)

    def _toward_parent(self, verdict: "DriftVerdict") -> bool:
        s = self.session
        assert s is not None
        if not s.is_branch:
            return False
        branch = self.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
        return bool(branch.parent_topic) and verdict.new_topic == branch.parent_topic

    def _offer_back(self, text: str, verdict: "DriftVerdict") -> bool:
        """In a branch, the user turns back to the topic it came from: close it with a conclusion,
        go back leaving it open, or stay. Returns True when the turn was handed to the parent."""
        s = self.session
        assert s is not None
        branch = self.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
        parent = branch.parent_topic or "-"
        self.io.event({"type": "offer_back", "branch": branch.id, "to": parent,
                       "choices": ["close", "back", "stay"], "default": "close"})
        self.io.say("")
        self.io.say(t("chat.back_offer.noticed", parent=parent, topic=s.main.name), fg="cyan")
        self.io.say(t("chat.back_offer.close", topic=s.main.name))
        self.io.say(t("chat.back_offer.back", parent=parent))
        self.io.say(t("chat.back_offer.stay", topic=s.main.name))
        choice = self.io.choose(t("chat.back_offer.prompt"), {"1": ["close", "收尾"], "2": ["back", "回去"],
                                                              "3": ["stay", "留下"]}, "1")
        if choice in (None, "3"):
            s.declined.append(parent)
            return False
        if choice == "1" and not self.io.json:
            self.close_branch()
        else:
            self.back()
        if self.session is s:  # the sheet was not finished: still in the branch
            return False
        self.io.say(t("chat.back_offer.carry_on", text=text))
        self.turn(text)
        return True

    def _adopt(self, text: str, verdict: "DriftVerdict") -> bool:
        """A conversation that opened with small talk ("最近心情不好") and now names a topic a lens
        knows has found its main line: adopt it rather than offer a split off the small talk."""
        s = self.session
        assert s is not None
        topics = self.ws.plugins.topics()
        if len(s.user_turns) != 1 or s.is_branch or s.main.decision or s.main.topic in topics:
            return False
        if verdict.new_topic not in topics or any(sig.signal == "explicit_marker" and sig.score >= 0.5
                                                  for sig in verdict.signals):
            return False
        line = line_from_text(self.ws, text)
        s.main = line
        s.current = line.model_copy()
        self.io.say(t("chat.adopted", main=line.name), fg="cyan")
        return True

    def _explain(self, verdict: "DriftVerdict") -> None:
        from .drift import FACTORS, THRESHOLD

        self.io.event({"type": "drift", **verdict.to_json()})
        if self.io.json:
            return
        state = (t("chat.explain.first") if verdict.first else t("chat.explain.returning") if verdict.returning
                 else t("chat.explain.suppressed") if verdict.suppressed
                 else t("chat.explain.drift") if verdict.drifted else t("chat.explain.none"))
        self.io.note(t("chat.explain.head", score=f"{verdict.score:.2f}", threshold=THRESHOLD, state=state,
                       topic=verdict.new_topic or "-"))
        from ..messages import M

        for s in verdict.signals:
            key = f"drift.signal.{s.signal}"
            self.io.note(t("chat.explain.signal", name=t(key) if key in M else s.signal, score=f"{s.score:.2f}",
                           weight=t(f"drift.weight.{s.weight}"),
                           contribution=f"{FACTORS.get(s.weight, 0.6) * s.score:.2f}", evidence=s.evidence,
                           plugin=s.plugin))

    def _on_drift(self, text: str, verdict: "DriftVerdict") -> str:
        """Offer the split (or follow the remembered preference); returns the action taken."""
        s = self.session
        assert s is not None
        new_topic = verdict.new_topic or t("chat.topic.unset")
        from_name = s.current.name
        preference = self.ws.config.branch.default
        recommend = any(sig.signal in ("field_set", "turns_off_main", "context_pressure") and sig.score >= 0.5
                        for sig in verdict.signals)
        if preference == "ask":
            self.io.event({"type": "offer", "from": from_name, "to": new_topic, "recommend": "split" if recommend else None,
                           "choices": ["continue", "split", "fresh"], "default": "split" if recommend else "continue"})
            self.io.say("")
            self.io.say(t("chat.offer.noticed", old=from_name, new=new_topic), fg="cyan")
            self.io.say(t("chat.offer.risk", old=from_name))
            self.io.say(t("chat.offer.continue", new=new_topic))
            self.io.say(t("chat.offer.split", new=new_topic))
            self.io.say(t("chat.offer.fresh"))
            if recommend:
                field_signal = any(sig.signal == "field_set" and sig.score >= 0.5 for sig in verdict.signals)
                self.io.say(t("chat.offer.recommend_fields" if field_signal else "chat.offer.recommend_long",
                              new=new_topic, old=from_name))
            default = "2" if recommend else "1"
            choice = self.io.choose(t("chat.offer.prompt", default=default),
                                    {"1": ["continue", "c", "继续"], "2": ["split", "s", "拆", "拆出去"],
                                     "3": ["fresh", "f", "单独"]}, default)
            if choice is None:
                choice = "1"
            decided = {"1": "continue", "2": "split", "3": "fresh"}[choice]
            self._maybe_remember("continue" if decided == "continue" else "split")
        else:
            decided = preference
            self.io.say(t(f"chat.offer.auto_{preference}", old=from_name, new=new_topic), fg="cyan")
        if decided == "continue":
            s.declined.append(new_topic)
            s.current = Line(topic=new_topic if verdict.new_topic else None, decision=verdict.new_decision,
                             label=verdict.new_decision or new_topic)
            self.io.event({"type": "continue", "topic": new_topic})
            return "continue"
        from .topics import strip_lead_in

        self.split(new_topic, question=strip_lead_in(text), mode="fresh" if decided == "fresh" else "fork",
                   decision=verdict.new_decision, drift=verdict)
        return "split"

    def _maybe_remember(self, choice: str) -> None:
        s = self.session
        assert s is not None
        if s.remember_asked or self.io.json:
            return
        s.remember_asked = True
        if self.io.confirm(t("chat.remember.prompt", choice=t(f"chat.remember.{choice}")), default=False):
            with self.ws.lock():
                self.ws.__dict__.pop("config", None)  # re-read: another process may have changed it
                config = self.ws.config.model_copy(deep=True)
                config.branch.default = choice  # type: ignore[assignment]
                self.ws.save_config(config)
            self.io.say(t("chat.remember.saved", choice=t(f"chat.remember.{choice}")))

    # -- answering ---------------------------------------------------------------------------------
    def _answer(self, text: str, verdict: "DriftVerdict", action: str, *, force_decision: bool = False) -> None:
        from .topics import classify, is_question

        s = self.session
        assert s is not None
        guess = classify(self.ws, text)
        self._mention(guess.topic_names() | ({s.current.topic} if s.current.topic else set()))
        decision = guess.decision.name if guess.decision is not None else None
        is_decision = force_decision or (decision is not None and is_question(text))
        if is_decision and guess.topic == s.current.topic:
            s.current.question = text
            if s.current.same_as(s.main):
                s.main.question = text
        s.turns_off_main = 0 if s.current.same_as(s.main) else s.turns_off_main + 1
        s.add("user", text, kind="decision" if is_decision else "chat", topic=s.current.topic, decision=decision,
              drift=verdict.record(action) if not verdict.first else None)
        self._save()
        if is_decision:
            from .topics import strip_lead_in

            self._decision(strip_lead_in(text))
        elif self.model_ready:
            self._model_turn(text)
        else:
            self._offline(text)
        self._save()

    def _decision(self, text: str) -> None:
        from ..cli.common import Output
        from ..pipeline.ask import AskEvents, AskOptions, ask
        from ..pipeline.present import (StreamPrinter, closing_lines, evidence_lines, header_lines, judgment_line,
                                        tail_lines)

        s = self.session
        assert s is not None
        options = AskOptions(model=self.options.model, offline=self.options.offline)
        streaming = not self.io.json
        printer = StreamPrinter(self.ws, emit=self.io.say, note=self.io.note) if streaming else None
        shown = {"evidence": False}

        def on_evidence(answer: Any) -> None:
            if printer is None:
                return
            printer.stale = answer.stale
            lines = header_lines(answer)
            if not self.model_ready:
                lines.append(t("ask.label.offline"))
            for line in [*lines, *evidence_lines(answer)]:
                self.io.say(line)
            shown["evidence"] = True

        events = AskEvents(on_stage=lambda name: self.io.note(t(f"ask.stage.{name}")), on_evidence=on_evidence,
                           on_text=printer.on_text if printer else None,
                           on_round_end=printer.on_round_end if printer else None,
                           on_tool=printer.on_tool if printer else None)
        result = ask(self.ws, text, options, events)
        if result.answer.status == "needs_input" and self.io.tty and not self.io.json:
            from ..pipeline.commands import _resolve_interactively

            _resolve_interactively(self.ws, Output(False), result.report, options)
            result = ask(self.ws, text, options, events)
        answer = result.answer
        self.io.event({"type": "answer", "kind": "decision", "status": answer.status, "answer": result.to_json(),
                       "chain_id": answer.chain_id})
        if not self.io.json:
            if answer.status != "answered":
                from ..staleness.render import command_prefix, report_lines

                report = report_lines(result.report, ask_command="mylife chat", prog=command_prefix(self.ws.root))
                for line in [*header_lines(answer), "", *report, *closing_lines(answer, recorded=False)]:
                    self.io.say(line)
            else:
                if not shown["evidence"]:
                    for line in [*header_lines(answer), *evidence_lines(answer)]:
                        self.io.say(line)
                if answer.mode == "model" and printer is not None:
                    if [j.text for j in answer.judgments] != printer.printed:
                        if printer.printed:
                            self.io.say(t("ask.changed_by_plugin"))
                        else:
                            printer.start()
                        for j in answer.judgments:
                            self.io.say(judgment_line(j))
                        if not answer.judgments:
                            self.io.say(t("ask.analysis.none"))
                    self.io.say("")
                    self.io.say(answer.label)
                elif self.model_ready:
                    self.io.say("")
                    self.io.say(answer.label, fg="yellow")
                for line in [*tail_lines(answer), *closing_lines(answer)]:
                    self.io.say(line)
        s.add("assistant", _answer_digest(answer), kind="decision", topic=s.current.topic, decision=answer.decision,
              chain_id=answer.chain_id, model=answer.model)

    def _offline(self, text: str) -> None:
        s = self.session
        assert s is not None
        related = _related(self.ws, text)
        lines = [t("chat.offline.free")]
        if related:
            lines.append(t("chat.offline.related"))
            lines += [f"  - {h['date'][:7]}「{h['text'][:60]}」 {h['ref']}" for h in related]
        self.io.event({"type": "answer", "kind": "offline", "text": "\n".join(lines), "related": related})
        for line in lines:
            self.io.say(line)
        s.add("assistant", "\n".join(lines), kind="offline", topic=s.current.topic)

    def _system_prompt(self) -> str:
        from .prompts import BRANCH_NOTE, CHAT_SYSTEM, pick

        s = self.session
        assert s is not None
        branch = ""
        if s.is_branch:
            b = self.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
            branch = pick(BRANCH_NOTE).format(parent=b.parent_topic or "-", topic=s.main.name,
                                              question=b.question or s.main.question or "-")
        question = f"（{s.main.question}）" if s.main.question else ""
        return pick(CHAT_SYSTEM).format(main=s.main.name, main_question=question, current=s.current.name, branch=branch)

    def _model_turn(self, text: str) -> None:
        from ..llm.agent import run_agent
        from ..llm.client import Deadline, ModelClient
        from ..llm.errors import ModelError
        from ..llm.prompts import untrusted_context_message
        from ..llm.secrets import KeyRing
        from .context import estimate_tokens, fit_to_window

        s = self.session
        assert s is not None
        settings = self.settings
        history = [{"role": turn.role, "content": turn.text} for turn in s.conversation()[:-1]]
        related = _related(self.ws, text)
        tail: list[dict[str, Any]] = []
        if related:
            tail.append(untrusted_context_message("the user's records related to this turn (L0/L2)", related))
        tail.append({"role": "user", "content": text})
        system = self._system_prompt()
        tools_tokens = max(0, self._overhead_tokens() - estimate_tokens(system, settings.model))
        messages, dropped = fit_to_window([{"role": "system", "content": system}], history, tail,
                                          settings.context_window - tools_tokens, model=settings.model)
        if dropped:
            self.io.note(t("chat.context.dropped", n=dropped))
        proposals: list[dict[str, Any]] = []
        toolbox = _chat_toolbox(self.ws, allow_writes=not self.options.read_only, proposals=proposals)
        client = ModelClient(settings, keyring=KeyRing.load(workspace_root=self.ws.root))
        pieces: list[str] = []

        def on_text(piece: str) -> None:
            pieces.append(piece)
            self.io.stream(piece)

        def on_round_end(turn: Any) -> None:
            if turn.tool_calls and pieces:
                self.io._end_stream()

        from ..pipeline.present import StreamPrinter

        tool_notes = StreamPrinter(self.ws, emit=self.io.say, note=self.io.note)  # the same notes as mylife ask
        try:
            result = run_agent(client, messages, toolbox, max_rounds=settings.max_rounds,
                               deadline=Deadline(settings.deadline), on_text=on_text, on_round_end=on_round_end,
                               on_tool=tool_notes.on_tool)
        except ModelError as exc:
            self.io._end_stream()
            self.io.event({"type": "error", "error": exc.to_json()})
            self.io.say(exc.render(), fg="red")
            self.io.say(t("chat.model_failed"))
            s.add("note", exc.render(), kind="chat", topic=s.current.topic)
            return
        self.io._end_stream()
        tools = [{"name": e.name, "arguments": e.arguments, "ok": e.outcome.ok, "refused": e.outcome.refused}
                 for e in result.tool_events]
        self.io.event({"type": "answer", "kind": "chat", "text": result.text, "model": result.endpoint,
                       "tools": tools})
        s.add("assistant", result.text, kind="chat", topic=s.current.topic, tools=tools, model=result.endpoint)
        if proposals:
            self._save()
            proposal = proposals[-1]
            self._proposed_split(proposal)

    def _proposed_split(self, proposal: dict[str, Any]) -> None:
        s = self.session
        assert s is not None
        topic = str(proposal.get("topic"))
        self.io.event({"type": "offer", "from": s.current.name, "to": topic, "by": "model",
                       "choices": ["continue", "split", "fresh"], "default": "continue"})
        self.io.say(t("chat.offer.by_model", new=topic, old=s.current.name), fg="cyan")
        choice = self.io.choose(t("chat.offer.prompt_model"), {"1": ["continue", "c", "继续"],
                                                               "2": ["split", "s", "拆", "拆出去"],
                                                               "3": ["fresh", "f", "单独"]}, "1")
        if choice in ("2", "3"):
            mode = "fresh" if choice == "3" or proposal.get("mode") == "fresh" else "fork"
            self.split(topic, question=proposal.get("question"), mode=mode)

    # -- branches ----------------------------------------------------------------------------------
    def split(self, topic: str, *, question: str | None, mode: str = "fork", decision: str | None = None,
              drift: "DriftVerdict | None" = None) -> None:
        """Split ``topic`` off into a branch and continue there."""
        from .branches import open_branch

        parent = self.session
        assert parent is not None
        parent_line = parent.current
        parent.add("note", t("chat.split.note", topic=topic), kind="branch", topic=parent_line.topic,
                   drift=drift.record("split") if drift is not None else None)
        branch, child = open_branch(self.ws, topic=topic, parent_topic=parent_line.topic or parent_line.label,
                                    question=question, mode=mode, parent=parent, decision=decision)
        parent.turns[-1].branch_id = branch.id
        self._save("session.branch")
        self._hold(child)
        self.io.event({"type": "branch", "branch": branch.model_dump(mode="json"), "session": child.id})
        self.io.say(t("chat.split.done", topic=topic, id=branch.id, parent=parent_line.name,
                      mode=t(f"chat.mode.{mode}")), fg="green")
        self.io.say(t("chat.split.howto"))

    def _parent_session(self) -> Session | None:
        s = self.session
        if s is None or not s.parent_session or not self.store.exists(s.parent_session):
            return None
        return self.store.load(s.parent_session)

    def back(self) -> None:
        """Go back to the parent line, leaving the branch open."""
        s = self.session
        assert s is not None
        if not s.is_branch:
            raise UsageError("chat_not_in_branch")
        parent = self._parent_session()
        if parent is None:
            raise UsageError("chat_no_parent", id=s.branch_id or "-")
        self._save()
        self._hold(parent)
        if s.branch_id not in parent.mentioned:
            parent.mentioned.append(s.branch_id)  # the user just left it: no need to remind them
        self.io.event({"type": "back", "session": parent.id, "branch_open": s.branch_id})
        self.io.say(t("chat.back", parent=parent.current.name, topic=s.main.name, id=s.branch_id), fg="cyan")
        self._pullbacks()

    def close_branch(self, file: str | None = None) -> None:
        """Produce the handoff sheet, write it, and go back to the parent with the pull-back."""
        from .branches import close_branch
        from .handoff import HandoffInvalid, load_file

        s = self.session
        assert s is not None
        if not s.is_branch:
            raise UsageError("chat_not_in_branch")
        branch = self.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
        self._save()
        if file:
            from pathlib import Path

            draft = load_file(self.ws, Path(file).expanduser(), branch)
        else:
            if self.io.json:
                raise UsageError("chat_close_needs_file")
            draft = produce_handoff(self.ws, branch, s, self.io, settings=self.settings if self.model_ready else None)
            if draft is None:
                self.io.say(t("handoff.cancelled"))
                return
        try:
            result = close_branch(self.ws, branch.id, draft, ttl_prompt=None if self.io.json else (
                lambda q: self.io.read(q + " ") or ""), say=self.io.say, resolve=None, json_mode=self.io.json)
        except HandoffInvalid:
            raise
        self.session = result.session  # closed; saved by close_branch
        self.io.event({"type": "closed", **result.to_json()})
        self.io.say(t("branch.closed", id=branch.id, topic=branch.topic, conclusion=result.outcome.conclusion_id,
                      raw=result.outcome.raw_file, n=len(result.claims)), fg="green")
        for change in [*result.outcome.changes, *result.outcome.confirmed]:
            self.io.say(t("branch.closed.change", change=change))
        parent = self._parent_session()
        if parent is None:
            self._release()
            from .branches import Pending, pullback_lines

            for line in pullback_lines(Pending(result.branch, result.outcome, result.session),
                                       Line(label=branch.parent_topic or "-")):
                self.io.say(line)
            new = self.store.create(main=line_from_text(self.ws, branch.parent_topic) if branch.parent_topic else Line())
            self._hold(new)
            return
        self._hold(parent)
        self._pullbacks()

    def abandon(self, reason: str | None) -> None:
        from .branches import abandon_branch

        s = self.session
        assert s is not None
        if not s.is_branch:
            raise UsageError("chat_not_in_branch")
        self._save()
        branch = abandon_branch(self.ws, s.branch_id, reason=reason)  # type: ignore[arg-type]
        self.io.event({"type": "abandoned", "branch": branch.model_dump(mode="json")})
        self.io.say(t("branch.abandoned", id=branch.id, topic=branch.topic), fg="yellow")
        parent = self._parent_session()
        if parent is not None:
            self._hold(parent)
            self.io.say(t("chat.back", parent=parent.current.name, topic=s.main.name, id=branch.id), fg="cyan")
        else:
            self._release()
            self._hold(self.store.create(main=Line()))

    def _pullbacks(self) -> None:
        """Bring back what closed branches found: conflicts first, then the pull-back line (docs/design.md#branches)."""
        from .branches import apply_resolution, pending, pullback_lines, save_resolutions

        s = self.session
        assert s is not None
        for item in pending(self.ws, s):
            lines = pullback_lines(item, s.current)
            self.io.event({"type": "pullback", "branch_id": item.branch.id, "lines": lines,
                           "question": s.current.question,
                           "conflicts": [c.model_dump(mode="json") for c in item.unresolved]})
            self.io.say("")
            for line in lines[:-1]:
                self.io.say(line)
            for conflict in item.unresolved:
                if self.io.json:
                    break
                old = self.ws.claims.find(conflict.old_id)
                if old is None or old.status in ("superseded", "rejected"):
                    conflict.resolved = "new"  # settled elsewhere since: the old claim no longer stands
                    continue
                choice = ask_conflict(self.io, conflict)
                if choice is None:
                    break
                apply_resolution(self.ws, conflict, choice)
                self.io.say(t(f"branch.conflict.done.{conflict.resolved}", old_id=conflict.old_id,
                              new_id=conflict.new_id))
            if item.session is not None and any(c.resolved for c in (item.outcome.conflicts if item.outcome else [])):
                save_resolutions(self.ws, item.session)
            s.pulled_back.append(item.branch.id)
            s.add("note", "\n".join(lines), kind="pullback", topic=s.current.topic, branch_id=item.branch.id)
            self._save("session.pullback")
            self.io.say(lines[-1], fg="cyan")
            if self.io.json:
                continue
            question = s.current.question
            if self.io.confirm(t("chat.pullback.prompt"), default=True):
                if question:
                    self.io.say(t("chat.pullback.again", question=question))
                    self.turn(question, force_decision=True)
                else:
                    self.io.say(t("chat.pullback.no_question", line=s.current.name))
            else:
                self.io.say(t("chat.pullback.later", id=item.branch.id))

    def _mention(self, names: set[str]) -> None:
        """An open branch about this topic is mentioned once per session (docs/design.md#branches)."""
        from .branches import related_open

        s = self.session
        assert s is not None
        names = {n for n in names if n}
        if not names:
            return
        for branch in related_open(self.ws, names, exclude={s.branch_id or ""} | set(s.mentioned)):
            s.mentioned.append(branch.id)
            self.io.event({"type": "mention", "branch": branch.model_dump(mode="json")})
            self.io.say(t("chat.mention", topic=branch.topic, id=branch.id, date=branch.opened_at.date().isoformat(),
                          parent=branch.parent_topic or "-"), fg="cyan")

    # -- commands ----------------------------------------------------------------------------------
    def command(self, text: str) -> None:
        name, _, arg = text.partition(" ")
        name = name.lower()
        arg = arg.strip()
        s = self.session
        assert s is not None
        if name in ("/help", "/?", "/帮助"):
            for line in t("chat.help").splitlines():
                self.io.say(line)
        elif name == "/explain":
            self.options.explain = not self.options.explain
            self.io.say(t("chat.explain.on" if self.options.explain else "chat.explain.off"))
        elif name == "/topic":
            self.io.event({"type": "topic", "session": s.summary()})
            self.io.say(t("chat.topic.show", main=s.main.name, current=s.current.name, off=s.turns_off_main,
                          question=s.main.question or "-"))
        elif name == "/ask":
            if not arg:
                raise UsageError("empty_text", what="/ask")
            self.turn(arg, force_decision=True)
        elif name == "/split":
            mode = "fork"
            if arg.startswith("--fresh"):
                mode, arg = "fresh", arg[len("--fresh"):].strip()
            if not arg:
                raise UsageError("chat_split_needs_topic")
            self.split(arg, question=None, mode=mode)
        elif name == "/back":
            self.back()
        elif name == "/close":
            self.close_branch(arg or None)
        elif name == "/abandon":
            self.abandon(arg or None)
        elif name in ("/branches", "/branch"):
            branches = self.ws.index.reload().branches
            self.io.event({"type": "branches", "branches": [b.model_dump(mode="json") for b in branches]})
            for line in branch_table_lines(branches):
                self.io.say(line)
        elif name == "/resume":
            if not arg:
                raise UsageError("chat_resume_needs_id")
            self._save()
            from .branches import session_of

            target = session_of(self.ws, self.ws.index.branch(arg)) if arg.startswith("br-") else self.store.load(arg)
            if target.status == "closed":
                raise UsageError("session_closed", id=target.id, branch=target.branch_id or "-")
            self._hold(target)
            self._greet(True)
        else:
            raise UsageError("chat_unknown_command", name=name)


# --------------------------------------------------------------------------- helpers


def _answer_digest(answer: Any) -> str:
    """What a decision answer said, compactly, for the conversation the model sees later."""
    lines = [answer.label] if answer.label else []
    lines += [j.display() for j in answer.judgments]
    if answer.question_back is not None:
        lines.append(answer.question_back.display())
    if answer.competing:
        lines.append(t("chat.digest.competing", items="；".join(f"{c.text[:40]}（{c.ref}）" for c in answer.competing[:3])))
    if answer.status != "answered":
        lines.append(t("chat.digest.needs_input", fields="、".join(answer.missing) or "-"))
    if answer.chain_id:
        lines.append(t("ask.chain_line", id=answer.chain_id))
    return "\n".join(lines)


def _related(ws: "Workspace", text: str, k: int = 3) -> list[dict[str, Any]]:
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


def ask_conflict(io: ChatIO, conflict: Any) -> str | None:
    """Put a conflict to the user: ``new``, ``old``, ``both``, or None at the end of input."""
    io.say(t("branch.conflict.head", new=conflict.new_text, new_id=conflict.new_id, old=conflict.old_text,
             old_id=conflict.old_id, date=conflict.old_date[:7], reason=conflict.reason), fg="yellow")
    choice = io.choose(t("branch.conflict.prompt"), {"1": ["new", "新"], "2": ["old", "旧"], "3": ["both", "都"]}, "3")
    return {"1": "new", "2": "old", "3": "both"}.get(choice or "")


def branch_table_lines(branches: list[Any]) -> list[str]:
    from ..cli.common import table

    if not branches:
        return [t("branch.list.none")]
    rows = [[b.id, t(f"branch.status.{b.status}"), b.topic, b.parent_topic or "-", b.opened_at.date().isoformat(),
             b.conclusion_ref or "-"] for b in branches]
    return [table(rows, [t("branch.col.id"), t("branch.col.status"), t("branch.col.topic"), t("branch.col.parent"),
                         t("branch.col.opened"), t("branch.col.conclusion")])]


# --------------------------------------------------------------------------- producing a handoff


def draft_with_model(ws: "Workspace", branch: Any, session: Session, settings: "LLMSettings") -> dict[str, Any]:
    """Ask the model for a first draft of the sheet from the branch's own conversation."""
    from ..llm.client import Deadline, ModelClient
    from ..llm.prompts import untrusted_context_message
    from ..llm.secrets import KeyRing
    from .prompts import HANDOFF_SYSTEM, pick

    own = [{"who": turn.role, "text": turn.text} for turn in session.turns if turn.role in ("user", "assistant")]
    messages = [{"role": "system", "content": pick(HANDOFF_SYSTEM).format(parent=branch.parent_topic or "-")},
                untrusted_context_message(f"conversation of the sub-topic {branch.topic}",
                                          {"topic": branch.topic, "question": branch.question, "turns": own}),
                {"role": "user", "content": t("handoff.model.ask", topic=branch.topic)}]
    client = ModelClient(settings, keyring=KeyRing.load(workspace_root=ws.root))
    turn = client.complete(messages, json_mode=True, deadline=Deadline(settings.deadline))
    text = turn.text.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        data = json.loads(text[start:end + 1]) if start >= 0 and end > start else {}
    if not isinstance(data, dict):
        data = {}
    data["topic"] = branch.topic
    return data


def _prompt_list(io: ChatIO, prompt: str) -> list[str] | None:
    items: list[str] = []
    while True:
        line = io.read(prompt if not items else t("handoff.prompt.more"))
        if line is None:
            return None
        if not line.strip():
            return items
        items.append(line.strip())


def prompt_handoff(io: ChatIO, branch: Any, start: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Ask for each item of the sheet in turn (keeps what ``start`` already has)."""
    data = dict(start or {})
    data.setdefault("topic", branch.topic)
    parent = branch.parent_topic or "-"
    for key in ("question_answered", "conclusion"):
        if not str(data.get(key) or "").strip():
            default = branch.question if key == "question_answered" and branch.question else ""
            answer = io.read(t(f"handoff.prompt.{key}", default=default))
            if answer is None:
                return None
            data[key] = answer.strip() or default
    if not data.get("new_claims"):
        items = _prompt_list(io, t("handoff.prompt.new_claims"))
        if items is None:
            return None
        data["new_claims"] = items
    if not data.get("fields"):
        fields: dict[str, str] = {}
        while True:
            line = io.read(t("handoff.prompt.fields"))
            if line is None:
                return None
            if not line.strip():
                break
            name, sep, value = line.replace("＝", "=").partition("=")
            if not sep or not name.strip() or not value.strip():
                io.say(t("handoff.prompt.fields_bad"))
                continue
            fields[name.strip()] = value.strip()
        data["fields"] = fields
    if not [x for x in (data.get("competing_evidence") or []) if str(x).strip()]:
        io.say(t("handoff.prompt.competing_why"))
        for _ in range(3):  # required: asked again right away when left empty
            items = _prompt_list(io, t("handoff.prompt.competing_evidence"))
            if items is None:
                return None
            data["competing_evidence"] = items
            if items:
                break
            io.say(t("handoff.prompt.competing_why"), fg="yellow")
    if not data.get("open_questions"):
        items = _prompt_list(io, t("handoff.prompt.open_questions"))
        if items is None:
            return None
        data["open_questions"] = items
    for _ in range(3):
        if str(data.get("impact_on_parent_topic") or "").strip():
            break
        answer = io.read(t("handoff.prompt.impact_on_parent_topic", parent=parent))
        if answer is None:
            return None
        data["impact_on_parent_topic"] = answer.strip()
    return data


def produce_handoff(ws: "Workspace", branch: Any, session: Session, io: ChatIO, *,
                    settings: "LLMSettings | None") -> Any:
    """Draft (with the model when there is one), show, let the user fix, check; repeat until the
    sheet passes or the user gives up. Returns the checked draft or None."""
    import click

    from ..llm.errors import ModelError
    from .handoff import HandoffInvalid, check, parse_text, to_yaml

    data: dict[str, Any] = {"topic": branch.topic}
    if settings is not None and session.user_turns:
        io.note(t("handoff.model.drafting"))
        try:
            data = draft_with_model(ws, branch, session, settings)
        except (ModelError, ValueError) as exc:
            io.say(t("handoff.model.failed", reason=exc.render() if isinstance(exc, MyLifeError) else str(exc)),
                   fg="yellow")
    for _ in range(5):
        try:
            draft = check(ws, data, branch, source=t("handoff.source.draft"))
        except HandoffInvalid as exc:
            io.say(exc.render(), fg="yellow")
            filled = prompt_handoff(io, branch, _drop_invalid(data))
            if filled is None:
                return None
            data = filled
            continue
        io.say(t("handoff.review.head"))
        for line in to_yaml(draft).splitlines():
            io.say("  " + line)
        choice = io.choose(t("handoff.review.prompt"), {"y": ["yes", "是", "好", "1"], "e": ["edit", "改", "2"],
                                                         "n": ["no", "否", "不", "3"]}, "y")
        if choice in (None, "n"):
            return None
        if choice == "y":
            return draft
        edited = click.edit(to_yaml(draft), extension=".yaml", require_save=True) if io.tty else None
        if edited is None:
            io.say(t("handoff.review.not_edited"))
            continue
        try:
            return parse_text(ws, edited, branch, source=t("handoff.source.edited"))
        except HandoffInvalid as exc:
            io.say(exc.render(), fg="yellow")
            from ..storage import yamlfile

            try:
                data = yamlfile.parse_yaml(edited, __import__("pathlib").Path("handoff.yaml")) or {}
            except MyLifeError:
                data = draft.to_data()
    return None


def _drop_invalid(data: dict[str, Any]) -> dict[str, Any]:
    """Keep the items of a draft that can be kept, so the prompts ask only for the rest."""
    keep = {k: v for k, v in data.items() if k in ("topic", "question_answered", "conclusion", "conclusion_kind",
                                                   "new_claims", "fields", "competing_evidence", "open_questions",
                                                   "impact_on_parent_topic")}
    for key in ("competing_evidence", "open_questions", "new_claims"):
        value = keep.get(key)
        if isinstance(value, list):
            keep[key] = [v for v in value if (isinstance(v, str) and v.strip()) or isinstance(v, dict)]
        elif value is not None and not isinstance(value, list):
            keep.pop(key)
    if not isinstance(keep.get("fields"), dict):
        keep.pop("fields", None)
    return keep

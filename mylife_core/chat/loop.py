"""The turn loop of ``mylife chat`` (docs/chat.md; the rationale: docs/design.md#drift).

Every user turn goes through the same steps:

1. a chat command (``/close``, ``/split`` ...) is run as such;
2. drift is assessed against the line the conversation is on and acted on (:mod:`.offers`): the
   first turn sets the line, a turn back to the main line is followed, drift is offered to the
   user in plain words unless the remembered preference (``branch.default``) decides;
3. an open branch about the turn's topic is mentioned once;
4. the turn is answered: a decision question through the ``ask`` pipeline (:mod:`.decision`);
   anything else by the model (:mod:`.model_turn`: tools by relevance, the whole conversation
   or its summary, the one judging rule, writes only as proposals the user accepts), or, with
   no model configured, a plain statement that free conversation needs one;
5. the session is saved (before answering too, so a crash loses nothing the user typed).

This module holds the sessions, the loop and the chat commands; each other part is its own
module, readable and testable alone: :mod:`.io` (terminal and JSON Lines), :mod:`.offers`
(drift), :mod:`.decision`, :mod:`.model_turn`, :mod:`.branch_flow` (split, back, close,
abandon, pull-backs) and :mod:`.handoff_flow` (the handoff sheet).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ..errors import MyLifeError, UsageError
from ..messages import t
from .handoff_flow import ask_conflict, branch_table_lines, draft_with_model, produce_handoff, prompt_handoff
from .io import QUIT, ChatIO, QuitChat, command_word, is_command, is_quit
from .session import Line, Session, SessionStore
from .topics import line_from_text

if TYPE_CHECKING:  # pragma: no cover
    from ..llm.client import ModelClient
    from ..llm.settings import LLMSettings
    from ..storage.lock import FileLock
    from ..workspace import Workspace
    from .branch_flow import BranchFlow
    from .decision import Decisions
    from .drift import DriftVerdict
    from .model_turn import ModelTurns
    from .offers import DriftOffers

__all__ = ["Chat", "ChatIO", "ChatOptions", "QUIT", "QuitChat", "ask_conflict", "branch_table_lines",
           "draft_with_model", "line_from_text", "produce_handoff", "prompt_handoff"]


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
    _saved_turns: int = 0  # how many of the session's turns are on disk
    _save_error: MyLifeError | None = None  # why the last save failed (None: it did not)
    _settings: "LLMSettings | None" = None
    _client: "ModelClient | None" = None

    # -- settings and parts ----------------------------------------------------------------------
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
    def client(self) -> "ModelClient":
        """One client for the whole chat (its cooldown book is the workspace's, shared with
        every other ``mylife`` process)."""
        if self._client is None:
            from ..llm.client import client_for

            self._client = client_for(self.ws, self.settings)
        return self._client

    @property
    def store(self) -> SessionStore:
        return SessionStore(self.ws)

    @cached_property
    def offers(self) -> "DriftOffers":
        from .offers import DriftOffers

        return DriftOffers(self)

    @cached_property
    def decisions(self) -> "Decisions":
        from .decision import Decisions

        return Decisions(self)

    @cached_property
    def model(self) -> "ModelTurns":
        from .model_turn import ModelTurns

        return ModelTurns(self)

    @cached_property
    def branches(self) -> "BranchFlow":
        from .branch_flow import BranchFlow

        return BranchFlow(self)

    # -- sessions --------------------------------------------------------------------------------
    def hold(self, session: Session) -> None:
        lock = self.store.hold(session.id)
        self.release()
        self._lock = lock
        self.session = session
        self._saved_turns, self._save_error = len(session.turns), None

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def close(self) -> None:
        s = self.session
        if s is not None and self._lock is not None and not s.turns and not s.is_branch:
            self.store.discard(s)  # opened and left without a word: nothing of the user's to keep
        self.release()

    def save(self, action: str = "session.turn") -> None:
        """Save the session. A save that fails for a cause outside MyLife (a full disk, a
        read-only workspace) raises that cause as the CLI reports it (``errors.outside_cause``),
        and the turns not yet on disk stay in the session, saved with the next save; the chat
        goes on, and :meth:`end` shows back what still cannot be saved when it ends."""
        assert self.session is not None
        try:
            self.store.save(self.session, action=action)
        except Exception as exc:
            error = self.outside(exc)
            if error is None:
                raise
            self._save_error = error
            if error is exc:
                raise
            raise error from exc
        self._saved_turns, self._save_error = len(self.session.turns), None

    def outside(self, exc: BaseException) -> MyLifeError | None:
        """``exc`` as the error to show when the user can act on it, else None (a bug)."""
        from ..errors import user_error

        return user_error(exc, self.ws.root)

    def unsaved(self) -> list:
        """What the user typed (their turns, notes kept for them) that is not on disk."""
        s = self.session
        if s is None or self._save_error is None:
            return []
        return [turn for turn in s.turns[self._saved_turns:] if turn.role in ("user", "note")]

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
        self.hold(session)
        self.greet(resumed)
        return session

    def greet(self, resumed: bool) -> None:
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
                    self.io.say(t("chat.resume.turn", who=who, text=first[:70]))
        if not self.model_ready:
            self.io.say(t("chat.no_model"), fg="yellow")
        self.io.say(t("chat.help_hint"))
        self.branches.pullbacks()
        if s.main.topic:
            self.offers.mention({s.main.topic} | ({s.current.topic} if s.current.topic else set()))

    # -- the loop --------------------------------------------------------------------------------
    def run(self) -> int:
        import click

        try:
            while True:
                if self.io.turns:  # said at a prompt (a topic offer): the next turn, shown as one
                    text = self.io.turns.pop(0)
                    self.io.say(t("chat.prompt") + text)
                else:
                    text = self.io.read(t("chat.prompt"))
                if text is None:
                    break
                text = text.strip()
                if not text:
                    continue
                if is_quit(text):
                    break
                try:
                    if is_command(text):
                        self.command(text)
                    else:
                        self.turn(text)
                except QuitChat:
                    if self.session is not None and self._lock is not None:
                        try:
                            self.save()
                        except MyLifeError:
                            pass  # end() says what could not be saved
                    break
                except (KeyboardInterrupt, click.exceptions.Abort):
                    # what the interrupted turn had shown (and written) is kept on it: saved now
                    if self.session is not None and self._lock is not None \
                            and len(self.session.turns) > self._saved_turns:
                        try:
                            self.save()
                        except MyLifeError as error:
                            self.io.event({"type": "error", "error": error.to_json()})
                            self.io.say(error.render(), fg="red")
                            self.io.say(t("s22f.chat.turn_unsaved"), fg="yellow")
                            continue
                    self.io.say(t("chat.interrupted"), fg="yellow")
                except Exception as exc:
                    error = self.outside(exc)
                    if error is None:
                        raise
                    self.io.event({"type": "error", "error": error.to_json()})
                    self.io.say(error.render(), fg="red")
                    if self.unsaved():
                        self.io.say(t("s22f.chat.turn_unsaved"), fg="yellow")
        finally:
            code = self.end()
        return code

    def end(self) -> int:
        """Say goodbye; returns the exit code: 0, or the last save's error's when something the
        user typed could not be saved even now (it is shown back word for word, never dropped)."""
        s = self.session
        code = 0
        if s is not None:
            if self._save_error is not None and self._lock is not None:
                try:
                    self.save()  # one more try: the space may have come back
                except MyLifeError:
                    pass
            unsaved = self.unsaved()
            self.io.event({"type": "end", "session": s.id, "saved": (bool(s.turns) or s.is_branch) and not unsaved,
                           **({"unsaved": [turn.text for turn in unsaved],
                               "error": self._save_error.to_json()} if unsaved and self._save_error else {})})
            if unsaved and self._save_error is not None:
                self.io.say(t("s22f.chat.unsaved", n=len(unsaved), id=s.id,
                              error=self._save_error.render().splitlines()[0]), fg="red")
                for turn in unsaved:
                    who = t("chat.who.user") if turn.role == "user" else "·"
                    self.io.say(t("s22f.chat.unsaved_turn", who=who, text=turn.text))
                code = self._save_error.exit_code
            elif s.turns or s.is_branch:
                from ..staleness.render import command_prefix

                self.io.say(t("chat.bye", id=s.id, prog=command_prefix(self.ws.root)))
        self.close()
        return code

    # -- one turn --------------------------------------------------------------------------------
    def turn(self, text: str, *, force_decision: bool = False) -> None:
        import click

        s = self.session
        assert s is not None
        try:
            verdict = self.offers.assess(text)
        except (Exception, KeyboardInterrupt) as exc:
            # a drift signal (a plugin's) that failed: the turn is kept all the same, unjudged
            self._keep_turn(text, None, exc)
            raise
        if self.options.explain or self.io.json:
            self.offers.explain(verdict)
        try:
            action = self._follow(text, verdict)
        except (QuitChat, Exception, KeyboardInterrupt, click.exceptions.Abort) as exc:
            # /quit at an offer, a split that could not be written (a full disk too), Ctrl-C at
            # the prompt: what the user typed is kept all the same (the error is shown by the loop)
            self._keep_turn(text, verdict, exc)
            raise
        if action is None:
            return  # handed to the parent line, which answered it
        self._answer(text, verdict, action, force_decision=force_decision)

    def _keep_turn(self, text: str, verdict: "DriftVerdict | None", exc: BaseException) -> None:
        """Keep a turn whose handling failed (``exc``, re-raised by the caller and shown by the
        loop) in the session and save it; a save that fails too leaves the turn in the session,
        saved with the next turn (the loop reports the first error)."""
        s = self.session
        assert s is not None
        s.add("user", text, kind="chat", topic=s.current.topic,
              drift=verdict.record("offered") if verdict is not None and not verdict.first else None)
        try:
            self.save()
        except MyLifeError:
            if isinstance(exc, QuitChat):
                raise

    def _follow(self, text: str, verdict: "DriftVerdict") -> str | None:
        """Act on the drift verdict; returns the action recorded on the turn (None: the turn was
        handed to the parent line and answered there)."""
        s = self.session
        assert s is not None
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
        elif verdict.drifted and self.offers.adopt(text, verdict):
            action = "none"
        elif verdict.drifted and self.offers.toward_parent(verdict):
            if self.offers.offer_back(text, verdict):
                return None
            action = "continue"
        elif verdict.drifted:
            action = self.offers.on_drift(text, verdict)
            if action == "split":
                verdict.drifted = False  # now in the branch: the turn is its first
        elif verdict.suppressed:
            action = "kept_here"
        return action

    def _answer(self, text: str, verdict: "DriftVerdict", action: str, *, force_decision: bool = False) -> None:
        from .topics import classify, is_question

        s = self.session
        assert s is not None
        guess = classify(self.ws, text)
        self.offers.mention(guess.topic_names() | ({s.current.topic} if s.current.topic else set()))
        decision = guess.decision.name if guess.decision is not None else None
        is_decision = force_decision or (decision is not None and is_question(text))
        if is_decision and guess.topic == s.current.topic:
            s.current.question = text
            if s.current.same_as(s.main):
                s.main.question = text
        s.turns_off_main = 0 if s.current.same_as(s.main) else s.turns_off_main + 1
        s.add("user", text, kind="decision" if is_decision else "chat", topic=s.current.topic, decision=decision,
              drift=verdict.record(action) if not verdict.first else None)
        self.save()
        from ..safety import crisis, support_lines

        if crisis(text):  # a life in danger: where to reach a person, and nothing weighed
            support = support_lines()
            self.io.event({"type": "support", "lines": support})
            for line in support:
                self.io.say(line, fg="yellow")
            if self.model_ready and not is_decision:
                self.model.run(text)  # told to weigh nothing and point to help (chat.prompts)
            else:  # offline, or a question to weigh: the lines alone (no how-to-chat note, no recalled notes)
                s.add("assistant", "\n".join(support), kind="offline", topic=s.current.topic)
            self.save()
            return
        if is_decision:
            from .topics import strip_lead_in

            self.decisions.run(strip_lead_in(text))
            self.save()
            return
        if self.model_ready:
            self.model.run(text)
        else:
            self.model.offline(text)
        self.save()

    # -- commands ----------------------------------------------------------------------------------
    def command(self, text: str) -> None:
        name, _, arg = text.strip().replace("\u3000", " ").partition(" ")  # a full-width space too
        name = command_word(name)
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
            words = arg.split(None, 1)
            if words and command_word(words[0]) == "--fresh":  # the flag as a word, not a topic starting with it
                mode, arg = "fresh", words[1].strip() if len(words) > 1 else ""
            if not arg:
                raise UsageError("chat_split_needs_topic")
            self.branches.split(arg, question=None, mode=mode)
        elif name == "/back":
            self.branches.back()
        elif name == "/close":
            self.branches.close_branch(arg or None)
        elif name == "/abandon":
            self.branches.abandon(arg or None)
        elif name in ("/branches", "/branch"):
            branches = self.ws.index.reload().branches
            self.io.event({"type": "branches", "branches": [b.model_dump(mode="json") for b in branches]})
            for line in branch_table_lines(branches):
                self.io.say(line)
        elif name == "/resume":
            if not arg:
                raise UsageError("chat_resume_needs_id")
            self.save()
            from .branches import session_of

            target = session_of(self.ws, self.ws.index.branch(arg)) if arg.startswith("br-") else self.store.load(arg)
            if target.id == s.id:  # the session open here: nothing to switch to (its lock is ours)
                self.io.event({"type": "session", "resumed": True, "current": True, "session": s.summary(),
                               "model": self.settings.endpoints[0].label if self.model_ready else None})
                self.io.say(t("s24a.chat.resume_current", id=s.id, main=s.main.name))
                return
            if target.status == "closed":
                raise UsageError("session_closed", id=target.id, branch=target.branch_id or "-")
            self.hold(target)
            self.greet(True)
        else:
            raise UsageError("chat_unknown_command", name=name)

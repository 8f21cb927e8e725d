"""Branches in the chat: split a topic off, go back, close with the handoff sheet, abandon, and
bring back what closed branches found (docs/design.md, branches).

A branch has its own session; the chat switches between sessions (holding each one's lock while
it works on it). Closing writes the handoff (:mod:`.branches`) and returns to the parent with
the pull-back: conflicts first, then "我们之前停在…，要不要重新看那个问题？". A split the model
proposes (the ``mylife_branch`` tool) is only offered: the user decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import MyLifeError, UsageError
from ..messages import t
from .handoff_flow import ask_conflict, produce_handoff
from .io import InputEnded, QuitChat
from .session import Line, Session
from .topics import line_from_text

if TYPE_CHECKING:  # pragma: no cover
    from .drift import DriftVerdict
    from .loop import Chat


class BranchFlow:
    def __init__(self, chat: "Chat") -> None:
        self.chat = chat
        self.unsent: dict[str, dict[str, Any]] = {}  # branch id -> a sheet whose close failed
        self.unsent_reasons: dict[str, str] = {}  # branch id -> the reason of an /abandon that failed

    def proposed_split(self, proposal: dict[str, Any]) -> None:
        s = self.chat.session
        assert s is not None
        topic = str(proposal.get("topic"))
        self.chat.io.event({"type": "offer", "from": s.current.name, "to": topic, "by": "model",
                       "choices": ["continue", "split", "fresh"], "default": "continue"})
        self.chat.io.say(t("chat.offer.by_model", new=topic, old=s.current.name), fg="cyan")
        choice = self.chat.io.choose(t("chat.offer.prompt_model"), {"1": ["continue", "c", "继续"],
                                                               "2": ["split", "s", "拆", "拆出去"],
                                                               "3": ["fresh", "f", "单独"]}, "1", as_turn="1")
        if choice in ("2", "3"):
            mode = "fresh" if choice == "3" or proposal.get("mode") == "fresh" else "fork"
            self.split(topic, question=proposal.get("question"), mode=mode)

    def split(self, topic: str, *, question: str | None, mode: str = "fork", decision: str | None = None,
              drift: "DriftVerdict | None" = None) -> None:
        """Split ``topic`` off into a branch and continue there."""
        from .branches import open_branch

        parent = self.chat.session
        assert parent is not None
        parent_line = parent.current
        note = parent.add("note", t("chat.split.note", topic=topic), kind="branch", topic=parent_line.topic,
                          drift=drift.record("split") if drift is not None else None)
        try:
            branch, child = open_branch(self.chat.ws, topic=topic, parent_topic=parent_line.topic or parent_line.label,
                                        question=question, mode=mode, parent=parent, decision=decision)
        except BaseException:
            parent.turns.remove(note)  # not split off: the session must not say it was
            raise
        parent.turns[-1].branch_id = branch.id
        self.chat.save("session.branch")
        self.chat.hold(child)
        self.chat.io.event({"type": "branch", "branch": branch.model_dump(mode="json"), "session": child.id})
        self.chat.io.say(t("chat.split.done", topic=topic, id=branch.id, parent=parent_line.name,
                      mode=t(f"chat.mode.{mode}")), fg="green")
        self.chat.io.say(t("chat.split.howto"))

    def parent_session(self) -> Session | None:
        s = self.chat.session
        if s is None or not s.parent_session or not self.chat.store.exists(s.parent_session):
            return None
        return self.chat.store.load(s.parent_session)

    def back(self) -> None:
        """Go back to the parent line, leaving the branch open."""
        s = self.chat.session
        assert s is not None
        if not s.is_branch:
            raise UsageError("chat_not_in_branch")
        parent = self.parent_session()
        if parent is None:
            raise UsageError("chat_no_parent", id=s.branch_id or "-")
        self.chat.save()
        self.chat.hold(parent)
        if s.branch_id not in parent.mentioned:
            parent.mentioned.append(s.branch_id)  # the user just left it: no need to remind them
        self.chat.io.event({"type": "back", "session": parent.id, "branch_open": s.branch_id})
        self.chat.io.say(t("chat.back", parent=parent.current.name, topic=s.main.name, id=s.branch_id), fg="cyan")
        self.pullbacks()

    def close_branch(self, file: str | None = None) -> None:
        """Produce the handoff sheet, write it, and go back to the parent with the pull-back."""
        from .branches import close_branch
        from .handoff import HandoffInvalid, load_file

        s = self.chat.session
        assert s is not None
        if not s.is_branch:
            raise UsageError("chat_not_in_branch")
        branch = self.chat.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
        self.chat.save()
        if file:
            from pathlib import Path

            draft = load_file(self.chat.ws, Path(file).expanduser(), branch)
        else:
            if self.chat.io.json:
                raise UsageError("chat_close_needs_file")
            try:
                draft = produce_handoff(self.chat.ws, branch, s, self.chat.io,
                                        settings=self.chat.settings if self.chat.model_ready else None,
                                        start=self.unsent.get(branch.id))
            except QuitChat as exc:  # /quit or the end of input at one of the sheet's questions: what was typed is kept
                if getattr(exc, "sheet", None):
                    self.keep_typed_sheet(s, branch.id, exc.sheet,  # type: ignore[attr-defined]
                                          ended=isinstance(exc, InputEnded))
                raise
            if draft is None:
                self.chat.io.say(t("handoff.cancelled"))
                return
        try:
            result = close_branch(self.chat.ws, branch.id, draft, ttl_prompt=None if self.chat.io.json else (
                lambda q: self.chat.io.ask(q + " ") or ""), say=self.chat.io.say, resolve=None, json_mode=self.chat.io.json)
        except (HandoffInvalid, MyLifeError, QuitChat):  # /quit at a new field's TTL question too
            if not file:  # the sheet the user typed is not thrown away with the error
                self.keep_sheet(s, branch.id, draft)
            raise
        self.unsent.pop(branch.id, None)
        self.chat.session = result.session  # closed; saved by close_branch
        self.chat.io.event({"type": "closed", **result.to_json()})
        self.chat.io.say(t("branch.closed", id=branch.id, topic=branch.topic, conclusion=result.outcome.conclusion_id,
                      raw=result.outcome.raw_file, n=len(result.claims)), fg="green")
        for warning in result.warnings:  # in the "closed" event too
            self.chat.io.say(warning, fg="yellow")
        for change in [*result.outcome.changes, *result.outcome.confirmed]:
            self.chat.io.say(t("branch.closed.change", change=change))
        parent = self.parent_session()
        if parent is None:
            self.chat.release()
            from .branches import Pending, pullback_lines

            for line in pullback_lines(Pending(result.branch, result.outcome, result.session),
                                       Line(label=branch.parent_topic or "-")):
                self.chat.io.say(line)
            new = self.chat.store.create(main=line_from_text(self.chat.ws, branch.parent_topic) if branch.parent_topic else Line())
            self.chat.hold(new)
            return
        self.chat.hold(parent)
        self.pullbacks()

    def keep_sheet(self, s: Session, branch_id: str, draft: Any) -> None:
        """A handoff sheet whose close failed: kept in the branch's session (its words on disk) and
        offered again, as it was, by the next ``/close`` of this chat."""
        from .handoff import to_yaml

        self.unsent[branch_id] = draft.to_data()
        self._keep_typed(s, branch_id, t("chat.close.sheet_kept_note") + "\n" + to_yaml(draft), "handoff",
                         t("chat.close.sheet_kept"))

    def keep_typed_sheet(self, s: Session, branch_id: str, sheet: dict[str, Any], *, ended: bool = False) -> None:
        """What the user had typed into a handoff sheet when they typed ``/quit`` at one of its
        questions, or the input ended there (``ended``): kept in the branch's session, as
        :meth:`keep_sheet` keeps a checked sheet."""
        from ..staleness.render import command_prefix
        from ..storage import yamlfile

        note = t("s24e.chat.close.sheet_eof_note" if ended else "s24a.chat.close.sheet_quit_note")
        self._keep_typed(s, branch_id, note + "\n" + yamlfile.dumps(sheet).rstrip(),
                         "handoff", t("s24a.chat.close.sheet_quit_kept", prog=command_prefix(self.chat.ws.root),
                                      session=s.id))

    def keep_reason(self, s: Session, branch_id: str, reason: str) -> None:
        """The reason of an ``/abandon`` that failed: kept in the branch's session (its words on
        disk), printed back, and used by the next bare ``/abandon`` of this chat (as
        :meth:`keep_sheet` does for a close's handoff sheet)."""
        self.unsent_reasons[branch_id] = reason
        self._keep_typed(s, branch_id, t("chat.abandon.reason_kept_note") + "\n" + reason, "branch",
                         t("chat.abandon.reason_kept", reason=reason))

    def _keep_typed(self, s: Session, branch_id: str, note: str, kind: str, said: str) -> None:
        """What the user typed for a branch action that failed, as a note in the branch's session
        (saved now if the session can be, else with the next turn), and ``said`` on screen."""
        s.add("note", note, kind=kind, topic=s.current.topic, branch_id=branch_id)
        try:
            self.chat.save()
        except MyLifeError:
            pass  # kept in memory; saved with the next turn
        self.chat.io.say(said, fg="yellow")

    def abandon(self, reason: str | None) -> None:
        from .branches import abandon_branch

        s = self.chat.session
        assert s is not None
        if not s.is_branch:
            raise UsageError("chat_not_in_branch")
        if not reason and s.branch_id in self.unsent_reasons:  # the reason of an /abandon that failed
            reason = self.unsent_reasons[s.branch_id]
            self.chat.io.say(t("chat.abandon.reason_reused", reason=reason))
        self.chat.save()
        try:
            branch = abandon_branch(self.chat.ws, s.branch_id, reason=reason)  # type: ignore[arg-type]
        except MyLifeError:
            if reason:  # the reason the user typed is not thrown away with the error
                self.keep_reason(s, s.branch_id, reason)  # type: ignore[arg-type]
            raise
        self.unsent_reasons.pop(branch.id, None)
        self.chat.io.event({"type": "abandoned", "branch": branch.model_dump(mode="json")})
        self.chat.io.say(t("branch.abandoned", id=branch.id, topic=branch.topic), fg="yellow")
        parent = self.parent_session()
        if parent is not None:
            self.chat.hold(parent)
            self.chat.io.say(t("chat.back", parent=parent.current.name, topic=s.main.name, id=branch.id), fg="cyan")
        else:
            self.chat.release()
            self.chat.hold(self.chat.store.create(main=Line()))

    def pullbacks(self) -> None:
        """Bring back what closed branches found: conflicts first, then the pull-back line (docs/design.md#branches)."""
        from .branches import apply_resolution, pending, pullback_lines, save_resolutions

        s = self.chat.session
        assert s is not None
        for item in pending(self.chat.ws, s):
            lines = pullback_lines(item, s.current)
            self.chat.io.event({"type": "pullback", "branch_id": item.branch.id, "lines": lines,
                           "question": s.current.question,
                           "conflicts": [c.model_dump(mode="json") for c in item.unresolved]})
            self.chat.io.say("")
            for line in lines[:-1]:
                self.chat.io.say(line)
            for conflict in item.unresolved:
                if self.chat.io.json:
                    break
                old = self.chat.ws.claims.find(conflict.old_id)
                if old is None or old.status in ("superseded", "rejected"):
                    conflict.resolved = "new"  # settled elsewhere since: the old claim no longer stands
                    continue
                choice = ask_conflict(self.chat.io, conflict)
                if choice is None:
                    break
                apply_resolution(self.chat.ws, conflict, choice)
                self.chat.io.say(t(f"branch.conflict.done.{conflict.resolved}", old_id=conflict.old_id,
                              new_id=conflict.new_id))
            if item.session is not None and any(c.resolved for c in (item.outcome.conflicts if item.outcome else [])):
                save_resolutions(self.chat.ws, item.session)
            s.pulled_back.append(item.branch.id)
            s.add("note", "\n".join(lines), kind="pullback", topic=s.current.topic, branch_id=item.branch.id)
            self.chat.save("session.pullback")
            self.chat.io.say(lines[-1], fg="cyan")
            if self.chat.io.json:
                continue
            question = s.current.question
            if self.chat.io.confirm(t("chat.pullback.prompt"), default=True):
                if question:
                    self.chat.io.say(t("chat.pullback.again", question=question))
                    self.chat.turn(question, force_decision=True)
                else:
                    self.chat.io.say(t("chat.pullback.no_question", line=s.current.name))
            else:
                self.chat.io.say(t("chat.pullback.later", id=item.branch.id))

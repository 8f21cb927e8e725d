"""``mylife chat``, ``mylife sessions`` and ``mylife branch list|show|close|abandon``.

Added by the builtin plugin :mod:`mylife_core.builtin.chat_commands`. Thin layers over
:mod:`.loop`, :mod:`.session`, :mod:`.branches` and :mod:`.handoff`; ``--json`` keys are
documented in docs/chat.md. Only click and the message catalog are imported at module level.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ..cli.common import Output, table, workspace_options
from ..messages import t
from ..staleness.render import command_prefix

LATEST = "\x00latest"


# --------------------------------------------------------------------------- mylife chat


@click.command("chat", help=t("help.chat"))
@click.option("--topic", "-t", default=None, metavar="TOPIC", help=t("chat.opt.topic"))
@click.option("--resume", "-r", "resume", is_flag=False, flag_value=LATEST, default=None, metavar="[ID]",
              help=t("chat.opt.resume"))
@click.option("--explain", is_flag=True, help=t("chat.opt.explain"))
@click.option("--model", default=None, metavar="MODEL", help=t("ask.opt.model"))
@click.option("--offline", is_flag=True, help=t("chat.opt.offline"))
@click.option("--read-only", is_flag=True, help=t("chat.opt.read_only"))
@workspace_options
def chat(ws, out: Output, topic: str | None, resume: str | None, explain: bool, model: str | None, offline: bool,
         read_only: bool) -> int:
    from ..errors import UsageError
    from ..llm.settings import load_settings
    from .loop import Chat, ChatIO, ChatOptions, QuitChat

    if topic is not None and resume is not None:
        raise UsageError("chat_topic_and_resume")
    load_settings(ws, model=model)  # a bad llm section is reported before the conversation starts
    session_chat = Chat(ws, ChatIO(json_mode=out.json),
                        ChatOptions(explain=explain, read_only=read_only, model=model, offline=offline))
    try:
        try:
            session_chat.start(topic=topic, resume=None if resume in (None, LATEST) else resume,
                               resume_latest=resume == LATEST)
        except QuitChat:  # /quit at a prompt while the chat opened (a pull-back question)
            session_chat.end()
            return 0
        return session_chat.run()
    finally:
        session_chat.close()


# --------------------------------------------------------------------------- mylife sessions


@click.command("sessions", help=t("help.sessions"))
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--all", "show_all", is_flag=True, help=t("sessions.opt.all"))
@workspace_options
def sessions(ws, out: Output, session_id: str | None, show_all: bool) -> None:
    from .session import SessionStore

    store = SessionStore(ws)
    if session_id:
        session = store.load(session_id)
        out.emit({"ok": True, "session": session.summary(), "main": session.main.model_dump(),
                  "current": session.current.model_dump(),
                  # the model's raw words (model_text) stay in the session file: like ask --json's,
                  # the output carries what was shown, and a withheld sentence only under withheld
                  "turns": [x.model_dump(mode="json", exclude={"model_text"}) for x in session.turns],
                  "inherited": len(session.inherited), "pulled_back": session.pulled_back,
                  "outcome": session.outcome.model_dump(mode="json") if session.outcome else None})
        out.line(t("sessions.show.head", id=session.id, main=session.main.name, status=t(f"sessions.status.{session.status}")))
        if session.inherited:
            out.line(t("sessions.show.inherited", n=len(session.inherited)))
        for turn in session.turns:
            when = turn.at.strftime("%Y-%m-%d %H:%M")
            who = {"user": t("chat.who.user"), "assistant": t("chat.who.assistant")}.get(turn.role, "·")
            body = turn.text.strip().splitlines() or [""]
            out.line(t("sessions.show.turn", when=when, who=who, text=body[0]))
            for more in body[1:]:
                out.line(f"    {more}")
            if turn.chain_id:
                out.line(f"    ↳ {turn.chain_id}")
            if turn.branch_id and turn.role == "note":
                out.line(f"    ↳ {turn.branch_id}")
        return
    found = store.all()
    listed = found if show_all else [s for s in found if s.status == "active"]
    out.emit({"ok": True, "count": len(listed), "total": len(found), "sessions": [s.summary() for s in listed]})
    if not listed:
        out.line(t("sessions.none") if not found else t("sessions.none_active", n=len(found)))
        return
    rows = [[s.id, t(f"sessions.status.{s.status}"), s.main.name, s.current.name, str(len(s.user_turns)),
             s.updated_at.strftime("%Y-%m-%d %H:%M"), s.branch_id or "-"] for s in listed]
    out.line(table(rows, [t("sessions.col.id"), t("sessions.col.status"), t("sessions.col.main"),
                          t("sessions.col.current"), t("sessions.col.turns"), t("sessions.col.updated"),
                          t("sessions.col.branch")]))
    out.line(t("sessions.hint", prog=command_prefix(ws.root)))


# --------------------------------------------------------------------------- mylife branch


@click.group("branch", help=t("help.branch"))
def branch() -> None:
    pass


@branch.command("list", help=t("help.branch.list"))
@click.option("--status", type=click.Choice(["open", "merged", "abandoned"]), default=None, help=t("branch.opt.status"))
@workspace_options
def branch_list(ws, out: Output, status: str | None) -> None:
    from .loop import branch_table_lines

    branches = ws.index.branches(status)
    out.emit({"ok": True, "count": len(branches), "branches": [b.model_dump(mode="json") for b in branches]})
    for line in branch_table_lines(branches):
        out.line(line)


@branch.command("show", help=t("help.branch.show"))
@click.argument("branch_id", metavar="ID")
@workspace_options
def branch_show(ws, out: Output, branch_id: str) -> None:
    from .session import SessionStore

    b = ws.index.branch(branch_id)
    store = SessionStore(ws)
    session = store.load(b.session) if b.session and store.exists(b.session) else None
    outcome = session.outcome if session is not None else None
    out.emit({"ok": True, "branch": b.model_dump(mode="json"),
              "session": session.summary() if session is not None else None,
              "outcome": outcome.model_dump(mode="json") if outcome else None})
    out.line(t("branch.show.head", id=b.id, topic=b.topic, status=t(f"branch.status.{b.status}")))
    out.line(t("branch.show.parent", parent=b.parent_topic or "-", session=b.parent_session or "-"))
    out.line(t("branch.show.opened", at=b.opened_at.strftime("%Y-%m-%d %H:%M"), mode=t(f"chat.mode.{b.mode}")))
    if b.question:
        out.line(t("branch.show.question", question=b.question))
    if session is not None:
        out.line(t("branch.show.session", id=session.id, n=len(session.user_turns)))
    if b.closed_at:
        out.line(t("branch.show.closed", at=b.closed_at.strftime("%Y-%m-%d %H:%M")))
    if b.conclusion_ref:
        out.line(t("branch.show.ref", ref=b.conclusion_ref))
    if b.handoff is not None:
        from ..storage import yamlfile

        out.line(t("branch.show.handoff"))
        for line in yamlfile.dumps(b.handoff.model_dump(mode="json")).splitlines():
            out.line("  " + line)
    if outcome is not None:
        for change in outcome.changes:
            out.line(t("branch.closed.change", change=change))
        for c in outcome.conflicts:
            state = t(f"branch.show.conflict.{c.resolved}") if c.resolved else t("branch.show.conflict.open")
            out.line(t("branch.show.conflict", new_id=c.new_id, old_id=c.old_id, old=c.old_text[:50], state=state))


@branch.command("close", help=t("help.branch.close"))
@click.argument("branch_id", metavar="ID")
@click.option("--handoff", "handoff_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE.yaml", help=t("branch.opt.handoff"))
@click.option("--template", is_flag=True, help=t("branch.opt.template"))
@click.option("--on-conflict", type=click.Choice(["ask", "new", "old", "both"]), default="ask", show_default=True,
              help=t("branch.opt.on_conflict"))
@click.option("--model", default=None, metavar="MODEL", help=t("ask.opt.model"))
@workspace_options
def branch_close(ws, out: Output, branch_id: str, handoff_file: Path | None, template: bool, on_conflict: str,
                 model: str | None) -> int:
    from ..errors import Conflict as ConflictError
    from ..errors import UsageError
    from .branches import Pending, close_branch, pullback_lines, save_resolutions, session_of
    from .handoff import load_file
    from .handoff import template as handoff_template
    from .loop import ChatIO, QuitChat, ask_conflict, produce_handoff
    from .session import Line

    b = ws.index.branch(branch_id)
    if template:
        text = handoff_template(b, ws)
        out.emit({"ok": True, "branch": b.id, "template": text})
        if not out.json:
            click.echo(text, nl=False)
        return 0
    if b.status != "open":
        raise ConflictError("branch_not_open", id=b.id, status=t(f"branch.status.{b.status}"))
    io = ChatIO(json_mode=out.json)
    if handoff_file is not None:
        draft = load_file(ws, handoff_file, b)
    else:
        if out.json:
            raise UsageError("branch_close_needs_file")
        from ..llm.settings import load_settings

        settings = load_settings(ws, model=model)
        try:
            draft = produce_handoff(ws, b, session_of(ws, b), io, settings=settings if settings.configured else None)
        except QuitChat as exc:  # /quit or the end of input at a question: outside a chat, cancelled,
            draft = None         # and what was typed is shown to paste into a --handoff file (never lost)
            typed = getattr(exc, "sheet", None)
            if typed:
                from ..storage import yamlfile

                out.line(t("s24int.handoff.typed_kept", command=f"{command_prefix(ws.root)} branch close {b.id} --handoff FILE"))
                for line in yamlfile.dumps(typed).splitlines():
                    out.line("  " + line)
        if draft is None:
            out.line(t("handoff.cancelled"))
            return 1
    interactive = not out.json and sys.stdin.isatty()

    def resolve(conflict) -> str | None:
        if on_conflict != "ask":
            return on_conflict
        return ask_conflict(io, conflict) if interactive else None

    result = close_branch(ws, b.id, draft, ttl_prompt=(lambda q: click.prompt(q, default="", show_default=False))
                          if interactive else None, say=out.line, resolve=resolve, json_mode=out.json)
    if any(c.resolved for c in result.outcome.conflicts) and result.session is not None:
        save_resolutions(ws, result.session)
    unresolved = [c for c in result.outcome.conflicts if c.resolved is None]
    item = Pending(result.branch, result.outcome, result.session)
    parent_line = Line(label=b.parent_topic or t("handoff.parent_unknown"))
    if b.parent_session:
        from .session import SessionStore

        store = SessionStore(ws)
        if store.exists(b.parent_session):
            parent_line = store.load(b.parent_session).current
    lines = pullback_lines(item, parent_line)
    out.emit({"ok": True, **result.to_json(), "pullback": lines, "unresolved_conflicts": len(unresolved)})
    out.line(t("branch.closed", id=b.id, topic=b.topic, conclusion=result.outcome.conclusion_id,
               raw=result.outcome.raw_file, n=len(result.claims)), fg="green")
    if not out.json:
        for warning in result.warnings:
            out.note(warning)
    for change in [*result.outcome.changes, *result.outcome.confirmed]:
        out.line(t("branch.closed.change", change=change))
    for c in result.outcome.conflicts:
        if c.resolved:
            out.line(t(f"branch.conflict.done.{c.resolved}", old_id=c.old_id, new_id=c.new_id))
    if unresolved:
        out.line(t("branch.close.unresolved", n=len(unresolved), session=b.parent_session or "-",
                   prog=command_prefix(ws.root)), fg="yellow")
        for c in unresolved:
            out.line(t("branch.conflict.head", new=c.new_text, new_id=c.new_id, old=c.old_text, old_id=c.old_id,
                       date=c.old_date[:7], reason=c.reason))
    out.line("")
    for line in lines:
        out.line(line)
    if b.parent_session:
        out.line(t("branch.close.resume", session=b.parent_session, prog=command_prefix(ws.root)))
    return 0


@branch.command("abandon", help=t("help.branch.abandon"))
@click.argument("branch_id", metavar="ID")
@click.option("--reason", default=None, metavar="TEXT", help=t("branch.opt.reason"))
@workspace_options
def branch_abandon(ws, out: Output, branch_id: str, reason: str | None) -> None:
    from .branches import abandon_branch

    b = abandon_branch(ws, branch_id, reason=reason)
    out.emit({"ok": True, "branch": b.model_dump(mode="json")})
    out.line(t("branch.abandoned", id=b.id, topic=b.topic))


def all_commands() -> list[Any]:
    return [chat, sessions, branch]

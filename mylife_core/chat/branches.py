"""Topic branches (docs/design.md#branches): open, close with a handoff sheet, abandon; the pull-back.

A branch is recorded in ``index.yaml`` (id, topic, parent_topic, status open|merged|abandoned,
opened_at, conclusion_ref, ...) and has its own chat session. ``fork`` (the default) gives the branch session the parent's conversation so far;
``fresh`` starts it empty, for a question that stands on its own.

Closing a branch (:func:`close_branch`) writes, under the workspace lock:

1. the checked handoff sheet to L0, as the user's own record (topic = the branch topic);
2. its conclusion (kind ``assessment`` unless the sheet says otherwise) and new claims to L2,
   each pointing at its own line of that record, so every one traces to L0;
3. its field values to L3 (the old value goes to history; a new field's TTL is inferred);
4. the branch as ``merged`` with ``conclusion_ref`` and the :class:`~mylife_core.layers.index.Handoff`.

Then the parent's check (docs/design.md#branches, the pull-back): every claim the branch brought back is searched
against existing evidence; a claim that takes the other side of an existing one is a
:class:`~.session.Conflict` the user is asked about (the new one wins and the old is
superseded; the old one stands and the new is disputed; or both stay, the old disputed). What
was not answered waits in the branch session and is asked when the parent line resumes, with
the pull-back line: "我们之前停在「跳槽」，刚聊出来的结论改变了 X，要不要重新看那个问题？"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import clock
from ..errors import Conflict as ConflictError
from .session import Conflict, Line, Outcome, Session, SessionStore, Turn

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..layers.index import Branch, Handoff
    from ..workspace import Workspace
    from .handoff import HandoffDraft

Resolve = Callable[[Conflict], "str | None"]  # -> "new" | "old" | "both" | None (ask later)
CONFLICT_POOL = 5


# --------------------------------------------------------------------------- opening


def open_branch(ws: "Workspace", *, topic: str, parent_topic: str | None = None, question: str | None = None,
                mode: str = "fork", parent: Session | None = None, decision: str | None = None,
                actor: str = "user") -> tuple["Branch", Session]:
    """Record a branch in ``index.yaml`` and create its session (``fork`` inherits ``parent``'s
    conversation)."""
    from ..errors import UsageError
    from ..layers.index import Branch
    from ..layers.raw import check_topic

    if mode not in ("fork", "fresh"):
        raise UsageError("bad_choice", what="mode", value=mode, choices="fork, fresh")
    topic = check_topic(topic)
    store = SessionStore(ws)
    with ws.lock():
        branch = ws.index.add_branch(Branch(id="", topic=topic, parent_topic=parent_topic, opened_at=clock.now(),
                                            mode=mode, question=question,  # type: ignore[arg-type]
                                            parent_session=parent.id if parent is not None else None),
                                     actor=actor)
        inherited: list[Turn] = parent.conversation() if (parent is not None and mode == "fork") else []
        session = store.create(main=Line(topic=topic, decision=decision, label=decision or topic, question=question),
                               branch_id=branch.id, parent_session=parent.id if parent is not None else None,
                               mode=mode, inherited=inherited, actor=actor)
        branch = ws.index.update_branch(branch.id, actor=actor, action="branch.session", session=session.id)
    return branch, session


def session_of(ws: "Workspace", branch: "Branch", *, actor: str = "user") -> Session:
    """The branch's session; one is created for a branch opened outside a chat (a tool, MCP)."""
    store = SessionStore(ws)
    if branch.session and store.exists(branch.session):
        return store.load(branch.session)
    found = store.for_branch(branch.id)
    if found is not None:
        return found
    session = store.create(main=Line(topic=branch.topic, label=branch.topic, question=branch.question),
                           branch_id=branch.id, parent_session=branch.parent_session, mode=branch.mode, actor=actor)
    ws.index.update_branch(branch.id, actor=actor, action="branch.session", session=session.id)
    return session


# --------------------------------------------------------------------------- closing


@dataclass
class CloseResult:
    branch: "Branch"
    handoff: "Handoff"
    outcome: Outcome
    claims: list["Claim"] = field(default_factory=list)
    session: Session | None = None
    #: the claims index was busy after a claim write (:meth:`ClaimsLayer.index_warnings`)
    warnings: list[str] = field(default_factory=list)

    @property
    def conflicts(self) -> list[Conflict]:
        return self.outcome.conflicts

    def to_json(self) -> dict[str, Any]:
        return {"branch": self.branch.model_dump(mode="json"), "handoff": self.handoff.model_dump(mode="json"),
                "raw_file": self.outcome.raw_file, "conclusion_id": self.outcome.conclusion_id,
                "claims": [c.model_dump(mode="json") for c in self.claims], "changes": list(self.outcome.changes),
                "conflicts": [c.model_dump(mode="json") for c in self.outcome.conflicts],
                "session": self.session.id if self.session else None,
                **({"warnings": list(self.warnings)} if self.warnings else {})}


def _open(ws: "Workspace", branch_id: str) -> "Branch":
    from ..messages import t

    ws.index.reload()
    branch = ws.index.branch(branch_id)
    if branch.status != "open":
        raise ConflictError("branch_not_open", id=branch_id, status=t(f"branch.status.{branch.status}"))
    return branch


def _value(value: Any) -> str:
    return "—" if value is None else str(value)


def close_branch(ws: "Workspace", branch_id: str, draft: "HandoffDraft", *, actor: str = "user",
                 ttl_prompt: Callable[[str], str] | None = None, say: Callable[[str], None] | None = None,
                 resolve: Resolve | None = None, json_mode: bool = False) -> CloseResult:
    """Write a checked handoff (see the module docstring); ``resolve`` answers conflicts."""
    from ..layers.index import Handoff
    from ..messages import t
    from ..staleness import confirm_new_field
    from .handoff import sheet_lines

    say = say or (lambda _s: None)
    branch = _open(ws, branch_id)
    # TTLs of new fields are settled before the lock is taken (the user may be asked)
    ttl: dict[str, Any] = {}
    for name, value in draft.fields.items():
        if ws.profile.find(name) is None:
            ttl[name] = confirm_new_field(ws, name, value, interactive=ttl_prompt is not None, prompt=ttl_prompt,
                                          say=say, auto="json" if json_mode else "no_terminal")
    lines, where = sheet_lines(branch, draft)
    with ws.lock():
        branch = _open(ws, branch_id)  # again, under the lock: another process may have closed it
        # the files written after the sheet (the claims' month file, index.yaml, profile.yaml),
        # held to what MyLife recorded before the sheet is written: an outside edit refuses the
        # close whole, not after the sheet, the claims and fields (the sheet is append-only L0: a
        # retry would add it twice). The sheet's date, pinned here, is the claims' date.
        now = clock.now()
        ws.require_unchanged([*ws.claims.paths_on(now.date(), draft.topic), ws.index.path,
                              *([ws.profile.path] if draft.fields else [])])
        # the claims index brought to its files before the sheet too (the claims take their ids
        # from it): one busy past the wait stops the close here, with nothing written
        from ..recovery import sync_claims_index

        sync_claims_index(ws)
        record = ws.raw.record(("\n".join(lines) + "\n").encode("utf-8"), topic=draft.topic, source="user_filled",
                               actor=actor, occurred_at=now)
        when = record.occurred_at
        items = [dict(claim=draft.conclusion, topic=draft.topic, kind=draft.conclusion_kind,
                      provenance=f"{record.file}#L{where['conclusion']}", occurred_at=when,
                      context=t("branch.claim_context", id=branch.id, question=draft.question_answered))]
        for i, claim in enumerate(draft.new_claims):
            items.append(dict(claim=claim.claim, topic=draft.topic, kind=claim.kind,
                              provenance=f"{record.file}#L{where[f'claim:{i}']}", occurred_at=when,
                              context=claim.context or t("branch.claim_context", id=branch.id,
                                                         question=draft.question_answered)))
        claims, _ = ws.claims.add_many(items, actor=actor)
        warnings = ws.claims.index_warnings()
        changes: list[str] = []
        confirmed: list[str] = []
        for name, value in draft.fields.items():
            previous = ws.profile.find(name)
            choice = ttl.get(name)
            ws.profile.set(name, value, source="user_raw", provenance=f"{record.file}#L{where[f'field:{name}']}",
                           actor=actor, topic=draft.topic if previous is None else None,
                           **({"ttl_days": choice.ttl_days, "ttl_given": True, "ttl_reason": choice.reason,
                               "ttl_source": choice.source} if choice is not None else {}))
            if previous is None:
                changes.append(t("branch.change.new", name=name, new=_value(value)))
            elif previous.value == value:
                confirmed.append(t("branch.change.same", name=name, value=_value(value)))
            else:
                changes.append(t("branch.change", name=name, old=_value(previous.value), new=_value(value)))
        conclusion = claims[0]
        handoff = Handoff(topic=draft.topic, question_answered=draft.question_answered, conclusion=draft.conclusion,
                          new_claims_added=[*draft.new_claims_added, *(c.id for c in claims)],
                          changed_fields=list(dict.fromkeys([*draft.changed_fields, *draft.fields])),
                          competing_evidence=list(draft.competing_evidence), open_questions=list(draft.open_questions),
                          impact_on_parent_topic=draft.impact_on_parent_topic)
        paths_for = getattr(ws.claims.store, "paths_for", None)
        where_stored = paths_for(conclusion) if paths_for else []
        ref = f"{where_stored[0]}#{conclusion.id}" if where_stored else conclusion.id
        branch = ws.index.update_branch(branch.id, actor=actor, action="branch.merge", status="merged",
                                        closed_at=clock.now(), conclusion_ref=ref, handoff=handoff)
    outcome = Outcome(raw_file=record.file, conclusion_id=conclusion.id, claim_ids=[c.id for c in claims],
                      changes=changes, confirmed=confirmed)
    outcome.conflicts = find_conflicts(ws, claims, raw_file=record.file)
    for conflict in outcome.conflicts:
        choice = resolve(conflict) if resolve is not None else None
        if choice:
            apply_resolution(ws, conflict, choice, actor=actor)
            warnings += ws.claims.index_warnings()
    session = session_of(ws, branch, actor=actor)
    session.outcome = outcome
    session.status = "closed"
    SessionStore(ws).save(session, action="session.close", actor=actor)
    return CloseResult(branch, handoff, outcome, claims, session, warnings=list(dict.fromkeys(warnings)))


def find_conflicts(ws: "Workspace", claims: list["Claim"], *, raw_file: str | None = None) -> list[Conflict]:
    """Existing claims that take the other side of one the branch brought back."""
    from ..messages import t
    from ..pipeline.competing import find_competing
    from ..pipeline.stance import clash

    new_ids = {c.id for c in claims}
    found: list[Conflict] = []
    seen: set[str] = set()
    for claim in claims:
        result = find_competing(ws, claim.claim, topic=None, k=CONFLICT_POOL)
        # a clash on a word of its own ("裸辞"), not on a lone character ("月", "够")
        words = [w for w in result.terms if len(w.strip()) >= 2]
        for item in result.items:
            if item.stance != "contradicts" or not item.claim_id or item.claim_id in new_ids:
                continue
            if item.claim_id in seen or (raw_file and (item.chain.get("raw") or "").startswith(raw_file + "#")):
                continue
            term = clash(item.text, claim.claim, words)
            if term is None:
                continue
            seen.add(item.claim_id)  # one question per old claim: the first claim that clashes with it
            found.append(Conflict(new_id=claim.id, new_text=claim.claim, old_id=item.claim_id, old_text=item.text,
                                  old_date=item.date.isoformat(), reason=t("branch.conflict.reason", word=term)))
    return found


def apply_resolution(ws: "Workspace", conflict: Conflict, choice: str, *, actor: str = "user") -> Conflict:
    """``new``: the old claim is superseded by the new one; ``old``: the new claim is disputed;
    ``both``: both stay, the old one disputed (to be looked at again)."""
    from ..errors import UsageError
    from ..messages import t

    if choice == "new":
        ws.claims.supersede(conflict.old_id, by=conflict.new_id, actor=actor)
    elif choice == "old":
        ws.claims.dispute(conflict.new_id, why=t("branch.conflict.why_old", old=conflict.old_id), actor=actor)
    elif choice == "both":
        ws.claims.dispute(conflict.old_id, why=t("branch.conflict.why_both", new=conflict.new_id), actor=actor)
    else:
        raise UsageError("bad_choice", what="conflict", value=choice, choices="new, old, both")
    conflict.resolved = choice  # type: ignore[assignment]
    return conflict


def save_resolutions(ws: "Workspace", branch_session: Session, *, actor: str = "user") -> None:
    SessionStore(ws).save(branch_session, action="session.resolve", actor=actor)


# --------------------------------------------------------------------------- abandoning


def abandon_branch(ws: "Workspace", branch_id: str, *, reason: str | None = None, actor: str = "user") -> "Branch":
    """Give a branch up: nothing comes back to the parent; its session is kept, closed."""
    with ws.lock():
        branch = _open(ws, branch_id)
        branch = ws.index.update_branch(branch.id, actor=actor, action="branch.abandon", status="abandoned",
                                        closed_at=clock.now())
    store = SessionStore(ws)
    session = store.for_branch(branch.id) if not branch.session else (
        store.load(branch.session) if store.exists(branch.session) else None)
    if session is not None and session.status != "closed":
        session.status = "closed"
        if reason:
            session.add("note", reason, kind="branch", branch_id=branch.id)
        store.save(session, action="session.close", actor=actor)
    return branch


# --------------------------------------------------------------------------- pull-back


@dataclass
class Pending:
    """A merged branch whose conclusion a line has not looked at yet."""

    branch: "Branch"
    outcome: Outcome | None
    session: Session | None

    @property
    def unresolved(self) -> list[Conflict]:
        return [c for c in (self.outcome.conflicts if self.outcome else []) if c.resolved is None]


def pending(ws: "Workspace", session: Session) -> list[Pending]:
    """Branches of ``session`` that came back with a conclusion it has not pulled back yet."""
    store = SessionStore(ws)
    out = []
    for branch in ws.index.reload().branches:
        if branch.status != "merged" or branch.parent_session != session.id or branch.id in session.pulled_back:
            continue
        branch_session = None
        if branch.session and store.exists(branch.session):
            branch_session = store.load(branch.session)
        out.append(Pending(branch, branch_session.outcome if branch_session else None, branch_session))
    return out


def pullback_lines(item: Pending, stopped: Line) -> list[str]:
    """The pull-back (docs/design.md#branches): what came back, what it changed, and the question to look again."""
    from ..messages import join, t

    h = item.branch.handoff
    lines = [t("branch.pullback.head", topic=item.branch.topic, id=item.branch.id)]
    if h is not None:
        lines.append(t("branch.pullback.conclusion", text=h.conclusion))
        lines += [t("branch.pullback.competing", text=c) for c in h.competing_evidence]
        lines += [t("branch.pullback.open", text=q) for q in h.open_questions]
        lines.append(t("branch.pullback.impact", parent=stopped.name, text=h.impact_on_parent_topic))
    changes = item.outcome.changes if item.outcome else []
    what = join(changes) if changes else (h.impact_on_parent_topic if h is not None else item.branch.topic)
    lines.append(t("chat.pullback", stopped=stopped.name, changes=what))
    return lines


def related_open(ws: "Workspace", names: set[str], *, exclude: set[str] | None = None) -> list["Branch"]:
    """Open branches about one of ``names`` (their topic or their parent topic)."""
    exclude = exclude or set()
    return [b for b in ws.index.reload().branches
            if b.status == "open" and b.id not in exclude and (b.topic in names or b.parent_topic in names)]

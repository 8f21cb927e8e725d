"""Chat sessions: saved after every turn, resumable after a restart.

One YAML file per session, ``sessions/chat-2026-03-01-01.yaml``, written atomically under the
workspace lock and recorded in the audit log like every write. A session holds:

* ``main``: the line the conversation is about (topic, decision, the question being worked on);
* ``current``: where the conversation is now (the main line, unless the user chose to go on
  with a detour right here), and ``turns_off_main``: how many turns it has spent off the main line;
* ``turns``: what was said (the user, the assistant, and MyLife's own notes: drift offers,
  branch openings, pull-backs), with the drift verdict and the answer's chain id where there is one;
* for a branch: ``branch_id``, ``parent_session``, ``mode`` (``fork`` inherits the parent's
  conversation in ``inherited``; ``fresh`` starts empty);
* ``pulled_back``: branches whose conclusion this line has already looked at (the others that
  name this session as their parent are waiting: :func:`mylife_core.chat.branches.pending`);
* for a closed branch, ``outcome``: what its handoff wrote, field changes and conflicts found;
* ``summaries``: near 85% of the model's window, the model's summary of the oldest turns (held
  to the judging rule); what the model is sent starts from the latest summary, while every
  original turn stays in ``turns`` (:mod:`.compaction`).

While ``mylife chat`` works on a session it holds that session's own lock
(``cache/locks/session-<id>.lock``), so a second window cannot overwrite it with an older copy.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .. import clock
from ..errors import LockTimeout, MyLifeError, NotFound, UsageError
from ..storage import yamlfile

if TYPE_CHECKING:  # pragma: no cover
    from ..storage.lock import FileLock
    from ..workspace import Workspace

HEADER = "# MyLife chat session (docs/chat.md). Written by `mylife chat`; safe to read, edit with care.\n"
ID_RE = re.compile(r"^chat-(\d{4}-\d{2}-\d{2})-(\d+)$")

Role = Literal["user", "assistant", "note"]
TurnKind = Literal["chat", "decision", "offline", "offer", "pullback", "branch", "return", "mention", "handoff",
                   "conflict", "command"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DriftRecord(_M):
    """What drift detection said about a user turn, and what was done about it."""

    score: float
    drifted: bool
    new_topic: str | None = None
    signals: list[dict[str, Any]] = Field(default_factory=list)
    action: Literal["none", "offered", "continue", "split", "return", "kept_here"] = "none"


class Turn(_M):
    role: Role
    text: str
    at: datetime
    kind: TurnKind = "chat"
    topic: str | None = None  # the line this turn belongs to
    decision: str | None = None
    chain_id: str | None = None  # the L4 chain of a decision answer
    branch_id: str | None = None
    drift: DriftRecord | None = None
    tools: list[dict[str, Any]] = Field(default_factory=list)  # tool calls the model made for this answer
    model: str | None = None
    model_text: str | None = None  # the model's words as they came, when the judging rule withheld some
    withheld: list[dict[str, Any]] = Field(default_factory=list)  # sentences withheld, with why ("无依据，未采纳")
    proposals: list[dict[str, Any]] = Field(default_factory=list)  # the model's writes put to the user, and the answer


class Summary(_M):
    """The model's summary of the oldest ``covers`` turns of the conversation (they stay on disk)."""

    covers: int  # how many turns of conversation() it stands for, from the start
    text: str  # as kept by the judging rule
    at: datetime
    model: str | None = None
    withheld: list[str] = Field(default_factory=list)  # summary sentences the judging rule withheld


class Line(_M):
    """A line of conversation: its topic (a claim topic), decision and the question on it."""

    topic: str | None = None
    decision: str | None = None
    label: str | None = None  # what the user calls it ("跳槽"), shown in offers and pull-backs
    question: str | None = None  # the last decision question asked on this line

    @property
    def name(self) -> str:
        from ..messages import t

        return self.label or self.decision or self.topic or t("chat.topic.unset")

    def same_as(self, other: "Line") -> bool:
        if self.topic and other.topic:
            return self.topic == other.topic
        return (self.label or "") == (other.label or "") and self.topic == other.topic


class Conflict(_M):
    """A claim a branch brought back that takes the other side of an existing claim."""

    new_id: str
    new_text: str
    old_id: str
    old_text: str
    old_date: str
    reason: str
    resolved: Literal["new", "old", "both"] | None = None


class Outcome(_M):
    """What closing a branch wrote, kept in the branch's session for the pull-back."""

    raw_file: str  # the handoff sheet as recorded in L0
    conclusion_id: str
    claim_ids: list[str] = Field(default_factory=list)
    changes: list[str] = Field(default_factory=list)  # "现有存款：120000 → 150000"
    confirmed: list[str] = Field(default_factory=list)  # fields given again with the same value
    conflicts: list[Conflict] = Field(default_factory=list)


class Session(_M):
    id: str
    created_at: datetime
    updated_at: datetime
    status: Literal["active", "closed"] = "active"
    main: Line = Field(default_factory=Line)
    current: Line = Field(default_factory=Line)
    turns_off_main: int = 0
    branch_id: str | None = None
    parent_session: str | None = None
    mode: Literal["fork", "fresh"] | None = None
    inherited: list[Turn] = Field(default_factory=list)
    turns: list[Turn] = Field(default_factory=list)
    pulled_back: list[str] = Field(default_factory=list)
    outcome: Outcome | None = None
    declined: list[str] = Field(default_factory=list)  # new topics the user chose to keep here
    mentioned: list[str] = Field(default_factory=list)  # open branches already mentioned here
    remember_asked: bool = False
    summaries: list[Summary] = Field(default_factory=list)  # near a full window: older turns summarised
    compaction_told: bool = False  # the user was told once that older turns are summarised

    @property
    def is_branch(self) -> bool:
        return self.branch_id is not None

    @property
    def user_turns(self) -> list[Turn]:
        return [t for t in self.turns if t.role == "user"]

    def add(self, role: Role, text: str, **fields: Any) -> Turn:
        turn = Turn(role=role, text=text, at=clock.now(), **fields)
        self.turns.append(turn)
        return turn

    def conversation(self) -> list[Turn]:
        """What a model sees of this session: inherited turns (a fork), then its own; no notes."""
        return [t for t in [*self.inherited, *self.turns] if t.role in ("user", "assistant")]

    def summary(self) -> dict[str, Any]:
        users = self.user_turns
        return {"id": self.id, "status": self.status, "topic": self.main.topic, "decision": self.main.decision,
                "label": self.main.name, "current": self.current.name, "branch_id": self.branch_id,
                "parent_session": self.parent_session, "mode": self.mode, "turns": len(users),
                "created_at": self.created_at, "updated_at": self.updated_at,
                "last": users[-1].text[:60] if users else None}


_ADAPTER = TypeAdapter(Session)


class SessionBusy(MyLifeError):
    code = "locked"
    exit_code = 6


class SessionStore:
    """The ``sessions/`` folder of a workspace."""

    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.dir = ws.root / "sessions"

    def path_of(self, session_id: str) -> Path:
        if not ID_RE.match(session_id):
            raise UsageError("session_bad_id", id=session_id)
        return self.dir / f"{session_id}.yaml"

    # -- reading -------------------------------------------------------------------------------
    def ids(self) -> list[str]:
        if not self.dir.is_dir():
            return []
        return sorted(p.stem for p in self.dir.glob("chat-*.yaml") if ID_RE.match(p.stem))

    def exists(self, session_id: str) -> bool:
        return ID_RE.match(session_id) is not None and self.path_of(session_id).is_file()

    def load(self, session_id: str) -> Session:
        path = self.path_of(session_id)
        if not path.is_file():
            raise NotFound("session_not_found", id=session_id)
        return yamlfile.load(path, _ADAPTER)

    def all(self) -> list[Session]:
        """Every session, most recently updated first. A damaged file is an error naming it."""
        sessions = [self.load(i) for i in self.ids()]
        return sorted(sessions, key=lambda s: (s.updated_at, s.id), reverse=True)

    def latest(self, *, active_only: bool = True) -> Session | None:
        for session in self.all():
            if session.status == "active" or not active_only:
                return session
        return None

    def for_branch(self, branch_id: str) -> Session | None:
        for session in self.all():
            if session.branch_id == branch_id:
                return session
        return None

    # -- writing -------------------------------------------------------------------------------
    def create(self, *, main: Line | None = None, branch_id: str | None = None, parent_session: str | None = None,
               mode: str | None = None, inherited: list[Turn] | None = None, actor: str = "user") -> Session:
        now = clock.now()
        main = main or Line()
        with self.ws.lock():
            prefix = f"chat-{now.date().isoformat()}-"
            seq = 1 + max((int(i.rsplit("-", 1)[1]) for i in self.ids() if i.startswith(prefix)), default=0)
            session = Session(id=f"{prefix}{seq:02d}", created_at=now, updated_at=now, main=main,
                              current=main.model_copy(), branch_id=branch_id, parent_session=parent_session,
                              mode=mode, inherited=list(inherited or []))
            self._write(session, "session.create", actor)
        return session

    def save(self, session: Session, *, action: str = "session.turn", actor: str = "user") -> None:
        with self.ws.lock():
            session.updated_at = clock.now()
            self._write(session, action, actor)

    def _write(self, session: Session, action: str, actor: str) -> None:
        path = self.path_of(session.id)
        yamlfile.save(path, session.model_dump(mode="python", exclude_defaults=False), header=HEADER)
        self.ws.commit_change(actor, action, session.id, paths=[self.ws.rel(path)],
                              detail={"turns": len(session.turns), "status": session.status,
                                      **({"branch": session.branch_id} if session.branch_id else {})})

    def discard(self, session: Session, *, actor: str = "user") -> None:
        """Remove a session that holds no turn at all (a chat opened and left without a word)."""
        with self.ws.lock():
            path = self.path_of(session.id)
            current = self.load(session.id) if path.is_file() else None
            if current is None or current.turns or current.inherited or current.branch_id:
                return
            path.unlink()
            self.ws.commit_change(actor, "session.discard", session.id, paths=[self.ws.rel(path)], detail={})

    # -- one writer per session ---------------------------------------------------------------------
    def hold(self, session_id: str) -> "FileLock":
        """Take the session's own lock for as long as a chat works on it (no waiting)."""
        from ..storage.atomic import ensure_private_dir
        from ..storage.lock import FileLock

        ensure_private_dir(self.ws.cache_dir / "locks")
        lock = FileLock(self.ws.cache_dir / "locks" / f"session-{session_id}.lock", timeout=0.2)
        try:
            lock.acquire()
        except LockTimeout:
            raise SessionBusy("session_busy", id=session_id) from None
        return lock

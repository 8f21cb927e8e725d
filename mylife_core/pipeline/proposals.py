"""Proposals waiting for the user: what a model proposed that MyLife will not store silently.

Two kinds, kept in ``index/proposals.yaml`` (L4, next to the branches):

* ``field``: a profile field ``mylife extract`` found in a note (its value appears in the line it
  cites) that the user did not answer then: run with ``--defer``, without a terminal, or with
  ``--json`` and no ``--yes``; or a value a host's model gave over MCP (``mylife_profile_update``,
  citing the user's line). The proposal keeps the raw pointer and the hash of the cited
  lines, so whoever decides later sees the user's own line, checked against ``raw/``; for a new
  field, the TTL inferred once when it is stored (:func:`field_ttl`), shown and then written.
  A line a model wrote (``mylife_record`` over MCP) is said to be the model's wherever the
  proposal is shown (:func:`field_model_wrote`), and a value accepted from it is recorded with
  the model's source, never ``user_raw`` (:func:`~mylife_core.layers.profile.cited_source`).
* ``digest``: a model's new digest original that arrived while the user's revision is in force
  (``digest/<topic>.ai.md`` differs from what the user revised). Accepting makes the model's text
  the digest in force (the user's revision is kept in the proposal, ``replaced``); rejecting or
  disputing keeps the revision. Or a digest a model wrote without the user (``mylife_digest``
  over MCP): its text, judged, waits in the proposal (``text``) and nothing is written under
  ``digest/`` (so nothing is indexed or traced) until the user accepts it; accepted, it is
  written as a model's digest in force (a user revision it replaces kept in ``replaced`` and in
  ``digest/history/``).

Inference candidates are claims (``status: candidate``) and stay in the claims layer.

One mechanism for the CLI (``mylife proposal list|show|accept|reject|dispute``) and the panel
(``/review``): :class:`Proposals`. Every write takes the workspace lock, replaces the file
atomically (0600), and is audited with the file's hash (``verify`` covers it); a decision is
audited with the deciding actor (``user``) and applied through the layer it changes
(``ws.profile.set``, ``ws.digests.write``), which audits its own write.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_serializer

from ..specs import TTLGuess

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

PATH = "index/proposals.yaml"
HEADER = ("# MyLife: proposals waiting for the user (mylife proposal list; the panel's /review).\n"
          "# Written by MyLife under the workspace lock; decide with `mylife proposal accept|reject|dispute ID`.\n")
KINDS = ("field", "digest")
STATUSES = ("pending", "accepted", "rejected", "disputed", "superseded")
VERBS = ("accept", "reject", "dispute")
ID_RE = re.compile(r"^prop-\d{4}-\d{2}-\d{2}-\d+$")


class Proposal(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    kind: Literal["field", "digest"]
    status: Literal["pending", "accepted", "rejected", "disputed", "superseded"] = "pending"
    topic: str
    created_at: datetime
    actor: str = "model"
    model: str | None = None
    # a field proposal: the value, the line it rests on (pointer + hash of the cited lines)
    name: str | None = None
    value: Any = None
    current: Any = None  # the field's value when proposed
    exists: bool = False
    provenance: str | None = None
    excerpt_hash: str | None = None
    occurred_at: date | None = None  # the note's date
    # a new field: its TTL, inferred once when proposed (a model may have been asked then), shown
    # with the proposal and written on acceptance (:func:`field_ttl`)
    ttl: TTLGuess | None = None
    # a digest proposal: the model original's body hash it stands for
    original_hash: str | None = None
    # a digest a model proposed without the user (over MCP): its text as judged when proposed,
    # written only on acceptance; the hash of the digest in force then (None: there was none)
    text: str | None = None
    in_force_hash: str | None = None
    # the decision
    decided_at: datetime | None = None
    decided_by: str | None = None
    why: str | None = None
    replaced: str | None = None  # digest accepted: the user's revision it replaced
    superseded_by: str | None = None

    @property
    def pending(self) -> bool:
        return self.status == "pending"

    @field_serializer("ttl")
    def _ttl_out(self, ttl: TTLGuess | None) -> dict[str, Any] | None:
        """``ttl_days: null`` (never expires) is kept when the file is written without its nulls."""
        return None if ttl is None else {"ttl_days": ttl.ttl_days, **ttl.model_dump(mode="json", exclude_none=True)}


class ProposalFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    proposals: list[Proposal] = Field(default_factory=list)


_ADAPTER = TypeAdapter(ProposalFile)


def _same_field(proposals: list[Proposal], item: dict[str, Any]) -> Proposal | None:
    """The pending field proposal of ``item``'s name, value and pointer, if there is one: the same
    proposal is not stored (or its TTL inferred) twice."""
    return next((p for p in proposals if p.pending and p.kind == "field" and p.name == item["name"]
                 and p.value == item["value"] and p.provenance == item["provenance"]), None)


class Proposals:
    """The proposals store of one workspace (see the module docstring)."""

    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.path = ws.root / PATH

    # -- reading --------------------------------------------------------------------------------
    def _read(self) -> ProposalFile:
        from ..storage import yamlfile

        return yamlfile.load(self.path, _ADAPTER, default={"proposals": []})

    def all(self) -> list[Proposal]:
        return self._read().proposals

    def pending(self, *, kind: str | None = None, topic: str | None = None) -> list[Proposal]:
        return [p for p in self.all() if p.pending and (kind is None or p.kind == kind)
                and (topic is None or p.topic == topic)]

    def listed(self, *, topic: str | None = None, kind: str | None = None, decided: bool = False) -> list[Proposal]:
        """What ``proposal list`` and the panel's review page show: pending ones (with
        ``decided``, every one), on ``topic`` under any of its names (a lens's aliases,
        ``PluginHost.topic_names``), as the claims on that topic are listed."""
        names = None if topic is None else set(self.ws.plugins.topic_names(topic))
        return [p for p in self.all() if (decided or p.pending) and (kind is None or p.kind == kind)
                and (names is None or p.topic in names)]

    def count_pending(self) -> int:
        if not self.path.exists():
            return 0
        return sum(1 for p in self.all() if p.pending)

    def get(self, proposal_id: str) -> Proposal:
        from ..errors import NotFound

        for p in self.all():
            if p.id == proposal_id:
                return p
        raise NotFound("proposal_not_found", id=proposal_id)

    # -- writing --------------------------------------------------------------------------------
    def _save(self, data: ProposalFile) -> None:
        from ..storage import yamlfile
        from ..storage.atomic import ensure_private_dir

        ensure_private_dir(self.path.parent)
        yamlfile.save(self.path, data.model_dump(mode="json", exclude_none=True), header=HEADER)

    def _next_ids(self, data: ProposalFile, n: int) -> list[str]:
        from .. import clock

        day = clock.today().isoformat()
        prefix = f"prop-{day}-"
        used = [int(p.id[len(prefix):]) for p in data.proposals if p.id.startswith(prefix)]
        start = max(used, default=0) + 1
        return [f"{prefix}{start + i}" for i in range(n)]

    def add_fields(self, items: list[dict[str, Any]], *, actor: str = "model") -> list[Proposal]:
        """Store field proposals (``name``, ``value``, ``provenance``, ``topic``, ``occurred_at``,
        ``current``, ``exists``, ``model``). The same proposal (name, value, pointer) already
        pending is not stored twice; it is returned as it is. A field that does not exist yet gets
        its TTL inferred now, once (:func:`mylife_core.staleness.propose_ttl`: dictionaries, rules,
        then a model), and kept in the proposal: showing it later asks no model, and accepting it
        writes that TTL."""
        from .. import clock
        from ..provenance import Pointer, excerpt_bytes, hash_excerpt
        from ..staleness import propose_ttl

        if not items:
            return []
        waiting = self.all()
        ttls: dict[int, TTLGuess] = {}  # inferred before the lock is taken: a model can take a while
        for i, item in enumerate(items):
            if self.ws.profile.find(item["name"]) is None and _same_field(waiting, item) is None:
                ttls[i] = propose_ttl(self.ws, item["name"], item["value"])
        with self.ws.lock():
            data = self._read()
            out: list[Proposal | None] = []
            fresh: list[tuple[int, dict[str, Any]]] = []
            for item in items:
                same = _same_field(data.proposals, item)
                if same is None:
                    fresh.append((len(out), item))
                out.append(same)
            if not fresh:
                return [p for p in out if p is not None]
            ids = self._next_ids(data, len(fresh))
            made = []
            for pid, (slot, item) in zip(ids, fresh):
                ttl = ttls.get(slot)
                if ttl is None and self.ws.profile.find(item["name"]) is None:  # gone meanwhile: rules only
                    ttl = rules_ttl(self.ws, item["name"], item["value"])
                pointer = Pointer.parse(item["provenance"])
                excerpt = excerpt_bytes(self.ws.raw.read_bytes(pointer.file), pointer)
                prop = Proposal(id=pid, kind="field", topic=item["topic"], created_at=clock.now(), actor=actor,
                                model=item.get("model"), name=item["name"], value=item["value"],
                                current=item.get("current"), exists=bool(item.get("exists")),
                                provenance=item["provenance"],
                                excerpt_hash=hash_excerpt(excerpt) if excerpt is not None else None,
                                occurred_at=item.get("occurred_at"), ttl=ttl)
                made.append(prop)
                out[slot] = prop
            data.proposals.extend(made)
            self._save(data)
            self.ws.commit_changes([(actor, "proposal.add", p.id, [PATH],
                                     {"kind": "field", "name": p.name, "value": p.value, "pointer": p.provenance})
                                    for p in made])
        return [p for p in out if p is not None]

    def add_digest(self, topic: str, original_hash: str | None = None, *, model: str | None,
                   actor: str = "model", text: str | None = None) -> Proposal:
        """A model original that differs from the user's revision in force (``original_hash``), or
        a digest a model proposes without the user (``text``, judged: nothing under ``digest/`` is
        written until it is accepted): one pending proposal of each sort per topic (an older
        pending one of the same sort is superseded by it)."""
        from .. import clock

        with self.ws.lock():
            data = self._read()
            now_hash = in_force_hash(self.ws, topic) if text is not None else None
            for p in data.proposals:
                if p.pending and p.kind == "digest" and p.topic == topic and p.original_hash == original_hash \
                        and p.text == text and p.in_force_hash == now_hash:
                    return p
            (pid,) = self._next_ids(data, 1)
            changes = []
            for p in data.proposals:
                if p.pending and p.kind == "digest" and p.topic == topic and (p.text is None) == (text is None):
                    p.status, p.superseded_by, p.decided_at = "superseded", pid, clock.now()
                    changes.append((actor, "proposal.supersede", p.id, [PATH], {"by": pid}))
            made = Proposal(id=pid, kind="digest", topic=topic, created_at=clock.now(), actor=actor, model=model,
                            original_hash=original_hash, text=text, in_force_hash=now_hash)
            data.proposals.append(made)
            self._save(data)
            changes.append((actor, "proposal.add", pid, [PATH], {"kind": "digest", "topic": topic}))
            self.ws.commit_changes(changes)
        return made

    def revised(self, topic: str, *, actor: str = "user") -> list[Proposal]:
        """The user revised ``topic``'s digest with its model original before them: a pending
        digest proposal of that topic is answered (superseded by the revision)."""
        from .. import clock

        if not self.path.exists():
            return []
        with self.ws.lock():
            data = self._read()
            done = [p for p in data.proposals if p.pending and p.kind == "digest" and p.topic == topic]
            if not done:
                return []
            for p in done:
                p.status, p.superseded_by, p.decided_at, p.decided_by = "superseded", "revision", clock.now(), actor
            self._save(data)
            self.ws.commit_changes([(actor, "proposal.supersede", p.id, [PATH], {"by": "revision", "topic": topic})
                                    for p in done])
        return done

    # -- deciding -------------------------------------------------------------------------------
    def check(self, proposal: Proposal, verb: str, why: str | None = None) -> None:
        """Raise the error a decision would meet, writing nothing (bulk decisions check all first)."""
        from ..errors import Conflict, UsageError
        from ..messages import t

        if verb not in VERBS:
            raise UsageError("bad_choice", what="action", value=verb, choices=", ".join(VERBS))
        if not proposal.pending:
            raise Conflict("proposal_decided", id=proposal.id, status=t("proposal.status." + proposal.status))
        if verb == "dispute" and not (why or "").strip():
            raise UsageError("proposal_dispute_needs_reason", id=proposal.id)
        if verb != "accept":
            return
        if proposal.kind == "field":
            state = source_state(self.ws, proposal)
            if state == "absent":  # the line does not say the value: it would be kept as the user's words
                raise Conflict("proposal_value_not_in_line", id=proposal.id, value=proposal.value,
                               pointer=proposal.provenance)
            if state != "ok":
                raise Conflict("proposal_source_changed", id=proposal.id, pointer=proposal.provenance,
                               state=t("proposal.source." + state))
            existing = self.ws.profile.find(proposal.name or "")
            if existing is not None and proposal.occurred_at is not None \
                    and existing.updated_at.date() > proposal.occurred_at and existing.value != proposal.value:
                raise Conflict("proposal_field_newer", id=proposal.id, name=proposal.name, value=existing.value,
                               date=existing.updated_at.date().isoformat())
            # what the field's dictionary asks of a value (a number, a quantity in its unit, its
            # min), as the write will: a dictionary installed or changed since the proposal was
            # kept refuses it here, before any proposal of a bulk accept is written
            from ..layers.profile import check_value

            check_value(self.ws, proposal.name or "", proposal.value)
        elif proposal.text is not None:  # a model's digest proposed over MCP: what the user reads is what is written
            if out_of_date(self.ws, proposal):  # said the same by ``proposal list`` and the panel's card
                raise Conflict("s30digest.proposal_digest_stale", id=proposal.id, topic=proposal.topic)
            from .digest import judge_body

            withheld = judge_body(self.ws, proposal.topic, proposal.text).judged.withheld
            if withheld:  # its evidence moved on since (a claim rejected): it would not be written as shown
                raise Conflict("s29mcp.proposal_digest_unsupported", id=proposal.id, n=len(withheld))
        else:
            if out_of_date(self.ws, proposal):
                raise Conflict("proposal_digest_moved", id=proposal.id, topic=proposal.topic)

    def require_model_lines_confirmed(self, proposals: list[Proposal],
                                      confirmed: bool | Collection[str] = ()) -> None:
        """Refuse (writing nothing) to accept a field proposal whose cited line a model wrote
        (:func:`model_line`) unless the user confirmed that one specifically: ``confirmed`` is
        True (``--accept-model-line``) or holds its id (a second yes on a terminal, the ticked box
        on its card). A yes to the proposal alone would make a model's words the user's profile."""
        from ..errors import UsageError
        from ..messages import join, t

        if confirmed is True:
            return
        missing = [(p, line) for p in proposals if p.id not in (confirmed or ())
                   and (line := model_line(self.ws, p)) is not None]
        if not missing:
            return
        from ..messages import actor_name

        items = [t("s32approve.model_line.item", id=p.id, pointer=line["pointer"], actor=actor_name(line["actor"]),
                   text=" / ".join(text for _, text in line["lines"])) for p, line in missing]
        raise UsageError("s32approve.model_line_unconfirmed", items=join(items, "semi"),
                         ids=" ".join(p.id for p, _ in missing))

    def decide(self, proposal_id: str, verb: str, *, why: str | None = None, actor: str = "user",
               model_lines: bool | Collection[str] = ()) -> tuple[Proposal, Proposal]:
        """Accept, reject or dispute one pending proposal; returns (before, after)."""
        return self.decide_many([proposal_id], verb, why=why, actor=actor, model_lines=model_lines)[0]

    def decide_many(self, ids: list[str], verb: str, *, why: str | None = None, actor: str = "user",
                    model_lines: bool | Collection[str] = ()) -> list[tuple[Proposal, Proposal]]:
        """Decide several proposals the same way; every one is checked before anything is written.
        Accepting one whose cited line a model wrote needs ``model_lines`` to say the user
        confirmed that (:meth:`require_model_lines_confirmed`), else nothing is written."""
        from .. import clock
        from ..errors import NotFound, UsageError

        ids = list(dict.fromkeys(i.strip() for i in ids if i and i.strip()))
        if not ids:
            raise UsageError("web_nothing_selected")
        why = (why or "").strip() or None
        with self.ws.lock():
            # written after each decision's own write: an outside edit refuses before any of them
            self.ws.require_unchanged([PATH])
            data = self._read()
            by_id = {p.id: p for p in data.proposals}
            chosen = []
            for pid in ids:
                if pid not in by_id:
                    raise NotFound("proposal_not_found", id=pid)
                chosen.append(by_id[pid])
            for p in chosen:
                self.check(p, verb, why)
            if verb == "accept":  # a model's line becomes the user's profile only on a yes to that
                self.require_model_lines_confirmed(chosen, model_lines)
            # every file the decisions write (profile.yaml, a digest) too: all or nothing
            self.ws.require_unchanged(self.written_paths(chosen, verb))
            out = []
            for p in chosen:
                before = p.model_copy()
                if verb == "accept":
                    self._apply(p, actor)
                p.status = {"accept": "accepted", "reject": "rejected", "dispute": "disputed"}[verb]
                p.decided_at, p.decided_by, p.why = clock.now(), actor, why
                self._save(data)
                detail: dict[str, Any] = {"kind": p.kind, "status": p.status}
                if why:
                    detail["why"] = why
                if p.kind == "field":
                    detail.update(name=p.name, value=p.value, pointer=p.provenance)
                else:
                    detail["topic"] = p.topic
                self.ws.commit_change(actor, f"proposal.{verb}", p.id, paths=[PATH], detail=detail)
                out.append((before, p.model_copy()))
            return out

    def written_paths(self, proposals: list[Proposal], verb: str) -> list[str]:
        """The workspace files deciding ``proposals`` this way rewrites: this store's file, and
        for an acceptance what :meth:`_apply` writes (``profile.yaml`` for a field that changes, a
        digest in force that is not the user's revision, which is kept whole in the proposal)."""
        from ..layers.digest import split_front_matter

        paths = [PATH]
        if verb != "accept":
            return paths
        for p in proposals:
            if p.kind == "field":
                existing = self.ws.profile.find(p.name or "")
                if existing is None or existing.value != p.value:
                    paths.append(self.ws.rel(self.ws.profile.path))
                continue
            if p.text is not None:  # written as a model's digest (and its original, keep_both)
                if self.ws.config.digest.keep_both:
                    paths.append(self.ws.digests.rel_path(p.topic, original=True))
            current = self.ws.digests.read(p.topic)
            meta = split_front_matter(current)[0] if current is not None else {}
            if current is not None and (meta.get("revision") or "user") != "user":
                paths.append(self.ws.digests.rel_path(p.topic))
        return list(dict.fromkeys(paths))

    def _keep_user_revision(self, p: Proposal) -> None:
        """The user's revision a digest proposal is about to replace, kept whole in the proposal
        (``p.replaced``) and, byte for byte, in ``digest/history/`` (:meth:`Workspace.keeping`):
        rewriting it absorbs nothing. No readable front matter (hand-written, or broken by hand) is
        the user's text too, as :class:`~mylife_core.layers.digest.DigestLayer` reads it."""
        from ..layers.digest import split_front_matter

        current = self.ws.digests.read(p.topic)
        if current is None:
            return
        meta, body = split_front_matter(current)
        if (meta.get("revision") or "user") == "user":
            p.replaced = body if meta else current
            self.ws.keeping([self.ws.digests.rel_path(p.topic)])

    def _apply(self, p: Proposal, actor: str) -> None:
        from .. import clock
        from ..staleness import confirm_new_field

        if p.kind == "field":
            name = p.name or ""
            existing = self.ws.profile.find(name)
            if existing is not None and existing.value == p.value:
                return  # already so (the user or another note set it): nothing to write
            ttl_kwargs: dict[str, Any] = {}
            if existing is None:  # a new field: the TTL shown on the proposal (field_ttl) is the one written
                from ..staleness.ttl import shown_ttl

                with shown_ttl(self.ws, name, field_ttl(self.ws, p)):
                    choice = confirm_new_field(self.ws, name, p.value, interactive=False, auto="yes",
                                               say=lambda s: None)
                ttl_kwargs = {"ttl_days": choice.ttl_days, "ttl_given": True, "ttl_reason": choice.reason,
                              "ttl_source": choice.source}
            when = None
            if p.occurred_at is not None and p.occurred_at < clock.today():
                when = clock.as_aware(p.occurred_at)
            from ..layers.profile import cited_source

            # the user's words only when the user wrote the line: a model's line stays the model's
            self.ws.profile.set(name, p.value, source=cited_source(self.ws, p.provenance), provenance=p.provenance,
                                at=when, actor=actor, topic=p.topic if existing is None else None, **ttl_kwargs)
            return
        digests = self.ws.digests
        self._keep_user_revision(p)
        if p.text is not None:  # a model's digest proposed over MCP: written now, as it was shown
            from .digest import write_generated

            write_generated(self.ws, p.topic, p.text, actor=actor, model=p.model, source="model",
                            replace_revision=True, proposal=p.id)
            return
        original = digests.read(p.topic, original=True) or ""
        digests.write(p.topic, original, actor=actor, detail={"revision": "model", "proposal": p.id,
                                                              "replaced_user_revision": p.replaced is not None})


# ------------------------------------------------------------------------------------ helpers
def rules_ttl(ws: "Workspace", name: str, value: Any) -> TTLGuess | None:
    """What a field dictionary or the builtin rules say of a new field's TTL, no model asked."""
    from ..staleness.ttl import dictionary_guess, heuristic_guess

    return dictionary_guess(ws, name) or heuristic_guess(name, value)


def field_ttl(ws: "Workspace", p: Proposal) -> TTLGuess | None:
    """The TTL a field proposal gives its field when the field is new: the one its card and
    ``mylife proposal list|show`` show, and the one accepting writes. Inferred when the proposal
    was stored and kept in it; for a proposal stored before MyLife kept it, what the rules say
    (:func:`rules_ttl`: showing a proposal never asks a model), else None: it is inferred when
    the proposal is accepted (a model may be asked then)."""
    if p.kind != "field":
        return None
    return p.ttl if p.ttl is not None else rules_ttl(ws, p.name or "", p.value)


def field_ttl_text(ws: "Workspace", p: Proposal) -> str | None:
    """The line that says a field proposal's TTL (:func:`field_ttl`) when accepting creates the
    field (the CLI and the panel say the same), else None."""
    from ..messages import t
    from ..staleness.ttl import source_text, ttl_text

    if p.kind != "field" or field_now(ws, p)[0] or (not p.pending and p.ttl is None):
        return None  # an existing field keeps its TTL; an older decided one: what was written is on the field
    guess = field_ttl(ws, p)
    if guess is None:
        return t("proposal.ttl_at_acceptance")
    return t("proposal.detail.ttl_inferred", ttl=ttl_text(guess.ttl_days), reason=guess.reason,
             source=source_text(guess.source))


def source_state(ws: "Workspace", p: Proposal) -> str:
    """``ok`` | ``changed`` | ``missing`` | ``absent``: the cited lines against the hash taken
    when proposed; ``absent`` when they are as they were but do not say a field proposal's value
    (:func:`mylife_core.provenance.value_in_line`, extract's rule): accepting would keep it as
    the user's words."""
    from ..errors import MyLifeError
    from ..provenance import Pointer, excerpt_bytes, hash_excerpt, value_in_excerpt

    if not p.provenance:
        return "missing"
    try:
        pointer = Pointer.parse(p.provenance)
        data = ws.raw.path_of(pointer.file).read_bytes()
    except (MyLifeError, OSError):
        return "missing"
    excerpt = excerpt_bytes(data, pointer)
    if excerpt is None:
        return "missing"
    if hash_excerpt(excerpt) != p.excerpt_hash:
        return "changed"
    if p.kind == "field" and not value_in_excerpt(p.value, excerpt, pointer.start):
        return "absent"
    return "ok"


def field_now(ws: "Workspace", p: Proposal) -> tuple[bool, Any]:
    """Whether a field proposal's field exists, and its value: as it is now while the proposal
    waits (what accepting replaces: the user or the CLI may have set it since), as it was when
    proposed once decided."""
    if not p.pending:
        return p.exists, p.current
    existing = ws.profile.find(p.name or "")
    return (True, existing.value) if existing is not None else (False, None)


def quoted_lines(ws: "Workspace", p: Proposal) -> list[tuple[int, str]]:
    """The cited lines of a field proposal, as they are in ``raw/`` now."""
    from ..errors import MyLifeError
    from ..provenance import Pointer, excerpt_bytes, shown_lines

    try:
        pointer = Pointer.parse(p.provenance or "")
        data = ws.raw.path_of(pointer.file).read_bytes()
    except (MyLifeError, OSError):
        return []
    excerpt = excerpt_bytes(data, pointer)
    if excerpt is None:
        return []
    return shown_lines(excerpt, pointer.start)


def in_force_hash(ws: "Workspace", topic: str) -> str | None:
    """The body hash of ``topic``'s digest in force, None when it has none."""
    from ..layers.digest import body_hash, split_front_matter

    text = ws.digests.read(topic)
    return body_hash(split_front_matter(text)[1]) if text is not None else None


def out_of_date(ws: "Workspace", p: Proposal) -> str | None:
    """Why a pending digest proposal can no longer be accepted, read without writing anything:
    ``digest_changed`` (a digest a model proposed over MCP, when the digest in force is no longer the
    one it was proposed against: a later ``mylife digest``, a revision, an accepted proposal) or
    ``original_changed`` (the model original it stands for was replaced since); None when it still
    can be (or it is no pending digest proposal). It stays pending until the user rejects it."""
    if p.kind != "digest" or not p.pending:
        return None
    if p.text is not None:
        return "digest_changed" if in_force_hash(ws, p.topic) != p.in_force_hash else None
    return "original_changed" if digest_original_hash(ws, p.topic) != p.original_hash else None


def out_of_date_note(ws: "Workspace", p: Proposal, why: str | None = "") -> str | None:
    """What ``proposal list``/``show`` and the panel's card say of a proposal :func:`out_of_date`
    (what changed, and what to do: reject it, or ask for a new one), else None. ``why``: what
    :func:`out_of_date` said, when the caller has it already (each reads the digest and hashes it)."""
    from ..messages import t
    from ..shell import command_prefix

    if why == "":
        why = out_of_date(ws, p)
    if why is None:
        return None
    key = "s30digest.proposal.stale" if why == "digest_changed" else "s30digest.proposal.stale_original"
    return t(key, topic=p.topic, id=p.id, prog=command_prefix(ws.root))


def field_model_wrote(ws: "Workspace", p: Proposal) -> str | None:
    """Who wrote the line a field proposal cites, when a model did (``model via MCP``): the value
    is then the model's words, said so wherever the proposal is shown, and accepted it is kept with
    the model's source (:func:`~mylife_core.layers.profile.cited_source`), never as the user's."""
    from ..trace import lines_model_wrote

    return lines_model_wrote(ws, p.provenance) if p.kind == "field" else None


def model_line(ws: "Workspace", p: Proposal) -> dict[str, Any] | None:
    """The line a pending field proposal cites, when a model wrote it (:func:`field_model_wrote`):
    ``{"actor", "pointer", "lines"}`` (``lines``: (number, text) as in ``raw/`` now). Accepting such
    a proposal needs the user to confirm that specifically
    (:meth:`Proposals.require_model_lines_confirmed`); None for any other proposal."""
    from ..trace import model_lines

    return model_lines(ws, p.provenance) if p.pending and p.kind == "field" else None


def digest_original_hash(ws: "Workspace", topic: str) -> str | None:
    from ..layers.digest import body_hash, split_front_matter

    text = ws.digests.read(topic, original=True)
    return body_hash(split_front_matter(text)[1]) if text is not None else None


def digest_changes(ws: "Workspace", p: Proposal) -> list[dict[str, Any]]:
    """How the model's original differs from the user's revision in force, paragraph by paragraph
    (a digest a model proposed over MCP: how its text differs from the digest in force, every
    paragraph ``added`` when there is none)."""
    from ..layers.digest import paragraph_differences, split_front_matter

    current = ws.digests.read(p.topic)
    if p.text is not None:
        return paragraph_differences(split_front_matter(current)[1] if current is not None else "", p.text)
    original = ws.digests.read(p.topic, original=True)
    if original is None or current is None:
        return []
    return paragraph_differences(split_front_matter(current)[1], split_front_matter(original)[1])


def proposal_json(ws: "Workspace", p: Proposal) -> dict[str, Any]:
    out = p.model_dump(mode="json", exclude_none=True)
    if p.kind == "field":
        # ``current``/``exists``: what accepting replaces, as it is now (as the text and the panel
        # say, :func:`field_now`); the field as it was when proposed stays under ``*_when_proposed``
        out["existed_when_proposed"] = out.pop("exists", p.exists)
        if "current" in out:
            out["current_when_proposed"] = out.pop("current")
        exists, current = field_now(ws, p)
        out["exists"] = exists
        if exists:
            out["current"] = current
        out["source"] = {"pointer": p.provenance, "state": source_state(ws, p),
                         "lines": [{"line": n, "text": s} for n, s in quoted_lines(ws, p)],
                         # who wrote the cited line when a model did: then not the user's words
                         "written_by_model": field_model_wrote(ws, p)}
        if out["source"]["written_by_model"]:
            from ..layers.profile import cited_source

            out["source"]["accepted_source"] = cited_source(ws, p.provenance)  # what accepting records
            # accepting it needs a yes to the model's line itself (--accept-model-line, the card's box)
            out["source"]["confirm_model_line"] = p.pending
    elif p.pending:  # a digest proposal: whether it can still be accepted, and what to do when not
        why = out_of_date(ws, p)
        out["out_of_date"] = why is not None
        out["out_of_date_reason"] = why
        out["out_of_date_note"] = out_of_date_note(ws, p, why)
    return out


__all__ = ["Proposal", "Proposals", "PATH", "KINDS", "STATUSES", "VERBS", "source_state", "quoted_lines", "field_now",
           "field_ttl", "field_ttl_text", "rules_ttl", "digest_changes", "proposal_json", "field_model_wrote",
           "in_force_hash", "out_of_date", "out_of_date_note", "model_line"]

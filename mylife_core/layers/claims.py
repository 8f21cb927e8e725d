"""L2, the claims layer: evidence with kind, source, provenance pointer + hash, and status.

The record format follows docs/design.md#layers exactly, plus ``excerpt_hash`` (docs/design.md#provenance) and
bookkeeping (``created_at``, ``updated_at``, ``actor``, ``note``). Storage is pluggable
(:class:`ClaimStore`); :class:`ClaimsLayer` holds the rules every backend obeys:
ids, pointer checks, ``inference`` claims (and a model's claims of lines a model wrote) starting as
candidates, status transitions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict

from .. import clock
from ..errors import Conflict, NotFound, UsageError
from ..provenance import Pointer, first_unreadable, hash_excerpt
from .audit import by_model

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

Kind = Literal["fact", "assessment", "inference"]
Source = Literal["user_raw", "user_filled", "bill_import", "mcp", "llm_inferred"]
Status = Literal["candidate", "active", "stale", "superseded", "disputed", "rejected"]
Confidence = Literal["high", "medium", "low"]

KINDS: tuple[str, ...] = ("fact", "assessment", "inference")
SOURCES: tuple[str, ...] = ("user_raw", "user_filled", "bill_import", "mcp", "llm_inferred")
STATUSES: tuple[str, ...] = ("candidate", "active", "stale", "superseded", "disputed", "rejected")
EVIDENCE_STATUSES = frozenset({"active", "disputed", "stale"})

ID_RE = re.compile(r"^claim-(\d{4})-(\d{2})-(\d{2})-(\d+)$")


class Claim(BaseModel):
    """One piece of evidence (docs/design.md#layers)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    topic: str
    claim: str
    kind: Kind
    source: Source
    provenance: str | None = None  # "raw/2026-01-15-career.md#L42" or "#L42-L44"
    excerpt_hash: str | None = None  # "sha256:..." of the pointed lines
    occurred_at: date
    context: str | None = None
    confidence: Confidence = "medium"
    status: Status = "active"
    superseded_by: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    actor: str = "user"
    note: str | None = None  # why it was disputed, rejected, ...

    @property
    def is_evidence(self) -> bool:
        """Counts as evidence: inferences only once accepted, never rejected/superseded ones."""
        return self.status in EVIDENCE_STATUSES

    @property
    def pointer(self) -> Pointer | None:
        return Pointer.parse(self.provenance) if self.provenance else None


def id_day(claim_id: str) -> date | None:
    match = ID_RE.match(claim_id)
    if not match:
        return None
    try:
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return None


def id_seq(claim_id: str) -> int:
    match = ID_RE.match(claim_id)
    return int(match.group(4)) if match else 0


def make_id(day: date, seq: int) -> str:
    return f"claim-{day.isoformat()}-{seq:03d}"


@runtime_checkable
class ClaimStore(Protocol):
    """Where L2 lives. The builtin ``files`` store is the reference implementation; every
    backend passes the same conformance suite (``tests/store_conformance.py``).

    Stores persist exactly what they are given (ids, pointers, statuses); the rules live in
    :class:`ClaimsLayer`. A store must read back every write: a claim it reports as stored is
    stored.

    Optional members, used when present: ``paths_for(claim)`` (the workspace-relative paths a
    write touches, for the audit trail and ``on_change``) and ``rebuild()`` (re-read the backend
    into whatever index the store keeps; ``mylife store migrate`` verifies through it). Stores
    that live in an external MCP server build on :mod:`mylife_core.external.store`
    (docs/backends.md).
    """

    name: str

    def add(self, claims: list[Claim]) -> None:
        """Persist new claims (ids are unique; raise on an existing id)."""

    def update(self, claim: Claim) -> None:
        """Replace the stored claim with the same id."""

    def get(self, claim_id: str) -> Claim | None: ...

    def query(self, *, topic: str | None = None, kind: str | None = None, status: str | None = None,
              since: date | None = None, until: date | None = None,
              limit: int | None = None, newest_first: bool = False) -> list[Claim]:
        """Claims matching all given filters, ordered by (occurred_at, id)."""

    def iter_all(self) -> Iterator[Claim]: ...

    def ids_on(self, day: date) -> list[str]:
        """Ids whose date part is ``day`` (for allocating the next id)."""

    def counts(self) -> dict[str, dict[str, int]]:
        """``{"status": {...}, "kind": {...}, "topic": {...}}`` counts."""

    def close(self) -> None: ...


class IdTaken(ValueError):
    """A store found a new claim's id already in its files though its index had it free (an
    index a killed writer left behind). It wrote nothing and re-read what it had missed: ids
    taken again are free."""


class ClaimsLayer:
    """The rules of L2 on top of whichever store is configured."""

    def __init__(self, ws: "Workspace", store: ClaimStore, *, store_name: str | None = None) -> None:
        self.ws = ws
        self.store = store
        #: the configured store's name: when another process switches it, the workspace swaps
        #: ``store`` as it takes the lock, so a write goes where the settings then say
        self.store_name = store_name

    # -- reading ----------------------------------------------------------------------------
    def get(self, claim_id: str) -> Claim:
        claim = self.store.get(claim_id)
        if claim is None:
            raise NotFound("claim_not_found", id=claim_id)
        return claim

    def find(self, claim_id: str) -> Claim | None:
        return self.store.get(claim_id)

    def query(self, **filters) -> list[Claim]:
        for name, allowed in (("kind", KINDS), ("status", STATUSES)):
            value = filters.get(name)
            if value is not None and value not in allowed:
                raise UsageError("bad_choice", what=f"--{name}", value=value, choices=", ".join(allowed))
        names = self._topic_names(filters.get("topic"))
        if len(names) <= 1:
            return self.store.query(**filters)
        # a topic with aliases: each name asked of the store, merged in the store's order
        found = {c.id: c for name in names for c in self.store.query(**{**filters, "topic": name})}
        ordered = sorted(found.values(), key=lambda c: (c.occurred_at, id_day(c.id) or c.occurred_at, id_seq(c.id)),
                         reverse=bool(filters.get("newest_first")))
        limit = filters.get("limit")
        return ordered[:limit] if limit else ordered

    def _topic_names(self, topic: str | None) -> tuple[str, ...]:
        """The names a ``topic`` filter matches: the topic's registered name and aliases
        (:meth:`~mylife_core.plugins.PluginHost.topic_names`)."""
        if topic is None:
            return ()
        return self.ws.plugins.topic_names(topic)

    def iter_all(self) -> Iterator[Claim]:
        return self.store.iter_all()

    def count(self, *, topic: str | None = None, kind: str | None = None, status: str | None = None) -> int:
        """How many claims match (``claim list`` says "显示 50 条，共 65 条"): from the store's
        grouped counts for one filter or none, else by querying."""
        given = {k: v for k, v in (("topic", topic), ("kind", kind), ("status", status)) if v is not None}
        if len(given) > 1:
            return len(self.query(**given))
        counts = self.store.counts()
        if not given:
            return sum(counts.get("status", {}).values())
        ((column, value),) = given.items()
        values = self._topic_names(value) if column == "topic" else (value,)
        return sum(counts.get(column, {}).get(v, 0) for v in values)

    def counts(self) -> dict[str, dict[str, int]]:
        return self.store.counts()

    # -- writing -----------------------------------------------------------------------------
    def _next_ids(self, day: date, n: int) -> list[str]:
        start = max((id_seq(i) for i in self.store.ids_on(day)), default=0) + 1
        return [make_id(day, seq) for seq in range(start, start + n)]

    def check_pointer(self, provenance: str, *, text: bool = True) -> tuple[str, str]:
        """Validate a ``--from`` pointer against L0; return (normalised pointer, excerpt hash).
        ``text``: the lines must be UTF-8 text. ``record`` keeps any bytes, but a claim or a field
        citing bytes nobody can read rests on no readable words of the user's (docs/cli.md: only
        ``record``'s text may be any bytes): refused, naming the file and the first such line."""
        pointer = Pointer.parse(provenance)
        if self.ws.raw.get(pointer.file) is None:
            if not self.ws.raw.path_of(pointer.file).exists():
                raise UsageError("pointer_file_missing", file=pointer.file)
            raise UsageError("pointer_not_recorded", file=pointer.file)
        excerpt = self.ws.raw.resolve(pointer)
        if text and b"\x00" in excerpt:  # NUL is no text (a UTF-16 file without its mark: "\x00" lines)
            line = pointer.start + excerpt[:excerpt.index(b"\x00")].count(b"\n")
            raise UsageError("s29small.pointer_utf16", pointer=str(pointer), file=pointer.file, line=line)
        if text and (line := first_unreadable(excerpt, pointer.start)) is not None:
            # a UTF-16 file (its byte-order mark, or a NUL beside each ASCII byte) is converted from
            # UTF-16, not GB18030
            utf16 = b"\x00" in excerpt or self.ws.raw.read_bytes(pointer.file)[:2] in (b"\xff\xfe", b"\xfe\xff")
            raise UsageError("s29small.pointer_utf16" if utf16 else "pointer_not_utf8",
                             pointer=str(pointer), file=pointer.file, line=line)
        return str(pointer), hash_excerpt(excerpt)

    def model_wrote(self, provenance: str | None) -> bool:
        """Whether a model wrote the lines ``provenance`` points at (:attr:`RawRecord.by_model`).
        A bad pointer is reported by ``check_pointer``."""
        if not provenance:
            return False
        try:
            return Pointer.parse(provenance).file in self.ws.raw.model_files()
        except UsageError:
            return False

    def unvouched(self, claim: Claim) -> bool:
        """A model's words kept as the user's: a claim a model added, of lines a model wrote, with
        source ``user_raw``. :meth:`add_many` no longer stores one (such a claim is a ``mcp``
        candidate the user accepts or not); one stored before is never shown or counted as the
        user's statement (``ask``, ``competing``, citations), whatever its status."""
        return (claim.source == "user_raw" and claim.kind != "inference" and by_model(claim.actor)
                and self.model_wrote(claim.provenance))

    def source_date(self, provenance: str | None) -> date | None:
        """The date of the raw record a pointer names: a claim's ``occurred_at`` (and the date in
        its id) defaults to it, whoever adds the claim (``claim add --from``, the model's
        ``mylife_claim_add``, extraction). A bad pointer is reported later by ``check_pointer``."""
        if not provenance:
            return None
        try:
            rec = self.ws.raw.get(Pointer.parse(provenance).file)
        except UsageError:
            return None
        return rec.occurred_at if rec is not None else None

    def add(self, *, claim: str, topic: str, kind: str = "fact", source: str | None = None,
            provenance: str | None = None, occurred_at: datetime | date | None = None,
            context: str | None = None, confidence: str = "medium", actor: str = "user",
            precision: str = "day", candidate: bool = False) -> tuple[Claim, str | None]:
        """Add one claim. Returns the claim and, when the statement itself had to be recorded
        to L0 (no ``provenance`` given), the pointer of that new raw record.

        ``precision="month"`` (``claim add --at 2025-03``): ``occurred_at`` stands for its month.
        A claim's date is a day, so it is the first of the month (as for a claim from a
        month-dated note); the statement recorded to L0 is a month-dated note, which keeps the
        precision where the claim points.

        ``candidate``: the claim waits for the user to accept it whatever its kind (a model's claim
        the user has not said yes to: ``mylife_claim_add`` over MCP)."""
        claims, recorded = self.add_many([dict(claim=claim, topic=topic, kind=kind, source=source,
                                               provenance=provenance, occurred_at=occurred_at,
                                               context=context, confidence=confidence,
                                               precision=precision, candidate=candidate)], actor=actor)
        return claims[0], recorded[0]

    def add_many(self, items: Iterable[dict], *, actor: str = "user") -> tuple[list[Claim], list[str | None]]:
        """Add claims in one locked batch (used by extraction, imports and the benchmark)."""
        from ..errors import require_utf8
        from .raw import check_topic, is_blank

        prepared: list[dict] = []
        for item in items:
            for key in ("claim", "context", "topic", "provenance"):
                require_utf8(item.get(key), key)
            text = (item.get("claim") or "").strip()
            if is_blank(text):
                raise UsageError("s30small.empty_claim_blank")
            kind = item.get("kind") or "fact"
            if kind not in KINDS:
                raise UsageError("bad_choice", what="--kind", value=kind, choices=", ".join(KINDS))
            source = item.get("source") or ("llm_inferred" if kind == "inference" else
                                            "user_raw" if item.get("provenance") else "user_filled")
            if source not in SOURCES:
                raise UsageError("bad_choice", what="--source", value=source, choices=", ".join(SOURCES))
            confidence = item.get("confidence") or "medium"
            if confidence not in ("high", "medium", "low"):
                raise UsageError("bad_choice", what="--confidence", value=confidence, choices="high, medium, low")
            if kind == "inference" and not item.get("provenance"):
                raise UsageError("inference_needs_source")
            # a model cannot make a model's own lines the user's words: its claim of lines a model
            # wrote (mylife_record over MCP) waits, as a candidate, for the user to accept it
            # (an item marked ``candidate`` waits whatever its kind: a model's claim the user has
            # not said yes to, :meth:`add`)
            candidate = kind == "inference" or bool(item.get("candidate"))
            if kind != "inference" and by_model(actor) and self.model_wrote(item.get("provenance")):
                source, candidate = "mcp", True
            when = item.get("occurred_at") or self.source_date(item.get("provenance")) or clock.now()
            prepared.append(dict(item, claim=text, kind=kind, source=source, confidence=confidence,
                                 topic=check_topic(item.get("topic") or ""), occurred_at=when, candidate=candidate))

        out: list[Claim] = []
        recorded: list[str | None] = []
        with self.ws.lock():
            from ..recovery import Pending, sync_claims_index

            # ids are taken from the store's index: brought in line with its files first (a
            # writer killed between the two left it behind, and the next id must be a free one)
            sync_claims_index(self.ws)
            now = clock.now()
            by_day: dict[date, int] = {}
            for item in prepared:
                when = item["occurred_at"]
                day = when.date() if isinstance(when, datetime) else when
                if item.get("precision") == "month":
                    day = day.replace(day=1)
                item["day"] = day
                by_day[day] = by_day.get(day, 0) + 1
            # everything that can fail is checked before anything is written: the store is read
            # (ids; a broken shard stops here) and every given pointer resolved
            ids: dict[date, list[str]] = {day: self._next_ids(day, n) for day, n in by_day.items()}
            checked = {i: self.check_pointer(item["provenance"]) for i, item in enumerate(prepared)
                       if item.get("provenance")}
            order = _in_order(prepared, ids)
            pending = Pending(self.ws, "claim.add", claims=order)
            raw_changes: list[tuple[str, str, str, list[str], dict]] = []
            try:
                pending_claims: list[Claim] = []
                for i, item in enumerate(prepared):
                    new_pointer = None
                    if i in checked:
                        pointer, digest = checked[i]
                    else:
                        # the statement itself becomes the user's words in L0, in the same
                        # all-or-nothing step as the claim (rolled back if the claim fails)
                        data = (item["claim"] + "\n").encode("utf-8")
                        rec = self.ws.raw.write_unaudited(data, topic=item["topic"], when=clock.as_aware(item["occurred_at"]),
                                                          source="user_filled", actor=actor, pending=pending,
                                                          precision=item.get("precision") or "day")
                        raw_changes.append((actor, "record", rec.file, [rec.file, "ledger/raw.jsonl"],
                                            {"topic": rec.topic, "sha256": rec.sha256, "size": rec.size}))
                        pointer, digest = self.check_pointer(f"{rec.file}#L1-L{rec.lines}" if rec.lines > 1
                                                             else f"{rec.file}#L1")
                        new_pointer = pointer
                    status = "candidate" if item["candidate"] else "active"
                    pending_claims.append(Claim(
                        id=order[i], topic=item["topic"], claim=item["claim"], kind=item["kind"],
                        source=item["source"], provenance=pointer, excerpt_hash=digest, occurred_at=item["day"],
                        context=item.get("context") or None, confidence=item["confidence"], status=status,
                        created_at=now, updated_at=now, actor=actor))
                    recorded.append(new_pointer)
                # every file the claims go to is held to what MyLife recorded before any is written
                self.ws.require_unchanged([p for c in pending_claims for p in self._paths(c)])
                try:
                    self.store.add(pending_claims)
                except IdTaken:
                    # the index was behind the files (re-read now): the same claims, next free ids
                    order = _in_order(prepared, {day: self._next_ids(day, n) for day, n in by_day.items()})
                    pending_claims = [c.model_copy(update={"id": new}) for c, new in zip(pending_claims, order)]
                    pending.data["claims"] = order
                    if pending.data["records"]:
                        pending.save()  # the journal on disk names the ids recovery looks for
                    self.store.add(pending_claims)
            except BaseException:
                if pending.data["records"]:
                    pending.rollback()  # nothing was acknowledged: leave no raw note behind
                else:
                    pending.done()
                raise
            out = pending_claims
            self.ws.commit_changes([*raw_changes, *[(actor, "claim.add", c.id, self._paths(c),
                                                    {"topic": c.topic, "kind": c.kind, "status": c.status})
                                                   for c in out]])
            pending.done()
            for claim in out:
                self.ws.plugins.notify_claim(self.ws, claim, "add", None)
        return out, recorded

    def index_behind(self) -> list[str]:
        """The month files the last write stored (and audited) whose derived index could not be
        updated (held by another process past the wait): the next read re-reads them into the
        index. Empty when the index is current, or the store keeps none."""
        return list(getattr(self.store, "behind", None) or [])

    def index_warnings(self) -> list[str]:
        """What every surface that writes claims says after the write (the CLI's stderr and
        ``--json`` ``warnings``, a tool result's ``warnings`` over MCP and in chat, the panel,
        ``extract``, ``branch close``): the month files stored and audited whose index was busy
        (:meth:`index_behind`), in one sentence; empty when the index is current. Said once: a
        long-lived process (the MCP server, the panel) does not repeat it for a later call."""
        behind = self.index_behind()
        if not behind:
            return []
        from ..messages import t

        if getattr(self.store, "behind", None):
            self.store.behind = []
        return [t("claims.index_behind", files=", ".join(f"claims/{name}" for name in behind))]

    def _paths(self, claim: Claim) -> list[str]:
        paths_for = getattr(self.store, "paths_for", None)
        return paths_for(claim) if paths_for else []

    def paths(self, claims: list[Claim]) -> list[str]:
        """The workspace files a change of these claims rewrites (for a caller that holds them all
        to what MyLife recorded, :meth:`Workspace.require_unchanged`, before its first write)."""
        return list(dict.fromkeys(p for c in claims for p in self._paths(c)))

    def paths_on(self, day: date, topic: str) -> list[str]:
        """The workspace files a new claim of ``topic`` dated ``day`` is written to, known before
        its id is taken (for a caller that holds them to what MyLife recorded, with
        :meth:`paths`, before its first write)."""
        probe = Claim(id=make_id(day, 1), topic=topic, claim="-", kind="fact", source="user_filled", occurred_at=day)
        return self._paths(probe)

    def _transition(self, claim_id: str, action: str, allowed_from: set[str], to: str, *,
                    actor: str, note: str | None = None, superseded_by: str | None = None,
                    kinds: set[str] | None = None) -> tuple[Claim, Claim]:
        with self.ws.lock():
            before = self.get(claim_id)
            # ``kinds`` limits the transition to those kinds, except for a candidate (any kind)
            if before.status not in allowed_from or (kinds is not None and before.kind not in kinds
                                                      and before.status != "candidate"):
                from ..messages import t
                error = Conflict("claim_bad_transition", id=claim_id, status=t(f"status.{before.status}"),
                                 action=t(f"action.{action}"))
                error.hint = _transition_hint(before, action)
                raise error
            after = before.model_copy(update={"status": to, "updated_at": clock.now(),
                                              "note": note if note is not None else before.note,
                                              "superseded_by": superseded_by or before.superseded_by})
            self.store.update(after)
            self.ws.commit_change(actor, f"claim.{action}", claim_id, paths=self._paths(after),
                                  detail={"from": before.status, "to": to, **({"why": note} if note else {}),
                                          **({"by": superseded_by} if superseded_by else {})})
            self.ws.plugins.notify_claim(self.ws, after, action, before)
        return before, after

    def accept(self, claim_id: str, *, actor: str = "user") -> tuple[Claim, Claim]:
        """Accept a candidate: from now on an inference counts as (low-weight) evidence, and a
        model's claim of lines a model wrote as the user's own statement."""
        return self._transition(claim_id, "accept", {"candidate"}, "active", actor=actor)

    def reject(self, claim_id: str, *, actor: str = "user", why: str | None = None) -> tuple[Claim, Claim]:
        """Reject an inference (candidate or accepted), or any candidate (a model's claim of lines a
        model wrote): the user vetoes what the AI put forward."""
        return self._transition(claim_id, "reject", {"candidate", "active", "disputed"}, "rejected",
                                actor=actor, note=why, kinds={"inference"})

    def dispute(self, claim_id: str, *, why: str, actor: str = "user") -> tuple[Claim, Claim]:
        if not (why or "").strip():
            raise UsageError("empty_text", what="--why")
        return self._transition(claim_id, "dispute", {"active", "stale", "candidate", "disputed"}, "disputed",
                                actor=actor, note=why.strip())

    def supersede(self, old_id: str, *, by: str, actor: str = "user") -> tuple[Claim, Claim]:
        if old_id == by:
            raise UsageError("supersede_self")
        successor = self.get(by)
        if successor.status in ("rejected", "superseded"):
            from ..messages import t
            raise Conflict("claim_bad_transition", id=by, status=t(f"status.{successor.status}"),
                           action=t("action.supersede"))
        return self._transition(old_id, "supersede", {"active", "stale", "disputed", "candidate"}, "superseded",
                                actor=actor, superseded_by=by)

    # -- a claim whose source lines changed (docs/design.md: what sets status "stale") ---------------
    def mark_stale(self, claim_id: str, *, why: str, actor: str = "system") -> tuple[Claim, Claim]:
        """Its source lines were edited after it was recorded: not evidence until re-confirmed.

        Set by ``mylife maintain`` for every claim whose lines no longer hash to what was recorded
        (every other command checks the hash itself and treats such a claim the same way)."""
        return self._transition(claim_id, "mark_stale", {"active", "disputed"}, "stale", actor=actor, note=why)

    def confirm(self, claim_id: str, *, actor: str = "user") -> tuple[Claim, Claim]:
        """The user re-read its lines as they are now and stands by the claim: record their hash
        again, and a ``stale`` claim is active again. Nothing to do when the lines did not change."""
        with self.ws.lock():
            before = self.get(claim_id)
            if not before.provenance or before.status in ("rejected", "superseded"):
                from ..messages import t
                raise Conflict("claim_bad_transition", id=claim_id, status=t(f"status.{before.status}"),
                               action=t("action.confirm"))
            _, excerpt_hash = self.check_pointer(before.provenance, text=False)  # cited before: as it is
            if excerpt_hash == before.excerpt_hash and before.status != "stale":
                return before, before
            after = before.model_copy(update={"excerpt_hash": excerpt_hash, "updated_at": clock.now(),
                                              "status": "active" if before.status == "stale" else before.status})
            self.store.update(after)
            self.ws.commit_change(actor, "claim.confirm", claim_id, paths=self._paths(after),
                                  detail={"from": before.status, "to": after.status, "hash": excerpt_hash})
            self.ws.plugins.notify_claim(self.ws, after, "confirm", before)
        return before, after


def _in_order(prepared: list[dict], ids: dict[date, list[str]]) -> list[str]:
    """The id of each prepared claim, in order: its day's ids handed out one after another."""
    order: list[str] = []
    taken: dict[date, int] = {}
    for item in prepared:
        k = taken.get(item["day"], 0)
        order.append(ids[item["day"]][k])
        taken[item["day"]] = k + 1
    return order


def _transition_hint(claim: Claim, action: str) -> tuple[str, dict[str, Any]] | None:
    """What to do instead of a change the claim's status refuses, when there is one to name."""
    if action == "reject" and claim.kind != "inference" and claim.status in ("active", "disputed", "stale"):
        return "claim.hint.reject_own", {"id": claim.id}  # the user's own words: dispute or supersede
    if action == "accept" and claim.status == "active":
        return "claim.hint.already_active", {}
    return None

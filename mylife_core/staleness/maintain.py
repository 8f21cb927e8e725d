"""Upkeep (docs/design.md#upkeep): the facts that have gone longest without the user confirming them.

``upkeep(ws, n=10)`` lists the N profile fields with the oldest ``updated_at`` (fields that
never expire are left out unless asked for), oldest first, and the claims whose source lines
changed since they were recorded ("source changed: re-evaluate", docs/design.md#provenance). ``mylife maintain``
shows it and, on a terminal, asks about each field in turn: still true (``profile confirm``),
a new value (``profile set``), or skip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace


@dataclass
class DueField:
    name: str
    value: Any
    updated_at: datetime
    age_days: int
    ttl_days: int | None
    stale: bool
    overdue_days: int
    due_in_days: int | None  # days until it expires (negative: expired that long ago)
    age_text: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "updated_at": self.updated_at.isoformat(),
                "age_days": self.age_days, "ttl_days": self.ttl_days, "stale": self.stale,
                "overdue_days": self.overdue_days, "due_in_days": self.due_in_days, "age_text": self.age_text}


@dataclass
class ChangedClaim:
    id: str
    topic: str
    claim: str
    provenance: str | None
    state: str  # source_changed | source_missing
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "topic": self.topic, "claim": self.claim, "provenance": self.provenance,
                "state": self.state, "reason": self.reason}


@dataclass
class UpkeepReport:
    now: datetime
    fields: list[DueField]
    fields_total: int
    stale_total: int
    claims: list[ChangedClaim] = field(default_factory=list)
    claims_changed_total: int = 0
    claims_checked: int | None = None  # None: claims were not checked

    def to_json(self) -> dict[str, Any]:
        return {"now": self.now.isoformat(), "fields": [f.to_json() for f in self.fields],
                "fields_total": self.fields_total, "stale_total": self.stale_total,
                "claims": [c.to_json() for c in self.claims], "claims_changed_total": self.claims_changed_total,
                "claims_checked": self.claims_checked}


def due_fields(ws: "Workspace", n: int = 10, *, include_never: bool = False,
               now: datetime | None = None) -> tuple[list[DueField], int, int]:
    """The ``n`` longest-unconfirmed fields, oldest first; also (fields considered, stale count)."""
    from .. import clock
    from ..messages import t
    from ..status import age_text

    now = now or clock.now()
    fields = ws.profile.fields()
    considered = [(name, f) for name, f in fields.items() if include_never or f.ttl_days is not None]
    considered.sort(key=lambda kv: (kv[1].updated_at, kv[0]))
    stale_total = sum(1 for _, f in considered if f.is_stale(now))
    out = []
    for name, f in considered[: n if n > 0 else None]:
        age = f.age_days(now)
        out.append(DueField(name=name, value=f.value, updated_at=f.updated_at, age_days=int(age),
                            ttl_days=f.ttl_days, stale=f.is_stale(now), overdue_days=f.overdue_days(now),
                            due_in_days=None if f.ttl_days is None else int(f.ttl_days - age),
                            age_text=t("staleness.age_line", name=name, age=age_text(age))))
    return out, len(considered), stale_total


def changed_claims(ws: "Workspace", limit: int = 10,
                   progress: Callable[[int, int], None] | None = None) -> tuple[list[ChangedClaim], int, int]:
    """Claims still in use whose source lines changed or vanished; (first ``limit``, total, checked)."""
    from ..trace import SourceChecker

    checker = SourceChecker(ws)
    found: list[ChangedClaim] = []
    total = checked = 0
    expected = sum(ws.claims.counts().get("status", {}).values())
    for claim in ws.claims.iter_all():
        checked += 1
        if progress is not None and checked % 5000 == 0:
            progress(checked, expected)
        if not claim.provenance or claim.status in ("rejected", "superseded"):
            continue
        result = checker.check(claim)
        if result.state in ("source_changed", "source_missing"):
            total += 1
            if limit <= 0 or len(found) < limit:
                found.append(ChangedClaim(claim.id, claim.topic, claim.claim, claim.provenance, result.state,
                                          result.reason))
    return found, total, checked


def upkeep(ws: "Workspace", n: int = 10, *, include_never: bool = False, claims: bool = True,
           progress: Callable[[int, int], None] | None = None) -> UpkeepReport:
    """What ``mylife maintain`` shows: due fields, then claims whose sources changed."""
    from .. import clock

    now = clock.now()
    fields, total, stale = due_fields(ws, n, include_never=include_never, now=now)
    report = UpkeepReport(now=now, fields=fields, fields_total=total, stale_total=stale)
    if claims:
        report.claims, report.claims_changed_total, report.claims_checked = changed_claims(ws, n, progress)
    return report

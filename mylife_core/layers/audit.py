"""The append-only audit log: who (user / model / plugin), what, when, for every write."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from ..storage import jsonl


class AuditEntry(BaseModel):
    at: datetime
    actor: str
    action: str
    target: str
    detail: dict[str, Any] = Field(default_factory=dict)


class AuditLog:
    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, entry: AuditEntry) -> None:
        jsonl.append(self.path, entry.model_dump(mode="json"))

    def append_many(self, entries: list[AuditEntry]) -> None:
        jsonl.append_many(self.path, [e.model_dump(mode="json") for e in entries])

    def tail(self, n: int = 10) -> list[AuditEntry]:
        return [AuditEntry.model_validate(r) for r in jsonl.tail(self.path, n)]

    def all(self) -> list[AuditEntry]:
        return [AuditEntry.model_validate(r) for r in jsonl.iter_records(self.path)]

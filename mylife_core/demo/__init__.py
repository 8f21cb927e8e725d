"""The demo workspace: a fictional persona's year of notes (placeholder until persona data lands)."""

from __future__ import annotations

from pathlib import Path


def build_demo(path: Path | None, *, force: bool = False) -> dict:
    from ..workspace import Workspace

    ws, _ = Workspace.init(path)
    return {"workspace": str(ws.root), "records": ws.raw.count(), "claims": 0, "fields": 0}

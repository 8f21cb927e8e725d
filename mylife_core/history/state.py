"""MyLife's small state inside ``.git/mylife/`` (never committed, never pushed).

* ``state.json``: the last privacy verdict per remote and when it was checked, the last
  automatic push; written atomically, private to the user;
* ``pending``: workspace-relative paths whose commit is still owed (a batched write not yet
  flushed, or a commit that failed): one path per line, appended, cleared after a commit
  that included them. The next commit always catches up on them.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from ..storage.atomic import append_bytes, atomic_write_text, ensure_private_dir


class State:
    def __init__(self, git_dir: Path) -> None:
        self.dir = git_dir / "mylife"
        self.path = self.dir / "state.json"
        self.pending_path = self.dir / "pending"

    # -- state.json ------------------------------------------------------------------------------
    def load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def update(self, **changes: Any) -> dict[str, Any]:
        data = self.load()
        for key, value in changes.items():
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value
        ensure_private_dir(self.dir)
        atomic_write_text(self.path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True, default=str))
        return data

    def verdict(self, remote: str) -> dict[str, Any] | None:
        found = self.load().get("privacy", {}).get(remote)
        return found if isinstance(found, dict) else None

    def set_verdict(self, remote: str, verdict: dict[str, Any]) -> None:
        data = self.load()
        privacy = data.get("privacy") if isinstance(data.get("privacy"), dict) else {}
        privacy[remote] = verdict
        self.update(privacy=privacy)

    def forget_verdict(self, remote: str) -> None:
        data = self.load()
        privacy = data.get("privacy") if isinstance(data.get("privacy"), dict) else {}
        if privacy.pop(remote, None) is not None:
            self.update(privacy=privacy)

    # -- pending paths ---------------------------------------------------------------------------
    def pending(self) -> list[str]:
        try:
            text = self.pending_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return []
        return list(dict.fromkeys(line for line in text.splitlines() if line.strip()))

    def add_pending(self, paths: list[str], *, sync: bool = True) -> None:
        """Remember ``paths`` as owed. ``sync=False`` skips the fsync: enough for a batch that
        is about to be committed (a killed process leaves the file in the page cache)."""
        if not paths:
            return
        data = "".join(p + "\n" for p in paths).encode("utf-8")
        if sync:
            ensure_private_dir(self.dir)
            append_bytes(self.pending_path, data)
            return
        try:
            fd = os.open(self.pending_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        except FileNotFoundError:
            ensure_private_dir(self.dir)
            fd = os.open(self.pending_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)

    def clear_pending(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.pending_path)

"""MyLife's small state inside ``.git/mylife/`` (never committed, never pushed).

* ``state.json``: the last privacy verdict per remote and when it was checked, the last push
  and automatic push, the last commit failure (shown by the next command and by status);
  written atomically, private to the user;
* ``pending``: the writes still owed a commit, one JSON object per line
  (``{"at", "actor", "action", "target", "paths", "detail"}``, or just ``{"paths"}`` for paths
  a failed commit left behind); appended under the workspace lock, removed by the commit that
  included them. Whatever is in it, the next commit catches up on.
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

    def commit_error(self) -> dict[str, Any] | None:
        """The last commit failure not yet made good (cheap: read on every write)."""
        if not self.path.exists():
            return None
        found = self.load().get("last_commit_error")
        return found if isinstance(found, dict) else None

    # -- pending writes --------------------------------------------------------------------------
    def pending_entries(self) -> list[dict[str, Any]]:
        try:
            text = self.pending_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return []
        entries = []
        for line in text.splitlines():
            line = line.strip()
            if not line:
                continue
            try:
                entry = json.loads(line)
            except ValueError:  # a torn last line from a killed process: keep what it names
                entry = None
            if not isinstance(entry, dict) or not isinstance(entry.get("paths"), list):
                continue
            entries.append(entry)
        return entries

    def pending(self) -> list[str]:
        """Every path owed a commit."""
        return list(dict.fromkeys(p for e in self.pending_entries() for p in e["paths"] if isinstance(p, str)))

    def pending_size(self) -> int:
        try:
            return self.pending_path.stat().st_size
        except OSError:
            return 0

    def has_pending(self) -> bool:
        return self.pending_size() > 0

    def add_pending(self, entries: list[dict[str, Any]], *, sync: bool = True) -> None:
        """Append owed writes. ``sync=False`` skips the fsync: enough for a write whose commit
        is about to be made (a killed process leaves the bytes in the page cache)."""
        if not entries:
            return
        data = "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":"), default=str) + "\n"
                       for e in entries).encode("utf-8")
        if self._torn_tail():  # a killed process's partial line must not swallow these entries
            data = b"\n" + data
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

    def _torn_tail(self) -> bool:
        """Does ``pending`` end without a newline (an append a killed process never finished)?"""
        try:
            with self.pending_path.open("rb") as fh:
                fh.seek(-1, os.SEEK_END)
                return fh.read(1) != b"\n"
        except OSError:  # missing or empty
            return False

    def clear_pending(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.pending_path)

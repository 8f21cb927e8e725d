"""Endpoint cooldowns that outlive a turn and a process (Odysseus' dead-host rule).

An endpoint that failed ``failures_before_cooldown`` times in a row (2) rests for ``cooldown``
seconds (20); any success clears its count. litellm's Router keeps such a count too, but only
inside one ``Router`` object, i.e. one process; ``mylife chat`` and every ``mylife ask`` started
within those 20 s must skip the dead endpoint as well. So the count lives in a small JSON file,
``cache/llm-cooldown.json``::

    {"version": 1, "endpoints": {"openai/x @ http://…/v1": {"failures": 2, "until": 1767225620.5,
                                                            "last_error": "…"}}}

Keyed by the endpoint's label (model and base URL, never a key, nor a password or token in the
URL: :attr:`.settings.Endpoint.label`). Wall-clock seconds, so separate
processes agree. Every update is a read-modify-write under the file's own lock
(``cache/locks/llm-cooldown.lock``, waited on for at most 2 s) and an atomic replace, so two
processes failing at once both count. The file is a cache: a missing, unreadable or damaged one
counts as empty (and is rewritten on the next update), and a lock that cannot be had in time
skips the update rather than delay an answer. Without a workspace the book is kept in memory.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

FILE = "llm-cooldown.json"
LOCK = "llm-cooldown.lock"


class CooldownBook:
    def __init__(self, path: Path | None = None, *, failures: int = 2, seconds: float = 20.0) -> None:
        self.path = path
        self.failures = max(1, failures)
        self.seconds = seconds
        self._memory: dict[str, dict[str, Any]] = {}
        self._thread_lock = threading.Lock()

    @classmethod
    def for_workspace(cls, ws: Any, settings: Any) -> "CooldownBook":
        return cls(Path(ws.cache_dir) / FILE, failures=settings.failures_before_cooldown, seconds=settings.cooldown)

    # -- reading -----------------------------------------------------------------------------
    def _read(self) -> dict[str, dict[str, Any]]:
        if self.path is None:
            return {k: dict(v) for k, v in self._memory.items()}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        endpoints = data.get("endpoints") if isinstance(data, dict) else None
        return {k: v for k, v in endpoints.items() if isinstance(v, dict)} if isinstance(endpoints, dict) else {}

    def resting(self, labels: Iterable[str] | None = None, *, now: float | None = None) -> dict[str, float]:
        """``{label: seconds left}`` for endpoints resting now (all of them, or those in ``labels``)."""
        now = time.time() if now is None else now
        wanted = set(labels) if labels is not None else None
        out: dict[str, float] = {}
        for label, entry in self._read().items():
            if wanted is not None and label not in wanted:
                continue
            left = float(entry.get("until") or 0) - now
            if left > 0:
                out[label] = round(left, 1)
        return out

    # -- writing -----------------------------------------------------------------------------
    def _update(self, label: str, change: Any) -> None:
        if self.path is None:
            with self._thread_lock:
                entry = self._memory.setdefault(label, {})
                change(entry)
                if not entry:
                    self._memory.pop(label, None)
            return
        from ..errors import LockTimeout
        from ..storage.atomic import atomic_write_text, ensure_private_dir
        from ..storage.lock import FileLock

        try:
            ensure_private_dir(self.path.parent)
            lock = FileLock(self.path.parent / "locks" / LOCK, timeout=2.0)
            with self._thread_lock, lock:
                endpoints = self._read()
                entry = endpoints.setdefault(label, {})
                change(entry)
                if not entry:
                    endpoints.pop(label, None)
                now = time.time()
                endpoints = {k: v for k, v in endpoints.items()  # forget hosts long healthy or long rested
                             if v.get("failures") or float(v.get("until") or 0) > now - 3600}
                atomic_write_text(self.path, json.dumps({"version": 1, "endpoints": endpoints}, ensure_ascii=False,
                                                        indent=1) + "\n")
        except (LockTimeout, OSError):
            pass  # a cache: never let bookkeeping break or delay an answer

    def failed(self, label: str, reason: str = "") -> None:
        now = time.time()

        def change(entry: dict[str, Any]) -> None:
            if float(entry.get("until") or 0) and float(entry["until"]) <= now:
                entry["failures"] = 0  # a rest that ended: counting starts again
                entry.pop("until", None)
            entry["failures"] = int(entry.get("failures") or 0) + 1
            entry["last_failure"] = now
            if reason:
                entry["last_error"] = reason[:200]
            if entry["failures"] >= self.failures:
                entry["until"] = now + self.seconds
                entry["failures"] = 0

        self._update(label, change)

    def succeeded(self, label: str) -> None:
        def change(entry: dict[str, Any]) -> None:
            entry.clear()

        if label in self._read():
            self._update(label, change)

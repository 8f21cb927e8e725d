"""Committing MyLife's writes as they happen, in batches, without ever holding a write back.

``on_change`` (called under the workspace lock, after the write is durable) only notes the
change: its paths go to ``.git/mylife/pending`` (so a killed process still owes them) and to
an in-memory batch. The batch is committed

* when the process exits (a CLI command's writes become one commit, after its output), or
* ``batch_seconds`` after its first change, from a timer (long-running processes: MCP, panel),

always under the workspace lock, so every commit is a consistent state of the files it names.
``batch_seconds: 0`` commits synchronously inside ``on_change`` instead.

If git fails, the write stands: a warning is printed and the paths stay owed; the next
commit (or ``mylife git commit``) includes them.
"""

from __future__ import annotations

import atexit
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..specs import Change
    from ..workspace import Workspace

SUSPEND_KEY = "_git_history_suspended"  # set by history operations that commit themselves
_batches: dict[Path, "_Batch"] = {}
_guard = threading.Lock()
_atexit_registered = False


@dataclass
class _Batch:
    ws: "Workspace"
    changes: list["Change"] = field(default_factory=list)
    timer: threading.Timer | None = None


def note_change(ws: "Workspace", change: "Change") -> None:
    """Record a durable write; commit now (``batch_seconds: 0``) or schedule the batch."""
    from . import settings as settings_mod
    from .gitcmd import Repo
    from .state import State

    if ws.__dict__.get(SUSPEND_KEY):
        return
    settings = settings_mod.load(ws)
    repo = Repo(ws.root)
    if not repo.exists():
        _warn("git.warn_repo_missing", path=str(ws.root))
        return
    paths = [p for p in change.paths if settings.tracks(p)]
    if settings.batch_seconds == 0:
        _commit(ws, [change])
        return
    try:
        State(repo.git_dir).add_pending(paths, sync=False)
    except OSError as exc:
        _warn("git.warn_commit_failed", reason=exc.strerror or str(exc))
    with _guard:
        batch = _batches.get(ws.root)
        if batch is None:
            batch = _batches[ws.root] = _Batch(ws)
        batch.ws = ws
        batch.changes.append(change)
        if batch.timer is None:
            batch.timer = threading.Timer(settings.batch_seconds, flush_root, args=(ws.root,))
            batch.timer.daemon = True
            batch.timer.start()
        _register_atexit()


def _register_atexit() -> None:
    global _atexit_registered
    if not _atexit_registered:
        atexit.register(flush_all)
        _atexit_registered = True


def flush(ws: "Workspace") -> None:
    """Commit this workspace's batch now (tests and long-running callers may call it)."""
    flush_root(ws.root)


def flush_root(root: Path) -> None:
    with _guard:
        batch = _batches.pop(root, None)
        if batch is not None and batch.timer is not None:
            batch.timer.cancel()
    if batch is not None and batch.changes:
        _commit(batch.ws, batch.changes)


def flush_all() -> None:
    for root in list(_batches):
        flush_root(root)


def pending_changes(root: Path) -> int:
    batch = _batches.get(root)
    return len(batch.changes) if batch else 0


def _commit(ws: "Workspace", changes: list["Change"]) -> None:
    from ..errors import MyLifeError
    from . import settings as settings_mod
    from .repo import commit_paths

    try:
        if not ws.root.is_dir():
            return
        settings = settings_mod.load(ws)
        paths = [p for c in changes for p in c.paths]
        with ws.lock():
            result = commit_paths(ws, paths, changes=changes, settings=settings)
        for held in result.held_back:
            _warn("git.warn_held_back", file=held["file"], line=held.get("line", "?"))
        if result.commit and settings.auto_push and settings.remote:
            from .remote import spawn_auto_push

            spawn_auto_push(ws)
    except MyLifeError as exc:
        _warn("git.warn_commit_failed", reason=exc.render())
    except Exception as exc:  # never let history break a write that already succeeded
        _warn("git.warn_commit_failed", reason=f"{type(exc).__name__}: {exc}")


def _warn(key: str, **params: object) -> None:
    from ..messages import t

    try:
        print(t(key, **params), file=sys.stderr)
    except Exception:  # stderr closed at exit: the paths stay owed all the same
        pass

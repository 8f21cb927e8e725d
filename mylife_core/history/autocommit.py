"""Committing MyLife's writes as they happen, without making any command slower.

``on_change`` runs under the workspace lock, after the write is durable. It only appends the
write (what, who, when, which paths; no values) to ``.git/mylife/pending``: a few
microseconds, no git. The commit itself is made

* by a detached committer process (:mod:`.committer`), started when the command exits (a
  CLI command's writes become one commit) or ``batch_seconds`` after the first write in a
  long-running process (MCP server, panel). The committer takes the workspace lock, so every
  commit is a consistent state of the files it names, and it keeps going until nothing is
  owed; at most one runs per workspace;
* synchronously, inside ``on_change``, when ``batch_seconds`` is 0;
* synchronously by :func:`flush` (library callers and tests).

If git fails, the write stands: the failure is recorded, the next MyLife command prints a
warning (and ``mylife git status`` shows it), and the next commit catches up on everything
still owed.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import os_reason

if TYPE_CHECKING:  # pragma: no cover
    from ..specs import Change
    from ..workspace import Workspace
    from .settings import GitSettings

SUSPEND_KEY = "_git_history_suspended"  # set by history operations that commit themselves
COMMITTER_LOCK = "commit.lock"

#: The committer runs at low priority and waits a moment before Python even starts (``sh`` and
#: ``sleep`` cost next to nothing), so the command that started it exits, and the user's prompt
#: returns, without competing with it for the CPU.
_LAUNCH = ("import os\n"
           "try: os.nice(10)\n"
           "except (AttributeError, OSError): pass\n"
           "import runpy\n"
           "runpy.run_module('mylife_core.history.committer', run_name='__main__', alter_sys=True)\n")
_PAUSE = "0.2"


def _committer_argv(root: Path) -> list[str]:
    if os.name == "posix" and os.path.exists("/bin/sh"):
        return ["/bin/sh", "-c", f'sleep {_PAUSE}; exec "$0" -c "$1" "$2"', sys.executable, _LAUNCH, str(root)]
    return [sys.executable, "-c", f"import time; time.sleep({_PAUSE})\n" + _LAUNCH, str(root)]


_batches: dict[Path, "_Batch"] = {}
_guard = threading.Lock()
_atexit_registered = False


#: Short, non-sensitive identifiers from a change's detail that may appear in a commit message.
SAFE_DETAIL = ("topic", "kind", "status", "field", "name", "by")


class _Batch:
    """This process's writes to one workspace not yet handed to a committer."""

    __slots__ = ("ws", "writes", "timer")

    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.writes = 0
        self.timer: threading.Timer | None = None


def change_entry(change: "Change", settings: "GitSettings | None" = None) -> dict[str, Any]:
    """A write as remembered in ``pending`` and told in a commit message: no values, only
    short identifiers (``SAFE_DETAIL``)."""
    detail = {k: change.detail[k] for k in SAFE_DETAIL
              if k in change.detail and isinstance(change.detail[k], (str, int)) and len(str(change.detail[k])) <= 60}
    paths = [p for p in change.paths if settings is None or settings.tracks(p)]
    return {"at": change.at.isoformat(), "actor": change.actor, "action": change.action, "target": change.target,
            "paths": paths, "detail": detail}


def note_change(ws: "Workspace", change: "Change") -> None:
    """Record a durable write as owed; commit now (``batch_seconds: 0``) or schedule the commit."""
    from . import settings as settings_mod
    from .state import State

    if ws.__dict__.get(SUSPEND_KEY):
        return
    settings = settings_mod.load(ws)
    git_dir = ws.root / ".git"
    if not (git_dir / "HEAD").is_file():
        _warn("git.warn_repo_missing", path=str(ws.root))
        return
    state = State(git_dir)
    _warn_previous_failure(ws, state)
    entry = change_entry(change, settings)
    if settings.batch_seconds == 0:
        _commit_in_process(ws, [entry])
        return
    try:
        state.add_pending([entry], sync=False)
    except OSError as exc:
        _warn("git.warn_commit_failed", reason=os_reason(exc))
        return
    with _guard:
        batch = _batches.get(ws.root)
        if batch is None:
            batch = _batches[ws.root] = _Batch(ws)
        batch.ws = ws
        batch.writes += 1
        if batch.timer is None:
            batch.timer = threading.Timer(settings.batch_seconds, _timer_fired, args=(ws.root,))
            batch.timer.daemon = True
            batch.timer.start()
        _register_atexit()


def _warn_previous_failure(ws: "Workspace", state) -> None:
    """Say once per process that an earlier commit failed or held a file back (the writes are
    safe on disk; a failed commit's writes are owed and the next commit catches up)."""
    if ws.__dict__.get("_git_failure_told") or not state.path.exists():
        return
    ws.__dict__["_git_failure_told"] = True
    saved = state.load()
    error = saved.get("last_commit_error")
    if isinstance(error, dict):
        _warn("git.warn_previous_failure", at=error.get("at", "?"), reason=error.get("reason", "?"))
    for held in (saved.get("held_back") or [])[:3]:
        if isinstance(held, dict):
            _warn("git.warn_held_back", file=held.get("file"), line=held.get("line", "?"))


def _register_atexit() -> None:
    global _atexit_registered
    if not _atexit_registered:
        atexit.register(_at_exit)
        _atexit_registered = True


def _take(root: Path) -> "_Batch | None":
    with _guard:
        batch = _batches.pop(root, None)
    if batch is not None and batch.timer is not None:
        batch.timer.cancel()
    return batch


def _timer_fired(root: Path) -> None:
    batch = _take(root)
    if batch is not None and batch.writes:
        start_committer(batch.ws.root)


def _at_exit() -> None:
    for root in list(_batches):
        batch = _take(root)
        if batch is not None and batch.writes:
            start_committer(root)


def pending_changes(root: Path) -> int:
    """Writes of this process not yet handed to a committer."""
    batch = _batches.get(root)
    return batch.writes if batch else 0


# --------------------------------------------------------------------------- committing


def flush(ws: "Workspace") -> None:
    """Commit everything owed now, in this process (library callers, tests, benchmarks).
    Does nothing when history is off or the workspace has no repository."""
    from .gitcmd import Repo

    _take(ws.root)
    section = ws.config.git
    if not (isinstance(section, dict) and section.get("enabled")) or not Repo(ws.root).exists():
        return
    _commit_in_process(ws, [])


def _commit_in_process(ws: "Workspace", entries: list[dict]) -> None:
    from ..errors import MyLifeError
    from .repo import commit_paths

    try:
        if not ws.root.is_dir():
            return
        with ws.lock():
            result = commit_paths(ws, changes=entries)
        for held in result.held_back:
            _warn("git.warn_held_back", file=held["file"], line=held.get("line", "?"))
        after_commit(ws, result.commit)
    except MyLifeError as exc:
        _warn("git.warn_commit_failed", reason=exc.render())
    except OSError as exc:  # a file that cannot be read or written: said in the user's language
        _warn("git.warn_commit_failed", reason=os_reason(exc))
    except Exception as exc:  # never let history break a write that already succeeded
        _warn("git.warn_commit_failed", reason=f"{type(exc).__name__}: {exc}")


def after_commit(ws: "Workspace", commit: str | None) -> None:
    """Start the automatic push when it is on (it checks privacy itself, every time)."""
    if commit is None:
        return
    from . import settings as settings_mod

    settings = settings_mod.load(ws)
    if settings.auto_push and settings.remote:
        from .remote import spawn_auto_push

        spawn_auto_push(ws)


def start_committer(root: Path) -> bool:
    """Start the detached committer unless one is running (it keeps going until nothing is
    owed, so a write it has not seen yet is still committed). Returns whether it started."""
    import subprocess

    from .gitcmd import Repo

    repo = Repo(root)
    if not repo.exists():
        return False
    fd = try_lock(repo.mylife_dir / COMMITTER_LOCK)
    if fd is None:
        return False
    release(fd)
    try:
        log = open(repo.mylife_dir / "committer.log", "ab")
    except OSError:
        log = subprocess.DEVNULL  # type: ignore[assignment]
    try:
        subprocess.Popen(_committer_argv(root),
                         stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd=root, start_new_session=True,
                         env={k: v for k, v in os.environ.items() if k != "MYLIFE_DEBUG"})
    except OSError as exc:
        _warn("git.warn_commit_failed", reason=os_reason(exc))
        return False
    finally:
        if log is not subprocess.DEVNULL:
            log.close()
    return True


def wait_until_committed(root: Path, timeout: float = 30.0) -> bool:
    """Wait until no committer runs and nothing is owed, or the last commit failed with all that
    is owed now (it will wait for the next write). True when settled."""
    from .gitcmd import Repo
    from .state import State

    repo = Repo(root)
    state = State(repo.git_dir)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        fd = try_lock(repo.mylife_dir / COMMITTER_LOCK)
        if fd is not None:
            release(fd)
            size = state.pending_size()
            error = state.commit_error() if size else None
            if not size or (error is not None and error.get("pending_bytes", 0) >= size):
                return True
        time.sleep(0.05)
    return False


# --------------------------------------------------------------------------- small helpers


def try_lock(path: Path) -> int | None:
    """An exclusive, non-blocking lock on ``path`` (a file descriptor), or None when taken."""
    from ..storage.lock import _try_lock  # the same flock/msvcrt primitive as the workspace lock

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None
    if not _try_lock(fd):
        os.close(fd)
        return None
    return fd


def release(fd: int) -> None:
    from ..storage.lock import _unlock

    with contextlib.suppress(OSError):
        _unlock(fd)
    with contextlib.suppress(OSError):
        os.close(fd)


def _warn(key: str, **params: object) -> None:
    from ..messages import t

    try:
        print(t(key, **params), file=sys.stderr)
    except Exception:  # stderr closed at exit: the writes stay owed all the same
        pass

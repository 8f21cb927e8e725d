"""The detached committer: ``python -m mylife_core.history.committer WORKSPACE``.

(:func:`~mylife_core.history.autocommit.start_committer` runs it at low priority, after a short
pause, so the command that started it exits first.)

Started by :func:`mylife_core.history.autocommit.start_committer` when a MyLife process has
written something. It holds ``.git/mylife/commit.lock`` (so one runs per workspace), takes the
workspace lock for each commit (so what it commits is consistent), commits everything owed,
and repeats until nothing is owed: a write that arrived while it worked is committed too.
A write that finds the committer lock taken relies on exactly that, which is safe because a
write is appended to ``pending`` before the lock is tried, and the committer looks at
``pending`` again after letting go of the lock.

A failure is recorded in ``.git/mylife/state.json`` (the next command warns) and the committer
stops; the owed writes wait for the next commit. Its output goes to ``.git/mylife/committer.log``.
"""

from __future__ import annotations

import sys
from pathlib import Path


def run(root: Path) -> int:
    from ..errors import MyLifeError
    from ..messages import env_language, set_language
    from ..workspace import Workspace
    from .autocommit import COMMITTER_LOCK, after_commit, release, try_lock
    from .gitcmd import Repo
    from .repo import commit_paths
    from .state import State

    repo = Repo(root)
    state = State(repo.git_dir)
    for _ in range(1000):  # bounded: a writer that never stops cannot keep a committer alive forever
        fd = try_lock(repo.mylife_dir / COMMITTER_LOCK)
        if fd is None:
            return 0  # another committer runs; it will see what is owed
        failed = False
        try:
            ws = Workspace.open(root)
            set_language(env_language() or ws.config.language)  # commit messages in the user's language
            try:
                with ws.lock():
                    result = commit_paths(ws)
                for held in result.held_back:
                    print(f"held back: {held}", flush=True)
                after_commit(ws, result.commit)
            finally:
                ws.close()
        except MyLifeError as exc:  # git failed, or the workspace cannot be opened (a bad config.yaml)
            reason = exc.render()
            print(f"commit failed: {reason}", flush=True)
            failed = True
            _record_failure(state, reason)
        except OSError as exc:  # a file that cannot be read or written: said in the user's language
            from ..errors import os_reason

            reason = os_reason(exc)
            print(f"commit failed: {reason}", flush=True)
            failed = True
            _record_failure(state, reason)
        except Exception as exc:  # a bug: keep the writes owed and say so next time
            reason = f"{type(exc).__name__}: {exc}"
            print(f"commit failed: {reason}", flush=True)
            failed = True
            _record_failure(state, reason)
        finally:
            release(fd)
        if failed or not state.has_pending():
            return 1 if failed else 0
    return 0


def _record_failure(state, reason: str) -> None:
    import contextlib

    from .. import clock

    with contextlib.suppress(OSError):
        state.update(last_commit_error={"at": clock.now().isoformat(), "reason": reason,
                                        "pending_bytes": state.pending_size()})


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m mylife_core.history.committer WORKSPACE", file=sys.stderr)
        return 2
    return run(Path(args[0]))


if __name__ == "__main__":
    sys.exit(main())

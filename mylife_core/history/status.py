"""``mylife git status``: is history on, where can it go, and is that place private?"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .. import clock
from . import hooks
from . import settings as settings_mod
from .gitcmd import GitError, Repo, git_executable
from ..safeurl import safe_url
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace


def _age_days(stamp: str | None) -> float | None:
    if not stamp:
        return None
    try:
        then = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return max(0.0, (clock.now() - then).total_seconds() / 86400)


def gather(ws: "Workspace", *, say: Callable[[GitError], str] | None = None) -> dict[str, Any]:
    """What ``mylife git status`` shows; a git failure is kept in ``error`` as ``say`` words it
    (the CLI's message by default; the panel's settings page words it as its other pages do)."""
    settings = settings_mod.load(ws)
    repo = Repo(ws.root)
    data: dict[str, Any] = {
        "enabled": settings.enabled,
        "git_available": git_executable() is not None,
        "repo": repo.exists(),
        "track": settings.track,
        "kept_layers": settings.kept_layers(),
        "auto_push": settings.auto_push,
        "branch": None, "head": None, "head_at": None, "commits": 0,
        "uncommitted": 0, "owed": 0, "hook": None,
        "remote": settings.remote, "remotes": [],
        "last_push": None, "last_auto_push": None, "last_commit_error": None, "held_back": [],
    }
    if not data["repo"] or not data["git_available"]:
        return data
    state = State(repo.git_dir)
    saved = state.load()
    try:
        data["branch"] = repo.branch()
        head = repo.head()
        data["head"] = head
        if head:
            data["head_at"] = repo.out(["log", "-1", "--format=%cI", "HEAD"]).strip()
            data["commits"] = int(repo.out(["rev-list", "--count", "HEAD"]).strip() or 0)
        from .repo import uncommitted

        data["uncommitted"] = len(uncommitted(repo))
        data["owed"] = len(state.pending())
        data["hook"] = hooks.status(repo)
        for name in repo.remotes():
            res = repo.run(["remote", "get-url", "--push", "--all", "--", name], check=False)
            urls = [safe_url(u.strip()) for u in res.out.splitlines() if u.strip()]
            verdict = saved.get("privacy", {}).get(name) or {}
            checked_urls = [u.get("url") for u in verdict.get("urls", []) if isinstance(u, dict)]
            if verdict and checked_urls and sorted(checked_urls) != sorted(urls):
                verdict = {"verdict": "unchecked", "reason": "url_changed"}  # an old verdict about another URL
            age = _age_days(verdict.get("checked_at"))
            data["remotes"].append({
                "name": name, "urls": urls, "pushes_here": name == settings.remote,
                "privacy": verdict.get("verdict", "unchecked"), "reason": verdict.get("reason"),
                "checked_at": verdict.get("checked_at"), "checked_days_ago": round(age, 1) if age is not None else None,
            })
    except GitError as exc:
        data["error"] = say(exc) if say is not None else exc.render()
    data["last_commit_error"] = saved.get("last_commit_error")
    data["held_back"] = saved.get("held_back") or []
    data["last_push"] = saved.get("last_push")
    data["last_auto_push"] = saved.get("last_auto_push")
    return data

"""Remotes and pushing, behind the privacy check (``privacy.py``) that nothing skips.

* ``add``: refuses a URL carrying a password or token, refuses a remote anyone can read,
  creates a missing local folder as a private bare repository, remembers the verdict;
* ``push``: checks every push URL of the remote again, right before pushing (a verdict is
  never trusted from the past): public is refused, unconfirmed is refused unless the caller
  passes an explicit per-push override, and an automatic push never overrides;
* ``auto_push``: the detached pusher that runs after commits when ``git.auto_push`` is on.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import clock
from ..errors import Conflict, NotFound, UsageError
from . import privacy
from . import settings as settings_mod
from .gitcmd import GitError, Repo, clean_env, require_git
from .privacy import PrivacyRefused, Verdict
from .repo import commit_paths, repo_of, suspend
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

_RANK = {"public": 3, "unknown": 2, "private": 1, "local": 0}


@dataclass
class RemoteCheck:
    """The privacy verdicts for every URL a remote pushes to, and the one that decides."""

    name: str
    verdicts: list[Verdict]
    #: the exact URLs checked, in the order of :attr:`verdicts` (a push goes to these, never to
    #: the remote's name, which another process could point elsewhere in between)
    urls: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        return max((v.verdict for v in self.verdicts), key=lambda k: _RANK[k])

    @property
    def deciding(self) -> Verdict:
        return max(self.verdicts, key=lambda v: _RANK[v.verdict])

    def to_json(self) -> dict[str, Any]:
        deciding = self.deciding
        return {"remote": self.name, "verdict": self.verdict, "reason": deciding.reason,
                "checked_at": deciding.checked_at, "urls": [v.to_json() for v in self.verdicts]}


@dataclass
class PushResult:
    remote: str
    branch: str
    commit: str | None
    check: RemoteCheck
    overridden: bool = False
    up_to_date: bool = False
    output: str = ""
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"ok": True, "remote": self.remote, "branch": self.branch, "commit": self.commit,
                "up_to_date": self.up_to_date, "overridden": self.overridden, "privacy": self.check.to_json()}


def _settings_enabled(ws: "Workspace") -> settings_mod.GitSettings:
    settings = settings_mod.load(ws)
    repo = repo_of(ws)
    if not repo.exists():
        raise GitError("git_not_enabled" if not settings.enabled else "git_repo_missing", path=str(ws.root))
    return settings


def push_urls(repo: Repo, name: str) -> list[str]:
    """Every URL a push to ``name`` goes to, after ``pushurl``/``insteadOf`` rewriting."""
    res = repo.run(["remote", "get-url", "--push", "--all", "--", name], check=False)
    if not res.ok:
        raise NotFound("git_remote_missing", name=name)
    return [line.strip() for line in res.out.splitlines() if line.strip()]


def check(ws: "Workspace", name: str | None = None, *, timeout: float | None = None) -> RemoteCheck:
    """Probe every push URL of remote ``name`` anonymously and remember the verdict."""
    settings = _settings_enabled(ws)
    repo = repo_of(ws)
    name = name or settings.remote or _only_remote(repo)
    urls = push_urls(repo, name)
    verdicts = [privacy.check(url, ws.root, timeout=timeout or settings.privacy_timeout) for url in urls]
    result = RemoteCheck(name, verdicts, urls)
    record_verdict(repo, result)
    return result


def record_verdict(repo: Repo, result: RemoteCheck) -> None:
    with contextlib.suppress(OSError):
        State(repo.git_dir).set_verdict(result.name, result.to_json())


def remote_name(ws: "Workspace", name: str | None = None) -> str:
    """The remote a check or push without a name acts on (the one MyLife pushes to, else the
    only one); the errors :func:`check` would raise when there is none."""
    return name or _settings_enabled(ws).remote or _only_remote(repo_of(ws))


def _only_remote(repo: Repo) -> str:
    remotes = repo.remotes()
    if len(remotes) == 1:
        return remotes[0]
    if not remotes:
        raise UsageError("git_no_remote")
    raise UsageError("git_which_remote", names=", ".join(remotes))


# --------------------------------------------------------------------------- adding


def prepare_add(ws: "Workspace", url: str, name: str) -> tuple[privacy.RemoteURL, Verdict]:
    """Validate a new remote and check it before anyone is asked to confirm anything."""
    _settings_enabled(ws)
    repo = repo_of(ws)
    parsed = privacy.parse_url(url, ws.root)
    if parsed.has_password:
        raise UsageError("git_url_has_password", url=parsed.display)
    if parsed.kind == "local" and parsed.local_path is not None:
        target = parsed.local_path.resolve()
        root = ws.root.resolve()
        if target == root or root in target.parents:
            raise UsageError("git_remote_inside_workspace", path=str(target))
    if name in repo.remotes():
        raise Conflict("git_remote_exists", name=name)
    if repo.run(["check-ref-format", f"refs/remotes/{name}/x"], check=False).returncode != 0:
        raise UsageError("git_bad_remote_name", name=name)
    verdict = privacy.check(url, ws.root, timeout=settings_mod.load(ws).privacy_timeout)
    if verdict.verdict == "public":
        raise _public(PrivacyRefused("git_remote_public", url=parsed.display), verdict.reason, parsed)
    return parsed, verdict


def _public(error: PrivacyRefused, reason: str | None, parsed: "privacy.RemoteURL | None") -> PrivacyRefused:
    """``error`` (a remote refused as public) said in its own terms when the remote is a folder on
    this computer that every user can read (``git init --bare`` leaves one so under the usual
    umask): not "make it private on GitHub, or use a local folder", which it already is, but the
    command that makes it the user's own (``chmod -R go-rwx PATH``)."""
    if reason == "local_world_readable" and parsed is not None and parsed.local_path is not None:
        from ..shell import path as shell_path

        error.message_key = f"error.{error.key}_local"
        error.params.update(reason=reason_text(reason), fix=f"chmod -R go-rwx {shell_path(parsed.local_path)}")
    return error


def add(ws: "Workspace", name: str, parsed: privacy.RemoteURL, verdict: Verdict, *, actor: str = "user") -> dict[str, Any]:
    """Add the remote (after the user confirmed) and make it the one MyLife pushes to."""
    repo = repo_of(ws)
    created = False
    if parsed.kind == "local" and parsed.local_path is not None and not parsed.local_path.exists():
        _init_bare(parsed.local_path)
        created = True
        verdict.notes = [n for n in verdict.notes if n != "local_missing"]
    with ws.lock(), suspend(ws):
        # a local path is stored absolute, so a push from anywhere goes to the folder that was checked
        url = str(parsed.local_path.resolve()) if parsed.kind == "local" and parsed.local_path is not None \
            and not parsed.raw.startswith("file://") else parsed.raw
        repo.run(["remote", "add", "--", name, url])
        record_verdict(repo, RemoteCheck(name, [verdict]))
        settings_mod.update(ws, {"remote": name}, actor=actor)
        ws.commit_change(actor, "git.remote.add", name, paths=["config.yaml"],
                         detail={"name": name, "url": parsed.display, "verdict": verdict.verdict})
        commit_paths(ws, ["config.yaml"], message=(f"git.remote.add {name} ({verdict.verdict})", ""))
    return {"ok": True, "remote": name, "url": parsed.display, "created_bare": created,
            "privacy": RemoteCheck(name, [verdict]).to_json()}


def _init_bare(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    from ..storage.atomic import private_process_kwargs

    proc = subprocess.run([require_git(), "init", "-q", "--bare", "--", str(path)], capture_output=True,
                          **private_process_kwargs(),
                          env=clean_env(), stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise GitError("git_failed", command="git init --bare", reason=proc.stderr.decode("utf-8", "replace").strip())
    with contextlib.suppress(OSError):
        os.chmod(path, 0o700)


def remove(ws: "Workspace", name: str, *, actor: str = "user") -> None:
    _settings_enabled(ws)
    repo = repo_of(ws)
    if name not in repo.remotes():
        raise NotFound("git_remote_missing", name=name)
    with ws.lock(), suspend(ws):
        repo.run(["remote", "remove", "--", name])
        State(repo.git_dir).forget_verdict(name)
        settings = settings_mod.load(ws)
        if settings.remote == name:
            settings_mod.update(ws, {"remote": None, "auto_push": False}, actor=actor)
        ws.commit_change(actor, "git.remote.remove", name, paths=["config.yaml"], detail={"name": name})
        commit_paths(ws, ["config.yaml"], message=(f"git.remote.remove {name}", ""))


# --------------------------------------------------------------------------- pushing


def push(ws: "Workspace", *, name: str | None = None, allow_unverified: bool = False, auto: bool = False,
         interactive: bool = False, timeout: float | None = None) -> PushResult:
    """Check privacy now, then push the current branch. Raises :class:`PrivacyRefused`."""
    settings = _settings_enabled(ws)
    repo = repo_of(ws)
    name = name or settings.remote or _only_remote(repo)
    state = State(repo.git_dir)
    if not auto:  # the automatic pusher runs inside the committer, which has just committed
        from .autocommit import wait_until_committed

        wait_until_committed(ws.root, timeout=30)
    if state.has_pending():  # owed commits first, so what is pushed is what is on disk
        with ws.lock(), suspend(ws):
            commit_paths(ws, settings=settings)
    branch = repo.branch()
    head = repo.head()
    if branch is None or head is None:
        raise GitError("git_nothing_to_push")
    result_check = check(ws, name)
    verdict = result_check.verdict
    shown = ", ".join(v.url for v in result_check.verdicts)
    if verdict == "public":
        _remember_push(state, name, head, result_check, ok=False, auto=auto, error="public")
        deciding = result_check.deciding
        raise _public(PrivacyRefused("git_push_public", remote=name, url=shown), deciding.reason,
                      privacy.parse_url(result_check.urls[0], ws.root) if len(result_check.urls) == 1 else None)
    overridden = False
    if verdict == "unknown":
        reason = result_check.deciding.reason
        if auto or not allow_unverified:
            _remember_push(state, name, head, result_check, ok=False, auto=auto, error="unverified")
            raise PrivacyRefused("git_autopush_unverified" if auto else "git_push_unverified", remote=name,
                                 url=shown, reason=reason_text(reason))
        overridden = True
    env = {"GIT_TERMINAL_PROMPT": "1"} if interactive and not auto else {}
    if auto:
        env["SSH_ASKPASS_REQUIRE"] = "never"
        env["GCM_INTERACTIVE"] = "never"
    refspec = f"refs/heads/{branch}:refs/heads/{branch}"
    outputs: list[str] = []
    warnings: list[str] = []
    for url, checked in zip(result_check.urls, result_check.verdicts):
        # Push to the URL just checked, not to the remote's name: git would read the remote's
        # URL again, and a `git remote set-url` in between would send the history to a target
        # nobody checked. A local target is looked at once more right here, in this process, a
        # few milliseconds before git opens it (the check above scans /proc for `git daemon`,
        # which takes a while on a busy machine): see docs/reliability.md for the window left.
        local = privacy.parse_url(url, ws.root)
        if local.kind == "local":
            exposed = privacy.local_exposure(local.local_path)
            if exposed is not None:
                checked.verdict, checked.reason = "public", exposed
                _remember_push(state, name, head, result_check, ok=False, auto=auto, error="public")
                raise _public(PrivacyRefused("git_push_public", remote=name, url=checked.url), exposed, local)
        res = repo.run(["push", "--no-verify", "--porcelain", "--", url, refspec], check=False, env=env,
                       timeout=timeout or (300 if auto else 3600))
        if not res.ok:
            _remember_push(state, name, head, result_check, ok=False, auto=auto, error=res.err[-300:])
            raise GitError("git_push_failed", remote=name, reason=_push_reason(res.err))
        outputs.append(res.out)
        if local.kind == "local" and privacy.local_exposure(local.local_path) is not None:
            # it turned readable while git was writing to it: nothing can take that back, but
            # the user hears of it (and the next push refuses)
            warnings.append(checked.url)
    up_to_date = bool(outputs) and all("[up to date]" in out for out in outputs)
    with contextlib.suppress(Exception):  # what `git status` compares with, as a push by name would
        repo.run(["update-ref", f"refs/remotes/{name}/{branch}", head], check=False)
    _remember_push(state, name, head, result_check, ok=True, auto=auto,
                   error=("exposed_during_push: " + ", ".join(warnings)) if warnings else None)
    return PushResult(name, branch, head, result_check, overridden=overridden, up_to_date=up_to_date,
                      output="".join(outputs), warnings=warnings)


def reason_text(reason: str) -> str:
    from ..messages import t

    try:
        return t(f"git.reason.{reason}")
    except KeyError:
        return reason


def _push_reason(stderr: str) -> str:
    lines = [line.strip() for line in stderr.splitlines() if line.strip() and not line.startswith("hint:")]
    return " / ".join(lines[-3:]) or "?"


def _remember_push(state: State, remote: str, commit: str | None, checked: RemoteCheck, *, ok: bool, auto: bool,
                   error: str | None = None) -> None:
    record = {"at": clock.now().isoformat(), "remote": remote, "commit": commit, "ok": ok,
              "verdict": checked.verdict, "error": error}
    with contextlib.suppress(OSError):
        state.update(**{"last_auto_push" if auto else "last_push": record})


# --------------------------------------------------------------------------- automatic pushes


def _autopush_lock(repo: Repo) -> int | None:
    """The lock one automatic pusher holds (None when another one runs)."""
    from .autocommit import try_lock

    return try_lock(repo.mylife_dir / "autopush.lock")


def _release(fd: int) -> None:
    from .autocommit import release

    release(fd)


def spawn_auto_push(ws: "Workspace") -> bool:
    """Start the detached pusher unless one is already running. Returns whether it started."""
    repo = repo_of(ws)
    fd = _autopush_lock(repo)
    if fd is None:
        return False  # the running pusher re-checks HEAD before it stops
    _release(fd)
    log = repo.mylife_dir / "autopush.log"
    env = {k: v for k, v in os.environ.items() if k != "MYLIFE_DEBUG"}
    with open(log, "ab") as out:
        subprocess.Popen([sys.executable, "-m", "mylife_core", "git", "push", "--auto", "--workspace", str(ws.root)],
                         stdin=subprocess.DEVNULL, stdout=out, stderr=out, env=env, cwd=ws.root,
                         start_new_session=True)
    return True


def auto_push(ws: "Workspace") -> dict[str, Any]:
    """What ``mylife git push --auto`` does: push until HEAD stops moving; never override."""
    repo = repo_of(ws)
    fd = _autopush_lock(repo)
    if fd is None:
        return {"ok": True, "busy": True}
    try:
        last: dict[str, Any] = {"ok": True, "pushed": None}
        for _ in range(5):
            head = repo.head()
            result = push(ws, auto=True)
            last = {"ok": True, "pushed": result.commit, "remote": result.remote}
            if repo.head() == head:
                break
        return last
    finally:
        _release(fd)

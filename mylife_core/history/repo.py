"""Turning history on, committing MyLife's writes, and catching up on what is owed.

Rules that hold here, in code:

* ``cache/`` is never committed, whatever ``.gitignore`` says (it is also excluded by path);
* a file that looks like it holds a credential is held back (``secretscan``), never committed;
* a raw file that differs from what the manifest recorded, or a rewritten raw manifest, is
  never committed: history must stay a witness of the user's words, not of a later edit;
* a commit names exactly the paths it is about (``git commit --only``), so something a
  user staged by hand never rides along in a MyLife commit;
* a commit that fails leaves the write in place: its paths are remembered in
  ``.git/mylife/pending`` and the next commit includes them.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import clock
from ..messages import actor_name, code_name, join, t
from ..storage.atomic import ensure_private_dir
from . import ignore, secretscan
from . import settings as settings_mod
from .autocommit import SAFE_DETAIL, SUSPEND_KEY, change_entry  # noqa: F401  (re-exported)
from .gitcmd import GitError, Repo, clean_env, require_git
from .settings import GitSettings
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

IDENTITY_EMAIL = "mylife@localhost"


@dataclass
class CommitResult:
    commit: str | None  # the new commit, or None when there was nothing to commit
    paths: list[str] = field(default_factory=list)
    held_back: list[dict[str, Any]] = field(default_factory=list)  # {"file", "reason", "line"?}

    def to_json(self) -> dict[str, Any]:
        return {"commit": self.commit, "paths": self.paths, "held_back": self.held_back}


@dataclass
class EnableReport:
    created: bool
    adopted: bool
    branch: str | None
    commit: str | None
    files: int
    held_back: list[dict[str, Any]]
    remotes: list[str]
    settings: GitSettings
    hook: str  # installed | present | foreign

    def to_json(self) -> dict[str, Any]:
        return {"enabled": True, "created": self.created, "adopted": self.adopted, "branch": self.branch,
                "commit": self.commit, "files": self.files, "held_back": self.held_back, "remotes": self.remotes,
                "track": self.settings.track, "kept_layers": self.settings.kept_layers(), "hook": self.hook}


def repo_of(ws: "Workspace") -> Repo:
    return Repo(ws.root)


# --------------------------------------------------------------------------- commit messages


def describe(entries: Sequence[dict[str, Any]]) -> tuple[str, str]:
    """A commit subject and body that say what changed, by whom, and when; no values. Actions and
    actors are named in the current language (:func:`~mylife_core.messages.code_name`), as
    ``mylife status`` names them; each body line ends with the action's code, for scripts."""
    entries = [e for e in entries if e.get("action")]

    def one(entry: dict[str, Any]) -> str:
        detail = entry.get("detail") or {}
        extra = ", ".join(f"{k}={detail[k]}" for k in SAFE_DETAIL if k in detail)
        name, target = code_name("action", entry["action"]), entry.get("target", "")
        said = t("git.commit.one", action=name, target=target) if target else name
        return said + (f" ({extra})" if extra else "")

    if not entries:
        return t("git.commit.catch_up"), ""
    if len(entries) == 1:
        subject = one(entries[0])
    else:
        names = list(dict.fromkeys(code_name("action", e["action"]) for e in entries))
        subject = t("git.commit.many", n=len(entries), actions=join(names[:4]) + (" ..." if len(names) > 4 else ""))
    body_lines = [f"- {e.get('at', '')} [{actor_name(e.get('actor') or '?')}] {one(e)} · {e['action']}"
                  for e in entries]
    return subject[:120], "\n".join(body_lines)


def _identity_env(entries: Sequence[dict[str, Any]]) -> dict[str, str]:
    actors = list(dict.fromkeys(e.get("actor") for e in entries if e.get("action")))
    name = f"MyLife ({actors[0]})" if len(actors) == 1 else "MyLife"
    when = clock.now().isoformat()
    return {"GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": IDENTITY_EMAIL, "GIT_COMMITTER_NAME": "MyLife",
            "GIT_COMMITTER_EMAIL": IDENTITY_EMAIL, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}


# --------------------------------------------------------------------------- committing


def _tampered_raw(ws: "Workspace", candidates: Iterable[str]) -> dict[str, str]:
    """Raw files among ``candidates`` whose bytes differ from the manifest's sha256."""
    found: dict[str, str] = {}
    records = None
    for rel in candidates:
        if not rel.startswith("raw/"):
            continue
        if records is None:
            try:
                records = {r.file: r.sha256 for r in ws.raw.records()}
            except Exception:  # an unreadable manifest: verify reports it; commit nothing from raw/
                records = {}
        expected = records.get(rel)
        path = ws.root / rel
        if not path.exists():
            continue
        if expected is None:
            found[rel] = "raw_unrecorded"
            continue
        with path.open("rb") as fh:
            actual = hashlib.sha256(fh.read()).hexdigest()
        if actual != expected:
            found[rel] = "raw_changed"
    return found


def _staged_ignored(stderr: str, requested: Sequence[str]) -> set[str]:
    """Paths ``git add`` refused because .gitignore excludes them (C-locale message)."""
    if "ignored by one of your .gitignore files" not in stderr:
        return set()
    wanted = set(requested)
    return {line.strip() for line in stderr.splitlines() if line.strip() in wanted}


def commit_paths(ws: "Workspace", paths: Iterable[str] = (), *, changes: Sequence[dict[str, Any]] = (),
                 message: tuple[str, str] | None = None, settings: GitSettings | None = None,
                 check_raw: bool = False) -> CommitResult:
    """Commit ``paths`` and every owed write (``pending``) as they are now, naming exactly those
    paths. The caller holds ``ws.lock()``. ``changes`` are entries (:func:`change_entry`) of
    writes not yet in ``pending``; the message tells all of them unless ``message`` is given.

    Raises :class:`GitError` when git fails: the paths stay owed and the failure is recorded
    (the next command warns about it; ``mylife git status`` shows it).
    """
    repo = repo_of(ws)
    state = State(repo.git_dir)
    settings = settings or settings_mod.load(ws)
    if not repo.exists():
        raise GitError("git_repo_missing", path=str(ws.root))
    owed_entries = state.pending_entries()
    owed = {p for e in owed_entries for p in e["paths"]}
    entries = [*owed_entries, *changes]
    wanted = list(dict.fromkeys([*(p for e in entries for p in e["paths"]), *paths, "ledger/audit.jsonl",
                                     "ledger/audit.head"]))
    wanted = [p for p in wanted if isinstance(p, str) and p and not p.startswith("/")
              and ".." not in p.split("/") and settings.tracks(p)]
    held: list[dict[str, Any]] = []
    try:
        if check_raw:
            for rel, reason in _tampered_raw(ws, wanted).items():
                held.append({"file": rel, "reason": reason})
        for rel in wanted:
            hit = secretscan.scan_file(ws.root, rel)
            if hit is not None:
                held.append({"file": rel, "reason": f"secret_{hit.kind}", "line": hit.line})
        skip = {h["file"] for h in held}
        present = [p for p in wanted if p not in skip and (ws.root / p).exists()]
        missing = [p for p in wanted if p not in skip and not (ws.root / p).exists()]
        if missing:  # a file MyLife removed: commit the removal only if history has it
            tracked = set(repo.out(["ls-files", "-z", "--", *missing]).split("\0"))
            missing = [p for p in missing if p in tracked]
            if missing:
                repo.run(["rm", "-r", "--cached", "-q", "--ignore-unmatch", "--", *missing])
        if present:
            res = repo.run(["add", "-A", "--", *present], check=False)
            ignored = _staged_ignored(res.err, present)
            if not res.ok and not ignored:
                raise GitError("git_failed", command="git add", reason=_last_line(res.err) or res.returncode)
            present = [p for p in present if p not in ignored]
        targets = present + missing
        commit = None
        if targets:
            subject, body = message or describe(entries)
            res = repo.run(["commit", "-q", "--no-verify", "--no-gpg-sign", "-m", subject,
                            *(["-m", body] if body else []), "--only", "--", *targets], check=False,
                           env=_identity_env(entries))
            if res.ok:
                commit = repo.head()
            elif "nothing to commit" not in res.out + res.err and "no changes added" not in res.out + res.err:
                raise GitError("git_failed", command="git commit", reason=_last_line(res.err) or res.out.strip())
    except GitError as exc:
        unowed = [e for e in changes if not set(e["paths"]) <= owed]
        extra = [p for p in paths if p not in owed]
        with contextlib.suppress(OSError):
            state.add_pending(unowed + ([{"paths": extra}] if extra else []))
            state.update(last_commit_error={"at": clock.now().isoformat(), "reason": exc.render(),
                                            "pending_bytes": state.pending_size()})
        raise
    state.clear_pending()
    _remember_held(state, held, committed=set(targets))
    if commit is not None:
        maybe_gc(repo)
    return CommitResult(commit, targets, held)


def _remember_held(state: State, held: list[dict[str, Any]], committed: set[str]) -> None:
    """Keep ``held_back`` in state.json current (shown by status and the next command), and
    forget a past commit failure now that a commit went through."""
    saved = state.load() if state.path.exists() else {}
    stored = saved.get("held_back") or []
    now_held = {h["file"] for h in held}
    merged = [h for h in stored if isinstance(h, dict) and h.get("file") not in committed | now_held] + held
    changes: dict[str, Any] = {}
    if merged != stored:
        changes["held_back"] = merged or None
    if saved.get("last_commit_error") is not None:
        changes["last_commit_error"] = None
    if changes:
        with contextlib.suppress(OSError):
            state.update(**changes)


def _last_line(text: str) -> str:
    """git's own complaint: its last ``fatal:``/``error:`` line, else its last line."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("hint:")]
    flagged = [line for line in lines if line.startswith(("fatal:", "error:"))]
    return (flagged or lines or [""])[-1]


def maybe_gc(repo: Repo) -> None:
    """Start ``git gc --auto`` detached when loose objects pile up (git's own estimate)."""
    bucket = repo.git_dir / "objects" / "17"
    try:
        loose = len(os.listdir(bucket))
    except OSError:
        return
    if loose <= 27:  # gc.auto (6700) / 256, as git estimates it
        return
    with contextlib.suppress(OSError):
        from ..storage.atomic import private_process_kwargs

        subprocess.Popen([require_git(), f"--git-dir={repo.git_dir}", "gc", "--auto", "--quiet"], **private_process_kwargs(),
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         env=clean_env(), start_new_session=True, cwd=repo.root)


def suspended(ws: "Workspace") -> bool:
    return bool(ws.__dict__.get(SUSPEND_KEY))


@contextlib.contextmanager
def suspend(ws: "Workspace"):
    """Hold MyLife's automatic commits while a history operation writes (it commits itself)."""
    previous = ws.__dict__.get(SUSPEND_KEY)
    ws.__dict__[SUSPEND_KEY] = True
    try:
        yield
    finally:
        ws.__dict__[SUSPEND_KEY] = previous


# --------------------------------------------------------------------------- enabling


def enable(ws: "Workspace", *, track: str | None = None, keep: Sequence[str] | None = None,
           actor: str = "user") -> EnableReport:
    """Make the workspace a git repository (or adopt the one there) and commit its state."""
    require_git()
    from .hooks import install_pre_push

    repo = repo_of(ws)
    with ws.lock(), suspend(ws):
        ws.require_unchanged([".gitignore", "config.yaml"])  # both are written below: refused before anything is done
        current = settings_mod.load(ws)
        updated = current.model_copy(update={
            "enabled": True,
            "track": track or current.track,
            "keep": list(dict.fromkeys(keep)) if keep is not None else current.keep,
        })
        updated = GitSettings.model_validate(updated.model_dump())
        created = not repo.exists()
        adopted = not created and not current.enabled
        if created:
            _init(repo)
        ensure_private_dir(repo.git_dir)
        _make_private(repo)
        ignore.write(ws.root, updated)
        # whatever history already holds from cache/ or from a layer no longer kept leaves the index
        dropped = ["cache"] + [p.rstrip("/") for name, paths in settings_mod.LAYER_PATHS.items()
                               if name not in updated.kept_layers() for p in paths]
        repo.run(["rm", "-r", "--cached", "-q", "--ignore-unmatch", "--", *dropped])
        hook = install_pre_push(repo)
        settings_mod.update(ws, {"enabled": True, "track": updated.track, "keep": updated.keep}, actor=actor)
        ws.commit_change(actor, "git.enable", ".gitignore", paths=[".gitignore", "config.yaml"],
                         detail={"track": updated.track})
        result = _commit_everything(ws, repo, updated, subject=t("git.commit.initial")
                                    if created or adopted else "MyLife history settings updated")
        files = len([p for p in repo.out(["ls-files", "-z"]).split("\0") if p])
        remotes = repo.remotes()
        return EnableReport(created, adopted, repo.branch(), result.commit, files, result.held_back, remotes,
                            updated, hook)


def _init(repo: Repo) -> None:
    exe = require_git()
    branch = subprocess.run([exe, "config", "--global", "--get", "init.defaultBranch"], capture_output=True,
                            env=clean_env(), stdin=subprocess.DEVNULL).stdout.decode().strip() or "main"
    from ..storage.atomic import private_process_kwargs

    proc = subprocess.run([exe, "-c", f"init.defaultBranch={branch}", "init", "-q", "--", str(repo.root)],
                          capture_output=True, env=clean_env(), stdin=subprocess.DEVNULL, cwd=repo.root,
                          **private_process_kwargs())
    if proc.returncode != 0:
        raise GitError("git_failed", command="git init", reason=proc.stderr.decode("utf-8", "replace").strip())


def _make_private(repo: Repo) -> None:
    """``.git`` 0700/0600 throughout, whatever the user's umask was, and git keeps it so for what
    it creates later, even when run by hand (``core.sharedRepository=0600``)."""
    from ..storage.atomic import private_process_kwargs, tighten_tree

    tighten_tree(repo.git_dir)
    subprocess.run([require_git(), f"--git-dir={repo.git_dir}", "config", "core.sharedRepository", "0600"],
                   capture_output=True, env=clean_env(), stdin=subprocess.DEVNULL, **private_process_kwargs())


def uncommitted(repo: Repo) -> list[tuple[str, str]]:
    """``(status, path)`` for every change git sees in the working tree (``cache/`` excluded)."""
    out = repo.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", ".",
                    ":(exclude)cache"]).stdout.decode("utf-8", "replace")
    entries = []
    for item in out.split("\0"):
        if len(item) > 3:
            entries.append((item[:2], item[3:]))
    return entries


def _commit_everything(ws: "Workspace", repo: Repo, settings: GitSettings, *, subject: str) -> CommitResult:
    """Commit every uncommitted path, except raw rewrites, a rewritten manifest, and secrets."""
    held: list[dict[str, Any]] = []
    paths: list[str] = []
    head = repo.head()
    for status, rel in uncommitted(repo):
        if rel.startswith("raw/") and status.strip() not in ("??", "A"):
            held.append({"file": rel, "reason": "raw_rewritten"})  # history keeps the recorded words
            continue
        if rel == "ledger/raw.jsonl" and head and not _manifest_extends(repo, ws.root):
            held.append({"file": rel, "reason": "manifest_rewritten"})
            continue
        paths.append(rel)
    result = commit_paths(ws, paths, message=(subject, ""), settings=settings, check_raw=True)
    result.held_back = held + result.held_back
    return result


def _manifest_extends(repo: Repo, root: Path) -> bool:
    """True when the committed raw manifest is a prefix of the current one (append-only)."""
    res = repo.run(["cat-file", "blob", "HEAD:ledger/raw.jsonl"], check=False)
    if not res.ok:
        return True
    try:
        current = (root / "ledger" / "raw.jsonl").read_bytes()
    except OSError:
        return False
    return current.startswith(res.stdout)


def commit_all(ws: "Workspace", *, message: str | None = None, actor: str = "user") -> CommitResult:
    """``mylife git commit``: catch up on everything MyLife (or a hand edit) left uncommitted."""
    repo = repo_of(ws)
    settings = settings_mod.load(ws)
    if not settings.enabled:
        raise GitError("git_not_enabled")
    if not repo.exists():
        raise GitError("git_repo_missing", path=str(ws.root))
    with ws.lock(), suspend(ws):
        return _commit_everything(ws, repo, settings, subject=message or t("git.commit.catch_up_all"))


def disable(ws: "Workspace", *, actor: str = "user") -> None:
    """Stop committing writes; ``.git`` and its history stay (and the pre-push guard too)."""
    current = settings_mod.load(ws)
    if not current.enabled:
        return
    with ws.lock(), suspend(ws):
        settings_mod.update(ws, {"enabled": False, "auto_push": False}, actor=actor)

"""The second witness of L0: raw files compared against committed history.

``mylife verify`` already compares every raw file with the sha256 its manifest recorded.
Someone who edits a raw file *and* its manifest line fools that check; history is a second,
independent record. With git on, verify also checks that:

* every raw file committed at ``HEAD`` is still on disk, byte for byte (git blob ids);
* no commit ever modified or deleted a raw file (L0 is append-only in history too);
* the committed raw manifest is a prefix of the current one, and no commit removed a line
  from it (a torn last fragment that a later write repaired is not a removal).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from ..errors import os_reason
from ..messages import t
from .gitcmd import GitError, Repo

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

MANIFEST = "ledger/raw.jsonl"


def blob_id(data: bytes, *, sha256: bool = False) -> str:
    """git's object id of a blob holding ``data`` (SHA-1 repositories, or SHA-256 ones)."""
    digest = hashlib.sha256 if sha256 else hashlib.sha1
    return digest(b"blob %d\0" % len(data) + data).hexdigest()


def _problem(kind: str, message: str, file: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "message": message, "file": file}


def check(ws: "Workspace") -> list[dict[str, Any]]:
    """Problems found by comparing the workspace with its git history (empty when all is well)."""
    from . import settings as settings_mod

    settings = settings_mod.load(ws)
    repo = Repo(ws.root)
    if not settings.enabled and not repo.exists():
        return []
    if not repo.exists():
        return [_problem("git_repo_missing", t("git.verify.repo_missing", path=str(ws.root)))]
    try:
        head = repo.head()
        if head is None:
            return []
        return _raw_at_head(ws, repo) + _raw_history(repo) + _manifest(ws, repo)
    except GitError as exc:
        return [_problem("git_unreadable", t("git.verify.unreadable", reason=exc.render()))]


def _raw_at_head(ws: "Workspace", repo: Repo) -> list[dict[str, Any]]:
    problems = []
    listing = repo.run(["ls-tree", "-r", "-z", "--full-tree", "HEAD", "--", "raw/"]).stdout
    when = repo.out(["log", "-1", "--format=%cs", "HEAD"]).strip()
    head = (repo.head() or "?")[:10]
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, _, name = entry.partition(b"\t")
        parts = meta.split()
        if len(parts) != 3 or parts[1] != b"blob":
            continue
        rel = name.decode("utf-8", "surrogateescape")
        expected = parts[2].decode()
        try:
            data = (ws.root / rel).read_bytes()
        except FileNotFoundError:
            problems.append(_problem("git_raw_missing", t("git.verify.raw_missing", file=rel), rel))
            continue
        except OSError as exc:
            problems.append(_problem("git_raw_missing", t("git.verify.raw_unreadable", file=rel,
                                                          reason=os_reason(exc)), rel))
            continue
        if blob_id(data, sha256=len(expected) == 64) != expected:
            problems.append(_problem("git_raw_changed", t("git.verify.raw_changed", file=rel, date=when,
                                                          commit=head), rel))
    return problems


def _raw_history(repo: Repo) -> list[dict[str, Any]]:
    """Commits that modified or deleted a raw file (raw files are only ever added)."""
    out = repo.run(["log", "--no-renames", "--diff-filter=MDTR", "--name-status", "-z",
                    "--format=%x01%h %cs", "HEAD", "--", "raw/"]).stdout.decode("utf-8", "surrogateescape")
    problems = []
    for block in out.split("\x01")[1:]:
        header, _, rest = block.partition("\n")
        commit, _, day = header.partition(" ")
        fields = [f for f in rest.strip("\n\0").split("\0") if f]
        for status, rel in zip(fields[0::2], fields[1::2], strict=False):
            key = "git.verify.raw_deleted_in_history" if status.startswith("D") else "git.verify.raw_rewritten_in_history"
            problems.append(_problem("git_raw_rewritten", t(key, file=rel, commit=commit, date=day), rel))
    return problems


def _manifest(ws: "Workspace", repo: Repo) -> list[dict[str, Any]]:
    problems = []
    committed = repo.run(["cat-file", "blob", f"HEAD:{MANIFEST}"], check=False)
    if committed.ok:
        try:
            current = (ws.root / MANIFEST).read_bytes()
        except OSError:
            current = b""
        if not current.startswith(committed.stdout):
            problems.append(_problem("git_manifest_changed", t("git.verify.manifest_changed", file=MANIFEST), MANIFEST))
    # history: any commit that removed a complete line from the manifest
    out = repo.run(["log", "--format=%x01%h %cs", "--numstat", "HEAD", "--", MANIFEST]).out
    suspects = []
    for block in out.split("\x01")[1:]:
        header, _, rest = block.partition("\n")
        for line in rest.splitlines():
            cols = line.split("\t")
            if len(cols) == 3 and cols[1].isdigit() and int(cols[1]) > 0:
                suspects.append(header.split(" "))
    for commit, day in suspects:
        patch = repo.out(["show", "--format=", "--no-color", "-U0", commit, "--", MANIFEST])
        if _removes_complete_line(patch):
            problems.append(_problem("git_manifest_rewritten", t("git.verify.manifest_rewritten", file=MANIFEST,
                                                                 commit=commit, date=day), MANIFEST))
    return problems


def _removes_complete_line(patch: str) -> bool:
    """True when a ``-`` line is not just a torn last fragment (``\\ No newline at end of file``)."""
    lines = patch.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("-") and not line.startswith("---"):
            following = lines[i + 1] if i + 1 < len(lines) else ""
            if not following.startswith("\\ No newline"):
                return True
    return False

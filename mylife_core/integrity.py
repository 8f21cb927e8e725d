"""What ``verify`` holds every layer to, beyond L0's manifest (docs/reliability.md).

Each MyLife write records, in its audit entry, the sha256 of every file it touched
(:meth:`Workspace.commit_change` ``paths``). The newest recorded digest of a file is what the
file must hold now; a file that differs, disappeared, or appeared in a layer folder without
ever being recorded was changed outside MyLife. The audit log itself is a hash chain with a
head (:mod:`mylife_core.layers.audit`), so editing, removing or cutting off its lines is seen.
``verify --accept FILE`` records the file as it is now: the user keeps the hand edit, audited.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import clock
from .layers.audit import AuditEntry, line_hash

if TYPE_CHECKING:  # pragma: no cover
    from .workspace import Workspace

#: Paths whose integrity other witnesses cover (``raw/``: the manifest) or that are derived.
UNTRACKED_PREFIXES = ("raw/", "ledger/", "cache/", ".git/")
#: Files at the workspace root that belong to a layer.
ROOT_FILES = ("config.yaml", "profile.yaml", "index.yaml")
#: Layer folders whose every file must have been written by MyLife.
LAYER_DIRS = ("digest", "claims")
#: Folders with other owners (sessions are conversation logs, skills and backends are the user's
#: or a backend's own): recorded files there are checked, unrecorded ones are not reported.
OPEN_DIRS = ("sessions", "skills", "backends")
AUDIT_FILE = "ledger/audit.jsonl"
ACCEPT_ACTION = "verify.accept"


def sha256_file(path: Path) -> str | None:
    try:
        with open(path, "rb") as fh:
            if hasattr(hashlib, "file_digest"):
                return hashlib.file_digest(fh, "sha256").hexdigest()
            return hashlib.sha256(fh.read()).hexdigest()  # pragma: no cover - Python 3.10
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError:
        return "unreadable"


def tracked(rel: str) -> bool:
    if not rel or rel.startswith(("/", "../")) or "/../" in rel or rel in (".", "./"):
        return False
    return not rel.startswith(UNTRACKED_PREFIXES)


def digest_paths(root: Path, paths: list[str]) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for rel in paths:
        rel = str(rel).replace(os.sep, "/")
        if not tracked(rel) or rel in out:
            continue
        path = root / rel
        if path.is_dir():
            continue
        out[rel] = sha256_file(path)
    return out


def _scan_dirs(recorded: set[str]) -> set[str]:
    dirs = set(LAYER_DIRS)
    for rel in recorded:
        parent = rel.rpartition("/")[0]
        if parent and parent.split("/")[0] not in OPEN_DIRS:
            dirs.add(parent)
    return dirs


def layer_files(root: Path, recorded: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Every file a layer holds now (what a baseline records and ``verify`` scans for files added
    outside MyLife): the root layer files and the files of the layer folders."""
    out = [name for name in ROOT_FILES if (root / name).is_file()]
    for folder in sorted(_scan_dirs(set(recorded))):
        try:
            entries = sorted(os.scandir(root / folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_file(follow_symlinks=False):
                continue
            out.append(f"{folder}/{entry.name}")
    return out


def baseline_entry(ws: "Workspace") -> AuditEntry:
    """The first chained entry of a log written before the chain existed: the layer files as
    they are now are taken as MyLife's."""
    files = layer_files(ws.root)
    return AuditEntry(at=clock.now(), actor="system", action="audit.baseline", target=AUDIT_FILE,
                      detail={"files": len(files)}, files=digest_paths(ws.root, files))


def temp_dirs(ws: "Workspace") -> list[Path]:
    from .workspace import LAYOUT_DIRS

    dirs = [ws.root, *(ws.root / d for d in LAYOUT_DIRS), ws.root / "index", ws.root / "index" / "chains",
            ws.raw.stage_dir, ws.cache_dir / "locks"]
    search = ws.cache_dir / "search"
    if search.is_dir():
        dirs.extend(p for p in search.iterdir() if p.is_dir())
    return dirs


# --------------------------------------------------------------------------- verify


@dataclass
class Recorded:
    sha: str | None
    line: int
    at: str
    action: str
    target: str


@dataclass
class AuditFindings:
    chained: bool = False
    entries: int = 0
    problems: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)  # recoverable: they do not fail verify
    files_checked: int = 0
    record_entries: dict[str, tuple[str, Any]] = field(default_factory=dict)  # raw file -> (sha256, size) recorded


def _problem(kind: str, key: str, *, file: str | None = None, line: int | None = None, **params: Any) -> dict[str, Any]:
    from .messages import t

    return {"kind": kind, "message": t(f"verify.{key}", file=file, line=line, **params), "file": file, "line": line}


def _said(problem: str) -> str:
    """An audit line's problem (:meth:`AuditLog.lines`) in the user's language."""
    from .messages import t

    return t(f"verify.audit_problem.{problem}")


def check_audit(ws: "Workspace") -> AuditFindings:
    """Walk the audit log: chain, head, and the newest digest of every file.

    A torn last line (an append a killed process never finished) is no damage: readers skip it,
    the next write cuts it and records ``audit.repair`` at its place. Each such repair (and a
    torn line not yet cut) is a warning naming the line, until ``--accept ledger/audit.jsonl``.
    A line cut off mid-entry that ends with its newline is damage (``audit_bad_line``)."""
    from .layers.audit import CUT_SHORT
    from .storage import jsonl

    found = AuditFindings()
    audit_problems: list[dict[str, Any]] = []
    audit_warnings: list[dict[str, Any]] = []
    number = 0
    latest: dict[str, Recorded] = {}
    prev_raw: bytes | None = None
    offset = 0
    head = ws.audit.read_head()
    head_line: bytes | None = None  # the line that ends where the head says the log ends
    for line in ws.audit.lines(parse=False):
        number = line.number
        offset += len(line.raw) + 1
        if head is not None and offset == head["size"]:
            head_line = line.raw
        data = line.data
        if line.problem == CUT_SHORT:  # with its newline: no interrupted append left it, damage
            audit_problems.append(_problem("audit_bad_line", "audit_torn_middle", file=AUDIT_FILE, line=line.number))
        elif line.problem is not None:
            audit_problems.append(_problem("audit_bad_line", "audit_bad_line", file=AUDIT_FILE, line=line.number,
                                           problem=_said(line.problem)))
        if data is not None and "prev" in data:
            expected = line_hash(prev_raw) if prev_raw is not None else ""
            if data["prev"] != expected:
                audit_problems.append(_problem("audit_chain_broken", "audit_chain_broken", file=AUDIT_FILE,
                                               line=line.number))
            found.chained = True
        elif found.chained and line.problem is None:
            audit_problems.append(_problem("audit_chain_broken", "audit_chain_broken", file=AUDIT_FILE,
                                           line=line.number))
        prev_raw = line.raw
        if line.problem is not None:
            continue
        found.entries += 1
        action, target, detail = data["action"], data["target"], data.get("detail") or {}
        if action == "record" and isinstance(detail.get("sha256"), str):
            found.record_entries[target] = (detail["sha256"], detail.get("size"))
        files = data.get("files")
        if files:
            at = data["at"][:19]
            for rel, sha in files.items():
                latest[rel] = Recorded(sha if isinstance(sha, str) else None, line.number, at, action, target)
        if action == ACCEPT_ACTION and target == AUDIT_FILE:
            audit_problems, audit_warnings = [], []  # the user acknowledged the log as it was
        elif action == "audit.mismatch":
            audit_problems.append(_problem("audit_truncated", "audit_cut", file=AUDIT_FILE, line=line.number,
                                           size=detail.get("expected_size")))
        elif action == "audit.repair" and target == AUDIT_FILE:  # written where the torn line was
            audit_warnings.append(_problem("audit_torn_tail", "audit_torn_tail", file=AUDIT_FILE, line=line.number,
                                           size=detail.get("dropped_bytes", "?"), at=data["at"][:19]))
    if jsonl.ends_torn(ws.audit.path):  # not cut yet (the caller held the lock, so no recovery ran)
        try:
            size = ws.audit.path.stat().st_size - offset
        except OSError:
            size = "?"
        audit_warnings.append(_problem("audit_torn_tail", "audit_torn_open", file=AUDIT_FILE, line=number + 1,
                                       size=size))
    found.warnings.extend(audit_warnings)
    if found.chained:
        size = offset
        if head is None:
            audit_problems.append(_problem("audit_head_missing", "audit_head_missing", file="ledger/audit.head"))
        elif head["size"] > size:
            audit_problems.append(_problem("audit_truncated", "audit_cut", file=AUDIT_FILE, line=None,
                                           size=head["size"]))
        elif head_line is None or line_hash(head_line) != head["hash"]:
            audit_problems.append(_problem("audit_chain_broken", "audit_tail_changed", file=AUDIT_FILE))
    found.problems.extend(audit_problems)
    if not found.chained:
        return found
    # files: each must hold its newest recorded digest; layer files must all be recorded
    for rel in sorted(latest):
        rec = latest[rel]
        if not tracked(rel):
            continue
        found.files_checked += 1
        actual = sha256_file(ws.root / rel)
        if actual == rec.sha:
            continue
        params = dict(file=rel, line=rec.line, at=rec.at, action=rec.action, target=rec.target)
        if actual is None:
            found.problems.append(_problem("file_missing", "file_missing", **params))
        elif rec.sha is None:
            found.problems.append(_problem("file_added", "file_added", **params))
        else:
            found.problems.append(_problem("file_changed", "file_changed", **params))
    for rel in layer_files(ws.root, set(latest)):
        if rel not in latest:
            found.files_checked += 1
            found.problems.append(_problem("file_added", "file_unrecorded", file=rel))
    return found


def audit_head_problem(ws: "Workspace") -> dict[str, Any] | None:
    """Before an append: does the log still end where the head says? (None: yes, or a lag a
    crash explains.) Cheap: one line is read."""
    head = ws.audit.read_head()
    if head is None:
        return None
    try:
        size = ws.audit.path.stat().st_size
    except FileNotFoundError:
        size = 0
    if head["size"] > size:
        return {"expected_size": head["size"], "size": size}
    raw = _line_ending_at(ws.audit.path, head["size"])
    if head["size"] and (raw is None or line_hash(raw) != head["hash"]):
        return {"expected_size": head["size"], "size": size, "changed": True}
    return None


def _line_ending_at(path: Path, end: int) -> bytes | None:
    """The line whose newline is the byte just before ``end``."""
    if end <= 0:
        return None
    with open(path, "rb") as fh:
        pos, buf = end, b""
        fh.seek(end - 1)
        if fh.read(1) != b"\n":
            return None
        pos = end - 1
        while pos > 0:
            step = min(65536, pos)
            pos -= step
            fh.seek(pos)
            buf = fh.read(step) + buf
            nl = buf.rfind(b"\n")
            if nl != -1:
                return buf[nl + 1:]
        return buf


def accept(ws: "Workspace", rel: str, *, actor: str = "user") -> dict[str, Any]:
    """``verify --accept FILE``: keep FILE as it is now (a hand edit the user means), audited."""
    from .errors import UsageError

    rel = rel.replace(os.sep, "/").strip()
    if not rel or len(rel) > 4096 or any(ord(ch) < 32 for ch in rel):
        raise UsageError("accept_outside", file=rel[:200].encode("unicode_escape").decode("ascii"))
    root = ws.root.resolve()
    try:
        resolved = (ws.root / rel).resolve()
        rel = resolved.relative_to(root).as_posix()
        is_file = resolved.is_file()
    except (ValueError, OSError):
        raise UsageError("accept_outside", file=rel[:200]) from None
    if not is_file and rel != AUDIT_FILE:
        recorded = any(rel in (line.data.get("files") or {}) for line in ws.audit.lines(parse=False)
                       if line.problem is None)
        if not recorded or resolved.exists():  # a folder, or a name MyLife never wrote
            raise UsageError("accept_unknown", file=rel[:200])
    if rel == AUDIT_FILE:
        with ws.lock():
            ws.audit_only(actor, ACCEPT_ACTION, AUDIT_FILE, detail={"size": ws.audit.path.stat().st_size})
        return {"file": rel, "sha256": None}
    if rel.startswith("raw/"):
        raise UsageError("accept_raw", file=rel)
    if not tracked(rel):
        raise UsageError("accept_untracked", file=rel)
    with ws.lock():
        sha = sha256_file(ws.root / rel)
        ws.audit_only(actor, ACCEPT_ACTION, rel, detail={"sha256": sha}, paths=[rel])
        for layer in ("profile", "index"):  # drop in-memory copies of a file just accepted
            obj = ws.__dict__.get(layer)
            if obj is not None:
                obj._data = None
    return {"file": rel, "sha256": sha}

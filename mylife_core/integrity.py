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
import json
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
#: Files a write goes on with though they were edited outside MyLife (``verify`` still names the
#: edit until the write): MyLife merges its own part into what is there (``.gitignore``: the
#: user's lines are kept as they are; ``config.yaml``: read again under the lock, only the
#: command's own keys changed, as the docs tell users to edit it by hand), or the file is a
#: backend's own, written by its server and shared with other tools (``backends/``). Every other
#: file is held to what MyLife recorded.
SHARED_PATHS = (".gitignore", "config.yaml", "backends/")


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


#: Folders a symbolic link may lead out of the workspace from: ``cache/`` is derived and may live
#: on another disk (docs/reliability.md), ``.git/`` is git's own.
LINKS_MAY_LEAVE = ("cache", ".git")


def _leaves(root_real: str, link: Path) -> str | None:
    """Where symbolic link ``link`` leads (resolved), when that is outside the workspace whose
    real path is ``root_real``; else None."""
    target = os.path.realpath(link)
    if target == root_real or target.startswith(root_real.rstrip(os.sep) + os.sep):
        return None
    return target


def link_outside(root: Path, path: Path) -> tuple[Path, str] | None:
    """The symbolic link on the way from the workspace ``root`` to ``path`` (``path`` itself or
    a folder it is in) that leads outside the workspace, with where it leads; else None. A write
    there would change a file outside the workspace (an append, a file in a linked folder), or
    replace the user's link with a file: it is refused (:meth:`Workspace.refuse_link_outside`).
    Links that stay inside the workspace, and those under :data:`LINKS_MAY_LEAVE`, are fine."""
    try:
        parts = Path(path).relative_to(root).parts
    except ValueError:
        return None
    if not parts or parts[0] in LINKS_MAY_LEAVE:
        return None
    root_real = os.path.realpath(root)
    current = Path(root)
    for part in parts:
        current = current / part
        if os.path.islink(current):
            target = _leaves(root_real, current)
            if target is not None:
                return current, target
    return None


#: Folders whose links ``verify`` leaves to their owners: the user's own skills (MyLife never
#: writes there; a skill linked from elsewhere is theirs) and a backend's files, shared with
#: other tools. A MyLife write there through such a link is refused all the same.
LINKS_NOT_REPORTED = ("skills", "backends")


def links_outside(root: Path) -> list[tuple[Path, str]]:
    """Every symbolic link in the workspace (outside :data:`LINKS_MAY_LEAVE` and
    :data:`LINKS_NOT_REPORTED`) that leads outside it, with where it leads (what ``verify``
    names). A linked folder is not entered."""
    root_real = os.path.realpath(root)
    found: list[tuple[Path, str]] = []
    pending = [Path(root)]
    while pending:
        folder = pending.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if folder == Path(root) and entry.name in (*LINKS_MAY_LEAVE, *LINKS_NOT_REPORTED):
                continue
            if entry.is_symlink():
                target = _leaves(root_real, Path(entry.path))
                if target is not None:
                    found.append((Path(entry.path), target))
            elif entry.is_dir(follow_symlinks=False):
                pending.append(Path(entry.path))
    return sorted(found)


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
    # a replaced digest revision is copied into digest/history/<topic>/ (atomically): a writer killed
    # there left its temp file for good (the kill -9 torture found two)
    history = ws.digests.dir / "history"
    if history.is_dir():
        dirs.extend(p for p in history.iterdir() if p.is_dir())
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
    #: raw file -> (sha256, size, audit line) of the ``record`` entry that wrote it
    record_entries: dict[str, tuple[str, Any, int]] = field(default_factory=dict)


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
            found.record_entries[target] = (detail["sha256"], detail.get("size"), line.number)
        files = data.get("files")
        if files:
            at = data["at"][:19]
            for rel, sha in files.items():
                latest[rel] = Recorded(sha if isinstance(sha, str) else None, line.number, at, action, target)
        if action == ACCEPT_ACTION and target == AUDIT_FILE:
            audit_problems, audit_warnings = [], []  # the user acknowledged the log as it was
        elif action == "audit.mismatch" and detail.get("head") == "missing":
            audit_problems.append(_problem("audit_head_missing", "audit_head_lost", file="ledger/audit.head",
                                           line=line.number))
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
    # the head says how far MyLife wrote the log: a log emptied or deleted since is cut short,
    # not a log from before the chain (that one has no head)
    if found.chained or head is not None:
        size = offset
        if head is None:
            if not init_only(ws):
                audit_problems.append(_problem("audit_head_missing", "audit_head_missing", file="ledger/audit.head"))
        elif head["size"] > size:
            audit_problems.append(_problem("audit_truncated", "audit_cut", file=AUDIT_FILE, line=None,
                                           size=head["size"]))
        elif head["size"] and (head_line is None or line_hash(head_line) != head["hash"]):
            audit_problems.append(_problem("audit_chain_broken", "audit_tail_changed", file=AUDIT_FILE))
    found.problems.extend(audit_problems)
    if not found.chained:
        return found
    # files: each must hold its newest recorded digest; layer files must all be recorded
    from .messages import code_name

    for rel in sorted(latest):
        rec = latest[rel]
        if not tracked(rel):
            continue
        found.files_checked += 1
        actual = sha256_file(ws.root / rel)
        if actual == rec.sha:
            continue
        params = dict(file=rel, line=rec.line, at=rec.at, action=code_name("action", rec.action), target=rec.target)
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


# --------------------------------------------------------------------------- before a write

#: the derived copy of the newest digest recorded for each file (sealed like every cache copy)
RECORDED_CACHE = "recorded.json"
#: bytes of new audit lines read before the copy is written again (below: the next process reads them)
RECORDED_REWRITE_AFTER = 256 * 1024


@dataclass
class RecordedDigests:
    """The newest digest the audit log records for each file, what ``verify`` holds it to:
    ``files[rel] = [sha256 or None, at, action]``, covering the log up to ``offset`` (whose last
    line hashes to ``last``); ``chained``: the log has a hash chain (else nothing is held)."""

    offset: int = 0
    last: str = ""
    chained: bool = False
    files: dict[str, list[Any]] = field(default_factory=dict)


def recorded_digests(ws: "Workspace") -> RecordedDigests:
    """:class:`RecordedDigests` for the log as it is now, read incrementally: the copy this
    process holds, else ``cache/recorded.json``, is checked against the log (the line ending at
    its offset must still hash to what it saw) and only the lines appended since are read; the
    whole log when that part changed (an outside edit of the log, which ``verify`` names)."""
    path = ws.audit.path
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        size = 0
    state = ws.__dict__.get("_recorded")
    if not _still_valid(path, size, state):
        state = _load_recorded(ws)
        if not _still_valid(path, size, state):
            state = RecordedDigests()
    if state.offset < size:
        start = state.offset
        with open(path, "rb") as fh:
            fh.seek(start)
            _read_recorded(fh, state)
        if state.offset - start >= RECORDED_REWRITE_AFTER or not (ws.cache_dir / RECORDED_CACHE).exists():
            from .storage.yamlfile import write_sealed

            write_sealed(ws.cache_dir / RECORDED_CACHE, AUDIT_FILE,
                         json.dumps(state.__dict__, ensure_ascii=False).encode("utf-8"))
    ws.__dict__["_recorded"] = state
    return state


def _still_valid(path: Path, size: int, state: RecordedDigests | None) -> bool:
    if state is None or state.offset > size:
        return False
    if state.offset == 0:
        return True
    raw = _line_ending_at(path, state.offset)
    return raw is not None and line_hash(raw) == state.last


def _load_recorded(ws: "Workspace") -> RecordedDigests | None:
    from .storage.yamlfile import read_sealed

    payload = read_sealed(ws.cache_dir / RECORDED_CACHE, AUDIT_FILE)
    if payload is None:
        return None
    try:
        data = json.loads(payload)
        return RecordedDigests(offset=int(data["offset"]), last=str(data["last"]), chained=bool(data["chained"]),
                               files=dict(data["files"]))
    except (ValueError, KeyError, TypeError):
        return None


def _read_recorded(fh: Any, state: RecordedDigests) -> None:
    """Fold the complete lines from ``fh``'s position into ``state`` (a torn last line waits)."""
    from .layers.audit import well_formed

    for raw in fh:
        if not raw.endswith(b"\n"):
            break
        state.offset += len(raw)
        state.last = line_hash(raw[:-1])
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            continue
        if not isinstance(data, dict):
            continue
        if "prev" in data:
            state.chained = True
        files = data.get("files")
        if not files or not well_formed(data):
            continue
        at, action = data["at"][:19], data["action"]
        for rel, sha in files.items():
            state.files[rel] = [sha if isinstance(sha, str) else None, at, action]


def outside_edit(ws: "Workspace", rel: str) -> dict[str, Any] | None:
    """What ``verify`` would say of file ``rel`` now, if a write is to refuse over it: it differs
    from the digest MyLife recorded last (``file_changed``), is gone (``file_missing``), or is a
    layer file MyLife never wrote or had removed (``file_added``). None: MyLife's own, not held
    to a digest, or one of :data:`SHARED_PATHS`."""
    if not tracked(rel) or rel.startswith(SHARED_PATHS):
        return None
    path = ws.root / rel
    if path.is_dir():
        return None
    recorded = recorded_digests(ws)
    if not recorded.chained:
        return None
    actual = sha256_file(path)
    entry = recorded.files.get(rel)
    if entry is None:
        if actual is None:
            return None
        parent, _, name = rel.rpartition("/")
        layer_file = parent in _scan_dirs(set(recorded.files)) if parent else rel in ROOT_FILES
        if not layer_file or name.startswith("."):
            return None  # verify does not hold it either (e.g. a file of its own in skills/)
        return {"kind": "file_added", "at": "", "action": ""}
    sha, at, action = entry
    if actual == sha:
        return None
    kind = "file_missing" if actual is None else "file_added" if sha is None else "file_changed"
    return {"kind": kind, "at": at, "action": action}


def audit_head_problem(ws: "Workspace") -> dict[str, Any] | None:
    """Before an append: does the log still end where the head says? (None: yes, or a lag a
    crash explains.) Cheap: one line is read."""
    head = ws.audit.read_head()
    try:
        size = ws.audit.path.stat().st_size
    except FileNotFoundError:
        size = 0
    if head is None:
        # a chained log without a readable head: the head was removed or damaged outside MyLife
        # (a write only ever moves it in place). This write makes a new one, which would end
        # verify's audit_head_missing unseen, together with what it could not rule out: say so
        # in the log itself. A log before the chain (its last line has no prev) has none.
        if size and ws.audit.is_chained(ws.audit.last_line()) and not init_only(ws):
            return {"head": "missing", "size": size}
        return None
    if head["size"] > size:
        return {"expected_size": head["size"], "size": size}
    raw = _line_ending_at(ws.audit.path, head["size"])
    if head["size"] and (raw is None or line_hash(raw) != head["hash"]):
        return {"expected_size": head["size"], "size": size, "changed": True}
    return None


def init_only(ws: "Workspace") -> bool:
    """Does the audit log hold nothing but ``init``'s own entries? Then a missing head is no
    damage: a kill between ``init``'s first append and its first head left it (before the head
    was written first, :meth:`AuditLog.append_entries`), and nothing could have been cut off
    that a head would have told. Cheap: reading stops at the first other line."""
    from .layers.audit import well_formed

    seen = False
    for line in ws.audit.lines(parse=False):
        data = line.data
        if line.problem is not None or not isinstance(data, dict) or not well_formed(data) \
                or data.get("action") != "init":
            return False
        seen = True
    return seen


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
        return {"file": rel, "sha256": None, "comments": []}
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
        comments = lost_comments(ws.root / rel)
    return {"file": rel, "sha256": sha, "comments": comments}


def _own_headers() -> frozenset[str]:
    """The comment lines MyLife itself writes at the top of the YAML files it rebuilds."""
    from .builtin.files_store import HEADER as CLAIMS
    from .builtin.files_store import OLD_HEADERS
    from .chat.session import HEADER as SESSION
    from .config import CONFIG_HEADER
    from .layers.index import HEADER as INDEX
    from .layers.profile import HEADER as PROFILE
    from .pipeline.proposals import HEADER as PROPOSALS

    return frozenset(line.strip() for header in (CLAIMS, *OLD_HEADERS, SESSION, CONFIG_HEADER, INDEX, PROFILE,
                                                 PROPOSALS)
                     for line in header.splitlines())


def lost_comments(path: Path) -> list[int]:
    """The lines of a YAML layer file holding the user's own comments: MyLife rebuilds such a file
    from its data when it next rewrites it (a claim's status, a profile field, a setting), so
    they will not survive that write. ``verify --accept`` says so (docs/cli.md)."""
    if path.suffix != ".yaml":
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    from .storage.yamlfile import comment_lines

    return comment_lines(text, keep=_own_headers())

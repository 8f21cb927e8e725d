"""Crash recovery: whatever a killed writer left half done is finished or undone, and said so.

Taking the workspace lock (:meth:`Workspace.lock`) runs :func:`recover_if_needed` first. It is
cheap when nothing happened (two ``stat`` calls, a one-byte read and a listing of the nearly
always empty ``cache/staging/``) and, after a crash:

* **a half-finished raw record**: ``record`` writes the manifest line, then the file (which
  appears whole, by an atomic link), then the audit entry; the lock tells which files the dead
  writer was writing, so a manifest line whose file never appeared is cut (rolled back) and a
  complete record gets its audit entry (``detail.recovered``). A ``claim add`` recording its
  statement keeps a journal (``ledger/pending.json``): it is completed when its claims were
  stored, otherwise rolled back (the raw file it created is removed and the manifest cut back),
  because the command never said it succeeded;
* **a torn last line** of the audit log or the manifest is cut (audited as ``audit.repair`` /
  ``manifest.repair``);
* **a file replaced without its audit entry** (the writer died between the two): the lock
  noted the paths the dead owner was writing, so the file is recorded as it is now
  (``recover.write``); it holds either the old or the new content, both MyLife's. A writer that
  raised there instead (a claims index busy past the wait, a hook's error) records them itself
  before it lets the lock go (``Workspace._before_release``, ``why: writer_failed_before_its_audit_entry``);
* **temp files** of dead writers are removed (audited as ``recover``).

Nothing the user was told is saved is ever removed: a rollback only touches files the journal
says this interrupted command created and never acknowledged.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import TYPE_CHECKING, Any

from .storage import jsonl
from .storage.atomic import atomic_write_bytes, cleanup_temp_files

if TYPE_CHECKING:  # pragma: no cover
    from .workspace import Workspace

PENDING = "ledger/pending.json"


class Pending:
    """The journal of one write in progress (the caller holds the lock)."""

    def __init__(self, ws: "Workspace", op: str, **data: Any) -> None:
        self.ws = ws
        self.path = ws.root / PENDING
        self.data: dict[str, Any] = {"op": op, "pid": os.getpid(), "records": [], **data}

    def add_record(self, record: dict[str, Any], manifest_size: int) -> None:
        """Say which raw file is about to be created, before it is."""
        if not self.data["records"]:
            self.data["manifest_size"] = manifest_size
        self.data["records"].append(record)
        self.save()

    def save(self) -> None:
        atomic_write_bytes(self.path, json.dumps(self.data, ensure_ascii=False, default=str).encode("utf-8"))

    def done(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)

    def rollback(self) -> int:
        """Undo the raw records this journal created (the command failed before acknowledging)."""
        removed = _rollback(self.ws, self.data)
        self.done()
        return removed


def _manifest_files(ws: "Workspace") -> set[str]:
    return {r.file for r in ws.raw.records()}


def _rollback(ws: "Workspace", data: dict[str, Any]) -> int:
    from .integrity import sha256_file

    removed = 0
    for rec in data.get("records", []):
        path = ws.root / rec["file"]
        if sha256_file(path) == rec["sha256"]:
            with contextlib.suppress(OSError):
                path.unlink()
                removed += 1
    size = data.get("manifest_size")
    manifest = ws.raw.manifest_path
    if isinstance(size, int) and manifest.exists() and manifest.stat().st_size > size:
        planned = {r["file"] for r in data.get("records", [])}
        tail = manifest.read_bytes()[size:]
        lines = [line for line in tail.split(b"\n") if line.strip()]
        ours = True
        for line in lines:
            try:
                ours = ours and json.loads(line).get("file") in planned
            except ValueError:
                pass  # a torn fragment of our own append
        if ours:
            with manifest.open("r+b") as fh:
                fh.truncate(size)
                os.fsync(fh.fileno())
    ws.raw._records, ws.raw._seen = None, (0, 0, 0)
    return removed


def _audited_records(ws: "Workspace", files: set[str]) -> set[str]:
    """Which of ``files`` already have their ``record`` audit entry (the recent end of the log)."""
    found: set[str] = set()
    for entry in ws.audit.tail(200):
        if entry.action == "record" and entry.target in files:
            found.add(entry.target)
    return found


def _complete(ws: "Workspace", data: dict[str, Any]) -> dict[str, int]:
    """Roll forward: every planned raw file that exists gets its manifest line and audit entry;
    for a ``claim.add``, the claims' audit entries too."""
    from .integrity import sha256_file
    from .layers.raw import RawRecord

    counts = {"records": 0, "claims": 0}
    known = _manifest_files(ws)
    present = []
    for rec in data.get("records", []):
        if sha256_file(ws.root / rec["file"]) != rec["sha256"]:
            continue  # never created (or not by this write): nothing to finish
        present.append(rec)
        if rec["file"] not in known:
            jsonl.append(ws.raw.manifest_path, RawRecord.model_validate(rec).model_dump(mode="json"))
    ws.raw._load(refresh=True)
    audited = _audited_records(ws, {r["file"] for r in present})
    changes = []
    for rec in present:
        if rec["file"] not in audited:
            changes.append((rec.get("actor", "user"), "record", rec["file"], [rec["file"], "ledger/raw.jsonl"],
                            {"topic": rec["topic"], "sha256": rec["sha256"], "size": rec["size"], "recovered": True}))
            counts["records"] += 1
    claim_ids = data.get("claims") or []
    if claim_ids:
        done = {e.target for e in ws.audit.tail(200) if e.action == "claim.add"}
        for cid in claim_ids:
            claim = ws.claims.find(cid)
            if claim is not None and cid not in done:
                changes.append((claim.actor, "claim.add", cid, ws.claims._paths(claim),
                                {"topic": claim.topic, "kind": claim.kind, "status": claim.status, "recovered": True}))
                counts["claims"] += 1
    if changes:
        ws.commit_changes(changes)
    return counts


def sync_claims_index(ws: "Workspace") -> None:
    """Bring the claims store's derived index up to its files (``sync_index``, when it has one):
    recovery must judge by what is stored, not by an index a killed writer left behind."""
    sync = getattr(ws.claims.store, "sync_index", None)
    if sync is not None:
        sync()


def finish_pending(ws: "Workspace") -> dict[str, Any] | None:
    path = ws.root / PENDING
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("records", []), list):
        # a journal cut short by the kill that interrupted its own write: nothing was created
        # after it (the raw file comes after the journal), so there is nothing to finish
        with contextlib.suppress(OSError):
            path.unlink()
        return {"op": "unknown", "outcome": "dropped"}
    op = data.get("op")
    outcome: dict[str, Any] = {"op": op}
    if op == "claim.add" and data.get("claims"):
        sync_claims_index(ws)
        stored = [cid for cid in data["claims"] if ws.claims.find(cid) is not None]
        if stored:
            outcome.update(outcome="completed", **_complete(ws, data))
        else:
            outcome.update(outcome="rolled_back", removed=_rollback(ws, data))
    else:
        outcome.update(outcome="completed", **_complete(ws, data))
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    return outcome


def audit_unaudited_writes(ws: "Workspace", paths: list[str], *,
                           why: str = "previous_writer_died_before_its_audit_entry") -> list[str]:
    """Files a killed writer replaced after its last audit entry (the lock noted them), or a
    writer that raised between a file and its audit entry (``Workspace._before_release``):
    record them as they are now, so verify holds them to what MyLife wrote (``recover.write``)."""
    from .integrity import digest_paths, recorded_digests, tracked

    root = str(ws.root.resolve())
    rels = set()
    for p in paths:
        try:
            rel = os.path.relpath(os.path.realpath(p), root).replace(os.sep, "/")
        except ValueError:
            continue
        if not rel.startswith("../") and tracked(rel):
            rels.add(rel)
    if not rels:
        return []
    now = digest_paths(ws.root, sorted(rels))
    recorded = recorded_digests(ws).files
    latest = {rel: recorded[rel][0] for rel in now if rel in recorded}  # absent: never recorded
    changed = sorted(rel for rel, sha in now.items() if latest.get(rel, "absent") != sha
                     and not (rel not in latest and sha is None))
    if changed:
        from . import clock
        from .layers.audit import AuditEntry

        ws._append_audit([AuditEntry(at=clock.now(), actor="system", action="recover.write", target=changed[0],
                                     detail={"files": changed, "why": why},
                                     files={rel: now[rel] for rel in changed})])
    return changed


def finish_last_record(ws: "Workspace") -> dict[str, Any] | None:
    """A writer died inside ``record`` (it was writing the manifest): the manifest's last line
    either has its file (then the record is complete but perhaps for its audit entry, which is
    added) or not (the kill came before the file appeared: the line is cut)."""
    from .integrity import sha256_file
    manifest = ws.raw.manifest_path
    try:
        data = manifest.read_bytes()
    except FileNotFoundError:
        return None
    if not data:
        return None
    start = data.rfind(b"\n", 0, len(data) - 1) + 1
    try:
        last = json.loads(data[start:])
        rel, sha = last["file"], last["sha256"]
    except (ValueError, KeyError, TypeError):
        return None
    if sha256_file(ws.root / rel) is None:
        ws.raw._cut_manifest(start)
        return {"file": rel, "outcome": "rolled_back"}
    if rel in _audited_records(ws, {rel}):
        return None
    ws.commit_changes([(last.get("actor", "user"), "record", rel, [rel, "ledger/raw.jsonl"],
                        {"topic": last.get("topic"), "sha256": sha, "size": last.get("size"), "recovered": True})])
    return {"file": rel, "outcome": "completed"}


def require_head_writable(ws: "Workspace") -> None:
    """Refuse every write up front when ``ledger/audit.head`` is not a regular file (a folder, a
    pipe): each write moves the head last, after its data and its audit entry, so it used to fail
    there (or wait forever on a pipe) with the note or the field already saved and audited, and
    the user told it had failed (a retry saved it twice). One ``lstat`` while there is none."""
    from .errors import DataFileError
    from .messages import t

    head = ws.audit.head_path
    if os.path.lexists(head) and not head.is_file():
        raise DataFileError(head, None, t("bad_file.not_regular"))
    ws.refuse_link_outside(head)  # moved in place (no rename): it would be written through


def recover_if_needed(ws: "Workspace", *, crashed: bool = False, paths: list[str] | None = None) -> dict[str, Any]:
    """Run with the lock held, right after taking it (see the module docstring)."""
    require_head_writable(ws)
    report: dict[str, Any] = {}
    pending = ws.root / PENDING
    if os.path.lexists(pending):
        report["pending"] = finish_pending(ws)
    if jsonl.ends_torn(ws.audit.path):
        ws._append_audit([])  # cuts the fragment and logs audit.repair
        report["audit_repaired"] = True
    if jsonl.ends_torn(ws.raw.manifest_path):
        ws.raw._repair_torn_manifest()
        report["manifest_repaired"] = True
    manifest = str(ws.raw.manifest_path.resolve())
    if crashed and "pending" not in report and any(os.path.realpath(p) == manifest for p in paths or []):
        finished = finish_last_record(ws)
        if finished:
            report["record"] = finished
    if crashed and any("/claims/" in p for p in paths or []):
        with contextlib.suppress(Exception):
            sync_claims_index(ws)
    if crashed and paths:
        written = audit_unaudited_writes(ws, paths)
        if written:
            report["unaudited_writes"] = written
    if crashed or report:
        swept = ws.cleanup()
    else:
        # a writer killed while staging a note (before the lock) is no crash of the lock's
        # holder: its staged copy is swept here, by the next lock (one small folder to list)
        swept = cleanup_temp_files(ws.raw.stage_dir)
    if swept:
        report["temp_files"] = swept
    if report or crashed:
        from . import clock
        from .layers.audit import AuditEntry

        detail = {k: v for k, v in report.items() if k != "audit_repaired"}
        if crashed:
            detail["previous_writer_died"] = True
        if detail:
            ws._append_audit([AuditEntry(at=clock.now(), actor="system", action="recover", target=".",
                                         detail=json.loads(json.dumps(detail, default=str)))])
    return report

"""``mylife verify``: is every word still where MyLife put it?

* every raw file in the manifest is present and unchanged (sha256), and no file appeared in
  ``raw/`` that MyLife did not record;
* every claim's pointer resolves and its lines still hash to ``excerpt_hash``;
* the YAML layers parse (a hand edit with a syntax error is named by file and line), and so do
  the user's word lists (``dict.txt``, ``synonyms.txt``) every search reads;
* L1–L4 and the audit log: the audit log's hash chain and head are intact, every file a MyLife
  write recorded still holds the digest recorded last, and no layer file appeared that MyLife
  never wrote (:mod:`mylife_core.integrity`); the manifest agrees with the ``record`` entries;
* plugins may add their own witnesses (``verify_workspace``; e.g. git history).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import DataFileError
from .messages import t
from .trace import SourceChecker

if TYPE_CHECKING:  # pragma: no cover
    from .workspace import Workspace


@dataclass
class Problem:
    kind: str  # raw_changed | raw_missing | raw_added | raw_unlisted | claim_source_changed | claim_source_missing | bad_file | manifest_torn | plugin
    # (warnings: audit_torn_tail | profile_below_min | profile_not_as_declared)
    message: str
    file: str | None = None
    claim_id: str | None = None
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass
class VerifyReport:
    raw_checked: int = 0
    claims_checked: int = 0
    files_checked: int = 0
    audit_entries: int = 0
    audit_chained: bool = False
    problems: list[Problem] = field(default_factory=list)
    #: findings that do not fail the check: nothing of the user's is damaged (a torn audit line an
    #: interrupted process left, a profile value below its dictionary's minimum)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "raw_checked": self.raw_checked, "claims_checked": self.claims_checked,
                "files_checked": self.files_checked, "audit_entries": self.audit_entries,
                "audit_chained": self.audit_chained, "problems": [p.to_json() for p in self.problems],
                "warnings": [p.to_json() for p in self.warnings]}


def _sha256(path: os.PathLike[str]) -> str | None:
    try:
        with open(path, "rb") as fh:
            return hashlib.file_digest(fh, "sha256").hexdigest() if hasattr(hashlib, "file_digest") \
                else hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return None


#: unlocked passes before a verify that keeps meeting concurrent writes holds the lock instead
UNLOCKED_PASSES = 3


def _write_mark(ws: "Workspace") -> tuple[int, int]:
    """What every durable write moves: the audit log's size (and the manifest's)."""
    marks = []
    for path in (ws.audit.path, ws.raw.manifest_path):
        try:
            marks.append(os.stat(path).st_size)
        except OSError:
            marks.append(-1)
    return marks[0], marks[1]


def verify(ws: "Workspace", progress: Callable[[str, int, int], None] | None = None) -> VerifyReport:
    """Check everything without making writers wait for the whole run.

    The lock is taken only for a moment at the start (taking it finishes what a killed writer
    left, :mod:`mylife_core.recovery`, and no write is half way at that moment, so the audit
    log's size marks a consistent point) and, when the pass found something, at the end: if no
    MyLife write happened in between (every durable write appends to the audit log before it
    lets the lock go), the findings are outside changes and are reported. If writes did happen,
    a finding may be one of them seen half way (a file already replaced, its audit entry not
    yet read), so the pass is run again; after :data:`UNLOCKED_PASSES` busy passes the last one
    holds the lock throughout, as every pass did before. A clean pass is reported at once: a
    write in progress cannot hide an outside change (it only ever adds audit entries)."""
    lock = ws.__dict__.get("_lock")
    if lock is not None and lock.held_here():  # the caller holds it: nothing can change under us
        return _verify(ws, progress)
    for _ in range(UNLOCKED_PASSES):
        with ws.lock_for_reading():  # a read-only workspace is verified without it
            before = _write_mark(ws)
        report = _verify(ws, progress)
        if report.ok:
            return report
        with ws.lock_for_reading():
            if _write_mark(ws) == before:
                return report
    with ws.lock_for_reading():
        return _verify(ws, progress)


def refused_kind(spec: Any, value: Any) -> str | None:
    """``"number"`` / ``"unit"`` when the dictionary entry ``spec`` declares the field ``numeric``
    or gives it a ``unit`` and ``value`` is neither (``abc``, ``很久``), else None."""
    from .layers.profile import number_of

    if spec is None or not (spec.numeric or spec.unit) or number_of(spec, value) is not None:
        return None
    return "unit" if spec.unit else "number"


def profile_below_min(ws: "Workspace") -> list[Problem]:
    """Profile values below the ``min`` of a loaded field dictionary's entry (by name or alias),
    and values that are no number or no quantity in its unit where it asks one (kind
    ``profile_not_as_declared``): ``profile set`` refuses them, but a hand edit, or a value
    written before the dictionary was installed, never went through it. Warnings naming
    ``profile.yaml:line``; nothing is rewritten."""
    from .layers.profile import below_min
    from .staleness.ttl import field_index, field_spec_for

    fields = ws.profile.load().fields
    index = field_index(ws) if fields else {}
    if not any(spec.min is not None or spec.numeric or spec.unit for spec in index.values()):
        return []
    from .shell import word
    from .staleness.render import command_prefix
    from .storage import yamlfile

    found: list[Problem] = []
    text: str | None = None
    for name, current in fields.items():
        spec = below_min(ws, name, current.value, index)
        declared = field_spec_for(ws, name, index)
        kind = refused_kind(declared, current.value) if spec is None else None
        if spec is None and kind is None:
            continue
        if text is None:
            try:
                text = yamlfile.read_text(ws.profile.path)
            except (OSError, DataFileError):
                text = ""
        line = yamlfile._line_of(text, ("fields", name, "value")) if text else None
        if kind is not None:  # text where the dictionary asks a number or a quantity in a unit
            what = t("s25b.verify.kind_unit", unit=declared.unit) if kind == "unit" else t("s25b.verify.kind_number")
            command = f"{command_prefix(ws.root)} profile set {word(name)} {t('verify.profile_below_min.value')}"
            found.append(Problem("profile_not_as_declared", t(
                "s25b.verify.profile_not_as_declared", file="profile.yaml", line=line or "?", name=name,
                value=current.value, plugin=ws.plugins.plugin_label(declared.plugin), field=declared.name, what=what,
                command=command), file="profile.yaml", line=line))
            continue
        low = int(spec.min) if float(spec.min).is_integer() else spec.min
        command = f"{command_prefix(ws.root)} profile set {word(name)} {t('verify.profile_below_min.value')}"
        found.append(Problem("profile_below_min", t("verify.profile_below_min", file="profile.yaml", line=line or "?",
                                                    name=name, value=current.value, plugin=ws.plugins.plugin_label(
                                                        spec.plugin), field=spec.name, min=low, command=command),
                             file="profile.yaml", line=line))
    return found


def _claims_in_other_store(ws: "Workspace", configured: set[str], add: Callable[[Problem], None]) -> None:
    """Claims in ``claims/`` (the files store) that the configured store lacks, when another store
    is configured: a write that went to the old store while the store was being switched (by a
    process that went by the configuration it had read before the switch). ``store migrate``
    leaves the old store's data in place, so claims there are expected; one the configured store
    does not have is a split. Cheap: the files store's own index; an external store that is not
    configured is not started for this."""
    if ws.config.store == "files" or not any((ws.root / "claims").glob("*.yaml")):
        return
    spec = ws.plugins.stores().get("files")
    if spec is None:
        return
    from .staleness.render import command_prefix

    prog = command_prefix(ws.root)
    store = spec.factory(ws)
    try:
        for claim in store.iter_all():
            if claim.id not in configured:
                paths = getattr(store, "paths_for", lambda c: [])(claim)
                add(Problem("claim_other_store", t("verify.claim_other_store", id=claim.id, store="files",
                                                   file=paths[0] if paths else "claims/", configured=ws.config.store,
                                                   text=claim.claim[:60], prog=prog),
                            claim_id=claim.id, file=paths[0] if paths else None))
    finally:
        store.close()


def misplaced_folders(ws: "Workspace") -> list[str]:
    """The folders of the layout (:data:`~mylife_core.workspace.LAYOUT_DIRS`) where something
    else stands: a file, or a symbolic link to nothing. Readers that find no folder find nothing
    in it (no sessions, no digests), so only ``verify`` looking for the folder itself names it."""
    from .workspace import LAYOUT_DIRS

    return [name for name in LAYOUT_DIRS
            if os.path.lexists(ws.root / name) and not (ws.root / name).is_dir()]


def _refuse_misplaced(path: "os.PathLike[str]") -> None:
    """Raise the reader's error for ``path``, which is not the folder it should be."""
    from pathlib import Path

    path = Path(path)
    if path.is_symlink() and not path.exists():
        raise DataFileError(path, None, t("s23c.bad_file.broken_link", target=os.readlink(path)))
    raise DataFileError(path, None, t("bad_file.not_folder"))


def _verify(ws: "Workspace", progress: Callable[[str, int, int], None] | None = None) -> VerifyReport:
    report = VerifyReport()
    add = report.problems.append

    def guard(fn: Callable[[], Any]) -> bool:
        try:
            fn()
            return True
        except (DataFileError, OSError) as exc:
            from .errors import misplaced

            bad = exc if isinstance(exc, DataFileError) else misplaced(exc)
            if bad is None:
                raise
            add(Problem("bad_file", bad.render().splitlines()[0], file=str(bad.path), line=bad.line))
            return False

    from .integrity import check_audit

    for name in misplaced_folders(ws):  # a file where a layer folder belongs (sessions/, digest/ ...)
        guard(lambda name=name: _refuse_misplaced(ws.root / name))
    from .integrity import links_outside

    for link, target in links_outside(ws.root):  # every write there is refused: say so before one is
        bad = DataFileError(link, None, t("s24c.bad_file.link_outside", target=target))
        add(Problem("bad_file", bad.render().splitlines()[0], file=str(link)))
    if guard(lambda: ws.profile.reload()):
        guard(lambda: report.warnings.extend(profile_below_min(ws)))  # a dictionary file may be bad
    guard(lambda: ws.index.reload())
    from .pipeline.proposals import Proposals

    guard(lambda: Proposals(ws).all())  # index/proposals.yaml: what every proposal command reads first
    # the user's word lists, which recall, ask and every search read first (parsed only: no segmenter)
    from .search.segment import DICT_FILE, read_dict_file
    from .search.synonyms import SYNONYMS_FILE, read_synonyms_file

    guard(lambda: read_dict_file(ws.root / DICT_FILE))
    guard(lambda: read_synonyms_file(ws.root / SYNONYMS_FILE))

    # L1–L4 and the audit log: hash chain, head, newest digest of every file
    audit = check_audit(ws)
    report.audit_chained, report.audit_entries, report.files_checked = audit.chained, audit.entries, audit.files_checked
    for p in audit.problems:
        add(Problem(p["kind"], p["message"], file=p.get("file"), line=p.get("line")))
    for p in audit.warnings:
        report.warnings.append(Problem(p["kind"], p["message"], file=p.get("file"), line=p.get("line")))

    # L0: manifest vs files
    manifest_ok = guard(lambda: ws.raw.records())
    if manifest_ok:
        records = ws.raw.records()
        if ws.raw.manifest_torn:
            add(Problem("manifest_torn", t("verify.manifest_torn", file="ledger/raw.jsonl"), file="ledger/raw.jsonl"))
        known = {r.file for r in records}
        if progress and records:
            progress("raw", 0, len(records))
        for i, rec in enumerate(records, start=1):
            actual = _sha256(ws.root / rec.file)
            if actual is None:
                add(Problem("raw_missing", t("verify.raw_missing", file=rec.file), file=rec.file))
            elif actual != rec.sha256:
                add(Problem("raw_changed", t("verify.raw_changed", file=rec.file, expected=rec.sha256[:12],
                                              actual=actual[:12]), file=rec.file))
            audited = audit.record_entries.get(rec.file)
            if audited is None:
                if audit.record_entries or audit.chained:
                    add(Problem("raw_unaudited", t("verify.raw_unaudited", file=rec.file), file=rec.file))
            elif audited[0] != rec.sha256 or (audited[1] is not None and audited[1] != rec.size):
                add(Problem("manifest_changed", t("verify.manifest_changed", file=rec.file), file=rec.file))
            if progress and i % 1000 == 0:
                progress("raw", i, len(records))
        report.raw_checked = len(records)
        # every note the audit log says MyLife recorded must be in the manifest: a note removed
        # together with its manifest line (or the whole manifest gone) is named, not passed
        for rel, (_sha, _size, line) in sorted(audit.record_entries.items()):
            if rel not in known:
                gone = not os.path.lexists(ws.root / rel)
                add(Problem("raw_unlisted", t("s22f.verify.raw_unlisted_gone" if gone else "s22f.verify.raw_unlisted",
                                              file=rel, line=line), file=rel))
        raw_dir = ws.root / "raw"
        if raw_dir.is_dir():
            for entry in sorted(os.scandir(raw_dir), key=lambda e: e.name):
                rel = f"raw/{entry.name}"
                if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                    continue  # an interrupted write's temp file, never a record
                if rel not in known and rel not in audit.record_entries:
                    add(Problem("raw_added", t("verify.raw_added", file=rel), file=rel))

    # L2: every pointer resolves and matches its hash
    checker = SourceChecker(ws)
    configured_ids: set[str] = set()
    claims_read = False

    def check_claims() -> None:
        nonlocal claims_read
        total = sum(ws.claims.counts().get("status", {}).values())
        for i, claim in enumerate(ws.claims.iter_all(), start=1):
            configured_ids.add(claim.id)
            if claim.provenance:
                result = checker.check(claim)
                if result.state == "source_changed":
                    add(Problem("claim_source_changed", t("verify.claim_source_changed", id=claim.id,
                                                          pointer=claim.provenance),
                                claim_id=claim.id, file=claim.provenance))
                elif result.state == "source_missing":
                    add(Problem("claim_source_missing", t("verify.claim_source_missing", id=claim.id,
                                                          pointer=claim.provenance, reason=result.reason),
                                claim_id=claim.id, file=claim.provenance))
            report.claims_checked = i
            if progress and i % 5000 == 0:
                progress("claims", i, total)
        claims_read = True

    guard(check_claims)
    if claims_read:
        guard(lambda: _claims_in_other_store(ws, configured_ids, add))

    for _plugin, problems in ws.plugins.verify_workspace(ws):
        for item in problems:
            add(Problem(item.get("kind", "plugin"), item["message"], file=item.get("file")))
    return report

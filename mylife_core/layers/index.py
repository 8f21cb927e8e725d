"""L4, the index: chains from every conclusion back to the user's words, and topic branches.

* **chains** (docs/design.md#chains): one per answered question; each conclusion names the claims it rests
  on, and each link records the claim's digest paragraph and raw pointer + hash at the time, so
  ``mylife trace`` can explain a past answer even after the workspace moved on. They live in
  append-only month files ``index/chains/YYYY-MM.jsonl`` (one chain a line, by the date in its
  id): recording an answer appends one line and never rewrites the others, reading one chain
  reads one line, and a lifetime of answers costs a write or a ``status`` nothing more.
* **branches** (docs/design.md#branches): topic branches split off a conversation (open | merged |
  abandoned), few and updated in place, in ``index.yaml``.

Workspaces from before kept their chains in ``index.yaml`` too: those are read from there until
the first write to the index moves them into the month files (none lost, none twice).
"""

from __future__ import annotations

import json
import os
import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from ..errors import DataFileError, NotFound
from ..storage import jsonl, yamlfile

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from ..workspace import Workspace

HEADER = ("# MyLife L4 index (docs/design.md#layers): topic branches. Conclusion chains are in index/chains/ "
          "(one JSON line each, by month).\n")
CHAINS_DIR = "index/chains"
_CHAIN_ID = re.compile(r"^chain-(\d{4})-(\d{2})-\d{2}-\d+$")
_SHARD = re.compile(r"^(\d{4})-(\d{2})\.jsonl$")


class ChainLink(BaseModel):
    model_config = ConfigDict(extra="forbid")
    claim_id: str
    digest: str | None = None  # "digest/职业去留.md#P2"
    provenance: str | None = None  # "raw/2026-01-15-career.md#L3"
    excerpt_hash: str | None = None
    verified: bool = True  # the hash matched when the chain was recorded


class Conclusion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str
    claim_ids: list[str] = Field(default_factory=list)
    role: Literal["judgment", "question", "premise_to_retire", "competing", "statement"] = "judgment"
    stale_inputs: list[str] = Field(default_factory=list)  # fields used with a stale value kept by the user
    weight: float = 1.0


class Chain(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str  # "chain-2026-03-01-001"
    question: str
    asked_at: datetime
    decision: str | None = None
    topic: str | None = None
    mode: Literal["offline", "model"] = "offline"
    model: str | None = None
    conclusions: list[Conclusion] = Field(default_factory=list)
    links: list[ChainLink] = Field(default_factory=list)
    unsupported: list[str] = Field(default_factory=list)  # sentences refused for lack of a chain
    stale_kept: list[str] = Field(default_factory=list)
    session: str | None = None


class Handoff(BaseModel):
    """The handoff sheet a closed branch brings back to its parent (docs/design.md#handoff)."""

    model_config = ConfigDict(extra="forbid")
    topic: str
    question_answered: str
    conclusion: str
    new_claims_added: list[str] = Field(default_factory=list)
    changed_fields: list[str] = Field(default_factory=list)
    competing_evidence: list[str] = Field(min_length=1)
    open_questions: list[str] = Field(default_factory=list)
    impact_on_parent_topic: str = Field(min_length=1)

    @field_validator("competing_evidence")
    @classmethod
    def _says_something(cls, v: list[str]) -> list[str]:
        # required and non-empty means every item says something (docs/design.md#handoff); the chat's
        # checks give the user the Chinese explanation (mylife_core.chat.handoff)
        if any(not item.strip() for item in v):
            raise ValueError("competing_evidence items must not be blank")
        return v

    @field_validator("impact_on_parent_topic", "conclusion", "question_answered")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be blank")
        return v


class Branch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str  # "br-2026-03-01-01"
    topic: str
    parent_topic: str | None = None
    status: Literal["open", "merged", "abandoned"] = "open"
    opened_at: datetime
    closed_at: datetime | None = None
    conclusion_ref: str | None = None  # "claims/2026-03.yaml#claim-2026-03-01-011" or a chain id
    mode: Literal["fork", "fresh"] = "fork"
    question: str | None = None
    session: str | None = None
    parent_session: str | None = None
    handoff: Handoff | None = None


class IndexFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chains: list[Chain] = Field(default_factory=list)
    branches: list[Branch] = Field(default_factory=list)


_ADAPTER = TypeAdapter(IndexFile)


_CHAIN = TypeAdapter(Chain)


class IndexLayer:
    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.path = ws.root / "index.yaml"
        self.chains_dir = ws.root / CHAINS_DIR
        self.cache_path = ws.cache_dir / "index.json"  # a fast copy, see yamlfile.load_cached
        self._data: IndexFile | None = None
        self._identity: tuple[int, ...] | None = None

    def _file(self) -> IndexFile:
        """``index.yaml`` as stored: the branches, and chains not yet moved to the month files.
        Re-read when another process replaced it since (one ``stat``: :func:`yamlfile.identity`)."""
        identity = yamlfile.identity(self.path)
        if self._data is None or identity is None or identity != self._identity:
            self._data = yamlfile.load_cached(self.path, _ADAPTER, self.cache_path,
                                              default={"chains": [], "branches": []})
            self._identity = identity
        return self._data

    def load(self) -> IndexFile:
        """Everything: every chain (month files, then any still in ``index.yaml``) and the
        branches. Reads every chain: ``verify`` uses it; commands use the narrower calls."""
        data = self._file()
        stored = self._all_shard_chains()
        seen = {c.id for c in stored}  # a move interrupted half way: the month file's copy counts
        return IndexFile(chains=[*stored, *(c for c in data.chains if c.id not in seen)], branches=data.branches)

    def reload(self) -> IndexFile:
        self._data = None
        return self.load()

    def _read_truth(self) -> IndexFile:
        """What every writer starts from, under the lock: the file's bytes as they are now. Its
        parsed copy in ``cache/`` is used only when it was made from exactly these bytes (sha256,
        sealed), so a derived copy can never be written back over the truth."""
        identity = yamlfile.identity(self.path)
        self._data = yamlfile.load_cached(self.path, _ADAPTER, self.cache_path, default={"chains": [], "branches": []})
        self._identity = identity
        return self._data

    def _save(self, data: IndexFile) -> None:
        written = yamlfile.save(self.path, data.model_dump(mode="python", exclude_none=True), header=HEADER)
        yamlfile.store_cache(written, _ADAPTER, data, self.cache_path)
        self._data, self._identity = data, yamlfile.identity(self.path)

    def create(self) -> None:
        """Write the empty index (``mylife init``; the caller holds the lock)."""
        self._save(IndexFile())

    # -- chain month files ------------------------------------------------------------------
    def shard_for(self, chain_id: str, asked_at: datetime | None = None) -> Path | None:
        match = _CHAIN_ID.match(chain_id)
        if match:
            return self.chains_dir / f"{match[1]}-{match[2]}.jsonl"
        if asked_at is not None:
            return self.chains_dir / f"{asked_at.year:04d}-{asked_at.month:02d}.jsonl"
        return None

    def _shards(self) -> list[Path]:
        try:
            names = sorted(e.name for e in os.scandir(self.chains_dir) if _SHARD.match(e.name))
        except FileNotFoundError:
            return []
        return [self.chains_dir / name for name in names]

    def _read_shard(self, path: Path) -> list[Chain]:
        records, _torn = jsonl.read(path)  # a torn last line (a killed append) holds no chain
        out = []
        for number, obj in enumerate(records, start=1):
            try:
                out.append(_CHAIN.validate_python(obj))
            except ValidationError as exc:
                from ..storage.describe import validation_problem

                raise DataFileError(path, _line_number(path, number), validation_problem(exc)[1]) from None
        return out

    def _all_shard_chains(self) -> list[Chain]:
        return [chain for path in self._shards() for chain in self._read_shard(path)]

    def _find_in_shard(self, path: Path, chain_id: str) -> Chain | None:
        """The chain ``chain_id`` in ``path``: its line is found by a byte search, one line parsed."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        needle = b'"id":' + json.dumps(chain_id, ensure_ascii=False).encode("utf-8") + b","
        at = data.rfind(needle)
        if at >= 0:
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            if end >= 0:
                try:
                    chain = _CHAIN.validate_json(data[start:end])
                    if chain.id == chain_id:
                        return chain
                except ValidationError:
                    pass  # the full read below names the file and line
        return next((c for c in reversed(self._read_shard(path)) if c.id == chain_id), None)

    def _ids_in(self, path: Path) -> set[str]:
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return set()
        return {m.decode() for m in re.findall(rb'^\{"id":"([^"\\]+)"', data, re.M)}

    def _append(self, path: Path, chains: list[Chain]) -> None:
        from ..storage.atomic import ensure_private_dir

        ensure_private_dir(path.parent)
        # a killed append left a fragment (it never held a chain: cut), or a whole line lacks its newline (kept)
        if jsonl.ends_torn(path):
            dropped = jsonl.repair_tail(path)
            self.ws.audit_only("system", "index.repair", self.ws.rel(path),
                               detail={"dropped_bytes": dropped} if dropped else {"newline_added": True})
        jsonl.append_many(path, [c.model_dump(mode="json", exclude_none=True) for c in chains])

    def _migrate(self) -> list[str]:
        """Move chains still in ``index.yaml`` to the month files (lock held). Appends first,
        then rewrites ``index.yaml`` without them; a chain already in its month file (a move
        interrupted before) is not added twice. Returns the paths written."""
        data = self._read_truth()
        legacy = data.chains
        if not legacy:
            return []
        groups: dict[Path, list[Chain]] = {}
        for chain in legacy:
            groups.setdefault(self.shard_for(chain.id, chain.asked_at), []).append(chain)  # type: ignore[arg-type]
        written = []
        for path, chains in sorted(groups.items()):
            have = self._ids_in(path)
            todo = [c for c in chains if c.id not in have]
            if todo:
                self._append(path, todo)
            written.append(self.ws.rel(path))
        self._save(IndexFile(chains=[], branches=data.branches))
        self.ws.commit_change("system", "index.migrate", "index.yaml", paths=["index.yaml", *written],
                              detail={"chains": len(legacy)})
        return written

    # -- chains ---------------------------------------------------------------------------------
    def chains(self) -> list[Chain]:
        return self.load().chains

    def recent_questions(self, limit: int) -> list[tuple[str, str | None]]:
        """``(question, topic)`` of the newest chains, each pair once, at most ``limit``: the
        month files read newest first, and only as many as it takes."""
        def newest() -> "Iterator[Chain]":
            for path in reversed(self._shards()):
                yield from sorted(self._read_shard(path), key=lambda c: c.asked_at, reverse=True)
            yield from sorted(self._file().chains, key=lambda c: c.asked_at, reverse=True)  # not moved yet

        out: dict[tuple[str, str | None], None] = {}
        for chain in newest():
            out.setdefault((chain.question, chain.topic))
            if len(out) >= limit:
                break
        return list(out)

    def count_chains(self) -> int:
        """How many chains exist (lines counted, none parsed)."""
        legacy = self._file().chains
        n = len(legacy)
        if legacy:  # not moved yet (or a move interrupted half way: count each chain once)
            paths = {self.shard_for(c.id, c.asked_at) for c in legacy}
            moved = set().union(*(self._ids_in(p) for p in paths if p is not None))
            n -= sum(1 for c in legacy if c.id in moved)
        for path in self._shards():
            data = path.read_bytes()
            complete = data[: data.rfind(b"\n") + 1]
            n += sum(1 for line in complete.split(b"\n") if line.strip())
        return n

    def chain(self, chain_id: str) -> Chain:
        path = self.shard_for(chain_id)
        found = self._find_in_shard(path, chain_id) if path is not None else None
        if found is None:
            found = next((c for c in self._file().chains if c.id == chain_id), None)
        if found is None and path is None:  # an id of another shape: look everywhere
            found = next((c for c in self._all_shard_chains() if c.id == chain_id), None)
        if found is None:
            raise NotFound("chain_not_found", id=chain_id)
        return found

    def require_chain_writable(self, asked_at: datetime, *, instead: tuple[str, dict] | None = None) -> None:
        """Refuse (:class:`~mylife_core.errors.NotWritable`, exit 12) when a chain asked at
        ``asked_at`` could not be recorded (:meth:`add_chain`: its month file, the audit log, the
        workspace lock), found without writing (:func:`~mylife_core.storage.writable.probe`); a
        caller that shows the answer, and its chain's id, checks this before showing anything."""
        from ..storage import writable

        writable.require([self.shard_for("", asked_at), self.ws.audit.path,  # type: ignore[list-item]
                          self.ws.cache_dir / "locks" / "write.lock"], instead=instead)

    def add_chain(self, chain: Chain, *, actor: str = "user") -> Chain:
        with self.ws.lock():
            self._migrate()
            if not chain.id:
                prefix = f"chain-{chain.asked_at.date().isoformat()}-"
                path = self.shard_for("", chain.asked_at)
                taken = [i for i in self._ids_in(path) if i.startswith(prefix)]  # type: ignore[arg-type]
                seq = 1 + max((int(i.rsplit("-", 1)[1]) for i in taken if i.rsplit("-", 1)[1].isdigit()), default=0)
                chain = chain.model_copy(update={"id": f"{prefix}{seq:03d}"})
            path = self.shard_for(chain.id, chain.asked_at)
            self._append(path, [chain])  # type: ignore[arg-type]
            self.ws.commit_change(actor, "index.chain", chain.id, paths=[self.ws.rel(path)],  # type: ignore[arg-type]
                                  detail={"question": chain.question, "claims": len(chain.links)})
        return chain

    # -- branches -------------------------------------------------------------------------------
    def branches(self, status: str | None = None) -> list[Branch]:
        return [b for b in self._file().branches if status is None or b.status == status]

    def branch(self, branch_id: str) -> Branch:
        for branch in self._file().branches:
            if branch.id == branch_id:
                return branch
        raise NotFound("branch_not_found", id=branch_id)

    def add_branch(self, branch: Branch, *, actor: str = "user") -> Branch:
        with self.ws.lock():
            self._migrate()
            data = self._read_truth()
            if not branch.id:
                prefix = f"br-{branch.opened_at.date().isoformat()}-"
                seq = 1 + max((int(b.id.rsplit("-", 1)[1]) for b in data.branches if b.id.startswith(prefix)), default=0)
                branch = branch.model_copy(update={"id": f"{prefix}{seq:02d}"})
            self._save(data.model_copy(update={"branches": [*data.branches, branch]}))
            self.ws.commit_change(actor, "branch.open", branch.id, paths=["index.yaml"],
                                  detail={"topic": branch.topic, "parent_topic": branch.parent_topic})
        return branch

    def update_branch(self, branch_id: str, *, actor: str = "user", action: str = "branch.update",
                      **changes: Any) -> Branch:
        with self.ws.lock():
            self._migrate()
            data = self._read_truth()
            branches = list(data.branches)
            for i, b in enumerate(branches):
                if b.id == branch_id:
                    branches[i] = Branch.model_validate({**b.model_dump(), **changes})
                    break
            else:
                raise NotFound("branch_not_found", id=branch_id)
            self._save(data.model_copy(update={"branches": branches}))
            self.ws.commit_change(actor, action, branch_id, paths=["index.yaml"],
                                  detail={k: v for k, v in changes.items() if k in ("status",)})
        return branches[i]


def _line_number(path: Path, record_number: int) -> int | None:
    """The file line of the ``record_number``-th non-blank line (blank lines are skipped)."""
    try:
        seen = 0
        for number, line in enumerate(path.read_bytes().split(b"\n"), start=1):
            if line.strip():
                seen += 1
                if seen == record_number:
                    return number
    except OSError:
        return None
    return None

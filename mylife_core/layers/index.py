"""L4, the index: chains from every conclusion back to the user's words, and topic branches.

``index.yaml`` holds two lists (seed §3.2 L4, §5.3d):

* ``chains``: one per answered question; each conclusion names the claims it rests on, and
  each link records the claim's digest paragraph and raw pointer + hash at the time, so
  ``mylife trace`` can explain a past answer even after the workspace moved on;
* ``branches``: topic branches split off a conversation (open | merged | abandoned).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from ..errors import NotFound
from ..storage import yamlfile

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

HEADER = "# MyLife L4 index (seed §3.2): conclusion -> claim -> digest -> raw chains, and topic branches.\n"


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
    """The seed §5.3e handoff sheet a closed branch brings back to its parent."""

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
        # required and non-empty means every item says something (seed §5.3e); the chat's
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


class IndexLayer:
    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.path = ws.root / "index.yaml"
        self.cache_path = ws.cache_dir / "index.json"  # a fast copy, see yamlfile.load_cached
        self._data: IndexFile | None = None

    def load(self) -> IndexFile:
        if self._data is None:
            self._data = yamlfile.load_cached(self.path, _ADAPTER, self.cache_path,
                                              default={"chains": [], "branches": []})
        return self._data

    def reload(self) -> IndexFile:
        self._data = None
        return self.load()

    def _read_truth(self) -> IndexFile:
        """What every writer starts from, under the lock: the file's bytes as they are now. Its
        parsed copy in ``cache/`` is used only when it was made from exactly these bytes (sha256,
        sealed), so a derived copy can never be written back over the truth."""
        self._data = yamlfile.load_cached(self.path, _ADAPTER, self.cache_path, default={"chains": [], "branches": []})
        return self._data

    def _save(self, data: IndexFile) -> None:
        written = yamlfile.save(self.path, data.model_dump(mode="python", exclude_none=True), header=HEADER)
        yamlfile.store_cache(written, _ADAPTER, data, self.cache_path)
        self._data = data

    # -- chains ---------------------------------------------------------------------------------
    def chains(self) -> list[Chain]:
        return self.load().chains

    def chain(self, chain_id: str) -> Chain:
        for chain in self.chains():
            if chain.id == chain_id:
                return chain
        raise NotFound("chain_not_found", id=chain_id)

    def add_chain(self, chain: Chain, *, actor: str = "user") -> Chain:
        with self.ws.lock():
            data = self._read_truth()
            if not chain.id:
                prefix = f"chain-{chain.asked_at.date().isoformat()}-"
                seq = 1 + max((int(c.id.rsplit("-", 1)[1]) for c in data.chains if c.id.startswith(prefix)), default=0)
                chain = chain.model_copy(update={"id": f"{prefix}{seq:03d}"})
            self._save(data.model_copy(update={"chains": [*data.chains, chain]}))
            self.ws.commit_change(actor, "index.chain", chain.id, paths=["index.yaml"],
                                  detail={"question": chain.question, "claims": len(chain.links)})
        return chain

    # -- branches -------------------------------------------------------------------------------
    def branches(self, status: str | None = None) -> list[Branch]:
        return [b for b in self.load().branches if status is None or b.status == status]

    def branch(self, branch_id: str) -> Branch:
        for branch in self.load().branches:
            if branch.id == branch_id:
                return branch
        raise NotFound("branch_not_found", id=branch_id)

    def add_branch(self, branch: Branch, *, actor: str = "user") -> Branch:
        with self.ws.lock():
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

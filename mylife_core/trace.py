"""L4 tracing: from a claim (or a past answer's chain) back to the user's own words.

claim -> digest paragraph (when one cites it) -> ``raw/FILE#Lnn`` -> the exact lines, with the
hash recorded at the time compared to the file now. A mismatch is "source changed:
re-evaluate" (docs/design.md#provenance): the claim may no longer say what the user said.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from .errors import MyLifeError
from .layers.claims import Claim
from .layers.digest import Paragraph
from .provenance import Pointer, excerpt_bytes, hash_excerpt, shown_lines, split_lines

if TYPE_CHECKING:  # pragma: no cover
    from .layers.index import Chain
    from .workspace import Workspace

State = Literal["ok", "source_changed", "source_missing", "no_pointer"]


@dataclass
class SourceCheck:
    state: State
    actual_hash: str | None = None
    lines: list[tuple[int, str]] = field(default_factory=list)
    reason: str | None = None


@dataclass
class ClaimTrace:
    claim: Claim
    check: SourceCheck
    digest: list[Paragraph] = field(default_factory=list)
    successor: str | None = None
    #: who wrote the raw lines, when a model did (``model via MCP``): not the user's words
    model_wrote: str | None = None

    @property
    def ok(self) -> bool:
        return self.check.state == "ok"

    @property
    def levels(self) -> list[str]:
        """The levels the chain has, claim first: a digest level only when a digest cites the
        claim (a claim no digest cites points at the raw lines directly), a raw level only
        when the claim has a pointer."""
        return ["claim", *(["digest"] if self.digest else []), *(["raw"] if self.claim.provenance else [])]

    def to_json(self) -> dict:
        c = self.claim
        return {
            "claim": c.model_dump(mode="json"),
            "levels": self.levels,
            "cited_by_digest": bool(self.digest),
            "digest": [{"ref": p.ref, "lines": [p.start_line, p.end_line], "text": p.text} for p in self.digest],
            "raw": {
                "pointer": c.provenance,
                "lines": [{"line": n, "text": s} for n, s in self.check.lines],
                "expected_hash": c.excerpt_hash,
                "actual_hash": self.check.actual_hash,
                "written_by_model": self.model_wrote,
            },
            "state": self.check.state,
            "ok": self.ok,
        }


class SourceChecker:
    """Checks claims against L0, reading each raw file once (a small LRU of file contents)."""

    def __init__(self, ws: "Workspace", cache_size: int = 256) -> None:
        self.ws = ws
        self.cache_size = cache_size
        self._cache: dict[str, bytes | None] = {}

    def _read(self, file: str) -> bytes | None:
        if file in self._cache:
            data = self._cache.pop(file)
            self._cache[file] = data
            return data
        try:
            data = self.ws.raw.path_of(file).read_bytes()
        except OSError:
            data = None
        self._cache[file] = data
        if len(self._cache) > self.cache_size:
            self._cache.pop(next(iter(self._cache)))
        return data

    def check(self, claim: Claim, *, with_lines: bool = False) -> SourceCheck:
        if not claim.provenance:
            return SourceCheck("no_pointer")
        try:
            pointer = Pointer.parse(claim.provenance)
        except MyLifeError:
            return SourceCheck("source_missing", reason=_t("trace.reason.malformed"))
        data = self._read(pointer.file)
        if data is None:
            return SourceCheck("source_missing", reason=_t("trace.reason.file_missing"))
        excerpt = excerpt_bytes(data, pointer)
        if excerpt is None:
            return SourceCheck("source_missing", reason=_t("trace.reason.too_short", n=len(split_lines(data))))
        actual = hash_excerpt(excerpt)
        lines = []
        if with_lines:
            lines = shown_lines(excerpt, pointer.start)  # the words (no BOM, no CRLF's \r); hashed as they are
        state: State = "ok" if actual == claim.excerpt_hash else "source_changed"
        return SourceCheck(state, actual, lines)


def model_wrote(ws: "Workspace", claim: Claim) -> str | None:
    """The actor (or source) of the raw record a claim points at, when a model wrote it."""
    return lines_model_wrote(ws, claim.provenance)


def lines_model_wrote(ws: "Workspace", provenance: str | None) -> str | None:
    """The actor (or source) of the raw record ``provenance`` points at, when a model wrote it
    (:attr:`~mylife_core.layers.raw.RawRecord.by_model`): a claim's lines, a profile proposal's."""
    if not provenance:
        return None
    try:
        file = Pointer.parse(provenance).file
    except MyLifeError:
        return None
    rec = ws.raw.get(file) if file in ws.raw.model_files() else None
    if rec is None:
        return None
    return rec.actor if rec.actor != "user" else rec.source


def model_lines(ws: "Workspace", provenance: str | None) -> dict[str, Any] | None:
    """The lines ``provenance`` points at, when a model wrote them (:func:`lines_model_wrote`):
    ``{"actor", "pointer", "lines"}`` (``lines``: (number, text) as in ``raw/`` now, empty when
    they are gone), else None. What every second question before a model's words become the
    user's quotes: a proposal (``proposal accept``, chat), a candidate claim (``claim accept``)."""
    actor = lines_model_wrote(ws, provenance)
    if actor is None:
        return None
    try:
        pointer = Pointer.parse(str(provenance))
        lines = shown_lines(ws.raw.resolve(pointer), pointer.start)
    except (MyLifeError, OSError):
        lines = []
    return {"actor": actor, "pointer": str(provenance), "lines": lines}


def trace_claim(ws: "Workspace", claim_id: str, checker: SourceChecker | None = None) -> ClaimTrace:
    claim = ws.claims.get(claim_id)
    check = (checker or SourceChecker(ws)).check(claim, with_lines=True)
    return ClaimTrace(claim=claim, check=check, digest=ws.digests.citing(claim.id, claim.topic),
                      successor=claim.superseded_by, model_wrote=model_wrote(ws, claim))


@dataclass
class ChainTrace:
    chain: "Chain"
    claims: dict[str, ClaimTrace | None]

    def to_json(self) -> dict:
        return {"chain": self.chain.model_dump(mode="json"),
                "claims": {cid: (tr.to_json() if tr else None) for cid, tr in self.claims.items()}}


def trace_chain(ws: "Workspace", chain_id: str) -> ChainTrace:
    chain = ws.index.chain(chain_id)
    checker = SourceChecker(ws)
    traces: dict[str, ClaimTrace | None] = {}
    for link in chain.links:
        claim = ws.claims.find(link.claim_id)
        traces[link.claim_id] = None if claim is None else ClaimTrace(
            claim=claim, check=checker.check(claim, with_lines=True),
            digest=ws.digests.citing(claim.id, claim.topic), successor=claim.superseded_by,
            model_wrote=model_wrote(ws, claim))
    return ChainTrace(chain, traces)


def _t(key: str, **params) -> str:
    from .messages import t

    return t(key, **params)

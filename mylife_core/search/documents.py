"""What gets indexed: one search document per raw line, per claim, per digest paragraph.

Raw notes are indexed line by line so that a hit names ``raw/FILE#Lnn`` and shows the user's
exact line; each line also carries its neighbours and the record's topic as a weaker
*context* field, so a short line ("还是算了") can be found through what surrounds it while a
line that itself says the words ranks first. Claims are indexed with their topic and context;
digest paragraphs (``digest/<topic>.md#P2``) with their topic.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..workspace import Workspace

LAYERS = ("raw", "digest", "claims")
_RAW_DATE = re.compile(r"^raw/(\d{4}-\d{2}-\d{2})-")
_CITE = re.compile(r"\[claim-\d{4}-\d{2}-\d{2}-\d+\]")
CONTEXT_CHARS = 120  # how much of each neighbouring line goes into the context field


@dataclass
class SearchDoc:
    uid: str  # the hit's ref: "raw/F.md#L3", "claim-2026-01-15-001", "digest/T.md#P2"
    layer: str
    file: str  # raw or digest file (deletion key); the claim id for claims
    topic: str
    text: str  # the full line / claim / paragraph, as the user or model wrote it
    context: str  # neighbours, topic, claim context: matched with a lower weight
    day: date
    kind: str = ""
    status: str = ""
    provenance: str = ""
    # the pieces ``context`` is made of, when it is their join: an index build segments each
    # line of a note once and reuses it as its neighbours' context (cutting is additive over
    # the spaces between pieces)
    context_parts: tuple[str, ...] = ()


def raw_date(file: str) -> date | None:
    match = _RAW_DATE.match(file)
    if not match:
        return None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        return None


def raw_docs(file: str, data: bytes, topic: str, day: date) -> list[SearchDoc]:
    """One document per non-blank line; line numbers as :mod:`mylife_core.provenance` counts."""
    from ..provenance import split_lines

    lines = [line.decode("utf-8", errors="replace").rstrip("\r") for line in split_lines(data)]
    docs = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        after = next((lines[j] for j in range(i + 1, len(lines)) if lines[j].strip()), "")
        parts = tuple(x for x in (topic, before[-CONTEXT_CHARS:], after[:CONTEXT_CHARS]) if x)
        docs.append(SearchDoc(uid=f"{file}#L{i + 1}", layer="raw", file=file, topic=topic, text=line,
                              context=" ".join(parts), day=day, context_parts=parts))
    return docs


def claim_doc(claim: "Claim") -> SearchDoc:
    context = " ".join(x for x in (claim.topic, claim.context or "") if x)
    return SearchDoc(uid=claim.id, layer="claims", file=claim.id, topic=claim.topic, text=claim.claim,
                     context=context, day=claim.occurred_at, kind=claim.kind, status=claim.status,
                     provenance=claim.provenance or "")


def digest_docs(ws: "Workspace", path) -> list[SearchDoc]:
    from ..layers.digest import split_paragraphs

    rel = ws.rel(path)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
        day = datetime.fromtimestamp(path.stat().st_mtime).date()
    except FileNotFoundError:
        return []
    topic = _digest_topic(text) or path.stem
    docs = []
    for para in split_paragraphs(text, rel):
        body = para.text.strip()
        if body.startswith("#") and "\n" not in body:  # a heading alone: fold into the context
            continue
        docs.append(SearchDoc(uid=para.ref, layer="digest", file=rel, topic=topic, text=body,
                              context=topic, day=day))
    return docs


def _digest_topic(text: str) -> str | None:
    if not text.startswith("---"):
        return None
    for line in text.split("\n")[1:40]:
        if line.strip() == "---":
            break
        if line.startswith("topic:"):
            return line.split(":", 1)[1].strip().strip("'\"") or None
    return None


def searchable_text(text: str) -> str:
    """Digest citations (``[claim-…]``) are references, not words."""
    return _CITE.sub(" ", text)


def iter_all(ws: "Workspace") -> Iterator[SearchDoc]:
    """Every document of the workspace, read from the files (the rebuild path)."""
    for rec in ws.raw.records():
        try:
            data = ws.raw.read_bytes(rec.file)
        except Exception:  # a missing raw file is `verify`'s business, not search's
            continue
        yield from raw_docs(rec.file, data, rec.topic, rec.occurred_at)
    fields = getattr(ws.claims.store, "iter_search_fields", None)
    if fields is None:
        for claim in ws.claims.iter_all():
            yield claim_doc(claim)
    else:  # what claim_doc makes, without a model per claim (300,000 of them in a lifetime)
        days: dict[str, date] = {}
        for cid, topic, text, context, kind, status, provenance, occurred in fields():
            day = days.get(occurred)
            if day is None:
                day = days[occurred] = date.fromisoformat(occurred)
            parts = (topic, context) if context else (topic,)
            yield SearchDoc(uid=cid, layer="claims", file=cid, topic=topic, text=text,
                            context=" ".join(x for x in parts if x), day=day, kind=kind,
                            status=status, provenance=provenance or "", context_parts=parts)
    for path in ws.digests.topics():
        yield from digest_docs(ws, path)


def count_sources(ws: "Workspace") -> int:
    """A cheap size for progress: raw records + claims + digests."""
    counts = ws.claims.counts().get("status", {})
    return ws.raw.count() + sum(counts.values()) + ws.digests.count()

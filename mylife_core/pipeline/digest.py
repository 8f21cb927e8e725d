"""Building L1 digests: by the model, or structurally offline; user revisions kept beside them.

``mylife digest TOPIC`` calls :func:`generate`; ``--edit`` calls :func:`revise`; the tool
``mylife_digest`` calls :func:`digest_material` (read) or :func:`write_generated` (write).
Storage and the keep-both rule (docs/design.md#keep-both) live in :class:`~mylife_core.layers.digest.DigestLayer`.

Every citation in a generated digest is checked like an answer's (it must exist, be evidence
and trace to L0); invalid ones are removed and reported, so a digest paragraph never points at
an invented or unaccepted claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..layers.digest import CITE_RE, DigestWrite, split_front_matter, split_paragraphs

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..workspace import Workspace

MAX_CLAIMS = 200
ANY_CITE = re.compile(r"\s*[\[【]\s*(claim-[^\]】\s]*)\s*[\]】]")


@dataclass
class DigestResult:
    topic: str
    source: str  # "model" | "structural" | "user"
    body: str
    write: DigestWrite
    model: str | None = None
    dropped: list[dict[str, str]] = field(default_factory=list)  # invalid citations removed
    uncited: list[int] = field(default_factory=list)  # paragraphs citing nothing

    @property
    def paragraphs(self) -> int:
        return len(split_paragraphs(self.body, ""))

    @property
    def claims(self) -> list[str]:
        return list(dict.fromkeys(CITE_RE.findall(self.body)))

    def to_json(self) -> dict[str, Any]:
        w = self.write
        return {"topic": self.topic, "source": self.source, "model": self.model, "path": w.in_force,
                "original": w.original, "kept_user_revision": w.kept_user_revision, "paths": w.paths,
                "paragraphs": self.paragraphs, "claims": self.claims, "dropped_citations": self.dropped,
                "uncited_paragraphs": self.uncited, "differences": w.differences, "text": self.body}


def topic_claims(ws: "Workspace", topic: str) -> list["Claim"]:
    """The topic's evidence (no candidates, rejected or superseded claims), oldest first."""
    claims = [c for c in ws.claims.query(topic=topic, limit=MAX_CLAIMS * 2, newest_first=True) if c.is_evidence]
    return sorted(claims[:MAX_CLAIMS], key=lambda c: (c.occurred_at, c.id))


def digest_material(ws: "Workspace", topic: str) -> dict[str, Any]:
    """The digest in force (if any), where the model's original is, and the topic's evidence."""
    from ..layers.raw import check_topic

    topic = check_topic(topic)
    text = ws.digests.read(topic)
    meta, body = split_front_matter(text) if text else ({}, "")
    paragraphs = split_paragraphs(text, ws.digests.rel_path(topic)) if text else []
    return {
        "topic": topic, "exists": text is not None, "path": ws.digests.rel_path(topic),
        "revision": meta.get("revision"), "original_exists": ws.digests.path(topic, original=True).exists(),
        "text": body,
        "paragraphs": [{"ref": p.ref, "text": p.text, "claim_ids": p.claim_ids} for p in paragraphs],
        "claims": [{"id": c.id, "date": c.occurred_at.isoformat(), "kind": c.kind, "status": c.status,
                    "claim": c.claim, "context": c.context} for c in topic_claims(ws, topic)],
    }


def clean_citations(ws: "Workspace", body: str) -> tuple[str, list[dict[str, str]], list[int]]:
    """Remove citations that are not valid evidence; return (body, dropped, uncited paragraphs)."""
    from ..trace import SourceChecker
    from .citations import check_citation

    checker = SourceChecker(ws)
    dropped: list[dict[str, str]] = []
    verdicts: dict[str, Any] = {}

    def keep(match: re.Match) -> str:
        claim_id = match.group(1)
        if claim_id not in verdicts:
            verdicts[claim_id] = check_citation(ws, claim_id, checker)
        problem = verdicts[claim_id]
        if problem is None:
            return f" [{claim_id}]"
        dropped.append({"claim_id": claim_id, "problem": problem.problem, "message": problem.message})
        return ""

    cleaned = ANY_CITE.sub(keep, body).strip()
    cleaned = re.sub(r"[ \t]+\n", "\n", cleaned)
    uncited = [p.number for p in split_paragraphs(cleaned, "") if not p.claim_ids and not p.text.startswith("#")]
    return cleaned, dropped, uncited


def structural_body(ws: "Workspace", topic: str, claims: list["Claim"]) -> str:
    """A deterministic digest: the topic's evidence by month, each paragraph citing its claims."""
    from ..messages import t

    parts = [t("digest.structural.title", topic=topic), t("digest.structural.intro")]
    by_month: dict[str, list[Claim]] = {}
    for c in claims:
        by_month.setdefault(c.occurred_at.isoformat()[:7], []).append(c)
    for month, items in by_month.items():
        sentences = []
        for c in items:
            text = c.claim.rstrip("。.；;")
            label = t("kind." + c.kind)
            context = f"（{c.context}）" if c.context else ""
            sentences.append(f"{text}{context}〔{label}〕[{c.id}]")
        parts.append(t("digest.structural.kinds", month=month) + "；".join(sentences) + "。")
    return "\n\n".join(parts)


def write_generated(ws: "Workspace", topic: str, body: str, *, actor: str, model: str | None,
                    source: str = "model", force: bool = False) -> DigestResult:
    """Store a generated digest after checking its citations (keep-both rules apply)."""
    from .. import clock
    from ..errors import UsageError
    from ..layers.raw import check_topic

    topic = check_topic(topic)
    _, body = split_front_matter(body)
    cleaned, dropped, uncited = clean_citations(ws, body)
    if not cleaned.strip():
        raise UsageError("empty_text", what="digest")
    meta: dict[str, Any] = {"revision": source, "generated_at": clock.now().isoformat()}
    if model:
        meta["model"] = model
    if dropped:
        meta["dropped_citations"] = sorted({d["claim_id"] for d in dropped})
    write = ws.digests.write_generated(topic, cleaned, meta=meta, actor=actor, force=force)
    return DigestResult(topic=topic, source=source, body=cleaned, write=write, model=model, dropped=dropped,
                        uncited=uncited)


def generate(ws: "Workspace", topic: str, *, model: str | None = None, offline: bool = False, force: bool = False,
             on_text: Callable[[str], None] | None = None) -> DigestResult:
    """Write the topic's digest: by the model when configured, else structurally (labelled)."""
    from ..errors import UsageError
    from ..layers.raw import check_topic
    from ..llm.settings import load_settings

    topic = check_topic(topic)
    claims = topic_claims(ws, topic)
    if not claims:
        raise UsageError("digest_no_claims", topic=topic)
    settings = load_settings(ws, model=model)
    if not settings.configured or offline:
        return write_generated(ws, topic, structural_body(ws, topic, claims), actor="user", model=None,
                               source="structural", force=force)

    from ..llm.client import ModelClient
    from ..llm.prompts import DIGEST_SYSTEM, pick, untrusted_context_message
    from ..llm.secrets import KeyRing
    from ..messages import language

    client = ModelClient(settings, keyring=KeyRing.load(workspace_root=ws.root))
    data = [{"id": c.id, "date": c.occurred_at.isoformat(), "kind": c.kind, "status": c.status, "claim": c.claim,
             "context": c.context} for c in claims]
    ask = (f"请为主题「{topic}」写 L1 摘要。" if language() == "zh" else f"Write the L1 digest of the topic \"{topic}\".")
    messages = [{"role": "system", "content": pick(DIGEST_SYSTEM)},
                untrusted_context_message(f"claims on topic {topic} (L2)", data),
                {"role": "user", "content": ask}]
    turn = client.complete(messages, on_text=on_text)
    return write_generated(ws, topic, turn.text, actor="model", model=turn.endpoint, source="model", force=force)


def revise(ws: "Workspace", topic: str, body: str, *, actor: str = "user") -> DigestResult:
    """Save the user's revision (the original is kept and the difference annotated)."""
    from ..errors import UsageError
    from ..layers.raw import check_topic

    topic = check_topic(topic)
    _, body = split_front_matter(body)
    if not body.strip():
        raise UsageError("digest_empty_revision")
    write = ws.digests.write_revision(topic, body, actor=actor)
    return DigestResult(topic=topic, source="user", body=body.strip(), write=write)


def current(ws: "Workspace", topic: str) -> tuple[dict[str, Any], str] | None:
    text = ws.digests.read(topic)
    return split_front_matter(text) if text is not None else None

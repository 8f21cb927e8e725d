"""Building L1 digests: by the model, or structurally offline; user revisions kept beside them.

``mylife digest TOPIC`` calls :func:`generate`; ``--edit`` calls :func:`revise`; a model original
that differs from the user's revision in force becomes a pending proposal (:mod:`.proposals`); the tool
``mylife_digest`` calls :func:`digest_material` (read), or with a text :func:`propose_generated`
(a model without the user, over MCP: a pending proposal, nothing written under ``digest/``) or
:func:`write_generated` (the user's own call, or a proposal the user accepted in chat).
Storage and the keep-both rule (docs/design.md#keep-both) live in :class:`~mylife_core.layers.digest.DigestLayer`.

A model's digest goes through the one judging rule (:mod:`.judging`), like every model
sentence the user sees: a sentence that judges the user or tells them what to do must cite valid
evidence, and any sentence citing an invalid claim (invented, unaccepted, superseded, source
changed) is refused; refused sentences are withheld from the digest and reported as
unsupported. Sentences kept without a citation (restatements of the user's claims) are listed
(``uncited_sentences``) and marked in the text output. A digest is a summary of what the user
said (``text_kind="summary"``): a sentence giving the model's own advice or verdict ("你应该马上辞职，
这是最好的选择") is withheld whatever it cites; one reporting the user's or someone's ("你朋友劝你别
冲动", "你觉得自己应该辞职") stays. The offline structural digest is MyLife's
own text: its citations are checked, and invalid ones removed.
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
    from .judging import Judge, Judged, JudgedSentence

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
    unsupported: list[Any] = field(default_factory=list)  # sentences withheld by the judging rule
    uncited_sentences: list[str] = field(default_factory=list)  # kept, but citing nothing
    marked: str | None = None  # the body with uncited sentences marked (text output)
    carries_judgment: bool = False  # a model's sentence in it judged the user (shown or withheld)

    @property
    def paragraphs(self) -> int:
        return len(split_paragraphs(self.body, "", front_matter=False))

    @property
    def claims(self) -> list[str]:
        return list(dict.fromkeys(CITE_RE.findall(self.body)))

    def to_json(self) -> dict[str, Any]:
        w = self.write
        return {"topic": self.topic, "source": self.source, "model": self.model, "path": w.in_force,
                "original": w.original, "kept_user_revision": w.kept_user_revision, "paths": w.paths,
                "paragraphs": self.paragraphs, "claims": self.claims, "dropped_citations": self.dropped,
                "uncited_paragraphs": self.uncited, "uncited_sentences": self.uncited_sentences,
                "unsupported": [u.model_dump(mode="json") for u in self.unsupported],
                "differences": w.differences, "text": self.body, "disclaimer": self.disclaimer,
                "kept_revision": w.kept_revision}

    @property
    def disclaimer(self) -> str | None:
        """The disclaimer, when the digest carries a judgment (docs/ask.md, the judging rule)."""
        from ..messages import disclaimer

        return disclaimer() if self.carries_judgment else None


def topic_claims(ws: "Workspace", topic: str) -> list["Claim"]:
    """The topic's evidence (no candidates, rejected or superseded claims, nor a model's words kept
    as the user's: :meth:`~mylife_core.layers.claims.ClaimsLayer.unvouched`), oldest first."""
    claims = [c for c in ws.claims.query(topic=topic, limit=MAX_CLAIMS * 2, newest_first=True)
              if c.is_evidence and not ws.claims.unvouched(c)]
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
        "history": ws.digests.history(topic),  # the user's earlier revisions, kept word for word
        "in_force": in_force(ws, meta, body) if text else None,  # whose version it is, and how it came to be in force
    }


def in_force(ws: "Workspace", meta: dict[str, Any], body: str = "") -> dict[str, Any]:
    """Whose digest is in force, from its front matter: ``source`` (``user``: the user's revision;
    ``structural``: MyLife's offline digest; ``model``: a model's), the ``model`` that wrote it,
    ``accepted`` (a model's digest the user accepted as a proposal, ``proposal``, ``accepted_at``,
    ``accepted_by``: a host's over MCP, or an original that replaced their revision) and ``label``,
    the words ``mylife digest --show`` says it with."""
    from ..errors import MyLifeError
    from ..messages import actor_name, t
    from .proposals import Proposals

    source = str(meta.get("revision") or "user")
    model = meta.get("model") or None
    out: dict[str, Any] = {"source": source, "model": model, "accepted": False, "proposal": None,
                           "accepted_at": None, "accepted_by": None}
    if source != "model":
        out["label"] = t("digest.source." + source, model=model or "") if source in ("user", "structural") else source
        return out
    proposal = None
    if meta.get("proposal"):
        try:
            proposal = Proposals(ws).get(str(meta["proposal"]))
        except MyLifeError:  # the store lost it (edited by hand): the front matter still says accepted
            proposal = None
    elif body:  # a model original the user accepted over their revision: the copy keeps the original's front matter
        from ..layers.digest import body_hash

        now = body_hash(body)
        proposal = next((p for p in reversed(Proposals(ws).all()) if p.kind == "digest" and p.status == "accepted"
                         and p.text is None and p.topic == meta.get("topic") and p.original_hash == now), None)
        if proposal is not None:
            meta = {**meta, "proposal": proposal.id}
    who_actor = proposal.actor if proposal is not None else "model"
    who = t("s30digest.digest.who.model", model=model) if model else actor_name(who_actor)
    if meta.get("proposal"):
        when = proposal.decided_at if proposal is not None and proposal.decided_at else meta.get("generated_at")
        when_text = when.isoformat() if hasattr(when, "isoformat") else str(when or "?")
        out.update(accepted=True, proposal=str(meta["proposal"]), accepted_at=when_text,
                   accepted_by=proposal.decided_by if proposal is not None else None,
                   label=t("s30digest.digest.source.accepted", who=who, date=when_text[:10], id=meta["proposal"]))
    else:
        out["label"] = t("s30digest.digest.source.model", who=who)
    return out


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
    uncited = [p.number for p in split_paragraphs(cleaned, "", front_matter=False)
               if not p.claim_ids and not p.text.startswith("#")]
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


def digest_judge(ws: "Workspace", topic: str) -> "Judge":
    """The judge of a model's digest of ``topic``: the topic's claims are what the user stated
    (a sentence saying them back is a restatement). Used on the stream and on the whole body."""
    from .judging import Judge

    return Judge(ws, user_words=[c.claim for c in topic_claims(ws, topic)], text_kind="summary")


@dataclass
class JudgedBody:
    """A model's digest body through the judging rule (:func:`judge_body`)."""

    kept: str  # the body with every withheld sentence taken out (what is stored)
    marked: str  # the same, uncited sentences marked (the text output)
    judged: "Judged"
    dropped: list[dict[str, str]]  # the invalid citations of the withheld sentences

    @property
    def uncited(self) -> list[str]:
        return [s.text for s in self.judged.shown if not s.claim_ids]


def judge_body(ws: "Workspace", topic: str, body: str) -> JudgedBody:
    """A model's digest body through the judging rule."""
    from ..messages import t
    from .judging import Judge, filter_text

    judge = digest_judge(ws, topic)
    kept, judged = filter_text(judge, body)
    marked, _ = filter_text(Judge(ws, user_words=judge.user_words, checker=judge.checker, text_kind="summary"), kept,
                            mark_uncited=t("digest.uncited_mark"))
    dropped: list[dict[str, str]] = []
    seen: set[str] = set()
    for sentence in judged.withheld:
        for problem in sentence.problems:
            if problem.claim_id and problem.claim_id not in seen:
                seen.add(problem.claim_id)
                dropped.append({"claim_id": problem.claim_id, "problem": problem.problem, "message": problem.message})
    return JudgedBody(kept=kept, marked=marked, judged=judged, dropped=dropped)


@dataclass
class _Checked:
    """A generated body through its checks (:func:`_check_generated`), before anything is written."""

    topic: str
    body: str
    dropped: list[dict[str, str]]
    uncited: list[int]
    unsupported: list[Any] = field(default_factory=list)
    uncited_sentences: list[str] = field(default_factory=list)
    marked: str | None = None
    carries_judgment: bool = False


def _check_generated(ws: "Workspace", topic: str, body: str, source: str) -> _Checked:
    """A model's body by the judging rule, the structural one's citations only; refused (nothing
    written) when nothing is left."""
    from ..errors import UsageError
    from ..layers.raw import check_topic

    topic = check_topic(topic)
    _, body = split_front_matter(body)
    if source == "model":
        judged = judge_body(ws, topic, body)
        cleaned = judged.kept
        out = _Checked(topic, cleaned, judged.dropped,
                       [p.number for p in split_paragraphs(cleaned, "", front_matter=False)
                        if not p.claim_ids and not p.text.startswith("#")],
                       unsupported=judged.judged.unsupported, uncited_sentences=judged.uncited,
                       marked=judged.marked, carries_judgment=judged.judged.carries_judgment)
    else:
        cleaned, dropped, uncited = clean_citations(ws, body)
        out = _Checked(topic, cleaned, dropped, uncited)
    if not cleaned.strip():
        raise UsageError("digest_all_withheld" if out.unsupported else "empty_text", what="digest",
                         n=len(out.unsupported))
    return out


def write_generated(ws: "Workspace", topic: str, body: str, *, actor: str, model: str | None,
                    source: str = "model", force: bool = False, replace_revision: bool = False,
                    proposal: str | None = None) -> DigestResult:
    """Store a generated digest after checking it (keep-both rules apply): a model's by the
    judging rule, the structural one's citations only. ``replace_revision``/``proposal``: the
    user accepted this model digest (proposal ``proposal``), so it becomes the digest in force
    even over their revision, which is kept word for word in ``digest/history/``."""
    from .. import clock

    checked = _check_generated(ws, topic, body, source)
    topic, cleaned, dropped, unsupported = checked.topic, checked.body, checked.dropped, checked.unsupported
    meta: dict[str, Any] = {"revision": source, "generated_at": clock.now().isoformat()}
    if model:
        meta["model"] = model
    if proposal:
        meta["proposal"] = proposal
    if dropped:
        meta["dropped_citations"] = sorted({d["claim_id"] for d in dropped})
    if unsupported:
        meta["withheld_sentences"] = len(unsupported)
    write = ws.digests.write_generated(topic, cleaned, meta=meta, actor=actor, force=force,
                                       replace_revision=replace_revision)
    if source == "model" and write.kept_user_revision and write.differences:  # the user decides (/review)
        from .proposals import Proposals, digest_original_hash

        original_hash = digest_original_hash(ws, topic)
        if original_hash:
            Proposals(ws).add_digest(topic, original_hash, model=model, actor=actor)
    return DigestResult(topic=topic, source=source, body=cleaned, write=write, model=model, dropped=dropped,
                        uncited=checked.uncited, unsupported=unsupported, uncited_sentences=checked.uncited_sentences,
                        marked=checked.marked, carries_judgment=checked.carries_judgment)


def propose_generated(ws: "Workspace", topic: str, body: str, *, actor: str, model: str | None) -> dict[str, Any]:
    """A model's digest the user has not said yes to (``mylife_digest`` over MCP): judged as
    :func:`write_generated` judges it, then kept as a pending digest proposal with the text that
    would be written (:meth:`~.proposals.Proposals.add_digest`); nothing under ``digest/`` is
    written, indexed or traced until the user accepts it (``mylife proposal accept``, the panel)."""
    from ..messages import disclaimer, t
    from ..shell import command_prefix
    from .proposals import Proposals

    checked = _check_generated(ws, topic, body, "model")
    prop = Proposals(ws).add_digest(checked.topic, model=model, actor=actor, text=checked.body)
    return {"topic": checked.topic, "proposed": True, "applied": False, "proposal": prop.id, "source": "model",
            "model": model, "path": None, "paragraphs": len(split_paragraphs(checked.body, "", front_matter=False)),
            "claims": list(dict.fromkeys(CITE_RE.findall(checked.body))), "dropped_citations": checked.dropped,
            "uncited_paragraphs": checked.uncited, "uncited_sentences": checked.uncited_sentences,
            "unsupported": [u.model_dump(mode="json") for u in checked.unsupported], "text": checked.body,
            "disclaimer": disclaimer() if checked.carries_judgment else None,
            "note": t("s29mcp.tool.digest_proposed", topic=checked.topic, id=prop.id, prog=command_prefix(ws.root))}


def generate(ws: "Workspace", topic: str, *, model: str | None = None, offline: bool = False, force: bool = False,
             on_sentence: Callable[["JudgedSentence"], None] | None = None) -> DigestResult:
    """Write the topic's digest: by the model when configured, else structurally (labelled).
    ``on_sentence`` receives each of the model's sentences that may be shown, judged as soon as
    it is complete (:class:`~.judging.JudgedStream`): a live display never shows a withheld one."""
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

    from ..llm.client import client_for
    from ..llm.prompts import DIGEST_SYSTEM, pick, untrusted_context_message
    from ..messages import language

    client = client_for(ws, settings)
    data = [{"id": c.id, "date": c.occurred_at.isoformat(), "kind": c.kind, "status": c.status, "claim": c.claim,
             "context": c.context} for c in claims]
    ask = (f"请为主题「{topic}」写 L1 摘要。" if language() == "zh" else f"Write the L1 digest of the topic \"{topic}\".")
    messages = [{"role": "system", "content": pick(DIGEST_SYSTEM)},
                untrusted_context_message(f"claims on topic {topic} (L2)", data),
                {"role": "user", "content": ask}]
    stream = None
    if on_sentence is not None:
        from .judging import JudgedStream

        stream = JudgedStream(digest_judge(ws, topic), show=on_sentence)
    turn = client.complete(messages, on_text=stream.feed if stream is not None else None)
    if stream is not None:
        stream.end()
    return write_generated(ws, topic, turn.text, actor="model", model=turn.endpoint, source="model", force=force)


def revise(ws: "Workspace", topic: str, body: str, *, actor: str = "user") -> DigestResult:
    """Save the user's revision (the original is kept and the difference annotated)."""
    from ..errors import UsageError
    from ..layers.raw import check_topic

    topic = check_topic(topic)
    if not body.strip():  # the user's words, all of them: a --- block at the top is not front matter
        raise UsageError("digest_empty_revision")
    from .proposals import PATH, Proposals

    proposals = Proposals(ws)
    with ws.lock():  # one step: the revision and the pending original it answers, or neither
        if proposals.pending(kind="digest", topic=topic):
            ws.require_unchanged([PATH])
        write = ws.digests.write_revision(topic, body, actor=actor)
        proposals.revised(topic, actor=actor)  # a pending model original is answered by the revision
    return DigestResult(topic=topic, source="user", body=body.strip(), write=write)


def current(ws: "Workspace", topic: str) -> tuple[dict[str, Any], str] | None:
    text = ws.digests.read(topic)
    return split_front_matter(text) if text is not None else None

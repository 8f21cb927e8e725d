"""The nine ``mylife_*`` tools of docs/design.md#tools: arguments (pydantic), schema, handler.

Each handler calls library functions, never the CLI, and writes through the layers with the
``actor`` it was given (``user`` from the CLI, ``model`` in the agent loop, ``model via MCP``
over MCP), so the audit log says who did what. Rules that hold for a model as for the CLI:

* a model may add a claim only with a pointer to recorded lines (it cannot put words in the
  user's mouth by recording them to L0 as a statement); every claim a model adds without the
  user's yes (over MCP) is a candidate, whatever its kind, and so is any ``inference``: it is
  evidence only once the user accepts it (``mylife claim accept``, the panel); one of lines a model
  wrote itself (``mylife_record`` over MCP: the manifest's source ``mcp``) is marked so; in chat
  the writes are the user's, who saw and accepted them (:mod:`.proposals`);
* a profile value from a model the user has not said yes to (over MCP) changes nothing: it must
  cite the user's line it comes from and becomes a field proposal (``mylife proposal accept``,
  the panel's review page), as ``mylife extract``'s are; accepted in chat (actor ``model,
  confirmed by user``) it is written as the user's; a new field's TTL goes through the staleness
  TTL flow;
* a claim a model adds that advises or judges the user in words its lines do not use is refused,
  whether in its text, its context or a new topic (the judging rule,
  :func:`mylife_core.pipeline.judging.claim_verdicts`, as in ``mylife extract``);
* what a model writes that no line backs and that is shown as the user's own (a branch's question,
  a new topic, a new field's name) may not judge or advise the user either (:func:`refuse_model_labels`);
* a digest a model gives without the user's yes (over MCP) writes nothing: judged, it waits as a
  digest proposal the user accepts or not (``mylife proposal accept``, the panel's review page);
  written (the user's call, or accepted in chat), it is kept as the model's original beside any
  user revision.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import UsageError

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace


def _is_model(actor: str) -> bool:
    return actor.startswith("model")


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _text(zh: str, en: str) -> dict[str, Any]:
    """A parameter's description in both languages: ``description`` (Chinese) and, in the JSON
    schema, ``description_en``; :func:`mylife_core.tools.schema_for` gives a model the one in
    the language in force, :mod:`mylife_core.mcp_server` gives a host both."""
    return {"description": zh, "json_schema_extra": {"description_en": en}}


# ----------------------------------------------------------------------------- mylife_record


class RecordArgs(_Args):
    text: str = Field(min_length=1, **_text("要原样存入 L0 的文字（用户的原话）", "the text to store unchanged in L0 (the user's own words)"))
    topic: str = Field(min_length=1, **_text("主题，如 职业去留、财务", 'the topic, e.g. 职业去留, 财务'))
    occurred_at: date | None = Field(default=None, **_text("发生日期 YYYY-MM-DD（默认今天）", 'when it happened, YYYY-MM-DD (default today)'))


def check_record(ws: "Workspace", actor: str, args: RecordArgs) -> None:
    """A model's record may not file its text under a new topic that judges or advises the user
    (:func:`refuse_model_labels`): the topic is shown as the user's."""
    refuse_model_labels(ws, actor, "mylife_record", {"topic": args.topic})


def record(ws: "Workspace", actor: str, args: RecordArgs) -> dict[str, Any]:
    """Store text in L0 unchanged; returns the file and a pointer to its lines."""
    from .. import clock

    source = "mcp" if "MCP" in actor else "user_raw"
    check_record(ws, actor, args)
    if args.occurred_at:
        clock.check_not_future(args.occurred_at, what="occurred_at")  # as --at: what happened, not plans
    when = clock.as_aware(args.occurred_at) if args.occurred_at else None
    rec = ws.raw.record(args.text.encode("utf-8"), topic=args.topic, occurred_at=when, source=source, actor=actor)
    pointer = f"{rec.file}#L1" if rec.lines <= 1 else f"{rec.file}#L1-L{rec.lines}"
    out = {"file": rec.file, "pointer": pointer, "lines": rec.lines, "sha256": rec.sha256, "size": rec.size,
           "topic": rec.topic, "occurred_at": rec.occurred_at.isoformat()}
    from ..safety import crisis, support_lines

    if crisis(args.text):  # the words are kept; the model is given where to reach a person, to pass on
        out["support"] = support_lines()
    return out


# ----------------------------------------------------------------------------- mylife_digest


class DigestArgs(_Args):
    topic: str = Field(min_length=1, **_text("主题", 'the topic'))
    text: str | None = Field(default=None, **_text(
        "新的摘要正文（Markdown，段落以空行分隔，每段末尾引用 [claim-…]）。省略则只返回现有摘要和该主题的证据",
        "the new digest (Markdown, paragraphs separated by a blank line, each ending with its [claim-…]); "
        "left out, the current digest and the topic's claims are returned"))


def digest(ws: "Workspace", actor: str, args: DigestArgs) -> dict[str, Any]:
    """Read a topic's L1 digest (and its evidence), or give a new one. A model's digest the user
    has not said yes to (over MCP) writes nothing under ``digest/``: judged, it waits as a digest
    proposal (``mylife proposal accept``, the panel's review page); accepted in chat
    (``CONFIRMED_ACTOR``) or given from the CLI it is written as the model's original."""
    from ..pipeline.digest import digest_material, propose_generated, write_generated

    if args.text is None:
        return digest_material(ws, args.topic)
    if _unconfirmed(actor):
        return propose_generated(ws, args.topic, args.text, actor=actor, model=None)
    result = write_generated(ws, args.topic, args.text, actor=actor, model=None)
    return result.to_json()


# ----------------------------------------------------------------------------- mylife_claim_add


class ClaimAddArgs(_Args):
    claim: str = Field(min_length=1, **_text("证据内容（一句话）", 'the claim (one sentence)'))
    topic: str = Field(min_length=1, **_text("主题聚簇键，如 职业去留", 'the topic it is filed under, e.g. 职业去留'))
    kind: Literal["fact", "assessment", "inference"] = Field(
        **_text("fact 可核验的事实 / assessment 用户自己的主观评估 / inference AI 的推断（只作为候选，需用户接受）", "fact: can be checked / assessment: the user's own judgment / inference: the AI's inference (only a candidate until the user accepts it)"))
    provenance: str | None = Field(default=None, **_text("出处：raw/文件#L行号 或 #L起-L止（模型调用时必填）", 'where it comes from: raw/FILE#Lnn or #Lstart-Lend (required when a model calls)'))
    context: str | None = Field(default=None, **_text("当时的语境", 'the context at the time'))
    occurred_at: date | None = Field(default=None, **_text("发生日期 YYYY-MM-DD（默认取原文记录的日期）", 'when it happened, YYYY-MM-DD (default: the date of the source record)'))
    confidence: Literal["high", "medium", "low"] = "medium"


def check_claim(ws: "Workspace", actor: str, args: ClaimAddArgs) -> None:
    """What refuses a model's claim before anything is written (in chat, before it is proposed):
    no pointer, a pointer to lines that are not there (or not text), or a verdict in any of its
    free-text fields."""
    if _is_model(actor) and not args.provenance:
        raise UsageError("tool_claim_needs_pointer")
    if _is_model(actor):
        ws.claims.check_pointer(args.provenance or "")
        _refuse_verdicts(ws, args)


def claim_add(ws: "Workspace", actor: str, args: ClaimAddArgs) -> dict[str, Any]:
    """Add one L2 claim with provenance. A model's claim the user has not said yes to (over MCP)
    is a candidate whatever its kind, for the user to accept (docs/design.md#approval); so is an
    inference from anyone, and a model's claim of lines a model wrote is marked so (source
    ``mcp``, the claims layer decides). Accepted in chat (``CONFIRMED_ACTOR``) or added from the
    CLI, a fact or assessment is in force at once. Its date defaults to the source record's (the
    same rule as ``claim add --from``)."""
    check_claim(ws, actor, args)
    if args.occurred_at:
        from .. import clock

        clock.check_not_future(args.occurred_at, what="occurred_at")  # as --at
    source = "llm_inferred" if args.kind == "inference" else ("user_raw" if args.provenance else None)
    claim, recorded = ws.claims.add(claim=args.claim, topic=args.topic, kind=args.kind, source=source,
                                    provenance=args.provenance, occurred_at=args.occurred_at, context=args.context,
                                    confidence=args.confidence, actor=actor, candidate=_unconfirmed(actor))
    out = {"claim": claim.model_dump(mode="json"), "recorded_pointer": recorded,
           "candidate": claim.status == "candidate"}
    if claim.status == "candidate":
        from ..messages import t
        from ..shell import command_prefix

        key = ("tool.claim_candidate" if claim.kind == "inference" else
               "tool.claim_model_lines" if claim.source == "mcp" else "s29mcp.tool.claim_awaits_user")
        # the command names this workspace (``-w PATH``), as the profile proposal's note does
        out["note"] = t(key, id=claim.id, prog=command_prefix(ws.root))
    return out


def _refuse_verdicts(ws: "Workspace", args: ClaimAddArgs) -> None:
    """The judging rule for a claim a model adds (as in ``mylife extract``): a claim is what the
    user said, so advice (or, unless it is an inference, a judgment of the user) in words the
    pointed lines do not use is refused, in the claim, its context or a topic that is not yet the
    user's (:func:`users_topics`; :func:`~mylife_core.pipeline.judging.claim_verdicts`)."""
    from ..pipeline.judging import claim_verdicts, first_verdict
    from ..provenance import Pointer, decode, split_lines

    try:
        pointer = Pointer.parse(args.provenance or "")
        lines = [decode(b) for b in split_lines(ws.raw.read_bytes(pointer.file))]
        cited = "\n".join(lines[pointer.start - 1:pointer.end])
    except Exception:  # noqa: BLE001 - a bad pointer is reported by the claims layer itself
        return
    topic = args.topic.strip()
    found = first_verdict(claim_verdicts(cited, args.kind, claim=args.claim, context=args.context,
                                         topic=None if topic in users_topics(ws) else topic))
    if found is None:
        return
    field, words = found
    if field == "claim":
        raise UsageError("tool_claim_is_verdict", words=words)
    raise UsageError("tool_claim_field_is_verdict", what=field, words=words)


# ----------------------------------------------------------------------------- mylife_recall


class RecallArgs(_Args):
    query: str = Field(min_length=1, **_text("关键词或一句话", 'keywords or a sentence'))
    topic: str | None = Field(default=None, **_text("只在这个主题里找", 'search only this topic'))
    layers: list[Literal["raw", "digest", "claims"]] | None = Field(default=None, **_text("只找这些层", 'search only these layers'))
    k: int = Field(default=10, ge=1, le=50, **_text("最多返回条数", 'at most this many results'))
    evidence_only: bool = Field(default=False, **_text("证据只要已生效的（不含候选、已拒绝、已取代）", 'claims in force only (no candidates, rejected or superseded ones)'))


def recall_(ws: "Workspace", actor: str, args: RecallArgs) -> dict[str, Any]:
    """Search L0 lines, L1 paragraphs and L2 claims (Chinese full text, optional vectors)."""
    from ..search import recall

    return recall(ws, args.query, topic=args.topic, layers=args.layers, k=args.k,
                  evidence_only=args.evidence_only).to_json()


# ----------------------------------------------------------------------------- mylife_trace


class TraceArgs(_Args):
    target: str = Field(min_length=1, **_text("证据 id（claim-…）或回答链 id（chain-…）", "a claim id (claim-…) or an answer's chain id (chain-…)"))


def trace(ws: "Workspace", actor: str, args: TraceArgs) -> dict[str, Any]:
    """From a claim (or a past answer's chain) back to the user's own lines, hash-checked."""
    from ..trace import trace_chain, trace_claim

    target = args.target.strip()
    if target.startswith("chain-"):
        ct = trace_chain(ws, target)
        return {"ok": all(tr is not None and tr.ok for tr in ct.claims.values()), **ct.to_json()}
    tr = trace_claim(ws, target)
    return {"ok": tr.ok, **tr.to_json()}


# ----------------------------------------------------------------------------- mylife_staleness


class StalenessArgs(_Args):
    question: str = Field(min_length=1, **_text("决策问题或主题，如「我该不该跳槽？」", 'the decision question or topic, e.g. "should I change jobs?"'))
    keep: list[str] = Field(default_factory=list, **_text(
        "用户明确选择沿用旧值的过期字段：档案里的字段名或它的别名（用到它们的结论会标注「基于可能过时的…」并降权）",
        "expired fields whose old value the user chose to keep: the profile's name or another name of each "
        "(conclusions that use them are marked 'based on possibly outdated …' and weighted down)"))
    accept_stale: bool = Field(default=False, **_text("用户同意沿用所有过期字段的旧值", 'the user agreed to keep the old value of every expired field'))
    accept_missing: bool = Field(default=False, **_text("用户同意在缺少必要字段的情况下继续", 'the user agreed to go on without the missing required fields'))


def staleness(ws: "Workspace", actor: str, args: StalenessArgs) -> dict[str, Any]:
    """The expired and missing profile fields a decision depends on (and the verdict once the
    user chose to keep old values or go on without missing ones)."""
    from ..staleness import check

    return check(ws, args.question, options={"keep": list(args.keep), "accept_stale": args.accept_stale,
                                             "accept_missing": args.accept_missing}).to_json()


# ----------------------------------------------------------------------------- mylife_competing


class CompetingArgs(_Args):
    conclusion: str = Field(min_length=1, **_text("拟输出的结论，如「你应该立刻辞职」", 'the conclusion about to be given, e.g. "you should quit now"'))
    topic: str | None = Field(default=None, **_text("限定主题", 'only this topic'))
    k: int = Field(default=8, ge=1, le=30, **_text("最多返回条数", 'at most this many results'))


def competing(ws: "Workspace", actor: str, args: CompetingArgs) -> dict[str, Any]:
    """Existing evidence that weakens or contradicts a proposed conclusion, with its chain."""
    from ..pipeline.competing import find_competing
    from ..safety import REFUSED, crisis, support_lines

    if crisis(args.conclusion):  # a life in danger: nothing weighed, where to reach a person (as ask)
        return {"refused": REFUSED, "conclusion": args.conclusion, "items": [],
                "support": support_lines(asked=True)}
    return find_competing(ws, args.conclusion, topic=args.topic, k=args.k).to_json()


# ----------------------------------------------------------------------------- mylife_branch


class BranchArgs(_Args):
    topic: str = Field(min_length=1, **_text("子话题，如 财务压力", 'the sub-topic, e.g. 财务压力'))
    parent_topic: str | None = Field(default=None, **_text("父话题，如 职业去留", 'the parent topic, e.g. 职业去留'))
    question: str | None = Field(default=None, **_text("这个分支要解决的单一问题", 'the one question this branch is to answer'))
    mode: Literal["fork", "fresh"] = Field(default="fork", **_text("fork 继承当前对话上下文 / fresh 全新上下文", 'fork: carry the current conversation / fresh: start without it'))


def users_topics(ws: "Workspace") -> set[str]:
    """The topics that are already the user's, for every check of a topic a model writes (a
    claim's, a branch's, a record's, a field's): those of the workspace's claims and branches and
    of the notes the user recorded (not the lines a model recorded over MCP: a topic a model gave
    them is the model's word)."""
    known = set(ws.claims.counts().get("topic", {})) | {b.topic for b in ws.index.branches()}
    known |= {r.topic for r in ws.raw.records() if not r.by_model}
    return known


def refuse_model_labels(ws: "Workspace", actor: str, tool: str, texts: dict[str, str | None]) -> None:
    """The judging rule for the free text a model writes that no line of the user's backs and that
    is then shown as the user's own: a branch's question, a new topic (the panel's home page and
    branches, ``branch list``), a new profile field's name. As for a claim's context or new topic
    (:func:`~mylife_core.pipeline.judging.claim_verdicts`), none may judge or advise the user; it
    cites no lines, so any such words are the model's and the call is refused, nothing written. A
    topic that is already the user's (:func:`users_topics`) passes."""
    if not _is_model(actor):
        return
    from ..messages import join, t
    from ..pipeline.judging import label_verdicts

    # only a topic that could judge needs the known ones: a plain one is stored even when a
    # claims month or index.yaml cannot be read (L0 first, as `mylife record`)
    for what, words in label_verdicts(texts, known_topics=lambda: users_topics(ws)).items():
        raise UsageError("tool_text_is_verdict", tool=tool, field=what, what=t(f"tool_field.{what}"),
                         words=join(sorted(words)))


def check_branch(ws: "Workspace", actor: str, args: BranchArgs) -> None:
    """What refuses a model's branch before anything is written (in chat, before it is proposed):
    a verdict in its question or a new topic (:func:`refuse_model_labels`)."""
    refuse_model_labels(ws, actor, "mylife_branch", {"question": args.question, "topic": args.topic,
                                                     "parent_topic": args.parent_topic})


def branch(ws: "Workspace", actor: str, args: BranchArgs) -> dict[str, Any]:
    """Open a topic branch (docs/design.md#branches); it is recorded in index.yaml and survives restarts."""
    from .. import clock

    check_branch(ws, actor, args)
    from ..layers.index import Branch
    from ..layers.raw import check_topic

    opened = ws.index.add_branch(Branch(id="", topic=check_topic(args.topic), parent_topic=args.parent_topic,
                                        opened_at=clock.now(), mode=args.mode, question=args.question),
                                 actor=actor)
    return {"branch": opened.model_dump(mode="json")}


# ----------------------------------------------------------------------------- mylife_profile_update


class ProfileUpdateArgs(_Args):
    name: str = Field(min_length=1, **_text("字段名，如 现有存款", "the field's name, e.g. 现有存款"))
    value: str | int | float | bool = Field(**_text("新值", 'the new value'))
    ttl_days: int | None = Field(default=None, ge=1, **_text("有效期（天）；新字段省略时自动推断", 'how many days the value holds; inferred for a new field when left out'))
    never_expires: bool = Field(default=False, **_text("字段永不过期（如学历）", 'the field never expires (e.g. education)'))
    provenance: str | None = Field(default=None, **_text(
        "值来自的用户原话行 raw/文件#L行号（有则来源记为 user_raw；模型调用时必填：值作为提议等用户接受）",
        "the user's line the value comes from, raw/FILE#Lnn (then its source is user_raw; required when a model "
        "calls: the value waits as a proposal for the user to accept)"))
    topic: str | None = None


def _unconfirmed(actor: str) -> bool:
    """A model's write the user has not said yes to (over MCP, say): it only proposes
    (docs/design.md#approval); accepted in chat (``CONFIRMED_ACTOR``) it is the user's."""
    from .proposals import CONFIRMED_ACTOR

    return _is_model(actor) and actor != CONFIRMED_ACTOR


def check_profile(ws: "Workspace", actor: str, args: ProfileUpdateArgs) -> None:
    """A model may not name a new field, nor file it under a new topic, in words that judge or
    advise the user (:func:`refuse_model_labels`); an existing field's name is the user's. A
    value a model proposes without the user's yes must cite the user's line it comes from: it
    becomes a field proposal, which the user decides with that line before them; a line a model
    cites must be there (in chat it is shown with the proposal)."""
    name = args.name.strip()
    refuse_model_labels(ws, actor, "mylife_profile_update",
                        {"name": None if ws.profile.find(name) is not None else name, "topic": args.topic})
    if _unconfirmed(actor) and not args.provenance:
        raise UsageError("tool_profile_needs_pointer")
    if _is_model(actor) and args.provenance:  # the line it cites must be there to be shown and kept
        pointer, _ = ws.claims.check_pointer(args.provenance)
        # and must say the value: it is kept as the user's words (source user_raw), by extract's rule
        from ..provenance import Pointer, value_in_excerpt

        parsed = Pointer.parse(pointer)
        if not value_in_excerpt(args.value, ws.raw.resolve(parsed), parsed.start):
            raise UsageError("tool_profile_value_not_in_line", value=args.value, pointer=pointer, name=name)
    from ..layers.profile import check_value

    check_value(ws, name, args.value)  # what the field's dictionary asks (a number): never proposed to fail at accept


def _propose_field(ws: "Workspace", actor: str, args: ProfileUpdateArgs) -> dict[str, Any]:
    """A model's value without the user's yes: a pending field proposal (the one ``mylife
    extract`` makes, :class:`~mylife_core.pipeline.proposals.Proposals`), decided by the user
    with ``mylife proposal accept|reject`` or in the panel; the profile is not touched."""
    from ..layers.profile import field_value
    from ..messages import t
    from ..pipeline.proposals import Proposals
    from ..provenance import Pointer
    from ..shell import command_prefix

    name = args.name.strip()
    pointer, _ = ws.claims.check_pointer(args.provenance or "")
    rec = ws.raw.get(Pointer.parse(pointer).file)
    current = ws.profile.find(name)
    (prop,) = Proposals(ws).add_fields([{
        "name": name, "value": field_value(ws, name, args.value), "provenance": pointer,
        "topic": args.topic or (current.topic if current is not None and current.topic else None) or rec.topic,
        "occurred_at": rec.occurred_at if rec is not None else None,
        "current": current.value if current is not None else None, "exists": current is not None}], actor=actor)
    return {"name": name, "proposed": True, "applied": False, "proposal": prop.id, "value": prop.value,
            "current": prop.current, "provenance": prop.provenance,
            "note": t("tool.profile_proposed", name=name, value=prop.value, id=prop.id,
                      prog=command_prefix(ws.root))}


def own_field_name(ws: "Workspace", name: str) -> str:
    """The profile's own name for ``name``: 月收入 when the profile keeps 月税后收入 (the
    dictionary's names only, as ``mylife profile set`` goes), else ``name``. Over MCP, 月收入 was
    proposed as a new field and, accepted, kept beside 月税后收入."""
    name = name.strip()
    if ws.profile.find(name) is not None:
        return name
    from ..staleness.check import profile_field

    own = profile_field(ws, name, by_meaning=False)
    return own if own is not None else name


def profile_update(ws: "Workspace", actor: str, args: ProfileUpdateArgs) -> dict[str, Any]:
    """Set an L3 field (value, source, updated_at); a changed value keeps its history. A model's
    value the user has not accepted is only proposed (:func:`_propose_field`). A name the profile
    keeps under another of its names is that field (:func:`own_field_name`)."""
    from .. import clock
    from ..staleness import confirm_new_field

    args = args.model_copy(update={"name": own_field_name(ws, args.name)})
    name = args.name.strip()
    check_profile(ws, actor, args)
    if _unconfirmed(actor):
        return _propose_field(ws, actor, args)
    provenance = None
    if args.provenance:
        provenance, _ = ws.claims.check_pointer(args.provenance)
    from ..layers.profile import cited_source

    # the user's line, or accepted by the user in chat; a line a model wrote stays the model's words
    source = cited_source(ws, provenance) if provenance else "user_filled"
    ttl_given = args.ttl_days is not None or args.never_expires
    ttl_days = None if args.never_expires else args.ttl_days
    reason = ttl_source = None
    ttl_info = None
    if not ttl_given and ws.profile.find(name) is None:
        notes: list[str] = []
        choice = confirm_new_field(ws, name, args.value, interactive=False, auto="json", say=notes.append)
        ttl_days, reason, ttl_source, ttl_given = choice.ttl_days, choice.reason, choice.source, True
        ttl_info = {**choice.to_json(), "needs_confirmation": True}
    field, previous = ws.profile.set(name, args.value, ttl_days=ttl_days, ttl_given=ttl_given, ttl_reason=reason,
                                     ttl_source=ttl_source, source=source, topic=args.topic, provenance=provenance,
                                     actor=actor)
    now = clock.now()
    return {"name": name, "field": field.model_dump(mode="json"), "created": previous is None,
            "previous_value": previous.value if previous else None, "stale": field.is_stale(now),
            "ttl": ttl_info}


# ----------------------------------------------------------------------------- the catalog

TOOLS: list[dict[str, Any]] = [
    {"name": "mylife_record", "args": RecordArgs, "impl": record, "check": check_record, "writes": True,
     "description": "把一段输入原样存入 L0 原始层（只增不改），返回文件和行指针。",
     "description_en": "Store a piece of input unchanged in L0 (append-only); returns the file and a line pointer."},
    {"name": "mylife_digest", "args": DigestArgs, "impl": digest, "writes": True,
     "description": "读取某主题的 L1 摘要及其证据；给出 text 时提议新摘要：模型未经用户确认给出的摘要（如通过 MCP）经判断规则检查后"
                    "作为待确认的提议保存，不写入摘要，用户接受（mylife proposal accept 或面板）后才成为该主题的摘要。",
     "description_en": "Read a topic's L1 digest and its evidence; with text, propose a new digest: one a model gives "
                       "without the user's confirmation (over MCP, say) is checked by the judging rule and kept as a "
                       "proposal, not written; it becomes the topic's digest only once the user accepts it (mylife "
                       "proposal accept, or the panel)."},
    {"name": "mylife_claim_add", "args": ClaimAddArgs, "impl": claim_add, "check": check_claim, "writes": True,
     "description": "新增一条 L2 证据（kind/source/provenance）；模型未经用户确认新增的证据（如通过 MCP）无论哪种 kind 都只是候选，推断也一样，需用户接受（mylife claim accept 或面板）才算证据。",
     "description_en": "Add an L2 claim (kind/source/provenance); a claim a model adds without the user's confirmation (over MCP, say) is only a candidate whatever its kind, as an inference is, until the user accepts it (mylife claim accept, or the panel)."},
    {"name": "mylife_recall", "args": RecallArgs, "impl": recall_, "writes": False,
     "description": "按主题或关键词取回 L0 原话、L1 摘要段落和 L2 证据（中文全文检索）。",
     "description_en": "Retrieve L0 lines, L1 paragraphs and L2 claims by topic or keywords (Chinese full-text search)."},
    {"name": "mylife_trace", "args": TraceArgs, "impl": trace, "writes": False,
     "description": "给一个证据 id（或回答链 id），反查回 L0 原文并校验 hash（L4 溯源）。",
     "description_en": "Given a claim id (or an answer's chain id), trace back to the L0 lines and check their hash (L4)."},
    {"name": "mylife_staleness", "args": StalenessArgs, "impl": staleness, "writes": False,
     "description": "给定决策问题，返回它依赖的、已过期或缺失的档案字段。",
     "description_en": "Given a decision question, return the profile fields it depends on that are expired or missing."},
    {"name": "mylife_competing", "args": CompetingArgs, "impl": competing, "writes": False,
     "description": "给定一个拟输出的结论，检索削弱或相反的已有证据（带溯源链）。",
     "description_en": "Given a proposed conclusion, retrieve existing evidence that weakens or contradicts it (with chains)."},
    {"name": "mylife_branch", "args": BranchArgs, "impl": branch, "check": check_branch, "writes": True,
     "description": "开启一个话题分支（记录在 index.yaml，重启后仍在）。",
     "description_en": "Open a topic branch (recorded in index.yaml; survives restarts)."},
    {"name": "mylife_profile_update", "args": ProfileUpdateArgs, "impl": profile_update, "check": check_profile,
     "writes": True,
     "description": "提议更新 L3 档案字段：模型给出的值须引用用户原话（provenance），作为待确认的提议保存，"
                    "用户接受（mylife proposal accept 或面板）后才写入档案（含来源与更新时间；旧值进入历史；新字段自动推断有效期）。",
     "description_en": "Propose an update of an L3 profile field: a model's value must cite the user's line (provenance) "
                       "and is kept as a proposal; it enters the profile only once the user accepts it (mylife proposal "
                       "accept, or the panel), with source and updated_at, the old value going to history and a new "
                       "field's TTL inferred."},
]


def register_all(register: Any) -> None:
    from . import make_handler, schema_of

    for item in TOOLS:
        register(name=item["name"], description=item["description"], description_en=item["description_en"],
                 input_schema=schema_of(item["args"]),
                 handler=make_handler(item["name"], item["args"], item["impl"], item.get("check")),
                 writes=item["writes"])

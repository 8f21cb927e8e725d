"""``mylife extract RAW_FILE`` (and ``record --extract``): the model proposes, MyLife checks.

The model reads one raw note (numbered lines, inside untrusted-data markers) and answers JSON:
claims with kind and line pointers, and profile fields it found. Nothing is stored silently:

* every claim must point at lines that exist in that note; a ``fact`` or ``assessment`` is
  stored (source ``user_raw``, provenance and hash verified by the claims layer) in force only
  with the user's yes (docs/design.md#approval): asked in a terminal, each shown whole with the
  lines it cites (a yes is recorded as ``CONFIRMED_ACTOR``, as in chat; a no stores nothing), or
  all at once with ``--yes``; otherwise (``--defer``, no terminal, ``--json``) it is a *candidate*
  until ``mylife claim accept`` or the panel's review page; an ``inference`` is stored as a
  *candidate* for ``mylife claim accept/reject``;
* a claim or field that cites a line that is an instruction to the AI ("忽略之前的指令…") is
  refused: such a line is not the user's statement of fact;
* the judging rule (:func:`.judging.claim_verdicts`): a claim that tells the user what to do, or
  a fact or assessment that judges them, in words the cited lines do not use ("你应该辞职",
  "你能力很强") is refused: it is the model's verdict, not the user's statement; so is a claim
  whose context (shown as the user's situation at the time) judges or advises them;
* a claim of lines a model wrote (a note recorded over MCP) is a candidate until the user accepts
  it (the claims layer: a model cannot make a model's words the user's);
* a profile field is adopted only if its value appears in the line it cites, and only when the
  user confirms it (a prompt in a terminal, or ``--yes``); a new field's TTL goes through the
  staleness TTL flow (inferred, shown, confirmed once). A proposal the user did not answer
  (``--defer``, no terminal, ``--json`` without ``--yes``) is kept pending in the proposals store
  (:mod:`.proposals`) for ``mylife proposal accept`` or the panel's review page;
* the model gets no tools here: it can only propose.

Everything added, left pending or refused is returned and shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..provenance import value_in_line as _value_in_line  # the rule MCP and the panel share

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..layers.raw import RawRecord
    from ..workspace import Workspace

INSTRUCTION = re.compile(
    r"(忽略|无视|不要理会|忘掉|忘记).{0,6}(之前|以上|上面|前面|先前|所有|全部)?.{0,4}(指令|指示|规则|提示|设定|要求)"
    r"|(?i:ignore\s+(all\s+)?(the\s+)?(previous|prior|above|earlier)\s+(instructions|rules|prompts?))"
    r"|(?i:system\s+prompt)|你现在是|从现在起你|(?i:you\s+are\s+now)|(?i:disregard\s+(all|previous))")
LINE_REF = re.compile(r"^\s*L?(\d+)\s*(?:[-–~]\s*L?(\d+))?\s*$")


@dataclass
class FieldProposal:
    name: str
    value: Any
    line: str  # the pointer, raw/F.md#Ln
    current: Any = None
    exists: bool = False
    status: str = "pending"  # applied | pending | skipped
    why: str | None = None
    ttl: dict[str, Any] | None = None
    id: str | None = None  # a pending proposal's id in the proposals store (mylife proposal …)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "pointer": self.line, "current": self.current,
                "exists": self.exists, "status": self.status, "why": self.why, "ttl": self.ttl,
                "proposal": self.id}


@dataclass
class ExtractResult:
    file: str
    model: str
    added: list["Claim"] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    fields: list[FieldProposal] = field(default_factory=list)
    #: the claims index was busy after the claims were stored (:meth:`ClaimsLayer.index_warnings`)
    warnings: list[str] = field(default_factory=list)

    @property
    def facts(self) -> list["Claim"]:
        return [c for c in self.added if c.status != "candidate"]

    @property
    def candidates(self) -> list["Claim"]:
        return [c for c in self.added if c.status == "candidate"]

    @property
    def awaiting(self) -> list["Claim"]:
        """Facts and assessments of the user's lines kept as candidates: the user did not say yes."""
        return [c for c in self.candidates if c.kind != "inference" and c.source != "mcp"]

    def to_json(self) -> dict[str, Any]:
        from ..messages import t

        return {"file": self.file, "model": self.model,
                "added": [c.model_dump(mode="json") for c in self.facts],
                "candidates": [c.model_dump(mode="json") for c in self.candidates],
                "rejected": self.rejected, "fields": [f.to_json() for f in self.fields],
                "counts": {"added": len(self.facts), "candidates": len(self.candidates),
                           "fields_applied": sum(1 for f in self.fields if f.status == "applied"),
                           "fields_pending": sum(1 for f in self.fields if f.status == "pending"),
                           "awaiting": len(self.awaiting),
                           "rejected": len(self.rejected) + sum(1 for f in self.fields if f.status == "skipped")},
                **({"decide": t("extract.claims_decide")} if self.candidates else {}),
                **({"warnings": list(self.warnings)} if self.warnings else {})}


def find_record(ws: "Workspace", raw_file: str) -> "RawRecord":
    """``raw/F.md``, ``F.md`` or a path to a file inside the workspace's ``raw/``."""
    from ..errors import UsageError

    text = str(raw_file).strip()
    candidates = [text, f"raw/{text}"]
    path = Path(text).expanduser()
    if path.is_absolute() or path.exists():
        try:
            candidates.insert(0, path.resolve().relative_to(ws.root.resolve()).as_posix())
        except ValueError:
            pass
    for rel in candidates:
        rec = ws.raw.get(rel)
        if rec is not None:
            return rec
    for rel in candidates:
        if rel.startswith("raw/") and ws.raw.path_of(rel).exists():
            raise UsageError("pointer_not_recorded", file=rel)
    raise UsageError("pointer_file_missing", file=text)


def _parse_json(text: str) -> dict[str, Any]:
    body = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", body, re.S)
    if fence:
        body = fence.group(1).strip()
    start, end = body.find("{"), body.rfind("}")
    if start < 0 or end < start:
        raise ValueError("no JSON object")
    data = json.loads(body[start:end + 1])
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    for key in ("claims", "fields"):
        if key in data and not isinstance(data[key], list):
            raise ValueError(f"{key} must be a list")
    return data


def _lines_pointer(file: str, ref: Any, count: int) -> tuple[str | None, str | None]:
    from ..messages import t

    match = LINE_REF.match(str(ref or ""))
    if not match:
        return None, t("extract.why.bad_lines", lines=ref, count=count)
    start = int(match.group(1))
    end = int(match.group(2) or start)
    if start < 1 or end < start or end > count:
        return None, t("extract.why.bad_lines", lines=ref, count=count)
    return (f"{file}#L{start}" if start == end else f"{file}#L{start}-L{end}"), None


def extract(ws: "Workspace", raw_file: str, *, model: str | None = None, apply_fields: bool = False,
            confirm: Callable[[FieldProposal], bool] | None = None,
            confirm_claim: Callable[[dict[str, Any]], bool] | None = None,
            ttl_prompt: Callable[[str], str] | None = None, say: Callable[[str], None] = lambda s: None,
            on_text: Callable[[str], None] | None = None) -> ExtractResult:
    """Distil one raw note into claims (and proposed profile fields); see the module docstring.

    :param apply_fields: apply every valid field proposal, and put every valid fact or assessment
        in force, without asking (``--yes``).
    :param confirm: ask the user about one field proposal (a terminal); None leaves them pending.
    :param confirm_claim: ask the user about one fact or assessment (the claim as it would be
        stored; the asker shows the lines it cites, ``tools.proposals.details``; a terminal); None
        stores each as a candidate.
    :param ttl_prompt: asks for a new field's TTL (a terminal); None accepts the inferred one.
    """
    from .. import clock
    from ..errors import UsageError
    from ..layers.claims import KINDS
    from ..layers.profile import check_value, field_value, parse_value, same_value
    from ..llm.client import client_for
    from ..llm.prompts import EXTRACT_SYSTEM, pick, untrusted_context_message
    from ..llm.settings import load_settings
    from ..messages import join, language, t
    from ..provenance import Pointer, first_unreadable, shown_file, split_lines
    from ..staleness import confirm_new_field
    from ..tools.proposals import changed_since, describe
    from .judging import claim_verdicts, first_verdict, label_verdicts

    rec = find_record(ws, raw_file)
    settings = load_settings(ws, model=model)
    if not settings.configured:
        raise UsageError("extract_no_model", file=rec.file)
    data = ws.raw.read_bytes(rec.file)
    raw_lines = split_lines(data)
    # the words, as `mylife trace` shows them (no BOM, no CRLF's \r); pointers and hashes are of the bytes
    lines = [text for _, text in shown_file(data)]
    numbered = "\n".join(f"L{i}: {line}" for i, line in enumerate(lines, start=1))
    client = client_for(ws, settings)
    request = ("请从这条记录提炼证据，只输出 JSON。" if language() == "zh"
               else "Distil evidence from this note; output JSON only.")
    messages = [{"role": "system", "content": pick(EXTRACT_SYSTEM)},
                untrusted_context_message(f"raw note {rec.file} (topic {rec.topic}, {rec.occurred_at})", numbered),
                {"role": "user", "content": request}]
    turn = client.complete(messages, json_mode=True, on_text=on_text)
    try:
        data = _parse_json(turn.text)
    except (ValueError, json.JSONDecodeError) as exc:
        raise UsageError("extract_bad_output", problem=str(exc)[:120], file=rec.file) from None

    result = ExtractResult(file=rec.file, model=turn.endpoint)

    def line_text(pointer: str) -> str:
        p = Pointer.parse(pointer)
        return "\n".join(lines[p.start - 1:p.end])

    def unreadable(pointer: str) -> str | None:
        """Why a cited line cannot be cited: not UTF-8 text (as ``claims.check_pointer`` refuses it)."""
        p = Pointer.parse(pointer)
        line = first_unreadable(b"\n".join(raw_lines[p.start - 1:p.end]), p.start)
        return None if line is None else t("extract.why.not_utf8", line=line)

    items: list[dict[str, Any]] = []
    for proposal in data.get("claims") or []:
        if not isinstance(proposal, dict):
            continue
        text = str(proposal.get("claim") or "").strip()
        kind = str(proposal.get("kind") or "").strip()
        if not text:
            result.rejected.append({"claim": text, "why": t("extract.why.empty")})
            continue
        if kind not in KINDS:
            result.rejected.append({"claim": text, "why": t("extract.why.bad_kind", kind=kind)})
            continue
        pointer, why = _lines_pointer(rec.file, proposal.get("lines"), len(lines))
        if pointer is None:
            result.rejected.append({"claim": text, "why": why})
            continue
        cited = line_text(pointer)
        if (why := unreadable(pointer)) is not None:
            result.rejected.append({"claim": text, "why": why})
            continue
        if INSTRUCTION.search(cited):
            result.rejected.append({"claim": text, "why": t("extract.why.instruction", text=cited.strip()[:60])})
            continue
        context = str(proposal.get("context") or "").strip() or None
        judging = first_verdict(claim_verdicts(cited, kind, claim=text, context=context))
        if judging is not None:
            field_name, words = judging
            why = (t("extract.why.judging", words=words) if field_name == "claim"
                   else t("extract.why.judging_field", what=t("what." + field_name), words=words))
            result.rejected.append({"claim": text, "why": why})
            continue
        confidence = proposal.get("confidence") if proposal.get("confidence") in ("high", "medium", "low") else "medium"
        items.append({"claim": text, "topic": rec.topic, "kind": kind, "provenance": pointer,
                      "source": "llm_inferred" if kind == "inference" else "user_raw",
                      "occurred_at": rec.occurred_at, "context": context, "confidence": confidence})
    # a fact or assessment is in force only with the user's yes (docs/design.md#approval); an
    # inference, or a claim of lines a model wrote, is a candidate anyway (the claims layer)
    confirmed: list[int] = []
    for i, item in enumerate(items):
        if apply_fields or item["kind"] == "inference" or ws.claims.model_wrote(item["provenance"]):
            continue
        if confirm_claim is None:
            item["candidate"] = True  # waits for mylife claim accept or the panel's review page
        elif confirm_claim(item):
            confirmed.append(i)
        else:
            item["declined"] = True
            result.rejected.append({"claim": item["claim"], "why": t("extract.why.declined")})
    if any(not item.get("declined") for item in items):
        from ..layers.audit import CONFIRMED_ACTOR

        stored: dict[int, "Claim"] = {}
        for actor, batch in ((CONFIRMED_ACTOR, confirmed),
                             ("model", [i for i, item in enumerate(items)
                                        if i not in confirmed and not item.get("declined")])):
            if batch:
                added, _ = ws.claims.add_many([items[i] for i in batch], actor=actor)
                stored.update(zip(batch, added))
        result.added = [stored[i] for i in sorted(stored)]  # in the order the model proposed them
        result.warnings += ws.claims.index_warnings()

    pending: list[FieldProposal] = []
    for proposal in data.get("fields") or []:
        if not isinstance(proposal, dict):
            continue
        name = str(proposal.get("name") or "").strip()
        value = proposal.get("value")
        if not name or value is None or str(value).strip() == "":
            continue
        pointer, why = _lines_pointer(rec.file, proposal.get("line") or proposal.get("lines"), len(lines))
        fp = FieldProposal(name=name, value=parse_value(value) if isinstance(value, str) else value, line=pointer or "")
        result.fields.append(fp)
        existing = ws.profile.find(name)
        fp.exists = existing is not None
        fp.current = existing.value if existing is not None else None
        # a new field's name is the model's label, shown and stored as the user's: the label rule
        # (an existing field's name is the user's)
        named = label_verdicts({"name": name}) if existing is None else {}
        if named:
            fp.status, fp.why = "skipped", t("extract.why.judging_field", what=t("tool_field.name"),
                                             words=join(sorted(named["name"])))
            continue
        if pointer is None:
            fp.status, fp.why = "skipped", why
            continue
        cited = line_text(pointer)
        if (why := unreadable(pointer)) is not None:
            fp.status, fp.why = "skipped", why
            continue
        if INSTRUCTION.search(cited):
            fp.status, fp.why = "skipped", t("extract.why.instruction", text=cited.strip()[:60])
            continue
        if not _value_in_line(fp.value, cited):
            fp.status, fp.why = "skipped", t("extract.why.value_not_in_line", value=fp.value, line=pointer)
            continue
        try:  # what the field's dictionary asks (a number, not below its min): never proposed to fail later
            check_value(ws, name, fp.value)
        except UsageError as exc:
            fp.status, fp.why = "skipped", exc.render()
            continue
        fp.value = field_value(ws, name, fp.value)  # as the profile keeps it (5 -> 5年 for a field in years)
        if existing is not None and same_value(ws, name, existing.value, fp.value):
            fp.status, fp.why = "skipped", t("extract.why.same_value")
            continue
        if existing is not None and existing.updated_at.date() > rec.occurred_at:
            fp.status, fp.why = "skipped", t("extract.why.newer_exists", value=existing.value,
                                             date=existing.updated_at.date().isoformat())
            continue
        write = {"name": name, "value": fp.value}  # the change as chat's proposals describe it
        shown = None if apply_fields or confirm is None else describe(ws, "mylife_profile_update", write)
        approved = apply_fields or (confirm(fp) if confirm is not None else None)
        if approved is None:
            fp.status = "pending"
            pending.append(fp)
            continue
        if not approved:
            fp.status, fp.why = "skipped", t("extract.why.declined")
            continue
        ttl_kwargs: dict[str, Any] = {}
        if existing is None:
            choice = confirm_new_field(ws, name, fp.value, interactive=ttl_prompt is not None,
                                       auto="yes" if apply_fields else "no_terminal", prompt=ttl_prompt, say=say)
            fp.ttl = choice.to_json()
            ttl_kwargs = {"ttl_days": choice.ttl_days, "ttl_given": True, "ttl_reason": choice.reason,
                          "ttl_source": choice.source}
        # a yes is to what the question showed: changed by another window meanwhile, nothing is written
        if shown is not None and (now := changed_since(ws, "mylife_profile_update", write, shown)) is not None:
            from ..shell import word

            current = ws.profile.find(name)  # read afresh: the file changed
            fp.status, fp.ttl = "skipped", None
            fp.why = t("extract.why.field_changed", name=name, name_word=word(name), value=word(str(fp.value)),
                       current=current.value if current is not None else now)
            continue
        when = None if rec.occurred_at >= clock.today() else clock.as_aware(rec.occurred_at)
        from ..layers.profile import cited_source

        # a note a model wrote (mylife_record over MCP) is not the user's words, whoever said yes
        ws.profile.set(name, fp.value, source=cited_source(ws, pointer), provenance=pointer, at=when, actor="model",
                       topic=rec.topic if existing is None else None, **ttl_kwargs)
        fp.status = "applied"
    if pending:  # kept for the user to decide later (mylife proposal accept, the panel's /review)
        from .proposals import Proposals

        stored = Proposals(ws).add_fields([{"name": fp.name, "value": fp.value, "provenance": fp.line,
                                            "topic": rec.topic, "occurred_at": rec.occurred_at,
                                            "current": fp.current, "exists": fp.exists, "model": turn.endpoint}
                                           for fp in pending], actor="model")
        for fp, prop in zip(pending, stored):
            fp.id = prop.id
    return result

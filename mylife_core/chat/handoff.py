"""The handoff sheet a branch brings back to its parent (docs/design.md#handoff), and its validation.

A branch does not return a transcript; it returns this sheet, the only interface between the
branch and the line it came from::

    topic: 现金流
    question_answered: 我现在的现金流能不能支撑 3 个月空窗期
    conclusion: 能，但需要把月支出压到 12000 以下
    new_claims:                     # written to L2 when the branch closes
      - 现有存款 15 万，每月固定支出 9000
      - {claim: 我愿意先砍掉外卖和打车, kind: assessment}
    fields:                         # written to L3 (the old value goes to history)
      现有存款: 150000
      月支出: 12000
    competing_evidence:             # REQUIRED: what weakens this conclusion
      - 2025-06 提到的信用卡分期金额未确认，若超过 2 万则结论不成立
    open_questions:
      - 信用卡分期的确切余额
    impact_on_parent_topic: 空窗期可行性提高，'裸辞'这个选项的权重上升   # REQUIRED

``competing_evidence`` and ``impact_on_parent_topic`` are required and must say something:
forcing counter-evidence is built into the structure, not left to a prompt (docs/design.md#handoff).
``new_claims_added`` (ids of claims already added during the branch) and ``changed_fields``
(profile fields already changed) may be listed too; they are checked to exist. Once written,
the sheet is stored in ``index.yaml`` as :class:`~mylife_core.layers.index.Handoff` with the
ids of every claim it added and the names of every field it changed.

Everything is checked before anything is written; every problem is reported at once, in the
user's language, naming the item and saying what to write.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import UsageError

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.index import Branch
    from ..workspace import Workspace

Scalar = str | int | float | bool

KEYS = ("topic", "question_answered", "conclusion", "conclusion_kind", "new_claims", "new_claims_added", "fields",
        "changed_fields", "competing_evidence", "open_questions", "impact_on_parent_topic")
REQUIRED = ("question_answered", "conclusion", "competing_evidence", "impact_on_parent_topic")
KINDS = ("fact", "assessment", "inference")


class HandoffInvalid(UsageError):
    """The sheet failed its checks; ``problems`` lists every one (nothing was written)."""

    def __init__(self, problems: list[str], source: str) -> None:
        super().__init__("handoff_invalid", source=source, problems="\n".join(f"  · {p}" for p in problems))
        self.problems = problems


class DraftClaim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    claim: str
    kind: Literal["fact", "assessment", "inference"] = "fact"
    context: str | None = None


class HandoffDraft(BaseModel):
    """A checked sheet, before it is written (see the module docstring)."""

    model_config = ConfigDict(extra="forbid")
    topic: str
    question_answered: str
    conclusion: str
    conclusion_kind: Literal["fact", "assessment", "inference"] = "assessment"
    new_claims: list[DraftClaim] = Field(default_factory=list)
    new_claims_added: list[str] = Field(default_factory=list)
    fields: dict[str, Scalar] = Field(default_factory=dict)
    changed_fields: list[str] = Field(default_factory=list)
    competing_evidence: list[str]
    open_questions: list[str] = Field(default_factory=list)
    impact_on_parent_topic: str

    def to_data(self) -> dict[str, Any]:
        """Plain data in the sheet's own order (for showing, editing and ``--json``)."""
        data: dict[str, Any] = {"topic": self.topic, "question_answered": self.question_answered,
                                "conclusion": self.conclusion}
        if self.new_claims:
            data["new_claims"] = [c.claim if c.kind == "fact" and not c.context else c.model_dump(exclude_none=True)
                                  for c in self.new_claims]
        if self.new_claims_added:
            data["new_claims_added"] = list(self.new_claims_added)
        if self.fields:
            data["fields"] = dict(self.fields)
        if self.changed_fields:
            data["changed_fields"] = list(self.changed_fields)
        data["competing_evidence"] = list(self.competing_evidence)
        data["open_questions"] = list(self.open_questions)
        data["impact_on_parent_topic"] = self.impact_on_parent_topic
        return data


def _label(key: str) -> str:
    from ..messages import t

    return t(f"handoff.key.{key}") + t("sep.paren", text=key)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value.strip() if isinstance(value, str) else None


def _text_list(key: str, value: Any, problems: list[str]) -> list[str]:
    from ..messages import t

    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        problems.append(t("handoff.problem.not_list", key=_label(key)))
        return []
    out = []
    for i, item in enumerate(value, start=1):
        text = _text(item)
        if not text:
            problems.append(t("handoff.problem.blank_item", key=_label(key), n=i))
        else:
            out.append(text)
    return out


def check(ws: "Workspace", data: Any, branch: "Branch", *, source: str = "") -> HandoffDraft:
    """Check a sheet (plain data from YAML, a model or prompts) for ``branch``; raise
    :class:`HandoffInvalid` listing every problem, or return the checked draft."""
    from ..layers.profile import check_value, field_value
    from ..layers.raw import check_topic
    from ..messages import join, t
    from ..staleness.check import profile_field

    source = source or t("handoff.source.input")
    problems: list[str] = []
    if not isinstance(data, dict):
        raise HandoffInvalid([t("handoff.problem.not_mapping")], source)
    unknown = [str(k) for k in data if k not in KEYS]
    if unknown:
        problems.append(t("handoff.problem.unknown_keys", keys=join(unknown), known=", ".join(KEYS)))

    topic = _text(data.get("topic")) or branch.topic
    try:
        topic = check_topic(topic)
    except UsageError:
        problems.append(t("handoff.problem.bad_topic", topic=topic))
    parent = branch.parent_topic or t("handoff.parent_unknown")
    texts: dict[str, str] = {}
    for key in ("question_answered", "conclusion", "impact_on_parent_topic"):
        value = data.get(key)
        text = _text(value)
        if value is not None and text is None and not isinstance(value, str):
            problems.append(t("handoff.problem.not_text", key=_label(key)))
        elif not text:
            problems.append(t(f"handoff.problem.missing.{key}", key=_label(key), parent=parent))
        else:
            texts[key] = text
    competing = _text_list("competing_evidence", data.get("competing_evidence"), problems)
    if not competing and not any(_label("competing_evidence") in p for p in problems):
        problems.append(t("handoff.problem.missing.competing_evidence", key=_label("competing_evidence")))
    open_questions = _text_list("open_questions", data.get("open_questions"), problems)

    kind = data.get("conclusion_kind") or "assessment"
    if kind not in KINDS:
        problems.append(t("handoff.problem.bad_kind", key=_label("conclusion_kind"), value=kind, kinds=", ".join(KINDS)))
        kind = "assessment"

    claims: list[DraftClaim] = []
    raw_claims = data.get("new_claims")
    if raw_claims is not None and not isinstance(raw_claims, list):
        problems.append(t("handoff.problem.not_list", key=_label("new_claims")))
        raw_claims = []
    for i, item in enumerate(raw_claims or [], start=1):
        if isinstance(item, str) or isinstance(item, (int, float)):
            text = _text(item)
            if not text:
                problems.append(t("handoff.problem.blank_item", key=_label("new_claims"), n=i))
            else:
                claims.append(DraftClaim(claim=text))
            continue
        if not isinstance(item, dict):
            problems.append(t("handoff.problem.bad_claim", n=i))
            continue
        extra = [k for k in item if k not in ("claim", "kind", "context")]
        text = _text(item.get("claim"))
        claim_kind = item.get("kind") or "fact"
        if extra:
            problems.append(t("handoff.problem.claim_keys", n=i, keys=join(map(str, extra))))
        if not text:
            problems.append(t("handoff.problem.blank_item", key=_label("new_claims"), n=i))
        elif claim_kind not in KINDS:
            problems.append(t("handoff.problem.bad_kind", key=f"{_label('new_claims')} #{i}", value=claim_kind,
                              kinds=", ".join(KINDS)))
        else:
            claims.append(DraftClaim(claim=text, kind=claim_kind, context=_text(item.get("context")) or None))

    added = _text_list("new_claims_added", data.get("new_claims_added"), problems)
    for claim_id in added:
        if ws.claims.find(claim_id) is None:
            problems.append(t("handoff.problem.no_claim", id=claim_id))

    fields: dict[str, Scalar] = {}
    raw_fields = data.get("fields")
    if raw_fields is not None and not isinstance(raw_fields, dict):
        example, example_value = field_example(ws, topic)
        problems.append(t("handoff.problem.fields_mapping", key=_label("fields"), field=example, value=example_value))
        raw_fields = {}
    profile = ws.profile.fields() if raw_fields else {}
    for name, value in (raw_fields or {}).items():
        name = str(name).strip()
        if not name or "\n" in name or len(name) > 80:
            problems.append(t("handoff.problem.bad_field", name=name))
            continue
        if value is None or isinstance(value, (list, dict)) or (isinstance(value, str) and not value.strip()):
            problems.append(t("handoff.problem.field_value", name=name))
            continue
        # a field the profile holds under another name (savings, 存款 -> 现有存款) is that field, as
        # ``profile get`` and ``--keep`` resolve it, never a second field beside it
        name = profile_field(ws, name, profile) or name
        if name in fields:
            problems.append(t("handoff.problem.field_twice", name=name))
            continue
        try:  # what the field's dictionary asks (a number, a quantity in its unit): refused here,
            check_value(ws, name, value)  # never after the sheet and the claims are written
        except UsageError as exc:
            problems.append(exc.render())
            continue
        fields[name] = field_value(ws, name, value)
    changed = _text_list("changed_fields", data.get("changed_fields"), problems)
    for name in changed:
        if ws.profile.find(name) is None and name not in fields:
            problems.append(t("handoff.problem.no_field", name=name))

    if problems:
        raise HandoffInvalid(problems, source)
    return HandoffDraft(topic=topic, question_answered=texts["question_answered"], conclusion=texts["conclusion"],
                        conclusion_kind=kind, new_claims=claims, new_claims_added=added, fields=fields,
                        changed_fields=changed, competing_evidence=competing, open_questions=open_questions,
                        impact_on_parent_topic=texts["impact_on_parent_topic"])


def load_file(ws: "Workspace", path: Path, branch: "Branch") -> HandoffDraft:
    """Read and check a sheet from a YAML file; a syntax error names the file and line."""
    from ..errors import UsageError as _U
    from ..storage import yamlfile

    try:
        text = yamlfile.read_text(path)
    except FileNotFoundError:
        raise _U("handoff_file_missing", path=str(path)) from None
    except IsADirectoryError:
        raise _U("handoff_file_missing", path=str(path)) from None
    data = yamlfile.parse_yaml(text, path)
    return check(ws, data, branch, source=str(path))


def parse_text(ws: "Workspace", text: str, branch: "Branch", *, source: str) -> HandoffDraft:
    from ..storage import yamlfile

    return check(ws, yamlfile.parse_yaml(text, Path(source)), branch, source=source)


def to_yaml(draft: HandoffDraft) -> str:
    from ..storage import yamlfile

    return yamlfile.dumps(draft.to_data())


def field_example(ws: "Workspace", topic: str | None) -> tuple[str, str]:
    """The field and value the sheet's examples show: a field this workspace's profile holds
    (on ``topic`` first, then an expired one, with its current value), so that following the
    example changes that field and never adds a second one under another name; with an empty
    profile, the catalog's example (``handoff.example.field``, 150000)."""
    from .. import clock
    from ..messages import t
    from ..staleness.ttl import field_index, norm

    fields = ws.profile.fields()
    if not fields:
        return t("handoff.example.field"), "150000"
    index = field_index(ws)
    now = clock.now()

    def topic_of(name: str) -> str | None:
        spec = index.get(norm(name))
        return fields[name].topic or (spec.topic if spec is not None else None)

    name = min(fields, key=lambda n: (topic_of(n) != topic, not fields[n].is_stale(now), n))
    value = _PREFIX.sub(" ", str(fields[name].value)).strip()
    return name, value if len(value) <= 40 else value[:39] + "…"


def template(branch: "Branch", ws: "Workspace") -> str:
    """An empty sheet to fill in (``mylife branch close ID --template``), with comments; its
    ``fields`` example names a field of ``ws`` (:func:`field_example`)."""
    from ..messages import t

    field, value = field_example(ws, branch.topic)
    return t("handoff.template", topic=branch.topic, question=branch.question or "",
             parent=branch.parent_topic or t("handoff.parent_unknown"), field=field, value=value)


# --------------------------------------------------------------------------- the sheet in L0

_PREFIX = re.compile(r"\s+")


def sheet_lines(branch: "Branch", draft: HandoffDraft) -> tuple[list[str], dict[str, int]]:
    """The sheet as the user's own record for L0, and the line number of each item that becomes
    a claim or a field (``conclusion``, ``claim:N``, ``field:NAME``), so each points at its line."""
    from ..messages import t

    def one_line(text: str) -> str:
        return _PREFIX.sub(" ", str(text)).strip()

    lines = [t("handoff.sheet.title", id=branch.id, topic=draft.topic,
               parent=branch.parent_topic or t("handoff.parent_unknown"))]
    where: dict[str, int] = {}
    lines.append(t("handoff.sheet.question", text=one_line(draft.question_answered)))
    lines.append(t("handoff.sheet.conclusion", text=one_line(draft.conclusion)))
    where["conclusion"] = len(lines)
    for i, claim in enumerate(draft.new_claims):
        lines.append(t("handoff.sheet.claim", text=one_line(claim.claim)))
        where[f"claim:{i}"] = len(lines)
    for name, value in draft.fields.items():
        lines.append(t("handoff.sheet.field", name=one_line(name), value=one_line(value)))
        where[f"field:{name}"] = len(lines)
    for item in draft.competing_evidence:
        lines.append(t("handoff.sheet.competing", text=one_line(item)))
    for item in draft.open_questions:
        lines.append(t("handoff.sheet.open", text=one_line(item)))
    lines.append(t("handoff.sheet.impact", text=one_line(draft.impact_on_parent_topic)))
    return lines, where

"""The answer to a decision question, as ``render_output`` plugins receive and shape it.

An :class:`Answer` is built by the pipeline and handed, mutable, to every ``render_output``
implementation in order (chain enforcement ``tryfirst``, stale-input annotation, the
disclaimer ``trylast``). Its parts follow docs/design.md#both-sides:

1. ``statements``: the table of the user's statements on the topic (date, statement, context);
2. ``judgments`` (a model's, each citing claims) and ``question_back``: a question, not a verdict;
3. ``premises``: "待作废的旧前提", old claims the newest data contradicts, asked about;

plus ``competing`` evidence against the draft conclusion (``competing_note`` says so explicitly
when there is none), ``unsupported`` sentences refused for lack of a valid chain ("无依据，未采纳"),
kept ``stale`` inputs, and ``disclaimer``. ``to_json()`` keys are documented in docs/ask.md.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Role = Literal["judgment", "question", "premise_to_retire", "competing", "statement", "remark"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Statement(_M):
    """A row of the statements table (docs/design.md#both-sides): what the user said, when, in which context.

    A raw line no claim cites yet (the user's exact words in L0) is a row too: ``kind`` and
    ``status`` ``raw``, ``claim_id`` and ``provenance`` its ``raw/FILE#Ln``."""

    claim_id: str  # the claim's id, or raw/FILE#Ln for a raw line (kind "raw")
    date: date
    text: str
    context: str | None = None
    kind: str
    status: str
    topic: str
    provenance: str | None = None
    source_ok: bool = True
    stance: int = 0  # +1 for the decision's action, -1 against, 0 neither (offline reading)
    stance_term: str | None = None
    stance_certain: bool = False  # the reading is sure (not a mixed, conditional or question form)
    speaker: str | None = None  # someone else's view the user wrote down ("阿杰"): not the user's stance
    source_state: str = "ok"  # ok | source_changed | source_missing | no_pointer (then not evidence)


class Judgment(_M):
    """One sentence of an answer with the claims it cites."""

    text: str  # the sentence, citations removed
    claim_ids: list[str] = Field(default_factory=list)
    role: Role = "judgment"
    stale_inputs: list[str] = Field(default_factory=list)  # kept stale fields it uses
    weight: float = 1.0
    notes: list[str] = Field(default_factory=list)  # e.g. "基于可能过时的 现有存款（3 个月前的数据）"

    def display(self) -> str:
        cites = "".join(f"[{c}]" for c in self.claim_ids)
        return f"{self.text} {cites}".strip()


class CitationProblem(_M):
    claim_id: str | None  # None: the sentence cites nothing
    problem: Literal["no_citation", "missing", "candidate", "rejected", "superseded", "source_changed",
                     "source_missing", "no_pointer", "write_not_done", "unrelated", "model_lines",
                     "misquoted", "reversed", "advice"]
    message: str


class Unsupported(_M):
    """A sentence shown only in the "无依据，未采纳" note, with why."""

    text: str
    claim_ids: list[str] = Field(default_factory=list)
    problems: list[CitationProblem] = Field(default_factory=list)


class Premise(_M):
    """An old claim the newest data contradicts: asked about, not asserted."""

    claim_id: str
    text: str
    date: date
    kind: Literal["contradicted", "field_changed", "disputed", "source_changed"]
    question: str  # how it is put to the user
    newer: str | None = None  # the claim id or field name that contradicts it


class CompetingEvidence(_M):
    """One piece of existing evidence that weakens or contradicts the draft conclusion."""

    ref: str  # claim id, or raw/F.md#Ln for a line not yet distilled into a claim
    claim_id: str | None = None
    text: str
    date: date
    topic: str | None = None
    kind: str | None = None
    status: str | None = None
    stance: Literal["contradicts", "weakens"]
    reason: str
    score: float
    chain: dict[str, Any] = Field(default_factory=dict)  # {"digest": [...], "raw": pointer, "state": ok|...}
    certain: bool = True  # False: the rules are unsure, or the rules and the model disagree
    speaker: str | None = None  # someone else's view (shown apart, never as the user's): who
    form: str | None = None  # plain | negation | concession | hypothetical | question | adopted | reported
    note: str | None = None  # e.g. the model's and the rules' readings when they disagree
    # the user's exact words the item rests on (a claim's raw lines; a raw line's own text), None
    # when they cannot be trusted (lines changed or gone): a claim's text is quoted as said only
    # when it is these words (pipeline/quoting.py)
    words: str | None = None


class StaleInput(_M):
    name: str
    value: Any = None
    age_days: int
    note: str
    dependency: str | None = None
    aliases: list[str] = Field(default_factory=list)  # other words that mean this field (存款 for 现有存款)


class Answer(_M):
    question: str
    asked_at: datetime
    status: Literal["answered", "needs_input", "denied"] = "answered"
    mode: Literal["offline", "model"] = "offline"
    label: str = ""  # "结构化简报（离线生成，未调用模型）" / "模型：…"
    model: str | None = None  # the endpoint that answered
    decision: str | None = None
    decisions: list[str] = Field(default_factory=list)
    lens: str | None = None
    topic: str | None = None
    # the English name the lens also gives each decision and topic named (its first alias in Latin
    # letters: 跳槽 -> change jobs, 职业去留 -> career), said beside the Chinese name in English text
    names_en: dict[str, str] = Field(default_factory=dict)
    verdict: dict[str, Any] | None = None
    draft_conclusion: str | None = None
    statements: list[Statement] = Field(default_factory=list)
    # said with the table: raw rows are not yet claims, or lines were read and none took a side
    statements_note: str | None = None
    judgments: list[Judgment] = Field(default_factory=list)
    question_back: Judgment | None = None
    premises: list[Premise] = Field(default_factory=list)
    competing: list[CompetingEvidence] = Field(default_factory=list)
    competing_others: list[CompetingEvidence] = Field(default_factory=list)  # other people's views against it
    competing_disputed: list[CompetingEvidence] = Field(default_factory=list)  # read differently by rules and model
    competing_note: str | None = None
    # who read the stances of the counter-evidence: "model" when the structured stance call ran,
    # even when the answer itself fell back to the brief (the output then does not say no model was used)
    stances_read_by: Literal["rules", "model"] = "rules"
    topic_reason: str | None = None  # why this topic, when no lens decision named it
    unsupported: list[Unsupported] = Field(default_factory=list)
    stale: list[StaleInput] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list)
    # what held the answer back (status needs_input): expired fields not kept, then missing ones
    blocking: list[str] = Field(default_factory=list)
    annotations: list[str] = Field(default_factory=list)
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)
    refused_tool_calls: list[dict[str, Any]] = Field(default_factory=list)
    model_error: dict[str, Any] | None = None
    disclaimer: str | None = None
    chain_id: str | None = None
    enforced: bool = False  # chain enforcement ran

    def cited_claim_ids(self) -> list[str]:
        ids: list[str] = []
        for j in [*self.judgments, *([self.question_back] if self.question_back else [])]:
            ids.extend(j.claim_ids)
        ids.extend(p.claim_id for p in self.premises if not p.claim_id.startswith("raw/"))
        ids.extend(c.claim_id for c in self.competing if c.claim_id)
        return list(dict.fromkeys(ids))

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

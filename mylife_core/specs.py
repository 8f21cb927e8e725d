"""What plugins contribute and what hooks return: one pydantic model each.

Registration hooks hand plugins a ``register(...)`` callback; the core validates the keyword
arguments against these models, resolves name clashes deterministically and remembers which
plugin gave what (see :mod:`mylife_core.plugins`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, defer_build=True)
    plugin: str = ""  # filled in by the core: which plugin registered it


def in_language(text: str | None, english: str | None) -> str | None:
    """``english`` when the language in force is English and a lens gives it, else ``text`` (a
    lens writes its texts in Chinese, with an ``_en`` twin for English: ``ttl_reason_en``,
    ``impact_en``, as a tool's ``description_en``)."""
    from .messages import language

    return english if english and language() == "en" else text


def english_alias(name: str, aliases: list[str] | tuple[str, ...]) -> str | None:
    """The English name a lens gives beside a Chinese ``name``: its first alias in Latin letters
    (``工作年限`` -> ``years of experience``, ``跳槽`` -> ``change jobs``, ``职业去留`` -> ``career``), or
    None (a name already in English, or a lens that lists no English alias). Names are not
    translated (docs/lenses.md, "Languages"): English text says this one beside the Chinese."""
    if name.isascii():
        return None
    return next((a for a in aliases if a.isascii() and any(ch.isalpha() for ch in a)), None)


class FieldSpec(_Spec):
    """A profile field a lens or field dictionary knows about (docs/design.md#field-dictionaries)."""

    name: str
    aliases: list[str] = Field(default_factory=list)
    ttl_days: int | None = None  # None: never expires
    ttl_reason: str | None = None
    ttl_reason_en: str | None = None  # the reason in English (shown when the language is English)
    topic: str | None = None
    sensitivity: Literal["low", "medium", "high"] = "medium"
    decisions: list[str] = Field(default_factory=list)  # decisions that depend on it
    description: str | None = None
    # "assessment": the user's own judgment (对当前工作的评估). Besides a profile value, the user's
    # assessment claims on the decision's topic satisfy it, the newest dated within ttl_days.
    kind: Literal["fact", "assessment"] = "fact"
    # the smallest number the value can be (0 for a count of years, an amount of money, hours):
    # ``profile set`` refuses a number below it. Only numbers are checked; text values pass.
    min: float | None = None
    # the value is a number (an amount of money): ``profile set`` refuses text that is not one
    # (``abc``); digits, ``20,000`` and Chinese numerals (``两万``, ``2万``) are numbers
    numeric: bool = False
    # the value is a quantity counted in this unit (``年``, ``分钟``, ``小时/周``): ``profile set``
    # refuses a value that is none (``abc``); a bare number is taken in it and kept with it
    # (``5`` -> ``5年``); a value naming an accepted unit is kept as written (mylife_core.units)
    unit: str | None = None
    # other ways to write the quantity, each with its size in ``unit`` (``{小时: 60}`` for minutes)
    units: dict[str, float] = Field(default_factory=dict)

    @field_validator("ttl_days")
    @classmethod
    def _positive(cls, v: int | None) -> int | None:
        if v is not None and v <= 0:
            raise ValueError("ttl_days must be positive or null (never expires)")
        return v

    @model_validator(mode="after")
    def _quantity(self) -> "FieldSpec":
        if self.unit is not None and (not self.unit.strip() or any(ch.isdigit() for ch in self.unit)):
            raise ValueError(f"unit must be a word without digits (年, 分钟), not {self.unit!r}")
        if self.units and not self.unit:
            raise ValueError("units needs unit: the unit a bare number is taken in and the sizes are counted in")
        if self.unit and self.numeric:
            raise ValueError("numeric and unit exclude each other: numeric is a plain number, unit a quantity")
        for spelling, size in self.units.items():
            if not spelling.strip() or any(ch.isdigit() for ch in spelling):
                raise ValueError(f"units: {spelling!r} must be a word without digits")
            if not size > 0:
                raise ValueError(f"units: the size of {spelling!r} must be a positive number, not {size!r}")
        return self

    def reason(self) -> str | None:
        """``ttl_reason`` in the language in force."""
        return in_language(self.ttl_reason, self.ttl_reason_en)


class DecisionSpec(_Spec):
    """A decision a lens can reason about, with the fields it depends on (docs/design.md#pre-decide)."""

    name: str
    aliases: list[str] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    depends_on: list[str] = Field(default_factory=list)  # profile field names; missing ones block
    optional: list[str] = Field(default_factory=list)  # checked for staleness when present, never block
    impact: dict[str, str] = Field(default_factory=dict)  # field -> how it changes the answer
    impact_en: dict[str, str] = Field(default_factory=dict)  # the same in English, field by field
    topic: str | None = None  # the claim topic its evidence lives under
    lens: str | None = None
    description: str | None = None

    def impact_of(self, field: str) -> str | None:
        """Why ``field`` matters to this decision, in the language in force."""
        return in_language(self.impact.get(field), self.impact_en.get(field))


class TopicSpec(_Spec):
    """A topic with the words that signal it (used for drift detection and topic matching)."""

    name: str
    aliases: list[str] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    fields: list[str] = Field(default_factory=list)
    lens: str | None = None


class SkillDirSpec(_Spec):
    """A folder (or single file) of Markdown skills with ``name``/``description`` front matter."""

    path: Path
    rank: int = 600  # lower wins; bundled skills default to the lowest precedence


class StoreSpec(_Spec):
    """An L2 claim-store backend; ``factory(workspace)`` returns a ClaimStore. ``description`` is
    in Chinese, with an English twin ``description_en`` (as a tool's); :meth:`describe` gives
    the one in the language in force."""

    name: str
    factory: Callable[[Any], Any]
    description: str = ""
    description_en: str | None = None

    def describe(self) -> str:
        """``description`` in the language in force."""
        return in_language(self.description, self.description_en) or ""


class ToolSpec(_Spec):
    """A model-facing tool (docs/design.md#tools), served to the agent loop and over MCP."""

    name: str
    description: str
    description_en: str | None = None
    input_schema: dict[str, Any]
    handler: Callable[..., Any]  # handler(workspace, actor, **arguments) -> JSON-able
    writes: bool = False

    @field_validator("name")
    @classmethod
    def _snake(cls, v: str) -> str:
        if not v.replace("_", "").isalnum() or not v.islower():
            raise ValueError("tool names are snake_case")
        return v


class SynonymSpec(_Spec):
    """Words that mean the same for search (``换工作`` ~ ``跳槽``)."""

    word: str
    synonyms: list[str]


class TTLGuess(BaseModel):
    """An inferred time-to-live for a new profile field, with why."""

    model_config = ConfigDict(defer_build=True)

    ttl_days: int | None
    reason: str
    source: str  # "plugin:<name>", "heuristic", "model", "user", "default"
    field: str | None = None  # the dictionary entry that answered, when it has another name
    topic: str | None = None  # from a field dictionary: the field's topic
    sensitivity: Literal["low", "medium", "high"] | None = None


class Verdict(BaseModel):
    """A pre-decision check's result: allow, steer (ask the user first) or deny."""

    model_config = ConfigDict(defer_build=True)

    kind: Literal["allow", "steer", "deny"]
    reasons: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)
    plugin: str = ""


class DriftSignal(BaseModel):
    """One piece of evidence that a conversation turn left the main topic."""

    model_config = ConfigDict(defer_build=True)

    signal: str  # e.g. "explicit_marker", "field_set", "text_distance", "context_pressure"
    score: float  # 0..1
    weight: Literal["high", "medium", "low"] = "medium"
    evidence: str = ""
    new_topic: str | None = None
    plugin: str = ""


class Change(BaseModel):
    """One audited write to the workspace (handed to ``on_change``)."""

    model_config = ConfigDict(defer_build=True)

    at: datetime
    actor: str  # "user", "model", "model via MCP", "plugin:<name>"
    action: str  # "record", "claim.add", "claim.status", "profile.set", "digest.write", ...
    target: str  # a raw file, claim id, field name, topic ...
    paths: list[str] = Field(default_factory=list)  # workspace-relative files written
    detail: dict[str, Any] = Field(default_factory=dict)

"""From a question to the decisions it is about, and from decisions to the fields they need.

Decisions and topics come only from lenses (``register_decisions``, ``register_topics``);
the core knows none. A question matches a decision by its name (strongest), its aliases,
search synonyms of its name, and its keywords (weakest). Chinese terms match as substrings;
Latin terms match whole words, case-insensitively, after NFKC (full-width letters fold).

The dependency set of a decision (docs/design.md#pre-decide) is its ``depends_on`` (required: a missing one
blocks), its ``optional`` fields (checked for staleness when present), and every field a
field dictionary says the decision depends on (``FieldSpec.decisions``; optional too, so a
community dictionary can extend a lens without changing it).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..specs import DecisionSpec, TopicSpec, english_alias

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

WEIGHT_NAME = 3.0
WEIGHT_ALIAS = 2.0
WEIGHT_SYNONYM = 2.0
WEIGHT_KEYWORD = 1.0


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _is_latin(term: str) -> bool:
    return all(ord(ch) < 0x2E80 for ch in term)


def term_in(term: str, text: str) -> bool:
    """Does ``term`` occur in ``text`` (both already folded)?"""
    term = term.strip()
    if not term:
        return False
    if _is_latin(term):
        return re.search(rf"(?<![0-9a-z]){re.escape(term)}(?![0-9a-z])", text) is not None
    return term in text


@dataclass
class Match:
    """A decision or topic a question matched, with the terms that matched and a score."""

    spec: DecisionSpec | TopicSpec
    score: float
    terms: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.spec.name


def _score(spec: DecisionSpec | TopicSpec, text: str, synonyms: dict[str, list[str]]) -> Match | None:
    score = 0.0
    terms: list[str] = []
    groups = [(WEIGHT_NAME, [spec.name]), (WEIGHT_ALIAS, spec.aliases),
              (WEIGHT_SYNONYM, synonyms.get(spec.name, [])), (WEIGHT_KEYWORD, spec.keywords)]
    seen: set[str] = set()
    for weight, words in groups:
        for word in words:
            folded = _fold(word)
            if folded in seen or not term_in(folded, text):
                continue
            seen.add(folded)
            score += weight
            terms.append(word)
    return Match(spec, score, terms) if score > 0 else None


def _synonyms(ws: "Workspace") -> dict[str, list[str]]:
    return {word: spec.synonyms for word, spec in ws.plugins.synonyms().items()}


def rank_decisions(ws: "Workspace", question: str) -> list[Match]:
    """Every decision the question matches, best first (ties by name)."""
    text = _fold(question)
    synonyms = _synonyms(ws)
    matches = [m for spec in ws.plugins.decisions().values() if (m := _score(spec, text, synonyms))]
    return sorted(matches, key=lambda m: (-m.score, m.name))


def match_decisions(ws: "Workspace", question: str) -> list[DecisionSpec]:
    """The decisions a question is about (by name, aliases, synonyms and keywords), best first."""
    return [m.spec for m in rank_decisions(ws, question)]  # type: ignore[misc]


def rank_topics(ws: "Workspace", text: str) -> list[Match]:
    """Every registered topic whose name, aliases or keywords occur in ``text``, best first."""
    folded = _fold(text)
    synonyms = _synonyms(ws)
    matches = [m for spec in ws.plugins.topics().values() if (m := _score(spec, folded, synonyms))]
    return sorted(matches, key=lambda m: (-m.score, m.name))


def match_topic(ws: "Workspace", question: str, decisions: list[DecisionSpec] | None = None) -> str | None:
    """The claim topic a question is about: its best decision's topic, else the best topic match."""
    for decision in decisions if decisions is not None else match_decisions(ws, question):
        if decision.topic:
            return decision.topic
    ranked = rank_topics(ws, question)
    return ranked[0].name if ranked else None


def english_names(ws: "Workspace", decisions: list[DecisionSpec], topic: str | None) -> dict[str, str]:
    """``name -> English name`` for the decisions and the topic a lens gives an English alias
    (:func:`~mylife_core.specs.english_alias`): what English text says beside the Chinese names."""
    specs: list[tuple[str, DecisionSpec | TopicSpec]] = [(d.name, d) for d in decisions]
    topic_spec = ws.plugins.topic_spec(topic)
    if topic and topic_spec is not None:
        specs.append((topic, topic_spec))
    out: dict[str, str] = {}
    for name, spec in specs:
        english = english_alias(name, (spec.name, *spec.aliases))
        if english:
            out[name] = english
    return out


def said_in_english(name: str, names_en: dict[str, str]) -> str:
    """``name`` as English text says it: followed by the English name of :func:`english_names`
    (``跳槽 (change jobs)``, ``职业去留 (career)``); as is in Chinese text or without one."""
    from ..messages import language, t

    english = names_en.get(name) if language() == "en" else None
    return name + t("sep.paren", text=english) if english else name


@dataclass
class Dependency:
    """One field a set of decisions needs."""

    name: str
    required: bool
    decisions: list[str] = field(default_factory=list)
    impact: str | None = None
    #: the English name the field dictionary also knows it by (its first ASCII alias), said beside
    #: a Chinese name in English text: ``工作年限 (years of experience)``
    english: str | None = None


def dependencies(ws: "Workspace", decisions: list[DecisionSpec]) -> list[Dependency]:
    """The union of the decisions' dependency sets, in the lenses' order, required first."""
    from .ttl import norm

    deps: dict[str, Dependency] = {}

    def add(name: str, required: bool, decision: DecisionSpec, impact: str | None) -> None:
        key = norm(name)
        dep = deps.get(key)
        if dep is None:
            deps[key] = Dependency(name, required, [decision.name], impact)
            return
        dep.required = dep.required or required
        if decision.name not in dep.decisions:
            dep.decisions.append(decision.name)
        dep.impact = dep.impact or impact

    names = {norm(n): d for d in decisions for n in (d.name, *d.aliases)}
    for decision in decisions:
        for name in decision.depends_on:
            add(name, True, decision, decision.impact_of(name))
        for name in decision.optional:
            add(name, False, decision, decision.impact_of(name))
    for spec in ws.plugins.fields().values():
        for wanted in spec.decisions:
            decision = names.get(norm(wanted))
            if decision is not None:
                add(spec.name, False, decision, None)
    ordered = list(deps.values())
    from .ttl import field_index, field_spec_for

    index = field_index(ws)
    for dep in ordered:
        spec = field_spec_for(ws, dep.name, index)
        if spec is not None:
            dep.english = english_alias(dep.name, (spec.name, *spec.aliases))
    return [d for d in ordered if d.required] + [d for d in ordered if not d.required]

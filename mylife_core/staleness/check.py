"""The pre-decision staleness check (docs/design.md#pre-decide): which facts a decision needs are out of date.

::

    report = check(ws, "我该不该跳槽？", options={"accept_stale": False, "keep": []})
    report.expired   # [BlockingField("现有存款", 120000, ..., age_text="现有存款：上次填写是 3 个月前")]
    report.missing   # ["房贷"]: required fields the profile lacks
    report.verdict   # steer: ask the user to update now or keep the old value

A dependency named by a lens ("月收入") is found in the user's profile by its own name, by a
field dictionary's name and aliases, or by meaning ("月税后收入" is income too), so a profile
built in the user's own words still satisfies a lens written in other words.

A dependency a field dictionary marks ``kind: assessment`` (the user's own judgment, such as
"对当前工作的评估") is also held by the user's assessment claims on the decision's topic: the
newest dated within the field's TTL satisfy it (``Assessment.from_claims`` names them, and the
brief says which); when the newest is older the dependency stays missing, and the report says how
old the latest assessment is (``Assessment.old_claims``) and how to add a fresh one.

Options (also handed to every ``pre_decide`` plugin):

* ``keep``: fields whose old value the user chose to keep, each by its name in the profile or
  another name of it (:func:`profile_field`); :func:`check` resolves them and refuses a name that
  is no field of the profile (``UsageError``, exit 2), so plugins see the profile's names;
* ``accept_stale``: keep every expired value (non-interactive "keep old");
* ``accept_missing``: proceed without the missing fields (they are still listed).

A kept value is not blocking, but every conclusion that uses it is marked with
:func:`~mylife_core.staleness.annotate.stale_note` and weighted by ``STALE_WEIGHT``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..specs import DecisionSpec, FieldSpec, Verdict
from .annotate import STALE_WEIGHT, stale_note
from .decisions import Dependency, Match, dependencies, english_names, match_topic, rank_decisions
from .ttl import field_index, norm

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..layers.profile import ProfileField
    from ..workspace import Workspace


@dataclass
class BlockingField:
    """An expired profile field a decision depends on (docs/design.md#pre-decide ``BlockingField``)."""

    name: str  # the profile field, as the user named it
    value: Any
    updated_at: datetime
    age_days: int
    ttl_days: int | None
    age_text: str  # "现有存款：上次填写是 3 个月前"
    dependency: str = ""  # the lens's name for it, when different ("月收入" for "月税后收入")
    overdue_days: int = 0
    decisions: list[str] = field(default_factory=list)
    impact: str | None = None
    required: bool = True
    kept: bool = False

    @property
    def note(self) -> str:
        """The mark for conclusions that use this value: "基于可能过时的 X（N 个月前的数据）"."""
        return stale_note(self.name, self.age_days)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "dependency": self.dependency or self.name, "value": self.value,
                "updated_at": self.updated_at.isoformat(), "age_days": self.age_days, "ttl_days": self.ttl_days,
                "overdue_days": self.overdue_days, "age_text": self.age_text, "decisions": list(self.decisions),
                "impact": self.impact, "required": self.required, "kept": self.kept, "note": self.note}


def resolve_field(dep_name: str, profile: dict[str, "ProfileField"], index: dict[str, FieldSpec], *,
                  by_meaning: bool = True) -> str | None:
    """The user's profile field that holds dependency ``dep_name``, or None.

    1. the same name; 2. the dictionary entry's name or aliases; 3. a profile field whose own
    dictionary entry is this dependency; 4. (``by_meaning``) the same meaning
    (:func:`heuristics.concept_of`), preferring a name that contains the other, then the most
    recently updated.
    """
    from .heuristics import concept_of

    if dep_name in profile:
        return dep_name
    by_norm = {norm(n): n for n in profile}
    key = norm(dep_name)
    if key in by_norm:
        return by_norm[key]
    spec = index.get(key)
    if spec is not None:
        for candidate in (spec.name, *spec.aliases):
            if norm(candidate) in by_norm:
                return by_norm[norm(candidate)]
    for own in profile:
        own_spec = index.get(norm(own))
        if own_spec is not None and (norm(own_spec.name) == key or key in {norm(a) for a in own_spec.aliases}):
            return own
    wanted = concept_of(dep_name) if by_meaning else None
    if wanted is None:
        return None
    same = [n for n in profile if concept_of(n) is wanted]
    if not same:
        return None
    same.sort(key=lambda n: (not (norm(dep_name) in norm(n) or norm(n) in norm(dep_name)),
                             -profile[n].updated_at.timestamp(), n))
    return same[0]


def profile_field(ws: "Workspace", name: str, fields: dict[str, "ProfileField"] | None = None,
                  index: dict[str, FieldSpec] | None = None, *, by_meaning: bool = True) -> str | None:
    """The profile field the user means by ``name``, or None: the field of that name, else the
    one the profile keeps under another name of the same dictionary entry or meaning
    (:func:`resolve_field`: ``存款``, ``savings`` -> ``现有存款``). The one resolver for every
    place that takes a field's name from the user: ``profile get``, ``--keep`` (``staleness``,
    ``ask``, the ``mylife_staleness`` tool) and a handoff sheet's ``fields``."""
    fields = ws.profile.fields() if fields is None else fields
    name = name.strip()
    if name in fields:
        return name
    return resolve_field(name, fields, field_index(ws) if index is None else index, by_meaning=by_meaning)


def could_mean(ws: "Workspace", names: Iterable[str], fields: dict[str, "ProfileField"],
               index: dict[str, FieldSpec], limit: int = 8) -> list[str]:
    """Profile fields a name that resolves to none could mean: those whose name or dictionary
    names are close to it (difflib), else the expired ones, else all (at most ``limit``)."""
    import difflib

    from .. import clock

    words: dict[str, str] = {}  # a name or another name of a field -> the profile field
    for own in fields:
        words.setdefault(norm(own), own)
        spec = index.get(norm(own))
        for other in ((spec.name, *spec.aliases) if spec is not None else ()):
            words.setdefault(norm(other), own)
    close: list[str] = []
    for name in names:
        for word in difflib.get_close_matches(norm(name), list(words), n=limit, cutoff=0.6):
            close.append(words[word])
        close += [own for word, own in words.items() if norm(name) and (norm(name) in word or word in norm(name))]
    if not close:
        now = clock.now()
        close = sorted((n for n, f in fields.items() if f.is_stale(now)), key=lambda n: -fields[n].overdue_days(now))
    return list(dict.fromkeys(close or sorted(fields)))[:limit]


def resolve_keep(ws: "Workspace", names: Iterable[str] | str | None) -> list[str]:
    """The profile fields ``keep`` names (each by its own name or another name of it, as
    :func:`profile_field` resolves it); a name that is none of them is refused (exit 2), with the
    fields it could mean, rather than silently keeping nothing."""
    from ..errors import UsageError
    from ..messages import join

    if isinstance(names, str):
        names = [names]
    fields = ws.profile.fields()
    index = field_index(ws)
    resolved: list[str] = []
    unknown: list[str] = []
    for name in names or []:
        own = profile_field(ws, str(name), fields, index) if str(name).strip() else None
        if own is None:
            unknown.append(str(name))
        else:
            resolved.append(own)
    if unknown:
        raise UsageError("keep_unknown", names=join(unknown), fields=join(could_mean(ws, unknown, fields, index)) or "-")
    return list(dict.fromkeys(resolved))


@dataclass
class Assessment:
    """The field-level facts behind a verdict: what is expired, missing, kept."""

    dependencies: list[Dependency]
    resolved: dict[str, str | None]
    expired: list[BlockingField]
    missing: list[str]
    missing_optional: list[str]
    now: datetime
    # assessment dependencies satisfied by the user's recent assessment claims: {dependency: [claim ids]}
    from_claims: dict[str, list[str]] = field(default_factory=dict)
    # ... missing although the user assessed it, longer ago than its TTL: {dependency: newest claim}
    old_claims: dict[str, "Claim"] = field(default_factory=dict)

    @property
    def kept(self) -> list[BlockingField]:
        return [f for f in self.expired if f.kept]

    @property
    def blocking_expired(self) -> list[BlockingField]:
        return [f for f in self.expired if not f.kept]


def _wanted(options: dict[str, Any], key: str) -> set[str]:
    value = options.get(key) or []
    if isinstance(value, str):
        value = [value]
    return {norm(v) for v in value}


ASSESSMENTS_SHOWN = 3  # recent assessment claims named per dependency


def assessment_claims(ws: "Workspace", topics: list[str], ttl_days: int | None,
                      now: datetime) -> tuple[list["Claim"], "Claim | None"]:
    """The user's active assessment claims on ``topics``: the recent ones (dated within
    ``ttl_days`` of ``now``, newest first, at most ``ASSESSMENTS_SHOWN``) and the newest of all."""
    from datetime import timedelta

    found: list["Claim"] = []
    for topic in topics:
        found += ws.claims.query(topic=topic, kind="assessment", status="active", newest_first=True,
                                 limit=ASSESSMENTS_SHOWN)
    found.sort(key=lambda c: (c.occurred_at, c.id), reverse=True)
    if not found:
        return [], None
    since = None if ttl_days is None else (now - timedelta(days=ttl_days)).date()
    recent = [c for c in found if since is None or c.occurred_at >= since]
    return recent[:ASSESSMENTS_SHOWN], found[0]


def assess(ws: "Workspace", decisions: list[DecisionSpec], options: dict[str, Any] | None = None,
           now: datetime | None = None) -> Assessment:
    """Check every field the decisions depend on against its own TTL at ``now``."""
    from .. import clock
    from ..status import age_text
    from ..messages import t

    options = options or {}
    now = now or clock.now()
    profile = ws.profile.fields()
    index = field_index(ws)
    keep = _wanted(options, "keep")
    keep_all = bool(options.get("accept_stale"))
    deps = dependencies(ws, decisions)
    resolved: dict[str, str | None] = {}
    expired: list[BlockingField] = []
    missing: list[str] = []
    missing_optional: list[str] = []
    seen_fields: set[str] = set()
    from_claims: dict[str, list[str]] = {}
    old_claims: dict[str, "Claim"] = {}
    topic_of = {d.name: d.topic for d in decisions}
    for dep in deps:
        own = resolve_field(dep.name, profile, index)
        resolved[dep.name] = own
        spec = index.get(norm(dep.name))
        if spec is not None and spec.kind == "assessment" and (own is None or profile[own].is_stale(now)):
            # the user's own judgment: their recent assessment claims on the topic hold it too
            topics = [x for x in dict.fromkeys([*(topic_of.get(n) for n in dep.decisions), spec.topic]) if x]
            recent, newest = assessment_claims(ws, topics, spec.ttl_days, now)
            if recent:
                from_claims[dep.name] = [c.id for c in recent]
                continue
            if own is None and newest is not None:  # too old to hold it: still missing, and said why
                old_claims[dep.name] = newest
        if own is None:
            (missing if dep.required else missing_optional).append(dep.name)
            continue
        f = profile[own]
        if own in seen_fields or not f.is_stale(now):
            continue
        seen_fields.add(own)
        age = f.age_days(now)
        expired.append(BlockingField(
            name=own, value=f.value, updated_at=f.updated_at, age_days=int(age), ttl_days=f.ttl_days,
            age_text=t("staleness.age_line", name=own, age=age_text(age)),
            dependency=dep.name if dep.name != own else "", overdue_days=f.overdue_days(now),
            decisions=list(dep.decisions), impact=dep.impact, required=dep.required,
            kept=keep_all or norm(own) in keep or norm(dep.name) in keep,
        ))
    return Assessment(deps, resolved, expired, missing, missing_optional, now, from_claims, old_claims)


def staleness_verdict(found: Assessment, options: dict[str, Any] | None = None) -> Verdict:
    """The builtin ``pre_decide`` verdict for an assessment: ``steer`` while an expired field is
    not kept or a required field is missing (unless ``accept_missing``), else ``allow``."""
    from ..messages import t
    from .ttl import ttl_text

    options = options or {}
    missing = [] if options.get("accept_missing") else found.missing
    data: dict[str, Any] = {"expired": [f.to_json() for f in found.expired], "missing": list(found.missing),
                            "missing_optional": list(found.missing_optional), "kept": [f.name for f in found.kept]}
    if not found.blocking_expired and not missing:
        return Verdict(kind="allow", reasons=[f.note for f in found.kept], data=data)
    reasons = []
    for f in found.blocking_expired:
        reason = t("staleness.reason.expired", line=f.age_text, ttl=ttl_text(f.ttl_days), value=f.value)
        reasons.append(t("staleness.with_impact", reason=reason, impact=f.impact) if f.impact else reason)
    impacts = {d.name: d.impact for d in found.dependencies}
    for name in missing:
        reason = t("staleness.reason.missing", name=name)
        reasons.append(t("staleness.with_impact", reason=reason, impact=impacts[name]) if impacts.get(name) else reason)
    data["choices"] = ["update", "keep"] if found.blocking_expired else ["update"]
    return Verdict(kind="steer", reasons=reasons, data=data)


@dataclass
class StalenessReport:
    """What :func:`check` found; ``to_json()`` keys are documented in docs/lenses.md."""

    question: str
    decisions: list[DecisionSpec]
    matches: list[Match]
    topic: str | None
    assessment: Assessment
    verdict: Verdict
    options: dict[str, Any]
    known_decisions: list[str] = field(default_factory=list)  # every decision the installed lenses know
    names_en: dict[str, str] = field(default_factory=dict)  # decision / topic name -> its English name

    @property
    def expired(self) -> list[BlockingField]:
        """Every expired field the decisions depend on (kept ones included, ``kept=True``)."""
        return self.assessment.expired

    @property
    def missing(self) -> list[str]:
        """Required fields the profile lacks."""
        return self.assessment.missing

    @property
    def missing_optional(self) -> list[str]:
        return self.assessment.missing_optional

    @property
    def kept(self) -> list[BlockingField]:
        """The expired fields whose old value the user chose to keep."""
        return self.assessment.kept

    @property
    def dependencies(self) -> list[Dependency]:
        return self.assessment.dependencies

    @property
    def blocking(self) -> list[str]:
        """Field names that still stop the decision: expired and not kept, then missing."""
        names = [f.name for f in self.assessment.blocking_expired]
        if not self.options.get("accept_missing"):
            names += self.missing
        return names

    @property
    def can_proceed(self) -> bool:
        return self.verdict.kind == "allow"

    def stale_notes(self) -> dict[str, str]:
        """``{field: "基于可能过时的 X（N 个月前的数据）"}`` for every kept value."""
        return {f.name: f.note for f in self.kept}

    def weight(self, fields_used: Iterable[str] | None = None) -> float:
        """The weight of a conclusion using ``fields_used`` (all kept fields when None):
        ``STALE_WEIGHT`` if any of them is a kept stale value, else 1.0."""
        kept = {norm(f.name) for f in self.kept} | {norm(f.dependency) for f in self.kept if f.dependency}
        used = kept if fields_used is None else {norm(n) for n in fields_used}
        return STALE_WEIGHT if kept & used else 1.0

    def to_json(self) -> dict[str, Any]:
        scores = {m.name: m for m in self.matches}
        return {
            "question": self.question,
            "now": self.assessment.now.isoformat(),
            "decisions": [{
                "name": d.name, "lens": d.lens, "plugin": d.plugin, "topic": d.topic,
                "depends_on": list(d.depends_on), "optional": list(d.optional),
                "matched_terms": list(scores[d.name].terms) if d.name in scores else [],
                "score": scores[d.name].score if d.name in scores else None,
            } for d in self.decisions],
            "topic": self.topic,
            "dependencies": [{"name": dep.name, "required": dep.required, "decisions": list(dep.decisions),
                              "impact": dep.impact, "field": self.assessment.resolved.get(dep.name),
                              "claims": list(self.assessment.from_claims.get(dep.name, []))}
                             for dep in self.dependencies],
            "expired": [f.to_json() for f in self.expired],
            "missing": list(self.missing),
            "missing_optional": list(self.missing_optional),
            "kept": [f.name for f in self.kept],
            "blocking": self.blocking,
            "stale_weight": STALE_WEIGHT,
            "verdict": self.verdict.model_dump(mode="json"),
            "known_decisions": list(self.known_decisions),
            "names_en": dict(self.names_en),
            "options": {k: v for k, v in self.options.items() if not k.startswith("_")},
        }


def check(ws: "Workspace", question: str, options: dict[str, Any] | None = None) -> StalenessReport:
    """Match the question to decisions, check their fields, and ask every ``pre_decide`` plugin.

    The verdict combines all plugins (any deny wins, else any steer, else allow); the builtin
    ``mylife.pre_decide`` steers while an expired field is not kept or a required one is missing.
    """
    options = dict(options or {})
    if options.get("keep"):  # the user's names for the fields to keep, as the profile holds them
        options["keep"] = resolve_keep(ws, options["keep"])
    matches = rank_decisions(ws, question)
    decisions: list[DecisionSpec] = [m.spec for m in matches]  # type: ignore[misc]
    assessment = assess(ws, decisions, options)
    verdict = ws.plugins.pre_decide(ws, question, decisions, options)
    topic = match_topic(ws, question, decisions)
    return StalenessReport(question, decisions, matches, topic, assessment, verdict, options,
                           known_decisions=sorted(ws.plugins.decisions()),
                           names_en=english_names(ws, decisions, topic))

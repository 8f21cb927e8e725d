"""The demo workspace: a fictional persona's fourteen months of notes, so ``mylife demo`` shows
something real without a model.

The persona (``persona.yaml``) is recorded through the real library API, exactly as a user's
own notes would be: raw records byte for byte (``ws.raw.record``), claims pointing at the exact
lines they come from (``ws.claims.add_many``), profile fields with their own TTLs set on past
dates so that some are stale today and some fresh (``ws.profile.set``), inference candidates
left for the user to accept, a superseded and a disputed claim, and a topic digest whose
model original and user revision are kept side by side.

Dates are offsets from :func:`mylife_core.clock.today`, so ``MYLIFE_NOW`` replays the demo on
any day. The demo goes to a fresh folder (default ``~/mylife-demo``, never the user's real
workspace); ``force`` rebuilds only a folder that carries the demo marker.
"""

from __future__ import annotations

import os
import re
import shutil
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..workspace import Workspace

MARKER = ".mylife-demo"  # in the workspace root: "this folder is a disposable demo"
DEFAULT_DIRNAME = "mylife-demo"
PERSONA_FILE = Path(__file__).with_name("persona.yaml")
FEATURED_TOPIC = "职业去留"
# persona keys of the claims the tour and summary point at
FEATURED = ("love_here", "want_leave", "dont_know", "pressure", "targets_us", "rent_3800")


# ---------------------------------------------------------------------------------------------
# the persona file
# ---------------------------------------------------------------------------------------------
class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClaimSpec(_Model):
    key: str
    quote: str  # the one line of the record that contains this text is the claim's source
    quote_to: str | None = None  # ... through the line containing this text
    topic: str
    kind: Literal["fact", "assessment", "inference"]
    claim: str
    context: str | None = None
    confidence: Literal["high", "medium", "low"] = "medium"


class RecordSpec(_Model):
    key: str
    day: int = Field(le=0)  # days before the demo's "today"
    time: str = "21:00"
    topic: str
    text: str
    claims: list[ClaimSpec] = Field(default_factory=list)


class StatementSpec(_Model):
    key: str
    day: int = Field(le=0)
    time: str = "21:00"
    topic: str
    kind: Literal["fact", "assessment"]
    claim: str
    confidence: Literal["high", "medium", "low"] = "medium"


class TransitionSpec(_Model):
    do: Literal["supersede", "dispute", "accept", "reject"]
    claim: str
    by: str | None = None
    why: str | None = None


class ValueFrom(_Model):
    record: str | None = None
    statement: str | None = None
    quote: str | None = None


class ValueSpec(_Model):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    value: str | int | float
    day: int = Field(le=0)
    source_of: ValueFrom | None = Field(default=None, alias="from")


class FieldSpec(_Model):
    name: str
    ttl: int | Literal["never"]
    ttl_reason: str | None = None
    topic: str | None = None
    sensitivity: Literal["low", "medium", "high"] | None = None
    values: list[ValueSpec] = Field(min_length=1)


class MissingSpec(_Model):
    name: str
    why: str


class DigestSpec(_Model):
    topic: str
    original: str | None = None  # the model's first version
    text: str  # the user's revision, in force


class PersonaInfo(_Model):
    name: str
    about: dict[str, str]


class Persona(_Model):
    persona: PersonaInfo
    records: list[RecordSpec]
    statements: list[StatementSpec] = Field(default_factory=list)
    transitions: list[TransitionSpec] = Field(default_factory=list)
    profile: list[FieldSpec] = Field(default_factory=list)
    missing: list[MissingSpec] = Field(default_factory=list)
    digests: list[DigestSpec] = Field(default_factory=list)


class DemoDataError(RuntimeError):
    """The bundled persona data is inconsistent (a bug in MyLife, caught by the test suite)."""


def load_persona(path: Path = PERSONA_FILE) -> Persona:
    from pydantic import TypeAdapter

    from ..storage import yamlfile

    return yamlfile.load(path, TypeAdapter(Persona))


# ---------------------------------------------------------------------------------------------
# where the demo goes
# ---------------------------------------------------------------------------------------------
def default_demo_root() -> Path:
    """``~/mylife-demo``: never the user's real workspace (``$MYLIFE_HOME`` is not consulted)."""
    return Path.home() / DEFAULT_DIRNAME


def read_marker(root: Path) -> dict:
    """The demo marker's content (``{}`` when unreadable)."""
    import yaml

    try:
        data = yaml.safe_load((root / MARKER).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


def is_demo(root: Path) -> bool:
    from ..workspace import Workspace

    return read_marker(root).get("mylife_demo") == 1 and Workspace.is_workspace(root)


def _has_content(root: Path) -> bool:
    return root.is_dir() and any(p.name != ".DS_Store" for p in root.iterdir())


def _own_words(root: Path) -> list[str]:
    """The raw notes in demo ``root`` that the demo did not write: the manifest's lines after the
    demo's own (their number is in the marker; a marker from before it counts notes recorded
    after it was built)."""
    import json
    from datetime import datetime

    marker = read_marker(root)
    try:
        lines = (root / "ledger" / "raw.jsonl").read_bytes().split(b"\n")[:-1]  # complete lines
    except OSError:
        return []
    entries = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("file"), str):
            entries.append(entry)
    known = marker.get("raw_records")
    if isinstance(known, int):
        return [e["file"] for e in entries[known:]]
    try:
        built = datetime.fromisoformat(str(marker.get("built_at")).replace("Z", "+00:00"))
        return [e["file"] for e in entries
                if datetime.fromisoformat(str(e.get("recorded_at")).replace("Z", "+00:00")) > built]
    except (TypeError, ValueError):
        return []


def _check_target(root: Path, force: bool) -> bool:
    """Raise unless the demo may be built at ``root``; return whether an old demo is replaced."""
    from ..errors import UsageError

    if root.exists() and not root.is_dir():
        raise UsageError("not_a_directory", path=str(root))
    if not _has_content(root):
        return False
    if is_demo(root):
        if not force:
            raise UsageError("demo_exists", path=str(root))
        own = _own_words(root)
        if own:  # notes the user recorded into the demo: --force would delete them with it
            raise UsageError("demo_has_own_words", path=str(root), n=len(own), files="、".join(own[:5]),
                             file=own[-1])
        return True
    if force:
        raise UsageError("demo_force_refused", path=str(root))
    raise UsageError("demo_target_exists", path=str(root))


# ---------------------------------------------------------------------------------------------
# building
# ---------------------------------------------------------------------------------------------
def _line_number(text: str, quote: str, where: str) -> int:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    hits = [i + 1 for i, line in enumerate(lines) if quote in line]
    if len(hits) != 1:
        raise DemoDataError(f"{where}: quote {quote!r} matches {len(hits)} lines, expected exactly one")
    return hits[0]


class _Builder:
    def __init__(self, ws: Workspace, persona: Persona, today: date) -> None:
        self.ws = ws
        self.persona = persona
        self.today = today
        self.files: dict[str, str] = {}  # record key -> raw file
        self.texts: dict[str, str] = {}
        self.statement_pointers: dict[str, str] = {}
        self.claims: dict[str, Claim] = {}
        self.pending: dict[str, list[tuple[ClaimSpec, dict[str, Any]]]] = {"user": [], "model": []}

    def when(self, day: int, hhmm: str) -> datetime:
        from .. import clock

        return clock.as_aware(datetime.combine(self.today + timedelta(days=day), time.fromisoformat(hhmm)))

    def pointer(self, record_key: str, quote: str, quote_to: str | None = None) -> str:
        if record_key not in self.files:
            raise DemoDataError(f"unknown record {record_key!r}")
        text = self.texts[record_key]
        start = _line_number(text, quote, f"record {record_key}")
        end = _line_number(text, quote_to, f"record {record_key}") if quote_to else start
        if end < start:
            raise DemoDataError(f"record {record_key}: quote_to {quote_to!r} comes before {quote!r}")
        return f"{self.files[record_key]}#L{start}" + (f"-L{end}" if end > start else "")

    def record(self, spec: RecordSpec) -> None:
        rec = self.ws.raw.record(spec.text.encode("utf-8"), topic=spec.topic,
                                 occurred_at=self.when(spec.day, spec.time), actor="user")
        self.files[spec.key] = rec.file
        self.texts[spec.key] = spec.text
        for c in spec.claims:
            item = {"claim": c.claim, "topic": c.topic, "kind": c.kind, "context": c.context,
                    "confidence": c.confidence, "occurred_at": self.when(spec.day, spec.time),
                    "provenance": self.pointer(spec.key, c.quote, c.quote_to)}
            self.pending["model" if c.kind == "inference" else "user"].append((c, item))

    def add_pending_claims(self) -> None:
        """The notes' claims in one batch per actor (one write per month shard, not per note)."""
        for actor, pairs in self.pending.items():
            if pairs:
                added, _ = self.ws.claims.add_many([item for _, item in pairs], actor=actor)
                for (c, _), claim in zip(pairs, added):
                    self._remember(c.key, claim)
            pairs.clear()

    def statement(self, spec: StatementSpec) -> None:
        added, recorded = self.ws.claims.add_many([{
            "claim": spec.claim, "topic": spec.topic, "kind": spec.kind, "confidence": spec.confidence,
            "occurred_at": self.when(spec.day, spec.time)}], actor="user")
        self._remember(spec.key, added[0])
        self.statement_pointers[spec.key] = recorded[0] or added[0].provenance or ""

    def _remember(self, key: str, claim: Claim) -> None:
        if key in self.claims:
            raise DemoDataError(f"duplicate claim key {key!r}")
        self.claims[key] = claim

    def profile_value(self, spec: FieldSpec, index: int) -> None:
        from ..layers.profile import parse_ttl

        value = spec.values[index]
        provenance, source = None, "user_filled"
        origin = value.source_of
        if origin is not None:
            if origin.record:
                provenance, source = self.pointer(origin.record, origin.quote or ""), "user_raw"
            elif origin.statement:
                provenance = self.statement_pointers[origin.statement]
        at = self.when(value.day, "23:30")
        if index == 0:
            _, ttl_days = parse_ttl(spec.ttl)
            self.ws.profile.set(spec.name, value.value, ttl_days=ttl_days, ttl_given=True, ttl_reason=spec.ttl_reason,
                                ttl_source="user", source=source, at=at, topic=spec.topic,
                                sensitivity=spec.sensitivity, provenance=provenance, actor="user")
        else:
            self.ws.profile.set(spec.name, value.value, source=source, at=at, provenance=provenance, actor="user")

    def transition(self, spec: TransitionSpec) -> None:
        claim_id = self.id_of(spec.claim)
        if spec.do == "supersede":
            self.ws.claims.supersede(claim_id, by=self.id_of(spec.by or ""), actor="user")
        elif spec.do == "dispute":
            self.ws.claims.dispute(claim_id, why=spec.why or "", actor="user")
        elif spec.do == "accept":
            self.ws.claims.accept(claim_id, actor="user")
        else:
            self.ws.claims.reject(claim_id, why=spec.why, actor="user")

    def id_of(self, key: str) -> str:
        if key not in self.claims:
            raise DemoDataError(f"unknown claim key {key!r}")
        return self.claims[key].id

    def render(self, template: str) -> str:
        """``[@key]`` -> ``[claim-…]`` (a citation), ``{@key}`` -> the claim's date."""
        text = re.sub(r"\[@(\w+)\]", lambda m: f"[{self.id_of(m.group(1))}]", template)
        text = re.sub(r"\{@(\w+)\}", lambda m: self.claims[m.group(1)].occurred_at.isoformat()
                      if self.id_of(m.group(1)) else "", text)
        return text.strip() + "\n"

    def digest(self, spec: DigestSpec) -> None:
        from ..pipeline.digest import write_generated

        if spec.original:
            result = write_generated(self.ws, spec.topic, self.render(spec.original), actor="model",
                                     model="demo", source="model")
            if result.dropped:
                raise DemoDataError(f"digest {spec.topic}: citations dropped: {result.dropped}")
        self.ws.digests.write_revision(spec.topic, self.render(spec.text), actor="user")

    def build(self) -> None:
        # one timeline, oldest first: notes, typed statements, then the profile values of that day
        events: list[tuple[int, int, str, Any]] = []
        for spec in self.persona.records:
            events.append((spec.day, 0, spec.time, ("record", spec)))
        for spec in self.persona.statements:
            events.append((spec.day, 0, spec.time, ("statement", spec)))
        for field in self.persona.profile:
            for i, value in enumerate(field.values):
                events.append((value.day, 1, "23:30", ("profile", (field, i))))
        events.sort(key=lambda e: (e[0], e[1], e[2]))
        for _, _, _, (what, payload) in events:
            if what == "record":
                self.record(payload)
            elif what == "statement":
                self.statement(payload)
            else:
                self.profile_value(*payload)
        self.add_pending_claims()
        for spec in self.persona.transitions:
            self.transition(spec)
        for spec in self.persona.digests:
            self.digest(spec)


def _write_marker(root: Path, persona: Persona, today: date, ids: dict[str, str]) -> None:
    from .. import clock
    from ..storage import yamlfile

    yamlfile.save(root / MARKER, {
        "mylife_demo": 1,
        "persona": persona.persona.name,
        "built_at": clock.now().isoformat(),
        "today": today.isoformat(),
        "note": "A disposable demo workspace built by `mylife demo`; `mylife demo --force` rebuilds it.",
        "claims": ids,  # persona key -> claim id, for the tour and the tests
        # the demo's own notes: any manifest line after these is the user's (--force keeps away)
        "raw_records": sum(1 for line in (root / "ledger" / "raw.jsonl").read_bytes().split(b"\n") if line.strip()),
    }, header="# MyLife demo marker: this folder is a demo and may be rebuilt with --force.\n")


def build_demo(path: Path | str | None, *, force: bool = False) -> dict:
    """Build the demo workspace at ``path`` (default ``~/mylife-demo``) and return its summary.

    The workspace is built in a hidden sibling folder and moved into place only when complete,
    so a failure leaves nothing half-built; ``force`` replaces an older demo (and nothing else).
    """
    from .. import clock
    from ..plugins import PluginHost, get_plugin_manager
    from ..workspace import Workspace, refuse_file_in_path, refuse_nested, resolve_root

    root = resolve_root(path) if path else default_demo_root().absolute()
    refuse_file_in_path(root)
    refuse_nested(root)
    replace = _check_target(root, force)
    persona = load_persona()
    today = clock.today()
    root.parent.mkdir(parents=True, exist_ok=True)
    building = root.parent / f".{root.name}.building-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    try:
        # only the builtin plugins: installed ones (external stores, mirrors) stay out of a demo
        ws, _ = Workspace.init(building, plugins=PluginHost(get_plugin_manager(load_entrypoints=False)))
        try:
            builder = _Builder(ws, persona, today)
            builder.build()
            _write_marker(building, persona, today, {k: c.id for k, c in builder.claims.items()})
        finally:
            ws.close()
        if replace:
            old = root.parent / f".{root.name}.old-{os.getpid()}"
            os.replace(root, old)
            os.replace(building, root)
            shutil.rmtree(old, ignore_errors=True)
        else:
            if root.exists():
                root.rmdir()  # empty (checked above)
            os.replace(building, root)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    return summarize(root, replaced=replace)


# ---------------------------------------------------------------------------------------------
# what the demo holds, and what to try
# ---------------------------------------------------------------------------------------------
def summarize(root: Path, *, replaced: bool = False) -> dict:
    """The summary ``mylife demo --json`` prints (keys documented in docs/cli.md)."""
    from .. import clock
    from ..messages import language
    from ..plugins import PluginHost, get_plugin_manager
    from ..workspace import Workspace

    persona = load_persona()
    marker = read_marker(root)
    ids = marker.get("claims") or {}
    now = clock.now()
    with Workspace.open(root, plugins=PluginHost(get_plugin_manager(load_entrypoints=False))) as ws:
        counts = ws.claims.counts()
        fields = ws.profile.fields()
        featured = {k: ids[k] for k in FEATURED if k in ids}
        everything = list(ws.claims.iter_all())
        summary = {
            "workspace": str(root),
            "replaced": replaced,
            "persona": {"name": persona.persona.name,
                        "about": persona.persona.about.get(language()) or persona.persona.about["zh"]},
            "today": now.date().isoformat(),
            "records": ws.raw.count(),
            "claims": sum(counts.get("status", {}).values()),
            "claims_by_status": counts.get("status", {}),
            "claims_by_kind": counts.get("kind", {}),
            "topics": counts.get("topic", {}),
            "fields": len(fields),
            "stale_fields": [
                {"name": n, "value": f.value, "updated_at": f.updated_at, "ttl_days": f.ttl_days,
                 "overdue_days": f.overdue_days(now)}
                for n, f in sorted(fields.items(), key=lambda kv: -kv[1].overdue_days(now)) if f.is_stale(now)],
            "missing_fields": [m.model_dump() for m in persona.missing if m.name not in fields],
            "candidates": [c.id for c in everything if c.status == "candidate"],
            "superseded": [{"id": c.id, "by": c.superseded_by} for c in everything if c.status == "superseded"],
            "disputed": [c.id for c in everything if c.status == "disputed"],
            "digests": sorted(ws.rel(p) for p in (root / "digest").glob("*.md")),
            "featured": featured,
        }
    return summary


def shell_path(root: Path) -> str:
    """``root`` as typed in a shell (:func:`mylife_core.shell.path`)."""
    from ..shell import path

    return path(root)


def tour(summary: dict, *, commands: set[str] | None = None) -> list[dict[str, str]]:
    """Commands worth trying on the demo, each with what it shows (in the user's language)."""
    import shlex

    from ..messages import t

    ws = f"-w {shell_path(Path(summary['workspace']))}"
    featured = summary.get("featured", {})
    steps = [
        (f"mylife status {ws}", "demo.try.status"),
        # every claim, as its line promises (the default 50 left out the first months, where the
        # statement the next line traces, 热爱这里，绝不想走, is)
        (f"mylife claim list --topic {FEATURED_TOPIC} --limit 0 {ws}", "demo.try.claims"),
    ]
    if featured.get("love_here"):
        steps.append((f"mylife trace {featured['love_here']} {ws}", "demo.try.trace"))
    steps.append((f"mylife profile list --stale {ws}", "demo.try.stale"))
    if summary.get("candidates"):
        steps.append((f"mylife claim list --status candidate {ws}", "demo.try.candidates"))
        steps.append((f"mylife claim accept {summary['candidates'][0]} {ws}", "demo.try.accept"))
    steps.append((f"mylife verify {ws}", "demo.try.verify"))
    if commands is None or "ask" in commands:
        steps.append((f"mylife ask {shlex.quote('我该不该跳槽？')} {ws}", "demo.try.ask"))
    return [{"command": command, "what": t(key)} for command, key in steps]


__all__ = ["MARKER", "build_demo", "default_demo_root", "is_demo", "load_persona", "read_marker", "summarize", "tour"]

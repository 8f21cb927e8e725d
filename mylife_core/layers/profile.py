"""L3, the profile: the user's current facts, each with its own time-to-live (docs/design.md#layers, #staleness).

``profile.yaml``::

    fields:
      现有存款:
        value: 120000
        source: user_filled
        updated_at: 2026-01-10 00:00:00+08:00
        ttl_days: 90            # null = never expires
        ttl_reason: 存款变化快
        history:                # earlier values, oldest first
        - {value: 95000, source: user_filled, updated_at: ...}
"""

from __future__ import annotations

import re

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .. import clock
from ..errors import NotFound, UsageError
from ..storage import yamlfile

if TYPE_CHECKING:  # pragma: no cover
    from ..specs import FieldSpec
    from ..workspace import Workspace

FieldSource = Literal["user_filled", "user_raw", "bill_import", "mcp", "llm_inferred"]
FIELD_SOURCES: tuple[str, ...] = ("user_filled", "user_raw", "bill_import", "mcp", "llm_inferred")
HEADER = "# MyLife L3 profile (docs/design.md#layers): current facts, each with its own TTL.\n"

Scalar = str | int | float | bool | None


class PastValue(BaseModel):
    model_config = ConfigDict(extra="forbid")
    value: Scalar
    source: str
    updated_at: datetime


class ProfileField(BaseModel):
    model_config = ConfigDict(extra="forbid")

    value: Scalar
    source: FieldSource = "user_filled"
    updated_at: datetime
    ttl_days: int | None = Field(default=None, gt=0)  # days; None = never expires (a hand edit of 0 or -90 is refused)
    ttl_reason: str | None = None
    ttl_source: str | None = None  # "plugin:<name>", "heuristic", "model", "user"
    topic: str | None = None
    sensitivity: Literal["low", "medium", "high"] | None = None
    provenance: str | None = None  # optional pointer to the raw line the value came from
    history: list[PastValue] = Field(default_factory=list)

    def age_days(self, now: datetime | None = None) -> float:
        return clock.days_between(self.updated_at, now or clock.now())

    def is_stale(self, now: datetime | None = None) -> bool:
        return self.ttl_days is not None and self.age_days(now) > self.ttl_days

    def overdue_days(self, now: datetime | None = None) -> int:
        if self.ttl_days is None:
            return 0
        return max(0, int(self.age_days(now) - self.ttl_days))


class ProfileFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    fields: dict[str, ProfileField] = Field(default_factory=dict)


_ADAPTER = TypeAdapter(ProfileFile)


#: how an amount of money is marked around its number (``¥20000``, ``2万元``, ``3000块``): the
#: number is the value, as ``2万`` is 20000 (the field's own name says what it counts)
_CURRENCY = re.compile(r"^(?:[¥￥$€£]\s*|(?:rmb|cny|usd|us\$|eur|gbp)\s*)?(?P<number>.+?)\s*"
                       r"(?:元整|元钱|块钱|元|块|rmb|cny|人民币|usd|dollars?|bucks|eur|euros?|gbp|pounds?)?$",
                       re.IGNORECASE)
#: thousands written with k (5k, 12.5k): English amounts, and salaries in Chinese notes (月薪15k)
_THOUSANDS_K = re.compile(r"^(?P<number>\d[\d,]*(?:\.\d+)?)\s*[kK]$")


def cited_source(ws: "Workspace", provenance: str | None) -> str:
    """The ``source`` of a profile value that rests on the raw lines ``provenance`` points at:
    ``user_raw`` (your own words, 你的原话) only when the user wrote them; lines a model wrote
    (``mylife_record`` over MCP, :attr:`~mylife_core.layers.raw.RawRecord.by_model`) are the
    model's words, whoever accepts the value: ``mcp`` when recorded over MCP, else ``llm_inferred``."""
    from ..provenance import Pointer

    try:
        file = Pointer.parse(provenance or "").file
    except Exception:  # noqa: BLE001 - not a pointer: checked by whoever gave it
        return "user_raw"
    if file not in ws.raw.model_files():
        return "user_raw"
    rec = ws.raw.get(file)
    return "mcp" if rec is None or rec.source == "mcp" else "llm_inferred"


def parse_value(text: Any) -> Scalar:
    """``"120000"`` / ``"120,000"`` -> 120000, ``"4.5"`` -> 4.5, Chinese numerals too (``"两万二"``
    -> 22000, ``"1.5万"`` -> 15000; :mod:`mylife_core.numerals`), an amount marked as money too
    (``"2万元"``, ``"¥20000"``, ``"3000块"``, ``"$5,000"``, ``"5000 USD"``) and thousands written
    with k (``"5k"``, ``"12.5k"``); anything else stays text, as typed (a comma that
    groups no thousands, ``"3,5"``, makes no number: :func:`check_commas` refuses such a value)."""
    if not isinstance(text, str):
        return text
    from ..numerals import parse_number

    stripped = text.strip()
    number = parse_number(stripped)
    if number is None and (money := _CURRENCY.match(stripped)) is not None:
        amount = money["number"].strip()  # one numeral alone is no amount: 一块 is also "together"
        if amount != stripped and (any(ch.isdigit() for ch in amount) or len(amount) > 1):
            number = parse_number(amount)
        if number is None and (k := _THOUSANDS_K.match(amount)) is not None:  # $5k, 5k, 12.5k
            base = parse_number(k["number"])
            if base is not None and not isinstance(base, bool):
                from ..units import whole

                number = whole(round(base * 1000, 6))
    return stripped if number is None else number


def parse_ttl(text: str | int | None) -> tuple[bool, int | None]:
    """``(given, ttl_days)``: ``"never"`` -> (True, None); ``"90"`` -> (True, 90); None -> (False, None)."""
    if text is None:
        return False, None
    if isinstance(text, int):
        value = text
    else:
        word = str(text).strip().lower()
        if word in ("never", "null", "none", "永不", "不过期"):
            return True, None
        try:
            value = int(word.removesuffix("d"))
        except ValueError:
            raise UsageError("bad_ttl", value=text) from None
    if value <= 0:
        raise UsageError("bad_ttl", value=text)
    return True, value


def is_past_value(previous: ProfileField | None, at: datetime | None) -> bool:
    """Does a value dated ``at`` belong in the history of ``previous`` (older than its current value)?"""
    return previous is not None and at is not None and at < previous.updated_at


def _dump_field(field: ProfileField) -> dict[str, Any]:
    dumped = field.model_dump(mode="python", exclude_none=True)
    dumped["ttl_days"] = field.ttl_days  # "ttl_days: null" says "never expires" out loud
    return dumped


_FIELDS_LINE = "fields:\n"


def _field_text(name: str, field: ProfileField) -> str:
    """One field's block exactly as a whole-profile dump writes it (a block mapping's entries are
    emitted independently of their siblings, so the whole file is ``fields:`` + each block)."""
    text = yamlfile.dumps({"fields": {name: _dump_field(field)}})
    if not text.startswith(_FIELDS_LINE):  # pragma: no cover - PyYAML always writes the key first
        raise ValueError("unexpected YAML layout")
    return text[len(_FIELDS_LINE):]


def _field_blocks(text: str, names: list[str]) -> list[str] | None:
    """``text`` (a profile.yaml) cut into one block per field, in order, if it has exactly the
    layout MyLife writes and its keys are ``names``; otherwise None."""
    prefix = HEADER + _FIELDS_LINE
    if not text.startswith(prefix):
        return None
    blocks: list[list[str]] = []
    for line in text[len(prefix):].splitlines(keepends=True):
        if blocks and (line.startswith("    ") or line == "\n"  # the value; a blank line in a long string
                       or (line.startswith("  : ") and blocks[-1][0].startswith("  ? "))):
            blocks[-1].append(line)
        elif line.startswith("  ? ") or (line.startswith("  ") and line[2] not in " #-?:" and line.endswith(":\n")):
            blocks.append([line])  # a key: "  name:", or "  ? name" for a long one
        else:  # a comment, another indentation, anything MyLife does not write: not ours to cut
            return None
    if len(blocks) != len(names):
        return None
    import yaml

    for block, name in zip(blocks, names):
        if block[0] == f"  {name}:\n":  # a plain key: what the YAML says is what the line says
            continue
        try:
            if block[0].startswith("  ? "):  # rare (a name over ~40 characters): parse the block
                key = list(yaml.safe_load("".join(block)) or {})
                ok = key == [name]
            else:
                ok = yaml.safe_load(block[0]) == {name: None}
        except yaml.YAMLError:
            return None
        if not ok:
            return None
    return ["".join(block) for block in blocks]


def _patched_text(current: bytes, old: ProfileFile, new: ProfileFile, changed: tuple[str, ...]) -> str | None:
    """The new profile.yaml: the fields not in ``changed`` keep their bytes from ``current``
    (which ``old`` was read from), the changed ones are dumped; None if ``current`` cannot be cut
    safely (then the caller dumps everything)."""
    if not new.fields:  # the last field removed: "fields: {}", written whole
        return None
    try:
        text = current.decode("utf-8")
    except UnicodeDecodeError:
        return None
    names = list(old.fields)
    blocks = _field_blocks(text, names)
    if blocks is None:
        return None
    at = {name: i for i, name in enumerate(names)}
    parts = [HEADER, _FIELDS_LINE]
    for name, field in new.fields.items():
        if name in at and name not in changed:
            parts.append(blocks[at[name]])
        else:
            parts.append(_field_text(name, field))
    return "".join(parts)


def below_min(ws: "Workspace", name: str, value: Any, index: "dict[str, FieldSpec] | None" = None) -> "FieldSpec | None":
    """The dictionary entry whose ``min`` the number ``value`` of field ``name`` (by name or alias)
    is below, or None. Text values and fields no dictionary gives a minimum are not checked."""
    from ..staleness.ttl import field_spec_for

    spec = field_spec_for(ws, (name or "").strip(), index)
    if spec is None or spec.min is None:
        return None
    value = number_of(spec, value)
    if value is None or value >= spec.min:
        return None
    return spec


def number_of(spec: "FieldSpec | None", value: Any) -> int | float | None:
    """The number a value writes for the field ``spec`` describes: a quantity's number in the
    field's unit (``1小时`` for minutes: 60; :mod:`mylife_core.units`), else the value parsed as
    a number; None for text that writes none."""
    if spec is not None and spec.unit:
        from ..units import read

        found = read(spec, value)
        return None if found is None else found.number
    value = parse_value(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def field_value(ws: "Workspace", name: str, value: Any) -> Scalar:
    """What the profile keeps for ``value`` of field ``name``: :func:`parse_value`'s number or
    text, except for a field its dictionary gives a ``unit``, whose value stays written with its
    unit (a bare number takes the field's: ``5`` -> ``5年``; :class:`mylife_core.units.Quantity`)."""
    if isinstance(value, str) or isinstance(value, (int, float)):
        from ..staleness.ttl import field_spec_for

        spec = field_spec_for(ws, (name or "").strip())
        if spec is not None and spec.unit:
            from ..units import read

            found = read(spec, value)
            if found is not None:
                return found.text
    return parse_value(value)


def same_value(ws: "Workspace", name: str, kept: Any, new: Any) -> bool:
    """Whether ``new`` says what the field already holds: the same value, or for a field its
    dictionary makes a number or a quantity, the same number (``5`` kept before the field had a
    unit, ``五年`` and ``5年`` are one value of 工作年限)."""
    if kept == new:
        return True
    from ..staleness.ttl import field_spec_for

    spec = field_spec_for(ws, (name or "").strip())
    if spec is None or not (spec.unit or spec.numeric):
        return False
    number = number_of(spec, kept)
    return number is not None and number == number_of(spec, new)


def check_min(ws: "Workspace", name: str, value: Any) -> None:
    """Refuse a number below the ``min`` of the field's dictionary entry (by name or alias):
    ``工作年限 负五`` or ``现有存款 -3000`` mean nothing. Text values and fields no dictionary
    gives a minimum are not checked (``verify`` reports values already on disk that break it)."""
    spec = below_min(ws, name, value)
    if spec is None:
        return
    value = field_value(ws, name, value)
    low = int(spec.min) if float(spec.min).is_integer() else spec.min
    raise UsageError("value_below_min", name=(name or "").strip(), value=value, field=spec.name, min=low,
                     plugin=ws.plugins.plugin_label(spec.plugin))


def check_number(ws: "Workspace", name: str, value: Any) -> None:
    """Refuse a value that is not a number for a field its dictionary entry declares ``numeric``
    (by name or alias): ``月收入 abc`` would replace a number with text that no check or sum can
    use. A number is what :func:`parse_value` makes one (``20,000``, ``2万``, ``两万``)."""
    from ..staleness.ttl import field_spec_for

    name = (name or "").strip()
    spec = field_spec_for(ws, name)
    if spec is None or not spec.numeric:
        return
    parsed = parse_value(value)
    if isinstance(parsed, (int, float)) and not isinstance(parsed, bool):
        return
    from ..shell import word

    raise UsageError("s24c.not_a_number", name=name, value=str(value).strip()[:40], field=spec.name,
                     plugin=ws.plugins.plugin_label(spec.plugin), word=word(name))


def check_quantity(ws: "Workspace", name: str, value: Any) -> None:
    """Refuse a value that is no quantity for a field its dictionary entry gives a ``unit`` (by
    name or alias): ``工作年限 abc`` would replace a number of years with text, ``通勤时间 5年``
    is no time a commute takes. A bare number is in the field's unit; a value may name any unit
    the entry accepts (:func:`mylife_core.units.read`)."""
    from ..staleness.ttl import field_spec_for

    name = (name or "").strip()
    spec = field_spec_for(ws, name)
    if spec is None or not spec.unit:
        return
    from ..units import number_text, read, spellings, unit_text

    if read(spec, value) is not None:
        return
    from ..messages import join
    from ..shell import word

    example = 5
    raise UsageError("s25b.not_a_quantity", name=name, value=str(value).strip()[:40], field=spec.name,
                     plugin=ws.plugins.plugin_label(spec.plugin), word=word(name), unit=unit_text(spec).strip(),
                     units=join(spellings(spec)), number=number_text(example),
                     example=word(f"{number_text(example)}{unit_text(spec)}"))


def check_commas(ws: "Workspace", name: str, value: Any) -> None:
    """Refuse a value that would be a number (or, for a field with a ``unit``, a quantity) but
    for a comma that groups no thousands (``12,5万``, ``3,5``, ``1.200,50``, ``1,2,3``), for
    every field: read with its commas dropped it was a wrong amount (``3,5`` -> 35), and which
    number was meant (3.5? 3 and 5?) is the user's to say (:func:`mylife_core.numerals.comma_misplaced`)."""
    if not isinstance(value, str):
        return
    from ..numerals import comma_misplaced
    from ..staleness.ttl import field_spec_for

    name = (name or "").strip()
    spec = field_spec_for(ws, name)
    if not comma_misplaced(value, lambda text: number_of(spec, text)):
        return
    from ..messages import t
    from ..shell import word

    # the example: the value read with its comma as a decimal point (12,5万 -> 12.5万, 1.200,50 ->
    # 1200.50) when that is one number; else a placeholder (1,2,3): never a number nobody typed
    text = value.strip()
    decimal = (text.replace(".", "") if "." in text and text.rfind(",") > text.rfind(".") else text).replace(",", ".")
    reads = number_of(spec, decimal)
    example = word(decimal) if decimal.count(".") == 1 and reads is not None and not isinstance(reads, bool) \
        else t("s28fix.value_placeholder")
    raise UsageError("s28fix.misplaced_comma", name=name, value=text[:40], word=word(name), example=example)


def check_value(ws: "Workspace", name: str, value: Any) -> None:
    """What a field's dictionary entry asks of a value, before anything is written: no comma
    that groups no thousands in a number (:func:`check_commas`), a number where it is
    ``numeric`` (:func:`check_number`), a quantity where it has a ``unit``
    (:func:`check_quantity`), not below its ``min`` (:func:`check_min`)."""
    check_commas(ws, name, value)
    check_number(ws, name, value)
    check_quantity(ws, name, value)
    check_min(ws, name, value)


class ProfileLayer:
    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.path = ws.root / "profile.yaml"
        self.cache_path = ws.cache_dir / "profile.json"  # a fast copy, see yamlfile.load_cached
        self._data: ProfileFile | None = None
        self._identity: tuple[int, ...] | None = None

    def load(self) -> ProfileFile:
        """The profile as it is on disk now. A long-lived process (``mylife mcp``, ``serve``,
        chat) keeps the parsed file and checks with one ``stat`` per read that it is still the
        same file (:func:`yamlfile.identity`): another process's write is seen at the next read."""
        identity = yamlfile.identity(self.path)
        if self._data is None or identity is None or identity != self._identity:
            self._data = yamlfile.load_cached(self.path, _ADAPTER, self.cache_path, default={"fields": {}})
            self._identity = identity  # taken before the read: a write in between is seen next time
        return self._data

    def reload(self) -> ProfileFile:
        self._data = None
        return self.load()

    def _read_truth(self) -> ProfileFile:
        """What every writer starts from, under the lock: the file's bytes as they are now. Its
        parsed copy in ``cache/`` is used only when it was made from exactly these bytes (sha256,
        sealed), so a derived copy can never be written back over the truth."""
        identity = yamlfile.identity(self.path)
        self._data = yamlfile.load_cached(self.path, _ADAPTER, self.cache_path, default={"fields": {}})
        self._identity = identity
        return self._data

    def _save(self, data: ProfileFile, *, old: ProfileFile | None = None, changed: tuple[str, ...] = ()) -> None:
        """Write ``data`` (the caller holds the lock). With ``old`` (what the file held, read
        under the lock) and the ``changed`` field names, only those fields' YAML is made: the
        other fields' bytes are copied from the file as they are (see :func:`_patched_text`), so
        a set costs the same with 30 years of history as with none. Anything unexpected in the
        file's layout falls back to dumping the whole profile."""
        text = None
        if old is not None and old.fields:
            try:
                text = _patched_text(yamlfile.read_bytes(self.path), old, data, changed)
            except FileNotFoundError:
                text = None
        if text is None:
            written = yamlfile.save(self.path, {"fields": {n: _dump_field(f) for n, f in data.fields.items()}},
                                    header=HEADER)
        else:
            from ..storage.atomic import atomic_write_bytes

            written = text.encode("utf-8")
            atomic_write_bytes(self.path, written)
        yamlfile.store_cache(written, _ADAPTER, data, self.cache_path)
        self._data, self._identity = data, yamlfile.identity(self.path)  # under the lock: our file

    def create(self) -> None:
        """Write the empty profile (``mylife init``; the caller holds the lock)."""
        self._save(ProfileFile())

    def fields(self) -> dict[str, ProfileField]:
        return self.load().fields

    def get(self, name: str) -> ProfileField:
        field = self.fields().get(name)
        if field is None:
            raise NotFound("field_not_found", name=name)
        return field

    def find(self, name: str) -> ProfileField | None:
        return self.fields().get(name)

    def stale(self, now: datetime | None = None) -> dict[str, ProfileField]:
        now = now or clock.now()
        return {n: f for n, f in self.fields().items() if f.is_stale(now)}

    def set(self, name: str, value: Any, *, ttl_days: int | None = None, ttl_given: bool = False,
            ttl_reason: str | None = None, ttl_source: str | None = None, source: str = "user_filled",
            at: datetime | None = None, topic: str | None = None, sensitivity: str | None = None,
            provenance: str | None = None, actor: str = "user",
            refresh: bool = True) -> tuple[ProfileField, ProfileField | None]:
        """Set a field. A new field takes the TTL given (the caller infers it when not given);
        an existing field keeps its TTL unless a new one is given. The old value goes to history,
        unless it is the value set again from the same source (``profile set 城市 杭州 --ttl 90``
        on 杭州: a new TTL and date, no history entry; the audit entry says ``changed: false``
        and, when the TTL changed, ``ttl_from``).
        ``refresh=False`` (a model's write the user did not confirm) keeps the field's age: the
        new value is dated like the value the user last confirmed, so it stays as stale.

        A value dated ``at`` before the current one is a past value: it goes into the history in
        date order and the newest value stays current (:func:`is_past_value` tells the caller)."""
        from ..errors import require_utf8

        for what, text in (("name", name), ("value", value), ("topic", topic), ("provenance", provenance)):
            require_utf8(text, what)
        name = (name or "").strip()
        if not name or "\n" in name or len(name) > 80:
            raise UsageError("bad_field_name", name=name)
        if source not in FIELD_SOURCES:
            raise UsageError("bad_choice", what="--source", value=source, choices=", ".join(FIELD_SOURCES))
        given, value = value, field_value(self.ws, name, value)
        if isinstance(value, str) and not value.strip():
            raise UsageError("empty_text", what="value")
        if ttl_days is not None and ttl_days <= 0:  # never write what the reader refuses (ProfileField)
            raise UsageError("bad_ttl", value=ttl_days)
        check_value(self.ws, name, given)
        with self.ws.lock():
            data = self._read_truth()  # under the lock: another process may have written
            when = at or clock.now()
            previous = data.fields.get(name)
            if previous is not None and not refresh:
                when = previous.updated_at
            if previous is None:
                field = ProfileField(value=value, source=source, updated_at=when, ttl_days=ttl_days,
                                     ttl_reason=ttl_reason, ttl_source=ttl_source or ("user" if ttl_given else None),
                                     topic=topic, sensitivity=sensitivity, provenance=provenance)
            elif when < previous.updated_at:  # an older value: history, in date order
                history = list(previous.history)
                past = PastValue(value=value, source=source, updated_at=when)
                at_index = next((i for i, h in enumerate(history) if h.updated_at > when), len(history))
                history.insert(at_index, past)
                field = previous.model_copy(update={
                    "history": history,
                    **({"ttl_days": ttl_days, "ttl_reason": ttl_reason, "ttl_source": ttl_source or "user"}
                       if ttl_given else {}),
                })
            else:
                history = list(previous.history)
                # the same value again (with a new TTL, or restated): it is not a past value; the
                # history keeps values that were replaced (a value from another source stays there)
                if not (previous.source == source and same_value(self.ws, name, previous.value, value)):
                    history.append(PastValue(value=previous.value, source=previous.source,
                                             updated_at=previous.updated_at))
                field = previous.model_copy(update={
                    "value": value, "source": source, "updated_at": when, "history": history,
                    "provenance": provenance,
                    **({"ttl_days": ttl_days, "ttl_reason": ttl_reason, "ttl_source": ttl_source or "user"}
                       if ttl_given else {}),
                    **({"topic": topic} if topic else {}),
                    **({"sensitivity": sensitivity} if sensitivity else {}),
                })
            fields = dict(data.fields)
            fields[name] = field
            self._save(ProfileFile(fields=fields), old=data, changed=(name,))
            past_value = is_past_value(previous, when)
            self.ws.commit_change(actor, "profile.set", name, paths=["profile.yaml"],
                                  detail={"ttl_days": field.ttl_days, "changed": previous is not None
                                          and not past_value and previous.value != value, "source": source,
                                          **({"history_at": when.isoformat()} if past_value else {}),
                                          **({"ttl_from": previous.ttl_days} if previous is not None
                                             and previous.ttl_days != field.ttl_days else {})})
        return field, previous

    def confirm(self, name: str, *, at: datetime | None = None, actor: str = "user", seen: Any = None) -> ProfileField:
        """The value is still true: refresh ``updated_at`` without changing it (docs/design.md#upkeep).

        ``seen``: the value the user was shown when they said it still holds (``maintain``'s
        question, the panel's page). If another process changed the field since, the user has
        not confirmed the value there now: :class:`Conflict`, nothing written."""
        with self.ws.lock():
            data = self._read_truth()
            if name not in data.fields:
                raise NotFound("field_not_found", name=name)
            now_value = data.fields[name].value
            if seen is not None and str(seen) != str(now_value):
                from ..errors import Conflict
                from ..shell import word

                raise Conflict("s25b.confirm_changed", name=name, seen=seen, value=now_value, word=word(name))
            field = data.fields[name].model_copy(update={"updated_at": at or clock.now()})
            fields = dict(data.fields)
            fields[name] = field
            self._save(ProfileFile(fields=fields), old=data, changed=(name,))
            self.ws.commit_change(actor, "profile.confirm", name, paths=["profile.yaml"], detail={})
        return field

    def unset(self, name: str, *, actor: str = "user", seen: Any = None) -> ProfileField:
        """Remove a field the user no longer wants tracked (``mylife profile unset``: the user's
        command is the approval). Nothing is lost silently: the removed field, its value, dates,
        TTL and whole history, is recorded in the audit entry's ``detail.removed`` (and in git
        history when the workspace keeps one). Returns the field as it was.

        ``seen``: the value the user was shown when they chose to remove it (the panel's page). If
        another process changed the field since, the user has not seen the value that would be
        removed: :class:`Conflict`, nothing written (as :meth:`confirm`)."""
        name = (name or "").strip()
        with self.ws.lock():
            data = self._read_truth()  # under the lock: another process may have written
            removed = data.fields.get(name)
            if removed is None:
                raise NotFound("field_not_found", name=name)
            if seen is not None and str(seen) != str(removed.value):
                from ..errors import Conflict
                from ..shell import word

                raise Conflict("s28panel.unset_changed", name=name, seen=seen, value=removed.value, word=word(name))
            fields = {n: f for n, f in data.fields.items() if n != name}
            self._save(ProfileFile(fields=fields), old=data, changed=(name,))
            self.ws.commit_change(actor, "profile.unset", name, paths=["profile.yaml"],
                                  detail={"removed": removed.model_dump(mode="json")})
        return removed

    def set_ttl(self, name: str, ttl_days: int | None, *, reason: str | None = None,
                actor: str = "user") -> ProfileField:
        """Change how long a field's value holds (``None``: never expires) without touching the
        value, its date or its history (the review panel's "change TTL")."""
        if ttl_days is not None and ttl_days <= 0:
            raise UsageError("bad_ttl", value=ttl_days)
        with self.ws.lock():
            data = self.reload()
            if name not in data.fields:
                raise NotFound("field_not_found", name=name)
            before = data.fields[name]
            field = before.model_copy(update={"ttl_days": ttl_days, "ttl_source": "user",
                                              "ttl_reason": reason if reason is not None else before.ttl_reason})
            fields = dict(data.fields)
            fields[name] = field
            self._save(ProfileFile(fields=fields), old=data, changed=(name,))
            self.ws.commit_change(actor, "profile.ttl", name, paths=["profile.yaml"],
                                  detail={"from": before.ttl_days, "to": ttl_days})
        return field

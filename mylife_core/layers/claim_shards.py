"""Reading and appending the claim month shards (``claims/YYYY-MM.yaml``) fast, without changing
what they mean.

PyYAML, even with libyaml's C parser, builds every node and every value in Python (~0.26 ms a
claim): a lifetime of 300,000 claims took two minutes to read after a clone. The shards MyLife
writes have one shape: a block list of flat mappings, one ``key: value`` line each. For that
shape this module reads the lines with one regular expression per shard and resolves each
value exactly as PyYAML's safe loader does (YAML 1.1: ``null``, dates, timestamps, quoted
strings). Anything else a hand edit may bring (comments between items, continuation lines,
flow style, anchors, odd characters, a key that is not a claim field) makes the whole shard go
through PyYAML as before, so the result is the same data and a broken file gets the same error
naming its line. ``tests/test_claim_shards.py`` checks both readers agree on generated and
hostile values.

:func:`append_text` is the write side: new claims are appended as YAML text after the existing
bytes (one atomic replace of the month file, no parse of what it holds).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from itertools import chain
from typing import Any

import yaml

try:
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

_LINE = re.compile(r"^(- |  )([A-Za-z_][A-Za-z0-9_]*):(?: (.*))?$", re.M)
_DATE = re.compile(r"\d{4}-\d\d-\d\d\Z")
_STAMP = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{6})?(?:[+-]\d\d:\d\d)?\Z")
# what PyYAML's reader refuses, and what YAML 1.1 counts as a line break besides \n
_ODD = re.compile("[^\x09\x0a\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029\ufeff]")
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0b, 0x20), 0x7f])
_C1 = re.compile(rb"\xc2[\x80-\x9f]")
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_RESOLVERS = yaml.resolver.Resolver.yaml_implicit_resolvers
_NULL = "tag:yaml.org,2002:null"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"


class Unsupported(Exception):
    """The text is not in the shape this reader handles: read it with PyYAML instead."""


def _slow(value: str) -> Any:
    """One scalar through PyYAML itself (rare: numbers, booleans, double quotes, odd plains)."""
    try:
        doc = yaml.load("v: " + value, Loader=_Loader)
    except yaml.YAMLError:
        raise Unsupported from None
    if not isinstance(doc, dict) or list(doc) != ["v"]:
        raise Unsupported
    return doc["v"]


def _plain(value: str) -> Any:
    first = value[0]
    if value != value.strip() or "\t" in value or ": " in value or " #" in value or value.endswith(":"):
        return _slow(value)
    resolvers = _RESOLVERS.get(first)
    if resolvers:
        for tag, regexp in resolvers:
            if regexp.match(value):
                if tag == _NULL:
                    return None
                if tag == _TIMESTAMP:
                    try:
                        if _DATE.match(value):
                            return date.fromisoformat(value)
                        if _STAMP.match(value):
                            return datetime.fromisoformat(value)
                    except ValueError:  # a date that does not exist (2026-13-05): PyYAML names its line
                        raise Unsupported from None
                return _slow(value)
    if first in _INDICATORS:
        return _slow(value)
    return value


def _single(value: str) -> str:
    inner = value[1:-1]
    if len(value) < 2 or not value.endswith("'") or inner.replace("''", "").count("'"):
        raise Unsupported
    return inner.replace("''", "'")


def scalar(value: str | None) -> Any:
    """The value of one ``key: value`` line, as PyYAML's safe loader gives it."""
    if not value:
        return None
    first = value[0]
    if first == "'":
        return _single(value)
    if first == '"':
        return _slow(value)
    return _plain(value)


def _odd_bytes(data: bytes) -> bool:
    """What :data:`_ODD` finds, on UTF-8 bytes: C0/C1 controls but tab and newline, YAML's
    other line breaks, a BOM, and the two non-characters PyYAML refuses."""
    if len(data.translate(None, _CONTROL_BYTES)) != len(data):
        return True
    if b"\xc2" in data and _C1.search(data):
        return True
    return any(seq in data for seq in (b"\xe2\x80\xa8", b"\xe2\x80\xa9", b"\xef\xbb\xbf", b"\xef\xbf\xbe",
                                       b"\xef\xbf\xbf"))


def parse_bytes(data: bytes, fields: frozenset[str]) -> list[dict[str, Any]]:
    """:func:`parse` for a file's bytes (the character check runs on bytes: much faster)."""
    if _odd_bytes(data):
        raise Unsupported
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Unsupported from None
    return parse(text, fields, checked=True)


def parse(text: str, fields: frozenset[str], *, checked: bool = False) -> list[dict[str, Any]]:
    """The items of a shard written in MyLife's shape; raises :class:`Unsupported` otherwise.

    ``fields`` are the keys an item may have (anything else goes through PyYAML, which then
    gives validation the same data it always did)."""
    start = 0
    while text.startswith("#", start):  # the header comment
        end = text.find("\n", start)
        if end < 0:
            return []
        start = end + 1
    body = text[start:]
    if not body.startswith("- ") or (not checked and _ODD.search(body)):
        raise Unsupported
    lines = body.count("\n") + (0 if body.endswith("\n") else 1)
    uniform = _uniform(body, lines, fields)
    if uniform is not None:
        return uniform
    pairs = _LINE.findall(body)
    if len(pairs) != lines:  # a line of another shape: a comment, a continuation, a nested value
        raise Unsupported
    leads, keys, values = zip(*pairs)
    if not fields.issuperset(keys):
        raise Unsupported
    resolved = {value: scalar(value) for value in set(values)}
    items: list[dict[str, Any]] = []
    item: dict[str, Any] = {}
    for lead, key, value in pairs:
        if lead == "- ":
            item = {}
            items.append(item)
        elif key in item:  # a key written twice: PyYAML's reading names both lines
            raise Unsupported
        item[key] = resolved[value]
    return items


_ITEM_PATTERNS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _uniform(body: str, lines: int, fields: frozenset[str]) -> list[dict[str, Any]] | None:
    """Every item with the first item's keys in the same order, one line each (what MyLife
    writes): one match per item, the values resolved once per distinct text. None otherwise."""
    end = body.find("\n- ")
    head = _LINE.findall(body[: end + 1] if end >= 0 else body)
    keys = tuple(key for _, key, _ in head)
    if not keys or len(set(keys)) != len(keys) or not fields.issuperset(keys):
        return None
    count = body.count("\n- ") + 1
    if count * len(keys) != lines or not body.endswith("\n"):
        return None
    pattern = _ITEM_PATTERNS.get(keys)
    if pattern is None:
        pattern = _ITEM_PATTERNS[keys] = re.compile(
            "".join(("- " if i == 0 else "  ") + re.escape(k) + r":(?: (.*))?\n" for i, k in enumerate(keys)))
    matches = pattern.findall(body)
    # count items matched, each of len(keys) lines, in a body of count * len(keys) lines:
    # every line was read (matches never overlap, and each starts at an item's first line)
    if len(matches) != count:
        return None
    if len(keys) == 1:
        matches = [(m,) for m in matches]
    resolved = {value: scalar(value) for value in set(chain.from_iterable(matches))}
    get = resolved.__getitem__
    return [dict(zip(keys, map(get, m))) for m in matches]


def append_text(existing: str, addition: str) -> str | None:
    """``existing`` with ``addition`` (a YAML block list) appended, or None when ``existing`` is
    not a plain block list the addition can continue (then the caller rewrites the file)."""
    start = 0
    while existing.startswith("#", start):
        end = existing.find("\n", start)
        if end < 0:
            return None
        start = end + 1
    body = existing[start:]
    if not body.startswith("- ") or not body.endswith("\n") or "\r" in body:
        return None
    # every line must belong to the list: an item, its keys, or a continuation of a value
    if re.search(r"^(?!- |  )(?=.)", body, re.M):
        return None
    return existing + addition

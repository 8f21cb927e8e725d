"""YAML in and out through pydantic models, with errors that name the file and line.

A hand-edited file with a syntax error, or a value of the wrong type, is reported as
``path:line: what is wrong``; the caller never overwrites a file it could not read.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import TypeAdapter, ValidationError

from ..errors import DataFileError
from ..messages import t
from .atomic import atomic_write_bytes

try:
    _Loader: type = yaml.CSafeLoader
    _BaseDumper: type = yaml.CSafeDumper
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader
    _BaseDumper = yaml.SafeDumper


class _BadScalar(yaml.YAMLError):
    """A value YAML recognises (a date, a number) that Python cannot build: a date that does not
    exist (``2026-13-05``, ``2026-02-30``) or a number too long; carries the node's line."""

    def __init__(self, kind: str, value: str, detail: str, line: int) -> None:
        super().__init__(detail)
        self.kind, self.value, self.detail, self.line = kind, value, detail, line


class _DuplicateKey(yaml.YAMLError):
    """A key written twice in one mapping: YAML keeps the last and drops the other unseen (a
    field added by hand under a name the file already has); carries both lines."""

    def __init__(self, key: str, line: int, first: int) -> None:
        super().__init__(key)
        self.key, self.line, self.first = key, line, first


class _CheckedLoader(_Loader):  # type: ignore[misc, valid-type]
    """The safe loader, except that a value it cannot build names its line (:class:`_BadScalar`)
    instead of escaping as a bare ``ValueError``, and a key written twice in one mapping is an
    error naming both lines (:class:`_DuplicateKey`) instead of one value silently lost."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: dict[tuple[str, str], int] = {}
            for key_node, _ in node.value:
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                line = key_node.start_mark.line + 1
                first = seen.get((key_node.tag, key_node.value))
                if first is not None:
                    raise _DuplicateKey(str(key_node.value), line, first)
                seen[(key_node.tag, key_node.value)] = line
        return super().construct_mapping(node, deep=deep)


def _checked(kind: str) -> Any:
    build = getattr(yaml.constructor.SafeConstructor, f"construct_yaml_{kind}")

    def construct(loader: Any, node: Any) -> Any:
        try:
            return build(loader, node)
        except ValueError as exc:
            raise _BadScalar(kind, str(node.value), str(exc), node.start_mark.line + 1) from None

    return construct


_CheckedLoader.add_constructor("tag:yaml.org,2002:timestamp", _checked("timestamp"))
_CheckedLoader.add_constructor("tag:yaml.org,2002:int", _checked("int"))


class _Dumper(_BaseDumper):  # type: ignore[misc, valid-type]
    """Plain YAML for humans: no ``&id001`` anchors when two values happen to be equal."""

    def ignore_aliases(self, data: Any) -> bool:
        return True

T = TypeVar("T")


def _line_of(text: str, loc: tuple[Any, ...]) -> int | None:
    """The 1-based line of the YAML node at ``loc`` (a pydantic error location)."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if key_node.value == str(part):
                    node = value_node
                    line = key_node.start_mark.line + 1
                    break
            else:
                return line
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(node.value):
                return line
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            return line
    return line


#: Limits for YAML written by hand: aliases (``*a``) may not expand a document beyond this many
#: nodes (a "billion laughs" bomb expands to billions), nor may a document nest deeper than this.
MAX_EXPANDED_NODES = 200_000
MAX_DEPTH = 200


def _expanded_size(text: str, path: Path) -> None:
    """Refuse a document whose aliases would expand it past :data:`MAX_EXPANDED_NODES` nodes.

    Only documents holding both an anchor and an alias get here (MyLife never writes either).
    The node graph is composed (aliases stay shared, so composing is cheap) and its expanded
    size counted with memoisation, so the check itself cannot blow up."""
    try:
        node = yaml.compose(text, Loader=_ComposeLoader)
    except yaml.YAMLError:
        return  # the real parse reports the syntax error with its line
    sizes: dict[int, int] = {}

    def size(n: Any, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise DataFileError(path, n.start_mark.line + 1, t("bad_file.yaml_too_deep", limit=MAX_DEPTH))
        known = sizes.get(id(n))
        if known is not None:
            return known
        sizes[id(n)] = 1  # a recursive alias counts once (and cannot loop)
        if isinstance(n, yaml.MappingNode):
            total = 1 + sum(size(k, depth + 1) + size(v, depth + 1) for k, v in n.value)
        elif isinstance(n, yaml.SequenceNode):
            total = 1 + sum(size(v, depth + 1) for v in n.value)
        else:
            total = 1
        total = min(total, MAX_EXPANDED_NODES + 1)
        sizes[id(n)] = total
        if total > MAX_EXPANDED_NODES:
            raise DataFileError(path, n.start_mark.line + 1,
                                t("bad_file.yaml_alias_bomb", limit=f"{MAX_EXPANDED_NODES:,}"))
        return total

    if node is not None:
        size(node, 0)


class _ComposeLoader(yaml.SafeLoader):
    pass


def parse_yaml(text: str, path: Path) -> Any:
    if "&" in text and "*" in text:  # anchors and aliases: check the expansion first
        _expanded_size(text, path)
    from .describe import bad_date_problem, yaml_syntax_problem

    try:
        return yaml.load(text, Loader=_CheckedLoader)
    except _DuplicateKey as exc:
        raise DataFileError(path, exc.line, t("bad_file.yaml_duplicate_key", key=exc.key[:80], first=exc.first)) from None
    except _BadScalar as exc:
        if exc.kind == "timestamp":
            problem = bad_date_problem(exc.value, exc.detail, with_time=not _DATE_ONLY.match(exc.value))
        else:
            problem = t("bad_file.yaml_value", detail=exc.detail[:80])
        raise DataFileError(path, exc.line, problem) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (NUL, ESC ...): say where and which
        line, problem = _bad_character(text, exc)
        raise DataFileError(path, line, problem) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = " ".join(p for p in (exc.context, exc.problem) if p) or "YAML syntax error"
        raise DataFileError(path, line, yaml_syntax_problem(problem)) from None
    except yaml.YAMLError as exc:
        raise DataFileError(path, None, t("bad_file.yaml_other", detail=exc)) from None
    except RecursionError:
        raise DataFileError(path, None, t("bad_file.yaml_too_deep", limit=MAX_DEPTH)) from None
    except ValueError as exc:  # e.g. a number with thousands of digits (Python's int-from-text limit)
        raise DataFileError(path, _line_of_value_error(text), t("bad_file.yaml_value", detail=str(exc)[:80])) from None


_DATE_ONLY = re.compile(r"\d{4}-\d\d?-\d\d?\Z")
#: short names of the control characters a hand edit or a paste most often leaves in a file
_CONTROL_NAMES = {0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x1B: "ESC", 0x7F: "DEL"}


def _bad_character(text: str, exc: Any) -> tuple[int | None, str]:
    """``(line, problem)`` for PyYAML's ReaderError, which carries no line, only a position (in
    characters from the Python reader, in UTF-8 bytes from libyaml's): the reader stops at the
    first character it refuses, so that character's first occurrence is where it stopped."""
    code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
    name = _CONTROL_NAMES.get(code)
    char = f"U+{code:04X}" + (f" {name}" if name else "")
    at = text.find(chr(code))
    if at < 0:
        return None, t("bad_file.yaml_bad_character", char=char, column="?")
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return text.count("\n", 0, at) + 1, t("bad_file.yaml_bad_character", char=char, column=column)


def _line_of_value_error(text: str) -> int | None:
    """The line of the first number longer than Python reads from text (the usual ValueError)."""
    import re

    match = re.search(r"\d{4000,}", text)
    return text[: match.start()].count("\n") + 1 if match else None


def validate(data: Any, adapter: TypeAdapter[T], path: Path, text: str) -> T:
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        from .describe import validation_problem

        loc, problem = validation_problem(exc)
        raise DataFileError(path, _line_of(text, loc), problem) from None


def read_bytes(path: Path) -> bytes:
    """The file's bytes; a folder, a device or an unreadable file is a :class:`DataFileError`."""
    try:
        if os.path.lexists(path) and not path.is_file():
            raise DataFileError(path, None, t("bad_file.not_regular"))
        return path.read_bytes()  # a missing file raises FileNotFoundError, as callers expect
    except FileNotFoundError:
        raise
    except OSError as exc:
        from ..errors import os_reason

        raise DataFileError(path, None, t("bad_file.cannot_read", reason=os_reason(exc))) from None


def decode_text(data: bytes, path: Path) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DataFileError(path, line, t("bad_file.not_utf8")) from None


def read_text(path: Path) -> str:
    return decode_text(read_bytes(path), path)


def _validate_text(text: str, path: Path, adapter: TypeAdapter[T], default: Any) -> T:
    data = parse_yaml(text, path)
    if data is None:
        data = default
    return validate(data, adapter, path, text)


def load(path: Path, adapter: TypeAdapter[T], default: Any = None) -> T:
    """Read ``path`` and validate it; a missing file yields ``default`` (validated)."""
    if not os.path.lexists(path):
        return adapter.validate_python(default)
    return _validate_text(read_text(path), path, adapter, default)


def loads(data: bytes | None, path: Path, adapter: TypeAdapter[T], default: Any = None) -> T:
    """:func:`load` of bytes already read from ``path`` (``None``: the file is missing)."""
    if data is None:
        return adapter.validate_python(default)
    return _validate_text(decode_text(data, path), path, adapter, default)


# --------------------------------------------------------------------------- derived JSON copies
#
# A YAML parse builds its objects in Python (~0.5 ms per KB); JSON is ~50 times faster, which is
# what keeps a long profile history cheap to read. The copy in ``cache/`` is derived: it is keyed by
# the sha256 of the exact YAML bytes it was parsed from (never by a file's mtime/size, which
# another process's write can change between our read and our stamp), and sealed with an HMAC
# under a per-workspace key in ``cache/`` (0600), so a copy that MyLife did not make is never
# served. Writers never read the copy: they parse the truth under the lock (``load(path)``).

_CACHE_VERSION = 2


def _cache_key(cache: Path) -> bytes | None:
    """The workspace's random key for sealing cache copies (made once, 0600)."""
    from .atomic import create_exclusive

    key_path = cache.parent / ".cache-key"
    try:
        key = key_path.read_bytes()
        if len(key) == 32:
            return key
    except OSError:
        pass
    try:
        create_exclusive(key_path, os.urandom(32))
    except FileExistsError:
        pass
    except Exception:  # noqa: BLE001 - no key, no cache: reads go to the file itself
        return None
    try:
        key = key_path.read_bytes()
    except OSError:
        return None
    return key if len(key) == 32 else None


def _seal(key: bytes, source_sha: str, payload: bytes) -> str:
    return hmac.new(key, source_sha.encode("ascii") + b"\n" + payload, hashlib.sha256).hexdigest()


def read_sealed(cache: Path, source: str) -> bytes | None:
    """The payload of the copy in ``cache`` when MyLife made it for ``source`` (a sha256 or any
    other ASCII stamp of what it was derived from); None when it is missing, unreadable, stale
    or forged."""
    key = _cache_key(cache)
    if key is None:
        return None
    try:
        blob = cache.read_bytes()
        head, _, payload = blob.partition(b"\n")
        meta = json.loads(head)
        if (meta.get("v") == _CACHE_VERSION and meta.get("source") == source
                and hmac.compare_digest(str(meta.get("mac", "")), _seal(key, source, payload))):
            return payload
    except Exception:  # noqa: BLE001 - missing, unreadable, stale or forged: the caller derives it again
        pass
    return None


def write_sealed(cache: Path, source: str, payload: bytes) -> None:
    """Write the copy ``payload`` derived from ``source`` to ``cache``, sealed (best effort, no
    fsync: a cache never fails a command)."""
    try:
        key = _cache_key(cache)
        if key is None:
            return
        head = json.dumps({"v": _CACHE_VERSION, "source": source, "mac": _seal(key, source, payload)})
        atomic_write_bytes(cache, head.encode("ascii") + b"\n" + payload, durable=False)
    except Exception:  # noqa: BLE001 - e.g. cache/ is not a folder: the truth is on disk anyway
        pass


def load_cached(path: Path, adapter: TypeAdapter[T], cache: Path, default: Any = None) -> T:
    """:func:`load` through the sealed JSON copy in ``cache`` (see above): served only when it was
    made by MyLife from exactly the bytes ``path`` holds now; otherwise the file is parsed and the
    copy re-made. An unreadable, stale or forged copy is ignored (and replaced)."""
    if not os.path.lexists(path):
        return adapter.validate_python(default)
    data = read_bytes(path)
    payload = read_sealed(cache, hashlib.sha256(data).hexdigest())
    if payload is not None:
        try:
            return adapter.validate_json(payload)
        except Exception:  # noqa: BLE001 - a copy of another version: read the file itself
            pass
    value = _validate_text(decode_text(data, path), path, adapter, default)
    store_cache(data, adapter, value, cache)
    return value


def store_cache(source: bytes, adapter: TypeAdapter[T], value: T, cache: Path) -> None:
    """Write ``cache`` for the YAML ``source`` bytes ``value`` was parsed from (or written as).
    Best effort: a cache never fails a command."""
    try:
        payload = adapter.dump_json(value)
    except Exception:  # noqa: BLE001 - best effort
        return
    write_sealed(cache, hashlib.sha256(source).hexdigest(), payload)


def identity(path: Path) -> tuple[int, ...] | None:
    """A cheap stamp that changes whenever ``path`` is replaced or written: device, inode, size,
    mtime and ctime in nanoseconds (one ``stat``). A long-lived process compares it on every read
    to notice another process's write. Every MyLife write is a rename (a new inode, a new ctime);
    an edit that restores the old mtime still moves the ctime, which only the kernel sets.
    None when the file cannot be stat-ed (missing: the load reports it)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def comment_lines(text: str, *, keep: frozenset[str] = frozenset()) -> list[int]:
    """The lines of YAML ``text`` that hold a comment, except those equal to a line in ``keep``
    (a header MyLife writes itself). A file MyLife rebuilds from its parsed data loses them; a
    ``#`` inside a value is no comment. Empty when the text does not parse."""
    import bisect

    starts: list[int] = []
    ends: list[int] = []
    try:
        for token in yaml.scan(text, Loader=_Loader):
            if isinstance(token, yaml.ScalarToken):
                starts.append(token.start_mark.index)
                ends.append(token.end_mark.index)
    except yaml.YAMLError:
        return []
    lines: list[int] = []
    for match in re.finditer(r"(?:^|(?<=[ \t]))#", text, re.MULTILINE):
        at = match.start()
        i = bisect.bisect_right(starts, at) - 1
        if i >= 0 and at < ends[i]:
            continue  # inside a value
        number = text.count("\n", 0, at) + 1
        line_start = text.rfind("\n", 0, at) + 1
        line_end = text.find("\n", at)
        if text[line_start:line_end if line_end != -1 else len(text)].strip() in keep:
            continue
        if not lines or lines[-1] != number:
            lines.append(number)
    return lines


def dumps(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=120,
                     default_flow_style=False)


def save(path: Path, data: Any, header: str = "") -> bytes:
    """Write plain data (already ``model_dump``-ed) atomically; returns the bytes written."""
    raw = (header + dumps(data)).encode("utf-8")
    atomic_write_bytes(path, raw)
    return raw

"""YAML in and out through pydantic models, with errors that name the file and line.

A hand-edited file with a syntax error, or a value of the wrong type, is reported as
``path:line: what is wrong``; the caller never overwrites a file it could not read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import TypeAdapter, ValidationError

from ..errors import DataFileError
from .atomic import atomic_write_text

try:
    _Loader: type = yaml.CSafeLoader
    _BaseDumper: type = yaml.CSafeDumper
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader
    _BaseDumper = yaml.SafeDumper


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


def parse_yaml(text: str, path: Path) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = " ".join(p for p in (exc.context, exc.problem) if p) or "YAML syntax error"
        raise DataFileError(path, line, f"YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise DataFileError(path, None, f"YAML: {exc}") from None


def validate(data: Any, adapter: TypeAdapter[T], path: Path, text: str) -> T:
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = tuple(first.get("loc", ()))
        where = ".".join(str(p) for p in loc) or "(top level)"
        raise DataFileError(path, _line_of(text, loc), f"{where}: {first.get('msg')}") from None


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise DataFileError(path, line, "not valid UTF-8") from None


def load(path: Path, adapter: TypeAdapter[T], default: Any = None) -> T:
    """Read ``path`` and validate it; a missing file yields ``default`` (validated)."""
    if not path.exists():
        return adapter.validate_python(default)
    text = read_text(path)
    data = parse_yaml(text, path)
    if data is None:
        data = default
    return validate(data, adapter, path, text)


def _stat_key(path: Path) -> list[int]:
    st = path.stat()
    return [st.st_mtime_ns, st.st_size, st.st_ino]


def load_cached(path: Path, adapter: TypeAdapter[T], cache: Path, default: Any = None) -> T:
    """:func:`load` through a JSON copy in ``cache`` (a derived file, keyed by the YAML file's
    mtime, size and inode). A YAML parse builds its objects in Python (~0.5 ms per KB); JSON is
    ~50 times faster, which is what keeps a long profile history cheap to read. The copy is
    re-made whenever the file changed (a hand edit included); an unreadable copy is ignored."""
    import json

    if not path.exists():
        return adapter.validate_python(default)
    key = _stat_key(path)
    try:
        doc = json.loads(cache.read_bytes())
        if doc.get("key") == key:
            return adapter.validate_python(doc["data"])
    except Exception:  # noqa: BLE001 - missing, unreadable or no longer valid: read the file itself
        pass
    value = load(path, adapter, default)
    store_cache(path, adapter, value, cache)
    return value


def store_cache(path: Path, adapter: TypeAdapter[T], value: T, cache: Path) -> None:
    """Write ``cache`` for ``path`` as it is now (best effort: a cache never fails a command)."""
    import json

    from .atomic import atomic_write_bytes

    try:
        doc = {"key": _stat_key(path), "data": adapter.dump_python(value, mode="json")}
        atomic_write_bytes(cache, json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except OSError:
        pass


def dumps(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=120,
                     default_flow_style=False)


def save(path: Path, data: Any, header: str = "") -> None:
    """Write plain data (already ``model_dump``-ed) atomically."""
    atomic_write_text(path, header + dumps(data))

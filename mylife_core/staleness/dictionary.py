"""Field dictionaries and lens data as YAML files (docs/design.md#field-dictionaries).

A community field dictionary is just a pip package with a YAML file and three lines of code::

    from importlib.resources import files
    from mylife_core import hookimpl
    from mylife_core.staleness.dictionary import register_file

    @hookimpl
    def register_fields(register):
        register_file(register, files(__package__) / "fields.yaml", "fields")

The file holds up to three sections, each a list validated against the spec models
(:class:`~mylife_core.specs.FieldSpec`, :class:`~mylife_core.specs.DecisionSpec`,
:class:`~mylife_core.specs.TopicSpec`)::

    fields:
      - name: 睡眠时长
        aliases: [每晚睡眠, sleep hours]
        ttl_days: 30            # null: never expires
        ttl_reason: 作息随工作和季节变化
        topic: 健康
        sensitivity: medium    # low | medium | high
        decisions: [跳槽]       # decisions that should check this field
    decisions:
      - name: 跳槽
        depends_on: [月收入, 现有存款]
    topics:
      - name: 健康
        keywords: [睡眠, 体检]

A mistake is reported as ``file:line: what is wrong`` and names the plugin that shipped it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..specs import DecisionSpec, FieldSpec, TopicSpec

Section = Literal["fields", "decisions", "topics"]


class LensFile(BaseModel):
    """One YAML file of fields, decisions and topics (each section optional)."""

    model_config = ConfigDict(extra="forbid")

    fields: list[FieldSpec] = Field(default_factory=list)
    decisions: list[DecisionSpec] = Field(default_factory=list)
    topics: list[TopicSpec] = Field(default_factory=list)


_ADAPTER = TypeAdapter(LensFile)


def _as_path(path: Any) -> Path:
    """A real path from a ``Path``, a string or an ``importlib.resources`` Traversable."""
    return path if isinstance(path, Path) else Path(str(path))


@lru_cache(maxsize=64)
def _load_cached(path: Path, mtime_ns: int, size: int) -> LensFile:
    from ..storage import yamlfile

    return yamlfile.load(path, _ADAPTER, default={})


def load_file(path: Any) -> LensFile:
    """Read and validate a lens/dictionary YAML file (cached while the file is unchanged)."""
    from ..errors import DataFileError, os_reason
    from ..messages import t

    real = _as_path(path)
    try:
        st = real.stat()
    except OSError as exc:
        raise DataFileError(real, None, t("bad_file.cannot_read", reason=os_reason(exc))) from None
    return _load_cached(real, st.st_mtime_ns, st.st_size)


def entries(path: Any, section: Section) -> list[dict[str, Any]]:
    """The entries of one section as keyword arguments for ``register(...)``."""
    data = load_file(path)
    return [item.model_dump(exclude_unset=True, exclude={"plugin"}) for item in getattr(data, section)]


def register_file(register: Callable[..., None], path: Any, section: Section = "fields") -> int:
    """Call ``register(**entry)`` for every entry of ``section``; returns how many."""
    items = entries(path, section)
    for item in items:
        register(**item)
    return len(items)

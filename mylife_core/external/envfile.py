"""A backend's ``config.env``: ``KEY=VALUE`` lines, its settings and secrets (docs/design.md#backends).

Secrets never go in ``config.yaml``: a backend that needs an API key reads it from the
``config.env`` in its own folder under ``backends/`` (0600), the same convention DSH uses for
its MCP bridge, which strips credential-like variables from the environment it passes on.

Format: one ``KEY=VALUE`` per line; ``#`` starts a comment line; an optional ``export``
prefix; values may be wrapped in single or double quotes. A malformed line is reported with
its file and line number and the file is never rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..errors import DataFileError

KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def parse(path: Path) -> dict[str, str]:
    """The variables in ``path`` (empty if it does not exist)."""
    from ..messages import t
    from ..storage.yamlfile import decode_text

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    text = decode_text(data, path)
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not KEY_RE.match(key):
            raise DataFileError(path, number, t("bad_file.env_line"))
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif value[:1] in ("'", '"'):
            raise DataFileError(path, number, t("bad_file.env_quote", key=key))
        values[key] = value
    return values


def render(values: Mapping[str, str], header: Iterable[str] = ()) -> str:
    lines = [f"# {h}" if h else "#" for h in header]
    for key, value in values.items():
        if not KEY_RE.match(key):
            raise ValueError(f"bad variable name {key!r}")
        needs_quotes = value != value.strip() or "#" in value or value[:1] in ("'", '"')
        lines.append(f'{key}="{value}"' if needs_quotes else f"{key}={value}")
    return "\n".join(lines) + "\n"


def ensure(path: Path, defaults: Mapping[str, str], header: Iterable[str] = ()) -> bool:
    """Create ``path`` with ``defaults`` if it does not exist (0600). Returns whether it was
    created; an existing file is left exactly as the user wrote it."""
    from ..storage.atomic import atomic_write_text

    if path.exists():
        return False
    atomic_write_text(path, render(defaults, header))
    return True

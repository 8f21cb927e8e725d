"""Every user-facing string, in one place: Simplified Chinese by default, English by config.

The language is chosen by ``MYLIFE_LANG`` (``zh`` or ``en``), else by ``language:`` in the
workspace's ``config.yaml``, else Chinese. Keys are stable; plugins keep their own strings.
"""

from __future__ import annotations

import os
from pathlib import Path

LANGUAGES = ("zh", "en")


def _load() -> dict[str, dict[str, str]]:
    """Merge every catalog module of this package (one per area: core, search, ask, ...)."""
    import importlib
    import pkgutil

    merged: dict[str, dict[str, str]] = {}
    for name in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        module = importlib.import_module(f"{__name__}.{name}")
        for key, entry in module.MESSAGES.items():
            if key in merged:
                raise RuntimeError(f"duplicate message key {key!r} in {name}")
            merged[key] = entry
    return merged


M: dict[str, dict[str, str]] = _load()

_language: str | None = None


def _config_language() -> str | None:
    home = os.environ.get("MYLIFE_HOME") or str(Path.home() / "mylife")
    cfg = Path(home) / "config.yaml"
    try:
        with cfg.open("r", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("language:"):
                    value = line.split(":", 1)[1].strip().strip("'\"")
                    return value if value in LANGUAGES else None
    except OSError:
        return None
    return None


def language() -> str:
    global _language
    if _language is None:
        env = os.environ.get("MYLIFE_LANG", "").strip().lower()[:2]
        _language = env if env in LANGUAGES else (_config_language() or "zh")
    return _language


def set_language(lang: str | None) -> None:
    """Force a language (``zh``/``en``), or ``None`` to re-detect from env and config."""
    global _language
    _language = lang


def t(key: str, /, **params: object) -> str:
    """The message ``key`` in the current language, formatted with ``params``."""
    entry = M.get(key)
    if entry is None:
        raise KeyError(f"no message {key!r}")
    text = entry.get(language()) or entry["zh"]
    return text.format(**params) if params else text


def disclaimer() -> str:
    """The disclaimer (docs/design.md#disclaimer): heads the README and ends every decision output."""
    from .core import DISCLAIMER

    return DISCLAIMER[language()]


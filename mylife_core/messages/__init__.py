"""Every user-facing string, through gettext: Simplified Chinese by default, English by config.

The strings live in gettext catalogs under ``mylife_core/locale/`` (``.po`` sources for
``zh_CN`` and ``en``, compiled to ``.mo`` with Babel when MyLife is built or installed; see
:mod:`mylife_core.messages.catalogs`). Message ids are stable keys::

    from mylife_core.messages import t
    t("error.bad_file", path="a.md", line=3, problem="...")

The language is chosen by ``MYLIFE_LANG`` (``zh`` or ``en``), else by ``language:`` in the
workspace's ``config.yaml``, else Chinese. click's own strings ("Usage:", "Options:", ...) are
translated through the same catalogs (:func:`install_click_translations`). A plugin ships its
own catalog and reads it with :class:`Catalog`::

    _catalog = Catalog("mylife_guitar", Path(__file__).parent / "locale")
    _catalog.t("guitar.hello", name="林晓")

A message that suggests a command writes it ``{prog} claim accept {id}``: :func:`t` fills
``{prog}`` (unless given) with the prefix of the workspace the command line names
(:func:`command_prefix`: ``mylife`` or ``mylife -w PATH``), so that, pasted, it acts there.

Adding a string: add the key to ``locale/zh_CN/LC_MESSAGES/mylife.po`` and
``locale/en/LC_MESSAGES/mylife.po`` (a test fails when one lacks it). Keys written the old way,
in a ``MESSAGES`` dict module of this package, still work and are folded into the catalogs by
``python -m mylife_core.messages.convert``.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from pathlib import Path

LANGUAGES = ("zh", "en")
LOCALES = {"zh": "zh_CN", "en": "en"}
LOCALEDIR = Path(__file__).resolve().parent.parent / "locale"

_language: str | None = None
_workspace: str | None = None  # the workspace the command line names (use_workspace)


def _config_language() -> str | None:
    """``language:`` in the config.yaml of the workspace the command line names (``-w``), else
    ``MYLIFE_HOME``'s, else ``~/mylife``'s; read line by line (no YAML parser at start-up). The
    last such line wins, as it does when the config is loaded."""
    home = _workspace or os.environ.get("MYLIFE_HOME") or str(Path.home() / "mylife")
    found = None
    try:
        with (Path(home).expanduser() / "config.yaml").open("r", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("language:"):
                    found = line.split(":", 1)[1].split("#", 1)[0].strip().strip("'\"")
    except (OSError, UnicodeDecodeError, RuntimeError):  # RuntimeError: ~user unknown
        return None
    return found if found in LANGUAGES else None


def env_language() -> str | None:
    """The language ``MYLIFE_LANG`` names (``zh``/``en``), or None when it is unset or names
    another language: it wins over every workspace's ``language:``."""
    env = os.environ.get("MYLIFE_LANG", "").strip().lower()[:2]
    return env if env in LANGUAGES else None


def language() -> str:
    global _language
    if _language is None:
        _language = env_language() or _config_language() or "zh"
    return _language


def use_workspace(path: str | os.PathLike[str] | None) -> None:
    """Take the language from this workspace's ``config.yaml`` (the one ``-w``/``--workspace``
    names, read before the command line is parsed, so that help texts and click's own messages
    follow it) instead of ``MYLIFE_HOME``'s or the default one's; ``MYLIFE_LANG`` still wins."""
    global _workspace, _language
    _workspace = os.fspath(path) if path else None
    _language = None


def set_language(lang: str | None) -> None:
    """Force a language (``zh``/``en``), or ``None`` to re-detect from env and config."""
    global _language
    _language = lang


class _Translations(gettext.GNUTranslations):
    def lookup(self, key: str) -> str | None:
        return self._catalog.get(key)

    def keys(self) -> list[str]:
        return [k for k in self._catalog if isinstance(k, str) and k]


class Catalog:
    """One gettext domain's compiled catalogs (``<localedir>/<locale>/LC_MESSAGES/<domain>.mo``),
    read on first use, in the current language with Chinese as the fallback."""

    def __init__(self, domain: str, localedir: Path | str) -> None:
        self.domain = domain
        self.localedir = Path(localedir)
        self._loaded: dict[str, _Translations | None] = {}

    def translations(self, lang: str) -> _Translations | None:
        if lang not in self._loaded:
            self._loaded[lang] = self._read(LOCALES.get(lang, lang))
        return self._loaded[lang]

    def _read(self, locale: str) -> _Translations | None:
        mo = self.localedir / locale / "LC_MESSAGES" / f"{self.domain}.mo"
        po = mo.with_suffix(".po")
        try:
            stale = po.stat().st_mtime_ns > mo.stat().st_mtime_ns
        except FileNotFoundError:
            stale = po.exists()
        if stale:  # a source checkout whose .po was edited: compile it now (Babel, dev installs)
            _compile(po)
        try:
            with mo.open("rb") as fh:
                return _Translations(fh)
        except FileNotFoundError:
            return None

    def lookup(self, key: str, lang: str | None = None) -> str | None:
        lang = lang or language()
        for candidate in (lang, "zh") if lang != "zh" else ("zh",):
            translations = self.translations(candidate)
            text = translations.lookup(key) if translations is not None else None
            if text:
                return text
        return None

    def t(self, key: str, /, **params: object) -> str:
        """The message ``key`` in the current language, formatted with ``params`` (a ``{prog}``
        in the text is the command prefix, as for :func:`t`)."""
        text = self.lookup(key)
        if text is None:
            raise KeyError(f"no message {key!r} in the {self.domain!r} catalogs ({self.localedir})")
        params = _with_prog(text, params)
        return text.format(**params) if params else text

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.lookup(key) is not None


def _compile(po: Path) -> None:
    try:
        from .catalogs import compile_po

        compile_po(po)
    except (ImportError, OSError):  # no Babel, or a read-only install: use the .mo as built
        pass


CORE = Catalog("mylife", LOCALEDIR)
_legacy_messages: dict[str, dict[str, str]] | None = None


def _legacy() -> dict[str, dict[str, str]]:
    """Keys still written in a ``MESSAGES`` dict module here (added on a branch before the
    catalogs existed), until ``python -m mylife_core.messages.convert`` folds them in."""
    global _legacy_messages
    if _legacy_messages is None:
        import importlib

        _legacy_messages = {}
        for path in sorted(Path(__file__).parent.glob("*.py")):
            if path.stem in ("__init__", "catalogs", "convert") or path.stem.startswith("_"):
                continue
            module = importlib.import_module(f"{__name__}.{path.stem}")
            _legacy_messages.update(getattr(module, "MESSAGES", {}) or {})
            if isinstance(getattr(module, "DISCLAIMER", None), dict):
                _legacy_messages.setdefault("disclaimer", module.DISCLAIMER)
    return _legacy_messages


def command_prefix() -> str:
    """How a command MyLife suggests starts (:func:`mylife_core.shell.command_prefix`) for the
    workspace the command line names (:func:`use_workspace`), else ``MYLIFE_HOME``'s or the
    default one's: ``mylife``, or ``mylife -w PATH``."""
    from ..shell import command_prefix as prefix
    from ..workspace import resolve_root

    try:
        return prefix(resolve_root(_workspace))
    except (RuntimeError, OSError, ValueError):  # ~user unknown, a path the OS refuses: as typed
        from ..shell import word

        return f"mylife -w {word(_workspace)}" if _workspace else "mylife"


def _with_prog(text: str, params: dict[str, object]) -> dict[str, object]:
    """``params``, with ``prog`` (:func:`command_prefix`) when ``text`` suggests a command as
    ``{prog} ...`` and the caller gave none: every suggested command, pasted, acts on the
    workspace the output came from."""
    if "{prog}" in text and "prog" not in params:
        return {**params, "prog": command_prefix()}
    return params


def t(key: str, /, **params: object) -> str:
    """The message ``key`` in the current language, formatted with ``params`` (and ``prog``,
    see :func:`_with_prog`). A count of one (``n=1``) takes ``key.one`` when a catalog has it,
    so English says "1 hit", not "1 hits" (Chinese has one form: its ``.one`` text is the same)."""
    if params.get("n") == 1 and f"{key}.one" in M:
        key = f"{key}.one"
    text = CORE.lookup(key)
    if text is None:
        entry = _legacy().get(key)
        if entry is None:
            raise KeyError(f"no message {key!r}")
        text = entry.get(language()) or entry["zh"]
    params = _with_prog(text, params)
    return text.format(**params) if params else text


def code_name(kind: str, code: str) -> str:
    """The user-facing name of a code the record stores: an audit ``action`` (``claim.accept``)
    or the ``source`` of a note, claim or profile value (``user_raw``), from the catalog key
    ``audit.<kind>.<code>``; a code no catalog names (a plugin's own action) is shown as it is.
    The one way the CLI and the panel name them (``--json`` keeps the codes)."""
    key = f"audit.{kind}.{code}"
    return t(key) if key in M else code


def actor_name(actor: str) -> str:
    """Who made a change, by name in the current language, as the audit log, notes and claims
    record it: ``user``, ``model``, ``system``, ``model via MCP``, ``model, confirmed by user``,
    ``plugin:<name>``; one no catalog names is shown as it is (``--json`` keeps the codes)."""
    if actor.startswith("plugin:"):
        return t("audit.actor.plugin", name=actor.split(":", 1)[1])
    key = "audit.actor." + "_".join("".join(ch if "a" <= ch <= "z" else " " for ch in actor.lower()).split())
    return t(key) if key in M else actor


def join(items, kind: str = "list") -> str:
    """Join ``items`` with the current language's separator: ``list`` (、 / ", "), ``clause``
    (， / ", ") or ``semi`` (； / "; "), so English output never carries full-width punctuation."""
    return t(f"sep.{kind}").join(str(i) for i in items)


def disclaimer() -> str:
    """The disclaimer (docs/design.md#disclaimer): heads the README and ends every decision output."""
    return t("disclaimer")


def disclaimer_lines(*, model_used: bool) -> list[str]:
    """The lines that end a decision output: the disclaimer, word for word, preceded, when no
    model wrote any of it (offline ``ask``, ``staleness``, ``competing`` read by the rules), by a
    line saying so, since the disclaimer's own text speaks of a model's output."""
    return [disclaimer()] if model_used else [t("disclaimer.no_model"), disclaimer()]


class _Messages(Mapping):
    """``M``: every key with its texts, ``{"zh": ..., "en": ...}`` (``key in M`` is cheap)."""

    def __contains__(self, key: object) -> bool:
        return key in CORE or key in _legacy()

    def __getitem__(self, key: str) -> dict[str, str]:
        if key not in self:
            raise KeyError(key)
        return {lang: CORE.lookup(key, lang) or _legacy()[key].get(lang) or _legacy()[key]["zh"] for lang in LANGUAGES}

    def __iter__(self) -> Iterator[str]:
        zh = CORE.translations("zh")
        return iter(sorted(set(zh.keys() if zh is not None else []) | set(_legacy())))

    def __len__(self) -> int:
        return sum(1 for _ in self)


M: Mapping[str, dict[str, str]] = _Messages()


# --------------------------------------------------------------------------- click's own strings

CLICK = Catalog("click", LOCALEDIR)


def click_gettext(message: str) -> str:
    """click's ``_()``: its English source text in the current language."""
    translations = CLICK.translations(language()) if language() != "en" else None
    return translations.gettext(message) if translations is not None else message


def click_ngettext(singular: str, plural: str, n: int) -> str:
    translations = CLICK.translations(language()) if language() != "en" else None
    if translations is None:
        return singular if n == 1 else plural
    return translations.ngettext(singular, plural, n)


def install_click_translations() -> None:
    """Route click's own strings ("Usage:", "Options:", "Show this message and exit.", "[required]",
    "[default: ...]", its error messages) through MyLife's ``click`` catalog.

    click marks them with ``gettext`` and looks them up in the process-wide gettext domain,
    whose language comes from ``LANGUAGE``/``LANG``; MyLife's language comes from
    ``MYLIFE_LANG`` or the workspace instead, and changing the environment would also change
    the language of every program MyLife runs (git). So each click module's ``_``/``ngettext``
    is pointed at the functions above, which follow :func:`language`.
    """
    import importlib

    for name in ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils",
                 "shell_completion", "_termui_impl"):
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # pragma: no cover - a click without that module
            continue
        if hasattr(module, "_"):
            module._ = click_gettext
        if hasattr(module, "ngettext"):
            module.ngettext = click_ngettext

"""Fold the hand-written ``MESSAGES`` dict modules into the gettext catalogs; safe to re-run.

    python -m mylife_core.messages.convert            # fold, write catalogs, compile, delete modules
    python -m mylife_core.messages.convert --check    # exit 1 if a dict module is still there

Every ``mylife_core/messages/<area>.py`` that defines ``MESSAGES = {key: {"zh": ..., "en": ...}}``
(and ``core.py``'s ``DISCLAIMER``, which becomes the key ``disclaimer``) is read, its keys are
merged into ``locale/zh_CN/LC_MESSAGES/mylife.po`` and ``locale/en/LC_MESSAGES/mylife.po``,
the template ``locale/mylife.pot`` is regenerated, the ``.mo`` files are compiled, and the module
is deleted. A module with other public names is folded but kept, and named in the report.

Merging is three-way, so branches that kept adding to the dict modules can be merged in any
order: ``locale/dict-baseline.json`` remembers the text each key had in the dicts when it was
last folded. A new key is added; a key whose dict text differs from that baseline was edited on
the branch and its dict text wins; otherwise the catalog's text (perhaps fixed by a translator
since) is kept. Running it twice changes nothing the second time.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

try:  # run as ``python -m mylife_core.messages.convert`` or loaded by path
    from . import catalogs
except ImportError:  # pragma: no cover
    import catalogs  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
TOOLS = {"__init__", "catalogs", "convert"}
LANGS = catalogs.LOCALES  # {"zh": "zh_CN", "en": "en"}


@dataclass
class Report:
    modules: list[str] = field(default_factory=list)
    kept_modules: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    written: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        if not self.modules:
            return ["no MESSAGES dict modules left; catalogs " + ("updated" if self.written else "unchanged")]
        out = [f"folded {len(self.modules)} modules ({', '.join(self.modules)}): "
               f"{len(self.added)} keys added, {len(self.updated)} updated, {self.unchanged} unchanged"]
        out += [f"  updated: {key}" for key in self.updated]
        out += [f"  kept {m}: it defines more than MESSAGES; move the rest and delete it by hand" for m in self.kept_modules]
        out += [f"  wrote {w}" for w in self.written]
        return out


def dict_modules(messages_dir: Path = HERE) -> list[Path]:
    return sorted(p for p in Path(messages_dir).glob("*.py") if p.stem not in TOOLS and not p.stem.startswith("_"))


def _load(path: Path) -> tuple[dict[str, dict[str, str]], bool]:
    """The module's messages (``DISCLAIMER`` as ``disclaimer``) and whether it defines anything else."""
    spec = importlib.util.spec_from_file_location(f"_mylife_messages_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    found = dict(getattr(module, "MESSAGES", {}) or {})
    if isinstance(getattr(module, "DISCLAIMER", None), dict):
        found.setdefault("disclaimer", module.DISCLAIMER)
    public = {n for n in vars(module) if not n.startswith("_") and n not in ("MESSAGES", "DISCLAIMER", "annotations")}
    public -= {n for n, v in vars(module).items() if type(v).__name__ == "module"}
    return found, bool(public)


def _new_catalog(locale: str | None):
    from babel.messages.catalog import Catalog

    return Catalog(locale=locale, domain=catalogs.DOMAIN, project="MyLife", version="",
                   copyright_holder="MyLife contributors", msgid_bugs_address="", fuzzy=False,
                   header_comment="# MyLife's messages. Message ids are stable keys; texts use {name} "
                                  "placeholders.\n# Edit translations here; new keys may also come from "
                                  "`python -m mylife_core.messages.convert`.")


def _open(localedir: Path, locale: str):
    path = catalogs.po_path(localedir, locale, catalogs.DOMAIN)
    return catalogs.read(path, locale=locale, domain=catalogs.DOMAIN) if path.exists() else _new_catalog(locale)


def _flags(*texts: str) -> set[str]:
    return {"python-brace-format"} if any(catalogs.placeholders(t) for t in texts) else set()


def convert(messages_dir: Path = HERE, localedir: Path = catalogs.LOCALEDIR, *, remove: bool = True) -> Report:
    report = Report()
    localedir = Path(localedir)
    baseline_path = localedir / "dict-baseline.json"
    baseline: dict[str, dict[str, str]] = (json.loads(baseline_path.read_text(encoding="utf-8"))
                                           if baseline_path.exists() else {})
    cats = {lang: _open(localedir, locale) for lang, locale in LANGS.items()}
    folded: dict[str, tuple[str, dict[str, str]]] = {}
    modules = dict_modules(messages_dir)
    for path in modules:
        entries, other = _load(path)
        for key, entry in entries.items():
            if key in folded:
                raise SystemExit(f"duplicate message key {key!r} in {path.stem} and {folded[key][0]}")
            folded[key] = (path.stem, entry)
        report.modules.append(path.stem)
        if other:
            report.kept_modules.append(path.stem)
    for key, (area, entry) in sorted(folded.items()):
        changed = added = False
        for lang, catalog in cats.items():
            text = entry.get(lang)
            fuzzy = False
            if not text:  # the old dicts fell back to Chinese: keep that visible as a fuzzy entry
                text, fuzzy = entry.get("zh", ""), True
            current = catalog.get(key)
            base = baseline.get(key, {}).get(lang)
            if current is None:
                catalog.add(key, text, auto_comments=[f"area: {area}"], flags=_flags(text) | ({"fuzzy"} if fuzzy else set()))
                added = True
            elif current.string != text and text != base:
                current.string = text
                current.flags = set(_flags(text)) | ({"fuzzy"} if fuzzy else set())
                changed = True
        baseline[key] = {lang: entry.get(lang) or entry.get("zh", "") for lang in LANGS}
        if added:
            report.added.append(key)
        elif changed:
            report.updated.append(key)
        else:
            report.unchanged += 1
    for lang, catalog in cats.items():
        for message in catalog:
            if message.id and message.string:
                message.flags = (set(message.flags) - {"python-brace-format"}) | _flags(message.string)
        if catalogs.write(catalog, catalogs.po_path(localedir, LANGS[lang], catalogs.DOMAIN)):
            report.written.append(str(catalogs.po_path(localedir, LANGS[lang], catalogs.DOMAIN)))
    template = _new_catalog(None)
    zh = cats["zh"]
    for message in zh:
        if message.id:
            template.add(message.id, "", auto_comments=message.auto_comments, flags=set(message.flags) - {"fuzzy"})
    if catalogs.write(template, localedir / f"{catalogs.DOMAIN}.pot"):
        report.written.append(str(localedir / f"{catalogs.DOMAIN}.pot"))
    if folded:
        data = (json.dumps(dict(sorted(baseline.items())), ensure_ascii=False, indent=1) + "\n").encode("utf-8")
        if catalogs._write_bytes(baseline_path, data):
            report.written.append(str(baseline_path))
    report.written += [str(p) for p in catalogs.compile_dir(localedir)]
    if remove:
        for path in modules:
            if path.stem not in report.kept_modules:
                path.unlink()
    return report


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--check" in args:
        left = dict_modules()
        for path in left:
            print(f"{path}: a MESSAGES dict module; run python -m mylife_core.messages.convert")
        return 1 if left else 0
    for line in convert().lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

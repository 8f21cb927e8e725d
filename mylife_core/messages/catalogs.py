"""Tools for MyLife's gettext catalogs, built on Babel: compile ``.po`` to ``.mo``, check them.

Layout (``mylife_core/locale/``, a plugin has the same under its own package)::

    mylife.pot                          the template: every message key (msgid), for new languages
    zh_CN/LC_MESSAGES/mylife.po         Chinese (the default language); msgid = the key
    en/LC_MESSAGES/mylife.po            English
    zh_CN/LC_MESSAGES/click.po          click's own strings ("Usage:", "Options:", ...) in Chinese
    */LC_MESSAGES/*.mo                  compiled: by the build (wheel, editable install), by
                                        scripts/test, or by ``compile`` below; never committed

Message ids are stable keys (``error.bad_file``); texts use ``str.format`` placeholders
(``{path}``), marked ``python-brace-format`` so translators' tools check them.

    python -m mylife_core.messages.catalogs compile [LOCALEDIR]   # .po -> .mo where stale
    python -m mylife_core.messages.catalogs check [LOCALEDIR]     # what is missing or stale
    python -m mylife_core.messages.catalogs update-click          # add click's new strings to click.po

This module needs only the standard library and Babel (the build backend loads it by path,
before MyLife's own dependencies are installed).
"""

from __future__ import annotations

import io
import os
import re
import string
import sys
import tempfile
from pathlib import Path
from typing import Any

LOCALES = {"zh": "zh_CN", "en": "en"}
REQUIRED = ("zh_CN", "en")
HERE = Path(__file__).resolve().parent
LOCALEDIR = HERE.parent / "locale"
DOMAIN = "mylife"


def po_path(localedir: Path, locale: str, domain: str) -> Path:
    return Path(localedir) / locale / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, locale: str | None = None, domain: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with open(path, "rb") as fh:
        return read_po(fh, locale=locale, domain=domain, abort_invalid=True)


def write(catalog: Any, path: Path, *, sort: bool = True) -> bool:
    """Write ``catalog`` as a ``.po``/``.pot`` file (atomically); False when nothing changed."""
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=sort, omit_header=False, include_lineno=False)
    data = _stable(buf.getvalue())
    return _write_bytes(Path(path), data)


def _stable(data: bytes) -> bytes:
    """Drop the header lines Babel stamps with the current time, so re-runs change nothing."""
    lines = [line for line in data.split(b"\n") if not line.startswith(b'"POT-Creation-Date:')
             and not line.startswith(b'"PO-Revision-Date:') and not line.startswith(b'"Generated-By:')]
    return b"\n".join(lines)


def _write_bytes(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes Babel compiles from ``po`` (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo

    from datetime import datetime, timezone

    catalog = read(po, locale=po.parent.parent.name, domain=po.stem)
    # the .po files carry no dates (see _stable); fix the ones Babel would stamp with "now"
    catalog.creation_date = catalog.revision_date = datetime(2026, 1, 1, tzinfo=timezone.utc)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_po(po: Path) -> bool:
    """Compile one ``.po`` beside itself; False when the ``.mo`` was already current.

    A ``.mo`` whose bytes are already right but which is older than its ``.po`` (the ``.po`` was
    rewritten with the same messages, or checked out later) is touched: the runtime compares the
    two files' times, and would otherwise compile the catalog again at every start (about 80 ms)."""
    mo = po.with_suffix(".mo")
    written = _write_bytes(mo, compiled(po))
    if not written and mo.stat().st_mtime_ns < po.stat().st_mtime_ns:
        os.utime(mo)
    return written


def compile_dir(localedir: Path = LOCALEDIR) -> list[Path]:
    """Compile every ``*/LC_MESSAGES/*.po`` under ``localedir`` whose ``.mo`` differs."""
    return [po.with_suffix(".mo") for po in sorted(Path(localedir).glob("*/LC_MESSAGES/*.po")) if compile_po(po)]


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a text (literal braces, as in a JSON example, are not fields)."""
    try:
        names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return set()
    return {n for n in names if re.match(r"^[A-Za-z_]\w*(\.\w+|\[\w+\])*$", n)}


def problems(localedir: Path = LOCALEDIR, domain: str = DOMAIN, required: tuple[str, ...] = REQUIRED) -> list[str]:
    """Everything wrong with ``domain``'s catalogs: a key without a translation (or fuzzy) in a
    required language, placeholders that differ between languages, a ``.mo`` not compiled from
    the current ``.po``, a template (``.pot``) that lacks keys."""
    out: list[str] = []
    catalogs = {}
    for locale in required:
        path = po_path(localedir, locale, domain)
        if not path.exists():
            out.append(f"{path}: missing")
            continue
        catalogs[locale] = read(path, locale=locale, domain=domain)
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(path):
            out.append(f"{mo}: not compiled from the current {path.name} (run: python -m mylife_core.messages.catalogs compile {localedir})")
    keys = sorted({m.id for c in catalogs.values() for m in c if m.id}, key=_first)
    for key in keys:
        texts = {}
        source = placeholders(" ".join(key) if isinstance(key, tuple) else key)
        for locale, catalog in catalogs.items():
            message = catalog.get(_first(key))
            string = message.string if message is not None else None
            if not string or (isinstance(string, tuple) and not all(string)):
                out.append(f"{domain}/{locale}: no translation for {_first(key)!r}")
            elif message.fuzzy:
                out.append(f"{domain}/{locale}: translation of {_first(key)!r} is marked fuzzy")
            else:
                texts[locale] = " ".join(string) if isinstance(string, tuple) else string
                if source and not placeholders(texts[locale]) <= source:
                    out.append(f"{domain}/{locale}: {_first(key)!r} uses placeholders its source lacks: "
                               f"{sorted(placeholders(texts[locale]) - source)}")
        if not source and len({frozenset(placeholders(t)) for t in texts.values()}) > 1:
            out.append(f"{domain}: placeholders of {key!r} differ: "
                       + ", ".join(f"{loc} {sorted(placeholders(t))}" for loc, t in texts.items()))
    pot = Path(localedir) / f"{domain}.pot"
    if pot.exists():
        template = {_first(m.id) for m in read(pot, domain=domain) if m.id}
        missing = {_first(k) for k in keys} - template
        if missing:
            out.append(f"{pot}: lacks {len(missing)} keys, e.g. {sorted(missing)[:3]} (run: python -m mylife_core.messages.convert)")
    return out


def click_messages() -> list[Any]:
    """Every string the installed click marks for translation (Babel's extractor over its source),
    plus ``required``, which click passes to ``_()`` through a variable."""
    import click
    from babel.messages.extract import extract_from_dir

    found: dict[Any, None] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
            os.path.dirname(click.__file__), keywords={"_": None, "ngettext": (1, 2)}, comment_tags=()):
        found.setdefault(message, None)
    found.setdefault("required", None)
    return list(found)


def update_click(localedir: Path = LOCALEDIR) -> list[str]:
    """Add to ``zh_CN/LC_MESSAGES/click.po`` every click string it lacks (untranslated, for a
    translator to fill in); returns their ids."""
    from babel.messages.catalog import Catalog

    path = po_path(localedir, "zh_CN", "click")
    catalog = read(path, locale="zh_CN", domain="click") if path.exists() else Catalog(
        locale="zh_CN", domain="click", project="MyLife (click's strings)", fuzzy=False)
    added = []
    for message in click_messages():
        key = message[0] if isinstance(message, tuple) else message
        if catalog.get(key) is None:
            catalog.add(message, ("",) if isinstance(message, tuple) else "")
            added.append(key)
    write(catalog, path)
    return added


def _first(msgid: Any) -> str:
    return msgid[0] if isinstance(msgid, tuple) else msgid


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["update-click"]:
        for key in update_click():
            print(f"added {key!r} to click.po: translate it")
        return 0
    if not args or args[0] not in ("compile", "check"):
        print(__doc__.split("\n\n")[3] if __doc__ else "", file=sys.stderr)
        return 2
    localedir = Path(args[1]) if len(args) > 1 else LOCALEDIR
    if args[0] == "compile":
        for mo in compile_dir(localedir):
            print(f"compiled {mo}")
        return 0
    domains = sorted({p.stem for p in localedir.glob("*/LC_MESSAGES/*.po")})
    found = [p for d in domains for p in problems(localedir, d, REQUIRED if d != "click" else ("zh_CN",))]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

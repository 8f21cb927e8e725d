"""Strings through gettext: every message translated in zh_CN and en, the compiled catalogs
current, every key the code uses present, click's own strings in Chinese, a plugin's own catalog,
and the converter that folds MESSAGES dict modules into the catalogs (three-way, idempotent)."""

from __future__ import annotations

import ast
import shutil
import textwrap
from pathlib import Path

import pytest

from mylife_core import errors
from mylife_core.messages import LOCALEDIR, Catalog, catalogs, convert, set_language, t

ROOT = Path(__file__).resolve().parent.parent


def test_every_message_has_a_translation_in_zh_cn_and_en():
    assert catalogs.problems(LOCALEDIR, "mylife") == []


def test_compiled_catalogs_are_current():
    for po in sorted(LOCALEDIR.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        assert mo.exists() and mo.read_bytes() == catalogs.compiled(po), \
            f"{mo} is stale: python -m mylife_core.messages.catalogs compile"


def test_a_catalog_rewritten_with_the_same_messages_is_not_compiled_at_every_start(tmp_path):
    import os

    po = tmp_path / "zh_CN" / "LC_MESSAGES" / "mylife.po"
    po.parent.mkdir(parents=True)
    shutil.copy(catalogs.po_path(LOCALEDIR, "zh_CN", "mylife"), po)
    mo = po.with_suffix(".mo")
    assert catalogs.compile_po(po) is True and mo.exists()
    old = mo.stat().st_mtime_ns - 10**9
    os.utime(mo, ns=(old, old))  # the .po is now newer, though its messages are the same
    assert catalogs.compile_po(po) is False  # nothing to write ...
    assert mo.stat().st_mtime_ns >= po.stat().st_mtime_ns  # ... but the .mo is current again
    before = mo.stat().st_mtime_ns
    assert Catalog("mylife", tmp_path).translations("zh_CN") is not None
    assert mo.stat().st_mtime_ns == before  # opening it did not compile it again


def test_no_hand_written_message_dicts_remain():
    assert convert.dict_modules() == [], "run: python -m mylife_core.messages.convert"


def _keys_used_in_code() -> dict[str, str]:
    """``{key: where}`` for ``t("literal")`` calls and errors raised with a literal key."""
    error_classes = {name for name, obj in vars(errors).items()
                     if isinstance(obj, type) and issubclass(obj, errors.MyLifeError) and name != "DataFileError"}
    used: dict[str, str] = {}
    for base in (ROOT / "mylife_core", ROOT / "plugins"):
        for path in base.rglob("*.py"):
            if "build" in path.parts or "node_modules" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                        and isinstance(node.args[0].value, str)):
                    continue
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if name == "t":
                    used[node.args[0].value] = f"{path.relative_to(ROOT)}:{node.lineno}"
                elif name in error_classes:
                    used["error." + node.args[0].value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return used


def test_every_key_the_code_uses_exists():
    zh = catalogs.read(catalogs.po_path(LOCALEDIR, "zh_CN", "mylife"))
    known = {m.id for m in zh if m.id}
    missing = {key: where for key, where in _keys_used_in_code().items() if key not in known}
    assert missing == {}


def test_languages_switch_and_fall_back():
    set_language("en")
    assert t("plugins.none") == "No plugins loaded."
    assert t("error.plugin_failed", plugin="p", hook="on_change", reason="x") == 'Plugin "p" failed in on_change: x'
    set_language("zh")
    assert t("plugins.none") == "没有加载任何插件。"
    assert "仅供参考" in t("disclaimer")
    with pytest.raises(KeyError):
        t("no.such.key")


def test_click_strings_are_translated_in_chinese(cli):
    po = catalogs.read(catalogs.po_path(LOCALEDIR, "zh_CN", "click"))
    translated = {(m.id[0] if isinstance(m.id, tuple) else m.id) for m in po if m.id and m.string
                  and (all(m.string) if isinstance(m.string, tuple) else True)}
    wanted = {(m[0] if isinstance(m, tuple) else m) for m in catalogs.click_messages()}
    assert wanted - translated == set(), "python -m mylife_core.messages.catalogs update-click, then translate"
    assert catalogs.problems(LOCALEDIR, "click", ("zh_CN",)) == []
    main = cli("--help").stdout
    assert main.startswith("用法： mylife [OPTIONS] COMMAND [ARGS]...")
    assert "\n选项:\n" in main and "显示此帮助并退出。" in main and "显示版本并退出。" in main and "\n命令:\n" in main
    for word in ("Usage:", "Options:", "Show this message and exit.", "Commands:"):
        assert word not in main
    claim = cli("claim", "add", "--help").stdout
    assert "[必填]" in claim and "[默认：fact]" in claim and "[required]" not in claim
    wrong = cli("claim", "list", "--limit", "many")
    assert wrong.returncode == 2 and "不是有效的数值" in wrong.stderr
    english = cli("--help", env={"MYLIFE_LANG": "en"}).stdout
    assert english.startswith("Usage: mylife") and "Show this message and exit." in english


def test_a_plugin_ships_its_own_catalog(tmp_path):
    locale = tmp_path / "locale"
    for lang, text in (("zh_CN", "你好，{name}！"), ("en", "Hello, {name}!")):
        po = catalogs.po_path(locale, lang, "mylife_guitar")
        po.parent.mkdir(parents=True)
        po.write_text(textwrap.dedent(f'''\
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=utf-8\\n"

            #, python-brace-format
            msgid "guitar.hello"
            msgstr "{text}"
            '''), encoding="utf-8")
    assert catalogs.problems(locale, "mylife_guitar")[0].endswith("(run: python -m mylife_core.messages.catalogs compile "
                                                                  f"{locale})")
    catalogs.compile_dir(locale)
    assert catalogs.problems(locale, "mylife_guitar") == []
    guitar = Catalog("mylife_guitar", locale)
    set_language("en")
    assert guitar.t("guitar.hello", name="Lin") == "Hello, Lin!"
    set_language("zh")
    assert guitar.t("guitar.hello", name="林晓") == "你好，林晓！" and "guitar.hello" in guitar
    en = catalogs.po_path(locale, "en", "mylife_guitar")
    en.write_text(en.read_text(encoding="utf-8").replace('msgstr "Hello, {name}!"', 'msgstr ""'), encoding="utf-8")
    assert any("en: no translation for 'guitar.hello'" in p for p in catalogs.problems(locale, "mylife_guitar"))


def test_converter_folds_dict_modules_three_way_and_is_idempotent(tmp_path):
    locale = tmp_path / "locale"
    shutil.copytree(LOCALEDIR, locale, ignore=shutil.ignore_patterns("*.mo"))
    messages = tmp_path / "messages"
    messages.mkdir()
    # since the last conversion a translator improved the English of plugins.none in the catalog
    en_po = catalogs.po_path(locale, "en", "mylife")
    en_po.write_text(en_po.read_text(encoding="utf-8").replace('"No plugins loaded."', '"No plugins are loaded."'),
                     encoding="utf-8")
    # a branch that still writes dict modules: one new key, one edited key, one untouched key
    (messages / "web.py").write_text(textwrap.dedent('''\
        MESSAGES = {
            "web.title": {"zh": "审阅面板", "en": "Review panel"},
            "plugins.builtin": {"zh": "内置插件", "en": "builtin plugin"},
            "plugins.none": {"zh": "没有加载任何插件。", "en": "No plugins loaded."},
        }
        '''), encoding="utf-8")
    report = convert.convert(messages, locale)
    assert report.added == ["web.title"] and report.updated == ["plugins.builtin"] and report.unchanged == 1
    assert not (messages / "web.py").exists()
    zh = Catalog("mylife", locale)
    set_language("en")
    assert zh.t("web.title") == "Review panel" and zh.t("plugins.builtin") == "builtin plugin"
    assert zh.t("plugins.none") == "No plugins are loaded."  # the translator's fix is kept
    assert catalogs.problems(locale, "mylife") == []
    before = {p: p.read_bytes() for p in locale.rglob("*") if p.is_file()}
    again = convert.convert(messages, locale)
    assert again.modules == [] and again.written == []
    assert {p: p.read_bytes() for p in locale.rglob("*") if p.is_file()} == before


def test_a_language_mylife_does_not_speak_is_said_not_silently_ignored(cli):
    cli("init")
    r = cli("status", env={"MYLIFE_LANG": "fr"})
    assert r.returncode == 0 and "MYLIFE_LANG=fr 不是 MyLife 支持的语言（zh, en）" in r.stderr
    assert "MyLife 工作区" in r.stdout  # the default language is used
    assert "MYLIFE_LANG" not in cli("status", env={"MYLIFE_LANG": "en"}).stderr
    assert cli("status", "--json", env={"MYLIFE_LANG": "fr"}).json()["ok"] is True  # stdout stays JSON

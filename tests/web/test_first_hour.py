"""The panel as a demanding user meets it on the first day (issue s25c): a workspace with a bad
file on disk, no notes yet, a long note, both languages. Route tests with Starlette's TestClient
on a copy of the demo workspace (tests/web/conftest.py); the browser's side is in test_browser.py.
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

from .conftest import Panel


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def text_of(html: str) -> str:
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


def nav_of(html: str) -> str:
    found = re.search(r"<nav[^>]*>(.*?)</nav>", html, re.S)
    return found.group(1) if found else ""


def test_a_bad_file_leaves_the_navigation_to_the_pages_that_still_work(panel, demo: Path):
    """A profile.yaml that cannot be parsed failed the start page with an error page that had no
    navigation bar and one link, 回到首页: the start page that had just failed. Every page that
    still worked (review, evidence, notes) could be reached only by typing its address."""
    with (demo / "profile.yaml").open("a", encoding="utf-8") as fh:
        fh.write("fields: [\n")
    home = panel.get("/")
    assert home.status_code == 500 and "profile.yaml:" in home.text  # file:line, as the CLI says it
    assert all(f'href="{p}"' in nav_of(home.text) for p in ("/review", "/claims", "/raw", "/search"))
    assert "回到首页" not in home.text  # not the page that just failed
    assert panel.get("/review").status_code == 200 and panel.get("/claims").status_code == 200
    field = panel.get("/profile")
    assert field.status_code == 500 and 'href="/review"' in nav_of(field.text) and "回到首页" in field.text
    assert 'aria-current="page"' not in nav_of(field.text)
    missing = panel.get("/no/such/page")
    assert missing.status_code == 404 and 'href="/claims"' in nav_of(missing.text)


def _chain(root: Path) -> str:
    from mylife_core import clock
    from mylife_core.layers.index import Chain, ChainLink, Conclusion

    with open_ws(root) as ws:
        claim = ws.claims.query(topic="职业去留", status="active")[0]
        return ws.index.add_chain(Chain(
            id="", question="我该不该跳槽？", asked_at=clock.now(), topic="职业去留", mode="offline",
            conclusions=[Conclusion(text="「想跳槽」还成立吗？", claim_ids=[claim.id], role="premise_to_retire"),
                         Conclusion(text=claim.claim, claim_ids=[claim.id], role="competing")],
            links=[ChainLink(claim_id=claim.id, provenance=claim.provenance, excerpt_hash=claim.excerpt_hash)]),
            actor="user").id


def test_chain_pages_name_each_conclusion_and_the_mode_in_the_pages_language(demo: Path, monkeypatch):
    """A chain's page labelled its conclusions with the code's names (premise_to_retire, competing,
    statement) and its mode as 'offline', in the Chinese pages too."""
    chain = _chain(demo)
    for lang, words in (("zh", ["待作废的旧前提", "反证", "离线（未调用模型）"]),
                        ("en", ["premise to retire", "counter-evidence", "offline (no model)"])):
        monkeypatch.setenv("MYLIFE_LANG", lang)
        p = Panel(demo)
        try:
            page = text_of(p.get(f"/chains/{chain}").text)
            listed = text_of(p.get("/chains").text)
        finally:
            p.close()
        assert all(w in page for w in words), (lang, page[:1500])
        assert "premise_to_retire" not in page and " competing " not in page
        assert words[-1] in listed and " offline " not in listed.replace(words[-1], "")


def test_settings_say_the_language_in_effect_and_yes_or_no(demo: Path, monkeypatch):
    """The settings page said 'Language zh' on a page shown in English (MYLIFE_LANG=en wins over
    config.yaml) and 'Digests keep original and revision True' (Python's word)."""
    def settings(lang: str) -> str:
        monkeypatch.setenv("MYLIFE_LANG", lang)
        p = Panel(demo)
        try:
            return text_of(p.get("/settings").text)
        finally:
            p.close()

    page = settings("en")
    assert "English (set by MYLIFE_LANG; config.yaml says zh)" in page
    assert "True" not in page and "False" not in page
    page = settings("zh")
    assert re.search(r"语言\s+中文\s", page) and "MYLIFE_LANG" not in page
    assert re.search(r"摘要保留原稿与修订|原稿", page) and "True" not in page


def test_a_field_that_never_expires_says_so_once(panel, demo: Path):
    with open_ws(demo) as ws:
        never = next(n for n, f in ws.profile.fields().items() if f.ttl_days is None)
    row = next(r for r in re.findall(r"<tr id=.*?</tr>", panel.get("/profile").text, re.S) if f">{never}<" in r)
    assert text_of(row).count("不过期") == 1, text_of(row)  # 永不过期, not 永不过期 不过期


def test_a_workspace_with_no_notes_says_so_and_where_to_write_the_first(tmp_path: Path):
    """With no notes yet the notes page showed "共 0 条", an empty table's headings and "第 1 页"."""
    ws, _ = Workspace.init(tmp_path / "ws", plugins=plugin_host())
    ws.close()
    p = Panel(tmp_path / "ws")
    try:
        raw = p.get("/raw").text
        home = p.get("/").text
        filtered = p.get("/raw?topic=career").text
        claims = text_of(p.get("/claims").text)
        kinds = text_of(p.get("/claims?kind=fact").text)
    finally:
        p.close()
    main = raw.split('<main', 1)[1]
    assert "还没有记录：用上面的表单写下第一条。" in main and "<table" not in main and "第 1 页" not in main
    assert "没有符合条件的记录。" in filtered
    assert 'href="/raw"' in home.split('id="h-topics"', 1)[1].split("</section>", 1)[0]
    assert "没有符合条件的证据。 添加一条：`mylife " in claims and "claim add" in claims  # as `claim list` says it
    assert "没有符合条件的证据。" in kinds and "添加一条" not in kinds


def test_a_claim_on_a_long_note_shows_its_lines_in_sight(panel, demo: Path):
    """A claim citing line 300 of a 400-line note showed the whole note on its page, the cited
    lines some 10,000 pixels down. It shows them with five lines either side, the rest counted,
    and a link to the whole note at those lines."""
    lines = [f"第{i}行：今天又加班到很晚。" for i in range(1, 401)]
    with open_ws(demo) as ws:
        rec = ws.raw.record(("\n".join(lines) + "\n").encode("utf-8"), topic="career")
        claim, _ = ws.claims.add(claim="加班到很晚", topic="职业去留", provenance=f"{rec.file}#L300-L301")
    page = panel.get(f"/claims/{claim.id}").text
    shown = re.findall(r'<li id="L(\d+)"', page)
    assert shown == [str(n) for n in range(295, 307)], shown
    assert '<li id="L300" value="300" class="hl">' in page
    text = text_of(page)
    assert "… 前面还有 294 行" in text and "… 后面还有 94 行" in text
    whole = f'href="/{rec.file}?lines=300-301#L300"'
    assert whole in page and panel.get(whole[6:-1]).status_code == 200
    full = panel.get(f"/{rec.file}").text  # the note's own page: every line
    assert len(re.findall(r'<li id="L', full)) == 400 and "前面还有" not in full


def test_each_recent_change_on_the_start_page_leads_to_what_it_changed(panel, demo: Path):
    """The recent changes linked a claim and a note, but not the chain an answer recorded, the
    digest revised or the profile field set: the demo's first rows (index.chain, digest.revise)
    were plain text."""
    from urllib.parse import quote

    chain = _chain(demo)
    with open_ws(demo) as ws:
        field = sorted(ws.profile.fields())[0]
        ws.profile.confirm(field, actor="user")
    rows = panel.get("/").text.split('<table class="audit">', 1)[1].split("</table>", 1)[0]
    assert f'<a href="/chains/{chain}">{chain}</a>' in rows
    assert f'href="/profile/{quote(field, safe="")}"' in rows
    assert f'href="/digests/{quote("职业去留", safe="")}"' in rows
    assert panel.get(f"/profile/{quote(field, safe='')}").status_code == 200

"""End-to-end: ``mylife serve`` in a subprocess, Debian's chromium driven by Playwright.

Each test opens the printed URL (token -> cookie), works the pages as a person would, then
checks the workspace's files and audit log through the library. Screenshots of every page land
in ``tests/web/artifacts/`` (git-ignored). A console error (a CSP violation included) fails.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

from .conftest import shot, wait_for


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def start(serve, page) -> str:
    info = serve()
    page.goto(info["url"])
    assert "token=" not in page.url  # exchanged for the cookie and dropped from the address bar
    return info["url"].split("/?")[0]


def no_errors(page) -> None:
    assert page.errors == [], page.errors


def test_accept_one_candidate_reject_another_see_files_and_audit_change(serve, page, demo: Path):
    base = start(serve, page)
    with open_ws(demo) as ws:
        first, second = ws.claims.query(status="candidate")[:2]
    shards = {p: p.read_text(encoding="utf-8") for p in (demo / "claims").glob("*.yaml")}
    page.goto(base + "/review")
    shot(page, "review")
    assert page.locator("article.card[data-claim]").count() == 2
    # keyboard: j focuses the first card, a accepts it (htmx swaps the card in place)
    page.keyboard.press("j")
    page.keyboard.press("a")
    page.locator(f"#card-{first.id} .done").wait_for()
    assert "已接受" in page.locator(f"#card-{first.id}").inner_text()
    # mouse: a reason, then reject
    card = page.locator(f"#card-{second.id}")
    card.locator("input.why").fill("这不是我的意思")
    card.locator("button.reject").click()
    page.locator(f"#card-{second.id} .done").wait_for()
    shot(page, "review-decided")
    with open_ws(demo) as ws:
        assert ws.claims.get(first.id).status == "active"
        assert ws.claims.get(second.id).status == "rejected"
        assert ws.claims.get(second.id).note == "这不是我的意思"
        tail = [(e.actor, e.action, e.target) for e in ws.audit.tail(2)]
    assert tail == [("user", "claim.accept", first.id), ("user", "claim.reject", second.id)]
    changed = [p for p, before in shards.items() if p.read_text(encoding="utf-8") != before]
    assert changed and any("这不是我的意思" in p.read_text(encoding="utf-8") for p in changed)
    page.reload()
    assert "没有等待确认的证据或推断" in page.content()
    page.goto(base + "/")
    recent = page.locator("table.audit").inner_text()
    # the actions by name, in the page's language (the code only in the cell's title)
    assert "接受依据" in recent and "拒绝依据" in recent and "你" in recent and "user" not in recent
    assert "claim.accept" not in recent and "claim.reject" not in recent
    assert page.locator("table.audit td[title='claim.accept']").count() >= 1
    no_errors(page)


def test_confirm_a_stale_field(serve, page, demo: Path):
    base = start(serve, page)
    with open_ws(demo) as ws:
        name = sorted(ws.profile.stale())[0]
        before = ws.profile.get(name)
    page.goto(base + "/profile")
    shot(page, "profile")
    row = page.locator("tr", has=page.locator(f"a:text-is('{name}')"))
    assert "已过期" in row.inner_text()
    row.locator("button.confirm").click()
    page.wait_for_url(base + "/profile")
    row = page.locator("tr", has=page.locator(f"a:text-is('{name}')"))
    assert "已过期" not in row.inner_text() and "有效" in row.inner_text()
    with open_ws(demo) as ws:
        after = ws.profile.get(name)
        entry = ws.audit.tail(1)[0]
    assert after.value == before.value and after.updated_at > before.updated_at and not after.is_stale()
    assert (entry.actor, entry.action, entry.target) == ("user", "profile.confirm", name)
    assert after.updated_at.date().isoformat() in (demo / "profile.yaml").read_text(encoding="utf-8")
    page.goto(base + "/profile/" + quote(name))
    shot(page, "field")
    no_errors(page)


def test_remove_a_field_by_ticking_the_box_without_javascript(serve, page, demo: Path):
    """s28panel: the field's page removes the field (as ``mylife profile unset``) once its box is
    ticked; pressed unticked, the browser keeps the form (the box is required) and nothing is
    removed. Without JavaScript, as every form of the panel works."""
    base = start(serve, page)
    with open_ws(demo) as ws:
        name = next(n for n, f in ws.profile.fields().items() if f.history)
        before = ws.profile.get(name)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        page.goto(base + "/profile/" + quote(name))
        page.locator("button#unset").click()  # not ticked: the browser asks for the box, sends nothing
        page.wait_for_timeout(300)
        assert page.url == base + "/profile/" + quote(name)
        with open_ws(demo) as ws:
            assert ws.profile.find(name) is not None
        page.locator("input[name=sure]").check()
        shot(page, "field-remove")
        with page.expect_navigation():
            page.locator("button#unset").click()
        assert page.url == base + "/profile"
        assert f"已删除档案字段「{name}」" in page.locator("#flash").inner_text()
        assert page.locator(f"a:text-is('{name}')").count() == 0
        shot(page, "field-removed")
    finally:
        cdp.send("Emulation.setScriptExecutionDisabled", {"value": False})
    with open_ws(demo) as ws:
        assert ws.profile.find(name) is None
        entry = ws.audit.tail(1)[0]
    assert (entry.actor, entry.action, entry.target) == ("user", "profile.unset", name)
    assert entry.detail["removed"] == before.model_dump(mode="json")
    no_errors(page)


def test_edit_a_digest_revision_and_see_both_versions(serve, page, demo: Path):
    base = start(serve, page)
    topic = "职业去留"
    original = (demo / "digest" / f"{topic}.ai.md").read_text(encoding="utf-8")
    page.goto(base + "/digests/" + quote(topic))
    shot(page, "digest")
    box = page.locator("textarea[name=body]")
    text = box.input_value()
    box.fill(text + "\n\n我补一句：真正想离开的是这种管理方式，不是这份工作。")
    page.locator("#save-revision").click()
    page.wait_for_url(re.compile(r".*/digests/.*"))
    in_force = page.locator("#in-force").inner_text()
    assert "真正想离开的是这种管理方式" in in_force
    assert "新增" in in_force  # the added paragraph is marked
    assert page.locator("#original").inner_text().strip()  # the model's original still beside it
    assert "真正想离开" not in page.locator("#original").inner_text()
    assert (demo / "digest" / f"{topic}.ai.md").read_text(encoding="utf-8") == original
    assert "真正想离开的是这种管理方式" in (demo / "digest" / f"{topic}.md").read_text(encoding="utf-8")
    with open_ws(demo) as ws:
        entry = ws.audit.tail(1)[0]
    assert (entry.actor, entry.action, entry.target) == ("user", "digest.revise", topic)
    shot(page, "digest-revised")
    no_errors(page)


def test_search_huan_gongzuo_finds_a_tiaocao_note(serve, page):
    base = start(serve, page)
    page.goto(base + "/")
    page.locator("form.quicksearch input[name=q]").fill("换工作")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/search\?q=.*"))
    hits = page.locator("ol.hits")
    hits.wait_for()
    assert "跳槽" in hits.inner_text()
    assert "跳槽" in " ".join(page.locator("ol.hits mark").all_inner_texts()) or "换工作" in page.content()
    assert page.locator("#search-summary").inner_text()
    shot(page, "search")
    no_errors(page)


def test_a_note_with_a_script_tag_renders_as_text(serve, page, demo: Path):
    base = start(serve, page)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(base + "/raw")
    page.locator("details.add summary").click()
    page.locator("form.record input[name=topic]").fill("测试")
    note = "今天看到一段代码 <script>alert(1)</script> 觉得很好笑"
    page.locator("form.record textarea[name=text]").fill(note)
    page.locator("#record").click()
    page.wait_for_url(re.compile(r".*/raw/.*\.md$"))
    assert note in page.locator("ol.lines").inner_text()
    shot(page, "raw-record-script")
    page.goto(base + "/search?q=" + quote("好笑"))
    assert "<script>alert(1)</script>" in page.locator("ol.hits").inner_text()
    assert dialogs == []
    with open_ws(demo) as ws:
        rec = ws.raw.records()[-1]
        assert ws.raw.read_bytes(rec.file) == note.encode("utf-8")
        assert ws.audit.tail(1)[0].actor == "user"
    no_errors(page)


def test_a_refused_note_comes_back_in_the_form_and_can_be_sent_again(serve, page, demo: Path):
    base = start(serve, page)
    page.goto(base + "/raw")
    with open_ws(demo) as ws:
        before = len(ws.raw.records())
    page.locator("details.add summary").click()
    page.locator("form.record input[name=topic]").fill("工作/生活")  # a topic with a slash is refused
    note = "\n今天和老板谈了很久。\n写了很长一段不想再打一遍的话。" * 5
    page.locator("form.record textarea[name=text]").fill(note)
    page.locator("#record").click()
    page.wait_for_load_state()
    form = page.locator("form.record")
    assert form.locator("[role=alert]").is_visible() and "工作/生活" in form.locator("[role=alert]").inner_text()
    assert form.locator("textarea[name=text]").input_value() == note  # every word, the first newline too
    shot(page, "raw-note-sent-back")
    with open_ws(demo) as ws:
        assert len(ws.raw.records()) == before  # nothing written
    form.locator("input[name=topic]").fill("工作与生活")
    page.locator("#record").click()
    page.wait_for_url(re.compile(r".*/raw/.*\.md$"))
    with open_ws(demo) as ws:
        rec = ws.raw.records()[-1]
        assert rec.topic == "工作与生活" and ws.raw.read_bytes(rec.file) == note.encode("utf-8")
    assert page.errors == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]


def test_every_page_in_the_browser_without_errors(serve, page, demo: Path):
    base = start(serve, page)
    with open_ws(demo) as ws:
        claim = ws.claims.query(topic="职业去留", status="active")[0]
        raw_file = ws.raw.records()[-1].file
    pages = {"home": "/", "claims": "/claims", "claims-topic": "/claims?topic=" + quote("职业去留"),
             "claim": f"/claims/{claim.id}", "digests": "/digests", "raw": "/raw", "raw-file": f"/{raw_file}",
             "ask": "/ask", "chains": "/chains", "branches": "/branches", "settings": "/settings"}
    for name, path in pages.items():
        response = page.goto(base + path)
        assert response is not None and response.status == 200, path
        for label in ("我现在的状态", "待确认", "档案", "证据", "摘要", "原话", "搜索", "提问", "反查链", "分支", "设置"):
            assert page.locator("header.top nav").get_by_text(label, exact=True).count() == 1
        shot(page, name)
    # the navigation bar reaches every page
    page.goto(base + "/")
    page.locator("header.top nav").get_by_text("设置", exact=True).click()
    page.wait_for_url(base + "/settings")
    no_errors(page)


def test_without_the_token_the_browser_gets_403(serve, page):
    info = serve()
    base = info["url"].split("/?")[0]
    response = page.goto(base + "/")
    assert response is not None and response.status == 403
    assert "mylife serve" in page.content()
    response = page.goto(base + "/?token=not-the-token")
    assert response is not None and response.status == 403
    shot(page, "refused")
    page.goto(info["url"])
    assert wait_for(lambda: "我现在的状态" in page.content())


def test_a_busy_index_note_is_shown_on_the_page_the_write_goes_to_not_taken_by_a_fragment(serve, page, demo: Path,
                                                                                          monkeypatch):
    """The note that the claims index was busy (ClaimsLayer.index_warnings) is kept for the next
    page; an htmx fragment rendered between the write and its redirect (another card decided in
    place, an error shown above the cards) took it and showed it nowhere, so the page the write
    went to said nothing. Only a full page takes it now; a card shows only what its own write said."""
    import sqlite3

    monkeypatch.setenv("MYLIFE_LOCK_TIMEOUT", "0.5")  # the server waits this long for the index
    base = start(serve, page)
    with open_ws(demo) as ws:
        first, second = ws.claims.query(status="candidate")[:2]
    page.goto(base + "/review")  # both cards, htmx ready; the index is open and current
    csrf = page.locator("form.decide input[name=csrf]").first.get_attribute("value")
    holder = sqlite3.connect(demo / "cache" / "claims.sqlite", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
        # a form sent without JavaScript (another tab): accepted, redirected to /review
        r = page.request.post(base + f"/claims/{first.id}/accept", form={"csrf": csrf, "next": "/review"},
                              max_redirects=0)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert r.status == 303 and r.headers["location"] == "/review", r.text()[:400]
    # before that redirect is followed, fragments in this tab: an error shown above the cards
    # (a dispute sent without its reason) ...
    page.locator(f"#card-{second.id} button.dispute").click()
    page.locator("#flash [role=alert]").wait_for()
    assert "cache/claims.sqlite" not in page.locator("#flash").inner_text()
    # ... and another card decided in place
    page.locator(f"#card-{second.id} button.accept").click()
    page.locator(f"#card-{second.id} .done").wait_for()
    assert "cache/claims.sqlite" not in page.locator(f"#card-{second.id}").inner_text()
    # the page the write went to says it, once
    page.goto(base + r.headers["location"])
    notice = page.locator("#flash").inner_text()
    assert "cache/claims.sqlite" in notice and "下一次读取" in notice, notice
    page.reload()
    assert "cache/claims.sqlite" not in page.locator("#flash").inner_text()
    with open_ws(demo) as ws:
        assert ws.claims.get(first.id).status == "active" and ws.claims.get(second.id).status == "active"


def test_a_very_long_unbroken_text_wraps_inside_the_page(serve, page, demo: Path):
    """A note holding a long link (or any long run without spaces) and a claim quoting it: the
    cards, the tables and the raw file wrapped nothing, so the review page grew ~6,000 px wide and
    its buttons moved off to the side. Every page now wraps such text within its width."""
    from mylife_core.tools import call_tool

    link = "https://example.com/" + "x" * 600
    with open_ws(demo) as ws:
        rec = ws.raw.record(f"看到一个链接 {link}\n".encode(), topic="职业去留", actor="user")
        out = call_tool(ws, "mylife_claim_add", {"claim": "收藏了链接 " + link, "kind": "fact", "topic": "职业去留",
                                                 "provenance": f"{rec.file}#L1"}, actor="model via MCP")
        assert out.ok, out.error
    claim_id = out.result["claim"]["id"]
    base = start(serve, page)
    for path in ("/review", "/claims", "/claims?topic=" + quote("职业去留"), f"/{rec.file}",
                 f"/claims/{claim_id}", "/search?q=" + quote("链接")):
        page.goto(base + path)
        assert link[:60] in page.content(), path
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (path, width)
    page.goto(base + "/review")
    button = page.locator(f"#card-{claim_id} button.accept").bounding_box()
    assert button is not None and button["x"] + button["width"] <= 1200
    no_errors(page)


def test_a_note_sent_again_while_the_workspace_is_busy_is_recorded_once(serve, page, demo: Path):
    """The CLI holds the workspace lock; the note's first Enter waits, the user presses Enter again:
    both sendings reached the panel and the note was recorded twice (raw/ is append-only, so for
    good). The second sending is now answered as the first and writes nothing."""
    import time

    base = start(serve, page)
    with open_ws(demo) as ws:
        before = len(ws.raw.records())
    page.goto(base + "/raw")
    page.locator("details.add summary").click()
    page.locator("form.record input[name=topic]").fill("职业去留")
    page.locator("form.record textarea[name=text]").fill("今天只记一次。")
    page.locator("#record").focus()
    with open_ws(demo) as ws, ws.lock():  # another writer, for a second
        page.keyboard.press("Enter")
        time.sleep(0.5)
        page.keyboard.press("Enter")
        time.sleep(0.5)
    page.wait_for_url(re.compile(r".*/raw/.*\.md$"))
    with open_ws(demo) as ws:
        records = ws.raw.records()
    assert len(records) == before + 1 and ws.raw.read_bytes(records[-1].file) == "今天只记一次。".encode()
    assert "今天只记一次。" in page.locator("ol.lines").inner_text()
    no_errors(page)


def test_without_javascript_enter_in_a_reason_box_disputes_and_never_accepts(serve, page, demo: Path):
    """Every page works without JavaScript. But a card's form had 接受 as its first button, so
    pressing Enter in the reason box (the natural way to send a reason) submitted it as 接受:
    the claim the user meant to dispute was accepted, with the reason dropped. On the review page
    and on a claim's page, Enter there now disputes with that reason, as panel.js does."""
    base = start(serve, page)
    with open_ws(demo) as ws:
        first, second = ws.claims.query(status="candidate")[:2]
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        for claim, path in ((first, "/review"), (second, f"/claims/{second.id}")):
            page.goto(base + path)
            box = page.locator(f"#card-{claim.id} input.why" if path == "/review" else "form.decide input.why")
            box.fill("这不是我的意思")
            with page.expect_navigation():
                box.press("Enter")
            with open_ws(demo) as ws:
                after = ws.claims.get(claim.id)
                entry = ws.audit.tail(1)[0]
            assert (after.status, after.note) == ("disputed", "这不是我的意思"), path
            assert (entry.actor, entry.action, entry.target) == ("user", "claim.dispute", claim.id)
    finally:
        cdp.send("Emulation.setScriptExecutionDisabled", {"value": False})


def test_the_first_tab_skips_the_navigation_bar(serve, page):
    """Keyboard only: every page began with the brand, eleven navigation links and the search box,
    so reaching a review card took thirteen presses of Tab on every page. The first Tab now
    stops on a "skip to the content" link, shown when focused; Enter on it, and the next Tab is
    in the page's own content."""
    base = start(serve, page)
    for path in ("/review", "/profile"):
        page.goto(base + path)
        page.keyboard.press("Tab")
        skip = page.locator("a.skip")
        assert page.evaluate("() => document.activeElement.className") == "skip"
        assert skip.inner_text() == "跳到正文"
        box = skip.bounding_box()
        assert box is not None and box["y"] >= 0  # on screen while focused
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        assert page.evaluate("() => !!document.activeElement.closest('main')"), path
    no_errors(page)


def test_an_error_on_a_card_down_the_page_is_shown_where_the_user_looks(serve, page, demo: Path):
    """A card decided in place whose decision is refused (here a dispute without its reason; a card
    decided meanwhile from the CLI the same) puts the error above the cards: with the card lower
    down the page, that was out of sight and the click seemed to do nothing. The error is now
    scrolled into view."""
    base = start(serve, page)
    page.set_viewport_size({"width": 1200, "height": 420})
    with open_ws(demo) as ws:
        last = ws.claims.query(status="candidate")[-1]
    page.goto(base + "/review")
    card = page.locator(f"#card-{last.id}")
    card.scroll_into_view_if_needed()
    assert page.evaluate("() => window.scrollY") > 0
    card.locator("button.dispute").click()
    alert = page.locator("#flash [role=alert]")
    alert.wait_for()
    page.wait_for_function("""() => { const r = document.querySelector('#flash [role=alert]').getBoundingClientRect();
                                      return r.top >= -1 && r.bottom <= window.innerHeight + 1; }""", timeout=5000)
    assert "理由" in alert.inner_text() or "原因" in alert.inner_text()
    assert card.locator("button.accept").count() == 1  # the card as it was
    assert all("400" in e for e in page.errors), page.errors  # only the refusal itself (htmx logs it)


def test_the_start_page_keeps_each_stale_field_name_on_one_line(serve, page):
    """Issue s25c: the stale-fields table sat in a third of the start page, four columns wide, and
    stood each field name one character a line (房/租/月/支/出). It spans the page now."""
    base = start(serve, page)
    page.goto(base + "/")
    cells = page.locator("section[aria-labelledby=h-stale] tbody td:nth-child(-n+3)")
    assert cells.count() >= 15  # five stale fields and one expiring, three cells each
    line = page.evaluate("parseFloat(getComputedStyle(document.body).lineHeight)")
    for i in range(cells.count()):
        box = cells.nth(i).bounding_box()
        assert box and box["height"] < 2.2 * line, (cells.nth(i).inner_text(), box)  # one line and its padding
    shot(page, "home")
    no_errors(page)


def test_the_keyboard_stays_on_the_last_card_it_decided(serve, page, demo: Path):
    """Issue s25c: disputing the last card from the keyboard (d, a reason, Enter) dropped the focus
    to the page (it was in the reason box htmx replaced with the card), so j / k and Tab started
    again from the top. It stays on the decided card, and k goes on to the one above."""
    base = start(serve, page)
    page.goto(base + "/review")
    ids = page.locator("article.card[data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert len(ids) >= 2
    for _ in ids:
        page.keyboard.press("j")
    assert page.evaluate("document.activeElement.id") == f"card-{ids[-1]}"
    page.keyboard.press("d")
    page.keyboard.type("不是这个意思")
    page.keyboard.press("Enter")
    page.locator(f"#card-{ids[-1]} .done").wait_for()
    assert page.evaluate("document.activeElement.id") == f"card-{ids[-1]}"
    page.keyboard.press("k")
    assert page.evaluate("document.activeElement.id") == f"card-{ids[-2]}"
    with open_ws(demo) as ws:
        assert ws.claims.get(ids[-1]).status == "disputed" and ws.claims.get(ids[-1]).note == "不是这个意思"
    no_errors(page)


def test_on_a_phone_no_page_scrolls_sideways(serve, page, demo: Path):
    """s26c.2: at 400 px (a phone) the profile's table (457 px) and the settings' tables with the
    career and finance lenses installed (421 px; English 437) were wider than the screen: the
    page scrolled sideways. They reflow now, each row a block; every page fits, in both languages."""
    with open_ws(demo) as ws:
        name = next(n for n, f in ws.profile.fields().items() if f.history)
        claim = ws.claims.query(status="active")[0].id
    paths = ["/", "/review", "/profile", "/profile/" + quote(name), "/claims", f"/claims/{claim}", "/digests",
             "/raw", "/search?q=" + quote("换工作"), "/ask", "/chains", "/branches", "/settings"]
    page.set_viewport_size({"width": 400, "height": 800})
    for lang in ("zh", "en"):
        info = serve(demo, env={"MYLIFE_LOAD_PLUGINS": "mylife-career,mylife-finance", "MYLIFE_LANG": lang})
        page.goto(info["url"])
        base = info["url"].split("/?")[0]
        for path in paths:
            page.goto(base + path)
            widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            if path in ("/profile", "/settings"):
                shot(page, f"phone-{lang}-{path.strip('/')}")
            if path == "/settings":  # the lenses' fields are listed (the widest of its tables)
                assert "mylife-career" in page.content() and "mylife-finance" in page.content()
            assert widths[0] <= widths[1] == 400, (lang, path, widths)
        # the profile's rows are blocks: a field's name heads its row, its value and badges below
        page.goto(base + "/profile")
        cells = page.locator("table.fields tbody tr").first.locator("td")
        name_box, value_box = cells.nth(0).bounding_box(), cells.nth(1).bounding_box()
        assert value_box["y"] >= name_box["y"] + name_box["height"] - 1
    no_errors(page)

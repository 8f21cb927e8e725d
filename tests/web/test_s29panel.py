"""s29panel: a tester's finds on the panel in a real browser (the ask page on a phone, the home
page's notice of a model original the user already rejected, an error banner that outlived a later
decision, error messages that named the CLI's flags and commands in a browser)."""

from __future__ import annotations

import re
from pathlib import Path

from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

from .conftest import shot

TOPIC = "职业去留"
NOTICE = f"「{TOPIC}」有新的模型原稿"


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def model_writes_a_new_original(root: Path) -> str:
    """What ``mylife_digest`` with a text does when the user accepted it in chat (over MCP it is
    only a proposal now, written on acceptance: test_mcp): the topic's original plus one
    paragraph, written as the model's, beside the user's revision."""
    from mylife_core.layers.digest import split_front_matter
    from mylife_core.tools import call_tool
    from mylife_core.tools.proposals import CONFIRMED_ACTOR as ACTOR

    with open_ws(root) as ws:
        _, body = split_front_matter(ws.digests.read(TOPIC, original=True))
        claim = next(c.id for c in ws.claims.query(topic=TOPIC, status="active") if c.claim == "对加班反复感到失望")
        out = call_tool(ws, "mylife_digest", {"topic": TOPIC, "text": body + f"\n\n你说过对加班反复感到失望 [{claim}]。"},
                        actor=ACTOR).to_json()
        assert out["ok"] and out["result"]["kept_user_revision"], out
        from mylife_core.pipeline.proposals import Proposals

        (proposal,) = Proposals(ws).pending(kind="digest", topic=TOPIC)
    return proposal.id


# ------------------------------------------------------------------ 2. the notice of a new original
def test_the_new_original_notice_goes_once_its_proposal_is_rejected(panel, demo: Path):
    assert NOTICE not in panel.get("/").text  # the demo's revision answers the demo's original
    proposal = model_writes_a_new_original(demo)
    assert NOTICE in panel.get("/").text
    r = panel.post(f"/proposals/{proposal}/reject", {"why": "我的修订更准确", "next": "/review"})
    assert r.status_code == 303
    assert NOTICE not in panel.get("/").text
    assert NOTICE not in panel.get("/review").text
    assert "有新原稿" not in panel.get("/digests").text
    # a later, different original is new again
    with open_ws(demo) as ws:
        claim = next(c.id for c in ws.claims.query(topic=TOPIC, status="active") if c.claim == "喜欢工作内容本身")
    from mylife_core.layers.digest import split_front_matter
    from mylife_core.tools import call_tool
    from mylife_core.tools.proposals import CONFIRMED_ACTOR as ACTOR

    with open_ws(demo) as ws:
        _, body = split_front_matter(ws.digests.read(TOPIC, original=True))
        assert call_tool(ws, "mylife_digest", {"topic": TOPIC, "text": body + f"\n\n你说过喜欢工作内容本身 [{claim}]。"},
                         actor=ACTOR).to_json()["ok"]
    assert NOTICE in panel.get("/").text


def test_a_disputed_original_is_answered_too(panel, demo: Path):
    proposal = model_writes_a_new_original(demo)
    assert panel.post(f"/proposals/{proposal}/dispute", {"why": "不是这样"}).status_code == 303
    assert NOTICE not in panel.get("/").text


# ------------------------------------------------------------------ 3. an error banner outlived a decision
def start(serve, page) -> str:
    info = serve()
    page.goto(info["url"])
    return info["url"].split("/?")[0]


def test_a_refusal_banner_goes_when_a_later_decision_succeeds(serve, page, demo: Path):
    """A dispute without its reason is refused (400) and the error stands above the cards; the next
    decision, which succeeds, answered only its card and left the 400 standing over it."""
    base = start(serve, page)
    with open_ws(demo) as ws:
        first, second = ws.claims.query(status="candidate")[:2]
    page.goto(base + "/review")
    page.locator(f"#card-{first.id} button.dispute").click()
    alert = page.locator("#flash [role=alert]")
    alert.wait_for()
    assert "400" in alert.inner_text()
    page.locator(f"#card-{second.id} button.accept").click()
    page.locator(f"#card-{second.id} .done").wait_for()
    page.wait_for_function("() => !document.querySelector('#flash [role=alert]')", timeout=5000)
    assert page.locator("#flash").count() == 1 and page.locator("#flash").inner_text().strip() == ""
    # the flash area still takes the next refusal
    page.locator(f"#card-{first.id} button.dispute").click()
    alert.wait_for()
    shot(page, "s29panel-review-banner")
    with open_ws(demo) as ws:
        assert ws.claims.get(first.id).status == "candidate" and ws.claims.get(second.id).status == "active"
    assert all("400" in e for e in page.errors), page.errors  # only the refusals themselves (htmx logs them)


def test_a_decision_in_place_clears_the_banner_out_of_band(panel, demo: Path):
    """The fragment of a decided card (claim or proposal) carries the empty flash area, swapped out
    of band; a refusal's fragment does not clear itself."""
    with open_ws(demo) as ws:
        claim = ws.claims.query(status="candidate")[0]
    htmx = {"HX-Request": "true"}
    r = panel.post(f"/claims/{claim.id}/accept", headers=htmx)
    assert r.status_code == 200 and '<div id="flash" hx-swap-oob="innerHTML"></div>' in r.text
    proposal = model_writes_a_new_original(demo)
    refused = panel.post(f"/proposals/{proposal}/dispute", headers=htmx)
    assert refused.status_code == 400 and "hx-swap-oob" not in refused.text
    r = panel.post(f"/proposals/{proposal}/reject", headers=htmx)
    assert r.status_code == 200 and '<div id="flash" hx-swap-oob="innerHTML"></div>' in r.text
    assert 'hx-swap-oob' not in panel.get("/review").text


# ------------------------------------------------------------------ 4. the panel's words, not the CLI's
def test_a_bad_ttl_names_the_ttl_box_not_the_cli_flag(panel, demo: Path):
    from urllib.parse import quote

    from mylife_core.errors import UsageError

    with open_ws(demo) as ws:
        name = sorted(ws.profile.fields())[0]
    r = panel.post(f"/profile/{quote(name)}/ttl", {"ttl": "半年", "reason": ""})
    assert r.status_code == 400
    assert "有效期「半年」无效：在 TTL 框里填正整数天数" in r.text and "--ttl" not in r.text
    assert "--ttl" in UsageError("bad_ttl", value="半年").render()  # the CLI keeps its own words


def test_a_dispute_without_a_reason_names_the_reason_box_and_the_button(panel, demo: Path):
    proposal = model_writes_a_new_original(demo)
    for headers in ({}, {"HX-Request": "true"}):  # the page sent back, and the error above the cards
        r = panel.post(f"/proposals/{proposal}/dispute", {"why": ""}, headers=headers)
        assert r.status_code == 400
        assert f"对提议 {proposal} 提出异议需要写明原因：在卡片的理由框里写一句，再按「提出异议」" in r.text
        assert "--why" not in r.text


def test_a_confirmation_of_a_value_that_changed_says_press_still_true_again(panel, demo: Path):
    from urllib.parse import quote

    with open_ws(demo) as ws:
        name = sorted(ws.profile.fields())[0]
    r = panel.post(f"/profile/{quote(name)}/confirm", {"seen": "一个别的值"})
    assert r.status_code == 409
    assert "请再按一次「仍然成立」" in r.text and "profile confirm" not in r.text


def test_an_unknown_claim_or_field_points_to_the_panels_page(panel, demo: Path):
    r = panel.get("/claims/claim-2000-01-01-001")
    assert r.status_code == 404 and "已有的证据在「证据」页上" in r.text and "claim list" not in r.text
    r = panel.get("/profile/" + "没有这个字段")
    assert r.status_code == 404 and "已有的字段在「档案」页上" in r.text and "profile list" not in r.text


def test_the_panel_wording_has_the_same_placeholders_in_both_languages_and_a_cli_message_behind_it():
    from mylife_core.messages import M
    from mylife_core.messages.catalogs import placeholders
    from mylife_core.web.views import PANEL_WORDING

    wording = {key: texts for key, texts in M.items() if key.startswith(PANEL_WORDING)}
    assert len(wording) >= 14
    for key, texts in wording.items():
        assert placeholders(texts["zh"]) == placeholders(texts["en"]), key
        cli = M[key.removeprefix(PANEL_WORDING)]  # the CLI's message it words for the panel
        assert placeholders(texts["zh"]) <= placeholders(cli["zh"]), key
        assert not re.search(r"--[a-z]|\{prog\}|`", texts["zh"] + texts["en"]), key


# ------------------------------------------------------------------ 1. the ask page on a phone
CELLS = """() => Array.from(document.querySelectorAll('#ask-answer table.aligned tbody tr')).map(tr =>
    Array.from(tr.cells).map(td => { const r = td.getBoundingClientRect();
        return {label: td.dataset.label, text: td.textContent, width: r.width, top: r.top, height: r.height,
                line: parseFloat(getComputedStyle(td).lineHeight) || 24}; }))"""


def _statements_readable(page, width: int) -> None:
    rows = page.evaluate(CELLS)
    assert len(rows) >= 5 and all(len(r) == 4 for r in rows), rows  # the demo's statements on 职业去留
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width  # no sideways scrolling
    for row in rows:
        statement = row[1]
        assert statement["text"] and statement["width"] >= width * 0.7, row  # not squeezed into a column
        assert statement["height"] <= statement["line"] * 2.6, row  # a 24-character statement: two lines at most
        assert [c["top"] for c in row] == sorted(c["top"] for c in row) and len({c["top"] for c in row}) == 4, row


def test_the_ask_pages_evidence_table_is_readable_on_a_360px_phone(serve, page, demo: Path):
    """The offline brief's table of the user's statements (the terminal's, lined up with spaces) in
    a 360 px window wrapped into columns a few characters wide. It is a table of cells now, each row
    stacked on a phone, the same whether the answer streamed in (panel.js) or was loaded finished;
    on a desktop it stays a table, each row on one line."""
    base = start(serve, page)
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(base + "/ask")
    page.fill("#ask-q", "我该不该跳槽？")
    page.check("input[name=accept_stale]")
    page.check("input[name=accept_missing]")
    page.click("#ask-go")
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    assert page.locator("#ask-answer[data-events]").count() == 1  # built by panel.js from `done`
    _statements_readable(page, 360)
    text = page.locator("#ask-answer").inner_text()
    assert "认可工作内容，累的是强度，烦的是被催的方式" in text and "## 反证" in text and "仅供参考" in text
    shot(page, "s29panel-ask-phone-live")
    page.reload()  # the finished page, from the server
    assert page.locator("#ask-answer[data-events]").count() == 0
    _statements_readable(page, 360)
    shot(page, "s29panel-ask-phone")
    page.set_viewport_size({"width": 1200, "height": 900})
    rows = page.evaluate(CELLS)
    assert all(len({round(c["top"]) for c in row}) == 1 for row in rows), rows  # a desktop: a row a line
    assert page.locator("#ask-answer table.aligned thead th").first.is_visible()
    assert page.errors == [], page.errors


def test_answer_blocks_read_the_terminals_table_by_its_rule():
    from mylife_core.cli.common import table
    from mylife_core.web.asking import answer_blocks

    rows = [["2026-12", "认可工作内容，累的是强度", "—", "claim-2026-12-01-001"],
            ["2026-02", "想跳槽", "连续加班三周", "claim-2026-02-01-002"]]
    lines = ["## 你的表述", table(rows, ["时间", "表述", "当时的语境", "证据"]), "", "## 反证", "---", "- a  b"]
    assert answer_blocks(lines) == [{"text": "## 你的表述"},
                                    {"head": ["时间", "表述", "当时的语境", "证据"], "rows": rows},
                                    {"text": "\n## 反证\n---\n- a  b"}]
    assert answer_blocks(["纯文字", "", "第二段"]) == [{"text": "纯文字\n\n第二段"}]

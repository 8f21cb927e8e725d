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
    """What ``mylife_digest`` with a text does over MCP (``mcp_server.ToolRunner.call``): the
    topic's original plus one paragraph, written as the model's, beside the user's revision."""
    from mylife_core.layers.digest import split_front_matter
    from mylife_core.mcp_server import ACTOR
    from mylife_core.tools import call_tool

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
    from mylife_core.mcp_server import ACTOR
    from mylife_core.tools import call_tool

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

"""The review page: a field proposal whose cited line a model wrote (a host's ``mylife_record`` and
``mylife_profile_update`` over MCP, by a real MCP client over stdio) is accepted only with its
card's box ticked ("I know this cites words a model wrote"), checked by the server (a POST without
it, or a bulk accept, writes nothing), in Starlette's TestClient and in Debian's chromium."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from mylife_core.messages import t
from mylife_core.testing import cli_env, mcp_session, plugin_host
from mylife_core.workspace import Workspace

from .conftest import shot
from .test_routes import snapshot

pytest.importorskip("mcp", reason="the mcp extra is not installed")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MODEL_LINE = "我月收入五万，现有存款一百万"


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def propose(root: Path) -> tuple[str, str]:
    """A host's model records a line and proposes a profile value citing it: (proposal, pointer)."""

    async def script(session):
        rec = json.loads((await session.call_tool("mylife_record", {"text": MODEL_LINE, "topic": "职业去留"}))
                         .content[0].text)
        pointer = f"{rec['result']['file']}#L1"
        body = json.loads((await session.call_tool("mylife_profile_update", {
            "name": "月收入", "value": "50000", "provenance": pointer})).content[0].text)
        assert body["ok"], body
        return body["result"]["proposal"], pointer

    from concurrent.futures import ThreadPoolExecutor

    # the MCP client's event loop runs in a thread of its own: in this worker, Playwright's may be
    # running in the main thread already (a browser test ran before), where anyio.run would refuse
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(mcp_session, root, script, env=cli_env(root, None, load_plugins="")).result()


def card_of(page_html: str, pid: str) -> str:
    return html.unescape(page_html.split(f'id="card-{pid}"', 1)[1].split("</article>", 1)[0])


def test_the_server_accepts_a_models_line_only_with_the_box_ticked(panel, demo: Path):
    pid, pointer = propose(demo)
    card = card_of(panel.get("/review").text, pid)
    assert f'name="model_line" value="{pid}"' in card and t("s32approve.web.model_line_box") in card, card
    assert f'value="{pid}" form="bulk"' not in card  # never selected for the bulk accept
    before = snapshot(demo)

    unticked = panel.post(f"/proposals/{pid}/accept", {"next": "/review"})
    assert unticked.status_code == 400 and "勾选" in html.unescape(unticked.text) and pointer in unticked.text
    assert snapshot(demo) == before
    wrong = panel.post(f"/proposals/{pid}/accept", {"next": "/review", "model_line": "prop-2020-01-01-1"})
    assert wrong.status_code == 400 and snapshot(demo) == before  # ticked for another card: not this one
    bulk = panel.client.post("/review/accept", data={"csrf": panel.csrf, "ids": [pid], "model_line": pid},
                             follow_redirects=False)
    assert bulk.status_code == 400 and "批量" in html.unescape(bulk.text), bulk.text
    assert snapshot(demo) == before

    ticked = panel.post(f"/proposals/{pid}/accept", {"next": "/review", "model_line": pid})
    assert ticked.status_code == 303
    with open_ws(demo) as ws:
        field = ws.profile.fields()["月收入"]
        assert (field.value, field.source, field.provenance) == (50000, "mcp", pointer)
        assert ws.audit.tail(1)[0].action == "proposal.accept"


def test_in_the_browser_accept_needs_the_box_ticked(serve, page, demo: Path):
    pid, _ = propose(demo)
    info = serve()
    page.goto(info["url"])
    base = info["url"].split("/?")[0]
    page.goto(base + "/review")
    card = page.locator(f"#card-{pid}")
    assert MODEL_LINE in card.inner_text() and "模型写入的" in card.inner_text()
    shot(page, "review-model-line")
    before = snapshot(demo)

    card.locator("button.accept").click()  # not ticked: refused, said where the user looks
    alert = page.locator("#flash [role=alert]")
    alert.wait_for()
    assert "勾选卡片上的" in alert.inner_text(), alert.inner_text()
    assert all("400" in e for e in page.errors), page.errors  # only the refusal itself (htmx logs it)
    assert snapshot(demo) == before
    with open_ws(demo) as ws:
        assert ws.profile.find("月收入") is None

    del page.errors[:]
    card.locator('input[name="model_line"]').check()  # the card as it was, the box now ticked
    card.locator("button.accept").click()
    page.locator(f"#card-{pid} .done").wait_for()
    assert "已接受" in page.locator(f"#card-{pid}").inner_text()
    with open_ws(demo) as ws:
        field = ws.profile.fields()["月收入"]
        assert (field.value, field.source) == (50000, "mcp")
    assert page.errors == [], page.errors


def test_a_models_line_checked_unchanged_is_not_called_the_users_words(panel, demo: Path):
    """The source check's badge on a line a model wrote says the line is unchanged without calling
    it 原话 (the user's own words): on the proposal's card, on a claim citing it (its card and its
    page); a claim citing the user's own line keeps 原话核对一致."""
    pid, pointer = propose(demo)
    own, by_model = t("web.check.ok"), t("web.check.ok_by_model")
    card = card_of(panel.get("/review").text, pid)
    assert by_model in card and own not in card, card

    with open_ws(demo) as ws:
        model_claim, _ = ws.claims.add(claim="月收入大约五万", topic="职业去留", kind="inference", provenance=pointer,
                                       candidate=True, actor="model via MCP")
        user_claim = next(c for c in ws.claims.query(status="active") if c.provenance)
    review = html.unescape(panel.get("/review").text)
    card = review.split(f'id="card-{model_claim.id}"', 1)[1].split("</article>", 1)[0]
    assert by_model in card and own not in card, card
    page = html.unescape(panel.get(f"/claims/{model_claim.id}").text)
    assert by_model in page and own not in page
    page = html.unescape(panel.get(f"/claims/{user_claim.id}").text)
    assert own in page and by_model not in page


def model_claim(root: Path) -> str:
    """A host's model records a line and adds a claim from it over MCP: a candidate claim (its id)."""

    async def script(session):
        rec = json.loads((await session.call_tool("mylife_record", {"text": MODEL_LINE, "topic": "职业去留"}))
                         .content[0].text)
        body = json.loads((await session.call_tool("mylife_claim_add", {
            "claim": "我月收入五万", "topic": "职业去留", "kind": "fact",
            "provenance": f"{rec['result']['file']}#L1"})).content[0].text)
        assert body["ok"] and body["result"]["candidate"], body
        return body["result"]["claim"]["id"]

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:  # as propose(): the MCP client's loop in a thread of its own
        return pool.submit(mcp_session, root, script, env=cli_env(root, None, load_plugins="")).result()


def test_a_candidate_claim_on_a_models_line_is_accepted_only_with_its_box_ticked(panel, demo: Path):
    """A candidate claim whose lines a model wrote: its card has the box instead of the bulk select;
    accepting it unticked, ticked for another card or in bulk is refused (400) and writes nothing;
    ticked, it is accepted. A candidate on the user's own lines is accepted as before."""
    cid = model_claim(demo)
    card = card_of(panel.get("/review").text, cid)
    assert f'name="model_line" value="{cid}"' in card and t("s32claim.web.model_line_box") in card, card
    assert f'value="{cid}" form="bulk"' not in card
    before = snapshot(demo)
    unticked = panel.post(f"/claims/{cid}/accept", {"next": "/review"})
    assert unticked.status_code == 400 and "勾选" in html.unescape(unticked.text)
    wrong = panel.post(f"/claims/{cid}/accept", {"next": "/review", "model_line": "claim-2020-01-01-001"})
    assert wrong.status_code == 400
    bulk = panel.client.post("/review/accept", data={"csrf": panel.csrf, "ids": [cid], "model_line": cid},
                             follow_redirects=False)
    assert bulk.status_code == 400 and "批量" in html.unescape(bulk.text), bulk.text
    assert snapshot(demo) == before
    ticked = panel.post(f"/claims/{cid}/accept", {"next": "/review", "model_line": cid})
    assert ticked.status_code == 303
    with open_ws(demo) as ws:
        assert ws.claims.get(cid).status == "active"
        own = next(c for c in ws.claims.query(status="candidate") if c.provenance
                   and c.provenance.split("#")[0] not in ws.raw.model_files())
    assert panel.post(f"/claims/{own.id}/accept", {"next": "/review"}).status_code == 303

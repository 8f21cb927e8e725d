"""The ask page: ``POST /ask`` runs ``mylife ask`` on the panel's worker and its answer streams as
server-sent events (the fake OpenAI-compatible server of tests/fakellm plays the model)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fakellm import Reply, fakellm  # noqa: F401

from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

from .conftest import shot
from .test_routes import snapshot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
QUESTION = "我该不该跳槽？"


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def events(text: str) -> list[tuple[str, object]]:
    return [(m[0], json.loads(m[1])) for m in re.findall(r"event: (\w+)\ndata: (.*)\n\n", text)]


def use_model(root: Path, fake) -> str:
    with open_ws(root) as ws:
        ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fake.url}}))
        return ws.claims.query(topic="职业去留", status="active", kind="assessment")[0].id


def test_the_answer_streams_and_its_chain_is_recorded(panel, demo: Path, fakellm):
    claim = use_model(demo, fakellm)
    fakellm.script(Reply(text=f"你说过对加班反复感到失望 [{claim}]。\n"))
    assert "提问" in panel.get("/ask").text
    r = panel.post("/ask", {"q": QUESTION, "accept_stale": "1", "accept_missing": "1"})
    assert r.status_code == 303 and r.headers["location"].startswith("/ask/")
    job = r.headers["location"]
    stream = panel.get(job + "/events")
    assert stream.headers["content-type"].startswith("text/event-stream")
    got = events(stream.text)
    kinds = [k for k, _ in got]
    assert "stage" in kinds and "text" in kinds and kinds[-1] == "done", kinds
    streamed = "".join(d for k, d in got if k == "text")
    assert "对加班反复感到失望" in streamed
    done = got[-1][1]
    assert done["status"] == "answered" and done["chain"] and "仅供参考" in done["text"]
    with open_ws(demo) as ws:
        chain = ws.index.chain(done["chain"])
    assert chain.question == QUESTION
    page = panel.get(job).text  # the finished run, as a page (what a browser without JavaScript gets)
    assert "对加班反复感到失望" in page and f"/chains/{done['chain']}" in page
    assert events(panel.get(job + "/events").text)[-1][0] == "done"  # a reconnect replays the run


def test_without_a_model_the_page_gives_the_offline_brief_and_stale_data_stops_it(panel, demo: Path):
    r = panel.post("/ask", {"q": QUESTION})  # stale fields and no acceptance: like exit code 10
    done = events(panel.get(r.headers["location"] + "/events").text)[-1]
    assert done[0] == "done" and done[1]["status"] == "needs_input" and done[1]["chain"] is None
    r = panel.post("/ask", {"q": QUESTION, "accept_stale": "1", "accept_missing": "1"})
    done = events(panel.get(r.headers["location"] + "/events").text)[-1][1]
    assert done["status"] == "answered" and "离线" in done["text"]


def test_bad_ask_requests_are_4xx_and_write_nothing(panel, demo: Path):
    before = snapshot(demo)
    assert panel.post("/ask", {"q": "   "}).status_code == 400
    assert panel.post("/ask", {"q": QUESTION}, csrf="x" * 43).status_code == 403
    assert panel.post("/ask", {"q": QUESTION}, csrf=None).status_code == 403
    assert panel.get("/ask/nope").status_code == 404
    assert panel.get("/ask/nope/events").status_code == 404
    assert snapshot(demo) == before


def test_the_answer_streams_in_the_browser(serve, page, demo: Path, fakellm):
    claim = use_model(demo, fakellm)
    fakellm.script(Reply(text=f"你说过对加班反复感到失望 [{claim}]。\n", delay=0.05))
    info = serve()
    page.goto(info["url"])
    base = info["url"].split("/?")[0]
    page.goto(base + "/ask")
    page.fill("#ask-q", "<script>alert(1)</script>" + QUESTION)
    page.check("input[name=accept_stale]")
    page.check("input[name=accept_missing]")
    page.click("#ask-go")
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    text = page.locator("#ask-answer").inner_text()
    assert "对加班反复感到失望" in text and "仅供参考" in text
    assert "<script>alert(1)</script>" in page.locator("h2").first.inner_text()  # the question, as text
    shot(page, "ask")
    assert page.errors == [], page.errors

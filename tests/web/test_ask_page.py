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
    """Point the demo at the fake model; the claim the scripted answers cite (what they say is
    what it says, so the judging rule lets them through)."""
    with open_ws(root) as ws:
        ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fake.url}}))
        return next(c.id for c in ws.claims.query(topic="职业去留", status="active", kind="assessment")
                    if c.claim == "对加班反复感到失望")


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
    assert f"你说过对加班反复感到失望。 [{claim}]" in streamed  # the terminal's checked line
    done = got[-1][1]
    assert done["status"] == "answered" and done["chain"] and "仅供参考" in done["text"]
    assert f"你说过对加班反复感到失望。 [{claim}]" in done["text"].split("## 分析")[1].split("## ")[0]
    with open_ws(demo) as ws:
        chain = ws.index.chain(done["chain"])
    assert chain.question == QUESTION
    page = panel.get(job).text  # the finished run, as a page (what a browser without JavaScript gets)
    assert "对加班反复感到失望" in page and f"/chains/{done['chain']}" in page
    assert events(panel.get(job + "/events").text)[-1][0] == "done"  # a reconnect replays the run


def test_the_stream_carries_only_sentences_the_judging_rule_lets_through(panel, demo: Path, fakellm):
    """A verdict with no evidence never reaches the browser, not even before ``done`` replaces the
    text (and it stays on the page when the run fails): the panel streams what the terminal shows."""
    claim = use_model(demo, fakellm)
    verdict = "你应该马上辞职，你的能力远超现在的岗位。"
    fakellm.script(Reply(text=f"{verdict}你说过对加班反复感到失望 [{claim}]。\n要不要先和主管谈谈？\n", chunk=4))
    r = panel.post("/ask", {"q": QUESTION, "accept_stale": "1", "accept_missing": "1"})
    got = events(panel.get(r.headers["location"] + "/events").text)
    streamed = "".join(d for k, d in got if k == "text")
    assert "辞职" not in streamed and "能力" not in streamed  # not a word of the withheld verdict
    assert f"你说过对加班反复感到失望。 [{claim}]" in streamed
    assert "主管谈谈" not in streamed  # a question waits for its own section, as in the terminal
    done = got[-1][1]
    assert f"「{verdict}」—— 没有引用任何证据" in done["text"].split("## 无依据，未采纳")[1]
    assert "主管谈谈" in done["text"].split("## 想请你想一想")[1]


def test_a_verdict_in_a_tool_calls_arguments_never_reaches_the_stream(panel, demo: Path, fakellm):
    """The ``stage`` line of a tool call is the terminal's (pipeline.present.tool_call_line): the
    call and its harmless arguments, never a verdict the model wrote as one of them."""
    from mylife_core.messages import t

    claim = use_model(demo, fakellm)
    verdict = "你应该立刻辞职"
    fakellm.script(Reply(tool_calls=[("mylife_competing", {"conclusion": verdict, "topic": "职业去留"}),
                                     ("mylife_recall", {"query": "换工作"})]),
                   Reply(text=f"你说过对加班反复感到失望 [{claim}]。\n"))
    r = panel.post("/ask", {"q": QUESTION, "accept_stale": "1", "accept_missing": "1"})
    stream = panel.get(r.headers["location"] + "/events").text
    assert verdict not in stream and json.dumps(verdict) not in stream
    stages = [d for k, d in events(stream) if k == "stage"]
    withheld = t("s21f.withheld_argument")
    assert any(f'mylife_competing {{"conclusion": "{withheld}", "topic": "职业去留"}}' in d for d in stages), stages
    assert any('mylife_recall {"query": "换工作"}' in d for d in stages), stages
    assert events(stream)[-1][0] == "done"


def test_a_run_that_fails_after_streaming_leaves_only_checked_sentences(panel, demo: Path, fakellm):
    claim = use_model(demo, fakellm)
    text = f"你说过对加班反复感到失望 [{claim}]。你的能力远超现在的岗位，应该马上辞职。还有一句没写完"
    fakellm.script(Reply(text=text, chunk=len(text) // 3, stall_after=3, stall=30))
    with open_ws(demo) as ws:  # a short read-idle timeout: the stalled stream fails fast
        ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fakellm.url,
                                                            "read_timeout": 1}}))
    r = panel.post("/ask", {"q": QUESTION, "accept_stale": "1", "accept_missing": "1"})
    got = events(panel.get(r.headers["location"] + "/events").text)
    streamed = "".join(d for k, d in got if k == "text")
    assert f"你说过对加班反复感到失望。 [{claim}]" in streamed and "能力" not in streamed and "没写完" not in streamed
    done = got[-1][1]  # the answer fell back to the labelled brief; the page ends with it
    assert done["status"] == "answered" and "模型调用失败，已改用离线生成" in done["text"]


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


def test_a_finished_answer_shows_the_disclaimer_once(panel, demo: Path, fakellm):
    """Issue s24g.3: a finished answer ends with the disclaimer and the page's footer repeated it
    word for word. A page whose answer ends with it (answered, stopped for stale data) shows it
    once, as a chain's page does; a run that failed (no disclaimer in its text) keeps the footer's."""
    import html as html_lib

    from mylife_core.messages import disclaimer

    full = disclaimer().replace("**", "")

    def shown(job: str) -> str:
        return html_lib.unescape(re.sub(r"<[^>]+>", "", panel.get(job).text)).replace("**", "")

    stale = panel.post("/ask", {"q": QUESTION}).headers["location"]  # stale fields: stopped, no answer
    assert events(panel.get(stale + "/events").text)[-1][1]["status"] == "needs_input"
    assert shown(stale).count(full) == 1
    claim = use_model(demo, fakellm)
    fakellm.script(Reply(text=f"你说过对加班反复感到失望 [{claim}]。\n"))
    answered = panel.post("/ask", {"q": QUESTION, "accept_stale": "1", "accept_missing": "1"}).headers["location"]
    assert events(panel.get(answered + "/events").text)[-1][1]["status"] == "answered"
    assert shown(answered).count(full) == 1
    (demo / "profile.yaml").write_text("fields: [\n", encoding="utf-8")  # a file that cannot be read
    failed = panel.post("/ask", {"q": QUESTION, "accept_stale": "1", "accept_missing": "1"}).headers["location"]
    done = events(panel.get(failed + "/events").text)[-1]
    assert done[0] == "failed" and "profile.yaml" in done[1]["text"], done
    assert shown(failed).count(full) == 1  # the footer's: the error carries none
    assert shown("/ask").count(full) == 1  # the form alone: the footer's


def test_a_streamed_answer_shows_the_disclaimer_once(serve, page, demo: Path, fakellm):
    """Issue s25c.2: an answer that streamed in over JavaScript ends with the disclaimer, and the
    footer kept its own copy, so the page showed it twice (a finished page, loaded afterwards,
    already hid the footer's). When ``done`` says the text ends with it, the footer's goes."""
    from mylife_core.messages import disclaimer

    full = disclaimer().replace("**", "")
    claim = use_model(demo, fakellm)
    fakellm.script(Reply(text=f"你说过对加班反复感到失望 [{claim}]。\n" * 3, chunk=4, delay=0.2))
    info = serve()
    page.goto(info["url"])
    page.goto(info["url"].split("/?")[0] + "/ask")
    page.fill("#ask-q", QUESTION)
    page.check("input[name=accept_stale]")
    page.check("input[name=accept_missing]")
    page.click("#ask-go")
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    assert page.locator("#ask-answer[data-events]").count() == 1  # it streamed: the live page, not a finished one
    assert page.locator("#ask-answer").get_attribute("data-done") == "answered"
    assert page.locator("main").inner_text().replace("**", "").count(full) == 1  # the answer's own
    assert page.locator("body").inner_text().replace("**", "").count(full) == 1  # the footer's went
    assert "已回答" in page.locator("#ask-stage").inner_text()  # what a reload says, too
    page.reload()
    assert page.locator("body").inner_text().replace("**", "").count(full) == 1
    assert page.errors == [], page.errors


def test_a_stop_for_stale_data_says_what_to_do_in_the_panel(panel, demo: Path):
    """Issue s25c: a question stopped for stale data showed only the terminal's text, whose ways on
    are commands (profile set, ask --accept-stale); the page now says the form's boxes and the
    profile page do the same, and a run that answered does not say it."""
    stale = panel.post("/ask", {"q": QUESTION}).headers["location"]
    assert events(panel.get(stale + "/events").text)[-1][1]["status"] == "needs_input"
    page = panel.get(stale).text
    hint = re.search(r'<p class="notice" id="ask-hint">(.*?)</p>', page, re.S)
    assert hint and "沿用过期字段的旧值" in hint.group(1) and 'href="/profile"' in hint.group(1)
    assert f'value="{QUESTION}"' in page  # asked again from the same form, the question still in it
    answered = panel.post("/ask", {"q": QUESTION, "accept_stale": "1", "accept_missing": "1"}).headers["location"]
    assert events(panel.get(answered + "/events").text)[-1][1]["status"] == "answered"
    assert 'id="ask-hint"' not in panel.get(answered).text


def test_a_stop_for_stale_data_that_streamed_in_says_it_too(serve, page, demo: Path):
    """The same hint on the live page (the run goes on after the page loads): it shows when ``done``
    says the run stopped for stale data (panel.js)."""
    info = serve()
    page.goto(info["url"])
    page.goto(info["url"].split("/?")[0] + "/ask")
    page.fill("#ask-q", QUESTION)
    page.click("#ask-go")  # stale fields, no box ticked: it stops
    page.wait_for_url(re.compile(r".*/ask/[^/]+$"))
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    assert page.locator("#ask-answer[data-events]").count() == 1  # it loaded live: the hint is panel.js's
    assert page.locator("#ask-answer").get_attribute("data-done") == "needs_input"
    assert page.locator("#ask-hint").is_visible() and "沿用过期字段的旧值" in page.locator("#ask-hint").inner_text()
    assert page.errors == [], page.errors


def test_a_life_in_danger_gets_where_to_reach_a_person_and_nothing_weighed(panel, demo: Path):
    """mylife_core.safety on the panel: the ask page runs the same pipeline, so 「我该不该自杀？」
    gets the crisis lines, no brief, no chain, and the stale-data hint is not shown."""
    job = panel.post("/ask", {"q": "我该不该自杀？", "accept_stale": "1", "accept_missing": "1"}).headers["location"]
    done = events(panel.get(job + "/events").text)[-1][1]
    assert done["status"] == "denied" and done["chain"] is None
    assert "12356" in done["text"] and "我该自杀" not in done["text"] and "反证" not in done["text"]
    page = panel.get(job).text
    assert "12356" in page and 'id="ask-hint"' not in page


def test_a_crisis_run_is_labelled_as_such_and_says_it_is_fixed_text(panel, demo: Path):
    """The run's page said 被拒绝 (declined) over the help lines, and 「以上由离线规则从你自己的记录中整理」
    though no record was read."""
    job = panel.post("/ask", {"q": "我该不该自杀？"}).headers["location"]
    done = events(panel.get(job + "/events").text)[-1][1]
    assert done["label"] == "先联系能帮到你的人"
    assert "固定的求助信息" in done["text"] and "从你自己的记录中整理" not in done["text"]
    page = panel.get(job).text
    assert "先联系能帮到你的人" in page and "被拒绝" not in page


def test_a_crisis_note_recorded_in_the_panel_is_kept_then_answered_with_help(panel, demo: Path):
    """`mylife record` answered 「我不想活了」 with where to reach a person; the panel's 记一条 did not."""
    note = "我不想活了，真的撑不下去"
    r = panel.post("/raw", {"text": note, "topic": "life"})
    assert r.status_code == 303
    with open_ws(demo) as ws:
        assert ws.raw.read_bytes(ws.raw.records()[-1].file) == note.encode("utf-8")
    page = panel.get(r.headers["location"]).text
    assert "12356" in page and "还想对你说几句" in page
    plain = panel.post("/raw", {"text": "今天吃了火锅", "topic": "life"})
    assert "12356" not in panel.get(plain.headers["location"]).text

"""``mylife chat`` keeps every guarantee ``mylife ask`` keeps (issue: chat keeps ask's guarantees).

Driven as a user would: the real CLI on a pseudo-terminal, with piped text and in ``--json``
mode, against the fake OpenAI-compatible server on 127.0.0.1 reached through litellm:

* the one judging rule: a flattering verdict with an invented id is withheld, listed, the turn
  ends with the disclaimer and records a chain;
* no model write without the user: a write becomes a proposal with its effect, written only on
  the user's yes (``--json``: an explicit confirmation line); the field's age is reset only then;
  a failed tool call is shown as failed and "done!" after it is withheld;
* tools by relevance: write tools only when the user asks for a change;
* the conversation the model sees is the conversation: every turn is sent, and at 85% of a small
  window older turns are summarised (the summary held to the rule), the user told once;
* cooldowns outlive a turn and a process: two processes within 20 s of a failing primary;
* ``/quit`` and the end of input at a 1/2/3 prompt.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from datetime import timedelta

import pytest
from fakellm import Reply, Request, fakellm, fakellm_pair, seed, set_savings  # noqa: F401
from test_chat import PLUGINS, Terminal, open_ws, story  # noqa: F401

from mylife_core import clock
from mylife_core.chat.session import SessionStore
from mylife_core.messages import disclaimer, t
from mylife_core.testing import cli_env, run_cli
from mylife_core.workspace import Workspace

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DISCLAIMER = "仅供参考"
CHAT = "你是 MyLife 的对话助手"
SUMMARY = "你把一段较早的对话"


def reopen(ws: Workspace) -> Workspace:
    return Workspace.open(ws.root, plugins=ws.plugins)


def the_session(ws: Workspace):
    (session,) = SessionStore(ws).all()
    return session


# ----------------------------------------------------------------------------- the judging rule


def test_a_flattering_verdict_with_an_invented_id_is_withheld_on_a_terminal(ws, ws_path, fakellm):
    seed(ws)
    fakellm.script(Reply(text="你的能力远超现在的岗位，应该马上辞职 [claim-2099-01-01-999]。相信自己！\n"))
    term = Terminal(["chat"], cli_env(ws_path, fakellm.env()))
    term.expect("你> ")
    term.send("我最近工作很累，不知道怎么办")
    note = term.expect("## 无依据，未采纳")
    term.expect("「你的能力远超现在的岗位，应该马上辞职。」—— 引用的 claim-2099-01-01-999 不存在")
    term.expect("「相信自己！」—— 没有引用任何证据")
    chain_id = term.expect(r"依据链：(chain-[\d-]+)").group(1)
    term.expect(DISCLAIMER)
    term.expect("你> ")
    shown = term.text[:note.start()]
    assert "远超" not in shown.split("我最近工作很累，不知道怎么办", 1)[1]  # never printed as an answer
    term.send("/quit")
    assert term.wait() == 0
    ws = reopen(ws)
    session = the_session(ws)
    answer = session.turns[-1]
    assert answer.role == "assistant" and answer.text == "" and answer.chain_id == chain_id
    assert [w["text"] for w in answer.withheld] == ["你的能力远超现在的岗位，应该马上辞职。", "相信自己！"]
    assert answer.model_text.startswith("你的能力远超")
    chain = ws.index.chain(chain_id)
    assert chain.unsupported == ["你的能力远超现在的岗位，应该马上辞职。", "相信自己！"] and chain.mode == "model"


def test_a_judgment_with_a_valid_citation_is_shown_and_chained(ws, cli, fakellm):
    s = seed(ws)
    fakellm.script(Reply(text=f"你好！\n你在连续加班三周时说过想辞职 [{s.quit}]。\n你觉得加班能改变吗？\n"))
    out = cli("chat", input="最近加班太多了\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert f"你在连续加班三周时说过想辞职 [{s.quit}]。" in out.stdout and "你觉得加班能改变吗？" in out.stdout
    assert "无依据，未采纳" not in out.stdout and DISCLAIMER in out.stdout
    turn = the_session(reopen(ws)).turns[-1]
    chain = reopen(ws).index.chain(turn.chain_id)
    assert [(c.text, c.claim_ids) for c in chain.conclusions if c.role == "judgment"] == [
        ("你在连续加班三周时说过想辞职。", [s.quit])]


def test_small_talk_and_a_question_back_need_no_citation_and_no_disclaimer(ws, cli, fakellm):
    seed(ws)
    fakellm.script(Reply(text="谢谢你告诉我。\n这周哪一天最累？\n"))
    out = cli("chat", input="这周好累\n/quit\n", env=fakellm.env())
    assert "谢谢你告诉我。" in out.stdout and "这周哪一天最累？" in out.stdout
    assert "无依据" not in out.stdout and DISCLAIMER not in out.stdout
    assert the_session(reopen(ws)).turns[-1].chain_id is None


def test_an_english_restatement_is_shown_and_one_that_flips_a_negation_is_withheld(ws, cli, fakellm):
    """The user's own words said back in English ("you" for their "I") need no citation; said back
    with a negation added, they are the opposite of the user's words and must cite."""
    seed(ws)
    fakellm.script(Reply(text="You said you want to quit.\nYou said you don't want to quit.\n"))
    out = cli("chat", input="I want to quit.\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    shown, _, note = out.stdout.partition("## 无依据，未采纳")
    assert "You said you want to quit." in shown and "You said you want to quit." not in note, out.stdout
    assert "You said you don't want to quit." in note and "You said you don't want to quit." not in shown


def test_a_verdict_written_as_a_tool_argument_is_withheld_from_the_progress_line(ws, cli, fakellm):
    """The tool-call line goes through the one rule (pipeline.present.tool_call_line, shared with
    ``ask`` and the panel): the call and a harmless argument are shown, the verdict is not."""
    seed(ws)
    verdict = "你应该立刻辞职"
    fakellm.script(Reply(tool_calls=[("mylife_competing", {"conclusion": verdict}),
                                     ("mylife_recall", {"query": "换工作"})]),
                   Reply(text="谢谢你告诉我。\n这周哪一天最累？\n"))
    out = cli("chat", input="最近加班太多了\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert verdict not in out.stdout and verdict not in out.stderr
    assert f'mylife_competing {{"conclusion": "{t("s21f.withheld_argument")}"}}' in out.stderr
    assert 'mylife_recall {"query": "换工作"}' in out.stderr


# ----------------------------------------------------------------------------- no write without the user


def propose_zero(request: Request) -> Reply:
    if any(m.get("role") == "tool" for m in request.messages):
        return Reply(text="已经帮你把存款改成 0 了。\n")
    return Reply(tool_calls=[("mylife_profile_update", {"name": "现有存款", "value": 0})])


@pytest.mark.parametrize("answer", ["y", "n"])
def test_a_write_is_a_proposal_the_user_accepts_or_refuses_on_a_terminal(ws, ws_path, fakellm, answer):
    seed(ws)
    set_savings(ws, days_ago=200)  # stale: TTL 90
    fakellm.default = propose_zero
    term = Terminal(["chat"], cli_env(ws_path, fakellm.env()))
    term.expect("你> ")
    term.send("帮我把存款更新成 0")
    term.expect("模型想修改你的记录（还没有写入）：")
    term.expect(r"1\. 档案「现有存款」：120000 → 0")
    term.expect(r"写入第 1 项吗？\[y/N\]: ")
    term.send(answer)
    if answer == "y":
        term.expect("✓ 已写入：档案「现有存款」：120000 → 0")
    else:
        term.expect("没有写入：档案「现有存款」：120000 → 0")
    # the model's "done" came before the user's answer: withheld either way
    term.expect("「已经帮你把存款改成 0 了。」—— 在你确认之前就说已经写入")
    term.expect(DISCLAIMER)
    term.expect("你> ")
    term.send("/quit")
    assert term.wait() == 0
    assert "mylife_profile_update" in fakellm.requests[0].tool_names  # the user asked for a change
    ws = reopen(ws)
    field = ws.profile.get("现有存款")
    sets = [e for e in ws.audit.all() if e.action == "profile.set"]
    if answer == "y":
        assert field.value == 0 and field.source == "user_filled"
        assert not field.is_stale() and field.age_days() < 1  # the user's yes resets its age
        assert sets[-1].actor == "model, confirmed by user"
    else:
        assert field.value == 120000 and field.is_stale()
        assert all(e.actor == "user" for e in sets)
    proposal = the_session(ws).turns[-1].proposals[0]
    assert proposal["status"] == ("applied" if answer == "y" else "refused")


def test_json_mode_writes_only_on_an_explicit_confirmation_line(ws, cli, fakellm):
    seed(ws)
    set_savings(ws, days_ago=10)
    fakellm.default = propose_zero
    yes = cli("chat", "--json", input="帮我把存款更新成 0\nyes\n/quit\n", env=fakellm.env())
    events = [json.loads(line) for line in yes.stdout.splitlines()]
    (proposal,) = [e for e in events if e["type"] == "proposal"]
    assert proposal["effect"] == "档案「现有存款」：120000 → 0" and proposal["status"] == "pending"
    assert proposal["choices"] == ["yes", "no"] and proposal["default"] == "no"
    (result,) = [e for e in events if e["type"] == "proposal_result"]
    assert result["status"] == "applied" and result["result"]["ok"]
    assert reopen(ws).profile.get("现有存款").value == 0

    set_savings(ws, days_ago=0)  # back to 120000 (an older date would only go into the history)
    other = cli("chat", "--json", input="帮我把存款更新成 0\n那就先这样吧\n/quit\n", env=fakellm.env())
    events = [json.loads(line) for line in other.stdout.splitlines()]
    (result,) = [e for e in events if e["type"] == "proposal_result"]
    assert result["status"] == "refused"  # not a confirmation: nothing written ...
    users = [t.text for t in the_session_by_latest(reopen(ws)).user_turns]
    assert users == ["帮我把存款更新成 0", "那就先这样吧"]  # ... and the line was the next turn
    assert reopen(ws).profile.get("现有存款").value == 120000


def proposing(name: str, arguments: dict):
    def model(request: Request) -> Reply:
        if any(m.get("role") == "tool" for m in request.messages):
            return Reply(text="好的。\n")
        return Reply(tool_calls=[(name, arguments)])
    return model


def asked(stdout: str) -> str:
    """What the user saw before the first yes/no question."""
    assert "写入第 1 项吗？" in stdout, stdout
    return stdout.split("写入第 1 项吗？")[0]


def test_a_proposed_record_is_shown_whole_before_the_user_is_asked(ws, cli, fakellm):
    """A write the user did not see is a write they did not approve: a long text is shown in full
    (every line, indented), not cut to a preview, and that whole text is what is written."""
    seed(ws)
    hidden = "我已经想清楚了，下个月一定裸辞，存款够撑两年，家里人也都支持。"
    text = "今天加班到十一点，有点累。" * 5 + "\n" + hidden
    fakellm.default = proposing("mylife_record", {"text": text, "topic": "职业去留"})
    out = cli("chat", input="帮我记下来：今天加班到十一点\ny\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    before = asked(out.stdout)
    assert hidden in before and "今天加班到十一点，有点累。" * 5 in before, before
    assert "全文（2 行，原样写入）" in before
    written = [p.read_text(encoding="utf-8") for p in (ws.root / "raw").glob("*.md")]
    assert any(text in w for w in written)
    events = [json.loads(line) for line in cli("chat", "--json", input="帮我记下来：今天加班到十一点\nno\n/quit\n",
                                               env=fakellm.env()).stdout.splitlines()]
    (proposal,) = [e for e in events if e["type"] == "proposal"]
    assert hidden in "\n".join(proposal["details"])


def test_a_proposed_claim_shows_its_context_date_and_confidence(ws, cli, fakellm):
    s = seed(ws)
    pointer = ws.claims.get(s.quit).provenance
    fakellm.default = proposing("mylife_claim_add", {
        "claim": "想辞职", "topic": "职业去留", "kind": "assessment", "provenance": pointer,
        "context": "连续加班三周，每天十一点下班", "occurred_at": "2026-01-14", "confidence": "high"})
    out = cli("chat", input="帮我记一下这条证据：想辞职\ny\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    before = asked(out.stdout)
    assert "当时的语境：" in before and "连续加班三周，每天十一点下班" in before, before
    assert "日期：2026-01-14，把握高" in before
    added = [c for c in reopen(ws).claims.query(topic="职业去留") if c.context == "连续加班三周，每天十一点下班"]
    assert [(c.occurred_at.isoformat(), c.confidence) for c in added] == [("2026-01-14", "high")]


def test_a_proposed_new_field_shows_the_ttl_it_will_be_written_with(ws, cli, fakellm):
    """A new profile field the model proposes without a TTL gets one inferred: the user sees that
    TTL and its reason before the yes/no, and exactly that is written."""
    seed(ws)
    fakellm.default = proposing("mylife_profile_update", {"name": "学吉他预算", "value": 3000, "topic": "学吉他"})
    out = cli("chat", input="帮我记一下：学吉他预算 3000\ny\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    field = reopen(ws).profile.get("学吉他预算")
    assert field.ttl_days == 180 and field.ttl_reason
    before = asked(out.stdout)
    assert "有效期：180 天" in before and field.ttl_reason in before, before


def test_a_proposed_claim_whose_context_is_a_verdict_is_never_put_to_the_user(ws, cli, fakellm):
    """The judging rule runs before a claim is proposed: the user is not asked to approve a model's
    verdict as their context, and the verdict is not shown."""
    s = seed(ws)
    verdict = "你应该马上辞职，你的能力远超现在的岗位"
    fakellm.default = proposing("mylife_claim_add", {
        "claim": "想辞职", "topic": "职业去留", "kind": "assessment",
        "provenance": ws.claims.get(s.quit).provenance, "context": verdict})
    out = cli("chat", input="帮我记一下这条证据：想辞职\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert "✗ 工具调用失败：mylife_claim_add（这条证据的语境是对用户的评价或建议" in out.stdout, out.stdout
    assert "模型想修改你的记录" not in out.stdout and verdict not in out.stdout
    assert not [c for c in reopen(ws).claims.query(topic="职业去留") if c.context == verdict]


def the_session_by_latest(ws: Workspace):
    return SessionStore(ws).latest()


def test_a_failed_tool_call_is_shown_as_failed_and_done_after_it_is_withheld(ws, cli, fakellm):
    seed(ws)
    set_savings(ws, days_ago=10)
    fakellm.script(Reply(tool_calls=[("mylife_profile_update", {"name": "现有存款"})]),  # no value: invalid
                   Reply(text="done!\n已经帮你把存款改成 0 了。\n"))
    out = cli("chat", input="把存款改成 0\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert "✗ 工具调用失败：mylife_profile_update" in out.stdout
    note = out.stdout.split("## 无依据，未采纳")[1]
    assert "「done!」—— 说已经写入，但这次调用失败了（mylife_profile_update）" in note
    assert "「已经帮你把存款改成 0 了。」—— 说已经写入，但这次调用失败了" in note
    assert "模型想修改你的记录" not in out.stdout
    assert reopen(ws).profile.get("现有存款").value == 120000
    tool_result = fakellm.requests[1].messages[-1]
    assert tool_result["role"] == "tool" and '"ok": false' in tool_result["content"]


def test_write_tools_are_offered_only_when_the_user_asks_for_a_change(ws, cli, fakellm):
    seed(ws)
    set_savings(ws, days_ago=10)
    fakellm.script(Reply(tool_calls=[("mylife_profile_update", {"name": "现有存款", "value": 0})]),
                   Reply(text="好的。\n"), Reply(text="好的。\n"))
    out = cli("chat", input="我的存款现在是零了\n记一下：我的存款现在是零\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    first, _, third = fakellm.requests
    assert {"mylife_recall", "mylife_trace", "mylife_branch"} <= set(first.tool_names)
    assert not {"mylife_profile_update", "mylife_record", "mylife_claim_add", "mylife_digest"} & set(first.tool_names)
    assert "mylife_profile_update" in third.tool_names  # "记一下" asks for a change
    # the call the first turn did not offer was refused, shown, and wrote nothing
    assert "✗ 工具调用被拒绝：mylife_profile_update" in out.stdout
    assert reopen(ws).profile.get("现有存款").value == 120000


# ----------------------------------------------------------------------------- the whole conversation


def test_ten_turns_past_85_percent_of_a_small_window_are_summarised_not_cut(ws, cli, fakellm):
    config = ws.config.model_copy(deep=True)
    config.llm = {"context_window": 2600}
    config.branch.default = "continue"  # a full window also offers a split: keep talking here
    ws.save_config(config)
    said = [f"第{n}轮：我这周每天加班到十一点，周末还在回消息，我觉得很累，也开始睡不好，工作和生活完全分不开。"
            for n in range(1, 11)]

    def model(request: Request) -> Reply:
        system = request.messages[0]["content"]
        if system.startswith(SUMMARY):
            return Reply(text="你这周每天加班到十一点，周末还在回消息。你应该马上辞职。\n")
        last = request.messages[-1]["content"]
        return Reply(text="你刚才说" + last.split("：", 1)[1].replace("我", "你") + "\n")

    fakellm.default = model
    out = run_cli(["chat"], workspace=ws.root, input="\n".join(said) + "\n/quit\n", env=fakellm.env(), timeout=300)
    assert out.returncode == 0, out.stderr
    chats = [r for r in fakellm.requests if r.messages[0]["content"].startswith(CHAT)]
    summaries = [r for r in fakellm.requests if r.messages[0]["content"].startswith(SUMMARY)]
    assert len(chats) == 10 and summaries
    first_summary = fakellm.requests.index(summaries[0])
    before = [r for r in chats if fakellm.requests.index(r) < first_summary]
    assert len(before) >= 2
    for n, request in enumerate(before):  # below the threshold every turn is sent, replies included
        assert sum(1 for m in request.messages if m["role"] == "assistant") == n
        assert sum(1 for m in request.messages if m["role"] == "user" and m["content"].startswith("第")) == n + 1
    after = next(r for r in chats if fakellm.requests.index(r) > first_summary)
    sent = json.dumps(after.messages, ensure_ascii=False)
    assert "summary of the earlier conversation" in sent and "你这周每天加班到十一点" in sent
    assert said[0] not in sent and "马上辞职" not in sent  # folded, and the summary's verdict withheld
    assert out.stdout.count("对话已经很长") == 1  # told once, in plain words
    session = the_session(reopen(ws))
    assert [t.text for t in session.user_turns] == said  # every original turn stays on disk
    assert sum(1 for t in session.turns if t.role == "assistant") == 10
    summary = session.summaries[0]
    assert summary.covers >= 2 and "马上辞职" not in summary.text and summary.withheld == ["你应该马上辞职。"]


def test_a_summary_restates_only_what_the_user_said_never_the_assistants_words(ws, cli, fakellm):
    """The summary's restatements are held to the user's words in the turns it folds. The model's
    own cited judgment (「存款只够撑三个月，你应该先别辞职 [claim-…]」, shown with its evidence)
    said back in the summary without the citation is the model's verdict, not something the user
    stated: withheld, as any uncited verdict is."""
    s = seed(ws)
    config = ws.config.model_copy(deep=True)
    config.llm = {"context_window": 2600}
    config.branch.default = "continue"
    ws.save_config(config)
    said = [f"第{n}轮：我这周每天加班到十一点，周末还在回消息，我觉得很累，也开始睡不好，工作和生活完全分不开。"
            for n in range(1, 11)]
    verdict = "存款只够撑三个月，你应该先别辞职。"

    def model(request: Request) -> Reply:
        if request.messages[0]["content"].startswith(SUMMARY):
            return Reply(text="你这周每天加班到十一点，周末还在回消息。" + verdict + "\n")
        return Reply(text=f"存款只够撑三个月，你应该先别辞职 [{s.mortgage}]。\n")

    fakellm.default = model
    out = run_cli(["chat", "--json"], workspace=ws.root, input="\n".join(said) + "\n/quit\n", env=fakellm.env(),
                  timeout=300)
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    answers = [e for e in events if e.get("type") == "answer"]
    assert answers and all(s.mortgage in e["text"] for e in answers)  # shown in the chat, with its evidence
    compacted = [e for e in events if e.get("type") == "compacted"]
    assert compacted and all("别辞职" not in e["summary"] for e in compacted), compacted
    assert compacted[0]["withheld"] == [verdict]
    summary = the_session(reopen(ws)).summaries[0]
    assert "别辞职" not in summary.text and "你这周每天加班到十一点" in summary.text


# ----------------------------------------------------------------------------- cooldowns


def _config_two(ws: Workspace, primary, fallback) -> None:
    # the default rest is 20 s; 120 s here so a loaded CI machine cannot outrun it between commands
    ws.save_config(ws.config.model_copy(update={"llm": {
        "model": "openai/fake-model", "api_base": primary.url, "cooldown": 120,
        "fallbacks": [{"model": "openai/fake-model", "api_base": fallback.url}]}}))


def test_two_processes_within_20_s_of_a_failing_primary_share_its_cooldown(ws, ws_path, fakellm_pair, cli):
    primary, fallback = fakellm_pair
    s = seed(ws)
    _config_two(ws, primary, fallback)
    primary.default = Reply(status=503, error="overloaded")
    fallback.default = Reply(text=f"你说过想辞职 [{s.quit}]。\n")
    assert cli("recall", "辞职").returncode == 0  # build the search index first (two fresh builds race)
    env = cli_env(ws_path, {})
    procs = [subprocess.Popen([sys.executable, "-m", "mylife_core", "ask", "我该不该辞职？", "--json", "--no-record"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) for _ in range(2)]
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
        assert json.loads(out)["answer"]["mode"] == "model"
    assert len(primary.requests) == 2  # each process failed on it once: two failures in a row
    state = json.loads((ws_path / "cache" / "llm-cooldown.json").read_text())
    (label,) = [k for k, v in state["endpoints"].items() if v.get("until")]
    assert primary.url in label
    third = cli("ask", "我该不该辞职？", "--json", "--no-record")
    assert third.json()["answer"]["mode"] == "model"
    assert len(primary.requests) == 2  # resting: a new process does not wait on it
    status = cli("status", "--json").json()
    assert [e["endpoint"] for e in status["llm_cooling"]] == [label] and 0 < status["llm_cooling"][0]["seconds_left"] <= 120
    assert "模型端点冷却中" in cli("status").stdout


def test_a_lone_failing_endpoint_rests_across_chat_turns(ws, cli, fakellm):
    seed(ws)
    fakellm.default = Reply(status=503, error="overloaded")
    out = cli("chat", input="第一句\n第二句\n第三句\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert len(fakellm.requests) == 2  # the third turn did not wait on it
    assert out.stdout.count("模型端点都不可用") == 2 and "模型端点都在冷却" in out.stdout


def test_a_configured_but_unreachable_model_says_so_at_the_top(ws, cli):
    seed(ws)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    out = cli("ask", "我该不该辞职？", env={"MYLIFE_MODEL": "openai/fake-model", "MYLIFE_API_BASE": dead})
    assert out.returncode == 0, out.stderr
    text = out.stdout
    label = text.index("模型调用失败，已改用离线生成")
    assert text.count("模型调用失败，已改用离线生成") == 1
    assert label < text.index("你在「职业去留」上") and label < text.index("## 反证")
    assert text.splitlines().index(next(x for x in text.splitlines() if "模型调用失败" in x)) <= 3


# ----------------------------------------------------------------------------- prompts inside a turn


def test_quit_at_the_123_prompt_ends_the_chat_and_keeps_the_turn(story, cli):
    result = cli("chat", "--topic", "跳槽", "--offline", input="先不管这个，我要是没有收入能撑多久？\n/quit\n",
                 env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    assert "选哪个？" in result.stdout and "请回答" not in result.stdout and "已保存" in result.stdout
    ws = open_ws(story)
    (session,) = SessionStore(ws).all()
    assert [t.text for t in session.user_turns] == ["先不管这个，我要是没有收入能撑多久？"]
    assert session.user_turns[0].drift.action == "offered" and ws.index.branches() == []
    ws.close()


def test_a_split_that_fails_keeps_the_turn_that_asked_for_it(story, cli):
    """The split the user chose cannot be written (index.yaml edited outside MyLife): the error is
    shown, and the turn they typed is kept in the session all the same, not dropped."""
    index = story["path"] / "index.yaml"
    index.write_text(index.read_text(encoding="utf-8") + "# 我自己的备注\n", encoding="utf-8")
    result = cli("chat", "--topic", "跳槽", "--offline", input="先不管这个，我要是没有收入能撑多久？\n2\nn\n/quit\n",
                 env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    assert "index.yaml 在 MyLife 之外被改过" in result.stdout
    ws = open_ws(story)
    (session,) = SessionStore(ws).all()
    assert [t.text for t in session.user_turns] == ["先不管这个，我要是没有收入能撑多久？"]
    assert session.user_turns[0].drift.action == "offered" and ws.index.branches() == []
    assert [t.role for t in session.turns] == ["user"]  # no note saying it was split off
    ws.close()


def test_end_of_input_at_the_123_prompt_picks_what_enter_picks(story, cli):
    result = cli("chat", "--topic", "跳槽", "--offline", input="先不管这个，我要是没有收入能撑多久？\n",
                 env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    assert "（直接回车选 2）" in result.stdout
    ws = open_ws(story)
    (branch,) = ws.index.branches()  # 2: split it off, as the prompt said Enter would
    assert branch.topic == "现金流" and branch.mode == "fork"
    ws.close()


def test_a_model_profile_write_without_a_yes_changes_nothing(ws):
    """A model's write without the user's yes (as over MCP) is only a proposal: neither the value
    nor the age changes until the user accepts it (docs/design.md#approval)."""
    from mylife_core.pipeline.proposals import Proposals
    from mylife_core.tools import call_tool

    s = seed(ws)
    set_savings(ws, days_ago=200)
    before = ws.profile.get("现有存款").updated_at
    pointer = ws.claims.get(s.mortgage).provenance
    out = call_tool(ws, "mylife_profile_update", {"name": "现有存款", "value": 0, "provenance": pointer},
                    actor="model via MCP")
    assert out.ok and out.result["proposed"] is True and out.result["applied"] is False
    field = ws.profile.reload().fields["现有存款"]
    assert field.value == 120000 and field.updated_at == before and field.is_stale() and not field.history
    assert clock.now() - field.updated_at > timedelta(days=150)
    assert [(p.id, p.value) for p in Proposals(ws).pending()] == [(out.result["proposal"], 0)]


# ----------------------------------------------------------------------------- proposals on one field


def proposing_all(*calls):
    """A model that makes every call in ``calls`` in one round, then says it is done."""
    def model(request: Request) -> Reply:
        if any(m.get("role") == "tool" for m in request.messages):
            return Reply(text="好的。\n")
        return Reply(tool_calls=list(calls))
    return model


def between(stdout: str, first: int) -> str:
    """What the user saw after question ``first`` and before the next one."""
    return stdout.split(f"写入第 {first} 项吗？")[1].split(f"写入第 {first + 1} 项吗？")[0]


@pytest.mark.parametrize("first", ["y", "n"])
def test_a_second_proposal_on_a_field_shows_the_value_on_disk_when_it_is_asked(ws, cli, fakellm, first):
    """Two writes to one field in one turn: the second is shown against the value the field has
    when the user is asked (the first one's, once it is accepted), and a yes writes just that."""
    seed(ws)
    set_savings(ws, days_ago=10)
    fakellm.default = proposing_all(("mylife_profile_update", {"name": "现有存款", "value": 0}),
                                    ("mylife_profile_update", {"name": "现有存款", "value": 5000}))
    out = cli("chat", input=f"帮我把存款更新成 0，再改成 5000\n{first}\ny\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    before = "0" if first == "y" else "120000"
    second = between(out.stdout, 1)
    assert f"2. 档案「现有存款」：{before} → 5000" in second, out.stdout
    assert f"✓ 已写入：档案「现有存款」：{before} → 5000" in out.stdout
    field = reopen(ws).profile.get("现有存款")
    assert field.value == 5000
    assert [h.value for h in field.history][-1] == int(before)
    proposals = the_session_by_latest(reopen(ws)).turns[-1].proposals
    assert [p["effect"] for p in proposals][1] == f"档案「现有存款」：{before} → 5000"


def test_a_field_the_first_yes_created_is_no_longer_shown_as_new(ws, cli, fakellm):
    """A new field proposed twice: once the first is accepted, the second is a change of the value
    just written (no inferred TTL shown: the field keeps the one the user accepted)."""
    seed(ws)
    fakellm.default = proposing_all(("mylife_profile_update", {"name": "学吉他预算", "value": 3000, "topic": "学吉他"}),
                                    ("mylife_profile_update", {"name": "学吉他预算", "value": 5000, "topic": "学吉他"}))
    events = [json.loads(line) for line in cli("chat", "--json", input="帮我记一下：学吉他预算 3000，不对，5000\nyes\nyes\n/quit\n",
                                               env=fakellm.env()).stdout.splitlines()]
    first, second = [e for e in events if e["type"] == "proposal"]
    assert first["effect"] == "档案新字段「学吉他预算」：3000"
    assert any("有效期：180 天" in line for line in first["details"])
    assert second["effect"] == "档案「学吉他预算」：3000 → 5000", second
    assert not any("有效期" in line for line in second["details"])
    field = reopen(ws).profile.get("学吉他预算")
    assert (field.value, field.ttl_days) == (5000, 180)


def test_a_full_width_digit_at_the_123_prompt_is_that_choice(story, cli):
    """「３」 typed with a Chinese input method is the choice 3, not a line to ask again about
    (which then fell to Enter's default: a split the user did not choose)."""
    result = cli("chat", "--topic", "跳槽", "--offline", input="先不管这个，我要是没有收入能撑多久？\n３\n",
                 env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    assert "请输入" not in result.stdout
    ws = open_ws(story)
    (branch,) = ws.index.branches()
    assert branch.topic == "现金流" and branch.mode == "fresh"
    ws.close()

"""``mylife chat``'s promises against a user who interrupts and a model that tries its luck.

Driven as a user would: the real CLI on a pseudo-terminal (Ctrl-C is a SIGINT to the process)
or with piped input, against the fake OpenAI-compatible server on 127.0.0.1 through litellm.

* Ctrl-C while the model answers, or at one of its proposals: what was already shown stays what
  it is, a judged answer, with its chain and the disclaimer, kept on the session; what was not yet
  accepted is not written, and says so;
* a claim the model proposes shows the user's lines it cites before the yes/no, so a yes is to
  the claim *and* what it rests on.
"""

from __future__ import annotations

import json
import os
import signal
import time

import pytest
from fakellm import Reply, Request, fakellm, seed, set_savings  # noqa: F401
from test_chat import Terminal
from test_chat_guarantees import asked, proposing

from mylife_core.chat.session import SessionStore
from mylife_core.testing import cli_env, run_cli
from mylife_core.workspace import Workspace

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DISCLAIMER = "仅供参考"


@pytest.fixture
def cli(ws_path):
    """conftest's ``cli``, with time for a chat (a model round trip per turn) on a loaded machine."""

    def run(*args: str, input: str | None = None, env: dict | None = None):
        return run_cli(args, workspace=ws_path, input=input, env=env, timeout=300)

    return run


def reopen(ws: Workspace) -> Workspace:
    return Workspace.open(ws.root, plugins=ws.plugins)


def the_session(ws: Workspace):
    (session,) = SessionStore(ws).all()
    return session


def ctrl_c(term: Terminal) -> None:
    """What Ctrl-C on the user's terminal does: SIGINT to the chat's process group."""
    os.killpg(term.proc.pid, signal.SIGINT)


def interrupted_turn_ends(term: Terminal) -> str:
    """After Ctrl-C: the turn ends with its chain and the disclaimer, says it was interrupted, the
    chat goes on and ``/quit`` leaves cleanly; the chain's id."""
    chain_id = term.expect(r"依据链：(chain-[\d-]+)").group(1)
    term.expect(DISCLAIMER)
    term.expect("已中断这一轮")
    term.expect("你> ")
    term.send("/quit")
    assert term.wait() == 0
    return chain_id


# ----------------------------------------------------------------------------- Ctrl-C


def test_ctrl_c_while_the_model_answers_keeps_what_was_shown_with_its_chain_and_disclaimer(ws, ws_path, fakellm):
    """A judgment already on the screen when the user interrupts is still a judgment shown: it ends
    with the disclaimer, is laid down as a chain, and is kept on the session (it was lost: the turn
    had no answer, the model never saw what the user saw, the chain did not exist)."""
    s = seed(ws)
    shown = f"你在连续加班三周时说过想辞职 [{s.quit}]。"
    slow = "这是一段还没说完的回答，" * 40
    fakellm.script(Reply(text=f"{shown}\n{slow}\n", chunk=4, delay=0.15))
    term = Terminal(["chat"], cli_env(ws_path, fakellm.env()))
    term.expect("你> ")
    term.send("最近加班太多了")
    term.expect("说过想辞职")
    time.sleep(0.6)  # the next line is streaming
    ctrl_c(term)
    chain_id = interrupted_turn_ends(term)
    assert "这是一段还没说完的回答" not in term.text  # the unfinished line is not shown
    ws = reopen(ws)
    user, answer = the_session(ws).turns
    assert (user.role, user.text) == ("user", "最近加班太多了")
    assert answer.role == "assistant" and answer.text == shown and answer.chain_id == chain_id
    chain = ws.index.chain(chain_id)
    assert [(c.text, c.claim_ids) for c in chain.conclusions if c.role == "judgment"] == [
        ("你在连续加班三周时说过想辞职。", [s.quit])]


def test_ctrl_c_at_a_proposal_refuses_it_and_keeps_the_turn_with_the_write_already_accepted(ws, ws_path, fakellm):
    """Two proposed writes; the user accepts the first and presses Ctrl-C at the second: the second
    is not written and says so, the turn is kept with both outcomes, its chain and the disclaimer
    (the turn was lost, a write the user accepted left on no turn, the shown judgment unchained)."""
    s = seed(ws)
    set_savings(ws, days_ago=10)

    def model(request: Request) -> Reply:
        if any(m.get("role") == "tool" for m in request.messages):
            return Reply(text=f"你在连续加班三周时说过想辞职 [{s.quit}]。\n")
        return Reply(tool_calls=[("mylife_profile_update", {"name": "现有存款", "value": 0}),
                                 ("mylife_profile_update", {"name": "月收入", "value": 5})])

    fakellm.default = model
    term = Terminal(["chat"], cli_env(ws_path, fakellm.env()))
    term.expect("你> ")
    term.send("帮我把存款更新成 0")
    term.expect(r"写入第 1 项吗？\[y/N\]: ")
    term.send("y")
    term.expect(r"写入第 2 项吗？\[y/N\]: ")
    time.sleep(0.3)
    ctrl_c(term)
    term.expect("没有写入：档案新字段「月收入」：5")
    chain_id = interrupted_turn_ends(term)
    ws = reopen(ws)
    assert ws.profile.get("现有存款").value == 0 and ws.profile.find("月收入") is None
    answer = the_session(ws).turns[-1]
    assert answer.role == "assistant" and answer.chain_id == chain_id
    assert [(p["tool"], p["arguments"]["name"], p["status"]) for p in answer.proposals] == [
        ("mylife_profile_update", "现有存款", "applied"), ("mylife_profile_update", "月收入", "refused")]


# ----------------------------------------------------------------------------- what a yes is to


def test_a_proposed_claim_shows_the_users_lines_it_cites_before_the_yes(ws, cli, fakellm):
    """The model files 「我讨厌现在的老板」 as the user's assessment, pointing at a line that says the
    opposite. The proposal showed only the pointer, so the user said yes to words their line does
    not say; now the cited line is shown under it (as ``mylife extract`` shows it), in JSON too."""
    s = seed(ws)
    pointer = ws.claims.get(s.love).provenance  # "热爱这里，绝不想辞职。"
    fakellm.default = proposing("mylife_claim_add", {"claim": "我讨厌现在的老板", "topic": "职业去留",
                                                     "kind": "assessment", "provenance": pointer})
    out = cli("chat", input="帮我记一下这条证据\nn\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    before = asked(out.stdout)
    assert f"所引的你的原文（{pointer}）：" in before and "热爱这里，绝不想辞职。" in before, before
    assert not [c for c in reopen(ws).claims.query(topic="职业去留") if c.claim == "我讨厌现在的老板"]
    events = [json.loads(line) for line in cli("chat", "--json", input="帮我记一下这条证据\nno\n/quit\n",
                                               env=fakellm.env()).stdout.splitlines()]
    (proposal,) = [e for e in events if e["type"] == "proposal"]
    assert "    热爱这里，绝不想辞职。" in proposal["details"]


def test_a_proposed_profile_value_shows_the_line_it_cites(ws, cli, fakellm):
    s = seed(ws)
    set_savings(ws, days_ago=10)
    pointer = ws.claims.get(s.mortgage).provenance
    fakellm.default = proposing("mylife_profile_update", {"name": "现有存款", "value": 0, "provenance": pointer})
    out = cli("chat", input="帮我把存款更新成 0\nn\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    before = asked(out.stdout)
    assert f"所引的你的原文（{pointer}）：" in before and "房贷每月 8000，存款只够撑三个月。" in before, before


def test_a_claim_citing_lines_that_are_not_there_is_never_put_to_the_user(ws, cli, fakellm):
    """A pointer past the end of the note: the user was asked to approve a claim that then failed
    on their yes; now the call fails before anything is proposed, and says why."""
    s = seed(ws)
    file = ws.claims.get(s.quit).provenance.split("#")[0]
    fakellm.default = proposing("mylife_claim_add", {"claim": "想辞职", "topic": "职业去留", "kind": "assessment",
                                                     "provenance": f"{file}#L40"})
    out = cli("chat", input="帮我记一下这条证据\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert "✗ 工具调用失败：mylife_claim_add" in out.stdout and "模型想修改你的记录" not in out.stdout, out.stdout


# ----------------------------------------------------------------------------- transcripts and commands


def test_the_transcripts_json_carries_a_withheld_verdict_only_as_withheld(ws, cli, fakellm):
    """``mylife sessions ID --json`` gave each turn's ``model_text``, the model's words as they came:
    an uncited verdict the chat withheld reached a program reading the transcript as the model's
    answer. As ``ask --json`` (no raw model text), it is there only under ``withheld``, with why."""
    seed(ws)
    verdict = "你的能力远超现在的岗位，应该马上辞职。"
    fakellm.script(Reply(text=f"谢谢你告诉我。\n{verdict}\n"))
    out = cli("chat", input="我最近工作很累\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    session = the_session(reopen(ws))
    assert session.turns[-1].model_text  # kept in the session file
    doc = cli("sessions", session.id, "--json").json()
    answer = doc["turns"][-1]
    assert answer["text"] == "谢谢你告诉我。" and "model_text" not in answer
    assert [w["text"] for w in answer["withheld"]] == [verdict] and answer["withheld"][0]["problems"]
    elsewhere = json.dumps({**doc, "turns": [{k: v for k, v in t.items() if k != "withheld"} for t in doc["turns"]]},
                           ensure_ascii=False)
    assert "远超" not in elsewhere


def test_split_fresh_is_a_word_not_the_start_of_a_topic(ws, cli):
    """``/split --freshman`` split off a fresh branch on the topic "man"."""
    out = cli("chat", "--offline", input="最近在想学英语\n/split --freshman\n/quit\n")
    assert out.returncode == 0, out.stderr
    (branch,) = reopen(ws).index.branches()
    assert (branch.topic, branch.mode) == ("--freshman", "fork")


# ----------------------------------------------------------------------------- a digest proposed in chat


def test_a_proposed_digest_writes_what_the_user_was_shown(ws, cli, fakellm):
    """A digest the model proposes in chat ended the chat with an internal error (exit 70). Now it
    is shown as it would be written, and that is what a yes writes: a sentence withheld when shown
    (its citation, a claim that did not exist yet) is not written because the claim proposed just
    before it was accepted by then."""
    s = seed(ws)
    file = ws.claims.get(s.quit).provenance.split("#")[0]
    unseen = "你连续加班三周，每天十一点下班"
    digest = f"{unseen} [claim-2026-01-15-002]。\n\n你在加班三周后说过想辞职 [{s.quit}]。\n"

    def model(request: Request) -> Reply:
        if any(m.get("role") == "tool" for m in request.messages):
            return Reply(text="好的。\n")
        return Reply(tool_calls=[("mylife_claim_add", {"claim": "连续加班三周，每天十一点下班", "topic": "职业去留",
                                                       "kind": "fact", "provenance": f"{file}#L1"}),
                                 ("mylife_digest", {"topic": "职业去留", "text": digest})])

    fakellm.default = model
    out = cli("chat", input="帮我记一下这条证据，再写个摘要\ny\ny\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    shown = out.stdout.split("写入第 2 项吗？")[0].split("写入第 1 项吗？")[1]
    assert "另有 1 句缺少依据，不会写入" in shown and unseen not in shown, shown
    assert "✓ 已写入：改写「职业去留」的摘要" in out.stdout
    ws = reopen(ws)
    assert ws.claims.get("claim-2026-01-15-002").claim == "连续加班三周，每天十一点下班"  # accepted first
    written = ws.digests.read("职业去留", original=True) or ws.digests.read("职业去留")
    assert f"说过想辞职 [{s.quit}]" in written and unseen not in written, written


def test_a_digest_with_nothing_to_keep_is_never_put_to_the_user(ws, cli, fakellm):
    seed(ws)
    fakellm.default = proposing("mylife_digest", {"topic": "职业去留", "text": "你应该马上辞职。\n\n你的能力远超现在的岗位。\n"})
    out = cli("chat", input="帮我写个摘要\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert "✗ 工具调用失败：mylife_digest" in out.stdout and "模型想修改你的记录" not in out.stdout, out.stdout
    assert "马上辞职" not in out.stdout.split("✗ 工具调用失败")[0]


# ----------------------------------------------------------------------------- restatements


@pytest.mark.parametrize("said, reply", [
    ("我不觉得我应该辞职", "你应该辞职。"),  # the negation dropped
    ("我没有能力做好这份工作", "你有能力做好这份工作。"),  # flattery by dropping the negation
    ("朋友说我应该辞职", "你应该辞职。"),  # someone else's view handed back as the user's
    ("我妈觉得我应该马上辞职", "你应该马上辞职。"),
])
def test_a_verdict_that_reverses_or_reassigns_the_users_words_is_not_a_restatement(said, reply):
    from mylife_core.pipeline.judging import classify

    assert classify(reply, user_words=[said]) == "judgment"


@pytest.mark.parametrize("said, reply", [
    ("我觉得我应该辞职", "你觉得你应该辞职。"),
    ("我觉得我没有能力做好这份工作", "你说你觉得你没有能力做好这份工作。"),
    ("连续加班三周了，真的想跳槽", "你刚才说连续加班三周了，真的想跳槽。"),
])
def test_the_users_own_words_said_back_are_still_a_restatement(said, reply):
    from mylife_core.pipeline.judging import classify

    assert classify(reply, user_words=[said]) == "restatement"


def test_the_opposite_of_what_the_user_said_is_withheld_in_chat(ws, cli, fakellm):
    """The user says they do not think they should quit; the model answers 「你应该辞职。」 with no
    citation. It passed as a restatement (every character pair is in the user's line) and was
    shown; it is a verdict without evidence, withheld with the disclaimer."""
    seed(ws)
    fakellm.script(Reply(text="你应该辞职。\n"))
    out = cli("chat", input="我不觉得我应该辞职\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    shown, note = out.stdout.split("## 无依据，未采纳")
    assert "你应该辞职" not in shown.split("我不觉得我应该辞职", 1)[1]
    assert "「你应该辞职。」—— 没有引用任何证据" in note and DISCLAIMER in note


def test_ctrl_c_while_the_model_answers_a_decision_question_ends_it_as_every_answer_ends(ws, ws_path, fakellm):
    """A decision question (``/ask``) goes through ask's pipeline. Ctrl-C while the model streamed
    its analysis broke the answer off after a judgment: no disclaimer, no chain, no answer on the
    session. Now the model's answer stops there, the brief stands in (labelled as interrupted), and
    the answer ends with the chain and the disclaimer, kept on the session."""
    s = seed(ws)
    slow = "这是一段还没说完的分析，" * 40
    fakellm.default = Reply(text=f"你在连续加班三周时说过想辞职 [{s.quit}]。\n{slow}\n", chunk=4, delay=0.15)
    term = Terminal(["chat"], cli_env(ws_path, fakellm.env()))
    term.expect("你> ")
    term.send("/ask 我该不该辞职？")
    term.expect("说过想辞职")
    time.sleep(0.6)
    ctrl_c(term)
    term.expect("你中断了模型的回答")
    chain_id = term.expect(r"依据链：(chain-[\d-]+)").group(1)
    term.expect(DISCLAIMER)
    term.expect("你> ")
    term.send("/quit")
    assert term.wait() == 0
    assert "这是一段还没说完的分析" not in term.text
    ws = reopen(ws)
    answer = the_session(ws).turns[-1]
    assert answer.role == "assistant" and answer.kind == "decision" and answer.chain_id == chain_id
    assert ws.index.chain(chain_id).mode == "offline"


# ----------------------------------------------------------------------------- verdicts dressed as layout


def test_a_verdict_written_as_a_heading_is_judged_not_passed_as_a_label(ws, cli, fakellm):
    """A Markdown heading was layout, shown as it came: 「## 你的能力远超现在的岗位，应该马上辞职」
    reached the screen with no citation and no disclaimer. A heading (or a table's header row)
    that judges or advises is judged like any sentence; a plain one ("## 分析") stays a label."""
    seed(ws)
    fakellm.script(Reply(text="## 分析\n## 你的能力远超现在的岗位，应该马上辞职\n谢谢你告诉我。\n"))
    out = cli("chat", input="我最近工作很累\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    shown, note = out.stdout.split("## 无依据，未采纳")
    assert "## 分析" in shown and "远超" not in shown
    assert "「你的能力远超现在的岗位，应该马上辞职」—— 没有引用任何证据" in note and DISCLAIMER in note


def test_a_digest_keeps_plain_headings_and_judges_one_that_advises(ws):
    from mylife_core.pipeline.judging import Judge, filter_text

    text = "# 职业去留\n\n| 表述 | 日期 |\n|---|---|\n\n| 你应该马上辞职 | 日期 |\n|---|---|\n\n## 最好马上辞职\n"
    kept, judged = filter_text(Judge(ws), text)
    assert "# 职业去留" in kept and "| 表述 | 日期 |" in kept and "马上辞职" not in kept, kept
    assert {s.text for s in judged.withheld} == {"你应该马上辞职 日期", "最好马上辞职"}

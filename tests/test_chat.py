"""``mylife chat`` driven as a user would: on a pseudo-terminal and with piped input, against the
fake OpenAI-compatible server on 127.0.0.1 (reached through litellm), or with no model at all.

The main story (docs/design.md#drift): a career question; a detour into finances; drift is offered
in plain words; the detour is split off with the conversation; the process is killed and the
chat resumed; the branch is closed with a handoff sheet the model drafts; the conclusion is
written to L2/L3 and pulled back into the career question, which is looked at again.
"""

from __future__ import annotations

import codecs
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fakellm import FakeLLM, Reply, Request, fakellm  # noqa: F401
from lens_support import import_lens, installed, lens_env

from mylife_core.chat.session import Line, SessionStore
from mylife_core.messages import t
from mylife_core.testing import cli_env, plugin_host
from mylife_core.workspace import Workspace

LENSES = ("mylife-career", "mylife-finance")
PLUGINS = ",".join(LENSES)
DISCLAIMER = "仅供参考"


# ----------------------------------------------------------------------------- a terminal


class Terminal:
    """``mylife`` on a pseudo-terminal: ``expect`` what it prints, ``send`` what a user types."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        # a user's terminal delivers Ctrl-C: a test run started in the background (SIGINT ignored,
        # as a shell does for `cmd &`) must not pass that on to the chat it drives
        self.proc = subprocess.Popen([sys.executable, "-m", "mylife_core", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True, start_new_session=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        os.close(slave)
        self.fd = master
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.text = ""
        self.pos = 0
        self.closed = False

    def _pump(self, timeout: float) -> None:
        if self.closed:
            time.sleep(timeout)
            return
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            self.closed = True
            return
        self.text += self.decoder.decode(chunk).replace("\r\n", "\n")

    def expect(self, pattern: str, timeout: float = 90) -> re.Match:
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            match = regex.search(self.text, self.pos)
            if match:
                self.pos = match.end()
                return match
            if time.monotonic() > deadline or (self.closed and self.proc.poll() is not None):
                raise AssertionError(f"did not see {pattern!r}; transcript:\n{self.text}")
            self._pump(0.1)

    def send(self, line: str) -> None:
        os.write(self.fd, line.encode("utf-8") + b"\n")

    def wait(self, timeout: float = 60) -> int:
        deadline = time.monotonic() + timeout
        while not self.closed and time.monotonic() < deadline:
            self._pump(0.1)
        code = self.proc.wait(timeout=max(1, deadline - time.monotonic()))
        os.close(self.fd)
        return code

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        os.close(self.fd)


# ----------------------------------------------------------------------------- the workspace


@pytest.fixture
def story(ws_path, tmp_path_factory):
    """A workspace with the career and finance lenses, fresh profile values, and the user's own
    statements on both topics (recorded to L0, distilled to L2 with pointers)."""
    modules = [import_lens(tmp_path_factory, d) for d in LENSES]
    ws, _ = Workspace.init(ws_path, plugins=plugin_host(*modules))
    for name, value, ttl in (("月收入", 20000, 180), ("现有存款", 120000, 90), ("工作年限", 5, 365),
                             ("对当前工作的评估", "累，但能学到东西", 60), ("月支出", 8000, 90)):
        ws.profile.set(name, value, ttl_days=ttl, ttl_given=True)
    claims = {}
    for key, text, topic, kind in (
            ("overtime", "连续加班三周了，真的想跳槽", "职业去留", "assessment"),
            ("team", "其实我挺喜欢现在的团队，不想离开", "职业去留", "assessment"),
            ("savings", "我的存款不够撑三个月，不敢裸辞", "现金流", "assessment")):
        record = ws.raw.record((text + "\n").encode("utf-8"), topic=topic)
        claim, _ = ws.claims.add(claim=text, topic=topic, kind=kind, provenance=f"{record.file}#L1")
        claims[key] = claim.id
    ws.close()
    env = lens_env(installed(tmp_path_factory, *LENSES))
    return {"path": ws_path, "claims": claims, "env": env, "modules": modules}


def open_ws(story) -> Workspace:
    return Workspace.open(story["path"], plugins=plugin_host(*story["modules"]))


def chat_env(story, fake: FakeLLM | None = None, **extra: str) -> dict[str, str]:
    env = {**story["env"], **(fake.env() if fake is not None else {}), **extra}
    return cli_env(story["path"], env, load_plugins=PLUGINS)


HANDOFF = {"question_answered": "没有收入的话存款能撑多久",
           "conclusion": "能撑一年，裸辞可行，前提是月支出压在九千以内",
           "new_claims": ["每个月固定开销九千左右"],
           "fields": {"月支出": 9000},
           "competing_evidence": ["信用卡分期的余额还没确认，若超过两万则结论不成立"],
           "open_questions": ["信用卡分期的确切余额是多少？"],
           "impact_on_parent_topic": "空窗期可行性提高，裸辞这个选项的权重上升"}


def model(request: Request) -> Reply:
    """The fake model answers by the kind of request MyLife sends (its system prompt)."""
    system = request.messages[0]["content"] if request.messages else ""
    everything = json.dumps(request.messages, ensure_ascii=False)
    ids = re.findall(r"claim-\d{4}-\d{2}-\d{2}-\d{3}", everything)
    if system.startswith("你是 MyLife 的决策助手"):
        cite = f" [{ids[0]}]" if ids else ""
        return Reply(text=f"你在连续加班时说过想走{cite}\n真正要解的问题，是不是强度能不能改变？\n")
    if system.startswith("你根据一个子话题的对话"):
        return Reply(text=json.dumps(HANDOFF, ensure_ascii=False))
    if system.startswith("你是 MyLife 的对话助手"):
        return Reply(text="你刚才说每个月固定开销九千左右。\n按这个开销，存款能撑几个月，你算过吗？")
    return Reply(status=500, error=f"unexpected request: {system[:40]}")


# ----------------------------------------------------------------------------- the story


def test_career_then_a_finance_detour_split_off_resumed_closed_and_pulled_back(story, fakellm):
    fakellm.default = model
    env = chat_env(story, fakellm)

    term = Terminal(["chat", "--topic", "跳槽"], env)
    term.expect("主线「跳槽」")
    term.expect("你> ")
    term.send("我该不该跳槽？")
    term.expect("你在「职业去留」上的多段表述")
    term.expect(story["claims"]["overtime"])
    term.expect("真正要解的问题")
    term.expect(DISCLAIMER)
    term.expect("你> ")

    term.send("先不管这个，我要是没有收入能撑多久？")
    term.expect("我注意到我们从「跳槽」聊到了「现金流」")
    term.expect("就在这里继续聊")
    term.expect("拆成一个子话题去聊（结束时会带回一份结论，原话题保留）")
    term.expect("建议拆出去 —— 「现金流」依赖的是另一组数据")
    term.expect(r"选哪个？\[1/2/3\]（直接回车选 2）: ")
    assert "sub-agent" not in term.text and "子 Agent" not in term.text  # plain words only
    term.send("2")
    term.expect(r"不再问我吗？\[y/N\]: ")
    term.send("n")
    branch_id = term.expect(r"已把「现金流」拆成子话题（(br-[\d-]+)，带着之前的对话）").group(1)
    term.expect("决策：空窗期")  # the detour's own question, answered in the branch
    term.expect(DISCLAIMER)
    term.expect("你> ")
    term.send("我每个月固定开销九千左右")
    term.expect("你刚才说每个月固定开销九千左右")  # a restatement: shown without a citation
    term.expect("存款能撑几个月，你算过吗？")  # a question back
    term.expect("你> ")
    term.kill()  # the terminal dies in the middle of the branch

    ws = open_ws(story)
    branch = ws.index.branch(branch_id)
    assert (branch.status, branch.topic, branch.parent_topic, branch.mode) == ("open", "现金流", "职业去留", "fork")
    store = SessionStore(ws)
    child = store.load(branch.session)
    parent = store.load(branch.parent_session)
    assert [turn.text for turn in child.user_turns] == ["先不管这个，我要是没有收入能撑多久？", "我每个月固定开销九千左右"]
    assert "我该不该跳槽？" in [turn.text for turn in child.inherited]  # forked with the conversation
    assert [turn.text for turn in parent.user_turns] == ["我该不该跳槽？"]  # the main line stayed clean
    assert parent.turns[-1].kind == "branch" and parent.turns[-1].branch_id == branch_id
    ws.close()
    # the branch's chat turn reached the model with the parent's conversation (subagent_fork)
    chat_request = next(r for r in fakellm.requests if r.messages[0]["content"].startswith("你是 MyLife 的对话助手"))
    assert any(m["role"] == "user" and m["content"] == "我该不该跳槽？" for m in chat_request.messages)
    assert "从「职业去留」拆出来的子话题「空窗期」" in chat_request.messages[0]["content"]

    term = Terminal(["chat", "--resume"], env)
    term.expect("这是从「职业去留」拆出来的子话题「空窗期」")
    term.expect("我每个月固定开销九千左右")  # where we left off
    term.expect("你> ")
    term.send("/close")
    term.expect("正在根据这个子话题的对话起草交接单")
    # the draft's verdicts cite nothing: withheld by the judging rule, and asked of the user
    term.expect("## 无依据，未采纳")
    term.expect("「能撑一年，裸辞可行，前提是月支出压在九千以内」—— 没有引用任何证据")
    term.expect("请用你自己的话补上")
    term.expect("结论是什么（一句话）: ")
    term.send(HANDOFF["conclusion"])
    term.expect(r"削弱这个结论的证据（至少一条")
    term.send(HANDOFF["competing_evidence"][0])
    term.expect("还有吗")
    term.send("")
    term.expect("意味着什么（必填）: ")
    term.send(HANDOFF["impact_on_parent_topic"])
    term.expect("competing_evidence:")
    term.expect(r"就这样收尾吗？y 是 / e 修改 / n 先不收尾 \[y\]: ")
    term.send("y")
    term.expect(f"分支「现金流」（{branch_id}）已收尾")
    term.expect("「现金流」这个分支带回了结论")
    term.expect("削弱它的证据：信用卡分期的余额还没确认")
    # the parent checks what came back against what the user said before: a conflict is asked about
    term.expect(f"和你 \\d{{4}}-\\d{{2}} 说的「我的存款不够撑三个月，不敢裸辞」（{story['claims']['savings']}）对不上")
    term.expect(r"哪个更接近现在？.*\[3\]: ")
    term.send("1")
    term.expect(f"{story['claims']['savings']} 已被 claim-[\\d-]+ 取代")
    term.expect(re.escape("我们之前停在「跳槽」，刚聊出来的结论改变了 月支出：8000 → 9000，要不要重新看那个问题？"))
    term.expect(r"\[Y/n\]: ")
    term.send("y")
    term.expect("带着新结论重新看：我该不该跳槽？")
    term.expect(DISCLAIMER)
    term.expect("你> ")
    term.send("/quit")
    assert term.wait() == 0

    ws = open_ws(story)
    branch = ws.index.branch(branch_id)
    assert branch.status == "merged" and branch.handoff.competing_evidence == HANDOFF["competing_evidence"]
    conclusion = ws.claims.get(branch.conclusion_ref.split("#")[1])
    assert conclusion.claim == HANDOFF["conclusion"] and conclusion.topic == "现金流"
    assert ws.profile.get("月支出").value == 9000 and ws.profile.get("月支出").history[-1].value == 8000
    parent = SessionStore(ws).load(branch.parent_session)
    assert branch_id in parent.pulled_back
    assert [turn.text for turn in parent.user_turns] == ["我该不该跳槽？", "我该不该跳槽？"]  # looked at again
    chains = [turn.chain_id for turn in parent.turns if turn.chain_id]
    assert len(chains) == 2 and all(ws.index.chain(c).decision == "跳槽" for c in chains)
    old = ws.claims.get(story["claims"]["savings"])
    assert old.status == "superseded" and old.superseded_by == conclusion.id  # the user's answer, written
    ws.close()


def test_a_process_killed_while_the_model_answers_loses_nothing_the_user_typed(story, fakellm):
    fakellm.script(Reply(text="这是一段很慢很慢的回答，" * 20, chunk=2, delay=0.2))
    env = chat_env(story, fakellm)
    term = Terminal(["chat", "--topic", "职业去留"], env)
    term.expect("你> ")
    term.send("最近老板总在周会上点名批评我")
    term.expect("这是一段很")  # the answer is streaming ...
    term.kill()  # ... when the machine dies
    ws = open_ws(story)
    (session,) = SessionStore(ws).all()
    assert [turn.text for turn in session.user_turns] == ["最近老板总在周会上点名批评我"]
    ws.close()
    fakellm.default = model
    term = Terminal(["chat", "--resume", session.id], env)
    term.expect("最近老板总在周会上点名批评我")
    term.expect("你> ")
    term.send("/quit")
    assert term.wait() == 0


# ----------------------------------------------------------------------------- no model


def test_without_a_model_decisions_get_the_brief_and_free_talk_says_a_model_is_needed(story, cli):
    result = cli("chat", "--topic", "跳槽", input="我该不该跳槽？\n最近心情不太好\n/quit\n", env=story["env"],
                 load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "没有配置模型：决策问题" in out and "docs/configuration.md" in out
    assert "结构化简报" in out and "你在「职业去留」上的多段表述" in out and DISCLAIMER in out
    assert "依据链：chain-" in out
    assert "没有配置模型，我没法自由聊天" in out
    ws = open_ws(story)
    (session,) = SessionStore(ws).all()
    kinds = [(turn.role, turn.kind) for turn in session.turns]
    assert kinds == [("user", "decision"), ("assistant", "decision"), ("user", "chat"), ("assistant", "offline")]
    assert ws.index.chain(session.turns[1].chain_id).question == "我该不该跳槽？"
    ws.close()
    # status's recent changes list what changed the layers, not each turn of the conversation
    recent = cli("status", "--json", env=story["env"], load_plugins=PLUGINS).json()["recent_changes"]
    assert recent and "session.turn" not in {e["action"] for e in recent}


@pytest.mark.parametrize("text, asks", [
    # asked without a question mark (session 21: these were read as remarks)
    ("我该做什么", True), ("为什么非要辞职", True), ("怎么跟老板开口", True), ("跳槽之后房贷怎么还", True),
    ("辞职有啥好处", True), ("什么样的工作适合我", True), ("那存款呢", True), ("要辞职吗～", True),
    ("存款够撑几个月吗……", True), ("是不是该辞职了", True), ("要不要换工作", True),
    # the same words asking nothing: nothing, hardly, however, somehow, something, etc., still
    ("没什么好说的", False), ("最近不怎么想工作", False), ("今天没做什么", False), ("什么都不想干", False),
    ("怎么也睡不着", False), ("再怎么努力也没用", False), ("不管怎么说都得先攒钱", False),
    ("不知道为什么最近总想辞职", False), ("这就是为什么我还没走", False), ("有什么好犹豫的", False),
    ("该做点什么了", False), ("买点菜什么的", False), ("怎么这么累", False), ("我知道怎么做", False),
    ("还在加班呢", False), ("好着呢", False),
])
def test_a_question_is_known_without_its_question_mark(text, asks):
    from mylife_core.chat.topics import is_question

    assert is_question(text) is asks


@pytest.mark.parametrize("text, asks", [
    # an A-not-A inside a concessive asks nothing (session 22: these were read as questions)
    ("不管去不去，我都要先把房贷还完", False), ("不管去不去我都要先把房贷还完", False),
    ("无论买不买，我都要先存够首付", False), ("不论工资是不是涨，我都得先把房贷还上", False),
    ("无论是否跳槽，存款都要留够半年", False), ("无论如何我也要先还房贷", False),
    ("我不管他同不同意，这个月就递辞呈", False),
    # ... and real A-not-A questions stay questions, a concessive before them or not
    ("我该不该跳槽", True), ("去不去", True), ("到底去不去", True), ("不管去不去？", True),
    ("无论如何，该不该跳槽", True), ("不管怎样，你说我去不去", True),
])
def test_a_concessive_a_not_a_is_a_statement(text, asks):
    from mylife_core.chat.topics import is_question

    assert is_question(text) is asks


def test_a_decision_asked_without_a_question_mark_gets_the_brief(story, cli):
    result = cli("chat", "--topic", "跳槽", input="为什么非要跳槽\n/quit\n", env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    assert "结构化简报" in result.stdout and "没有配置模型，我没法自由聊天" not in result.stdout
    ws = open_ws(story)
    (session,) = SessionStore(ws).all()
    assert [(turn.role, turn.kind) for turn in session.turns] == [("user", "decision"), ("assistant", "decision")]
    ws.close()


def test_a_declined_split_is_remembered_for_the_session_and_the_preference_for_good(story, cli):
    env = story["env"]
    first = cli("chat", "--topic", "跳槽", "--offline",
                input="我的房贷要不要提前还？\n1\ny\n提前还贷的话月供能少多少？\n/quit\n", env=env, load_plugins=PLUGINS)
    assert first.returncode == 0, first.stderr
    assert first.stdout.count("我注意到我们从") == 1  # kept here: not offered again for the same topic
    assert "记住了：话题转换时就在这里继续" in first.stdout
    ws = open_ws(story)
    assert ws.config.branch.default == "continue"
    (session,) = SessionStore(ws).all()
    assert session.declined == ["现金流"] and session.current.topic == "现金流"
    assert session.user_turns[0].drift.action == "continue" and session.user_turns[0].drift.drifted
    ws.close()
    second = cli("chat", "--topic", "跳槽", "--offline", input="换个话题，我的房贷要不要提前还？\n/quit\n", env=env,
                 load_plugins=PLUGINS)
    assert "按你的设置，就在这里继续" in second.stdout and "选哪个" not in second.stdout


def test_a_remembered_split_splits_without_asking(story, cli):
    ws = open_ws(story)
    config = ws.config.model_copy(deep=True)
    config.branch.default = "split"
    ws.save_config(config)
    ws.close()
    result = cli("chat", "--topic", "跳槽", "--offline", "--json", input="我的房贷要不要提前还？\n/quit\n",
                 env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines()]
    types = [e["type"] for e in events]
    assert types[0] == "session" and types[-1] == "end"
    assert "offer" not in types
    (branch,) = [e for e in events if e["type"] == "branch"]
    assert branch["branch"]["topic"] == "现金流" and branch["branch"]["parent_topic"] == "职业去留"
    (drift,) = [e for e in events if e["type"] == "drift"]
    assert drift["drifted"] and {s["signal"] for s in drift["signals"]} >= {"explicit_marker", "field_set"}
    (answer,) = [e for e in events if e["type"] == "answer"]
    assert answer["kind"] == "decision" and answer["answer"]["answer"]["decision"] == "提前还贷"


def test_json_mode_answers_an_offer_from_the_next_line(story, cli):
    result = cli("chat", "--topic", "跳槽", "--offline", "--json",
                 input="先不管这个，我的房贷要不要提前还？\n3\n/quit\n", env=story["env"], load_plugins=PLUGINS)
    events = [json.loads(line) for line in result.stdout.splitlines()]
    (offer,) = [e for e in events if e["type"] == "offer"]
    assert offer["choices"] == ["continue", "split", "fresh"] and offer["to"] == "现金流"
    (branch,) = [e for e in events if e["type"] == "branch"]
    assert branch["branch"]["mode"] == "fresh"
    ws = open_ws(story)
    assert SessionStore(ws).load(branch["session"]).inherited == []
    assert ws.config.branch.default == "ask"  # JSON mode never asks to remember
    ws.close()


@pytest.mark.parametrize("json_mode", [False, True])
def test_words_said_at_an_offer_instead_of_a_choice_are_the_next_turn(story, cli, json_mode):
    """Found by a tester: at the topic offer's 1/2/3 prompt, 「你觉得我是不是太懦弱了」 got 「请输入 1/2/3
    中的一个」 and was never kept. A line that says something is now the user's next turn (kept in
    the session like any other), and the offer takes the choice that changes nothing."""
    said = "你觉得我是不是太懦弱了"
    result = cli("chat", "--topic", "跳槽", "--offline", *(["--json"] if json_mode else []),
                 input=f"先不管这个，我的房贷要不要提前还？\n{said}\n/quit\n", env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    ws = open_ws(story)
    store = SessionStore(ws)
    (session,) = [store.load(path.stem) for path in (ws.root / "sessions").glob("chat-*.yaml")]
    assert said in [turn.text for turn in session.turns if turn.role == "user"]
    assert ws.index.branches() == [] or not any(b.topic == "现金流" for b in ws.index.branches())
    assert ws.config.branch.default == "ask"  # nothing was chosen to remember
    ws.close()
    if not json_mode:
        assert t("chat.choose.again", answers="1/2/3") not in result.stdout
        assert t("s29chat.choose.as_turn", answers="1/2/3") in result.stdout


def test_words_said_at_the_remember_prompt_are_the_next_turn(story, cli):
    """Found by a second tester: after choosing at a topic offer, 「以后都这样处理…不再问我吗？[y/N]」
    took 「我其实还没想好要不要记住」 as a no and the line was kept nowhere. It is a no, and the
    user's next turn (in the branch the choice opened), kept like any other."""
    said = "我其实还没想好要不要记住"
    result = cli("chat", "--topic", "跳槽", "--offline", input=f"先不管这个，我的房贷要不要提前还？\n2\n{said}\n/quit\n",
                 env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    ws = open_ws(story)
    store = SessionStore(ws)
    texts = [turn.text for path in (ws.root / "sessions").glob("*.yaml") for turn in store.load(path.stem).turns
             if turn.role == "user"]
    assert said in texts, texts
    assert ws.config.branch.default == "ask"
    ws.close()
    assert t("s29fix2.confirm.as_turn") in result.stdout


def test_an_open_branch_is_mentioned_when_the_user_comes_back_to_its_topic(story, cli):
    from mylife_core.chat.branches import open_branch

    ws = open_ws(story)
    branch, _ = open_branch(ws, topic="现金流", parent_topic="职业去留", question="存款能撑多久？")
    ws.close()
    result = cli("chat", "--offline", input="最近心情一般\n我每个月的开销太大了\n/quit\n", env=story["env"],
                 load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    mention = t("chat.mention", topic="现金流", id=branch.id, date=branch.opened_at.date().isoformat(), parent="职业去留")
    assert result.stdout.count(mention) == 1


def test_closing_the_branch_in_chat_without_a_model_asks_item_by_item(story, cli):
    answers = "\n".join([
        "先不管这个，我的房贷要不要提前还？", "2", "n",
        "/close", "", "提前还一部分划算", "", "房贷=4000", "", "利率以后可能下调", "", "", "房贷压力小了，跳槽更从容", "y",
        "",   # 房贷 is a new field: accept the TTL the finance lens proposes
        "n",  # not now: the career question is not looked at again
        "/quit"]) + "\n"
    result = cli("chat", "--topic", "跳槽", "--offline", input=answers, env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "已收尾" in result.stdout and "我们之前停在「跳槽」，刚聊出来的结论改变了 房贷：新记下 4000" in result.stdout
    assert "分支的结论已经记下" in result.stdout
    ws = open_ws(story)
    (branch,) = ws.index.branches()
    assert branch.status == "merged" and branch.handoff.question_answered == "我的房贷要不要提前还？"
    assert ws.profile.get("房贷").ttl_days == 365 and ws.profile.get("房贷").provenance.startswith("raw/")
    ws.close()


def _cash_branch(story):
    """The story's workspace with a 跳槽 chat (``parent``) and, split off it, an open 现金流 branch."""
    from mylife_core.chat.branches import open_branch

    ws = open_ws(story)
    store = SessionStore(ws)
    parent = store.create(main=Line(topic="职业去留", decision="跳槽", label="跳槽", question="我该不该跳槽？"))
    parent.add("user", "我该不该跳槽？", topic="职业去留", kind="decision")
    store.save(parent)
    branch, session = open_branch(ws, topic="现金流", parent_topic="职业去留", question="存款能撑多久？", parent=parent)
    return ws, store, parent, branch, session


def test_quit_at_a_sheet_question_in_any_case_or_width_ends_the_chat_and_keeps_what_was_typed(story, cli):
    """Chat commands are read in any case and width (``/Close``, a Chinese input method's ``／ｔｏｐｉｃ``),
    and ``/quit`` is one at the handoff sheet's questions too: it was taken as the answer (an open
    question "/QUIT"). It ends the chat there, nothing is written, and the items typed so far are
    kept in the branch's session."""
    ws, store, parent, branch, session = _cash_branch(story)
    ws.close()
    raws = sorted((story["path"] / "raw").rglob("*.md"))
    answers = "\n".join(["／ｔｏｐｉｃ", "/Close", "", "能撑一年，前提是月支出压在九千以内", "", "月支出=9000", "",
                          "信用卡分期的余额还没确认", "", "／ＱＵＩＴ", "这一行不该被读到"]) + "\n"
    result = cli("chat", "--resume", branch.id, "--offline", input=answers, env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "主线：「现金流」" in result.stdout  # ／ｔｏｐｉｃ ran as /topic
    assert "你填到一半的交接单没有丢" in result.stdout and "这一行不该被读到" not in result.stdout
    ws = open_ws(story)
    assert ws.index.branch(branch.id).status == "open"
    assert sorted((story["path"] / "raw").rglob("*.md")) == raws  # no sheet recorded
    kept = SessionStore(ws).load(session.id)
    (note,) = [turn for turn in kept.turns if turn.role == "note" and turn.kind == "handoff"]
    for typed in ("能撑一年，前提是月支出压在九千以内", "信用卡分期的余额还没确认", "月支出: '9000'"):
        assert typed in note.text, note.text
    assert "QUIT" not in note.text.upper()
    ws.close()


def test_the_end_of_input_at_a_sheet_question_keeps_what_was_typed_as_quit_does(story, cli):
    """Ctrl-D (the end of input) at one of the handoff sheet's questions ends the chat as ``/quit``
    there does: nothing is written and the items typed so far are kept in the branch's session
    (they were dropped with "cancelled")."""
    ws, store, parent, branch, session = _cash_branch(story)
    ws.close()
    raws = sorted((story["path"] / "raw").rglob("*.md"))
    answers = "\n".join(["/close", "", "能撑一年，前提是月支出压在九千以内", "", "月支出=9000", "",
                          "信用卡分期的余额还没确认"]) + "\n"  # then the end of input, at "anything else?"
    result = cli("chat", "--resume", branch.id, "--offline", input=answers, env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "你填到一半的交接单没有丢" in result.stdout, result.stdout
    ws = open_ws(story)
    assert ws.index.branch(branch.id).status == "open"
    assert sorted((story["path"] / "raw").rglob("*.md")) == raws  # no sheet recorded
    kept = SessionStore(ws).load(session.id)
    (note,) = [turn for turn in kept.turns if turn.role == "note" and turn.kind == "handoff"]
    assert note.text.startswith(t("s24e.chat.close.sheet_eof_note")), note.text
    for typed in ("能撑一年，前提是月支出压在九千以内", "信用卡分期的余额还没确认", "月支出: '9000'"):
        assert typed in note.text, note.text
    ws.close()


def test_quit_at_a_new_fields_ttl_question_keeps_the_checked_sheet(story, cli):
    """``/quit`` at the TTL question of a field the sheet creates (asked before anything is written)
    ends the chat with nothing written and the sheet kept, as a close that fails keeps it."""
    ws, store, parent, branch, session = _cash_branch(story)
    ws.close()
    answers = "\n".join(["/close", "", "能撑一年，前提是月支出压在九千以内", "", "房贷=4000", "",
                          "信用卡分期的余额还没确认", "", "", "空窗期可行性提高", "y", "/Quit"]) + "\n"
    result = cli("chat", "--resume", branch.id, "--offline", input=answers, env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "你填的交接单没有丢" in result.stdout
    ws = open_ws(story)
    assert ws.index.branch(branch.id).status == "open" and ws.profile.find("房贷") is None
    text = "\n".join(turn.text for turn in SessionStore(ws).load(session.id).turns)
    assert "空窗期可行性提高" in text and "房贷" in text
    ws.close()


def test_a_sheet_typed_for_a_close_that_fails_is_kept_and_offered_again(story, cli):
    """/close, the sheet typed item by item, and the close refused (index.yaml edited outside
    MyLife): nothing is written, the sheet is kept in the branch's session, and the next /close
    starts from it instead of asking for every item again."""
    ws, store, parent, branch, session = _cash_branch(story)
    ws.close()
    index = story["path"] / "index.yaml"
    index.write_text(index.read_text(encoding="utf-8") + "# 我自己的备注\n", encoding="utf-8")
    answers = "\n".join(["/close", "", "能撑一年，前提是月支出压在九千以内", "", "月支出=9000", "",
                          "信用卡分期的余额还没确认", "", "", "空窗期可行性提高", "y",
                          "/close", "n", "/quit"]) + "\n"
    result = cli("chat", "--resume", branch.id, "--offline", input=answers, env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "index.yaml 在 MyLife 之外被改过" in result.stdout
    second = result.stdout.split("index.yaml 在 MyLife 之外被改过", 1)[1]
    assert "结论是什么" not in second and "能撑一年，前提是月支出压在九千以内" in second  # offered again, whole
    ws = open_ws(story)
    assert ws.index.branch(branch.id).status == "open"
    kept = SessionStore(ws).load(session.id)
    text = "\n".join(turn.text for turn in kept.turns)
    for typed in ("能撑一年，前提是月支出压在九千以内", "信用卡分期的余额还没确认", "空窗期可行性提高", "9000"):
        assert typed in text
    ws.close()


def test_a_reason_typed_for_an_abandon_that_fails_is_kept_and_used_again(story, cli):
    """/abandon with a reason, refused (index.yaml edited outside MyLife): the reason is printed
    back with the error and kept in the branch's session, and a bare /abandon once the file is
    accepted gives the branch up with it, without the user typing it again."""
    ws, store, parent, branch, session = _cash_branch(story)
    ws.close()
    index = story["path"] / "index.yaml"
    index.write_text(index.read_text(encoding="utf-8") + "# 我自己的备注\n", encoding="utf-8")
    reason = "存款的事等年终奖发了再看，现在想也没用"
    result = cli("chat", "--resume", branch.id, "--offline", input=f"/abandon {reason}\n/quit\n",
                 env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "index.yaml 在 MyLife 之外被改过" in result.stdout
    assert reason in result.stdout  # printed back (the typed line is not echoed)
    ws = open_ws(story)
    assert ws.index.branch(branch.id).status == "open"
    assert reason in "\n".join(turn.text for turn in SessionStore(ws).load(session.id).turns)
    ws.close()

    assert cli("verify", "--accept", "index.yaml", env=story["env"]).returncode == 0
    result = cli("chat", "--resume", branch.id, "--offline", input="/abandon\n/quit\n",
                 env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    ws = open_ws(story)
    assert ws.index.branch(branch.id).status == "abandoned"
    ws.close()


def test_a_verdict_in_the_drafts_question_fields_is_withheld_when_closing_in_chat(story, fakellm, cli):
    """QA, session 20: the model's handoff draft put verdicts where questions go
    (question_answered 「你的存款足够裸辞」, open questions 「你已经做得很好了」「裸辞没问题」) and
    they reached the sheet unjudged. Through the chat's /close: withheld, listed, asked of the user."""
    ws, store, _, branch, session = _cash_branch(story)
    session.add("user", "我每个月固定开销九千左右", topic="现金流", kind="chat")
    store.save(session)
    ws.close()
    savings = story["claims"]["savings"]
    fakellm.script(Reply(text=json.dumps({
        "question_answered": "你的存款足够裸辞",
        "conclusion": f"我的存款不够撑三个月 [{savings}]",
        "new_claims": ["我每个月固定开销九千左右"],
        "competing_evidence": [f"不敢裸辞 [{savings}]"],
        "open_questions": ["你已经做得很好了", "裸辞没问题", "信用卡分期的确切余额是多少？"],
        "impact_on_parent_topic": f"跳槽前要先算清存款 [{savings}]"}, ensure_ascii=False)))
    # /close; accept the branch's own question; no fields; yes to the sheet; not now to the pull-back
    result = cli("chat", "--resume", session.id, input="/close\n\n\ny\nn\n/quit\n",
                 env={**story["env"], **fakellm.env()}, load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    withheld = result.stdout.split("## 无依据，未采纳")[1].split("交接单（收尾时")[0]
    for verdict in ("你的存款足够裸辞", "你已经做得很好了", "裸辞没问题"):
        assert f"「{verdict}」—— 没有引用任何证据" in withheld
    assert "这个子话题回答了什么问题？[存款能撑多久？]" in result.stdout  # asked of the user instead
    sheet = result.stdout.split("交接单（收尾时")[1].split("就这样收尾吗")[0]
    assert "你的存款足够裸辞" not in sheet and "做得很好" not in sheet and "没问题" not in sheet
    ws = open_ws(story)
    handoff = ws.index.branch(branch.id).handoff
    assert handoff.question_answered == "存款能撑多久？"
    assert handoff.open_questions == ["信用卡分期的确切余额是多少？"]
    ws.close()


def test_a_model_suggesting_a_split_only_proposes_it(story, fakellm, cli):
    fakellm.script(Reply(tool_calls=[("mylife_branch", {"topic": "健康", "question": "失眠怎么办"})]),
                   Reply(text="失眠听起来是另一件需要单独想的事。"))
    result = cli("chat", "--topic", "职业去留", input="最近加班加到失眠\n1\n/quit\n", env={**story["env"], **fakellm.env()},
                 load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    assert "我建议把「健康」拆出去单独聊" in result.stdout
    ws = open_ws(story)
    assert ws.index.branches() == []  # the user chose to keep it here: no branch behind their back
    ws.close()
    tool_result = json.dumps(fakellm.requests[1].messages[-1], ensure_ascii=False)
    assert "proposed" in tool_result and "<<<UNTRUSTED_SOURCE_DATA>>>" in tool_result


def test_read_only_chat_refuses_the_models_writes(story, fakellm, cli):
    fakellm.script(Reply(tool_calls=[("mylife_profile_update", {"name": "月收入", "value": 1})]),
                   Reply(text="好的。"))
    result = cli("chat", "--read-only", input="我涨薪了\n/quit\n", env={**story["env"], **fakellm.env()},
                 load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    ws = open_ws(story)
    assert ws.profile.get("月收入").value == 20000
    ws.close()
    assert "mylife_profile_update" not in fakellm.requests[0].tool_names


def test_turning_back_to_the_parent_inside_a_branch_offers_to_close_or_go_back(story, cli):
    answers = "先不管这个，我的房贷要不要提前还？\n2\nn\n说回跳槽吧\n2\n/quit\n"
    result = cli("chat", "--topic", "跳槽", "--offline", input=answers, env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "你想回到「职业去留」了。「提前还贷」这个子话题怎么处理？" in out
    assert "先收尾「提前还贷」，带回结论" in out
    assert "回到「跳槽」。分支「提前还贷」" in out and "接着你刚才说的：说回跳槽吧" in out
    assert "还没有收尾" not in out  # the branch the user just left is not "mentioned" back to them
    assert "问题：我的房贷要不要提前还？" in out  # the decision question, without the words that switched
    ws = open_ws(story)
    (branch,) = ws.index.branches()
    assert branch.status == "open"
    parent = SessionStore(ws).load(branch.parent_session)
    assert parent.user_turns[-1].text == "说回跳槽吧"
    ws.close()


def test_a_branch_closed_from_the_command_line_is_pulled_back_when_its_parent_resumes(story, cli, tmp_path):
    import yaml

    ws, _, parent, branch, _ = _cash_branch(story)
    ws.close()
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(yaml.safe_dump(HANDOFF, allow_unicode=True, sort_keys=False), encoding="utf-8")
    closed = cli("branch", "close", branch.id, "--handoff", str(sheet), env=story["env"], load_plugins=PLUGINS)
    assert closed.returncode == 0 and "还没回答" in closed.stdout  # the conflict waits for the chat
    result = cli("chat", "--resume", parent.id, "--offline", input="2\nn\n/quit\n", env=story["env"],
                 load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "「现金流」这个分支带回了结论" in out and story["claims"]["savings"] in out and "对不上" in out
    assert "我们之前停在「跳槽」，刚聊出来的结论改变了 月支出：8000 → 9000" in out
    ws = open_ws(story)
    shown = SessionStore(ws).load(parent.id)
    assert branch.id in shown.pulled_back
    outcome = SessionStore(ws).load(ws.index.branch(branch.id).session).outcome
    (conflict,) = outcome.conflicts
    assert conflict.resolved == "old" and ws.claims.get(conflict.new_id).status == "disputed"
    assert ws.claims.get(story["claims"]["savings"]).status == "active"
    ws.close()
    again = cli("chat", "--resume", parent.id, "--offline", input="/quit\n", env=story["env"], load_plugins=PLUGINS)
    assert "带回了结论" not in again.stdout  # pulled back once


# ----------------------------------------------------------------------------- sessions


def test_sessions_list_show_and_a_busy_or_broken_session(story, cli):
    env = story["env"]
    cli("chat", "--topic", "跳槽", "--offline", input="我该不该跳槽？\n/quit\n", env=env, load_plugins=PLUGINS)
    listed = cli("sessions", "--json", env=env, load_plugins=PLUGINS).json()
    assert listed["count"] == 1
    (summary,) = listed["sessions"]
    assert summary["label"] == "跳槽" and summary["turns"] == 1 and summary["status"] == "active"
    shown = cli("sessions", summary["id"], env=env, load_plugins=PLUGINS)
    assert "我该不该跳槽？" in shown.stdout and "chain-" in shown.stdout
    assert cli("sessions", "chat-1999-01-01-01", env=env, load_plugins=PLUGINS).returncode == 3
    assert cli("sessions", "nonsense", env=env, load_plugins=PLUGINS).returncode == 2

    ws = open_ws(story)
    lock = SessionStore(ws).hold(summary["id"])  # another window has it open
    busy = cli("chat", "--resume", summary["id"], input="/quit\n", env=env, load_plugins=PLUGINS)
    assert busy.returncode == 6 and "正在另一个窗口里进行" in busy.stderr
    lock.release()
    ws.close()

    path = Path(story["path"]) / "sessions" / f"{summary['id']}.yaml"
    broken = path.read_text(encoding="utf-8").replace("turns:", "turns: [", 1)
    path.write_text(broken, encoding="utf-8")
    result = cli("chat", "--resume", input="/quit\n", env=env, load_plugins=PLUGINS)
    assert result.returncode == 5 and str(path) in result.stderr and "Traceback" not in result.stderr
    assert path.read_text(encoding="utf-8") == broken  # never overwritten


def test_resume_of_the_session_open_here_stays_in_it(story, cli):
    """``/resume ID`` naming the session (or the branch) this chat has open is not "busy in another
    window": the chat says it is the current session and goes on in it."""
    env = story["env"]
    cli("chat", "--topic", "跳槽", "--offline", input="我该不该跳槽？\n/quit\n", env=env, load_plugins=PLUGINS)
    (summary,) = cli("sessions", "--json", env=env, load_plugins=PLUGINS).json()["sessions"]
    sid = summary["id"]
    result = cli("chat", "--resume", sid, "--offline", input=f"/resume {sid}\n最近心情一般\n/quit\n", env=env,
                 load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    assert "另一个窗口" not in result.stdout + result.stderr
    assert f"会话 {sid}（主线「跳槽」）就是现在这个会话" in result.stdout
    events = [json.loads(line) for line in cli("chat", "--resume", sid, "--offline", "--json",
                                               input=f"/resume {sid}\n/quit\n", env=env,
                                               load_plugins=PLUGINS).stdout.splitlines()]
    assert [e.get("current") for e in events if e["type"] == "session"] == [None, True]
    assert not [e for e in events if e["type"] == "error"]
    ws = open_ws(story)
    (session,) = SessionStore(ws).all()
    assert [x.text for x in session.user_turns] == ["我该不该跳槽？", "最近心情一般"]
    ws.close()

    split = cli("chat", "--resume", sid, "--offline", input="/split 现金流\n/quit\n", env=env, load_plugins=PLUGINS)
    assert split.returncode == 0, split.stderr
    ws = open_ws(story)
    (branch,) = ws.index.branches()
    ws.close()
    inside = cli("chat", "--resume", branch.id, "--offline", input=f"/resume {branch.id}\n/quit\n", env=env,
                 load_plugins=PLUGINS)
    assert inside.returncode == 0 and "就是现在这个会话" in inside.stdout, inside.stdout + inside.stderr


def test_a_turn_held_back_by_stale_fields_is_kept_with_those_fields(story, cli):
    """Issue s20i.8: a decision turn stopped by expired fields was saved as needing nothing
    ("（需要先更新或确认数据：-）"), and that summary is what the model reads later. It names the
    fields that held it back, expired ones first, in the transcript and in the session file."""
    from datetime import date, timedelta

    env = {**story["env"], "MYLIFE_NOW": (date.today() + timedelta(days=200)).isoformat()}
    chatted = cli("chat", "--topic", "跳槽", "--offline", input="我该不该跳槽？\n/quit\n", env=env, load_plugins=PLUGINS)
    assert chatted.returncode == 0, chatted.stderr
    assert "回答这个问题前" in chatted.stdout  # held back by the staleness check
    (summary,) = cli("sessions", "--json", env=env, load_plugins=PLUGINS).json()["sessions"]
    shown = cli("sessions", summary["id"], env=env, load_plugins=PLUGINS).stdout
    held = re.search(r"（需要先更新或确认数据：(.+)）", shown)
    assert held, shown
    assert held.group(1).split("、")[:3] == ["月收入", "现有存款", "对当前工作的评估"], held.group(1)
    ws = open_ws(story)
    (session,) = SessionStore(ws).all()
    ws.close()
    assert "现有存款" in session.turns[1].text and "：-）" not in session.turns[1].text


def test_the_transcripts_chain_line_traces_in_the_workspace_given_with_w(story, tmp_path):
    """The chain line a decision turn keeps in the transcript said a plain ``mylife trace …``,
    which pasted acts on the default workspace, not the one the chat ran on."""
    import shlex

    from mylife_core.testing import run_cli

    ws = Path(story["path"]).rename(tmp_path / "my notes")  # a folder a shell must quote; no MYLIFE_HOME

    def run(*args: str, input: str | None = None):
        return run_cli(args, input=input, env=story["env"], load_plugins=PLUGINS)

    chatted = run("chat", "--topic", "跳槽", "--offline", "-w", str(ws), input="我该不该跳槽？\n/quit\n")
    assert chatted.returncode == 0, chatted.stderr
    (summary,) = run("sessions", "--json", "-w", str(ws)).json()["sessions"]
    shown = run("sessions", summary["id"], "-w", str(ws))
    trace = re.search(r"`(mylife [^`]+ trace chain-[^`]+)`", shown.stdout)
    assert trace and trace.group(1).startswith(f"mylife -w {shlex.quote(str(ws))} trace "), shown.stdout
    traced = run(*shlex.split(trace.group(1))[1:])
    assert traced.returncode == 0 and "我该不该跳槽？" in traced.stdout, traced.stderr


def test_topic_and_resume_together_is_bad_input(story, cli):
    result = cli("chat", "--topic", "跳槽", "--resume", input="", env=story["env"], load_plugins=PLUGINS)
    assert result.returncode == 2 and "--topic 和 --resume 只能选一个" in result.stderr


def test_a_new_field_named_with_a_verdict_in_the_draft_is_withheld_when_closing_in_chat(story, fakellm, cli):
    """The model's handoff draft named a new profile field with a verdict (「你应该马上裸辞」): the
    name is the model's label, shown on the sheet and stored as the user's field on yes. The label
    rule of extract and the tools withholds it (listed, with why); the rest of the sheet stands."""
    ws, store, _, branch, session = _cash_branch(story)
    session.add("user", "我每个月固定开销九千左右", topic="现金流", kind="chat")
    store.save(session)
    ws.close()
    savings = story["claims"]["savings"]
    fakellm.script(Reply(text=json.dumps({
        "question_answered": "存款能撑多久？",
        "conclusion": f"我的存款不够撑三个月 [{savings}]",
        "new_claims": ["我每个月固定开销九千左右"],
        "fields": {"你应该马上裸辞": "是"},
        "competing_evidence": [f"不敢裸辞 [{savings}]"],
        "open_questions": ["信用卡分期的确切余额是多少？"],
        "impact_on_parent_topic": f"跳槽前要先算清存款 [{savings}]"}, ensure_ascii=False)))
    result = cli("chat", "--resume", session.id, input="/close\ny\nn\n/quit\n",
                 env={**story["env"], **fakellm.env()}, load_plugins=PLUGINS)
    assert result.returncode == 0, result.stdout + result.stderr
    withheld = result.stdout.split("## 无依据，未采纳")[1].split("交接单（收尾时")[0]
    assert "「你应该马上裸辞」—— " in withheld and "新字段的名字" in withheld, withheld
    sheet = result.stdout.split("交接单（收尾时")[1].split("就这样收尾吗")[0]
    assert "裸辞" not in sheet.replace("不敢裸辞", ""), sheet
    ws = open_ws(story)
    assert ws.index.branch(branch.id).status == "merged"
    assert "你应该马上裸辞" not in ws.profile.fields()
    ws.close()


def test_a_line_that_is_not_utf8_is_kept_with_the_bad_bytes_marked(ws, cli, ws_path):
    """QA s22f.4: a line with bytes that are not UTF-8 (a terminal set to GBK, a pasted binary)
    ended the chat as an internal error (exit 70, UnicodeDecodeError) and every line after it was
    never read; where stdin let the bytes through as escapes, the drift plugin failed on them and
    the turn was not kept. Now the bad bytes are replaced by U+FFFD, said once on stderr, and the
    line is a turn like any other; the lines after it too."""
    typed = "先说一句正常的话\n".encode() + "坏字节 ".encode() + b"\xff" + " 在这里，".encode() + b"\xe4\xb8" + \
        " 半个字\n".encode() + "再说一句\n/quit\n".encode()
    result = cli("chat", "--offline", input=typed)  # PYTHONIOENCODING=utf-8: a strict decoder
    assert result.returncode == 0, (result.stdout[-800:], result.stderr)
    assert "内部错误" not in result.stderr and "UnicodeDecodeError" not in result.stderr, result.stderr
    assert "这一行里有 2 处字节不是 UTF-8 文本" in result.stderr, result.stderr
    (session,) = SessionStore(Workspace.open(ws_path)).all()
    said = [turn.text for turn in session.turns if turn.role == "user"]
    assert said == ["先说一句正常的话", "坏字节 \ufffd 在这里，\ufffd 半个字", "再说一句"], said


def test_a_turn_whose_drift_signal_fails_is_kept(ws, cli, ws_path, tmp_path):
    """A third-party drift signal that raised on a turn lost the turn: the signals are assessed
    before the turn is kept, and the error left the turn unsaved though the chat went on. The
    turn is kept (saved) first; the error is shown and the conversation goes on."""
    site = tmp_path / "site"
    dist = site / "brokensignal-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: brokensignal\nVersion: 0.1\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[mylife]\nbrokensignal = brokensignal_plugin\n", encoding="utf-8")
    (site / "brokensignal_plugin.py").write_text(
        "from mylife_core import hookimpl\n\n\n"
        "@hookimpl\n"
        "def detect_drift(turn, session, workspace):\n"
        "    if '猫' in turn:\n"
        "        raise RuntimeError('the signal broke')\n"
        "    return None\n", encoding="utf-8")
    env = {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    result = cli("chat", "--offline", input="先说一句正常的话\n我家的猫今天生病了，花了八百块\n再说一句\n/quit\n",
                 env=env, load_plugins="brokensignal")
    assert "the signal broke" in result.stdout + result.stderr, (result.stdout[-1500:], result.stderr)
    (session,) = SessionStore(Workspace.open(ws_path)).all()
    said = [turn.text for turn in session.turns if turn.role == "user"]
    assert said == ["先说一句正常的话", "我家的猫今天生病了，花了八百块", "再说一句"], (said, result.stderr)

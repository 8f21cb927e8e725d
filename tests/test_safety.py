"""A life in danger (mylife_core.safety): no command weighs it, every one says where to reach a
person. Found by a newcomer's first hour: 「我该不该自杀？」 got a brief whose draft conclusion was
「我该自杀」 and "no evidence weakens it", exit 0."""

from __future__ import annotations

import json

import pytest

from mylife_core.messages import set_language, t
from mylife_core.safety import crisis, support_lines
from mylife_core.tools import call_tool

HOTLINE = "12356"


@pytest.mark.parametrize("text", [
    "我该不该自杀？", "我是不是不想活了？", "活着没意思，要不要干脆算了", "真的想死", "有时候觉得死了算了",
    "想割腕", "想伤害自己", "结束自己的生命", "我朋友想轻生，我该怎么办", "活着还有什么意义",
    "Should I kill myself?", "I want to die", "thinking about suicide", "I keep hurting myself", "self-harm again",
    # found by a second tester: other common wordings
    "我该不该从楼上跳下去？", "该不该去死？", "我应该去死", "我想去死", "要不要吃一整瓶安眠药？", "攒了一瓶安眠药",
    "Should I just die?", "I should just die", "Should I jump off the bridge?", "Should I take all my sleeping pills?",
])
def test_words_of_ending_a_life_or_self_harm_are_found(text):
    assert crisis(text), text


@pytest.mark.parametrize("text", [
    "想死你了，周末见", "跳楼价清仓", "自杀式加班还要不要继续", "累死了", "笑死我了", "我该不该跳槽？",
    "This commute is killing me", "I should quit my job", "the end of my lease",
    "我该不该去死磕这个项目", "The market is going to die",
])
def test_idioms_that_only_look_alike_are_left_alone(text):
    assert crisis(text) is None, text


def test_ask_weighs_nothing_and_says_where_to_reach_a_person(cli):
    assert cli("init").returncode == 0
    assert cli("record", "我想自杀，活着没意思", "--topic", "心情").returncode == 0
    r = cli("ask", "我该不该自杀？")
    assert r.returncode == 11, r.stderr
    assert HOTLINE in r.stdout and t("safety.label") in r.stdout and t("safety.not_weighed") in r.stdout
    assert "我该自杀" not in r.stdout and "反证" not in r.stdout and "判定" not in r.stdout
    assert "仅供参考" in r.stdout  # the disclaimer still ends it
    data = cli("ask", "我是不是不想活了？", "--json").json()
    assert data["status"] == "denied" and data["answer"]["verdict"]["data"] == {"refused": "crisis"}
    assert data["answer"]["statements"] == [] and data["answer"]["competing"] == []
    assert data["chain"] is None  # nothing recorded as an answer


def test_ask_in_english_gives_the_english_lines(cli):
    assert cli("init", "--language", "en").returncode == 0
    r = cli("ask", "Should I kill myself?", env={"MYLIFE_LANG": "en"})
    assert r.returncode == 11 and "988" in r.stdout and "findahelpline.com" in r.stdout
    assert "I should kill myself" not in r.stdout


def test_competing_on_the_cli_and_over_the_tools_weighs_nothing(cli, ws):
    r = cli("competing", "我该自杀", "--json")
    assert r.returncode == 11
    data = r.json()
    assert data["refused"] == "crisis" and any(HOTLINE in line for line in data["support"])
    tool = call_tool(ws, "mylife_competing", {"conclusion": "你应该结束自己的生命"}, actor="model via MCP").result
    assert tool["refused"] == "crisis" and tool["items"] == [] and tool["support"] == support_lines(asked=True)


def test_record_keeps_the_words_exactly_then_says_where_to_reach_a_person(cli, ws_path):
    assert cli("init").returncode == 0
    words = "今天又被骂了。真的不想活了。\n"
    r = cli("record", words, "--topic", "心情", "--json")
    assert r.returncode == 0, r.stderr
    data = r.json()
    assert (ws_path / data["record"]["file"]).read_bytes() == words.encode("utf-8")
    assert any(HOTLINE in line for line in data["support"])
    shown = cli("record", words, "--topic", "心情")
    assert t("safety.kept") in shown.stdout and HOTLINE in shown.stdout
    plain = cli("record", "想死你了，周末见", "--topic", "心情", "--json").json()
    assert "support" not in plain


def test_a_model_recording_such_words_over_mcp_is_given_the_lines_to_pass_on(ws):
    out = call_tool(ws, "mylife_record", {"text": "用户说：我不想活了", "topic": "心情"}, actor="model via MCP").result
    assert out["support"] == support_lines()
    plain = call_tool(ws, "mylife_record", {"text": "今天发工资了", "topic": "财务"}, actor="model via MCP").result
    assert "support" not in plain


def test_a_chat_turn_gets_the_lines_before_anything_else(cli):
    assert cli("init").returncode == 0
    r = cli("chat", "--offline", "--json", input="最近好累，有时候真的想死\n/quit\n")
    assert r.returncode == 0, r.stderr
    events = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    support = [e for e in events if e.get("type") == "support"]
    assert support and any(HOTLINE in line for line in support[0]["lines"])
    # offline, the lines alone: no how-to-chat note, no recalled notes (a second tester's find)
    assert not [e for e in events if e.get("type") == "answer"], events
    shown = cli("chat", "--offline", input="我该不该去死？\n/quit\n")
    assert HOTLINE in shown.stdout and t("chat.offline.free") not in shown.stdout
    plain = cli("chat", "--offline", "--json", input="最近好累，想换个工作\n/quit\n")
    assert not [line for line in plain.stdout.splitlines() if '"support"' in line]


def test_the_lines_exist_in_both_languages():
    for language in ("zh", "en"):
        set_language(language)
        try:
            lines = support_lines(asked=True)
            assert len(lines) == 4 and all(lines)
        finally:
            set_language(None)

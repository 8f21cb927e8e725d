"""How ``mylife ask`` reads notes and drafts its two sides (session 31): a verdict on doing an act
("I'd be a fool to stay another year" is for quitting, not against it), 「X让我Y」 as what X does to
how the user feels (not X's view, 「最近工作上的事 的看法」), English drafts for an English question
about how things are (not 「不Am I sleeping well lately」), and a negated note's reason quoting the
negation as said (「没怎么失眠」, not 「失眠」). Real workspaces, the real ``mylife`` in a subprocess,
no model (the offline rules)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mylife_core.pipeline.stance import frame_for, negate_question, read
from mylife_core.testing import demo_workspace, run_cli

NOW = {"MYLIFE_NOW": "2026-06-15T10:00:00"}


def add(cli, text: str, topic: str, when: str) -> str:
    data = cli("claim", "add", text, "--topic", topic, "--kind", "assessment", "--at", when, "--json", env=NOW).json()
    return data["claim"]["id"]


# ------------------------------------------------------------------------------ 1. a verdict on doing the act

@pytest.mark.parametrize("conclusion, text, side, speaker, reported_side", [
    # staying judged foolish: for leaving
    ("I should quit my job", "I'd be a fool to stay another year", 1, None, 0),
    ("I should quit my job", "I would be a fool to stay", 1, None, 0),
    ("I should quit my job", "It would be a mistake to stay here", 1, None, 0),
    ("I should quit my job", "Honestly it would be stupid to stay", 1, None, 0),
    ("I should change jobs", "It would be dumb to keep my job", 1, None, 0),
    # the act judged foolish: against it
    ("I should quit my job", "It would be a mistake to quit", -1, None, 0),
    ("I should quit my job", "I'd be crazy to leave now", -1, None, 0),
    ("I should change jobs", "I'd be a fool to change jobs now", -1, None, 0),
    # a negated act (or staying) judged foolish: the other side
    ("I should quit my job", "Not quitting would be foolish", 1, None, 0),
    ("I should change jobs", "Not changing jobs now would be a foolish move", 1, None, 0),
    ("I should quit my job", "It would be stupid not to quit", 1, None, 0),
    ("I should change jobs", "I'd be a fool not to change jobs", 1, None, 0),
    ("I should quit my job", "It would be stupid not to stay", -1, None, 0),
    ("I should quit my job", "Not staying would be foolish", -1, None, 0),
    # a verdict denied, a verdict of good sense
    ("I should quit my job", "It wouldn't be a mistake to quit", 1, None, 0),
    ("I should quit my job", "I think it would be smart to leave now", 1, None, 0),
    # unchanged: the act judged as the subject, someone else's verdict shown apart
    ("I should quit my job", "Quitting now would be a foolish move", -1, None, 0),
    ("I should change jobs", "Changing jobs now would be a foolish move", -1, None, 0),
    ("I should quit my job", "Quitting without an offer is reckless.", -1, None, 0),
    ("I should quit my job", "My friend said I'd be a fool to stay", 0, "My friend", 1),
    ("I should quit my job", "I want to stay", -1, None, 0),
    ("I should quit my job", "I want to quit", 1, None, 0),
])
def test_a_verdict_on_doing_an_act_takes_the_side_opposite_to_the_act(conclusion, text, side, speaker,
                                                                      reported_side):
    reading = read(text, frame_for(conclusion))
    assert (reading.side, reading.speaker, reading.reported_side) == (side, speaker, reported_side), reading


def test_an_english_workspace_lists_a_fool_to_stay_for_quitting(cli):
    """"I'd be a fool to stay another year" was listed against "I should quit my job"."""
    assert cli("init", "--language", "en").returncode == 0
    ids = {text: add(cli, text, "career", when) for text, when in (
        ("I'd be a fool to stay another year", "2026-05-01"),
        ("Quitting now would be a foolish move", "2026-05-10"),
        ("My friend said I'd be a fool to stay", "2026-05-20"),
    )}
    quit_ = cli("competing", "I should quit my job", "--topic", "career", "--offline", "--json", env=NOW).json()
    against_quitting = {i["claim_id"] for i in quit_["items"]}
    assert ids["Quitting now would be a foolish move"] in against_quitting
    assert ids["I'd be a fool to stay another year"] not in against_quitting
    assert ids["My friend said I'd be a fool to stay"] not in against_quitting
    stay = cli("competing", "I should stay", "--topic", "career", "--offline", "--json", env=NOW).json()
    assert ids["I'd be a fool to stay another year"] in {i["claim_id"] for i in stay["items"]}
    # the friend's verdict, for quitting: shown apart against staying, never as the user's
    assert [o["speaker"] for o in stay["others"]] == ["My friend"]


# ------------------------------------------------------------------------------ 2. 「X让我Y」: what X does to the user

@pytest.mark.parametrize("text, speaker", [
    ("最近工作上的事让我不太开心", None),
    ("加班让我很焦虑", None),
    ("领导让我很失望", None),
    ("现在的工作让我很满意", None),
    ("这种日子让我越来越累", None),
    ("这份工作总是让我觉得很压抑", None),
    # unchanged: what someone asks of the user is their view
    ("老板让我周末加班", "老板"),
    ("我妈让我别辞职", "我妈"),
    ("同事劝我跳槽", "同事"),
])
def test_what_something_does_to_how_the_user_feels_is_nobodys_view(text, speaker):
    assert read(text, frame_for("我该辞职")).speaker == speaker, read(text, frame_for("我该辞职"))


@pytest.mark.parametrize("question, yes, no", [
    ("最近工作上的事让我不太开心，怎么办？", "最近工作上的事让我不开心", "最近工作上的事没有让我不开心"),
    ("工作让我开心吗？", "工作让我开心", "工作没有让我开心"),
    ("为什么加班总是让我很焦虑？", "加班让我焦虑", "加班没有让我焦虑"),
    ("工作是不是让我不开心？", "工作让我不开心", "工作没有让我不开心"),
    ("这份工作没有让我有成就感吗？", "这份工作没有让我有成就感", "这份工作让我有成就感"),
    ("现在的生活让我很满意，还要折腾吗？", "现在的生活让我满意", "现在的生活没有让我满意"),
    # unchanged: an act asked about, someone asking something of the user
    ("领导让我很失望，我该不该辞职？", "领导让我很失望，我该辞职", "领导让我很失望，我不该辞职"),
    ("我该不该辞职？", "我该辞职", "我不该辞职"),
    ("我妈让我别辞职吗？", "我妈让我别辞职", "并非我妈让我别辞职"),
])
def test_a_question_of_what_something_does_to_the_user_drafts_two_statements(question, yes, no):
    assert negate_question(question) == (yes, no)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return demo_workspace(tmp_path_factory.mktemp("demo"), "2026-06-01T10:00")


def demo_ask(root: Path, question: str) -> dict:
    result = run_cli(["ask", question, "--offline", "--no-record", "--json", "--workspace", str(root),
                      "--accept-stale", "--accept-missing"], env={"MYLIFE_NOW": "2026-06-01T10:00"})
    assert result.returncode == 0, result.stderr
    return result.json()["answer"]


def test_work_making_the_user_unhappy_is_drafted_and_shown_as_the_users(demo, tmp_path):
    """「最近工作上的事让我不太开心，怎么办？」 drafted 「不最近工作上的事让我不太开心，怎么办」, and the note
    saying it was shown apart as 「最近工作上的事 的看法」."""
    root = tmp_path / "ws"
    shutil.copytree(demo, root)
    note = "最近工作上的事让我不太开心"
    recorded = run_cli(["record", note, "--topic", "职业去留", "--workspace", str(root)],
                       env={"MYLIFE_NOW": "2026-06-01T10:00"})
    assert recorded.returncode == 0, recorded.stderr
    answer = demo_ask(root, "最近工作上的事让我不太开心，怎么办？")
    assert answer["draft_conclusion"] in ("最近工作上的事让我不开心", "最近工作上的事没有让我不开心")
    for question in ("最近工作上的事让我不太开心，怎么办？", "我该不该辞职？"):
        others = demo_ask(root, question)["competing_others"]
        assert all(o["speaker"] != "最近工作上的事" for o in others), (question, others)
    # against the other draft, the note's reason quotes 「不太开心」 as said (it was 在「开心」上…)
    listed = run_cli(["competing", "最近工作上的事没有让我不开心", "--topic", "职业去留", "--offline", "--json",
                      "--workspace", str(root)], env={"MYLIFE_NOW": "2026-06-01T10:00"}).json()["items"]
    reason = next(i["reason"] for i in listed if i["text"] == note)
    assert "「不太开心」" in reason and "「开心」" not in reason, reason


# ------------------------------------------------------------------------------ 3. English drafts for English questions

@pytest.mark.parametrize("question, yes, no", [
    ("Am I sleeping well lately?", "I am sleeping well lately", "I am not sleeping well lately"),
    ("Do I sleep enough?", "I sleep enough", "I do not sleep enough"),
    ("Is my job making me unhappy?", "My job is making me unhappy", "My job is not making me unhappy"),
    ("Is my new job stressing me out?", "My new job is stressing me out", "My new job is not stressing me out"),
    ("Does my job make me unhappy?", "My job makes me unhappy", "My job does not make me unhappy"),
    ("Are we spending too much?", "We are spending too much", "We are not spending too much"),
    ("Have I been sleeping well?", "I have been sleeping well", "I have not been sleeping well"),
    # unchanged: English acts, Chinese questions
    ("Should I quit my job?", "I should quit my job", "I should not quit my job"),
    ("我最近睡得好吗？", "我最近睡得好", "我最近睡得不好"),
    ("我最近心情好吗？", "我最近心情好", "我最近心情不好"),
    ("我该不该辞职？", "我该辞职", "我不该辞职"),
])
def test_an_english_question_is_drafted_in_english_on_both_sides(question, yes, no):
    assert negate_question(question) == (yes, no)


def test_ask_drafts_an_english_state_question_in_english(cli):
    assert cli("init", "--language", "en").returncode == 0
    add(cli, "I slept badly again this week", "health", "2026-06-01")
    answer = cli("ask", "Am I sleeping well lately?", "--offline", "--no-record", "--json", "--accept-stale",
                 "--accept-missing", env={**NOW, "MYLIFE_LANG": "en"}).json()["answer"]
    assert answer["draft_conclusion"] in ("I am sleeping well lately", "I am not sleeping well lately"), answer


# ------------------------------------------------------------------------------ 4. a negated note's reason

@pytest.mark.parametrize("conclusion, text, cue", [
    ("我最近睡得不好", "这周没怎么失眠", "没怎么失眠"),
    ("我最近睡得不好", "没有再失眠", "没有再失眠"),
    ("我最近睡得不好", "很少失眠", "很少失眠"),
    ("我最近睡得不好", "现在不会两点才睡了", "不会两点才睡"),
    ("我最近心情好", "不太开心", "不太开心"),
    ("我最近心情好", "开心不起来", "开心不起来"),
    ("我最近睡得不好", "睡眠没有改善", "没有改善"),
    # unchanged: a word said plainly, a bad thing eased
    ("我最近睡得好", "再次失眠", "失眠"),
    ("我最近睡得不好", "失眠好转了", "失眠"),
])
def test_a_negated_note_is_quoted_with_its_negation(conclusion, text, cue):
    assert read(text, frame_for(conclusion)).cue == cue


def test_the_reason_of_a_negated_note_quotes_the_negation(cli):
    assert cli("init").returncode == 0
    for k, text in enumerate(("这周没怎么失眠", "再次失眠")):
        add(cli, text, "睡眠", f"2026-05-{10 + k}")
    items = cli("competing", "我最近睡得不好", "--topic", "睡眠", "--offline", "--json", env=NOW).json()["items"]
    reason = next(i["reason"] for i in items if i["text"] == "这周没怎么失眠")
    assert "「没怎么失眠」" in reason and "「失眠」" not in reason, reason

"""A note is never listed on the wrong side of a state (session 30, after the tester's report): a
state question (「我最近睡得好吗？」) reads notes by their good and bad words, and those words
negated, eased, resolved, feared, supposed or said of someone else were listed firmly on the wrong
side (「失眠问题解决了」 against 「我最近睡得好」, 「老婆最近失眠很严重」 too). The two drafts of a state
question are states (「并非我最近心情好」 was none). English: "keep my job search" is no keeping of
the job, notice given to a landlord no leaving of it. Real workspaces, the real ``mylife`` in a
subprocess, no model."""

from __future__ import annotations

import pytest

from mylife_core.pipeline.phrasings import patterns_for
from mylife_core.pipeline.stance import frame_for, negate_question, read

NOW = {"MYLIFE_NOW": "2026-06-15T10:00:00"}


def firm(text: str, conclusion: str) -> int:
    """The side a note is listed on firmly (+1 good, -1 bad), 0 when it is not (unsure or none)."""
    reading = read(text, frame_for(conclusion))
    return reading.side if reading.certain else 0


@pytest.mark.parametrize("conclusion, text, side", [
    # resolved, eased, negated: good
    ("我最近睡得好", "失眠问题解决了", 1),
    ("我最近睡得好", "这周没怎么失眠", 1),
    ("我最近睡得好", "晚睡的习惯终于改掉了", 1),
    ("我最近睡得好", "没做噩梦", 1),
    ("我最近睡得好", "没有再失眠", 1),
    ("我最近睡得好", "很少失眠", 1),
    ("我最近睡得好", "现在不会两点才睡了", 1),
    ("我最近睡得好", "终于不用加班到半夜了", 1),
    ("我最近睡得好", "失眠好转了", 1),
    ("我最近心情好", "没那么焦虑了，周末去爬了山", 1),
    ("我最近心情不好", "焦虑减轻了", 1),
    # an easing denied, a good word negated before or after: bad
    ("我最近睡得不好", "失眠没有好转", -1),
    ("我最近心情好", "焦虑没有缓解", -1),
    ("我最近心情好", "不太开心", -1),
    ("我最近心情好", "开心不起来", -1),
    ("我最近心情好", "高兴不了", -1),
    # someone else's state, a worry, a supposition, a wish: not the user's state, not listed
    ("我最近睡得好", "老婆最近失眠很严重", 0),
    ("我最近睡得好", "老婆最近失眠，经常半夜醒", 0),
    ("我最近睡得好", "我妈最近睡不好", 0),
    ("我最近心情好", "同事最近很焦虑", 0),
    ("我最近睡得好", "担心换工作以后会失眠", 0),
    ("我最近睡得好", "要是换工作可能会失眠", 0),
    ("我最近睡得好", "希望能早睡", 0),
    # day hours and words holding a state word that say no state: not listed
    ("我最近睡得好", "今天加班到六点就回家了", 0),
    ("我最近睡得好", "下午三点才睡午觉", 0),
    ("我身体好", "心疼钱", 0),
    ("我身体好", "痛快地辞职了", 0),
    ("我身体好", "头疼的问题是房租", 0),
    # unchanged: the user's own state said plainly
    ("我最近睡得好", "再次失眠", -1),
    ("我最近睡得好", "经常凌晨两点才睡", -1),
    ("我最近睡得好", "最近老是两点才睡", -1),
    ("我最近睡得好", "调岗后十二点前能入睡", 1),
    ("我最近睡得好", "老婆失眠，我倒是一觉到天亮", 1),
    ("我最近心情好", "昨天有点焦虑", -1),
    ("我最近心情好", "这个月心情一直很好", 1),
    ("我最近心情好", "升职了很开心", 1),
    ("我身体好", "最近老是头疼", -1),
    ("我身体好", "发烧了两天", -1),
    ("我最近胃口好", "最近吃不下饭", -1),
])
def test_a_note_is_never_firmly_on_the_wrong_side_of_a_state(conclusion, text, side):
    assert firm(text, conclusion) == side, (conclusion, text, read(text, frame_for(conclusion)))


@pytest.mark.parametrize("text, said", [
    ("今天加班到六点就回家了", False),  # an evening hour, home after it
    ("下午三点才睡午觉", False),  # a nap
    ("晚一点才睡", False),  # 一点 of 晚一点 is no hour
    ("加班到凌晨一点", True),
    ("两点才睡", True),
])
def test_a_late_hour_is_a_small_hours_time(text, said):
    assert any(p.search(text) for p in patterns_for(["熬夜"])) is said, text


@pytest.mark.parametrize("question, yes, no", [
    ("我最近心情好吗？", "我最近心情好", "我最近心情不好"),
    ("我睡眠好吗？", "我睡眠好", "我睡眠不好"),
    ("我最近胃口好吗？", "我最近胃口好", "我最近胃口不好"),
    ("我身体好吗？", "我身体好", "我身体不好"),
    ("我最近是不是睡得不好？", "我最近睡得不好", "我最近睡得好"),
    ("最近睡得还好吗？", "最近睡得还好", "最近睡得不好"),
    ("我最近胃口还行吗？", "我最近胃口还行", "我最近胃口不好"),
    ("我最近身体正常吗？", "我最近身体正常", "我最近身体不正常"),
    ("我最近睡得好吗？", "我最近睡得好", "我最近睡得不好"),
    # acts and open questions as before
    ("我该不该辞职？", "我该辞职", "我不该辞职"),
    ("要不要戒掉熬夜？", "要戒掉熬夜", "不要戒掉熬夜"),
])
def test_both_drafts_of_a_state_question_are_states(question, yes, no):
    assert negate_question(question) == (yes, no)
    good, bad = frame_for(yes).state, frame_for(no).state
    if "该" in yes or "要" in yes:
        assert good is None and bad is None
    else:
        assert good is not None and bad is not None and good.side == -bad.side


def add(cli, text: str, topic: str, when: str) -> str:
    data = cli("claim", "add", text, "--topic", topic, "--kind", "assessment", "--at", when, "--json", env=NOW).json()
    return data["claim"]["id"]


SLEEP = ["失眠问题解决了", "这周没怎么失眠", "晚睡的习惯终于改掉了", "老婆最近失眠很严重", "担心换工作以后会失眠",
         "失眠没有好转", "再次失眠", "今天加班到六点就回家了", "下午三点才睡午觉", "调岗后十二点前能入睡"]


def test_sleep_notes_are_listed_on_their_own_side_or_not_at_all(cli):
    assert cli("init").returncode == 0
    for k, text in enumerate(SLEEP):
        add(cli, text, "睡眠", f"2026-05-{10 + k}")
    good = cli("competing", "我最近睡得好", "--offline", "--json", env=NOW).json()
    assert {i["text"] for i in good["items"]} == {"失眠没有好转", "再次失眠"}
    bad = cli("competing", "我最近睡得不好", "--offline", "--json", env=NOW).json()
    assert {i["text"] for i in bad["items"]} == {"失眠问题解决了", "这周没怎么失眠", "晚睡的习惯终于改掉了",
                                                 "调岗后十二点前能入睡"}


def test_a_mood_question_lists_the_good_notes_against_a_bad_mood(cli):
    """「我最近心情好吗？」 drafted 「并非我最近心情好」, no state: 「昨天有点焦虑」 was listed as weakening
    it and none of the three good notes were."""
    assert cli("init").returncode == 0
    for k, text in enumerate(["这个月心情一直很好", "升职了很开心", "最近心情不错，周末去看了电影", "昨天有点焦虑",
                              "没那么焦虑了，周末去爬了山", "不太开心"]):
        add(cli, text, "情绪", f"2026-05-{10 + k}")
    answer = cli("ask", "我最近心情好吗？", "--offline", "--accept-missing", "--accept-stale", "--no-record", "--json",
                 env=NOW).json()["answer"]
    against = {c["text"] for c in answer["competing"]}
    if answer["draft_conclusion"] == "我最近心情不好":
        assert against == {"这个月心情一直很好", "升职了很开心", "最近心情不错，周末去看了电影", "没那么焦虑了，周末去爬了山"}
    else:
        assert answer["draft_conclusion"] == "我最近心情好"
        assert against == {"昨天有点焦虑", "不太开心"}
    sleep = cli("competing", "我最近心情不好", "--offline", "--json", env=NOW).json()
    assert "昨天有点焦虑" not in {i["text"] for i in sleep["items"]}


@pytest.mark.parametrize("conclusion, text, side, speaker", [
    ("I should quit my job", "I need to keep my job search secret from my boss.", 0, None),
    ("I should quit my job", "I'll keep my job hunt going for another month.", 0, None),
    ("I should stay", "I gave notice to my landlord today, moving out in March.", 0, None),
    ("I should stay", "I gave notice on the apartment.", 0, None),
    # unchanged
    ("I should quit my job", "Mom thinks I should keep my job.", 0, "Mom"),
    ("I should stay", "I gave notice to my boss today.", 1, None),
    ("I should stay", "I gave my two weeks' notice today", 1, None),
    ("I should stay", "I'm handing in my resignation next week", 1, None),
])
def test_english_job_words_are_the_object_and_notice_is_a_jobs(conclusion, text, side, speaker):
    reading = read(text, frame_for(conclusion))
    assert (reading.side, reading.speaker) == (side, speaker), reading
    if speaker is None and side == 0:
        assert not reading.cues, reading


def test_a_job_search_kept_is_not_listed_against_quitting(cli):
    assert cli("init", "--language", "en").returncode == 0
    for k, text in enumerate(["I need to keep my job search secret from my boss.",
                              "I'll keep my job hunt going for another month.",
                              "I don't want to leave, the team is great"]):
        add(cli, text, "career", f"2026-05-{10 + k}")
    add(cli, "I gave notice to my landlord today, moving out in March.", "career", "2026-05-20")
    quit_ = cli("competing", "I should quit my job", "--topic", "career", "--offline", "--json", env=NOW).json()
    assert {i["text"] for i in quit_["items"]} == {"I don't want to leave, the team is great"}
    stay = cli("competing", "I should stay", "--topic", "career", "--offline", "--json", env=NOW).json()
    assert "I gave notice to my landlord today, moving out in March." not in {i["text"] for i in stay["items"]}

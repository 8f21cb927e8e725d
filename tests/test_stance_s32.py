"""How ``mylife ask`` finds a question's topic and reads both sides (session 32): 「要不要换组？」 finds
the user's notes on moving teams as 「要不要转组？」 does (a phrasing family, never search); a note about
leaving the company (「对新机会有点心动，但不想折腾」) is no reason against moving teams; having saved
nothing this month is how the month went, a reason for saving, never the user saying not to save;
English regret is the user's verdict on what is regretted; and an English question asking the
reader's view of an act drafts the act. Real workspaces, the real ``mylife`` in a subprocess, no model."""

from __future__ import annotations


import pytest

from test_question_topics import LENSES, NOW, demo, demo_ask  # noqa: F401 - demo: the module's fixture

from mylife_core.pipeline.stance import frame_for, negate_question, read
from mylife_core.testing import run_cli


# ------------------------------------------------------------------------------ 1. 换组: the topic by its family

@pytest.mark.parametrize("text, names", [
    # said in other words: moving to another team of the same employer
    ("要不要换组？", True),
    ("要不要调组？", True),
    ("要不要换团队？", True),
    ("要不要调团队？", True),
    ("上个月转了个组", True),
    ("可能被调去数据平台组", True),
    ("我想换个部门", True),
    # unchanged: a team leader, its members, an organisation, adjusting, forwarding, a city
    ("要不要换组长？", False),
    ("新组长林姐人不错", False),
    ("组员都很好", False),
    ("要不要换组织？", False),
    ("调整小组分工", False),
    ("转发到组里", False),
    ("要不要调到北京？", False),
    ("换了个组长", False),
])
def test_moving_teams_said_in_other_words_names_the_family(text, names):
    from mylife_core.pipeline.phrasings import FAMILIES

    said = [w for words, pattern in FAMILIES if pattern.search(text) for w in words]
    assert ("转组" in said and "调岗" in said) is names, (text, said)


@pytest.mark.parametrize("question", ["要不要换组？", "要不要调组？", "要不要调团队？"])
def test_a_question_about_changing_teams_finds_the_transfer_notes(demo, question):
    """「要不要换组？」 found no topic (「要不要转组？」 found 职业去留): 换组 is no word to the segmenter,
    nor a synonym of 转组; made a word, it would cut 「换组长」 and lose 组长."""
    answer = demo_ask(demo, question)
    assert answer["topic"] == "职业去留", (question, answer["topic"], answer["topic_reason"])
    assert any("调岗" in s["text"] for s in answer["statements"]), answer["statements"]


def test_the_family_never_reaches_search(demo):
    """The family picks the topic only: ``recall`` still cuts 「换组长」 to 组长, and looks for 「换组」
    as it did, not for the family's names (search.md)."""
    def recall(query: str) -> dict:
        result = run_cli(["recall", query, "--json", "--workspace", str(demo)], env={"MYLIFE_NOW": NOW, **LENSES})
        assert result.returncode == 0, result.stderr
        return result.json()

    leader = recall("换组长")
    assert "组长" in leader["terms"], leader["terms"]
    assert any("组长" in h["text"] for h in leader["hits"]), leader["hits"]
    team = recall("换组")
    assert not any(t in team["terms"] for t in ("转组", "调岗", "换部门")), team["terms"]
    assert not any("调岗" in h["text"] for h in team["hits"]), team["hits"]


# ------------------------------------------------------------------------------ 2. a reason must be about the act

@pytest.mark.parametrize("conclusion, extra, text, side", [
    # a note about another change than the one asked about says nothing of it
    ("我要转组", ("调岗", "转岗"), "对新机会有点心动，但不想折腾", 0),
    ("我要转组", ("调岗", "转岗"), "有新机会，很心动", 0),
    ("我要转组", ("调岗", "转岗"), "财务状况限制了换工作的选择", 0),
    ("我要换组", (), "对新机会有点心动，但不想折腾", 0),
    ("我要买房", (), "转组的事算了，不想折腾", 0),
    # unchanged: the same note on the change it is about, and a generic refusal alone
    ("我要跳槽", (), "对新机会有点心动，但不想折腾", -1),
    ("我要跳槽", (), "财务状况限制了换工作的选择", -1),
    ("我要转组", ("调岗", "转岗"), "不想折腾", -1),
    ("我要转组", ("调岗", "转岗"), "转组的事算了，不想折腾", -1),
    ("我要转组", ("调岗", "转岗"), "不想再换了", -1),
    ("我要转组", ("调岗", "转岗"), "调岗后不累了，但也谈不上喜欢", 1),
])
def test_a_reason_for_a_side_is_about_the_act_asked(conclusion, extra, text, side):
    assert read(text, frame_for(conclusion, extra=extra)).side == side, read(text, frame_for(conclusion, extra=extra))


def test_a_note_about_leaving_the_company_does_not_draft_against_moving_teams(demo):
    """「要不要转组？」 drafted 「不要转组」 from 「对新机会有点心动，但不想折腾」 (a new job, not a new team);
    for 「要不要跳槽？」 the note is still the user's word against it."""
    note = "对新机会有点心动，但不想折腾"
    answer = demo_ask(demo, "要不要转组？")
    assert answer["draft_conclusion"] != "不要转组", answer["draft_conclusion"]
    assert not any(s["text"] == note and s["stance"] for s in answer["statements"]), answer["statements"]
    leaving = demo_ask(demo, "要不要跳槽？")
    assert any(s["text"] == note and s["stance"] == -1 for s in leaving["statements"]), leaving["statements"]


# ------------------------------------------------------------------------------ 3. 月光: how the month went

SAVING_WORDS = ("月光", "开销太大", "记账", "预算", "外卖", "钱不够花", "省钱", "存钱", "削减开支")


@pytest.mark.parametrize("conclusion, text, side", [
    # nothing kept: the present saving would change, a reason for it
    ("我要省钱", "本月没有结余（月光）", 1),
    ("我要省钱", "这个月又月光了", 1),
    ("我要开始存钱", "这个月没存下钱", 1),
    ("我要存钱", "每个月都存不下钱", 1),
    ("我要存钱", "本月没有结余（月光）", 1),
    # unchanged: the user's own word on the act, a reserve, money kept, spending, someone else's view
    ("我要省钱", "不想存钱，反正也存不下", -1),
    ("我要省钱", "我不想省钱", -1),
    ("我要省钱", "存款约四万元", -1),
    ("我要省钱", "本月结余约 5000 元", 0),
    ("我要省钱", "一周外卖花费七百多元", 1),
    ("我要省钱", "妈妈让我多存钱", 0),
    ("我要跳槽", "本月没有结余（月光）", 0),
])
def test_having_saved_nothing_is_a_reason_to_save_not_a_refusal(conclusion, text, side):
    # a thrift decision's words (the finance lens's 削减开支: its aliases and keywords) are in its act
    frame = frame_for(conclusion, extra=SAVING_WORDS if frame_for(conclusion).thrift else ())
    assert read(text, frame).side == side, read(text, frame)


def test_a_month_with_nothing_left_is_not_shown_against_saving(ws, cli):
    """Under the finance lens's 削减开支 (its keyword 月光 among the act's words) 「本月没有结余（月光）」
    was listed as the user against saving."""
    note = "本月没有结余（月光）"
    for text, when in ((note, "2026-05-10"), ("一周外卖花费七百多元", "2026-05-12")):
        added = cli("claim", "add", text, "--topic", "财务压力", "--kind", "fact", "--at", when, "--json",
                    env={"MYLIFE_NOW": NOW}, load_plugins="mylife-finance")
        assert added.returncode == 0, added.stderr
    for question in ("要不要省钱？", "要不要开始存钱？"):
        result = cli("ask", question, "--offline", "--no-record", "--json", "--accept-stale", "--accept-missing",
                     env={"MYLIFE_NOW": NOW}, load_plugins="mylife-finance")
        assert result.returncode == 0, result.stderr
        answer = result.json()["answer"]
        row = next(s for s in answer["statements"] if s["text"] == note)
        assert row["stance"] == 1, (question, row)
        assert not answer["draft_conclusion"].startswith("不"), answer["draft_conclusion"]


# ------------------------------------------------------------------------------ 4. English regret

@pytest.mark.parametrize("conclusion, text, side", [
    # regret about a done act is the user's verdict against it; regret not doing it is for it
    ("I should change jobs", "I changed jobs last year and regretted it", -1),
    ("I should quit", "I changed jobs last year and regretted it", -1),
    ("I should quit", "I regret not quitting", 1),
    ("I should quit", "I regret not leaving sooner", 1),
    ("I should quit", "I didn't quit back then and I regret it", 1),
    ("I should quit", "I quit last year and have never regretted it", 1),
    ("I should quit", "I stayed another year and regretted it", 1),
    ("I should quit", "I stayed and never regretted it", -1),
    ("I should move to Berlin", "I moved to Berlin and regretted it", -1),
    # unchanged
    ("I should quit", "I don't regret leaving", 1),
    ("I should quit", "I regret quitting", -1),
    ("I should quit", "Quitting now would be a foolish move", -1),
    ("I should quit", "If I don't leave now, I'll regret it", 1),
])
def test_english_regret_is_the_users_verdict_on_what_is_regretted(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.side, reading.speaker) == (side, None), reading


# ------------------------------------------------------------------------------ 5. English drafts of "your view"

@pytest.mark.parametrize("question, yes, no", [
    ("Do you think I should quit?", "I should quit", "I should not quit"),
    ("What do you think, should I quit?", "I should quit", "I should not quit"),
    ("Would it be wise to quit?", "I should quit", "I should not quit"),
    ("Is it a good idea to change jobs now?", "I should change jobs now", "I should not change jobs now"),
    ("Would it be wise for us to move to Berlin?", "we should move to Berlin", "we should not move to Berlin"),
    ("Do you think I should not quit my job?", "I should not quit my job", "I should quit my job"),
    ("Honestly, should I quit?", "I should quit", "I should not quit"),
    # unchanged
    ("Should I quit?", "I should quit", "I should not quit"),
    ("Am I sleeping well lately?", "I am sleeping well lately", "I am not sleeping well lately"),
    ("Do I sleep enough?", "I sleep enough", "I do not sleep enough"),
    ("我该不该辞职？", "我该辞职", "我不该辞职"),
])
def test_an_english_question_asking_the_readers_view_drafts_the_act(question, yes, no):
    assert negate_question(question) == (yes, no)


def test_the_english_draft_is_read_on_the_act(demo):
    answer = demo_ask(demo, "Do you think I should quit?")
    assert answer["draft_conclusion"] in ("I should quit", "I should not quit"), answer["draft_conclusion"]


# ------------------------------------------------------------------------------ 6. English: the reader's view of how things are

@pytest.mark.parametrize("question, yes, no", [
    ("Do you think I sleep enough?", "I sleep enough", "I do not sleep enough"),
    ("Do you think my job is making me unhappy?", "My job is making me unhappy", "My job is not making me unhappy"),
    ("What do you think, am I sleeping well lately?", "I am sleeping well lately", "I am not sleeping well lately"),
    ("Honestly, do I drink too much?", "I drink too much", "I do not drink too much"),
    ("Do you think she likes me?", "She likes me", "She does not like me"),
    ("Do you think my boss hates me?", "My boss hates me", "My boss does not hate me"),
    ("Do you think my new job pays enough?", "My new job pays enough", "My new job does not pay enough"),
    ("Do you think I slept enough?", "I slept enough", "I did not sleep enough"),
    ("Do you think I can do it?", "I can do it", "I can not do it"),
    ("Do you think I worked too hard?", "I worked too hard", "It is not true that I worked too hard"),
    # unchanged: the reader's view of an act, and questions put straight
    ("Do you think I should quit?", "I should quit", "I should not quit"),
    ("What do you think, should I quit?", "I should quit", "I should not quit"),
    ("Do I sleep enough?", "I sleep enough", "I do not sleep enough"),
    ("Is my job making me unhappy?", "My job is making me unhappy", "My job is not making me unhappy"),
    ("我最近睡得好吗？", "我最近睡得好", "我最近睡得不好"),
])
def test_an_english_question_asking_the_readers_view_of_how_things_are(question, yes, no):
    assert negate_question(question) == (yes, no)


def test_the_readers_view_of_how_things_are_is_drafted_in_ask(demo):
    answer = demo_ask(demo, "What do you think, am I sleeping well lately?")
    assert answer["draft_conclusion"] in ("I am sleeping well lately", "I am not sleeping well lately"), \
        answer["draft_conclusion"]

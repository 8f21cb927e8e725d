"""Both sides shown by meaning in the notes people actually keep (session 23): English notes in an
``en`` workspace, savings on hand against savings short, and questions the user asked themselves.
Real workspaces, the real ``mylife`` in a subprocess; no model (the offline rules)."""

from __future__ import annotations

import pytest

from mylife_core.messages import t
from mylife_core.pipeline.stance import frame_for, read

NOW = {"MYLIFE_NOW": "2026-06-15T10:00:00"}


def add(cli, text: str, topic: str, when: str) -> str:
    data = cli("claim", "add", text, "--topic", topic, "--kind", "assessment", "--at", when, "--json", env=NOW).json()
    return data["claim"]["id"]


# ------------------------------------------------------------------------------ English notes

EN_NOTES = [
    ("I actually enjoy the work, I learn something new every week", "2025-09-10"),
    ("I don't want to leave, the team is great", "2025-10-05"),
    ("I'm sick of the overtime, I want out", "2025-11-20"),
    ("My mom says I shouldn't quit, the market is bad", "2026-02-10"),
    ("Should I really leave?", "2026-04-02"),
    ("Honestly leaving isn't that scary", "2026-04-18"),
    ("I want to quit my job, I'm already looking", "2026-06-01"),
]


@pytest.mark.parametrize("text, side, form, speaker", [
    ("I don't want to leave, the team is great", -1, "negation", None),
    ("I want to quit my job, I'm already looking", 1, "plain", None),
    ("I actually enjoy the work, I learn something new every week", -1, "plain", None),  # what the present gives
    ("I'm sick of the overtime, I want out", 1, "plain", None),
    ("Honestly leaving isn't that scary", 1, "plain", None),  # a fear denied
    ("I'm not afraid of leaving", 1, "plain", None),  # the negation is the fear's, not the act's
    ("My savings are not enough, the mortgage is 2,000 a month", -1, "plain", None),
    ("I still have 20k in the bank, enough for a year", 1, "plain", None),
    ("Dad thinks I should quit, but I love it here", -1, "concession", None),  # the user's own after the view
    ("If I don't leave now, I'll regret it", 1, "hypothetical", None),
    ("Should I really leave?", 0, "question", None),  # asked, not answered
    ("I'm not sure I want to leave", 0, "question", None),
    ("My mom says I shouldn't quit, the market is bad", 0, "reported", "My mom"),
    ("A colleague keeps telling me to quit and go elsewhere", 0, "reported", "A colleague"),
    ("Everyone says I should stay", 0, "reported", "Everyone"),
    ("Staying feels safer", -1, "plain", None),  # "feels" after no one: not a view reported
    ("I'd rather stay", -1, "plain", None),
    # the negation of "can't stand" is the cue's own, not the overtime's (read as 0 before)
    ("I can't stand the overtime anymore", 1, "plain", None),
    ("My boss humiliated me in the standup", 1, "plain", None),
])
def test_english_statements_take_a_side(text, side, form, speaker):
    reading = read(text, frame_for("I should quit my job"))
    assert (reading.side, reading.form, reading.speaker) == (side, form, speaker), reading


def test_someone_elses_english_view_keeps_its_own_side():
    frame = frame_for("I should quit my job")
    assert read("My mom says I shouldn't quit, the market is bad", frame).reported_side == -1
    assert read("A colleague keeps telling me to quit and go elsewhere", frame).reported_side == 1


@pytest.mark.parametrize("text, side, speaker, reported", [
    ("My boss asked if I wanted to leave, I said no", -1, None, 0),  # s24d: took no side
    ("My boss asked if I wanted to leave, I told him I would not", -1, None, 0),
    ("My boss asked if I wanted to quit. I said yes", 1, None, 0),
    ("My boss asks whether I want to leave, and I told her I'm staying", -1, None, 0),
    ("My boss asked me to stay, I said no", 1, None, 0),  # no to a request to stay
    ("My mom says I should quit, I told her no", -1, None, 0),
    ("My boss asked if I wanted to leave", 0, "My boss", 0),  # a question is no view
    ("My boss asked if I wanted to leave, I said I'd think about it", 0, "My boss", 0),
    ("My boss asked me to stay", 0, "My boss", -1),  # a request is one
    ("The new job asks a lot of me", 0, None, 0),  # asks as demands: no one's question or view
])
def test_the_users_english_answer_to_what_someone_asked_is_theirs(text, side, speaker, reported):
    reading = read(text, frame_for("I should quit my job"))
    assert (reading.side, reading.speaker, reading.reported_side) == (side, speaker, reported), reading
    assert reading.certain == bool(side) or speaker is not None, reading


def test_an_english_workspace_shows_both_sides(cli):
    """Before session 23 no English statement took a side: ``competing`` found nothing against
    "I should quit my job" next to "I don't want to leave", and the brief said none of the user's
    statements took the other side."""
    assert cli("init", "--language", "en").returncode == 0
    ids = {text: add(cli, text, "career", when) for text, when in EN_NOTES}
    quit_ = cli("competing", "I should quit my job", "--topic", "career", "--json", env=NOW).json()
    mine = {i["text"]: i for i in quit_["items"]}
    assert set(mine) == {"I don't want to leave, the team is great",
                         "I actually enjoy the work, I learn something new every week"}
    assert mine["I don't want to leave, the team is great"]["stance"] == "contradicts"
    assert mine["I don't want to leave, the team is great"]["chain"]["raw"] == "raw/2025-10-05-career.md#L1"
    assert [(o["text"], o["speaker"]) for o in quit_["others"]] == [
        ("My mom says I shouldn't quit, the market is bad", "My mom")]  # never the user's
    stay = cli("competing", "I should not quit my job", "--topic", "career", "--json", env=NOW).json()
    assert {i["claim_id"] for i in stay["items"]} == {
        ids["I'm sick of the overtime, I want out"], ids["Honestly leaving isn't that scary"],
        ids["I want to quit my job, I'm already looking"]}  # the question asked is on neither side
    brief = cli("ask", "Should I quit my job?", "--offline", "--accept-missing", "--accept-stale", "--no-record",
                env={**NOW, "MYLIFE_LANG": "en"}, load_plugins="mylife-career").stdout
    counter = brief.split("## Counter-evidence")[1].split("## ")[0]
    assert "I don't want to leave, the team is great" in counter and "takes the other side" not in brief


@pytest.mark.parametrize("text, speaker, reported_side", [
    # the act judged by someone else is not the act urged: "quitting ... is reckless" is against it
    ("Dad says quitting without an offer is reckless.", "Dad", -1),
    ("My wife thinks leaving would be a mistake", "My wife", -1),
    ("My wife thinks leaving is the right call", "My wife", 1),
    ("Dad says to quit", "Dad", 1),  # ... while the act urged stays the view
    ("My wife thinks I should resign", "My wife", 1),  # resign names leaving one's job too
    ("Mom said I should not quit", "Mom", -1),
    ("Dad thinks staying would be a bad idea", "Dad", 1),  # staying judged: the judgment is the present's
])
def test_someone_elses_english_view_of_the_act_takes_its_own_side(text, speaker, reported_side):
    for conclusion in ("I should quit my job", "I should not quit my job", "I should leave my job"):
        reading = read(text, frame_for(conclusion))
        assert (reading.side, reading.speaker, reading.reported_side) == (0, speaker, reported_side), (conclusion, reading)


@pytest.mark.parametrize("conclusion, side", [
    ("I should stay at my job", -1), ("I should keep my job", -1), ("I should not stay", 1), ("I should quit my job", 1),
    ("I should leave my job", 1), ("I should not quit my job", -1),
])
def test_an_english_stay_conclusion_is_against_leaving(conclusion, side):
    """"I should stay at my job" was read as for an act named "stay" (and "job", "at"), so "I want to
    quit." took no side on it; staying is not leaving, as 留在现在的公司 is 不跳槽."""
    frame = frame_for(conclusion)
    assert frame.side == side and "quit" in frame.act, frame
    assert read("I want to quit.", frame).side == 1
    assert read("Quitting without an offer is reckless.", frame).side == -1  # a judgment of the act, no offer
    assert read("I would never quit without an offer", frame).side == -1
    assert (read("Staying would be foolish", frame).side, read("I want to stay", frame).side) == (1, -1)


def test_an_english_workspace_shows_others_views_on_their_side_and_staying_against_quitting(cli):
    """Recorded in an English workspace: "Dad says quitting without an offer is reckless." was shown
    against "I should not quit my job" (his naming the act was read as urging it), and "I want to
    quit." was no evidence against "I should stay at my job"."""
    assert cli("init", "--language", "en").returncode == 0
    en = {**NOW, "MYLIFE_LANG": "en"}
    for text, when in (("Dad says quitting without an offer is reckless.", "2026-01-10"),
                       ("I want to quit.", "2026-01-15")):
        assert cli("record", text, "--topic", "career", "--at", when, env=en).returncode == 0
    dad = ("Dad says quitting without an offer is reckless.", "Dad")
    stay_put = cli("competing", "I should not quit my job", "--json", env=en, load_plugins="mylife-career").json()
    assert [i["text"] for i in stay_put["items"]] == ["I want to quit."] and stay_put["others"] == []
    go = cli("competing", "I should quit my job", "--json", env=en, load_plugins="mylife-career").json()
    assert [(o["text"], o["speaker"]) for o in go["others"]] == [dad] and go["items"] == []
    stay = cli("competing", "I should stay at my job", "--json", env=en, load_plugins="mylife-career").json()
    assert [(i["text"], i["stance"]) for i in stay["items"]] == [("I want to quit.", "contradicts")]
    assert stay["others"] == []  # Dad's view is on staying's side
    brief = cli("ask", "Should I quit my job?", "--offline", "--accept-missing", "--accept-stale", "--no-record",
                env=en, load_plugins="mylife-career").stdout
    counter = brief.split("## Counter-evidence")[1].split("## ")[0]
    assert "Dad says quitting without an offer is reckless." in counter


# ------------------------------------------------------------------------------ Chinese notes as people write them

@pytest.mark.parametrize("text, side, certain", [
    ("手头还有二十万，撑一年没问题", 1, True),  # money held is a reserve for the act, not a cost
    ("目前存款有三十万", 1, True),
    ("存款只剩两万了", -1, True),  # ... unless it is short
    ("积蓄才五万，房贷还有八十万", -1, True),
    ("外卖是最容易压缩的一块支出", 0, False),  # 块 before a thing is a measure word, not a sum
    ("买了两块蛋糕", 0, False),
    ("一杯奶茶就要二十块钱", -1, True),  # ... before 钱, its small change or nothing, a sum
    ("一碗面就要十五块五", -1, True),
    ("工作还挺有意思的，每天都能学到新东西", -1, True),  # what the present gives
    ("去那边能学到更多东西", 1, True),  # ... or what the act would
    ("呵呵，这破公司真是太好了", 1, True),  # sarcasm: a complaint about the present
    ("呵呵，领导真是太照顾我了", 1, True),
    ("我该走吗？", 0, False),  # a question the user asked themselves: asked, not answered
    ("到底要不要跳槽？", 0, False),
    ("跳槽好不好", 0, False),  # a diary asks without a question mark: the last clause asks
    ("我在想跳槽好不好", 0, False),
    ("别管好不好，反正要走", 1, True),  # ... not when the question is set aside before the answer
    ("天天加班到半夜，我还活不活了", 1, True),  # ... nor a complaint ending 了
    ("到底该不该跳槽", 0, False),  # 到底 asking which way opens the question (it was for leaving, certain)
    ("到底该不该走呢", 0, False),
    ("我真的该走吗？", -1, False),  # a doubt of it, never a wish
    ("难道我还不该走吗", 1, False),
])
def test_savings_interest_sarcasm_and_self_questions(text, side, certain):
    reading = read(text, frame_for("我该跳槽"))
    assert (reading.side, reading.certain, reading.speaker) == (side, certain, None), reading


ZH_NOTES = [
    ("职业去留", "2025-09-10", "工作还挺有意思的，每天都能学到新东西"),
    ("职业去留", "2025-12-03", "存款不够，房贷每个月还要一万二"),
    ("工作", "2026-01-15", "手头还有二十万，撑一年没问题"),  # under an alias of 职业去留
    ("职业去留", "2026-02-10", "我妈说现在工作不好找，劝我别辞职"),
    ("职业去留", "2026-04-02", "我真的该走吗？"),
    ("职业去留", "2026-06-01", "想跳槽，已经在看机会了"),
]


def test_savings_short_and_savings_held_land_on_opposite_sides(cli):
    """存款不够 vs 手头还有二十万: until session 23 both were read as against leaving (a sum of money
    was a cost whatever the clause said), so "我该跳槽" listed the twenty thousand in hand as
    counter-evidence and "我不该跳槽" never showed it; and "我真的该走吗？", a question the user
    asked themselves, was listed as certainly for leaving, as if they had said so."""
    assert cli("init").returncode == 0
    ids = {text: add(cli, text, topic, when) for topic, when, text in ZH_NOTES}
    go = cli("competing", "我该跳槽", "--topic", "职业去留", "--json", env=NOW, load_plugins="mylife-career").json()
    against_going = {i["text"] for i in go["items"]}
    assert {"存款不够，房贷每个月还要一万二", "工作还挺有意思的，每天都能学到新东西"} <= against_going
    assert "手头还有二十万，撑一年没问题" not in against_going
    stay = cli("competing", "我不该跳槽", "--topic", "职业去留", "--json", env=NOW, load_plugins="mylife-career").json()
    against_staying = {i["claim_id"]: i for i in stay["items"]}
    held = against_staying[ids["手头还有二十万，撑一年没问题"]]
    assert held["chain"]["raw"] == "raw/2026-01-15-工作.md#L1" and held["speaker"] is None
    assert ids["我真的该走吗？"] not in against_staying  # never "contradicts" the user's staying
    assert ids["想跳槽，已经在看机会了"] in against_staying
    assert [o["speaker"] for o in go["others"]] == ["我妈"]  # the mother's view, never the user's


def test_a_claim_the_user_disputed_is_never_shown_as_if_undisputed(cli):
    """`claim dispute` said "this does not hold as written"; until session 23 ask's statements table
    and the counter-evidence list (ask and competing) showed the claim exactly like any other."""
    assert cli("init").returncode == 0
    disputed = add(cli, "我并不想走，团队氛围其实谈不上差", "职业去留", "2025-10-05")
    add(cli, "想跳槽，已经在看机会了", "职业去留", "2026-06-01")
    assert cli("claim", "dispute", disputed, "--why", "那天刚被表扬，说的是气话", env=NOW).returncode == 0
    brief = cli("ask", "我该不该跳槽？", "--offline", "--accept-missing", "--accept-stale", "--no-record", env=NOW,
                load_plugins="mylife-career").stdout
    table, counter = brief.split("## 反证")[0], brief.split("## 反证")[1].split("## ")[0]
    row = next(line for line in table.splitlines() if disputed in line)
    assert "〔你标为有争议〕我并不想走" in row
    assert "〔你标为有争议〕2025-10「我并不想走" in counter
    assert "〔你标为有争议〕" not in next(line for line in table.splitlines() if "想跳槽" in line)
    shown = cli("competing", "我该跳槽", "--topic", "职业去留", env=NOW).stdout
    assert "〔你标为有争议〕2025-10-05「我并不想走" in shown
    english = cli("competing", "我该跳槽", "--topic", "职业去留", env={**NOW, "MYLIFE_LANG": "en"}).stdout
    assert "[you disputed it] 2025-10-05" in english


def test_a_raw_line_quoting_someone_on_the_line_before_is_theirs(cli):
    """A note as people write it: "我妈说：" on one line, her words on the next. Until session 23 the
    second line, read alone, was listed as the user's own statement against leaving."""
    assert cli("init").returncode == 0
    note = "今天和我妈打电话。\n我妈说：\n千万别辞职，现在工作不好找。\n我觉得：\n真的不想再熬了，想跳槽。\n"
    assert cli("record", "-", "--topic", "职业去留", "--at", "2026-05-01", input=note, env=NOW).returncode == 0
    go = cli("competing", "我该跳槽", "--topic", "职业去留", "--json", env=NOW, load_plugins="mylife-career").json()
    assert [i["text"] for i in go["items"]] == []
    assert [(o["text"], o["speaker"], o["chain"]["raw"]) for o in go["others"]] == [
        ("千万别辞职，现在工作不好找。", "我妈", "raw/2026-05-01-职业去留.md#L3")]
    stay = cli("competing", "我不该跳槽", "--topic", "职业去留", "--json", env=NOW, load_plugins="mylife-career").json()
    assert [(i["text"], i["speaker"], i["chain"]["raw"]) for i in stay["items"]] == [
        ("真的不想再熬了，想跳槽。", None, "raw/2026-05-01-职业去留.md#L5")]  # the user's own lead-in stays theirs


@pytest.mark.parametrize("text, side, speaker, reported_side", [
    ("跳槽也没什么不好", 1, None, 0),  # a double negative that approves
    ("留下来也不是不行", -1, None, 0),
    ("我怎么可能不想走", 1, None, 0),  # a question that denies what it asks
    ("我哪儿想走了", -1, None, 0),
    ("同事劝我跳槽", 0, "同事", 1),  # the act urged is the view, as "劝我别跳槽" was against it
    ("我妈不让我辞职", 0, "我妈", -1),
    ("别人都劝我走，我偏不", -1, None, 0),  # the user refuses what they are urged to do
])
def test_double_negatives_denying_questions_and_urged_acts(text, side, speaker, reported_side):
    reading = read(text, frame_for("我该跳槽", extra=["辞职", "离职", "换工作"]))
    assert (reading.side, reading.speaker, reading.reported_side) == (side, speaker, reported_side), reading


def test_a_colleague_urging_the_act_is_shown_as_their_view_on_the_other_side(cli):
    """"同事劝我跳槽" took no side, so against "我不该跳槽" it was shown nowhere, while "我妈劝我别辞职"
    was shown against "我该跳槽": one side of the others' views silently disappeared."""
    assert cli("init").returncode == 0
    add(cli, "同事劝我跳槽", "职业去留", "2026-03-01")
    add(cli, "我妈劝我别辞职", "职业去留", "2026-03-02")
    add(cli, "别人都劝我走，我偏不", "职业去留", "2026-04-01")
    stay = cli("competing", "我不该跳槽", "--topic", "职业去留", "--json", env=NOW, load_plugins="mylife-career").json()
    assert [(o["text"], o["speaker"]) for o in stay["others"]] == [("同事劝我跳槽", "同事")]
    assert stay["items"] == []
    go = cli("competing", "我该跳槽", "--topic", "职业去留", "--json", env=NOW, load_plugins="mylife-career").json()
    assert [(o["text"], o["speaker"]) for o in go["others"]] == [("我妈劝我别辞职", "我妈")]
    assert [(i["text"], i["speaker"]) for i in go["items"]] == [("别人都劝我走，我偏不", None)]


def test_a_view_under_another_topic_naming_the_act_by_its_verb_alone_is_shown(cli):
    """「老婆劝我别辞」 filed under 家庭 names 辞职 by its verb alone: search never found it (辞职 is
    not in it, and one character is no sign of relevance), so "我该辞职" showed no one against it.
    The user's own 「算了，不辞了」 under 家庭 is counter-evidence; 「这个说辞我不信」 and 「辞旧迎新」
    hold the character and take no side."""
    assert cli("init").returncode == 0
    add(cli, "想辞职，天天加班受不了", "职业去留", "2026-01-10")
    add(cli, "老婆劝我别辞，说孩子马上上学了", "家庭", "2026-02-10")
    mine = add(cli, "算了，不辞了", "家庭", "2026-03-10")
    add(cli, "这个说辞我不信", "家庭", "2026-03-11")
    add(cli, "辞旧迎新，全家吃了顿火锅", "家庭", "2026-01-01")
    go = cli("competing", "我该辞职", "--json", env=NOW, load_plugins="mylife-career").json()
    assert [(o["text"], o["speaker"]) for o in go["others"]] == [("老婆劝我别辞，说孩子马上上学了", "老婆")]
    assert [(i["claim_id"], i["stance"]) for i in go["items"]] == [(mine, "contradicts")]
    shown = {i["text"] for i in [*go["items"], *go["others"]]}
    assert not shown & {"这个说辞我不信", "辞旧迎新，全家吃了顿火锅"}


def test_notes_mixing_languages_name_the_act_in_english(cli):
    """"我真的不想quit" took no side on "我该跳槽" (the act's English names were not among its words)."""
    frame = frame_for("我该跳槽", extra=["辞职", "离职", "换工作"])
    assert (read("我真的不想quit", frame).side, read("好想quit啊", frame).side) == (-1, 1)
    assert read("这个quite好", frame).side == 0  # a Latin word inside another is not it
    assert cli("init").returncode == 0
    add(cli, "我真的不想quit", "职业去留", "2026-05-04")
    add(cli, "I really want to leave this company", "职业去留", "2026-05-02")
    go = cli("competing", "我该跳槽", "--topic", "职业去留", "--json", env=NOW, load_plugins="mylife-career").json()
    assert [(i["text"], i["stance"]) for i in go["items"]] == [("我真的不想quit", "contradicts")]
    stay = cli("competing", "我不该跳槽", "--topic", "职业去留", "--json", env=NOW, load_plugins="mylife-career").json()
    assert [(i["text"], i["stance"]) for i in stay["items"]] == [("I really want to leave this company", "contradicts")]


# ------------------------------------------------------------------------------ a user who only records

RECORDED = [("今天又加班到十一点，想跳槽", "2026-06-01"), ("热爱这里，绝不想走", "2026-06-05"),
            ("其实我很喜欢现在的团队，不想走", "2026-06-10")]


def record(cli, text: str, topic: str, when: str) -> None:
    assert cli("record", text, "--topic", topic, "--at", when, env=NOW).returncode == 0


def test_a_user_who_only_records_has_statements_and_counter_evidence(cli):
    """With no model there is no ``extract``: an offline user's words are raw lines only. Until
    session 28 three notes under career left 「我该不该跳槽？」 saying 「你还没有在这个主题上留下可用的
    表述」 and 「没有找到削弱「我该跳槽」的已有证据…你还没有记录过相反的情况」: the topic's lines were
    never read, only its claims. They are read as claims are, shown as rows citing raw/FILE#Ln, and
    the one taking the other side of the draft is its counter-evidence."""
    assert cli("init").returncode == 0
    for text, when in RECORDED:
        record(cli, text, "career", when)
    out = cli("ask", "我该不该跳槽？", "--accept-missing", "--json", env=NOW, load_plugins="mylife-career")
    answer = out.json()["answer"]
    rows = [(s["text"], s["kind"], s["claim_id"], s["stance"]) for s in answer["statements"]]
    assert rows == [("今天又加班到十一点，想跳槽", "raw", "raw/2026-06-01-career.md#L1", 1),
                    ("热爱这里，绝不想走", "raw", "raw/2026-06-05-career.md#L1", -1),
                    ("其实我很喜欢现在的团队，不想走", "raw", "raw/2026-06-10-career.md#L1", -1)]
    assert answer["statements_note"] and "raw/" in answer["statements_note"]
    # the newest says 不想走: the draft is what flattery would say, and its counter-evidence is the line
    assert answer["draft_conclusion"] == "我不该跳槽"
    assert [(c["text"], c["stance"], c["chain"]["raw"]) for c in answer["competing"]] == [
        ("今天又加班到十一点，想跳槽", "contradicts", "raw/2026-06-01-career.md#L1")]
    # the question quotes the lines as said, each cited by its pointer (no claim to cite)
    question = answer["question_back"]
    assert "说「今天又加班到十一点，想跳槽」" in question["text"] and question["claim_ids"] == []
    assert "[raw/2026-06-01-career.md#L1]" in question["text"]
    text = cli("ask", "我该不该跳槽？", "--accept-missing", env=NOW, load_plugins="mylife-career").stdout
    assert t("ask.statements.none") not in text and "还没有记录过相反的情况" not in text
    # competing reads them too, against either side
    go = cli("competing", "我该跳槽", "--json", env=NOW, load_plugins="mylife-career").json()
    assert [i["text"] for i in go["items"]] == ["其实我很喜欢现在的团队，不想走", "热爱这里，绝不想走"]
    assert all(i["claim_id"] is None and i["chain"]["state"] == "ok" for i in go["items"])


def test_claims_first_and_a_note_already_distilled_is_read_through_its_claims(cli):
    """Beside claims, the lines fill only the rows the claims leave (the table keeps its limit);
    a note someone distilled is read through its claims: the lines left out of them are context."""
    assert cli("init").returncode == 0
    record(cli, "连续加班三周，每天十一点下班。\n想辞职。", "career", "2026-01-15")
    cli("claim", "add", "想辞职", "--topic", "career", "--kind", "assessment", "--from", "raw/2026-01-15-career.md#L2",
        env=NOW)
    for n in range(14):
        record(cli, f"第{n + 1}次想走，受不了了", "career", f"2026-03-{n + 1:02d}")
    answer = cli("ask", "我该不该辞职？", "--accept-missing", "--json", env=NOW, load_plugins="mylife-career").json()["answer"]
    texts = [s["text"] for s in answer["statements"]]
    assert len(texts) == 12 and "想辞职" in texts  # the claim first, the lines in the rows left
    assert "连续加班三周，每天十一点下班。" not in texts  # the distilled note's context line


def test_lines_no_rule_reads_a_side_in_are_said_to_be_unread_not_missing(cli):
    """Lines recorded, none taking a side the rules can read: not 「你还没有…留下可用的表述」."""
    assert cli("init").returncode == 0
    record(cli, "今天中午吃了火锅", "career", "2026-06-01")
    record(cli, "下午开了三个会", "career", "2026-06-02")
    out = cli("ask", "我该不该跳槽？", "--accept-missing", "--json", env=NOW, load_plugins="mylife-career").json()
    answer = out["answer"]
    assert answer["statements"] == []
    assert answer["statements_note"] == t("s28evid.statements.unsided", n=2, subject="跳槽", topic="职业去留")
    assert answer["question_back"]["text"] == t("s28evid.q.unsided", n=2, subject="跳槽")
    assert answer["competing_note"] == t("s28evid.competing.empty_unsided", conclusion="我该跳槽", n=2)


def test_the_reason_quotes_the_cues_as_the_statement_says_them(cli):
    """「算了一下，养车一年至少两万，不值得」 was listed against 「我该买车」 as 提到「两万」: the verdict
    unsaid, and the cue the reader records for 不值得 is 值得, the opposite of the note."""
    assert cli("init").returncode == 0
    assert cli("claim", "add", "算了一下，养车一年至少两万，不值得", "--topic", "买车", "--kind", "assessment").returncode == 0
    items = cli("competing", "我该买车", "--topic", "买车", "--json").json()["items"]
    reason = next((i["reason"] for i in items if i["text"].startswith("算了一下")), items)
    assert "「两万」「不值得」" in reason and "「值得」" not in reason, reason


# ------------------------------------------------------------------------------ session 29: leaving a job in the user's words

CAREER_LINES = [
    "我一点都不后悔留下来",
    "不辞职的话我会疯掉",
    "老板挽留我，我还是决定走",
    "其实我挺喜欢现在的团队，大家都很照顾我，舍不得走",
    "最近总在想要不要离职",
    "猎头给了个offer，薪资涨了30%，说实话很心动",
    "爸爸说我应该留下来，稳定最重要",
    "我受够了，下周就去递辞呈",
    "这家公司我一天也不想多待了",
]


def test_leaving_a_job_said_in_other_words_is_on_its_side_for_every_conclusion(cli):
    """A tester's notes, only recorded (no claims), and `competing` from the command line: 「不辞职的话我会
    疯掉」 was against 「我应该辞职」, 「老板挽留我，我还是决定走」 the boss's view, 「我一点都不后悔留下来」
    against 「我不该辞职」, a stay conclusion ("继续在这里工作") read as an act of its own words, handing in
    one's notice no side, and 「你应该留下来」 (no --topic) found no topic."""
    assert cli("init").returncode == 0
    for text in CAREER_LINES:
        assert cli("record", text, "--topic", "职业去留").returncode == 0

    def competing(conclusion: str, *topic: str) -> tuple[set[str], set[str], dict]:
        data = cli("competing", conclusion, *topic, "--json", load_plugins="mylife-career").json()
        return {i["text"] for i in data["items"]}, {o["text"] for o in data["others"]}, data

    leaving = {"不辞职的话我会疯掉", "老板挽留我，我还是决定走", "最近总在想要不要离职", "猎头给了个offer，薪资涨了30%，说实话很心动",
               "我受够了，下周就去递辞呈", "这家公司我一天也不想多待了"}
    staying = {"我一点都不后悔留下来", "其实我挺喜欢现在的团队，大家都很照顾我，舍不得走"}
    items, others, _ = competing("我应该辞职", "--topic", "职业去留")
    assert items == staying and others == {"爸爸说我应该留下来，稳定最重要"}, (items, others)
    for conclusion in ("我不该辞职", "我打算继续在这里工作", "你应该留下来"):
        items, others, data = competing(conclusion, *(() if conclusion.startswith("你") else ("--topic", "职业去留")))
        assert data["topic"] == "职业去留" and items == leaving and others == set(), (conclusion, items, others)


# ------------------------------------------------------------------------------ English acts (session 30)

@pytest.mark.parametrize("conclusion, text, side, certain, speaker, reported_side", [
    # handing in one's notice is leaving, being done
    ("I should stay", "I'm handing in my resignation next week", 1, True, None, 0),
    ("I should quit my job", "I gave my two weeks' notice today", 1, True, None, 0),
    ("I should stay", "I'm not handing in my notice", -1, True, None, 0),
    ("I should stay", "Dad says I should hand in my notice", 0, True, "Dad", 1),
    ("I should buy a car", "I handed in my notice", 0, False, None, 0),  # not a decision about the job
    # keeping one's job is staying: someone else's view for it, never the user's
    ("I should stay", "Mom thinks I should keep my job", 0, True, "Mom", -1),
    ("I should change jobs", "Mom thinks I should keep my job", 0, True, "Mom", -1),
    # the act phrase inflected and judged: the user's verdict on the act
    ("I should change jobs", "Changing jobs now would be a foolish move", -1, True, None, 0),
    ("I should change jobs", "Changing jobs would be a great move", 1, True, None, 0),
    ("I should change jobs", "I want to quit", 1, True, None, 0),  # "change jobs" names leaving one's job
    # unchanged
    ("I should stay", "I want to quit", 1, True, None, 0),
    ("I should quit my job", "Quitting without an offer is reckless.", -1, True, None, 0),
    ("I should quit my job", "My mom says I shouldn't quit, the market is bad", 0, True, "My mom", -1),
    ("I should quit my job", "Staying would be foolish", 1, False, None, 0),
])
def test_english_acts_done_kept_and_judged(conclusion, text, side, certain, speaker, reported_side):
    reading = read(text, frame_for(conclusion))
    assert (reading.side, reading.certain, reading.speaker, reading.reported_side) == (
        side, certain, speaker, reported_side), reading


def test_english_notes_of_acts_done_and_judged_are_listed_against_the_draft(cli):
    """"I'm handing in my resignation next week" took no side on "I should stay", "Mom thinks I should
    keep my job" was no one's view on it, and "Changing jobs now would be a foolish move" was only
    possibly against "I should change jobs"."""
    assert cli("init", "--language", "en").returncode == 0
    ids = {text: add(cli, text, "career", when) for text, when in (
        ("I'm handing in my resignation next week", "2026-05-01"),
        ("Mom thinks I should keep my job", "2026-05-10"),
        ("Changing jobs now would be a foolish move", "2026-05-20"),
    )}
    stay = cli("competing", "I should stay", "--topic", "career", "--json", env=NOW).json()
    assert ids["I'm handing in my resignation next week"] in {i["claim_id"] for i in stay["items"]}
    assert all(i["text"] != "Mom thinks I should keep my job" for i in [*stay["items"], *stay["others"]])
    change = cli("competing", "I should change jobs", "--topic", "career", "--json", env=NOW).json()
    mine = {i["text"]: i for i in change["items"]}
    assert mine["Changing jobs now would be a foolish move"]["certain"] is True
    assert [(o["text"], o["speaker"]) for o in change["others"]] == [("Mom thinks I should keep my job", "Mom")]

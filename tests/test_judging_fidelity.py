"""The judge asks more of a citation than being on the same subject (session 29's tester): words a
sentence quotes must be in what it cites, and a cited claim must not say the opposite of the view
the sentence reports (mylife_core.pipeline.fidelity, called from citations.evaluate).

Unit tables for the two checks (with the faithful paraphrases they must let through), the judge on
a real workspace, and ``ask`` / ``chat`` end to end against the fake OpenAI-compatible server."""

from __future__ import annotations

import pytest
from fakellm import Reply, fakellm, seed  # noqa: F401

from mylife_core.pipeline.fidelity import misquotes, quotations, reversal
from mylife_core.pipeline.judging import judge_text
from mylife_core.pipeline.quoting import quote_in

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # litellm's own pydantic deprecations

BOSS = "现在的领导其实很照顾我，换个地方未必遇得到"
FRIEND = "朋友劝我别冲动，等年终奖发了再说"
FED_UP = "我受够了，下周就去递辞呈"
SAVINGS = "裸辞的话存款只够撑三个月"

# the reply the tester saw shown in full, every sentence "traced" (ids filled in by the test)
TESTER_REPLY = ("你说过「现在的领导其实很差劲，换个地方一定更好」 [{boss}]。\n"
                "你的朋友劝你马上辞职 [{friend}]。\n"
                "你在2026-06说「我受够了，下周就去递辞呈，老板是个混蛋」 [{fed_up}]。\n"
                "你不在乎存款 [{savings}]。\n"
                "你应该马上辞职 [{fed_up}]。")


def seed_tester(ws):
    """The tester's four statements, each the user's line (the claim's text is the line's)."""
    from fakellm.workspaces import day

    ids = {}
    for key, text, when in (("boss", BOSS, "2026-03-05"), ("friend", FRIEND, "2026-04-05"),
                            ("savings", SAVINGS, "2026-05-05"), ("fed_up", FED_UP, "2026-06-05")):
        r = ws.raw.record(f"{text}。\n".encode(), topic="职业去留", occurred_at=day(when))
        (claim,), _ = ws.claims.add_many([dict(claim=text, topic="职业去留", kind="assessment",
                                               provenance=f"{r.file}#L1", occurred_at=day(when))], actor="user")
        ids[key] = claim.id
    return ids


# ------------------------------------------------------------------------------ quotes


@pytest.mark.parametrize("quote,words,found", [
    ("想辞职", "想辞职。", True),
    ("现在的领导其实很照顾我", BOSS, True),  # a contiguous part
    ("现在的领导 其实很照顾我。", BOSS, True),  # spacing and punctuation aside
    ("热爱这里……绝不想辞职", "热爱这里，绝不想辞职", True),  # an ellipsis joins parts in order
    ("热爱这里...辞职", "热爱这里，绝不想辞职", True),
    ("绝不想辞职……热爱这里", "热爱这里，绝不想辞职", False),  # not in that order
    ("现在的领导其实很差劲，换个地方一定更好", BOSS, False),
    ("我受够了，下周就去递辞呈，老板是个混蛋", FED_UP, False),  # one part is not in the words
    ("ＳＡＶＩＮＧＳ", "savings only last three months", True),  # full-width forms read as plain
])
def test_a_quote_is_found_in_the_words_it_cites(quote, words, found):
    assert quote_in(quote, words) is found


@pytest.mark.parametrize("sentence,quotes", [
    ("你说过「想辞职」。", ["想辞职"]),  # said to be said: however short
    ("你写道：“累”。", ["累"]),
    ("「走吧」这句话是朋友说的。", ["走吧"]),
    ("你在2026-06说「我受够了，下周就去递辞呈」。", ["我受够了，下周就去递辞呈"]),
    ("在「职业去留」这个话题上，你犹豫了很久。", []),  # a term: nobody is said to have said it
    ("「稳定」对你很重要。", []),
    ("「我不想干了」是你的心声。", ["我不想干了"]),  # spoken in the first person
    ("这是一个关于加班和存款的「两难选择题目」。", ["两难选择题目"]),  # long: a quotation
    ('You said "I want to quit".', ["I want to quit"]),
])
def test_which_quotes_present_words_as_someones(sentence, quotes):
    assert quotations(sentence) == quotes


def test_a_quote_may_be_the_users_words_in_this_conversation():
    assert misquotes("你刚才说「今天又加班到十一点」。", [BOSS]) != []
    assert misquotes("你刚才说「今天又加班到十一点」。", [BOSS, "今天又加班到十一点，好累"]) == []


# ------------------------------------------------------------------------------ reversed views


@pytest.mark.parametrize("sentence,claim,how", [
    ("你的朋友劝你马上辞职", FRIEND, "reported"),  # a reported view on the other side of the act
    ("朋友劝你赶紧辞职", FRIEND, "reported"),
    ("你不在乎存款", SAVINGS, "care"),  # indifference where the claim worries
    ("你对存款无所谓", SAVINGS, "care"),
    ("你很担心存款", "存款多少无所谓", "care"),  # and the other way round
    ("你说过绝不想辞职", "想辞职", "own"),  # the user's own side on an act both name
    ("你说你想辞职", "热爱这里，绝不想辞职", "own"),
])
def test_a_view_the_cited_claim_reverses_is_found(sentence, claim, how):
    found = reversal(sentence, claim)
    assert found is not None and found.how == how


#: faithful paraphrases of a cited claim: none may be refused as reversed (false rejections)
FAITHFUL = [
    ("你说过想辞职", "想辞职"),
    ("你在连续加班三周时说想辞职", "想辞职"),
    ("你曾经热爱这里，绝不想辞职", "热爱这里，绝不想辞职"),
    ("你说过不想辞职", "热爱这里，绝不想辞职"),
    ("你热爱这里，不想走", "热爱这里，绝不想辞职"),
    ("你的朋友劝你别冲动，先等年终奖", FRIEND),
    ("你的朋友劝你等年终奖发了再说", FRIEND),
    ("朋友不建议你马上辞职", FRIEND),
    ("朋友劝你先别辞职", FRIEND),
    ("朋友劝你别急着辞职", FRIEND),
    ("你的朋友并没有劝你马上辞职", FRIEND),
    ("朋友劝你别冲动，但同事劝你马上辞职", FRIEND),
    ("你担心存款只够撑三个月", SAVINGS),
    ("存款是你最大的顾虑", SAVINGS),
    ("裸辞的话你的存款撑不了多久", SAVINGS),
    ("你不是不想辞职，只是存款不够", SAVINGS),
    ("你不担心找不到工作，担心的是存款", SAVINGS),
    ("你说过存款的事无所谓", "存款多少无所谓"),
    ("你说领导其实很照顾你", BOSS),
    ("你觉得换个地方未必遇得到这么好的领导", BOSS),
    ("你说受够了，打算下周递辞呈", FED_UP),
    ("你已经决定下周去递辞呈", FED_UP),
    ("你不确定该不该辞职", "不知道该不该辞职"),
    ("你在犹豫要不要辞职", "不知道该不该辞职"),
    ("你想辞职，但存款只够撑三个月", "想辞职"),
    ("你不想再忍受加班了", "连续加班三周，每天十一点下班。想辞职"),
    ("你不想继续留在现在的公司", "想辞职"),
    # a change of mind told in one sentence citing both sides
    ("你在2025年11月说绝不想辞职，但2026年1月说想辞职", "热爱这里，绝不想辞职"),
    ("你在2025年11月说绝不想辞职，但2026年1月说想辞职", "想辞职"),
    ("你从热爱这里、绝不想辞职，变成了想辞职", "想辞职"),
    ("你从热爱这里、绝不想辞职，变成了想辞职", "热爱这里，绝不想辞职"),
]


@pytest.mark.parametrize("sentence,claim", FAITHFUL)
def test_a_faithful_paraphrase_is_not_read_as_reversed(sentence, claim):
    assert reversal(sentence, claim) is None


# ------------------------------------------------------------------------------ the judge


def test_the_judge_refuses_misquotes_and_reversed_views_and_keeps_faithful_sentences(ws):
    ids = seed_tester(ws)
    judged = judge_text(ws, TESTER_REPLY.format(**ids))
    withheld = {x.text: [p.problem for p in x.problems] for x in judged.withheld}
    # the first both misquotes the user and turns their feeling about their boss around: both are
    # said (it was said to be misquoted only; session 32)
    assert withheld == {"你说过「现在的领导其实很差劲，换个地方一定更好」。": ["misquoted", "reversed"],
                        "你的朋友劝你马上辞职。": ["reversed"],
                        "你在2026-06说「我受够了，下周就去递辞呈，老板是个混蛋」。": ["misquoted"],
                        "你不在乎存款。": ["reversed"]}
    # advice that cites the user's own plan is a judgment with a related, unreversed citation
    assert [x.text for x in judged.shown] == ["你应该马上辞职。"]
    reasons = {x.text: x.problems[0].message for x in judged.withheld}
    assert "「现在的领导其实很差劲，换个地方一定更好」不在所引用的" in reasons["你说过「现在的领导其实很差劲，换个地方一定更好」。"]
    assert f"引用的 {ids['friend']}（「{FRIEND}」）说的与这句话相反（「别冲动」）" == reasons["你的朋友劝你马上辞职。"]

    faithful = judge_text(ws, (f"你说过「现在的领导其实很照顾我」 [{ids['boss']}]。\n"
                               f"你写过“我受够了……递辞呈” [{ids['fed_up']}]。\n"
                               f"你的朋友劝你别冲动，等年终奖发了再说 [{ids['friend']}]。\n"
                               f"你担心裸辞的话存款只够撑三个月 [{ids['savings']}]。\n"
                               f"在「职业去留」这个话题上，你提到存款只够撑三个月 [{ids['savings']}]。\n"))
    assert judged.withheld and not faithful.withheld, [x.problems for x in faithful.withheld]


def test_a_quote_is_checked_against_the_raw_lines_the_claim_cites(ws):
    """A claim distils its line: words of the line the claim's text left out may still be quoted."""
    from fakellm.workspaces import day

    r = ws.raw.record("开会又被领导当众批评。我受够了，下周就去递辞呈。\n".encode(), topic="职业去留",
                      occurred_at=day("2026-06-05"))
    (claim,), _ = ws.claims.add_many([dict(claim=FED_UP, topic="职业去留", kind="assessment",
                                           provenance=f"{r.file}#L1", occurred_at=day("2026-06-05"))], actor="user")
    judged = judge_text(ws, f"你写过「开会又被领导当众批评」，所以受够了 [{claim.id}]。\n"
                            f"你写过「开会又被老板骂」，所以受够了，下周就去递辞呈 [{claim.id}]。")
    assert [x.text for x in judged.shown] == ["你写过「开会又被领导当众批评」，所以受够了。"]
    assert [p.problem for p in judged.withheld[0].problems] == ["misquoted"]


def test_the_seed_workspaces_model_sentences_still_pass(ws):
    """The sentences the other tests' models write over the seed workspace are kept."""
    s = seed(ws)
    judged = judge_text(ws, (f"你在连续加班三周时说想辞职 [{s.quit}]。\n"
                             f"你在 2025 年 11 月说热爱这里 [{s.love}]。\n"
                             f"存款只够撑三个月，空窗期很短 [{s.mortgage}]。\n"
                             f"你说过「热爱这里，绝不想辞职」，后来又说「想辞职」 [{s.love}][{s.quit}]。\n"
                             f"你现在说「不知道该不该辞职」 [{s.unsure}]。\n"
                             # a change of mind in one sentence, each side citing its claim (test_digest's)
                             f"你热爱过这里 [{s.love}]，后来加班让你想辞职 [{s.quit}]。\n"))
    assert not judged.withheld, [(x.text, x.problems) for x in judged.withheld]
    # cited alone, the love claim is the reverse of wanting to quit
    assert [p.problem for x in judge_text(ws, f"后来加班让你想辞职 [{s.love}]。").withheld
            for p in x.problems] == ["reversed"]


# ------------------------------------------------------------------------------ end to end


def test_ask_withholds_the_testers_misquotes_and_reversed_views(ws, cli, fakellm):
    ids = seed_tester(ws)
    fakellm.script(Reply(text=TESTER_REPLY.format(**ids) + "\n", chunk=9))
    out = cli("ask", "要不要换工作", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    analysis = out.stdout.split("## 分析")[1].split("## ")[0]
    for words in ("很差劲", "劝你马上辞职", "混蛋", "不在乎存款"):
        assert words not in analysis
    assert f"你应该马上辞职。 [{ids['fed_up']}]" in analysis
    note = out.stdout.split("## 无依据，未采纳")[1]
    assert "「现在的领导其实很差劲，换个地方一定更好」不在所引用的" in note
    assert "混蛋」不在所引用的" in note
    assert f"引用的 {ids['friend']}（「{FRIEND}」）说的与这句话相反" in note
    assert f"引用的 {ids['savings']}（「{SAVINGS}」）说的与这句话相反（「只够」）" in note

    fakellm.script(Reply(text=TESTER_REPLY.format(**ids) + "\n"))
    answer = cli("ask", "要不要换工作", "--json", env=fakellm.env()).json()["answer"]
    problems = {u["text"]: [p["problem"] for p in u["problems"]] for u in answer["unsupported"]}
    assert problems["你的朋友劝你马上辞职。"] == ["reversed"]
    assert problems["你说过「现在的领导其实很差劲，换个地方一定更好」。"] == ["misquoted", "reversed"]


def test_chat_withholds_a_quote_the_cited_claim_does_not_hold(ws, cli, fakellm):
    ids = seed_tester(ws)
    fakellm.script(Reply(text=f"你说过「我恨我的领导，他从不照顾我」 [{ids['boss']}]。\n"
                              f"你说过「现在的领导其实很照顾我」 [{ids['boss']}]。\n"))
    out = cli("chat", input="我在想要不要换工作\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    shown, _, note = out.stdout.partition("## 无依据，未采纳")
    assert f"你说过「现在的领导其实很照顾我」。 [{ids['boss']}]" in shown or "现在的领导其实很照顾我」" in shown
    assert "我恨我的领导" not in shown
    assert "「我恨我的领导，他从不照顾我」不在所引用的" in note

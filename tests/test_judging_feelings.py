"""The judge refuses a feeling turned around (session 30): 「你一直很讨厌你的领导 [claim-X]」 over a claim
saying 「现在的领导其实很照顾我，换个地方未必遇得到」 passed, the stance reader finding no act in either
(mylife_core.pipeline.fidelity.feeling_reversal, called from citations.check_fidelity).

A table of reversals that must be refused, naming the thing whose feeling was turned around, and a
table of faithful paraphrases that must pass: mixed feelings, a change of feeling told over two cited
claims, feelings about different things in one sentence, a feeling denied, someone else's feeling;
then the judge on a real workspace and ``ask`` end to end against the fake OpenAI-compatible server."""

from __future__ import annotations

import pytest
from fakellm import Reply, fakellm  # noqa: F401

from mylife_core.messages import t
from mylife_core.pipeline.fidelity import feeling_reversal
from mylife_core.pipeline.judging import judge_text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # litellm's own pydantic deprecations

BOSS = "现在的领导其实很照顾我，换个地方未必遇得到"
LOVE_JOB = "刚入职的时候很喜欢这份工作"
HATE_OT = "最近开始讨厌加班，每天十一点才下班"
MEAN = "新来的主管总是针对我，开会当众批评我"
PEERS = "同事们都很好相处，中午一起吃饭"
GRATEFUL = "我很感激老板当初给我机会"
MANAGEMENT = "这家公司的管理真的很烂"
USED_TO = "刚来的时候很讨厌领导，觉得他太严"

#: (sentence, cited texts, the thing whose feeling is turned around)
REVERSED = [
    ("你一直很讨厌你的领导", [BOSS], "领导"),  # the tester's sentence
    ("你对领导很不满", [BOSS], "领导"),
    ("领导总是针对你", [BOSS], "领导"),  # treated badly against treated well
    ("你受不了你的老板", [BOSS], "老板"),  # 老板 and 领导: one synonym group
    ("你很反感你的上司", [BOSS], "上司"),
    ("你说过你恨你的领导", [BOSS], "领导"),
    ("你很讨厌这份工作", [LOVE_JOB], "工作"),
    ("你很喜欢加班", [HATE_OT], "加班"),  # and the other way round
    ("你很感激你的主管", [MEAN], "主管"),
    ("你很欣赏新来的主管", [MEAN], "主管"),
    ("主管一直很照顾你", [MEAN], "主管"),
    ("你看不惯你的同事", [PEERS], "同事"),
    ("老板让你很反感", [GRATEFUL], "老板"),
    ("你对公司的管理很满意", [MANAGEMENT], "管理"),
]

#: (sentence, cited texts): faithful paraphrases, none may be refused
FAITHFUL = [
    ("你说领导其实很照顾你", [BOSS]),
    ("你很感激现在的领导", [BOSS]),
    ("你对老板心存感激", [GRATEFUL]),
    # a change over time told in two cited claims, or one of them
    ("你曾经很喜欢这份工作，后来开始讨厌加班", [LOVE_JOB, HATE_OT]),
    ("你曾经很喜欢这份工作", [LOVE_JOB, HATE_OT]),
    ("你一直很讨厌你的领导", [BOSS, USED_TO]),  # one cited claim says so: not every one says otherwise
    ("你一开始很讨厌领导，后来发现他很照顾你", [BOSS, USED_TO]),
    ("你一开始很讨厌领导，后来发现他很照顾你", [BOSS]),  # a change told in the sentence itself
    # mixed feelings, feelings about different things in one sentence
    ("你既感激领导，又受不了他的脾气", [BOSS]),
    ("你喜欢这份工作，但讨厌加班", [LOVE_JOB, HATE_OT]),
    ("你讨厌加班，但领导很照顾你", [HATE_OT, BOSS]),
    ("你讨厌的是加班，不是领导", [BOSS, HATE_OT]),
    ("你很讨厌加班", [HATE_OT, BOSS]),
    # negations
    ("你不讨厌你的领导", [BOSS]),
    ("你并不讨厌领导，只是讨厌加班", [BOSS, HATE_OT]),
    # someone else's feeling, or the user as its object
    ("你的同事都讨厌领导", [BOSS]),
    ("你妈妈不喜欢你的领导", [BOSS]),
    ("领导讨厌你", [BOSS]),
    ("同事说领导很差劲", [BOSS]),
    # a condition, a fear of an event, things no cited text has a feeling about
    ("如果你讨厌领导，可以考虑换岗", [BOSS]),
    ("你很怕换个地方遇不到这么好的领导", [BOSS]),
    ("你担心领导不放人", [BOSS]),
    ("你讨厌现在的通勤", [BOSS]),
    ("你不想离开照顾你的领导", [BOSS]),
    ("你对新来的主管很不满", [MEAN]),
    ("你受不了主管总是针对你", [MEAN]),
    ("你和同事相处得很好", [PEERS]),
]


@pytest.mark.parametrize("sentence, cited, thing", REVERSED)
def test_a_feeling_turned_around_is_found_with_what_it_is_about(sentence, cited, thing):
    found = feeling_reversal(sentence, cited)
    assert found is not None
    at, mine, theirs = found
    assert mine.thing == thing and mine.side == -theirs.side and cited[at]


@pytest.mark.parametrize("sentence, cited", FAITHFUL)
def test_a_faithful_feeling_is_not_read_as_turned_around(sentence, cited):
    assert feeling_reversal(sentence, cited) is None


def _claims(ws, *texts):
    from fakellm.workspaces import day

    ids = []
    for n, text in enumerate(texts):
        when = day(f"2026-0{n + 3}-05")
        r = ws.raw.record(f"{text}。\n".encode(), topic="职业去留", occurred_at=when)
        (claim,), _ = ws.claims.add_many([dict(claim=text, topic="职业去留", kind="assessment",
                                               provenance=f"{r.file}#L1", occurred_at=when)], actor="user")
        ids.append(claim.id)
    return ids


def test_the_judge_refuses_a_feeling_turned_around_and_names_it(ws):
    boss, love, hate = _claims(ws, BOSS, LOVE_JOB, HATE_OT)
    judged = judge_text(ws, (f"你一直很讨厌你的领导 [{boss}]。\n"
                             f"你很讨厌这份工作 [{love}]。\n"
                             f"你说领导其实很照顾你 [{boss}]。\n"
                             f"你曾经很喜欢这份工作 [{love}]，后来开始讨厌加班 [{hate}]。\n"))
    withheld = {x.text: x.problems for x in judged.withheld}
    assert set(withheld) == {"你一直很讨厌你的领导。", "你很讨厌这份工作。"}
    (problem,) = withheld["你一直很讨厌你的领导。"]
    assert problem.problem == "reversed" and problem.claim_id == boss
    assert problem.message == t("s30judge.feeling_reversed", id=boss, claim=BOSS, thing="领导",
                                said="我一直很讨厌我的领导", cue="现在的领导其实很照顾我")
    assert "领导" in problem.message and "现在的领导其实很照顾我" in problem.message
    assert [x.text for x in judged.shown] == ["你说领导其实很照顾你。", "你曾经很喜欢这份工作，后来开始讨厌加班。"]


def test_a_feeling_is_read_in_the_raw_lines_the_claim_cites(ws):
    """A claim distils its line: the line's words count too, as they do for quotes."""
    from fakellm.workspaces import day

    r = ws.raw.record("领导其实很照顾我，换个地方未必遇得到。\n".encode(), topic="职业去留",
                      occurred_at=day("2026-06-05"))
    (claim,), _ = ws.claims.add_many([dict(claim="换个地方未必遇得到这样的环境", topic="职业去留", kind="assessment",
                                           provenance=f"{r.file}#L1", occurred_at=day("2026-06-05"))], actor="user")
    judged = judge_text(ws, f"你一直很讨厌你的领导，换个地方未必遇得到这样的环境 [{claim.id}]。")
    assert [p.problem for x in judged.withheld for p in x.problems] == ["reversed"]


def test_ask_withholds_a_feeling_turned_around(ws, cli, fakellm):
    (boss,) = _claims(ws, BOSS)
    fakellm.script(Reply(text=f"你一直很讨厌你的领导 [{boss}]。\n你说领导其实很照顾你 [{boss}]。\n", chunk=7))
    out = cli("ask", "要不要换工作", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    analysis = out.stdout.split("## 分析")[1].split("## ")[0]
    assert "讨厌" not in analysis and f"你说领导其实很照顾你。 [{boss}]" in analysis
    note = out.stdout.split("## 无依据，未采纳")[1]
    assert f"引用的 {boss}（「{BOSS}」）对「领导」的感受与这句话相反" in note


#: (sentence, the cited claims' texts, the reasons it is withheld for, in order): a sentence that
#: misquotes the user and turns a feeling around was said to be misquoted only (session 32); the
#: rows after the first four have one reason or none, as before
REASONS = [
    ("你说过「我一直很讨厌领导」", [BOSS], ["misquoted", "reversed"]),
    ("你说：“我受不了我的老板”", [BOSS], ["misquoted", "reversed"]),
    ("你一直很讨厌你的领导，你说过「换个地方一定遇得到」", [BOSS], ["misquoted", "reversed"]),
    ("你说过「我很讨厌这份工作」", [LOVE_JOB], ["misquoted", "reversed"]),
    ("你说过「现在的领导其实很照顾我」", [BOSS], []),  # faithful
    ("你说过「领导很照顾我，还给我涨了工资」", [BOSS], ["misquoted"]),  # the feeling kept
    ("你说过「我不讨厌领导」", [BOSS], ["misquoted"]),  # a feeling denied is not turned around
    ("同事说过「领导很差劲」", [BOSS], ["misquoted"]),  # someone else's feeling
    ("你一直很讨厌你的领导", [BOSS], ["reversed"]),
    ("你说过「我一直很讨厌领导」", [BOSS, USED_TO], ["misquoted"]),  # one cited claim says so
]


@pytest.mark.parametrize("sentence, cited, reasons", REASONS)
def test_every_reason_a_sentence_is_withheld_for_is_given(ws, sentence, cited, reasons):
    from mylife_core.pipeline.answer import Judgment
    from mylife_core.pipeline.citations import evaluate
    from mylife_core.trace import SourceChecker

    ids = _claims(ws, *cited)
    refused = evaluate(ws, Judgment(text=sentence, claim_ids=ids, role="judgment"), SourceChecker(ws))
    assert ([p.problem for p in refused.problems] if refused is not None else []) == reasons


def test_a_quote_of_what_the_user_said_in_the_conversation_is_still_shown(ws):
    """Which sentences are withheld did not change: a quote of the user's own words in this
    conversation (``said``) is not misquoted, and its feeling is not held to the cited claim's."""
    from mylife_core.pipeline.answer import Judgment
    from mylife_core.pipeline.citations import evaluate
    from mylife_core.trace import SourceChecker

    ids = _claims(ws, BOSS)
    judgment = Judgment(text="你说过「我一直很讨厌领导」", claim_ids=ids, role="judgment")
    assert evaluate(ws, judgment, SourceChecker(ws), said=["我一直很讨厌领导"]) is None
    assert [p.problem for p in evaluate(ws, judgment, SourceChecker(ws)).problems] == ["misquoted", "reversed"]


def test_ask_says_both_reasons_of_a_misquote_that_turns_a_feeling_around(ws, cli, fakellm):
    (boss,) = _claims(ws, BOSS)
    reply = f"你说过「我一直很讨厌领导」 [{boss}]。\n你说领导其实很照顾你 [{boss}]。\n"
    fakellm.script(Reply(text=reply, chunk=7))
    out = cli("ask", "要不要换工作", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    note = out.stdout.split("## 无依据，未采纳")[1]
    line = next(x for x in note.splitlines() if "我一直很讨厌领导" in x)
    assert "「我一直很讨厌领导」不在所引用的" in line, note
    assert f"引用的 {boss}（「{BOSS}」）对「领导」的感受与这句话相反" in line, note
    fakellm.script(Reply(text=reply))
    answer = cli("ask", "要不要换工作", "--json", env=fakellm.env()).json()["answer"]
    problems = {u["text"]: [p["problem"] for p in u["problems"]] for u in answer["unsupported"]}
    assert problems == {"你说过「我一直很讨厌领导」。": ["misquoted", "reversed"]}

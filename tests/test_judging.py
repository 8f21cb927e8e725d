"""The one judging rule (mylife_core.pipeline.judging): its classification edges, and the rule
itself against a real workspace's claims (invented, unaccepted, valid citations)."""

from __future__ import annotations

import pytest
from fakellm import seed

from mylife_core.pipeline.citations import CITATION_CHECKS, to_judgments
from mylife_core.pipeline.judging import Judge, classify, filter_text, judge_text

STATED = ["我每个月固定开销九千左右", "最近加班加到失眠，我很累"]


@pytest.mark.parametrize("text,kind", [
    # questions handed back
    ("真正要解的问题是加班强度能不能改变？", "question"),
    ("要不要先和主管谈谈？", "question"),
    ("你觉得现在的团队怎么样？", "question"),
    ("Have you talked to your manager?", "question"),
    # questions that smuggle a verdict
    ("你难道不该马上辞职吗？", "judgment"),
    ("你是不是应该马上辞职？", "judgment"),
    ("为什么不直接辞职呢？", "judgment"),
    ("你其实更看重稳定，对吗？", "judgment"),
    ("Shouldn't you quit right away?", "judgment"),
    # a leaning answer asked as a question: an imperative or a guess with 吧, "just do it" words
    ("那就辞职吧？", "judgment"),
    ("辞了吧，好吗？", "judgment"),
    ("干脆辞职？", "judgment"),
    ("辞职不就好了？", "judgment"),
    ("How about quitting?", "judgment"),
    ("Quit your job, okay?", "judgment"),
    ("你算了一下存款能撑多久吗？", "question"),
    ("吧台的工作你喜欢吗？", "question"),
    # imperatives and flattery
    ("相信自己！", "judgment"),
    ("辞职吧！", "judgment"),
    ("去找 HR 谈谈。", "judgment"),
    ("你的能力远超现在的岗位。", "judgment"),
    ("你能力很强，一定能找到更好的工作！", "judgment"),
    ("You should quit.", "judgment"),
    # small talk
    ("你好！", "small_talk"),
    ("谢谢，明白了。", "small_talk"),
    ("我查一下你的记录。", "small_talk"),
    ("OK, got it.", "small_talk"),
    ("好的，辞职吧！", "judgment"),  # small talk with a verdict in it is not small talk
    # a yes is an answer, not small talk: said to "我该不该辞职？" it is the verdict
    ("是的！", "judgment"),
    ("可以。", "judgment"),
    ("对，没问题。", "judgment"),
    ("Sure.", "judgment"),
    ("好的，明白了。", "small_talk"),
    # restatements of what the user stated
    ("你刚才说每个月固定开销九千左右。", "restatement"),
    ("你每月开销九千左右。", "restatement"),
    ("你说你很累。", "restatement"),
    ("你说你很累，你应该休息。", "judgment"),  # adds advice the user did not give
    ("按你说的，每月开销九千，存款大约能撑十三个月。", "judgment"),  # adds a conclusion
    ("听起来你的能力远超现在的岗位。", "judgment"),
    # an ordinary statement is a judgment by default (as ask always had it)
    ("失眠听起来是另一件需要单独想的事。", "judgment"),
    ("已经帮你把存款改成 0 了。", "judgment"),
])
def test_classification_edges(text, kind):
    assert classify(text, user_words=STATED) == kind


def test_restating_a_question_is_not_a_restatement():
    # "我该不该辞职？" is a question: saying it back as a statement is a verdict
    assert classify("你该辞职。", user_words=["我该不该辞职？"]) == "judgment"
    assert classify("你想辞职。", user_words=["我想辞职。"]) == "restatement"


@pytest.mark.parametrize("text,user", [
    ("You said you want to quit.", "I want to quit."),
    ("You want to quit your job.", "I want to quit my job."),
    ("You said you're tired of the overtime.", "I am tired of the overtime."),
    ("You mentioned your boss ignores you.", "My boss ignores me."),
    ("You said you haven't slept well in three weeks.", "I haven't slept well in three weeks."),
])
def test_an_english_restatement_reads_you_as_i(text, user):
    """Said back in English the user's "I" is "you": a faithful restatement needs no citation."""
    assert classify(text, user_words=[user]) == "restatement"


LONG = "我想辞职，因为连续加班三周，每天十一点下班，身体受不了。"
LONG_EN = "I want to quit because of three weeks of overtime until eleven every night."


@pytest.mark.parametrize("text,user", [
    # a negation dropped, added or swapped for another word is the opposite of the user's words,
    # however much of the rest is theirs (it passed on coverage alone)
    ("你说你不想辞职，因为连续加班三周，每天十一点下班，身体受不了。", LONG),
    ("你说你想辞职，因为连续加班三周，每天十一点下班，身体受得了。", LONG),
    ("你说你想辞职，因为连续加班三周，每天十一点下班，身体受不了。", LONG.replace("我想", "我不想")),
    ("You said you do not want to quit because of three weeks of overtime until eleven every night.", LONG_EN),
    ("You said you don't want to quit.", "I want to quit."),
    ("You said you want to quit.", "I don't want to quit."),
    ("You said you never want to quit your job.", "I want to quit my job."),
    ("You said you should quit.", "I should quit."),  # a directive the user's words do not hold
])
def test_a_restatement_keeps_every_negation(text, user):
    assert classify(text, user_words=[user]) == "judgment"


def test_a_restatement_with_the_users_own_negation_is_one():
    assert classify("你说你想辞职，因为连续加班三周，每天十一点下班，身体受不了。", user_words=[LONG]) == "restatement"
    assert classify("You said you don't want to quit.", user_words=["I don't want to quit."]) == "restatement"
    assert classify("You said you want to quit because of three weeks of overtime until eleven every night.",
                    user_words=[LONG_EN]) == "restatement"


TIRED = ["我每天加班到十点，很累，我想辞职。"]


@pytest.mark.parametrize("text", [
    "你每天加班到十点，很累，你應該辞职。",  # traditional characters
    "你每天加班到十点，很累，你 应 该 辞职。",  # spelled out with spaces
    "你每天加班到十点，很累，你应\u200b该辞职。",  # split by an invisible character
    "你每天加班到十点，很累，你应·该辞职。",
])
def test_a_disguised_verdict_is_read_as_the_verdict_it_is(text):
    """The word lists are matched against the text as it reads (:func:`judging.fold`): a restatement
    with a disguised directive added, or a question carrying one, is a judgment."""
    assert classify("你每天加班到十点，很累。", user_words=TIRED) == "restatement"
    assert classify(text, user_words=TIRED) == "judgment"
    assert classify(text.replace("。", "吗？"), user_words=TIRED) == "judgment"
    assert classify("难道你不该辞职吗？") == classify("難道你不該辭職嗎？") == "judgment"
    assert classify("要不要先和主管談談？") == "question" and classify("謝謝你告訴我。") == "small_talk"


def test_the_rule_against_real_claims(ws):
    s = seed(ws)
    judged = judge_text(ws, (f"你在连续加班三周时说想辞职 [{s.quit}]。\n"
                             "你的能力远超现在的岗位，应该马上辞职 [claim-2099-01-01-999]。相信自己！\n"
                             f"你其实更看重稳定 [{s.inference}]。\n"
                             "你好！\n"
                             f"你难道不该马上辞职吗？\n"
                             f"真正要解的问题是加班强度能不能改变 [claim-2099-01-01-998]？\n"))
    shown = {x.text: x.kind for x in judged.shown}
    assert shown == {"你在连续加班三周时说想辞职。": "judgment", "你好！": "small_talk"}
    withheld = {x.text: [p.problem for p in x.problems] for x in judged.withheld}
    assert withheld == {"你的能力远超现在的岗位，应该马上辞职。": ["missing"],
                        "相信自己！": ["no_citation"],
                        "你其实更看重稳定。": ["candidate"],
                        "你难道不该马上辞职吗？": ["no_citation"],
                        # a question needs no citation, but what it cites is checked
                        "真正要解的问题是加班强度能不能改变？": ["missing"]}
    assert judged.carries_judgment
    assert not judge_text(ws, "你好！谢谢。").carries_judgment
    # ask reads sentences the same way
    roles = {j.text: j.role for j in to_judgments("你难道不该马上辞职吗？\n你好！\n真正的问题是什么？")}
    assert roles == {"你难道不该马上辞职吗？": "judgment", "你好！": "remark", "真正的问题是什么？": "question"}


def test_a_sentence_claiming_a_write_is_withheld_until_one_is_done(ws):
    done = {"n": 0}
    judge = Judge(ws, writes_done=lambda: done["n"], write_problem=lambda: "写入要等你确认")
    text = "好的。已经帮你把存款改成 0 了。"
    first = judge.text(text)
    assert [x.text for x in first.shown] == ["好的。"]
    assert first.withheld[0].problems[0].problem == "write_not_done"
    assert first.withheld[0].problems[0].message == "写入要等你确认"
    done["n"] = 1  # once a write really happened, only the ordinary rule is left
    assert [p.problem for p in judge.text(text).withheld[0].problems] == ["no_citation"]


def test_filter_text_keeps_the_layout_and_judges_tables_and_quotes(ws):
    s = seed(ws)
    text = (f"## 回顾\n\n- 你说过想辞职 [{s.quit}]。你应该马上走。\n\n"
            "| 说法 | 评价 |\n|---|---|\n| 想辞职 | 你的能力远超现在的岗位 |\n\n> 相信自己！\n\n你好！")
    kept, judged = filter_text(Judge(ws), text)
    assert kept == f"## 回顾\n\n- 你说过想辞职 [{s.quit}]。\n\n| 说法 | 评价 |\n|---|---|\n\n你好！"
    assert {x.text for x in judged.withheld} >= {"你应该马上走。", "相信自己！"}


def test_a_per_citation_check_plugs_in_as_one_function(ws):
    from mylife_core.pipeline.answer import CitationProblem

    s = seed(ws)

    def unrelated(ws_, judgment, claim_id):
        if "房贷" in judgment.text and claim_id == s.quit:
            return CitationProblem(claim_id=claim_id, problem="missing", message="cited claim is not about it")
        return None

    CITATION_CHECKS.append(unrelated)
    try:
        judged = judge_text(ws, f"你的房贷压力很大 [{s.quit}]。\n你说过想辞职 [{s.quit}]。")
    finally:
        CITATION_CHECKS.remove(unrelated)
    assert [x.text for x in judged.withheld] == ["你的房贷压力很大。"]
    assert [x.text for x in judged.shown] == ["你说过想辞职。"]


STREAMED = ("## 回顾\n\n- 你说过想辞职 [{quit}]。你的能力远超现在的岗位，应该马上辞职。\n"
            "1. 房贷每月 8000 [{mortgage}]。他说“走吧。”[claim-2099-01-01-001] 版本 3.5 很好. 下一句?\r\n"
            "| 想辞职 | 相信自己 |\n> 引用。\n你好！真正要解的问题是加班强度能不能改变？")


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 13, 1000])
def test_a_stream_is_cut_into_the_sentences_of_the_whole_text(size):
    """However the model's text arrives, the sentences cut from its pieces are those of the whole."""
    from mylife_core.pipeline.citations import SentenceCutter, split_sentences

    text = STREAMED.format(quit="claim-2026-01-15-001", mortgage="claim-2026-02-10-001")
    cutter = SentenceCutter()
    got = [s for i in range(0, len(text), size) for s in cutter.feed(text[i:i + size])] + cutter.flush()
    assert got == split_sentences(text)


def test_a_streamed_sentence_is_judged_and_shown_once_complete_never_before(ws):
    from mylife_core.pipeline.judging import JudgedStream

    s = seed(ws)
    shown: list[str] = []
    stream = JudgedStream(Judge(ws), show=lambda x: shown.append(x.display()))
    stream.feed("你说过想辞职。")
    assert shown == []  # its citation may still follow
    stream.feed(" [")
    stream.feed(f"{s.quit}] 你的能力远超")
    assert shown == [f"你说过想辞职。 [{s.quit}]"]  # complete (something else began), before the line ends
    stream.feed("现在的岗位，应该马上辞职。相信自己！再说")
    assert shown == [f"你说过想辞职。 [{s.quit}]"]  # withheld: never shown
    stream.drop()  # a round that went on to call tools: its unfinished line is forgotten
    stream.feed("你好！")
    stream.end()
    assert shown == [f"你说过想辞职。 [{s.quit}]", "你好！"]
    assert [x.text for x in stream.judged.withheld] == ["你的能力远超现在的岗位，应该马上辞职。", "相信自己！"]
    assert stream.judged.carries_judgment


def test_a_handoff_drafts_question_fields_are_questions_only_when_they_ask(ws):
    """QA, session 20: judge_draft added a question mark to classify a question field and then
    kept the text, so a verdict written there as a statement passed as a question, uncited."""
    from mylife_core.chat.handoff_flow import judge_draft
    from mylife_core.chat.session import SessionStore

    s = seed(ws)
    session = SessionStore(ws).create()
    draft = {"topic": "财务", "question_answered": "你的存款足够裸辞",
             "open_questions": ["你已经做得很好了", "裸辞没问题", "存款能撑多久", "要不要先问问家人",
                                "父母那边怎么说？", "你是不是应该裸辞？", f"房贷每月 8000 [{s.mortgage}]"],
             "conclusion": "", "competing_evidence": []}
    out, withheld = judge_draft(ws, draft, session)
    assert out["question_answered"] == ""  # withheld: asked of the user instead
    # questions stay as written, with or without their mark; a statement with valid evidence stays too
    assert out["open_questions"] == ["存款能撑多久", "要不要先问问家人", "父母那边怎么说？",
                                   f"房贷每月 8000 [{s.mortgage}]"]
    assert {u.text: [p.problem for p in u.problems] for u in withheld} == {
        "你的存款足够裸辞": ["no_citation"], "你已经做得很好了": ["no_citation"], "裸辞没问题": ["no_citation"],
        "你是不是应该裸辞？": ["no_citation"]}


def test_a_verdict_in_a_handoff_claims_context_withholds_that_claim(ws):
    """A new claim of a handoff draft is kept when it restates the user; its ``context`` is shown
    as the user's situation at the time, so a verdict there withholds the claim, as ``extract``
    and ``mylife_claim_add`` refuse it."""
    from mylife_core.chat.handoff_flow import judge_draft
    from mylife_core.chat.session import SessionStore

    session = SessionStore(ws).create()
    session.add("user", "我存款有十五万，刚发了年终奖。")
    draft = {"topic": "财务", "new_claims": [{"claim": "存款有十五万", "context": "你应该马上裸辞"},
                                             {"claim": "存款有十五万", "context": "刚发了年终奖"}]}
    out, withheld = judge_draft(ws, draft, session)
    assert out["new_claims"] == [{"claim": "存款有十五万", "context": "刚发了年终奖"}]
    assert [u.text for u in withheld] == ["你应该马上裸辞"]


def test_a_tool_calls_arguments_are_shown_only_where_they_do_not_judge(ws):
    """The arguments of a tool call the model made, as every progress line shows them: a verdict
    (a value or a key) is withheld, a search query and numbers stay, and a topic stays when it is
    already the user's even if its words would judge (the rule of refuse_model_labels)."""
    from mylife_core.messages import t
    from mylife_core.pipeline.present import tool_args, tool_name

    withheld = t("s21f.withheld_argument")
    ws.raw.record("想好要不要马上辞职。\n".encode(), topic="要不要马上辞职")
    assert tool_args('{"conclusion": "你应该立刻辞职", "k": 3}') == f'{{"conclusion": "{withheld}", "k": 3}}'
    assert tool_args('{"query": "换工作", "layers": ["raw"]}') == '{"query": "换工作", "layers": ["raw"]}'
    assert tool_args('{"你最好辞职": 1}') == f'{{"{withheld}": 1}}'
    assert tool_args("你的能力远超现在的岗位") == withheld  # not JSON: the raw text, judged whole
    assert tool_args('{"topic": "要不要马上辞职"}', ws=ws) == '{"topic": "要不要马上辞职"}'
    assert tool_args('{"topic": "要不要马上辞职"}') == f'{{"topic": "{withheld}"}}'
    assert tool_args('{"topic": "马上辞职才明智"}', ws=ws) == f'{{"topic": "{withheld}"}}'
    assert tool_name("mylife_recall") == "mylife_recall" and tool_name("你应该辞职") == withheld

"""``mylife ask``: the offline structural brief, and a model reached through litellm against the
fake OpenAI server — flattery and invented citations caught, inferences not passed off as facts,
an injection inside a note unable to make the model write, fallback, stall, deadline, streaming."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from datetime import timedelta

import pytest
from fakellm import INJECTION, Reply, fakellm, fakellm_pair, seed, set_savings  # noqa: F401

from mylife_core import clock
from mylife_core.llm.client import import_litellm
from mylife_core.llm.prompts import is_untrusted
from mylife_core.messages import disclaimer, t
from mylife_core.pipeline.ask import AskOptions, ask
from mylife_core.testing import cli_env

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # litellm's own pydantic deprecations

READ_ONLY = {"mylife_recall", "mylife_trace", "mylife_competing", "mylife_staleness"}


def use_model(ws, fake, **llm) -> None:
    """Point the workspace's config at the fake server (as a user would in config.yaml)."""
    ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fake.url, **llm}}))


def sections(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


# ------------------------------------------------------------------------------ offline


def test_offline_brief_is_labelled_and_follows_the_seed_form(ws, cli):
    s = seed(ws)
    out = cli("ask", "我该不该辞职？")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "结构化简报：离线生成，未调用模型" in text
    heads = sections(text)
    # the newest statement that takes a side leans to quitting: the counter-evidence is against that
    assert heads == ["## 你在「职业去留」上的多段表述", "## 反证：削弱「我该辞职」的已有证据", "## 想请你想一想",
                     "## 待作废的旧前提"]
    # 1. the table of the user's statements, oldest first, with the context of the time
    table = text.split(heads[0])[1].split("## ")[0]
    assert table.index("热爱这里，绝不想辞职") < table.index("想辞职  ") < table.index("不知道该不该辞职")
    assert "刚完成一个重要项目" in table and "连续加班三周" in table and "当时的语境" in table
    assert s.inference not in table  # the AI's guesses are not the user's statements
    # 2. a question, not a verdict
    question = text.split("## 想请你想一想")[1].split("## ")[0].strip()
    assert question.split("[")[0].strip().endswith("？")
    # 3. premises to retire, asked about
    premises = text.split("## 待作废的旧前提")[1]
    assert "热爱这里，绝不想辞职" in premises and "还成立吗？" in premises
    # the disclaimer ends the output, after a line saying no model wrote any of it
    assert text.rstrip().endswith(disclaimer().rstrip())
    assert text.rstrip().endswith(t("disclaimer.no_model") + "\n" + disclaimer().rstrip())
    # the rules read the stances: the list is said to be incomplete, with the listing to read, pasteable
    assert "请再翻看这个主题下的全部记录（mylife claim list --topic 职业去留）" in text
    listed = cli("claim", "list", "--topic", "职业去留")
    assert listed.returncode == 0 and "热爱这里，绝不想辞职" in listed.stdout


def test_offline_brief_json_keys_and_chain(ws, cli):
    s = seed(ws)
    out = cli("ask", "我该不该辞职？", "--json")
    assert out.returncode == 0, out.stderr
    data = out.json()
    assert set(data) == {"ok", "status", "answer", "staleness", "chain"}
    a = data["answer"]
    assert (data["ok"], data["status"], a["mode"]) == (True, "answered", "offline")
    assert a["label"] == "〔结构化简报：离线生成，未调用模型〕"
    for key in ("question", "asked_at", "decision", "topic", "draft_conclusion", "statements", "judgments",
                "question_back", "premises", "competing", "competing_note", "unsupported", "stale", "missing",
                "annotations", "tool_calls", "refused_tool_calls", "model_error", "disclaimer", "chain_id"):
        assert key in a, key
    assert [st["claim_id"] for st in a["statements"]] == [s.love, s.quit, s.mortgage, s.unsure]
    assert set(a["statements"][0]) >= {"claim_id", "date", "text", "context", "kind", "status", "source_ok"}
    assert a["question_back"]["role"] == "question"
    assert a["disclaimer"] == disclaimer()
    assert a["chain_id"] == data["chain"]["id"]
    trace = cli("trace", a["chain_id"], "--json")
    assert trace.returncode == 0, trace.stdout
    traced = trace.json()
    assert traced["ok"] is True and s.love in traced["claims"]
    assert traced["claims"][s.love]["raw"]["lines"][0]["text"] == "热爱这里，绝不想辞职。"


def test_competing_evidence_is_shown_with_its_chain(ws, cli):
    s = seed(ws)
    out = cli("competing", "你应该立刻辞职", "--json")
    assert out.returncode == 0, out.stderr
    data = out.json()
    assert data["empty"] is False and data["note"] is None
    items = {i["claim_id"]: i for i in data["items"]}
    assert items[s.love]["stance"] == "contradicts" and "辞职" in items[s.love]["reason"]
    assert items[s.mortgage]["stance"] == "weakens"
    assert items[s.love]["chain"]["raw"].endswith("#L2") and items[s.love]["chain"]["state"] == "ok"
    assert s.quit not in items  # agreeing evidence is not counter-evidence
    text = cli("competing", "你应该立刻辞职").stdout
    assert "热爱这里，绝不想辞职" in text and "✓" in text
    # read by the rules alone: the list is never presented as complete
    assert data["read_by"] == "rules" and "不完整" in data["reach_note"]
    assert data["reach_note"] in text
    assert text.rstrip().endswith(t("disclaimer.no_model") + "\n" + disclaimer().rstrip())
    assert data["disclaimer"] == disclaimer()  # --json carries it as staleness --json does
    offline = cli("ask", "我该不该辞职？", "--offline", "--no-record").stdout
    assert data["reach_note"] in offline


def test_an_empty_competing_section_says_so(ws, cli):
    r = ws.raw.record("想辞职。\n".encode(), topic="职业去留")
    ws.claims.add(claim="想辞职", topic="职业去留", kind="assessment", provenance=f"{r.file}#L1")
    out = cli("ask", "我该不该辞职？", "--json")
    a = out.json()["answer"]
    assert a["competing"] == []
    assert a["competing_note"].startswith("没有找到削弱「我该辞职」的已有证据")
    text = cli("ask", "我该不该辞职？").stdout
    assert "没有找到削弱「我该辞职」的已有证据。这不代表它成立" in text


def test_an_open_question_ending_in_shenme_is_not_cut_short(ws, cli):
    """"今天晚饭吃什么？" is no yes/no question: its 么 is part of 什么, not a question particle to
    drop, so the brief's drafts keep the whole question (it showed「今天晚饭吃什」)."""
    for question, draft in (("今天晚饭吃什么？", "今天晚饭吃什么"), ("这个月的钱该怎么花？", "这个月的钱该怎么花")):
        text = cli("ask", question, "--offline").stdout
        assert f"削弱「{draft}」的已有证据" in text, text
    assert "削弱「我最近睡得好」" in cli("ask", "我最近睡得好吗？", "--offline").stdout  # a yes/no 吗 still drops


def test_a_changed_profile_value_retires_an_old_premise(ws):
    r = ws.raw.record("存款太少，很焦虑。\n".encode(), topic="财务", occurred_at=clock_day("2026-01-01"))
    old = ws.claims.add(claim="存款太少，很焦虑", topic="财务", kind="assessment", provenance=f"{r.file}#L1",
                        occurred_at=clock_day("2026-01-01"))[0]
    r2 = ws.raw.record("想攒钱。\n".encode(), topic="财务", occurred_at=clock_day("2026-05-01"))
    ws.claims.add(claim="想攒钱", topic="财务", kind="assessment", provenance=f"{r2.file}#L1",
                  occurred_at=clock_day("2026-05-01"))
    ws.profile.set("现有存款", 30000, ttl_days=90, ttl_given=True, at=clock_day("2025-12-01"))
    ws.profile.set("现有存款", 150000, at=clock_day("2026-06-01"))
    # no lens covers the question: its topic (财务) is found in the user's claims and the fields those
    # claims speak of are checked too, so the six-month-old savings value must be kept to go on
    stopped = ask(ws, "我的存款够不够？", AskOptions(record=False))
    assert stopped.answer.status == "needs_input" and stopped.answer.topic == "财务"
    assert [f.name for f in stopped.report.expired] == ["现有存款"]
    result = ask(ws, "我的存款够不够？", AskOptions(record=False, accept_stale=True))
    premise = next(p for p in result.answer.premises if p.claim_id == old.id)
    assert premise.kind == "field_changed" and premise.newer == "现有存款"
    assert "30000 → 150000" in premise.question and premise.question.endswith("？")


def clock_day(text: str):
    from mylife_core import clock

    return clock.parse_when(text)


# ------------------------------------------------------------------------------ with a model


def flattering(s):
    def reply(request) -> Reply:
        return Reply(text=(f"你在连续加班三周时说想辞职 [{s.quit}]。\n"
                           "你能力很强，一定能找到更好的工作！\n"
                           f"你早就看透了这家公司 [claim-2099-01-01-001]。\n"
                           f"你其实更看重稳定 [{s.inference}]。\n"
                           "真正要解的问题是加班强度能不能改变？\n"), chunk=7)
    return reply


def test_flattery_and_invented_citations_are_caught(ws, fakellm):
    s = seed(ws)
    use_model(ws, fakellm)
    fakellm.script(flattering(s))
    result = ask(ws, "我该不该辞职？")
    a = result.answer
    assert a.mode == "model" and fakellm.url in a.model
    assert [j.text for j in a.judgments] == ["你在连续加班三周时说想辞职。"]
    assert a.judgments[0].claim_ids == [s.quit]
    refused = {u.text: [p.problem for p in u.problems] for u in a.unsupported}
    assert refused == {"你能力很强，一定能找到更好的工作！": ["no_citation"],
                       "你早就看透了这家公司。": ["missing"],
                       "你其实更看重稳定。": ["candidate"]}
    assert a.question_back.text == "真正要解的问题是加班强度能不能改变？"
    assert result.chain.unsupported == list(refused)
    # every statement the model saw came in the user role inside untrusted markers
    sent = fakellm.requests[0].messages
    assert sent[0]["role"] == "system" and "热爱这里" not in sent[0]["content"]
    assert all(is_untrusted(m) for m in sent[1:-1]) and all(m["role"] == "user" for m in sent[1:])
    assert set(fakellm.requests[0].tool_names) == READ_ONLY


def test_the_terminal_shows_unsupported_sentences_only_in_their_note(ws, cli, fakellm):
    s = seed(ws)
    fakellm.script(flattering(s))
    out = cli("ask", "我该不该辞职？", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    text = out.stdout
    analysis = text.split("## 分析")[1].split("## ")[0]
    assert f"你在连续加班三周时说想辞职。 [{s.quit}]" in analysis
    assert "更好的工作" not in analysis and "看透" not in analysis and "稳定" not in analysis
    note = text.split("## 无依据，未采纳")[1]
    assert "「你能力很强，一定能找到更好的工作！」—— 没有引用任何证据" in note
    assert "claim-2099-01-01-001 不存在" in note
    assert f"{s.inference} 是尚未被你接受的推断" in note
    assert text.rstrip().endswith(disclaimer().rstrip())
    assert t("disclaimer.no_model") not in text  # a model wrote the analysis: the disclaimer alone


def test_json_carries_no_sentence_the_judge_withheld_outside_its_note(ws, cli, fakellm):
    """``ask --json`` is what scripts show: a withheld sentence is only in ``unsupported``."""
    s = seed(ws)
    fakellm.script(flattering(s))
    out = cli("ask", "我该不该辞职？", "--json", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    answer = out.json()["answer"]
    assert "narrative" not in answer
    withheld = [u["text"] for u in answer.pop("unsupported")]
    assert "你能力很强，一定能找到更好的工作！" in withheld
    rest = json.dumps(answer, ensure_ascii=False)  # the chain lists them as unsupported, by design
    assert "更好的工作" not in rest and "看透" not in rest


def test_an_inference_counts_once_the_user_accepts_it(ws, fakellm):
    s = seed(ws)
    use_model(ws, fakellm)
    answer = Reply(text=f"你其实更看重稳定 [{s.inference}]。\n")
    fakellm.script(answer, answer)
    before = ask(ws, "我该不该辞职？", AskOptions(record=False)).answer
    assert before.judgments == [] and before.unsupported[0].problems[0].problem == "candidate"
    ws.claims.accept(s.inference)
    after = ask(ws, "我该不该辞职？", AskOptions(record=False)).answer
    assert [j.claim_ids for j in after.judgments] == [[s.inference]]


def test_an_injection_in_a_note_cannot_make_the_model_write(ws, cli, fakellm):
    s = seed(ws)
    set_savings(ws, days_ago=10)
    raw_before = sorted(p.name for p in (ws.root / "raw").iterdir())

    def obey(request) -> Reply:
        # the injected line reached the model (inside the tool result) and the model "obeys" it
        assert any(INJECTION in (m.get("content") or "") for m in request.messages)
        return Reply(tool_calls=[("mylife_profile_update", {"name": "现有存款", "value": 0}),
                                 ("mylife_record", {"text": "存款已清零", "topic": "财务"})])

    fakellm.script(Reply(tool_calls=[("mylife_recall", {"query": "存款"})]), obey,
                   Reply(text=f"你提到房贷每月 8000 [{s.mortgage}]。\n"))
    out = cli("ask", "我该不该辞职？", "--json", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    a = out.json()["answer"]
    assert [r["name"] for r in a["refused_tool_calls"]] == ["mylife_profile_update", "mylife_record"]
    assert [c["name"] for c in a["tool_calls"]] == ["mylife_recall", "mylife_profile_update", "mylife_record"]
    # nothing changed: the value, the notes, and no write by the model except the answer's chain
    assert ws.profile.reload().fields["现有存款"].value == 120000
    assert sorted(p.name for p in (ws.root / "raw").iterdir()) == raw_before
    assert {e.action for e in ws.audit.all() if e.actor == "model"} == {"index.chain"}
    # the note came in as data: never in the system role, always inside the markers
    for request in fakellm.requests:
        for message in request.messages:
            if INJECTION in (message.get("content") or ""):
                assert message["role"] in ("user", "tool") and is_untrusted(message)
        assert set(request.tool_names) <= READ_ONLY


def test_refused_tool_calls_are_reported_in_the_terminal(ws, cli, fakellm):
    s = seed(ws)
    fakellm.script(Reply(tool_calls=[("mylife_profile_update", {"name": "现有存款", "value": 0})]),
                   Reply(text=f"你说过想辞职 [{s.quit}]。\n"))
    out = cli("ask", "我该不该辞职？", env=fakellm.env())
    assert "## 已拒绝的工具调用" in out.stdout and "mylife_profile_update" in out.stdout
    assert "已拒绝 mylife_profile_update" in out.stderr


VERDICT = "你应该立刻辞职"


def test_a_tool_calls_verdict_argument_is_judged_before_the_progress_line_shows_it(ws, cli, fakellm):
    """The model's verdict, written as a tool's argument, is one of its sentences: the progress
    line names the call and its harmless arguments but withholds the verdict (and a refused call's
    line in the answer does too)."""
    s = seed(ws)
    fakellm.script(Reply(tool_calls=[("mylife_competing", {"conclusion": VERDICT, "topic": "职业去留"}),
                                     ("mylife_recall", {"query": "换工作"}),
                                     ("mylife_record", {"text": "记下：" + VERDICT})]),
                   Reply(text=f"你说过想辞职 [{s.quit}]。\n"))
    out = cli("ask", "我该不该辞职？", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert VERDICT not in out.stdout and VERDICT not in out.stderr
    withheld = t("s21f.withheld_argument")
    assert f'mylife_competing {{"conclusion": "{withheld}", "topic": "职业去留"}}' in out.stderr
    assert 'mylife_recall {"query": "换工作"}' in out.stderr
    assert "已拒绝 mylife_record" in out.stderr
    assert f'mylife_record {{"text": "{withheld}"}}' in out.stdout.split("## 已拒绝的工具调用")[1]


def test_a_failing_first_endpoint_uses_the_fallback(ws, cli, fakellm_pair):
    s = seed(ws)
    primary, fallback = fakellm_pair
    primary.default = Reply(status=503)
    fallback.script(Reply(text=f"你说过想辞职 [{s.quit}]。\n"))
    ws.save_config(ws.config.model_copy(update={"llm": {
        "model": "openai/fake-model", "api_base": primary.url,
        "fallbacks": [{"model": "openai/fake-model", "api_base": fallback.url}]}}))
    out = cli("ask", "我该不该辞职？", "--json")
    assert out.returncode == 0, out.stderr
    a = out.json()["answer"]
    assert a["mode"] == "model" and fallback.url in a["model"]
    assert len(primary.requests) == 1 and len(fallback.requests) == 1


def test_a_stalled_stream_falls_back_to_the_labelled_offline_brief(ws, cli, fakellm):
    s = seed(ws)
    use_model(ws, fakellm, read_timeout=1)
    fakellm.script(Reply(text=f"你说过想辞职 [{s.quit}]。\n然后", chunk=4, stall_after=4, stall=30))
    started = time.monotonic()
    out = cli("ask", "我该不该辞职？", "--json")
    assert time.monotonic() - started < 30
    assert out.returncode == 0, out.stderr
    a = out.json()["answer"]
    assert a["mode"] == "offline" and a["model_error"]["key"] == "llm_stalled"
    assert a["label"].startswith("〔结构化简报：模型调用失败，已改用离线生成〕")
    assert a["statements"] and a["question_back"]
    text = cli("ask", "我该不该辞职？").stdout  # script used up: 500 -> unavailable, also labelled
    assert "模型调用失败，已改用离线生成" in text and "## 你在「职业去留」上的多段表述" in text


def test_a_fallback_after_the_model_read_the_stances_does_not_say_no_model_was_used(ws, cli, fakellm):
    """Issue s20k.3: the structured stance call succeeded, the answer call then failed; the brief
    stood in, and its ending said "本次没有调用大语言模型" although the model had read the
    counter-evidence (no rules-only note either). Only when no model read anything is that said;
    ``stances_read_by`` says who read them, in --json too."""
    seed(ws)
    use_model(ws, fakellm)
    fakellm.default = Reply(status=503)  # the answer fails; the stance call is answered apart
    endings = {"zh": disclaimer().rstrip()[-30:], "en": "sent to the API provider you configured."}
    for lang, env in (("zh", {}), ("en", {"MYLIFE_LANG": "en"})):
        out = cli("ask", "我该不该辞职？", env=env)
        assert out.returncode == 0, out.stderr
        assert fakellm.stance_requests  # the stance call ran; the answer failed (mode below)
        assert out.stdout.rstrip().endswith(endings[lang]), out.stdout[-400:]
        assert "本次没有调用大语言模型" not in out.stdout and "No language model was used" not in out.stdout
        answer = cli("ask", "我该不该辞职？", "--json", env=env).json()["answer"]
        assert answer["mode"] == "offline" and answer["model_error"] and answer["stances_read_by"] == "model"
    offline = cli("ask", "我该不该辞职？", "--offline")
    assert offline.stdout.rstrip().endswith(t("disclaimer.no_model") + "\n" + disclaimer().rstrip())
    assert cli("ask", "我该不该辞职？", "--offline", "--json").json()["answer"]["stances_read_by"] == "rules"


def test_an_item_read_differently_is_marked_in_each_languages_own_form(ws, cli, fakellm):
    """Issue s20k.4: the mark before an item the rules and the model read differently was glued to
    its date in English ("- [unsure]2025-11 ..."); the Chinese 〔不确定〕 needs no space, English does."""
    s = seed(ws)
    use_model(ws, fakellm)
    fakellm.stance = Reply(text=json.dumps({"items": [
        {"id": s.love, "stance": "supports", "speaker": None, "quote": "热爱这里"}]}, ensure_ascii=False))
    fakellm.default = Reply(text=f"你说过想辞职 [{s.quit}]。\n")
    en = cli("competing", "我该辞职", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 0, en.stderr
    assert '- [unsure] 2025-11-02 "热爱这里，绝不想辞职" — ' in en.stdout, en.stdout
    zh = cli("competing", "我该辞职")
    assert "- 〔不确定〕2025-11-02「热爱这里，绝不想辞职」—— " in zh.stdout, zh.stdout


def test_the_deadline_bounds_the_whole_answer(ws, fakellm):
    s = seed(ws)
    use_model(ws, fakellm, read_timeout=5, deadline=1.5)
    fakellm.script(Reply(text=f"你说过想辞职 [{s.quit}]。" * 40, chunk=2, delay=0.2))
    # litellm's import (seconds, once per process) is not the model's time: imported first, so the
    # bound holds whether or not an earlier test in this worker imported it (it failed run alone)
    import_litellm()
    started = time.monotonic()
    a = ask(ws, "我该不该辞职？", AskOptions(record=False)).answer
    assert time.monotonic() - started < 5
    assert a.mode == "offline" and a.model_error["key"] == "llm_deadline"


def test_the_round_limit_forces_an_answer(ws, fakellm):
    s = seed(ws)
    use_model(ws, fakellm, max_rounds=2)
    loop = Reply(tool_calls=[("mylife_recall", {"query": "辞职"})])
    fakellm.script(loop, loop, Reply(text=f"你说过想辞职 [{s.quit}]。\n"))
    a = ask(ws, "我该不该辞职？", AskOptions(record=False)).answer
    assert len(fakellm.requests) == 3 and fakellm.requests[2].tool_names == []
    assert a.judgments and any("2 轮" in n for n in a.annotations)


def test_streaming_in_the_terminal(ws, fakellm):
    s = seed(ws)
    first = f"你在连续加班三周时说想辞职 [{s.quit}]。\n"
    fakellm.script(Reply(text=first + f"你在 2025 年 11 月说热爱这里 [{s.love}]。\n", chunk=len(first), delay=2.0))
    proc = subprocess.Popen([sys.executable, "-m", "mylife_core", "ask", "我该不该辞职？"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=cli_env(ws.root, fakellm.env()))
    seen: dict[str, float] = {}

    def read() -> None:
        for raw in proc.stdout:
            line = raw.decode("utf-8")
            if "想辞职。" in line and "first" not in seen:
                seen["first"] = time.monotonic()
    reader = threading.Thread(target=read)
    reader.start()
    proc.wait(timeout=120)
    reader.join()
    ended = time.monotonic()
    assert proc.returncode == 0, proc.stderr.read().decode()
    # the first checked judgment was on screen while the model was still answering
    assert ended - seen["first"] > 1.5


# ------------------------------------------------------------------------------ with the lenses


@pytest.fixture(scope="module")
def lenses(tmp_path_factory):
    from lens_support import installed, lens_env

    return lens_env(installed(tmp_path_factory, "mylife-career", "mylife-finance"))


def test_stale_fields_stop_the_question_until_updated_or_kept(ws, cli, lenses):
    seed(ws)
    set_savings(ws, days_ago=200)
    out = cli("ask", "我该不该辞职？", "--accept-missing", env=lenses, load_plugins="mylife-career")
    assert out.returncode == 10, out.stderr
    assert "现有存款" in out.stdout and "--keep 现有存款" in out.stdout
    assert out.stdout.rstrip().endswith(disclaimer().rstrip())
    assert t("disclaimer.no_model") in out.stdout  # the staleness check never calls a model
    assert out.stdout.count("问题：我该不该辞职？") == 1  # the report under the answer's header does not repeat it
    data = cli("ask", "我该不该辞职？", "--accept-missing", "--json", env=lenses, load_plugins="mylife-career").json()
    assert data["status"] == "needs_input" and data["ok"] is False
    assert data["staleness"]["blocking"] == ["现有存款"]
    kept = cli("ask", "我该不该辞职？", "--accept-missing", "--keep", "现有存款", "--json", env=lenses,
               load_plugins="mylife-career")
    assert kept.returncode == 0
    answer = kept.json()["answer"]
    assert answer["decision"] == "跳槽" and answer["stale"][0]["name"] == "现有存款"
    assert any("基于可能过时的 现有存款" in n for n in answer["annotations"])
    assert kept.json()["chain"]["stale_kept"] == ["现有存款"]


def test_a_judgment_using_a_kept_stale_value_is_marked_and_down_weighted(ws, cli, fakellm, lenses):
    s = seed(ws)
    set_savings(ws, days_ago=200)
    fakellm.script(Reply(text=f"存款只够撑三个月，空窗期很短 [{s.mortgage}]。\n你说过想辞职 [{s.quit}]。\n"))
    out = cli("ask", "我该不该辞职？", "--accept-missing", "--accept-stale", "--json",
              env={**lenses, **fakellm.env()}, load_plugins="mylife-career")
    assert out.returncode == 0, out.stderr
    judgments = out.json()["answer"]["judgments"]
    assert judgments[0]["stale_inputs"] == ["现有存款"] and judgments[0]["weight"] == 0.5
    assert judgments[0]["notes"] == ["基于可能过时的 现有存款（7 个月前的数据）"]
    assert judgments[1]["stale_inputs"] == [] and judgments[1]["weight"] == 1.0
    chain = out.json()["chain"]
    assert [c["weight"] for c in chain["conclusions"] if c["role"] == "judgment"] == [0.5, 1.0]


def test_an_investment_question_is_refused(ws, cli, lenses):
    out = cli("ask", "我该不该买这只基金？", env=lenses, load_plugins="mylife-finance")
    assert out.returncode == 11, out.stderr
    assert "〔不予回答〕" in out.stdout
    assert out.stdout.rstrip().endswith(disclaimer().rstrip())
    data = cli("ask", "我该不该买这只基金？", "--json", env=lenses, load_plugins="mylife-finance").json()
    assert data["status"] == "denied" and data["staleness"]["verdict"]["kind"] == "deny"
    assert data["chain"] is None and data["answer"]["disclaimer"] == disclaimer()
    assert json.dumps(data, ensure_ascii=False)


def test_in_a_terminal_ask_offers_update_now_or_keep_old(ws, lenses):
    from lens_support import run_in_pty

    seed(ws)
    set_savings(ws, days_ago=200)
    updated = run_in_pty(["ask", "我该不该辞职？", "--accept-missing"], workspace=ws.root, answers=["95000"],
                         env=lenses, load_plugins="mylife-career")
    assert updated.returncode == 0, updated.stdout
    assert "现在更新" in updated.stdout or "输入新值立即更新" in updated.stdout
    assert "已更新 现有存款 = 95000" in updated.stdout
    assert ws.profile.reload().fields["现有存款"].value == 95000
    assert "基于可能过时的" not in updated.stdout.split("已更新 现有存款")[1]  # the answer uses the new value
    # a value dated before the current one only goes into the history (issue 15.4): let time pass instead
    later = (clock.now() + timedelta(days=200)).date().isoformat()
    kept = run_in_pty(["ask", "我该不该辞职？", "--accept-missing"], workspace=ws.root, answers=[""],
                      env={**lenses, "MYLIFE_NOW": later}, load_plugins="mylife-career")
    assert kept.returncode == 0, kept.stdout
    assert "沿用旧值：基于可能过时的 现有存款" in kept.stdout
    answer = kept.stdout.split("沿用旧值：")[1]
    assert "## 你在「职业去留」上的多段表述" in answer and "本回答沿用了你选择保留的过期数据" in answer
    assert ws.profile.reload().fields["现有存款"].value == 95000


def test_in_a_terminal_a_refused_new_value_is_said_and_asked_again(ws, lenses):
    """s25b.2: an answer the field's dictionary refuses (现有存款 很多: a number is asked) ended
    `ask` with an error, the question unanswered; the reason is said and the field asked again."""
    from lens_support import run_in_pty

    seed(ws)
    set_savings(ws, days_ago=200)
    updated = run_in_pty(["ask", "我该不该辞职？", "--accept-missing"], workspace=ws.root, answers=["很多", "95000"],
                         env=lenses, load_plugins="mylife-career")
    assert updated.returncode == 0, updated.stdout
    assert "「现有存款」要写一个数，「很多」不是" in updated.stdout and "已更新 现有存款 = 95000" in updated.stdout
    assert ws.profile.reload().fields["现有存款"].value == 95000


def test_a_question_about_nothing_recorded_is_answered_plainly(ws, cli):
    """No decision, no topic, no statement: the question back names no placeholder subject, and
    the output says no model wrote it."""
    out = cli("ask", "今天天气怎么样", "--offline", "--no-record")
    assert out.returncode == 0, out.stderr
    assert t("ask.q.nothing_any") in out.stdout and "「这个问题」" not in out.stdout
    assert out.stdout.rstrip().endswith(t("disclaimer.no_model") + "\n" + disclaimer().rstrip())


DISGUISED = ("難道你不該馬上辭職嗎？", "你 应 该 马 上 辞 职 吗？", "你应\u200b该马上辞职吗？", "ｙｏｕ ｓｈｏｕｌｄ quit, right?")


def test_a_verdict_in_traditional_characters_spaced_out_or_hidden_is_still_a_verdict(ws, cli, fakellm):
    """The judging rule reads a verdict however it is written: in traditional characters, spelled
    out with spaces, split by an invisible character, in full-width letters. Each of these
    questions tells the user what to do; none may pass as a question handed back."""
    s = seed(ws)
    answer = Reply(text=f"你说过想辞职 [{s.quit}]。\n" + "\n".join(DISGUISED) + "\n要不要先和主管谈谈？\n")
    fakellm.script(answer, answer)
    out = cli("ask", "我该不该辞职？", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    shown, note = out.stdout.split("## 无依据，未采纳")
    for verdict in DISGUISED:
        assert verdict not in shown, verdict
        assert f"「{verdict}」—— 没有引用任何证据" in note, note
    assert "要不要先和主管谈谈？" in shown  # a real question is still handed back
    data = cli("ask", "我该不该辞职？", "--json", env=fakellm.env()).json()["answer"]
    assert sorted(u["text"] for u in data.pop("unsupported")) == sorted(DISGUISED)
    rest = json.dumps(data, ensure_ascii=False)
    assert "辭職" not in rest and "应 该" not in rest and "ｓｈｏｕｌｄ" not in rest


LEANING = ("那就辞职吧？", "干脆辞职算了？", "How about quitting?")


def test_a_leaning_answer_asked_as_a_question_is_not_the_question_handed_back(ws, cli, fakellm):
    """"那就辞职吧？" is the imperative "辞职吧！" with a question mark: it decides for the user, so it
    must cite like any verdict; it is never shown as the question handed back."""
    s = seed(ws)
    answer = Reply(text=f"你说过想辞职 [{s.quit}]。\n" + "\n".join(LEANING) + "\n")
    fakellm.script(answer, answer)
    out = cli("ask", "我该不该辞职？", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    shown, note = out.stdout.split("## 无依据，未采纳")
    for verdict in LEANING:
        assert verdict not in shown, shown
        assert f"「{verdict}」—— 没有引用任何证据" in note, note
    data = cli("ask", "我该不该辞职？", "--json", env=fakellm.env()).json()["answer"]
    assert data["question_back"] is None or data["question_back"]["text"] not in LEANING
    assert sorted(u["text"] for u in data["unsupported"]) == sorted(LEANING)


def test_a_yes_to_the_decision_is_a_verdict_not_small_talk(ws, cli, fakellm):
    """"是的！" said to "我该不该辞职？" answers it: a verdict, held to the rule like "Yes." always was,
    never shown as small talk in the analysis."""
    s = seed(ws)
    answer = Reply(text=f"是的！\n可以，没问题。\n你说过想辞职 [{s.quit}]。\n")
    fakellm.script(answer)
    out = cli("ask", "我该不该辞职？", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    shown, note = out.stdout.split("## 无依据，未采纳")
    analysis = shown.split("## 分析")[1]
    assert "是的" not in analysis and "没问题" not in analysis, analysis
    assert "「是的！」—— 没有引用任何证据" in note and "「可以，没问题。」—— 没有引用任何证据" in note


def test_a_statement_filed_under_a_topic_alias_is_the_topics_evidence(ws, cli, lenses):
    """The career lens names its topic 职业去留 with the alias ``career`` (the README records under
    it): what the user filed under either name is one topic's evidence, for ask, staleness,
    competing, claim list and recall; a topic nobody knows is still refused."""
    run = lambda *a: cli(*a, env=lenses, load_plugins="mylife-career")  # noqa: E731
    fed_up = run("claim", "add", "还是受不了加班", "--topic", "career", "--kind", "assessment", "--json").json()
    stay = run("claim", "add", "不想走，项目挺有意思", "--topic", "career", "--kind", "assessment", "--json").json()
    named = run("claim", "add", "老板人还不错", "--topic", "职业去留", "--kind", "assessment", "--json").json()
    ids = {c["claim"]["id"] for c in (fed_up, stay, named)}
    asked = run("ask", "我该不该跳槽？", "--offline", "--accept-missing", "--no-record", "--json")
    assert asked.returncode == 0, asked.stderr
    answer = asked.json()["answer"]
    assert answer["decision"] == "跳槽" and answer["topic"] == "职业去留"
    assert {s["claim_id"] for s in answer["statements"]} == ids
    assert "你还没有在这个主题上留下可用的表述" not in run("ask", "我该不该跳槽？", "--offline", "--accept-missing",
                                                      "--no-record").stdout
    # the user's assessments under the alias hold the decision's 对当前工作的评估 (staleness)
    assert "对当前工作的评估" not in run("staleness", "我该不该跳槽？", "--json").json()["missing"]
    against = run("competing", "我该跳槽", "--topic", "职业去留", "--json").json()
    assert [i["text"] for i in against["items"]] == ["不想走，项目挺有意思"]
    for name in ("career", "职业去留"):
        listed = run("claim", "list", "--topic", name, "--json").json()
        assert {c["id"] for c in listed["claims"]} == ids and listed["total"] == 3
        found = run("recall", "加班 老板", "--topic", name, "--json").json()
        assert {h["claim_id"] for h in found["hits"] if h["layer"] == "claims"} == {fed_up["claim"]["id"],
                                                                                  named["claim"]["id"]}
        assert {h["topic"] for h in found["hits"] if h["layer"] == "raw"} == {"career", "职业去留"}
    refused = run("claim", "list", "--topic", "carrer")
    assert refused.returncode == 3 and "已有的主题：career、职业去留" in refused.stderr
    # the topic's digest cites a claim filed under the alias: the chain and the competing list link it
    ws.digests.write("职业去留", f"想走的理由：还是受不了加班 [{fed_up['claim']['id']}]\n\n"
                                 f"留下的理由：项目挺有意思 [{stay['claim']['id']}]\n")
    chained = run("ask", "我该不该跳槽？", "--offline", "--accept-missing", "--json").json()["chain"]
    links = {link["claim_id"]: link["digest"] for link in chained["links"]}
    assert links[stay["claim"]["id"]] == "digest/职业去留.md#P2", links  # was None: looked up under career
    items = run("competing", "我该跳槽", "--topic", "职业去留", "--json").json()["items"]
    assert {i["claim_id"]: i["chain"]["digest"] for i in items} == {stay["claim"]["id"]: ["digest/职业去留.md#P2"]}


def test_english_output_names_the_decision_and_topic_by_the_lens_english_alias_too(ws, cli, lenses):
    """Session 24: with MYLIFE_LANG=en the header, the statements' heading and the question back named
    the decision and topic in Chinese only (跳槽, 职业去留), though the career lens gives their English
    aliases; fields already read 工作年限 (years of experience). Names are not translated: the
    English alias is said beside them, and Chinese output is unchanged."""
    run = lambda *a, **env: cli(*a, env={**lenses, **env}, load_plugins="mylife-career")  # noqa: E731
    run("claim", "add", "我绝不想走，这里的同事太好了", "--topic", "职业去留", "--kind", "assessment")
    en = run("ask", "should I change jobs?", "--offline", "--accept-missing", "--no-record", MYLIFE_LANG="en")
    assert en.returncode == 0, en.stderr
    assert "Decision: 跳槽 (change jobs) · topic: 职业去留 (career)" in en.stdout
    assert '## Your statements on "职业去留 (career)"' in en.stdout
    assert 'statements on "跳槽 (change jobs)"' in en.stdout.split("## A question for you")[1]
    answer = run("ask", "should I change jobs?", "--offline", "--accept-missing", "--no-record", "--json",
                 MYLIFE_LANG="en").json()["answer"]
    assert answer["decision"] == "跳槽" and answer["topic"] == "职业去留"  # the names themselves stay
    assert answer["names_en"] == {"跳槽": "change jobs", "职业去留": "career"}
    zh = run("ask", "我该不该跳槽？", "--offline", "--accept-missing", "--no-record").stdout
    assert "决策：跳槽 · 主题：职业去留" in zh and "change jobs" not in zh

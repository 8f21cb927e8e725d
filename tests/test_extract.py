"""``mylife extract`` / ``record --extract``: the model proposes claims and profile fields from a
raw note; MyLife checks pointers, keeps inferences as candidates, refuses instructions hidden
in the note, and changes the profile only with the user's confirmation."""

from __future__ import annotations

import json

import pytest
from fakellm import INJECTION, Reply, fakellm  # noqa: F401

from mylife_core.errors import UsageError
from mylife_core.pipeline.extract import extract
from mylife_core.messages import t

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # litellm's own pydantic deprecations

NOTE = "今天和老板谈了一次。\n月薪涨到 20000 了。\n我觉得在这里没有成长。\n" + INJECTION + "\n"


def proposal(**extra) -> Reply:
    data = {
        "claims": [
            {"claim": "月薪涨到 20000", "kind": "fact", "lines": "L2", "context": "和老板谈过之后"},
            {"claim": "在这里没有成长", "kind": "assessment", "lines": "L3"},
            {"claim": "用户可能想换工作", "kind": "inference", "lines": "L3", "confidence": "low"},
            {"claim": "存款为 0", "kind": "fact", "lines": "L4"},
            {"claim": "第 9 行说的事", "kind": "fact", "lines": "L9"},
            {"claim": "奇怪的种类", "kind": "rumour", "lines": "L1"},
        ],
        "fields": [
            {"name": "月税后收入", "value": "20000", "line": "L2"},
            {"name": "现有存款", "value": 0, "line": "L4"},
            {"name": "房租", "value": 4500, "line": "L2"},
        ],
        **extra,
    }
    return Reply(text="```json\n" + json.dumps(data, ensure_ascii=False) + "\n```")


def use_model(ws, fake) -> None:
    ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fake.url}}))


def test_extract_stores_what_the_user_said_and_refuses_the_rest(ws, fakellm):
    use_model(ws, fakellm)
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    ws.profile.set("现有存款", 120000, ttl_days=90, ttl_given=True)
    fakellm.script(proposal())
    result = extract(ws, rec.file)  # nobody asked (no terminal, no --yes): every claim waits for the user
    assert [(c.claim, c.kind, c.status, c.provenance) for c in result.added] == [
        ("月薪涨到 20000", "fact", "candidate", f"{rec.file}#L2"),
        ("在这里没有成长", "assessment", "candidate", f"{rec.file}#L3"),
        ("用户可能想换工作", "inference", "candidate", f"{rec.file}#L3"),
    ]
    assert [c.claim for c in result.awaiting] == ["月薪涨到 20000", "在这里没有成长"] and result.facts == []
    assert all(c.actor == "model" and c.source in ("user_raw", "llm_inferred") for c in result.added)
    assert result.added[0].excerpt_hash  # verified against L0 by the claims layer
    reasons = {r["claim"]: r["why"] for r in result.rejected}
    assert "指令" in reasons["存款为 0"]  # the injected line is not a statement of fact
    assert "不在原文范围内" in reasons["第 9 行说的事"]
    assert "rumour" in reasons["奇怪的种类"]
    fields = {f.name: f for f in result.fields}
    assert fields["月税后收入"].status == "pending"  # nothing changes the profile without the user
    assert fields["现有存款"].status == "skipped" and "指令" in fields["现有存款"].why
    assert fields["房租"].status == "skipped" and "没有出现" in fields["房租"].why
    assert ws.profile.reload().fields["现有存款"].value == 120000
    assert "月税后收入" not in ws.profile.fields()
    # the note reached the model as data, numbered, inside the markers
    user_data = fakellm.requests[0].messages[1]
    assert user_data["role"] == "user" and "L4: " + INJECTION in user_data["content"]
    assert "<<<UNTRUSTED_SOURCE_DATA>>>" in user_data["content"]
    assert fakellm.requests[0].tool_names == []


def test_extract_yes_applies_fields_with_a_ttl_and_provenance(ws, fakellm):
    use_model(ws, fakellm)
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(proposal())
    result = extract(ws, rec.file, apply_fields=True)
    # --yes: the facts and assessments are in force at once, the inference is still a candidate
    assert [(c.claim, c.status, c.actor) for c in result.added] == [
        ("月薪涨到 20000", "active", "model"), ("在这里没有成长", "active", "model"),
        ("用户可能想换工作", "candidate", "model")]
    applied = [f for f in result.fields if f.status == "applied"]
    assert [f.name for f in applied] == ["月税后收入"]
    field = ws.profile.reload().fields["月税后收入"]
    assert (field.value, field.source, field.provenance, field.ttl_days) == (20000, "user_raw", f"{rec.file}#L2", 180)
    assert applied[0].ttl["source"] == "heuristic"


def test_an_older_note_does_not_overwrite_a_newer_value(ws, fakellm):
    from mylife_core import clock

    use_model(ws, fakellm)
    rec = ws.raw.record(NOTE.encode(), topic="职业去留", occurred_at=clock.parse_when("2026-01-01"))
    ws.profile.set("月税后收入", 25000, ttl_days=180, ttl_given=True)
    fakellm.script(proposal())
    result = extract(ws, rec.file, apply_fields=True)
    income = next(f for f in result.fields if f.name == "月税后收入")
    assert income.status == "skipped" and "更新的值" in income.why
    assert ws.profile.reload().fields["月税后收入"].value == 25000


def test_bad_model_output_writes_nothing(ws, fakellm):
    use_model(ws, fakellm)
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(Reply(text="好的，我提炼了以下几点：月薪两万。"))
    with pytest.raises(UsageError) as info:
        extract(ws, rec.file)
    assert info.value.key == "extract_bad_output" and rec.file in info.value.render()
    assert list(ws.claims.iter_all()) == []


def test_extract_without_a_model_says_how_to_configure_one(ws, cli):
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    out = cli("extract", rec.file)
    assert out.returncode == 2
    assert "MYLIFE_MODEL" in out.stderr and f"mylife extract {rec.file}" in out.stderr


def test_extract_cli_lists_everything_added(ws, cli, fakellm):
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(proposal(), proposal())
    out = cli("extract", rec.file, env=fakellm.env())
    assert out.returncode == 0, out.stderr
    text = out.stdout
    # no terminal: the user said yes to nothing, so nothing is in force; each says how to decide
    assert "+ claim-" not in text and "[事实·待你确认] 月薪涨到 20000" in text
    assert "[主观评估·待你确认] 在这里没有成长" in text
    assert "[推断·候选] 用户可能想换工作" in text and "mylife claim accept" in text
    assert "mylife claim reject ID" in text and "面板的待确认页" in text
    assert "待确认" in text and "未采纳「存款为 0」" in text
    assert "新增证据 0 条、待你确认的证据 2 条、推断候选 1 条、档案更新 0 项" in text
    data = cli("extract", rec.file.removeprefix("raw/"), "--json", "--yes", env=fakellm.env()).json()
    assert data["ok"] and data["counts"]["fields_applied"] == 1
    assert (data["counts"]["added"], data["counts"]["awaiting"]) == (2, 0)
    assert set(data) >= {"file", "model", "added", "candidates", "rejected", "fields", "counts"}


def test_record_extract_records_first_then_extracts(ws, cli, fakellm):
    fakellm.script(proposal())
    out = cli("record", NOTE, "--topic", "职业去留", "--extract", "--json", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    data = out.json()
    # --json without --yes: nobody was asked, so the two claims wait for the user's yes
    assert data["record"]["file"].startswith("raw/") and data["extract"]["counts"]["added"] == 0
    assert data["extract"]["counts"]["awaiting"] == 2 and "claim accept ID" in data["extract"]["decide"]
    # without a model nothing is written (a retry would record the note twice), and the error says what to do
    failed = cli("record", "另一条记录", "--topic", "杂记", "--extract")
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    assert "没有保存" in failed.stderr and "去掉 --extract" in failed.stderr
    assert ws.raw.count() == 1
    # a model that fails once asked: the note is already safe in L0, and the error says how to go on
    fakellm.script(Reply(status=500), Reply(status=500), Reply(status=500))
    broken = cli("record", "第三条记录", "--topic", "杂记", "--extract", env=fakellm.env())
    assert broken.returncode != 0 and "Traceback" not in broken.stderr
    assert "raw/" in broken.stdout and ws.raw.count() == 2
    assert "不要重复记录" in broken.stderr and "mylife extract raw/" in broken.stderr
    data = cli("record", "第四条记录", "--topic", "杂记", "--extract", "--json", env=fakellm.env()).json()
    assert data["ok"] is False and data["recorded"] is True and data["record"]["file"] in data["next"]


def test_a_proposed_claim_that_advises_or_flatters_the_user_is_refused(ws, fakellm):
    """The judging rule in extract: a claim is what the user said; the model's verdict is not."""
    use_model(ws, fakellm)
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    data = {"claims": [
        {"claim": "你应该马上辞职", "kind": "fact", "lines": "L3"},
        {"claim": "你的能力远超现在的岗位", "kind": "assessment", "lines": "L3"},
        {"claim": "你其实更看重成长", "kind": "inference", "lines": "L3"},
        {"claim": "你最好立刻离开", "kind": "inference", "lines": "L3"},
        {"claim": "在这里没有成长", "kind": "assessment", "lines": "L3"},
    ]}
    fakellm.script(Reply(text=json.dumps(data, ensure_ascii=False)))
    result = extract(ws, rec.file, apply_fields=True)  # --yes: what the rule lets through is in force
    assert [(c.claim, c.status) for c in result.added] == [("你其实更看重成长", "candidate"),
                                                           ("在这里没有成长", "active")]
    reasons = {r["claim"]: r["why"] for r in result.rejected}
    assert set(reasons) == {"你应该马上辞职", "你的能力远超现在的岗位", "你最好立刻离开"}
    assert "不是你原话里的内容" in reasons["你应该马上辞职"] and "应该" in reasons["你应该马上辞职"]


VERDICT = "你应该马上辞职，你的能力远超现在的岗位"


def test_a_proposed_context_is_judged_like_the_claim(ws, cli, fakellm):
    """A claim's context is shown as the user's situation (当时的语境, the question back): a model's
    verdict there is refused like one in the claim, and ask never shows it."""
    rec = ws.raw.record("连续加班三周。\n想辞职。\n".encode(), topic="职业去留")
    fakellm.script(Reply(text=json.dumps({"claims": [
        {"claim": "想辞职", "kind": "assessment", "lines": "L2", "context": VERDICT},
        {"claim": "连续加班三周", "kind": "fact", "lines": "L1", "context": "加班中"},
    ], "fields": []}, ensure_ascii=False)))
    e = cli("extract", rec.file, env=fakellm.env())
    assert e.returncode == 0, e.stderr
    assert VERDICT not in e.stdout
    assert "未采纳「想辞职」" in e.stdout and "语境" in e.stdout and "应该" in e.stdout, e.stdout
    stored = {c.claim: c.context for c in ws.claims.query(topic="职业去留")}
    assert stored == {"连续加班三周": "加班中"}  # the claim with the verdict is not stored at all
    r = cli("ask", "我该不该辞职？", "--accept-stale", "--accept-missing", "--offline")
    assert VERDICT not in r.stdout and "远超" not in r.stdout


def test_a_claim_of_lines_a_model_wrote_is_a_candidate(ws, cli, fakellm):
    """Extraction from a note a model recorded over MCP: its claims are not the user's words until
    the user accepts them."""
    rec = ws.raw.record("我已经想清楚了，下个月一定裸辞。\n".encode(), topic="职业去留", source="mcp",
                        actor="model via MCP")
    answer = Reply(text=json.dumps({"claims": [{"claim": "下个月一定裸辞", "kind": "assessment", "lines": "L1"}],
                                    "fields": []}, ensure_ascii=False))
    fakellm.script(answer, answer)
    data = cli("extract", rec.file, "--json", env=fakellm.env()).json()
    assert data["added"] == [] and [(c["claim"], c["source"], c["status"]) for c in data["candidates"]] == [
        ("下个月一定裸辞", "mcp", "candidate")]
    text = cli("extract", rec.file, env=fakellm.env())
    assert "模型写入的" in text.stdout and "mylife claim accept" in text.stdout, text.stdout


def test_values_written_in_chinese_numerals_are_read_as_numbers(ws, fakellm, cli):
    """Issue 15.5: "两万二", "十二万", "1.5万" in the note are the numbers the model proposes (cn2an reads
    them); a number the line does not write is still refused."""
    use_model(ws, fakellm)
    note = "月薪两万二，到手的。\n存款大概十二万。\n年终奖1.5万。\n房租三千五。\n"
    rec = ws.raw.record(note.encode(), topic="财务")
    fakellm.script(Reply(text=json.dumps({"claims": [], "fields": [
        {"name": "月税后收入", "value": 22000, "line": "L1"},
        {"name": "现有存款", "value": "十二万", "line": "L2"},
        {"name": "年终奖", "value": "15000", "line": "L3"},
        {"name": "房租", "value": 3800, "line": "L4"},  # the note says 三千五 (3500)
    ]}, ensure_ascii=False)))
    result = extract(ws, rec.file, apply_fields=True)
    status = {f.name: (f.status, f.value) for f in result.fields}
    assert status["月税后收入"] == ("applied", 22000)
    assert status["现有存款"] == ("applied", 120000)  # the model's own words, parsed the same way
    assert status["年终奖"] == ("applied", 15000)
    assert status["房租"][0] == "skipped" and "没有出现" in next(f.why for f in result.fields if f.name == "房租")
    fields = ws.profile.reload().fields
    assert (fields["月税后收入"].value, fields["现有存款"].value, fields["年终奖"].value) == (22000, 120000, 15000)
    # the user typing them is read the same way; words that are not numbers stay words
    for text, value in [("两万二", 22000), ("1.5万", 15000), ("十二万", 120000), ("一般", "一般")]:
        out = cli("profile", "set", "测试字段", text, "--ttl", "30", "--json")
        assert out.returncode == 0, out.stderr
        assert out.json()["field"]["value"] == value, text


def test_a_proposed_field_the_dictionary_refuses_is_skipped_not_applied_half_way(ws_path, fakellm, tmp_path_factory):
    """s24c.4: a field its dictionary declares numeric refuses text (``月收入 abc``); a model's
    proposal of such a value (``月收入: 不稳定``, words the line does write) is skipped with that
    reason, like a value the line does not write, so `extract --yes` never stops half way at it;
    the note's other fields and claims are kept."""
    from lens_support import import_lens

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    ws, _ = Workspace.init(ws_path, plugins=plugin_host(import_lens(tmp_path_factory, "mylife-finance")))
    use_model(ws, fakellm)
    rec = ws.raw.record("这几个月收入不稳定。\n房租 4500。\n".encode(), topic="现金流")
    fakellm.script(Reply(text=json.dumps({"claims": [{"claim": "收入不稳定", "kind": "fact", "lines": "L1"}],
                                          "fields": [{"name": "月收入", "value": "不稳定", "line": "L1"},
                                                     {"name": "房租", "value": 4500, "line": "L2"}]},
                                         ensure_ascii=False)))
    result = extract(ws, rec.file, apply_fields=True)
    status = {f.name: (f.status, f.why) for f in result.fields}
    assert status["月收入"][0] == "skipped" and "「月收入」要写一个数" in status["月收入"][1], status
    assert status["房租"][0] == "applied"
    assert [c.claim for c in result.added] == ["收入不稳定"]
    assert "月收入" not in ws.profile.reload().fields


def test_a_proposed_value_for_a_field_with_a_unit_is_a_quantity_or_skipped(ws_path, fakellm, tmp_path_factory):
    """s25b.1: a field its dictionary gives a unit (career's 工作年限 in 年, 通勤时间 in 分钟): a
    model's value that is no quantity (``很久``) is skipped with the reason, never applied over
    the user's years; a bare number is applied as the profile keeps it (5 -> 5年), and a value
    written with a unit (一个半小时) as written."""
    from lens_support import import_lens

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    ws, _ = Workspace.init(ws_path, plugins=plugin_host(import_lens(tmp_path_factory, "mylife-career")))
    use_model(ws, fakellm)
    rec = ws.raw.record("工作很久了，其实也就5年。\n通勤单程一个半小时。\n".encode(), topic="职业去留")
    fakellm.script(Reply(text=json.dumps({"claims": [],
                                          "fields": [{"name": "工作年限", "value": "很久", "line": "L1"},
                                                     {"name": "工龄", "value": 5, "line": "L1"},
                                                     {"name": "通勤时间", "value": "一个半小时", "line": "L2"}]},
                                         ensure_ascii=False)))
    result = extract(ws, rec.file, apply_fields=True)
    status = [(f.name, f.status, f.value) for f in result.fields]
    assert status[0][:2] == ("工作年限", "skipped") and "要写一个以 年 计的量" in result.fields[0].why, status
    assert status[1:] == [("工龄", "applied", "5年"), ("通勤时间", "applied", "一个半小时")], status
    fields = ws.profile.reload().fields
    assert fields["通勤时间"].value == "一个半小时" and "5年" in [f.value for f in fields.values()]
    ws.close()


def test_a_value_the_field_already_holds_in_another_form_is_no_change(ws_path, fakellm, tmp_path_factory):
    """工作年限 kept as 五年 (or as 5, before the field had a unit), and a note saying 5年: extract
    proposed 5年 as a change of the user's value, which is only a change of form. It is skipped
    as the same value; a different number is still a change."""
    from lens_support import import_lens

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    ws, _ = Workspace.init(ws_path, plugins=plugin_host(import_lens(tmp_path_factory, "mylife-career")))
    use_model(ws, fakellm)
    ws.profile.set("工作年限", "五年", actor="user")
    rec = ws.raw.record("我工作5年了，通勤40分钟。\n".encode(), topic="职业去留")
    ws.profile.set("通勤时间", "一个小时", actor="user")
    fakellm.script(Reply(text=json.dumps({"claims": [],
                                          "fields": [{"name": "工作年限", "value": "5年", "line": "L1"},
                                                     {"name": "通勤时间", "value": "40分钟", "line": "L1"}]},
                                         ensure_ascii=False)))
    result = extract(ws, rec.file, apply_fields=True)
    (years, commute) = result.fields
    assert (years.status, years.why) == ("skipped", t("extract.why.same_value")), (years.status, years.why)
    assert commute.status == "applied", (commute.status, commute.why)
    fields = ws.profile.reload().fields
    assert fields["工作年限"].value == "五年" and fields["通勤时间"].value == "40分钟"
    ws.close()


def test_numbers_in_a_line():
    from mylife_core.numerals import numbers_in, parse_number

    assert numbers_in("月薪两万二，存款十二万，房租 4,500，年终1.5万") == [22000, 120000, 4500, 15000]
    assert [parse_number(s) for s in ("两万二", "三千五", "零点五", "普通本科", "三年", "万一", "")] == [
        22000, 3500, 0.5, None, None, None, None]


def test_a_comma_joins_digits_only_where_it_groups_thousands():
    """A comma dropped wherever it stood made 3,5 read 35, 12,5万 1250000, 1.200,50 1.2005 and
    1,2,3 123. A whole value is a number only when its commas group thousands (120,000, 1,200.50,
    the full-width ， too); in a line of notes another comma separates two numbers (3,5 两个方案:
    3 and 5), so a model's 35 is not what that line says."""
    from mylife_core.numerals import comma_misplaced, numbers_in, parse_number
    from mylife_core.pipeline.extract import _value_in_line

    good = {"120,000": 120000, "1,200.50": 1200.5, "12，000": 12000, "1,200万": 12000000, "-1,234,567": -1234567}
    assert {text: parse_number(text) for text in good} == good
    bad = ("12,5万", "3,5", "1.200,50", "1,2,3", "1,2345", "12,000，000", "0.123,456")
    assert [parse_number(text) for text in bad] == [None] * len(bad)
    assert all(comma_misplaced(text) for text in bad)
    assert not any(comma_misplaced(text) for text in (*good, "北京,上海", "2w", "普通本科"))
    assert numbers_in("3,5 两个方案") == [3, 5] and numbers_in("存款 1,2,3") == [1, 2, 3]
    assert numbers_in("房租 4,500，年终 1,200.50") == [4500, 1200.5]
    assert not _value_in_line(35, "选了 3,5 两个方案") and _value_in_line(3, "选了 3,5 两个方案")
    assert _value_in_line(4500, "房租 4,500 元") and _value_in_line(1250000, "存款 125,0000") is False


def test_a_line_that_is_not_utf8_text_is_not_cited_and_the_rest_is_kept(ws, fakellm):
    """A note recorded with bytes that are not UTF-8 (kept as they are): a claim or field the model
    cites from such a line is refused with the reason (claims.check_pointer refuses the citation),
    and the note's readable lines are still extracted; the whole extraction no longer fails."""
    use_model(ws, fakellm)
    rec = ws.raw.record("我月薪 20000。\n".encode() + "caf\u00e9 20000 tr\u00e8s bon\n".encode("latin-1"), topic="职业去留")
    fakellm.script(Reply(text=json.dumps({
        "claims": [{"claim": "月薪 20000", "kind": "fact", "lines": "L1"},
                   {"claim": "咖啡很好", "kind": "fact", "lines": "L2"}],
        "fields": [{"name": "咖啡", "value": 20000, "line": "L2"}]}, ensure_ascii=False)))
    result = extract(ws, rec.file)
    assert [(c.claim, c.provenance) for c in result.added] == [("月薪 20000", f"{rec.file}#L1")]
    reasons = {r["claim"]: r["why"] for r in result.rejected}
    assert "第 2 行不是 UTF-8 文本" in reasons["咖啡很好"], reasons
    (field,) = result.fields
    assert field.status == "skipped" and "第 2 行不是 UTF-8 文本" in field.why


def test_extract_while_the_claims_index_is_busy_says_the_index_catches_up(ws, ws_path, cli, fakellm):
    """QA s21h.2: with cache/claims.sqlite held by another process past the wait, `extract`
    stored and audited its claims and said nothing (the `claim` commands say the index catches up
    on the next read). It now says so too, on stderr and in --json ``warnings``."""
    import sqlite3

    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    assert cli("claim", "list", "--json").returncode == 0  # the index exists and is current
    fakellm.script(proposal(), proposal())

    def held(*args):
        holder = sqlite3.connect(ws_path / "cache" / "claims.sqlite", isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
            return cli(*args, env={**fakellm.env(), "MYLIFE_LOCK_TIMEOUT": "0.5"})
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    text = held("extract", rec.file)
    assert text.returncode == 0, text.stderr
    assert "cache/claims.sqlite" in text.stderr and "下一次读取" in text.stderr, text.stderr
    assert cli("claim", "list", "--json").returncode == 0  # the next read catches the index up
    doc = held("extract", rec.file, "--json").json()
    assert doc["ok"] and len(doc["warnings"]) == 1 and "cache/claims.sqlite" in doc["warnings"][0], doc
    listed = [c["claim"] for c in cli("claim", "list", "--json").json()["claims"]]
    assert listed.count("月薪涨到 20000") == 2


def test_a_claim_the_user_did_not_confirm_is_a_candidate_and_not_evidence(ws, cli, fakellm):
    """Promise 2 (docs/design.md#approval): extract with nobody asked (--defer, no terminal, --json)
    stored the model's facts and assessments in force at once. Each is now a candidate, the output
    says how to decide, and ask and competing do not count it until the user accepts it."""
    rec = ws.raw.record("想辞职。\n房贷每月 8000，存款只够撑三个月。\n".encode(), topic="职业去留")
    answer = Reply(text=json.dumps({"claims": [
        {"claim": "想辞职", "kind": "assessment", "lines": "L1"},
        {"claim": "房贷每月 8000，存款只够撑三个月", "kind": "fact", "lines": "L2"}], "fields": []},
        ensure_ascii=False))
    fakellm.script(answer)
    out = cli("extract", rec.file, "--defer", "--json", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    data = out.json()
    assert data["added"] == [] and data["counts"]["awaiting"] == 2
    assert [(c["claim"], c["kind"], c["status"], c["source"]) for c in data["candidates"]] == [
        ("想辞职", "assessment", "candidate", "user_raw"),
        ("房贷每月 8000，存款只够撑三个月", "fact", "candidate", "user_raw")]
    assert "mylife claim accept ID" in data["decide"] and "面板的待确认页" in data["decide"]
    quit_id, mortgage_id = (c["id"] for c in data["candidates"])

    def evidence() -> tuple[str, list[str]]:
        asked = cli("ask", "我该不该辞职？", "--offline", "--no-record", "--json")
        assert asked.returncode == 0, asked.stderr
        against = cli("competing", "你应该立刻辞职", "--json")
        assert against.returncode == 0, against.stderr
        return json.dumps(asked.json()["answer"]["statements"], ensure_ascii=False), \
            [i["claim_id"] for i in against.json()["items"]]

    statements, items = evidence()
    assert "想辞职" not in statements and quit_id not in statements and items == []
    # the review page lists them (it lists every candidate), and accepting one makes it evidence
    for cid in (quit_id, mortgage_id):
        accepted = cli("claim", "accept", cid)
        assert accepted.returncode == 0, accepted.stderr
    statements, items = evidence()
    assert "想辞职" in statements and mortgage_id in items


def test_in_a_terminal_each_fact_or_assessment_is_shown_whole_and_asked(ws, ws_path, fakellm):
    """Promise 2 in a terminal: each proposed fact or assessment is shown as it would be stored (its
    context, date) with the user's lines it cites, and asked, as extract asks about a field; a yes is
    recorded as chat records a claim the user accepted (``CONFIRMED_ACTOR``), a no stores nothing,
    and an inference is not asked about: it is a candidate as before."""
    from lens_support import run_in_pty

    from mylife_core.layers.audit import CONFIRMED_ACTOR

    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(Reply(text=json.dumps({"claims": [
        {"claim": "月薪涨到 20000", "kind": "fact", "lines": "L2", "context": "和老板谈过之后"},
        {"claim": "在这里没有成长", "kind": "assessment", "lines": "L3"},
        {"claim": "用户可能想换工作", "kind": "inference", "lines": "L3"}],
        "fields": [{"name": "月税后收入", "value": 20000, "line": "L2"}]}, ensure_ascii=False)))
    r = run_in_pty(["extract", rec.file], workspace=ws_path, answers=["y", "n", "n"], env=fakellm.env())
    assert r.returncode == 0, r.stdout
    shown = r.stdout
    assert shown.count("把这条记为证据？ [y/N]") == 2 and "用户可能想换工作" in shown  # listed, not asked
    first = shown.split("把这条记为证据？")[0]
    assert "〔事实〕「月薪涨到 20000」" in first and f"出处 {rec.file}#L2" in first
    assert "和老板谈过之后" in first and "月薪涨到 20000 了。" in first  # its context and the line it cites
    assert "把档案字段 月税后收入 设为 20000" in shown  # the fields flow after it, unchanged
    stored = {c.claim: (c.status, c.actor) for c in ws.claims.query(topic="职业去留")}
    assert stored == {"月薪涨到 20000": ("active", CONFIRMED_ACTOR), "用户可能想换工作": ("candidate", "model")}
    assert "未采纳「在这里没有成长」：你没有确认" in shown
    assert "新增证据 1 条、推断候选 1 条、档案更新 0 项" in shown


def test_a_crlf_note_with_a_bom_reaches_the_model_as_its_words_and_its_lines_are_cited(ws, ws_path, cli, fakellm,
                                                                                        tmp_path):
    """A note saved by a Windows editor (UTF-8 BOM, CRLF), kept byte for byte: the numbered lines
    sent to the model carried the BOM and each line's trailing \\r (`mylife trace` hides them,
    provenance.shown_lines). The model gets the words; the lines it cites still point at the
    exact bytes (hash checked)."""
    note = tmp_path / "windows.txt"
    note.write_bytes("\ufeff月薪涨到 20000 了。\r\n我觉得在这里没有成长。\r\n".encode("utf-8"))
    rec = cli("record", "-f", str(note), "--topic", "职业去留", "--json").json()["record"]["file"]
    assert (ws_path / rec).read_bytes().startswith(b"\xef\xbb\xbf")  # kept as given
    fakellm.script(Reply(text=json.dumps({
        "claims": [{"claim": "月薪涨到 20000", "kind": "fact", "lines": "L1"},
                   {"claim": "在这里没有成长", "kind": "assessment", "lines": "L2"}],
        "fields": [{"name": "月税后收入", "value": "20000", "line": "L1"}]}, ensure_ascii=False)))
    out = cli("extract", rec, "--json", "--yes", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    (request,) = fakellm.requests
    sent = [m["content"] for m in request.messages]
    assert not any("\ufeff" in text or "\r" in text for text in sent), sent
    assert "L1: 月薪涨到 20000 了。\nL2: 我觉得在这里没有成长。" in sent[1], sent[1]
    doc = out.json()
    assert [(c["claim"], c["provenance"]) for c in doc["added"]] == [("月薪涨到 20000", f"{rec}#L1"),
                                                                    ("在这里没有成长", f"{rec}#L2")]
    assert doc["counts"]["fields_applied"] == 1
    for c in doc["added"]:  # the cited lines are the exact bytes, BOM and \r included
        assert cli("trace", c["id"], "--json").json()["state"] == "ok"
    assert ws.profile.reload().fields["月税后收入"].provenance == f"{rec}#L1"


def test_a_claim_that_advises_in_traditional_characters_or_spaced_out_is_refused(ws, cli, fakellm):
    """A verdict disguised (traditional characters, spaces or an invisible character between the
    characters) is the same verdict: it is not stored as the user's statement. The user's own
    words in traditional characters are theirs: a claim of them is stored."""
    rec = ws.raw.record("連續加班三週。\n我覺得應該休息一陣子。\n".encode(), topic="职业去留")
    disguised = ["你應該馬上辭職", "你 必 须 马 上 离 开", "你的能\u200b力远超现在的岗位"]
    answer = Reply(text=json.dumps({"claims": [
        *({"claim": c, "kind": "fact", "lines": "L1"} for c in disguised),
        {"claim": "應該休息一陣子", "kind": "assessment", "lines": "L2"},
    ], "fields": []}, ensure_ascii=False))
    fakellm.script(answer)
    data = cli("extract", rec.file, "--json", "--yes", env=fakellm.env()).json()
    assert [c["claim"] for c in data["added"]] == ["應該休息一陣子"]
    assert sorted(r["claim"] for r in data["rejected"]) == sorted(disguised)
    assert {c.claim for c in ws.claims.query(topic="职业去留")} == {"應該休息一陣子"}


def test_a_new_field_named_with_a_verdict_is_not_proposed(ws, cli, fakellm):
    """A new profile field's name is the model's label, shown and stored as the user's: the label
    rule (as ``mylife_profile_update`` over MCP holds it) applies to ``extract`` too. The field is
    skipped with why; nothing is proposed or written. A plain name is still proposed."""
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    answer = Reply(text=json.dumps({"claims": [], "fields": [
        {"name": "你應該馬上辭職的月薪", "value": "20000", "line": "L2"},
        {"name": "月税后收入", "value": "20000", "line": "L2"},
    ]}, ensure_ascii=False))
    fakellm.script(answer, answer)
    data = cli("extract", rec.file, "--json", env=fakellm.env()).json()
    fields = {f["name"]: f for f in data["fields"]}
    assert fields["月税后收入"]["status"] == "pending"
    refused = fields["你應該馬上辭職的月薪"]
    assert refused["status"] == "skipped" and "新字段的名字" in refused["why"] and "应该" in refused["why"]
    listed = cli("proposal", "list", "--json").json()
    assert "辭職" not in json.dumps(listed, ensure_ascii=False)
    text = cli("extract", rec.file, "--yes", env=fakellm.env())
    assert text.returncode == 0, text.stderr
    names = list(ws.profile.reload().fields)
    assert "月税后收入" in names and not [n for n in names if "辭職" in n]



def test_a_second_value_for_one_field_is_shown_against_the_first_after_a_yes(ws, ws_path, fakellm):
    """Two values proposed for one field: the second question is asked against the profile as it
    is then, so after a yes to the first its "before" is that first value, and the field is no
    longer new (no second TTL question)."""
    from lens_support import run_in_pty

    rec = ws.raw.record("月薪涨到 20000 了。\n年底又涨到 22000。\n".encode(), topic="职业去留")
    fakellm.script(Reply(text=json.dumps({"claims": [], "fields": [
        {"name": "月税后收入", "value": 20000, "line": "L1"},
        {"name": "月税后收入", "value": 22000, "line": "L2"}]}, ensure_ascii=False)))
    r = run_in_pty(["extract", rec.file], workspace=ws_path, answers=["y", "", "y"], env=fakellm.env())
    assert r.returncode == 0, r.stdout
    second = r.stdout.split("设为 22000")[1].split("\n")[0]
    assert "（原为 20000）" in second, r.stdout
    assert ws.profile.reload().fields["月税后收入"].value == 22000


def test_a_yes_to_a_field_another_window_changed_while_it_was_asked_writes_nothing(ws, ws_path, fakellm):
    """The yes is to what the question showed ("设为 20000（原为 15000）"): when another window changed
    the field while it was asked, extract writes nothing over that change and says what the field
    reads now, as a chat proposal does (the shared ``tools.proposals`` check); it wrote over it.
    Issue s24g.1: it said so in chat's words ("还想改的话，再说一次"); now in its own, with the
    command that sets the field if the user still wants to."""
    from lens_support import run_in_pty

    from mylife_core.workspace import Workspace

    ws.profile.set("月税后收入", 15000, ttl_days=180, ttl_given=True)
    rec = ws.raw.record("月薪涨到 20000 了。\n".encode(), topic="职业去留")
    fakellm.script(Reply(text=json.dumps({"claims": [], "fields": [
        {"name": "月税后收入", "value": 20000, "line": "L1"}]}, ensure_ascii=False)))

    def other_window(i: int, shown: str) -> None:
        assert "设为 20000（原为 15000）" in shown
        Workspace(ws_path).profile.set("月税后收入", 18000)  # the user, in another window

    r = run_in_pty(["extract", rec.file], workspace=ws_path, answers=["y"], env=fakellm.env(), on_prompt=other_window)
    assert r.returncode == 0, r.stdout
    assert ws.profile.reload().fields["月税后收入"].value == 18000, r.stdout
    assert "在别处被改了" in r.stdout and "再说一次" not in r.stdout, r.stdout  # not chat's wording
    after = r.stdout.split("在别处被改了")[1]
    # {prog} filled: the workspace is the default one (MYLIFE_HOME), so "mylife"
    assert "现在是：18000" in after and "：mylife profile set 月税后收入 20000" in after, r.stdout
    assert "档案更新 0 项" in r.stdout

"""L2: claims carry every field of docs/design.md#layers, pointers are checked and hashed, inferences wait."""

from __future__ import annotations

import hashlib
import json

import pytest

SEED_FIELDS = {"id", "topic", "claim", "kind", "source", "provenance", "occurred_at", "context", "confidence",
               "status", "superseded_by", "excerpt_hash"}


@pytest.fixture
def recorded(cli):
    cli("init")
    r = cli("record", "连续加班三周了\n我无法忍受当前的管理方式\n但项目本身挺有意思", "--topic", "career",
            "--at", "2026-01-15", "--json")
    assert r.returncode == 0, r.stderr
    return r.json()["record"]["file"]


def test_claim_add_with_pointer_records_hash(cli, recorded):
    r = cli("claim", "add", "我无法忍受当前的管理方式", "--topic", "职业去留", "--kind", "assessment",
            "--from", f"{recorded}#L2", "--context", "连续加班三周", "--at", "2026-01-15", "--json")
    assert r.returncode == 0, r.stderr
    claim = r.json()["claim"]
    assert SEED_FIELDS <= set(claim)
    assert claim["id"] == "claim-2026-01-15-001"
    assert claim["provenance"] == f"{recorded}#L2"
    assert claim["excerpt_hash"] == "sha256:" + hashlib.sha256("我无法忍受当前的管理方式".encode()).hexdigest()
    assert claim["status"] == "active" and claim["source"] == "user_raw" and claim["superseded_by"] is None
    r2 = cli("claim", "add", "加班多但项目有意思", "--topic", "职业去留", "--from", f"{recorded}#L1-L3",
             "--at", "2026-01-15", "--json")
    assert r2.json()["claim"]["id"] == "claim-2026-01-15-002"


def test_claim_pointer_errors(cli, recorded, ws_path):
    (ws_path / "raw" / "handmade.md").write_text("x\n")
    for pointer, expected in [
        (f"{recorded}#L9", "超出范围"),
        ("raw/nope.md#L1", "不存在"),
        ("raw/handmade.md#L1", "不是 MyLife 记录过的"),
        (f"{recorded}#X1", "格式不对"),
        (f"{recorded}#L3-L2", "格式不对"),
        ("raw/../config.yaml#L1", "格式不对"),
    ]:
        r = cli("claim", "add", "某句话", "--topic", "t", "--from", pointer)
        assert r.returncode == 2, (pointer, r.stderr)
        assert expected in r.stderr, (pointer, r.stderr)
    # an empty statement is named in the user's language (no "claim 不能为空")
    r = cli("claim", "add", "  ", "--topic", "t")
    assert r.returncode == 2 and "证据内容只有空格" in r.stderr and "claim" not in r.stderr
    assert not list((ws_path / "claims").glob("*.yaml"))


def test_a_line_that_is_not_utf8_text_cannot_be_cited(cli, ws_path, tmp_path):
    """record keeps bytes that are not UTF-8 as they are (with a warning), but a claim citing them
    would rest on words nobody can read (trace showed mojibake): claim add --from such a line is
    refused, naming the file, the line and why, and nothing is written. The note's UTF-8 lines
    can still be cited."""
    cli("init")
    note = tmp_path / "latin1.txt"
    note.write_bytes("first line is fine\ncaf\u00e9 au lait, tr\u00e8s bon\n".encode("latin-1"))
    rec = cli("record", "-f", str(note), "--topic", "t", "--at", "2026-01-22", "--json").json()["record"]
    for pointer, line in [(f"{rec['file']}#L2", 2), (f"{rec['file']}#L1-L2", 2)]:
        r = cli("claim", "add", "某句话", "--topic", "t", "--from", pointer, "--json")
        assert r.returncode == 2, (pointer, r.stdout, r.stderr)
        error = r.json()["error"]
        assert error["key"] == "pointer_not_utf8", error
        assert rec["file"] in error["message"] and f"第 {line} 行" in error["message"] and "UTF-8" in error["message"]
    assert not list((ws_path / "claims").glob("*.yaml"))
    ok = cli("claim", "add", "第一行", "--topic", "t", "--from", f"{rec['file']}#L1")
    assert ok.returncode == 0, ok.stderr


def test_a_utf16_line_is_refused_with_how_to_convert_from_utf16(cli, tmp_path):
    """Found by a tester: citing a line of a UTF-16 note suggested `iconv -f GB18030`, which makes
    worse mojibake of it. A line holding NUL bytes (UTF-16's other half of each ASCII character)
    says to convert from UTF-16."""
    cli("init")
    note = tmp_path / "utf16.txt"
    note.write_bytes("今天加班\n想跳槽\n".encode("utf-16"))
    rec = cli("record", "-f", str(note), "--topic", "t", "--at", "2026-01-22", "--json").json()["record"]
    r = cli("claim", "add", "某句话", "--topic", "t", "--from", f"{rec['file']}#L1", "--json")
    assert r.returncode == 2
    error = r.json()["error"]
    assert error["key"] == "s29small.pointer_utf16" and "iconv -f UTF-16" in error["message"], error
    assert "GB18030" not in error["message"]
    # without its byte-order mark, a line of UTF-16 is a lone NUL: no text to cite either
    bare = tmp_path / "utf16le.txt"
    bare.write_bytes("ab\ncd\n".encode("utf-16-le"))
    rec = cli("record", "-f", str(bare), "--topic", "t", "--at", "2026-01-22", "--json").json()["record"]
    r = cli("claim", "add", "某句话", "--topic", "t", "--from", f"{rec['file']}#L2", "--json")
    assert r.returncode == 2 and r.json()["error"]["key"] == "s29small.pointer_utf16", r.stdout


def test_claim_without_pointer_records_the_statement_first(cli, ws_path):
    cli("init")
    r = cli("claim", "add", "我想换工作", "--topic", "职业去留", "--kind", "assessment", "--at", "2026-02-01", "--json")
    assert r.returncode == 0, r.stderr
    doc = r.json()
    assert doc["recorded_pointer"] == "raw/2026-02-01-职业去留.md#L1"
    assert doc["claim"]["provenance"] == doc["recorded_pointer"] and doc["claim"]["source"] == "user_filled"
    assert (ws_path / "raw/2026-02-01-职业去留.md").read_text(encoding="utf-8") == "我想换工作\n"


def test_inference_lifecycle(cli, recorded):
    r = cli("claim", "add", "你可能更看重稳定性", "--topic", "职业去留", "--kind", "inference", "--json")
    assert r.returncode == 2 and "--from" in r.stderr  # an inference must name its basis
    r = cli("claim", "add", "你可能更看重稳定性", "--topic", "职业去留", "--kind", "inference",
            "--from", f"{recorded}#L1-L3", "--at", "2026-01-15", "--json")
    claim = r.json()["claim"]
    assert claim["status"] == "candidate" and claim["source"] == "llm_inferred"
    text = cli("claim", "add", "另一个推断", "--topic", "职业去留", "--kind", "inference", "--from", f"{recorded}#L1",
               "--at", "2026-01-15")
    assert "候选" in text.stdout and "mylife claim accept claim-2026-01-15-002" in text.stdout
    listed = cli("claim", "list", "--status", "candidate", "--json").json()
    assert {c["id"] for c in listed["claims"]} == {claim["id"], "claim-2026-01-15-002"}
    acc = cli("claim", "accept", claim["id"], "--json")
    assert acc.returncode == 0 and acc.json()["claim"]["status"] == "active"
    again = cli("claim", "accept", claim["id"])
    assert again.returncode == 4 and "不能接受" in again.stderr
    rej = cli("claim", "reject", claim["id"], "--why", "我其实更看重成长", "--json")
    assert rej.json()["claim"]["status"] == "rejected" and rej.json()["claim"]["note"] == "我其实更看重成长"


def test_reject_is_only_for_inferences(cli, recorded):
    cli("claim", "add", "我无法忍受当前的管理方式", "--topic", "职业去留", "--kind", "assessment",
        "--from", f"{recorded}#L2", "--at", "2026-01-15")
    r = cli("claim", "reject", "claim-2026-01-15-001")
    assert r.returncode == 4


def test_a_refused_reject_or_accept_says_what_to_do_instead(cli, recorded):
    """A newcomer rejects their own claim (a typo, a mood that passed) and was told only that it
    "cannot be rejected": the message now names the commands that do what they meant, and they work."""
    cli("claim", "add", "我无法忍受当前的管理方式", "--topic", "职业去留", "--kind", "assessment",
        "--from", f"{recorded}#L2", "--at", "2026-01-15")
    r = cli("claim", "reject", "claim-2026-01-15-001")
    assert r.returncode == 4 and "不能拒绝" in r.stderr
    assert "「拒绝」只用于 AI 的推断和还没确认的候选；claim-2026-01-15-001 是你自己的话" in r.stderr
    dispute = "`mylife claim dispute claim-2026-01-15-001 --why 原因`"
    assert dispute in r.stderr and "`mylife claim supersede claim-2026-01-15-001 --by 新证据编号`" in r.stderr
    error = cli("claim", "reject", "claim-2026-01-15-001", "--json", env={"MYLIFE_LANG": "en"}).json()["error"]
    assert error["key"] == "claim_bad_transition" and "claim dispute claim-2026-01-15-001 --why REASON" in error["message"]
    accepted = cli("claim", "accept", "claim-2026-01-15-001")
    assert accepted.returncode == 4 and "它已经算作证据，不需要再接受。" in accepted.stderr
    followed = cli("claim", "dispute", "claim-2026-01-15-001", "--why", "那天只是心情差", "--json")
    assert followed.returncode == 0 and followed.json()["claim"]["status"] == "disputed"


def test_dispute_and_supersede(cli, recorded):
    cli("claim", "add", "热爱这里，绝不想走", "--topic", "职业去留", "--kind", "assessment",
        "--from", f"{recorded}#L3", "--at", "2026-01-15")
    cli("claim", "add", "想跳槽", "--topic", "职业去留", "--kind", "assessment", "--from", f"{recorded}#L2",
        "--at", "2026-01-15")
    r = cli("claim", "dispute", "claim-2026-01-15-001", "--why", "")
    assert r.returncode == 2
    r = cli("claim", "dispute", "claim-2026-01-15-001", "--why", "那时刚完成项目，情绪高涨", "--json")
    assert r.json()["claim"]["status"] == "disputed"
    assert cli("claim", "supersede", "claim-2026-01-15-001", "--by", "claim-2026-01-15-001").returncode == 2
    assert cli("claim", "supersede", "claim-2026-01-15-001", "--by", "claim-2099-01-01-001").returncode == 3
    r = cli("claim", "supersede", "claim-2026-01-15-001", "--by", "claim-2026-01-15-002", "--json")
    assert r.returncode == 0
    old = r.json()["claim"]
    assert old["status"] == "superseded" and old["superseded_by"] == "claim-2026-01-15-002"
    shown = cli("claim", "show", "claim-2026-01-15-001")
    assert "superseded_by  claim-2026-01-15-002" in shown.stdout


def test_claim_list_filters_and_limits(ws):
    rec = ws.raw.record("a\nb\nc\n".encode(), topic="career")
    items = [dict(claim=f"第{i}条", topic="职业去留" if i % 2 else "财务压力", kind="fact",
                  provenance=f"{rec.file}#L1", occurred_at=__import__("datetime").date(2026, 1, 1 + i))
             for i in range(20)]
    ws.claims.add_many(items)
    career = ws.claims.query(topic="职业去留")
    assert len(career) == 10 and [c.occurred_at for c in career] == sorted(c.occurred_at for c in career)
    newest = ws.claims.query(topic="财务压力", limit=3, newest_first=True)
    assert [c.claim for c in newest] == ["第18条", "第16条", "第14条"]
    assert ws.claims.counts()["topic"] == {"职业去留": 10, "财务压力": 10}


def test_claim_list_cli_truncation(cli, recorded):
    for i in range(4):
        cli("claim", "add", f"说法{i}", "--topic", "职业去留", "--from", f"{recorded}#L1", "--at", f"2026-01-1{i}")
    r = cli("claim", "list", "--topic", "职业去留", "--limit", "2", "--json").json()
    assert r["count"] == 2 and r["truncated"] is True
    assert [c["claim"] for c in r["claims"]] == ["说法2", "说法3"]
    text = cli("claim", "list", "--topic", "职业去留", "--limit", "2")
    assert "--limit 0" in text.stdout


def test_shards_are_monthly_and_readable(ws):
    rec = ws.raw.record("x\n".encode(), topic="career")
    import datetime as dt

    ws.claims.add_many([dict(claim="一月", topic="t", provenance=f"{rec.file}#L1", occurred_at=dt.date(2026, 1, 5)),
                        dict(claim="三月", topic="t", provenance=f"{rec.file}#L1", occurred_at=dt.date(2026, 3, 5))])
    assert sorted(p.name for p in (ws.root / "claims").glob("*.yaml")) == ["2026-01.yaml", "2026-03.yaml"]
    text = (ws.root / "claims" / "2026-03.yaml").read_text(encoding="utf-8")
    assert "claim: 三月" in text and "&id" not in text


def test_claim_date_defaults_to_its_source_record_for_the_cli_and_the_model_tool(cli, recorded, ws_path, monkeypatch):
    """One rule (issue 15.1): without --at, a claim occurred when its source record did; its id says so."""
    r = cli("claim", "add", "我无法忍受当前的管理方式", "--topic", "职业去留", "--kind", "assessment",
            "--from", f"{recorded}#L2", "--json", env={"MYLIFE_NOW": "2026-12-04"})
    assert r.returncode == 0, r.stderr
    claim = r.json()["claim"]
    assert (claim["id"], claim["occurred_at"]) == ("claim-2026-01-15-001", "2026-01-15")
    traced = cli("trace", "claim-2026-01-15-001", env={"MYLIFE_NOW": "2026-12-04"})
    assert traced.returncode == 0 and "我无法忍受当前的管理方式" in traced.stdout, traced.stderr
    # the model's tool over the same pointer: the same rule, the next id of that day
    from mylife_core.testing import plugin_host
    from mylife_core.tools import call_tool
    from mylife_core.workspace import Workspace

    monkeypatch.setenv("MYLIFE_NOW", "2026-12-04")
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        tool = call_tool(ws, "mylife_claim_add", {"claim": "连续加班三周了", "topic": "职业去留", "kind": "fact",
                                                  "provenance": f"{recorded}#L1"}, actor="model")
    assert tool.ok, tool.error
    assert (tool.result["claim"]["id"], tool.result["claim"]["occurred_at"]) == ("claim-2026-01-15-002", "2026-01-15")
    # --at still wins; without --from the statement is recorded today and dated today
    at = cli("claim", "add", "后来想通了", "--topic", "职业去留", "--from", f"{recorded}#L3", "--at", "2026-02-01",
             "--json", env={"MYLIFE_NOW": "2026-12-04"}).json()["claim"]
    assert at["id"] == "claim-2026-02-01-001"
    bare = cli("claim", "add", "今天的想法", "--topic", "职业去留", "--json", env={"MYLIFE_NOW": "2026-12-04"}).json()
    assert bare["claim"]["id"] == "claim-2026-12-04-001"


def test_claim_list_says_how_many_it_shows_of_how_many(cli, ws_path):
    """Issue 15.11: 65 claims on a topic, the default limit 50: "显示 50 条，共 65 条"."""
    cli("init")
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        rec = ws.raw.record("想走\n不想走\n".encode(), topic="career")
        ws.claims.add_many([dict(claim=f"第{i}条", topic="职业去留", provenance=f"{rec.file}#L1") for i in range(65)]
                           + [dict(claim="别的", topic="财务", provenance=f"{rec.file}#L2", kind="assessment")])
    text = cli("claim", "list", "--topic", "职业去留")
    assert text.returncode == 0 and "显示 50 条，共 65 条" in text.stdout and "共 50 条" not in text.stdout
    doc = cli("claim", "list", "--topic", "职业去留", "--json").json()
    assert (doc["count"], doc["total"], doc["truncated"]) == (50, 65, True)
    both = cli("claim", "list", "--topic", "职业去留", "--kind", "fact", "--limit", "10", "--json").json()
    assert (both["count"], both["total"]) == (10, 65)
    assert cli("claim", "list", "--limit", "3", "--json").json()["total"] == 66
    small = cli("claim", "list", "--topic", "财务")
    assert "共 1 条" in small.stdout and "显示" not in small.stdout


def test_a_topic_filter_that_names_no_topic_says_so(cli, ws_path):
    """A typo in --topic must not look like "nothing found": the error lists the topics there are."""
    cli("init")
    assert cli("claim", "add", "我想换工作", "--topic", "职业去留").returncode == 0
    for args in (("claim", "list", "--topic", "职业"), ("recall", "换工作", "--topic", "职业"),
                 ("competing", "我该跳槽", "--topic", "职业")):
        r = cli(*args)
        assert r.returncode == 3, (args, r.stdout, r.stderr)
        assert "没有叫「职业」的主题" in r.stderr and "职业去留" in r.stderr and "Traceback" not in r.stderr
        doc = cli(*args, "--json").json()
        assert doc["ok"] is False and doc["error"]["key"] == "unknown_topic"
    assert cli("claim", "list", "--topic", "职业去留").returncode == 0
    assert "【换工作】" in cli("recall", "换工作", "--topic", "职业去留").stdout


# --------------------------------------------------------------------------- hand-edited bad values


def _claim_in_month(cli, recorded) -> None:
    """One claim in claims/2026-01.yaml."""
    assert cli("claim", "add", "我无法忍受当前的管理方式", "--topic", "职业去留", "--from", f"{recorded}#L2",
               "--at", "2026-01-15").returncode == 0


@pytest.mark.parametrize("bad, why", [("2026-13-05", "月份只能是 1–12"), ("2026-02-30", "这个月没有这一天"),
                                      ("2026-01-15 25:00:00", "小时只能是 0–23")], ids=["month", "day", "hour"])
def test_a_date_that_does_not_exist_in_a_claims_file_names_file_and_line(cli, recorded, ws_path, bad, why):
    """QA s19b #1: `occurred_at: 2026-13-05` was `内部错误：ValueError: month must be in 1..12`, exit 70."""
    _claim_in_month(cli, recorded)
    shard = ws_path / "claims" / "2026-01.yaml"
    lines = shard.read_text(encoding="utf-8").splitlines()
    idx = next(i for i, line in enumerate(lines) if line.startswith("  occurred_at:"))
    lines[idx] = f"  occurred_at: {bad}"
    broken = "\n".join(lines) + "\n"
    shard.write_text(broken, encoding="utf-8")
    for command in (("status",), ("claim", "list"), ("claim", "add", "又一句", "--topic", "t",
                                                       "--from", f"{recorded}#L1", "--at", "2026-01-16")):
        r = cli(*command)
        assert r.returncode == 5, (command, r.stderr)
        assert f"claims/2026-01.yaml:{idx + 1}: " in r.stderr and bad in r.stderr and why in r.stderr
        assert "内部错误" not in r.stderr and "Traceback" not in r.stderr and "不会被改写" in r.stderr
    v = cli("verify", "--json")  # verify lists it among its problems, as for a bad kind
    assert v.returncode not in (0, 70) and "内部错误" not in v.stderr
    bad_file = [p for p in v.json()["problems"] if p["kind"] == "bad_file"]
    assert bad_file and f"claims/2026-01.yaml:{idx + 1}: " in bad_file[0]["message"]
    en = cli("claim", "list", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 5 and "does not exist" in en.stderr and f":{idx + 1}: " in en.stderr
    assert shard.read_text(encoding="utf-8") == broken  # never rewritten


def test_a_wrong_value_in_a_claims_file_is_said_in_chinese_with_what_is_allowed(cli, recorded, ws_path):
    """QA s19b #4: the message was pydantic's English (`0.kind: Input should be 'fact', ...`)."""
    _claim_in_month(cli, recorded)
    shard = ws_path / "claims" / "2026-01.yaml"
    text = shard.read_text(encoding="utf-8")
    line = text.splitlines().index("  kind: fact") + 1
    shard.write_text(text.replace("kind: fact", "kind: facts"), encoding="utf-8")
    r = cli("claim", "list")
    assert r.returncode == 5
    assert f"claims/2026-01.yaml:{line}: 第 1 条的 kind 只能是 'fact'、'assessment'、'inference' 之一" in r.stderr
    assert "'facts'" in r.stderr and "Input should" not in r.stderr
    en = cli("claim", "list", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 5 and f":{line}: 0.kind: must be one of 'fact', 'assessment' or 'inference'; the file has 'facts'" in en.stderr
    shard.write_text(text.replace("  kind: fact\n", ""), encoding="utf-8")  # a required field removed
    r = cli("claim", "list")
    assert r.returncode == 5 and "第 1 条的 kind 缺失" in r.stderr and "Field required" not in r.stderr


def test_claim_at_takes_a_month_like_record_and_refuses_the_future(cli, recorded, ws_path, monkeypatch):
    """`claim add --at 2025-03`: dated the first of the month (id and occurred_at), the statement kept
    as a month-dated note; a date after today is refused and nothing is written."""
    now = {"MYLIFE_NOW": "2026-03-10"}
    r = cli("claim", "add", "那时就想离职", "--topic", "职业去留", "--at", "2025-03", "--json", env=now)
    assert r.returncode == 0, r.stderr
    doc = r.json()
    assert (doc["claim"]["id"], doc["claim"]["occurred_at"]) == ("claim-2025-03-01-001", "2025-03-01")
    assert doc["recorded_pointer"] == "raw/2025-03-职业去留.md#L1" == doc["claim"]["provenance"]
    manifest = [json.loads(line) for line in (ws_path / "ledger" / "raw.jsonl").read_text().splitlines()]
    assert manifest[-1]["file"] == "raw/2025-03-职业去留.md" and manifest[-1]["precision"] == "month"
    text = cli("claim", "add", "三月也想过", "--topic", "职业去留", "--from", f"{recorded}#L2", "--at", "2025-03",
               env=now).stdout
    assert "claim-2025-03-01-002" in text and "只写了月份：日期按该月 1 日（2025-03-01）记" in text
    claims = cli("claim", "list", "--json").json()["total"]
    for at in ("2031-05-05", "2026-03-11", "2026-04", ""):
        bad = cli("claim", "add", "明年的事", "--topic", "职业去留", "--at", at, env=now)
        assert bad.returncode == 2 and "Traceback" not in bad.stderr, bad.stderr
        assert ("之后" in bad.stderr) if at else ("是空的" in bad.stderr)
    assert "2026-03" in cli("claim", "add", "本月的事", "--topic", "职业去留", "--at", "2026-03", "--json",
                            env=now).json()["claim"]["id"]
    assert cli("claim", "list", "--json").json()["total"] == claims + 1
    assert not list(ws_path.glob("claims/**/*2031*"))
    assert b"2031" not in (ws_path / "ledger" / "raw.jsonl").read_bytes()
    # the model's tool (and MCP) refuse a future date too
    from mylife_core.testing import plugin_host
    from mylife_core.tools import call_tool
    from mylife_core.workspace import Workspace

    monkeypatch.setenv("MYLIFE_NOW", "2026-03-10")
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        tool = call_tool(ws, "mylife_claim_add", {"claim": "明年的事", "topic": "职业去留", "kind": "fact",
                                                  "provenance": f"{recorded}#L1", "occurred_at": "2031-05-05"},
                         actor="model")
        rec = call_tool(ws, "mylife_record", {"text": "明年的事", "topic": "t", "occurred_at": "2031-05-05"},
                        actor="model")
    assert not tool.ok and tool.error["key"] == "at_future" and "2031-05-05" in tool.error["message"]
    assert not rec.ok and rec.error["key"] == "at_future"
    assert b"2031" not in (ws_path / "ledger" / "raw.jsonl").read_bytes()

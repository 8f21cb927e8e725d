"""L3: per-field TTL, history, staleness relative to MYLIFE_NOW."""

from __future__ import annotations

import pytest
import yaml

from mylife_core.errors import Conflict
from mylife_core.integrity import accept


def test_set_get_history_and_ttl(cli, ws_path):
    cli("init")
    r = cli("profile", "set", "现有存款", "120000", "--ttl", "90", "--at", "2026-01-10", "--json")
    assert r.returncode == 0, r.stderr
    field = r.json()["field"]
    assert field["value"] == 120000 and field["ttl_days"] == 90 and field["source"] == "user_filled"
    assert r.json()["created"] is True
    r = cli("profile", "set", "现有存款", "135,000", "--at", "2026-03-01", "--json")
    doc = r.json()
    assert doc["field"]["value"] == 135000 and doc["previous_value"] == 120000
    assert doc["field"]["ttl_days"] == 90  # an existing field keeps its TTL
    assert [h["value"] for h in doc["field"]["history"]] == [120000]
    text = cli("profile", "get", "现有存款")
    assert "120000" in text.stdout and "history" in text.stdout
    r = cli("profile", "set", "学历", "普通本科", "--ttl", "never", "--json")
    assert r.json()["field"]["ttl_days"] is None
    assert "ttl_days: null" in (ws_path / "profile.yaml").read_text(encoding="utf-8").split("学历")[1]


def test_stale_listing_follows_mylife_now(cli):
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90", "--at", "2026-01-10")
    cli("profile", "set", "房租月支出", "4500", "--ttl", "365", "--at", "2025-08-01")
    cli("profile", "set", "学历", "普通本科", "--ttl", "never", "--at", "2010-07-01")
    early = cli("profile", "list", "--stale", "--json", env={"MYLIFE_NOW": "2026-02-01"}).json()
    assert early["count"] == 0
    later = cli("profile", "list", "--stale", "--json", env={"MYLIFE_NOW": "2026-10-01"}).json()
    assert [f["name"] for f in later["fields"]] == ["现有存款", "房租月支出"]  # most overdue first
    assert later["fields"][0]["age_days"] == 264 and later["fields"][0]["overdue_days"] == 174
    assert later["fields"][1]["overdue_days"] == 61
    text = cli("profile", "list", "--stale", env={"MYLIFE_NOW": "2026-10-01"})
    assert "现有存款：上次填写是 9 个月前" in text.stdout


def test_confirm_refreshes_without_changing(cli):
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90", "--at", "2026-01-10")
    r = cli("profile", "confirm", "现有存款", "--json", env={"MYLIFE_NOW": "2026-06-01"})
    assert r.returncode == 0
    assert r.json()["field"]["value"] == 120000 and r.json()["field"]["updated_at"].startswith("2026-06-01")
    assert cli("profile", "list", "--stale", "--json", env={"MYLIFE_NOW": "2026-07-01"}).json()["count"] == 0


def test_profile_errors(cli):
    cli("init")
    for args, code, expected in [
        (("profile", "set", "x", "1", "--ttl", "-3"), 2, "--ttl"),
        (("profile", "set", "x", "1", "--ttl", "soon"), 2, "--ttl"),
        (("profile", "set", "", "1"), 2, "字段名"),
        (("profile", "get", "不存在"), 3, "没有字段"),
        (("profile", "confirm", "不存在"), 3, "没有字段"),
        (("profile", "set", "x", "1", "--at", "yesterday"), 2, "有效日期"),
    ]:
        r = cli(*args)
        assert r.returncode == code, (args, r.stderr)
        assert expected in r.stderr and "Traceback" not in r.stderr


def test_english_by_configuration(cli, ws_path):
    r = cli("init", "--language", "en")
    assert "Created MyLife workspace" in r.stdout
    cli("profile", "set", "savings", "120000", "--ttl", "90", "--at", "2026-01-10", env={"MYLIFE_LANG": ""})
    text = cli("profile", "list", "--stale", env={"MYLIFE_NOW": "2026-10-01", "MYLIFE_LANG": ""})
    assert "savings: last set 9 months ago" in text.stdout


def test_reads_go_through_a_json_copy_that_a_hand_edit_invalidates(cli, ws_path):
    """profile.yaml stays the truth: the copy in cache/ is re-made whenever the file changed."""
    import json

    assert cli("init").returncode == 0
    assert cli("profile", "set", "现有存款", "120000", "--ttl", "90").returncode == 0
    copy = ws_path / "cache" / "profile.json"

    def cached() -> dict:  # a sealed header line, then the data (storage/yamlfile.py)
        return json.loads(copy.read_text().split("\n", 1)[1])

    assert cached()["fields"]["现有存款"]["value"] == 120000
    assert oct(copy.stat().st_mode & 0o777) == "0o600"
    text = (ws_path / "profile.yaml").read_text(encoding="utf-8")
    (ws_path / "profile.yaml").write_text(text.replace("120000", "130000"), encoding="utf-8")
    assert cli("profile", "get", "现有存款", "--json").json()["field"]["value"] == 130000
    copy.write_text("{not json", encoding="utf-8")  # a broken copy is ignored and re-made
    assert cli("profile", "get", "现有存款", "--json").json()["field"]["value"] == 130000
    assert cached()["fields"]["现有存款"]["value"] == 130000
    (ws_path / "profile.yaml").write_text(text.replace("value: 120000", "value: [oops"), encoding="utf-8")
    bad = cli("profile", "get", "现有存款")
    assert bad.returncode == 5 and "profile.yaml:" in bad.stderr  # never the stale copy


def test_an_older_value_goes_into_the_history_in_date_order(cli, ws_path):
    """Issue 15.4: `profile set --at` an older date never replaces a newer current value."""
    cli("init")
    for value, at in [("120000", "2026-03-01"), ("95000", "2025-12-01")]:
        assert cli("profile", "set", "现有存款", value, "--at", at, "--ttl", "90").returncode == 0
    older = cli("profile", "set", "现有存款", "80000", "--at", "2025-06-01", "--json")
    assert older.returncode == 0, older.stderr
    doc = older.json()
    assert doc["into_history"] is True and doc["field"]["value"] == 120000
    assert doc["field"]["updated_at"].startswith("2026-03-01")
    assert [(h["value"], h["updated_at"][:10]) for h in doc["field"]["history"]] == [
        (80000, "2025-06-01"), (95000, "2025-12-01")]
    text = cli("profile", "set", "现有存款", "100000", "--at", "2026-01-15")
    assert "比当前值旧，已按日期记入历史；当前值仍是 120000（2026-03-01）" in text.stdout
    field = yaml.safe_load((ws_path / "profile.yaml").read_text(encoding="utf-8"))["fields"]["现有存款"]
    assert field["value"] == 120000
    assert [h["value"] for h in field["history"]] == [80000, 95000, 100000]  # oldest first
    # a newer value still becomes current, the old current joining the history last
    newer = cli("profile", "set", "现有存款", "130000", "--at", "2026-04-01", "--json").json()
    assert newer["into_history"] is False and newer["field"]["value"] == 130000
    assert [h["value"] for h in newer["field"]["history"]] == [80000, 95000, 100000, 120000]
    assert cli("verify").returncode == 0


def _whole_dump(ws) -> bytes:
    from mylife_core.layers.profile import HEADER, _dump_field
    from mylife_core.storage import yamlfile

    fields = ws.profile.reload().fields
    return (HEADER + yamlfile.dumps({"fields": {n: _dump_field(f) for n, f in fields.items()}})).encode("utf-8")


def test_a_set_rewrites_only_its_field_and_the_file_is_what_a_whole_dump_writes(ws, ws_path, monkeypatch):
    """A set dumps only the field it changes (the others' bytes are copied), so its cost does not
    grow with the history; the file must still be byte for byte what dumping everything gives."""
    from datetime import datetime, timedelta, timezone

    from mylife_core.layers import profile as profile_mod

    start = datetime(2000, 1, 1, tzinfo=timezone.utc)
    names = ["现有存款", "a: b", "#井号", "- 横线", "123", "true", "长" * 80, "引号'\"", "空 格", "yes"]
    values = [1, "两万二", 4.5, "x" * 300, "多行\n文本", True, "null", "2026-01-01", "- item", "a: b"]
    dumped: list[str] = []
    real = profile_mod._field_text
    monkeypatch.setattr(profile_mod, "_field_text", lambda n, f: dumped.append(n) or real(n, f))
    for step in range(40):
        name = names[step % len(names)]
        dumped.clear()
        ws.profile.set(name, values[(step * 3) % len(values)], at=start + timedelta(days=step * 10),
                       ttl_days=30 if step % 3 else None, ttl_given=step % 5 == 0)
        assert (ws_path / "profile.yaml").read_bytes() == _whole_dump(ws), step
        assert dumped == ([name] if step else []), dumped  # the first set: "fields: {}", a whole dump
    dumped.clear()
    ws.profile.set(names[1], "更早的值", at=start - timedelta(days=5))  # a past value: history only
    ws.profile.confirm(names[2], at=start + timedelta(days=999))
    ws.profile.set_ttl(names[3], 12, reason="换了")
    assert (ws_path / "profile.yaml").read_bytes() == _whole_dump(ws)
    assert dumped == names[1:4]
    assert ws.profile.reload().fields[names[1]].history[0].value == "更早的值"


def test_a_hand_edited_layout_falls_back_to_a_whole_dump(ws, ws_path):
    ws.profile.set("现有存款", 100)
    ws.profile.set("学历", "本科")
    path = ws_path / "profile.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  学历:", "  # 手写的注释\n  学历:")
                    .replace("value: 100", "value: 150"), encoding="utf-8")
    edited = path.read_bytes()
    with pytest.raises(Conflict) as refused:  # an edit outside MyLife is never absorbed unseen
        ws.profile.set("学历", "硕士")
    assert refused.value.params["file"] == "profile.yaml" and path.read_bytes() == edited
    accept(ws, "profile.yaml")  # the user keeps it (`mylife verify --accept profile.yaml`)
    ws.profile.set("学历", "硕士")
    assert path.read_bytes() == _whole_dump(ws)
    fields = ws.profile.reload().fields
    assert fields["现有存款"].value == 150 and fields["学历"].value == "硕士"  # the hand edit kept
    assert [h.value for h in fields["学历"].history] == ["本科"]


# --------------------------------------------------------------------------- hand-edited bad values


def _edit_line(path, starts: str, new: str) -> tuple[str, int]:
    """Replace the first line starting with ``starts``; returns the new text and its 1-based line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    idx = next(i for i, line in enumerate(lines) if line.lstrip().startswith(starts))
    lines[idx] = lines[idx][: len(lines[idx]) - len(lines[idx].lstrip())] + new
    text = "\n".join(lines) + "\n"
    path.write_text(text, encoding="utf-8")
    return text, idx + 1


def test_a_date_that_does_not_exist_in_profile_yaml_names_its_line(cli, ws_path):
    """QA s19b #1/#2: `updated_at: 2026-02-30 ...` gave the right exit code but `profile.yaml:?:`."""
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90", "--at", "2026-01-10")
    path = ws_path / "profile.yaml"
    broken, line = _edit_line(path, "updated_at:", "updated_at: 2026-02-30 00:00:00+08:00")
    for command in (("profile", "list"), ("status",), ("profile", "set", "房租月支出", "4500", "--ttl", "365")):
        r = cli(*command)
        assert r.returncode == 5, (command, r.stderr)
        assert f"profile.yaml:{line}: " in r.stderr and "2026-02-30" in r.stderr and "这个月没有这一天" in r.stderr
        assert "profile.yaml:?:" not in r.stderr and "内部错误" not in r.stderr
    assert path.read_text(encoding="utf-8") == broken


def test_a_hand_edited_negative_ttl_is_a_bad_file(cli, ws_path):
    """QA s19b #3: `ttl_days: -90` was accepted and shown as "-90 天"."""
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    path = ws_path / "profile.yaml"
    for bad in ("-90", "0"):
        broken, line = _edit_line(path, "ttl_days:", f"ttl_days: {bad}")
        r = cli("profile", "list")
        assert r.returncode == 5 and "天" not in r.stdout
        assert f"profile.yaml:{line}: fields.现有存款.ttl_days 必须大于 0，文件里写的是 {bad}" in r.stderr
        assert cli("profile", "set", "房租月支出", "4500", "--ttl", "365").returncode == 5
        assert path.read_text(encoding="utf-8") == broken
    en = cli("profile", "list", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 5 and "fields.现有存款.ttl_days: must be greater than 0; the file has 0" in en.stderr


def test_a_yaml_syntax_error_leads_with_a_sentence_in_the_users_language(cli, ws_path):
    """QA s19b #5: only `YAML: while parsing a flow sequence ...` was shown."""
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    path = ws_path / "profile.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("value: 120000", "value: [120000"), encoding="utf-8")
    r = cli("profile", "list")
    assert r.returncode == 5
    head = r.stderr.split("profile.yaml:", 1)[1]
    line, problem = head.split(": ", 1)
    assert line.isdigit() and problem.startswith("YAML 格式错误：")
    assert "括号" in problem and "flow sequence" in problem  # what to do, and the parser's detail kept
    en = cli("profile", "list", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 5 and "YAML syntax error: while parsing a flow sequence" in en.stderr


def test_profile_set_at_takes_a_month_and_refuses_the_future(cli, ws_path):
    """`profile set --at 2025-03` as `record --at 2025-03` takes it (the first of the month, said in the
    output); a date after today is refused and the profile is left as it was."""
    now = {"MYLIFE_NOW": "2026-03-10"}
    cli("init")
    r = cli("profile", "set", "房租月支出", "3500", "--at", "2025-03", "--yes", env=now)
    assert r.returncode == 0, r.stderr
    assert "只写了月份：日期按该月 1 日（2025-03-01）记" in r.stdout
    field = cli("profile", "get", "房租月支出", "--json", env=now).json()["field"]
    assert field["value"] == 3500 and field["updated_at"].startswith("2025-03-01T00:00:00")
    older = cli("profile", "set", "房租月支出", "3000", "--at", "2024-11", "--json", env=now).json()
    assert older["into_history"] is True and older["field"]["history"][0]["updated_at"].startswith("2024-11-01")
    before = (ws_path / "profile.yaml").read_bytes()
    for at, expected in [("2031-01-01", "--at 的值「2031-01-01」在今天（2026-03-10）之后"),
                         ("2026-04", "在今天（2026-03-10）之后"), ("", "--at 的值是空的"),
                         ("2026-3-1", "2025-03（只记得月份）")]:
        bad = cli("profile", "set", "房租月支出", "3600", "--at", at, "--yes", env=now)
        assert bad.returncode == 2 and expected in bad.stderr and "Traceback" not in bad.stderr, (at, bad.stderr)
        new = cli("profile", "set", "新字段", "1", "--at", at, "--yes", env=now)  # refused before the TTL question
        assert new.returncode == 2 and expected in new.stderr and "推断有效期" not in new.stdout
    assert (ws_path / "profile.yaml").read_bytes() == before
    assert cli("profile", "set", "房租月支出", "3600", "--at", "2026-03", "--json", env=now).json()["field"][
        "updated_at"].startswith("2026-03-01")


def test_a_value_with_a_leading_zero_is_kept_as_typed(cli, ws_path):
    """A postcode, an employee number, an extension: 010020 is not the number 10020; turned into
    one, its leading zero was lost for good. Numbers still become numbers (0, 0.5, 120,000)."""
    cli("init")
    cases = {"邮编": ("010020", "010020"), "工号": ("007", "007"), "分机": ("-0123", "-0123"),
             "零": ("0", 0), "比例": ("0.5", 0.5), "存款": ("120,000", 120000)}
    for name, (typed, kept) in cases.items():
        r = cli("profile", "set", name, typed, "--ttl", "365", "--json")
        assert r.returncode == 0, r.stderr
        assert r.json()["field"]["value"] == kept, (name, r.json()["field"])
        again = cli("profile", "get", name, "--json").json()["field"]["value"]
        assert again == kept and type(again) is type(kept), (name, again)
    assert "邮编:\n    value: '010020'" in (ws_path / "profile.yaml").read_text(encoding="utf-8")


def test_unset_removes_a_field_and_keeps_it_whole_in_the_audit_log(cli, ws_path):
    """s26b.1: a field set by mistake (or no longer wanted) could only be removed by editing
    profile.yaml by hand (then `verify` complains). `profile unset NAME` removes it under the
    lock, leaves the other fields' bytes alone, and records the whole field (value, dates, TTL,
    history) in the audit entry, so nothing is lost silently; `verify` stays clean."""
    from mylife_core.storage import jsonl

    cli("init")
    cli("profile", "set", "通勤时间", "40", "--ttl", "180", "--at", "2026-01-10")
    cli("profile", "set", "通勤时间", "55", "--at", "2026-03-01")
    cli("profile", "set", "学历", "普通本科", "--ttl", "never")
    kept_block = (ws_path / "profile.yaml").read_text("utf-8").split("  通勤时间:")[0]
    r = cli("profile", "unset", "通勤时间", "--json")
    assert r.returncode == 0, r.stderr
    removed = r.json()["removed"]
    assert removed["name"] == "通勤时间" and removed["value"] == 55 and removed["ttl_days"] == 180
    assert [h["value"] for h in removed["history"]] == [40]
    text = (ws_path / "profile.yaml").read_text("utf-8")
    assert "通勤时间" not in text and text.startswith(kept_block)  # 学历's bytes as they were
    assert [f["name"] for f in cli("profile", "list", "--json").json()["fields"]] == ["学历"]
    entry = [e for e in jsonl.read(ws_path / "ledger" / "audit.jsonl")[0] if e.get("action") == "profile.unset"]
    assert len(entry) == 1 and entry[0]["actor"] == "user" and entry[0]["target"] == "通勤时间"
    gone = entry[0]["detail"]["removed"]
    assert gone["value"] == 55 and gone["ttl_days"] == 180 and [h["value"] for h in gone["history"]] == [40]
    assert cli("verify").returncode == 0
    said = cli("profile", "unset", "学历")  # the last field: an empty profile that still reads
    assert said.returncode == 0 and "「学历」" in said.stdout and "profile.unset" in said.stdout
    assert "profile set 学历" in said.stdout
    assert cli("profile", "list", "--json").json()["count"] == 0 and cli("verify").returncode == 0


def test_unset_of_a_field_the_profile_lacks_is_refused_and_writes_nothing(cli, ws_path):
    """s26b.1: an unknown name exits 3, names the field and says how to see the fields there are;
    nothing is written (profile.yaml and the audit log as they were)."""
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    before = (ws_path / "profile.yaml").read_bytes(), (ws_path / "ledger" / "audit.jsonl").read_bytes()
    r = cli("profile", "unset", "现有存", "--json")
    assert r.returncode == 3 and "Traceback" not in r.stderr
    error = r.json()["error"]
    assert error["code"] == "not_found" and error["params"]["name"] == "现有存"
    assert "「现有存」" in error["message"] and "profile list" in error["message"]
    assert ((ws_path / "profile.yaml").read_bytes(), (ws_path / "ledger" / "audit.jsonl").read_bytes()) == before


def test_a_comma_that_groups_no_thousands_is_refused_and_writes_nothing(cli, ws_path, ws):
    """A comma was dropped wherever it stood: 月收入 12,5万 was stored as 1250000, 现有存款 3,5 as
    35, 1.200,50 as 1.2005, 1,2,3 as 123, without a word. A comma groups thousands only (a first
    group of 1-3 digits, then groups of three: 120,000, 1,200.50, the full-width ， too); any other
    comma in what would be a number is refused for every field (one check all writers share:
    profile set, the panel, tool calls, a handoff sheet), naming the value and saying how to write
    it; exit 2, nothing written."""
    from mylife_core.errors import UsageError
    from mylife_core.layers.profile import check_value

    cli("profile", "set", "现有存款", "100000", "--ttl", "90")  # (the ws fixture made the workspace)
    before = (ws_path / "profile.yaml").read_bytes(), (ws_path / "ledger" / "audit.jsonl").read_bytes()
    for name, typed in [("现有存款", "3,5"), ("现有存款", "1,2,3"), ("现有存款", "1.200,50"), ("月收入", "12,5万"),
                        ("月收入", "12,5万元"), ("孩子年龄", "3,5")]:
        r = cli("profile", "set", name, typed, "--ttl", "90")
        assert r.returncode == 2 and "Traceback" not in r.stderr, (typed, r.stdout, r.stderr)
        assert f"「{typed}」" in r.stderr and "120,000" in r.stderr and "3.5" in r.stderr, r.stderr
        # the example is the value read with its comma as a decimal point, never a number nobody
        # typed (3.5 was offered for 12,5万: pasted, a monthly income of 3.5); else a placeholder
        example = {"3,5": "3.5", "1,2,3": "值", "1.200,50": "1200.50", "12,5万": "12.5万", "12,5万元": "12.5万元"}[typed]
        assert f"profile set {name} {example}" in r.stderr, r.stderr
        assert ((ws_path / "profile.yaml").read_bytes(), (ws_path / "ledger" / "audit.jsonl").read_bytes()) == before
    error = cli("profile", "set", "现有存款", "3,5", "--json").json()["error"]
    assert error["code"] == "bad_input" and error["key"] == "s28fix.misplaced_comma" and error["params"]["value"] == "3,5"
    with pytest.raises(UsageError):  # the check the panel, tool calls and handoff sheets go through
        check_value(ws, "现有存款", "12,5万")
    for typed, kept in [("120,000", 120000), ("1,200.50", 1200.5), ("12，000", 12000), ("1,200万", 12000000)]:
        r = cli("profile", "set", "现有存款", typed, "--json")
        assert r.returncode == 0 and r.json()["field"]["value"] == kept, (typed, r.stderr)
    assert cli("profile", "set", "城市", "北京,上海", "--ttl", "365", "--json").json()["field"]["value"] == "北京,上海"


def test_an_amount_in_dollars_or_thousands_written_with_k_is_a_number(cli):
    """An English workspace refused `profile set savings '$5,000'` (also 5k, 5000 USD) and told its
    user to write 2万 or 两万."""
    cli("init")
    for typed, kept in [("$5,000", 5000), ("5k", 5000), ("5000 USD", 5000), ("€1,200.50", 1200.5), ("12.5k", 12500),
                        ("¥20000", 20000)]:
        r = cli("profile", "set", "现有存款", typed, "--ttl", "90", "--json")
        assert r.returncode == 0 and r.json()["field"]["value"] == kept, (typed, r.stderr)
    assert cli("profile", "set", "备注", "abc k", "--ttl", "90", "--json").json()["field"]["value"] == "abc k"


def test_the_same_value_with_a_new_ttl_adds_no_history_entry(cli, ws_path):
    """Following the suggestion `profile set 城市 杭州 --ttl DAYS` (the same value again, to change
    its TTL) pushed 杭州 into the history beside the current 杭州. The same value from the same
    source is no past value: its TTL and date change, its history does not; the audit entry says
    the value did not change and what the TTL was (``ttl_from``). A changed value still goes to
    the history."""
    from mylife_core.storage import jsonl

    cli("init")
    cli("profile", "set", "城市", "杭州", "--ttl", "365", "--at", "2026-01-10")
    r = cli("profile", "set", "城市", "杭州", "--ttl", "90")
    assert r.returncode == 0 and "值没有变" in r.stdout and "365 天" in r.stdout and "90 天" in r.stdout, r.stdout
    field = cli("profile", "get", "城市", "--json").json()["field"]
    assert field["value"] == "杭州" and field["ttl_days"] == 90 and field["history"] == []
    assert "history" not in cli("profile", "get", "城市").stdout
    entry = jsonl.read(ws_path / "ledger" / "audit.jsonl")[0][-1]
    assert entry["action"] == "profile.set" and entry["detail"]["changed"] is False
    assert entry["detail"]["ttl_from"] == 365 and entry["detail"]["ttl_days"] == 90
    cli("profile", "set", "城市", "上海")
    field = cli("profile", "get", "城市", "--json").json()["field"]
    assert field["value"] == "上海" and [h["value"] for h in field["history"]] == ["杭州"]
    assert "ttl_from" not in jsonl.read(ws_path / "ledger" / "audit.jsonl")[0][-1]["detail"]
    assert cli("verify").returncode == 0

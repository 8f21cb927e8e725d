"""L4 tracing and verification: every claim back to the user's words, every change noticed."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def story(cli, ws_path):
    cli("init")
    rec = cli("record", "刚完成一个重要项目\n热爱这里，绝不想走", "--topic", "career", "--at", "2025-11-02",
              "--json").json()["record"]["file"]
    cli("claim", "add", "热爱这里，绝不想走", "--topic", "职业去留", "--kind", "assessment", "--from", f"{rec}#L2",
        "--context", "刚完成一个重要项目", "--at", "2025-11-02")
    return rec


def test_trace_shows_the_users_own_words(cli, story, ws_path):
    r = cli("trace", "claim-2025-11-02-001", "--json")
    assert r.returncode == 0, r.stderr
    doc = r.json()
    assert doc["ok"] is True and doc["state"] == "ok"
    assert doc["raw"]["lines"] == [{"line": 2, "text": "热爱这里，绝不想走"}]
    assert doc["raw"]["actual_hash"] == doc["raw"]["expected_hash"]
    assert doc["digest"] == []
    text = cli("trace", "claim-2025-11-02-001").stdout
    assert "L2: 热爱这里，绝不想走" in text and "哈希一致" in text


def test_a_claim_no_digest_cites_is_drawn_without_an_empty_digest_level(cli, story, ws_path):
    """s26b.3: a claim no digest cites was drawn with the user's lines under an empty digest
    entry ("└─ 摘要段落 （…还没有摘要引用…）" and the raw level one step further in). The chain
    is now claim -> raw lines, with a line saying no digest cites it; JSON says the same
    (`levels`, `cited_by_digest`). With a digest citing it, the digest level is drawn as before."""
    doc = cli("trace", "claim-2025-11-02-001", "--json").json()
    assert doc["levels"] == ["claim", "raw"] and doc["cited_by_digest"] is False and doc["digest"] == []
    lines = cli("trace", "claim-2025-11-02-001").stdout.splitlines()
    assert lines[0].startswith("证据 claim-2025-11-02-001")
    assert lines[1] == "  （该主题还没有摘要引用这条证据）"
    assert lines[2] == f"  └─ 原话 {story}#L2  (2025-11-02，刚完成一个重要项目)"
    assert lines[3] == "       L2: 热爱这里，绝不想走"
    assert not any("摘要段落" in line for line in lines)
    english = cli("trace", "claim-2025-11-02-001", env={"MYLIFE_LANG": "en"}).stdout.splitlines()
    assert english[1] == "  (no digest cites this claim yet)" and english[2].startswith("  └─ ")
    (ws_path / "digest" / "职业去留.md").write_text(
        "---\ntopic: 职业去留\n---\n# 职业去留\n\n你说热爱这里 [claim-2025-11-02-001]。\n", encoding="utf-8")
    doc = cli("trace", "claim-2025-11-02-001", "--json").json()
    assert doc["levels"] == ["claim", "digest", "raw"] and doc["cited_by_digest"] is True
    lines = cli("trace", "claim-2025-11-02-001").stdout.splitlines()
    assert lines[1] == "  └─ 摘要段落 digest/职业去留.md#P2 (L6-L6)"
    assert lines[3].startswith(f"       └─ 原话 {story}#L2") and lines[4] == "            L2: 热爱这里，绝不想走"


def test_tracing_a_chain_ends_with_the_disclaimer_as_the_answer_did(cli, story):
    """A chain's conclusions are the answer shown again: the trace ends with the disclaimer word
    for word (offline: after the line saying no model wrote it), in the language in force."""
    from mylife_core.messages import disclaimer_lines, t

    answered = cli("ask", "我该不该跳槽？", "--offline", "--json")
    assert answered.returncode == 0, answered.stderr
    chain = answered.json()["chain"]["id"]
    text = cli("trace", chain).stdout.rstrip("\n").splitlines()
    expected = disclaimer_lines(model_used=False)
    assert text[-len(expected):] == expected, text[-4:]
    assert t("disclaimer.no_model") in text
    # --json is unchanged: no disclaimer lines mixed into the document
    assert "disclaimer" not in json.dumps(cli("trace", chain, "--json").json(), ensure_ascii=False)


def test_trace_shows_a_crlf_notes_words_without_its_bom_and_carriage_returns(cli, ws_path, tmp_path):
    """A note saved by a Windows editor (UTF-8 BOM, CRLF) is kept byte for byte; trace showed the
    BOM and each line's trailing \\r with the words. It shows the words; the hash still covers the
    exact bytes (state ok, and a changed \\r is a changed source)."""
    cli("init")
    note = tmp_path / "windows.txt"
    note.write_bytes("\ufeff刚完成一个重要项目\r\n热爱这里，绝不想走\r\n".encode("utf-8"))
    rec = cli("record", "-f", str(note), "--topic", "career", "--at", "2025-11-02", "--json").json()["record"]["file"]
    assert (ws_path / rec).read_bytes().startswith(b"\xef\xbb\xbf")  # kept as given
    r = cli("claim", "add", "刚完成项目，热爱这里", "--topic", "职业去留", "--from", f"{rec}#L1-L2",
            "--at", "2025-11-02", "--json")
    assert r.returncode == 0, r.stderr
    claim_id = r.json()["claim"]["id"]
    doc = cli("trace", claim_id, "--json").json()
    assert doc["state"] == "ok"
    assert doc["raw"]["lines"] == [{"line": 1, "text": "刚完成一个重要项目"}, {"line": 2, "text": "热爱这里，绝不想走"}]
    text = cli("trace", claim_id).stdout
    assert "L1: 刚完成一个重要项目\n" in text and "\r" not in text and "\ufeff" not in text, repr(text)
    # the hash is of the exact bytes: the same words without the \r are a changed source
    (ws_path / rec).write_bytes("\ufeff刚完成一个重要项目\n热爱这里，绝不想走\r\n".encode("utf-8"))
    assert cli("trace", claim_id, "--json").json()["state"] == "source_changed"


def test_trace_through_a_digest_paragraph(cli, story, ws_path):
    (ws_path / "digest" / "职业去留.md").write_text(
        "---\ntopic: 职业去留\n---\n# 职业去留\n\n2025 年 11 月你说热爱这里 [claim-2025-11-02-001]。\n刚做完项目。\n",
        encoding="utf-8")
    doc = cli("trace", "claim-2025-11-02-001", "--json").json()
    assert doc["digest"][0]["ref"] == "digest/职业去留.md#P2"
    assert doc["digest"][0]["lines"] == [6, 7]


def test_changed_source_is_reported_by_trace_and_verify(cli, story, ws_path):
    assert cli("verify").returncode == 0
    path = ws_path / story
    path.write_bytes(path.read_bytes().replace("绝不想走".encode(), "有点想走".encode()))
    r = cli("trace", "claim-2025-11-02-001", "--json")
    assert r.returncode == 1 and r.json()["state"] == "source_changed"
    assert "source changed: re-evaluate" in cli("trace", "claim-2025-11-02-001").stdout
    v = cli("verify", "--json")
    assert v.returncode == 1
    kinds = {(p["kind"], p.get("file")) for p in v.json()["problems"]}
    assert ("raw_changed", story) in kinds
    assert ("claim_source_changed", f"{story}#L2") in kinds
    assert "依据已变更，需重新评估" in cli("verify").stdout


def test_verify_names_missing_and_added_files(cli, story, ws_path):
    other = cli("record", "另一条", "--topic", "health", "--at", "2026-01-01", "--json").json()["record"]["file"]
    (ws_path / other).unlink()
    (ws_path / "raw" / "sneaky.md").write_text("not recorded by MyLife")
    problems = cli("verify", "--json").json()["problems"]
    assert {"kind": "raw_missing", "file": other} in [{k: p[k] for k in ("kind", "file")} for p in problems]
    assert any(p["kind"] == "raw_added" and p["file"] == "raw/sneaky.md" for p in problems)
    assert not any(p["kind"].startswith("claim") for p in problems)


def test_verify_names_a_note_removed_with_its_manifest_line(cli, story, ws_path):
    """QA s22f.3: a note deleted together with its line in ledger/raw.jsonl passed verify ("校验
    通过"): the raw check went by the manifest only, though the hash-chained audit log holds the
    note's ``record`` entry. Now every recorded note must be in the manifest: one gone with its
    line is named as lost (``raw_unlisted``, the audit line that recorded it), one whose line
    alone is gone is named as such (and not as a file MyLife never added)."""
    lost = cli("record", "这条会被连同清单一起删掉", "--topic", "health", "--json").json()["record"]["file"]
    kept = cli("record", "这条只丢了清单那一行", "--topic", "health", "--json").json()["record"]["file"]
    cli("record", "第三条", "--topic", "health")
    assert cli("verify").returncode == 0
    manifest = ws_path / "ledger" / "raw.jsonl"
    lines = manifest.read_bytes().splitlines(keepends=True)
    manifest.write_bytes(b"".join(line for line in lines if lost.encode() not in line and kept.encode() not in line))
    (ws_path / lost).unlink()

    r = cli("verify", "--json")
    assert r.returncode == 1, r.stdout
    problems = [{k: p[k] for k in ("kind", "file")} for p in r.json()["problems"]]
    assert {"kind": "raw_unlisted", "file": lost} in problems, problems
    assert {"kind": "raw_unlisted", "file": kept} in problems, problems
    assert not any(p["kind"] == "raw_added" for p in problems), problems  # MyLife did add it
    audit_line = next(i for i, line in enumerate((ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8")
                                                  .splitlines(), start=1) if f'"target":"{lost}"' in line)
    text = cli("verify").stdout
    assert f"原始文件丢失：{lost}" in text and f"审计日志第 {audit_line} 行" in text, text
    assert f"清单 ledger/raw.jsonl 里没有 {kept}" in text, text

    # the whole manifest deleted: every note is named the same way, none as "not added by MyLife"
    manifest.unlink()
    problems = cli("verify", "--json").json()["problems"]
    assert {p["kind"] for p in problems} == {"raw_unlisted"}, problems
    assert len(problems) == 4, problems  # the story's note, the two above, the third


def test_trace_unknown_claim(cli, story):
    r = cli("trace", "claim-2020-01-01-001")
    assert r.returncode == 3 and "没有找到证据" in r.stderr


def test_status_counts_layers(cli, story):
    cli("claim", "add", "可能更看重稳定", "--topic", "职业去留", "--kind", "inference", "--from", f"{story}#L1")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90", "--at", "2026-01-10")
    doc = cli("status", "--json", env={"MYLIFE_NOW": "2026-06-01"}).json()
    assert doc["layers"]["raw"]["records"] == 1
    assert doc["layers"]["claims"]["total"] == 2
    assert doc["layers"]["claims"]["by_status"] == {"active": 1, "candidate": 1}
    assert doc["candidates"] == 1
    assert [f["name"] for f in doc["stale_fields"]] == ["现有存款"]
    assert doc["recent_changes"][0]["action"] == "profile.set"
    text = cli("status", env={"MYLIFE_NOW": "2026-06-01"}).stdout
    assert "L0 原始记录：1 条" in text and "现有存款" in text and "待你确认的推断：1 条" in text


def test_bad_dates_in_index_yaml_and_a_chain_line_name_file_and_line(cli, ws_path):
    """QA s19b #1: the L4 files, hand-edited, fail as cleanly as claims and profile.yaml."""
    cli("init")
    index = ws_path / "index.yaml"
    index.write_text("chains: []\nbranches:\n- id: br-2026-03-01-01\n  topic: 换工作\n"
                     "  opened_at: 2026-02-30 10:00:00+08:00\n", encoding="utf-8")
    r = cli("status")
    assert r.returncode == 5 and "index.yaml:5: 日期时间 2026-02-30 10:00:00+08:00 不存在" in r.stderr
    assert "内部错误" not in r.stderr
    index.write_text("chains: []\nbranches: []\n", encoding="utf-8")
    shard = ws_path / "index" / "chains" / "2026-03.jsonl"
    shard.parent.mkdir(parents=True, exist_ok=True)
    shard.write_text('{"id":"chain-2026-03-01-001","question":"q","asked_at":"2026-02-30T10:00:00+08:00"}\n',
                     encoding="utf-8")
    r = cli("trace", "chain-2026-03-01-001")
    assert r.returncode == 5 and "2026-03.jsonl:1: asked_at 应为一个存在的日期时间" in r.stderr
    assert "Input should" not in r.stderr


# --------------------------------------------------------------------------- a torn audit line


FRAGMENT = b'{"at":"2026-01-02T00:00:00+00:00","actor":"user","action":"rec'  # a kill mid-append


def _audit_lines(ws_path):
    return (ws_path / "ledger" / "audit.jsonl").read_bytes().split(b"\n")


def test_a_torn_last_audit_line_is_kept_out_and_verify_names_it_as_a_warning(cli, ws_path):
    cli("init")
    cli("record", "第一条", "--topic", "career")
    log = ws_path / "ledger" / "audit.jsonl"
    torn_at = log.read_bytes().count(b"\n") + 1  # the line the fragment is on
    with log.open("ab") as fh:
        fh.write(FRAGMENT)
    assert cli("status", "--json").json()["recent_changes"][0]["action"] == "record"  # readers skip it
    r = cli("verify")
    assert r.returncode == 0, r.stdout + r.stderr  # nothing of the user's is damaged: a warning
    assert "✓ 校验通过" in r.stdout and "1 条提醒（不算校验失败）" in r.stdout
    assert f"ledger/audit.jsonl:{torn_at}: 这一行原来是一条只写了一半的审计记录（{len(FRAGMENT)} 字节，没有换行）" in r.stdout
    assert "进程被中断了" in r.stdout and "不存你的笔记" in r.stdout
    assert "mylife verify --accept ledger/audit.jsonl" in r.stdout
    # the fragment was cut and the repair recorded on its line
    repaired = json.loads(_audit_lines(ws_path)[torn_at - 1])
    assert repaired["action"] == "audit.repair" and repaired["detail"] == {"dropped_bytes": len(FRAGMENT)}
    doc = cli("verify", "--json").json()
    assert doc["ok"] is True and doc["problems"] == []
    assert [(w["kind"], w["file"], w["line"]) for w in doc["warnings"]] == [
        ("audit_torn_tail", "ledger/audit.jsonl", torn_at)]
    en = cli("verify", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 0
    assert f"ledger/audit.jsonl:{torn_at}: this line was an audit entry only half written" in en.stdout
    assert "not your notes" in en.stdout and "只写了一半" not in en.stdout
    cli("verify", "--accept", "ledger/audit.jsonl")  # read and acknowledged: no more note
    after = cli("verify", "--json").json()
    assert after["ok"] is True and after["warnings"] == []


def test_the_next_write_after_a_torn_audit_line_starts_a_line_of_its_own(cli, ws_path):
    cli("init")
    cli("record", "第一条", "--topic", "career")
    log = ws_path / "ledger" / "audit.jsonl"
    torn_at = log.read_bytes().count(b"\n") + 1
    with log.open("ab") as fh:
        fh.write(FRAGMENT)
    second = cli("record", "第二条", "--topic", "career", "--json").json()["record"]["file"]
    lines = _audit_lines(ws_path)
    assert lines[-1] == b""  # ends with a newline
    entries = [json.loads(line) for line in lines[:-1]]  # every line is a whole entry: nothing glued
    assert FRAGMENT not in log.read_bytes()
    assert [(e["action"], e["target"]) for e in entries[torn_at - 1:]] == [
        ("audit.repair", "ledger/audit.jsonl"), ("record", second)]
    assert entries[-1]["detail"]["sha256"] and "recovered" not in entries[-1]["detail"]
    doc = cli("verify", "--json").json()
    assert doc["ok"] is True and doc["raw_checked"] == 2, doc
    assert [(w["kind"], w["line"]) for w in doc["warnings"]] == [("audit_torn_tail", torn_at)]


def test_a_torn_line_not_yet_cut_is_named_with_its_line(ws):
    """A caller that holds the lock runs verify on the log as it is (no recovery ran)."""
    from mylife_core.verify import verify

    log = ws.root / "ledger" / "audit.jsonl"
    with ws.lock():
        torn_at = log.read_bytes().count(b"\n") + 1
        with log.open("ab") as fh:
            fh.write(FRAGMENT)
        report = verify(ws)
    assert report.ok, [p.message for p in report.problems]
    (warning,) = report.warnings
    assert (warning.kind, warning.file, warning.line) == ("audit_torn_tail", "ledger/audit.jsonl", torn_at)
    assert f"ledger/audit.jsonl:{torn_at}: 最后一行是一条只写了一半的审计记录（{len(FRAGMENT)} 字节" in warning.message
    assert "下一次 MyLife 写入会先把它截掉" in warning.message


@pytest.mark.parametrize("how", ["cut", "glued"])
def test_an_audit_line_cut_off_in_the_middle_is_damage(cli, ws_path, how):
    cli("init")
    cli("record", "第一条", "--topic", "career")
    cli("record", "第二条", "--topic", "career")
    cli("record", "第三条", "--topic", "career")
    log = ws_path / "ledger" / "audit.jsonl"
    lines = _audit_lines(ws_path)
    # line 2 cut off mid-entry, other entries after it (glued: the next entry run on into it)
    lines[1] = lines[1][:60] if how == "cut" else lines[1][:60] + lines[2]
    if how == "glued":
        del lines[2]
    log.write_bytes(b"\n".join(lines))
    r = cli("verify")
    assert r.returncode == 1, r.stdout
    assert "ledger/audit.jsonl:2: 这一行是一条只写了一半的审计记录，但它不是进程中断留下的" in r.stdout
    assert "被损坏了" in r.stdout and "只写了一半的审计记录（" not in r.stdout  # damage, not a torn tail
    doc = cli("verify", "--json").json()
    assert doc["ok"] is False and {"kind": "audit_bad_line", "file": "ledger/audit.jsonl", "line": 2} in [
        {k: p.get(k) for k in ("kind", "file", "line")} for p in doc["problems"]]
    assert [w["kind"] for w in doc["warnings"]] == []
    en = cli("verify", env={"MYLIFE_LANG": "en"})
    assert "ledger/audit.jsonl:2: this line is an audit entry only half written, and no interrupted write" in en.stdout


def test_a_bad_audit_line_is_described_in_the_users_language(cli, ws_path):
    cli("init")
    cli("record", "第一条", "--topic", "career")
    cli("record", "第二条", "--topic", "career")
    lines = _audit_lines(ws_path)
    (ws_path / "ledger" / "audit.jsonl").write_bytes(b"\n".join([lines[0], b"", b"[1, 2]", *lines[1:]]))
    r = cli("verify")
    assert r.returncode == 1, r.stdout
    assert "第 2 行不是有效的审计记录（空行）" in r.stdout and "第 3 行不是有效的审计记录（不是 JSON 对象）" in r.stdout
    assert "blank line" not in r.stdout and "JSON object" not in r.stdout
    en = cli("verify", env={"MYLIFE_LANG": "en"})
    assert "line 2 is not a valid entry (a blank line)" in en.stdout, en.stdout


def test_the_terminal_is_shown_a_notes_control_characters_not_made_to_obey_them(cli, ws_path, tmp_path):
    """Found by a tester: a note 「a\\rb\\rc」 was traced as 「c」 (each \\r sent the cursor back), a
    line holding ``\\x1b[31m`` came out red without the user's literal ``[31m``, and U+202E turned
    the rest of a line around. The files and ``--json`` keep the words as they are; the text for
    the terminal shows each control character as its escape."""
    cli("init")
    note = tmp_path / "odd.txt"
    note.write_bytes("a\rb\rc\n\x1b[31mred\x1b[0m\nx\u202ey\n".encode("utf-8"))
    rec = cli("record", "-f", str(note), "--topic", "career", "--at", "2025-11-02", "--json").json()["record"]["file"]
    assert (ws_path / rec).read_bytes() == note.read_bytes()
    r = cli("claim", "add", "三行怪字符", "--topic", "职业去留", "--from", f"{rec}#L1-L3", "--at", "2025-11-02", "--json")
    assert r.returncode == 0, r.stderr
    claim_id = r.json()["claim"]["id"]
    lines = [entry["text"] for entry in cli("trace", claim_id, "--json").json()["raw"]["lines"]]
    assert lines == ["a\rb\rc", "\x1b[31mred\x1b[0m", "x\u202ey"]  # JSON: the words as kept
    text = cli("trace", claim_id).stdout
    assert "L1: a\\rb\\rc" in text and "L2: \\x1b[31mred\\x1b[0m" in text and "L3: x\\u202ey" in text, text
    assert not any(ch in text for ch in "\r\x1b\u202e")


def test_a_tables_columns_stay_in_line_when_a_cell_holds_control_characters(cli):
    """The escape a control character is shown as takes columns on screen (``\\r`` two, not
    zero): a value holding ``a\\rb\\x1b[31m`` pushed the columns after it out of line."""
    import re
    import unicodedata

    def cells(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    cli("init")
    assert cli("profile", "set", "卡", "a\rb\x1b[31m\tc", "--ttl", "30").returncode == 0  # a tab too
    assert cli("profile", "set", "城市", "上海", "--ttl", "30").returncode == 0
    text = cli("profile", "list").stdout
    rows = [line for line in text.splitlines() if line.startswith(("卡", "城市"))]
    assert len(rows) == 2 and "a\\rb\\x1b[31m\\tc" in rows[0] and "\t" not in text, text
    starts = [cells(row[:re.search(r"\d{4}-\d\d-\d\d", row).start()]) for row in rows]
    assert starts[0] == starts[1], text

"""L0: init and record keep the user's bytes exactly, privately, append-only."""

from __future__ import annotations

import hashlib
import json
import os
import stat

import pytest

from mylife_core.storage import jsonl


def manifest(ws_path):
    rows, torn = jsonl.read(ws_path / "ledger" / "raw.jsonl")
    assert not torn
    return rows


def test_init_creates_private_layout(cli, ws_path):
    r = cli("init", "--json")
    assert r.returncode == 0, r.stderr
    assert r.json() == {"ok": True, "workspace": str(ws_path), "created": True, "language": "zh"}
    for name in ("raw", "digest", "claims", "ledger", "sessions", "skills", "backends", "cache"):
        assert stat.S_IMODE((ws_path / name).stat().st_mode) == 0o700, name
    assert stat.S_IMODE(ws_path.stat().st_mode) == 0o700
    assert stat.S_IMODE((ws_path / "config.yaml").stat().st_mode) == 0o600
    assert "cache/" in (ws_path / ".gitignore").read_text()
    again = cli("init", "--json")
    assert again.returncode == 0 and again.json()["created"] is False


def test_init_refuses_a_folder_with_other_files(cli, ws_path):
    ws_path.mkdir()
    (ws_path / "taxes.pdf").write_bytes(b"%PDF")
    r = cli("init")
    assert r.returncode != 0
    assert "不是空文件夹" in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in ws_path.iterdir()) == ["taxes.pdf"]


def test_commands_need_a_workspace(cli, ws_path):
    r = cli("status")
    assert r.returncode == 3
    assert "mylife init" in r.stderr and str(ws_path) in r.stderr


def test_record_keeps_bytes_exactly(cli, ws_path):
    cli("init")
    text = "今天又加班到十一点……老板又改需求了。。。真的受够了受够了\n  第二行有空格   \r\n错别字：在接再励\n"
    r = cli("record", text, "--topic", "career", "--at", "2026-01-15", "--json")
    assert r.returncode == 0, r.stderr
    rec = r.json()["record"]
    assert rec["file"] == "raw/2026-01-15-career.md"
    stored = (ws_path / rec["file"]).read_bytes()
    assert stored == text.encode("utf-8")
    assert rec["sha256"] == hashlib.sha256(stored).hexdigest()
    assert rec["lines"] == 3 and rec["topic"] == "career" and rec["occurred_at"] == "2026-01-15"
    assert stat.S_IMODE((ws_path / rec["file"]).stat().st_mode) == 0o600
    assert manifest(ws_path)[0]["sha256"] == rec["sha256"]


def test_record_from_stdin_and_file_including_invalid_utf8(cli, ws_path, tmp_path):
    cli("init")
    blob = b"\xff\xfe not utf-8 \xe4\xbd\n\xe5\xad\x98\xe6\xac\xbe 120000\n"
    r = cli("record", "-", "--topic", "finance", "--at", "2026-01-20", "--json", input=blob)
    assert r.returncode == 0, r.stderr
    assert (ws_path / r.json()["record"]["file"]).read_bytes() == blob
    notes = tmp_path / "notes.txt"
    notes.write_bytes("房租 4500\n存款大概十二万吧\n".encode())
    r2 = cli("record", "-f", str(notes), "--topic", "finance", "--at", "2026-01-20", "--json")
    assert r2.returncode == 0, r2.stderr
    # same day, same topic: a new file, never an edit of the first
    assert r2.json()["record"]["file"] == "raw/2026-01-20-finance-2.md"
    assert (ws_path / "raw/2026-01-20-finance.md").read_bytes() == blob
    assert (ws_path / "raw/2026-01-20-finance-2.md").read_bytes() == notes.read_bytes()
    # bytes that are not UTF-8 are kept, with a warning that nothing can read them as text
    assert "warnings" in r.json() and "warnings" not in r2.json()
    gbk = tmp_path / "gbk.txt"
    gbk.write_bytes("今天心情不好，想辞职\n".encode("gbk"))
    r3 = cli("record", "-f", str(gbk), "--topic", "finance", "--at", "2026-01-21")
    assert r3.returncode == 0 and "不是 UTF-8" in r3.stderr and "GB18030" in r3.stderr and "iconv" in r3.stderr
    assert (ws_path / "raw/2026-01-21-finance.md").read_bytes() == gbk.read_bytes()
    # any even number of bytes decodes as UTF-16: that guess is made only for what looks like it
    # (a byte-order mark, or NULs between ASCII letters), never for Latin-1 text
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("café au lait, très bon!\n".encode("latin-1"))  # an even length
    r4 = cli("record", "-f", str(latin), "--topic", "finance", "--at", "2026-01-22")
    assert r4.returncode == 0 and "不是 UTF-8" in r4.stderr and "UTF-16" not in r4.stderr, r4.stderr
    wide = tmp_path / "utf16.txt"
    wide.write_bytes("今天心情不好，想辞职\n".encode("utf-16"))
    r5 = cli("record", "-f", str(wide), "--topic", "finance", "--at", "2026-01-22")
    assert r5.returncode == 0 and "UTF-16" in r5.stderr, r5.stderr


def test_record_never_touches_a_file_it_did_not_write(cli, ws_path):
    cli("init")
    foreign = ws_path / "raw" / "2026-02-01-career.md"
    foreign.write_text("I put this here by hand", encoding="utf-8")
    r = cli("record", "新的记录", "--topic", "career", "--at", "2026-02-01", "--json")
    assert r.returncode == 0, r.stderr
    assert r.json()["record"]["file"] == "raw/2026-02-01-career-2.md"
    assert foreign.read_text(encoding="utf-8") == "I put this here by hand"


def test_record_rejects_bad_input_without_writing(cli, ws_path, tmp_path):
    cli("init")
    cases = [
        (("record", "   \n ", "--topic", "career"), "只有空格"),
        (("record", "x", "--topic", "a/b"), "主题"),
        (("record", "x", "--topic", "career", "--at", "2026-13-45"), "不是有效日期"),
        (("record", "--topic", "career"), "缺少要记录的内容"),
        (("record", "x", "-f", str(tmp_path / "missing.txt"), "--topic", "c"), "只给一种输入"),
        (("record", "-f", str(tmp_path / "missing.txt"), "--topic", "c"), "无法读取"),
    ]
    for args, expected in cases:
        r = cli(*args)
        assert r.returncode != 0, args
        assert expected in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.stderr
    assert list((ws_path / "raw").iterdir()) == []
    assert not (ws_path / "ledger" / "raw.jsonl").exists()


def test_a_file_that_cannot_be_read_is_said_in_the_users_language(cli, ws_path, tmp_path):
    """`record -f nonexist.txt` said 「无法读取 nonexist.txt：No such file or directory」: the
    system's English inside the Chinese interface. The kinds of OSError people meet (not found,
    no permission, a folder, a loop of links, a port in use ...) are said in the user's language
    by one helper (errors.os_reason), with what to do; exit 2, nothing recorded."""
    import errno
    import socket

    from mylife_core.errors import UsageError, os_reason
    from mylife_core.messages import set_language
    from mylife_core.web import bind

    cli("init")
    r = cli("record", "-f", "nonexist.txt", "--topic", "career")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "无法读取 nonexist.txt：没有这个文件或文件夹" in r.stderr and "No such file" not in r.stderr, r.stderr
    assert "没有记下任何内容" in r.stderr and "-f -" in r.stderr
    english = cli("record", "-f", "nonexist.txt", "--topic", "career", env={"MYLIFE_LANG": "en"})
    assert "Cannot read nonexist.txt: no such file or folder. Nothing was recorded" in english.stderr, english.stderr
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    looped = cli("record", "-f", str(tmp_path / "a"), "--topic", "career")
    assert looped.returncode == 2 and "符号链接绕成了环" in looped.stderr, looped.stderr
    assert list((ws_path / "raw").iterdir()) == []
    set_language("zh")
    try:
        said = {code: os_reason(OSError(code, os.strerror(code), "x"))
                for code in (errno.EACCES, errno.EISDIR, errno.ENOTDIR, errno.ENOSPC)}
        assert said == {errno.EACCES: "没有权限", errno.EISDIR: "这是一个文件夹，不是文件",
                        errno.ENOTDIR: "路径中有一段是文件，不是文件夹", errno.ENOSPC: "磁盘已满"}
        taken = socket.socket()
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        try:
            with pytest.raises(UsageError) as busy:
                bind("127.0.0.1", taken.getsockname()[1])
        finally:
            taken.close()
        assert "这个地址或端口已被占用" in busy.value.render() and "in use" not in busy.value.render()
    finally:
        set_language(None)


def test_json_error_document(cli):
    cli("init")
    r = cli("record", "", "--topic", "career", "--json")
    assert r.returncode == 2
    doc = r.json()
    assert doc["ok"] is False and doc["error"]["code"] == "bad_input" and doc["error"]["key"] == "empty_record"


def test_audit_log_records_every_write(cli, ws_path):
    cli("init")
    cli("record", "一条记录", "--topic", "career")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    lines = [json.loads(x) for x in (ws_path / "ledger" / "audit.jsonl").read_text().splitlines()]
    assert [e["action"] for e in lines] == ["init", "record", "profile.set"]
    assert all(e["actor"] == "user" and e["at"] for e in lines)


def test_init_creates_every_file_docs_cli_names(cli, ws_path):
    """Issue 15.16: the layout docs/cli.md lists, profile.yaml and index.yaml included, private and
    valid from the start (the layers read them; verify passes)."""
    import re
    from pathlib import Path

    assert cli("init").returncode == 0
    doc = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    section = doc.split("## mylife init", 1)[1].split("## ", 1)[0]
    named = re.findall(r"`([\w.]+/?)`", section.split("Creates the layout", 1)[1].split(")", 1)[0])
    assert {"raw/", "profile.yaml", "index.yaml", "config.yaml", ".gitignore"} <= set(named)
    for name in named:
        path = ws_path / name.rstrip("/")
        assert path.is_dir() if name.endswith("/") else path.is_file(), name
        assert stat.S_IMODE(path.stat().st_mode) == (0o700 if name.endswith("/") else 0o600), name
    assert "fields: {}" in (ws_path / "profile.yaml").read_text(encoding="utf-8")
    assert cli("profile", "list", "--json").json()["count"] == 0
    assert cli("status", "--json").json()["layers"]["index"]["chains"] == 0
    assert cli("verify").returncode == 0


# ------------------------------------------------------------------------------- --at: no empty, no future

NOW = {"MYLIFE_NOW": "2026-03-10T09:00"}


def test_record_at_refuses_an_empty_value_and_a_date_after_today_writing_nothing(cli, ws_path):
    cli("init")
    cases = [
        (("--at", ""), "--at 的值是空的"),
        (("--at", "  "), "--at 的值是空的"),
        (("--at", "2030-01-01"), "--at 的值「2030-01-01」在今天（2026-03-10）之后"),
        (("--at", "2026-03-11"), "在今天（2026-03-10）之后"),
        (("--at", "2026-03-11T08:00"), "在今天（2026-03-10）之后"),
        (("--at", "2026-04"), "--at 的值「2026-04」在今天（2026-03-10）之后"),  # the whole month is to come
        # today, but later than now: refused the same way (it was accepted)
        (("--at", "2026-03-10 23:59"), "--at 的值「2026-03-10 23:59」晚于现在（2026-03-10 09:00）"),
        (("--at", "2026-03-10T09:01"), "晚于现在（2026-03-10 09:00）"),
    ]
    for extra, expected in cases:
        r = cli("record", "还没发生的事", "--topic", "t", *extra, env=NOW)
        assert r.returncode == 2, (extra, r.stdout, r.stderr)
        assert expected in r.stderr and "去掉 --at" in r.stderr, r.stderr  # what to do instead
        assert "Traceback" not in r.stderr
    assert list((ws_path / "raw").iterdir()) == []
    assert not (ws_path / "ledger" / "raw.jsonl").exists()
    en = cli("record", "x", "--topic", "t", "--at", "2030-01-01", env={**NOW, "MYLIFE_LANG": "en"})
    assert en.returncode == 2 and "is after today (2026-03-10)" in en.stderr
    en = cli("record", "x", "--topic", "t", "--at", "2026-03-10T23:30", env={**NOW, "MYLIFE_LANG": "en"})
    assert en.returncode == 2 and "is later than now (2026-03-10 09:00)" in en.stderr
    # today (its day alone, an earlier hour, now itself) and the current month are not the future;
    # nor a later hour when the clock knows the day only (MYLIFE_NOW=2026-03-10)
    for at, file, env in [("2026-03-10", "raw/2026-03-10-t.md", NOW),
                          ("2026-03-10T08:30", "raw/2026-03-10-t-2.md", NOW),
                          ("2026-03-10T09:00", "raw/2026-03-10-t-3.md", NOW),
                          ("2026-03-10T23:30", "raw/2026-03-10-t-4.md", {"MYLIFE_NOW": "2026-03-10"}),
                          ("2026-03", "raw/2026-03-t.md", NOW)]:
        r = cli("record", "今天的事", "--topic", "t", "--at", at, "--json", env=env)
        assert r.returncode == 0, (at, r.stderr)
        assert r.json()["record"]["file"] == file


def test_a_bad_at_lists_the_forms_it_takes(cli):
    cli("init")
    r = cli("record", "x", "--topic", "t", "--at", "2025-3")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "「2025-3」不是有效日期" in r.stderr
    assert "2026-01-15（某一天）" in r.stderr and "2025-03（只记得月份）" in r.stderr
    assert "2025-03" in cli("record", "--help").stdout


def test_a_bad_topic_says_both_limits_of_a_topics_length(cli):
    """A topic is limited to 80 characters and 200 UTF-8 bytes (topic_too_long); bad_topic's text
    said only "at most 80 characters", which 70 Chinese characters (210 bytes) meet and are still
    refused."""
    cli("init")
    r = cli("record", "x", "--topic", "a#b", "--json")
    assert r.returncode == 2 and r.json()["error"]["key"] == "bad_topic"
    message = r.json()["error"]["message"]
    assert "80 个字符" in message and "200 字节" in message and "66 个汉字" in message, message
    en = cli("record", "x", "--topic", "a#b", env={"MYLIFE_LANG": "en"})
    assert "80 characters" in en.stderr and "200 bytes" in en.stderr, en.stderr


def test_a_topic_too_long_for_a_file_name_is_refused_before_anything_is_written(cli, ws_path):
    """A topic names files (raw/<date>-<topic>-N.md, digest/<topic>.ai.md and their temp files):
    80 Chinese characters are 240 bytes, and the second note of the day on such a topic (…-2.md)
    crossed the 255-byte limit of a file name: an internal error, the note not saved. A topic whose
    names cannot fit is refused up front, saying why; one that fits takes many notes a day."""
    cli("init")
    manifest = ws_path / "ledger" / "raw.jsonl"
    for topic in ("职" * 80, "😀" * 60):
        before = manifest.read_bytes() if manifest.exists() else b""
        r = cli("record", "今天加班到十点", "--topic", topic, "--json")
        assert r.returncode == 2, r.stdout
        assert r.json()["error"]["key"] == "topic_too_long" and "Traceback" not in r.stderr
        assert (manifest.read_bytes() if manifest.exists() else b"") == before
        assert list((ws_path / "raw").iterdir()) == []
    topic = "职" * 60
    files = [cli("record", f"第{i}条", "--topic", topic, "--json").json()["record"]["file"] for i in range(3)]
    assert files[2].endswith("-3.md")
    assert cli("verify").returncode == 0


def test_a_file_name_given_as_the_text_is_refused_pointing_to_f(cli, ws_path, tmp_path):
    """`mylife record notes.txt --topic 职业` stored the eight characters "notes.txt" in L0, for
    good (raw notes are never deleted), while the user believed the file was recorded. A text that
    is the name of an existing file is refused, saying how to record the file (-f) or, if really
    meant, the name itself (from stdin); nothing is written."""
    cli("init")
    notes = tmp_path / "notes.txt"
    notes.write_text("今天加班到十点\n", encoding="utf-8")
    r = cli("record", str(notes), "--topic", "职业", "--json")
    assert r.returncode == 2, r.stdout
    error = r.json()["error"]
    assert error["key"] == "record_text_is_a_file" and f"-f {notes}" in error["message"], error
    assert list((ws_path / "raw").iterdir()) == [] and not (ws_path / "ledger" / "raw.jsonl").exists()
    assert cli("record", "-f", str(notes), "--topic", "职业").returncode == 0
    assert cli("record", "-", "--topic", "职业", input=str(notes)).returncode == 0
    assert cli("record", "notes.txt 这个文件我找不到了", "--topic", "职业").returncode == 0  # a sentence is a sentence


def test_the_english_receipt_reads_right_for_one_line(cli):
    # the first line of the English tour said "Saved verbatim to raw/... (1 lines, 55 bytes, ..."
    cli("init", "--language", "en")
    r = cli("record", "Worked till eleven again", "--topic", "career", "--at", "2026-01-15", env={"MYLIFE_LANG": "en"})
    assert r.returncode == 0, r.stderr
    assert "Saved verbatim to raw/2026-01-15-career.md (lines: 1, bytes: 24, sha256 " in r.stdout
    assert "1 lines" not in r.stdout


def test_blank_input_is_refused_as_blank_not_empty(cli, ws_path):
    """Found by a tester: text of spaces and line breaks only was refused as 「输入为空」, which it
    is not. Nothing is recorded either way; the message says which it was."""
    cli("init")
    for text, key in (("", "empty_record"), ("  \n\t\n", "s29small.empty_record_blank"),
                      ("\u3000\u3000", "s29small.empty_record_blank"), ("\u200b\n", "s29small.empty_record_blank")):
        r = cli("record", text, "--topic", "career", "--json")
        assert r.returncode == 2 and r.json()["error"]["key"] == key, r.stdout
    r = cli("record", " \n ", "--topic", "career")
    assert r.returncode == 2 and "只有空格" in r.stderr and "输入为空" not in r.stderr
    # a claim's words (which `claim add` records as the user's line) are held to the same test:
    # 「\u3000\u200b」 was recorded as a line holding one zero-width space
    for text in ("   ", "\u3000\u200b", "\t\u2060", "\u180e", "\u200e"):
        r = cli("claim", "add", text, "--topic", "career", "--json")
        assert r.returncode == 2 and r.json()["error"]["key"] == "s30small.empty_claim_blank", r.stdout
    r = cli("claim", "add", " ", "--topic", "career")
    assert r.returncode == 2 and "只有空格" in r.stderr
    assert not list((ws_path / "raw").glob("*.md"))

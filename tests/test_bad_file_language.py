"""A file MyLife cannot read is named by file and line, and what is wrong is said in the user's
language (Chinese by default, English with MYLIFE_LANG=en), with what to do: the real CLI on real
files in a temporary workspace."""

from __future__ import annotations

import pytest

from mylife_core.errors import DataFileError
from mylife_core.external import envfile

EN = {"MYLIFE_LANG": "en"}
GBK = "改变".encode("gbk")  # bytes an editor saving in GBK/GB18030 writes: not UTF-8


def clean(r) -> None:
    assert "Traceback" not in r.stderr and "内部错误" not in r.stderr and "internal error" not in r.stderr.lower()


@pytest.fixture
def recorded(cli, ws_path):
    cli("init")
    r = cli("record", "我想换工作，工资太低", "--topic", "职业去留")
    assert r.returncode == 0, r.stderr
    return ws_path


def test_a_synonyms_line_with_one_word(cli, recorded):
    path = recorded / "synonyms.txt"
    path.write_text("# 我的同义词\n换工作 跳槽\n离职\n", encoding="utf-8")
    r = cli("recall", "换工作")
    assert r.returncode == 5 and f"{path}:3: 这一行不到两个词：每行要列出至少两个意思相同的词" in r.stderr
    assert "该文件不会被改写" in r.stderr
    clean(r)
    en = cli("recall", "换工作", env=EN)
    assert en.returncode == 5 and f"{path}:3: a line lists at least two words that mean the same" in en.stderr
    assert "这一行" not in en.stderr
    clean(en)
    assert path.read_text(encoding="utf-8") == "# 我的同义词\n换工作 跳槽\n离职\n"  # never rewritten


def test_a_synonyms_file_not_in_utf8_names_the_line_after_a_bom(cli, recorded):
    path = recorded / "synonyms.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "换工作 跳槽\n好 坏\n".encode() + GBK + b" x\n")
    r = cli("recall", "换工作")
    assert r.returncode == 5 and f"{path}:3: 这个文件不是 UTF-8 编码的文本" in r.stderr
    assert "请用编辑器把它另存为 UTF-8 后重试" in r.stderr
    clean(r)
    en = cli("recall", "换工作", env=EN)
    assert en.returncode == 5 and f"{path}:3: not UTF-8 text" in en.stderr and "Save the file as UTF-8" in en.stderr
    clean(en)


def test_a_dictionary_not_in_utf8_or_with_a_bad_frequency(cli, recorded):
    path = recorded / "dict.txt"
    path.write_bytes("数字游民 5 n\n".encode() + GBK + b"\n")
    r = cli("recall", "换工作")
    assert r.returncode == 5 and f"{path}:2: 这个文件不是 UTF-8 编码的文本" in r.stderr
    clean(r)
    path.write_text("数字游民 5 n\n职场内耗 很多 n\n", encoding="utf-8")
    r = cli("recall", "换工作")
    assert r.returncode == 5 and f"{path}:2: 词频必须是整数，这一行写的是 '很多'" in r.stderr
    clean(r)
    en = cli("recall", "换工作", env=EN)
    assert en.returncode == 5 and f"{path}:2: frequency must be a whole number, got '很多'" in en.stderr
    path.write_text("数字游民 5 n x\n", encoding="utf-8")
    r = cli("recall", "换工作")
    assert r.returncode == 5 and f"{path}:1: 每行应为 `词语 [词频] [词性]`" in r.stderr
    clean(r)


def test_verify_names_a_bad_word_list_that_stops_every_search(cli, recorded):
    """A dict.txt or synonyms.txt that recall and ask refuse (exit 5) passed ``verify`` clean:
    verify now parses both (no segmenter loaded) and names the file and line, or the folder in
    the file's place; nothing is rewritten."""
    dictionary, synonyms = recorded / "dict.txt", recorded / "synonyms.txt"
    dictionary.write_text("数字游民 5 n\n职场内耗 很多 n\n", encoding="utf-8")
    synonyms.mkdir()
    r = cli("verify", "--json")
    assert r.returncode == 1, r.stdout
    bad = {p["file"]: p for p in r.json()["problems"] if p["kind"] == "bad_file"}
    assert bad[str(dictionary)]["line"] == 2 and "词频必须是整数" in bad[str(dictionary)]["message"]
    assert "这里应是一个普通文件，却是一个文件夹" in bad[str(synonyms)]["message"]
    synonyms.rmdir()
    synonyms.write_text("换工作 跳槽\n离职\n", encoding="utf-8")
    dictionary.unlink()
    r = cli("verify")
    assert r.returncode == 1 and f"{synonyms}:2: 这一行不到两个词" in r.stdout
    clean(r)
    assert synonyms.read_text(encoding="utf-8") == "换工作 跳槽\n离职\n"
    synonyms.write_text("换工作 跳槽\n", encoding="utf-8")
    assert cli("verify").returncode == 0


def test_a_torn_line_in_the_middle_of_a_chain_file(cli, ws_path):
    cli("init")
    shard = ws_path / "index" / "chains" / "2026-03.jsonl"
    shard.parent.mkdir(parents=True, exist_ok=True)
    whole = '{"id":"chain-2026-03-01-002","question":"q","asked_at":"2026-03-01T10:00:00+08:00"}\n'
    shard.write_text('{"id":"chain-2026-03-01-001","question":"q","asked_at":"2026-03-\n' + whole, encoding="utf-8")
    r = cli("trace", "chain-2026-03-01-001")
    assert r.returncode == 5 and "2026-03.jsonl:1: 这一行不是一条完整的 JSON 记录（解析器原文：" in r.stderr
    clean(r)
    en = cli("trace", "chain-2026-03-01-001", env=EN)
    assert en.returncode == 5 and "2026-03.jsonl:1: not a JSON line: " in en.stderr
    clean(en)
    v = cli("verify")
    assert v.returncode != 0 and "2026-03.jsonl:1: 这一行不是一条完整的 JSON 记录" in v.stdout + v.stderr
    clean(v)


def test_a_cut_or_wrong_line_in_the_raw_manifest(cli, recorded):
    manifest = recorded / "ledger" / "raw.jsonl"
    good = manifest.read_bytes()
    manifest.write_bytes(good + b'{"file": "raw/x.md", "sha256": \n')
    r = cli("recall", "换工作")
    assert r.returncode == 5 and "ledger/raw.jsonl:2: 这一行不是一条完整的 JSON 记录（解析器原文：Invalid JSON" in r.stderr
    assert "validation error for" not in r.stderr and "errors.pydantic.dev" not in r.stderr
    clean(r)
    manifest.write_bytes(good + b'{"file": "raw/x.md", "sha256": 5}\n')
    r = cli("recall", "换工作")
    assert r.returncode == 5 and "ledger/raw.jsonl:2: 原文登记簿的这一条记录读不出来：sha256 应为文本，文件里写的是 5" in r.stderr
    clean(r)
    en = cli("recall", "换工作", env=EN)
    assert en.returncode == 5 and "ledger/raw.jsonl:2: bad manifest entry: sha256" in en.stderr
    clean(en)


def test_yaml_limits_and_a_folder_where_a_file_belongs(cli, ws_path):
    cli("init")
    profile = ws_path / "profile.yaml"
    bomb = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    bomb += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 8)]
    profile.write_text("\n".join(bomb) + "\n", encoding="utf-8")
    r = cli("profile", "list")
    assert r.returncode == 5 and "profile.yaml:6: YAML 别名（*名字）展开后超过 200,000 个值" in r.stderr
    assert "请去掉 & 锚点和 * 别名" in r.stderr
    clean(r)
    en = cli("profile", "list", env=EN)
    assert en.returncode == 5 and "profile.yaml:6: YAML aliases expand to more than 200,000 values" in en.stderr
    profile.write_text("fields:\n  卡号: " + "9" * 5000 + "\n", encoding="utf-8")
    r = cli("profile", "list")
    assert r.returncode == 5 and "profile.yaml:2: YAML：这个值读不出来（" in r.stderr and "请加上引号" in r.stderr
    clean(r)
    profile.unlink()
    profile.mkdir()
    r = cli("profile", "list")
    assert r.returncode == 5 and "profile.yaml:?: 这里应是一个普通文件，却是一个文件夹或设备" in r.stderr
    clean(r)
    en = cli("profile", "list", env=EN)
    assert en.returncode == 5 and "profile.yaml:?: not a regular file" in en.stderr


def test_a_control_character_in_a_yaml_file_is_named_with_its_line(cli, recorded):
    """NUL or ESC in a hand-edited YAML file (PyYAML says only "position N", in bytes with libyaml):
    the file, the line, the column and which character, in the user's language."""
    cli("profile", "set", "房租", "4500", "--yes")
    profile = recorded / "profile.yaml"
    text = profile.read_text(encoding="utf-8")
    line = next(n for n, ln in enumerate(text.split("\n"), 1) if ln.lstrip().startswith("ttl_reason:"))
    column = text.split("\n")[line - 1].index("ttl_reason: ") + len("ttl_reason: ") + 1
    profile.write_text(text.replace("ttl_reason: ", "ttl_reason: \x1b", 1), encoding="utf-8")
    r = cli("profile", "list")
    assert r.returncode == 5
    assert f"profile.yaml:{line}: 这一行第 {column} 个字符是不可见的控制字符 U+001B ESC" in r.stderr, r.stderr
    assert "position" not in r.stderr and "该文件不会被改写" in r.stderr
    clean(r)
    en = cli("profile", "list", env=EN)
    assert f"profile.yaml:{line}: character {column} of this line is the invisible control character U+001B ESC" \
        in en.stderr, en.stderr
    raw = next((recorded / "raw").glob("*.md")).name
    assert cli("claim", "add", "我想换工作", "--topic", "职业去留", "--kind", "assessment",
               "--from", f"raw/{raw}#L1").returncode == 0
    claims = next((recorded / "claims").glob("*.yaml"))
    lines = claims.read_text(encoding="utf-8").split("\n")
    at = next(n for n, ln in enumerate(lines) if ln.lstrip().startswith("claim:"))
    lines[at] += "\x00"
    claims.write_text("\n".join(lines), encoding="utf-8")
    r = cli("claim", "list")
    assert r.returncode == 5 and f"{claims.name}:{at + 1}: 这一行第 {len(lines[at])} 个字符是不可见的控制字符 U+0000 NUL" \
        in r.stderr, r.stderr
    clean(r)
    config = recorded / "config.yaml"
    config.write_text("# 我的设置\nlanguage: zh\x07\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
    r = cli("status")
    assert r.returncode == 5 and "config.yaml:2: 这一行第 13 个字符是不可见的控制字符 U+0007 BEL" in r.stderr, r.stderr
    clean(r)


def test_a_skill_file_without_front_matter_is_listed_with_file_and_line(cli, ws_path):
    cli("init")
    bad = ws_path / "skills" / "笔记.md"
    bad.write_text("# 我的规则\n先睡一觉再决定\n", encoding="utf-8")
    r = cli("skills")
    assert r.returncode == 5, r.stderr  # listed, and the exit code says a file could not be read
    out = r.stdout + r.stderr
    assert f"{bad}:1: 缺少开头的元数据（front matter）：文件第一行必须是 ---，接着写 name: 和 description:" in out
    clean(r)
    en = cli("skills", env=EN)
    assert f"{bad}:1: no front matter: the file must start with a '---' line" in en.stdout + en.stderr
    bad.write_text("---\nname: 笔记\ndescription: \n---\n正文\n", encoding="utf-8")
    r = cli("skills")
    assert f"{bad}:3: 开头的元数据（front matter）缺少 description，或它是空的" in r.stdout + r.stderr


def test_a_backends_config_env(tmp_path):
    path = tmp_path / "config.env"
    path.write_bytes(b"# settings\nMODEL=small\nNOTE=" + GBK + b"\n")
    with pytest.raises(DataFileError) as err:
        envfile.parse(path)
    assert err.value.line == 3 and "不是 UTF-8 编码的文本" in err.value.problem
    path.write_text("MODEL=small\nKEY='abc\n", encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        envfile.parse(path)
    assert err.value.line == 2 and err.value.problem.startswith("KEY 的值少了结尾的引号")
    path.write_text("MODEL=small\n1KEY=abc\n", encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        envfile.parse(path)
    assert err.value.line == 2 and "每行应为 KEY=VALUE" in err.value.render()


def test_a_key_written_twice_in_a_yaml_file_is_named_not_silently_dropped(cli, recorded):
    """YAML keeps only the last of two equal keys: a field added by hand under a name the profile
    already has (or a claim with two ``status:`` lines) lost one value unseen, and the next write
    rewrote the file without it. Both lines are named; the file is left as it is."""
    cli("profile", "set", "房租", "4500", "--ttl", "365")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    profile = recorded / "profile.yaml"
    text = profile.read_text(encoding="utf-8")
    lines = text.split("\n")
    first = next(n for n, ln in enumerate(lines, 1) if ln == "  房租:")
    added = "  房租:\n    value: 5000\n    source: user_filled\n    updated_at: 2026-01-01 00:00:00+00:00\n"
    profile.write_text(text.rstrip("\n") + "\n" + added, encoding="utf-8")
    second = len(text.rstrip("\n").split("\n")) + 1
    before = profile.read_bytes()
    for args in (["profile", "list"], ["profile", "set", "现有存款", "130000"]):
        r = cli(*args)
        assert r.returncode == 5, (args, r.stdout, r.stderr)
        assert f"profile.yaml:{second}: " in r.stderr and "房租" in r.stderr and f"第 {first} 行" in r.stderr, r.stderr
        clean(r)
        assert profile.read_bytes() == before
    en = cli("profile", "list", env=EN)
    assert f"profile.yaml:{second}: " in en.stderr and f"line {first}" in en.stderr, en.stderr
    profile.write_text(text, encoding="utf-8")
    raw = next((recorded / "raw").glob("*.md")).name
    assert cli("claim", "add", "我想换工作", "--topic", "职业去留", "--from", f"raw/{raw}#L1").returncode == 0
    claims = next((recorded / "claims").glob("*.yaml"))
    lines = claims.read_text(encoding="utf-8").split("\n")
    at = next(n for n, ln in enumerate(lines) if ln.lstrip().startswith("status:"))
    lines.insert(at + 1, "  status: rejected")
    claims.write_text("\n".join(lines), encoding="utf-8")
    r = cli("claim", "list")
    assert r.returncode == 5 and f"{claims.name}:{at + 2}: " in r.stderr and "status" in r.stderr, r.stderr
    clean(r)


def _tree(root) -> dict[str, bytes | None]:
    """Every file and folder of the workspace outside ``cache/`` (folders as None)."""
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*")) if p.relative_to(root).parts[0] != "cache"}


@pytest.mark.parametrize("where, kind", [("ledger/audit.jsonl", "folder"), ("ledger/raw.jsonl", "folder"),
                                         ("ledger", "file"), ("index/chains", "file")])
def test_a_folder_where_a_log_belongs_or_a_file_where_its_folder_belongs(cli, recorded, where, kind):
    """The logs are opened in many places (the recovery every lock runs, status's recent changes,
    verify's walk, the chain files): a folder in a log's place, or a file in its folder's place,
    was an internal error (exit 70) in each. Now every command that reads it names the path,
    exits 5, writes nothing (``errors.misplaced``, in the one mapping every boundary uses)."""
    asked = cli("ask", "我该不该换工作？", "--offline", "--accept-stale", "--accept-missing")
    assert asked.returncode == 0, asked.stderr
    path = recorded / where
    if path.is_dir():
        import shutil

        shutil.rmtree(path)
        path.write_text("x\n", encoding="utf-8")
    else:
        path.unlink()
        path.mkdir()
    before = _tree(recorded)
    said = "这里应是一个普通文件，却是一个文件夹或设备" if kind == "folder" else "这里应是一个文件夹，却是一个文件"
    commands = [["status"], ["verify"], ["ask", "我该不该换工作？", "--offline", "--accept-stale", "--accept-missing"]]
    if where.startswith("ledger"):  # every write's recovery reads both logs (a record never reads a chain)
        commands.append(["record", "又加班了", "--topic", "职业去留"])
    for args in commands:
        r = cli(*args)
        # verify lists it among its findings (exit 1) once past the lock, whose recovery reads the logs
        assert r.returncode == (1 if args == ["verify"] and where == "index/chains" else 5), (args, r.stderr)
        assert f"{where}:?: {said}" in r.stdout + r.stderr, (args, r.stdout, r.stderr)
        clean(r)
    r = cli("status", "--json", env=EN)
    assert r.returncode == 5 and r.json()["error"]["code"] == "bad_file"
    assert r.json()["error"]["params"]["path"] == str(path)
    assert _tree(recorded) == before


def test_a_folder_in_the_audit_head_s_place_refuses_a_write_before_it_is_saved(cli, recorded):
    """Every write moves ``ledger/audit.head`` last: with a folder there, ``record`` saved the note
    and its audit entry, then failed (an internal error), and the user, told it had failed,
    recorded it again. Now the write is refused before anything is written, naming the path."""
    head = recorded / "ledger" / "audit.head"
    head.unlink()
    head.mkdir()
    before = _tree(recorded)
    for args in (["record", "又加班了", "--topic", "职业去留"], ["profile", "set", "房租", "4500", "--yes"],
                 ["verify"]):
        r = cli(*args)
        assert r.returncode == 5, (args, r.stdout, r.stderr)
        assert "ledger/audit.head:?: 这里应是一个普通文件，却是一个文件夹或设备" in r.stderr, (args, r.stderr)
        clean(r)
    assert _tree(recorded) == before
    assert not any((recorded / "cache" / "staging").iterdir())  # the staged note was let go


def test_a_broken_symbolic_link_where_a_claims_month_belongs(cli, recorded, tmp_path):
    """A month file replaced by a link to a file that is gone (a synced folder unmounted, a backup
    moved): every command that reads the claims was an internal error (``FileNotFoundError`` from
    the index's scan of ``claims/``). Now each names the link and where it points, exits 5 and
    writes nothing."""
    added = cli("claim", "add", "想换工作", "--topic", "职业去留", "--kind", "assessment")
    assert added.returncode == 0, added.stderr
    month = next((recorded / "claims").glob("*.yaml"))
    month.unlink()
    month.symlink_to(tmp_path / "gone" / month.name)
    before = _tree(recorded)
    for args in (["status"], ["claim", "list"], ["verify"],
                 ["claim", "add", "还是想换", "--topic", "职业去留", "--kind", "assessment"]):
        r = cli(*args)
        assert r.returncode == (1 if args == ["verify"] else 5), (args, r.stdout, r.stderr)  # verify: a finding
        assert f"claims/{month.name}:?: 这是一个符号链接，它指向的 {tmp_path / 'gone' / month.name} 不存在" \
            in r.stdout + r.stderr
        clean(r)
    en = cli("claim", "list", env=EN)
    assert en.returncode == 5 and "which does not exist (a broken link)" in en.stderr
    assert _tree(recorded) == before


@pytest.mark.parametrize("where", ["sessions", "digest", "claims", "skills"])
def test_a_file_where_a_layer_folder_belongs_is_named_by_verify(cli, recorded, where):
    """s24c.2: a regular file where ``sessions/`` (or ``digest/``, ``claims/``) belongs passed
    ``verify``: the readers that find no folder find nothing in it. verify now names it as the
    other misplaced paths are named (``bad_file``, what stands there, exit 1), writing nothing."""
    folder = recorded / where
    for child in folder.iterdir():
        child.unlink()
    folder.rmdir()
    folder.write_text("not a folder\n", encoding="utf-8")
    before = _tree(recorded)
    r = cli("verify", "--json")
    assert r.returncode == 1, r.stdout
    found = [p for p in r.json()["problems"] if p["kind"] == "bad_file"]
    assert [p["file"] for p in found] == [str(folder)], r.json()["problems"]
    text = cli("verify")
    assert f"{where}:?: 这里应是一个文件夹，却是一个文件" in text.stdout, text.stdout
    clean(text)
    assert _tree(recorded) == before


@pytest.mark.parametrize("where, args", [
    ("profile.yaml", ["profile", "set", "城市", "北京", "--yes"]),
    ("ledger/raw.jsonl", ["record", "又加班了", "--topic", "职业去留"]),
    ("claims", ["claim", "add", "还是想换", "--topic", "职业去留", "--kind", "assessment"]),
])
def test_a_link_leading_outside_the_workspace_is_never_written_through(cli, recorded, tmp_path, where, args):
    """s24c.1: a layer file (or folder) replaced by a symbolic link to one outside the workspace:
    an append went through it (the manifest outside changed), a replace put a file in place of
    the user's link, a file in a linked folder landed outside; ``verify`` passed. Now the write
    is refused naming the link and where it leads (exit 5, nothing written anywhere), and verify
    names the link (exit 1)."""
    import shutil

    outside = tmp_path / "elsewhere" / where.replace("/", "_")
    outside.parent.mkdir()
    path = recorded / where
    (shutil.copytree if path.is_dir() else shutil.copy2)(path, outside)
    shutil.rmtree(path) if path.is_dir() else path.unlink()
    path.symlink_to(outside)
    before, outside_before = _tree(recorded), _tree(tmp_path / "elsewhere")
    r = cli(*args)
    assert r.returncode == 5, (r.stdout, r.stderr)
    assert f"{where}:?: 这是一个符号链接，指向工作区之外的 {outside}" in r.stderr, r.stderr
    clean(r)
    assert _tree(recorded) == before and path.is_symlink()
    assert _tree(tmp_path / "elsewhere") == outside_before
    v = cli("verify", "--json", env=EN)
    assert v.returncode == 1, v.stdout
    found = [p for p in v.json()["problems"] if p["kind"] == "bad_file"]
    assert [p["file"] for p in found] == [str(path)], v.json()["problems"]
    assert f"a symbolic link to {outside}, outside the workspace" in found[0]["message"]


def test_a_link_that_stays_inside_the_workspace_keeps_working(cli, recorded):
    """Links inside the workspace are no concern of s24c.1's check: a month of claims linked to a
    copy kept elsewhere in the workspace is read and written as before, and verify passes."""
    assert cli("claim", "add", "想换工作", "--topic", "职业去留", "--kind", "assessment").returncode == 0
    month = next((recorded / "claims").glob("*.yaml"))
    kept = recorded / "claims" / "kept"
    kept.mkdir()
    (kept / month.name).write_bytes(month.read_bytes())
    month.unlink()
    month.symlink_to(kept / month.name)
    assert cli("verify", "--json").json()["ok"]
    r = cli("claim", "add", "还是想换", "--topic", "职业去留", "--kind", "assessment")
    assert r.returncode == 0, r.stderr
    assert len(cli("claim", "list", "--json").json()["claims"]) == 2
    # a skill of the user's own linked from elsewhere: MyLife never writes skills/, verify leaves it
    (recorded / "skills" / "mine.md").symlink_to(recorded.parent / "dotfiles-skill.md")
    (recorded.parent / "dotfiles-skill.md").write_text("---\nname: mine\n---\n正文\n", encoding="utf-8")
    assert cli("verify", "--json").json()["ok"]


def test_an_audit_head_linked_outside_the_workspace_is_refused_when_the_lock_is_taken(cli, recorded, tmp_path):
    """s24c.1: every write moves ``ledger/audit.head`` in place (no rename), so a head linked to a
    file outside the workspace was written through by every command. The lock now refuses, as it
    refuses a folder there, before anything is written."""
    head = recorded / "ledger" / "audit.head"
    outside = tmp_path / "elsewhere.head"
    outside.write_bytes(head.read_bytes())
    head.unlink()
    head.symlink_to(outside)
    before, kept = _tree(recorded), outside.read_bytes()
    r = cli("record", "又加班了", "--topic", "职业去留")
    assert r.returncode == 5, (r.stdout, r.stderr)
    assert f"ledger/audit.head:?: 这是一个符号链接，指向工作区之外的 {outside}" in r.stderr
    clean(r)
    assert _tree(recorded) == before and outside.read_bytes() == kept

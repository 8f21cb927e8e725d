"""Git history on a real workspace with real git: enabling, committing every write, what is
never committed, what happens when git fails, and verify's second witness of L0."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest

from mylife_core.history import autocommit
from mylife_core.history import repo as history_repo
from mylife_core.history import settings as history_settings
from mylife_core.history.gitcmd import git_executable
from mylife_core.storage import jsonl
from mylife_core.testing import run_cli, settle_history

pytestmark = pytest.mark.skipif(git_executable() is None, reason="git is not installed")


def git(ws: Path, *args: str, check: bool = True) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid", "LC_ALL": "C"}
    proc = subprocess.run(["git", "-C", str(ws), *args], capture_output=True, text=True, env=env)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc.stdout


def tracked(ws: Path) -> set[str]:
    return set(git(ws, "ls-files").splitlines())


def subjects(ws: Path) -> list[str]:
    return git(ws, "log", "--format=%s").splitlines()


def settle(ws: Path) -> None:
    """Commits are made by a detached committer after each command: wait for it."""
    if (ws / ".git").exists():
        settle_history(ws)


@pytest.fixture
def cli(cli, ws_path):
    """The real CLI, then wait until the committer it started is done."""
    def run(*args, **kwargs):
        result = cli(*args, **kwargs)
        settle(ws_path)
        return result

    return run


@pytest.fixture
def enabled(cli, ws_path):
    assert cli("init").returncode == 0
    assert cli("record", "今天又加班到十一点，老板又改需求", "--topic", "career", "--at", "2026-01-15").returncode == 0
    r = cli("git", "enable", "--json")
    assert r.returncode == 0, r.stderr
    return r.json()


# --------------------------------------------------------------------------- enabling


def test_enable_commits_the_current_state_and_never_the_cache(enabled, ws_path, cli):
    assert enabled["created"] is True and enabled["commit"] and enabled["hook"] == "installed"
    assert enabled["track"] == "all" and "profile" in enabled["kept_layers"]
    files = tracked(ws_path)
    assert {"raw/2026-01-15-career.md", "ledger/raw.jsonl", "config.yaml", ".gitignore"} <= files
    assert (ws_path / "cache").is_dir() and not any(f.startswith("cache/") for f in files)
    assert "/cache/" in (ws_path / ".gitignore").read_text()
    assert git(ws_path, "status", "--porcelain") == ""
    assert (os.stat(ws_path / ".git").st_mode & 0o077) == 0
    cfg = (ws_path / "config.yaml").read_text()
    assert "enabled: true" in cfg
    # enabling again changes nothing it does not need to
    again = cli("git", "enable", "--json").json()
    assert again["created"] is False and again["adopted"] is False


def test_every_write_is_committed_with_a_message_that_says_what_changed(enabled, ws_path, cli):
    before = len(subjects(ws_path))
    r = cli("record", "这个月存了五千", "--topic", "finance", "--at", "2026-01-20", "--json")
    assert r.returncode == 0, r.stderr
    assert len(subjects(ws_path)) == before + 1
    assert subjects(ws_path)[0] == "记下原话：raw/2026-01-20-finance.md (topic=finance)"  # named, as status names it
    assert "raw/2026-01-20-finance.md" in tracked(ws_path)
    body = git(ws_path, "log", "-1", "--format=%an|%b")
    assert body.startswith("MyLife (user)|") and "[你] 记下原话：raw/2026-01-20-finance.md (topic=finance) · record" in body  # the code, for scripts
    assert cli("profile", "set", "月收入", "23000", "--ttl", "30", "--yes").returncode == 0
    assert subjects(ws_path)[0].startswith("更新档案字段") and "profile." not in subjects(ws_path)[0]
    assert "23000" not in subjects(ws_path)[0] and "23000" not in git(ws_path, "log", "-1", "--format=%B")
    assert "profile.yaml" in tracked(ws_path)
    assert git(ws_path, "status", "--porcelain") == ""


def test_a_command_with_several_writes_makes_one_consistent_commit(enabled, ws_path, cli):
    before = len(subjects(ws_path))
    r = cli("claim", "add", "我无法忍受现在的管理方式", "--topic", "career", "--kind", "assessment")
    assert r.returncode == 0, r.stderr
    log = subjects(ws_path)
    assert len(log) == before + 1 and log[0].startswith("2 处变化：记下原话、添加依据")
    assert git(ws_path, "status", "--porcelain") == ""


def test_minimal_mode_keeps_only_raw_config_and_chosen_layers(cli, ws_path):
    assert cli("init").returncode == 0
    assert cli("profile", "set", "城市", "杭州", "--ttl", "365", "--yes").returncode == 0
    r = cli("git", "enable", "--minimal", "--keep", "profile", "--json")
    assert r.returncode == 0, r.stderr
    assert r.json()["kept_layers"] == ["profile"]
    assert cli("claim", "add", "我想去上海", "--topic", "career", "--kind", "assessment").returncode == 0
    files = tracked(ws_path)
    assert "profile.yaml" in files and any(f.startswith("raw/") for f in files)
    assert not any(f.startswith(("claims/", "digest/", "cache/")) for f in files)
    assert "ledger/audit.jsonl" not in files and "ledger/raw.jsonl" in files
    assert git(ws_path, "status", "--porcelain") == ""  # the rest is ignored, not left dangling
    # switching back to everything brings the claims in
    assert cli("git", "enable", "--all").returncode == 0
    assert any(f.startswith("claims/") for f in tracked(ws_path))
    assert cli("git", "enable", "--keep", "profile").returncode == 2  # --keep needs --minimal


def test_adopting_an_existing_repository_removes_a_committed_cache(cli, ws_path):
    assert cli("init").returncode == 0
    git(ws_path, "init", "-q")
    (ws_path / ".gitignore").write_text("")
    (ws_path / "cache" / "index.bin").write_bytes(b"derived")
    git(ws_path, "add", "-A")
    git(ws_path, "commit", "-qm", "by hand")
    assert "cache/index.bin" in tracked(ws_path)
    r = cli("git", "enable", "--json")
    assert r.returncode == 0 and r.json()["adopted"] is True
    assert not any(f.startswith("cache/") for f in tracked(ws_path))
    assert (ws_path / "cache" / "index.bin").read_bytes() == b"derived"  # untouched on disk


def test_workspace_inside_another_repository_never_commits_into_it(tmp_path):
    outer = tmp_path / "home"
    outer.mkdir()
    git(outer, "init", "-q")
    git(outer, "commit", "-q", "--allow-empty", "-m", "dotfiles")
    ws = outer / "mylife"
    assert run_cli(["init"], workspace=ws).returncode == 0
    assert run_cli(["git", "enable"], workspace=ws).returncode == 0
    assert run_cli(["record", "hello", "--topic", "t"], workspace=ws).returncode == 0
    settle(ws)
    assert subjects(outer) == ["dotfiles"]
    assert (ws / ".git" / "HEAD").is_file() and len(subjects(ws)) == 2


def test_bad_git_settings_are_named_by_file_and_line(enabled, ws_path, cli):
    cfg = ws_path / "config.yaml"
    cfg.write_text(cfg.read_text().replace("track: all", "track: everything"))
    r = cli("git", "status")
    assert r.returncode == 5
    assert "config.yaml:" in r.stderr and "git.track" in r.stderr and "Traceback" not in r.stderr


# --------------------------------------------------------------------------- failures and catch-up


def test_git_failure_never_loses_or_blocks_a_write_and_the_next_commit_catches_up(enabled, ws_path, cli):
    lock = ws_path / ".git" / "index.lock"
    lock.write_text("another git is running")
    r = cli("record", "git 坏了也要记下来", "--topic", "career", "--at", "2026-02-01", "--json")
    assert r.returncode == 0, r.stderr
    assert (ws_path / "raw" / "2026-02-01-career.md").read_text() == "git 坏了也要记下来"
    assert "raw/2026-02-01-career.md" not in tracked(ws_path)
    status = cli("git", "status", "--json").json()
    assert status["owed"] >= 1 and "index.lock" in status["last_commit_error"]["reason"]
    assert "上一次历史提交没有成功" in cli("git", "status").stdout
    # the next write is not blocked either, and says what happened
    r = cli("record", "还是坏的", "--topic", "career", "--at", "2026-02-02")
    assert r.returncode == 0 and "上一次历史提交没有成功" in r.stderr and "已保存" in r.stderr
    lock.unlink()
    assert cli("record", "git 好了", "--topic", "career", "--at", "2026-02-03").returncode == 0
    files = tracked(ws_path)
    assert {"raw/2026-02-01-career.md", "raw/2026-02-02-career.md", "raw/2026-02-03-career.md"} <= files
    assert git(ws_path, "status", "--porcelain") == ""
    status = cli("git", "status", "--json").json()
    assert status["owed"] == 0 and status["last_commit_error"] is None
    body = git(ws_path, "log", "-1", "--format=%B")
    assert "2026-02-01-career.md" in body and "2026-02-03-career.md" in body  # the catch-up says so


def test_missing_repository_is_reported_but_the_write_stands(enabled, ws_path, cli):
    import shutil

    shutil.rmtree(ws_path / ".git")
    r = cli("record", "仓库没了", "--topic", "career", "--at", "2026-03-01")
    assert r.returncode == 0 and "这次写入没有进入历史" in r.stderr
    assert (ws_path / "raw" / "2026-03-01-career.md").exists()
    v = cli("verify", "--json")
    assert v.returncode == 1 and "git_repo_missing" in {p["kind"] for p in v.json()["problems"]}


def test_commit_catches_up_hand_edits_but_holds_back_secrets_and_raw_rewrites(enabled, ws_path, cli):
    (ws_path / "skills" / "mine.md").write_text("---\nname: mine\n---\n我的规划方法\n")
    (ws_path / "skills" / "leak.md").write_text("备忘\nkey = sk-proj-" + "a1B2c3D4e5" * 4 + "\n")
    (ws_path / "skills" / "proxy.md").write_text("模型走代理\n\nhttp://alice:Pw-S3cr3t-4711@10.0.0.2:3128/v1\n"
                                                  "另一个 http://***@10.0.0.3/v1（MyLife 写下的样子）\n")
    (ws_path / "skills" / "masked.md").write_text("http://***@10.0.0.3/v1?api_key=*** 与 ssh://git@host/x\n")
    cfg = ws_path / "config.yaml"
    cfg.write_text(cfg.read_text().replace("llm: {}", "llm:\n  api_key: hunter2-not-here"))
    raw = ws_path / "raw" / "2026-01-15-career.md"
    raw.write_bytes(raw.read_bytes() + " 其实也没那么糟".encode())
    r = cli("git", "commit", "--json")
    assert r.returncode == 0, r.stderr
    data = r.json()
    held = {h["file"]: h["reason"] for h in data["held_back"]}
    assert held["skills/leak.md"] == "secret_token"
    assert held["skills/proxy.md"] == "secret_url"
    assert "skills/masked.md" not in held
    assert held["config.yaml"] == "secret_setting"
    assert held["raw/2026-01-15-career.md"] == "raw_rewritten"
    files = tracked(ws_path)
    assert "skills/mine.md" in files
    assert "skills/leak.md" not in files
    assert "hunter2" not in git(ws_path, "show", "HEAD:config.yaml")
    assert "其实" not in git(ws_path, "show", "HEAD:raw/2026-01-15-career.md")
    text = cli("git", "commit").stdout
    assert "看起来像 API 密钥" in text and "原话文件被改动" in text
    assert "skills/proxy.md 第 3 行：网址里带着密码或令牌" in text


def test_cache_is_never_committed_even_without_the_ignore_rule(enabled, ws_path, cli):
    (ws_path / ".gitignore").write_text("")
    (ws_path / "cache" / "search.idx").write_bytes(b"index of private text")
    assert cli("git", "commit").returncode == 0
    assert cli("record", "再记一条", "--topic", "career").returncode == 0
    assert not any(f.startswith("cache/") for f in tracked(ws_path))


# --------------------------------------------------------------------------- batching, in process


def test_in_process_writes_are_batched_into_one_commit(ws):
    history_repo.enable(ws)
    before = len(subjects(ws.root))
    for i in range(20):
        ws.raw.record(f"第 {i} 条".encode(), topic="bulk")
    assert autocommit.pending_changes(ws.root) == 20
    assert len(subjects(ws.root)) == before  # nothing yet: batched
    autocommit.flush(ws)
    assert len(subjects(ws.root)) == before + 1
    assert subjects(ws.root)[0] == "20 处变化：记下原话"
    assert len([f for f in tracked(ws.root) if f.startswith("raw/")]) == 20
    assert git(ws.root, "status", "--porcelain") == ""


def test_batch_seconds_zero_commits_each_write(ws):
    history_repo.enable(ws)
    history_settings.update(ws, {"batch_seconds": 0})
    assert subjects(ws.root)[0] == "修改设置：config.yaml"  # the settings change itself, at once
    before = len(subjects(ws.root))
    ws.raw.record(b"one", topic="t")
    ws.raw.record(b"two", topic="t")
    assert len(subjects(ws.root)) == before + 2
    assert autocommit.pending_changes(ws.root) == 0


def test_a_batch_is_committed_by_its_timer_in_a_long_running_process(ws):
    import time

    history_repo.enable(ws)
    history_settings.update(ws, {"batch_seconds": 0.3})
    autocommit.flush(ws)
    before = len(subjects(ws.root))
    ws.raw.record(b"from the MCP server", topic="t")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and len(subjects(ws.root)) == before:
        time.sleep(0.05)
    assert len(subjects(ws.root)) == before + 1


# --------------------------------------------------------------------------- the second witness


def test_verify_is_clean_with_history_on(enabled, cli):
    r = cli("verify", "--json")
    assert r.returncode == 0, r.stdout
    assert r.json()["ok"] is True


def test_verify_catches_a_raw_edit_that_the_manifest_was_made_to_agree_with(enabled, ws_path, cli):
    rel = "raw/2026-01-15-career.md"
    path = ws_path / rel
    forged = "今天准时下班，老板很好".encode()
    path.write_bytes(forged)
    manifest = ws_path / "ledger" / "raw.jsonl"
    rows, _ = jsonl.read(manifest)
    rows[0].update(sha256=hashlib.sha256(forged).hexdigest(), size=len(forged))
    manifest.write_bytes(b"".join(jsonl.encode(r) for r in rows))
    r = cli("verify", "--json")
    assert r.returncode == 1
    kinds = {p["kind"] for p in r.json()["problems"]}
    assert "raw_changed" not in kinds  # the first witness was fooled
    assert "git_raw_changed" in kinds and "git_manifest_changed" in kinds
    text = cli("verify").stdout
    assert "与 git 历史不一致" in text and rel in text


def test_verify_catches_raw_rewritten_or_deleted_in_history(enabled, ws_path, cli):
    rel = "raw/2026-01-15-career.md"
    (ws_path / rel).write_text("改过的原话")
    git(ws_path, "add", rel)
    git(ws_path, "commit", "-qm", "tidy up", "--no-verify")
    assert cli("record", "再记一条", "--topic", "career", "--at", "2026-01-16").returncode == 0
    git(ws_path, "rm", "-q", "raw/2026-01-16-career.md")
    git(ws_path, "commit", "-qm", "remove", "--no-verify")
    r = cli("verify", "--json")
    problems = [p for p in r.json()["problems"] if p["kind"] == "git_raw_rewritten"]
    assert {p["file"] for p in problems} == {rel, "raw/2026-01-16-career.md"}
    assert any("删除" in p["message"] for p in problems) and any("改写" in p["message"] for p in problems)


def test_verify_catches_a_manifest_line_removed_in_history(enabled, ws_path, cli):
    assert cli("record", "第二条", "--topic", "career", "--at", "2026-01-16").returncode == 0
    manifest = ws_path / "ledger" / "raw.jsonl"
    lines = manifest.read_bytes().splitlines(keepends=True)
    manifest.write_bytes(lines[1])
    git(ws_path, "commit", "-qam", "drop a line", "--no-verify")
    r = cli("verify", "--json")
    kinds = {p["kind"] for p in r.json()["problems"]}
    assert "git_manifest_rewritten" in kinds


def test_status_text_and_json(enabled, cli):
    data = cli("git", "status", "--json").json()
    assert data["enabled"] and data["repo"] and data["commits"] >= 1 and data["hook"] == "installed"
    assert data["remote"] is None and data["remotes"] == [] and data["uncommitted"] == 0
    text = cli("git", "status").stdout
    assert "git 历史：已开启" in text and "远端：无" in text


def test_disable_keeps_history_and_stops_committing(enabled, ws_path, cli):
    r = cli("git", "disable", "--json")
    assert r.json() == {"ok": True, "enabled": False, "was_enabled": True}
    before = subjects(ws_path)
    assert cli("record", "不进历史", "--topic", "t").returncode == 0
    assert subjects(ws_path) == before
    assert "已停止自动提交" in cli("git", "status").stdout


def test_git_help_says_use_a_private_repository(cli):
    r = cli("git", "--help")
    assert r.returncode == 0 and "请务必使用私有仓库" in r.stdout
    r = cli("git", "--help", env={"MYLIFE_LANG": "en"})
    assert "private repository" in r.stdout.lower()


def test_every_json_key_is_documented(enabled, cli):
    docs = (Path(__file__).resolve().parents[1] / "docs" / "git.md").read_text(encoding="utf-8")
    outputs = [cli("git", "status", "--json").json(), cli("git", "enable", "--json").json(),
               cli("git", "commit", "--json").json(), cli("git", "disable", "--json").json()]
    for data in outputs:
        for key in data:
            assert f"`{key}`" in docs, key


def test_without_git_enable_says_how_to_get_it_and_nothing_changes(cli, ws_path):
    assert cli("init").returncode == 0
    r = cli("git", "enable", env={"MYLIFE_GIT": str(ws_path / "no-such-git")})
    assert r.returncode == 9 and "没有找到 git" in r.stderr and "Traceback" not in r.stderr
    assert not (ws_path / ".git").exists() and "enabled: true" not in (ws_path / "config.yaml").read_text()


@pytest.mark.parametrize("sync", [True, False])
def test_an_owed_write_after_a_torn_pending_line_is_kept(tmp_path, sync):
    """A process killed mid-append leaves ``pending`` without its last newline; the next
    append starts on a line of its own, so the committer still sees what it owes."""
    from mylife_core.history.state import State

    state = State(tmp_path / ".git")
    state.add_pending([{"paths": ["raw/a.md"]}])
    with state.pending_path.open("ab") as fh:
        fh.write(b'{"paths":["raw/b')  # torn: no newline
    state.add_pending([{"paths": ["claims/2026-12.yaml"]}], sync=sync)
    assert state.pending() == ["raw/a.md", "claims/2026-12.yaml"]


def test_unset_is_committed_without_its_value_and_the_value_stays_in_history(enabled, ws_path, cli):
    """s26b.1: `profile unset` is a write like any other: committed (no value in the message),
    and the removed value is still in the previous commit's profile.yaml."""
    assert cli("profile", "set", "月收入", "23456", "--ttl", "30", "--yes").returncode == 0
    assert cli("profile", "unset", "月收入").returncode == 0
    assert subjects(ws_path)[0].startswith("删除档案字段：")
    assert "23456" not in git(ws_path, "log", "-1", "--format=%B")
    assert "月收入" not in (ws_path / "profile.yaml").read_text("utf-8")
    assert "23456" in git(ws_path, "show", "HEAD~1:profile.yaml")
    assert git(ws_path, "status", "--porcelain") == ""


def test_commit_messages_follow_the_workspace_language(ws_path, cli):
    """The detached committer names the changes in the workspace's language, as the CLI would."""
    assert cli("init", "--language", "en").returncode == 0
    env = {"MYLIFE_LANG": ""}  # the workspace's language decides, in the committer too
    assert cli("git", "enable", env=env).returncode == 0
    assert subjects(ws_path)[0] == "MyLife history enabled: initial state"
    assert cli("record", "saved 500 this month", "--topic", "money", "--at", "2026-01-20", env=env).returncode == 0
    assert subjects(ws_path)[0] == "recorded a note: raw/2026-01-20-money.md (topic=money)"
    assert "[you] recorded a note" in git(ws_path, "log", "-1", "--format=%b")

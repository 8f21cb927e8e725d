"""`mylife git remote add`: the consequences in plain Chinese, and a typed word to confirm
(Enter alone never counts), through scripted stdin and through a real pseudo-terminal."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import pytest

from mylife_core.history.gitcmd import git_executable
from mylife_core.testing import cli_env

pytestmark = pytest.mark.skipif(git_executable() is None, reason="git is not installed")


def remotes(ws_path) -> list[str]:
    out = subprocess.run(["git", "-C", str(ws_path), "remote"], capture_output=True, text=True).stdout
    return out.split()


@pytest.fixture
def history(cli, ws_path):
    assert cli("init").returncode == 0
    assert cli("git", "enable").returncode == 0
    return ws_path


CONSEQUENCES = ("请务必使用私有仓库", "收入", "无法收回", "任何人都能看到", "试读", "--allow-unverified")


def test_typing_private_confirms_and_the_consequences_are_shown(history, cli, tmp_path):
    target = tmp_path / "backup.git"
    r = cli("git", "remote", "add", str(target), input="private\n")
    assert r.returncode == 0, r.stderr
    for phrase in CONSEQUENCES:
        assert phrase in r.stdout, phrase
    assert "请输入 private 确认" in r.stdout
    assert remotes(history) == ["origin"]
    assert cli("git", "status", "--json").json()["remote"] == "origin"


@pytest.mark.parametrize("answer", ["\n", "y\n", "yes\n", "  \n", "privat\n"])
def test_enter_or_any_other_word_does_not_confirm(history, cli, tmp_path, answer):
    r = cli("git", "remote", "add", str(tmp_path / "backup.git"), input=answer)
    assert r.returncode == 2
    assert "没有确认" in r.stderr and "Traceback" not in r.stderr
    assert remotes(history) == []
    assert not (tmp_path / "backup.git").exists()  # nothing done half way


def test_no_input_at_all_explains_the_script_flag(history, cli, tmp_path):
    r = cli("git", "remote", "add", str(tmp_path / "backup.git"), input="")
    assert r.returncode == 2
    assert "--confirm-private" in r.stderr and remotes(history) == []


def test_the_script_flag_still_prints_the_warning(history, cli, tmp_path):
    r = cli("git", "remote", "add", str(tmp_path / "backup.git"), "--confirm-private", "--json")
    assert r.returncode == 0, r.stderr
    for phrase in CONSEQUENCES:
        assert phrase in r.stderr, phrase  # JSON mode: the warning goes to stderr, stdout stays JSON
    data = r.json()
    assert data["confirmed_by"] == "flag" and data["privacy"]["verdict"] == "local" and data["created_bare"]


def test_english_consequences(history, cli, tmp_path):
    r = cli("git", "remote", "add", str(tmp_path / "b.git"), input="private\n", env={"MYLIFE_LANG": "en"})
    assert r.returncode == 0, r.stderr
    assert "Always use a PRIVATE repository" in r.stdout and "cannot be taken back" in r.stdout


def _read_until(fd: int, needle: bytes, timeout: float = 30) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while needle not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
@pytest.mark.parametrize("typed, confirmed", [(b"private\r", True), (b"\r", False)])
def test_confirmation_at_a_real_terminal(history, tmp_path, typed, confirmed):
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "mylife_core", "git", "remote", "add", str(tmp_path / "t.git")],
                            stdin=slave, stdout=slave, stderr=slave, env=cli_env(history), close_fds=True)
    os.close(slave)
    try:
        shown = _read_until(master, "请输入 private 确认".encode())
        assert "请务必使用私有仓库".encode() in shown
        os.write(master, typed)
        rest = _read_until(master, b"\x00", timeout=30)  # read to the end
        proc.wait(timeout=30)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    text = (shown + rest).decode("utf-8", "replace")
    if confirmed:
        assert proc.returncode == 0, text
        assert "已添加远端 origin" in text and remotes(history) == ["origin"]
    else:
        assert proc.returncode == 2, text
        assert "没有确认" in text and remotes(history) == []

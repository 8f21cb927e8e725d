"""run_cli's fork server (mylife_core/testing_forkserver.py): a command run as a fork of a process
that has imported the libraries must do what a fresh ``python -m mylife_core`` does, byte for
byte; and what a fork cannot take on (interpreter settings, a prefix) runs fresh."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mylife_core import testing
from mylife_core.testing import run_cli

FRESH = ("env",)  # a prefix: the command then runs in a fresh interpreter under `env`
CAN_FORK = hasattr(socket, "send_fds") and hasattr(os, "fork")

pytestmark = pytest.mark.skipif(not CAN_FORK, reason="no fork or socket.send_fds on this platform")


@pytest.fixture(autouse=True)
def _fork_on(monkeypatch):
    """These tests are about the fork server: on even when MYLIFE_TEST_FORK=0 turned it off for the rest."""
    monkeypatch.setattr(testing, "_FORK_ON", True)


def _both(tmp_path, args, **kw):
    """Run ``args`` as a fork and fresh, each in its own copy of the same workspace and folder;
    return both results with each copy's path written as WS."""
    results = []
    for name, prefix in (("fork", ()), ("fresh", FRESH)):
        ws = tmp_path / name / "ws"
        if not ws.exists():
            shutil.copytree(tmp_path / "seed", ws)
        result = run_cli(args, workspace=ws, cwd=tmp_path / name, prefix=prefix, **kw)
        assert result.forked is (not prefix)
        results.append((result.returncode, _same(result.stdout, ws), _same(result.stderr, ws)))
    return results


def _same(text: str, ws) -> str:
    """``text`` with what differs between two runs a second apart written alike: the copy's path,
    the clock, how long it took."""
    text = re.sub(r'"took_ms": [\d.]+', '"took_ms": N', text)
    return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?", "TIME", text.replace(str(ws), "WS"))


@pytest.fixture
def seed(tmp_path):
    ws = tmp_path / "seed"
    assert run_cli(["init"], workspace=ws).returncode == 0
    assert run_cli(["record", "--topic", "工作", "--at", "2026-03-01", "今天加班到十点，很累"], workspace=ws).returncode == 0
    return ws


@pytest.mark.parametrize("args, input", [
    (["--version"], None),
    (["--help"], None),
    (["nosuch"], None),  # a usage error: exit 2, on stderr
    (["status", "--json"], None),
    (["recall", "加班", "--json"], None),
    (["record", "--topic", "工作", "--at", "2026-03-02", "-"], "从标准输入来的一行\n第二行\n"),
    (["claim", "add", "   "], None),  # blank: refused, nothing written
    (["profile", "set", "月薪", "两万二", "--json"], None),
    (["trace", "nosuch-id"], None),
])
def test_a_forked_command_prints_and_exits_as_a_fresh_interpreter(tmp_path, seed, args, input):
    fork, fresh = _both(tmp_path, args, input=input)
    assert fork == fresh
    assert fork[1] or fork[2]  # it said something


def test_a_fork_takes_the_commands_folder_environment_and_input(tmp_path, seed):
    # a relative path is read against the command's own folder
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    made = run_cli(["init", "--workspace", "rel"], cwd=folder, workspace=None, env={"MYLIFE_LANG": "en"})
    assert made.forked and made.returncode == 0, made.stderr
    assert (folder / "rel").is_dir()
    # its environment, whole: the language asked for, no variable of the server's own start
    english = run_cli(["nosuch"], workspace=seed, env={"MYLIFE_LANG": "en"})
    assert english.forked and "No such command" in english.stderr
    # its standard input, to the last byte, after the fork server's own imports
    text = "第一行\n" + "很长的一行" * 20000 + "\n"
    saved = run_cli(["record", "--topic", "工作", "-", "--json"], workspace=seed, input=text)
    assert saved.forked and saved.returncode == 0, saved.stderr
    path = seed / saved.json()["record"]["file"]
    assert path.read_text(encoding="utf-8") == text


def test_what_a_fork_cannot_take_on_runs_in_a_fresh_interpreter(tmp_path, seed):
    # an interpreter setting read at start (here, warnings) cannot change in a fork
    result = run_cli(["status"], workspace=seed, env={"PYTHONWARNINGS": "error::DeprecationWarning"})
    assert result.returncode == 0 and not result.forked
    assert run_cli(["status"], workspace=seed, prefix=FRESH).forked is False
    assert run_cli(["status"], workspace=seed).forked is True


def test_a_forked_command_past_its_timeout_is_killed(tmp_path, seed):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(subprocess.TimeoutExpired) as caught:
        run_cli(["serve", "--port", str(port)], workspace=seed, timeout=8)
    assert f"127.0.0.1:{port}" in (caught.value.output or b"").decode("utf-8", "replace")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the panel stopped listening: its process is gone
        with socket.socket() as client:
            if client.connect_ex(("127.0.0.1", port)) != 0:
                break
        time.sleep(0.1)
    else:
        pytest.fail(f"the timed-out `mylife serve` still listens on {port}")
    assert run_cli(["status"], workspace=seed).returncode == 0  # and the server forks the next one


def test_the_fork_server_ends_with_the_test_process(tmp_path):
    # a child Python process that starts a fork server and exits: the server follows it
    script = ("import os, sys; from mylife_core import testing; r = testing.run_cli(['--version']); "
              "print(r.forked, testing._FORK_SERVERS[os.getpid()].proc.pid)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MYLIFE_")}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    forked, pid = out.stdout.split()
    assert forked == "True", out.stderr
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the fork server outlived the process that started it")


def test_a_fork_takes_its_own_pythonpath_unless_it_shadows_what_the_server_imported(tmp_path, seed):
    # a plugin installed with real pip into a folder on PYTHONPATH, as the lens tests do
    site = tmp_path / "site"
    source = tmp_path / "src" / "mylife-hello"
    shutil.copytree(Path(__file__).parent / "data" / "plugins" / "mylife-hello", source)
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                          "--no-build-isolation", "--target", str(site), str(source)],
                         capture_output=True, text=True, timeout=300)
    assert pip.returncode == 0, pip.stderr
    env = {"PYTHONPATH": str(site)}
    fork = run_cli(["plugins", "--json"], workspace=seed, env=env, load_plugins="mylife-hello")
    fresh = run_cli(["plugins", "--json"], workspace=seed, env=env, load_plugins="mylife-hello", prefix=FRESH)
    assert fork.forked and not fresh.forked
    assert fork.returncode == fresh.returncode == 0, fork.stderr
    assert fork.stdout == fresh.stdout and '"mylife-hello"' in fork.stdout
    # a folder holding a module the server has imported: a fresh interpreter would take that one
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "yaml.py").write_text("raise ImportError('the yaml on PYTHONPATH')\n", encoding="utf-8")
    shadowed = run_cli(["status"], workspace=seed, env={"PYTHONPATH": str(shadow)})
    assert not shadowed.forked
    assert shadowed.returncode != 0 and "the yaml on PYTHONPATH" in shadowed.stderr


def test_litellms_own_import_settings_in_the_tests_environment_still_fork(tmp_path, seed, monkeypatch):
    # import_litellm sets these in the process that imports it (a test that does so in pytest's own
    # process leaves them there); every command sets them the same way before importing litellm
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    monkeypatch.setenv("LITELLM_LOG", "ERROR")
    assert run_cli(["status"], workspace=seed).forked is True
    monkeypatch.setenv("LITELLM_LOG", "DEBUG")  # litellm reads it when imported: a fresh interpreter
    assert run_cli(["status"], workspace=seed).forked is False

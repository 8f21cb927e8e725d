"""The root ``mylife`` group as a new user meets it: ``-w PATH`` before the command, bare groups
show their command list, usage errors under ``--json`` carry ``key`` and ``params``, an empty
workspace's status reads cleanly, and a missing workspace's hint gives a command that works."""

from __future__ import annotations

import shlex

from mylife_core.testing import run_cli


# --------------------------------------------------------------------------- status of an empty workspace


def test_status_of_an_empty_workspace_has_no_double_parentheses(cli):
    cli("init")
    zh = cli("status").stdout
    assert "  L2 证据：0 条\n" in zh and "（（" not in zh
    en = cli("status", env={"MYLIFE_LANG": "en"}).stdout
    assert "  L2 claims: 0\n" in en and "((" not in en


# --------------------------------------------------------------------------- no workspace: a hint that works


def _hinted_command(stderr: str) -> list[str]:
    """The last command the message quotes in backticks, split as a shell would."""
    return shlex.split(stderr.rsplit("`", 2)[1])


def test_no_workspace_hint_on_a_missing_folder_runs(tmp_path):
    ws = tmp_path / "my ws"
    r = run_cli(["status", "-w", str(ws)])
    assert r.returncode == 3 and f"在 {ws} 没有找到 MyLife 工作区" in r.stderr
    args = _hinted_command(r.stderr)
    assert args == ["mylife", "init", "--workspace", str(ws)]
    assert run_cli(args[1:]).returncode == 0
    error = run_cli(["status", "-w", str(tmp_path / "none"), "--json"]).json()["error"]
    assert error["code"] == "no_workspace" and error["key"] == "no_workspace"
    assert error["params"]["path"] == str(tmp_path / "none")


def test_no_workspace_hint_on_a_folder_init_would_refuse_names_one_it_accepts(tmp_path):
    full = tmp_path / "docs"
    full.mkdir()
    (full / "taxes.pdf").write_bytes(b"%PDF")
    r = run_cli(["status", "-w", str(full)])
    assert r.returncode == 3 and "Traceback" not in r.stderr
    assert f"{full} 不是 MyLife 工作区，而且这个文件夹不是空的" in r.stderr
    args = _hinted_command(r.stderr)
    assert args[:3] == ["mylife", "init", "--workspace"] and args[3] != str(full)
    created = run_cli(args[1:])
    assert created.returncode == 0, created.stderr
    assert sorted(p.name for p in full.iterdir()) == ["mylife", "taxes.pdf"]

    half = tmp_path / "half"
    (half / "raw").mkdir(parents=True)
    r = run_cli(["status", "-w", str(half)], env={"MYLIFE_LANG": "en"})
    assert r.returncode == 3 and f"{half} looks like an incomplete MyLife workspace: config.yaml is missing" in r.stderr
    args = _hinted_command(r.stderr)
    assert run_cli(args[1:]).returncode == 0
    assert sorted(p.name for p in half.iterdir()) == ["raw"]  # left as it was

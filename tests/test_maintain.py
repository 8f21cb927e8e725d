"""Upkeep: ``mylife maintain`` lists the longest-unconfirmed fields and claims whose sources
changed, asks about each on a terminal, and writes cron / launchd / systemd entries that run it
headless (the entry's own command is run here to prove it works)."""

from __future__ import annotations

import os
import plistlib
import shlex
import stat
import subprocess
from pathlib import Path

import pytest
import yaml

from lens_support import run_in_pty

NOW = {"MYLIFE_NOW": "2026-06-01"}


@pytest.fixture
def fields(cli, ws_path):
    cli("init")
    for name, value, ttl, at in [("现有存款", "120000", "90", "2026-01-10"), ("房租", "4500", "365", "2025-08-01"),
                                 ("月收入", "18000", "180", "2026-03-01"), ("学历", "普通本科", "never", "2010-07-01"),
                                 ("加班强度", "每周 15 小时", "90", "2026-05-20")]:
        assert cli("profile", "set", name, value, "--ttl", ttl, "--at", at).returncode == 0
    return ws_path


def test_lists_longest_unconfirmed_fields_oldest_first(cli, fields):
    doc = cli("maintain", "--json", env=NOW).json()
    assert [f["name"] for f in doc["fields"]] == ["房租", "现有存款", "月收入", "加班强度"]  # never-expiring left out
    assert doc["fields_total"] == 4 and doc["stale_total"] == 1
    rent, saving = doc["fields"][0], doc["fields"][1]
    assert rent["age_days"] == 304 and rent["stale"] is False and rent["due_in_days"] == 61
    assert saving["stale"] is True and saving["overdue_days"] == 52 and saving["due_in_days"] == -52
    assert saving["age_text"] == "现有存款：上次填写是 5 个月前"
    assert doc["claims"] == [] and doc["claims_checked"] == 0
    two = cli("maintain", "-n", "2", "--all", "--json", env=NOW).json()
    assert [f["name"] for f in two["fields"]] == ["学历", "房租"] and two["fields_total"] == 5
    text = cli("maintain", "-n", "2", env=NOW).stdout
    assert "最久没确认的 2 个字段（共 4 个会过期的字段，1 个已过期）：" in text
    assert "  1. 房租 = 4500 · 上次确认 10 个月前 · 有效期 365 天 · 还有 61 天到期" in text
    assert "  2. 现有存款 = 120000 · 上次确认 5 个月前 · 有效期 90 天 · 已过期 52 天" in text
    assert "仍然成立：mylife profile confirm 名称；已经变了：mylife profile set 名称 新值" in text


def test_claims_whose_sources_changed_are_listed(cli, ws_path):
    cli("init")
    rec = cli("record", "连续加班三周了\n我无法忍受当前的管理方式", "--topic", "career", "--at", "2026-01-15", "--json")
    raw = rec.json()["record"]["file"]
    claim = cli("claim", "add", "我无法忍受当前的管理方式", "--topic", "职业去留", "--kind", "assessment",
                "--from", f"{raw}#L2", "--json").json()["claim"]
    assert cli("maintain", "--json").json()["claims_checked"] == 1
    path = ws_path / raw  # someone edits the user's words outside MyLife
    os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
    path.write_text("连续加班三周了\n其实还好", encoding="utf-8")
    doc = cli("maintain", "--json").json()
    assert doc["claims_changed_total"] == 1
    assert doc["claims"][0] == {"id": claim["id"], "topic": "职业去留", "claim": "我无法忍受当前的管理方式",
                                "provenance": f"{raw}#L2", "state": "source_changed", "reason": None}
    text = cli("maintain").stdout
    assert f"{claim['id']}「我无法忍受当前的管理方式」：原文已改动 {raw}#L2 → mylife trace {claim['id']}" in text
    assert cli("maintain", "--no-claims", "--json").json()["claims_checked"] is None


def test_asks_about_each_field_on_a_terminal(fields):
    r = run_in_pty(["maintain", "-n", "3", "--no-claims"], workspace=fields, answers=["", "130000", "s"], env=NOW)
    assert r.returncode == 0, r.stdout
    assert "房租 仍是 4500 吗？:" in r.stdout and "已确认 房租" in r.stdout
    assert "已更新 现有存款：120000 → 130000" in r.stdout and "月收入 仍是 18000 吗？:" in r.stdout
    data = yaml.safe_load((fields / "profile.yaml").read_text(encoding="utf-8"))["fields"]
    assert str(data["房租"]["updated_at"]).startswith("2026-06-01") and data["房租"]["value"] == 4500
    assert data["现有存款"]["value"] == 130000 and data["现有存款"]["history"][0]["value"] == 120000
    assert str(data["月收入"]["updated_at"]).startswith("2026-03-01")  # skipped: untouched
    stop = run_in_pty(["maintain", "--no-claims"], workspace=fields, answers=["q"], env=NOW)
    assert stop.returncode == 0 and stop.stdout.count("吗？:") == 1


def test_a_refused_answer_is_said_and_asked_again(cli, ws_path, tmp_path_factory):
    """s25b.2: a value the field's dictionary refuses (工作年限 很久, a field in years) ended the
    whole round with an error: the fields after it were never asked and the summary never shown.
    The reason (with a working example) is said and the same field asked again."""
    from lens_support import installed, lens_env

    env = {**lens_env(installed(tmp_path_factory, "mylife-career")), **NOW}
    cli("init")
    for name, value, at in [("工作年限", "5", "2025-01-01"), ("房租", "4500", "2025-03-01")]:
        assert cli("profile", "set", name, value, "--ttl", "30", "--at", at, env=env,
                   load_plugins="mylife-career").returncode == 0
    r = run_in_pty(["maintain", "--no-claims"], workspace=ws_path, answers=["很久", "6", "4800"], env=env,
                   load_plugins="mylife-career")
    assert r.returncode == 0, r.stdout
    assert "「工作年限」要写一个以 年 计的量，「很久」不是" in r.stdout and r.stdout.count("工作年限 仍是 5年 吗？:") == 2
    assert "已更新 工作年限：5年 → 6年" in r.stdout and "已更新 房租：4500 → 4800" in r.stdout, r.stdout
    data = yaml.safe_load((ws_path / "profile.yaml").read_text(encoding="utf-8"))["fields"]
    assert data["工作年限"]["value"] == "6年" and data["房租"]["value"] == 4800


def test_a_value_changed_while_asked_is_not_confirmed(cli, fields):
    """s25b.2: `maintain` asked "房租 仍是 4500 吗？" and, on a yes, confirmed whatever 房租 held
    then: a value another window wrote meanwhile (4800) was refreshed as if the user had checked
    it. It is not confirmed now: the output says what it is and how to confirm it; the round goes on."""
    def other_window(i, transcript):
        if i == 0:
            assert cli("profile", "set", "房租", "4800", "--at", "2026-05-01", env=NOW).returncode == 0

    r = run_in_pty(["maintain", "-n", "2", "--no-claims"], workspace=fields, answers=["", ""], env=NOW,
                   on_prompt=other_window)
    assert r.returncode == 0, r.stdout
    assert "「房租」在你确认之前变了：你看到的是 4500，现在是 4800" in r.stdout and "已确认 房租" not in r.stdout
    assert "已确认 现有存款" in r.stdout
    data = yaml.safe_load((fields / "profile.yaml").read_text(encoding="utf-8"))["fields"]
    assert data["房租"]["value"] == 4800 and str(data["房租"]["updated_at"]).startswith("2026-05-01")


def _run_headless(argv: list[str], env: dict[str, str], log: Path) -> None:
    with open(log, "ab") as out:
        subprocess.run(argv, env=env, stdout=out, stderr=subprocess.STDOUT, timeout=60, check=True)


def _bare_env(home: Path) -> dict[str, str]:
    """What a scheduler gives a job: little more than PATH and HOME (no MYLIFE_HOME)."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "MYLIFE_LOAD_PLUGINS": "", "MYLIFE_NOW": NOW["MYLIFE_NOW"]}


def _check_log(ws_path: Path) -> None:
    log = (ws_path / "cache" / "maintain.log").read_text(encoding="utf-8")
    assert f"MyLife 档案维护 2026-06-01 00:00（{ws_path}）" in log
    assert "1. 房租 = 4500" in log and "现有存款 = 120000" in log


def test_install_schedule_cron(cli, fields, monkeypatch):
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    r = cli("maintain", "--install-schedule", "cron", "--every", "daily", "--time", "07:30", "-n", "5")
    assert r.returncode == 0, r.stderr
    home = Path(os.environ["HOME"])
    (path,) = (home / ".config" / "mylife" / "schedule").glob("mylife-maintain-ws-*.cron")
    content = path.read_text(encoding="utf-8")
    assert f"已写入 {path}：" in r.stdout
    for line in content.splitlines():  # exactly what was written is shown
        assert "    " + line in r.stdout
    assert "MyLife 没有安装它。要启用，请自己运行：" in r.stdout and "| crontab -" in r.stdout
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    (entry,) = [ln for ln in content.splitlines() if not ln.startswith("#")]
    minute, hour, dom, month, dow, command = entry.split(" ", 5)
    assert (minute, hour, dom, month, dow) == ("30", "7", "*", "*", "*")
    assert "maintain --no-input -n 5 --workspace" in command and command.endswith(f">> {fields}/cache/maintain.log 2>&1")
    subprocess.run(["sh", "-c", command], env=_bare_env(home), timeout=60, check=True)  # as cron would
    _check_log(fields)
    again = cli("maintain", "--install-schedule", "cron", "--every", "daily", "--time", "07:30", "-n", "5")
    assert "已是这些内容，未改动" in again.stdout
    other = cli("maintain", "--install-schedule", "cron", "--json").json()
    assert other["schedule"]["files"][0]["replaced"] is True and "0 9 * * 1 " in other["schedule"]["files"][0]["content"]


def test_install_schedule_launchd(cli, fields, tmp_path):
    r = cli("maintain", "--install-schedule", "launchd", "--every", "monthly", "--to", str(tmp_path / "out"), "--json")
    assert r.returncode == 0, r.stderr
    schedule = r.json()["schedule"]
    (f,) = schedule["files"]
    path = Path(f["path"])
    assert path.parent == tmp_path / "out" and path.name.startswith("org.mylife.mylife-maintain-ws-")
    assert path.read_text(encoding="utf-8") == f["content"]
    plist = plistlib.loads(path.read_bytes())
    assert plist["Label"] == path.name[: -len(".plist")]
    assert plist["StartCalendarInterval"] == {"Hour": 9, "Minute": 0, "Day": 1}
    assert plist["ProgramArguments"][-2:] == ["--workspace", str(fields)]
    assert plist["StandardOutPath"] == str(fields / "cache" / "maintain.log")
    assert any("launchctl bootstrap gui/$(id -u)" in c for c in schedule["install"])
    env = {**_bare_env(Path(os.environ["HOME"])), **plist["EnvironmentVariables"]}
    _run_headless(plist["ProgramArguments"], env, Path(plist["StandardOutPath"]))  # as launchd would
    _check_log(fields)
    text = cli("maintain", "--install-schedule", "launchd", "--every", "monthly", "--to", str(tmp_path / "out")).stdout
    assert "<key>ProgramArguments</key>" in text and "每月 1 日 09:00" in text


def test_install_schedule_systemd(cli, fields, tmp_path):
    r = cli("maintain", "--install-schedule", "systemd", "--time", "21:05", "--to", str(tmp_path / "units"))
    assert r.returncode == 0, r.stderr
    (service,) = (tmp_path / "units").glob("*.service")
    (timer,) = (tmp_path / "units").glob("*.timer")
    assert service.stem == timer.stem and service.stem.startswith("mylife-maintain-ws-")
    assert f"已写入 {service}：" in r.stdout and f"已写入 {timer}：" in r.stdout
    assert "OnCalendar=Mon *-*-* 21:05:00" in timer.read_text(encoding="utf-8")
    assert "WantedBy=timers.target" in timer.read_text(encoding="utf-8")
    assert f"systemctl --user enable --now {timer.name}" in r.stdout
    unit = {}
    for line in service.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            unit.setdefault(key, []).append(value)
    assert unit["Type"] == ["oneshot"]
    env = _bare_env(Path(os.environ["HOME"]))
    for assignment in unit["Environment"]:
        key, value = shlex.split(assignment)[0].split("=", 1)
        env[key] = value
    log = Path(unit["StandardOutput"][0].removeprefix("append:"))
    assert log == fields / "cache" / "maintain.log"
    _run_headless(shlex.split(unit["ExecStart"][0]), env, log)  # as systemd would
    _check_log(fields)


def test_schedule_errors(cli, fields, tmp_path):
    bad = cli("maintain", "--install-schedule", "cron", "--time", "25:00")
    assert bad.returncode == 2 and "--time 的值「25:00」无效" in bad.stderr
    kind = cli("maintain", "--install-schedule", "anacron")
    assert kind.returncode == 2 and "--install-schedule" in kind.stderr
    blocker = tmp_path / "file"
    blocker.write_text("x")
    blocked = cli("maintain", "--install-schedule", "cron", "--to", str(blocker / "sub"))
    assert blocked.returncode == 2 and "无法写入" in blocked.stderr and "Traceback" not in blocked.stderr

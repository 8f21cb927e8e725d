"""One progress display (mylife_core.progress, click's progressbar): drawn on a terminal's stderr,
never in pipes or with --json, for every long-running command."""

from __future__ import annotations

from lens_support import run_in_pty


def _workspace_with_records(cli, n: int = 30) -> None:
    assert cli("init").returncode == 0
    for i in range(n):
        assert cli("record", f"第 {i} 条：今天加班到十点", "--topic", "career").returncode == 0


def test_long_commands_show_a_bar_on_a_terminal_only(cli, ws_path):
    _workspace_with_records(cli, 3)
    rebuild = run_in_pty(["index", "rebuild"], workspace=ws_path, answers=[])
    assert rebuild.returncode == 0, rebuild.stdout
    assert "正在重建搜索索引" in rebuild.stdout and "100%" in rebuild.stdout
    assert "\r" in rebuild.stdout  # redrawn in place, as click's progressbar does
    quiet_json = run_in_pty(["index", "rebuild", "--json"], workspace=ws_path, answers=[])
    assert "正在重建搜索索引" not in quiet_json.stdout and quiet_json.stdout.lstrip().startswith("{")
    for args in (["index", "rebuild"], ["verify"], ["maintain", "--no-input"]):
        piped = cli(*args)
        assert piped.returncode == 0, piped.stderr
        assert "\r" not in piped.stderr and "%" not in piped.stderr, args  # pipes see no bar


def test_reporting_opens_one_bar_per_stage(capfd, monkeypatch):
    import sys

    from mylife_core import progress as progress_module

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    with progress_module.reporting("stage A") as report:
        for done in range(1, 6):
            report(done, 5)
        report(1, 2, "stage B")
        report(2, 2, "stage B")
    err = capfd.readouterr().err
    assert "stage A" in err and "5/5" in err and "stage B" in err and "2/2" in err
    with progress_module.reporting("never", enabled=False) as report:
        report(1, 1)
    assert capfd.readouterr().err == ""

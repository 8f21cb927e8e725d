"""Help and output text read as written for the reader's language (issue: a newcomer's first hour):
no command summary cut with "..." in `mylife --help`, click's own words in Chinese in the Chinese
UI, and no full-width punctuation produced by MyLife in the English UI."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from mylife_core.cli.common import wrap_cells
from mylife_core.testing import cli_env

FULL_WIDTH = re.compile("[，。；：（）、！？]")


def help_rows(text: str) -> dict[str, str]:
    """``{command: summary}`` from the Commands section, continuation lines joined."""
    rows: dict[str, str] = {}
    body = re.split(r"\n(?:Commands|命令)[:：]\n", text, maxsplit=1)[1]
    last = None
    for line in body.splitlines():
        m = re.match(r"^  (\S+)\s{2,}(.*)$", line)
        if m:
            last = m.group(1)
            rows[last] = m.group(2)
        elif line.startswith("     ") and last:
            joiner = " " if re.search(r"[A-Za-z0-9,.;:)]$", rows[last]) else ""
            rows[last] += joiner + line.strip()
    return rows


def fresh_json(code: str, lang: str):
    """What ``code`` prints as JSON, run in a fresh process in ``lang`` (help texts are read when
    the command modules are imported, in the language of that moment)."""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env=cli_env(None, {"MYLIFE_LANG": lang}, ""), encoding="utf-8")
    return json.loads(proc.stdout)


def summaries(lang: str) -> dict[str, str]:
    """Every command's summary as the library computes it, in a fresh process (help texts are
    read when the command modules are imported, in the language of that moment)."""
    code = ("import json; from mylife_core.cli import build_cli; from mylife_core.cli.common import summary; "
            "import click; g = build_cli(); ctx = click.Context(g); "
            "print(json.dumps({n: summary(g.get_command(ctx, n)) for n in g.list_commands(ctx)}))")
    return fresh_json(code, lang)


def test_main_help_shows_every_summary_whole(cli):
    for lang in ("zh", "en"):
        out = cli("--help", env={"MYLIFE_LANG": lang})
        assert out.returncode == 0, out.stderr
        expected = summaries(lang)
        rows = help_rows(out.stdout)
        assert set(rows) == set(expected)
        for name, text in rows.items():
            assert text.replace(" ", "") == expected[name].replace(" ", ""), (lang, name)
            assert not text.endswith("...") and not re.search(r"[^…]…$", text), (lang, name)
        widest = max(len(line) for line in out.stdout.splitlines())
        assert widest <= 100, widest


def test_wrapping_counts_chinese_as_two_columns_and_keeps_punctuation_attached():
    lines = wrap_cells("档案维护：列出最久没确认的 N 个字段（最旧的在前）和依据已变更的证据。", 20)
    assert all(sum(2 if "\u4e00" <= ch <= "\u9fff" or ch in "：（）。" else 1 for ch in line) <= 22 for line in lines)
    assert not any(line.startswith(("。", "）", "，")) for line in lines)
    assert "".join(lines).replace(" ", "") == "档案维护：列出最久没确认的N个字段（最旧的在前）和依据已变更的证据。"
    assert wrap_cells("Upkeep: list the N longest-unconfirmed fields", 20) == ["Upkeep: list the N", "longest-unconfirmed", "fields"]


def test_english_output_has_no_full_width_separators(cli, ws_path):
    env = {"MYLIFE_LANG": "en"}
    demo = cli("demo", "-w", str(ws_path), env=env)
    assert demo.returncode == 0, demo.stderr
    inside = next(line for line in demo.stdout.splitlines() if "claims: active" in line)
    assert re.match(r"^  \d+ claims: active \d+, candidate \d+, disputed \d+, rejected \d+, superseded \d+; topics ", inside)
    counts = inside.split("; topics ")[1]
    assert not FULL_WIDTH.search(re.sub(r"[\u4e00-\u9fff]+", "", counts))  # topic names are the user's words
    status = cli("status", env=env).stdout
    line = next(line for line in status.splitlines() if "L2 claims" in line)
    assert not FULL_WIDTH.search(line) and "active " in line and ", candidate " in line
    recall = cli("recall", "跳槽", env=env)
    assert recall.returncode == 0, recall.stderr
    expanded = [line for line in recall.stdout.splitlines() if line.startswith("Expanded") or "→" in line]
    assert all("；" not in line for line in expanded)
    zh = cli("status").stdout
    assert "有效 118，候选 2" in zh or re.search(r"有效 \d+，候选 \d+", zh)  # Chinese keeps its own punctuation


def test_click_usage_errors_are_explained_in_both_languages(cli):
    extra = cli("status", "extra")
    assert extra.returncode == 2 and "多出了参数：extra（含空格的文字请加引号" in extra.stderr
    assert extra.stderr.startswith("用法： mylife status [OPTIONS]")
    needs = cli("claim", "list", "--limit")
    assert needs.returncode == 2 and "选项 --limit 后面需要一个值" in needs.stderr
    en = cli("status", "a", "b", env={"MYLIFE_LANG": "en"})
    assert "Unexpected extra arguments: a b (quote text with spaces" in en.stderr and en.stderr.startswith("Usage: mylife")
    assert "Option --limit needs a value" in cli("claim", "list", "--limit", env={"MYLIFE_LANG": "en"}).stderr


def test_help_follows_the_language_of_the_workspace_the_command_line_names(tmp_path):
    """``--help`` read ``language:`` from the default workspace only (and the first such line,
    where the config is read with the last), not from the one ``-w`` or ``MYLIFE_HOME`` names."""
    from mylife_core.testing import run_cli

    ws = tmp_path / "my ws"
    assert run_cli(["init", "-w", str(ws)]).returncode == 0
    with (ws / "config.yaml").open("a", encoding="utf-8") as fh:
        fh.write("language: en\n")
    env = {"MYLIFE_LANG": ""}  # no language from the environment: the workspace's own
    for args in (["-w", str(ws), "--help"], ["--workspace", str(ws), "--help"], ["-w", str(ws), "status", "--help"],
                 ["status", "-w", str(ws), "--help"], ["profile", "set", f"--workspace={ws}", "--help"]):
        r = run_cli(args, env=env)
        assert r.returncode == 0 and r.stdout.startswith("Usage: mylife"), (args, r.stdout[:60])
        assert "Show this message and exit." in r.stdout and "用法" not in r.stdout, args
    assert run_cli(["status", "--help"], workspace=ws, env=env).stdout.startswith("Usage: mylife status")
    bogus = run_cli(["status", "--bogus", "-w", str(ws)], env=env)  # click's refusal comes before the workspace opens
    assert bogus.returncode == 2 and "No such option: --bogus" in bogus.stderr
    # MYLIFE_LANG still wins; another workspace keeps its own language
    assert run_cli(["-w", str(ws), "--help"], env={"MYLIFE_LANG": "zh"}).stdout.startswith("用法： mylife")
    other = tmp_path / "other"
    assert run_cli(["init", "-w", str(other)]).returncode == 0
    assert run_cli(["status", "-w", str(other), "--help"], workspace=ws, env=env).stdout.startswith("用法： mylife")
    # and no model library is imported to find the language
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "mylife_core", "status", "-w", str(ws), "--help"],
                          capture_output=True, text=True, env=cli_env(None, env, ""), encoding="utf-8")
    assert proc.returncode == 0 and proc.stdout.startswith("Usage: mylife status"), proc.stderr[-500:]
    assert not re.search(r"\|\s+litellm\b", proc.stderr)


def leaf_helps(lang: str) -> dict[str, str]:
    """``{"claim accept": help text}`` for every command that is not a group (hidden ones left
    out), as the library renders them, in a fresh process in ``lang``."""
    code = ("import json, click\nfrom mylife_core.cli import build_cli\nout = {}\n"
            "def walk(cmd, path, parent):\n"
            "    ctx = click.Context(cmd, info_name=path[-1] if path else 'mylife', parent=parent)\n"
            "    if isinstance(cmd, click.Group):\n"
            "        for name in cmd.list_commands(ctx):\n"
            "            walk(cmd.get_command(ctx, name), [*path, name], ctx)\n"
            "    elif not cmd.hidden:\n"
            "        out[' '.join(path)] = cmd.get_help(ctx)\n"
            "walk(build_cli(), [], None)\nprint(json.dumps(out))")
    return fresh_json(code, lang)


def test_every_command_help_shows_an_example_of_itself(cli):
    # a newcomer's `mylife trace --help`, `mylife status --help`, `mylife proposal list --help`
    # (three lines of the README tour) said what the command does but showed no command line;
    # docs/cli.md promises each command's help shows examples
    for lang in ("zh", "en"):
        helps = leaf_helps(lang)
        assert {"trace", "status", "proposal list", "claim accept", "profile get", "serve"} <= set(helps)
        lacking = [name for name, text in helps.items()
                   if not re.search(r"(^|\s|：|:)mylife " + re.escape(name) + r"(\s|$)", text.split("\nOptions:")[0], re.M)]
        assert lacking == [], (lang, lacking)
    zh = cli("trace", "--help")
    assert zh.returncode == 0 and "例：" in zh.stdout and "    mylife trace claim-2026-01-15-001" in zh.stdout
    en = cli("proposal", "accept", "--help", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 0 and "Examples:" in en.stdout and "    mylife proposal accept prop-2026-12-06-1" in en.stdout
    assert "ledger/audit.jsonl" in en.stdout  # and where the result goes

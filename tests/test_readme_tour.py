"""The README's tour, run line by line exactly as printed: the tour text is this test's script.

The script is the first ```sh block under "## A tour" in README.md. Each line (a trailing ``\\``
continues it; a `` # …`` comment ends it) runs through ``bash`` in the repository folder, with
HOME a fresh empty folder (so ``~/mylife`` and ``~/mylife-demo`` are new) and no ``MYLIFE_*``
variable. The rules, by kind of line:

* ``source …`` changes the shell's environment (``source .venv/bin/activate``): it runs as printed
  in front of every later line, as it would in the reader's terminal;
* ``./scripts/…`` runs once, as printed (``./scripts/demo`` finds ``.venv`` ready, as
  ``./scripts/test`` left it, and builds ``~/mylife-demo``);
* ``mylife …`` runs as printed and must exit 0 with no traceback, no "内部错误" and no warning.
  ``MYLIFE_LOAD_PLUGINS`` is set to what ``./scripts/demo`` installs (the career and finance
  lenses) so the plugins the test suite installs besides do not change what the reader sees;
* a command that reads the keyboard gets its input on stdin from :data:`KEYBOARD` (``chat``: a
  question, then ``/quit``); every other command gets an empty stdin;
* a long-running command is marked in the README by a comment ending in ``(until Ctrl-C)``
  (``mylife serve …  # the review panel (until Ctrl-C)``): the test starts it, waits until it has
  printed its first line, checks it is still running, then sends SIGINT (Ctrl-C) and expects it
  to stop within 20 s with exit 0 (or 130, the shell's code for Ctrl-C);
* any other line fails the test: extend these rules (and say how here) before adding one.

What the README's comments promise is checked too (:data:`PROMISES`): the search finds the note,
the trace reaches the user's own line, the brief says which assessment held 对当前工作的评估.

The README says text is English with ``MYLIFE_LANG=en``: the tour runs again so, its promises
checked in English (:data:`PROMISES_EN`: "1 hit", not "1 hits"), and nothing MyLife itself says on
stderr (progress, notes) is left in Chinese.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LONG_RUNNING = "(until Ctrl-C)"
KEYBOARD = {"chat": "我该不该跳槽？\n/quit\n"}
# what a tour line's output must contain: {first words of the line: [texts]}
PROMISES = {  # the default workspace's commands are plain `mylife …` (init's said --workspace ~/mylife)
    "mylife init": ['下一步：mylife record "今天的想法……" --topic career\n'],
    "mylife recall": ["raw/2026-01-15-career.md#L1"],
    "mylife trace": ["今天又加班到十一点……真的受够了，想跳槽", "哈希一致"],
    "mylife ask": ["## 你在「职业去留」上的多段表述", "「对当前工作的评估」由你最近的主观评估满足"],
    "mylife staleness": ["月收入", "工作年限", "你最近一次相关的主观评估是"],
    "mylife status": ["L0 原始记录：2 条", "L2 证据：2 条"],
}
PROMISES_EN = {
    "mylife init": ['Next: mylife record "today\'s thoughts..." --topic career\n'],
    "mylife recall": ["raw/2026-01-15-career.md#L1", '"换工作": 1 hit · keyword mode'],
    "mylife trace": ["今天又加班到十一点……真的受够了，想跳槽", "hash matches"],
    "mylife ask": ['## Your statements on "职业去留', "'对当前工作的评估' is held by your recent assessments"],
    "mylife staleness": ["月收入", "工作年限", "your latest assessment on it was"],
    "mylife status": ["L0 raw records: 2", "L2 claims: 2"],
}
CJK = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")


def tour_lines(readme: str) -> list[tuple[str, str]]:
    """``(command, comment)`` for every line of the tour's first sh block."""
    section = readme.split("\n## A tour", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "README.md: no ```sh block under ## A tour"
    lines: list[tuple[str, str]] = []
    pending = ""
    for raw in block.group(1).splitlines():
        if not raw.strip():
            continue
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1].strip() + " "
            continue
        text = pending + raw.strip()
        pending = ""
        command, _, comment = text.partition("  #")
        lines.append((command.strip(), comment.strip()))
    assert not pending, "README.md: the tour ends inside a continued line"
    return lines


def test_the_parser_reads_the_tour_as_the_reader_does():
    lines = tour_lines((REPO / "README.md").read_text(encoding="utf-8"))
    commands = [c for c, _ in lines]
    assert commands[:3] == ["./scripts/demo", "source .venv/bin/activate", "mylife init"]
    joined = next(c for c in commands if c.startswith("mylife claim add"))
    assert joined.endswith('--from raw/2026-01-15-career.md#L1 --context "连续加班三周"')  # continuation joined
    assert all(not c.endswith("\\") and "#L1  " not in c for c in commands)
    sample = "## A tour\n```sh\nmylife serve --port 8765    # the panel (until Ctrl-C)\n```\n## Next\n"
    assert tour_lines("x\n" + sample) == [("mylife serve --port 8765", "the panel (until Ctrl-C)")]


def test_the_recall_comment_promises_the_search_the_tour_runs():
    """The tour runs with what ./scripts/demo installs, without mylife-vector: `recall` searches by
    keywords, its synonyms finding 跳槽 for 换工作 (PROMISES_EN: "keyword mode"). The comment said
    "search by meaning"; it says keyword search now, and names the plugin that searches by meaning."""
    comment = next(c for cmd, c in tour_lines((REPO / "README.md").read_text(encoding="utf-8"))
                   if cmd.startswith("mylife recall"))
    assert "keyword" in comment and "synonym" in comment, comment
    assert "meaning" not in comment or "mylife-vector" in comment.split("meaning", 1)[1], comment


def _bash(script: str, *, env: dict[str, str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", script], cwd=REPO, env=env, input=stdin, capture_output=True, text=True,
                          timeout=600)


def _long_running(script: str, *, env: dict[str, str]) -> tuple[int, str]:
    *before, last = script.split("\n")
    proc = subprocess.Popen(["bash", "-c", "\n".join([*before, f"exec {last}"])], cwd=REPO, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.strip(), f"{script!r} printed nothing before it ended"
    time.sleep(1)
    assert proc.poll() is None, f"{script!r} stopped by itself: {first}{proc.stdout.read()}"
    os.killpg(proc.pid, signal.SIGINT)
    try:
        code = proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return code, first + proc.stdout.read()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_tour_line_runs_as_printed(tmp_path, lang):
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MYLIFE_", "VIRTUAL_ENV"))}
    venv_bin = str(REPO / ".venv" / "bin")
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    env.update(HOME=str(home), MYLIFE_LOAD_PLUGINS="mylife-career,mylife-finance", PYTHONIOENCODING="utf-8")
    if lang == "en":
        env["MYLIFE_LANG"] = "en"
    prefix: list[str] = []  # the `source` lines so far, as the reader's shell keeps them
    ran: list[str] = []
    for command, comment in tour_lines((REPO / "README.md").read_text(encoding="utf-8")):
        words = command.split()
        if words[0] == "source":
            prefix.append(command)
            continue
        if not (words[0].startswith("./scripts/") or words[0] == "mylife"):
            pytest.fail(f"README tour line {command!r} is neither `source …`, `./scripts/…` nor `mylife …`: "
                        "extend the rules in tests/test_readme_tour.py first")
        script = "\n".join([*prefix, command])
        if comment.endswith(LONG_RUNNING):
            code, out = _long_running(script, env=env)
            assert code in (0, 130), (command, code, out)
            ran.append(command)
            continue
        stdin = KEYBOARD.get(words[1], "") if words[0] == "mylife" and len(words) > 1 else ""
        result = _bash(script, env=env, stdin=stdin)
        assert result.returncode == 0, (command, result.stdout[-3000:], result.stderr[-3000:])
        for bad in ("Traceback", "内部错误", "command not found"):
            assert bad not in result.stdout + result.stderr, (command, bad, result.stderr[-2000:])
        assert "warning" not in result.stderr.lower(), (command, result.stderr[-2000:])
        if lang == "en" and words[0] == "mylife":  # what MyLife says besides the answer: English
            assert not CJK.search(result.stderr), (command, result.stderr[-2000:])
        for start, texts in (PROMISES_EN if lang == "en" else PROMISES).items():
            if command.startswith(start):
                for text in texts:
                    assert text in result.stdout, (command, text, result.stdout[-3000:])
        ran.append(command)
    assert (home / "mylife" / "config.yaml").is_file() and (home / "mylife-demo").is_dir()
    assert any(c.startswith("mylife chat") for c in ran) and any(c.startswith("mylife ask") for c in ran)


def test_the_readme_says_exactly_which_commands_lack_workspace_or_json(monkeypatch):
    """Issue 15.15: "Every command takes --workspace and --json, except …" names exactly the commands
    (with every installed plugin loaded) that lack one of them, and which one they lack."""
    import click

    from mylife_core.cli import build_cli

    monkeypatch.delenv("MYLIFE_LOAD_PLUGINS", raising=False)
    lacking: set[tuple[str, str]] = set()

    def walk(cmd: click.Command, path: list[str]) -> None:
        if isinstance(cmd, click.Group):
            ctx = click.Context(cmd)
            for name in cmd.list_commands(ctx):  # the root group loads its commands lazily
                walk(cmd.get_command(ctx, name), [*path, name])
            return
        opts = {o for p in cmd.params for o in getattr(p, "opts", [])}
        lacking.update((" ".join(path), option) for option in ("--workspace", "--json") if option not in opts)

    walk(build_cli(), [])
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    sentence = readme.split("Every command takes `--workspace` and `--json`", 1)[1].split("Text is", 1)[0]
    said = set(re.findall(r"`mylife ([a-z ]+)` \([^)]*?no `(--workspace|--json)`\)", " ".join(sentence.split())))
    assert said == lacking
    from mylife_core.testing import run_cli

    refused = run_cli(["mcp", "--json"])
    assert refused.returncode == 2 and "--json" in refused.stderr and "Traceback" not in refused.stderr

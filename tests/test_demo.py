"""``mylife demo``: a real demo workspace through the real CLI, checked by the real commands."""

from __future__ import annotations

import shlex
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from mylife_core.demo import MARKER, load_persona, read_marker
from mylife_core.testing import run_cli

NOW = "2026-12-03T09:00"
TODAY = date(2026, 12, 3)
STALE_AT_NOW = {"现有存款", "房租月支出", "工作年限", "对当前工作的评估", "睡眠时长"}


def mylife(*args: str, now: str = NOW, env: dict | None = None):
    return run_cli(args, env={"MYLIFE_NOW": now, **(env or {})})


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> tuple[Path, dict]:
    """One demo built under a fixed MYLIFE_NOW, shared by the read-only tests below."""
    root = tmp_path_factory.mktemp("demo") / "mylife-demo"
    result = mylife("demo", "--workspace", str(root), "--json")
    assert result.returncode == 0, result.stderr
    return root, result.json()


def ws_args(root: Path) -> tuple[str, str]:
    return ("--workspace", str(root))


def test_summary_counts_and_shape(demo):
    root, summary = demo
    assert summary["ok"] is True and summary["workspace"] == str(root) and summary["replaced"] is False
    assert summary["today"] == TODAY.isoformat()
    assert 30 <= summary["records"] <= 60
    assert 60 <= summary["claims"] <= 150
    assert {"职业去留", "财务压力", "健康"} <= set(summary["topics"])
    assert summary["claims_by_status"]["superseded"] == 1
    assert summary["claims_by_status"]["disputed"] == 1
    assert len(summary["candidates"]) == 2
    assert summary["superseded"][0]["by"]
    assert summary["missing_fields"] == [{"name": "信用卡分期余额", "why": summary["missing_fields"][0]["why"]}]
    assert "digest/职业去留.md" in summary["digests"] and "digest/职业去留.ai.md" in summary["digests"]
    assert read_marker(root)["mylife_demo"] == 1
    assert [s["command"].split()[1] for s in summary["try"]][:2] == ["status", "claim"]


def test_verify_passes_and_counts_everything(demo):
    root, summary = demo
    result = mylife("verify", "--json", *ws_args(root))
    assert result.returncode == 0, result.stdout
    report = result.json()
    assert report["ok"] is True and report["problems"] == []
    assert report["raw_checked"] == summary["records"]
    assert report["claims_checked"] == summary["claims"]


def test_trace_of_a_cited_claim_reaches_the_users_own_line(demo):
    root, summary = demo
    claim_id = summary["featured"]["love_here"]
    result = mylife("trace", claim_id, "--json", *ws_args(root))
    assert result.returncode == 0, result.stderr
    trace = result.json()
    assert trace["state"] == "ok"
    assert trace["raw"]["lines"] == [{"line": 4, "text": "说真的，热爱这里，绝不想走。"}]
    assert trace["raw"]["pointer"].endswith("-career.md#L4")
    assert trace["digest"] and trace["digest"][0]["ref"].startswith("digest/职业去留.md#P")
    assert f"[{claim_id}]" in trace["digest"][0]["text"]
    text = mylife("trace", claim_id, *ws_args(root)).stdout
    assert "说真的，热爱这里，绝不想走。" in text


def test_raw_notes_are_kept_messy_byte_for_byte(demo):
    root, _ = demo
    persona = load_persona()
    launch = next(r for r in persona.records if r.key == "launch")
    day = (TODAY + timedelta(days=launch.day)).isoformat()
    data = (root / "raw" / f"{day}-career.md").read_bytes()
    assert data == launch.text.encode("utf-8")
    assert "上线了！！！上线了上线了".encode() in data  # repetition and emotion are L0 too


def test_the_story_over_time(demo):
    root, summary = demo
    result = mylife("claim", "list", "--topic", "职业去留", "--limit", "0", "--json", *ws_args(root))
    assert result.returncode == 0, result.stderr
    claims = {c["id"]: c for c in result.json()["claims"]}
    love, leave, unsure = (claims[summary["featured"][k]] for k in ("love_here", "want_leave", "dont_know"))
    assert love["claim"] == "热爱这里，绝不想走" and love["context"] == "刚完成一个重要项目"
    assert leave["claim"] == "想跳槽" and leave["context"] == "连续加班三周"
    assert unsure["context"] == "刚被调岗"
    assert love["occurred_at"] < leave["occurred_at"] < unsure["occurred_at"]
    assert love["occurred_at"] == (TODAY - timedelta(days=418)).isoformat()  # relative to MYLIFE_NOW
    assert all(c["kind"] == "assessment" for c in (love, leave, unsure))
    disputed = claims[summary["featured"]["targets_us"]]
    assert disputed["status"] == "disputed" and disputed["note"]

    premise = mylife("claim", "show", summary["featured"]["pressure"], "--json", *ws_args(root)).json()["claim"]
    assert premise["claim"] == "财务压力大" and premise["status"] == "active"
    rent = mylife("claim", "show", summary["featured"]["rent_3800"], "--json", *ws_args(root)).json()["claim"]
    assert rent["status"] == "superseded" and rent["superseded_by"] == summary["superseded"][0]["by"]


def test_the_main_job_on_the_demo_with_both_lenses(demo, tmp_path):
    """What scripts/demo runs: the 跳槽 question, offline, with career and finance installed. The
    the example of docs/design.md#both-sides must come out: "财务压力大" was said when savings were 42,000; they are now
    120,000, so it is asked about as an old premise, not used as a fact."""
    import shutil

    root, summary = demo
    copy = tmp_path / "copy"  # ask records its chain: keep the shared demo untouched
    shutil.copytree(root, copy)
    lenses = {"MYLIFE_LOAD_PLUGINS": "mylife-career,mylife-finance"}
    result = mylife("ask", "我该不该跳槽？", "--accept-stale", "--accept-missing", "--offline", "--json",
                    *ws_args(copy), env=lenses)
    assert result.returncode == 0, result.stderr
    answer = result.json()["answer"]
    assert answer["decision"] == "跳槽" and answer["topic"] == "职业去留"
    premises = {p["claim_id"]: p for p in answer["premises"]}
    pressure = premises[summary["featured"]["pressure"]]
    assert pressure["kind"] == "field_changed" and pressure["newer"] == "现有存款"
    assert "42000 → 120000" in pressure["question"] and pressure["question"].endswith("它还成立吗？")
    text = mylife("ask", "我该不该跳槽？", "--accept-stale", "--accept-missing", "--offline", *ws_args(copy), env=lenses)
    assert "## 待作废的旧前提" in text.stdout and "「财务压力大」" in text.stdout
    assert text.stdout.rstrip().endswith("请咨询相应持证专业人士。你的数据保存在本地；启用云端模型时，用于推理的内容会发送至你所配置的 API 提供方。")


def test_english_output_has_its_own_punctuation_and_headers(demo, tmp_path, tmp_path_factory):
    """Issues s20i.6 and s20i.7: English output carried Chinese punctuation written into the code
    (``assessment（assessment）``, ``（14 months ago）``, ``月税后收入：18000``, ``you：…``, ``「…」——``)
    and claim list / profile list had English headers in Chinese output. Each pattern is now one
    message per language; the Chinese output keeps its own."""
    import re
    import shutil

    from lens_support import installed, lens_env

    root, summary = demo
    copy = tmp_path / "copy"  # ask, chat and trace record: keep the shared demo untouched
    shutil.copytree(root, copy)
    lenses = {**lens_env(installed(tmp_path_factory, "mylife-career", "mylife-finance")),
              "MYLIFE_LOAD_PLUGINS": "mylife-career,mylife-finance"}
    en = {**lenses, "MYLIFE_LANG": "en"}
    claim = summary["featured"]["love_here"]

    shown = mylife("claim", "show", claim, *ws_args(copy), env=en).stdout
    assert "kind           assessment\n" in shown and "status         active\n" in shown
    assert "kind           assessment（主观评估）" in mylife("claim", "show", claim, *ws_args(copy)).stdout
    got = mylife("profile", "get", "工作年限", *ws_args(copy), env=en).stdout
    assert re.search(r"updated_at  \S+ \(14 months ago\)\n", got), got
    assert "（14 个月前）" in mylife("profile", "get", "工作年限", *ws_args(copy)).stdout

    brief = mylife("ask", "should I change jobs?", "--accept-stale", "--accept-missing", "--offline", *ws_args(copy),
                   env=en).stdout
    assert re.search(r'^- 20\d\d-\d\d "[^"]+" — ', brief, re.M), brief
    assert "「" not in brief.replace("「对当前工作的评估」", "") and "」——" not in brief
    denied = mylife("ask", "should I buy an index fund?", "--offline", *ws_args(copy), env=en)
    assert denied.returncode == 11 and "  · 月税后收入: 18000 (6 months ago)" in denied.stdout
    assert "  · 月税后收入：18000（6 个月前）" in mylife("ask", "我该不该买指数基金？", "--offline", *ws_args(copy),
                                                   env=lenses).stdout
    chatted = run_cli(["chat", "--offline", *ws_args(copy)], env={"MYLIFE_NOW": NOW, **en},
                      input="should I change jobs?\n/quit\n")
    assert chatted.returncode == 0, chatted.stderr
    (session,) = mylife("sessions", "--json", *ws_args(copy), env=en).json()["sessions"]
    transcript = mylife("sessions", session["id"], *ws_args(copy), env=en).stdout
    assert "] you: should I change jobs?" in transcript and "：" not in transcript.split("\n")[1]
    chain = mylife("ask", "should I change jobs?", "--accept-stale", "--accept-missing", "--offline", "--json",
                   *ws_args(copy), env=en).json()["chain"]["id"]
    assert mylife("trace", chain, *ws_args(copy), env=en).stdout.splitlines()[0].endswith('  "should I change jobs?"')

    headers = {"claim": ["id", "date", "kind", "status", "topic", "claim"],
               "profile": ["field", "value", "updated", "ttl", "state"]}
    for command, english in headers.items():
        zh = mylife(command, "list", *ws_args(copy)).stdout.splitlines()[0].split()
        assert zh == {"claim": ["编号", "日期", "类型", "状态", "主题", "证据"],
                      "profile": ["字段", "值", "更新日期", "有效期", "状态"]}[command]
        assert mylife(command, "list", *ws_args(copy), env=en).stdout.splitlines()[0].split() == english


def test_an_english_draft_against_the_act_is_read_as_against_it(demo, tmp_path, tmp_path_factory):
    """Issue s20k.2: English ``ask`` drafts "I should not quit my job" (negate_question); the stance
    rules read every English conclusion as "do it", so the user's own "热爱这里，绝不想走" was shown
    as counter-evidence against *not* quitting. An English modal's negation now sets the side, as
    不该 does: the list is the Chinese draft's, in ``competing`` and in ``ask``'s brief."""
    import shutil

    from lens_support import installed, lens_env

    root, summary = demo
    love_here = summary["featured"]["love_here"]  # 热爱这里，绝不想走
    # the career lens names the act in both languages (quit: 辞职, 跳槽, 走)
    career = {**lens_env(installed(tmp_path_factory, "mylife-career")), "MYLIFE_LOAD_PLUGINS": "mylife-career"}

    def against(conclusion: str) -> list[str]:
        result = mylife("competing", conclusion, "--offline", "--json", *ws_args(root), env=career)
        assert result.returncode == 0, result.stderr
        return [item["claim_id"] for item in result.json()["items"]]

    assert against("I should not quit my job") == against("我不该辞职")
    assert love_here not in against("I should not quit my job")
    assert love_here in against("I should quit my job")  # the other side still finds it

    copy = tmp_path / "copy"  # ask records its chain: keep the shared demo untouched
    shutil.copytree(root, copy)
    en = {**career, "MYLIFE_LANG": "en"}
    brief = mylife("ask", "should I quit my job?", "--accept-stale", "--accept-missing", "--offline", "--json",
                   *ws_args(copy), env=en).json()["answer"]
    assert brief["draft_conclusion"] == "I should not quit my job"
    assert love_here not in [item["claim_id"] for item in brief["competing"]]
    text = mylife("ask", "should I quit my job?", "--accept-stale", "--accept-missing", "--offline", *ws_args(copy),
                  env=en).stdout
    assert '"热爱这里，绝不想走" — takes the opposite side' not in text and '"想跳槽" — takes the opposite side' in text


def test_inference_candidates_await_the_user(demo):
    root, summary = demo
    result = mylife("claim", "list", "--status", "candidate", "--json", *ws_args(root))
    candidates = result.json()["claims"]
    assert {c["id"] for c in candidates} == set(summary["candidates"])
    assert all(c["kind"] == "inference" and c["source"] == "llm_inferred" for c in candidates)
    assert summary["claims_by_kind"]["inference"] == 4  # plus one accepted, one rejected


def test_staleness_under_a_fixed_now(demo):
    root, summary = demo
    assert {f["name"] for f in summary["stale_fields"]} == STALE_AT_NOW
    listed = mylife("profile", "list", "--stale", "--json", *ws_args(root))
    assert listed.returncode == 0, listed.stderr
    assert {f["name"] for f in listed.json()["fields"]} == STALE_AT_NOW
    # twenty days later the income (set 170 days before the build, TTL 180) has expired too
    later = mylife("profile", "list", "--stale", "--json", *ws_args(root), now="2026-12-23T09:00")
    assert {f["name"] for f in later.json()["fields"]} == STALE_AT_NOW | {"月税后收入"}
    savings = mylife("profile", "get", "现有存款", "--json", *ws_args(root)).json()["field"]
    assert savings["value"] == 120000 and [h["value"] for h in savings["history"]] == [42000, 85000]
    assert savings["provenance"].startswith("raw/") and savings["source"] == "user_raw"
    missing = mylife("profile", "get", "信用卡分期余额", *ws_args(root))
    assert missing.returncode != 0 and "信用卡分期余额" in missing.stderr


def test_tour_commands_run(demo, tmp_path):
    """Every command the tour prints works as printed (on a copy: accept writes)."""
    import shutil

    root, summary = demo
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    for step in summary["try"]:
        argv = shlex.split(step["command"].replace(str(root), str(copy)))
        assert argv[0] == "mylife" and argv[-2] == "-w"
        result = mylife(*argv[1:])
        assert "Traceback" not in result.stderr and "内部错误" not in result.stderr, step
        if argv[1] != "ask":  # ask stops to ask about stale fields (its own exit code)
            assert result.returncode == 0, (step, result.stderr)
        assert result.stdout.strip(), step
        if argv[1:4] == ["claim", "list", "--topic"]:  # "every piece of evidence on staying or leaving"
            traced = next(s for s in summary["try"] if s["command"].startswith("mylife trace"))["command"].split()[2]
            assert traced in result.stdout and "--limit 0" not in result.stdout, result.stdout[-500:]


def test_text_tour_in_chinese_and_english(tmp_path):
    (tmp_path / "zh").mkdir()  # an empty folder is a fine target
    zh = mylife("demo", "-w", str(tmp_path / "zh"))
    assert zh.returncode == 0, zh.stderr
    assert "演示工作区已建好" in zh.stdout and "接着可以试试" in zh.stdout
    assert "mylife trace claim-" in zh.stdout and "mylife profile list --stale" in zh.stdout
    en = mylife("demo", "-w", str(tmp_path / "en"), env={"MYLIFE_LANG": "en"})
    assert en.returncode == 0, en.stderr
    assert "Demo workspace ready" in en.stdout and "Things to try next" in en.stdout
    assert "Persona: 周予安, 29, an ordinary" in en.stdout  # a comma of its own, not 周予安，29 (issue s25c)
    assert "人物：周予安，29 岁" in zh.stdout


def test_default_target_is_a_fresh_demo_folder_never_the_real_workspace(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    real = tmp_path / "real"
    assert run_cli(["init", "--workspace", str(real)]).returncode == 0
    before = sorted(p.relative_to(real) for p in real.rglob("*"))
    result = run_cli(["demo", "--json"], workspace=real, env={"HOME": str(home), "MYLIFE_NOW": NOW})
    assert result.returncode == 0, result.stderr
    assert result.json()["workspace"] == str(home / "mylife-demo")
    assert (home / "mylife-demo" / MARKER).is_file()
    assert sorted(p.relative_to(real) for p in real.rglob("*")) == before  # MYLIFE_HOME untouched


def test_refuses_a_non_empty_folder_and_writes_nothing(tmp_path):
    target = tmp_path / "notes"
    target.mkdir()
    (target / "mine.txt").write_text("my own file")
    for extra in ((), ("--force",)):
        result = mylife("demo", "-w", str(target), *extra)
        assert result.returncode == 2, result.stderr
        assert str(target) in result.stderr and "Traceback" not in result.stderr
        assert sorted(p.name for p in target.iterdir()) == ["mine.txt"]
    assert "--force" in mylife("demo", "-w", str(target), "--force").stderr  # says why --force did not help
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]  # no half-built sibling left
    as_json = mylife("demo", "-w", str(target), "--json")
    assert as_json.json()["ok"] is False and as_json.json()["error"]["key"] == "demo_target_exists"


def test_force_never_deletes_a_real_workspace(tmp_path):
    real = tmp_path / "real"
    assert run_cli(["init", "--workspace", str(real)]).returncode == 0
    assert run_cli(["record", "我自己的笔记", "--topic", "life", "--workspace", str(real)]).returncode == 0
    result = mylife("demo", "-w", str(real), "--force", "--json")
    assert result.returncode == 2 and result.json()["error"]["key"] == "demo_force_refused"
    assert run_cli(["status", "--json", "--workspace", str(real)]).json()["layers"]["raw"]["records"] == 1


def test_force_rebuilds_only_a_demo(tmp_path):
    target = tmp_path / "demo"
    first = mylife("demo", "-w", str(target), "--json")
    assert first.returncode == 0, first.stderr
    again = mylife("demo", "-w", str(target), "--json")
    assert again.returncode == 2 and again.json()["error"]["key"] == "demo_exists"
    (target / "raw" / "stray.md").write_text("changed by hand")  # the old demo is thrown away whole
    rebuilt = mylife("demo", "-w", str(target), "--force", "--json")
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert rebuilt.json()["replaced"] is True
    assert not (target / "raw" / "stray.md").exists()
    assert mylife("verify", "--json", "--workspace", str(target)).json()["ok"] is True
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_persona_quotes_each_match_one_line():
    """Every claim pointer and profile source in the bundled persona names exactly one line."""
    persona = load_persona()
    texts = {r.key: r.text.rstrip("\n").split("\n") for r in persona.records}
    for record in persona.records:
        for c in record.claims:
            assert sum(c.quote in line for line in texts[record.key]) == 1, (record.key, c.quote)
    for field in persona.profile:
        for value in field.values:
            if value.source_of and value.source_of.record:
                lines = texts[value.source_of.record]
                assert sum(value.source_of.quote in line for line in lines) == 1, (field.name, value)
    days = [r.day for r in persona.records]
    assert min(days) >= -430 and max(days) <= 0  # about fourteen months, nothing in the future


# ------------------------------------------------------------------------------ ./scripts/demo itself

REPO = Path(__file__).resolve().parent.parent


def run_script(*args: str, home: Path, cwd: Path) -> "subprocess.CompletedProcess[str]":
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith("MYLIFE_")}
    env.update(HOME=str(home), MYLIFE_NOW=NOW)
    return subprocess.run([str(REPO / "scripts" / "demo"), *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=300)


def test_scripts_demo_ends_with_how_to_put_mylife_on_path_and_those_lines_run(tmp_path):
    """Issue 15.3: after ./scripts/demo, `mylife` is not on PATH; its last lines say how (activate the
    venv, or a user-level link in ~/.local/bin like pipx / uv tool), and each line runs as printed."""
    import subprocess

    home = tmp_path / "home"
    home.mkdir()
    result = run_script("rel/demo", home=home, cwd=tmp_path)  # a relative folder: from where it was typed
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr.lower() and "Traceback" not in result.stderr
    target = tmp_path / "rel" / "demo"
    assert (target / MARKER).is_file()
    tail = result.stdout.rstrip().splitlines()[-4:]
    assert tail[0].startswith("mylife 命令装在") and ".venv" in tail[0]
    activate, link, then = tail[1].strip(), tail[2].strip(), tail[3]
    assert activate.startswith(f"source {REPO / '.venv' / 'bin' / 'activate'}")
    assert link.startswith(f"mkdir -p ~/.local/bin && ln -sf {REPO / '.venv' / 'bin' / 'mylife'} ~/.local/bin/mylife")
    first = then.split("：", 1)[1]
    assert first == f"mylife status -w {target}"
    clean = {"HOME": str(home), "PATH": "/usr/bin:/bin", "MYLIFE_NOW": NOW}
    by_activation = subprocess.run(["bash", "-c", f"{activate}\n{first}"], capture_output=True, text=True, env=clean)
    assert by_activation.returncode == 0 and "L2 证据" in by_activation.stdout, by_activation.stderr
    by_link = subprocess.run(["bash", "-c", f"{link}\nexport PATH=\"$HOME/.local/bin:$PATH\"\n{first}"],
                             capture_output=True, text=True, env=clean)
    assert by_link.returncode == 0 and "L2 证据" in by_link.stdout, by_link.stderr
    assert (home / ".local" / "bin" / "mylife").is_symlink()


def test_scripts_demo_refuses_a_non_empty_folder_in_its_own_terms(tmp_path):
    """Issue 15.17: no word about mylife demo's --force / --workspace, which the user never typed."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "mine.txt").write_text("my own file")
    home = tmp_path / "home"
    home.mkdir()
    result = run_script(str(notes), home=home, cwd=tmp_path)
    assert result.returncode == 2
    assert "--force" not in result.stderr and "--workspace" not in result.stderr and "Traceback" not in result.stderr
    assert f"{notes} 里已经有别的文件" in result.stderr
    assert f"{REPO / 'scripts' / 'demo'} {notes / 'mylife-demo'}" in result.stderr  # a folder that would work
    assert sorted(p.name for p in notes.iterdir()) == ["mine.txt"]
    a_file = run_script(str(notes / "mine.txt"), home=home, cwd=tmp_path)
    assert a_file.returncode == 2 and "是一个文件，不是文件夹" in a_file.stderr and "--" not in a_file.stderr


def test_the_demo_script_never_suggests_a_folder_inside_a_real_workspace(cli, ws_path, tmp_path):
    """``./scripts/demo PATH`` on a folder that is in use suggests another folder: for a workspace,
    one beside it, never inside it."""
    def check(target):
        return subprocess.run([sys.executable, "-m", "mylife_core.demo", "check", str(target), "./scripts/demo"],
                              capture_output=True, text=True, check=False)

    cli("init")
    refused = check(ws_path)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert str(ws_path.parent / "mylife-demo") in refused.stderr
    assert str(ws_path / "mylife-demo") not in refused.stderr
    other = tmp_path / "notes"
    other.mkdir()
    (other / "a.txt").write_text("x", encoding="utf-8")
    assert str(other / "mylife-demo") in check(other).stderr  # a plain folder: a new one inside is fine
    assert check(tmp_path / "empty").returncode == 0


def test_force_never_deletes_words_recorded_into_a_demo(tmp_path):
    """A newcomer builds the demo, records a note of their own into it, then resets the demo:
    `--force` threw the note away with the demo. A demo holding notes it did not write is not
    rebuilt; the error names them and the way out, and nothing is touched."""
    target = tmp_path / "demo"
    assert mylife("demo", "-w", str(target), "--json").returncode == 0
    mine = mylife("record", "这是我自己的真心话", "--topic", "职业去留", "-w", str(target), "--json")
    assert mine.returncode == 0, mine.stderr
    file = mine.json()["record"]["file"]
    result = mylife("demo", "-w", str(target), "--force", "--json")
    assert result.returncode == 2, result.stdout
    error = result.json()["error"]
    assert error["key"] == "demo_has_own_words" and file in error["message"], error
    assert (target / file).read_text(encoding="utf-8") == "这是我自己的真心话"
    assert mylife("verify", "--json", "--workspace", str(target)).json()["ok"] is True

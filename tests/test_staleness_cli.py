"""The whole flow through the real ``mylife`` command: a new field's TTL is inferred, shown and
confirmed (pty, --yes, no terminal, JSON); then, with the career lens pip-installed, time passes
(MYLIFE_NOW) and ``mylife staleness`` stops the decision until the user updates or keeps."""

from __future__ import annotations

import re
import shlex

import pytest
import yaml
from fakellm import fakellm  # noqa: F401

from lens_support import installed, lens_env, run_in_pty


def profile(ws_path):
    return yaml.safe_load((ws_path / "profile.yaml").read_text(encoding="utf-8"))["fields"]


# --------------------------------------------------------------------------- profile set: TTL confirmed once


def test_new_field_ttl_is_accepted_on_a_terminal(cli, ws_path):
    cli("init")
    r = run_in_pty(["profile", "set", "房租", "4500"], workspace=ws_path, answers=[""])
    assert r.returncode == 0, r.stdout
    assert "「房租」是新字段。推断有效期：365 天（房租通常按年签约，一年内变动不大；依据：内置规则）" in r.stdout
    assert "回车接受 365 天，或输入天数 / never（不过期）修改:" in r.stdout
    field = profile(ws_path)["房租"]
    assert field["ttl_days"] == 365 and field["ttl_source"] == "heuristic"
    assert field["ttl_reason"] == "房租通常按年签约，一年内变动不大"


def test_new_field_ttl_is_changed_once_with_a_bad_answer_explained(cli, ws_path):
    cli("init")
    r = run_in_pty(["profile", "set", "现有存款", "120000"], workspace=ws_path, answers=["soon", "30"])
    assert r.returncode == 0, r.stdout
    assert "推断有效期：90 天" in r.stdout
    assert "--ttl 的值「soon」无效" in r.stdout  # explained, then asked again
    field = profile(ws_path)["现有存款"]
    assert field["ttl_days"] == 30 and field["ttl_source"] == "user"
    assert field["ttl_reason"] == "你指定（MyLife 推断为 90 天：存款变化快，三个月就可能差很多）"
    # an existing field is never asked again: its TTL stays
    again = run_in_pty(["profile", "set", "现有存款", "130000"], workspace=ws_path, answers=[])
    assert again.returncode == 0 and "推断有效期" not in again.stdout
    assert profile(ws_path)["现有存款"]["ttl_days"] == 30


def test_never_expires_can_be_chosen(cli, ws_path):
    cli("init")
    r = run_in_pty(["profile", "set", "宠物名字", "旺财"], workspace=ws_path, answers=["never"])
    assert r.returncode == 0, r.stdout
    assert "推断有效期：180 天（没有字段词典或规则认识这个字段" in r.stdout and "依据：默认值" in r.stdout
    assert profile(ws_path)["宠物名字"]["ttl_days"] is None


def test_yes_no_terminal_and_json_accept_and_say_so(cli, ws_path):
    cli("init")
    yes = run_in_pty(["profile", "set", "学历", "普通本科", "--yes"], workspace=ws_path, answers=[])
    assert "已按 --yes 接受推断的有效期。" in yes.stdout and "回车接受" not in yes.stdout
    piped = cli("profile", "set", "月收入", "18000")  # stdin is not a terminal
    assert piped.returncode == 0
    assert "不是交互终端，已自动接受推断的有效期。要修改：mylife profile set 月收入 18000 --ttl 天数|never" in piped.stdout
    doc = cli("profile", "set", "monthly rent", "4500", "--json").json()
    assert doc["field"]["ttl_days"] == 365 and doc["field"]["ttl_reason"] == "房租通常按年签约，一年内变动不大"
    assert doc["ttl_inference"]["how"] == "json" and doc["ttl_inference"]["inferred"]["source"] == "heuristic"
    given = cli("profile", "set", "房贷", "6200", "--ttl", "200", "--json").json()
    assert given["ttl_inference"] is None and given["field"]["ttl_days"] == 200
    fields = profile(ws_path)
    assert fields["学历"]["ttl_days"] is None and fields["月收入"]["ttl_days"] == 180
    assert fields["月收入"]["sensitivity"] == "high"


def test_the_command_said_to_change_an_inferred_ttl_works_when_pasted(cli, ws_path):
    """`profile set "monthly income" 8000` (no terminal) said `To change it: mylife profile set
    monthly income 8000 --ttl DAYS|never`: pasted, `income` and `8000` were two words too many
    (exit 2). Names and values are quoted where a shell needs it (shell.word), so the command,
    pasted with the TTL filled in, sets that field to that value; doing so adds no history entry."""
    from mylife_core.shell import word

    cli("init")
    for name, value, env in [("monthly income", "8000", {"MYLIFE_LANG": "en"}), ("体检结论", "脂肪肝 好转", {})]:
        said = cli("profile", "set", name, value, env=env).stdout
        line = next(line for line in said.splitlines() if "profile set" in line)
        command = line.split("profile set", 1)[1].rsplit("--ttl", 1)[0]
        assert command.strip() == f"{word(name)} {word(value)}", line
        words = shlex.split(command)
        assert words == [name, value]
        pasted = cli("profile", "set", *words, "--ttl", "30", "--json")
        assert pasted.returncode == 0, pasted.stderr
        field = pasted.json()["field"]
        assert field["name"] == name and field["value"] == (8000 if value == "8000" else value)
        assert field["ttl_days"] == 30 and field["history"] == []


def test_bad_input_is_rejected_before_any_question(cli, ws_path):
    cli("init")
    r = run_in_pty(["profile", "set", "房租", "  "], workspace=ws_path, answers=[])
    assert r.returncode == 2 and "值 不能为空" in r.stdout and "推断有效期" not in r.stdout
    assert profile(ws_path) == {}  # nothing written (init creates the empty profile.yaml)


def test_english_by_configuration(cli, ws_path):
    cli("init", "--language", "en")
    r = cli("profile", "set", "savings", "120000", env={"MYLIFE_LANG": ""})
    assert "'savings' is a new field. Inferred TTL: 90 days (savings change fast" in r.stdout
    assert "Not an interactive terminal: the inferred TTL was accepted." in r.stdout


# --------------------------------------------------------------------------- the staleness check, end to end


@pytest.fixture(scope="module")
def career(tmp_path_factory):
    return installed(tmp_path_factory, "mylife-career")


def test_whole_flow_update_or_keep(cli, ws_path, career):
    env = lens_env(career)
    run = lambda *a, now=None: cli(*a, env={**env, **({"MYLIFE_NOW": now} if now else {})},  # noqa: E731
                                   load_plugins="mylife-career")
    assert run("init").returncode == 0
    for name, value, at in [("月收入", "18000", "2026-01-10"), ("现有存款", "120000", "2026-01-10"),
                            ("房租", "4500", "2025-08-01"), ("工作年限", "6", "2026-01-10"),
                            ("对当前工作的评估", "受不了现在的管理方式", "2026-03-01"), ("学历", "普通本科", "2026-01-10")]:
        r = run("profile", "set", name, value, "--at", at, "--json")
        assert r.returncode == 0, r.stderr
        assert r.json()["ttl_inference"]["source"] == "plugin:mylife-career"  # the lens's field dictionary
    fields = profile(ws_path)
    assert fields["现有存款"]["ttl_days"] == 90 and fields["学历"]["ttl_days"] is None
    assert fields["对当前工作的评估"]["ttl_days"] == 60 and fields["月收入"]["topic"] == "现金流"

    # three months later: savings has expired; the decision is stopped with the message of docs/design.md#pre-decide
    r = run("staleness", "我该不该跳槽？", "--json", now="2026-04-15")
    assert r.returncode == 0, r.stderr
    doc = r.json()
    assert [d["name"] for d in doc["decisions"]] == ["跳槽"] and doc["topic"] == "职业去留"
    assert [f["age_text"] for f in doc["expired"]] == ["现有存款：上次填写是 3 个月前"]
    assert doc["missing"] == [] and doc["verdict"]["kind"] == "steer" and doc["blocking"] == ["现有存款"]
    assert "房贷" in doc["missing_optional"] and doc["disclaimer"].startswith("MyLife 是决策支持")
    text = run("staleness", "我该不该跳槽？", now="2026-04-15").stdout
    assert "回答这个问题前，有 1 个数字可能已经变了：" in text
    assert "现有存款：上次填写是 3 个月前（当时是 120000，有效期 90 天，已过期 5 天）" in text
    assert "存款决定你能承受多长的空窗期" in text
    assert "[现在更新] mylife profile set 现有存款 新值" in text
    assert "[沿用旧值] 结论会标注「基于可能过时的 现有存款（3 个月前的数据）」并按 0.5 降权" in text
    assert text.rstrip().endswith("请咨询相应持证专业人士。你的数据保存在本地；启用云端模型时，用于推理的内容会发送至你所配置的 API 提供方。")

    # choice 1: keep the old value -> allowed, marked and down-weighted
    kept = run("staleness", "我该不该跳槽？", "--keep", "现有存款", "--json", now="2026-04-15").json()
    assert kept["verdict"]["kind"] == "allow" and kept["kept"] == ["现有存款"] and kept["stale_weight"] == 0.5
    assert kept["expired"][0]["note"] == "基于可能过时的 现有存款（3 个月前的数据）"
    # choice 2: update now (or confirm it is unchanged) -> nothing blocks
    assert run("profile", "confirm", "现有存款", now="2026-04-15").returncode == 0
    fresh = run("staleness", "我该不该跳槽？", "--json", now="2026-04-16").json()
    assert fresh["expired"] == [] and fresh["verdict"]["kind"] == "allow"
    assert "这个决策依赖的字段都在有效期内。" in run("staleness", "我该不该跳槽？", now="2026-04-16").stdout

    # later, income, rent and the assessment expire too, each on its own TTL; work years (365) and
    # education (never) do not
    later = run("staleness", "我该不该跳槽？", "--json", now="2026-12-01").json()
    assert {f["name"] for f in later["expired"]} == {"月收入", "现有存款", "房租", "对当前工作的评估"}
    assert "学历" not in {f["name"] for f in later["expired"]}


def test_without_lenses_the_core_knows_no_decision(cli):
    cli("init")
    r = cli("staleness", "我该不该跳槽？", "--json")
    assert r.returncode == 0 and r.json()["decisions"] == [] and r.json()["verdict"]["kind"] == "allow"
    text = cli("staleness", "我该不该跳槽？").stdout
    assert "没有识别出这个问题对应的决策" in text and "mylife-career" in text


def test_staleness_errors(cli):
    cli("init")
    r = cli("staleness", "  ")
    assert r.returncode == 2 and "问题 不能为空" in r.stderr and "Traceback" not in r.stderr
    r = cli("staleness", "  ", "--json")
    assert r.returncode == 2 and r.json()["ok"] is False


def test_staleness_in_english(cli, career):
    env = {**lens_env(career), "MYLIFE_NOW": "2026-04-15", "MYLIFE_LANG": "en"}
    cli("init", "--language", "en")
    cli("profile", "set", "现有存款", "120000", "--at", "2026-01-10", env=env, load_plugins="mylife-career")
    text = cli("staleness", "should I change jobs?", env=env, load_plugins="mylife-career").stdout
    assert "Before answering, these figures may have changed (1):" in text
    assert "现有存款: last set 3 months ago (was 120000, valid for 90 days, expired 5 days ago)" in text
    assert "based on possibly outdated 现有存款 (data from 3 months ago)" in text
    assert "Verdict: ask you first (steer)" in text and "not investment, legal, tax, medical" in text


def test_a_lens_speaks_english_when_mylife_does(cli, career):
    """Issue s20i.10: English staleness and ask showed the lens's impact lines and TTL reasons in
    Chinese (存款决定你能承受多长的空窗期): lens.yaml had no English. ``impact_en`` and
    ``ttl_reason_en`` are shown when the language is English; Chinese stays Chinese."""
    env = {**lens_env(career), "MYLIFE_NOW": "2026-04-15"}
    run = lambda *a, lang="en": cli(*a, env={**env, "MYLIFE_LANG": lang}, load_plugins="mylife-career")  # noqa: E731
    run("init")
    new = run("profile", "set", "现有存款", "120000", "--at", "2026-01-10", "--yes")
    assert "savings change fast; three months can make a big difference" in new.stdout, new.stdout
    english = run("staleness", "should I change jobs?").stdout
    assert "      your savings decide how long a gap between jobs you can afford\n" in english
    assert "存款决定你能承受多长的空窗期" not in english
    doc = run("staleness", "should I change jobs?", "--json").json()
    assert doc["expired"][0]["impact"] == "your savings decide how long a gap between jobs you can afford"
    brief = run("ask", "should I change jobs?", "--offline")
    assert brief.returncode == 10 and "your savings decide how long a gap between jobs you can afford" in brief.stdout
    assert "存款决定你能承受多长的空窗期" in run("staleness", "我该不该跳槽？", lang="zh").stdout


def test_english_names_the_fields_in_english_beside_their_chinese_names(cli, career):
    """A newcomer's English tour: `mylife staleness "Should I change jobs?"` listed 工作年限 and
    对当前工作的评估 as missing with no English word for them, so `profile set "years worked" 5`
    made a new field and the question still stopped. The dictionary's English alias is said
    beside the name (text only; the suggested commands keep the name, which works as pasted)."""
    env = {**lens_env(career), "MYLIFE_NOW": "2026-04-15"}
    run = lambda *a, lang="en": cli(*a, env={**env, "MYLIFE_LANG": lang}, load_plugins="mylife-career")  # noqa: E731
    run("init")
    text = run("staleness", "Should I change jobs?").stdout
    assert "  · 工作年限 (years of experience) — your years of experience set your place" in text
    assert "  · 对当前工作的评估 (job satisfaction) — " in text
    assert "房租 (rent), 房贷 (mortgage), 学历 (education)" in text  # the optional ones too
    assert "profile set 工作年限 VALUE" in text
    assert run("profile", "set", "years of experience", "5", "--yes").returncode == 0  # the name said works
    again = run("staleness", "Should I change jobs?").stdout
    assert "工作年限→years of experience" in again and "· 工作年限" not in again
    chinese = run("staleness", "我该不该跳槽？", lang="zh").stdout
    assert "(years of experience)" not in chinese and "（job satisfaction）" not in chinese
    assert run("staleness", "Should I change jobs?", "--json").json()["dependencies"][0].keys() == {
        "name", "required", "decisions", "impact", "field", "claims"}


def test_missing_fields_offer_accept_missing_and_assessments_hold_the_users_own_judgment(cli, ws_path, career):
    """Issue 15.10: exit 10 lists --accept-missing with the other choices; "对当前工作的评估" (a field the
    lens marks ``kind: assessment``) is held by the user's recent assessment claims on the decision's
    topic, and both ``staleness`` and the brief say which; one older than the TTL does not hold it,
    and the report says how old it is and how to add a fresh one."""
    env = lens_env(career)
    run = lambda *a, now="2026-03-10", stdin=None: cli(*a, env={**env, "MYLIFE_NOW": now},  # noqa: E731
                                                         load_plugins="mylife-career", input=stdin)
    run("init")
    for name, value in [("月收入", "18000"), ("现有存款", "120000")]:
        assert run("profile", "set", name, value).returncode == 0
    r = run("record", "今天又加班到十一点……真的受够了\n我无法忍受当前的管理方式", "--topic", "career", "--at", "2026-02-20")
    assert r.returncode == 0, r.stderr

    stopped = run("ask", "我该不该跳槽？")
    assert stopped.returncode == 10
    assert "还缺 2 个必要字段" in stopped.stdout and "对当前工作的评估" in stopped.stdout
    assert "[补上] mylife profile set 工作年限 值" in stopped.stdout
    assert "[先不补] 照常回答，缺的字段会在结论里列出：mylife ask 我该不该跳槽？ --accept-missing" in stopped.stdout

    # the user's own assessment on 职业去留 (20 days old, TTL 60) holds the dependency
    added = run("claim", "add", "我无法忍受当前的管理方式", "--topic", "职业去留", "--kind", "assessment",
                "--from", "raw/2026-02-20-career.md#L2", "--json")
    claim_id = added.json()["claim"]["id"]
    assert claim_id == "claim-2026-02-20-001"
    doc = run("staleness", "我该不该跳槽？", "--json").json()
    assert doc["missing"] == ["工作年限"]
    held = next(d for d in doc["dependencies"] if d["name"] == "对当前工作的评估")
    assert held["claims"] == [claim_id] and held["field"] is None
    assert f"「对当前工作的评估」由你最近的主观评估满足：{claim_id}" in run("staleness", "我该不该跳槽？").stdout
    brief = run("ask", "我该不该跳槽？", "--accept-missing")
    assert brief.returncode == 0, brief.stderr
    assert f"「对当前工作的评估」由你最近的主观评估满足：{claim_id}" in brief.stdout
    assert "缺少的字段（结论可能不完整）：工作年限" in brief.stdout

    # four months on the assessment is too old to hold it: missing again, and the report says why
    later = run("staleness", "我该不该跳槽？", "--json", now="2026-06-20").json()
    assert "对当前工作的评估" in later["missing"]
    assert next(d for d in later["dependencies"] if d["name"] == "对当前工作的评估")["claims"] == []
    text = run("staleness", "我该不该跳槽？", now="2026-06-20").stdout
    assert "你最近一次相关的主观评估是 4 个月前（2026-02-20，claim-2026-02-20-001），已超过有效期" in text
    assert '[补上] mylife claim add "你现在的看法" --topic 职业去留 --kind assessment' in text
    fresh_claim = run("claim", "add", "还是受不了，但项目有意思", "--topic", "职业去留", "--kind", "assessment",
                      now="2026-06-20")
    assert fresh_claim.returncode == 0
    assert "对当前工作的评估" not in run("staleness", "我该不该跳槽？", "--json", now="2026-06-20").json()["missing"]
    # a profile value the user set keeps working as before
    assert run("profile", "set", "对当前工作的评估", "还行", now="2026-06-20").returncode == 0
    fresh = run("staleness", "我该不该跳槽？", "--json", now="2026-06-21").json()
    assert "对当前工作的评估" not in {f["name"] for f in fresh["expired"]}
    assert next(d for d in fresh["dependencies"] if d["name"] == "对当前工作的评估")["field"] == "对当前工作的评估"


def _suggested_commands(text: str) -> list[str]:
    """Every ``mylife ...`` command a report suggests, as the user would select it to paste: up
    to two spaces, a full-width parenthesis or the end of the line."""
    return [m.strip() for m in re.findall(r"(mylife (?:[^\n（）]|(?<! ) (?! ))+)", text)]


def test_suggested_commands_work_when_pasted_with_the_workspace_given_by_w(tmp_path, career):
    """Issue s19a.1: ``ask``, ``staleness`` and ``chat`` on a workspace given with ``-w`` (a path
    with a space, no MYLIFE_HOME) suggest ``mylife -w PATH ...``; each command, split as a shell
    would, is accepted and acts on that workspace (the root group takes ``-w``; the path is quoted)."""
    from mylife_core.testing import run_cli

    ws = tmp_path / "my ws"
    env = {**lens_env(career), "MYLIFE_NOW": "2026-04-15"}

    def run(*args, input=None):
        return run_cli(args, env=env, load_plugins="mylife-career", input=input)  # no MYLIFE_HOME

    assert run("init", "-w", str(ws)).returncode == 0
    for name, value in [("现有存款", "120000"), ("月收入", "18000")]:
        assert run("profile", "set", name, value, "--at", "2026-01-10", "-w", str(ws)).returncode == 0
    reports = {
        "ask": run("ask", "我该不该跳槽？", "--offline", "-w", str(ws)),
        "staleness": run("staleness", "我该不该跳槽？", "-w", str(ws)),
        "chat": run("chat", "--offline", "-w", str(ws), input="我该不该跳槽？\n"),
    }
    assert reports["ask"].returncode == 10, reports["ask"].stderr
    quoted = shlex.quote(str(ws))
    for name, report in reports.items():
        # (the chat's own "mylife chat --resume" hints are about sessions, not this report)
        commands = [c for c in _suggested_commands(report.stdout) if "chat --resume" not in c]
        assert len(commands) >= 5, (name, report.stdout)  # update/confirm, keep (ask, staleness), fill, accept-missing
        for command in commands:
            assert command.startswith(f"mylife -w {quoted} "), (name, command)
            args = shlex.split(command.replace(" 新值", " 130000").replace(" 值", " 5"))
            assert args[0] == "mylife"
            pasted = run(*args[1:])
            assert pasted.returncode in (0, 10), (name, command, pasted.stderr)  # 10: ask still stopped
            assert "没有这个选项" not in pasted.stderr and "没有找到 MyLife 工作区" not in pasted.stderr
    # they acted on that workspace: the confirmed and set fields are fresh there
    doc = run("staleness", "我该不该跳槽？", "--json", "-w", str(ws)).json()
    assert doc["expired"] == [] and "工作年限" not in doc["missing"], doc
    # the answer's chain line and the chat's resume hint name the workspace too
    answered = run("ask", "我该不该跳槽？", "--offline", "--accept-missing", "-w", str(ws))
    assert answered.returncode == 0, answered.stderr
    trace = re.search(r"`(mylife [^`]+ trace chain-[^`]+)`", answered.stdout)
    assert trace and trace.group(1).startswith(f"mylife -w {quoted} trace "), answered.stdout
    traced = run(*shlex.split(trace.group(1))[1:])
    assert traced.returncode == 0 and "我该不该跳槽？" in traced.stdout, traced.stderr
    assert f"mylife -w {quoted} chat --resume" in reports["chat"].stdout


def test_a_suggested_command_keeps_the_choices_already_made(cli, career):
    """Issue s20k.1: after ``--accept-stale`` the report still stops on a missing field and offers
    ``--accept-missing``; the command it suggests carries ``--accept-stale`` (and the reverse, and a
    ``--keep`` given), so pasting it answers instead of stopping again on what was already accepted."""
    env = lens_env(career)
    run = lambda *a: cli(*a, env={**env, "MYLIFE_NOW": "2026-06-15"}, load_plugins="mylife-career")  # noqa: E731
    run("init")
    for name, value in [("现有存款", "120000"), ("月收入", "18000")]:
        assert run("profile", "set", name, value, "--at", "2026-01-10").returncode == 0
    for given in (["--accept-stale"], ["--accept-missing"], ["--keep", "存款"]):
        stopped = run("ask", "我该不该跳槽？", "--offline", *given)
        assert stopped.returncode == 10, (given, stopped.stdout)
        commands = [c for c in _suggested_commands(stopped.stdout) if " ask " in c]
        assert commands, (given, stopped.stdout)
        for command in commands:
            pasted = run(*shlex.split(command)[1:])
            assert pasted.returncode == 0, (given, command, pasted.stdout)
            assert "## 你在「职业去留」上的多段表述" in pasted.stdout and "判定：需要先问你" not in pasted.stdout
    went_on = run("staleness", "我该不该跳槽？", "--accept-missing").stdout
    assert "staleness 我该不该跳槽？ --accept-missing --keep 现有存款）" in went_on, went_on
    assert "[先不补]" not in went_on  # already chosen


def test_a_suggested_ask_keeps_offline_and_the_model_given(cli, career):
    """Issue s21c.2: ``ask`` and ``chat`` run with ``--offline`` and ``--model M`` stop on a stale
    or missing field; every ``ask`` command the report suggests carries both, so pasting it gives
    the same kind of answer (an offline brief, not a model call; the model the user chose)."""
    env = {**lens_env(career), "MYLIFE_NOW": "2026-06-15"}
    run = lambda *a, **kw: cli(*a, env=env, load_plugins="mylife-career", **kw)  # noqa: E731
    run("init")
    for name, value in [("现有存款", "120000"), ("月收入", "18000")]:
        assert run("profile", "set", name, value, "--at", "2026-01-10").returncode == 0
    reports = {"ask": run("ask", "我该不该跳槽？", "--offline", "--model", "openai/my-model", "--accept-stale"),
               "ask-missing": run("ask", "我该不该跳槽？", "--model", "openai/my-model", "--offline"),
               "chat": run("chat", "--offline", "--model", "openai/my-model", input="我该不该跳槽？\n")}
    for name, report in reports.items():
        commands = [c for c in _suggested_commands(report.stdout) if " ask " in c]
        assert commands, (name, report.stdout)
        for command in commands:
            args = shlex.split(command)
            assert "--offline" in args, (name, command)
            assert args[args.index("--model") + 1] == "openai/my-model", (name, command)
    pasted = run(*shlex.split([c for c in _suggested_commands(reports["ask"].stdout) if " ask " in c][0])[1:])
    assert pasted.returncode == 0, pasted.stdout + pasted.stderr


def test_keep_takes_a_fields_other_names_and_refuses_a_name_that_is_no_field(cli, career):
    """Issue s20i.1: ``--keep savings`` (the English help's own example), ``--keep 存款`` and
    ``--keep 工龄`` keep 现有存款 and 工作年限, resolved as ``profile get`` resolves them; a name
    that is no field of the profile is refused with exit 2, naming it and the fields it could
    mean, in staleness, ask and the mylife_staleness tool alike, instead of keeping nothing."""
    env = {**lens_env(career), "MYLIFE_NOW": "2026-04-15"}
    run = lambda *a, lang="zh": cli(*a, env={**env, "MYLIFE_LANG": lang}, load_plugins="mylife-career")  # noqa: E731
    run("init")
    assert run("profile", "set", "现有存款", "120000", "--at", "2026-01-10").returncode == 0
    assert run("profile", "set", "工作年限", "6", "--at", "2025-01-10").returncode == 0
    assert run("profile", "get", "存款", "--json").json()["field"]["name"] == "现有存款"

    help_en = run("staleness", "--help", lang="en").stdout
    assert "--keep 现有存款" in help_en and "--keep savings\n" not in help_en
    english = run("staleness", "should I change jobs?", "--keep", "savings", "--accept-missing", "--json",
                  lang="en").json()
    assert english["kept"] == ["现有存款"] and english["blocking"] == ["工作年限"]
    both = run("staleness", "我该不该跳槽？", "--keep", "存款", "--keep", "工龄", "--accept-missing", "--json").json()
    assert both["kept"] == ["现有存款", "工作年限"] and both["blocking"] == []
    assert both["options"]["keep"] == ["现有存款", "工作年限"]  # the profile's names, as plugins get them

    refused = run("staleness", "should I change jobs?", "--keep", "bogus", lang="en")
    assert refused.returncode == 2 and refused.stdout == ""
    assert '"bogus"' in refused.stderr and "nothing was kept" in refused.stderr
    assert "现有存款" in refused.stderr and "工作年限" in refused.stderr  # what it could mean: the expired fields
    typo = run("staleness", "我该不该跳槽？", "--keep", "现有存欵", "--json")
    assert typo.returncode == 2 and typo.json()["error"]["key"] == "keep_unknown"
    assert typo.json()["error"]["params"]["fields"].startswith("现有存款")  # the close name first

    kept = run("ask", "我该不该跳槽？", "--keep", "存款", "--keep", "工龄", "--accept-missing", "--offline")
    assert kept.returncode == 0, kept.stdout + kept.stderr
    assert "基于可能过时的 现有存款（3 个月前的数据）" in kept.stdout
    stopped = run("ask", "我该不该跳槽？", "--keep", "存款x", "--keep", "bogus", "--offline")
    assert stopped.returncode == 2 and "「bogus」" in stopped.stderr and "Traceback" not in stopped.stderr

    tool = run("tool", "mylife_staleness", "--args", '{"question": "我该不该跳槽？", "keep": ["savings"]}', "--json")
    assert tool.json()["result"]["kept"] == ["现有存款"]
    tool = run("tool", "mylife_staleness", "--args", '{"question": "我该不该跳槽？", "keep": ["bogus"]}', "--json")
    assert tool.returncode == 2 and tool.json()["error"]["key"] == "keep_unknown"


def test_profile_set_by_another_name_updates_that_field_not_a_second_one(cli, ws_path, career):
    """``profile set 存款 150000`` when the profile keeps 现有存款 made a second field 存款 and left
    现有存款 stale; it updates 现有存款 (resolved as ``profile get`` and ``--keep`` resolve it)
    and says so. A name that is no other name of a profile field is a new field, as before."""
    import yaml

    run = lambda *a: cli(*a, env=lens_env(career), load_plugins="mylife-career")  # noqa: E731
    run("init")
    assert run("profile", "set", "现有存款", "120000", "--ttl", "90", "--at", "2026-01-10").returncode == 0
    r = run("profile", "set", "存款", "150000")
    assert r.returncode == 0, r.stderr
    assert "「存款」是档案里「现有存款」的另一个名字：更新的是「现有存款」。" in r.stdout
    doc = run("profile", "set", "savings", "160000", "--json").json()
    assert doc["field"]["name"] == "现有存款" and doc["named_as"] == "savings" and doc["created"] is False
    fields = yaml.safe_load((ws_path / "profile.yaml").read_text(encoding="utf-8"))["fields"]
    assert set(fields) == {"现有存款"} and fields["现有存款"]["value"] == 160000
    assert [h["value"] for h in fields["现有存款"]["history"]] == [120000, 150000]
    new = run("profile", "set", "每周空闲时间", "6", "--ttl", "30", "--json").json()
    assert new["created"] is True and new["named_as"] is None


def _pasteable(text: str) -> list[str]:
    """Every ``mylife ...`` command a message offers to paste: in backticks, or ending a line
    after a colon (``如要保留：mylife verify --accept FILE``)."""
    found = re.findall(r"`(mylife [^`\n]+)`", text)
    found += [m.strip() for m in re.findall(r"(?:：|: )(mylife [^`\n]+?)\s*$", text, flags=re.M)]
    return found


def test_every_other_suggested_command_acts_on_the_workspace_given_by_w(tmp_path, fakellm):
    """QA s20h.2: `verify` after a hand edit, `claim add --kind inference`, the `status` candidates
    line, `extract`'s retry, its candidates and pending fields, an error's hint all suggested
    `mylife ...` without `-w`: pasted, they acted on ~/mylife. Every one now starts with the
    workspace's prefix (a path with a space, quoted) and, pasted, works on that workspace."""
    import json

    from fakellm import Reply

    from mylife_core.testing import run_cli

    ws = tmp_path / "my ws"
    quoted = shlex.quote(str(ws))

    def run(*args, env=None):
        return run_cli(args, env={"MYLIFE_NOW": "2026-04-15", **(env or {})})  # no MYLIFE_HOME

    def paste(command: str, env=None, codes=(0,)):
        assert command.startswith(f"mylife -w {quoted} "), command
        pasted = run(*shlex.split(command)[1:], env=env)
        assert pasted.returncode in codes, (command, pasted.stdout, pasted.stderr)
        return pasted

    assert run("init", "-w", str(ws)).returncode == 0
    seen: dict[str, list[str]] = {}
    # record --extract with the model failing: the retry it suggests, pasted, extracts
    note = "今天和老板谈了一次。\n月薪涨到 20000 了。\n我觉得在这里没有成长。\n"
    unreachable = {**fakellm.env(), "MYLIFE_API_BASE": "http://127.0.0.1:9/v1"}  # nothing listens there
    failed = run("record", note, "--topic", "职业去留", "--extract", "-w", str(ws), env=unreachable)
    seen["record.extract_later"] = _pasteable(failed.stderr)
    extraction = {"claims": [{"claim": "月薪涨到 20000", "kind": "fact", "lines": "L2"},
                             {"claim": "用户可能想换工作", "kind": "inference", "lines": "L3"}],
                  "fields": [{"name": "月税后收入", "value": "20000", "line": "L2"}]}
    fakellm.script(Reply(text=json.dumps(extraction, ensure_ascii=False)))
    extracted = paste(seen["record.extract_later"][0], env=fakellm.env())
    seen["extract"] = _pasteable(extracted.stdout)
    paste(next(c for c in seen["extract"] if " claim accept " in c))
    pending = next(c for c in seen["extract"] if " proposal accept " in c)
    paste(pending)
    assert run("profile", "get", "月税后收入", "--json", "-w", str(ws)).json()["field"]["value"] == 20000
    # an inference added by hand, and the status line counting the candidates
    raw = run("claim", "list", "--json", "-w", str(ws)).json()["claims"][0]["provenance"]
    added = run("claim", "add", "他可能想跳槽", "--topic", "职业去留", "--kind", "inference", "--from", raw, "-w", str(ws))
    seen["claim.added_candidate"] = _pasteable(added.stdout)
    seen["status.candidates"] = _pasteable(run("status", "-w", str(ws)).stdout)
    paste(seen["status.candidates"][0])
    paste(seen["claim.added_candidate"][0])
    # verify after a hand edit and after a file MyLife never wrote
    with (ws / "profile.yaml").open("a", encoding="utf-8") as fh:
        fh.write("# 手改\n")
    (ws / "digest" / "extra.md").write_text("手写的\n", encoding="utf-8")
    seen["verify"] = _pasteable(run("verify", "-w", str(ws)).stdout)
    assert len(seen["verify"]) == 2, seen["verify"]
    for command in seen["verify"]:
        paste(command, codes=(0, 1))  # 1 while the other finding is still there
    assert run("verify", "-w", str(ws)).returncode == 0
    # an error's hint
    seen["error.claim_not_found"] = _pasteable(run("trace", "claim-2020-01-01-001", "-w", str(ws)).stderr)
    paste(seen["error.claim_not_found"][0])
    for where, commands in seen.items():
        assert commands, where
        for command in commands:
            assert command.startswith(f"mylife -w {quoted} "), (where, command)


def test_english_staleness_says_the_decision_and_topic_in_english_beside_chinese(cli, career):
    """Session 24: `mylife staleness` in English said `Decisions: 跳槽 (career); topic: 职业去留`, the
    decision and topic in Chinese only, where `ask` says their English names beside them: it says
    them the same way now (the lens's first English alias), and `--json` carries them as `names_en`."""
    env = {**lens_env(career), "MYLIFE_NOW": "2026-04-15"}
    run = lambda *a, lang="en": cli(*a, env={**env, "MYLIFE_LANG": lang}, load_plugins="mylife-career")  # noqa: E731
    run("init")
    text = run("staleness", "Should I change jobs?").stdout
    assert "Decisions: 跳槽 (change jobs; career lens); topic: 职业去留 (career)\n" in text, text
    doc = run("staleness", "Should I change jobs?", "--json").json()
    assert doc["names_en"] == {"跳槽": "change jobs", "职业去留": "career"}
    chinese = run("staleness", "我该不该跳槽？", lang="zh").stdout
    assert "对应的决策：跳槽（career）；主题：职业去留\n" in chinese, chinese

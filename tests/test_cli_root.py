"""The root ``mylife`` group as a new user meets it: ``-w PATH`` before the command, bare groups
show their command list, usage errors under ``--json`` carry ``key`` and ``params``, an empty
workspace's status reads cleanly, and a missing workspace's hint gives a command that works."""

from __future__ import annotations

import shlex
from pathlib import Path

from lens_support import installed, lens_env
from mylife_core.testing import run_cli


# --------------------------------------------------------------------------- -w before the command


def test_workspace_before_the_command_is_passed_on(tmp_path):
    ws = tmp_path / "my ws"
    r = run_cli(["-w", str(ws), "init", "--json"])  # no MYLIFE_HOME: only -w names the workspace
    assert r.returncode == 0, r.stderr
    assert r.json()["workspace"] == str(ws)
    status = run_cli(["--workspace", str(ws), "status", "--json"])
    assert status.returncode == 0 and status.json()["workspace"] == str(ws)
    # nested commands too, and the same path given again after the command is fine
    assert run_cli(["-w", str(ws), "profile", "set", "学历", "普通本科", "-w", str(ws)]).returncode == 0
    assert run_cli(["-w", str(ws), "profile", "get", "学历", "--json"]).json()["field"]["value"] == "普通本科"


def test_workspace_before_the_command_wins_over_mylife_home(tmp_path):
    ws, other = tmp_path / "ws", tmp_path / "other"
    assert run_cli(["init"], workspace=ws).returncode == 0
    r = run_cli(["-w", str(ws), "status", "--json"], workspace=other)  # MYLIFE_HOME=other
    assert r.returncode == 0 and r.json()["workspace"] == str(ws)


def test_two_different_workspaces_are_refused_clearly(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    run_cli(["init"], workspace=a)
    r = run_cli(["-w", str(a), "status", "-w", str(b)])
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"工作区给了两个不同的值：命令前是 {a}，命令后是 {b}。只保留一个 -w/--workspace 再运行。" in r.stderr
    doc = run_cli(["-w", str(a), "status", "-w", str(b), "--json"]).json()
    assert doc["error"]["key"] == "workspace_twice" and doc["error"]["params"] == {"first": str(a), "second": str(b)}


def test_an_empty_workspace_is_refused_not_taken_as_the_current_folder(tmp_path):
    # `mylife -w "$DIR" init` with DIR unset: the empty path was the current folder, and init
    # made a workspace wherever the shell stood (docs: a command never takes the current folder)
    here, home = tmp_path / "here", tmp_path / "home"
    here.mkdir()
    for args in (["-w", "", "init"], ["init", "-w", ""], ["init", "--workspace="], ["demo", "-w", ""],
                 ["-w", " ", "record", "x", "--topic", "t"]):
        r = run_cli(args, cwd=here, workspace=home)  # MYLIFE_HOME set too: -w "" does not fall back to it
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr
        assert "-w/--workspace 的值是空的" in r.stderr and "没有做任何改动" in r.stderr
        assert list(here.iterdir()) == [] and not home.exists(), args
    doc = run_cli(["status", "-w", "", "--json"], cwd=here).json()
    assert doc["ok"] is False and doc["error"]["code"] == "bad_input" and doc["error"]["key"] == "workspace_empty"
    en = run_cli(["-w", "", "init"], cwd=here, env={"MYLIFE_LANG": "en"})
    assert en.returncode == 2 and "-w/--workspace is empty" in en.stderr


def test_a_workspace_under_a_file_is_refused_naming_the_file(tmp_path):
    # `-w notes.txt/ws`: init said "notes.txt:?: ... restore it from a backup or git history" (exit 5,
    # as if a MyLife file were damaged), and every other command suggested that very init
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    target = notes / "ws"
    for args in (["-w", str(target), "init"], ["demo", "-w", str(target / "deeper")]):
        r = run_cli(args)
        assert r.returncode == 2 and "Traceback" not in r.stderr, (args, r.stderr)
        assert f"路径上的 {notes} 是一个文件，不是文件夹" in r.stderr and "没有做任何改动" in r.stderr
        assert ":?:" not in r.stderr and "git" not in r.stderr
    doc = run_cli(["-w", str(target), "init", "--json"]).json()
    assert doc["error"]["key"] == "workspace_under_file" and doc["error"]["params"] == {"path": str(target), "file": str(notes)}
    status = run_cli(["-w", str(target), "status", "--json"])
    assert status.returncode == 3
    err = status.json()["error"]
    assert err["key"] == "no_workspace_under_file" and "init" not in err["message"]
    assert notes.read_text() == "my notes\n" and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_mistyped_option_names_the_one_meant(tmp_path):
    # `ask ... --acept-stale`, `profile --stale`, `mylife --json status` said only "no such option",
    # though unknown commands name the nearest ones
    ws = tmp_path / "ws"
    run_cli(["init"], workspace=ws)
    r = run_cli(["ask", "我该不该跳槽？", "--acept-stale"], workspace=ws)
    assert r.returncode == 2 and "没有这个选项：--acept-stale\n你是不是想用：--accept-stale" in r.stderr
    doc = run_cli(["ask", "我该不该跳槽？", "--acept-stale", "--json"], workspace=ws).json()
    assert doc["error"]["key"] == "no_such_option" and doc["error"]["params"]["suggestions"][0] == "--accept-stale"
    r = run_cli(["profile", "--stale"], workspace=ws)  # an option of a command, given to its group
    assert r.returncode == 2 and "你是不是想用：profile list --stale？" in r.stderr
    assert run_cli(["profile", "list", "--stale"], workspace=ws).returncode == 0  # as suggested, it works
    r = run_cli(["--json", "status"], workspace=ws)  # nearly every command has --json: after the command
    assert r.returncode == 2 and r.json()["error"]["params"]["suggestions"] == ["COMMAND --json"]
    assert "--version" not in r.stderr
    en = run_cli(["record", "x", "--topci", "t"], workspace=ws, env={"MYLIFE_LANG": "en"})
    assert en.returncode == 2 and "Did you mean: --topic?" in en.stderr
    assert len(list((ws / "raw").iterdir())) == 0  # nothing written by any of them


def test_a_command_without_a_workspace_refuses_one_before_it(tmp_path):
    r = run_cli(["-w", str(tmp_path), "store", "setup"])
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "`mylife store setup` 不使用工作区，不接受 -w/--workspace" in r.stderr
    assert "-w, --workspace PATH" in run_cli(["--help"]).stdout


def test_init_suggests_a_quoted_path(tmp_path):
    ws = tmp_path / "my ws"
    r = run_cli(["init", "-w", str(ws)])
    assert r.returncode == 0, r.stderr
    suggestion = r.stdout.splitlines()[-1].split("：", 1)[1]
    assert suggestion.startswith(f"mylife -w {shlex.quote(str(ws))} record ")  # {prog}, as every suggestion
    args = shlex.split(suggestion)
    assert run_cli(args[1:]).returncode == 0  # pasted as is, it records into that workspace
    assert len(list((ws / "raw").iterdir())) == 1


def test_init_under_mylife_lang_en_speaks_english_and_makes_an_english_workspace(tmp_path):
    """Issue s20i.3: ``MYLIFE_LANG=en mylife init`` printed Chinese and wrote ``language: zh``.
    The output follows MYLIFE_LANG, as every command's does; the new workspace's language is
    --language, else the language in force, else zh."""
    import yaml

    def language_of(ws):
        return yaml.safe_load((ws / "config.yaml").read_text(encoding="utf-8"))["language"]

    en = run_cli(["init", "-w", str(tmp_path / "en")], env={"MYLIFE_LANG": "en"})
    assert en.returncode == 0 and en.stdout.startswith("Created MyLife workspace"), en.stdout
    assert language_of(tmp_path / "en") == "en"
    assert "MyLife workspace:" in run_cli(["status", "-w", str(tmp_path / "en")], env={"MYLIFE_LANG": ""}).stdout
    chosen = run_cli(["init", "-w", str(tmp_path / "zh"), "--language", "zh"], env={"MYLIFE_LANG": "en"})
    assert chosen.stdout.startswith("已创建 MyLife 工作区") and language_of(tmp_path / "zh") == "zh"  # asked for here
    plain = run_cli(["init", "-w", str(tmp_path / "plain")], env={"MYLIFE_LANG": ""})
    assert plain.stdout.startswith("已创建 MyLife 工作区") and language_of(tmp_path / "plain") == "zh"
    again = run_cli(["init", "-w", str(tmp_path / "zh")], env={"MYLIFE_LANG": "en"})  # exists: nothing written
    assert "already" in again.stdout.lower() and language_of(tmp_path / "zh") == "zh"


def test_init_language_on_an_existing_workspace_says_it_is_kept_and_how_to_change_it(tmp_path):
    """``mylife init`` then ``mylife init --language en``: nothing is written (an existing workspace
    is left unchanged), and the output says the language stays zh and how to switch; followed,
    the advice works."""
    ws = tmp_path / "ws"
    assert run_cli(["init", "-w", str(ws)], env={"MYLIFE_LANG": ""}).returncode == 0
    again = run_cli(["init", "-w", str(ws), "--language", "en"], env={"MYLIFE_LANG": ""})
    assert again.returncode == 0 and again.stdout.startswith("Workspace already exists")
    assert "This workspace's language stays zh (--language en is for a new workspace only)" in again.stdout
    assert f"`mylife -w {ws} verify --accept config.yaml`" in again.stdout
    assert "language: zh" in (ws / "config.yaml").read_text(encoding="utf-8")  # nothing written
    payload = run_cli(["init", "-w", str(ws), "--language", "en", "--json"], env={"MYLIFE_LANG": ""}).json()
    assert payload["created"] is False and payload["language"] == "zh" and "language: en" in payload["warnings"][0]
    same = run_cli(["init", "-w", str(ws), "--language", "zh", "--json"], env={"MYLIFE_LANG": ""}).json()
    assert "warnings" not in same and same["language"] == "zh"
    config = ws / "config.yaml"  # the advice, followed
    config.write_text(config.read_text(encoding="utf-8").replace("language: zh", "language: en"), encoding="utf-8")
    assert run_cli(["-w", str(ws), "verify", "--accept", "config.yaml"], env={"MYLIFE_LANG": ""}).returncode == 0
    status = run_cli(["status", "-w", str(ws)], env={"MYLIFE_LANG": ""})
    assert status.returncode == 0 and status.stdout.startswith("MyLife workspace:")


# --------------------------------------------------------------------------- groups without a command


def test_bare_mylife_prints_the_command_list():
    for args in ([], ["-w", "/nowhere"]):
        r = run_cli(args)
        assert r.returncode == 0 and r.stderr == "", r.stderr
        assert r.stdout.startswith("用法： mylife [OPTIONS] COMMAND [ARGS]...")
        assert "命令:" in r.stdout and "  status " in r.stdout and "用法错误" not in r.stdout
        assert r.stdout == run_cli(["--help"]).stdout


def test_a_group_without_its_subcommand_prints_its_commands():
    for lang, usage in (("zh", "用法： mylife profile"), ("en", "Usage: mylife profile")):
        r = run_cli(["profile"], env={"MYLIFE_LANG": lang})
        assert r.returncode == 0 and r.stderr == ""
        assert r.stdout.startswith(usage) and "  confirm " in r.stdout
        assert "用法错误" not in r.stdout and "Usage error" not in r.stdout


# --------------------------------------------------------------------------- JSON usage errors


def test_usage_errors_under_json_carry_key_and_params(cli):
    cli("init")
    cases = {
        ("status", "--bogus", "--json"): ("no_such_option", {"option": "--bogus", "suggestions": []}),
        ("status", "extra", "--json"): ("extra_arguments", {"args": "extra"}),
        ("claim", "list", "--json", "--limit"): ("option_needs_value", {"option": "--limit"}),
        ("record", "--json"): (None, None),  # an error of MyLife's own (no text): key and params as always
    }
    for args, (key, params) in cases.items():
        r = cli(*args)
        assert r.returncode == 2, (args, r.stdout)
        error = r.json()["error"]
        assert {"code", "key", "message", "params"} <= set(error), (args, error)
        if key is not None:
            assert error["code"] == "usage" and error["key"] == key and error["params"] == params, error
    bad = cli("claim", "list", "--limit", "many", "--json").json()["error"]
    assert bad["key"] == "bad_parameter" and bad["params"]["name"] == "--limit" and bad["message"]


def _json_commands() -> set[str]:
    """Every command (``git status``, ``claim add``) that takes ``--json``, from the CLI itself."""
    import click

    from mylife_core.cli import build_cli

    root = build_cli()
    found: set[str] = set()

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                walk(command.get_command(ctx, name), [*path, name])
        elif any(p.name == "as_json" for p in command.params):
            found.add(" ".join(path))

    walk(root, [])
    return found


def test_every_successful_json_output_says_ok_true(tmp_path):
    """QA s20h.3: `git status --json` (and enable, commit, disable, auto-push) had no `"ok": true`,
    which docs/cli.md promises for every successful --json. Every command is run here on a demo
    (the list is checked against the CLI, so a new command must be added), each must answer with
    exit 0 and `"ok": true`."""
    ws = tmp_path / "demo"
    env = {"MYLIFE_NOW": "2026-12-03T09:00"}

    def run(*args: str):
        return run_cli([*args, "-w", str(ws), "--json"], env=env)

    assert run_cli(["demo", "-w", str(ws)], env=env).returncode == 0
    claims = run("claim", "list", "--limit", "0").json()["claims"]
    active = [c["id"] for c in claims if c["status"] == "active" and c["provenance"]]
    candidates = [c["id"] for c in claims if c["status"] == "candidate"]
    raw = sorted(p.name for p in (ws / "raw").iterdir())[0]
    branch = run("tool", "mylife_branch", "--args", '{"topic": "财务压力"}').json()["result"]["branch"]["id"]
    runs = [
        ("init",), ("record", "今天很好", "--topic", "日记"), ("status",), ("plugins",), ("skills",), ("sessions",),
        ("claim", "list"), ("claim", "show", active[0]), ("claim", "add", "我喜欢跑步", "--topic", "运动", "--kind", "fact"),
        ("claim", "accept", candidates[0]), ("claim", "reject", candidates[1]), ("claim", "confirm", active[1]),
        ("claim", "dispute", active[2], "--why", "记错了"), ("claim", "supersede", active[3], "--by", active[4]),
        ("profile", "list"), ("profile", "get", "月收入"), ("profile", "set", "宠物", "旺财", "--ttl", "never"),
        ("profile", "confirm", "宠物"), ("profile", "unset", "宠物"), ("trace", active[5]), ("verify",),
        ("ask", "我该不该跳槽？", "--offline", "--accept-stale", "--accept-missing"), ("staleness", "我该不该跳槽？"),
        ("competing", "我应该跳槽"), ("digest", "职业去留", "--offline", "--regenerate"), ("recall", "工作"), ("maintain", "--no-input"),
        ("index", "status"), ("index", "rebuild"), ("proposal", "list"), ("store", "status"), ("tools",),
        ("tool", "mylife_recall", "--args", '{"query": "工作"}'), ("branch", "list"), ("branch", "show", branch),
        ("branch", "abandon", branch), ("git", "enable"), ("git", "status"), ("git", "commit"),
        ("git", "auto-push", "off"), ("git", "disable"),
        ("plugin", "new", "guitar", "--into", str(tmp_path)),  # (takes no workspace: -w below is refused)
    ]
    elsewhere = {  # not run here, and why
        "chat": "JSON Lines events, one per line (docs/chat.md)",
        "extract": "needs a model (tests/test_extract.py)",
        "proposal accept": "needs a proposal from a model (tests/test_proposals.py)",
        "proposal reject": "as proposal accept", "proposal dispute": "as proposal accept", "proposal show": "as proposal accept",
        "branch close": "needs a filled handoff sheet (tests/test_branch.py)",
        "git remote add": "needs a remote (tests/test_git_history.py)", "git remote remove": "as git remote add",
        "git check": "as git remote add", "git push": "as git remote add", "git guard-push": "as git remote add",
        "store setup": "installs npm packages", "store migrate": "needs an external backend",
        "graph export": "needs the mylife-graph plugin", "index embed": "needs the mylife-vector plugin",
        "serve": "a server: `--json` prints its address once started (tests/web)",
        "demo": "run above, to make the workspace",
    }
    ran = {" ".join(w for w in args if not w.startswith("-")) for args in runs}
    named = {name for name in _json_commands() if any(r == name or r.startswith(name + " ") for r in ran)}
    assert _json_commands() - named - set(elsewhere) == set(), "add the new command to this test"
    for args in runs:
        r = run_cli([*args, "--json"], env=env) if args[0] == "plugin" else run(*args)
        assert r.returncode == 0, (args, r.stderr)
        doc = r.json()
        assert isinstance(doc, dict) and doc.get("ok") is True, (args, sorted(doc) if isinstance(doc, dict) else doc)


# --------------------------------------------------------------------------- status of an empty workspace


def test_status_of_an_empty_workspace_has_no_double_parentheses(cli):
    cli("init")
    zh = cli("status").stdout
    assert "  L2 证据：0 条\n" in zh and "（（" not in zh
    en = cli("status", env={"MYLIFE_LANG": "en"}).stdout
    assert "  L2 claims: 0\n" in en and "((" not in en


def test_an_empty_workspace_says_what_to_do_first(tmp_path):
    """`mylife status` and `mylife claim list` on a new workspace showed only zeros and 「没有符合条件的
    证据」: they now say what to do first (as `init` does), and the command given works where pasted."""
    ws = tmp_path / "我的 笔记"
    assert run_cli(["init", "-w", str(ws)]).returncode == 0
    status = run_cli(["-w", str(ws), "status"])
    line = next(x for x in status.stdout.splitlines() if x.startswith("下一步："))
    args = shlex.split(line.removeprefix("下一步："))
    assert args[:4] == ["mylife", "-w", str(ws), "record"]  # {prog}, as claim list says it below
    assert run_cli(args[1:]).returncode == 0  # pasted: it records
    assert "下一步" not in run_cli(["-w", str(ws), "status"]).stdout  # no longer empty: no such line
    listed = run_cli(["-w", str(ws), "claim", "list"])
    assert listed.returncode == 0 and "没有符合条件的证据。" in listed.stdout
    add = shlex.split(listed.stdout.split("`")[1])
    assert add[:5] == ["mylife", "-w", str(ws), "claim", "add"] and "--topic" in add
    assert run_cli([*add[1:-1], "职业去留"]).returncode == 0  # pasted, with a topic of one's own
    filtered = run_cli(["-w", str(ws), "claim", "list", "--kind", "inference"])
    assert filtered.stdout == "没有符合条件的证据。\n"  # a filter that matches nothing: only that


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


def test_run_inside_a_workspace_folder_without_w_says_how_to_use_it(tmp_path):
    """A newcomer makes ``~/笔记 本`` with ``init -w``, changes into it (or its ``raw/``) and runs
    ``mylife status``: commands never take the current folder by themselves, so the default
    workspace is missing; the message says the folder they are in is one, and how to use it."""
    home = tmp_path / "home"
    ws = home / "笔记 本"
    env = {"HOME": str(home)}
    assert run_cli(["init", "-w", str(ws)], env=env).returncode == 0
    r = run_cli(["status"], env=env, cwd=ws / "raw")
    assert r.returncode == 3 and "Traceback" not in r.stderr
    assert f"在 {home / 'mylife'} 没有找到 MyLife 工作区" in r.stderr
    assert f"你现在所在的文件夹属于 MyLife 工作区 {ws}" in r.stderr
    args = _hinted_command(r.stderr)
    assert args == ["mylife", "-w", str(ws), "status"]
    assert run_cli(args[1:], env=env, cwd=ws).returncode == 0  # pasted, it works
    error = run_cli(["claim", "list", "--json"], env={**env, "MYLIFE_LANG": "en"}, cwd=ws).json()["error"]
    assert error["code"] == "no_workspace" and error["params"]["here"] == str(ws)
    assert "The folder you are in belongs to the MyLife workspace" in error["message"]
    # outside any workspace: no such hint
    outside = run_cli(["status", "--json"], env=env, cwd=tmp_path).json()["error"]
    assert "here" not in outside["params"] and "所在的文件夹" not in outside["message"]


def test_an_unknown_subcommand_is_said_as_an_unknown_command_is(tmp_path):
    """`mylife claim ad` got click's own wording (「没有命令 'ad'。 （你是想用 'add' 吗？）」) and
    `mylife git stauts` no hint at all, where `mylife recrod` names the command meant: every group
    says it the one way, with the whole command to type; --json gives key no_such_command."""
    typo = run_cli(["claim", "ad", "我想换工作"])
    assert typo.returncode == 2 and "Traceback" not in typo.stderr
    assert "没有命令 'ad'。\n你是不是想用：claim add？" in typo.stderr and "吗？" not in typo.stderr
    git = run_cli(["git", "stauts"], env={"MYLIFE_LANG": "en"})
    assert git.returncode == 2 and "No such command 'stauts'.\nDid you mean: git status?" in git.stderr
    nested = run_cli(["git", "remote", "ad", "--json"])
    assert nested.returncode == 2
    assert nested.json()["error"] == {"code": "usage", "key": "no_such_command", "params": {
        "name": "ad", "suggestions": ["git remote add"]}, "message": "没有命令 'ad'。\n你是不是想用：git remote add？"}
    root = run_cli(["recrod", "x", "--json"]).json()["error"]
    assert root["key"] == "no_such_command" and root["params"] == {"name": "recrod", "suggestions": ["record"]}
    # `import` points to record -f at the root only
    assert "record -f" in run_cli(["import", "notes.txt"]).stderr
    assert "record -f" not in run_cli(["profile", "import", "notes.txt"]).stderr


def test_a_folder_inside_a_workspace_is_never_made_a_workspace(tmp_path):
    """`mylife -w ~/mylife/raw status` (a newcomer in the raw folder) advised `mylife init --workspace
    …/raw`, and `init` made a workspace inside the raw layer: `verify` then named twelve files in
    raw/ MyLife never recorded. The folder inside a workspace is refused, naming the workspace."""
    ws = tmp_path / "ws"
    assert run_cli(["init", "-w", str(ws)]).returncode == 0
    r = run_cli(["-w", str(ws / "raw"), "status"])
    assert r.returncode == 3 and f"{ws / 'raw'} 不是 MyLife 工作区，而是工作区 {ws} 里面的一个文件夹" in r.stderr
    assert "init" not in r.stderr
    args = _hinted_command(r.stderr)
    assert args == ["mylife", "-w", str(ws), "status"] and run_cli(args[1:]).returncode == 0
    for target in (ws / "raw", ws / "raw" / "x" / "y", ws / "notes"):
        made = run_cli(["init", "-w", str(target), "--json"])
        assert made.returncode == 2, made.stdout
        error = made.json()["error"]
        assert error["key"] == "workspace_nested" and error["params"]["workspace"] == str(ws)
    demo = run_cli(["demo", "-w", str(ws / "raw" / "demo")])
    assert demo.returncode == 2 and f"在 MyLife 工作区 {ws} 里面，不能在这里再建一个工作区" in demo.stderr
    assert sorted(p.name for p in (ws / "raw").iterdir()) == [] and not (ws / "notes").exists()
    assert run_cli(["verify"], workspace=ws).returncode == 0  # the workspace is as init left it


def test_paths_in_suggested_commands_are_written_as_a_shell_takes_them(monkeypatch, tmp_path):
    """One place quotes what MyLife asks the user to paste: a folder under the home folder as
    ``~/…`` (the shell expands it), anything else absolute, quoted only when a shell needs it."""
    import os
    import subprocess
    import sys

    from mylife_core.shell import path, word

    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    assert path(home / "mylife-demo") == "~/mylife-demo" and path(home / "笔记") == "~/笔记"
    assert path(home / "我的 笔记") == shlex.quote(str(home / "我的 笔记"))
    assert path(tmp_path / "x y") == shlex.quote(str(tmp_path / "x y")) and path(home) == str(home)
    assert word("现有存款") == "现有存款" and word("a b") == "'a b'"
    # end to end: the chain line of an answer on ~/notes, pasted into a real shell, traces it
    ws = home / "notes"
    env = {"HOME": str(home)}
    assert run_cli(["init", "-w", str(ws)], env=env).returncode == 0
    assert run_cli(["claim", "add", "我想换工作", "--topic", "职业去留", "-w", str(ws)], env=env).returncode == 0
    answered = run_cli(["ask", "我该不该换工作？", "--offline", "-w", str(ws)], env=env)
    line = next(x for x in answered.stdout.splitlines() if " trace chain-" in x)
    command = line.split("`")[1]
    assert command.startswith("mylife -w ~/notes trace chain-"), line
    bindir = os.path.dirname(sys.executable)
    shell = subprocess.run(["bash", "-c", command], capture_output=True, text=True, check=False,
                           env={**os.environ, "HOME": str(home), "PATH": f"{bindir}:{os.environ['PATH']}"})
    assert shell.returncode == 0 and "我该不该换工作？" in shell.stdout, shell.stderr


# --------------------------------------------------------------------------- values that start with "-"


def test_a_negative_number_or_text_starting_with_a_dash_is_a_value(tmp_path, tmp_path_factory):
    """``profile set 负债变化 -5`` was refused as an unknown option -5 (exit 2)."""
    ws = tmp_path / "ws"
    assert run_cli(["init", "-w", str(ws)]).returncode == 0
    env = lens_env(installed(tmp_path_factory, "mylife-fields-health"))  # 体重 has min: 0 there

    def run(*args: str):
        return run_cli(["-w", str(ws), *args], env=env, load_plugins="mylife-fields-health")

    for value, stored in (("-5", -5), ("-3.5", -3.5), ("-1.2万", -12000)):
        r = run("profile", "set", "负债变化", value, "--ttl", "30", "--json")
        assert r.returncode == 0, (value, r.stderr)
        assert r.json()["field"]["value"] == stored
    assert run("profile", "get", "负债变化", "--json").json()["field"]["value"] == -12000
    # options after the value, a flag, and the form with -- all still work
    r = run("profile", "set", "月结余", "-800", "-y", "--json")
    assert r.returncode == 0 and r.json()["field"]["value"] == -800, r.stderr
    assert run("profile", "set", "负债变化", "--json", "--", "-7").json()["field"]["value"] == -7
    # 体重 has min: 0 in the health dictionary: refused by it, not as an option
    weight = run("profile", "set", "体重", "-5", "-y")
    assert weight.returncode == 2 and "没有这个选项" not in weight.stderr and "不小于 0" in weight.stderr
    # free text that starts with a dash
    recorded = run("record", "-开头的一句话 也是原话", "--topic", "日记", "--json")
    assert recorded.returncode == 0, recorded.stderr
    assert (ws / recorded.json()["record"]["file"]).read_text(encoding="utf-8") == "-开头的一句话 也是原话"
    claimed = run("claim", "add", "-5 度也去跑步", "--topic", "运动", "--json")
    assert claimed.returncode == 0 and claimed.json()["claim"]["claim"] == "-5 度也去跑步", claimed.stderr
    # a real unknown option is refused as before, with the value before it or not
    for args, option in ((("profile", "set", "负债变化", "-5", "--bogus"), "--bogus"),
                         (("record", "-x", "--topic", "日记"), "-x")):
        r = run(*args)
        assert r.returncode == 2 and f"没有这个选项：{option}" in r.stderr, (args, r.stderr)
        error = run(*args, "--json").json()["error"]
        assert error["key"] == "no_such_option" and error["params"] == {"option": option, "suggestions": []}
    assert run("profile", "get", "负债变化", "--json").json()["field"]["value"] == -7


def test_text_starting_with_a_dash_is_refused_with_the_way_to_give_it(cli, ws_path):
    """`mylife record -x --topic 日记`: -x is read as an option and refused (docs/cli.md); the
    message now says how to give it as text (`--` before it), and that way works."""
    cli("init")
    r = cli("record", "-x", "--topic", "日记")
    assert r.returncode == 2 and "没有这个选项：-x" in r.stderr
    assert "如果「-x」是要交给命令的文字而不是选项，在它前面加 --" in r.stderr and "`mylife record … -- -x`" in r.stderr
    error = cli("claim", "add", "-x", "--topic", "日记", "--json", env={"MYLIFE_LANG": "en"}).json()["error"]
    assert error["key"] == "no_such_option" and error["params"] == {"option": "-x", "suggestions": []}
    assert 'put -- before it' in error["message"] and "`mylife claim add … -- -x`" in error["message"]
    assert "在它前面加 --" not in cli("status", "-x").stderr  # no text to give: no such hint
    done = cli("record", "--topic", "日记", "--json", "--", "-x")  # the way it names
    assert done.returncode == 0 and (ws_path / done.json()["record"]["file"]).read_bytes() == b"-x"


def test_an_unknown_command_names_the_nearest_ones_and_import_points_to_record(tmp_path):
    """A typo names the command meant, lazy and plugin commands included (click's own hint saw
    only the commands already loaded: `recrod` got none); `import`, what a newcomer tries for a
    file of notes, points to `record -f` with the workspace the line names; nothing is created."""
    ws = tmp_path / "ws"
    typo = run_cli(["recrod", "今天"])
    assert typo.returncode == 2 and "没有命令 'recrod'" in typo.stderr and "你是不是想用：record？" in typo.stderr
    plural = run_cli(["claims", "list"], env={"MYLIFE_LANG": "en"})
    assert plural.returncode == 2 and "Did you mean: claim?" in plural.stderr
    far = run_cli(["zzz"])
    assert far.returncode == 2 and "没有命令 'zzz'" in far.stderr and "你是不是想用" not in far.stderr
    imported = run_cli(["-w", str(ws), "import", "notes.txt"])
    assert imported.returncode == 2 and "Traceback" not in imported.stderr
    assert f"mylife -w {ws} record -f 文件 --topic 主题" in imported.stderr
    assert not ws.exists()


def exit_code_table() -> dict[int, str]:
    """docs/cli.md's exit-code table: each code's row (its meaning and the JSON `error.code`s)."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    table = doc.split("**Exit codes**", 1)[1].split("\n\n", 2)[1]
    rows = [line.split("|") for line in table.splitlines()[2:]]
    return {int(cells[1]): "|".join(cells[2:]) for cells in rows}


def test_the_exit_code_table_names_every_error_class_at_its_code():
    """`mylife git` refused a push for privacy with exit 8 (docs/git.md), while docs/cli.md's
    table said 8 means only "the model could not be reached", and 9 only a missing package (git
    failing exits 9 too): a script reading the table misread both. Every MyLifeError class in
    mylife_core, found by importing every module, has its JSON `error.code` named in the row of
    its exit code (and in the list of codes under **JSON.**)."""
    import importlib
    import pkgutil

    import mylife_core
    from mylife_core.errors import MyLifeError

    for module in pkgutil.walk_packages(mylife_core.__path__, "mylife_core."):
        if "plugin_template" not in module.name and not module.name.endswith("__main__"):
            importlib.import_module(module.name)

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    table = exit_code_table()
    found = {(cls.exit_code, cls.code) for cls in subclasses(MyLifeError)}
    assert (8, "privacy") in found and (9, "git") in found and (8, "model") in found
    for exit_code, code in sorted(found):
        assert exit_code in table, (exit_code, code)
        assert f"`{code}`" in table[exit_code], (exit_code, code, table[exit_code])
    json_list = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    json_list = json_list.split("**JSON.**", 1)[1].split("For `usage`", 1)[0]
    assert all(f"`{code}`" in json_list for _, code in found), json_list

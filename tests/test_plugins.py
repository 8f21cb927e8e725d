"""The plugin framework: discovery, attribution, registries, and every hook's calling style."""

from __future__ import annotations

import ast
import inspect
import re
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from mylife_core import hookimpl, hookspecs
from mylife_core.errors import PluginError
from mylife_core.plugins import hook_names, hook_signature, hook_style
from mylife_core.specs import DriftSignal, TTLGuess, Verdict
from mylife_core.testing import plugin_host, run_cli
from mylife_core.workspace import Workspace

DATA = Path(__file__).parent / "data" / "plugins"
ROOT = Path(__file__).parent.parent


def pip_install_target(package: Path, target: Path) -> None:
    """Install a plugin package with real pip into a private folder (no network, no leak)."""
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                           "--no-build-isolation", "--target", str(target), str(package)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    for name in ("mylife-hello", "mylife-broken"):
        src = tmp_path_factory.mktemp("src") / name
        shutil.copytree(DATA / name, src)
        pip_install_target(src, target / name)
    return target


def test_third_party_plugin_installed_with_pip_is_listed_and_called(site, ws_path):
    env = {"PYTHONPATH": str(site / "mylife-hello")}
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    listed = run_cli(["plugins", "--json"], workspace=ws_path, env=env, load_plugins="mylife-hello")
    assert listed.returncode == 0, listed.stderr
    plugins = {p["distribution"] or p["name"]: p for p in listed.json()["plugins"]}
    hello = plugins["mylife-hello"]
    assert hello["version"] == "0.3.1" and hello["builtin"] is False
    assert hello["hooks"] == ["on_change", "register_commands", "register_fields", "register_tools"]
    assert plugins["mylife.files_store"]["builtin"] is True
    text = run_cli(["plugins"], workspace=ws_path, env=env, load_plugins="mylife-hello").stdout
    lines = text.splitlines()
    assert lines[0] == "mylife-hello 0.3.1"  # installed packages first
    builtins = sum(1 for p in plugins.values() if p["builtin"])
    assert lines[-1].startswith(f"另有 {builtins} 个内置插件") and "--all" in lines[-1]  # folded into one line
    assert "mylife.files_store" not in text
    every = run_cli(["plugins", "--all"], workspace=ws_path, env=env, load_plugins="mylife-hello").stdout
    assert every.splitlines()[0] == "mylife-hello 0.3.1" and "mylife.files_store (内置)" in every
    assert "mylife.attribution (内置)" in every  # the core's own wrappers, shown on request
    # its command is part of the CLI, its hook sees writes
    assert "你好，林晓！" in run_cli(["hello", "林晓"], workspace=ws_path, env=env, load_plugins="mylife-hello").stdout
    rec = run_cli(["record", "今天又加班", "--topic", "career"], workspace=ws_path, env=env, load_plugins="mylife-hello")
    assert rec.returncode == 0
    assert "mylife-hello saw record raw/" in rec.stderr and "by user" in rec.stderr
    only = run_cli(["plugins", "--hook", "register_fields", "--json"], workspace=ws_path, env=env,
                   load_plugins="mylife-hello")
    assert [p["distribution"] for p in only.json()["plugins"]] == ["mylife-hello"]


def test_plugin_switch_loads_none_or_some(site, ws_path):
    env = {"PYTHONPATH": f"{site / 'mylife-hello'}:{site / 'mylife-broken'}"}
    none = run_cli(["plugins", "--json"], workspace=ws_path, env=env, load_plugins="")
    assert all(p["builtin"] for p in none.json()["plugins"])
    some = run_cli(["plugins", "--json"], workspace=ws_path, env=env, load_plugins="mylife-hello")
    assert some.returncode == 0
    assert [p["distribution"] for p in some.json()["plugins"] if not p["builtin"]] == ["mylife-hello"]


def test_broken_plugin_is_named(site, ws_path):
    env = {"PYTHONPATH": str(site / "mylife-broken")}
    r = run_cli(["plugins"], workspace=ws_path, env=env, load_plugins=None)
    assert r.returncode == 7
    assert "插件「mylife-broken」加载失败" in r.stderr and "needs a setting" in r.stderr
    assert "Traceback" not in r.stderr


# --------------------------------------------------------------------------- each hook's style


class Fields:
    @hookimpl
    def register_fields(self, register):
        register(name="睡眠时长", ttl_days=30, topic="健康")
        register(name="现有存款", ttl_days=60)


class BadFields:
    @hookimpl
    def register_fields(self, register):
        register(name="坏字段", ttl_days=-5)


def test_hook_register_fields_is_validated_and_attributed():
    host = plugin_host(Fields())
    fields = host.fields()
    assert fields["睡眠时长"].ttl_days == 30 and fields["睡眠时长"].plugin
    with pytest.raises(PluginError) as exc:
        plugin_host(BadFields()).fields()
    assert "register_fields" in exc.value.render() and "ttl_days" in exc.value.render()


def test_hook_register_stores_third_party_beats_builtin_on_name_clash():
    class Builtinish:
        @hookimpl
        def register_stores(self, register):
            register(name="files", factory=lambda ws: "mine", description="override")

    host = plugin_host(Builtinish())
    assert host.stores()["files"].description == "override"
    assert plugin_host().stores()["files"].plugin == "mylife.files_store"


def test_hook_register_decisions_reaches_its_registry():
    class Lens:
        @hookimpl
        def register_decisions(self, register):
            register(name="跳槽", aliases=["换工作"], depends_on=["月收入", "现有存款"], topic="职业去留")

    decision = plugin_host(Lens()).decisions()["跳槽"]
    assert decision.depends_on == ["月收入", "现有存款"] and decision.aliases == ["换工作"] and decision.plugin


def test_hook_register_topics_reaches_its_registry():
    class Lens:
        @hookimpl
        def register_topics(self, register):
            register(name="财务压力", keywords=["存款", "房租"], fields=["现有存款"])

    assert plugin_host(Lens()).topics()["财务压力"].keywords == ["存款", "房租"]


def test_hook_register_skills_reaches_its_registry(tmp_path):
    class Lens:
        @hookimpl
        def register_skills(self, register):
            register(path=tmp_path, rank=300)

    dirs = plugin_host(Lens()).skill_dirs()
    assert [d.path for d in dirs if not d.plugin.startswith("mylife.")] == [tmp_path]


def test_hook_register_tools_reaches_its_registry():
    class Lens:
        @hookimpl
        def register_tools(self, register):
            register(name="hello_tool", description="说你好", input_schema={"type": "object"},
                     handler=lambda workspace, actor, **kw: {"hi": actor})

    assert plugin_host(Lens()).tools()["hello_tool"].handler(None, "user") == {"hi": "user"}


def test_hook_register_synonyms_add_up():
    class One:
        @hookimpl
        def register_synonyms(self, register):
            register(word="跳槽", synonyms=["换工作"])

    class More:
        @hookimpl
        def register_synonyms(self, register):
            register(word="跳槽", synonyms=["离职", "换工作"])

    merged = plugin_host(One(), More()).synonyms()["跳槽"].synonyms
    assert {"换工作", "离职"} <= set(merged) and len(merged) == len(set(merged))  # synonyms add up, no repeats


def test_hook_infer_ttl_stops_at_the_first_answer(ws):
    class Dictionary:
        @hookimpl
        def infer_ttl(self, name, value):
            return TTLGuess(ttl_days=30, reason="健康词典", source="plugin:test") if name == "睡眠时长" else None

    class Fallback:
        @hookimpl(trylast=True)
        def infer_ttl(self, name):
            return TTLGuess(ttl_days=None, reason="fallback", source="heuristic")

    host = plugin_host(Dictionary(), Fallback())
    assert host.infer_ttl("睡眠时长", 7, ws).reason == "健康词典"
    assert host.infer_ttl("别的", 1, ws).reason == "fallback"


def test_hook_vector_index_first_answer_wins(ws):
    class Index:
        def __init__(self, root):
            self.root = root

        def search(self, query, k):
            return []

    class Vectors:
        @hookimpl
        def vector_index(self, workspace):
            return Index(str(workspace.root))

    class Other:
        @hookimpl(trylast=True)
        def vector_index(self, workspace):
            return Index("other")

    assert plugin_host(Vectors(), Other()).vector_index(ws).root == str(ws.root)
    assert plugin_host().vector_index(ws) is None  # no vector plugin: keyword mode


def test_hook_pre_decide_combines_like_a_waterfall(ws):
    class Allow:
        @hookimpl
        def pre_decide(self, question):
            return Verdict(kind="allow")

    class Steer:
        @hookimpl
        def pre_decide(self, decisions, options):
            return Verdict(kind="steer", reasons=["现有存款已过期"], data={"expired": ["现有存款"]})

    class Deny:
        @hookimpl
        def pre_decide(self, question):
            return Verdict(kind="deny", reasons=["不提供投资建议"]) if "基金" in question else None

    host = plugin_host(Allow(), Steer(), Deny())
    v = host.pre_decide(ws, "我该不该跳槽", [], {})
    assert v.kind == "steer" and v.reasons == ["现有存款已过期"] and v.data == {"expired": ["现有存款"]}
    assert host.pre_decide(ws, "买哪只基金", [], {}).kind == "deny"
    assert plugin_host(Allow()).pre_decide(ws, "x", [], {}).kind == "allow"


def test_hook_detect_drift_collects_signals(ws):
    class Marker:
        @hookimpl
        def detect_drift(self, turn):
            return DriftSignal(signal="explicit_marker", score=0.9, weight="high", evidence="换个话题") \
                if "换个话题" in turn else None

    class Fields:
        @hookimpl
        def detect_drift(self, turn, session, workspace):
            return [DriftSignal(signal="field_set", score=0.8, evidence="依赖字段不重叠")]

    signals = plugin_host(Marker(), Fields(), builtins=False).detect_drift("换个话题，聊聊存款", None, ws)
    assert {s.signal for s in signals} == {"explicit_marker", "field_set"}
    assert all(s.plugin for s in signals)


def test_hook_render_output_runs_in_order(ws):
    class First:
        @hookimpl(tryfirst=True)
        def render_output(self, answer):
            answer.append("chains")

    class Last:
        @hookimpl(trylast=True)
        def render_output(self, answer, workspace):
            answer.append("disclaimer")

    class Middle:
        @hookimpl
        def render_output(self, answer):
            answer.append("stale")

    answer: list[str] = []
    plugin_host(Last(), Middle(), First(), builtins=False).render_output(answer, ws)
    assert answer == ["chains", "stale", "disclaimer"]


def test_hook_on_change_is_attributed_and_does_not_undo_writes(ws_path, capsys):
    seen = []

    class Watcher:
        @hookimpl
        def on_change(self, change):
            seen.append((change.action, change.actor))

    class Crashy:
        @hookimpl
        def on_change(self, workspace, change):
            raise RuntimeError("mirror is down")

    ws, _ = Workspace.init(ws_path, plugins=plugin_host(Watcher(), Crashy()))
    rec = ws.raw.record("写入".encode(), topic="t", actor="model via MCP")
    assert ("record", "model via MCP") in seen
    assert (ws_path / rec.file).read_bytes() == "写入".encode()
    assert "mirror is down" in capsys.readouterr().err


def test_hook_on_claim_sees_adds_and_changes(ws_path):
    seen = []

    class Watcher:
        @hookimpl
        def on_claim(self, claim, action, previous):
            seen.append((action, claim.claim, previous is None))

    ws, _ = Workspace.init(ws_path, plugins=plugin_host(Watcher()))
    rec = ws.raw.record("写入".encode(), topic="t")
    claim = ws.claims.add(claim="写入", topic="t", provenance=rec.file + "#L1")[0]
    assert seen == [("add", "写入", True)]
    ws.claims.dispute(claim.id, why="说错了")
    assert seen[-1] == ("dispute", "写入", False)  # previous: the claim before the change


def test_hook_verify_workspace_adds_a_witness(ws):
    class Witness:
        @hookimpl
        def verify_workspace(self, workspace):
            return [{"kind": "witness", "message": "git 历史里 raw/x.md 不同", "file": "raw/x.md"}]

    from mylife_core.verify import verify

    report = verify(Workspace.open(ws.root, plugins=plugin_host(Witness())))
    assert [p.kind for p in report.problems] == ["witness"]


def test_hook_register_commands_adds_a_command(ws):
    import click

    from mylife_core.cli import build_cli

    class Cmd:
        @hookimpl
        def register_commands(self, cli):
            cli.add_command(click.Command("ping", callback=lambda: click.echo("pong")))

    assert "ping" in build_cli(plugin_host(Cmd())).commands
    assert "ping" not in build_cli(plugin_host()).commands


def test_a_plugin_command_named_like_a_core_command_is_not_taken(cli, ws_path, tmp_path):
    """A plugin's ``record`` replaced the core's in ``mylife --help`` (an empty summary) while
    ``mylife record`` still ran the core's, and nothing said so; announced lazily (``status``),
    it replaced the core's help line the same way. Now the core's stays in both, and the plugin
    is named on stderr."""
    env = installed_by_path(tmp_path / "site", "mylife-shadow", """
        import click
        from mylife_core import hookimpl
        from mylife_core.cli.lazy import lazy_commands

        @hookimpl
        def register_commands(cli):
            @cli.command("record")
            def record():
                click.echo("SHADOW RECORD")

            @cli.command("shadow-hello")
            def hello():
                click.echo("SHADOW HELLO")

            @cli.command("recall")  # a builtin plugin's command: replaced, as docs/plugins.md says
            def recall():
                click.echo("SHADOW RECALL")

            lazy_commands(cli, {"status": "help.plugins"}, _status)

        def _status(cli):
            cli.add_command(click.Command("status", callback=lambda: click.echo("SHADOW STATUS")))
    """)
    assert cli("init").returncode == 0
    helped = cli("--help", env=env, load_plugins="mylife-shadow")
    assert helped.returncode == 0, helped.stderr
    lines = {line.split()[0]: line for line in helped.stdout.splitlines() if line.startswith("  ") and line.split()}
    assert "原样存入 L0" in lines["record"] and "shadow-hello" in lines
    assert "工作区概况" in lines["status"]  # the core's help line, not the plugin's (help.plugins)
    for name in ("record", "status"):
        assert f"插件「mylife-shadow」注册的命令 {name} 与 MyLife 自带的命令同名，未采用" in helped.stderr
    recorded = cli("record", "今天加班到十点", "--topic", "career", env=env, load_plugins="mylife-shadow")
    assert recorded.returncode == 0 and "SHADOW" not in recorded.stdout
    assert len(list((ws_path / "raw").glob("*.md"))) == 1
    hello = cli("shadow-hello", env=env, load_plugins="mylife-shadow")  # its own commands work, said once each
    assert hello.stdout == "SHADOW HELLO\n" and hello.stderr.count("未采用") == 2
    status = cli("status", "--json", env=env, load_plugins="mylife-shadow")
    assert status.returncode == 0 and "SHADOW" not in status.stdout
    assert cli("recall", env=env, load_plugins="mylife-shadow").stdout == "SHADOW RECALL\n"


# --------------------------------------------------------------------------- a plugin's mistakes name it


def test_a_result_of_the_wrong_type_names_the_plugin_and_the_hook(ws):
    """A hook answering with the wrong type (a dict for a Verdict, an int for a TTLGuess) was an
    AttributeError deep in the core, said as 'internal error: a MyLife defect' with no plugin named."""

    class Wrong:
        @hookimpl
        def pre_decide(self, question):
            return {"kind": "deny"}

        @hookimpl
        def detect_drift(self, turn):
            return {"signal": "x", "score": 1}

        @hookimpl
        def verify_workspace(self, workspace):
            return "all good"

        @hookimpl
        def infer_ttl(self, name):
            return 30

        @hookimpl
        def vector_index(self, workspace):
            return {"search": "not callable"}

    wrong = Wrong()
    host = plugin_host(wrong, builtins=False)  # the builtin drift signals want a real chat session
    name = host.pm.get_name(wrong)
    calls = {"pre_decide": lambda: host.pre_decide(ws, "要不要跳槽", [], {}),
             "detect_drift": lambda: host.detect_drift("换个话题", None, ws),
             "verify_workspace": lambda: host.verify_workspace(ws),
             "infer_ttl": lambda: host.infer_ttl("睡眠时长", 7, ws),
             "vector_index": lambda: host.vector_index(ws)}
    for hook, call in calls.items():
        with pytest.raises(PluginError) as exc:
            call()
        assert exc.value.key == "plugin_bad_result" and exc.value.plugin == name, hook
        assert exc.value.params["hook"] == hook and exc.value.params["plugin"] == name
    assert "int 30" in _rendered(host, ws) and "TTLGuess" in _rendered(host, ws)


def _rendered(host, ws):
    try:
        host.infer_ttl("睡眠时长", 7, ws)
    except PluginError as exc:
        return exc.render()
    return ""


def installed_by_path(site: Path, dist: str, code: str, version: str = "0.2.0",
                      entry_points: tuple[str, ...] = ()) -> dict[str, str]:
    """The plugin ``dist`` (one module, ``code``) installed by path: the module and a dist-info
    folder with its entry points (by default the name after ``mylife-``), as pip leaves them;
    the ``env`` that puts ``site`` on the path."""
    import textwrap

    module = dist.replace("-", "_")
    site.mkdir(parents=True, exist_ok=True)
    (site / f"{module}.py").write_text(textwrap.dedent(code), encoding="utf-8")
    info = site / f"{module}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n", encoding="utf-8")
    names = entry_points or (dist[len("mylife-"):],)
    (info / "entry_points.txt").write_text("[mylife]\n" + "".join(f"{n} = {module}\n" for n in names),
                                           encoding="utf-8")
    return {"PYTHONPATH": str(site)}


def test_a_misspelt_hook_or_parameter_names_the_plugin(cli, tmp_path):
    """``def on_changes(...)`` or a parameter the hook does not have was pluggy's
    PluginValidationError said as 'internal error: a MyLife defect', no plugin named."""
    typo = installed_by_path(tmp_path / "typo", "mylife-typo", """
        from mylife_core import hookimpl

        @hookimpl
        def on_changes(workspace, change):
            pass
    """)
    extra = installed_by_path(tmp_path / "extra", "mylife-extra", """
        from mylife_core import hookimpl

        @hookimpl
        def on_change(workspace, change, extra):
            pass
    """)
    for env, dist, said in ((typo, "mylife-typo", "unknown hook 'on_changes'"), (extra, "mylife-extra", "'extra'")):
        listed = cli("plugins", env=env, load_plugins=dist)
        assert listed.returncode == 7 and f"插件「{dist}」加载失败：PluginValidationError" in listed.stderr
        assert said in listed.stderr and "内部错误" not in listed.stderr


def test_a_write_whose_hooks_cannot_run_says_why(cli, ws_path, tmp_path):
    """With a plugin that fails to load, ``mylife record`` saved the note and exited 0 while
    every on_change hook (the search index, git history: builtin ones) silently did not run."""
    env = installed_by_path(tmp_path / "site", "mylife-broke", """
        raise RuntimeError("needs a setting")
    """)
    assert cli("init").returncode == 0
    rec = cli("record", "今天加班到十点", "--topic", "career", env=env, load_plugins="mylife-broke")
    assert rec.returncode == 0 and "已原样保存" in rec.stdout  # the write is durable and said so
    assert "插件「mylife-broke」加载失败：RuntimeError: needs a setting" in rec.stderr
    assert len(list((ws_path / "raw").glob("*.md"))) == 1


def test_a_third_party_tool_that_raises_names_its_plugin(cli, ws_path, tmp_path):
    """A plugin tool's bug was said as 'internal error: a MyLife defect' (exit 70), no plugin named:
    to the user of ``mylife tool`` as to a model calling it."""
    env = installed_by_path(tmp_path / "site", "mylife-sleeptool", """
        from mylife_core import hookimpl

        def _average(workspace, actor):
            return {"hours": 6.5 / 0}

        def _longest(workspace, actor, days=30):
            return {"hours": max(None, days)}  # a TypeError of its own, not the caller's

        @hookimpl
        def register_tools(register):
            register(name="sleep_average", description="最近一个月的平均睡眠时长", handler=_average,
                     input_schema={"type": "object", "properties": {}, "additionalProperties": False})
            register(name="sleep_longest", description="最长的一次睡眠", handler=_longest,
                     input_schema={"type": "object", "properties": {"days": {"type": "integer"}}})
    """)
    assert cli("init").returncode == 0
    called = cli("tool", "sleep_average", "--json", env=env, load_plugins="mylife-sleeptool")
    assert called.returncode == 7, called.stderr
    error = called.json()["error"]
    assert error["key"] == "plugin_failed" and error["params"]["plugin"] == "mylife-sleeptool"
    assert "插件「mylife-sleeptool」在 sleep_average 中出错：ZeroDivisionError" in error["message"]
    assert "内部错误" not in called.stdout + called.stderr
    # a TypeError inside the handler is its bug (it was said as the caller's bad arguments, exit 2)
    from mylife_core.tools import call_tool

    ws = Workspace.open(ws_path, plugins=_host_of(tmp_path / "site", "mylife_sleeptool"))
    bug = call_tool(ws, "sleep_longest", {}, actor="model")
    assert bug.error["key"] == "plugin_failed" and "TypeError" in bug.error["message"]
    wrong = call_tool(ws, "sleep_longest", {"weeks": 2}, actor="model")  # the caller's mistake stays so
    assert wrong.error["key"] == "tool_bad_arguments" and "weeks" in wrong.error["message"]
    ws.close()


def _host_of(site: Path, module: str):
    """A plugin host with the module ``module`` of ``site`` registered by hand."""
    import importlib

    sys.path.insert(0, str(site))
    try:
        return plugin_host(importlib.import_module(module))
    finally:
        sys.path.remove(str(site))


def test_two_plugins_with_one_entry_point_name_both_load(cli, tmp_path):
    """Entry-point names are the authors' to pick: two distributions both calling theirs ``sleep``
    left the second silently out (not listed, its hooks never called), and one module behind two
    entry points stopped every command with an internal error (pluggy: already registered)."""
    synonyms = """
        from mylife_core import hookimpl

        @hookimpl
        def register_synonyms(register):
            register(word="{word}", synonyms=["{word}2"])
    """
    paths = []
    for dist, word, names in (("mylife-sleep-a", "睡眠", ("sleep",)), ("mylife-sleep-b", "失眠", ("sleep",)),
                              ("mylife-twice", "熬夜", ("twice", "twice-again")),
                              ("mylife-dotted", "午睡", ("mylife.search",))):
        paths.append(installed_by_path(tmp_path / dist, dist, synonyms.replace("{word}", word),
                                       entry_points=names)["PYTHONPATH"])
    env = {"PYTHONPATH": ":".join(paths)}
    load = "mylife-sleep-a,mylife-sleep-b,mylife-twice,mylife-dotted"
    listed = cli("plugins", "--json", env=env, load_plugins=load)
    assert listed.returncode == 0, listed.stderr
    third = sorted(p["distribution"] for p in listed.json()["plugins"] if not p["builtin"])
    assert third == ["mylife-dotted", "mylife-sleep-a", "mylife-sleep-b", "mylife-twice"]
    code = ("from mylife_core.plugins import PluginHost; "
            "print(sorted(w for w in PluginHost().synonyms() if w in ('睡眠', '失眠', '熬夜', '午睡')))")
    assert probe_host(code, paths, load) == str(sorted(["睡眠", "失眠", "熬夜", "午睡"]))


def test_a_wrong_result_from_an_installed_plugin_is_said_with_its_name_and_nothing_is_written(cli, ws_path,
                                                                                              tmp_path):
    """End to end: the plugin installed by path (an entry point in a dist-info folder)."""
    env = installed_by_path(tmp_path / "site", "mylife-wrong", """
        from mylife_core import hookimpl

        @hookimpl
        def infer_ttl(name):
            return 30

        @hookimpl
        def verify_workspace(workspace):
            return 'all good'
    """)
    assert cli("init").returncode == 0
    before = (ws_path / "profile.yaml").read_bytes()
    set_ = cli("profile", "set", "睡眠时长", "7", env=env, load_plugins="mylife-wrong")
    assert set_.returncode == 7 and "Traceback" not in set_.stderr
    assert "插件「mylife-wrong」的 infer_ttl 返回了 int 30，应为 TTLGuess | None" in set_.stderr
    assert "内部错误" not in set_.stderr
    assert (ws_path / "profile.yaml").read_bytes() == before  # nothing written half way
    checked = cli("verify", "--json", env=env, load_plugins="mylife-wrong")
    assert checked.returncode == 7 and checked.json()["error"]["key"] == "plugin_bad_result"
    assert checked.json()["error"]["params"]["hook"] == "verify_workspace"


def test_register_with_a_positional_argument_names_the_plugin_not_the_field():
    """``register("睡眠时长", ttl_days=30)`` (as the docs' signature reads) took the field's name for
    the plugin's: 插件「睡眠时长」… Field required."""

    class Positional:
        @hookimpl
        def register_fields(self, register):
            register("睡眠时长", ttl_days=30)

    plugin = Positional()
    host = plugin_host(plugin)
    with pytest.raises(PluginError) as exc:
        host.fields()
    assert exc.value.key == "plugin_register_positional" and exc.value.plugin == host.pm.get_name(plugin)
    assert "睡眠时长" not in exc.value.params["plugin"]
    assert "register(name=...)" in exc.value.render() and "'睡眠时长'" in exc.value.render()


def test_plugins_hook_with_an_unknown_name_says_so(cli):
    """``mylife plugins --hook on_chang`` (a typo) said 没有加载任何插件 and exited 0."""
    typo = cli("plugins", "--hook", "on_chang")
    assert typo.returncode == 2 and "没有名为「on_chang」的钩子" in typo.stderr and "on_change" in typo.stderr
    assert cli("plugins", "--hook", "on_change", "--json").returncode == 0


# --------------------------------------------------------------------------- meta: docs and tests


def test_every_hook_is_documented_with_its_exact_signature():
    """As datasette's test_docs: docs/plugins.md has a section per hook, headed by its call, whose
    first line is the hook's full signature and calling style, read from mylife_core.hookspecs."""
    docs = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    documented = re.findall(r"^### ([a-z_]+)\(", docs, re.M)
    assert sorted(documented) == hook_names(), "docs/plugins.md documents a hook that does not exist, or twice"
    for name in hook_names():
        params = ", ".join(inspect.signature(getattr(hookspecs, name)).parameters)
        heading = f"### {name}({params})\n\n"
        assert heading in docs, f"docs/plugins.md lacks '### {name}({params})'"
        first_line = docs.split(heading, 1)[1].split("\n", 1)[0]
        assert first_line == f"`{hook_signature(name)}` · {hook_style(name)}", name
        assert getattr(hookspecs, name).__doc__, name


def test_every_hook_has_a_test():
    """Every hook has at least one test named ``test_hook_<hook>...`` somewhere in tests/."""
    names = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        names |= {node.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(node, ast.FunctionDef) and node.name.startswith("test_hook_")}
    for name in hook_names():
        assert any(n == f"test_hook_{name}" or n.startswith(f"test_hook_{name}_") for n in names), \
            f"no test named test_hook_{name}"


def test_a_render_output_plugins_judgment_is_held_to_the_one_judging_rule(ws):
    """A third-party ``render_output`` plugin that adds a verdict of its own (uncited, or citing a
    claim that does not exist) does not get it past the judging rule: it is withheld and listed
    under 无依据，未采纳 like a model's, while one citing the user's own claim is shown."""
    from mylife_core.pipeline.answer import Judgment
    from mylife_core.pipeline.ask import AskOptions, ask
    from mylife_core.pipeline.present import answer_lines

    rec = ws.raw.record("连续加班三周了，真的想辞职\n".encode(), topic="职业去留")
    claim, _ = ws.claims.add(claim="连续加班三周了，真的想辞职", topic="职业去留", kind="assessment",
                             provenance=f"{rec.file}#L1")

    class Lens:
        @hookimpl
        def render_output(self, answer):
            answer.judgments.append(Judgment(text="你的能力远超现在的岗位，应该马上辞职。"))
            answer.judgments.append(Judgment(text="辞职是明智的。", claim_ids=["claim-2099-01-01-999"]))
            answer.judgments.append(Judgment(text="你说过连续加班三周想辞职。", claim_ids=[claim.id]))
            answer.question_back = Judgment(text="难道你不该马上辞职吗？", role="question")

    ws = Workspace.open(ws.root, plugins=plugin_host(Lens()))
    answer = ask(ws, "我该不该辞职？", AskOptions(offline=True, accept_missing=True, accept_stale=True)).answer
    shown = [j.text for j in answer.judgments]
    assert "你说过连续加班三周想辞职。" in shown
    assert "你的能力远超现在的岗位，应该马上辞职。" not in shown and "辞职是明智的。" not in shown
    withheld = {u.text for u in answer.unsupported}
    assert {"你的能力远超现在的岗位，应该马上辞职。", "辞职是明智的。", "难道你不该马上辞职吗？"} <= withheld
    text = "\n".join(answer_lines(answer))
    assert "无依据，未采纳" in text and "「你的能力远超现在的岗位，应该马上辞职。」" in text
    assert answer.question_back is None or "难道" not in answer.question_back.text
    ws.close()


def test_a_name_two_plugins_register_is_said_with_the_definition_used(cli, tmp_path):
    """Two installed plugins registering one profile field, topic and tool, and one of them a store
    named like the builtin ``files``: the first wins and the builtin is replaced, as documented, but
    no longer silently: ``mylife plugins`` (and its --json ``conflicts``) names each clash, whose
    definition is used and whose is not."""

    code = """
        from mylife_core import hookimpl

        @hookimpl
        def register_fields(register):
            register(name="睡眠时长", ttl_days={ttl})

        @hookimpl
        def register_topics(register):
            register(name="睡眠", keywords=["{dist}"])

        @hookimpl
        def register_tools(register):
            register(name="sleep_log", description="{dist}", input_schema={{"type": "object"}}, handler=lambda ws, actor: {{}})
    """
    store = """
        @hookimpl
        def register_stores(register):
            register(name="files", factory=lambda ws: None, description="mine")
    """
    paths = [installed_by_path(tmp_path / "a", "mylife-sleep-a", code.format(ttl=30, dist="a") + store)["PYTHONPATH"],
             installed_by_path(tmp_path / "b", "mylife-sleep-b", code.format(ttl=60, dist="b"))["PYTHONPATH"]]
    env = {"PYTHONPATH": ":".join(paths)}
    load = "mylife-sleep-a,mylife-sleep-b"
    listed = cli("plugins", "--json", env=env, load_plugins=load)
    assert listed.returncode == 0, listed.stderr
    conflicts = {(c["hook"], c["name"]): c for c in listed.json()["conflicts"]}
    assert set(conflicts) == {("register_fields", "睡眠时长"), ("register_topics", "睡眠"),
                              ("register_tools", "sleep_log"), ("register_stores", "files")}
    probe = ("from mylife_core.plugins import PluginHost; h = PluginHost(); "
             "print(h.plugin_label(h.fields()['睡眠时长'].plugin), h.plugin_label(h.stores()['files'].plugin))")
    field_used, store_used = probe_host(probe, paths, load).split()
    field = conflicts[("register_fields", "睡眠时长")]
    assert field["used"] == field_used and field["ignored"] == [
        {"mylife-sleep-a": "mylife-sleep-b", "mylife-sleep-b": "mylife-sleep-a"}[field_used]]
    assert field["builtin_replaced"] is False
    files = conflicts[("register_stores", "files")]
    assert files["used"] == store_used == "mylife-sleep-a" and files["ignored"] == ["mylife.files_store"]
    assert files["builtin_replaced"] is True
    text = cli("plugins", env=env, load_plugins=load).stdout
    other = field["ignored"][0]
    assert f"档案字段「睡眠时长」被多个插件注册：用的是 {field_used} 的定义，{other} 的没有用" in text, text
    assert "证据存储「files」与内置的同名：用的是 mylife-sleep-a 的定义" in text, text
    alone = cli("plugins", "--json", env={"PYTHONPATH": paths[1]}, load_plugins="mylife-sleep-b")
    assert alone.json()["conflicts"] == []  # one plugin's names with the builtins': nothing to say


def test_plugins_still_lists_a_plugin_whose_registration_is_invalid_and_says_why(ws, cli, tmp_path):
    """`mylife plugins` is where a user looks when a plugin misbehaves: working out the conflicts
    must not turn a plugin's invalid registration into the listing's own failure (exit 7)."""
    code = """
        from mylife_core import hookimpl

        @hookimpl
        def register_fields(register):
            register(name="睡眠时长", ttl_days="很久")
    """
    env = installed_by_path(tmp_path / "bad", "mylife-sleep-bad", code)
    listed = cli("plugins", "--json", env=env, load_plugins="mylife-sleep-bad")
    assert listed.returncode == 0, listed.stderr
    data = listed.json()
    assert "mylife-sleep-bad" in [p["distribution"] or p["name"] for p in data["plugins"]]
    assert [p["code"] for p in data["problems"]] == ["plugin"] and "mylife-sleep-bad" in data["problems"][0]["message"]
    text = cli("plugins", env=env, load_plugins="mylife-sleep-bad")
    assert text.returncode == 0 and "mylife-sleep-bad" in text.stdout and "Traceback" not in text.stderr
    assert data["problems"][0]["message"].splitlines()[0] in text.stdout
    assert cli("profile", "set", "睡眠时长", "7", env=env, load_plugins="mylife-sleep-bad").returncode == 7  # a command using it stops


def probe_host(code: str, paths: list[str], load: str) -> str:
    """Run ``code`` in a fresh Python with the plugins installed at ``paths`` and loaded by
    ``MYLIFE_LOAD_PLUGINS=load``: what it printed (it must exit 0)."""
    import os

    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": ":".join([*paths, os.environ.get("PYTHONPATH", "")]),
                              "MYLIFE_LOAD_PLUGINS": load})
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()

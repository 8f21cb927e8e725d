"""Hooks behave as pluggy documents: ordering, firstresult, both kinds of wrappers, hook-call
monitoring, attribution of errors and results, tracing; and end to end through the real CLI with
plugins installed by pip (a wrapper plugin, a ``tryfirst`` plugin and a plugin that raises)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mylife_core import hookimpl
from mylife_core.errors import NotFound, PluginError
from mylife_core.specs import TTLGuess, Verdict
from mylife_core.testing import plugin_host, run_cli
from mylife_core.workspace import Workspace

from test_plugins import DATA, pip_install_target

# --------------------------------------------------------------------------- in process


def test_new_style_wrapper_wraps_the_whole_call_once(ws):
    calls = []

    class Wrapper:
        @hookimpl(wrapper=True)
        def render_output(self, answer):
            answer.append("before")
            result = yield
            answer.append("after")
            calls.append(result)
            return result

    class Chains:
        @hookimpl(tryfirst=True)
        def render_output(self, answer):
            answer.append("chains")

    class Disclaimer:
        @hookimpl(trylast=True)
        def render_output(self, answer):
            answer.append("disclaimer")

    answer: list[str] = []
    plugin_host(Disclaimer(), Wrapper(), Chains(), builtins=False).render_output(answer, ws)
    assert answer == ["before", "chains", "disclaimer", "after"]
    assert calls == [[]]  # one call, seen whole


def test_old_style_hookwrapper_can_replace_a_firstresult_answer(ws):
    class Dictionary:
        @hookimpl
        def infer_ttl(self, name):
            return TTLGuess(ttl_days=30, reason="词典", source="plugin:dict")

    class Override:
        @hookimpl(hookwrapper=True)
        def infer_ttl(self, name):
            outcome = yield
            if name == "房租":
                outcome.force_result(TTLGuess(ttl_days=365, reason="租约一年", source="plugin:override"))

    host = plugin_host(Dictionary(), Override())
    assert host.infer_ttl("房租", 5000, ws).reason == "租约一年"
    assert host.infer_ttl("睡眠时长", 7, ws).reason == "词典"


def test_tryfirst_and_trylast_order_registrations_and_clashes():
    class Early:
        @hookimpl(tryfirst=True)
        def register_topics(self, register):
            register(name="健康", keywords=["睡眠"])

    class Late:
        @hookimpl(trylast=True)
        def register_topics(self, register):
            register(name="健康", keywords=["体检"])

    class Normal:
        @hookimpl
        def register_topics(self, register):
            register(name="健康", keywords=["运动"])

    host = plugin_host(Late(), Normal(), Early(), builtins=False)
    order = [type(host.pm.get_plugin(n)).__name__ for n in host._impl_order("register_topics")]
    assert order == ["Early", "Normal", "Late"]
    assert host.topics()["健康"].keywords == ["睡眠"]  # first in call order wins: tryfirst


def test_hook_call_monitoring_sees_every_call_including_per_plugin_ones(ws):
    class Fields:
        @hookimpl
        def register_fields(self, register):
            register(name="睡眠时长", ttl_days=30)

    class More:
        @hookimpl
        def register_fields(self, register):
            register(name="体重", ttl_days=90)

    host = plugin_host(Fields(), More(), builtins=False)
    seen: list[tuple[str, list[str]]] = []
    undo = host.pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: seen.append((name, [i.plugin_name for i in impls if not i.wrapper])),
        lambda outcome, name, impls, kwargs: None)
    try:
        fields = host.fields()
        host.render_output([], ws)
    finally:
        undo()
    names = [host.pm.get_name(p) for p in (host.pm.get_plugins()) if not host.pm.get_name(p).startswith("mylife.")]
    assert sorted(name for hook, plugins in seen if hook == "register_fields" for name in plugins) == sorted(names)
    assert [hook for hook, _ in seen].count("register_fields") == 2  # one plugin at a time, for attribution
    assert ("render_output", []) in seen
    assert fields["睡眠时长"].plugin != fields["体重"].plugin


def test_a_wrapper_on_a_registration_hook_runs_around_each_plugin(ws):
    wrapped = []

    class Fields:
        @hookimpl
        def register_fields(self, register):
            register(name="睡眠时长", ttl_days=30)

    class Audit:
        @hookimpl(wrapper=True)
        def register_fields(self, register):
            wrapped.append("in")
            return (yield)

    class More:
        @hookimpl
        def register_fields(self, register):
            register(name="体重", ttl_days=90)

    fields = plugin_host(Fields(), Audit(), More(), builtins=False).fields()
    assert wrapped == ["in", "in"]  # one call per plugin (attribution), each one wrapped
    assert fields["睡眠时长"].plugin != fields["体重"].plugin


def test_an_exception_names_the_plugin_through_the_core_wrapper(ws):
    def helper():
        raise ZeroDivisionError("division by zero in a helper")

    class Fine:
        @hookimpl
        def render_output(self, answer):
            answer.append("fine")

    class Buggy:
        @hookimpl
        def render_output(self, answer):
            helper()

    host = plugin_host(Fine(), Buggy(), builtins=False)
    buggy = next(n for n in host._impl_order("render_output") if isinstance(host.pm.get_plugin(n), Buggy))
    with pytest.raises(PluginError) as exc:
        host.render_output([], ws)
    assert exc.value.plugin == buggy and exc.value.params["hook"] == "render_output"
    assert "ZeroDivisionError: division by zero in a helper" in exc.value.render()
    assert isinstance(exc.value.__cause__, ZeroDivisionError)


def test_a_deliberate_mylife_error_is_attributed_with_its_own_message(ws):
    class Strict:
        @hookimpl
        def vector_index(self, workspace):
            raise NotFound("claim_not_found", id="claim-x")

    host = plugin_host(Strict(), builtins=False)
    with pytest.raises(PluginError) as exc:
        host.vector_index(ws)
    assert exc.value.plugin == host._impl_order("vector_index")[0]
    assert "vector_index" in exc.value.render() and "claim-x" in exc.value.render()
    assert isinstance(exc.value.__cause__, NotFound)


def test_a_failing_notification_is_reported_and_the_others_still_run(ws_path, capsys):
    seen = []

    class Before:
        @hookimpl(tryfirst=True)
        def on_change(self, change):
            seen.append(("before", change.action))

    class Crashy:
        @hookimpl
        def on_change(self, change):
            raise RuntimeError("mirror is down")

    class After:
        @hookimpl(trylast=True)
        def on_change(self, change):
            seen.append(("after", change.action))

    host = plugin_host(After(), Crashy(), Before(), builtins=False)
    ws, _ = Workspace.init(ws_path, plugins=host)
    seen.clear()
    ws.raw.record("写入".encode(), topic="t")
    assert seen == [("before", "record"), ("after", "record")]
    err = capsys.readouterr().err
    assert "在 on_change 中出错" in err and "RuntimeError: mirror is down" in err
    assert host.warnings and "mirror is down" in host.warnings[-1]


def test_results_of_pipeline_hooks_are_attributed_per_plugin(ws):
    class Steer:
        @hookimpl
        def pre_decide(self):
            return Verdict(kind="steer", reasons=["先更新存款"])

    host = plugin_host(Steer(), builtins=False)
    assert host.pre_decide(ws, "要不要跳槽", [], {}).plugin == host._impl_order("pre_decide")[0]


def test_debug_hooks_prints_each_call_with_plugins_and_results(cli):
    assert cli("init").returncode == 0
    r = cli("record", "今天加班到十点", "--topic", "career", env={"MYLIFE_DEBUG_HOOKS": "1"})
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("hook on_change(")))
    assert "change=Change(" in lines[start]
    assert lines[start + 1].startswith("  reached: ") and "mylife.git_history" in lines[start + 1]
    assert lines[start + 2].startswith("  result: [") and lines[start + 2].endswith("ms]")
    listing = cli("--help", env={"MYLIFE_DEBUG_HOOKS": "1"})  # core commands load no plugin commands
    assert any(line.startswith("hook register_commands(cli=<MyLifeGroup") for line in listing.stderr.splitlines())
    quiet = cli("record", "再记一条", "--topic", "career")
    assert "hook " not in quiet.stderr


def test_plugins_trace_runs_a_command_with_tracing(cli):
    cli("init")
    r = cli("plugins", "--trace", "status", "--json")
    assert r.returncode == 0, r.stderr
    assert r.json()["ok"] is True  # the traced command's own output is untouched
    assert "hook register_stores(register=<register>)" in r.stderr and "reached: mylife.files_store" in r.stderr
    missing = cli("plugins", "--trace")
    assert missing.returncode == 2 and "--trace 后面要跟一条 mylife 命令" in missing.stderr


# --------------------------------------------------------------------------- end to end, pip-installed


@pytest.fixture(scope="module")
def e2e_site(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    for name in ("mylife-hello", "mylife-wrapper", "mylife-first", "mylife-raising"):
        src = tmp_path_factory.mktemp("src") / name
        shutil.copytree(DATA / name, src)
        pip_install_target(src, target / name)
    return target


def _env(site: Path, *names: str, **extra: str) -> dict[str, str]:
    return {"PYTHONPATH": ":".join(str(site / n) for n in names), **extra}


def test_wrapper_plugin_end_to_end(e2e_site, ws_path):
    env = _env(e2e_site, "mylife-hello", "mylife-wrapper")
    plugins = "mylife-hello,mylife-wrapper"
    assert run_cli(["init"], workspace=ws_path, env=env, load_plugins=plugins).returncode == 0
    rec = run_cli(["record", "今天又加班", "--topic", "career"], workspace=ws_path, env=env, load_plugins=plugins)
    assert rec.returncode == 0, rec.stderr
    lines = [line for line in rec.stderr.splitlines() if "record" in line]
    assert lines[0] == "wrapper: before on_change record"
    assert lines[1].startswith("mylife-hello saw record raw/")
    assert lines[2] == "wrapper: after on_change record (0 results)"  # new-style: around the whole call
    listed = run_cli(["plugins", "--json"], workspace=ws_path, env=env, load_plugins=plugins).json()["plugins"]
    wrapper = next(p for p in listed if p["distribution"] == "mylife-wrapper")
    assert wrapper["hooks"] == ["on_change", "register_commands"]
    # old-style hookwrapper: runs after every plugin added its commands, and can add its own
    wrapped = run_cli(["wrapped"], workspace=ws_path, env=env, load_plugins=plugins)
    assert wrapped.returncode == 0, wrapped.stderr
    core = run_cli(["--help"], workspace=ws_path, env=env, load_plugins=plugins).stdout
    assert " hello " in core and " wrapped " in core
    assert int(wrapped.stdout.split()[0]) >= 10


def test_tryfirst_plugin_end_to_end(e2e_site, ws_path):
    env = _env(e2e_site, "mylife-hello", "mylife-first")
    run_cli(["init"], workspace=ws_path)
    # mylife-hello's dictionary says 30 days for 睡眠时长; the tryfirst plugin answers before it
    first = run_cli(["profile", "set", "睡眠时长", "7", "--json"], workspace=ws_path, env=env,
                    load_plugins="mylife-hello,mylife-first")
    assert first.returncode == 0, first.stderr
    doc = first.json()
    assert "mylife-first answers first" in str(doc) and '"ttl_days": 7' in first.stdout.replace(" ", " ")
    other = ws_path.parent / "ws2"
    run_cli(["init"], workspace=other)
    without = run_cli(["profile", "set", "睡眠时长", "7", "--json"], workspace=other, env=env,
                      load_plugins="mylife-hello")
    assert without.returncode == 0, without.stderr
    assert "mylife-first" not in without.stdout and '"ttl_days": 30' in without.stdout


def test_raising_plugin_end_to_end(e2e_site, ws_path):
    env = _env(e2e_site, "mylife-hello", "mylife-raising")
    plugins = "mylife-hello,mylife-raising"
    assert run_cli(["init"], workspace=ws_path, env=env, load_plugins=plugins).returncode == 0
    rec = run_cli(["record", "今天又加班", "--topic", "career"], workspace=ws_path, env=env, load_plugins=plugins)
    assert rec.returncode == 0, rec.stderr  # the write is durable: a notification cannot undo it
    assert "插件「mylife-raising」在 on_change 中出错：ConnectionError: mirror unreachable while saving raw/" in rec.stderr
    assert "mylife-hello saw record raw/" in rec.stderr  # the other plugin still ran
    assert "Traceback" not in rec.stderr
    assert len(list((ws_path / "raw").glob("*.md"))) == 1
    # core commands load no plugin commands (the root group is lazy): listing them does
    broken = run_cli(["--help"], workspace=ws_path, load_plugins=plugins,
                     env=_env(e2e_site, "mylife-hello", "mylife-raising", MYLIFE_RAISING_COMMANDS="1"))
    assert broken.returncode == 7
    assert "插件「mylife-raising」在 register_commands 中出错：ValueError: cannot build my commands" in broken.stderr
    assert "Traceback" not in broken.stderr
    en = run_cli(["--help"], workspace=ws_path, load_plugins=plugins,
                 env=_env(e2e_site, "mylife-raising", MYLIFE_RAISING_COMMANDS="1", MYLIFE_LANG="en"))
    assert 'Plugin "mylife-raising" failed in register_commands: ValueError' in en.stderr

"""The ask run and the settings page say library errors in the panel's words (``views.error_text``,
as every other page does), and the ask page has the CLI's ``--no-record``: a box that reads the
answer without recording its chain, so the error that named ``--no-record`` names the box."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mylife_core.messages import t
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

from .conftest import shot
from .test_routes import snapshot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
QUESTION = "我该不该跳槽？"
ANSWER_ANYWAY = {"accept_stale": "1", "accept_missing": "1"}
FLAG = re.compile(r"(?<![\w-])--[a-z]")  # a command-line option (--no-record, --ttl ...)


def events(text: str) -> list[tuple[str, object]]:
    return [(m[0], json.loads(m[1])) for m in re.findall(r"event: (\w+)\ndata: (.*)\n\n", text)]


def finished(client, data: dict) -> tuple[str, dict]:
    """Submit the ask form; the run's last event (``done`` or ``failed``) and its data."""
    r = client.post("/ask", data)
    client.last = r.headers.get("location")
    assert r.status_code == 303 and r.headers["location"].startswith("/ask/"), (r.status_code, r.text[:300])
    kind, last = events(client.get(r.headers["location"] + "/events").text)[-1]
    return kind, last


def no_cli_words(text: str) -> None:
    """Nothing a browser's user cannot do: no option of the command line, no command to run."""
    assert not FLAG.search(text), text
    assert "{prog}" not in text and not re.search(r"mylife( -w \S+)? (ask|status|claim|trace|verify)", text), text
    assert "claim list" not in text and "status、claim list" not in text, text


def set_llm(root: Path, lines: str) -> None:
    """The ``llm:`` section of config.yaml, as the user wrote it by hand."""
    path = root / "config.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^llm: \{\}$", "llm:\n" + lines.rstrip("\n"), text, flags=re.M), encoding="utf-8")


# ------------------------------------------------------------------ 1. the "do not record" box
def test_the_box_reads_the_answer_and_writes_nothing(panel, demo: Path):
    """``mylife ask --no-record`` on the panel: ticked, the answer is read and nothing of the
    workspace changes, byte for byte (no chain in index/, no audit entry, raw/ untouched); by
    default, as the CLI's, the chain is recorded."""
    form = panel.get("/ask").text
    box = re.search(r'<input[^>]*name="no_record"[^>]*>', form)
    assert box and "checked" not in box.group(0)  # recorded by default, as `mylife ask`
    assert t("s32panel.ask.no_record") in form
    before = snapshot(demo)
    kind, done = finished(panel, {"q": QUESTION, **ANSWER_ANYWAY, "no_record": "1"})
    assert kind == "done" and done["status"] == "answered" and done["chain"] is None, done
    assert "仅供参考" in done["text"] and "chain-" not in done["text"]
    assert t("s32panel.web.ask.not_recorded") in done["text"] and "--no-record" not in done["text"]
    assert snapshot(demo) == before  # L0 (raw/), L4 (index/), the audit log: every byte as it was
    kind, done = finished(panel, {"q": QUESTION, **ANSWER_ANYWAY})
    assert kind == "done" and done["chain"], done  # the box unticked: recorded
    assert snapshot(demo) != before


def test_the_box_in_a_browser(serve, page, demo: Path):
    info = serve()
    page.goto(info["url"])
    before = snapshot(demo)
    page.goto(info["url"].split("/?")[0] + "/ask")
    assert not page.is_checked("#ask-no-record")
    box = page.locator("label:has(#ask-no-record)").inner_text().strip()
    named = box.split("（")[0].split(" (")[0]  # the box's name, without its gloss
    assert named and named in page.inner_text("#ask-intro"), "the page's intro says the chain is always recorded"
    page.fill("#ask-q", QUESTION)
    page.check("input[name=accept_stale]")
    page.check("input[name=accept_missing]")
    page.check("#ask-no-record")
    page.click("#ask-go")
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    assert page.locator("#ask-answer").get_attribute("data-done") == "answered"
    text = page.locator("#ask-answer").inner_text()
    assert t("s32panel.web.ask.not_recorded") in text and "--no-record" not in text
    assert page.locator("#ask-stage a[href^='/chains/']").count() == 0
    assert snapshot(demo) == before
    assert page.errors == [], page.errors


def test_asking_again_after_a_stop_keeps_the_box(serve, page, demo: Path):
    """A run stopped for stale data shows the form again with the boxes it was asked with: ticking
    "keep stale values" and asking again keeps 不记录依据链 ticked, so the answer writes nothing (before,
    the box came back unticked and the second ask recorded a chain the user had said not to)."""
    info = serve()
    page.goto(info["url"])
    before = snapshot(demo)
    page.goto(info["url"].split("/?")[0] + "/ask")
    page.fill("#ask-q", QUESTION)
    page.check("#ask-no-record")
    page.click("#ask-go")
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    assert page.locator("#ask-answer").get_attribute("data-done") == "needs_input"
    assert page.is_checked("#ask-no-record") and not page.is_checked("input[name=accept_stale]")
    page.check("input[name=accept_stale]")
    page.check("input[name=accept_missing]")
    page.click("#ask-go")
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    assert page.locator("#ask-answer").get_attribute("data-done") == "answered"
    assert page.is_checked("#ask-no-record") and page.is_checked("input[name=accept_stale]")
    assert t("s32panel.web.ask.not_recorded") in page.locator("#ask-answer").inner_text()
    assert snapshot(demo) == before
    page.goto(info["url"].split("/?")[0] + "/ask")  # a new question starts from the defaults
    assert not page.is_checked("#ask-no-record") and not page.is_checked("input[name=accept_stale]")
    assert page.errors == [], page.errors


# ------------------------------------------------------------------ 2. a chain that cannot be recorded
@pytest.fixture
def serve_mounted(tmp_path):
    """``mylife serve`` over a workspace on a real read-only mount or a full disk
    (:func:`mylife_core.testing.mounted`), skipped where this machine permits no mount."""
    from mylife_core.testing import mount_refused, mounted

    why = mount_refused(tmp_path / "probe")
    if why:
        pytest.skip(why)
    procs = []

    def start(kind: str, src: Path, at: Path) -> dict:
        at.mkdir()
        root = at if kind == "read_only" else at / "ws"
        env = {**__import__("os").environ, "MYLIFE_LOAD_PLUGINS": "", "PYTHONUNBUFFERED": "1",
               "TMPDIR": str(tmp_path)}
        proc = subprocess.Popen([*mounted(kind, src, at), sys.executable, "-m", "mylife_core", "serve", "--port",
                                 "0", "--json", "--workspace", str(root)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        procs.append(proc)
        line = proc.stdout.readline().decode()
        if not line:
            raise AssertionError(f"mylife serve did not start: {proc.stderr.read().decode()}")
        return {**json.loads(line), "root": root}

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class Http:
    """A client of a served panel, signed in with its token (the server side of what a browser gets)."""

    def __init__(self, url: str) -> None:
        import httpx

        self.client = httpx.Client(base_url=url.split("/?")[0], timeout=120)
        assert self.client.get(url, follow_redirects=True).status_code == 200
        self.csrf = re.search(r'name="csrf" value="([^"]+)"', self.client.get("/ask").text).group(1)

    def get(self, path: str):
        return self.client.get(path)

    def post(self, path: str, data: dict):
        return self.client.post(path, data={**data, "csrf": self.csrf})


@pytest.mark.parametrize("kind", ["read_only", "full"])
def test_a_chain_that_cannot_be_recorded_points_to_the_box(serve_mounted, demo: Path, tmp_path: Path, kind: str):
    """The ask run showed the CLI's words: 「加上 --no-record：mylife -w … ask 我该不该跳槽？ --no-record」
    and 「只读取工作区的命令（status、claim list、trace、verify……）」. The panel names its box and its
    pages; ticked, the same question is answered there without writing."""
    info = serve_mounted(kind, demo, tmp_path / "at")
    http = Http(info["url"])
    kind_, failed = finished(http, {"q": QUESTION, **ANSWER_ANYWAY})
    assert kind_ == "failed", failed
    failed_at = http.last
    text = failed["text"]
    assert "index/chains" in text and "「不记录依据链」" in text, text
    assert ("所在的文件系统是只读的" if kind == "read_only" else "磁盘已满") in text, text
    if kind == "read_only":
        assert "我现在的状态、证据、原话" in text, text  # what still works: the panel's pages
    no_cli_words(text)
    assert 'name="no_record"' in http.get(failed_at).text  # the box, on the page that says to tick it
    kind_, done = finished(http, {"q": QUESTION, **ANSWER_ANYWAY, "no_record": "1"})
    assert kind_ == "done" and done["status"] == "answered" and done["chain"] is None, done
    assert t("s32panel.web.ask.not_recorded") in done["text"]


def test_a_read_only_workspace_in_a_browser(serve_mounted, page, demo: Path, tmp_path: Path):
    info = serve_mounted("read_only", demo, tmp_path / "ro")
    page.goto(info["url"])
    base = info["url"].split("/?")[0]
    page.goto(base + "/ask")
    page.fill("#ask-q", QUESTION)
    page.check("input[name=accept_stale]")
    page.check("input[name=accept_missing]")
    page.click("#ask-go")
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    shown = page.locator("#ask-answer").inner_text()
    assert "「不记录依据链」" in shown and "所在的文件系统是只读的" in shown, shown
    no_cli_words(shown)
    shot(page, "s32panel-ask-read-only")
    page.check("#ask-no-record")  # what the error says: the box, on the same page
    page.check("input[name=accept_stale]")
    page.check("input[name=accept_missing]")
    page.click("#ask-go")
    page.wait_for_url(re.compile(r".*/ask/[^/]+$"))
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    assert page.locator("#ask-answer").get_attribute("data-done") == "answered"
    assert t("s32panel.web.ask.not_recorded") in page.locator("#ask-answer").inner_text()
    assert page.errors == [], page.errors


# ------------------------------------------------------------------ 3. the model settings
LLM_CASES = [  # (config.yaml's llm section, what the panel says, the CLI's words it does not use)
    ("  model: openai/fake-model\n  api_key: sk-abc123", "看起来是密钥", "请删掉这一项"),
    ("  model: openai/fake-model\n  read_timeout: abc", "llm.read_timeout 无效", "。见 docs/configuration.md。"),
]


@pytest.mark.parametrize("section,said,cli", LLM_CASES)
def test_a_bad_model_section_on_the_ask_page(panel, demo: Path, section: str, said: str, cli: str):
    """The ask page said 「没有配置模型」 over a model section it could not read, and the run then
    failed with the CLI's words; now the form says what is wrong, as the run does, in the panel's
    words (config.yaml is read again on the next page: no restart)."""
    set_llm(demo, section)
    form = panel.get("/ask").text
    error = re.search(r'<p class="bad" id="ask-llm-error">(.*?)</p>', form, re.S)
    assert error and said in error.group(1) and "刷新本页" in error.group(1), form[-2000:]
    assert t("web.ask.no_model") not in form
    kind, failed = finished(panel, {"q": QUESTION, **ANSWER_ANYWAY})
    assert kind == "failed" and said in failed["text"] and "刷新本页" in failed["text"], failed
    assert cli not in failed["text"]
    no_cli_words(failed["text"])


def test_a_bad_model_section_in_a_browser(serve, page, demo: Path):
    set_llm(demo, LLM_CASES[0][0])
    info = serve()
    page.goto(info["url"])
    page.goto(info["url"].split("/?")[0] + "/ask")
    assert "刷新本页" in page.locator("#ask-llm-error").inner_text()
    page.fill("#ask-q", QUESTION)
    page.check("input[name=accept_stale]")
    page.check("input[name=accept_missing]")
    page.click("#ask-go")
    page.wait_for_selector("#ask-answer[data-done]", timeout=60000)
    shown = page.locator("#ask-answer").inner_text()
    assert "看起来是密钥" in shown and "刷新本页" in shown, shown
    no_cli_words(shown)
    page.goto(info["url"].split("/?")[0] + "/settings")
    shown = page.locator("main p.bad").first.inner_text()
    assert "看起来是密钥" in shown and "刷新本页" in shown, shown
    assert page.errors == [], page.errors


# ------------------------------------------------------------------ 4. the settings page
def _broken_git(root: Path) -> None:
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / ".git" / "HEAD").write_text("garbage\n", encoding="utf-8")


def _bad_git_setting(root: Path) -> None:
    path = root / "config.yaml"
    path.write_text(re.sub(r"^git: \{\}$", "git:\n  track: bogus", path.read_text(encoding="utf-8"), flags=re.M),
                    encoding="utf-8")


SETTINGS_CASES = [  # (what breaks, what the page says, CLI words it must not say)
    (lambda root: set_llm(root, LLM_CASES[0][0]), ["看起来是密钥", "刷新本页"], ["请删掉这一项"]),
    (lambda root: set_llm(root, LLM_CASES[1][0]), ["llm.read_timeout 无效", "刷新本页"], ["。见 docs/configuration.md。"]),
    # the git rows: the CLI's words name no option or command of MyLife, and the panel keeps them
    (_bad_git_setting, ["git.track", "'bogus'"], []),
    (_broken_git, ["git 操作失败", "not a git repository"], []),
]


def test_the_settings_page_says_its_errors_as_the_panel_does(demo_template: Path, tmp_path: Path):
    """The settings page showed ``exc.render()`` (the CLI's words) for the model section and git
    history; now ``views.error_text``, the one wording every page uses: the model rows change, the
    git rows (whose CLI words name nothing a browser's user cannot do) stay as the CLI says them."""
    import html
    import shutil

    from .conftest import Panel

    for n, (breaks, said, cli) in enumerate(SETTINGS_CASES):
        root = tmp_path / f"case{n}"
        shutil.copytree(demo_template, root, symlinks=True)
        breaks(root)
        panel = Panel(root)
        try:
            r = panel.get("/settings")
        finally:
            panel.close()
        assert r.status_code == 200, n
        errors = html.unescape(" ".join(re.findall(r'<p class="bad">(.*?)</p>', r.text, re.S)))
        assert all(s in errors for s in said), (n, errors)
        assert not any(s in errors for s in cli), (n, errors)
        if n < 2:  # git's own command line, quoted in its failure, is git's, not MyLife's
            no_cli_words(errors)


def test_the_settings_page_in_a_browser(serve, page, demo: Path):
    set_llm(demo, LLM_CASES[1][0])
    _broken_git(demo)
    info = serve()
    page.goto(info["url"])
    page.goto(info["url"].split("/?")[0] + "/settings")
    shown = [p.inner_text() for p in page.locator("main p.bad").all()]
    assert any("llm.read_timeout 无效" in s and "刷新本页" in s for s in shown), shown
    assert any("git 操作失败" in s for s in shown), shown
    shot(page, "s32panel-settings-errors")
    assert page.errors == [], page.errors


# ------------------------------------------------------------------ 5. the one wording
def test_every_panel_wording_has_a_cli_message_behind_it_and_no_cli_words():
    """Each wording under a panel prefix (:data:`views.PANEL_WORDINGS`) words a CLI message (a
    hint's too): its placeholders are the CLI's, in both languages, and it names no option or command."""
    from mylife_core.messages import M
    from mylife_core.messages.catalogs import placeholders
    from mylife_core.web.views import PANEL_WORDINGS, panel_key

    found = 0
    for prefix in PANEL_WORDINGS:
        for key in [k for k in M if k.startswith(prefix)]:
            found += 1
            texts, cli = M[key], M[key.removeprefix(prefix)]
            assert placeholders(texts["zh"]) == placeholders(texts["en"]), key
            assert placeholders(texts["zh"]) <= placeholders(cli["zh"]), key
            assert not re.search(r"(?<![\w-])--[a-z]|\{prog\}|`", texts["zh"] + texts["en"]), key
            assert panel_key(key.removeprefix(prefix)) == key
    assert found >= 19  # 14 of the other pages, 5 of the ask run and the settings page
    assert panel_key("error.empty_text") == "error.empty_text"  # the CLI's words serve: kept


def test_an_error_keeps_the_cli_words_in_the_cli(tmp_path: Path):
    """The panel's wording is the panel's: the CLI's error keeps --no-record and its command."""
    from mylife_core.errors import NotWritable
    from mylife_core.web.views import error_text

    exc = NotWritable(tmp_path, "read_only", instead=("ask.record_refused_no_record", {"question": "q", "prog": "mylife"}))
    assert "--no-record" in exc.render() and "--no-record" not in error_text(exc)
    assert "「不记录依据链」" in error_text(exc)

"""Fixtures of the review-panel tests: a demo workspace, the panel in-process (Starlette's
TestClient) and for real (``mylife serve`` in a subprocess), and Debian's chromium driven by
Playwright. Screenshots go to ``tests/web/artifacts/`` (git-ignored) for a reviewer to look at.
"""

from __future__ import annotations

import html as html_lib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from mylife_core.testing import plugin_host

CHROMIUM = os.environ.get("MYLIFE_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
BASE = "http://127.0.0.1:8765"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory) -> Path:
    """The demo workspace, built once per session through the library (copied for each test)."""
    from mylife_core.demo import build_demo

    root = tmp_path_factory.mktemp("demo-template") / "ws"
    old = os.environ.get("MYLIFE_LOAD_PLUGINS")
    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    try:
        build_demo(root)
    finally:
        if old is None:
            os.environ.pop("MYLIFE_LOAD_PLUGINS", None)
        else:
            os.environ["MYLIFE_LOAD_PLUGINS"] = old
    shutil.rmtree(root / "cache", ignore_errors=True)  # derived: each copy rebuilds its own
    return root


@pytest.fixture
def demo(demo_template: Path, tmp_path: Path) -> Path:
    target = tmp_path / "demo"
    shutil.copytree(demo_template, target, symlinks=True)
    return target


class Panel:
    """A TestClient signed in to a panel over ``root`` (cookie set by the token exchange)."""

    def __init__(self, root: Path, plugins=None, **kwargs) -> None:
        from starlette.testclient import TestClient

        from mylife_core.web import create_app

        self.app = create_app(root, plugins=plugins or plugin_host(), port=8765, verify_on_start=False, **kwargs)
        self.panel = self.app.panel
        self.client = TestClient(self.app, base_url=BASE)
        first = self.client.get(f"/?token={self.panel.secrets.token}", follow_redirects=False)
        assert first.status_code == 303 and first.headers["location"] == "/"
        assert self.panel.secrets.cookie_name in self.client.cookies
        self.csrf = self.panel.secrets.csrf

    def get(self, path: str, **kw):
        return self.client.get(path, **kw)

    def post(self, path: str, data: dict | None = None, *, csrf: str | None = "default", **kw):
        data = dict(data or {})
        if csrf == "default":
            data["csrf"] = self.csrf
        elif csrf is not None:
            data["csrf"] = csrf
        return self.client.post(path, data=data, follow_redirects=False, **kw)

    def close(self) -> None:
        self.client.close()
        self.panel.close()


@pytest.fixture
def panel(demo: Path):
    p = Panel(demo)
    yield p
    p.close()


# ------------------------------------------------------------------------------------ for real
@pytest.fixture
def serve(demo: Path):
    """``mylife serve --port 0 --json`` on the demo workspace (``env``: more environment, such as
    ``MYLIFE_LOAD_PLUGINS``); yields the function that starts one and returns its JSON line."""
    procs = []

    def start(root: Path = demo, *args: str, env: dict[str, str] | None = None):
        env = {**os.environ, "MYLIFE_LOAD_PLUGINS": "", "PYTHONUNBUFFERED": "1", **(env or {})}
        proc = subprocess.Popen([sys.executable, "-m", "mylife_core", "serve", "--port", "0", "--json",
                                 "--workspace", str(root), *args],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        procs.append(proc)
        line = proc.stdout.readline().decode()
        if not line:
            raise AssertionError(f"mylife serve did not start: {proc.stderr.read().decode()}")
        return json.loads(line)

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), (f"{CHROMIUM} is missing: install Debian's chromium "
                                     "(apt-get install chromium; .ci/run and scripts/test do)")
    profile = tempfile.mkdtemp(prefix="mylife-chromium-")
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True,
                                                        args=CHROMIUM_ARGS, viewport={"width": 1200, "height": 900},
                                                        locale="zh-CN", service_workers="block")
        yield context
        context.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(browser):
    pg = browser.new_page()
    errors: list[str] = []
    pg.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors  # type: ignore[attr-defined]
    yield pg
    pg.close()


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def wait_for(predicate, timeout: float = 30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


def form_block(html: str, action: str) -> str | None:
    """The HTML of the form posting to ``action`` (None when the page has no such form)."""
    found = re.search(r'<form[^>]*\saction="' + re.escape(action) + r'"[^>]*>(.*?)</form>', html, re.S)
    return found.group(1) if found else None


def field_value(block: str, name: str) -> str | None:
    """What a browser shows in the field ``name``: a textarea's text (one newline after its tag is
    dropped, as the HTML parser does) or an input's value."""
    area = re.search(r'<textarea[^>]*\sname="' + name + r'"[^>]*>\n?(.*?)</textarea>', block, re.S)
    if area:
        return html_lib.unescape(area.group(1))
    box = re.search(r'<input[^>]*\sname="' + name + r'"[^>]*\svalue="([^"]*)"', block)
    return html_lib.unescape(box.group(1)) if box else None

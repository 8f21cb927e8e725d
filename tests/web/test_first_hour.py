"""The panel as a demanding user meets it on the first day (issue s25c): a workspace with a bad
file on disk, no notes yet, a long note, both languages. Route tests with Starlette's TestClient
on a copy of the demo workspace (tests/web/conftest.py); the browser's side is in test_browser.py.
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

from .conftest import Panel


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def text_of(html: str) -> str:
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


def nav_of(html: str) -> str:
    found = re.search(r"<nav[^>]*>(.*?)</nav>", html, re.S)
    return found.group(1) if found else ""


def test_a_bad_file_leaves_the_navigation_to_the_pages_that_still_work(panel, demo: Path):
    """A profile.yaml that cannot be parsed failed the start page with an error page that had no
    navigation bar and one link, 回到首页: the start page that had just failed. Every page that
    still worked (review, evidence, notes) could be reached only by typing its address."""
    with (demo / "profile.yaml").open("a", encoding="utf-8") as fh:
        fh.write("fields: [\n")
    home = panel.get("/")
    assert home.status_code == 500 and "profile.yaml:" in home.text  # file:line, as the CLI says it
    assert all(f'href="{p}"' in nav_of(home.text) for p in ("/review", "/claims", "/raw", "/search"))
    assert "回到首页" not in home.text  # not the page that just failed
    assert panel.get("/review").status_code == 200 and panel.get("/claims").status_code == 200
    field = panel.get("/profile")
    assert field.status_code == 500 and 'href="/review"' in nav_of(field.text) and "回到首页" in field.text
    assert 'aria-current="page"' not in nav_of(field.text)
    missing = panel.get("/no/such/page")
    assert missing.status_code == 404 and 'href="/claims"' in nav_of(missing.text)

"""Re-make the screenshots of docs/panel.md: the demo workspace, ``mylife serve``, Debian's chromium.

    .venv/bin/python docs/panel/screenshots.py        # writes docs/panel/*.png

Each picture is the window's size (1000 x 640), but the home page, taken whole so that its recent
changes show, and ``profile-phone.png``, the profile at 400 px wide (a phone: its table reflows).

Needs the web and test extras (``scripts/test`` installs them) and ``/usr/bin/chromium``. The
review page's proposals come from ``mylife extract --defer`` answered by the tests' fake
OpenAI-compatible server (tests/fakellm, on 127.0.0.1): no model, key or network is needed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


NOTE = "又和老板谈了一次。\n月薪涨到 23000 了。\n房租三千五。\n"


def propose(root: Path) -> None:
    """A new note and ``mylife extract --defer`` on it: two field proposals wait on /review."""
    sys.path.insert(0, str(HERE.parent.parent / "tests"))
    from fakellm import FakeLLM, Reply

    from mylife_core.workspace import Workspace

    with Workspace.open(root) as ws:
        rec = ws.raw.record(NOTE.encode(), topic="职业去留", actor="user")
    fake = FakeLLM().start()
    try:
        fake.script(Reply(text=json.dumps({"claims": [], "fields": [
            {"name": "月税后收入", "value": 23000, "line": "L2"},
            {"name": "房租", "value": 3500, "line": "L3"}]}, ensure_ascii=False)))
        subprocess.run([sys.executable, "-m", "mylife_core", "extract", rec.file, "--defer", "-w", str(root)],
                       check=True, capture_output=True, env={**os.environ, **fake.env()})
    finally:
        fake.stop()


def main() -> int:
    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    os.environ.setdefault("MYLIFE_LANG", "zh")
    scratch = Path(tempfile.mkdtemp(prefix="mylife-panel-docs-"))
    try:
        return shoot(scratch / "demo")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def shoot(root: Path) -> int:
    from playwright.sync_api import sync_playwright

    from mylife_core.demo import build_demo
    from mylife_core.workspace import Workspace

    build_demo(root)
    propose(root)
    # an answered question (its chain, offline: the structural brief) and an open branch
    subprocess.run([sys.executable, "-m", "mylife_core", "ask", "我该不该跳槽？", "--offline", "--accept-stale",
                    "--accept-missing", "-w", str(root)], check=True, capture_output=True, env=dict(os.environ))
    from mylife_core.chat.branches import open_branch

    with Workspace.open(root) as ws:
        open_branch(ws, topic="现金流", parent_topic="职业去留", question="存款够不够撑三个月？")
        chain_id = ws.index.chains()[-1].id
    with Workspace.open(root) as ws:
        fields = ws.profile.fields()
        numeric = next(n for n, f in fields.items() if len(f.history) >= 2 and isinstance(f.value, (int, float)))
        claim = ws.claims.query(topic="职业去留", kind="assessment", status="active")[3].id
    proc = subprocess.Popen([sys.executable, "-m", "mylife_core", "serve", "--port", "0", "--json", "-w", str(root)],
                            stdout=subprocess.PIPE, env=dict(os.environ))
    try:
        info = json.loads(proc.stdout.readline())
        base = info["url"].split("/?")[0]
        shots = {"home": "/", "review": "/review", "profile": "/profile", "field": "/profile/" + quote(numeric),
                 "claims": "/claims?topic=" + quote("职业去留"), "claim": f"/claims/{claim}",
                 "digest": "/digests/" + quote("职业去留"), "search": "/search?q=" + quote("换工作"),
                 "settings": "/settings", "raw": "/raw", "chain": f"/chains/{chain_id}",
                 "branches": "/branches"}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 640}, locale="zh-CN")
            page.goto(info["url"])
            # the integrity check runs when the panel starts: its result, not "checking…", on the home page
            wait_verified(page, base)
            for name, path in shots.items():
                page.goto(base + path)
                page.screenshot(path=str(HERE / f"{name}.png"), full_page=name == "home")
                print(HERE / f"{name}.png")
            page.set_viewport_size({"width": 400, "height": 800})
            page.goto(base + "/profile")
            page.screenshot(path=str(HERE / "profile-phone.png"))
            print(HERE / "profile-phone.png")
            page.set_viewport_size({"width": 1000, "height": 640})
            page.goto(base + "/ask")  # the offline brief (the demo has no model)
            page.fill("#ask-q", "我该不该跳槽？")
            page.check("input[name=accept_stale]")
            page.check("input[name=accept_missing]")
            page.click("#ask-go")
            page.wait_for_selector("#ask-answer[data-done]", timeout=120000)
            page.screenshot(path=str(HERE / "ask.png"))
            print(HERE / "ask.png")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    return 0


def wait_verified(page, base: str) -> None:
    """Reload the home page until the integrity check started with the panel has its result."""
    import time

    end = time.monotonic() + 120
    while time.monotonic() < end:
        page.goto(base + "/")
        if page.locator("#verify.verify-running, #verify.verify-idle").count() == 0:
            return
        time.sleep(0.5)
    raise SystemExit("the panel's integrity check did not finish within 120 s")


if __name__ == "__main__":
    raise SystemExit(main())

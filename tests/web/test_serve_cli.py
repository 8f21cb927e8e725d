"""``mylife serve`` as a command: the JSON line, the warning for other addresses, clean errors."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from mylife_core.testing import cli_env, run_cli


def _start(root: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "mylife_core", "serve", "--workspace", str(root), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=cli_env(None))


def _stop(proc: subprocess.Popen) -> str:
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err.decode("utf-8", "replace")


def test_json_line_then_serving_on_loopback_only(demo: Path):
    proc = _start(demo, "--port", "0", "--json")
    try:
        info = json.loads(proc.stdout.readline())
        assert info["ok"] is True and info["host"] == "127.0.0.1" and info["workspace"] == str(demo)
        assert info["url"].startswith(f"http://127.0.0.1:{info['port']}/?token=") and len(info["url"]) > 60
        # a plain HTTP client: without the cookie, 403 and a page that says what to do
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{info['port']}/", timeout=10)
            raise AssertionError("expected 403")
        except urllib.error.HTTPError as exc:
            assert exc.code == 403
            assert "mylife serve" in exc.read().decode("utf-8")
        # the token URL: redirected to / with the session cookie
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(info["url"], timeout=10) as resp:
            assert resp.status == 200 and resp.url.endswith("/") and "我现在的状态" in resp.read().decode()
    finally:
        err = _stop(proc)
    assert "Traceback" not in err


def test_another_address_is_warned_about(demo: Path):
    proc = _start(demo, "--host", "0.0.0.0", "--port", "0", "--json")
    try:
        info = json.loads(proc.stdout.readline())
        assert info["host"] == "0.0.0.0"
    finally:
        err = _stop(proc)
    assert "警告" in err and "0.0.0.0" in err


def test_busy_port_and_missing_workspace_are_clean_errors(demo: Path, tmp_path: Path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        res = run_cli(["serve", "--port", str(port), "--workspace", str(demo)], timeout=60)
    assert res.returncode == 2 and str(port) in res.stderr and "--port 0" in res.stderr
    assert "Traceback" not in res.stderr
    res = run_cli(["serve", "--workspace", str(tmp_path / "nothing-here")], timeout=60)
    assert res.returncode == 3 and "Traceback" not in res.stderr
    res = run_cli(["serve", "--help"])
    assert res.returncode == 0 and "127.0.0.1" in res.stdout

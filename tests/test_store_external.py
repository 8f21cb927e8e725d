"""The pieces under every external backend: config.env, finding the npm package, the stdio MCP
client wrapper (against the real knowledge-graph server), and the mirror index."""

from __future__ import annotations

import os
import sys
from datetime import date
from pathlib import Path

import pytest
from store_conformance import backend_plugins, make

from mylife_core.errors import DataFileError
from mylife_core.external import envfile
from mylife_core.external.errors import BackendFailed, BackendUnavailable
from mylife_core.external.mirror import MirrorIndex
from mylife_core.external.node import NodePackage
from mylife_core.external.stdio import StdioServer, pid_alive

# --------------------------------------------------------------------------- config.env


def test_envfile_reads_comments_exports_and_quotes(tmp_path):
    path = tmp_path / "config.env"
    path.write_text("# 注释\n\nA=1\nexport B = two words \nC='x # y'\nD=\"\"\nE=中文值\n", encoding="utf-8")
    assert envfile.parse(path) == {"A": "1", "B": "two words", "C": "x # y", "D": "", "E": "中文值"}
    assert envfile.parse(tmp_path / "missing.env") == {}


@pytest.mark.parametrize("content, line", [("A=1\nnot a setting\n", 2), ("A=1\nB='open\n", 2), ("1X=3\n", 1)])
def test_envfile_bad_line_names_file_and_line(tmp_path, content, line):
    path = tmp_path / "config.env"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        envfile.parse(path)
    assert err.value.line == line and str(path) in err.value.render()
    assert path.read_text(encoding="utf-8") == content


def test_envfile_ensure_creates_private_and_never_overwrites(tmp_path):
    path = tmp_path / "config.env"
    assert envfile.ensure(path, {"K": "v v", "Q": "#x"}, ["header"])
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert envfile.parse(path) == {"K": "v v", "Q": "#x"}
    path.write_text("MINE=1\n", encoding="utf-8")
    assert not envfile.ensure(path, {"K": "v"})
    assert path.read_text(encoding="utf-8") == "MINE=1\n"


# --------------------------------------------------------------------------- npm packages


def _graph_package() -> NodePackage:
    backend_plugins("graph")
    from mylife_graph.store import PACKAGE

    return PACKAGE


def test_locate_prefers_the_override_folder_and_explains_what_is_missing(tmp_path, monkeypatch):
    real = _graph_package()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    node, script = real.locate()
    assert Path(script).is_file() and real.installed_version(real.bundled) == "2026.8.31"
    monkeypatch.setenv(real.env_var, str(real.bundled))
    assert real.locate()[1] == script
    absent = NodePackage(backend="demo", label="Demo", npm_name="@demo/server", entry="dist/index.js",
                         bundled=tmp_path / "bundled", env_var="MYLIFE_DEMO_NODE_DIR")
    with pytest.raises(BackendUnavailable) as err:
        absent.locate()
    message = err.value.render()
    assert err.value.key == "backend_not_installed" and "mylife store setup demo" in message
    assert str(tmp_path / "cache" / "mylife" / "node" / "demo") in message
    monkeypatch.setenv("MYLIFE_NODE", str(tmp_path / "nothing"))
    with pytest.raises(BackendUnavailable) as no_node:
        real.locate()
    assert no_node.value.key == "backend_no_node"


# --------------------------------------------------------------------------- the stdio client


def _graph_server(tmp_path: Path, **kw) -> StdioServer:
    node, script = _graph_package().locate()
    return StdioServer(label="graph", command=node, args=[str(script)],
                       env={"MEMORY_FILE_PATH": str(tmp_path / "memory.jsonl")}, cwd=tmp_path,
                       log_path=tmp_path / "server.log", **kw)


def test_a_real_server_starts_answers_and_stops(tmp_path, monkeypatch):
    monkeypatch.setenv("SOME_API_KEY", "sk-should-not-pass-000000000000000000")
    with _graph_server(tmp_path) as server:
        assert server.running and pid_alive(server.pid) and server.startup_seconds > 0
        server.call("create_entities", {"entities": [{"name": "topic:职业", "entityType": "t", "observations": ["甲"]}]})
        graph = server.call("read_graph").structured
        assert graph["entities"][0]["observations"] == ["甲"]
        environ = Path(f"/proc/{server.pid}/environ").read_bytes().decode("utf-8", "replace").split("\0")
        pid = server.pid
    assert not pid_alive(pid)
    assert not any(v.startswith("SOME_API_KEY=") for v in environ)
    assert f"MEMORY_FILE_PATH={tmp_path / 'memory.jsonl'}" in environ
    assert oct((tmp_path / "memory.jsonl").stat().st_mode & 0o777) == "0o600"  # started under umask 077


def test_a_tool_error_is_a_clear_failure_and_the_server_lives_on(tmp_path):
    with _graph_server(tmp_path) as server:
        with pytest.raises(BackendFailed) as err:
            server.call("add_observations", {"observations": [{"entityName": "nobody", "contents": ["x"]}]})
        assert err.value.key == "backend_tool_error" and "nobody" in err.value.render()
        assert server.running and server.call("read_graph").structured == {"entities": [], "relations": []}


def test_a_server_that_cannot_start_is_reported(tmp_path):
    server = StdioServer(label="demo", command=str(tmp_path / "no-such-program"), args=[], env={}, cwd=tmp_path,
                         log_path=tmp_path / "server.log", private=False)
    with pytest.raises(BackendUnavailable) as err:
        server.start()
    assert err.value.key == "backend_start_failed" and "no-such-program" in err.value.render()
    assert not server.running


def test_a_server_that_never_shakes_hands_times_out(tmp_path):
    node, _ = _graph_package().locate()
    script = "process.stdout.write('not json\\n'); process.stderr.write('stuck here\\n'); setInterval(() => {}, 1000);"
    server = StdioServer(label="demo", command=node, args=["-e", script], env={}, cwd=tmp_path,
                         log_path=tmp_path / "server.log", start_timeout=3)
    with pytest.raises(BackendUnavailable) as err:
        server.start()
    message = err.value.render()
    assert "3" in message and "stuck here" in message
    assert not server.running and not pid_alive(server.pid)


def test_a_server_that_dies_is_seen_dead_and_restarts(tmp_path):
    import signal

    with _graph_server(tmp_path) as server:
        old = server.pid
        os.kill(old, signal.SIGKILL)
        from mylife_core.external.errors import ServerDied

        with pytest.raises(ServerDied):
            for _ in range(50):  # the death is noticed by the next call, or before it
                server.call("read_graph")
        server.restart()
        assert server.pid != old and server.call("read_graph").structured == {"entities": [], "relations": []}


# --------------------------------------------------------------------------- the mirror index


def test_the_mirror_tracks_vanished_claims_and_survives_corruption(tmp_path):
    path = tmp_path / "store.sqlite"
    mirror = MirrorIndex(path)
    a, b = make(1), make(2)
    mirror.replace_all([(a, "1"), (b, "2")], fingerprint="fp1", now="2026-12-03T00:00:00")
    assert mirror.fingerprint == "fp1" and mirror.ref(b.id) == "2"
    gone = mirror.replace_all([(a, "1")], fingerprint="fp2", now="2026-12-03T00:00:00")
    assert gone == [b.id] and [v["id"] for v in mirror.vanished()] == [b.id]
    mirror.upsert([(b, "3")])  # stored again: no longer vanished
    assert mirror.vanished() == [] and mirror.get(b.id) == b
    assert mirror.ids_on(date(2026, 1, 15)) == [a.id, b.id]
    mirror.close()
    path.write_bytes(b"garbage" * 100)
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    fresh = MirrorIndex(path)
    assert fresh.count() == 0 and fresh.fingerprint is None  # a cache: rebuilt, never trusted
    fresh.close()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files through /proc")
def test_a_mirror_busy_past_the_wait_leaves_no_connection_half_open(tmp_path, monkeypatch):
    """s22b: opening the mirror while another process held it past the wait left the connection
    it had made open (held by the traceback, its files still open) until garbage collection. It
    is closed before the error is raised; once the file is free, the same process opens it, and
    when that is closed nothing of it is held: the file can be removed cleanly."""
    import sqlite3

    from mylife_core.testing import open_files, sqlite_held

    path = tmp_path / "store.sqlite"
    with sqlite_held(path):
        monkeypatch.setenv("MYLIFE_LOCK_TIMEOUT", "0.3")
        mirror = MirrorIndex(path)
        with pytest.raises(sqlite3.OperationalError, match="locked") as busy:
            mirror.count()
        assert busy.value.__traceback__ is not None  # the error, kept as a caller keeps it
        assert open_files(path) == []  # was: the file and its -wal, still open
    assert mirror.count() == 0  # free now: opened afresh, made a mirror
    mirror.close()
    assert open_files(path) == []
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    assert not path.exists()


def test_no_heavy_import_at_start_up():
    import subprocess

    code = ("import sys, mylife_core.builtin.store_admin, mylife_core.external.store, mylife_memorix, mylife_graph;"
            "print(sorted(m for m in ('mcp', 'anyio', 'mylife_memorix.store') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

"""`mylife store status|setup|migrate`: L2 moves between backends losslessly, and a failed
migration changes nothing. Real CLI subprocesses, real servers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import date

import pytest
from store_conformance import backend_plugins, open_ws

from mylife_core.builtin.store_admin import migrate
from mylife_core.errors import Conflict, UsageError
from mylife_core.testing import cli_env, run_cli

PLUGINS = "mylife-memorix,mylife-graph"


def dump(ws) -> list[dict]:
    return [c.model_dump(mode="json") for c in ws.claims.iter_all()]


def populate(ws) -> None:
    """A small but varied L2: every kind and status, pointers, notes, Chinese, several days."""
    layer = ws.claims
    a, pointer = layer.add(claim="我想跳槽，因为工资太低", topic="职业", kind="assessment", occurred_at=date(2026, 1, 15),
                           context="周一例会后", confidence="high")
    b, _ = layer.add(claim="月收入两万", topic="财务", occurred_at=date(2026, 1, 15))
    c, _ = layer.add(claim="用户可能倦怠了", topic="职业", kind="inference", provenance=pointer, actor="model via MCP")
    d, _ = layer.add(claim="用户可能想搬家", topic="生活", kind="inference", provenance=pointer)
    e, _ = layer.add(claim="月收入两万五", topic="财务", occurred_at=date(2026, 3, 1))
    layer.accept(c.id)
    layer.reject(d.id, why="没有这回事")
    layer.supersede(b.id, by=e.id)
    layer.dispute(a.id, why=f"与 {c.id} 矛盾")
    layer.add_many([dict(claim=f"第{i}条：想换工作", topic="职业去留") for i in range(25)])


@pytest.fixture
def ws_files(tmp_path):
    for name in ("memorix", "graph"):
        backend_plugins(name)  # skips when the npm packages are absent
    ws = open_ws(tmp_path / "ws", "files", init=True, also=("memorix", "graph"))
    populate(ws)
    yield ws
    ws.close()


def test_migrate_round_trip_is_lossless(ws_files):
    root = ws_files.root
    before = dump(ws_files)
    assert len(before) == 30
    ws_files.close()
    for target in ("memorix", "graph", "files"):
        result = run_cli(["store", "migrate", "--to", target, "--json"], workspace=root, load_plugins=PLUGINS)
        assert result.returncode == 0, result.stderr
        report = result.json()
        assert report["ok"] and report["to"] == target and report["claims"] == 30
        listed = run_cli(["claim", "list", "-n", "0", "--json"], workspace=root, load_plugins=PLUGINS).json()
        assert [c["id"] for c in listed["claims"]] == [c["id"] for c in before]
        ws = open_ws(root, target)
        try:
            assert ws.config.store == target
            assert dump(ws) == before  # same ids, statuses, pointers, every field
            if target != "files":
                ws.claims.store.rebuild()  # straight from the server, not the index
                assert dump(ws) == before
        finally:
            ws.close()
    audit = [json.loads(line) for line in (root / "ledger/audit.jsonl").read_text(encoding="utf-8").splitlines()]
    moves = [(e["detail"]["from"], e["detail"]["to"]) for e in audit if e["action"] == "store.migrate"]
    assert moves == [("files", "memorix"), ("memorix", "graph"), ("graph", "files")]


def test_a_failed_migration_changes_nothing(ws_files):
    root = ws_files.root
    before = dump(ws_files)
    ws_files.close()
    result = run_cli(["store", "migrate", "--to", "memorix"], workspace=root, load_plugins=PLUGINS,
                     env={"MYLIFE_NODE": str(root / "no-node-here")})
    assert result.returncode == 8
    assert "Node.js" in result.stderr and "Traceback" not in result.stderr
    ws = open_ws(root, "files")
    try:
        assert ws.config.store == "files" and dump(ws) == before
    finally:
        ws.close()
    broken = run_cli(["store", "migrate", "--to", "graph", "--json"], workspace=root, load_plugins=PLUGINS,
                     env={"MYLIFE_NODE": "/bin/false"})
    assert broken.returncode == 8 and broken.json()["error"]["code"] == "backend_unavailable"
    listed = run_cli(["claim", "list", "-n", "0", "--json"], workspace=root, load_plugins=PLUGINS).json()
    assert len(listed["claims"]) == 30


def test_a_target_holding_other_claims_is_refused(ws_files, tmp_path):
    # put a claim the current store does not have into the graph backend of ws_files
    stray = open_ws(ws_files.root, "files")
    from mylife_graph.store import GraphStore

    graph = GraphStore(stray)
    try:
        from store_conformance import make

        graph.add([make(900, day=date(2025, 5, 5), text="别处来的")])
    finally:
        graph.close()
        stray.close()
    before = dump(ws_files)
    with pytest.raises(Conflict) as err:
        migrate(ws_files, "graph")
    assert err.value.key == "migrate_target_not_empty" and "claim-2025-05-05-900" in err.value.render()
    assert ws_files.config.store == "files" and dump(ws_files) == before


def test_an_interrupted_migration_resumes(ws_files):
    from mylife_memorix.store import MemorixStore

    claims = list(ws_files.claims.iter_all())
    partial = MemorixStore(ws_files)
    try:
        partial.add(claims[:10])  # as if a migration had stopped after the first batch
    finally:
        partial.close()
    result = migrate(ws_files, "memorix")
    assert (result["copied"], result["skipped"], result["updated"]) == (20, 10, 0)
    assert ws_files.config.store == "memorix"
    assert [c.model_dump() for c in ws_files.claims.iter_all()] == [c.model_dump() for c in claims]


def _start_behind_the_lock(ws, args: list[str]) -> subprocess.Popen:
    """Start ``mylife ARGS`` while ``ws``'s lock is held here, and return once it has read its
    configuration and queued for the lock (its node appears in the lock's queue)."""
    queue = ws.root / "cache" / "locks" / "write.lock.d"
    before = set(os.listdir(queue))
    proc = subprocess.Popen([sys.executable, "-m", "mylife_core", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=cli_env(ws.root, load_plugins=PLUGINS))
    deadline = time.monotonic() + 60
    while not set(os.listdir(queue)) - before:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the command never queued for the lock"
        time.sleep(0.05)
    return proc


def test_a_claim_written_while_the_store_switches_goes_to_the_new_store(ws_files):
    """QA s20 #1: a `claim add` that waited for the lock while `store migrate --to graph` ran
    wrote to claims/ (the store its start-up had read), exited 0, and was seen by nobody: `claim
    list` and `verify` said nothing, the next add reused its id, migrating back overwrote it."""
    root = ws_files.root
    with ws_files.lock():
        writer = _start_behind_the_lock(ws_files, ["claim", "add", "迁移时写下的一条重要感受", "--topic", "职业",
                                                   "--kind", "assessment", "--json"])
        migrate(ws_files, "graph")
    out, err = writer.communicate(timeout=120)
    assert writer.returncode == 0, err.decode()
    added = json.loads(out)["claim"]
    assert "迁移时写下" not in "".join(p.read_text(encoding="utf-8") for p in (root / "claims").glob("*.yaml"))
    listed = run_cli(["claim", "list", "-n", "0", "--json"], workspace=root, load_plugins=PLUGINS).json()
    assert listed["total"] == 31 and added["id"] in [c["id"] for c in listed["claims"]]
    ws = open_ws(root, "graph")
    try:
        ws.claims.store.rebuild()  # from the graph server itself
        assert ws.claims.get(added["id"]).claim == "迁移时写下的一条重要感受"
    finally:
        ws.close()
    nxt = run_cli(["claim", "add", "之后的一条", "--topic", "职业", "--json"], workspace=root, load_plugins=PLUGINS)
    assert nxt.json()["claim"]["id"] != added["id"]
    verified = run_cli(["verify", "--json"], workspace=root, load_plugins=PLUGINS)
    assert verified.json()["ok"], verified.stdout
    back = run_cli(["store", "migrate", "--to", "files", "--json"], workspace=root, load_plugins=PLUGINS)
    assert back.returncode == 0 and back.json()["claims"] == 32, back.stderr
    texts = [c["claim"] for c in run_cli(["claim", "list", "-n", "0", "--json"], workspace=root).json()["claims"]]
    assert "迁移时写下的一条重要感受" in texts and "之后的一条" in texts
    # the shards the migration wrote are recorded with it: verify holds them, the next write goes through
    assert run_cli(["verify", "--json"], workspace=root).json()["ok"]
    assert run_cli(["claim", "dispute", added["id"], "--why", "写错了"], workspace=root).returncode == 0


def test_a_settings_change_waiting_for_the_lock_keeps_the_store_switch(ws_files):
    """QA s20 #2: `git enable` started while `store migrate --to graph` ran wrote back the
    configuration it had read at its start: `store: files` again, the migration undone."""
    from mylife_core.history.gitcmd import git_executable

    if git_executable() is None:
        pytest.skip("git is not installed")
    root = ws_files.root
    with ws_files.lock():
        enabling = _start_behind_the_lock(ws_files, ["git", "enable", "--json"])
        migrate(ws_files, "graph")
    out, err = enabling.communicate(timeout=120)
    assert enabling.returncode == 0, err.decode()
    ws = open_ws(root, "graph")
    try:
        assert ws.config.store == "graph" and ws.config.git["enabled"] is True
    finally:
        ws.close()
    status = run_cli(["store", "status", "--json"], workspace=root, load_plugins=PLUGINS).json()
    assert status["store"] == "graph"


def test_verify_names_a_claim_left_in_the_store_that_is_not_configured(ws_files):
    """A claim in claims/ that the configured store lacks (written to the old store during a
    switch, by an older MyLife) is named by verify, not silently invisible."""
    from store_conformance import make

    from mylife_core.builtin.files_store import FilesStore

    migrate(ws_files, "graph")
    stray = make(901, day=date(2026, 1, 15), text="切换时写进旧存储的一条")
    old = FilesStore(ws_files)
    try:
        old.add([stray])
    finally:
        old.close()
    ws_files.close()
    report = run_cli(["verify", "--json"], workspace=ws_files.root, load_plugins=PLUGINS)
    assert report.returncode == 1
    found = [p for p in report.json()["problems"] if p["kind"] == "claim_other_store"]
    assert [(p["claim_id"], p["file"]) for p in found] == [(stray.id, "claims/2026-01.yaml")]
    assert "graph" in found[0]["message"] and "切换时写进旧存储的一条" in found[0]["message"]


def test_migrating_to_the_same_or_an_unknown_store(ws_files):
    with pytest.raises(UsageError) as same:
        migrate(ws_files, "files")
    assert same.value.key == "store_same"
    with pytest.raises(UsageError) as unknown:
        migrate(ws_files, "mongo")
    assert unknown.value.key == "store_unknown" and "mongo" in unknown.value.render()


def test_store_status(ws_files):
    ws_files.close()
    result = run_cli(["store", "status", "--json"], workspace=ws_files.root, load_plugins=PLUGINS)
    assert result.returncode == 0, result.stderr
    info = result.json()
    assert info["store"] == "files"
    stores = {s["name"]: s for s in info["stores"]}
    assert set(stores) == {"files", "memorix", "graph"}
    assert stores["files"]["configured"] and stores["files"]["claims"] == 30 and not stores["files"]["external"]
    assert stores["memorix"]["installed"] and stores["memorix"]["version"] == "1.0.7"
    assert stores["graph"]["installed"] and stores["graph"]["npm_package"] == "@modelcontextprotocol/server-memory"
    text = run_cli(["store", "status"], workspace=ws_files.root, load_plugins=PLUGINS)
    assert "当前 L2 存储：files" in text.stdout
    run_cli(["store", "migrate", "--to", "memorix"], workspace=ws_files.root, load_plugins=PLUGINS)
    verified = run_cli(["store", "status", "--verify", "--json"], workspace=ws_files.root, load_plugins=PLUGINS).json()
    memorix = next(s for s in verified["stores"] if s["name"] == "memorix")
    assert memorix["configured"] and memorix["claims"] == 30 and memorix["index_fresh"]
    assert memorix["startup_seconds"] > 0 and memorix["vanished"] == []


def test_store_status_describes_each_store_in_the_language_in_force(tmp_path):
    """A backend's description has a Chinese text and an English twin (``description_en``, as a
    tool's): Chinese output showed the builtin store's English description."""
    ws = tmp_path / "ws"
    assert run_cli(["init"], workspace=ws).returncode == 0
    zh = run_cli(["store", "status"], workspace=ws)
    assert zh.returncode == 0, zh.stderr
    assert "* files     claims/ 下的 YAML 文件，每月一个（内置）" in zh.stdout and "YAML files" not in zh.stdout
    en = run_cli(["store", "status", "--json"], workspace=ws, env={"MYLIFE_LANG": "en"}).json()
    files = next(s for s in en["stores"] if s["name"] == "files")
    assert files["description"] == "YAML files under claims/, one per month (builtin)"


def test_store_setup_errors_are_clear(tmp_path):
    builtin = run_cli(["store", "setup", "files", "--json"], load_plugins=PLUGINS)
    assert builtin.returncode == 2 and builtin.json()["error"]["key"] == "store_not_external"
    unknown = run_cli(["store", "setup", "nosuch"], load_plugins=PLUGINS)
    assert unknown.returncode == 2 and "nosuch" in unknown.stderr
    no_node = run_cli(["store", "setup", "graph", "--into", str(tmp_path / "n")], load_plugins=PLUGINS,
                      env={"MYLIFE_NODE": str(tmp_path / "missing-node")})
    assert no_node.returncode == 8 and "Node.js" in no_node.stderr
    assert not (tmp_path / "n").exists()


@pytest.fixture(scope="module")
def npm_cache() -> str:
    """npm's own cache (read before each test's HOME is replaced): `store setup` then runs
    `npm ci --offline` from it, so the real install needs no network. scripts/test's `npm ci` of the
    plugins' node/ folders is what fills it."""
    import subprocess

    return subprocess.run(["npm", "config", "get", "cache"], capture_output=True, text=True, check=True).stdout.strip()


def test_setup_into_a_folder_is_then_reported_installed_from_it(tmp_path, npm_cache):
    """Issue 15.6: `mylife store setup graph --into DIR` installs there, and from then on every command
    finds the backend there (remembered in ~/.config/mylife/node/graph.dir), not "not installed"."""
    backend_plugins("graph")
    home = tmp_path / "home"
    home.mkdir()
    into = tmp_path / "my-node" / "graph"
    env = {"HOME": str(home), "npm_config_cache": npm_cache, "npm_config_offline": "true"}
    setup = run_cli(["store", "setup", "graph", "--into", str(into), "--json"], load_plugins=PLUGINS, env=env,
                    timeout=600)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    done = setup.json()
    assert done["folder"] == str(into) and done["version"] == "2026.8.31"
    assert (home / ".config" / "mylife" / "node" / "graph.dir").read_text(encoding="utf-8").strip() == str(into)
    text = run_cli(["store", "setup", "graph", "--into", str(into)], load_plugins=PLUGINS, env=env, timeout=600)
    assert text.returncode == 0 and "已安装（2026.8.31）" in text.stdout and "Traceback" not in text.stderr
    ws = tmp_path / "ws"
    assert run_cli(["init"], workspace=ws, env=env).returncode == 0
    status = run_cli(["store", "status", "--json"], workspace=ws, load_plugins=PLUGINS, env=env).json()
    graph = next(s for s in status["stores"] if s["name"] == "graph")
    assert graph["installed"] is True and graph["version"] == "2026.8.31"
    assert graph["script"].startswith(str(into)), graph["script"]  # found where it was put


def test_a_configured_store_that_is_not_installed_names_the_config_line_and_the_way_out(tmp_path):
    """`store: graph` in config.yaml with the graph plugin missing (a new machine, a typo): the
    error says where the setting is (config.yaml and its line) and what to do, for every command
    that needs the claims, and writes nothing."""
    ws_path = tmp_path / "ws"
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    config = ws_path / "config.yaml"
    text = config.read_text(encoding="utf-8")
    line = next(i for i, x in enumerate(text.splitlines(), start=1) if x.startswith("store:"))
    config.write_text(text.replace("store: files", "store: grahp"), encoding="utf-8")
    before = config.read_bytes()
    for args in (["claim", "list"], ["status"]):
        r = run_cli([*args, "--json"], workspace=ws_path, load_plugins="")
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        error = r.json()["error"]
        assert error["params"]["file"] == "config.yaml" and error["params"]["line"] == line, error
        assert f"config.yaml:{line}" in error["message"] and "pip install mylife-grahp" in error["message"]
        assert "store: files" in error["message"] and "Traceback" not in r.stderr
    assert config.read_bytes() == before

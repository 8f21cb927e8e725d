"""The Memorix backend beyond the conformance suite: its traps, a server that will not start,
dies, hangs or is restarted mid-session, and its settings file. All against the real server."""

from __future__ import annotations

import os
import shutil
import signal
import time

import pytest
from store_conformance import open_ws

from mylife_core.errors import DataFileError
from mylife_core.external.errors import BackendUnavailable
from mylife_core.external.stdio import pid_alive
from mylife_core.testing import run_cli


@pytest.fixture
def mws(tmp_path):
    ws = open_ws(tmp_path / "ws", "memorix", init=True)
    yield ws
    ws.close()


def wait_dead(pid: int, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while pid_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not pid_alive(pid)


def observations(store) -> list[dict]:
    """What Memorix itself holds (its own export), not MyLife's index."""
    import json
    import re

    text = store.call("memorix_transfer", {"action": "export", "format": "json"}).text
    return json.loads(re.search(r"```json\n(.*)\n```", text, re.S).group(1))["observations"]


def test_one_observation_per_claim_with_its_own_topic_key(mws):
    texts = ["我想跳槽"] * 5 + ["我想跳槽，因为工资太低"] * 5
    claims, _ = mws.claims.add_many([dict(claim=t, topic="职业") for t in texts])
    held = observations(mws.claims.store)
    assert sorted(o["topicKey"] for o in held) == sorted(f"mylife/claim/{c.id}" for c in claims)
    assert all(o["status"] == "active" and o["projectId"] == "local/mylife-claims" for o in held)
    # Memorix's own full-text search cannot find Chinese: MyLife never relies on it
    found = mws.claims.store.call("memorix_search", {"query": "跳槽"}).text
    assert "No memories found" in found


def test_auto_cleanup_is_off_and_the_server_sees_no_parent_secrets(mws, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key-000000000000")
    monkeypatch.setenv("MEMORIX_LLM_API_KEY", "sk-test-not-a-real-key-000000000000")
    mws.claims.add(claim="我想跳槽", topic="职业")
    server = mws.claims.store.server
    time.sleep(0.5)  # the clean-up decision is logged just after the handshake
    log = server.log_path.read_text(encoding="utf-8")
    assert "LLM mode: off" in log  # neither key reached the server
    assert "Auto-cleanup disabled via config." in log
    assert (mws.root / "cache/backends/memorix/home/.memorix/config.json").is_file()
    assert sorted(p.name for p in (mws.root / "backends/memorix").iterdir()) == ["config.env", "data"]
    config = mws.root / "backends/memorix/config.env"
    assert oct(config.stat().st_mode & 0o777) == "0o600"
    assert "MEMORIX_EMBEDDING=off" in config.read_text(encoding="utf-8")


def test_a_setting_mylife_manages_is_refused_with_its_line(mws):
    config = mws.root / "backends/memorix/config.env"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("# mine\nMEMORIX_EMBEDDING=off\nMEMORIX_DATA_DIR=/tmp/elsewhere\n", encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        mws.claims.add(claim="我想跳槽", topic="职业")
    assert err.value.line == 3 and "MEMORIX_DATA_DIR" in err.value.problem
    assert config.read_text(encoding="utf-8").endswith("MEMORIX_DATA_DIR=/tmp/elsewhere\n")  # never rewritten


def test_a_read_only_command_does_not_start_node(mws):
    mws.claims.add_many([dict(claim=f"第{i}条", topic="职业") for i in range(3)])
    assert mws.claims.store.server.starts == 1
    mws.close()
    again = open_ws(mws.root, "memorix")
    try:
        assert len(again.claims.query(topic="职业")) == 3
        assert again.claims.counts()["status"] == {"active": 3}
        assert again.claims.store.server is None
    finally:
        again.close()


def test_startup_failure_is_clear_and_nothing_is_reported_stored(mws):
    data = mws.root / "backends/memorix/data"
    data.mkdir(parents=True)
    broken = b"this is not an SQLite database" * 200
    (data / "memorix.db").write_bytes(broken)
    with pytest.raises(DataFileError) as err:  # the database is named, not a reinstall advised
        mws.claims.add(claim="我想跳槽", topic="职业")
    message = err.value.render()
    assert err.value.path == data / "memorix.db"
    assert "Memorix" in message and "file is not a database" in message and "store setup" not in message
    assert "Traceback" not in message
    assert mws.claims.store.server is None or not mws.claims.store.server.running
    assert (data / "memorix.db").read_bytes() == broken
    # a database damaged inside (a torn page) is named the same way, from the command line too
    (data / "memorix.db").write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 64)
    r = run_cli(["claim", "list", "--json"], workspace=mws.root, load_plugins="mylife-memorix")
    assert r.returncode == 5 and r.json()["error"]["params"]["path"].endswith("backends/memorix/data/memorix.db"), r.stdout
    assert "store setup" not in r.json()["error"]["message"] and "Traceback" not in r.stderr


def test_a_missing_node_is_a_clear_error(mws, monkeypatch):
    monkeypatch.setenv("MYLIFE_NODE", str(mws.root / "no-such-node"))
    with pytest.raises(BackendUnavailable) as err:
        mws.claims.add(claim="我想跳槽", topic="职业")
    assert err.value.key == "backend_no_node"


def test_a_dead_server_is_restarted_and_no_claim_is_lost(mws, capsys):
    first, _ = mws.claims.add(claim="写在服务器死掉之前", topic="职业")
    store = mws.claims.store
    pid = store.server.pid
    assert pid and pid_alive(pid)
    os.kill(pid, signal.SIGKILL)
    wait_dead(pid)
    second, _ = mws.claims.add(claim="写在服务器死掉之后", topic="职业")
    assert store.restarts == 1 and store.server.pid != pid
    assert "重启" in capsys.readouterr().err
    assert store.get(second.id) == second
    mws.close()
    again = open_ws(mws.root, "memorix")
    try:
        assert [c.id for c in again.claims.query()] == [first.id, second.id]
        again.claims.store.rebuild()  # from Memorix itself, not the index
        assert again.claims.query() == [first, second]
    finally:
        again.close()


def test_a_restart_mid_session(mws):
    first, _ = mws.claims.add(claim="第一条", topic="职业")
    store = mws.claims.store
    old_pid = store.server.pid
    store.restart()
    assert store.server.pid != old_pid and not pid_alive(old_pid)
    mws.claims.dispute(first.id, why="说法变了")
    second, _ = mws.claims.add(claim="第二条", topic="职业")
    mws.close()
    again = open_ws(mws.root, "memorix")
    try:
        again.claims.store.rebuild()
        got = {c.id: c for c in again.claims.iter_all()}
        assert got[first.id].status == "disputed" and got[second.id] == second
    finally:
        again.close()


def test_a_hung_server_times_out_and_is_replaced(mws):
    mws.claims.add(claim="第一条", topic="职业")
    store = mws.claims.store
    store.server.call_timeout = 2
    pid = store.server.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        second, _ = mws.claims.add(claim="服务器卡住之后", topic="职业")
    finally:
        if pid_alive(pid):
            os.kill(pid, signal.SIGCONT)
    assert store.restarts == 1 and store.server.pid != pid
    assert store.get(second.id) == second


def test_when_the_restart_fails_the_claim_is_not_reported_stored(mws):
    first, _ = mws.claims.add(claim="第一条", topic="职业")
    store = mws.claims.store
    data = mws.root / "backends/memorix/data"
    pid = store.server.pid
    os.kill(pid, signal.SIGKILL)  # it dies; what it committed is in the database and its WAL
    wait_dead(pid)
    saved = mws.root / "saved-data"
    shutil.copytree(data, saved)
    (data / "memorix.db").write_bytes(b"garbage" * 1000)
    for extra in ("memorix.db-wal", "memorix.db-shm"):
        (data / extra).unlink(missing_ok=True)
    with pytest.raises(DataFileError) as err:  # the restart fails on the damaged database, named as such
        mws.claims.add(claim="不会被报告为已保存", topic="职业")
    assert err.value.path == data / "memorix.db"
    assert [c.id for c in store.mirror.query()] == [first.id]
    shutil.rmtree(data)
    shutil.copytree(saved, data)
    mws.close()
    again = open_ws(mws.root, "memorix")
    try:
        third, _ = again.claims.add(claim="恢复之后", topic="职业")
        assert [c.claim for c in again.claims.query()] == ["第一条", "恢复之后"]
        assert third.id.endswith("-002")  # the failed claim never took an id
    finally:
        again.close()


def test_the_cli_reports_a_server_that_will_not_start(mws):
    from mylife_core.testing import run_cli

    mws.close()
    env = {"MYLIFE_NODE": "/bin/false"}
    text = run_cli(["claim", "add", "我想跳槽", "--topic", "职业"], workspace=mws.root,
                   load_plugins="mylife-memorix", env=env)
    assert text.returncode == 8
    assert "Memorix 服务器没有启动成功" in text.stderr and "Traceback" not in text.stderr
    as_json = run_cli(["claim", "add", "我想跳槽", "--topic", "职业", "--json"], workspace=mws.root,
                      load_plugins="mylife-memorix", env=env)
    error = as_json.json()["error"]
    assert as_json.returncode == 8 and error["code"] == "backend_unavailable" and error["key"] == "backend_start_failed"
    listed = run_cli(["claim", "list", "--json"], workspace=mws.root, load_plugins="mylife-memorix")
    assert listed.returncode == 0 and listed.json()["count"] == 0  # nothing reported stored, nothing stored

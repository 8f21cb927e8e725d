"""The knowledge-graph backend beyond the conformance suite: the graph's shape, `mylife graph
export`, changes made behind MyLife's back, and a dead server. Against the real server."""

from __future__ import annotations

import json
import os
import signal

import pytest
from store_conformance import backend_plugins, open_ws

from mylife_core.testing import run_cli


@pytest.fixture
def gws(tmp_path):
    ws = open_ws(tmp_path / "ws", "graph", init=True)
    yield ws
    ws.close()


def graph_file(ws) -> dict:
    entities, relations = {}, set()
    for line in (ws.root / "backends/graph/memory.jsonl").read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if item["type"] == "entity":
            entities[item["name"]] = item
        else:
            relations.add((item["from"], item["relationType"], item["to"]))
    return {"entities": entities, "relations": relations}


def test_topics_and_people_are_entities_claims_are_observations(gws):
    first, pointer = gws.claims.add(claim="我想跳槽", topic="职业")
    guess, _ = gws.claims.add(claim="用户可能倦怠了", topic="职业", kind="inference", provenance=pointer,
                              actor="model via MCP")
    money, _ = gws.claims.add(claim="月收入两万", topic="财务")
    graph = graph_file(gws)
    topic = graph["entities"]["topic:职业"]
    assert topic["entityType"] == "mylife_topic"
    assert len(topic["observations"]) == 2
    observation = next(o for o in topic["observations"] if o.startswith(first.id + " "))
    record = json.loads(observation.split(" ", 1)[1])
    assert (record["id"], record["claim"], record["provenance"]) == (first.id, "我想跳槽", pointer)
    assert record["excerpt_hash"] == first.excerpt_hash
    assert graph["entities"]["person:user"]["entityType"] == "person"
    assert graph["entities"]["agent:model"]["entityType"] == "agent"
    assert ("person:user", "talks_about", "topic:职业") in graph["relations"]
    assert ("person:user", "talks_about", "topic:财务") in graph["relations"]
    assert ("agent:model", "infers_about", "topic:职业") in graph["relations"]
    assert money.id in json.dumps(graph["entities"]["topic:财务"], ensure_ascii=False)
    assert guess.status == "candidate"


def test_supersedes_and_contradicts_are_relations(gws):
    old, _ = gws.claims.add(claim="通勤两个小时", topic="生活")
    new, _ = gws.claims.add(claim="通勤四十分钟", topic="生活")
    third, _ = gws.claims.add(claim="我住在公司旁边", topic="生活")
    gws.claims.supersede(old.id, by=new.id)
    gws.claims.dispute(third.id, why=f"和 {new.id} 说的不一致")
    graph = graph_file(gws)
    assert (new.id, "supersedes", old.id) in graph["relations"]
    assert (third.id, "contradicts", new.id) in graph["relations"]
    observations = graph["entities"]["topic:生活"]["observations"]
    assert len(observations) == 3  # an update replaces the observation, never duplicates it
    assert any('"status":"superseded"' in o and o.startswith(old.id) for o in observations)


def test_graph_export_via_the_cli(gws, tmp_path):
    backend_plugins("graph")
    first, _ = gws.claims.add(claim="我想跳槽", topic="职业")
    second, _ = gws.claims.add(claim="其实还想再看看", topic="职业")
    gws.claims.supersede(first.id, by=second.id)
    gws.close()
    shown = run_cli(["graph", "export"], workspace=gws.root, load_plugins="mylife-graph")
    assert shown.returncode == 0, shown.stderr
    assert "## 职业" in shown.stdout and f"`{second.id}` —supersedes→ `{first.id}`" in shown.stdout
    out = tmp_path / "graph.json"
    done = run_cli(["graph", "export", "-f", "json", "-o", str(out), "--json"], workspace=gws.root,
                   load_plugins="mylife-graph")
    assert done.returncode == 0, done.stderr
    summary = done.json()
    assert summary["ok"] and summary["claims"] == 2 and summary["topics"] == 1 and summary["path"] == str(out)
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert {e["name"] for e in exported["entities"]} == {"topic:职业", "person:user"}
    dot = run_cli(["graph", "export", "-f", "dot"], workspace=gws.root, load_plugins="mylife-graph")
    assert dot.returncode == 0 and dot.stdout.startswith("digraph mylife {")
    assert f'"{second.id}" -> "{first.id}" [label="supersedes"]' in dot.stdout


def test_graph_export_without_the_plugin_is_a_clear_error(gws):
    gws.close()
    result = run_cli(["graph", "export"], workspace=gws.root)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr


def test_a_claim_removed_behind_mylifes_back_is_reported(gws):
    keep, _ = gws.claims.add(claim="留下的", topic="职业")
    gone, _ = gws.claims.add(claim="被别的程序删掉的", topic="职业")
    store = gws.claims.store
    text = store.mirror.ref(gone.id)
    store.call("delete_observations", {"deletions": [{"entityName": "topic:职业", "observations": [text]}]})
    gws.close()
    again = open_ws(gws.root, "graph")
    try:
        assert [c.id for c in again.claims.query()] == [keep.id]
        vanished = again.claims.store.mirror.vanished()
        assert [v["id"] for v in vanished] == [gone.id] and vanished[0]["claim"]["claim"] == "被别的程序删掉的"
    finally:
        again.close()
    status = run_cli(["store", "status", "--json"], workspace=gws.root, load_plugins="mylife-graph")
    assert status.returncode == 0, status.stderr
    graph_entry = next(s for s in status.json()["stores"] if s["name"] == "graph")
    assert [v["id"] for v in graph_entry["vanished"]] == [gone.id]


def test_an_interrupted_update_leaves_the_newest_version(gws):
    claim, _ = gws.claims.add(claim="原来的说法", topic="职业")
    store = gws.claims.store
    older_text = store.mirror.ref(claim.id)
    gws.claims.dispute(claim.id, why="说法变了")
    # as if the update had crashed between adding the new version and removing the old one
    store.call("add_observations", {"observations": [{"entityName": "topic:职业", "contents": [older_text]}]})
    gws.close()
    again = open_ws(gws.root, "graph")
    try:
        assert again.claims.get(claim.id).status == "disputed"
        again.claims.dispute(claim.id, why="再次确认")
        observations = graph_file(again)["entities"]["topic:职业"]["observations"]
        assert len(observations) == 1 and "再次确认" in observations[0]  # the leftover is cleaned up
    finally:
        again.close()


def test_other_notes_on_a_topic_are_left_alone(gws):
    gws.claims.add(claim="我想跳槽", topic="职业")
    store = gws.claims.store
    store.call("add_observations", {"observations": [{"entityName": "topic:职业", "contents": ["别的工具写的笔记"]}]})
    gws.claims.add(claim="第二条", topic="职业")
    assert "别的工具写的笔记" in graph_file(gws)["entities"]["topic:职业"]["observations"]
    assert [c.claim for c in gws.claims.query()] == ["我想跳槽", "第二条"]


def test_a_dead_graph_server_is_restarted(gws):
    first, _ = gws.claims.add(claim="之前", topic="职业")
    store = gws.claims.store
    os.kill(store.server.pid, signal.SIGKILL)
    second, _ = gws.claims.add(claim="之后", topic="职业")
    assert store.restarts == 1
    assert [c.id for c in gws.claims.query()] == [first.id, second.id]


def test_a_graph_file_broken_by_hand_is_named_with_its_line_and_kept(gws):
    """The server only says "Unterminated string in JSON at position 45"; MyLife names the file
    and the line, every command fails the same way, and the file is never rewritten."""
    gws.claims.add(claim="我想跳槽", topic="职业")
    gws.claims.add(claim="月收入两万", topic="财务")
    gws.close()
    path = gws.root / "backends/graph/memory.jsonl"
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1][:30]  # a line cut in the middle of a string
    broken = b"\n".join(lines)
    path.write_bytes(broken)
    for args in (["claim", "list"], ["claim", "add", "又一条", "--topic", "职业"], ["verify"]):
        r = run_cli([*args, "--json"], workspace=gws.root, load_plugins="mylife-graph")
        assert "Traceback" not in r.stderr
        assert path.read_bytes() == broken
        if args == ["verify"]:  # a problem among the others, not a failure of verify itself
            assert r.returncode == 1, r.stdout
            (problem,) = [p for p in r.json()["problems"] if p.get("line") == 2]
            assert problem["file"].endswith("backends/graph/memory.jsonl"), problem
            continue
        assert r.returncode == 5, (args, r.stdout, r.stderr)
        error = r.json()["error"]
        assert error["code"] == "bad_file" and error["params"]["line"] == 2, error
        assert error["params"]["path"].endswith("backends/graph/memory.jsonl")


def test_an_id_that_vanished_from_the_graph_is_never_given_to_a_new_claim(gws):
    """Claims removed behind MyLife's back (the graph file lost, another tool's delete) keep their
    last content in the index, and digests and chains still cite their ids: a new claim of the
    same day took the first vanished id, so those citations named another claim."""
    first, _ = gws.claims.add(claim="之前说的第一句", topic="职业")
    second, _ = gws.claims.add(claim="之前说的第二句", topic="职业")
    gws.close()
    (gws.root / "backends/graph/memory.jsonl").unlink()
    again = open_ws(gws.root, "graph")
    try:
        new, _ = again.claims.add(claim="文件丢了以后的新一句", topic="职业")
        assert new.id not in (first.id, second.id), new.id
        assert {v["id"] for v in again.claims.store.mirror.vanished()} == {first.id, second.id}
    finally:
        again.close()

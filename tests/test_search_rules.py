"""Search rules of issue 18, on a real tantivy index in real workspaces: BM25 order kept, synonyms
on whole tokens only, aliases never split into fragments, one mode in every output, month dates."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from mylife_core import hookimpl
from mylife_core.clock import parse_when, parse_when_precision
from mylife_core.search import recall
from mylife_core.search.retrieval import gather, score
from mylife_core.search.scoring import DEFAULT, keyword
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent


def note(ws, text: str, topic: str = "生活", at: str = "2026-11-20"):
    return ws.raw.record(text.encode("utf-8"), topic=topic, occurred_at=parse_when(at))


# ------------------------------------------------------------------------------- keyword order


def test_keyword_scores_keep_bm25_order_without_ties(ws):
    # every line covers the whole query: the old min(1, bm25/ideal) scored them all 1.0 and
    # the date then decided; BM25 (term frequency, length) tells them apart, and so must we
    note(ws, "跳槽\n想跳槽，跳槽，还是跳槽\n今天和同事聊到跳槽这件事，说了很久很久很久很久\n跳槽吧\n")
    gathered = gather(ws, "跳槽", None, ("raw",), False, 50, use_vectors=False)
    by_bm25 = sorted(gathered.candidates, key=lambda c: -c.bm25)
    scored = score(gathered)
    assert [c.uid for _, _, c in scored] == [c.uid for c in by_bm25]
    keywords = [kw for _, kw, _ in scored]
    assert len(set(keywords)) == len(keywords) and all(0 < kw < 1 for kw in keywords)
    assert keywords == sorted(keywords, reverse=True)


def test_keyword_normalisation_is_monotonic_and_bounded():
    values = [keyword(b, 10.0) for b in (0.0, 0.1, 1.0, 5.0, 10.0, 20.0, 100.0, 1000.0)]
    assert values[0] == 0.0 and values == sorted(values) and len(set(values)) == len(values)
    assert values[-1] < 1.0
    assert abs(keyword(10.0 * DEFAULT.keyword_half, 10.0) - 0.5) < 1e-9


def test_a_query_word_no_note_contains_still_counts(ws):
    note(ws, "开始学吉他，手指按弦疼得要命。\n")
    # 学 matches, 钢琴 is nowhere (recall leaves such a query unanswered: the single-character gate)
    half = score(gather(ws, "学钢琴", None, ("raw",), False, 50, use_vectors=False),
                 DEFAULT.with_(single_char_gate=0.0), min_score=0.0)
    full = recall(ws, "学吉他").hits
    assert half and full and half[0][1] < full[0].parts["keyword"] / 2


def test_keyword_mode_ranks_on_its_own_keyword_curve(ws):
    """Hybrid mode's curve (``keyword_half``, tuned by hybrid quality) does not shape keyword
    mode, which has its own (``keyword_half_keyword``)."""
    note(ws, "开始学吉他，手指按弦疼得要命。\n")
    gathered = gather(ws, "学吉他", None, ("raw",), False, 50, use_vectors=False)
    assert gathered.mode == "keyword"

    def keyword_part(params):
        return score(gathered, params)[0][1]

    assert keyword_part(DEFAULT.with_(keyword_half=0.1)) == keyword_part(DEFAULT)
    assert keyword_part(DEFAULT.with_(keyword_half_keyword=0.1)) > keyword_part(DEFAULT)
    assert keyword(5.0, 10.0, DEFAULT.with_(keyword_half_keyword=0.1), hybrid=False) == 0.5 / 0.6


# ------------------------------------------------------------------------------- synonyms


def test_synonyms_expand_whole_tokens_never_pieces_of_a_word(ws):
    rec = note(ws, "想自己创业\n离开公司以后去旅行\n")
    leaving = recall(ws, "离开公司")
    assert "开公司" not in leaving.expansions and "创业" not in leaving.terms
    assert [h.ref for h in leaving.hits] == [f"{rec.file}#L2"]
    starting = recall(ws, "我想开公司")
    assert "创业" in starting.expansions["开公司"] and starting.hits[0].ref == f"{rec.file}#L1"
    # a multi-token synonym matches where it is a run of whole tokens
    lost = note(ws, "上个月被裁员了\n")
    assert recall(ws, "我丢了工作").hits[0].ref == f"{lost.file}#L1"


class AliasLens:
    @hookimpl
    def register_topics(self, register):
        register(name="职业去留", aliases=["跳槽", "change jobs", "quit my job"], keywords=[])


def test_aliases_in_other_scripts_are_never_split_into_fragments(ws_path):
    ws, _ = Workspace.init(ws_path, plugins=plugin_host(AliasLens()))
    rec = note(ws, "time to change jobs\nI should change my car\nmy job is fine\nquit smoking today\n")
    result = recall(ws, "跳槽")
    assert {"change jobs", "quit my job"} <= set(result.expansions["跳槽"])
    assert {"change jobs", "quit my job"} <= set(result.terms)
    assert not {"change", "job", "jobs", "s", "quit", "my"} & set(result.terms)
    assert [h.ref for h in result.hits] == [f"{rec.file}#L1"]  # not "change", "job", "quit" alone
    english = recall(ws, "change jobs")
    assert english.hits[0].ref == f"{rec.file}#L1"
    ws.close()


def test_builtin_groups_cover_diary_vocabulary(ws):
    rec = note(ws, "跟领导提了涨薪\n颈椎不舒服，去做了推拿\n和老婆为了家务吵了一架\n房东说要卖房，让我们搬走\n")
    for query, line in (("要求加工资", 1), ("脖子疼", 2), ("夫妻吵架", 3), ("换了住处", 4)):
        hits = recall(ws, query).hits
        assert hits and hits[0].ref == f"{rec.file}#L{line}", query


def test_plugin_words_are_cut_as_words_in_running_text(ws):
    # with jieba's suggested frequency 外卖花了 was cut 外/卖花/了 and 一共存了 一/共存/了:
    # neither note could be found by what it is about
    rec = note(ws, "开始记账，发现光外卖就花了一千五。\n年底算了下，今年一共存了六万八。\n")
    takeaway = recall(ws, "外卖花了多少钱")
    assert "外卖" in takeaway.terms and "卖花" not in takeaway.terms
    assert takeaway.hits[0].ref == f"{rec.file}#L1"
    assert recall(ws, "一年攒下多少").hits[0].ref == f"{rec.file}#L2"


def test_question_words_are_not_searched(ws):
    rec = note(ws, "项目由小王负责，下周上线\n谁也不知道明天会怎样\n")
    result = recall(ws, "谁负责这个项目")
    assert "谁" not in result.terms and {"负责", "项目"} <= set(result.terms)
    assert [h.ref for h in result.hits] == [f"{rec.file}#L1"]
    # a query made only of question words still searches them
    assert recall(ws, "谁").terms == ["谁"]


def test_builtin_groups_cover_emotions_and_home(ws):
    rec = note(ws, "今天特别烦躁，什么都不想干\n养了一只猫，叫橘子\n楼上装修，噪声吵到半夜\n")
    for query, line in (("心烦", 1), ("宠物", 2), ("邻居太吵", 3)):
        hits = recall(ws, query).hits
        assert hits and hits[0].ref == f"{rec.file}#L{line}", query
    # a group names one thing: a dog is not a cat
    assert not recall(ws, "养狗").hits


def test_keyword_trust_scales_the_keyword_side_by_the_best_coverage():
    from mylife_core.search.scoring import trust

    off = DEFAULT.with_(keyword_trust=0.0)
    on = DEFAULT.with_(keyword_trust=1.0)
    assert trust(0.01, off) == 1.0
    values = [trust(r, on) for r in (0.0, 0.2, 0.5, 1.0, 3.0)]
    assert values == [0.0, 0.2, 0.5, 1.0, 1.0]


# ------------------------------------------------------------------------------- the mode


def test_keyword_mode_says_why_everywhere(cli, ws_path):
    cli("init")
    cli("record", "今天加班", "--topic", "工作")
    data = cli("recall", "加班", "--json").json()
    status = cli("index", "status", "--json").json()
    assert (data["mode"], data["mode_reason"]) == ("keyword", "no_vector_plugin")
    assert (status["mode"], status["mode_reason"]) == ("keyword", "no_vector_plugin") and status["vector"] is None
    forced = cli("recall", "加班", "--keyword-only", "--json").json()
    assert (forced["mode"], forced["mode_reason"]) == ("keyword", "keyword_only")
    assert "--keyword-only" in cli("recall", "加班", "--keyword-only").stdout


# ------------------------------------------------------------------------------- month dates


def test_record_at_a_month_is_kept_as_a_month(cli, ws_path):
    cli("init")
    r = cli("record", "那年三月换了工作", "--topic", "职业", "--at", "2025-03", "--json")
    assert r.returncode == 0, r.stderr
    rec = r.json()["record"]
    assert rec["file"] == "raw/2025-03-职业.md" and rec["precision"] == "month" and rec["occurred_at"] == "2025-03-01"
    manifest = [json.loads(line) for line in (ws_path / "ledger" / "raw.jsonl").read_text().splitlines()]
    assert manifest[-1]["precision"] == "month"
    day = cli("record", "今天", "--topic", "职业", "--at", "2025-03-14", "--json").json()["record"]
    assert day["precision"] == "day" and day["file"] == "raw/2025-03-14-职业.md"
    assert "precision" not in json.loads((ws_path / "ledger" / "raw.jsonl").read_text().splitlines()[-1])
    hit = cli("recall", "换工作", "--json").json()["hits"][0]
    assert hit["ref"] == "raw/2025-03-职业.md#L1" and hit["date"] == "2025-03-01"
    bad = cli("record", "x", "--topic", "职业", "--at", "2025-13")
    assert bad.returncode == 2 and "2025-13" in bad.stderr and "Traceback" not in bad.stderr
    assert len((ws_path / "ledger" / "raw.jsonl").read_text().splitlines()) == 2


def test_month_precision_parser():
    when, precision = parse_when_precision("2025-03")
    assert (when.year, when.month, when.day, precision) == (2025, 3, 1, "month")
    assert parse_when_precision("2025-03-14")[1] == "day"


# ------------------------------------------------------------------------------- the bench


def test_quality_bench_reports_both_splits_side_by_side(tmp_path):
    out = subprocess.run([sys.executable, "-m", "bench.search_quality", "--set", "personal-notes", "--no-vector",
                          "--json", "--work", str(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    splits = report["sets"]["personal-notes"]
    assert set(splits) == {"tuning", "heldout"}
    assert splits["tuning"]["queries"] + splits["heldout"]["queries"] == 42
    for split in splits.values():
        entry = split["setups"]["keyword"]
        assert {"R@1", "R@5", "MRR@10", "abstained", "p50_ms"} <= set(entry) and entry["R@5"] > 0.5


# ------------------------------------------------------------------------------- bigram field


def test_an_index_of_the_previous_schema_is_rebuilt_with_the_bigram_field(ws, ws_path):
    import tantivy

    from mylife_core.search import engine

    rec = note(ws, "外卖花了八十块\n")
    recall(ws, "外卖")
    index = engine.handle(ws)
    index.close()
    # what schema version 1 wrote: the same fields without `gram`
    folder = ws_path / "cache" / "search" / "tantivy"
    shutil.rmtree(folder)
    folder.mkdir()
    sb = tantivy.SchemaBuilder()
    for name in ("uid", "layer", "file", "topic", "kind", "status", "prov"):
        sb.add_text_field(name, stored=True, tokenizer_name="raw", index_option="basic")
    for name in ("body", "ctx"):
        sb.add_text_field(name, stored=False, tokenizer_name=engine.ANALYZER, index_option="freq")
    sb.add_bytes_field("text", stored=True, indexed=False)
    sb.add_integer_field("day", stored=True, fast=True)
    old = tantivy.Index(sb.build(), path=str(folder), reuse=False)
    old.register_tokenizer(engine.ANALYZER, engine._analyzer())
    writer = old.writer(15_000_000, 1)
    writer.commit()
    del writer, old
    state = index.state()
    state.schema = 1
    state.save(index.state_path)

    result = recall(ws, "外卖")
    assert result.notes == ["search.note.rebuilt"]
    assert [h.ref for h in result.hits] == [f"{rec.file}#L1"]
    assert index.state().schema == engine.SCHEMA_VERSION >= 2
    assert index.searcher().doc_freq("gram", "卖花") == 1  # the note's bigrams are indexed
    assert result.hits[0].parts["gram"] > 0


def test_bigrams_of_han_runs_only():
    from mylife_core.search.segment import bigrams, query_bigrams

    assert bigrams("外卖花了 80 块，ＡＩ很贵") == ["外卖", "卖花", "花了", "很贵"]
    assert query_bigrams("外卖花了多少钱") == ["外卖", "卖花", "花了", "了多", "少钱"]  # 多少 is a function word


# ------------------------------------------------------------------------------- abstention


def test_a_query_whose_only_matches_are_single_characters_is_left_unanswered(ws):
    rec = note(ws, "开始学吉他，手指按弦疼得要命。\n周末去超市买菜\n我家的猫又胖了\n")
    for query in ("学钢琴", "买彩票"):  # 学 / 买 match, 钢琴 / 彩票 are nowhere in the notes
        result = recall(ws, query)
        assert result.hits == [] and result.candidates == 0, query
        assert recall(ws, query, min_score=0.0).hits == [], query
    # a word of two characters that a note holds answers, however partially
    assert [h.ref for h in recall(ws, "学吉他").hits][:1] == [f"{rec.file}#L1"]
    # a query of one character is searched as it is
    assert [h.ref for h in recall(ws, "猫").hits] == [f"{rec.file}#L3"]
    # a synonym counts whatever its length: 宠物 finds the cat (the builtin group 宠物 ~ 猫)
    assert [h.ref for h in recall(ws, "宠物").hits] == [f"{rec.file}#L3"]
    # the gate is a parameter: off, 学 of 学钢琴 is an answer again
    gathered = gather(ws, "学钢琴", None, ("raw",), False, 50, use_vectors=False)
    assert gathered.single_chars_only
    assert [c.uid for _, _, c in score(gathered, DEFAULT.with_(single_char_gate=0.0))] == [f"{rec.file}#L1"]


class NearestVectors:
    """A vector index whose nearest neighbour is always the first line, at a fixed score."""

    def __init__(self, uid: str, score: float) -> None:
        self.uid, self.score = uid, score

    def search(self, query, k):
        return [(self.uid, self.score)]

    def known(self, uids):
        return list(uids)

    def status(self):
        return {"vectors": 1}


def test_hybrid_mode_drops_the_single_character_keyword_side_but_keeps_the_vector_side(ws_path):
    holder = {}

    class Plugin:
        @hookimpl
        def vector_index(self, workspace):
            return holder.get("index")

    ws, _ = Workspace.init(ws_path, plugins=plugin_host(Plugin()))
    rec = note(ws, "周末去超市买菜\n今天买了一个键盘\n")
    holder["index"] = NearestVectors(f"{rec.file}#L2", 0.9)
    result = recall(ws, "买彩票")
    assert result.mode == "hybrid"
    # 买 matches both lines; gated, only the vector side's neighbour is left, scored by it alone
    assert [h.ref for h in result.hits] == [f"{rec.file}#L2"] and result.hits[0].parts["keyword"] == 0.0
    holder["index"] = NearestVectors(f"{rec.file}#L2", 0.1)  # a far neighbour: under final_min
    assert recall(ws, "买彩票").hits == []


def test_the_bigram_side_ranks_a_long_question_where_the_segmenter_cut_differently(ws):
    # the question's 锦地罗 and 食虫植物 are cut otherwise in the note; its bigrams still match
    rec = note(ws, "锦地罗是一种茅膏菜科的食虫植物，又名落地金钱。\n这种植物在南方很常见，叫法很多。\n")
    question = "锦地罗这种食虫植物又被人们称之为什么名字呢"
    hits = recall(ws, question).hits
    assert [h.ref for h in hits] == [f"{rec.file}#L1", f"{rec.file}#L2"]
    assert hits[0].parts["gram"] > hits[1].parts["gram"] > 0
    assert hits[0].parts["keyword"] < hits[1].parts["keyword"]  # the words alone prefer line 2
    gathered = gather(ws, question, None, ("raw",), False, 50, use_vectors=False)
    words_only = score(gathered, DEFAULT.with_(w_gram_keyword=0.0))
    assert [c.uid for _, _, c in words_only] == [f"{rec.file}#L2", f"{rec.file}#L1"]


def test_the_bigram_side_weighs_by_the_query_length():
    from mylife_core.search.scoring import gram, gram_share

    assert gram(0.0, 10.0) == 0.0 and 0 < gram(5.0, 10.0) < gram(10.0, 10.0) < 1
    full = DEFAULT.gram_full
    assert gram_share(0.5, 3) == 3 / full and gram_share(0.5, int(full)) == 1.0 == gram_share(0.5, 40)
    assert gram_share(0.5, 3, DEFAULT.with_(gram_full=0.0)) == 1.0


def test_the_blind_vocabulary_round_bridges_everyday_words(ws):
    """Session 27's groups (``search/diary_vocab.py``), written without reading any benchmark
    question: a diary's everyday words for one thing find each other, as whole words."""
    money = note(ws, "这个月又月光了，手头紧得很\n")
    sleep = note(ws, "昨晚又是翻来覆去，睡不踏实\n")
    result = recall(ws, "拮据")
    assert [h.ref for h in result.hits] == [f"{money.file}#L1"] and "手头紧" in result.expansions["拮据"]
    assert [h.ref for h in recall(ws, "失眠").hits] == [f"{sleep.file}#L1"]
    assert recall(ws, "囊中羞涩").hits[0].ref == f"{money.file}#L1"

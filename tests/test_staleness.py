"""The staleness library: TTL by meaning, question -> decisions -> fields, the pre-decision check.

Real workspaces on disk; time is set with MYLIFE_NOW; lenses are throwaway plugins registered
on a fresh plugin host (the installed lens packages are tested in test_lenses.py).
"""

from __future__ import annotations

import pytest

from mylife_core import clock, hookimpl
from mylife_core.messages import set_language
from mylife_core.specs import TTLGuess, Verdict
from mylife_core.staleness import (
    STALE_WEIGHT,
    check,
    dependencies,
    match_decisions,
    match_topic,
    propose_ttl,
    stale_note,
)
from mylife_core.staleness.heuristics import concept_of, guess
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace


class Lens:
    """A small career/finance lens, as a plugin would register it."""

    @hookimpl
    def register_fields(self, register):
        register(name="现有存款", aliases=["存款"], ttl_days=90, topic="现金流", sensitivity="high")
        register(name="睡眠时长", ttl_days=30, decisions=["换工作"], ttl_reason="作息一个月一变")

    @hookimpl
    def register_decisions(self, register):
        register(name="跳槽", aliases=["换工作", "change jobs"], keywords=["offer"], lens="career", topic="职业去留",
                 depends_on=["月收入", "现有存款", "工作年限"], optional=["房租", "房贷"],
                 impact={"现有存款": "存款决定你能承受多长的空窗期"})
        register(name="提前还贷", aliases=["提前还款"], keywords=["月供"], lens="finance", topic="现金流",
                 depends_on=["房贷", "现有存款"])

    @hookimpl
    def register_topics(self, register):
        register(name="职业去留", keywords=["加班", "老板"])
        register(name="现金流", keywords=["存款", "账单"])

    @hookimpl
    def register_synonyms(self, register):
        register(word="跳槽", synonyms=["另谋高就"])


@pytest.fixture
def lens_ws(tmp_path):
    ws, _ = Workspace.init(tmp_path / "ws", plugins=plugin_host(Lens()))
    at = clock.parse_when
    ws.profile.set("月税后收入", 18000, ttl_days=180, ttl_given=True, at=at("2026-01-10"))
    ws.profile.set("现有存款", 120000, ttl_days=90, ttl_given=True, at=at("2026-01-10"))
    ws.profile.set("房租", 4500, ttl_days=365, ttl_given=True, at=at("2025-08-01"))
    ws.profile.set("学历", "普通本科", ttl_days=None, ttl_given=True, at=at("2010-07-01"))
    yield ws
    ws.close()


# --------------------------------------------------------------------------- TTL by meaning


@pytest.mark.parametrize("name, ttl", [
    ("房租", 365), ("房租月支出", 365), ("rent", 365), ("monthly_rent", 365),
    ("现有存款", 90), ("存款", 90), ("Savings", 90), ("cash balance", 90),
    ("月收入", 180), ("月税后收入", 180), ("salary", 180), ("Monthly Income", 180),
    ("学历", None), ("最高学历", None), ("education", None), ("degree", None),
    ("房贷", 365), ("房贷余额", 365), ("mortgage", 365),
    ("加班强度", 90), ("对当前工作的评估", 60), ("job satisfaction", 60), ("工作年限", 365),
    ("睡眠时长", 30), ("生日", None), ("信用卡欠款", 90),
])
def test_heuristics_know_common_fields_in_chinese_and_english(name, ttl):
    found = guess(name, None)
    assert found is not None, name
    assert found["ttl_days"] == ttl
    assert found["reason"]


@pytest.mark.parametrize("name", ["宠物名字", "最喜欢的颜色", "favourite colour", "average", "stage", "coverage"])
def test_heuristics_return_none_for_names_they_do_not_know(name):
    assert guess(name, "x") is None and concept_of(name) is None


def test_value_refines_an_unfinished_degree():
    assert guess("学历", "普通本科")["ttl_days"] is None
    assert guess("学历", "硕士在读")["ttl_days"] == 365


def test_inference_order_dictionary_then_heuristics_then_later_trylast(ws, tmp_path):
    class Dictionary:
        @hookimpl
        def register_fields(self, register):
            register(name="房租", aliases=["月租"], ttl_days=200, ttl_reason="本地租约两百天", topic="现金流",
                     sensitivity="medium")

    class Model:  # stands in for the model-based step: a later trylast implementation
        calls: list[str] = []

        @hookimpl(trylast=True)
        def infer_ttl(self, name):
            Model.calls.append(name)
            return TTLGuess(ttl_days=45, reason="模型认为", source="model")

    host = plugin_host(Dictionary(), Model())
    ws2, _ = Workspace.init(tmp_path / "w2", plugins=host)
    by_dictionary = propose_ttl(ws2, "月租", 4500)
    assert (by_dictionary.ttl_days, by_dictionary.field, by_dictionary.reason) == (200, "房租", "本地租约两百天")
    assert by_dictionary.source.startswith("plugin:")
    assert by_dictionary.topic == "现金流" and by_dictionary.sensitivity == "medium"
    by_meaning = propose_ttl(ws2, "现有存款", 1)
    assert (by_meaning.ttl_days, by_meaning.source) == (90, "heuristic")
    assert Model.calls == []  # the heuristics answered before the later trylast step
    unknown = propose_ttl(ws2, "宠物名字", "旺财")
    assert (unknown.ttl_days, unknown.source) == (45, "model") and Model.calls == ["宠物名字"]
    # with nobody answering, the default is said plainly
    fallback = propose_ttl(ws, "宠物名字", "旺财")
    assert (fallback.ttl_days, fallback.source) == (180, "default") and "180" in fallback.reason


# --------------------------------------------------------------------------- question -> decisions


def test_match_decisions_by_name_alias_synonym_and_keyword(lens_ws):
    names = lambda q: [d.name for d in match_decisions(lens_ws, q)]  # noqa: E731
    assert names("我该不该跳槽？") == ["跳槽"]
    assert names("Should I CHANGE JOBS now?") == ["跳槽"]  # case-insensitive, whole words
    assert names("拿到一个 offer 了") == ["跳槽"]
    assert names("they keep offering me tea") == []  # a keyword is a whole word, not a prefix
    assert names("要不要另谋高就") == ["跳槽"]  # a search synonym of the decision's name
    assert names("要不要提前还款，还是跳槽") == ["跳槽", "提前还贷"]  # name (3) beats alias (2)
    assert names("今天天气不错") == []


def test_topic_from_decision_else_from_topic_keywords(lens_ws):
    assert match_topic(lens_ws, "我该不该跳槽？") == "职业去留"
    assert match_topic(lens_ws, "最近老板天天让加班") == "职业去留"
    assert match_topic(lens_ws, "这个月账单好多") == "现金流"
    assert match_topic(lens_ws, "今天天气不错") is None


def test_dependencies_union_required_first_and_dictionary_backrefs(lens_ws):
    deps = dependencies(lens_ws, match_decisions(lens_ws, "要不要提前还款，还是跳槽"))
    assert [(d.name, d.required) for d in deps] == [
        ("月收入", True), ("现有存款", True), ("工作年限", True), ("房贷", True), ("房租", False),
        ("睡眠时长", False),  # a field dictionary said 换工作 (an alias of 跳槽) depends on it
    ]
    saving = next(d for d in deps if d.name == "现有存款")
    assert saving.decisions == ["跳槽", "提前还贷"] and saving.impact == "存款决定你能承受多长的空窗期"


# --------------------------------------------------------------------------- the check


def test_expired_and_missing_fields_with_age_text(lens_ws, monkeypatch):
    monkeypatch.setenv("MYLIFE_NOW", "2026-04-15")
    report = check(lens_ws, "我该不该跳槽？")
    assert [d.name for d in report.decisions] == ["跳槽"] and report.topic == "职业去留"
    assert [f.name for f in report.expired] == ["现有存款"]
    saving = report.expired[0]
    assert saving.age_text == "现有存款：上次填写是 3 个月前"
    assert (saving.value, saving.age_days, saving.ttl_days, saving.overdue_days) == (120000, 95, 90, 5)
    assert saving.impact == "存款决定你能承受多长的空窗期" and saving.kept is False
    assert report.missing == ["工作年限"] and report.missing_optional == ["房贷", "睡眠时长"]
    assert report.kept == [] and report.blocking == ["现有存款", "工作年限"]
    assert report.verdict.kind == "steer" and report.verdict.plugin == "mylife.pre_decide"
    assert any("现有存款：上次填写是 3 个月前" in r and "空窗期" in r for r in report.verdict.reasons)
    assert any("工作年限" in r for r in report.verdict.reasons)
    assert report.verdict.data["choices"] == ["update", "keep"]
    deps = {d["name"]: d["field"] for d in report.to_json()["dependencies"]}
    assert deps["月收入"] == "月税后收入"  # the lens's "月收入" is the user's "月税后收入" (same meaning)
    assert deps["房租"] == "房租" and deps["房贷"] is None


def test_a_field_expires_on_its_own_ttl(lens_ws, monkeypatch):
    monkeypatch.setenv("MYLIFE_NOW", "2026-03-01")
    assert check(lens_ws, "我该不该跳槽？").expired == []  # 50 days: savings still fresh
    monkeypatch.setenv("MYLIFE_NOW", "2026-09-01")
    expired = {f.name: f for f in check(lens_ws, "我该不该跳槽？").expired}
    assert set(expired) == {"月税后收入", "现有存款", "房租"}
    assert expired["月税后收入"].dependency == "月收入" and expired["月税后收入"].age_text == "月税后收入：上次填写是 8 个月前"
    assert expired["房租"].required is False  # optional, but stale when present: still asked about


def test_keeping_old_values_marks_and_down_weights(lens_ws, monkeypatch):
    monkeypatch.setenv("MYLIFE_NOW", "2026-04-15")
    report = check(lens_ws, "我该不该跳槽？", options={"keep": ["现有存款"], "accept_stale": False})
    assert [f.name for f in report.kept] == ["现有存款"] and report.expired[0].kept is True
    assert report.blocking == ["工作年限"] and report.verdict.kind == "steer"  # still missing a field
    assert report.stale_notes() == {"现有存款": "基于可能过时的 现有存款（3 个月前的数据）"}
    assert report.weight(["现有存款", "学历"]) == STALE_WEIGHT and report.weight(["学历"]) == 1.0
    both = check(lens_ws, "我该不该跳槽？", options={"keep": ["现有存款"], "accept_missing": True})
    assert both.verdict.kind == "allow" and both.blocking == []
    assert both.stale_notes() == {"现有存款": "基于可能过时的 现有存款（3 个月前的数据）"}
    monkeypatch.setenv("MYLIFE_NOW", "2026-09-01")
    everything = check(lens_ws, "我该不该跳槽？", options={"accept_stale": True, "accept_missing": True})
    assert {f.name for f in everything.kept} == {"月税后收入", "现有存款", "房租"}
    assert everything.can_proceed
    by_lens_name = check(lens_ws, "我该不该跳槽？", options={"keep": ["月收入"]})  # the lens's name works too
    assert [f.name for f in by_lens_name.kept] == ["月税后收入"]


def test_fresh_profile_allows(lens_ws, monkeypatch):
    monkeypatch.setenv("MYLIFE_NOW", "2026-02-01")
    lens_ws.profile.set("工作年限", 6, ttl_days=365, ttl_given=True, at=clock.parse_when("2026-01-20"))
    report = check(lens_ws, "我该不该跳槽？")
    assert report.expired == [] and report.missing == [] and report.verdict.kind == "allow"


def test_no_decision_no_blocking_and_builtin_abstains(lens_ws, monkeypatch):
    monkeypatch.setenv("MYLIFE_NOW", "2026-12-01")
    report = check(lens_ws, "今天天气不错")
    assert report.decisions == [] and report.expired == [] and report.missing == []
    assert report.verdict.kind == "allow" and report.verdict.plugin == ""


def test_lens_verdicts_combine_with_the_staleness_check(tmp_path, monkeypatch):
    class Guard:
        @hookimpl
        def pre_decide(self, question, decisions, options):
            if "基金" in question:
                return Verdict(kind="deny", reasons=["不推荐任何投资"], data={"refused": "investment"})
            if decisions and decisions[0].name == "跳槽" and not options.get("asked_partner"):
                return Verdict(kind="steer", reasons=["先问问伴侣的看法"])
            return None

    ws, _ = Workspace.init(tmp_path / "ws", plugins=plugin_host(Lens(), Guard()))
    ws.profile.set("现有存款", 1, ttl_days=90, ttl_given=True, at=clock.parse_when("2026-01-01"))
    monkeypatch.setenv("MYLIFE_NOW", "2026-12-01")
    steer = check(ws, "我该不该跳槽？")
    assert steer.verdict.kind == "steer"
    assert "先问问伴侣的看法" in steer.verdict.reasons and any("现有存款" in r for r in steer.verdict.reasons)
    deny = check(ws, "跳槽前要不要先买点基金？")
    assert deny.verdict.kind == "deny" and deny.verdict.reasons == ["不推荐任何投资"]
    assert [f.name for f in deny.expired] == ["现有存款"]  # the facts are still reported
    ws.close()


def test_report_json_has_stable_keys(lens_ws, monkeypatch):
    monkeypatch.setenv("MYLIFE_NOW", "2026-04-15")
    doc = check(lens_ws, "我该不该跳槽？", options={"keep": ["现有存款"]}).to_json()
    assert set(doc) == {"question", "now", "decisions", "topic", "dependencies", "expired", "missing",
                        "missing_optional", "kept", "blocking", "stale_weight", "verdict", "known_decisions", "options",
                        "names_en"}
    assert doc["names_en"] == {"跳槽": "change jobs"}  # this lens gives its topic no English alias
    assert set(doc["expired"][0]) == {"name", "dependency", "value", "updated_at", "age_days", "ttl_days",
                                      "overdue_days", "age_text", "decisions", "impact", "required", "kept", "note"}
    assert set(doc["decisions"][0]) == {"name", "lens", "plugin", "topic", "depends_on", "optional",
                                        "matched_terms", "score"}
    assert doc["decisions"][0]["matched_terms"] == ["跳槽"] and doc["kept"] == ["现有存款"]
    assert doc["now"].startswith("2026-04-15")


def test_stale_note_in_both_languages():
    assert stale_note("现有存款", 95) == "基于可能过时的 现有存款（3 个月前的数据）"
    assert stale_note("房租", 45) == "基于可能过时的 房租（45 天前的数据）"
    set_language("en")
    assert stale_note("savings", 95) == "based on possibly outdated savings (data from 3 months ago)"


def test_the_model_tool_takes_the_users_choices(lens_ws, monkeypatch):
    """mylife_staleness carries keep / accept_stale / accept_missing like the CLI's flags."""
    from mylife_core.tools import call_tool

    monkeypatch.setenv("MYLIFE_NOW", "2026-04-15")
    plain = call_tool(lens_ws, "mylife_staleness", {"question": "我该不该跳槽？"}, actor="model")
    assert plain.ok and plain.result["verdict"]["kind"] == "steer" and plain.result["kept"] == []
    kept = call_tool(lens_ws, "mylife_staleness", {"question": "我该不该跳槽？", "keep": ["现有存款"],
                                                   "accept_missing": True}, actor="model")
    assert kept.ok and kept.result["kept"] == ["现有存款"] and kept.result["verdict"]["kind"] == "allow"
    everything = call_tool(lens_ws, "mylife_staleness", {"question": "我该不该跳槽？", "accept_stale": True,
                                                         "accept_missing": True}, actor="model")
    assert everything.ok and everything.result["blocking"] == []
    bad = call_tool(lens_ws, "mylife_staleness", {"question": "我该不该跳槽？", "keep": "现有存款"}, actor="model")
    assert not bad.ok

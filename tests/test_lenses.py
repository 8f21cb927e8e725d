"""The career and finance lenses as separately installed packages (pip), and the finance lens's
refusal to recommend any investment (docs/design.md#scope)."""

from __future__ import annotations

import email
import re
from pathlib import Path

import pytest

from lens_support import import_lens, installed, lens_env
from mylife_core import clock
from mylife_core.skills import parse_skill
from mylife_core.staleness import check, match_decisions
from mylife_core.staleness.dictionary import load_file
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

LENSES = ("mylife-career", "mylife-finance")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return installed(tmp_path_factory, *LENSES)


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    return {d: import_lens(tmp_path_factory, d) for d in LENSES}


@pytest.fixture
def both_ws(tmp_path, modules):
    ws, _ = Workspace.init(tmp_path / "ws", plugins=plugin_host(*modules.values()))
    yield ws
    ws.close()


def test_installed_with_pip_and_listed_with_their_hooks(cli, site):
    cli("init")
    r = cli("plugins", "--json", env=lens_env(site), load_plugins="mylife-career,mylife-finance")
    assert r.returncode == 0, r.stderr
    plugins = {p["distribution"]: p for p in r.json()["plugins"] if not p["builtin"]}
    assert set(plugins) == {"mylife-career", "mylife-finance"}
    assert plugins["mylife-career"]["version"] == "0.1.0"
    assert plugins["mylife-career"]["hooks"] == ["register_decisions", "register_fields", "register_skills",
                                                 "register_synonyms", "register_topics"]
    assert "pre_decide" in plugins["mylife-finance"]["hooks"]
    # not loaded unless asked for
    none = cli("plugins", "--json", env=lens_env(site)).json()
    assert all(p["builtin"] for p in none["plugins"])


def test_career_registers_fields_decisions_topics_and_skill(both_ws):
    host = both_ws.plugins
    fields = host.fields()
    assert fields["现有存款"].ttl_days == 90 and fields["学历"].ttl_days is None
    assert fields["月收入"].sensitivity == "high" and fields["对当前工作的评估"].ttl_days == 60
    jump = host.decisions()["跳槽"]
    # docs/design.md#pre-decide: 跳槽 depends on 月收入, 现有存款, 房租, 房贷, 工作年限, 学历, 加班强度, 对当前工作的评估
    assert set(jump.depends_on) | set(jump.optional) >= {"月收入", "现有存款", "房租", "房贷", "工作年限", "学历",
                                                         "加班强度", "对当前工作的评估"}
    assert jump.lens == "career" and jump.topic == "职业去留" and jump.plugin
    assert all(name in jump.impact for name in jump.depends_on)
    topic = host.topics()["职业去留"]
    assert "加班" in topic.keywords and "996" in topic.keywords
    assert "换工作" in host.synonyms()["跳槽"].synonyms
    assert [d.name for d in match_decisions(both_ws, "拿到新 offer 了，要不要换工作")] == ["跳槽"]
    assert [d.name for d in match_decisions(both_ws, "想跟老板谈加薪")] == ["要求加薪"]
    assert [d.name for d in match_decisions(both_ws, "要不要脱产考研")] == ["读研深造"]


def test_finance_decisions_are_about_cash_flow(both_ws):
    host = both_ws.plugins
    assert {"提前还贷", "大额消费", "削减开支", "换房租房", "空窗期"} <= set(host.decisions())
    assert host.topics()["现金流"].lens == "finance"
    assert [d.name for d in match_decisions(both_ws, "要不要提前还房贷？")] == ["提前还贷"]
    assert {d.name for d in match_decisions(both_ws, "裸辞后存款能撑多久")} == {"跳槽", "空窗期"}


def test_lens_data_files_validate(modules):
    for module in modules.values():
        data = load_file(Path(module.__file__).parent / "lens.yaml")
        assert data.fields and data.decisions and data.topics
        for decision in data.decisions:
            assert set(decision.impact) <= set(decision.depends_on) | set(decision.optional), decision.name


@pytest.mark.parametrize("question", [
    "现在买哪只基金好？", "我该不该炒股？", "比特币还能买吗", "工资到账了，要不要拿去定投指数基金",
    "有什么理财产品推荐吗", "Should I put my savings into index funds?", "is bitcoin a good investment",
    "要不要把存款拿去投资", "买点 ETF 还是存定期",
])
def test_finance_refuses_investment_questions_with_facts_instead(both_ws, monkeypatch, question):
    monkeypatch.setenv("MYLIFE_NOW", "2026-04-15")
    both_ws.profile.set("月税后收入", 18000, ttl_days=180, ttl_given=True, at=clock.parse_when("2026-01-10"))
    both_ws.profile.set("现有存款", 120000, ttl_days=90, ttl_given=True, at=clock.parse_when("2026-01-10"))
    report = check(both_ws, question)
    assert report.verdict.kind == "deny", question
    assert "不推荐、不评价股票、基金、理财产品或任何投资" in report.verdict.reasons[0]
    facts = {f["name"]: f for f in report.verdict.data["facts"]}
    assert facts["月税后收入"]["value"] == 18000 and facts["现有存款"]["stale"] is True
    assert facts["现有存款"]["age_text"] == "3 个月前"


@pytest.mark.parametrize("question", [
    "要不要提前还房贷？", "这个月外卖花太多了怎么省钱", "我该不该跳槽去基金公司？", "想投资自己读个 MBA",
    "emergency fund 应该留几个月", "要不要换个便宜点的房子",
])
def test_finance_does_not_refuse_cash_flow_questions(both_ws, question):
    assert check(both_ws, question).verdict.kind != "deny", question


def test_refusal_through_the_cli_in_text_and_json(cli, site):
    env = lens_env(site, MYLIFE_NOW="2026-04-15")
    run = lambda *a: cli(*a, env=env, load_plugins="mylife-career,mylife-finance")  # noqa: E731
    run("init")
    run("profile", "set", "现有存款", "120000", "--at", "2026-01-10")
    run("profile", "set", "月支出", "6500", "--at", "2026-03-20")
    doc = run("staleness", "现在买哪只基金好？", "--json").json()
    assert doc["verdict"]["kind"] == "deny" and doc["verdict"]["data"]["refused"] == "investment"
    assert doc["verdict"]["plugin"] == "finance"
    assert [f["name"] for f in doc["verdict"]["data"]["facts"]] == ["月支出", "现有存款"]
    text = run("staleness", "现在买哪只基金好？").stdout
    assert "判定：不予回答（deny）" in text and "投资决定请咨询持牌的专业人士" in text
    assert "现有存款：120000（3 个月前 · 可能已过期）" in text and "月支出：6500（26 天前）" in text
    assert "不构成投资、法律、税务、医疗或心理健康建议" in text  # the disclaimer ends it
    assert "换个说法" not in text and "没有和这个问题对应的决策" not in text  # refused, not unrecognised
    unknown = run("staleness", "今天天气不错")
    assert "已安装的透镜里没有和这个问题对应的决策（它们认识：" in unknown.stdout and "跳槽" in unknown.stdout
    en = run("staleness", "which stocks should I buy?", "--json").json()
    assert en["verdict"]["kind"] == "deny"
    empty = cli("staleness", "买哪只基金", "--json", env=env, load_plugins="mylife-finance").json()
    assert empty["verdict"]["kind"] == "deny"


def test_package_metadata_has_no_advice_wording(site):
    """Seed §7.3: no "投资建议"/"理财推荐" (or "investment advice") in a package's description or keywords."""
    forbidden = re.compile(r"投资建议|理财推荐|理财建议|investment advice|financial advice", re.IGNORECASE)
    for folder in site:
        (meta,) = folder.glob("*.dist-info/METADATA")
        message = email.message_from_string(meta.read_text(encoding="utf-8"))
        text = " ".join(str(message.get(k, "")) for k in ("Summary", "Keywords")) + message.get_payload()
        assert not forbidden.search(text), (meta, forbidden.search(text))
        assert "不构成投资、法律、税务、医疗或心理健康建议" in message.get_payload()  # the disclaimer, docs/design.md#disclaimer
    finance = next(f for f in site if "finance" in str(f))
    (meta,) = finance.glob("*.dist-info/METADATA")
    assert "Cash flow and spending only." in email.message_from_string(meta.read_text(encoding="utf-8"))["Summary"]


def test_lens_skills_have_front_matter_and_an_output_template(modules):
    for dist, module in modules.items():
        (path,) = (Path(module.__file__).parent / "skills").glob("*/SKILL.md")
        meta, body = parse_skill(path)
        assert meta["name"] == dist and meta["description"] and meta["lens"] in ("career", "finance")
        assert "## 输出模板" in body and "mylife_staleness" in body and "待作废的旧前提" in body
    _, finance_body = parse_skill(Path(modules["mylife-finance"].__file__).parent / "skills/mylife-finance/SKILL.md")
    assert "不推荐、不评价任何股票、基金" in finance_body

"""mylife-finance: the cash-flow lens for MyLife (cash flow and spending only).

Registers money fields (with TTL and sensitivity), everyday money decisions with their
dependencies, the 现金流 topic, and the ``mylife-finance`` skill, all from ``lens.yaml`` and
``skills/``. Its ``pre_decide`` check refuses any request to recommend or rate an investment
(stocks, funds, wealth-management products, crypto, ...): a ``deny`` verdict that says so and
offers the user's own cash-flow facts instead (docs/design.md#scope).
"""

from __future__ import annotations

import re
from pathlib import Path

from mylife_core import hookimpl

__version__ = "0.1.0"

HERE = Path(__file__).resolve().parent
LENS = HERE / "lens.yaml"

# Words that make a question a request about an investment product or market.
_PRODUCTS = re.compile(
    r"股票|炒股|个股|选股|A股|港股|美股|基金|定投|理财产品|买理财|理财收益|债券|国债逆回购|期货|期权交易|外汇|"
    r"比特币|以太坊|加密货币|虚拟币|数字货币|币圈|炒币|黄金ETF|买黄金|ETF|私募|信托|P2P|REITs?|"
    r"(?<![a-z])(stocks?|stock market|mutual funds?|index funds?|hedge funds?|etfs?|treasury bonds?|"
    r"crypto(currency)?|bitcoin|ethereum|forex|options trading|portfolio|reits?)(?![a-z])",
    re.IGNORECASE,
)
# "投资" (invest) about one's own education, health or time is not an investment product.
_INVEST = re.compile(r"投资(?!自己|自我|教育|学习|健康|时间|孩子的教育)|(?<![a-z])invest(ing|ment|ments)?(?![a-z])(?! in (myself|yourself|education|my education|health))",
                     re.IGNORECASE)
# Employers and jobs mentioned in career questions ("跳槽去基金公司") are not investment requests.
_EMPLOYERS = re.compile(r"基金公司|证券公司|券商|投行|资管公司|信托公司|期货公司|fund company|investment bank", re.IGNORECASE)

_TEXT = {
    "refuse": {
        "zh": "MyLife 的财务透镜只看现金流和消费：不推荐、不评价股票、基金、理财产品或任何投资。",
        "en": "MyLife's finance lens covers cash flow and spending only: it does not recommend or rate stocks, "
              "funds, wealth-management products or any investment.",
    },
    "offer": {
        "zh": "可以给你的是你自己的现金流事实（见下）；投资决定请咨询持牌的专业人士。",
        "en": "What it can give you are your own cash-flow facts (below); for investment decisions, consult a "
              "licensed professional.",
    },
    "no_facts": {
        "zh": "档案里还没有现金流数字；可以先记下月收入、月支出、现有存款：{prog} profile set 月收入 值",
        "en": "The profile has no cash-flow figures yet; start with income, spending and savings: "
              "{prog} profile set 月收入 VALUE",
    },
}


def _t(key: str) -> str:
    from mylife_core.messages import command_prefix, language

    entry = _TEXT[key]
    text = entry.get(language()) or entry["zh"]
    # a suggested command acts on the workspace the output came from when pasted
    return text.replace("{prog}", command_prefix())


def asks_for_investment(question: str) -> bool:
    """Does the question ask about an investment product or market (not an employer)?"""
    text = _EMPLOYERS.sub(" ", question)
    return bool(_PRODUCTS.search(text) or _INVEST.search(text))


def cash_flow_facts(workspace) -> list[dict]:
    """The user's own figures for this lens's fields, each with its age and whether it is stale."""
    from mylife_core import clock
    from mylife_core.staleness.check import resolve_field
    from mylife_core.staleness.dictionary import entries
    from mylife_core.staleness.ttl import field_index
    from mylife_core.status import age_text

    now = clock.now()
    profile = workspace.profile.fields()
    index = field_index(workspace)
    facts = []
    for entry in entries(LENS, "fields"):
        own = resolve_field(entry["name"], profile, index)
        if own is None:
            continue
        f = profile[own]
        facts.append({"name": own, "value": f.value, "updated_at": f.updated_at.isoformat(),
                      "age_text": age_text(f.age_days(now)), "stale": f.is_stale(now)})
    return facts


@hookimpl
def pre_decide(workspace, question, options):
    """Refuse investment questions with a reason and the user's cash-flow facts; else abstain."""
    if not asks_for_investment(question or ""):
        return None
    from mylife_core.specs import Verdict

    facts = cash_flow_facts(workspace)
    reasons = [_t("refuse"), _t("offer") if facts else _t("no_facts")]
    return Verdict(kind="deny", reasons=reasons, data={"refused": "investment", "facts": facts})


@hookimpl
def register_fields(register):
    from mylife_core.staleness.dictionary import register_file

    register_file(register, LENS, "fields")


@hookimpl
def register_decisions(register):
    from mylife_core.staleness.dictionary import register_file

    register_file(register, LENS, "decisions")


@hookimpl
def register_topics(register):
    from mylife_core.staleness.dictionary import register_file

    register_file(register, LENS, "topics")


@hookimpl
def register_synonyms(register):
    register(word="开销", synonyms=["花销", "开支", "支出", "消费"])
    register(word="房贷", synonyms=["月供", "按揭"])


@hookimpl
def register_skills(register):
    register(path=HERE / "skills", rank=600)

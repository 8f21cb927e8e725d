"""How long a profile field stays true, guessed from what its name means (docs/design.md#ttl).

The core ships no field dictionary, so when the user first says "房租 4500" MyLife still has
to know that rent changes about once a year while a degree never expires. This module is a
small table of *concepts* (rent, savings, income, education, ...), each with the words that
name it in Chinese and English, a TTL and the reason for it. It answers for names it
recognises and returns ``None`` for everything else, so a field dictionary or a model can
answer instead (``infer_ttl`` is a firstresult hook; see :mod:`mylife_core.builtin.ttl_heuristics`).

The same table tells the staleness check that a decision's dependency "月收入" is satisfied
by the user's own field "月税后收入": both mean *income* (:func:`concept_of`).

Order matters: specific concepts come before general ones ("房贷余额" is a mortgage, not
savings; "对收入的满意度" is an assessment, not income).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

NEVER = None


@dataclass(frozen=True)
class Concept:
    """A kind of profile field: the words that name it and how long its value holds."""

    id: str
    ttl_days: int | None
    zh: tuple[str, ...]  # substrings of a Chinese name
    en: tuple[str, ...]  # English words or phrases (matched on word boundaries)
    topic: str | None = None
    sensitivity: str | None = None


# Specific before general: the first concept whose words occur in the name wins.
CONCEPTS: tuple[Concept, ...] = (
    Concept("assessment", 60, ("评估", "评价", "满意", "感受", "看法", "喜欢程度", "心情", "情绪", "倦怠", "压力感", "工作生活平衡"),
            ("assessment", "satisfaction", "feeling", "feelings", "mood", "burnout", "morale", "opinion of",
             "work life balance"),
            topic="career", sensitivity="high"),
    Concept("education_in_progress", 365, ("在读", "在职研", "读研中", "读博中"),
            ("studying", "enrolled", "in progress"), sensitivity="low"),
    Concept("education", NEVER, ("学历", "学位", "毕业院校", "毕业学校", "毕业时间", "毕业年份", "所学专业", "最高学历", "母校"),
            ("education", "degree", "alma mater", "graduated", "graduation", "highest degree", "major"),
            sensitivity="low"),
    Concept("birth", NEVER, ("出生", "生日", "籍贯", "血型", "民族", "性别"),
            ("birth", "birthday", "birthdate", "date of birth", "blood type", "hometown", "gender", "sex"),
            sensitivity="medium"),
    Concept("age", 365, ("年龄", "岁数"), ("age",), sensitivity="low"),
    Concept("mortgage", 365, ("房贷", "月供", "按揭", "公积金贷款"), ("mortgage", "home loan"),
            topic="finance", sensitivity="high"),
    Concept("rent", 365, ("房租", "租金", "租房"), ("rent", "rental"), topic="finance", sensitivity="medium"),
    Concept("debt", 90, ("负债", "欠款", "借款", "信用卡", "花呗", "白条", "网贷", "车贷", "贷款"),
            ("debt", "debts", "loan", "loans", "credit card", "owe", "owed"), topic="finance", sensitivity="high"),
    Concept("emergency_fund", 90, ("应急金", "备用金", "紧急备用"), ("emergency fund",), topic="finance", sensitivity="high"),
    Concept("savings", 90, ("存款", "积蓄", "储蓄", "余额", "现金", "存了", "家底"),
            ("savings", "saving", "cash", "balance", "deposit", "deposits"), topic="finance", sensitivity="high"),
    Concept("bonus", 365, ("年终奖", "奖金", "分红", "期权"), ("bonus", "bonuses", "stock options", "equity"),
            topic="finance", sensitivity="high"),
    Concept("income", 180, ("收入", "工资", "薪水", "薪资", "月薪", "年薪", "薪酬", "到手", "税后", "税前", "底薪"),
            ("income", "salary", "wage", "wages", "pay", "earnings", "take home", "paycheck"),
            topic="finance", sensitivity="high"),
    Concept("expenses", 90, ("支出", "开销", "开支", "花销", "消费", "生活费", "花费", "账单"),
            ("expense", "expenses", "spending", "spend", "outgoings", "bills", "cost of living"),
            topic="finance", sensitivity="medium"),
    Concept("insurance", 365, ("保险", "社保", "医保", "公积金"), ("insurance", "pension"), topic="finance"),
    Concept("work_years", 365, ("工作年限", "工龄", "从业年限", "工作经验", "工作了几年", "司龄"),
            ("years of experience", "years experience", "tenure", "seniority"), topic="career", sensitivity="low"),
    Concept("workload", 90, ("加班", "工时", "工作强度", "工作时长", "上班时长", "出差"),
            ("overtime", "workload", "working hours", "work hours", "hours per week", "travel days"),
            topic="career", sensitivity="medium"),
    Concept("commute", 180, ("通勤",), ("commute", "commuting"), topic="career", sensitivity="low"),
    Concept("job", 180, ("职位", "岗位", "职级", "头衔", "公司", "单位", "雇主", "行业", "部门", "上司", "老板", "团队"),
            ("job title", "title", "role", "position", "employer", "company", "industry", "department",
             "manager", "boss", "job"),
            topic="career", sensitivity="medium"),
    Concept("skills", 365, ("技能", "证书", "资格证", "外语", "英语水平", "语言能力"),
            ("skill", "skills", "certificate", "certification", "language level"), topic="career", sensitivity="low"),
    Concept("relationship", 365, ("婚姻", "婚恋", "恋爱", "配偶", "伴侣", "对象", "单身"),
            ("marital", "married", "partner", "spouse", "relationship", "single"), sensitivity="high"),
    Concept("children", 365, ("孩子", "子女", "小孩", "育儿"), ("children", "kids", "child", "childcare"), sensitivity="high"),
    Concept("dependents", 365, ("赡养", "父母", "抚养"), ("parents", "dependents", "caregiving"), sensitivity="high"),
    Concept("residence", 365, ("城市", "居住地", "住址", "住在", "所在地", "户口"),
            ("city", "address", "residence", "hometown", "lives in", "location"), sensitivity="medium"),
    Concept("sleep", 30, ("睡眠", "睡觉", "作息"), ("sleep",), topic="health", sensitivity="medium"),
    Concept("exercise", 60, ("运动", "锻炼", "健身", "跑步"), ("exercise", "workout", "workouts", "running", "gym"),
            topic="health", sensitivity="low"),
    Concept("weight", 90, ("体重", "体脂", "BMI"), ("weight", "body fat", "bmi"), topic="health", sensitivity="medium"),
    Concept("health_condition", 180, ("病", "症", "诊断", "血压", "血糖", "用药", "服药", "过敏", "体检"),
            ("diagnosis", "medical condition", "health condition", "illness", "blood pressure", "blood sugar", "medication", "allergy", "checkup"),
            topic="health", sensitivity="high"),
    Concept("height", NEVER, ("身高",), ("height",), topic="health", sensitivity="low"),
    Concept("goal", 90, ("目标", "计划", "打算", "愿望", "梦想"), ("goal", "goals", "plan", "plans", "target"),
            sensitivity="medium"),
)

_BY_ID = {c.id: c for c in CONCEPTS}


def _normalise(name: str) -> str:
    """Full-width to half-width, lower case, ``_``/``-`` as spaces (``monthly_income``)."""
    text = unicodedata.normalize("NFKC", name).lower()
    return re.sub(r"[_\-./]+", " ", text).strip()


def _pattern(concept: Concept) -> re.Pattern[str]:
    """One regex per concept: any Chinese word as a substring, any English phrase as whole words."""
    zh = "|".join(re.escape(w.lower()) for w in concept.zh)
    en = "|".join(re.escape(w.lower()) for w in sorted(concept.en, key=len, reverse=True))
    return re.compile("|".join(p for p in (zh, en and rf"(?<![a-z0-9])(?:{en})(?![a-z0-9])") if p))


_PATTERNS: tuple[tuple[Concept, re.Pattern[str]], ...] = tuple((c, _pattern(c)) for c in CONCEPTS)


@lru_cache(maxsize=4096)
def concept_of(name: str) -> Concept | None:
    """The concept a field name means, or None when the table does not know it."""
    text = _normalise(name)
    if not text:
        return None
    for concept, pattern in _PATTERNS:
        if pattern.search(text):
            return concept
    return None


def concept(concept_id: str) -> Concept:
    return _BY_ID[concept_id]


def guess(name: str, value: Any = None) -> dict[str, Any] | None:
    """A TTL guess for ``name`` as plain data, or None for names it does not know.

    The value refines one case: "学历: 硕士在读" is not final yet, so it expires in a year.
    """
    from ..messages import t

    found = concept_of(name)
    if found is None:
        return None
    if found.id == "education" and isinstance(value, str) and concept_of(value) is _BY_ID["education_in_progress"]:
        found = _BY_ID["education_in_progress"]
    return {
        "ttl_days": found.ttl_days,
        "reason": t(f"ttl.concept.{found.id}"),
        "concept": found.id,
        "topic": found.topic,
        "sensitivity": found.sensitivity,
    }

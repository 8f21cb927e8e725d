"""Messages added on branch s20i (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.keep_unknown": {
        "zh": "要沿用旧值的字段「{names}」不在你的档案里（也不是档案里哪个字段的别名），什么都没有沿用。可能是：{fields}",
        "en": "The field to keep, \"{names}\", is not in your profile (nor another name of a field there); "
              "nothing was kept. It could be: {fields}",
    },
    "handoff.example.field": {
        "zh": "现有存款",
        "en": "savings",
    },
    "handoff.problem.field_twice": {
        "zh": "fields 里有两项都是档案字段「{name}」（同一个字段的不同叫法），只留一项",
        "en": "two items of fields are the profile field \"{name}\" (two names of one field); keep one",
    },
    "ask.competing.line": {
        "zh": "- {unsure}{date}「{text}」—— {reason}",
        "en": "- {unsure}{date} \"{text}\" — {reason}",
    },
    "ask.unsupported.line": {
        "zh": "- 「{text}」—— {why}",
        "en": "- \"{text}\" — {why}",
    },
    "staleness.with_impact": {
        "zh": "{reason} —— {impact}",
        "en": "{reason} — {impact}",
    },
    "staleness.fact_line": {
        "zh": "  · {name}：{value}",
        "en": "  · {name}: {value}",
    },
    "sessions.show.turn": {
        "zh": "[{when}] {who}：{text}",
        "en": "[{when}] {who}: {text}",
    },
    "chat.resume.turn": {
        "zh": "  {who}：{text}",
        "en": "  {who}: {text}",
    },
    "trace.chain.head": {
        "zh": "{id}  {date}  「{question}」",
        "en": "{id}  {date}  \"{question}\"",
    },
    "claim.col.id": {"zh": "编号", "en": "id"},
    "claim.col.date": {"zh": "日期", "en": "date"},
    "claim.col.kind": {"zh": "类型", "en": "kind"},
    "claim.col.status": {"zh": "状态", "en": "status"},
    "claim.col.topic": {"zh": "主题", "en": "topic"},
    "claim.col.claim": {"zh": "证据", "en": "claim"},
    "profile.col.field": {"zh": "字段", "en": "field"},
    "profile.col.value": {"zh": "值", "en": "value"},
    "profile.col.updated": {"zh": "更新日期", "en": "updated"},
    "profile.col.ttl": {"zh": "有效期", "en": "ttl"},
    "profile.col.state": {"zh": "状态", "en": "state"},
    "chat.digest.denied": {
        "zh": "（不回答：{reasons}）",
        "en": "(not answered: {reasons})",
    },
}

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
    "chat.digest.denied": {
        "zh": "（不回答：{reasons}）",
        "en": "(not answered: {reasons})",
    },
}

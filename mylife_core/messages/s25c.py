"""Strings added on branch s25c (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    # the panel's chain pages: what each conclusion is, as the answer's sections name it
    "s25c.chain.role.judgment": {"zh": "判断", "en": "judgement"},
    "s25c.chain.role.question": {"zh": "想请你想一想", "en": "a question for you"},
    "s25c.chain.role.premise_to_retire": {"zh": "待作废的旧前提", "en": "premise to retire"},
    "s25c.chain.role.competing": {"zh": "反证", "en": "counter-evidence"},
    "s25c.chain.role.statement": {"zh": "你的表述", "en": "your statements"},
    "s25c.chain.role.remark": {"zh": "说明", "en": "remark"},
    "s25c.chain.mode.offline": {"zh": "离线（未调用模型）", "en": "offline (no model)"},
    "s25c.chain.mode.model": {"zh": "模型", "en": "model"},
    # the settings page: the language in effect, and where it comes from
    "s25c.settings.lang.zh": {"zh": "中文", "en": "Chinese"},
    "s25c.settings.lang.en": {"zh": "英文", "en": "English"},
    "s25c.settings.lang_from_env": {"zh": "{lang}（由环境变量 MYLIFE_LANG 决定；config.yaml 里是 {config}）",
                                    "en": "{lang} (set by MYLIFE_LANG; config.yaml says {config})"},
    # the raw notes page with nothing to list
    "s25c.raw.none": {"zh": "还没有记录：用上面的表单写下第一条。",
                      "en": "No notes yet: write the first one with the form above."},
    "s25c.raw.none_matching": {"zh": "没有符合条件的记录。", "en": "No notes match."},
    "s25c.home.first_note": {"zh": "写下第一条 →", "en": "Write the first one →"},
    # a claim's page: the cited lines of a long note, with a few lines around them
    "s25c.raw.lines_above": {"zh": "… 前面还有 {n} 行", "en": "… lines above: {n}"},
    "s25c.raw.lines_below": {"zh": "… 后面还有 {n} 行", "en": "… lines below: {n}"},
    "s25c.raw.whole_file": {"zh": "看整个文件", "en": "see the whole file"},
}

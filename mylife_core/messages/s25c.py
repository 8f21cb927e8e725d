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
    # a count of one (t(key, n=1) takes key.one): English singulars, Chinese unchanged
    "recall.header.one": {"zh": "“{query}”：{n} 条结果 · {mode}", "en": "\"{query}\": {n} hit · {mode}"},
    "web.search.summary.one": {"zh": "{n} 条结果 · 模式：{mode} · {ms} 毫秒", "en": "{n} result · mode: {mode} · {ms} ms"},
    "web.home.count.raw.one": {"zh": "原话 {n} 条", "en": "{n} raw note"},
    "web.home.count.digests.one": {"zh": "摘要 {n} 个话题", "en": "{n} topic digest"},
    "web.home.count.claims.one": {"zh": "证据 {n} 条", "en": "{n} claim"},
    "web.home.count.fields.one": {"zh": "档案字段 {n} 个", "en": "{n} profile field"},
    "web.home.count.chains.one": {"zh": "反查链 {n} 条", "en": "{n} answer chain"},
    "web.raw.count.one": {"zh": "共 {n} 条", "en": "{n} record"},
    "age.days.one": {"zh": "{n} 天前", "en": "{n} day ago"},
    "age.months.one": {"zh": "{n} 个月前", "en": "{n} month ago"},
    "age.years.one": {"zh": "{n} 年前", "en": "{n} year ago"},
    "word.days.one": {"zh": "{n} 天", "en": "{n} day"},
    "web.ttl.left.one": {"zh": "还剩 {n} 天", "en": "{n} day left"},
    "web.ttl.over.one": {"zh": "超期 {n} 天", "en": "{n} day over"},
    "demo.stale_field.one": {"zh": "{name}（过期 {n} 天）", "en": "{name} ({n} day overdue)"},
    "web.home.candidates.one": {"zh": "{n} 条候选（AI 的推断，或模型替你记下的话）等待你确认 →",
                                "en": "{n} candidate (an AI's inference, or words a model recorded for you) to review →"},
    "web.home.proposals.one": {"zh": "{n} 条提议等待确认 →", "en": "{n} proposal waiting →"},
    "web.digest.n_differences.one": {"zh": "与原稿有 {n} 处不同", "en": "{n} difference from the original"},
    "web.verify.problems.one": {"zh": "发现 {n} 个问题（{at}）：", "en": "{n} problem found ({at}):"},
    "verify.problems.one": {"zh": "发现 {n} 个问题：", "en": "Found {n} problem:"},
    # the panel's ask page, stopped for stale or missing data: what to do here, not in a terminal
    "s25c.ask.needs_input": {
        "zh": "在面板里不用敲命令：勾选上面的「沿用过期字段的旧值」或「缺少必需字段时也继续」再问一次，或先到档案页更新、确认这些字段。",
        "en": "No command needed in the panel: tick “keep stale fields' old values” or “go on when required fields "
              "are missing” above and ask again, or update or confirm these fields on the profile page first."},
    "s25c.ask.to_profile": {"zh": "去档案页 →", "en": "To the profile →"},
}

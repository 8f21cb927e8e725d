"""Strings of the one judging rule (mylife_core.pipeline.judging) and of model write proposals."""

MESSAGES = {
    "judge.write_not_done": {"zh": "说已经写入，但并没有写入任何东西",
                             "en": "says something was written, but nothing was"},
    "judge.write_refused": {"zh": "说已经写入，但这次写入被拒绝了（{name}）：什么都没有写",
                            "en": "says something was written, but the write was refused ({name}): nothing was written"},
    "judge.write_failed": {"zh": "说已经写入，但这次调用失败了（{name}）：什么都没有写",
                           "en": "says something was written, but the call failed ({name}): nothing was written"},
    "judge.write_pending": {"zh": "说已经写入，但写入要等你确认，还没有写",
                            "en": "says something was written, but writes wait for your confirmation; nothing was written yet"},
    "error.digest_all_withheld": {"zh": "模型写的摘要里没有一句能保留：{n} 句都缺少有效依据，什么都没有写入。可以重试，或用 --offline 生成结构化摘要。",
                                  "en": "Nothing in the model's digest could be kept: all {n} sentences lack valid evidence; nothing was written. Try again, or use --offline for the structural digest."},
    "digest.uncited_mark": {"zh": "〔未引用证据〕", "en": " [no citation]"},
    "digest.uncited_note": {"zh": "标〔未引用证据〕的 {n} 句没有引用任何证据：保留在摘要里，但它们只是复述，不能当作判断的依据。",
                            "en": "The {n} sentence(s) marked [no citation] cite no evidence: kept in the digest as restatements, never as grounds for a judgment."},
    "extract.why.judging": {"zh": "这是模型对你的评价或建议（{words}），不是你原话里的内容",
                            "en": "this is the model's judgment of or advice to you ({words}), not something your lines say"},
    "error.llm_cooling": {"zh": "模型端点都在冷却（{endpoints}）：刚连续失败过，{seconds} 秒内不再尝试",
                          "en": "Every model endpoint is resting ({endpoints}): they just failed repeatedly; not tried again for {seconds} s"},
    "status.llm_cooling": {"zh": "模型端点冷却中：", "en": "Model endpoints resting:"},
    "status.llm_cooling_line": {"zh": "{endpoint}（还剩 {seconds} 秒；最近的错误：{error}）",
                                "en": "{endpoint} ({seconds} s left; last error: {error})"},
}

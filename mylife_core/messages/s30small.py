MESSAGES = {
    "error.s30small.empty_claim_blank": {
        "zh": "证据内容只有空格、制表符或换行，没有可记下的话。",
        "en": "The claim holds only spaces, tabs or line breaks: there is nothing to keep.",
    },
    "s30small.index.status.vector_partial": {
        "zh": "模式：混合，但只有 {embedded}/{total} 条有向量 · 其余 {missing} 条暂时只能按字词找到（换个说法找不到）· 模型 {model}",
        "en": "Mode: hybrid, but only {embedded}/{total} entries have vectors · the other {missing} can only be found by their words for now (not by a paraphrase) · model {model}",
    },
    "s30small.index.status.embedding_eta": {
        "zh": "正在后台生成向量：{done}/{total}（进程 {pid}），按目前速度还需{eta}",
        "en": "Making vectors in the background: {done}/{total} (process {pid}); at the current pace {eta} to go",
    },
    "s30small.duration.under_minute": {"zh": "不到 1 分钟", "en": "under a minute"},
    "s30small.duration.minutes": {"zh": "约 {n} 分钟", "en": "about {n} min"},
    "s30small.duration.hours": {"zh": "约 {h} 小时 {m} 分钟", "en": "about {h} h {m} min"},
    "s30small.search.note.vectors_partial": {
        "zh": "有些内容还没有向量（后台正在生成，`{prog} index status` 看进度）：它们这次只按字词找，换个说法可能找不到。",
        "en": "Some entries have no vector yet (being made in the background; `{prog} index status` shows progress): this time they are found by their words only, not by a paraphrase.",
    },
    "s30small.record.embedding": {
        "zh": "这 {n} 行的向量会在后台慢慢生成（低优先级，可能要很久）；期间搜索照常可用，只是新内容先按字词找到。进度：`{prog} index status`",
        "en": "Vectors for these {n} lines are being made in the background (low priority; this can take a long time). Search works meanwhile; the new lines are found by their words until then. Progress: `{prog} index status`",
    },
}
MESSAGES["recall.mode.partly_embedded"] = {
    "zh": "混合模式（关键词 + 向量 + 时间；部分内容还没有向量，只按字词找）",
    "en": "hybrid mode (keywords + vectors + time; some entries have no vector yet and are found by their words only)",
}

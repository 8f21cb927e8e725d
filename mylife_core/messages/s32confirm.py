"""Strings of branch s32confirm (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s32confirm.again": {
        "zh": "请回答 y（是）或 n（否）；直接回车取方括号里大写的那个。",
        "en": "Please answer y (yes) or n (no); Enter alone takes the capital one in brackets.",
    },
    "s32confirm.maintain.new_value": {
        "zh": "那现在是什么？输入新的值（s 跳过，q 结束）",
        "en": "What is it now? Type the new value (s to skip, q to stop)",
    },
    "s32confirm.index.status.waiting": {
        "zh": "还没进入索引：原话 {raw} 行 · 摘要 {digest} 段 · 证据 {claims} 条（下次 `{prog} recall` 先补上它们；`index status` 只查看，不改索引）",
        "en": "Not in the index yet: {raw} raw lines · {digest} digest paragraphs · {claims} claims (the next `{prog} recall` takes them in first; `index status` only looks)",
    },
    "s32confirm.index.status.vector": {
        "zh": "模式：混合 · 向量 {embedded} 条（共 {total} 条，其中 {waiting} 条还没进入索引）· 模型 {model}",
        "en": "Mode: hybrid · {embedded} vectors (of {total} entries, {waiting} of them not in the index yet) · model {model}",
    },
}

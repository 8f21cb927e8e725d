"""Session 20d's strings (folded into the catalogs later by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    # a model's claim of lines a model wrote (mylife_record over MCP): a candidate until accepted
    "tool.claim_model_lines": {
        "zh": "{id} 引用的原文是模型写入的（不是用户自己写下的），所以目前只是候选：用户 `mylife claim accept {id}` 之后才算用户的表述。",
        "en": "{id} cites lines a model wrote (not the user's own writing), so it is only a candidate: it counts as "
              "the user's statement once the user runs `mylife claim accept {id}`.",
    },
    "extract.candidate_model_lines": {
        "zh": "  ? {id} [{kind}·候选] {claim}  ← {pointer}（这段原文是模型写入的，不是你写的：`mylife claim accept {id}` 接受后才算你的表述）",
        "en": "  ? {id} [{kind}·candidate] {claim}  ← {pointer} (a model wrote these lines, not you: it counts as "
              "your statement once you run `mylife claim accept {id}`)",
    },
    "ask.cite.candidate_model_lines": {
        "zh": "引用的 {id} 出自模型写入的文字，你还没有接受它，不能当作你的表述",
        "en": "cites {id}, made of lines a model wrote, which you have not accepted; it cannot count as your statement",
    },
    "ask.cite.model_lines": {
        "zh": "引用的 {id} 是模型把模型自己写入的文字记成了你的表述，不是你的原话",
        "en": "cites {id}, a model's own words recorded as yours; they are not your words",
    },
    "trace.model_wrote": {
        "zh": "这段原文是模型写入的（{actor}），不是你自己写下的",
        "en": "a model wrote these lines ({actor}), not you",
    },
    # the judging rule on every free-text field of a model's claim
    "error.tool_claim_field_is_verdict": {
        "zh": "这条证据的{what}是对用户的评价或建议（{words}），不是用户原话里的内容：没有记下",
        "en": "This claim's {what} judges or advises the user ({words}) in words their lines do not use: not recorded",
    },
    "extract.why.judging_field": {
        "zh": "它的{what}是模型对你的评价或建议（{words}），不是你原话里的内容",
        "en": "its {what} is the model's judgment of or advice to you ({words}), not something your lines say",
    },
    "what.context": {"zh": "语境", "en": "context"},
    "what.topic": {"zh": "主题", "en": "topic"},
    # a new field's TTL: the model's reason judged like any text it writes into the records
    "ttl.model_reason_withheld": {
        "zh": "模型判断；它给的理由含有对你的评价或建议（{words}），未采纳，不显示也不保存，只采用了它给的天数",
        "en": "the model's judgment; its reason judges or advises you ({words}): withheld, neither shown nor kept; "
              "only its number of days is used",
    },
    # what a proposed write stores, shown before the user is asked
    "proposal.detail.text": {
        "zh": "全文（{n} 行，原样写入）：",
        "en": "the whole text ({n} lines, written as is):",
    },
    "proposal.detail.date": {"zh": "日期：{date}", "en": "dated {date}"},
    "proposal.detail.claim": {"zh": "证据全文：", "en": "the whole claim:"},
    "proposal.detail.context": {"zh": "当时的语境：", "en": "context at the time:"},
    "proposal.detail.claim_meta": {"zh": "日期：{date}，{confidence}", "en": "dated {date}, {confidence}"},
    "proposal.detail.ttl": {"zh": "有效期：{ttl}", "en": "valid for: {ttl}"},
    "proposal.detail.provenance": {"zh": "出处：{value}（来源记为你的原话）", "en": "source: {value} (recorded as your own words)"},
    "proposal.detail.topic": {"zh": "主题：{value}", "en": "topic: {value}"},
    "proposal.detail.digest": {"zh": "将写入的摘要全文：", "en": "the digest as it would be written:"},
    "proposal.detail.digest_withheld": {
        "zh": "将写入的摘要全文（模型原稿里另有 {n} 句缺少依据，不会写入）：",
        "en": "the digest as it would be written ({n} more sentences of the model's draft lack support and are not written):",
    },
    "proposal.detail.arguments": {"zh": "完整参数：", "en": "all arguments:"},
}

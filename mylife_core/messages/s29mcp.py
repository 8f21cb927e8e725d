"""Strings added on branch s29mcp (a model's words over MCP never become the user's, and a
model's digest over MCP waits as a proposal); folded into the gettext catalogs by the integrator
(``messages.convert``)."""

MESSAGES = {
    "s29mcp.tool.claim_awaits_user": {
        "zh": "{id} 是模型提议的证据，用户还没有确认，所以目前只是候选：用户 `{prog} claim accept {id}`（或在面板里接受）之后才算证据。",
        "en": "{id} is a claim a model proposed that the user has not confirmed, so it is only a candidate: it "
              "counts as evidence once the user runs `{prog} claim accept {id}` (or accepts it in the panel).",
    },
    "s29mcp.proposal.model_lines": {
        "zh": "这行原文是模型写入的（{actor}），不是你自己写下的：接受后，这个值的来源记为「{source}」，不算你的原话。",
        "en": "A model wrote this line ({actor}), not you: accepted, the value's source is recorded as "
              "\"{source}\", not your own words.",
    },
    "s29mcp.proposal.accepted_model_lines": {
        "zh": "{id}：「{name}」的来源记为「{source}」（引用的原文是模型写入的），不是你的原话。",
        "en": "{id}: the source of {name} is recorded as \"{source}\" (a model wrote the line it cites), "
              "not your own words.",
    },
    "s29mcp.tool.digest_proposed": {
        "zh": "摘要没有写入：主题「{topic}」的新摘要已作为待确认的提议 {id} 保存，等用户决定：`{prog} proposal accept {id}`"
              "（或 reject），或在面板的待确认页面。接受之前，它不是这个主题的摘要，不会被检索或溯源。",
        "en": "No digest was written: the new digest of \"{topic}\" is kept as proposal {id}, waiting for the user: "
              "`{prog} proposal accept {id}` (or reject), or the panel's review page. Until it is accepted it is "
              "not the topic's digest, and is neither searched nor traced.",
    },
    "s29mcp.proposal.line.digest_text": {
        "zh": "{id}  模型（{actor}）为主题「{topic}」提议的新摘要，尚未写入  [{status}]",
        "en": "{id}  a new digest of \"{topic}\" a model proposed ({actor}), not written yet  [{status}]",
    },
    "s29mcp.digest.proposed.added": {
        "zh": "  + 第 {n} 段（新增）",
        "en": "  + paragraph {n} (new)",
    },
    "s29mcp.digest.proposed.changed": {
        "zh": "  ~ 第 {n} 段（改写）",
        "en": "  ~ paragraph {n} (rewritten)",
    },
    "s29mcp.digest.proposed.removed": {
        "zh": "  - 现在的第 {n} 段（将删去）",
        "en": "  - paragraph {n} now (would be removed)",
    },
    "s29mcp.digest.proposed.model": {
        "zh": "模型提议：{text}",
        "en": "the model proposes: {text}",
    },
    "s29mcp.digest.proposed.current": {
        "zh": "现在的摘要：{text}",
        "en": "the digest now: {text}",
    },
    "s29mcp.web.proposal.digest_text": {
        "zh": "模型（{actor}）为主题「{topic}」提议了一份新摘要，还没有写入。接受：它成为这个主题的摘要"
              "（现在的正文若是你的修订，逐字保留在提议和历史里）；拒绝或异议：什么都不写入。",
        "en": "A model ({actor}) proposed a new digest of \"{topic}\"; nothing is written yet. Accept: it becomes "
              "the topic's digest (a revision of yours in force is kept word for word, in the proposal and the "
              "history); reject or dispute: nothing is written.",
    },
    "s29mcp.web.proposal.current": {
        "zh": "现在的摘要：",
        "en": "the digest now:",
    },
    "s29mcp.web.proposal.proposed": {
        "zh": "模型提议：",
        "en": "the model proposes:",
    },
    "error.s29mcp.proposal_digest_changed": {
        "zh": "提议 {id} 不能接受：主题「{topic}」的摘要在提议之后变了。请先看现在的摘要；需要时让模型重新提议。",
        "en": "Proposal {id} cannot be accepted: the digest of \"{topic}\" changed after it was proposed. Read the "
              "digest as it is now; ask the model to propose again if you want it.",
    },
    "error.s29mcp.proposal_digest_unsupported": {
        "zh": "提议 {id} 不能接受：这份摘要里有 {n} 句现在已没有有效依据（它引用的证据在提议之后被拒绝、取代，或原文变了）。"
              "什么都没有写入。",
        "en": "Proposal {id} cannot be accepted: {n} of its sentences no longer rest on valid evidence (a claim "
              "they cite was rejected or superseded, or its lines changed, after it was proposed). Nothing was "
              "written.",
    },
}

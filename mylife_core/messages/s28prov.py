"""Strings of session 28's provenance fix: a model's value must be in the line it cites (folded
into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.tool_profile_value_not_in_line": {
        "zh": "值「{value}」没有出现在所指的原文行 {pointer} 里：引用了原话的值会被记为用户的原话，不能这样提议，什么都没有写入。"
              "请引用写着这个值的那一行；原话里没有这个值时，请用户自己填写（mylife profile set）。",
        "en": "The value “{value}” is not in the cited line {pointer}: a value citing the user's line is kept as the "
              "user's own words, so it cannot be proposed this way; nothing was written. Cite the line that says "
              "it; when no line of the user's says it, ask the user to set it themselves (mylife profile set).",
    },
    "error.proposal_value_not_in_line": {
        "zh": "提议 {id} 的值「{value}」没有出现在它引用的原话 {pointer} 里：不能接受（接受后会被记为你的原话）。请拒绝它。",
        "en": "Proposal {id}'s value “{value}” is not in the line it cites, {pointer}: it cannot be accepted "
              "(it would be kept as your own words). Reject it.",
    },
    "proposal.source.absent": {
        "zh": "原话里没有这个值",
        "en": "does not say this value",
    },
    "web.check.value_absent": {
        "zh": "原话里没有这个值",
        "en": "The line does not say this value",
    },
}

"""Strings of branch s30digest (a digest is a summary, never advice; whose digest is in force;
a digest proposal made out of date). Folded into the catalogs by ``python -m mylife_core.messages.convert``."""

MESSAGES = {
    # the judging rule, for a digest (a summary of the user's words)
    "s30digest.summary_advice": {
        "zh": "摘要只转述你说过的话，不给建议或判断（{words}）",
        "en": "a digest only reports what you said; it gives no advice or verdict ({words})",
    },
    # mylife digest --show: whose version is in force
    "s30digest.digest.source.accepted": {
        "zh": "{who}写的摘要，你于 {date} 接受（提议 {id}）",
        "en": "a summary by {who} that you accepted on {date} (proposal {id})",
    },
    "s30digest.digest.source.model": {
        "zh": "{who}写的摘要",
        "en": "a summary by {who}",
    },
    "s30digest.digest.who.model": {
        "zh": "模型 {model} ",
        "en": "the model {model}",
    },
    # a pending digest proposal the digest in force moved on from
    "s30digest.proposal.stale": {
        "zh": "⚠ 已过时：主题「{topic}」的摘要在提议之后变了，这份提议不能再接受。拒绝它（`{prog} proposal reject {id}`），或让模型按现在的摘要重新提议。",
        "en": "⚠ Out of date: the digest of \"{topic}\" changed after this was proposed, so it can no longer be accepted. "
              "Reject it (`{prog} proposal reject {id}`), or ask the model to propose again from the digest as it is now.",
    },
    "s30digest.proposal.stale_original": {
        "zh": "⚠ 已过时：主题「{topic}」的模型原稿在提议之后又变了，这份提议不能再接受。拒绝它（`{prog} proposal reject {id}`），或查看最新的提议。",
        "en": "⚠ Out of date: the model original of \"{topic}\" changed after this was proposed, so it can no longer be "
              "accepted. Reject it (`{prog} proposal reject {id}`), or see the newest proposal.",
    },
    "s30digest.web.proposal.stale": {
        "zh": "已过时",
        "en": "out of date",
    },
    "error.s30digest.proposal_digest_stale": {
        "zh": "提议 {id} 不能接受：它已过时，主题「{topic}」的摘要在提议之后变了。什么都没有写入。请拒绝它（`{prog} proposal reject {id}`），或让模型按现在的摘要重新提议。",
        "en": "Proposal {id} cannot be accepted: it is out of date, the digest of \"{topic}\" changed after it was proposed. "
              "Nothing was written. Reject it (`{prog} proposal reject {id}`), or ask the model to propose again from "
              "the digest as it is now.",
    },
}

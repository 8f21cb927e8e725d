"""Strings added on branch s29mcp (the notes a host gets name the workspace); folded into the gettext catalogs by the integrator
(``messages.convert``)."""

MESSAGES = {
    "s29mcp.tool.claim_awaits_user": {
        "zh": "{id} 是模型提议的证据，用户还没有确认，所以目前只是候选：用户 `{prog} claim accept {id}`（或在面板里接受）之后才算证据。",
        "en": "{id} is a claim a model proposed that the user has not confirmed, so it is only a candidate: it "
              "counts as evidence once the user runs `{prog} claim accept {id}` (or accepts it in the panel).",
    },
}

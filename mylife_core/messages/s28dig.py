"""Strings added on branch s28dig (the user's earlier digest revisions, kept word for word);
folded into the gettext catalogs by the integrator (``messages.convert``)."""

MESSAGES = {
    "s28dig.digest.history": {
        "zh": "较早的修订（{n} 份，逐字保留）：",
        "en": "Earlier revisions ({n}, kept word for word):",
    },
    "s28dig.digest.history_item": {
        "zh": "  {path}（{replaced_at} 被替换）",
        "en": "  {path} (replaced {replaced_at})",
    },
    "s28dig.digest.kept_revision": {
        "zh": "你之前的修订逐字保留在 {path}",
        "en": "Your previous revision is kept word for word in {path}",
    },
    "s28dig.web.digest.history": {
        "zh": "较早的修订",
        "en": "Earlier revisions",
    },
    "s28dig.web.digest.history_intro": {
        "zh": "你保存新修订时，被替换的那一份逐字保留在这里，不会丢。",
        "en": "When you save a new revision, the one it replaces is kept here word for word.",
    },
    "s28dig.web.digest.history_item": {
        "zh": "{replaced_at} 被替换 · {path}",
        "en": "Replaced {replaced_at} · {path}",
    },
}

"""Messages added on branch s23e (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "web.skip": {"zh": "跳到正文", "en": "Skip to the content"},
}

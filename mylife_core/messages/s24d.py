"""Messages added on branch s24d (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    # a decision in `mylife staleness`'s English text: its English name beside the Chinese, and its lens
    "staleness.decision_named": {"zh": "{name}（{english}；{lens}）", "en": "{name} ({english}; {lens} lens)"},
}

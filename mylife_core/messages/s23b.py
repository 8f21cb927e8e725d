"""Strings added on branch s23b (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    # a claim the user marked as disputed (mylife claim dispute), where ask and competing show it
    "ask.statement.disputed_mark": {"zh": "〔你标为有争议〕", "en": "[you disputed it]"},
}

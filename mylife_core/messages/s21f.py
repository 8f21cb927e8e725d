"""Strings added on branch s21f (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s21f.withheld_argument": {
        "zh": "〔已隐去：模型写的评判〕",
        "en": "[withheld: a judgment the model wrote]",
    },
}

"""Strings added on branch s23a (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s23a.ask.label.interrupted": {
        "zh": "〔结构化简报：你中断了模型的回答（Ctrl-C），以下由离线规则整理〕",
        "en": "[Structural brief: you interrupted the model's answer (Ctrl-C); the rest is generated offline]",
    },
}

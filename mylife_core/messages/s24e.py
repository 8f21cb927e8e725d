"""Strings added on branch s24e (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s24e.chat.close.sheet_eof_note": {
        "zh": "交接单没有写入（填写时输入结束了），你已经填的内容如下：",
        "en": "The handoff sheet was not written (the input ended while you filled it in); what you had filled in:",
    },
}

"""Strings of branch s32confirm (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s32confirm.again": {
        "zh": "请回答 y（是）或 n（否）；直接回车取方括号里大写的那个。",
        "en": "Please answer y (yes) or n (no); Enter alone takes the capital one in brackets.",
    },
    "s32confirm.maintain.new_value": {
        "zh": "那现在是什么？输入新的值（s 跳过，q 结束）",
        "en": "What is it now? Type the new value (s to skip, q to stop)",
    },
}

"""Strings added on branch s24g (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "extract.why.field_changed": {
        "zh": "问的时候，「{name}」在别处被改了（现在是：{current}），这次没有写入；仍想改的话：{prog} profile set {name_word} {value}",
        "en": "'{name}' was changed elsewhere while this was asked (it now reads: {current}); nothing was written. "
              "To set it anyway: {prog} profile set {name_word} {value}",
    },
}

"""Session 19 strings (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "disclaimer.no_model": {
        "zh": "（本次没有调用大语言模型：以上由离线规则从你自己的记录中整理，下面的声明同样适用。）",
        "en": "(No language model was used this time: offline rules arranged the above from your own records; "
              "the notice below applies all the same.)",
    },
}

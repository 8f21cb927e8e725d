"""Messages added on branch s21a (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "ask.record_refused_no_record": {
        "zh": "\n  这次回答的依据链写不进去，所以这次没有生成回答。要只读回答、不记录依据链，在命令后加上 --no-record："
              "{prog} ask {question} --no-record",
        "en": "\n  This answer's chain could not be recorded, so no answer was made. To read the answer without "
              "recording its chain, add --no-record: {prog} ask {question} --no-record",
    },
}

"""Messages added on branch s21a (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "ask.record_refused_no_record": {
        "zh": "\n  回答的依据链无法记录，所以没有生成回答。要读回答而不记录依据链，加上 --no-record："
              "{prog} ask {question} --no-record",
        "en": "\n  The answer's chain cannot be recorded, so no answer was made. To read the answer without "
              "recording its chain, add --no-record: {prog} ask {question} --no-record",
    },
}

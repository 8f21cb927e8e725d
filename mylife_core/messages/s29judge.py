"""Messages of session 29's judge: a quote not in the cited words, a view the cited claim reverses."""

MESSAGES = {
    "s29judge.misquoted": {
        "zh": "引号里的「{quote}」不在所引用的 {ids} 的原话里（引号只能用于记录里的原话）",
        "en": "the quoted \"{quote}\" is not in the words {ids} cites (quotation marks are for the words on record)",
    },
    "s29judge.reversed": {
        "zh": "引用的 {id}（「{claim}」）说的与这句话相反（「{cue}」）",
        "en": "the cited {id} (\"{claim}\") says the opposite of this sentence (\"{cue}\")",
    },
}

"""Strings of session 30's judge: a feeling toward a person or thing turned around."""

MESSAGES = {
    "s30judge.feeling_reversed": {
        "zh": "引用的 {id}（「{claim}」）对「{thing}」的感受与这句话相反（这句话说「{said}」，原话是「{cue}」）",
        "en": "the cited {id} (\"{claim}\") says the opposite feeling about \"{thing}\" (this sentence: \"{said}\";"
              " the words on record: \"{cue}\")",
    },
    "s30judge.feeling_reversed_line": {
        "zh": "引用的原文（「{claim}」）对「{thing}」的感受与这句话相反（这句话说「{said}」，原话是「{cue}」；{id}）",
        "en": "the cited line (\"{claim}\") says the opposite feeling about \"{thing}\" (this sentence: \"{said}\";"
              " the words on record: \"{cue}\"; {id})",
    },
}

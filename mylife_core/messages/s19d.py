"""Session 19 strings (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "digest.diff.one_version": {
        "zh": "「{topic}」的摘要只有一个版本，没有可对比的差别（你修改过模型写的摘要后，这里会列出改了哪些段落）。",
        "en": "The digest of \"{topic}\" has one version only: nothing to compare (once you revise the model's "
              "digest, this lists the paragraphs you changed).",
    },
    "error.unknown_topic": {
        "zh": "没有叫「{topic}」的主题（主题名要和记录时写的完全一样）。已有的主题：{known}。",
        "en": "There is no topic called \"{topic}\" (the name must match the one used when recording). "
              "Topics: {known}.",
    },
    "topic.none_yet": {"zh": "（还没有任何主题）", "en": "(none yet)"},
    "what.claim": {"zh": "证据内容", "en": "claim"},
    "what.value": {"zh": "值", "en": "value"},
    "what.question": {"zh": "问题", "en": "question"},
    "what.conclusion": {"zh": "结论", "en": "conclusion"},
    "what.digest": {"zh": "摘要", "en": "digest"},
    "what.QUESTION": {"zh": "问题", "en": "QUESTION"},
    "trace.reason.malformed": {"zh": "指向原文的位置写法有误", "en": "malformed pointer"},
    "trace.reason.file_missing": {"zh": "原文文件不见了", "en": "file missing"},
    "trace.reason.too_short": {"zh": "原文文件只有 {n} 行", "en": "only {n} lines"},
    "ask.q.nothing_any": {
        "zh": "你的记录里还没有和这个问题相关的表述。先用 `mylife record` 记下你现在的想法和处境，再来问？",
        "en": "Your records hold nothing about this question yet. Record your current thoughts and situation "
              "with `mylife record` first, then ask again?",
    },
    "record.not_utf8": {
        "zh": "注意：这段文字不是 UTF-8 编码（看起来是 {guess}）。它已原样保存，但搜索、摘要和引用都读不出它。"
              "请把文件另存为 UTF-8（例如 `iconv -f {guess} -t UTF-8 原文件 > 新文件`）后再记录一次。",
        "en": "Note: this text is not UTF-8 (it looks like {guess}). It is saved byte for byte, but search, "
              "digests and citations cannot read it. Save the file as UTF-8 (e.g. `iconv -f {guess} -t UTF-8 "
              "old > new`) and record it again.",
    },
    "record.not_utf8_unknown": {
        "zh": "注意：这段内容不是 UTF-8 文本。它已原样保存，但搜索、摘要和引用都读不出它。"
              "如果它是文字，请另存为 UTF-8 后再记录一次。",
        "en": "Note: this is not UTF-8 text. It is saved byte for byte, but search, digests and citations "
              "cannot read it. If it is text, save it as UTF-8 and record it again.",
    },
    "record.extract_later": {
        "zh": "原文已经保存，没有提炼证据；不要重复记录，模型可用后运行 `mylife extract {file}`。",
        "en": "The text is saved; no evidence was drawn out. Do not record it again: run `mylife extract {file}` "
              "once the model is reachable.",
    },
    "error.record_extract_no_model": {
        "zh": "--extract 要用模型提炼证据，但没有配置模型（llm.model 或 MYLIFE_MODEL）。这条记录没有保存："
              "去掉 --extract 只记录原文（以后配置了模型再运行 `mylife extract 文件`），或先配置模型。",
        "en": "--extract needs a model to draw out evidence, but none is configured (llm.model or MYLIFE_MODEL). "
              "Nothing was recorded: drop --extract to record the text alone (and run `mylife extract FILE` "
              "once a model is configured), or configure a model first.",
    },
    "disclaimer.no_model": {
        "zh": "（本次没有调用大语言模型：以上由离线规则从你自己的记录中整理，下面的声明同样适用。）",
        "en": "(No language model was used this time: offline rules arranged the above from your own records; "
              "the notice below applies all the same.)",
    },
}

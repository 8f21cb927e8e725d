"""Messages added in session 26 (merged into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "ask.topic.lens_empty": {
        "zh": "透镜的主题「{lens_topic}」下还没有你的记录；证据取自你自己的主题「{topic}」（检索到的记录大多在这里）",
        "en": "The lens's topic \"{lens_topic}\" holds none of your notes; the evidence comes from your own topic "
              "\"{topic}\", where most of the notes found are",
    },
}

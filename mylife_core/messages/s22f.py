"""Strings added on branch s22f (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s22f.chat.turn_unsaved": {
        "zh": "这句话还没有保存：对话还开着，MyLife 记着它，下次保存时一并写入（腾出空间后接着聊即可）；"
              "结束对话时仍然存不下的话，会把它原样显示出来。",
        "en": "This has not been saved yet: the chat stays open and MyLife holds on to it, to write it with the "
              "next save (free some space and go on); if it still cannot be saved when the chat ends, it is shown "
              "back as you typed it.",
    },
    "s22f.chat.unsaved": {
        "zh": "会话 {id} 里有 {n} 段话没能保存：{error}\n它们不在工作区里；下面原样列出，请先复制保存：",
        "en": "{n} part(s) of session {id} could not be saved: {error}\nThey are not in the workspace; here they "
              "are as typed, copy them somewhere safe:",
    },
    "s22f.chat.unsaved_turn": {
        "zh": "{who}：{text}",
        "en": "{who}: {text}",
    },
}

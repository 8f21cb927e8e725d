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
    "s22f.verify.raw_unlisted_gone": {
        "zh": "原始文件丢失：{file}（审计日志第 {line} 行记录过它；清单 ledger/raw.jsonl 里它的那一行也不见了）",
        "en": "raw file missing: {file} (recorded at line {line} of the audit log; its line in ledger/raw.jsonl is "
              "gone too)",
    },
    "s22f.verify.raw_unlisted": {
        "zh": "清单 ledger/raw.jsonl 里没有 {file}：审计日志第 {line} 行记录过它，清单在 MyLife 之外被删改过",
        "en": "{file} is not in the manifest ledger/raw.jsonl: line {line} of the audit log recorded it; the "
              "manifest was changed outside MyLife",
    },
    "s22f.chat.not_utf8": {
        "zh": "注意：这一行里有 {n} 处字节不是 UTF-8 文本（终端的编码不是 UTF-8？），已换成 �；其余的字照常记下。",
        "en": "Note: {n} place(s) in this line are bytes that are not UTF-8 text (is the terminal set to another "
              "encoding?); they were replaced by �, the rest of the line is kept as usual.",
    },
}

"""Strings added on branch s21i (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "chat.abandon.reason_kept_note": {
        "zh": "放弃分支没有成功，你写的原因如下：",
        "en": "Abandoning the branch failed; the reason you wrote:",
    },
    "chat.abandon.reason_kept": {
        "zh": "你写的原因没有丢：「{reason}」已存在这个分支的会话里；下面说的问题解决后，直接 /abandon 就会用它。",
        "en": "The reason you wrote is not lost: \"{reason}\" is kept in this branch's session; once the problem below is fixed, a plain /abandon uses it.",
    },
    "chat.abandon.reason_reused": {
        "zh": "用你上次写的原因：「{reason}」",
        "en": "Using the reason you wrote before: \"{reason}\"",
    },
    "error.at_future_time": {
        "zh": "{what} 的值「{value}」晚于现在（{now}）：这里记的是已经发生的事，没有写入任何内容。请写现在或更早的时刻，或去掉 {what} 表示现在。",
        "en": "{what} value '{value}' is later than now ({now}): only what has already happened is recorded, and nothing was written. Give now or an earlier moment, or leave {what} out for now.",
    },
    "error.pointer_not_utf8": {
        "zh": "{pointer} 不能引用：{file} 第 {line} 行不是 UTF-8 文本（有读不出的字节，记录时已原样保存），引用它的内容谁也读不出来，没有写入任何内容。请把原文件另存为 UTF-8（例如 `iconv -f GB18030 -t UTF-8 原文件 > 新文件`），用 {prog} record -f 新文件 再记录一次，然后引用新笔记的行。",
        "en": "{pointer} cannot be cited: line {line} of {file} is not UTF-8 text (it has bytes that cannot be read, kept as they are when recorded), so nobody could read what it cites, and nothing was written. Save the original file as UTF-8 (e.g. `iconv -f GB18030 -t UTF-8 original > new`), record it again with {prog} record -f NEW, then cite the new note's line.",
    },
    "extract.why.not_utf8": {
        "zh": "所指的原文第 {line} 行不是 UTF-8 文本（有读不出的字节），不能引用",
        "en": "line {line} of the note is not UTF-8 text (it has bytes that cannot be read) and cannot be cited",
    },
}

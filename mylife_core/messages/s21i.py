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
}

"""Strings added on branch s24a (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s24a.chat.resume_current": {
        "zh": "会话 {id}（主线「{main}」）就是现在这个会话，接着聊就好。",
        "en": "Session {id} (main line \"{main}\") is the one open here: just go on.",
    },
    "error.s24a.proposal_changed": {
        "zh": "在你确认之前，这一项已经被改过了（现在是：{now}），没有写入；还想改的话，再说一次。",
        "en": "This changed before your yes (it now reads: {now}); nothing was written. Say it again if you still want the change.",
    },
}

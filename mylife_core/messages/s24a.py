"""Strings added on branch s24a (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s24a.chat.close.sheet_quit_note": {
        "zh": "交接单没有写入（填写时退出了），你已经填的内容如下：",
        "en": "The handoff sheet was not written (you quit while filling it in); what you had filled in:",
    },
    "s24a.chat.close.sheet_quit_kept": {
        "zh": "你填到一半的交接单没有丢：已存在这个分支的会话里（{prog} sessions {session} 可以看到）。",
        "en": "The handoff sheet you had started is not lost: it is kept in this branch's session ({prog} sessions {session} shows it).",
    },
    "s24a.chat.resume_current": {
        "zh": "会话 {id}（主线「{main}」）就是现在这个会话，接着聊就好。",
        "en": "Session {id} (main line \"{main}\") is the one open here: just go on.",
    },
    "error.s24a.proposal_changed": {
        "zh": "在你确认之前，这一项已经被改过了（现在是：{now}），没有写入；还想改的话，再说一次。",
        "en": "This changed before your yes (it now reads: {now}); nothing was written. Say it again if you still want the change.",
    },
}

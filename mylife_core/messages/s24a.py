"""Strings added on branch s24a (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.s24a.proposal_changed": {
        "zh": "在你确认之前，这一项已经被改过了（现在是：{now}），没有写入；还想改的话，再说一次。",
        "en": "This changed before your yes (it now reads: {now}); nothing was written. Say it again if you still want the change.",
    },
}

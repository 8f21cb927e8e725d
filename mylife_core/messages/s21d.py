"""Strings added on branch s21d (folded into the catalogs later)."""

MESSAGES = {
    "proposal.detail.ttl_inferred": {
        "zh": "有效期：{ttl}（新字段的有效期由{source}给出：{reason}）",
        "en": "valid for: {ttl} (a new field's TTL, from {source}: {reason})",
    },
    "chat.close.sheet_kept_note": {
        "zh": "交接单没有写入（收尾失败），你填的内容如下：",
        "en": "The handoff sheet was not written (closing failed); what you filled in:",
    },
    "chat.close.sheet_kept": {
        "zh": "你填的交接单没有丢：已存在这个分支的会话里；下面说的问题解决后再 /close，会从它开始。",
        "en": "The sheet you filled in is not lost: it is kept in this branch's session; once the problem below is fixed, /close starts from it.",
    },
    "error.tool_read_only_wrote": {
        "zh": "已拒绝调用 {name}：它登记为只读工具，却要写入 {file}；什么都没有写。",
        "en": "Refused {name}: it is registered as a read-only tool but tried to write {file}; nothing was written.",
    },
    "error.web_digest_changed": {
        "zh": "「{topic}」的摘要在你打开这一页之后变了（另一个窗口或命令行写入了新的原稿或修订），所以什么也没有写。这一页现在显示的是它的新样子，你写的修订原样留在编辑框里：看过后再保存。",
        "en": "The digest of \u201c{topic}\u201d changed after you opened this page (another window or the command line wrote a new original or revision), so nothing was written. The page now shows it as it is, with your revision kept in the box: look, then save again.",
    },
}

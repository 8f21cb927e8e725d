"""Messages added on branch s20f (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.file_changed_outside": {
        "zh": "{file} 在 MyLife 之外被改过（MyLife 上次写它：{at}，{action}）。这次写入会把那处改动悄悄并进来，"
              "所以什么也没有写。用 `{verify}` 查看；要保留这处改动，运行 `{accept}`，然后重试。",
        "en": "{file} was changed outside MyLife since MyLife last wrote it ({at}, {action}). This write "
              "would silently absorb that edit, so nothing was written. See it with `{verify}`; to keep "
              "the edit, run `{accept}`, then try again.",
    },
    "error.file_missing_outside": {
        "zh": "{file} 在 MyLife 之外被删除了（MyLife 上次写它：{at}，{action}）。这次写入会在原处写一个新文件，"
              "删除就不再被看见，所以什么也没有写。从备份或 git 历史恢复它，或运行 `{accept}` 接受这次删除，然后重试"
              "（`{verify}` 列出所有此类改动）。",
        "en": "{file} was removed outside MyLife (MyLife last wrote it {at}, {action}). This write would "
              "create a new file in its place and the removal would no longer be seen, so nothing was "
              "written. Restore it from a backup or git history, or run `{accept}` to accept the removal, "
              "then try again (`{verify}` lists every such change).",
    },
    "error.file_added_outside": {
        "zh": "{file} 不是 MyLife 写下的（审计日志里没有它这一版）。这次写入会把它悄悄并进来，所以什么也没有写。"
              "用 `{verify}` 查看；要保留它，运行 `{accept}`，然后重试。",
        "en": "{file} was not written by MyLife (the audit log has no record of it as it is). This write "
              "would silently absorb it, so nothing was written. See it with `{verify}`; to keep it, run "
              "`{accept}`, then try again.",
    },
}
MESSAGES.update({
    "verify.claim_other_store": {
        "zh": "证据 {id}（「{text}」）在存储 {store}（{file}）里，却不在当前配置的存储 {configured} 里："
              "它是在切换存储时写进旧存储的，MyLife 现在看不见它。用 `{prog} claim add` 把它加到当前存储，"
              "或查看 {file} 后决定。",
        "en": "claim {id} (\"{text}\") is in the {store} store ({file}) but not in the configured store "
              "{configured}: it was written to the old store while the store was being switched, and MyLife "
              "no longer sees it. Add it to the current store with `{prog} claim add`, or look at {file} "
              "and decide.",
    },
})
MESSAGES.update({
    "verify.accept_comments": {
        "zh": "注意：{file} 第 {lines} 行有你写的注释。MyLife 下次改写这个文件时（改动其中的一条记录或设置）"
              "会按数据重新生成整个文件，这些注释不会保留；需要的话请另存一份。",
        "en": "note: {file} has your comments on line(s) {lines}. The next time MyLife rewrites this file "
              "(a change to a record or setting in it) it rebuilds the whole file from its data, and these "
              "comments will not survive; keep a copy elsewhere if you need them.",
    },
})

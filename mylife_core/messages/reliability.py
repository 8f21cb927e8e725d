"""Strings of durability and integrity: verify's witnesses, recovery, input and lock errors."""

MESSAGES: dict[str, dict[str, str]] = {
    # ---- errors -------------------------------------------------------------------------
    "error.bad_topic_encoding": {
        "zh": "主题「{topic}」不是有效的 UTF-8 文本（终端传来了无法解码的字节）。请换一个主题名。",
        "en": "Topic '{topic}' is not valid UTF-8 text (the terminal passed undecodable bytes). Use another topic name.",
    },
    "error.bad_utf8_argument": {
        "zh": "参数 {name} 含有无法解码的字节（不是有效的 UTF-8）：{value}。只有要记录的原文本身可以是任意字节。",
        "en": "Argument {name} holds bytes that are not valid UTF-8: {value}. Only the text being recorded may be arbitrary bytes.",
    },
    "error.bad_lock_timeout": {
        "zh": "环境变量 MYLIFE_LOCK_TIMEOUT 的值「{value}」无效：应为 0 到 86400 之间的秒数（默认 60）。",
        "en": "MYLIFE_LOCK_TIMEOUT={value} is not valid: give seconds between 0 and 86400 (default 60).",
    },
    "error.too_long": {
        "zh": "{what} 太长（{n} 个字符，最多 {max}）。",
        "en": "{what} is too long ({n} characters, at most {max}).",
    },
    "error.accept_outside": {
        "zh": "{file} 不在工作区内，无法确认。",
        "en": "{file} is not inside the workspace; nothing to accept.",
    },
    "error.accept_raw": {
        "zh": "{file} 属于 L0 原始记录：原话只增不改，不能确认改动。请从备份或 git 历史恢复它（`mylife git` 见 docs/git.md）。",
        "en": "{file} is an L0 raw record: the user's words are append-only, so a change cannot be accepted. "
              "Restore it from a backup or git history (docs/git.md).",
    },
    "error.accept_unknown": {
        "zh": "{file} 不是文件，MyLife 也从未写过它：没有什么可确认的。",
        "en": "{file} is not a file and MyLife never wrote it: there is nothing to accept.",
    },
    "error.accept_untracked": {
        "zh": "{file} 是派生文件或由其他机制核对（cache/、ledger/），不需要确认。",
        "en": "{file} is derived or witnessed otherwise (cache/, ledger/); there is nothing to accept.",
    },
    # ---- verify -------------------------------------------------------------------------
    "verify.file_changed": {
        "zh": "{file} 在 MyLife 之外被改动（MyLife 最后一次写入：审计日志第 {line} 行，{at} {action} {target}）。"
              "如要保留这次改动：mylife verify --accept {file}",
        "en": "{file} was changed outside MyLife (MyLife last wrote it: audit log line {line}, {at} {action} {target}). "
              "To keep the edit: mylife verify --accept {file}",
    },
    "verify.file_missing": {
        "zh": "{file} 不见了（MyLife 最后一次写入：审计日志第 {line} 行，{at} {action} {target}）。请从备份或 git 历史恢复。",
        "en": "{file} is missing (MyLife last wrote it: audit log line {line}, {at} {action} {target}). Restore it from a backup or git history.",
    },
    "verify.file_added": {
        "zh": "{file} 在 MyLife 删除它之后又出现了（审计日志第 {line} 行）。如要保留：mylife verify --accept {file}",
        "en": "{file} reappeared after MyLife removed it (audit log line {line}). To keep it: mylife verify --accept {file}",
    },
    "verify.file_unrecorded": {
        "zh": "{file} 不是由 MyLife 写入的（审计日志里没有它）。如要保留：mylife verify --accept {file}",
        "en": "{file} was not written by MyLife (the audit log never recorded it). To keep it: mylife verify --accept {file}",
    },
    "verify.audit_bad_line": {
        "zh": "审计日志 {file} 第 {line} 行不是有效的审计记录（{problem}）。确认后可执行：mylife verify --accept {file}",
        "en": "audit log {file} line {line} is not a valid entry ({problem}). Once understood: mylife verify --accept {file}",
    },
    "verify.audit_chain_broken": {
        "zh": "审计日志 {file} 在第 {line} 行断链：它前面的行在 MyLife 之外被改动、删除或插入。",
        "en": "the audit log {file} breaks its hash chain at line {line}: a line before it was changed, removed or inserted outside MyLife.",
    },
    "verify.audit_tail_changed": {
        "zh": "审计日志 {file} 的最后几行在 MyLife 之外被改动（与 ledger/audit.head 不符）。",
        "en": "the last lines of the audit log {file} were changed outside MyLife (they differ from ledger/audit.head).",
    },
    "verify.audit_cut": {
        "zh": "审计日志 {file} 被截短：MyLife 写到了 {size} 字节，之后的记录不见了。",
        "en": "the audit log {file} was cut short: MyLife had written {size} bytes; the entries after that are gone.",
    },
    "verify.audit_head_missing": {
        "zh": "{file} 不见了：无法确认审计日志的末尾是否被截掉。确认后可执行：mylife verify --accept ledger/audit.jsonl",
        "en": "{file} is missing, so a cut-off end of the audit log cannot be ruled out. Once understood: mylife verify --accept ledger/audit.jsonl",
    },
    "verify.raw_unaudited": {
        "zh": "原始记录 {file} 在清单里，但审计日志没有记录它的写入。",
        "en": "raw record {file} is in the manifest but the audit log has no entry for writing it.",
    },
    "verify.manifest_changed": {
        "zh": "清单里 {file} 的 sha256 与写入时审计日志记下的不同（清单在 MyLife 之外被改动）。",
        "en": "the manifest's sha256 for {file} differs from the one the audit log recorded when it was written (the manifest was edited outside MyLife).",
    },
    "verify.layer_checked": {
        "zh": "已核对 {files} 个 L1–L4 文件和 {entries} 条审计记录（哈希链）",
        "en": "checked {files} L1–L4 files and {entries} audit entries (hash chain)",
    },
    "verify.legacy": {
        "zh": "审计日志还没有哈希链（旧版工作区）：下一次写入会记下各层文件的基线，之后的改动都能被发现。",
        "en": "the audit log has no hash chain yet (an older workspace): the next write records a baseline of every layer file; changes after it are caught.",
    },
    "verify.accepted": {
        "zh": "已确认 {file} 的当前内容（审计日志记下了这次确认）。",
        "en": "accepted {file} as it is now (the acknowledgement is in the audit log).",
    },
    "verify.opt.accept": {
        "zh": "确认在 MyLife 之外对该文件的改动是你有意的：记下它当前的哈希（写入审计日志）。可重复。"
              "用 ledger/audit.jsonl 确认审计日志本身的问题。",
        "en": "Acknowledge a hand edit of FILE you mean to keep: record its current hash (audited). Repeatable. "
              "Use ledger/audit.jsonl to acknowledge problems of the audit log itself.",
    },
}

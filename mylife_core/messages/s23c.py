"""Messages added on branch s23c (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s23c.bad_file.broken_link": {
        "zh": "这是一个符号链接，它指向的 {target} 不存在（链接断了）。请把链接指回原来的文件，或把文件本身放回这里后重试",
        "en": "a symbolic link to {target}, which does not exist (a broken link); point it back at the file, or put "
              "the file itself here, and retry",
    },
    "verify.audit_head_lost": {
        "zh": "{file} 在审计日志第 {line} 行那次写入之前不见了或被改坏（那次写入重新生成了它）：无法确认那之前审计日志的末尾"
              "是否被截掉。确认后可执行：{prog} verify --accept ledger/audit.jsonl",
        "en": "{file} was missing or damaged before the write at line {line} of the audit log (that write made a new "
              "one), so a cut-off end of the audit log before it cannot be ruled out. Once understood: {prog} verify "
              "--accept ledger/audit.jsonl",
    },
}

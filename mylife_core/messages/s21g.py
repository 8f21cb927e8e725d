"""Strings added on branch s21g (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "claims.index_behind": {
        "zh": "注意：已保存并记入审计日志（{files}），但声明索引 cache/claims.sqlite 正被另一个 MyLife 进程占用，"
              "这次没有更新；下一次读取声明时会从这些文件补上，无需任何操作。",
        "en": "Note: saved and audited ({files}), but the claims index cache/claims.sqlite is held by another "
              "MyLife process and was not updated this time; the next read of the claims brings it up to date "
              "from these files, nothing to do.",
    },
}

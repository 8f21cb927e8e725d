"""Messages added on branch s20b (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    # mylife skills: a skill file that cannot be read
    "skills.bad_files_hint": {
        "zh": "修好之前这些文件不生效（同名的其他 Skill，例如插件自带的，会照常生效）；其余 Skill 照常列出。这些文件不会被改写。",
        "en": "Until they are fixed these files are not used (another skill of the same name, e.g. a bundled one, "
              "is used instead); the other skills are listed as usual. The files will not be rewritten.",
    },
    # mylife verify: notes that do not fail the check
    "verify.warnings": {
        "zh": "{n} 条提醒（不算校验失败）：",
        "en": "{n} notes (they do not fail the check):",
    },
    "verify.audit_torn_tail": {
        "zh": "{file}:{line}: 这一行原来是一条只写了一半的审计记录（{size} 字节，没有换行）：写入它的 MyLife 进程被中断了"
              "（被强行结束、断电或磁盘写满），那条命令没有报告成功。它从未写完，读取时一直被跳过，已于 {at} 截掉；"
              "这一行现在是记下这次修复的 audit.repair。审计日志只记谁在何时改了哪个文件，不存你的笔记：原话（raw/）"
              "和各层文件由本次校验逐一核对，若那次被中断的写入留下了没有审计记录的文件，会作为单独的问题列出。"
              "无需处理；看过后可执行 mylife verify --accept {file}，不再提示。",
        "en": "{file}:{line}: this line was an audit entry only half written ({size} bytes, no newline): the MyLife "
              "process writing it was interrupted (killed, a power cut or a full disk) and that command never "
              "reported success. It never completed and readers always skipped it; it was cut at {at} and the line "
              "now holds the audit.repair entry that records this. The audit log records who changed which file "
              "when, not your notes: your notes (raw/) and the layer files are checked one by one by this verify, "
              "and a file the interrupted write left without its audit entry is listed as a problem of its own. "
              "Nothing to do; once read, mylife verify --accept {file} stops this note.",
    },
    "verify.audit_torn_open": {
        "zh": "{file}:{line}: 最后一行是一条只写了一半的审计记录（{size} 字节，没有换行）：写入它的 MyLife 进程被中断了"
              "（被强行结束、断电或磁盘写满），那条命令没有报告成功。它从未写完，读取时被跳过，下一次 MyLife 写入会先把它截掉"
              "（记为 audit.repair）。审计日志只记谁在何时改了哪个文件，不存你的笔记：原话（raw/）和各层文件由本次校验"
              "逐一核对。无需处理。",
        "en": "{file}:{line}: the last line is an audit entry only half written ({size} bytes, no newline): the "
              "MyLife process writing it was interrupted (killed, a power cut or a full disk) and that command never "
              "reported success. It never completed and readers skip it; the next MyLife write cuts it first "
              "(recorded as audit.repair). The audit log records who changed which file when, not your notes: your "
              "notes (raw/) and the layer files are checked one by one by this verify. Nothing to do.",
    },
    "verify.audit_torn_middle": {
        "zh": "{file}:{line}: 这一行是一条只写了一半的审计记录，但它不是进程中断留下的：中断只会留下没有换行的最后一行，"
              "下一次写入会截掉它；这一行却以换行结束（后面往往还有记录），是日志在 MyLife 之外被损坏了"
              "（截断、拼接、手改或磁盘错误）。这条记录记的那次写入不再有审计记录；审计日志不存你的笔记，原话（raw/）"
              "和各层文件由本次校验逐一核对，受影响的文件会单独列出。如有备份或 git 历史，可从中恢复 {file}；"
              "确认后可执行：mylife verify --accept {file}",
        "en": "{file}:{line}: this line is an audit entry only half written, and no interrupted write left it: "
              "that only ever leaves a last line without its newline, which the next write cuts; this line ends "
              "with a newline (other entries usually follow it), so the log was damaged outside MyLife (cut, "
              "spliced, edited by hand, or a disk error). The write this entry recorded has no audit entry any "
              "more; the audit log does not hold your notes, your notes (raw/) and the layer files are checked one "
              "by one by this verify and an affected file is listed on its own. Restore {file} from a backup or git "
              "history if you have one; once understood: mylife verify --accept {file}",
    },
    "verify.profile_below_min": {
        "zh": "{file}:{line}: 档案字段「{name}」的值是 {value}，但字段词典 {plugin} 规定「{field}」不小于 {min}："
              "这个值不可能成立（多半是手改的，或是在装这个词典之前写下的）。文件没有被改动；请写入正确的值：{command}",
        "en": "{file}:{line}: the profile field '{name}' holds {value}, but the field dictionary {plugin} says "
              "'{field}' is at least {min}: the value cannot be right (most likely edited by hand, or written "
              "before the dictionary was installed). The file was not changed; set the right value: {command}",
    },
    "verify.profile_below_min.value": {
        "zh": "新值",
        "en": "VALUE",
    },
}

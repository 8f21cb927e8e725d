"""Strings added on branch s28cli (to be folded into the catalogs by ``messages.convert``).

A comma in a number that groups no thousands (``12,5万``) is refused with how to write it; the
reason an operating-system error gives (a file not found, no permission ...) in the user's
language (:func:`mylife_core.errors.os_reason`).
"""

MESSAGES = {
    "error.s28cli.misplaced_comma": {
        "zh": "「{name}」的值「{value}」里有不是分千位的逗号，读不出是哪个数：逗号只能从右往左每三位分一次千位"
              "（120,000、1,200.50），小数要用小数点（3.5、12.5万），几项要用顿号（3、5）。没有写入任何内容；"
              "请照这样改写，例如 {prog} profile set {word} 3.5",
        "en": "The value '{value}' of '{name}' has a comma that does not group thousands, so which number it means "
              "is unclear: a comma only separates groups of three digits (120,000, 1,200.50), a decimal takes a "
              "point (3.5, 12.5万), several items take 、 (3、5). Nothing was written; write it one of those ways, "
              "e.g. {prog} profile set {word} 3.5",
    },
    "s28cli.digest.none": {
        "zh": "「{topic}」还没有摘要。运行 `{prog} digest {word}` 生成。",
        "en": "\"{topic}\" has no digest yet. Run `{prog} digest {word}` to write one.",
    },
    "s28cli.profile.ttl_only": {
        "zh": "值没有变，历史里不多记一条；有效期从 {old} 改为 {new}。",
        "en": "The value is unchanged, so nothing was added to its history; the TTL changed from {old} to {new}.",
    },
    # why an operating-system call failed (errors.os_reason), said after 「无法读取 PATH：」 and the like
    "s28cli.os.not_found": {"zh": "没有这个文件或文件夹", "en": "no such file or folder"},
    "s28cli.os.permission": {"zh": "没有权限", "en": "permission denied"},
    "s28cli.os.is_a_directory": {"zh": "这是一个文件夹，不是文件", "en": "it is a folder, not a file"},
    "s28cli.os.not_a_directory": {"zh": "路径中有一段是文件，不是文件夹", "en": "a part of the path is a file, not a folder"},
    "s28cli.os.name_too_long": {"zh": "文件名或路径太长", "en": "the file name or path is too long"},
    "s28cli.os.symlink_loop": {"zh": "符号链接绕成了环", "en": "symbolic links that point at each other in a loop"},
    "s28cli.os.exists": {"zh": "已经存在", "en": "it already exists"},
    "s28cli.os.busy": {"zh": "正被别的程序占用", "en": "it is in use by another program"},
    "s28cli.os.too_many_open": {"zh": "打开的文件太多", "en": "too many open files"},
    "s28cli.os.io": {"zh": "读写出错（磁盘或设备的问题）", "en": "an input/output error (a problem with the disk or device)"},
    "s28cli.os.not_executable": {"zh": "不是可以运行的程序", "en": "not a program that can be run"},
    "s28cli.os.address_in_use": {"zh": "这个地址或端口已被占用", "en": "the address or port is already in use"},
    "s28cli.os.address_not_available": {"zh": "这台电脑没有这个地址", "en": "this computer has no such address"},
    "s28cli.os.connection_refused": {"zh": "对方拒绝了连接", "en": "the connection was refused"},
    "s28cli.os.timed_out": {"zh": "等待超时", "en": "it timed out"},
    "s28cli.os.other": {"zh": "系统错误：{text}", "en": "{text}"},
    # record -f FILE that cannot be read: what to do, after error.cannot_read_input
    "s28cli.cannot_read_input.hint": {
        "zh": "。没有记下任何内容；请检查文件的路径和权限（相对路径从当前文件夹 {cwd} 算起），或用 -f - 从标准输入读入。",
        "en": ". Nothing was recorded; check the file's path and permissions (a relative path starts from the "
              "current folder, {cwd}), or use -f - to read standard input.",
    },
}

"""Strings added on branch s24c (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s24c.bad_file.link_outside": {
        "zh": "这是一个符号链接，指向工作区之外的 {target}。MyLife 不经由它改动工作区外的文件，也不用新文件替换这个链接，"
              "所以拒绝写入这里。请把文件本身放回这里（复制 {target} 来替换链接），或让链接指向工作区之内，然后重试",
        "en": "a symbolic link to {target}, outside the workspace. MyLife neither changes a file outside the workspace "
              "through it nor replaces the link with a file of its own, so it refuses to write here. Put the file itself "
              "here (copy {target} over the link), or point the link inside the workspace, and retry",
    },
}

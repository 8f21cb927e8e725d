"""Strings added on branch s24c (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s24c.bad_file.link_outside": {
        "zh": "这是一个符号链接，指向工作区之外的 {target}。MyLife 不经由它改动工作区外的文件，也不用新文件替换这个链接，"
              "所以拒绝写入这里。请把文件本身放回这里（复制 {target} 来替换链接），或让链接指向工作区之内，然后重试",
        "en": "a symbolic link to {target}, outside the workspace. MyLife neither changes a file outside the workspace "
              "through it nor replaces the link with a file of its own, so it refuses to write here. Put the file itself "
              "here (copy {target} over the link), or point the link inside the workspace, and retry",
    },
    "error.s24c.form_nul": {
        "zh": "表单里有一个空字符（\\x00，常是从别处粘贴带来的）：MyLife 不保存它，什么都没有写入。请删去它后重新提交",
        "en": "the form holds a NUL character (\\x00, often brought in by pasting from elsewhere): MyLife does not "
              "save it, and nothing was written. Remove it and send the form again",
    },
    "error.s24c.not_a_number": {
        "zh": "「{name}」要写一个数，「{value}」不是：字段词典 {plugin} 规定「{field}」是数值。没有写入任何内容；"
              "请写一个数，例如 {prog} profile set {word} 20000（也可以写 20,000、2万 或 两万）。",
        "en": "'{name}' takes a number, and '{value}' is not one: the field dictionary {plugin} says '{field}' is "
              "a number. Nothing was written; give a number, e.g. {prog} profile set {word} 20000 (20,000, 2万 "
              "and 两万 work too).",
    },
}

"""Strings added on branch s25b (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.s25b.not_a_quantity": {
        "zh": "「{name}」要写一个以 {unit} 计的量，「{value}」不是：字段词典 {plugin} 规定「{field}」的单位是 {unit}"
              "（可写的单位：{units}）。没有写入任何内容；例如 {prog} profile set {word} {example}"
              "（只写一个数时按 {unit} 计：{number} 就是 {example}）。",
        "en": "'{name}' takes an amount in {unit}, and '{value}' is not one: the field dictionary {plugin} counts "
              "'{field}' in {unit} (units it takes: {units}). Nothing was written; e.g. {prog} profile set {word} "
              "{example} (a bare number is taken in {unit}: {number} is {example}).",
    },
    "error.s25b.confirm_changed": {
        "zh": "「{name}」在你确认之前变了：你看到的是 {seen}，现在是 {value}（另一个窗口或进程写的）。没有确认任何内容；"
              "如果 {value} 仍然成立，请运行 {prog} profile confirm {word}。",
        "en": "'{name}' changed before you confirmed it: you were shown {seen}, it is now {value} (written by another "
              "window or process). Nothing was confirmed; if {value} still holds, run {prog} profile confirm {word}.",
    },
    "s25b.verify.profile_not_as_declared": {
        "zh": "{file}:{line}: 档案字段「{name}」的值是 {value}，但字段词典 {plugin} 规定「{field}」{what}：这个值不是"
              "（多半是手改的，或是在装这个词典之前写下的）。文件没有被改动；请写入正确的值：{command}",
        "en": "{file}:{line}: the profile field '{name}' holds {value}, but the field dictionary {plugin} says "
              "'{field}' {what}: this value is not (most likely edited by hand, or written before the dictionary "
              "was installed). The file was not changed; set the right value: {command}",
    },
    "s25b.verify.kind_number": {"zh": "是一个数", "en": "is a number"},
    "s25b.verify.kind_unit": {"zh": "是以 {unit} 计的量", "en": "is an amount in {unit}"},
}

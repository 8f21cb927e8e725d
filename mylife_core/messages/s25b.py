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
}

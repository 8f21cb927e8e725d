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
}

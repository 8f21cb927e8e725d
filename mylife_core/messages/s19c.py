"""Strings of session 19c (every --at takes the same dates; no future dates; no negative years
or amounts). Folded into the catalogs by ``python -m mylife_core.messages.convert``."""

MESSAGES = {
    "error.at_empty": {
        "zh": "{what} 的值是空的。请写日期，如 2026-01-15，只记得月份就写 2025-03；要用今天就去掉 {what}。",
        "en": "{what} is empty. Give a date such as 2026-01-15, or just the month: 2025-03; "
              "leave {what} out for today.",
    },
    "error.at_bad": {
        "zh": "{what} 的值「{value}」不是有效日期。可以写：2026-01-15（某一天）、2026-01-15T09:30（某一刻）、"
              "2025-03（只记得月份）。",
        "en": "{what} value '{value}' is not a valid date. Use 2026-01-15 (a day), 2026-01-15T09:30 "
              "(a moment) or 2025-03 (just the month).",
    },
    "error.at_future": {
        "zh": "{what} 的值「{value}」在今天（{today}）之后：这里记的是已经发生的事，没有写入任何内容。"
              "请写今天或更早的日期，或去掉 {what} 表示今天。",
        "en": "{what} value '{value}' is after today ({today}): only what has already happened is "
              "recorded, and nothing was written. Give today or an earlier date, or leave {what} out for today.",
    },
    "error.value_below_min": {
        "zh": "「{name}」的值不能是 {value}：字段词典 {plugin} 规定「{field}」不小于 {min}。没有写入任何内容；"
              "请写一个不小于 {min} 的数。",
        "en": "'{name}' cannot be {value}: the field dictionary {plugin} says '{field}' is at least {min}. "
              "Nothing was written; give a number of at least {min}.",
    },
    "at.month_first_day": {
        "zh": "只写了月份：日期按该月 1 日（{day}）记。",
        "en": "Month only: dated the first of the month ({day}).",
    },
    "help.opt.at_forms": {
        "zh": "发生日期，如 2026-01-15；只记得月份就写 2025-03，记作该月 1 日（默认今天；不能晚于今天）",
        "en": "when it happened, e.g. 2026-01-15, or just the month: 2025-03, taken as its first day "
              "(default: now; not after today)",
    },
    "help.opt.claim_at_forms": {
        "zh": "发生日期，如 2026-01-15；只记得月份就写 2025-03，记作该月 1 日"
              "（默认：--from 所指原话的记录日期，否则今天；不能晚于今天）",
        "en": "when it happened, e.g. 2026-01-15, or just the month: 2025-03, taken as its first day "
              "(default: the date of the --from record, else today; not after today)",
    },
    "help.opt.record_at_forms": {
        "zh": "发生日期，如 2026-01-15；只记得月份就写 2025-03（默认今天；不能晚于今天）",
        "en": "when it happened, e.g. 2026-01-15, or just the month: 2025-03 (default: now; not after today)",
    },
}

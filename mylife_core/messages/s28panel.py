"""Strings added on branch s28panel (to be folded into the catalogs by ``messages.convert``).

Removing a profile field from the panel's field page (``/profile/{field}/unset``), as
``mylife profile unset`` does: a box to tick, the value the page showed, a note on the page after.
"""

MESSAGES = {
    "s28panel.field.remove": {"zh": "删除这个字段", "en": "Remove this field"},
    "s28panel.field.remove_sure": {"zh": "确定删除「{name}」（现在的值 {value}）",
                                   "en": "Yes, remove '{name}' (its value now: {value})"},
    "s28panel.field.removed": {
        "zh": "已删除档案字段「{name}」（原值 {value}）；删除前的整个字段（值、日期、有效期和历史）已记入审计日志。",
        "en": "Removed the profile field '{name}' (its value was {value}); the whole field as it was (value, dates, "
              "TTL and history) is recorded in the audit log.",
    },
    "error.s28panel.unset_not_sure": {
        "zh": "要删除「{name}」，请先勾选确认框。没有删除任何内容。",
        "en": "To remove '{name}', tick the box that confirms it first. Nothing was removed.",
    },
    "error.s28panel.unset_changed": {
        "zh": "「{name}」在你删除之前变了：你看到的是 {seen}，现在是 {value}（另一个窗口或进程写的）。没有删除任何内容；"
              "如果现在的值也不要了，请再删除一次，或运行 {prog} profile unset {word}。",
        "en": "'{name}' changed before you removed it: you were shown {seen}, it is now {value} (written by another "
              "window or process). Nothing was removed; if you do not want {value} kept either, remove it again, or "
              "run {prog} profile unset {word}.",
    },
}

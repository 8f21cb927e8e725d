"""Strings added on branch s26b (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "help.profile.unset": {
        "zh": "删除一个字段（填错了，或不想再记录）。删除前的整个字段（值、日期、有效期、历史）记入审计日志。\n\n例：\n\n\b\n"
              "  mylife profile unset 通勤时间\n  mylife profile list    # 先看字段的确切名字",
        "en": "Remove a field (set by mistake, or no longer wanted). The whole field as it was (value, dates, TTL, "
              "history) is recorded in the audit log.\n\nExamples:\n\n\b\n"
              "  mylife profile unset 通勤时间\n  mylife profile list    # the fields' exact names",
    },
    "s26b.profile.unset": {
        "zh": "已删除档案字段「{name}」（原值 {value}，更新于 {at}，历史 {n} 条）。",
        "en": "Removed the profile field '{name}' (its value {value}, updated {at}, {n} earlier values).",
    },
    "s26b.profile.unset.one": {
        "zh": "已删除档案字段「{name}」（原值 {value}，更新于 {at}，历史 {n} 条）。",
        "en": "Removed the profile field '{name}' (its value {value}, updated {at}, 1 earlier value).",
    },
    "s26b.profile.unset_kept": {
        "zh": "删除前的整个字段（值、日期、有效期和历史）已记入审计日志 ledger/audit.jsonl（动作 profile.unset）；"
              "要再记录它：{prog} profile set {word} 值",
        "en": "The whole field as it was (value, dates, TTL and history) is recorded in the audit log "
              "ledger/audit.jsonl (action profile.unset); to track it again: {prog} profile set {word} VALUE",
    },
    "error.s26b.unset_other_name": {
        "zh": "档案里没有叫「{name}」的字段；「{name}」是字段「{field}」的另一个名字。删除只认确切的名字，"
              "没有删除任何内容；要删除它：{prog} profile unset {word}",
        "en": "The profile has no field named '{name}'; '{name}' is another name of the field '{field}'. Unset "
              "takes the exact name only; nothing was removed. To remove it: {prog} profile unset {word}",
    },
}

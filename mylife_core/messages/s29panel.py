"""Strings added on branch s29panel: the panel's own wording of errors whose CLI text names a flag
or a command (``--ttl``, ``profile set``), which mean nothing in a browser; it names the panel's
fields, buttons and pages instead. Key ``s29panel.web.<the CLI message's key>``
(:func:`mylife_core.web.views.error_text`). Folded into the gettext catalogs by the integrator
(``messages.convert``)."""

MESSAGES = {
    "s29panel.web.error.bad_ttl": {
        "zh": "有效期「{value}」无效：在 TTL 框里填正整数天数，或填 never 表示不过期。",
        "en": "The TTL '{value}' is invalid: in the TTL box, give a positive number of days, or never.",
    },
    "s29panel.web.error.proposal_dispute_needs_reason": {
        "zh": "对提议 {id} 提出异议需要写明原因：在卡片的理由框里写一句，再按「提出异议」。",
        "en": "Disputing proposal {id} needs a reason: write it in the card's reason box, then press Dispute.",
    },
    "s29panel.web.error.proposal_field_newer": {
        "zh": "提议 {id} 不能接受：档案里的 {name} 已在 {date} 更新为 {value}，比这条原话更新。请驳回它，或在档案页这个字段的页面上更新。",
        "en": "Proposal {id} cannot be accepted: {name} was updated to {value} on {date}, after this note. Reject it, or update the field on its profile page.",
    },
    "s29panel.web.error.proposal_source_changed": {
        "zh": "提议 {id} 依据的原话 {pointer} {state}：不能接受。请驳回它。",
        "en": "The line proposal {id} rests on ({pointer}) {state}: it cannot be accepted. Reject it.",
    },
    "s29panel.web.error.proposal_not_found": {
        "zh": "没有找到提议 {id}。等待确认的提议都在「待确认」页上。",
        "en": "No proposal {id}. The proposals waiting for you are on the To review page.",
    },
    "s29panel.web.error.claim_not_found": {
        "zh": "没有找到证据 {id}。已有的证据在「证据」页上。",
        "en": "No claim {id}. The existing claims are on the Evidence page.",
    },
    "s29panel.web.error.field_not_found": {
        "zh": "档案里没有字段「{name}」。已有的字段在「档案」页上。",
        "en": "No profile field '{name}'. The existing fields are on the Profile page.",
    },
    "s29panel.web.error.branch_not_found": {
        "zh": "没有找到话题分支 {id}。已有的分支在「分支」页上。",
        "en": "No branch {id}. The existing branches are on the Branches page.",
    },
    "s29panel.web.error.branch_not_open": {
        "zh": "分支 {id} 的状态是「{status}」，不能再收尾或放弃。它的交接单在「分支」页上。",
        "en": "Branch {id} is {status}; it cannot be closed or abandoned again. Its handoff sheet is on the Branches page.",
    },
    "s29panel.web.error.s24c.not_a_number": {
        "zh": "「{name}」要写一个数，「{value}」不是：字段词典 {plugin} 规定「{field}」是数值。没有写入任何内容；请在「新值」框里写一个数，例如 20000（也可以写 20,000、2万 或 两万）。",
        "en": "'{name}' takes a number, and '{value}' is not one: the field dictionary {plugin} says '{field}' is a number. Nothing was written; write a number in the New value box, e.g. 20000 (20,000, $20,000 and 20k work too).",
    },
    "s29panel.web.error.s25b.not_a_quantity": {
        "zh": "「{name}」要写一个以 {unit} 计的量，「{value}」不是：字段词典 {plugin} 规定「{field}」的单位是 {unit}（可写的单位：{units}）。没有写入任何内容；请在「新值」框里写，例如 {example}（只写一个数时按 {unit} 计：{number} 就是 {example}）。",
        "en": "'{name}' takes an amount in {unit}, and '{value}' is not one: the field dictionary {plugin} counts '{field}' in {unit} (units it takes: {units}). Nothing was written; write it in the New value box, e.g. {example} (a bare number is taken in {unit}: {number} is {example}).",
    },
    "s29panel.web.error.s28fix.misplaced_comma": {
        "zh": "「{name}」的值「{value}」里有不是分千位的逗号，读不出是哪个数：逗号只能从右往左每三位分一次千位（120,000、1,200.50），小数要用小数点（3.5、12.5万），几项要用顿号（3、5）。没有写入任何内容；请在「新值」框里照这样改写，例如 {example}",
        "en": "The value '{value}' of '{name}' has a comma that does not group thousands, so which number it means is unclear: a comma only separates groups of three digits (120,000, 1,200.50), a decimal takes a point (3.5, 12.5). Nothing was written; rewrite it one of those ways in the New value box, e.g. {example}",
    },
    "s29panel.web.error.s25b.confirm_changed": {
        "zh": "「{name}」在你确认之前变了：你看到的是 {seen}，现在是 {value}（另一个窗口或进程写的）。没有确认任何内容；如果 {value} 仍然成立，请再按一次「仍然成立」。",
        "en": "'{name}' changed before you confirmed it: you were shown {seen}, it is now {value} (written by another window or process). Nothing was confirmed; if {value} still holds, press Still true again.",
    },
    "s29panel.web.error.s28panel.unset_changed": {
        "zh": "「{name}」在你删除之前变了：你看到的是 {seen}，现在是 {value}（另一个窗口或进程写的）。没有删除任何内容；如果现在的值也不要了，请勾选后再按一次「删除这个字段」。",
        "en": "'{name}' changed before you removed it: you were shown {seen}, it is now {value} (written by another window or process). Nothing was removed; if you do not want {value} kept either, tick the box and press Remove this field again.",
    },
}

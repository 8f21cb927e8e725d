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
}

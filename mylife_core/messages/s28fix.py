"""Messages added in session 28's second round (folded into the catalogs by ``messages.convert``)."""

MESSAGES = {
    "error.s28fix.misplaced_comma": {
        "zh": "「{name}」的值「{value}」里有不是分千位的逗号，读不出是哪个数：逗号只能从右往左每三位分一次千位"
              "（120,000、1,200.50），小数要用小数点（3.5、12.5万），几项要用顿号（3、5）。没有写入任何内容；"
              "请照这样改写，例如 {prog} profile set {word} {example}",
        "en": "The value '{value}' of '{name}' has a comma that does not group thousands, so which number it "
              "means is unclear: a comma only separates groups of three digits (120,000, 1,200.50), a decimal "
              "takes a point (3.5, 12.5). Nothing was written; write it one of those ways, e.g. "
              "{prog} profile set {word} {example}"},
    "s28fix.q.one_side_lean": {
        "zh": "你关于「{subject}」的 {n} 段表述都没有出现明显的反面（最近一次明确表态：{d} {said}）。"
              "有没有哪段经历或哪个数字你还没有记下，会让你犹豫？",
        "en": "None of your {n} statements on \"{subject}\" takes the other side (the last time you took a side: "
              "{d}, {said}). Is there an experience or a number you have not recorded yet that would make you "
              "hesitate?"},
    "s28fix.value_placeholder": {"zh": "值", "en": "VALUE"},
}

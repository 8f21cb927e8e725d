"""Messages of session 29's ask fixes (folded into the catalogs by ``messages.convert``)."""

MESSAGES = {
    "s29data.q.one_side_against": {
        "zh": "你关于「{subject}」的 {n} 段表述里没有明确的反面，但上面的反证列出了 {k} 条可能削弱结论的记录，例如 {d} {said}。它们对你现在还成立吗？",
        "en": "None of your {n} statements on \"{subject}\" clearly takes the other side, but the counter-evidence above lists {k} records that may weaken the conclusion, such as {d}: {said}. Do they still hold for you now?",
    },
    "s29data.q.one_side_against_one": {
        "zh": "你关于「{subject}」的 {n} 段表述里没有明确的反面，但上面的反证里有一条可能削弱结论：{d} {said}。它对你现在还成立吗？",
        "en": "None of your {n} statements on \"{subject}\" clearly takes the other side, but the counter-evidence above has one record that may weaken the conclusion: {d}: {said}. Does it still hold for you now?",
    },
}

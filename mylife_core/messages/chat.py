"""Strings for chat, topic drift, branches and the handoff sheet (seed §5.2–§5.3)."""

MESSAGES: dict[str, dict[str, str]] = {
    # ---- drift signals (evidence shown by --explain) ------------------------------------------
    "drift.markers.none": {"zh": "没有切换话题的说法", "en": "no words that switch the subject"},
    "drift.markers.strong": {"zh": "明确的切换说法「{marker}」", "en": "an explicit switch: \"{marker}\""},
    "drift.markers.weak": {"zh": "较弱的转折说法「{marker}」（同一话题里也常用）",
                           "en": "a weak switch word \"{marker}\" (also common within one topic)"},
    "drift.markers.same": {"zh": "，但后面说的仍是「{topic}」", "en": ", but what follows is still about \"{topic}\""},
    "drift.markers.on_main": {"zh": "，但已经在主线「{topic}」上了", "en": ", but the conversation is already on the main line \"{topic}\""},
    "drift.markers.back": {"zh": "：回到主线「{topic}」", "en": ": back to the main line \"{topic}\""},
    "drift.fields.same": {"zh": "仍在「{topic}」这个话题上", "en": "still on the topic \"{topic}\""},
    "drift.fields.evidence": {
        "zh": "「{current}」依赖 {current_fields}；这句话涉及「{new}」，依赖 {new_fields}；重合 {shared}（{n}/{total}）",
        "en": "\"{current}\" depends on {current_fields}; this turn is about \"{new}\", which depends on {new_fields}; shared: {shared} ({n}/{total})",
    },
    "drift.fields.own": {"zh": "这句话说的是 {fields}，正是「{line}」依赖的字段", "en": "the turn is about {fields}, fields \"{line}\" itself depends on"},
    "drift.fields.unknown_line": {"zh": "「{current}」没有已知的档案字段；这句话涉及「{new}」，有自己的一组字段", "en": "\"{current}\" has no known profile fields; this turn is about \"{new}\", which has its own"},
    "drift.fields.mixed": {"zh": "；但这句话也提到了「{topic}」，两者连在一起说，分数打了折",
                           "en": "; but the turn also names \"{topic}\", tying the two together, so the score is discounted"},
    "drift.text.empty": {"zh": "这句话没有实义词可比较", "en": "the turn has no content words to compare"},
    "drift.text.short": {"zh": "只有一个实义词，把握较小", "en": "a single content word: low confidence"},
    "drift.text.back_reference": {"zh": "开头承接上文，把握较小", "en": "opens by referring back: low confidence"},
    "drift.text.foreign": {"zh": "属于别的话题的词：{words}", "en": "words of another topic: {words}"},
    "drift.text.evidence": {
        "zh": "这句话的关键词：{terms}；与「{line}」相关的：{matched}（{n}/{total}）",
        "en": "the turn's words: {terms}; related to \"{line}\": {matched} ({n}/{total})",
    },
    "drift.pressure.evidence": {
        "zh": "上下文约 {tokens} / {window} tokens（{pct}%，{limit}% 时开始丢细节）",
        "en": "context about {tokens} / {window} tokens ({pct}%; details start to drop at {limit}%)",
    },
    "drift.pressure.off_main": {"zh": "离开主线「{main}」已 {n} 轮（2 轮以内不算，6 轮为满分）", "en": "{n} turns away from the main line \"{main}\" (nothing up to 2, full at 6)"},
    "drift.signal.explicit_marker": {"zh": "切换说法", "en": "switch words"},
    "drift.signal.field_set": {"zh": "依赖的档案字段", "en": "profile fields needed"},
    "drift.signal.text_distance": {"zh": "用词距离", "en": "word distance"},
    "drift.signal.context_pressure": {"zh": "上下文压力", "en": "context pressure"},
    "drift.signal.turns_off_main": {"zh": "离开主线的轮数", "en": "turns off the main line"},
    "drift.weight.high": {"zh": "高", "en": "high"},
    "drift.weight.medium": {"zh": "中", "en": "medium"},
    "drift.weight.low": {"zh": "低", "en": "low"},
    "chat.topic.unset": {"zh": "（还没定主题）", "en": "(no topic yet)"},
}

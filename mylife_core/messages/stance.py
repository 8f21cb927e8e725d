"""Strings of counter-evidence by meaning, the stance model call, citation relevance, topic
matching for questions no lens knows, and claims whose source changed (docs/ask.md)."""

MESSAGES = {
    # ---- counter-evidence -----------------------------------------------------------------------
    "ask.competing.reason.other": {"zh": "{who} 的看法，不是你的表述（提到「{word}」）",
                                   "en": "{who}'s view, not yours (mentions \"{word}\")"},
    "ask.competing.form.hypothetical": {"zh": "（假设句）", "en": " (a hypothetical)"},
    "ask.competing.form.concession": {"zh": "（让步句，以转折后的为准）", "en": " (a concession: read after the \"but\")"},
    "ask.competing.form.question": {"zh": "（问句）", "en": " (a question)"},
    "ask.competing.form.adopted": {"zh": "（你对别人看法的表态）", "en": " (your reaction to someone else's view)"},
    "ask.competing.unsure": {"zh": "；不确定，请你判断", "en": "; unsure, please judge"},
    "ask.competing.others.head": {"zh": "别人的看法（不是你的表述，仅供对照）：",
                                  "en": "Other people's views (not yours, for comparison only):"},
    "ask.competing.others.line": {"zh": "- {date}「{text}」—— {who} 的看法", "en": "- {date} \"{text}\" — {who}'s view"},
    "ask.competing.unsure_mark": {"zh": "〔不确定〕", "en": "[unsure]"},
    "ask.competing.source_changed": {
        "zh": "另有 {n} 条相关表述的原文在记录后被改动，重新确认前不算证据：{ids}（mylife claim confirm ID）",
        "en": "{n} more related statements were edited after they were recorded and do not count as evidence "
              "until you re-confirm them: {ids} (mylife claim confirm ID)"},
    "stance.who.unknown": {"zh": "别人", "en": "someone else"},
    # ---- the structured stance call ----------------------------------------------------------------
    "stance.model.disagree": {"zh": "模型判断为「{model}」，规则判断为「{rules}」",
                              "en": "the model reads \"{model}\", the rules \"{rules}\""},
    "stance.model.bad_id": {"zh": "模型给出的 {id} 不在候选列表中，已忽略", "en": "{id} from the model is not a candidate; ignored"},
    "stance.model.bad_quote": {"zh": "模型为 {id} 引用的「{quote}」不在原文中，已忽略",
                               "en": "the model's quote \"{quote}\" for {id} is not in the statement; ignored"},
    "stance.model.bad_stance": {"zh": "模型为 {id} 给出的立场「{stance}」无效，已忽略",
                                "en": "the stance \"{stance}\" the model gave for {id} is not valid; ignored"},
    "stance.model.failed": {"zh": "立场判断未能调用模型（{reason}），只用规则", "en": "the stance call failed ({reason}); rules only"},
    "stance.label.supports": {"zh": "支持", "en": "supports"},
    "stance.label.contradicts": {"zh": "相反", "en": "contradicts"},
    "stance.label.unrelated": {"zh": "无关", "en": "unrelated"},
    "stance.label.other": {"zh": "别人的看法", "en": "someone else's view"},
    # ---- citations must be about the sentence ------------------------------------------------------
    "ask.cite.unrelated_vector": {
        "zh": "引用的 {id}（「{claim}」）与这句话说的不是一回事（语义相关度 {score}，低于阈值）",
        "en": "the cited {id} (\"{claim}\") is not about this sentence (similarity {score}, below the threshold)"},
    "ask.cite.unrelated_words": {
        "zh": "引用的 {id}（「{claim}」）与这句话说的不是一回事（没有共同的内容词，重合度 {score}）",
        "en": "the cited {id} (\"{claim}\") is not about this sentence (no content words in common, overlap {score})"},
    # ---- topic for a question no lens knows --------------------------------------------------------
    "ask.topic.matched": {"zh": "按你的记录匹配到主题「{topic}」：{why}",
                          "en": "Matched to your topic \"{topic}\" from your notes: {why}"},
    "ask.topic.why": {"zh": "{n} 条相关记录在这个主题下，例如「{example}」",
                      "en": "{n} related notes are filed under it, e.g. \"{example}\""},
    "ask.topic.none": {"zh": "没有在你的记录里找到与这个问题相关的主题。", "en": "No topic of yours matches this question."},
    # ---- claims whose source changed ----------------------------------------------------------------
    "ask.statement.source_changed": {"zh": "⚠ 原文已改动，待重新确认", "en": "⚠ source edited, re-confirm"},
    "ask.statement.other_view": {"zh": "（{who} 的看法）", "en": " ({who}'s view)"},
    "claim.confirm.done": {"zh": "已重新确认 {id}：按原文现在的内容记录（{pointer}）", "en": "Re-confirmed {id} against its lines as they are now ({pointer})"},
    "claim.confirm.unchanged": {"zh": "{id} 的原文没有改动，无需重新确认", "en": "The lines of {id} have not changed; nothing to re-confirm"},
    "claim.confirm.lines": {"zh": "原文现在是：", "en": "The lines now read:"},
    "claim.stale.marked": {"zh": "{n} 条证据的原文被改动，已标为待确认（stale）：{ids}",
                           "en": "{n} claims whose lines were edited are marked stale: {ids}"},
    "help.claim.confirm": {
        "zh": "原文在记录后被改动的证据：看过现在的原文后重新确认，它才重新算作证据。\n\n示例：\n\n\b\n  mylife claim confirm claim-2026-01-15-001",
        "en": "Re-confirm a claim whose lines were edited after it was recorded, so it counts as evidence again.\n\nExample:\n\n\b\n  mylife claim confirm claim-2026-01-15-001"},
    "action.confirm": {"zh": "重新确认", "en": "re-confirm"},
    "action.mark_stale": {"zh": "标为待确认", "en": "mark stale"},
}
MESSAGES["stance.model.request"] = {"zh": "结论：「{conclusion}」。请判断上面每条表述对它的立场，只输出 JSON。",
                                    "en": "Conclusion: \"{conclusion}\". Judge each statement above toward it; output JSON only."}
MESSAGES["ask.topic.pseudo"] = {"zh": "「{topic}」相关的数据", "en": "data on \"{topic}\""}
MESSAGES["ask.topic.pseudo_lens"] = {"zh": "按你的记录匹配", "en": "matched from your notes"}
MESSAGES["claim.stale.why"] = {"zh": "原文在记录后被改动（hash 不一致），待你重新确认",
                               "en": "its lines were edited after it was recorded (hash mismatch); awaiting your re-confirmation"}

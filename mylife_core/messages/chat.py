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
    # ---- the chat ------------------------------------------------------------------------------
    "chat.prompt": {"zh": "你> ", "en": "you> "},
    "chat.header": {"zh": "MyLife 对话 · 会话 {id} · 主线「{main}」", "en": "MyLife chat · session {id} · main line \"{main}\""},
    "chat.help_hint": {"zh": "（/help 查看命令，/quit 退出；会话随时保存，可用 mylife chat --resume 接着聊）",
                       "en": "(/help for commands, /quit to leave; the session is saved as you go: mylife chat --resume picks it up)"},
    "chat.no_model": {
        "zh": "没有配置模型：决策问题（如「我该不该跳槽？」）照样给出结构化简报（证据表、反证、待确认的旧前提）；自由对话需要模型，配置方法见 docs/configuration.md（例如设置环境变量 MYLIFE_MODEL）。",
        "en": "No model is configured: decision questions (\"should I change jobs?\") still get the structural brief (evidence table, counter-evidence, premises to re-check); free conversation needs a model, see docs/configuration.md (e.g. set MYLIFE_MODEL).",
    },
    "chat.in_branch": {"zh": "这是从「{parent}」拆出来的子话题「{topic}」（{id}，{mode}）。聊完输入 /close 带回结论，/back 先回到「{parent}」。",
                       "en": "This is the sub-topic \"{topic}\" split off \"{parent}\" ({id}, {mode}). /close brings a conclusion back, /back returns to \"{parent}\" for now."},
    "chat.mode.fork": {"zh": "带着之前的对话", "en": "with the conversation so far"},
    "chat.mode.fresh": {"zh": "单独从头聊", "en": "starting fresh"},
    "chat.resume.head": {"zh": "接着上次的对话（现在在聊「{current}」）：", "en": "Picking up where we left off (now on \"{current}\"):"},
    "chat.resume.none": {"zh": "没有进行中的会话，开始一个新的。", "en": "No session in progress; starting a new one."},
    "chat.who.user": {"zh": "你", "en": "you"},
    "chat.who.assistant": {"zh": "MyLife", "en": "MyLife"},
    "chat.bye": {"zh": "会话 {id} 已保存。接着聊：mylife chat --resume {id}", "en": "Session {id} saved. To continue: mylife chat --resume {id}"},
    "chat.interrupted": {"zh": "已中断这一轮（会话已保存）。", "en": "This turn was interrupted (the session is saved)."},
    "chat.choose.again": {"zh": "请输入 {answers} 中的一个。", "en": "Please answer one of {answers}."},
    "chat.returning": {"zh": "好，回到主线「{main}」。", "en": "OK, back to the main line \"{main}\"."},
    "chat.adopted": {"zh": "这次对话的主线定为「{main}」。", "en": "This conversation's main line is now \"{main}\"."},
    "chat.explain.head": {"zh": "漂移评分 {score}（阈值 {threshold}）：{state}；新话题：{topic}", "en": "drift score {score} (threshold {threshold}): {state}; new topic: {topic}"},
    "chat.explain.signal": {"zh": "  · {name} {score}（可信度{weight}，贡献 {contribution}）{evidence}  [{plugin}]",
                            "en": "  · {name} {score} (weight {weight}, contributes {contribution}) {evidence}  [{plugin}]"},
    "chat.explain.first": {"zh": "第一句，定下主线", "en": "first turn, sets the line"},
    "chat.explain.returning": {"zh": "回到主线", "en": "back to the main line"},
    "chat.explain.suppressed": {"zh": "话题变了，但你选过就在这里聊，不再提示", "en": "the topic changed, but you chose to keep it here: not offered again"},
    "chat.explain.drift": {"zh": "话题变了", "en": "the topic changed"},
    "chat.explain.none": {"zh": "仍在当前话题上", "en": "still on the current topic"},
    "chat.explain.on": {"zh": "之后每一轮都会显示漂移信号和依据。", "en": "Drift signals and their evidence are shown for every turn from now on."},
    "chat.explain.off": {"zh": "不再显示漂移信号。", "en": "Drift signals are no longer shown."},
    "chat.offer.noticed": {"zh": "我注意到我们从「{old}」聊到了「{new}」，而「{new}」可能是你现在更想解决的。",
                           "en": "I notice we moved from \"{old}\" to \"{new}\", and \"{new}\" may be what you most want to solve right now."},
    "chat.offer.risk": {"zh": "这段对话继续下去，「{old}」那条线可能会因为上下文变长而丢细节。",
                        "en": "If this goes on here, the \"{old}\" line may lose detail as the conversation grows."},
    "chat.offer.continue": {"zh": "  1. 就在这里继续聊「{new}」（简单，但原话题会变模糊）", "en": "  1. Keep talking about \"{new}\" right here (simple, but the original topic gets blurry)"},
    "chat.offer.split": {"zh": "  2. 把「{new}」拆成一个子话题去聊（结束时会带回一份结论，原话题保留）",
                         "en": "  2. Split \"{new}\" off as a sub-topic (it brings a conclusion back at the end; the original topic is kept)"},
    "chat.offer.fresh": {"zh": "  3. 拆出去，但从头单独聊（不带刚才的对话，适合完全独立的问题）",
                         "en": "  3. Split it off, starting fresh (without the conversation so far: for a question that stands on its own)"},
    "chat.offer.recommend_fields": {"zh": "建议拆出去 —— 「{new}」依赖的是另一组数据，独立聊会更清楚。",
                                    "en": "I suggest splitting it off: \"{new}\" depends on a different set of your data, and is clearer on its own."},
    "chat.offer.recommend_long": {"zh": "建议拆出去 —— 我们离开「{old}」已经有一阵了，独立聊会更清楚。",
                                  "en": "I suggest splitting it off: we have been away from \"{old}\" for a while, and it is clearer on its own."},
    "chat.offer.prompt": {"zh": "选哪个？[1/2/3]（直接回车选 {default}）: ", "en": "Which one? [1/2/3] (Enter for {default}): "},
    "chat.offer.by_model": {"zh": "我建议把「{new}」拆出去单独聊（结束时带回结论，「{old}」保留）。",
                            "en": "I suggest splitting \"{new}\" off (a conclusion comes back at the end; \"{old}\" is kept)."},
    "chat.offer.prompt_model": {"zh": "1 就在这里继续 / 2 拆出去（带着之前的对话）/ 3 拆出去单独聊 [1]: ",
                                "en": "1 keep it here / 2 split it off (with the conversation) / 3 split it off fresh [1]: "},
    "chat.offer.auto_split": {"zh": "话题从「{old}」转到了「{new}」：按你的设置，拆出去聊（想改回每次询问：mylife chat 里选择时记住，或编辑 config.yaml 的 branch.default）。",
                              "en": "The topic moved from \"{old}\" to \"{new}\": as you set it, it is split off (to be asked again: branch.default in config.yaml)."},
    "chat.offer.auto_continue": {"zh": "话题从「{old}」转到了「{new}」：按你的设置，就在这里继续（要拆出去：/split {new}；要每次询问：config.yaml 的 branch.default: ask）。",
                                 "en": "The topic moved from \"{old}\" to \"{new}\": as you set it, it continues here (to split: /split {new}; to be asked: branch.default: ask in config.yaml)."},
    "chat.remember.prompt": {"zh": "以后遇到话题转换，都这样处理（{choice}），不再问我吗？[y/N]: ",
                             "en": "From now on, handle a change of topic this way ({choice}) without asking? [y/N]: "},
    "chat.remember.split": {"zh": "拆出去聊", "en": "split it off"},
    "chat.remember.continue": {"zh": "就在这里继续", "en": "keep it here"},
    "chat.remember.saved": {"zh": "记住了：话题转换时{choice}（config.yaml 的 branch.default；改回每次询问设为 ask）。",
                            "en": "Remembered: on a change of topic, {choice} (branch.default in config.yaml; set it to ask to be asked again)."},
    "chat.split.note": {"zh": "「{topic}」拆出去单独聊了", "en": "\"{topic}\" was split off"},
    "chat.split.done": {"zh": "已把「{topic}」拆成子话题（{id}，{mode}）。「{parent}」那条线原样保留。",
                        "en": "\"{topic}\" is now a sub-topic ({id}, {mode}). The \"{parent}\" line is kept as it was."},
    "chat.split.howto": {"zh": "聊完输入 /close 带回结论；/back 先回主线（分支留着）；/abandon 放弃这个分支。",
                         "en": "When done, /close brings a conclusion back; /back returns to the main line (the branch stays open); /abandon gives it up."},
    "chat.back": {"zh": "回到「{parent}」。分支「{topic}」（{id}）还开着，之后可以 /resume {id} 接着聊。",
                  "en": "Back to \"{parent}\". The branch \"{topic}\" ({id}) stays open: /resume {id} to continue it later."},
    "chat.mention": {"zh": "你 {date} 把「{topic}」从「{parent}」拆出去聊了，还没有收尾（{id}）。要接着聊：/resume {id}；要收尾带回结论：mylife branch close {id}。",
                     "en": "On {date} you split \"{topic}\" off \"{parent}\" and it is not finished ({id}). To continue: /resume {id}; to bring a conclusion back: mylife branch close {id}."},
    "chat.pullback": {"zh": "我们之前停在「{stopped}」，刚聊出来的结论改变了 {changes}，要不要重新看那个问题？",
                      "en": "We had stopped at \"{stopped}\"; what we just worked out changed {changes}. Shall we look at that question again?"},
    "chat.pullback.prompt": {"zh": "[Y/n]: ", "en": "[Y/n]: "},
    "chat.pullback.again": {"zh": "好，带着新结论重新看：{question}", "en": "OK, looking again with the new conclusion: {question}"},
    "chat.pullback.no_question": {"zh": "好，接着聊「{line}」。", "en": "OK, back to \"{line}\"."},
    "chat.pullback.later": {"zh": "好，分支的结论已经记下（{id}），随时可以再看。", "en": "OK; the branch's conclusion is recorded ({id}) for whenever you want it."},
    "chat.offline.free": {"zh": "（没有配置模型，我没法自由聊天。决策问题——比如「我该不该跳槽？」——可以离线给出结构化简报；自由对话需要配置模型，见 docs/configuration.md。）",
                          "en": "(No model is configured, so I cannot chat freely. Decision questions, like \"should I change jobs?\", get a structural brief offline; free conversation needs a model, see docs/configuration.md.)"},
    "chat.offline.related": {"zh": "你以前记下的相关内容：", "en": "What you recorded before on this:"},
    "chat.model_failed": {"zh": "这一轮没有得到回答（你说的话已保存）。可以再说一次，或问一个决策问题走离线简报。",
                          "en": "No answer this turn (what you said is saved). Say it again, or ask a decision question for the offline brief."},
    "chat.context.dropped": {"zh": "对话较长：最早的 {n} 条没有发给模型（主线的第一个问题始终保留）。", "en": "Long conversation: the oldest {n} messages were not sent to the model (the line's first question always is)."},
    "chat.tool.branch_proposed": {"zh": "已向用户建议拆分这个话题，由用户决定。", "en": "Splitting this topic off was suggested to the user, who decides."},
    "chat.digest.competing": {"zh": "反证：{items}", "en": "counter-evidence: {items}"},
    "chat.digest.needs_input": {"zh": "（需要先更新或确认数据：{fields}）", "en": "(data to update or confirm first: {fields})"},
    "chat.topic.show": {"zh": "主线：「{main}」（问题：{question}）；现在在聊：「{current}」；离开主线 {off} 轮。",
                        "en": "Main line: \"{main}\" (question: {question}); now on: \"{current}\"; {off} turns off the main line."},
    "chat.help": {
        "zh": ("直接输入你想聊的。以 / 开头的是命令：\n"
               "  /ask 问题        用决策流程回答（过期检查、证据、反证、溯源链、免责声明）\n"
               "  /split 话题      把一个话题拆出去单独聊（/split --fresh 话题：不带之前的对话）\n"
               "  /close [文件]    在子话题里：填写交接单、带回结论（或用 YAML 文件）\n"
               "  /back            在子话题里：先回主线，分支留着\n"
               "  /abandon [原因]  在子话题里：放弃这个分支\n"
               "  /branches        列出所有分支\n"
               "  /resume ID       切换到某个会话或分支（chat-… 或 br-…）\n"
               "  /topic           现在的主线和话题\n"
               "  /explain         显示/隐藏每一轮的漂移信号和依据\n"
               "  /quit            退出（会话已保存）"),
        "en": ("Type what you want to talk about. Commands start with /:\n"
               "  /ask QUESTION    answer through the decision pipeline (staleness, evidence, counter-evidence, chains, disclaimer)\n"
               "  /split TOPIC     split a topic off (/split --fresh TOPIC: without the conversation so far)\n"
               "  /close [FILE]    in a sub-topic: fill in the handoff sheet and bring the conclusion back (or from a YAML file)\n"
               "  /back            in a sub-topic: back to the main line, the branch stays open\n"
               "  /abandon [WHY]   in a sub-topic: give the branch up\n"
               "  /branches        list every branch\n"
               "  /resume ID       switch to a session or branch (chat-… or br-…)\n"
               "  /topic           the main line and the current topic\n"
               "  /explain         show/hide the drift signals and their evidence for each turn\n"
               "  /quit            leave (the session is saved)"),
    },
    # ---- branches ----------------------------------------------------------------------------------
    "branch.status.open": {"zh": "进行中", "en": "open"},
    "branch.status.merged": {"zh": "已带回结论", "en": "merged"},
    "branch.status.abandoned": {"zh": "已放弃", "en": "abandoned"},
    "branch.col.id": {"zh": "分支", "en": "branch"},
    "branch.col.status": {"zh": "状态", "en": "status"},
    "branch.col.topic": {"zh": "话题", "en": "topic"},
    "branch.col.parent": {"zh": "从哪个话题拆出", "en": "split off"},
    "branch.col.opened": {"zh": "开始于", "en": "opened"},
    "branch.col.conclusion": {"zh": "结论", "en": "conclusion"},
    "branch.list.none": {"zh": "还没有话题分支。", "en": "No topic branches yet."},
    "branch.change": {"zh": "{name}：{old} → {new}", "en": "{name}: {old} → {new}"},
    "branch.change.new": {"zh": "{name}：新记下 {new}", "en": "{name}: new, {new}"},
    "branch.change.same": {"zh": "{name}：{value}（没变，已确认）", "en": "{name}: {value} (unchanged, confirmed)"},
    "branch.claim_context": {"zh": "分支 {id} 的结论（问题：{question}）", "en": "conclusion of branch {id} (question: {question})"},
    "branch.closed": {"zh": "✓ 分支「{topic}」（{id}）已收尾：交接单记入 {raw}，结论 {conclusion}，共写入 {n} 条证据。",
                      "en": "✓ Branch \"{topic}\" ({id}) closed: the handoff sheet is in {raw}, conclusion {conclusion}, {n} claims written."},
    "branch.closed.change": {"zh": "  档案变化：{change}", "en": "  profile change: {change}"},
    "branch.abandoned": {"zh": "分支「{topic}」（{id}）已放弃，没有带回结论。", "en": "Branch \"{topic}\" ({id}) abandoned; no conclusion comes back."},
    "branch.pullback.head": {"zh": "「{topic}」这个分支带回了结论（{id}）：", "en": "The branch \"{topic}\" came back with a conclusion ({id}):"},
    "branch.pullback.conclusion": {"zh": "  结论：{text}", "en": "  conclusion: {text}"},
    "branch.pullback.competing": {"zh": "  削弱它的证据：{text}", "en": "  evidence against it: {text}"},
    "branch.pullback.open": {"zh": "  还没弄清楚：{text}", "en": "  still open: {text}"},
    "branch.pullback.impact": {"zh": "  对「{parent}」的影响：{text}", "en": "  impact on \"{parent}\": {text}"},
    "branch.conflict.head": {"zh": "⚠ 带回的「{new}」（{new_id}）和你 {date} 说的「{old}」（{old_id}）对不上 —— {reason}。",
                             "en": "⚠ What came back, \"{new}\" ({new_id}), does not agree with what you said in {date}, \"{old}\" ({old_id}): {reason}."},
    "branch.conflict.prompt": {"zh": "哪个更接近现在？1 新的（旧的标记为已被取代）/ 2 旧的（新的标记为有争议）/ 3 说不准（两条都留着，旧的标记为有争议）[3]: ",
                               "en": "Which is closer to now? 1 the new one (the old is superseded) / 2 the old one (the new is disputed) / 3 not sure (keep both, the old disputed) [3]: "},
    "branch.conflict.reason": {"zh": "在「{word}」上说法相反", "en": "they take opposite sides on \"{word}\""},
    "branch.conflict.why_old": {"zh": "与 {old} 冲突，用户认为旧的更接近现在", "en": "conflicts with {old}; the user holds the old one closer to now"},
    "branch.conflict.why_both": {"zh": "与分支结论 {new} 冲突，待确认", "en": "conflicts with the branch's conclusion {new}; to be checked"},
    "branch.conflict.done.new": {"zh": "  {old_id} 已被 {new_id} 取代。", "en": "  {old_id} is superseded by {new_id}."},
    "branch.conflict.done.old": {"zh": "  {new_id} 标记为有争议，{old_id} 不变。", "en": "  {new_id} is marked disputed; {old_id} stands."},
    "branch.conflict.done.both": {"zh": "  两条都保留，{old_id} 标记为有争议。", "en": "  Both are kept; {old_id} is marked disputed."},
    # ---- the handoff sheet --------------------------------------------------------------------------
    "handoff.key.topic": {"zh": "话题", "en": "topic"},
    "handoff.key.question_answered": {"zh": "回答了什么问题", "en": "question answered"},
    "handoff.key.conclusion": {"zh": "结论", "en": "conclusion"},
    "handoff.key.conclusion_kind": {"zh": "结论的类型", "en": "kind of the conclusion"},
    "handoff.key.new_claims": {"zh": "新证据", "en": "new claims"},
    "handoff.key.new_claims_added": {"zh": "已添加的证据", "en": "claims already added"},
    "handoff.key.fields": {"zh": "档案字段的新值", "en": "new profile values"},
    "handoff.key.changed_fields": {"zh": "已改过的档案字段", "en": "profile fields already changed"},
    "handoff.key.competing_evidence": {"zh": "削弱这个结论的证据", "en": "evidence against the conclusion"},
    "handoff.key.open_questions": {"zh": "还没弄清楚的问题", "en": "open questions"},
    "handoff.key.impact_on_parent_topic": {"zh": "对原话题的影响", "en": "impact on the parent topic"},
    "handoff.parent_unknown": {"zh": "原话题", "en": "the parent topic"},
    "handoff.source.input": {"zh": "交接单", "en": "handoff sheet"},
    "handoff.source.draft": {"zh": "交接单草稿", "en": "draft handoff sheet"},
    "handoff.source.edited": {"zh": "你编辑后的交接单", "en": "your edited handoff sheet"},
    "handoff.problem.not_mapping": {"zh": "交接单应该是一组「项: 内容」（YAML 映射），例如 conclusion: …", "en": "A handoff sheet is a set of \"key: content\" items (a YAML mapping), e.g. conclusion: …"},
    "handoff.problem.unknown_keys": {"zh": "不认识的项：{keys}（可以用的项：{known}）", "en": "Unknown items: {keys} (known items: {known})"},
    "handoff.problem.bad_topic": {"zh": "话题「{topic}」不能用作主题名（不能含 / \\ : 或换行，最长 80 字）", "en": "\"{topic}\" cannot be a topic name (no / \\ : or line breaks, at most 80 characters)"},
    "handoff.problem.not_text": {"zh": "{key} 应该是一段文字", "en": "{key} must be text"},
    "handoff.problem.not_list": {"zh": "{key} 应该是一个列表（每条一行，以「- 」开头）", "en": "{key} must be a list (one item per line, starting with \"- \")"},
    "handoff.problem.blank_item": {"zh": "{key} 的第 {n} 条是空的", "en": "item {n} of {key} is empty"},
    "handoff.problem.missing.question_answered": {"zh": "缺少{key}：这个子话题要回答的是什么问题？写一句话。", "en": "{key} is missing: what question did this sub-topic answer? One sentence."},
    "handoff.problem.missing.conclusion": {"zh": "缺少{key}：聊出来的结论是什么？写一句话，说清楚前提。", "en": "{key} is missing: what was concluded? One sentence, with its premises."},
    "handoff.problem.missing.competing_evidence": {
        "zh": "缺少{key}：至少写一条削弱或限制这个结论的证据（比如还没确认的数字、和它矛盾的旧说法）。这是必填项——每个结论都要正视反证，不能只带回好消息。真的找不到，就写清楚查过什么、为什么没有。",
        "en": "{key} is missing: write at least one piece of evidence that weakens or limits the conclusion (an unconfirmed figure, an older statement that contradicts it). It is required: every conclusion must face its counter-evidence, not only bring good news. If there really is none, say what you checked and why.",
    },
    "handoff.problem.missing.impact_on_parent_topic": {
        "zh": "缺少{key}：这个结论对「{parent}」意味着什么？哪一个选项因此变得更可行或更不可行？这是必填项；即使没有影响，也要写出为什么。",
        "en": "{key} is missing: what does the conclusion mean for \"{parent}\"? Which option becomes more or less feasible? It is required; even \"no impact\" needs a reason.",
    },
    "handoff.problem.bad_kind": {"zh": "{key} 的类型「{value}」不对，可选：{kinds}", "en": "{key}: kind \"{value}\" is not one of {kinds}"},
    "handoff.problem.bad_claim": {"zh": "新证据的第 {n} 条应该是一句话，或 {{claim: …, kind: …}}", "en": "new claim {n} must be a sentence or {{claim: …, kind: …}}"},
    "handoff.problem.claim_keys": {"zh": "新证据的第 {n} 条有不认识的项：{keys}（可用 claim、kind、context）", "en": "new claim {n} has unknown items: {keys} (use claim, kind, context)"},
    "handoff.problem.no_claim": {"zh": "已添加的证据里列出的 {id} 不存在", "en": "{id}, listed as already added, does not exist"},
    "handoff.problem.fields_mapping": {"zh": "{key} 应该是「字段名: 值」的映射，例如 现有存款: 150000", "en": "{key} must map field names to values, e.g. savings: 150000"},
    "handoff.problem.bad_field": {"zh": "字段名「{name}」不能用（不能为空、不能换行、最长 80 字）", "en": "field name \"{name}\" cannot be used (not empty, no line breaks, at most 80 characters)"},
    "handoff.problem.field_value": {"zh": "字段「{name}」的值是空的或不是单个值", "en": "the value of field \"{name}\" is empty or not a single value"},
    "handoff.problem.no_field": {"zh": "已改过的字段「{name}」在档案里不存在", "en": "field \"{name}\", listed as changed, is not in the profile"},
    "handoff.template": {
        "zh": ("# 分支交接单：「{topic}」（从「{parent}」拆出）。填好后：mylife branch close ID --handoff 这个文件\n"
               "question_answered: {question}\n"
               "conclusion: \n"
               "# new_claims:            # 聊出来的新事实，每条一句（会写入证据层，指向这份交接单）\n"
               "#   - \n"
               "# fields:                # 档案字段的新值（旧值进入历史）\n"
               "#   现有存款: 150000\n"
               "competing_evidence:      # 必填：削弱或限制这个结论的证据，至少一条\n"
               "  - \n"
               "open_questions:\n"
               "  - \n"
               "impact_on_parent_topic:  # 必填：这个结论对「{parent}」意味着什么\n"),
        "en": ("# Handoff sheet: \"{topic}\" (split off \"{parent}\"). When filled in: mylife branch close ID --handoff THIS_FILE\n"
               "question_answered: {question}\n"
               "conclusion: \n"
               "# new_claims:            # new facts from the conversation, one sentence each (written to L2, pointing at this sheet)\n"
               "#   - \n"
               "# fields:                # new profile values (the old value goes to history)\n"
               "#   savings: 150000\n"
               "competing_evidence:      # required: evidence that weakens or limits the conclusion, at least one\n"
               "  - \n"
               "open_questions:\n"
               "  - \n"
               "impact_on_parent_topic:  # required: what the conclusion means for \"{parent}\"\n"),
    },
    "handoff.sheet.title": {"zh": "分支交接单 {id}：「{topic}」（从「{parent}」拆出）", "en": "Handoff sheet {id}: \"{topic}\" (split off \"{parent}\")"},
    "handoff.sheet.question": {"zh": "回答的问题：{text}", "en": "Question answered: {text}"},
    "handoff.sheet.conclusion": {"zh": "结论：{text}", "en": "Conclusion: {text}"},
    "handoff.sheet.claim": {"zh": "新证据：{text}", "en": "New claim: {text}"},
    "handoff.sheet.field": {"zh": "字段：{name} = {value}", "en": "Field: {name} = {value}"},
    "handoff.sheet.competing": {"zh": "削弱这个结论的证据：{text}", "en": "Evidence against it: {text}"},
    "handoff.sheet.open": {"zh": "还没弄清楚：{text}", "en": "Still open: {text}"},
    "handoff.sheet.impact": {"zh": "对原话题的影响：{text}", "en": "Impact on the parent topic: {text}"},
    "handoff.model.drafting": {"zh": "正在根据这个子话题的对话起草交接单…", "en": "Drafting the handoff sheet from this sub-topic's conversation…"},
    "handoff.model.failed": {"zh": "模型没能起草交接单（{reason}），我们一项一项填。", "en": "The model could not draft the sheet ({reason}); let's fill it in item by item."},
    "handoff.model.ask": {"zh": "请为子话题「{topic}」起草交接单。", "en": "Draft the handoff sheet for the sub-topic \"{topic}\"."},
    "handoff.review.head": {"zh": "交接单（收尾时会写入：结论和新证据进证据层，字段进档案）：", "en": "The handoff sheet (on closing, the conclusion and new claims go to L2, the fields to the profile):"},
    "handoff.review.prompt": {"zh": "就这样收尾吗？y 是 / e 修改 / n 先不收尾 [y]: ", "en": "Close the branch with it? y yes / e edit / n not now [y]: "},
    "handoff.review.not_edited": {"zh": "没有修改。", "en": "Nothing was changed."},
    "handoff.cancelled": {"zh": "先不收尾，分支还开着。", "en": "Not closed; the branch stays open."},
    "handoff.prompt.question_answered": {"zh": "这个子话题回答了什么问题？[{default}]: ", "en": "What question did this sub-topic answer? [{default}]: "},
    "handoff.prompt.conclusion": {"zh": "结论是什么（一句话）: ", "en": "The conclusion (one sentence): "},
    "handoff.prompt.new_claims": {"zh": "聊出来的新事实（每行一条，空行结束）: ", "en": "New facts from the conversation (one per line, empty line to finish): "},
    "handoff.prompt.fields": {"zh": "档案字段的新值，如 现有存款=150000（每行一个，空行结束）: ", "en": "New profile values, e.g. savings=150000 (one per line, empty line to finish): "},
    "handoff.prompt.fields_bad": {"zh": "请写成 字段名=值。", "en": "Please write name=value."},
    "handoff.prompt.competing_why": {"zh": "必填：每个结论都要带上削弱它的证据，不能只带回好消息。", "en": "Required: every conclusion carries the evidence against it, not only good news."},
    "handoff.prompt.competing_evidence": {"zh": "削弱这个结论的证据（至少一条，每行一条，空行结束）: ", "en": "Evidence against the conclusion (at least one, one per line, empty line to finish): "},
    "handoff.prompt.open_questions": {"zh": "还没弄清楚的问题（每行一条，空行结束）: ", "en": "Open questions (one per line, empty line to finish): "},
    "handoff.prompt.impact_on_parent_topic": {"zh": "这个结论对「{parent}」意味着什么（必填）: ", "en": "What does it mean for \"{parent}\" (required): "},
    "handoff.prompt.more": {"zh": "  还有吗（空行结束）: ", "en": "  more (empty line to finish): "},
    # ---- errors --------------------------------------------------------------------------------------
    "error.handoff_invalid": {"zh": "{source} 没有通过检查，什么都没有写入：\n{problems}", "en": "The {source} did not pass its checks; nothing was written:\n{problems}"},
    "error.handoff_file_missing": {"zh": "读不到交接单文件 {path}。先用 mylife branch close ID --template > 交接单.yaml 生成一份再填。", "en": "Cannot read the handoff file {path}. Start from mylife branch close ID --template > handoff.yaml."},
    "error.branch_not_open": {"zh": "分支 {id} 的状态是「{status}」，不能再收尾或放弃。用 mylife branch show {id} 查看。", "en": "Branch {id} is {status}; it cannot be closed or abandoned again. See mylife branch show {id}."},
    "error.session_bad_id": {"zh": "「{id}」不是会话编号（形如 chat-2026-03-01-01）。用 mylife sessions 查看。", "en": "\"{id}\" is not a session id (like chat-2026-03-01-01). See mylife sessions."},
    "error.session_not_found": {"zh": "没有找到会话 {id}。用 mylife sessions 查看。", "en": "No session {id}. See mylife sessions."},
    "error.session_busy": {"zh": "会话 {id} 正在另一个窗口里进行。先在那边 /quit，或开一个新会话。", "en": "Session {id} is open in another window. /quit there first, or start a new session."},
    "error.session_closed": {"zh": "会话 {id} 已经结束（分支 {branch} 已收尾或放弃），不能再接着聊。用 mylife sessions 看其他会话。", "en": "Session {id} is over (branch {branch} was closed or abandoned). See mylife sessions for others."},
    "error.chat_not_in_branch": {"zh": "现在不在子话题里。先用 /split 话题 拆出一个，或 /resume br-… 切换到某个分支。", "en": "Not in a sub-topic. /split TOPIC splits one off; /resume br-… switches to a branch."},
    "error.chat_no_parent": {"zh": "分支 {id} 没有可以回去的父会话（它不是在对话里拆出来的）。", "en": "Branch {id} has no parent session to go back to (it was not split off in a chat)."},
    "error.chat_close_needs_file": {"zh": "在 --json 模式下收尾需要交接单文件：/close 交接单.yaml", "en": "In --json mode, closing needs a handoff file: /close handoff.yaml"},
    "error.chat_split_needs_topic": {"zh": "要拆出去的话题是什么？例如：/split 现金流", "en": "Which topic? e.g. /split cash flow"},
    "error.chat_resume_needs_id": {"zh": "要切换到哪个会话或分支？例如：/resume br-2026-03-01-01", "en": "Which session or branch? e.g. /resume br-2026-03-01-01"},
    "error.chat_unknown_command": {"zh": "没有 {name} 这个命令。输入 /help 查看。", "en": "No command {name}. Type /help."},
    # ---- commands ------------------------------------------------------------------------------
    "help.chat": {
        "zh": ("和 MyLife 对话：决策问题走与 ask 相同的流程（过期检查、证据、反证、溯源链、免责声明），其他的交给模型和工具。\n\n"
               "每一轮都检查话题有没有漂移；转到另一个话题时，会问你是就在这里继续，还是拆成子话题去聊、结束时带回结论（可以记住你的选择）。"
               "会话随时保存，重启后可以接着聊。没有配置模型时，决策问题照样离线给出结构化简报。\n\n"
               "示例：\n\n\b\n  mylife chat --topic 职业去留\n  mylife chat --resume\n  mylife chat --resume chat-2026-03-01-01\n"
               "  mylife chat --explain          # 每一轮显示漂移信号和依据\n  mylife chat --json < 输入.txt  # 每行一个 JSON 事件"),
        "en": ("Talk with MyLife: decision questions go through the same pipeline as ask (staleness, evidence, counter-evidence, chains, disclaimer); the rest goes to the model and its tools.\n\n"
               "Every turn is checked for topic drift; when the conversation moves to another topic you are asked whether to go on right here or split it off and bring a conclusion back (your choice can be remembered). "
               "Sessions are saved as you go and resume after a restart. Without a model, decision questions still get the offline structural brief.\n\n"
               "Examples:\n\n\b\n  mylife chat --topic career\n  mylife chat --resume\n  mylife chat --resume chat-2026-03-01-01\n"
               "  mylife chat --explain          # show drift signals and evidence every turn\n  mylife chat --json < input.txt  # one JSON event per line"),
    },
    "chat.opt.topic": {"zh": "这次对话的主线，如 职业去留、跳槽", "en": "the conversation's main line, e.g. a topic or decision"},
    "chat.opt.resume": {"zh": "接着聊：不带 ID 是最近的会话；也可以是会话 ID（chat-…）或分支 ID（br-…）", "en": "continue: the latest session, or a session id (chat-…) or branch id (br-…)"},
    "chat.opt.explain": {"zh": "每一轮显示漂移信号、分数和依据", "en": "show the drift signals, scores and evidence for every turn"},
    "chat.opt.offline": {"zh": "不调用模型（决策问题给出离线结构化简报）", "en": "never call a model (decision questions get the offline brief)"},
    "chat.opt.read_only": {"zh": "模型不能写入工作区（只能读取）", "en": "the model may read the workspace but not write to it"},
    "help.sessions": {
        "zh": "列出对话会话（默认只列进行中的），或显示一个会话的全部内容。\n\n示例：\n\n\b\n  mylife sessions\n  mylife sessions --all\n  mylife sessions chat-2026-03-01-01",
        "en": "List chat sessions (those in progress by default), or show one session in full.\n\nExamples:\n\n\b\n  mylife sessions\n  mylife sessions --all\n  mylife sessions chat-2026-03-01-01",
    },
    "sessions.opt.all": {"zh": "也列出已结束的会话（收尾或放弃的分支）", "en": "also list sessions that are over (closed or abandoned branches)"},
    "sessions.status.active": {"zh": "进行中", "en": "active"},
    "sessions.status.closed": {"zh": "已结束", "en": "closed"},
    "sessions.col.id": {"zh": "会话", "en": "session"},
    "sessions.col.status": {"zh": "状态", "en": "status"},
    "sessions.col.main": {"zh": "主线", "en": "main line"},
    "sessions.col.current": {"zh": "现在在聊", "en": "now on"},
    "sessions.col.turns": {"zh": "轮数", "en": "turns"},
    "sessions.col.updated": {"zh": "最近", "en": "updated"},
    "sessions.col.branch": {"zh": "分支", "en": "branch"},
    "sessions.none": {"zh": "还没有对话会话。开始一个：mylife chat", "en": "No chat sessions yet. Start one: mylife chat"},
    "sessions.none_active": {"zh": "没有进行中的会话（共 {n} 个已结束，--all 查看）。", "en": "No session in progress ({n} over; --all lists them)."},
    "sessions.hint": {"zh": "接着聊：mylife chat --resume ID；看内容：mylife sessions ID", "en": "Continue: mylife chat --resume ID; read one: mylife sessions ID"},
    "sessions.show.head": {"zh": "会话 {id} · 主线「{main}」 · {status}", "en": "Session {id} · main line \"{main}\" · {status}"},
    "sessions.show.inherited": {"zh": "（带着父会话的 {n} 条对话开始）", "en": "(started with {n} messages of the parent session)"},
    "help.branch": {
        "zh": "话题分支：从对话里拆出去单独聊的子话题，收尾时带回一份交接单（结论、削弱结论的证据、对原话题的影响）。\n\n示例：\n\n\b\n  mylife branch list\n  mylife branch show br-2026-03-01-01\n  mylife branch close br-2026-03-01-01\n  mylife branch close br-2026-03-01-01 --template > 交接单.yaml\n  mylife branch close br-2026-03-01-01 --handoff 交接单.yaml\n  mylife branch abandon br-2026-03-01-01 --reason 不重要了",
        "en": "Topic branches: sub-topics split off a conversation; closing one brings back a handoff sheet (conclusion, evidence against it, impact on the parent topic).\n\nExamples:\n\n\b\n  mylife branch list\n  mylife branch show br-2026-03-01-01\n  mylife branch close br-2026-03-01-01\n  mylife branch close br-2026-03-01-01 --template > handoff.yaml\n  mylife branch close br-2026-03-01-01 --handoff handoff.yaml\n  mylife branch abandon br-2026-03-01-01 --reason \"no longer matters\"",
    },
    "help.branch.list": {"zh": "列出话题分支（index.yaml 里的记录）。", "en": "List topic branches (as recorded in index.yaml)."},
    "help.branch.show": {"zh": "显示一个分支：从哪里拆出、问题、会话、交接单、带回的档案变化和冲突。", "en": "Show a branch: where it came from, its question, session, handoff sheet, profile changes and conflicts."},
    "help.branch.close": {
        "zh": "收尾一个分支：填写交接单（交互式；配置了模型时先由模型起草），或用 --handoff 给出 YAML 文件。交接单必须写明削弱结论的证据和对原话题的影响，否则不写入任何东西。结论和新证据写入证据层，字段写入档案，并与已有证据比对冲突。",
        "en": "Close a branch: fill in the handoff sheet (interactively; drafted by the model first when one is configured), or give a YAML file with --handoff. The sheet must name the evidence against its conclusion and the impact on the parent topic, or nothing is written. The conclusion and new claims go to L2, the fields to the profile, and they are checked against existing evidence for conflicts.",
    },
    "help.branch.abandon": {"zh": "放弃一个分支：不带回结论，它的会话保留但结束。", "en": "Give a branch up: nothing comes back; its session is kept, closed."},
    "branch.opt.status": {"zh": "只列这种状态的分支", "en": "only branches with this status"},
    "branch.opt.handoff": {"zh": "交接单 YAML 文件（脚本用；格式见 docs/chat.md，或用 --template 生成）", "en": "the handoff sheet as a YAML file (for scripts; format in docs/chat.md, or from --template)"},
    "branch.opt.template": {"zh": "输出一份待填写的交接单，不写入任何东西", "en": "print a handoff sheet to fill in; writes nothing"},
    "branch.opt.on_conflict": {"zh": "带回的证据和已有证据冲突时：ask 询问（不在终端时留到对话里再问）/ new 以新的为准 / old 以旧的为准 / both 都保留", "en": "when what comes back conflicts with existing evidence: ask (outside a terminal, left for the chat to ask) / new / old / both"},
    "branch.opt.reason": {"zh": "为什么放弃（记在会话里）", "en": "why (kept in the session)"},
    "branch.show.head": {"zh": "分支 {id}：「{topic}」（{status}）", "en": "Branch {id}: \"{topic}\" ({status})"},
    "branch.show.parent": {"zh": "  从「{parent}」拆出（父会话 {session}）", "en": "  split off \"{parent}\" (parent session {session})"},
    "branch.show.opened": {"zh": "  开始于 {at}，{mode}", "en": "  opened {at}, {mode}"},
    "branch.show.question": {"zh": "  要解决的问题：{question}", "en": "  question: {question}"},
    "branch.show.session": {"zh": "  会话 {id}（{n} 轮）", "en": "  session {id} ({n} turns)"},
    "branch.show.closed": {"zh": "  结束于 {at}", "en": "  closed {at}"},
    "branch.show.ref": {"zh": "  结论：{ref}", "en": "  conclusion: {ref}"},
    "branch.show.handoff": {"zh": "  交接单：", "en": "  handoff sheet:"},
    "branch.show.conflict": {"zh": "  冲突：{new_id} ↔ {old_id}「{old}」：{state}", "en": "  conflict: {new_id} ↔ {old_id} \"{old}\": {state}"},
    "branch.show.conflict.open": {"zh": "待回答", "en": "not answered yet"},
    "branch.show.conflict.new": {"zh": "以新的为准", "en": "the new one holds"},
    "branch.show.conflict.old": {"zh": "以旧的为准", "en": "the old one holds"},
    "branch.show.conflict.both": {"zh": "两条都保留", "en": "both kept"},
    "branch.close.unresolved": {"zh": "有 {n} 处和已有证据冲突，还没回答；下次在父会话里接着聊时会问你（mylife chat --resume {session}）：", "en": "{n} conflicts with existing evidence are not answered yet; the parent session asks about them when you resume it (mylife chat --resume {session}):"},
    "branch.close.resume": {"zh": "回到原话题接着聊：mylife chat --resume {session}", "en": "Back to the parent topic: mylife chat --resume {session}"},
    "error.chat_topic_and_resume": {"zh": "--topic 和 --resume 只能选一个：新会话用 --topic，接着聊用 --resume。", "en": "Use either --topic (a new session) or --resume (continue), not both."},
    "error.branch_close_needs_file": {"zh": "在 --json 模式下收尾需要交接单文件：--handoff 交接单.yaml（用 --template 生成一份）。", "en": "With --json, closing needs a handoff file: --handoff handoff.yaml (start from --template)."},
}

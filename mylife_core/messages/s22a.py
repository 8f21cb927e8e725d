"""s22a: extract's claims wait for the user's yes, like its profile fields (docs/design.md#approval)."""

MESSAGES = {
    "extract.claims_ask_head": {
        "zh": "模型从这条记录里提出了下面的证据；逐条确认，你说“是”的才立即算证据（直接回车为否，不记）：",
        "en": "The model proposes the claims below from this note; confirm each: only the ones you say yes to "
              "count as evidence now (Enter means no: not stored):",
    },
    "extract.claim_cited": {
        "zh": "所引的你的原文（{pointer}）：",
        "en": "your lines it cites ({pointer}):",
    },
    "extract.claim_confirm": {
        "zh": "把这条记为证据？",
        "en": "Keep this as evidence?",
    },
    "extract.candidate_awaits": {
        "zh": "  ? {id} [{kind}·待你确认] {claim}  ← {pointer}（你还没有确认：`{prog} claim accept {id}` 之后才算证据）",
        "en": "  ? {id} [{kind}·awaits you] {claim}  ← {pointer} (you have not confirmed it: it counts as evidence "
              "once you run `{prog} claim accept {id}`)",
    },
    "extract.claims_decide": {
        "zh": "候选由你决定：`{prog} claim accept ID` 接受，`{prog} claim reject ID` 拒绝，或在面板的待确认页逐条决定；"
              "接受之前它们不算证据。",
        "en": "The candidates are yours to decide: `{prog} claim accept ID` to accept, `{prog} claim reject ID` to "
              "reject, or one by one on the panel's review page; until accepted they are not evidence.",
    },
    "extract.summary_awaiting": {
        "zh": "新增证据 {facts} 条、待你确认的证据 {awaiting} 条、推断候选 {candidates} 条、档案更新 {fields} 项、"
              "未采纳 {rejected} 项。",
        "en": "Added {facts} claims, {awaiting} claims awaiting your yes, {candidates} inference candidates, "
              "{fields} profile updates; {rejected} not adopted.",
    },
    "extract.opt.yes": {
        "zh": "不逐项询问：模型提出的事实和评估直接算证据，档案字段更新直接应用",
        "en": "do not ask item by item: the model's proposed facts and assessments count as evidence, and "
              "profile field updates are applied",
    },
    "extract.opt.defer": {
        "zh": "不逐项询问：模型提出的事实和评估留作候选（mylife claim accept），档案字段提议留作待确认"
              "（mylife proposal），都可在面板的待确认页决定",
        "en": "don't ask item by item: the model's proposed facts and assessments wait as candidates (mylife "
              "claim accept) and its profile field proposals as pending (mylife proposal), both also decided on "
              "the panel's review page",
    },
    "help.extract.approval": {
        "zh": "请模型从一条原始记录里提炼证据。\n\n模型提出的事实和感受、发现的档案字段都先逐条征求你的确认"
              "（--yes 全部采用）；不询问时（--defer、不在终端、--json）它们留作候选和待确认，"
              "之后用 mylife claim accept / mylife proposal accept 或面板的待确认页决定。AI 推断只作为候选。"
              "新增的内容全部列出，不会静默入库。\n\n示例：\n\n\b\n  mylife extract raw/2026-01-15-career.md\n"
              "  mylife extract raw/2026-01-15-career.md --yes\n"
              "  mylife record \"今天又加班到十点\" --topic 职业去留 --extract",
        "en": "Ask the model to distil evidence from one raw note.\n\nThe facts and feelings the model proposes, and "
              "the profile fields it finds, are each confirmed with you first (--yes takes them all); when it "
              "does not ask (--defer, no terminal, --json) they wait as candidates and proposals, decided later "
              "with mylife claim accept / mylife proposal accept or on the panel's review page. The AI's "
              "inferences are only candidates. Everything added is listed; nothing is stored silently.\n\n"
              "Examples:\n\n\b\n  mylife extract raw/2026-01-15-career.md\n"
              "  mylife extract raw/2026-01-15-career.md --yes",
    },
}

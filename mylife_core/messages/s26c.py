"""Strings added on branch s26c (to be folded into the catalogs by ``messages.convert``).

The user-facing names of the codes the audit log and the layers store: every audit ``action``
(``audit.action.<action>``) and every ``source`` of a note, claim or profile value
(``audit.source.<source>``), read through :func:`mylife_core.messages.code_name` by the CLI and
the panel alike. ``tests/test_code_names.py`` fails when the code can write one without a name.
"""

MESSAGES = {
    # -- audit actions ----------------------------------------------------------------------------
    "audit.action.init": {"zh": "创建工作区", "en": "created the workspace"},
    "audit.action.record": {"zh": "记下原话", "en": "recorded a note"},
    "audit.action.claim.add": {"zh": "添加依据", "en": "added a claim"},
    "audit.action.claim.accept": {"zh": "接受依据", "en": "accepted a claim"},
    "audit.action.claim.reject": {"zh": "拒绝依据", "en": "rejected a claim"},
    "audit.action.claim.dispute": {"zh": "标为有争议", "en": "marked a claim disputed"},
    "audit.action.claim.supersede": {"zh": "依据被新依据取代", "en": "replaced a claim with a newer one"},
    "audit.action.claim.mark_stale": {"zh": "依据标为过时", "en": "marked a claim stale"},
    "audit.action.claim.confirm": {"zh": "确认依据仍成立", "en": "confirmed a claim still holds"},
    "audit.action.digest.write": {"zh": "写入摘要", "en": "wrote a digest"},
    "audit.action.digest.revise": {"zh": "修订摘要", "en": "revised a digest"},
    "audit.action.profile.set": {"zh": "更新档案字段", "en": "set a profile field"},
    "audit.action.profile.confirm": {"zh": "确认字段仍有效", "en": "confirmed a profile field"},
    "audit.action.profile.ttl": {"zh": "修改字段有效期", "en": "changed a field's time-to-live"},
    "audit.action.proposal.add": {"zh": "提出待你确认的修改", "en": "proposed a change for your yes"},
    "audit.action.proposal.accept": {"zh": "接受提议", "en": "accepted a proposal"},
    "audit.action.proposal.reject": {"zh": "拒绝提议", "en": "rejected a proposal"},
    "audit.action.proposal.dispute": {"zh": "对提议提出异议", "en": "disputed a proposal"},
    "audit.action.proposal.supersede": {"zh": "提议被新提议取代", "en": "replaced a proposal with a newer one"},
    "audit.action.index.chain": {"zh": "记录回答的依据链", "en": "recorded an answer's chain"},
    "audit.action.index.migrate": {"zh": "迁移索引", "en": "migrated the index"},
    "audit.action.index.repair": {"zh": "修复索引", "en": "repaired the index"},
    "audit.action.branch.open": {"zh": "开启话题分支", "en": "opened a topic branch"},
    "audit.action.branch.update": {"zh": "更新话题分支", "en": "updated a topic branch"},
    "audit.action.branch.session": {"zh": "为分支开启对话", "en": "started a branch's chat"},
    "audit.action.branch.merge": {"zh": "分支结论带回主话题", "en": "merged a branch back"},
    "audit.action.branch.abandon": {"zh": "放弃话题分支", "en": "abandoned a topic branch"},
    "audit.action.session.create": {"zh": "开始对话", "en": "started a chat"},
    "audit.action.session.turn": {"zh": "保存对话", "en": "saved a chat turn"},
    "audit.action.session.branch": {"zh": "对话分出话题", "en": "split a topic off a chat"},
    "audit.action.session.pullback": {"zh": "对话回到主话题", "en": "brought a chat back to its topic"},
    "audit.action.session.compact": {"zh": "压缩对话上下文", "en": "compacted a chat"},
    "audit.action.session.close": {"zh": "结束对话", "en": "closed a chat"},
    "audit.action.session.resolve": {"zh": "处理分支结论的冲突", "en": "settled a branch's conflicts"},
    "audit.action.session.discard": {"zh": "丢弃空对话", "en": "discarded an empty chat"},
    "audit.action.config.set": {"zh": "修改设置", "en": "changed settings"},
    "audit.action.store.migrate": {"zh": "迁移依据存储", "en": "moved the claims store"},
    "audit.action.git.enable": {"zh": "启用 git 历史", "en": "turned on git history"},
    "audit.action.git.remote.add": {"zh": "添加 git 远程仓库", "en": "added a git remote"},
    "audit.action.git.remote.remove": {"zh": "移除 git 远程仓库", "en": "removed a git remote"},
    "audit.action.verify.accept": {"zh": "认可外部修改", "en": "accepted an outside edit"},
    "audit.action.audit.baseline": {"zh": "记录审计基线", "en": "recorded the audit baseline"},
    "audit.action.audit.repair": {"zh": "修复审计日志", "en": "repaired the audit log"},
    "audit.action.audit.mismatch": {"zh": "发现审计日志被改动", "en": "found the audit log changed"},
    "audit.action.manifest.repair": {"zh": "修复原话清单", "en": "repaired the notes manifest"},
    "audit.action.recover": {"zh": "从中断的写入恢复", "en": "recovered from an interrupted write"},
    "audit.action.recover.write": {"zh": "记录恢复后的文件", "en": "recorded files after a recovery"},
    # -- sources of notes, claims and profile values ------------------------------------------------
    "audit.source.user_raw": {"zh": "你的原话", "en": "your own words"},
    "audit.source.user_filled": {"zh": "你填写的", "en": "filled in by you"},
    "audit.source.bill_import": {"zh": "账单导入", "en": "bill import"},
    "audit.source.mcp": {"zh": "经 MCP 的 AI 助手", "en": "an AI host over MCP"},
    "audit.source.llm_inferred": {"zh": "AI 推测", "en": "inferred by the AI"},
}

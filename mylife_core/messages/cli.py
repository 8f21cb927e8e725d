"""Help texts and messages of the command line itself."""

MESSAGES: dict[str, dict[str, str]] = {
    "cli.no_such_option": {"zh": "没有这个选项：{option}", "en": "No such option: {option}"},
    "cli.missing_parameter": {"zh": "缺少参数：{name}", "en": "Missing parameter: {name}"},
    "cli.bad_parameter": {"zh": "{name} 的值无效：{message}", "en": "Invalid value for {name}: {message}"},
    "cli.extra_arguments": {"zh": "多出了参数：{args}（含空格的文字请加引号；文件夹请用 --workspace/-w 指定）",
                            "en": "Unexpected extra arguments: {args} (quote text with spaces; give a folder with --workspace/-w)"},
    "cli.option_needs_value": {"zh": "选项 {option} 后面需要一个值", "en": "Option {option} needs a value"},
    "cli.usage_error": {"zh": "用法错误：{message}", "en": "Usage error: {message}"},
    "cli.see_help": {"zh": "运行 `{command} --help` 查看用法。", "en": "Run `{command} --help` for usage."},
    "cli.aborted": {"zh": "已中止。", "en": "Aborted."},
    "help.main": {
        "zh": "MyLife：让 AI 真正了解你，并诚实地和你一起规划。\n\n"
              "你的原话原样保存（L0），整理成主题摘要（L1）、带出处的证据（L2）、"
              "逐字段有有效期的档案（L3），以及从每个结论回到原话的反查链（L4）。\n\n"
              "工作区默认在 ~/mylife，可用 --workspace 或环境变量 MYLIFE_HOME 指定。"
              "所有命令都支持 --json。详见 docs/cli.md。",
        "en": "MyLife: let an AI truly know you, and plan with you honestly.\n\n"
              "Your words are kept verbatim (L0) and distilled into topic digests (L1), claims with "
              "provenance (L2), a profile whose facts expire on their own TTL (L3), and chains from "
              "every conclusion back to your words (L4).\n\n"
              "The workspace defaults to ~/mylife; set it with --workspace or MYLIFE_HOME. Every "
              "command accepts --json. See docs/cli.md.",
    },
    "help.opt.workspace": {"zh": "工作区文件夹（默认 ~/mylife）", "en": "workspace folder (default ~/mylife)"},
    "help.opt.json": {"zh": "输出 JSON（键名稳定，见 docs/cli.md）", "en": "print JSON (stable keys, see docs/cli.md)"},
    "help.opt.at": {"zh": "发生日期，如 2026-01-15（默认今天）", "en": "when it happened, e.g. 2026-01-15 (default: now)"},
    "help.opt.record_at": {"zh": "发生日期，如 2026-01-15；只记得月份就写 2025-03（默认今天）",
                           "en": "when it happened, e.g. 2026-01-15, or just the month: 2025-03 (default: now)"},
    "help.init": {
        "zh": "创建工作区（各层文件夹、配置），已存在则不做改动。\n\n例：mylife init --workspace ~/mylife",
        "en": "Create the workspace layout and config; an existing workspace is left unchanged.\n\nExample: mylife init --workspace ~/mylife",
    },
    "help.opt.language": {"zh": "界面语言：zh（默认）或 en", "en": "interface language: zh (default) or en"},
    "help.record": {
        "zh": "把一段原话原样存入 L0（错别字、重复、情绪都保留）。\n\n"
              "TEXT 为 - 时从标准输入读取。\n\n"
              "例：\n\n  mylife record \"今天又加班到十一点……\" --topic career\n\n"
              "  mylife record -f notes.txt --topic finance --at 2026-01-20\n\n"
              "  pbpaste | mylife record - --topic career",
        "en": "Store your words unchanged in L0 (typos, repetitions and emotion included).\n\n"
              "TEXT of - reads standard input.\n\n"
              "Examples:\n\n  mylife record \"worked till 11pm again...\" --topic career\n\n"
              "  mylife record -f notes.txt --topic finance --at 2026-01-20",
    },
    "help.opt.topic": {"zh": "主题（如 career、职业去留）", "en": "topic (e.g. career)"},
    "help.opt.file": {"zh": "从文件读取（- 表示标准输入）", "en": "read from a file (- for standard input)"},
    "help.opt.source": {"zh": "来源", "en": "source"},
    "help.claim": {
        "zh": "L2 证据：添加、查看、接受/拒绝推断、标记争议、取代。",
        "en": "L2 claims: add, list, show, accept/reject inferences, dispute, supersede.",
    },
    "help.claim.add": {
        "zh": "添加一条证据。--from 指向原话行（raw/文件#L行号），MyLife 会核对该行存在并记录哈希；"
              "不给 --from 时，这句话本身会作为你的原话先记入 L0。kind 为 inference（AI 推断）的证据"
              "先作为候选，接受后才算证据。\n\n"
              "例：mylife claim add \"我无法忍受当前的管理方式\" --topic 职业去留 --kind assessment "
              "--from raw/2026-01-15-career.md#L1 --context \"连续加班三周\"",
        "en": "Add a claim. --from points at your lines (raw/FILE#Lnn); MyLife checks they exist and "
              "records their hash. Without --from the statement itself is first recorded to L0. "
              "Inferences (kind inference) start as candidates and count only once accepted.",
    },
    "help.opt.kind": {"zh": "fact 事实 / assessment 主观评估 / inference AI 推断", "en": "fact / assessment / inference"},
    "help.opt.from": {"zh": "出处：raw/文件#L行号 或 #L起-L止", "en": "provenance: raw/FILE#Lnn or #Lnn-Lmm"},
    "help.opt.context": {"zh": "当时的语境", "en": "the context at the time"},
    "help.opt.confidence": {"zh": "可信度 high / medium / low", "en": "confidence high / medium / low"},
    "help.opt.status": {"zh": "状态筛选", "en": "filter by status"},
    "help.opt.limit": {"zh": "最多显示条数（0 表示全部）", "en": "show at most N (0 for all)"},
    "help.claim.list": {"zh": "列出证据（按发生时间）。", "en": "List claims (by date)."},
    "help.claim.show": {"zh": "显示一条证据的全部字段。", "en": "Show every field of a claim."},
    "help.claim.accept": {"zh": "接受一条 AI 推断候选，使其作为（低权重）证据。", "en": "Accept an inference candidate as (low-weight) evidence."},
    "help.claim.reject": {"zh": "拒绝一条 AI 推断。", "en": "Reject an inference."},
    "help.claim.dispute": {"zh": "把证据标记为有争议，并写明原因。", "en": "Mark a claim disputed, with why."},
    "help.opt.why": {"zh": "原因", "en": "why"},
    "help.claim.supersede": {"zh": "用新证据取代旧证据（旧证据保留并指向新证据）。", "en": "Supersede an old claim by a newer one (the old one stays, pointing at the new)."},
    "help.opt.by": {"zh": "取代它的新证据 id", "en": "id of the newer claim"},
    "help.profile": {"zh": "L3 档案：逐字段有效期（TTL）的当前事实。", "en": "L3 profile: current facts, each with its own TTL."},
    "help.profile.set": {
        "zh": "设置字段。新字段的有效期可用 --ttl 指定天数或 never；旧值会保存在历史里。\n\n"
              "例：mylife profile set 现有存款 120000 --ttl 90",
        "en": "Set a field. --ttl gives a new field's TTL in days, or never; old values are kept in history.\n\n"
              "Example: mylife profile set savings 120000 --ttl 90",
    },
    "help.opt.ttl": {"zh": "有效期：天数，或 never（不过期）", "en": "TTL: days, or never"},
    "help.profile.get": {"zh": "显示一个字段（值、有效期、历史）。", "en": "Show one field (value, TTL, history)."},
    "help.profile.list": {"zh": "列出所有字段；--stale 只列已过期的。", "en": "List fields; --stale lists only expired ones."},
    "help.opt.stale": {"zh": "只列出已过期字段", "en": "only expired fields"},
    "help.profile.confirm": {"zh": "确认字段仍然成立：刷新更新时间，不改值。", "en": "Confirm a field still holds: refresh updated_at without changing it."},
    "help.trace": {
        "zh": "反查：证据 → 摘要段落 → 原始文件:行 → 你的原话，并核对哈希。也接受结论链 id（chain-…）。",
        "en": "Trace: claim -> digest paragraph -> raw file:line -> your own words, with a hash check. Also takes a chain id (chain-...).",
    },
    "help.verify": {
        "zh": "校验：每个原始文件都在且未被改动；每条证据的出处都能解析且哈希一致。有问题时退出码为 1。",
        "en": "Verify every raw file is present and unchanged and every claim pointer resolves and matches its hash. Exits 1 on problems.",
    },
    "help.status": {"zh": "工作区概况：各层数量、过期字段、进行中的分支、最近变化。", "en": "Workspace overview: counts per layer, stale fields, open branches, recent changes."},
    "help.plugins": {"zh": "列出已加载的插件及其实现的钩子。", "en": "List loaded plugins and the hooks each implements."},
    "help.opt.hook": {"zh": "只列出实现该钩子的插件", "en": "only plugins implementing this hook"},
    "help.demo": {
        "zh": "生成一个演示工作区（一位虚构人物一年多的中文笔记、证据和档案），无需模型即可体验。",
        "en": "Build a demo workspace (a fictional persona's notes, claims and profile over more than a year); no model needed.",
    },
    "help.opt.force": {"zh": "若目标是旧的演示工作区，删除后重建", "en": "rebuild if the target is an old demo workspace"},
}

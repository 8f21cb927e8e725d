"""Strings of staleness and lenses: TTL inference, the pre-decision check, upkeep, schedules, skills."""

MESSAGES: dict[str, dict[str, str]] = {
    # ---- why a TTL, by meaning (mylife_core.staleness.heuristics) ------------------------------------
    "ttl.concept.assessment": {"zh": "你对一件事的感受和评价变化快，两个月后最好再确认一次",
                               "en": "feelings and assessments change quickly; re-check after two months"},
    "ttl.concept.education_in_progress": {"zh": "学业还在进行中，一年后状态可能已经不同",
                                          "en": "studies still in progress; the status may differ in a year"},
    "ttl.concept.education": {"zh": "学历一旦取得就不会失效", "en": "a degree, once earned, does not expire"},
    "ttl.concept.birth": {"zh": "出生信息不会改变", "en": "birth details do not change"},
    "ttl.concept.age": {"zh": "年龄每年增长一岁", "en": "age goes up once a year"},
    "ttl.concept.mortgage": {"zh": "房贷月供通常随利率每年调整一次", "en": "mortgage payments are usually reset once a year with the rate"},
    "ttl.concept.rent": {"zh": "房租通常按年签约，一年内变动不大", "en": "rent is usually fixed by a yearly lease"},
    "ttl.concept.debt": {"zh": "欠款和信用卡余额每月都在变", "en": "debts and card balances move every month"},
    "ttl.concept.emergency_fund": {"zh": "应急金会被动用和补充，三个月确认一次", "en": "an emergency fund gets used and refilled; re-check quarterly"},
    "ttl.concept.savings": {"zh": "存款变化快，三个月就可能差很多", "en": "savings change fast; three months can make a big difference"},
    "ttl.concept.bonus": {"zh": "奖金一般一年发一次", "en": "bonuses are usually paid once a year"},
    "ttl.concept.income": {"zh": "收入会随调薪、跳槽变化，半年确认一次", "en": "income changes with raises and job moves; re-check every six months"},
    "ttl.concept.expenses": {"zh": "开销随季节和生活变化，三个月确认一次", "en": "spending shifts with seasons and life; re-check quarterly"},
    "ttl.concept.insurance": {"zh": "保险和社保一般按年续保或调整基数", "en": "insurance and social security are renewed or re-based yearly"},
    "ttl.concept.work_years": {"zh": "工作年限每年增加一年", "en": "years of experience go up once a year"},
    "ttl.concept.workload": {"zh": "加班和工作强度随项目变化，三个月确认一次", "en": "overtime and workload follow projects; re-check quarterly"},
    "ttl.concept.commute": {"zh": "通勤随住处和公司变化，半年确认一次", "en": "commutes change with home and office; re-check every six months"},
    "ttl.concept.job": {"zh": "职位、公司和团队可能半年内就变", "en": "job, employer and team can change within six months"},
    "ttl.concept.skills": {"zh": "技能和证书一年内会有新进展", "en": "skills and certificates move on within a year"},
    "ttl.concept.relationship": {"zh": "感情和婚姻状况一年确认一次", "en": "relationship status: re-check once a year"},
    "ttl.concept.children": {"zh": "孩子的情况每年都在变化", "en": "children's needs change every year"},
    "ttl.concept.dependents": {"zh": "赡养和抚养负担一年确认一次", "en": "caregiving duties: re-check once a year"},
    "ttl.concept.residence": {"zh": "居住城市和住址一年确认一次", "en": "city and address: re-check once a year"},
    "ttl.concept.sleep": {"zh": "作息随工作和季节变化，一个月确认一次", "en": "sleep follows work and seasons; re-check monthly"},
    "ttl.concept.exercise": {"zh": "运动习惯容易中断，两个月确认一次", "en": "exercise habits lapse easily; re-check every two months"},
    "ttl.concept.weight": {"zh": "体重三个月内可能明显变化", "en": "weight can change noticeably within three months"},
    "ttl.concept.health_condition": {"zh": "健康状况和用药半年确认一次", "en": "health conditions and medication: re-check every six months"},
    "ttl.concept.height": {"zh": "成年后身高基本不变", "en": "adult height does not change"},
    "ttl.concept.goal": {"zh": "目标和计划会调整，三个月确认一次", "en": "goals and plans get revised; re-check quarterly"},
    # ---- the TTL flow -------------------------------------------------------------------------------
    "ttl.from_dictionary": {"zh": "字段词典 {plugin} 对「{field}」的设定", "en": "as set by the field dictionary {plugin} for '{field}'"},
    "ttl.default_reason": {
        "zh": "没有字段词典或规则认识这个字段：先按 {days} 天复查一次，你可以改",
        "en": "no field dictionary or rule knows this field: re-check after {days} days for now (you can change it)",
    },
    "ttl.source.heuristic": {"zh": "内置规则", "en": "builtin rules"},
    "ttl.source.model": {"zh": "模型推断", "en": "inferred by the model"},
    "ttl.source.user": {"zh": "你指定", "en": "set by you"},
    "ttl.source.default": {"zh": "默认值", "en": "default"},
    "ttl.source.plugin": {"zh": "字段词典 {plugin}", "en": "field dictionary {plugin}"},
    "ttl.inferred": {
        "zh": "「{name}」是新字段。推断有效期：{ttl}（{reason}；依据：{source}）",
        "en": "'{name}' is a new field. Inferred TTL: {ttl} ({reason}; from: {source})",
    },
    "ttl.alias_of": {"zh": "（字段词典里「{name}」是「{field}」的别名）", "en": "(the field dictionary knows '{name}' as '{field}')"},
    "ttl.prompt": {
        "zh": "回车接受 {ttl}，或输入天数 / never（不过期）修改",
        "en": "Press Enter to accept {ttl}, or type a number of days / never",
    },
    "ttl.auto.yes": {"zh": "已按 --yes 接受推断的有效期。", "en": "Accepted the inferred TTL (--yes)."},
    "ttl.auto.no_terminal": {
        "zh": "不是交互终端，已自动接受推断的有效期。要修改：mylife profile set {name} {value} --ttl 天数|never",
        "en": "Not an interactive terminal: the inferred TTL was accepted. To change it: mylife profile set {name} {value} --ttl DAYS|never",
    },
    "ttl.auto.json": {
        "zh": "输出为 JSON，已自动接受推断的有效期。要修改：mylife profile set {name} {value} --ttl 天数|never",
        "en": "JSON output: the inferred TTL was accepted. To change it: mylife profile set {name} {value} --ttl DAYS|never",
    },
    "ttl.user_changed": {"zh": "你指定（MyLife 推断为 {ttl}：{reason}）", "en": "set by you (MyLife inferred {ttl}: {reason})"},
    "error.ttl_not_confirmed": {
        "zh": "没有得到有效的有效期，「{name}」未保存。可以直接用 --ttl 天数|never 指定。",
        "en": "No valid TTL given; '{name}' was not saved. Give one directly with --ttl DAYS|never.",
    },
    "help.opt.yes": {"zh": "不询问，直接接受推断的有效期", "en": "accept the inferred TTL without asking"},
    # ---- the staleness check ----------------------------------------------------------------------------
    "staleness.age_line": {"zh": "{name}：上次填写是 {age}", "en": "{name}: last set {age}"},
    "staleness.note": {"zh": "基于可能过时的 {name}（{age}的数据）", "en": "based on possibly outdated {name} (data from {age})"},
    "staleness.reason.expired": {"zh": "{line}（当时是 {value}，有效期 {ttl}）", "en": "{line} (was {value}, valid for {ttl})"},
    "staleness.reason.missing": {"zh": "缺少「{name}」", "en": "'{name}' is missing"},
    "staleness.verdict.allow": {"zh": "判定：可以继续（allow）", "en": "Verdict: go ahead (allow)"},
    "staleness.verdict.steer": {"zh": "判定：需要先问你（steer）", "en": "Verdict: ask you first (steer)"},
    "staleness.verdict.deny": {"zh": "判定：不予回答（deny）", "en": "Verdict: will not answer (deny)"},
    "staleness.fact_stale": {"zh": " · 可能已过期", "en": " · may be outdated"},
    "staleness.facts": {"zh": "可以给你的事实：", "en": "Facts MyLife can give you instead:"},
    "staleness.question": {"zh": "问题：{question}", "en": "Question: {question}"},
    "staleness.no_decision": {
        "zh": "没有识别出这个问题对应的决策。决策来自透镜插件（如 mylife-career、mylife-finance）；"
              "用 `mylife plugins --hook register_decisions` 查看已安装的透镜。",
        "en": "No decision recognised in this question. Decisions come from lens plugins (such as mylife-career, "
              "mylife-finance); see the installed ones with `mylife plugins --hook register_decisions`.",
    },
    "staleness.no_matching_decision": {
        "zh": "已安装的透镜里没有和这个问题对应的决策（它们认识：{known}）。换个说法，或安装相应的透镜。",
        "en": "None of the installed lenses has a decision matching this question (they know: {known}). "
              "Rephrase it, or install a lens for it.",
    },
    "staleness.decisions": {"zh": "对应的决策：{names}；主题：{topic}", "en": "Decisions: {names}; topic: {topic}"},
    "staleness.depends": {"zh": "依赖字段（* 为可选）：{fields}", "en": "Depends on (* optional): {fields}"},
    "staleness.expired_head": {
        "zh": "回答这个问题前，有 {n} 个数字可能已经变了：",
        "en": "Before answering, these figures may have changed ({n}):",
    },
    "staleness.expired_line": {
        "zh": "{line}（当时是 {value}，有效期 {ttl}，已过期 {over} 天）",
        "en": "{line} (was {value}, valid for {ttl}, expired {over} days ago)",
    },
    "staleness.missing_head": {"zh": "还缺 {n} 个必要字段：", "en": "Required fields missing ({n}):"},
    "staleness.kept_head": {
        "zh": "你选择沿用的旧值（用到它们的结论会标注，并按 {weight} 降权）：",
        "en": "Old values you chose to keep (conclusions using them are marked and weighted {weight}):",
    },
    "staleness.optional": {"zh": "可选补充（缺了不影响继续）：{fields}", "en": "Optional (not blocking): {fields}"},
    "staleness.all_fresh": {"zh": "这个决策依赖的字段都在有效期内。", "en": "Every field this decision depends on is current."},
    "staleness.choices": {"zh": "你可以：", "en": "You can:"},
    "staleness.choice.update": {
        "zh": "[现在更新] {prog} profile set {name} 新值    （没变就 {prog} profile confirm {name}）",
        "en": "[update now] {prog} profile set {name} NEW_VALUE    (unchanged? {prog} profile confirm {name})",
    },
    "staleness.choice.keep": {
        "zh": "[沿用旧值] 结论会标注「{note}」并按 {weight} 降权：{ask} {question} --accept-stale（或 {prog} staleness {question} {keep}）",
        "en": "[keep the old value] conclusions are marked '{note}' and weighted {weight}: {ask} {question} --accept-stale (or {prog} staleness {question} {keep})",
    },
    "staleness.choice.assess": {
        "zh": "[补上] {prog} claim add \"你现在的看法\" --topic {topic} --kind assessment    （或 {prog} profile set {name} 值）",
        "en": "[fill in] {prog} claim add \"how you see it now\" --topic {topic} --kind assessment    (or {prog} profile set {name} VALUE)",
    },
    "staleness.choice.accept_missing": {
        "zh": "[先不补] 照常回答，缺的字段会在结论里列出：{ask} {question} --accept-missing",
        "en": "[go ahead without them] the answer lists what is missing: {ask} {question} --accept-missing",
    },
    "staleness.from_claims": {
        "zh": "「{name}」由你最近的主观评估满足：{claims}",
        "en": "'{name}' is held by your recent assessments: {claims}",
    },
    "staleness.old_assessment": {
        "zh": "你最近一次相关的主观评估是 {age}（{date}，{id}），已超过有效期",
        "en": "your latest assessment on it was {age} ({date}, {id}), past its time-to-live",
    },
    "staleness.choice.fill": {"zh": "[补上] {prog} profile set {name} 值", "en": "[fill in] {prog} profile set {name} VALUE"},
    "help.staleness": {
        "zh": "决策前检查：这个问题依赖的档案字段里，哪些已过期（旧值和“上次填写是 N 个月前”）、哪些缺失，"
              "以及所有 pre_decide 插件的判定（allow / steer / deny）。\n\n"
              "例：\n\n  mylife staleness \"我该不该跳槽？\"\n\n"
              "  mylife staleness \"我该不该跳槽？\" --keep 现有存款     （沿用旧值，结论会标注并降权）",
        "en": "Pre-decision check: which profile fields this question depends on are expired (last value and age) "
              "or missing, and the combined verdict of every pre_decide plugin (allow / steer / deny).\n\n"
              "Examples:\n\n  mylife staleness \"should I change jobs?\"\n\n"
              "  mylife staleness \"should I change jobs?\" --keep savings",
    },
    "help.opt.keep": {"zh": "沿用这个字段的旧值（可重复）", "en": "keep this field's old value (repeatable)"},
    "help.opt.accept_stale": {"zh": "沿用所有过期字段的旧值", "en": "keep every expired value"},
    "help.opt.accept_missing": {"zh": "缺少字段也继续", "en": "go ahead without the missing fields"},
    # ---- mylife maintain ------------------------------------------------------------------------------------
    "help.maintain": {
        "zh": "档案维护：列出最久没确认的 N 个字段（最旧的在前）和依据已变更的证据；在终端里逐个询问"
              "（回车=仍然成立，输入新值=更新，s=跳过，q=结束）。\n\n"
              "--install-schedule 写出定时运行它的 cron / launchd / systemd 条目（只写文件，不替你安装），"
              "并显示写了什么、写在哪里。\n\n"
              "例：\n\n  mylife maintain -n 5\n\n  mylife maintain --install-schedule systemd --every weekly --time 09:00",
        "en": "Upkeep: list the N longest-unconfirmed fields (oldest first) and claims whose sources changed; on a "
              "terminal, ask about each (Enter = still true, a new value = update, s = skip, q = stop).\n\n"
              "--install-schedule writes the cron / launchd / systemd entry that runs it on a schedule (it only "
              "writes the file; you install it) and shows what was written where.\n\n"
              "Examples:\n\n  mylife maintain -n 5\n\n  mylife maintain --install-schedule cron --every daily",
    },
    "help.opt.maintain_n": {"zh": "列出多少个字段（0 表示全部）", "en": "how many fields to list (0 for all)"},
    "help.opt.maintain_all": {"zh": "也列出永不过期的字段", "en": "include fields that never expire"},
    "help.opt.no_claims": {"zh": "不检查证据的出处", "en": "do not check claims' sources"},
    "help.opt.no_input": {"zh": "只列出，不逐个询问（定时任务用）", "en": "list only, never ask (for schedules)"},
    "help.opt.install_schedule": {"zh": "写出定时条目：cron、launchd 或 systemd", "en": "write a schedule entry: cron, launchd or systemd"},
    "help.opt.every": {"zh": "多久运行一次", "en": "how often to run"},
    "help.opt.schedule_time": {"zh": "几点运行（24 小时制）", "en": "time of day (24-hour)"},
    "help.opt.schedule_to": {"zh": "写到哪个文件夹（默认 ~/.config/mylife/schedule）", "en": "folder to write to (default ~/.config/mylife/schedule)"},
    "maintain.progress": {"zh": "检查证据出处 {done}/{total}", "en": "checking claim sources {done}/{total}"},
    "maintain.title": {"zh": "MyLife 档案维护 {now}（{workspace}）", "en": "MyLife upkeep {now} ({workspace})"},
    "maintain.no_fields": {"zh": "档案里没有会过期的字段。", "en": "No profile fields that expire."},
    "maintain.fields_head": {
        "zh": "最久没确认的 {n} 个字段（共 {total} 个会过期的字段，{stale} 个已过期）：",
        "en": "The {n} longest-unconfirmed fields ({total} fields expire; {stale} already have):",
    },
    "maintain.state.never": {"zh": "不过期", "en": "never expires"},
    "maintain.state.stale": {"zh": "已过期 {over} 天", "en": "expired {over} days ago"},
    "maintain.state.fresh": {"zh": "还有 {days} 天到期", "en": "expires in {days} days"},
    "maintain.field_line": {
        "zh": "{i:>3}. {name} = {value} · 上次确认 {age} · 有效期 {ttl} · {state}",
        "en": "{i:>3}. {name} = {value} · last confirmed {age} · valid for {ttl} · {state}",
    },
    "maintain.claims_head": {
        "zh": "依据已变更、需重新评估的证据：{n} 条（检查了 {checked} 条）",
        "en": "Claims whose source changed (re-evaluate): {n} (of {checked} checked)",
    },
    "maintain.claim_source_changed": {
        "zh": "  {id}「{claim}」：原文已改动 {pointer} → mylife trace {id}",
        "en": "  {id} '{claim}': source changed {pointer} -> mylife trace {id}",
    },
    "maintain.claim_source_missing": {
        "zh": "  {id}「{claim}」：原文找不到了 {pointer} → mylife trace {id}",
        "en": "  {id} '{claim}': source missing {pointer} -> mylife trace {id}",
    },
    "maintain.claims_more": {"zh": "  ……还有 {n} 条（mylife verify 列出全部）", "en": "  ... and {n} more (mylife verify lists all)"},
    "maintain.claims_ok": {"zh": "证据出处：{checked} 条都与原文一致。", "en": "Claim sources: all {checked} match the raw text."},
    "maintain.interactive": {
        "zh": "逐个确认（回车=仍然成立，输入新值=更新，s=跳过，q=结束）：",
        "en": "Confirm each (Enter = still true, a new value = update, s = skip, q = stop):",
    },
    "maintain.ask": {"zh": "{name} 仍是 {value} 吗？", "en": "Is {name} still {value}?"},
    "maintain.did_confirm": {"zh": "已确认 {name}", "en": "Confirmed {name}"},
    "maintain.did_update": {"zh": "已更新 {name}：{old} → {new}", "en": "Updated {name}: {old} -> {new}"},
    "maintain.how": {
        "zh": "仍然成立：mylife profile confirm 名称；已经变了：mylife profile set 名称 新值",
        "en": "Still true: mylife profile confirm NAME; changed: mylife profile set NAME NEW_VALUE",
    },
    # ---- schedules ------------------------------------------------------------------------------------------------
    "schedule.header": {
        "zh": "MyLife 档案维护（mylife maintain），由 `mylife maintain --install-schedule {kind}` 于 {date} 写出。\n"
              "工作区：{workspace}\n"
              "MyLife 不会替你安装它；安装和卸载的命令见写出时的提示或 docs/lenses.md。",
        "en": "MyLife upkeep (mylife maintain), written by `mylife maintain --install-schedule {kind}` on {date}.\n"
              "Workspace: {workspace}\n"
              "MyLife does not install it; the install and removal commands were shown when it was written (docs/lenses.md).",
    },
    "schedule.written": {"zh": "已写入 {path}：", "en": "Wrote {path}:"},
    "schedule.replaced": {"zh": "已覆盖 {path}（原来的内容不同）：", "en": "Replaced {path} (it held something else):"},
    "schedule.unchanged": {"zh": "{path} 已是这些内容，未改动：", "en": "{path} already holds this, left unchanged:"},
    "schedule.every.daily": {"zh": "每天 {at}", "en": "every day at {at}"},
    "schedule.every.weekly": {"zh": "每周一 {at}", "en": "every Monday at {at}"},
    "schedule.every.monthly": {"zh": "每月 1 日 {at}", "en": "on the 1st of every month at {at}"},
    "schedule.runs": {"zh": "它会在{when}无人值守地运行 mylife maintain，输出追加到 {log}。",
                      "en": "It runs mylife maintain headless {when}, appending its output to {log}."},
    "schedule.not_installed": {"zh": "MyLife 没有安装它。要启用，请自己运行：", "en": "MyLife did not install it. To enable it, run:"},
    "schedule.uninstall": {"zh": "以后要停用：", "en": "To remove it later:"},
    "error.bad_schedule_time": {
        "zh": "--time 的值「{value}」无效：请用 24 小时制 HH:MM，例如 09:00 或 21:30。",
        "en": "--time value '{value}' is invalid: use 24-hour HH:MM, e.g. 09:00 or 21:30.",
    },
    "error.schedule_write_failed": {"zh": "无法写入 {path}：{reason}", "en": "Cannot write {path}: {reason}"},
    # ---- skills -----------------------------------------------------------------------------------------------
    "help.skills": {
        "zh": "列出所有 Skill（带 name/description 的 Markdown），以及每个来自哪里、同名时哪个生效。\n\n"
              "优先级：工作区 skills/ > 用户 ~/.config/mylife/skills > 配置里的自定义文件夹 > 插件自带。"
              "把同名 Skill 放进自己的文件夹就能覆盖插件自带的，不用改代码。\n\n"
              "例：\n\n  mylife skills\n\n  mylife skills mylife-career     （显示生效的那份全文）",
        "en": "List every skill (Markdown with name/description front matter), where each comes from, and which "
              "wins when names clash.\n\nPrecedence: workspace skills/ > user ~/.config/mylife/skills > custom folders "
              "from config > bundled with plugins. Drop a skill with the same name in your own folder to override a "
              "bundled one without touching code.\n\nExamples:\n\n  mylife skills\n\n  mylife skills mylife-career",
    },
    "error.skill_not_found": {"zh": "没有名为「{name}」的 Skill。已有：{known}", "en": "No skill named '{name}'. Known: {known}"},
    "skills.show_head": {"zh": "{name}（生效：{source}，{path}）", "en": "{name} (in effect: {source}, {path})"},
    "skills.source.workspace": {"zh": "工作区", "en": "workspace"},
    "skills.source.user": {"zh": "用户", "en": "user"},
    "skills.source.custom": {"zh": "自定义", "en": "custom"},
    "skills.source.bundled": {"zh": "插件自带", "en": "bundled"},
    "skills.overrides": {"zh": "覆盖了：{source} {path}", "en": "overrides: {source} {path}"},
    "skills.roots": {"zh": "查找位置（数字小的优先）：", "en": "Where skills are looked up (lower rank wins):"},
    "skills.missing_root": {"zh": "（不存在）", "en": " (does not exist)"},
    "skills.none": {"zh": "没有找到任何 Skill。", "en": "No skills found."},
    "skills.active": {"zh": "生效", "en": "in effect"},
    "skills.shadowed": {"zh": "被 {path} 覆盖", "en": "overridden by {path}"},
    "skills.col.name": {"zh": "名称", "en": "name"},
    "skills.col.source": {"zh": "来源", "en": "source"},
    "skills.col.path": {"zh": "文件", "en": "file"},
    "skills.col.state": {"zh": "状态", "en": "state"},
    "skills.problems": {"zh": "{n} 个文件没有加载（缺少 name/description 或格式不对）：",
                        "en": "{n} files were not loaded (missing name/description or malformed):"},
}

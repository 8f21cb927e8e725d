"""Strings of ``mylife demo``: the demo workspace and its tour."""

MESSAGES = {
    "help.opt.demo_workspace": {
        "zh": "演示工作区放在哪个文件夹（默认 ~/mylife-demo；不读 MYLIFE_HOME，绝不碰你的真实工作区）",
        "en": "folder for the demo workspace (default ~/mylife-demo; MYLIFE_HOME is ignored so your real workspace is never touched)",
    },
    "error.demo_exists": {
        "zh": "{path} 已经是一个演示工作区。加 --force 删除后重建，或用 --workspace 换一个文件夹。",
        "en": "{path} is already a demo workspace. Add --force to rebuild it, or choose another folder with --workspace.",
    },
    "error.demo_force_refused": {
        "zh": "{path} 不是 MyLife 演示工作区（没有演示标记），--force 只会重建演示工作区，不会删除它。"
              "请用 --workspace 换一个新的或空的文件夹。",
        "en": "{path} is not a MyLife demo workspace (no demo marker); --force only rebuilds demo workspaces and "
              "will not delete it. Choose a new or empty folder with --workspace.",
    },
    "demo.script.not_empty": {
        "zh": "{path} 里已经有别的文件，演示不会写进去（只会重建它自己以前建的演示文件夹）。"
              "换一个新的或空的文件夹，例如：{script} {suggestion}",
        "en": "{path} already holds other files; the demo will not write there (it only rebuilds a demo folder "
              "it built before). Choose a new or empty folder, e.g.: {script} {suggestion}",
    },
    "demo.script.not_a_folder": {
        "zh": "{path} 是一个文件，不是文件夹。换一个新的或空的文件夹，例如：{script} {suggestion}",
        "en": "{path} is a file, not a folder. Choose a new or empty folder, e.g.: {script} {suggestion}",
    },
    "demo.script.path_head": {
        "zh": "mylife 命令装在 {venv} 里。上面的命令都以 mylife 开头；让终端找到它（任选其一）：",
        "en": "The mylife command lives in {venv}. The commands above start with mylife; to put it on your PATH "
              "(either):",
    },
    "demo.script.path_activate": {"zh": "只对当前终端", "en": "this shell only"},
    "demo.script.path_link": {
        "zh": "当前用户的所有终端（~/.local/bin 要在 PATH 里，pipx 和 uv tool 也用它）",
        "en": "every shell of yours (~/.local/bin must be on PATH; pipx and uv tool use it too)",
    },
    "demo.script.then": {"zh": "然后试试：{command}", "en": "Then try: {command}"},
    "demo.rebuilt": {"zh": "（已删除旧的演示工作区并重建）", "en": "(the old demo workspace was removed and rebuilt)"},
    "demo.fictional": {
        "zh": "人物、公司和数字都是虚构的。你的真实工作区（~/mylife 或 MYLIFE_HOME）没有被改动。",
        "en": "The person, companies and numbers are fictional. Your real workspace (~/mylife or MYLIFE_HOME) was not touched.",
    },
    "demo.inside": {"zh": "里面有：", "en": "Inside:"},
    "demo.inside.claims": {
        "zh": "证据 {n} 条：{detail}；主题 {topics}",
        "en": "{n} claims: {detail}; topics {topics}",
    },
    "demo.inside.story": {
        "zh": "「职业去留」上的多段表述：“热爱这里，绝不想走” → “想跳槽” → “不知道”",
        "en": "Statements on 职业去留 over time: “热爱这里，绝不想走” → “想跳槽” → “不知道”",
    },
    "demo.inside.premise": {
        "zh": "一个旧前提：“财务压力大”（{date}），而之后的记录显示存款和结余都改善了",
        "en": "An old premise: “财务压力大” ({date}), while later notes show savings and surplus improved",
    },
    "demo.inside.stale": {"zh": "已过期的档案字段：{names}", "en": "Stale profile fields: {names}"},
    "demo.stale_field": {"zh": "{name}（过期 {n} 天）", "en": "{name} ({n} days overdue)"},
    "demo.inside.missing": {"zh": "故意缺着的字段：{name}（{why}）", "en": "Missing on purpose: {name} ({why})"},
    "demo.inside.candidates": {
        "zh": "{n} 条 AI 推断还是候选，等你接受或否决",
        "en": "{n} AI inferences are still candidates, waiting for you to accept or reject them",
    },
    "demo.inside.digest": {
        "zh": "主题摘要：{paths}（模型原稿与你的修订并存）",
        "en": "Topic digest: {paths} (the model's original kept beside the user's revision)",
    },
    "demo.try.status": {"zh": "各层数量、过期字段、最近的变化", "en": "counts per layer, stale fields, recent changes"},
    "demo.try.claims": {"zh": "一年多里关于“走不走”的每一条证据", "en": "every piece of evidence on staying or leaving"},
    "demo.try.trace": {
        "zh": "从一条证据回到原话：摘要段落、文件和行号、哈希核对",
        "en": "from a claim back to the user's own words: digest paragraph, file and line, hash check",
    },
    "demo.try.stale": {"zh": "哪些数字已经过期、上次是多久前填的", "en": "which numbers have expired and when they were set"},
    "demo.try.candidates": {"zh": "AI 的推断：没有你的确认，不算证据", "en": "the AI's inferences: not evidence until you accept them"},
    "demo.try.accept": {"zh": "接受其中一条", "en": "accept one of them"},
    "demo.try.verify": {"zh": "核对每个原始文件和每条证据的出处", "en": "check every raw file and every claim's pointer"},
    "demo.try.ask": {
        "zh": "问一个决策问题：不同时期的表述、反面证据、待作废的旧前提（无需模型）",
        "en": "ask a decision question: statements over time, counter-evidence, premises to retire (no model needed)",
    },
}

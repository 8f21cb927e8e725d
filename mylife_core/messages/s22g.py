"""s22g's strings (a newcomer's first hour), until ``python -m mylife_core.messages.convert``
folds them into the catalogs."""

MESSAGES = {
    # a command run inside a workspace folder, without -w, looks at ~/mylife (or MYLIFE_HOME)
    "no_workspace.here": {
        "zh": "\n你现在所在的文件夹属于 MyLife 工作区 {here}，但命令不会自动使用当前文件夹："
              "要用它，在命令前加 -w，例如 `{command}`（或设置 MYLIFE_HOME={home}）。",
        "en": "\nThe folder you are in belongs to the MyLife workspace {here}, but commands do not use the "
              "current folder by themselves: to use it, put -w before the command, e.g. `{command}` "
              "(or set MYLIFE_HOME={home}).",
    },
    # `mylife init --language en` on a workspace that already speaks zh: init changes nothing
    "init.language_kept": {
        "zh": "这个工作区的语言仍是 {current}（--language {wanted} 只用于新建的工作区）。要改成 {wanted}："
              "把 {config} 里的 `language: {current}` 改成 `language: {wanted}`，再运行 `{prog} verify --accept config.yaml` "
              "确认这次手动修改；只想临时换：MYLIFE_LANG={wanted}。",
        "en": "This workspace's language stays {current} (--language {wanted} is for a new workspace only). To make it "
              "{wanted}: change `language: {current}` to `language: {wanted}` in {config}, then run `{prog} verify "
              "--accept config.yaml` to keep that edit; for one command only: MYLIFE_LANG={wanted}.",
    },
    # `mylife record -x --topic 日记`: -x is read as an option; text starting with a dash needs --
    "cli.dash_value": {
        "zh": "如果「{option}」是要交给命令的文字而不是选项，在它前面加 --（之后的词都当作文字）：`{command} … -- {value}`",
        "en": "If \"{option}\" is text for the command rather than an option, put -- before it (every word after -- is "
              "text): `{command} … -- {value}`",
    },
    # `mylife claim reject` / `accept` refused by the claim's status: what to do instead
    "claim.hint.reject_own": {
        "zh": "\n「拒绝」只用于 AI 的推断和还没确认的候选；{id} 是你自己的话。觉得它不对："
              "`{prog} claim dispute {id} --why 原因`；有了新的说法：`{prog} claim supersede {id} --by 新证据编号`。",
        "en": "\nReject is for the AI's inferences and unconfirmed candidates; {id} is your own statement. If it is "
              "wrong: `{prog} claim dispute {id} --why REASON`; if a newer claim replaces it: "
              "`{prog} claim supersede {id} --by NEW_ID`.",
    },
    "claim.hint.already_active": {
        "zh": "\n它已经算作证据，不需要再接受。",
        "en": "\nIt already counts as evidence: there is nothing to accept.",
    },
    # `mylife claim list` on a workspace without claims
    "claim.none_yet": {
        "zh": "添加一条：`{prog} claim add \"你的一句话\" --topic 主题`（不给 --from 时这句话本身先记为原话），"
              "或从已记下的原话提炼：`{prog} extract raw/文件名`（需要模型）。",
        "en": "Add one: `{prog} claim add \"a sentence of yours\" --topic TOPIC` (without --from the sentence itself is "
              "recorded as your words first), or from a note you recorded: `{prog} extract raw/FILE` (needs a model).",
    },
    # a workspace named inside another one (`-w ~/mylife/raw`)
    "error.workspace_nested": {
        "zh": "{path} 在 MyLife 工作区 {workspace} 里面，不能在这里再建一个工作区（它的文件会混进 {workspace} 的各层）。"
              "要用已有的工作区：`{command}`；要另建一个，请选一个不在任何工作区里的文件夹。",
        "en": "{path} is inside the MyLife workspace {workspace}: no workspace can be made there (its files would mix "
              "with {workspace}'s layers). To use that workspace: `{command}`; for a new one, choose a folder "
              "outside any workspace.",
    },
    "error.no_workspace_nested": {
        "zh": "{path} 不是 MyLife 工作区，而是工作区 {workspace} 里面的一个文件夹。-w / --workspace / MYLIFE_HOME "
              "要指向工作区本身：`{command}`",
        "en": "{path} is not a MyLife workspace but a folder inside the workspace {workspace}. -w / --workspace / "
              "MYLIFE_HOME name the workspace itself: `{command}`",
    },
}

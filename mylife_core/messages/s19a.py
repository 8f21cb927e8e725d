"""Messages added on branch s19a (folded into the catalogs later by ``messages.convert``)."""

MESSAGES = {
    "help.opt.root_workspace": {
        "zh": "工作区文件夹（默认 ~/mylife），作用于后面的命令；也可以写在命令之后",
        "en": "workspace folder (default ~/mylife) for the command that follows; may also come after the command",
    },
    "error.workspace_twice": {
        "zh": "工作区给了两个不同的值：命令前是 {first}，命令后是 {second}。只保留一个 -w/--workspace 再运行。",
        "en": "Two different workspaces were given: {first} before the command and {second} after it. "
              "Keep one -w/--workspace and run it again.",
    },
    "error.workspace_not_taken": {
        "zh": "`{command}` 不使用工作区，不接受 -w/--workspace（给的是 {path}）。去掉它再运行。",
        "en": "`{command}` does not use a workspace and takes no -w/--workspace (given: {path}). "
              "Run it without that option.",
    },
    "error.no_workspace_init": {
        "zh": "在 {path} 没有找到 MyLife 工作区。先运行 `{command}` 创建，或用 --workspace / MYLIFE_HOME 指向已有工作区。",
        "en": "No MyLife workspace at {path}. Run `{command}` first, or point --workspace / MYLIFE_HOME "
              "at an existing one.",
    },
    "error.no_workspace_not_empty": {
        "zh": "{path} 不是 MyLife 工作区，而且这个文件夹不是空的（`mylife init` 不会在这里创建）。"
              "用 --workspace 或 MYLIFE_HOME 指向你的工作区；要新建一个，就换个新文件夹：`{command}`",
        "en": "{path} is not a MyLife workspace and the folder is not empty (`mylife init` will not create one "
              "there). Point --workspace or MYLIFE_HOME at your workspace; to create a new one, use a new "
              "folder: `{command}`",
    },
    "error.no_workspace_file": {
        "zh": "{path} 是一个文件，不是 MyLife 工作区文件夹。用 --workspace 或 MYLIFE_HOME 指向你的工作区；"
              "要新建一个：`{command}`",
        "en": "{path} is a file, not a MyLife workspace folder. Point --workspace or MYLIFE_HOME at your "
              "workspace; to create a new one: `{command}`",
    },
    "error.no_workspace_incomplete": {
        "zh": "{path} 像是一个不完整的 MyLife 工作区：缺少 {missing}。MyLife 不会改动它，请从备份或 git 历史"
              "恢复缺少的部分；要另建一个新工作区：`{command}`",
        "en": "{path} looks like an incomplete MyLife workspace: {missing} is missing. MyLife leaves it as it is; "
              "restore what is missing from a backup or the git history, or create a new workspace: `{command}`",
    },
    "status.l2_empty": {
        "zh": "L2 证据：0 条",
        "en": "L2 claims: 0",
    },
}

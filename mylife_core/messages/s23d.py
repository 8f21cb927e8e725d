"""Strings added on branch s23d (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.workspace_empty": {
        "zh": "-w/--workspace 的值是空的（是不是变量没有设置？例如 -w \"$DIR\"）。MyLife 不会把当前文件夹当作工作区，"
              "没有做任何改动。请写出工作区文件夹，例如 -w ~/mylife；或去掉 -w，使用 MYLIFE_HOME 或默认的 ~/mylife。",
        "en": "-w/--workspace is empty (a variable that is not set? e.g. -w \"$DIR\"). MyLife never takes the current "
              "folder as a workspace, and nothing was changed. Give the workspace folder, e.g. -w ~/mylife; or leave "
              "-w out to use MYLIFE_HOME or the default ~/mylife.",
    },
}
MESSAGES["error.workspace_under_file"] = {
    "zh": "无法在 {path} 创建工作区：路径上的 {file} 是一个文件，不是文件夹。没有做任何改动；请换一个文件夹（MyLife 不会移动或删除这个文件）。",
    "en": "Cannot create a workspace at {path}: {file}, on the way to it, is a file, not a folder. Nothing was changed; "
          "choose another folder (MyLife never moves or deletes that file).",
}
MESSAGES["error.no_workspace_under_file"] = {
    "zh": "在 {path} 没有找到 MyLife 工作区：路径上的 {file} 是一个文件，不是文件夹，这里也无法创建工作区。"
          "请用 -w 或 MYLIFE_HOME 指向你的工作区文件夹。",
    "en": "No MyLife workspace at {path}: {file}, on the way to it, is a file, not a folder, so none can be created "
          "there either. Point -w or MYLIFE_HOME at your workspace folder.",
}
MESSAGES["error.git_remote_public_local"] = {
    "zh": "拒绝添加：{url} 是本机上的文件夹，但{reason}，你的收入、健康和心理状态会被这台电脑上的其他用户读到。\n"
          "  解决办法：只让你自己能读它（`git init --bare` 在常见的 umask 下建出的仓库所有人可读）：\n"
          "    {fix}\n"
          "  然后重试。",
    "en": "Refused: {url} is a folder on this computer, but {reason}: other users of this computer could read "
          "your income, health and state of mind.\n"
          "  To fix it, make it readable by you alone (`git init --bare` under the usual umask makes it readable by all):\n"
          "    {fix}\n"
          "  then try again.",
}
MESSAGES["error.git_push_public_local"] = {
    "zh": "拒绝推送：远端 {remote}（{url}）是本机上的文件夹，但{reason}，你的历史会被这台电脑上的其他用户读到。\n"
          "  解决办法：只让你自己能读它：\n"
          "    {fix}\n"
          "  然后重试。如果之前已推送过，请当作内容可能已被别人读到处理。此项检查不能跳过。",
    "en": "Push refused: remote {remote} ({url}) is a folder on this computer, but {reason}: other users of this computer "
          "could read your history.\n"
          "  To fix it, make it readable by you alone:\n"
          "    {fix}\n"
          "  then try again. If you pushed there before, treat its content as possibly read by others. This check "
          "cannot be skipped.",
}

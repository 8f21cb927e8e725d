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

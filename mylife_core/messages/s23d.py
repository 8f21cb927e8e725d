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

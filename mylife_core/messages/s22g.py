"""s22g's strings (a newcomer's first hour), until ``python -m mylife_core.messages.convert``
folds them into the catalogs."""

MESSAGES = {
    # a command run inside a workspace folder, without -w, looks at ~/mylife (or MYLIFE_HOME)
    "s22g.no_workspace.here": {
        "zh": "\n你现在所在的文件夹属于 MyLife 工作区 {here}，但命令不会自动使用当前文件夹："
              "要用它，在命令前加 -w，例如 `{command}`（或设置 MYLIFE_HOME={home}）。",
        "en": "\nThe folder you are in belongs to the MyLife workspace {here}, but commands do not use the "
              "current folder by themselves: to use it, put -w before the command, e.g. `{command}` "
              "(or set MYLIFE_HOME={home}).",
    },
}

"""Messages added on branch s21c (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.tool_profile_needs_pointer": {
        "zh": "模型提议档案值时必须给出 provenance（值来自的用户原话 raw/文件#L行号；没有记下的话先用 mylife_record "
              "记下）：什么都没有写入",
        "en": "A model proposing a profile value must give provenance (the user's line the value comes from, "
              "raw/FILE#Lnn; record it first with mylife_record if it is not recorded): nothing was written",
    },
    "tool.profile_proposed": {
        "zh": "档案没有改变：「{name}」= {value} 已作为待确认的提议 {id} 保存，等用户决定："
              "`{prog} proposal accept {id}`（或 reject），或在面板的待确认页面。",
        "en": "The profile is unchanged: {name} = {value} is kept as proposal {id}, waiting for the user: "
              "`{prog} proposal accept {id}` (or reject), or the panel's review page.",
    },
}

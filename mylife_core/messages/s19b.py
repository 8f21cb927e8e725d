"""Messages added on branch s19b (bad hand-edited files said in the user's language; the search
index rebuilt after damage). Folded into the catalogs by ``python -m mylife_core.messages.convert``."""

MESSAGES = {
    # where in the file (mylife_core/storage/describe.py)
    "bad_file.where_top": {"zh": "整个文件", "en": "(top level)"},
    "bad_file.where_item": {"zh": "第 {n} 条", "en": "item {n}"},
    "bad_file.where_of": {"zh": "的 ", "en": "."},
    # a value pydantic refused: which entry/field, what is allowed; an error type not listed here
    # (bad_file.v.other) keeps pydantic's own text
    "bad_file.v.choice": {"zh": "{where} 只能是 {expected} 之一，文件里写的是 {value}",
                          "en": "{where}: must be one of {expected}; the file has {value}"},
    "bad_file.v.missing": {"zh": "{where} 缺失：这一项必须填写",
                           "en": "{where}: missing (this field is required)"},
    "bad_file.v.extra": {"zh": "{where} 不是这里可用的字段（拼写错了？请改正或删除这一行）",
                         "en": "{where}: not a field allowed here (misspelt? fix or remove the line)"},
    "bad_file.v.int": {"zh": "{where} 应为整数，文件里写的是 {value}",
                       "en": "{where}: should be a whole number; the file has {value}"},
    "bad_file.v.number": {"zh": "{where} 应为数字，文件里写的是 {value}",
                          "en": "{where}: should be a number; the file has {value}"},
    "bad_file.v.text": {"zh": "{where} 应为文本，文件里写的是 {value}",
                        "en": "{where}: should be text; the file has {value}"},
    "bad_file.v.bool": {"zh": "{where} 应为 true 或 false，文件里写的是 {value}",
                        "en": "{where}: should be true or false; the file has {value}"},
    "bad_file.v.date": {"zh": "{where} 应为一个存在的日期（如 2026-01-15），文件里写的是 {value}",
                        "en": "{where}: should be a real date such as 2026-01-15; the file has {value}"},
    "bad_file.v.datetime": {"zh": "{where} 应为一个存在的日期时间（如 2026-01-15 09:30:00+08:00），文件里写的是 {value}",
                            "en": "{where}: should be a real date and time such as 2026-01-15 09:30:00+08:00; the file has {value}"},
    "bad_file.v.gt": {"zh": "{where} 必须大于 {limit}，文件里写的是 {value}",
                      "en": "{where}: must be greater than {limit}; the file has {value}"},
    "bad_file.v.ge": {"zh": "{where} 不能小于 {limit}，文件里写的是 {value}",
                      "en": "{where}: must be at least {limit}; the file has {value}"},
    "bad_file.v.lt": {"zh": "{where} 必须小于 {limit}，文件里写的是 {value}",
                      "en": "{where}: must be less than {limit}; the file has {value}"},
    "bad_file.v.le": {"zh": "{where} 不能大于 {limit}，文件里写的是 {value}",
                      "en": "{where}: must be at most {limit}; the file has {value}"},
    "bad_file.v.list": {"zh": "{where} 应为列表（每项一行，以“- ”开头），文件里写的是 {value}",
                        "en": "{where}: should be a list (one item a line, starting with \"- \"); the file has {value}"},
    "bad_file.v.mapping": {"zh": "{where} 应为“键: 值”的映射，文件里写的是 {value}",
                           "en": "{where}: should be a mapping (key: value lines); the file has {value}"},
    "bad_file.v.other": {"zh": "{where} 的值无效：{msg}（文件里写的是 {value}）",
                         "en": "{where}: {msg} (found {value})"},
    # a date YAML recognises that does not exist (2026-13-05, 2026-02-30)
    "bad_file.bad_date": {"zh": "日期 {value} 不存在（{reason}）。请改成一个真实的日期，如 2026-01-15",
                          "en": "the date {value} does not exist ({reason}); write a real date such as 2026-01-15"},
    "bad_file.bad_datetime": {"zh": "日期时间 {value} 不存在（{reason}）。请改成一个真实的时间，如 2026-01-15 09:30:00+08:00",
                              "en": "the date and time {value} does not exist ({reason}); write a real one such as "
                                    "2026-01-15 09:30:00+08:00"},
    "bad_file.date.month": {"zh": "月份只能是 1–12", "en": "month must be in 1..12"},
    "bad_file.date.day": {"zh": "这个月没有这一天", "en": "day is out of range for month"},
    "bad_file.date.hour": {"zh": "小时只能是 0–23", "en": "hour must be in 0..23"},
    "bad_file.date.minute": {"zh": "分钟只能是 0–59", "en": "minute must be in 0..59"},
    "bad_file.date.second": {"zh": "秒只能是 0–59", "en": "second must be in 0..59"},
    # a YAML syntax error: a sentence first, then the parser's own detail
    "bad_file.yaml_syntax": {
        "zh": "YAML 格式错误：这一行（或它前面一行）的写法无法解析。请检查括号和引号是否成对、缩进是否对齐、"
              "冒号后是否有空格，改正后重试。（解析器原文：{detail}）",
        "en": "YAML syntax error: {detail}. Check that brackets and quotes are closed, the indentation lines up "
              "and a colon is followed by a space, then retry.",
    },
    # the search index: state.json unreadable or gone while the index files are there
    "search.note.rebuilt_state": {
        "zh": "搜索索引已损坏（cache/search/state.json 无法读取或丢失），已从文件重建。",
        "en": "The search index was damaged (cache/search/state.json unreadable or missing) and was rebuilt from the files.",
    },
}

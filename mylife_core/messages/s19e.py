"""Session 19 strings: what is wrong in a file MyLife cannot read, in the user's language (the
``problem`` of a :class:`~mylife_core.errors.DataFileError`; ``error.bad_file`` adds the file, the
line and "fix it or restore it"). Folded into the catalogs by ``python -m mylife_core.messages.convert``."""

MESSAGES = {
    # any text file MyLife reads (synonyms.txt, dict.txt, YAML, a backend's config.env)
    "bad_file.not_utf8": {
        "zh": "这个文件不是 UTF-8 编码的文本（这一行有读不出的字节）。请用编辑器把它另存为 UTF-8 后重试"
              "（例如 `iconv -f GB18030 -t UTF-8 原文件 > 新文件`）",
        "en": "not UTF-8 text (this line holds bytes that cannot be read). Save the file as UTF-8 and retry "
              "(e.g. `iconv -f GB18030 -t UTF-8 old > new`)",
    },
    "bad_file.not_regular": {
        "zh": "这里应是一个普通文件，却是一个文件夹或设备（MyLife 在这里保存文件）。请把它移走后重试",
        "en": "not a regular file (a folder or device where MyLife keeps a file); move it away and retry",
    },
    "bad_file.not_folder": {
        "zh": "这里应是一个文件夹，却是一个文件（MyLife 要在这里建文件夹）。请把这个文件移走后重试，MyLife 不会删除它",
        "en": "not a folder (MyLife expects a folder here; move the file away)",
    },
    "bad_file.cannot_read": {
        "zh": "无法读取这个文件（系统提示：{reason}）。请检查它的权限和所在的磁盘",
        "en": "cannot read: {reason}",
    },
    # search: synonyms.txt and dict.txt
    "bad_file.synonyms_one_word": {
        "zh": "这一行不到两个词：每行要列出至少两个意思相同的词，用空格或逗号隔开（如：换工作 跳槽）",
        "en": "a line lists at least two words that mean the same, separated by spaces or commas (e.g. 换工作 跳槽)",
    },
    "bad_file.dict_line": {
        "zh": "每行应为 `词语 [词频] [词性]`，这一行多了内容（词语里不能有空格）",
        "en": "expected `word [frequency] [tag]` (a word has no spaces)",
    },
    "bad_file.dict_frequency": {
        "zh": "词频必须是整数，这一行写的是 {value}",
        "en": "frequency must be a whole number, got {value}",
    },
    # files MyLife appends to: one JSON record a line
    "bad_file.not_json_line": {
        "zh": "这一行不是一条完整的 JSON 记录（解析器原文：{detail}）",
        "en": "not a JSON line: {detail}",
    },
    "bad_file.not_json_near_end": {
        "zh": "文件末尾附近有一行不是完整的 JSON 记录",
        "en": "not a JSON line near the end of the file",
    },
    "bad_file.manifest_entry": {
        "zh": "原文登记簿的这一条记录读不出来：{detail}",
        "en": "bad manifest entry: {detail}",
    },
    "bad_file.duplicate_claim_id": {
        "zh": "证据编号 {id} 重复了（claims/{other} 里也有这个编号）。每条证据的编号必须唯一：请删掉重复的那一条",
        "en": "duplicate claim id {id} (also in claims/{other}): each claim's id must be unique; delete the duplicate",
    },
    # YAML
    "bad_file.yaml_too_deep": {
        "zh": "YAML 嵌套超过 {limit} 层，MyLife 不读这样的文件。请检查缩进，或去掉多余的层级",
        "en": "YAML nested deeper than {limit} levels; check the indentation or remove the extra levels",
    },
    "bad_file.yaml_alias_bomb": {
        "zh": "YAML 别名（*名字）展开后超过 {limit} 个值（疑似“别名炸弹”），MyLife 不读这样的文件。"
              "请去掉 & 锚点和 * 别名，把内容直接写出来",
        "en": "YAML aliases expand to more than {limit} values (an alias bomb?); remove the &anchors and "
              "*aliases and write the values out",
    },
    "bad_file.yaml_value": {
        "zh": "YAML：这个值读不出来（{detail}）。很长的数字请加上引号，作为文本保存",
        "en": "YAML: a value cannot be read ({detail}); quote a very long number to keep it as text",
    },
    "bad_file.yaml_other": {
        "zh": "YAML 无法解析（解析器原文：{detail}）",
        "en": "YAML: {detail}",
    },
    # a skill file's front matter
    "bad_file.skill_no_front_matter": {
        "zh": "缺少开头的元数据（front matter）：文件第一行必须是 ---，接着写 name: 和 description:，再用一行 --- 结束",
        "en": "no front matter: the file must start with a '---' line, then name/description",
    },
    "bad_file.skill_unclosed": {
        "zh": "开头的元数据（front matter）没有用一行 --- 结束。请在 description: 之后加一行 ---",
        "en": "front matter is not closed by a '---' line",
    },
    "bad_file.skill_not_mapping": {
        "zh": "开头的元数据（front matter）必须是“键: 值”的写法，至少要有 name 和 description 两项",
        "en": "front matter must be a mapping with name and description",
    },
    "bad_file.skill_needs": {
        "zh": "开头的元数据（front matter）缺少 {key}，或它是空的。请写上“{key}: …”",
        "en": "front matter needs a non-empty '{key}'",
    },
    "bad_file.skill_name_one_line": {
        "zh": "name 只能写一行",
        "en": "name must be one line",
    },
    # a backend's config.env
    "bad_file.env_line": {
        "zh": "每行应为 KEY=VALUE（KEY 只能由字母、数字和 _ 组成，且不以数字开头）",
        "en": "expected KEY=VALUE (letters, digits and _ in KEY)",
    },
    "bad_file.env_quote": {
        "zh": "{key} 的值少了结尾的引号。请补上引号，或去掉开头的引号",
        "en": "unclosed quote in the value of {key}",
    },
    "bad_file.env_managed": {
        "zh": "{key} 由 MyLife 设置（它指向工作区里的文件），不能在这里改。请删除这一行",
        "en": "{key} is set by MyLife (it points into the workspace); remove this line",
    },
}

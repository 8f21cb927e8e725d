"""Messages of session 29's small fixes (folded into the catalogs by ``messages.convert``)."""

MESSAGES = {
    "error.s29small.empty_record_blank": {
        "zh": "没有可记录的内容：输入只有空格、制表符或换行。",
        "en": "Nothing to record: the input holds only spaces, tabs or line breaks.",
    },
    "error.s29small.pointer_utf16": {
        "zh": "{pointer} 不能引用：{file} 第 {line} 行不是 UTF-8 文本（这个文件像是 UTF-16 编码的，记录时已原样保存），引用它的内容谁也读不出来，没有写入任何内容。请把原文件转成 UTF-8（例如 `iconv -f UTF-16 -t UTF-8 原文件 > 新文件`），用 {prog} record -f 新文件 再记录一次，然后引用新笔记的行。",
        "en": "{pointer} cannot be cited: line {line} of {file} is not UTF-8 text (the file looks like UTF-16; it was kept as it is when recorded), so nobody could read what it cites, and nothing was written. Convert the original file to UTF-8 (e.g. `iconv -f UTF-16 -t UTF-8 original > new`), record it again with {prog} record -f new, then cite the new note's lines.",
    },
}

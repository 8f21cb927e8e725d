"""Messages added on branch s21e (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.topic_too_long": {
        "zh": "主题「{topic}」太长：主题是文件名的一部分（raw/日期-主题.md、digest/主题.md），按 UTF-8 最多 {limit} 字节"
              "（约 {chars} 个汉字），它有 {size} 字节。请换一个更短的主题；什么都没有写入。",
        "en": "Topic '{topic}' is too long: a topic is part of file names (raw/DATE-TOPIC.md, digest/TOPIC.md), "
              "which allow it at most {limit} bytes of UTF-8 (about {chars} Chinese characters); it has {size}. "
              "Use a shorter topic; nothing was written.",
    },
    "error.unknown_store_configured": {
        "zh": "{file}:{line}：配置的证据存储后端「{name}」没有安装（已安装：{available}）。安装它的插件（pip install "
              "mylife-{name}，然后 mylife store setup {name}），或把这一行改回 store: files（之前迁移过的证据仍在原后端里）。",
        "en": "{file}:{line}: the configured claim store '{name}' is not installed (installed: {available}). Install "
              "its plugin (pip install mylife-{name}, then mylife store setup {name}), or set this line back to "
              "store: files (claims migrated before stay in the other backend).",
    },
    "bad_file.yaml_duplicate_key": {
        "zh": "「{key}」在同一处写了两次（另一次在第 {first} 行）：YAML 只会留下后一个，前一个会被悄悄丢掉。"
              "请把两处合并成一个（或删去不要的那个）后重试",
        "en": "'{key}' is written twice at the same level (the other one is on line {first}): YAML would keep only "
              "the last and silently drop the other. Merge the two (or delete the one you do not want) and retry",
    },
    "memorix.db_damaged": {
        "zh": "Memorix 的数据库无法读取（SQLite 说：{said}）。MyLife 没有改动它；重新安装 Memorix 也修不好它：请从备份或 git 历史恢复 "
              "{folder} 这个文件夹后重试",
        "en": "Memorix's database cannot be read (SQLite says: {said}). MyLife has not changed it, and reinstalling "
              "Memorix cannot mend it: restore the folder {folder} from a backup or the git history and retry",
    },
    "error.record_text_is_a_file": {
        "zh": "「{path}」是一个文件的名字，什么都没有写入。要记录这个文件的内容：`{prog} record -f {path} --topic 主题`；"
              "真要把这几个字本身记下来，请从标准输入给：`echo '{path}' | {prog} record - --topic 主题`。",
        "en": "'{path}' is the name of a file; nothing was written. To record the file's content: "
              "`{prog} record -f {path} --topic TOPIC`; to record these very words, give them on standard input: "
              "`echo '{path}' | {prog} record - --topic TOPIC`.",
    },
    "error.demo_has_own_words": {
        "zh": "{path} 是演示工作区，但里面有 {n} 条不是演示写入的原话（{files}）。--force 会把它们和演示一起删除，所以什么都没有做。"
              "先把它们记进你自己的工作区（例如 `mylife record -f {path}/{file} --topic 主题 -w ~/mylife`），"
              "或用 --workspace 换一个文件夹建演示；确定不要了，就自己删除这个文件夹后再运行 mylife demo。",
        "en": "{path} is a demo workspace, but it holds {n} note(s) the demo did not write ({files}). --force would "
              "delete them with the demo, so nothing was done. Record them into your own workspace first (e.g. "
              "`mylife record -f {path}/{file} --topic TOPIC -w ~/mylife`), or build the demo in another folder with "
              "--workspace; if you really do not want them, delete this folder yourself and run mylife demo again.",
    },
}

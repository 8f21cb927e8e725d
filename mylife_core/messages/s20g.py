"""Strings added on branch s20g (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "git.held.secret_url": {
        "zh": "{file} 第 {line} 行：网址里带着密码或令牌，该文件未提交。请从网址中删除它并更换该密码；"
              "密钥请放在环境变量或 ~/.config/mylife/secrets.env",
        "en": "{file} line {line}: a URL carries a password or token; the file was not committed. Remove it from "
              "the URL and change that password; keep keys in the environment or ~/.config/mylife/secrets.env",
    },
    "web.error.typed": {
        "zh": "你填写的内容没有保存，原样在下面，可以复制后重新提交：",
        "en": "What you typed was not saved; here it is, word for word, to copy and send again:",
    },
    "bad_file.yaml_bad_character": {
        "zh": "这一行第 {column} 个字符是不可见的控制字符 {char}，YAML 文件里不能有它（常见于粘贴来的文字）。"
              "请删除这个字符后重试",
        "en": "character {column} of this line is the invisible control character {char}, which a YAML file "
              "cannot hold (it often comes with pasted text); delete it and retry",
    },
}

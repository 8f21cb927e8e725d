"""Strings of branch s32panel: the ask page's "do not record" box, and the panel's wording of the
errors the ask run and the settings page show (``s32panel.web.`` + the CLI message's key, read
by :func:`mylife_core.web.views.panel_key`). Folded into the catalogs by
``python -m mylife_core.messages.convert``."""

MESSAGES = {
    "s32panel.ask.no_record": {
        "zh": "不记录依据链（这次回答不写入反查链）",
        "en": "do not record this answer's chain (it will not be in Chains)",
    },
    # the line a finished answer ends with when its chain was not recorded (the CLI's names --no-record)
    "s32panel.web.ask.not_recorded": {
        "zh": "（未记录依据链：提问时勾选了「不记录依据链」）",
        "en": "(chain not recorded: \u201cdo not record this answer's chain\u201d was ticked)",
    },
    # NotWritable's ``instead`` for ask: the CLI's names --no-record and a command to paste
    "s32panel.web.ask.record_refused_no_record": {
        "zh": "\n  回答的依据链无法记录，所以没有生成回答。要读回答而不记录依据链，在提问表单里勾选「不记录依据链」，再问一次。",
        "en": "\n  The answer's chain cannot be recorded, so no answer was made. To read the answer without recording "
              "its chain, tick \u201cdo not record this answer's chain\u201d in the ask form and ask again.",
    },
    # what still works in a workspace that cannot be written: the CLI's names commands
    "s32panel.web.writable.readers_work": {
        "zh": "只读取工作区的页面（我现在的状态、证据、原话、搜索、反查链、设置……）在这里照常可用；"
              "要写入，就把工作区复制到可写的位置。",
        "en": " Pages that only read the workspace (My state, Evidence, Raw notes, Search, Chains, Settings...) "
              "work here as usual; to write, copy the workspace to a writable place.",
    },
    # the model settings, on the settings and ask pages: config.yaml is read again on the next page
    "s32panel.web.error.llm_key_in_config": {
        "zh": "{where} 里的 {setting} 看起来是密钥。密钥绝不能写进工作区：请在 config.yaml 里删掉这一项，"
              "改用环境变量（如 MYLIFE_API_KEY，在启动面板之前设置）或 ~/.config/mylife/secrets.env，"
              "并用 llm.api_key_env 指明变量名。改好 config.yaml 后刷新本页即可，面板会重新读取它。",
        "en": "{setting} in {where} looks like a secret. Keys never belong in the workspace: remove it from "
              "config.yaml and use an environment variable (e.g. MYLIFE_API_KEY, set before the panel starts) or "
              "~/.config/mylife/secrets.env, naming the variable with llm.api_key_env. Once config.yaml is "
              "fixed, reload this page: the panel reads it again.",
    },
    "s32panel.web.error.llm_bad_setting": {
        "zh": "{where} 里的 {setting} 无效：{problem}。改好 config.yaml 后刷新本页即可，面板会重新读取它"
              "（各项的写法见 docs/configuration.md）。",
        "en": "{setting} in {where} is invalid: {problem}. Once config.yaml is fixed, reload this page: the panel "
              "reads it again (each setting is described in docs/configuration.md).",
    },
}

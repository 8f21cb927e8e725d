"""Strings added on branch s24e (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "s24e.chat.close.sheet_eof_note": {
        "zh": "交接单没有写入（填写时输入结束了），你已经填的内容如下：",
        "en": "The handoff sheet was not written (the input ended while you filled it in); what you had filled in:",
    },
    "s24e.plugins.clash": {
        "zh": "{kind}「{name}」被多个插件注册：用的是 {used} 的定义，{ignored} 的没有用（先被调用的插件优先）。",
        "en": "{kind} '{name}' is registered by more than one plugin: {used}'s definition is used, not {ignored}'s (the plugin called first wins).",
    },
    "s24e.plugins.clash_builtin": {
        "zh": "{kind}「{name}」与内置的同名：用的是 {used} 的定义，内置的（{ignored}）不再使用（第三方插件优先于内置）。",
        "en": "{kind} '{name}' has a builtin's name: {used}'s definition is used, the builtin one ({ignored}) is not (a third-party plugin beats a builtin one).",
    },
    "s24e.plugins.kind.register_stores": {"zh": "证据存储", "en": "Claim store"},
    "s24e.plugins.kind.register_fields": {"zh": "档案字段", "en": "Profile field"},
    "s24e.plugins.kind.register_decisions": {"zh": "决策类型", "en": "Decision type"},
    "s24e.plugins.kind.register_topics": {"zh": "话题", "en": "Topic"},
    "s24e.plugins.kind.register_tools": {"zh": "工具", "en": "Tool"},
}

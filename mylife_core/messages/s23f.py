"""Strings added on branch s23f (plugin conventions); folded into the catalogs by
``python -m mylife_core.messages.convert``."""

MESSAGES = {
    "error.plugin_bad_result": {
        "zh": "插件「{plugin}」的 {hook} 返回了 {got}，应为 {expected}。请联系插件作者，或先卸载它"
              "（或用 MYLIFE_LOAD_PLUGINS 只加载其他插件）。",
        "en": "Plugin \"{plugin}\" returned {got} from {hook}; expected {expected}. Report it to the "
              "plugin's author, or uninstall it (or load only the other plugins with MYLIFE_LOAD_PLUGINS).",
    },
    "error.plugin_register_positional": {
        "zh": "插件「{plugin}」在 {hook} 中调用 register(...) 时用了位置参数 {args}：请写成关键字参数，"
              "如 register({key}=...)。",
        "en": "Plugin \"{plugin}\" called register(...) in {hook} with positional arguments {args}: "
              "use keyword arguments, e.g. register({key}=...).",
    },
    "plugin.command_is_core": {
        "zh": "插件「{plugin}」注册的命令 {name} 与 MyLife 自带的命令同名，未采用：`{prog} {name}` 运行的仍是"
              "自带的命令。请插件作者给它换个名字。",
        "en": "Plugin \"{plugin}\" registers a command named {name}, the name of one of MyLife's own commands; "
              "it was not taken: `{prog} {name}` still runs MyLife's. Ask the plugin's author to rename it.",
    },
    "error.unknown_hook": {
        "zh": "没有名为「{name}」的钩子。MyLife 的钩子：{hooks}",
        "en": "There is no hook named \"{name}\". MyLife's hooks: {hooks}",
    },
}

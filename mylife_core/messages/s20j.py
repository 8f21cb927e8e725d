"""Messages added on branch s20j (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    "error.tool_text_is_verdict": {
        "zh": "{what}是对用户的评价或建议（{words}），不是用户自己的话：{tool} 什么都没有写入",
        "en": "The {what} judges or advises the user ({words}), which are not the user's words: {tool} wrote nothing",
    },
    "tool_field.question": {"zh": "分支的问题", "en": "branch's question"},
    "tool_field.topic": {"zh": "新话题", "en": "new topic"},
    "tool_field.parent_topic": {"zh": "新的父话题", "en": "new parent topic"},
    "tool_field.name": {"zh": "新字段的名字", "en": "new field's name"},
    "web.field.by_model": {"zh": "模型填写", "en": "set by a model"},
    "web.field.by_model_hint": {
        "zh": "这个值是模型推断并写入的（如经 MCP），不是你填写的：请核对，不对就更新它",
        "en": "A model inferred and wrote this value (over MCP, say); you did not fill it in: check it, and "
              "update it if it is not right",
    },
    "web.raw.by_model": {"zh": "模型写入", "en": "written by a model"},
    "web.raw.by_model_hint": {
        "zh": "这段原文是模型写入的（如经 MCP），不是你自己写下的",
        "en": "A model wrote these lines (over MCP, say); you did not",
    },
    "mcp.unknown_resource": {
        "zh": "没有资源 {uri}。可读的资源：{available}",
        "en": "No resource {uri}. The resources: {available}",
    },
}

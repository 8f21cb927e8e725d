"""Strings of branch s32approve (accepting a proposal that cites a line a model wrote asks for that
specifically). Folded into the catalogs by ``python -m mylife_core.messages.convert``."""

MESSAGES = {
    # one proposal whose cited line a model wrote, as a refusal lists it
    "s32approve.model_line.item": {
        "zh": "{id}（{pointer}「{text}」，{actor}写的）",
        "en": "{id} ({pointer} \"{text}\", written by {actor})",
    },
    # mylife proposal accept without a terminal (or --json) and without the flag
    "error.s32approve.model_line_unconfirmed": {
        "zh": "没有接受任何提议。下面的提议引用的原文是模型写入的，不是你自己写下的：{items}。接受后，模型的话会成为你档案里的值。"
              "确实要接受，请明确说出来：`{prog} proposal accept {ids} --accept-model-line`（在终端里不加这个选项运行，会逐条再问你一次）。",
        "en": "No proposal was accepted. These cite a line a model wrote, not you: {items}. Accepted, a model's words "
              "would become a value in your profile. To accept it all the same, say so explicitly: "
              "`{prog} proposal accept {ids} --accept-model-line` (run in a terminal without that option, it asks "
              "you about each one).",
    },
    "s32approve.help.opt.accept_model_line": {
        "zh": "也接受引用了模型写入的原文（不是你的原话）的提议；不加这个选项，终端里会逐条再问一次，没有终端或 --json 时拒绝，什么都不写",
        "en": "also accept proposals whose cited line a model wrote (not your own words); without it a terminal "
              "asks about each one, and without a terminal or with --json they are refused and nothing is written",
    },
    # mylife proposal accept on a terminal: the second question
    "s32approve.cli.model_line_head": {
        "zh": "{id} 引用的这行原文是模型写入的（{actor}），不是你自己写下的（{pointer}）：",
        "en": "The line {id} cites was written by a model ({actor}), not by you ({pointer}):",
    },
    "s32approve.cli.model_line_prompt": {
        "zh": "仍然接受 {id}，让模型写的这句话成为你档案「{name}」的依据吗？",
        "en": "Accept {id} all the same, making these words of a model the basis of your profile's \"{name}\"?",
    },
    "s32approve.cli.model_line_declined": {
        "zh": "{id} 没有接受，仍在等待确认（`{prog} proposal show {id}`）。",
        "en": "{id} was not accepted; it is still waiting (`{prog} proposal show {id}`).",
    },
    # mylife chat: the second question, naming the model's line
    "s32approve.chat.model_line_head": {
        "zh": "注意：第 {id} 项引用的原文 {pointer} 是模型写入的（{actor}），不是你自己写下的：",
        "en": "Note: item {id} cites {pointer}, a line a model wrote ({actor}), not you:",
    },
    "s32approve.chat.model_line_prompt": {
        "zh": "第 {id} 项依据的是模型的话，不是你的原话。仍然写入吗？",
        "en": "Item {id} rests on a model's words, not yours. Write it all the same?",
    },
    "s32approve.chat.model_line_json": {
        "zh": "这一项引用的原文是模型写入的：下一行回答 yes 才写入，其他任何回答都不写入",
        "en": "this item cites a line a model wrote: it is written only if the next line is yes; any other answer writes nothing",
    },
    # mylife chat: a proposal's details when the line it cites is a model's (not "your own words")
    "s32approve.detail.provenance_model": {
        "zh": "出处：{value}（模型写入的原文，来源记为「{source}」，不算你的原话）",
        "en": "source: {value} (a line a model wrote, recorded as \"{source}\", not as your own words)",
    },
    "s32approve.detail.model_cited": {
        "zh": "所引的原文（{pointer}，模型写入的：{actor}，不是你写的）：",
        "en": "the lines it cites ({pointer}, written by a model: {actor}, not by you):",
    },
    # the panel: the box that must be ticked on such a card
    "s32approve.web.model_line_box": {
        "zh": "我知道这条提议引用的是模型写下的话，不是我的原话，仍要接受",
        "en": "I know this cites words a model wrote, not mine, and accept it all the same",
    },
    "error.s32approve.web_model_line_unticked": {
        "zh": "没有接受 {id}：它引用的原文（{pointer}）是模型写入的，不是你的原话。确实要接受，请先勾选卡片上的「我知道这条提议引用的是模型写下的话」，再点接受。",
        "en": "{id} was not accepted: the line it cites ({pointer}) was written by a model, not by you. To accept it all "
              "the same, tick \"I know this cites words a model wrote\" on its card, then accept.",
    },
    "error.s32approve.web_model_line_bulk": {
        "zh": "没有接受任何一项：{id} 引用的原文（{pointer}）是模型写入的，不能批量接受。请在它自己的卡片上勾选确认后单独接受。",
        "en": "Nothing was accepted: {id} cites a line a model wrote ({pointer}) and cannot be accepted in bulk. "
              "Accept it on its own card, ticking the box there.",
    },
}

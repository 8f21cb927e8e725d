"""Messages of session 29's chat fix (folded into the catalogs by ``messages.convert``)."""

MESSAGES = {
    "s29chat.choose.as_turn": {
        "zh": "（这不是 {answers} 中的一个：先保持现状，你这句话作为下一句接着聊。）",
        "en": "(That is not one of {answers}: nothing changes for now, and your line is taken as your next message.)",
    },
}

"""Messages of session 29's second round of fixes (folded into the catalogs by ``messages.convert``)."""

MESSAGES = {
    "s29fix2.confirm.as_turn": {
        "zh": "（先当作「不」：你这句话作为下一句接着聊。）",
        "en": "(Taken as a no for now: your line is your next message.)",
    },
}

MESSAGES = {
    "error.s30small.empty_claim_blank": {
        "zh": "证据内容只有空格、制表符或换行，没有可记下的话。",
        "en": "The claim holds only spaces, tabs or line breaks: there is nothing to keep.",
    },
}

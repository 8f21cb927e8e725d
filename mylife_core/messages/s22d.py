"""Strings added on branch s22d (folded into the catalogs later)."""

MESSAGES = {
    "proposal.ttl_at_acceptance": {
        "zh": "有效期：接受时推断（这条提议保存时还没有记下有效期，也没有规则认识这个字段；接受时可能会询问模型）",
        "en": "valid for: inferred when you accept it (this proposal was stored before its TTL was kept, and no rule knows the field; a model may be asked then)",
    },
}

"""Strings added on branch s21d (folded into the catalogs later)."""

MESSAGES = {
    "proposal.detail.ttl_inferred": {
        "zh": "有效期：{ttl}（新字段的有效期由{source}给出：{reason}）",
        "en": "valid for: {ttl} (a new field's TTL, from {source}: {reason})",
    },
}

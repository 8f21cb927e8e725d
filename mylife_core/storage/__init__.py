"""Safe file primitives every layer writes through: atomic replace, locks, YAML, JSONL."""

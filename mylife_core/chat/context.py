"""Context pressure (Odysseus ``estimate_tokens`` / ``maybe_compact``): how full a model's window is.

Tokens are estimated, not counted: a tokenizer per provider would mean importing litellm (and
its tokenizers) on every turn for a number that only has to be roughly right. A CJK character
costs about 1.3 tokens in OpenAI's cl100k vocabulary but about 0.65 in the Chinese-trained
vocabularies of DeepSeek, Qwen, GLM and the like; other text about four characters a token; plus
a few tokens of overhead per message. :func:`estimate_tokens` uses the rate of the model family
when it knows it and the higher rate otherwise, so it errs on the side of a fuller window.
``bench/drift.py`` measures it against tiktoken's cl100k and litellm's DeepSeek tokenizer.

:data:`PRESSURE_LIMIT` (85%, Odysseus) is where the window counts as nearly full: the
``drift_pressure`` signal is at full strength there, and :mod:`.compaction` has the model
summarise the older turns (nothing is ever cut or dropped) so what is sent stays under it.
"""

from __future__ import annotations

import math
from typing import Any

PRESSURE_LIMIT = 0.85
MESSAGE_OVERHEAD = 4


def _is_wide(ch: str) -> bool:
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF
            or 0xFF00 <= code <= 0xFFEF or 0x20000 <= code <= 0x2FA1F)


CJK_RATE_DEFAULT = 1.3
CJK_RATE_CHINESE_VOCAB = 0.65
_CHINESE_VOCAB = ("deepseek", "qwen", "glm", "chatglm", "zhipu", "yi-", "baichuan", "moonshot", "kimi", "doubao",
                  "ernie", "hunyuan", "minimax", "abab", "internlm", "spark")


def cjk_rate(model: str | None) -> float:
    """Tokens per CJK character for a model name (litellm style, e.g. ``deepseek/deepseek-chat``)."""
    name = (model or "").lower()
    return CJK_RATE_CHINESE_VOCAB if any(key in name for key in _CHINESE_VOCAB) else CJK_RATE_DEFAULT


def estimate_tokens(text: str, model: str | None = None) -> int:
    """Roughly how many tokens ``text`` costs ``model`` (see the module docstring)."""
    if not text:
        return 0
    wide = sum(1 for ch in text if _is_wide(ch))
    narrow = len(text) - wide
    return math.ceil(wide * cjk_rate(model) + narrow / 4)


def message_tokens(message: dict[str, Any], model: str | None = None) -> int:
    content = message.get("content") or ""
    if not isinstance(content, str):
        content = str(content)
    extra = sum(estimate_tokens(str(c), model) for c in message.get("tool_calls") or [])
    return MESSAGE_OVERHEAD + estimate_tokens(content, model) + extra


def messages_tokens(messages: list[dict[str, Any]], model: str | None = None) -> int:
    return sum(message_tokens(m, model) for m in messages)

"""A new profile field's TTL, as the model judges it (the last resort of ``infer_ttl``).

Asked only when a model is configured and no field dictionary or heuristic knew the field.
Any failure (no model, unreachable, an answer that is not the JSON asked for) returns None, so
the staleness flow falls back to its default and says so; creating a field never fails because
a model is down. The model's reason is judged before it is shown or kept (:func:`judged_reason`).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..specs import TTLGuess
    from ..workspace import Workspace

TTL_DEADLINE = 30.0
MAX_TTL = 36500


def parse_ttl_answer(text: str) -> tuple[int | None, str] | None:
    match = re.search(r"\{.*\}", text or "", re.S)
    if not match:
        return None
    try:
        data = json.loads(match.group(0))
    except ValueError:
        return None
    if not isinstance(data, dict) or "ttl_days" not in data:
        return None
    ttl = data.get("ttl_days")
    reason = str(data.get("reason") or "").strip()[:200]
    if ttl is None:
        return None, reason
    if isinstance(ttl, bool) or not isinstance(ttl, (int, float)) or not 1 <= int(ttl) <= MAX_TTL:
        return None
    return int(ttl), reason


def model_ttl_guess(ws: "Workspace", name: str, value: Any) -> "TTLGuess | None":
    from ..errors import MyLifeError
    from ..specs import TTLGuess
    from .settings import load_settings

    try:
        settings = load_settings(ws)
    except MyLifeError:
        return None
    if not settings.configured:
        return None
    from .client import Deadline, client_for
    from .prompts import TTL_SYSTEM, pick, untrusted_context_message

    try:
        client = client_for(ws, settings)
        messages = [{"role": "system", "content": pick(TTL_SYSTEM)},
                    untrusted_context_message("new profile field", {"field": name, "value": value}),
                    {"role": "user", "content": "ttl?"}]
        turn = client.complete(messages, json_mode=True,
                               deadline=Deadline(min(settings.deadline, TTL_DEADLINE)))
    except MyLifeError:
        return None
    parsed = parse_ttl_answer(turn.text)
    if parsed is None:
        return None
    ttl, reason = parsed
    return TTLGuess(ttl_days=ttl, reason=judged_reason(name, value, reason), source="model")


def judged_reason(name: str, value: Any, reason: str) -> str:
    """The model's reason as shown and kept (``ttl_reason``), through the judging rule for text a
    model writes into the user's records (:func:`~mylife_core.pipeline.judging.verdict_words`,
    as a claim's context): a reason that judges or advises the user in words their field does not
    use is withheld, neither shown nor stored; the output says so and that only the days were used."""
    from ..messages import join, t
    from ..pipeline.judging import verdict_words

    words = verdict_words(reason, f"{name} {value}", "fact") if reason else set()
    if words:
        return t("ttl.model_reason_withheld", words=join(sorted(words)))
    return t("ttl.model_reason", reason=reason or "-")

"""``mylife status``: counts per layer, stale fields, open branches, recent changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import clock

if TYPE_CHECKING:  # pragma: no cover
    from .workspace import Workspace


def age_text(days: float) -> str:
    """"3 个月前" / "3 months ago" style age for a number of days."""
    from .messages import t

    n = int(days)
    if n < 1:
        return t("age.today")
    if n < 60:
        return t("age.days", n=n)
    if n < 730:
        return t("age.months", n=round(n / 30.4))
    return t("age.years", n=round(n / 365.25))


def gather(ws: "Workspace", recent: int = 8) -> dict[str, Any]:
    now = clock.now()
    counts = ws.claims.counts()
    fields = ws.profile.fields()
    stale = {name: f for name, f in fields.items() if f.is_stale(now)}
    branches = ws.index.branches()
    open_branches = [b for b in branches if b.status == "open"]
    return {
        "workspace": str(ws.root),
        "now": now,
        "store": ws.config.store,
        "layers": {
            "raw": {"records": ws.raw.count()},
            "digest": {"topics": ws.digests.count()},
            "claims": {
                "total": sum(counts.get("status", {}).values()),
                "by_status": counts.get("status", {}),
                "by_kind": counts.get("kind", {}),
                "topics": len(counts.get("topic", {})),
            },
            "profile": {"fields": len(fields), "stale": len(stale)},
            "index": {"chains": ws.index.count_chains(), "branches": len(branches), "open_branches": len(open_branches)},
        },
        "stale_fields": [
            {"name": name, "value": f.value, "updated_at": f.updated_at, "ttl_days": f.ttl_days,
             "age_days": int(f.age_days(now)), "overdue_days": f.overdue_days(now)}
            for name, f in sorted(stale.items(), key=lambda kv: -kv[1].overdue_days(now))
        ],
        "open_branches": [
            {"id": b.id, "topic": b.topic, "parent_topic": b.parent_topic, "opened_at": b.opened_at}
            for b in open_branches
        ],
        "candidates": counts.get("status", {}).get("candidate", 0),
        "llm_cooling": cooling_endpoints(ws),
        # a chat's turns are conversation, not changes to the layers: two a turn would fill the list
        "recent_changes": [e.model_dump(mode="json") for e in reversed(ws.audit.tail(recent, exclude=("session.turn",)))],
    }


def cooling_endpoints(ws: "Workspace") -> list[dict[str, Any]]:
    """Model endpoints resting after repeated failures (``cache/llm-cooldown.json``; cheap: no litellm)."""
    import json
    import time

    from .llm.cooldown import FILE

    try:
        data = json.loads((ws.cache_dir / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    from .safeurl import scrub_urls

    now = time.time()
    out = []
    for label, entry in ((data or {}).get("endpoints") or {}).items():
        left = float((entry or {}).get("until") or 0) - now
        if left > 0:
            error = entry.get("last_error")  # a file written by an older MyLife may hold a URL's password
            out.append({"endpoint": scrub_urls(label), "seconds_left": round(left, 1),
                        "last_error": scrub_urls(error) if isinstance(error, str) else error})
    return out

"""Staleness: per-field TTL, decision dependencies and the pre-decision check (docs/design.md#staleness).

MyLife never advises on data that may have changed without saying so. The pieces:

* :mod:`.ttl` and :mod:`.heuristics`: a new field's TTL, inferred from field dictionaries,
  then by meaning, then by the model, and confirmed once with the user;
* :mod:`.dictionary`: field dictionaries and lens data as YAML files;
* :mod:`.decisions`: question -> decisions (name, aliases, keywords) -> dependency fields;
* :mod:`.check`: which of those fields are expired or missing, and the combined verdict
  of every ``pre_decide`` plugin;
* :mod:`.annotate`: how a conclusion that uses a kept stale value is marked and weighted;
* :mod:`.maintain` and :mod:`.schedule`: upkeep of the longest-unconfirmed fields, on demand
  or on a schedule.

The API other parts of MyLife use::

    from mylife_core.staleness import check, match_decisions, stale_note, STALE_WEIGHT
    report = check(ws, "我该不该跳槽？", options={"accept_stale": False, "keep": []})
"""

from __future__ import annotations

from .annotate import STALE_WEIGHT, stale_note
from .check import Assessment, BlockingField, StalenessReport, assess, check, resolve_field
from .decisions import Dependency, dependencies, match_decisions, match_topic, rank_decisions, rank_topics
from .ttl import DEFAULT_TTL_DAYS, TTLChoice, confirm_new_field, propose_ttl

__all__ = [
    "STALE_WEIGHT", "stale_note",
    "Assessment", "BlockingField", "StalenessReport", "assess", "check", "resolve_field",
    "Dependency", "dependencies", "match_decisions", "match_topic", "rank_decisions", "rank_topics",
    "DEFAULT_TTL_DAYS", "TTLChoice", "confirm_new_field", "propose_ttl",
]

"""A ``tryfirst`` plugin: its TTL guess beats every field dictionary and the core's heuristics."""

from mylife_core import hookimpl
from mylife_core.specs import TTLGuess


@hookimpl(tryfirst=True)
def infer_ttl(name):
    return TTLGuess(ttl_days=7, reason="mylife-first answers first", source="plugin:mylife-first")

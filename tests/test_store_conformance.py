"""Run the claim-store conformance suite (tests/store_conformance.py) against every backend:
the builtin files store and the real Memorix and knowledge-graph servers."""

from store_conformance import *  # noqa: F401,F403  (the suite's fixtures and tests)

"""The four layers of a workspace (docs/design.md#layers) plus the audit log.

L0 ``raw``      the user's words, byte for byte, append-only
L1 ``digest``   topic digests: the model's original and the user's revision
L2 ``claims``   evidence with kind, source, provenance pointer and hash, status
L3 ``profile``  fields with value, per-field TTL and history
L4 ``index``    conclusion -> claim -> digest -> raw chains, and topic branches
"""

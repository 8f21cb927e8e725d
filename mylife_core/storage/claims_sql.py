"""The one claims query both SQLite claim indexes answer (``cache/claims.sqlite`` of the files store and
the external-backend mirror): same columns (``topic``, ``kind``, ``status``, ``occurred_at``, ``day``,
``seq``, ``json``), same order (when it happened, then when it was added)."""

from __future__ import annotations

from datetime import date


def select_claims(*, topic: str | None = None, kind: str | None = None, status: str | None = None,
                  since: date | None = None, until: date | None = None, limit: int | None = None,
                  newest_first: bool = False) -> tuple[str, list]:
    """The SQL and its parameters selecting the ``json`` column of the matching claims."""
    where, args = [], []
    for column, value in (("topic", topic), ("kind", kind), ("status", status)):
        if value is not None:
            where.append(f"{column}=?")
            args.append(value)
    if since is not None:
        where.append("occurred_at>=?")
        args.append(since.isoformat())
    if until is not None:
        where.append("occurred_at<=?")
        args.append(until.isoformat())
    sql = "SELECT json FROM claims"
    if where:
        sql += " WHERE " + " AND ".join(where)
    order = "DESC" if newest_first else "ASC"
    sql += f" ORDER BY occurred_at {order}, day {order}, seq {order}"
    if limit:
        sql += " LIMIT ?"
        args.append(limit)
    return sql, args

"""What is wrong in a hand-edited file, said in the user's language.

A :class:`~mylife_core.errors.DataFileError` names the file and line; its ``problem`` says which
entry or field is wrong and what is allowed. pydantic's own text (``0.kind: Input should be
'fact', ...``) is English only: the common error types (a choice, a missing or unknown field, a
wrong type, a date, a number's bound) are said here in the user's language (English keeps the
entry path ``0.kind`` and the allowed values); any other type keeps pydantic's text.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import ValidationError

from ..messages import language, t

#: pydantic error type -> the message saying what is allowed (``bad_file.v.<name>``)
_KINDS = {
    "literal_error": "choice", "enum": "choice",
    "missing": "missing",
    "extra_forbidden": "extra",
    "int_type": "int", "int_parsing": "int", "int_from_float": "int", "int_parsing_size": "int",
    "float_type": "number", "float_parsing": "number", "finite_number": "number",
    "decimal_type": "number", "decimal_parsing": "number",
    "string_type": "text", "string_unicode": "text",
    "bool_type": "bool", "bool_parsing": "bool",
    "date_type": "date", "date_parsing": "date", "date_from_datetime_parsing": "date",
    "date_from_datetime_inexact": "date",
    "datetime_type": "datetime", "datetime_parsing": "datetime", "datetime_from_date_parsing": "datetime",
    "datetime_object_invalid": "datetime",
    "greater_than": "gt", "greater_than_equal": "ge", "less_than": "lt", "less_than_equal": "le",
    "list_type": "list", "tuple_type": "list",
    "dict_type": "mapping", "model_type": "mapping", "model_attributes_type": "mapping",
}
_LIMITS = {"gt": "gt", "ge": "ge", "lt": "lt", "le": "le"}


def shown(value: Any, limit: int = 40) -> str:
    """A value as the file holds it, short: ``'facts'``, ``-90``, ``2026-01-15``."""
    if isinstance(value, (date, datetime)):
        text = value.isoformat(sep=" ") if isinstance(value, datetime) else value.isoformat()
    elif isinstance(value, (dict, list)):
        text = type(value).__name__
    else:
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def where(loc: tuple[Any, ...]) -> str:
    """The entry and field: ``0.kind`` in English, ``第 1 条的 kind`` in Chinese."""
    if not loc:
        return t("bad_file.where_top")
    if language() == "en":
        return ".".join(str(p) for p in loc)
    out, previous = "", None
    for part in loc:
        if isinstance(part, int):  # an entry of a list: "branches 第 2 条"
            out += (" " if previous else "") + t("bad_file.where_item", n=part + 1)
            previous = "item"
        else:  # a field: "第 2 条的 status", "fields.现有存款.ttl_days"
            out += {"name": ".", "item": t("bad_file.where_of"), None: ""}[previous] + str(part)
            previous = "name"
    return out


def _choices(expected: str) -> str:
    """pydantic's ``'a', 'b' or 'c'`` in the user's language."""
    if language() == "en":
        return expected
    return expected.replace(" or ", "、").replace(", ", "、")


def validation_problem(exc: ValidationError) -> tuple[tuple[Any, ...], str]:
    """``(loc, problem)`` for the first error of ``exc`` (the first is enough to find the entry)."""
    first = exc.errors()[0]
    loc = tuple(first.get("loc", ()))
    kind = _KINDS.get(str(first.get("type")), "other")
    ctx = first.get("ctx") or {}
    params: dict[str, Any] = {"where": where(loc), "msg": first.get("msg", ""), "value": shown(first.get("input"))}
    if kind == "choice":
        params["expected"] = _choices(str(ctx.get("expected", "")))
    if kind in _LIMITS:
        params["limit"] = ctx.get(kind, "")
    return loc, t(f"bad_file.v.{kind}", **params)


_DATE_DETAILS = {
    "month must be in 1..12": "bad_file.date.month",
    "day is out of range for month": "bad_file.date.day",
    "hour must be in 0..23": "bad_file.date.hour",
    "minute must be in 0..59": "bad_file.date.minute",
    "second must be in 0..59": "bad_file.date.second",
}


def bad_date_problem(value: str, detail: str, *, with_time: bool) -> str:
    """A value YAML reads as a date (``2026-13-05``, ``2026-02-30``) that does not exist."""
    key = _DATE_DETAILS.get(detail)
    reason = t(key) if key and language() != "en" else detail
    return t("bad_file.bad_datetime" if with_time else "bad_file.bad_date", value=value, reason=reason)


def yaml_syntax_problem(detail: str) -> str:
    """A YAML syntax error: a sentence saying so and what to do, then the parser's own detail."""
    return t("bad_file.yaml_syntax", detail=detail)

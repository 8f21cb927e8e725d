"""What is wrong in a hand-edited file, or in a tool's JSON arguments, said in the user's language.

A :class:`~mylife_core.errors.DataFileError` names the file and line; its ``problem`` says which
entry or field is wrong and what is allowed. pydantic's own text (``0.kind: Input should be
'fact', ...``) is English only: the common error types (a choice, a missing or unknown field, a
wrong type, a date, a number's bound) are said here in the user's language (English keeps the
entry path ``0.kind`` and the allowed values); any other type keeps pydantic's text.

A tool's arguments (``mylife tool NAME --args JSON``, a model's call, an MCP client's) are
described by the same rules with their own wording (``args.v.<kind>``: "given", not "the file
has", values shown as JSON): :func:`arguments_problem`; JSON that does not parse, by
:func:`json_problem`; arguments that are not a JSON object, by :func:`not_an_object`.
"""

from __future__ import annotations

import json
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


def shown_json(value: Any, limit: int = 40) -> str:
    """A value as JSON writes it, short: ``"facts"``, ``-90``, ``[1, 2]``, ``null``."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:  # pragma: no cover - a circular value
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def where(loc: tuple[Any, ...], top: str = "bad_file.where_top") -> str:
    """The entry and field: ``0.kind`` in English, ``第 1 条的 kind`` in Chinese."""
    if not loc:
        return t(top)
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
    return tuple(first.get("loc", ())), error_problem(first)


def error_problem(error: dict[str, Any], *, family: str = "bad_file") -> str:
    """One pydantic error in the user's language: ``family`` ``bad_file`` says what a file holds
    (``bad_file.v.<kind>``), ``args`` what a tool was given (``args.v.<kind>``, values as JSON)."""
    loc = tuple(error.get("loc", ()))
    kind = _KINDS.get(str(error.get("type")), "other")
    ctx = error.get("ctx") or {}
    value = (shown_json if family == "args" else shown)(error.get("input"))
    params: dict[str, Any] = {"where": where(loc, f"{family}.where_top"), "msg": error.get("msg", ""), "value": value}
    if kind == "choice":
        params["expected"] = _choices(str(ctx.get("expected", "")))
    if kind in _LIMITS:
        params["limit"] = ctx.get(kind, "")
    return t(f"{family}.v.{kind}", **params)


def arguments_problem(exc: ValidationError, limit: int = 3) -> str:
    """What is wrong with a tool's arguments: the first ``limit`` problems (a model fixes them
    all at once), each as :func:`error_problem` says it."""
    from ..messages import join

    return join((error_problem(e, family="args") for e in exc.errors()[:limit]), "semi")


#: the JSON parser's messages (``json.JSONDecodeError.msg``, its start) -> ``json.problem.<key>``
_JSON_PROBLEMS = (
    ("Expecting value", "value"),
    ("Expecting property name enclosed in double quotes", "name"),
    ("Expecting ':' delimiter", "colon"),
    ("Expecting ',' delimiter", "comma"),
    ("Unterminated string", "unterminated"),
    ("Invalid control character", "control"),
    ("Invalid \\uXXXX escape", "unicode_escape"),
    ("Invalid \\escape", "escape"),
    ("Extra data", "extra"),
    ("Illegal trailing comma", "trailing_comma"),
)


def json_problem(exc: ValueError) -> str:
    """JSON that does not parse, in the user's language: where (line and column) and what the
    parser expected there; a message it has not been taught keeps the parser's own text."""
    if not isinstance(exc, json.JSONDecodeError):
        return str(exc)
    key = next((k for start, k in _JSON_PROBLEMS if exc.msg.startswith(start)), None)
    what = t(f"json.problem.{key}") if key else exc.msg
    return t("json.problem.at", line=exc.lineno, column=exc.colno, what=what)


_JSON_KINDS = {list: "array", tuple: "array", str: "string", bool: "boolean", int: "number", float: "number",
               type(None): "null"}


def not_an_object(value: Any) -> str:
    """Arguments that are JSON but not an object (``[1]``, ``"x"``): what they are instead."""
    kind = _JSON_KINDS.get(type(value), "other")
    return t("json.not_object", kind=t(f"json.kind.{kind}"), value=shown_json(value))


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

"""The one place that knows what time it is.

``MYLIFE_NOW`` (an ISO date ``2026-03-01`` or datetime ``2026-03-01T09:30``) overrides
"now" everywhere, so tests and users replaying history get deterministic staleness.
"""

from __future__ import annotations

import os
from datetime import date, datetime, time

from .errors import UsageError


def _local_tz():
    return datetime.now().astimezone().tzinfo


def parse_when(value: str, *, what: str = "--at") -> datetime:
    """Parse a user-supplied date or datetime into an aware datetime (local zone)."""
    text = value.strip()
    try:
        if len(text) == 10:
            parsed = datetime.combine(date.fromisoformat(text), time(0, 0))
        else:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError("bad_date", what=what, value=value) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=_local_tz())
    return parsed


def parse_when_precision(value: str, *, what: str = "--at") -> tuple[datetime, str]:
    """Like :func:`parse_when`, also accepting a month (``2025-03``, how people date old
    notes): returns the moment and its precision, ``"month"`` (the first of the month stands
    for it) or ``"day"``."""
    text = value.strip()
    if len(text) == 7 and text[4] == "-" and text[:4].isdigit() and text[5:].isdigit():
        year, month = int(text[:4]), int(text[5:])
        if year >= 1 and 1 <= month <= 12:
            return datetime(year, month, 1, tzinfo=_local_tz()), "month"
        raise UsageError("bad_date", what=what, value=value)
    return parse_when(value, what=what), "day"


def parse_at(value: str, *, what: str = "--at") -> tuple[datetime, str]:
    """The date of something that happened, as every ``--at`` takes it: ``2026-01-15``,
    ``2026-01-15T09:30`` (a zone may follow) or a month, ``2025-03`` (how people date old notes).

    Returns the moment and its precision, as :func:`parse_when_precision`: a month is its first
    day (00:00, local zone) with precision ``"month"``. Refused, before anything is written: an
    empty value (``--at ""`` is not "today": leave ``--at`` out for that), a value in none of
    those forms (the message lists them), a date after today (:func:`today`, in the user's zone; a
    month only when the whole month is still to come, so the current month is fine) and a moment
    later today than :func:`now`."""
    if not value.strip():
        raise UsageError("at_empty", what=what)
    try:
        when, precision = parse_when_precision(value, what=what)
    except UsageError:
        raise UsageError("at_bad", what=what, value=value) from None
    check_not_future(when, precision, what=what, value=value)
    return when, precision


def check_not_future(when: datetime | date, precision: str = "day", *, what: str = "--at",
                     value: str | None = None) -> None:
    """Refuse a date after today, and a moment later today than now: what is recorded has already
    happened. ``when`` is compared in the user's zone; with ``precision="month"`` only a month
    after the current one is refused."""
    current = now()
    if isinstance(when, datetime) and precision != "month":  # a month is its own: no zone shift
        day = as_aware(when).astimezone(current.tzinfo).date()
    else:
        day = when.date() if isinstance(when, datetime) else when
    this = current.date()
    future = (day.year, day.month) > (this.year, this.month) if precision == "month" else day > this
    if future:
        shown = value if value is not None else (day.isoformat()[:7] if precision == "month" else day.isoformat())
        raise UsageError("at_future", what=what, value=shown, today=this.isoformat())
    # today, at a moment still to come (a day alone is its 00:00); not when the clock is set to a
    # day only (MYLIFE_NOW=2026-03-01 knows no time of day)
    if isinstance(when, datetime) and precision != "month" and knows_time() and as_aware(when) > current:
        shown = value if value is not None else as_aware(when).astimezone(current.tzinfo).isoformat(timespec="minutes")
        raise UsageError("at_future_time", what=what, value=shown, now=current.strftime("%Y-%m-%d %H:%M"))


def knows_time() -> bool:
    """Whether :func:`now` knows the time of day: not when ``MYLIFE_NOW`` is a date alone."""
    override = os.environ.get("MYLIFE_NOW", "").strip()
    return not override or len(override) != 10


def now() -> datetime:
    """The current moment as an aware datetime, honouring ``MYLIFE_NOW``."""
    override = os.environ.get("MYLIFE_NOW")
    if override:
        return parse_when(override, what="MYLIFE_NOW")
    return datetime.now().astimezone().replace(microsecond=0)


def today() -> date:
    return now().date()


def as_aware(value: datetime | date) -> datetime:
    """Promote a date or naive datetime to an aware datetime in the local zone."""
    if not isinstance(value, datetime):
        value = datetime.combine(value, time(0, 0))
    if value.tzinfo is None:
        value = value.replace(tzinfo=_local_tz())
    return value


def days_between(earlier: datetime | date, later: datetime | date) -> float:
    return (as_aware(later) - as_aware(earlier)).total_seconds() / 86400.0

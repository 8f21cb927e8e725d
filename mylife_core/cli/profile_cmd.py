from __future__ import annotations

import click

from .. import clock
from ..layers.profile import FIELD_SOURCES, ProfileField, check_value, field_value, is_past_value, parse_ttl
from ..messages import code_name, t
from ..status import age_text
from .common import Output, coded, table, workspace_options


@click.group("profile", help=t("help.profile"))
def command() -> None:
    pass


def ttl_text(ttl_days: int | None) -> str:
    return t("word.never") if ttl_days is None else t("word.days", n=ttl_days)


def field_json(name: str, f: ProfileField, now) -> dict:
    return {"name": name, **f.model_dump(mode="json"), "stale": f.is_stale(now),
            "age_days": int(f.age_days(now)), "overdue_days": f.overdue_days(now)}


@command.command("set", help=t("help.profile.set"))
@click.argument("name")
@click.argument("value")
@click.option("--ttl", "ttl", default=None, metavar="DAYS|never", help=t("help.opt.ttl"))
@click.option("--source", type=click.Choice(FIELD_SOURCES), default="user_filled", show_default=True,
              help=t("help.opt.source"))
@click.option("--topic", default=None, help=t("help.opt.topic"))
@click.option("--at", "at", default=None, help=t("help.opt.at_forms"))
@click.option("--yes", "-y", "yes", is_flag=True, help=t("help.opt.yes"))
@workspace_options
def set_(ws, out: Output, name: str, value: str, ttl: str | None, source: str, topic: str | None, at: str | None,
         yes: bool) -> None:
    """``--at`` takes what ``record --at`` takes. A field's ``updated_at`` is a moment, with no
    room for a precision, so a month (``2025-03``) is its first day, 00:00 (the date a month-dated
    note has; the value counts as a little older, never as newer than it is) and the output says
    so. A date after today is refused."""
    ttl_given, ttl_days = parse_ttl(ttl)
    when, precision = clock.parse_at(at) if at is not None else (None, "day")
    reason = ttl_source = sensitivity = inferred = None
    given = name.strip()
    if ws.profile.find(given) is None:  # 存款 when the profile keeps 现有存款: that field, not a second one
        from ..staleness.check import profile_field

        own = profile_field(ws, given, by_meaning=False)  # a write goes by the dictionary's names only
        if own is not None and own != given:
            name = own
            out.line(t("profile.set_other_name", given=given, name=own))
    if not ttl_given and ws.profile.find(name.strip()) is None:
        # a new field: infer its TTL, show it with why, confirm or change it once (docs/design.md#ttl)
        import sys

        from ..staleness.ttl import check_new_field, confirm_new_field

        check_new_field(name, value)  # bad input is reported before anything is asked
        check_value(ws, name, value)
        inferred = confirm_new_field(
            ws, name.strip(), value, interactive=sys.stdin.isatty() and not yes and not out.json,
            auto="json" if out.json else ("yes" if yes else "no_terminal"),
            prompt=lambda text: click.prompt(text, default="", show_default=False), say=out.line)
        ttl_days, reason, ttl_source, ttl_given = inferred.ttl_days, inferred.reason, inferred.source, True
        topic, sensitivity = topic or inferred.guess.topic, inferred.guess.sensitivity
    field, previous = ws.profile.set(name, value, ttl_days=ttl_days, ttl_given=ttl_given, ttl_reason=reason,
                                     ttl_source=ttl_source, source=source, topic=topic, sensitivity=sensitivity,
                                     at=when, actor="user")
    now = clock.now()
    into_history = is_past_value(previous, when)
    out.emit({"ok": True, "field": field_json(name.strip(), field, now), "created": previous is None,
              "named_as": given if given != name.strip() else None,
              "previous_value": previous.value if previous else None, "into_history": into_history,
              "ttl_inference": inferred.to_json() if inferred else None})
    month_note = t("at.month_first_day", day=when.date().isoformat()) if precision == "month" else None
    if into_history:
        out.line(t("profile.into_history", name=name.strip(), at=when.date().isoformat(),
                   value=field_value(ws, name, value), current=field.value, current_at=field.updated_at.date().isoformat()))
        if month_note:
            out.line(month_note)
        return
    out.line(t("profile.set", name=name.strip(), value=field.value, ttl=ttl_text(field.ttl_days),
               source=code_name("source", field.source)))
    if month_note:
        out.line(month_note)
    if field.ttl_reason and previous is None and (inferred is None or inferred.how == "changed"):
        out.line(t("profile.ttl_reason", reason=field.ttl_reason))
    if previous is not None and len(field.history) == len(previous.history):  # the same value again
        if previous.ttl_days != field.ttl_days:
            out.line(t("s28cli.profile.ttl_only", old=ttl_text(previous.ttl_days), new=ttl_text(field.ttl_days)))
    elif previous is not None and previous.value != field.value:
        out.line(t("profile.changed", old=previous.value))


@command.command("get", help=t("help.profile.get"))
@click.argument("name")
@workspace_options
def get(ws, out: Output, name: str) -> None:
    asked = name
    fields = ws.profile.fields()
    if name not in fields:
        # the dictionary's name for a field the profile keeps under an alias (房租 ~ 房租月支出), or the reverse
        from ..staleness.check import profile_field

        name = profile_field(ws, name, fields) or name
    field = fields.get(name) or ws.profile.get(asked)  # nothing under any name: the layer's NotFound
    now = clock.now()
    out.emit({"ok": True, "field": field_json(name, field, now), **({"asked": asked} if asked != name else {})})
    if asked != name:
        out.line(t("profile.held_as", asked=asked, name=name), dim=True)
    state = t("profile.stale") if field.is_stale(now) else t("profile.fresh")
    out.line(f"{name} = {field.value}")
    out.line(f"  updated_at  {field.updated_at.isoformat()}" + t("sep.paren", text=age_text(field.age_days(now))))
    out.line(f"  ttl         {ttl_text(field.ttl_days)} · {state}")
    if field.ttl_reason:
        out.line(f"  ttl_reason  {field.ttl_reason}")
    out.line(f"  source      {coded(field.source, code_name('source', field.source))}")
    for past in reversed(field.history):
        out.line(f"  history     {past.updated_at.date().isoformat()}  {past.value}  "
                 f"({code_name('source', past.source)})")


@command.command("list", help=t("help.profile.list"))
@click.option("--stale", is_flag=True, help=t("help.opt.stale"))
@workspace_options
def list_(ws, out: Output, stale: bool) -> None:
    now = clock.now()
    fields = ws.profile.fields()
    chosen = {n: f for n, f in fields.items() if not stale or f.is_stale(now)}
    ordered = sorted(chosen.items(), key=lambda kv: (-kv[1].overdue_days(now), kv[0])) if stale else sorted(chosen.items())
    out.emit({"ok": True, "count": len(ordered), "fields": [field_json(n, f, now) for n, f in ordered]})
    if not fields:
        out.line(t("profile.none"))
        return
    if stale:
        if not ordered:
            out.line(t("profile.no_stale"))
        for n, f in ordered:
            out.line(t("profile.stale_line", name=n, age=age_text(f.age_days(now)), ttl=ttl_text(f.ttl_days),
                       over=f.overdue_days(now)))
        return
    rows = [[n, str(f.value), f.updated_at.date().isoformat(), ttl_text(f.ttl_days),
             t("profile.stale") if f.is_stale(now) else t("profile.fresh")] for n, f in ordered]
    out.line(table(rows, [t(f"profile.col.{c}") for c in ("field", "value", "updated", "ttl", "state")]))


@command.command("confirm", help=t("help.profile.confirm"))
@click.argument("name")
@workspace_options
def confirm(ws, out: Output, name: str) -> None:
    field = ws.profile.confirm(name, actor="user")
    out.emit({"ok": True, "field": field_json(name, field, clock.now())})
    out.line(t("profile.confirmed", name=name, value=field.value, at=field.updated_at.date().isoformat()))


@command.command("unset", help=t("help.profile.unset"))
@click.argument("name")
@workspace_options
def unset(ws, out: Output, name: str) -> None:
    """Remove a field (your command is the approval). Only the exact name is removed: another
    name of a field the profile keeps (存款 for 现有存款) is refused with the command that names
    it, so a field is never removed under a name the user did not type."""
    from ..errors import NotFound
    from ..shell import word

    name = name.strip()
    if ws.profile.find(name) is None:
        from ..staleness.check import profile_field

        own = profile_field(ws, name, by_meaning=False)
        if own is not None and own != name:
            raise NotFound("s26b.unset_other_name", name=name, field=own, word=word(own))
    removed = ws.profile.unset(name, actor="user")
    out.emit({"ok": True, "removed": field_json(name, removed, clock.now())})
    out.line(t("s26b.profile.unset", name=name, value=removed.value, at=removed.updated_at.date().isoformat(),
               n=len(removed.history)))
    out.line(t("s26b.profile.unset_kept", word=word(name)))

"""``mylife staleness``, ``mylife maintain`` and ``mylife skills``.

Added to the CLI by the builtin plugin :mod:`mylife_core.builtin.upkeep`. Each command is a
thin layer over a library function; their ``--json`` keys are documented in docs/lenses.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..cli.common import Output, workspace_options
from ..messages import disclaimer, disclaimer_lines, join, t
from .render import command_prefix
from .schedule import EVERY, KINDS

# --------------------------------------------------------------------------- mylife staleness


@click.command("staleness", help=t("help.staleness"))
@click.argument("question")
@click.option("--keep", "keep", multiple=True, metavar="FIELD", help=t("help.opt.keep"))
@click.option("--accept-stale", is_flag=True, help=t("help.opt.accept_stale"))
@click.option("--accept-missing", is_flag=True, help=t("help.opt.accept_missing"))
@workspace_options
def staleness(ws, out: Output, question: str, keep: tuple[str, ...], accept_stale: bool, accept_missing: bool) -> None:
    from ..errors import UsageError
    from .check import check
    from .render import report_lines

    if not question.strip():
        raise UsageError("empty_text", what="QUESTION")
    report = check(ws, question.strip(), options={"keep": list(keep), "accept_stale": accept_stale,
                                                  "accept_missing": accept_missing})
    out.emit({"ok": True, **report.to_json(), "disclaimer": disclaimer()})
    for line in report_lines(report, prog=command_prefix(ws.root)):
        out.line(line)
    out.line("")
    for line in disclaimer_lines(model_used=False):  # the check never calls a model
        out.line(line)


# --------------------------------------------------------------------------- mylife maintain


def _show_schedule(out: Output, entry) -> None:
    out.emit({"ok": True, "schedule": entry.to_json()})
    for f in entry.files:
        key = "schedule.unchanged" if f.unchanged else ("schedule.replaced" if f.replaced else "schedule.written")
        out.line(t(key, path=str(f.path)), bold=True)
        out.line("")
        for line in f.content.rstrip("\n").splitlines():
            out.line("    " + line)
        out.line("")
    out.line(t("schedule.runs", when=t(f"schedule.every.{entry.every}", at=entry.at), log=str(entry.log)))
    out.line(t("schedule.not_installed"))
    for command in entry.install:
        out.line("    " + command)
    out.line(t("schedule.uninstall"))
    for command in entry.uninstall:
        out.line("    " + command)


def _interactive_confirm(ws, out: Output, fields) -> dict[str, list[str]]:
    """Ask about each field: still true (Enter or a yes, :mod:`mylife_core.yesno`), a new value
    (set), skip, or quit. A no asks for the new value: it was stored as the value (「n」, 「不是」)."""
    from ..errors import Conflict, UsageError
    from ..yesno import normalise, yes_no

    done: dict[str, list[str]] = {"confirmed": [], "updated": [], "skipped": []}
    for i, f in enumerate(fields):
        question, new_value = t("maintain.ask", name=f.name, value=f.value), False
        while True:  # a value the field refuses (工作年限 很久) is said and asked again, not the end of the round
            answer = click.prompt(question, default="", show_default=False).strip()
            word = normalise(answer)
            # after a no, the answer is the new value as typed (a field of 是/否 may be set to 否)
            verdict = None if new_value else yes_no(answer)
            if word in ("q", "quit", "退出", "结束"):
                done["skipped"] += [g.name for g in fields[i:]]
                return done
            if word in ("s", "skip", "跳过") or (new_value and not word):
                done["skipped"].append(f.name)
                break
            if verdict is False:
                question, new_value = t("s32confirm.maintain.new_value"), True
                continue
            if not new_value and (not word or verdict is True or word in ("没变", "没有变", "不变", "一样")):
                try:  # the value asked about: changed meanwhile (another window), it is not confirmed
                    ws.profile.confirm(f.name, actor="user", seen=f.value)
                except Conflict as exc:
                    out.line("  " + exc.render())
                    done["skipped"].append(f.name)
                    break
                done["confirmed"].append(f.name)
                out.line("  " + t("maintain.did_confirm", name=f.name))
                break
            try:
                field, previous = ws.profile.set(f.name, answer, actor="user")
            except UsageError as exc:
                out.line("  " + exc.render())
                continue
            done["updated"].append(f.name)
            out.line("  " + t("maintain.did_update", name=f.name, old=previous.value if previous else "",
                              new=field.value))
            break
    return done


@click.command("maintain", help=t("help.maintain"))
@click.option("-n", "n", type=click.IntRange(min=0, max=10**6), default=10, show_default=True, help=t("help.opt.maintain_n"))
@click.option("--all", "include_never", is_flag=True, help=t("help.opt.maintain_all"))
@click.option("--no-claims", is_flag=True, help=t("help.opt.no_claims"))
@click.option("--no-input", is_flag=True, help=t("help.opt.no_input"))
@click.option("--install-schedule", "kind", type=click.Choice(KINDS), default=None, help=t("help.opt.install_schedule"))
@click.option("--every", type=click.Choice(EVERY), default="weekly", show_default=True, help=t("help.opt.every"))
@click.option("--time", "at", default="09:00", show_default=True, metavar="HH:MM", help=t("help.opt.schedule_time"))
@click.option("--to", "directory", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=t("help.opt.schedule_to"))
@workspace_options
def maintain(ws, out: Output, n: int, include_never: bool, no_claims: bool, no_input: bool, kind: str | None,
             every: str, at: str, directory: Path | None) -> None:
    from ..status import age_text
    from .maintain import upkeep
    from .schedule import install_schedule
    from .ttl import ttl_text

    if kind is not None:
        _show_schedule(out, install_schedule(ws, kind, every=every, at=at, n=n, directory=directory))
        return
    from ..progress import reporting

    with reporting(t("maintain.checking"), enabled=not out.json) as progress:
        report = upkeep(ws, n, include_never=include_never, claims=not no_claims, progress=progress)
    marked = mark_changed_stale(ws) if report.claims_changed_total else []
    interactive = not out.json and not no_input and sys.stdin.isatty() and bool(report.fields)
    data = {"ok": True, **report.to_json()}
    out.line(t("maintain.title", now=report.now.strftime("%Y-%m-%d %H:%M"), workspace=str(ws.root)), bold=True)
    if not report.fields:
        out.line(t("maintain.no_fields"))
    else:
        out.line(t("maintain.fields_head", n=len(report.fields), total=report.fields_total, stale=report.stale_total))
        for i, f in enumerate(report.fields, start=1):
            if f.ttl_days is None:
                state = t("maintain.state.never")
            elif f.stale:
                state = t("maintain.state.stale", over=f.overdue_days)
            else:
                state = t("maintain.state.fresh", days=f.due_in_days)
            out.line(t("maintain.field_line", i=i, name=f.name, value=f.value, age=age_text(f.age_days),
                       ttl=ttl_text(f.ttl_days), state=state))
    if report.claims_checked is not None:
        if report.claims_changed_total:
            out.line("")
            out.line(t("maintain.claims_head", n=report.claims_changed_total, checked=report.claims_checked))
            for c in report.claims:
                out.line(t(f"maintain.claim_{c.state}", id=c.id, claim=c.claim, pointer=c.provenance or "-",
                           prog=command_prefix(ws.root)))
            if report.claims_changed_total > len(report.claims):
                out.line(t("maintain.claims_more", n=report.claims_changed_total - len(report.claims)))
        elif report.claims_checked:
            out.line(t("maintain.claims_ok", checked=report.claims_checked))
        if marked:
            out.line(t("claim.stale.marked", n=len(marked), ids=join(marked[:5])))
            data["marked_stale"] = marked
    if interactive:
        out.line("")
        out.line(t("maintain.interactive"))
        data["answers"] = _interactive_confirm(ws, out, report.fields)
    elif report.fields:
        out.line("")
        out.line(t("maintain.how", prog=command_prefix(ws.root)))
    out.emit(data)


def mark_changed_stale(ws) -> list[str]:
    """Mark every claim in use whose source lines changed as ``stale`` (docs/design.md)."""
    from .maintain import changed_claims

    changed, _, _ = changed_claims(ws, limit=0)
    marked = []
    for c in changed:
        if c.state != "source_changed":
            continue
        claim = ws.claims.find(c.id)
        if claim is not None and claim.status in ("active", "disputed"):
            ws.claims.mark_stale(c.id, why=t("claim.stale.why"), actor="system")
            marked.append(c.id)
    return marked


# --------------------------------------------------------------------------- mylife skills


@click.command("skills", help=t("help.skills"))
@click.argument("name", required=False)
@workspace_options
def skills(ws, out: Output, name: str | None) -> int:
    from ..cli.common import echo_error, table
    from ..errors import DataFileError, NotFound
    from ..skills import discover

    catalog = discover(ws)
    if name:
        skill = catalog.get(name)
        if skill is None:
            raise NotFound("skill_not_found", name=name, known=", ".join(sorted(catalog.winners)) or "-")
        out.emit({"ok": True, "skill": skill.to_json(with_body=True),
                  "candidates": [s.to_json() for s in catalog.candidates(name)]})
        out.line(t("skills.show_head", name=skill.name, source=t(f"skills.source.{skill.source}"), path=str(skill.path)),
                 bold=True)
        out.line(skill.describe())
        for other in catalog.candidates(name):
            if not other.active:
                out.line(t("skills.overrides", source=t(f"skills.source.{other.source}"), path=str(other.path)))
        out.line("")
        out.line(skill.body.rstrip("\n"))
        return 0
    # A skill file that cannot be read is not loaded; the others are still listed, and the
    # command exits 5 (a bad file, docs/cli.md) so a script notices, naming file:line on stderr.
    problems = None
    if catalog.problems:
        problems = "\n".join([t("skills.problems", n=len(catalog.problems)),
                              *(f"  {p.message}" for p in catalog.problems), t("skills.bad_files_hint")])
    if problems is None:
        out.emit({"ok": True, **catalog.to_json()})
    else:
        out.emit({"ok": False, **catalog.to_json(), "error": {"code": DataFileError.code, "key": "skill_files_bad",
                                                              "message": problems,
                                                              "params": {"count": len(catalog.problems)}}})
    out.line(t("skills.roots"))
    for root in catalog.roots:
        exists = "" if root.exists else t("skills.missing_root")
        origin = f" · {root.origin}" if root.origin else ""
        out.line(f"  {root.rank:>3}  {t(f'skills.source.{root.source}')}{origin}  {root.path}{exists}")
    out.line("")
    if not catalog.skills:
        out.line(t("skills.none"))
    else:
        rows = []
        for s in catalog.skills:
            state = t("skills.active") if s.active else t("skills.shadowed", path=str(s.shadowed_by))
            rows.append([s.name if s.active else f"  {s.name}", t(f"skills.source.{s.source}"), str(s.path), state])
        out.line(table(rows, [t("skills.col.name"), t("skills.col.source"), t("skills.col.path"), t("skills.col.state")]))
    if problems is None:
        return 0
    echo_error(problems)
    return DataFileError.exit_code

from __future__ import annotations

import click

from ..layers.claims import KINDS, SOURCES, STATUSES, Claim
from ..messages import actor_name, code_name, t
from .common import Output, coded, table, workspace_options


@click.group("claim", help=t("help.claim"))
def command() -> None:
    pass


def claim_lines(c: Claim) -> list[str]:
    rows = [
        ("id", c.id), ("topic", c.topic), ("claim", c.claim),
        ("kind", coded(c.kind, t("kind." + c.kind))), ("source", coded(c.source, code_name("source", c.source))),
        ("provenance", c.provenance or "-"), ("excerpt_hash", c.excerpt_hash or "-"),
        ("occurred_at", c.occurred_at.isoformat()), ("context", c.context or "-"),
        ("confidence", c.confidence), ("status", coded(c.status, t("status." + c.status))),
        ("superseded_by", c.superseded_by or "-"),
    ]
    if c.note:
        rows.append(("note", c.note))
    rows.append(("actor", coded(c.actor, actor_name(c.actor))))
    return [f"{k:<14} {v}" for k, v in rows]


@command.command("add", help=t("help.claim.add"))
@click.argument("text")
@click.option("--topic", "-t", required=True, help=t("help.opt.topic"))
@click.option("--kind", "-k", type=click.Choice(KINDS), default="fact", show_default=True, help=t("help.opt.kind"))
@click.option("--from", "provenance", default=None, metavar="raw/FILE#Lnn", help=t("help.opt.from"))
@click.option("--context", default=None, help=t("help.opt.context"))
@click.option("--source", type=click.Choice(SOURCES), default=None, help=t("help.opt.source"))
@click.option("--confidence", type=click.Choice(("high", "medium", "low")), default="medium", show_default=True,
              help=t("help.opt.confidence"))
@click.option("--at", "at", default=None, help=t("help.opt.claim_at_forms"))
@workspace_options
def add(ws, out: Output, text: str, topic: str, kind: str, provenance: str | None, context: str | None,
        source: str | None, confidence: str, at: str | None) -> None:
    """``--at`` takes what ``record --at`` takes. A month (``2025-03``) dates the claim by the first
    of the month (``occurred_at`` is a date, so the id is ``claim-2025-03-01-NNN``), the rule a
    claim ``--from`` a month-dated note already follows; the statement recorded without ``--from``
    is a month-dated note (``raw/2025-03-<topic>.md``, precision ``month``), so the claim's
    provenance keeps the precision. A date after today is refused."""
    from ..clock import parse_at

    when, precision = parse_at(at) if at is not None else (None, "day")
    claim, recorded = ws.claims.add(claim=text, topic=topic, kind=kind, source=source, provenance=provenance,
                                    occurred_at=when, precision=precision, context=context,
                                    confidence=confidence, actor="user")
    out.emit(index_behind(ws, out, {"ok": True, "claim": claim.model_dump(mode="json"), "recorded_pointer": recorded}))
    out.line(t("claim.added", id=claim.id, kind=t("kind." + claim.kind), status=t("status." + claim.status)))
    if precision == "month":
        out.line(t("at.month_first_day", day=claim.occurred_at.isoformat()))
    if recorded:
        out.line(t("claim.recorded_statement", pointer=recorded))
    if claim.status == "candidate":
        out.line(t("claim.added_candidate", id=claim.id), fg="yellow")


@command.command("list", help=t("help.claim.list"))
@click.option("--topic", "-t", default=None, help=t("help.opt.topic"))
@click.option("--kind", "-k", type=click.Choice(KINDS), default=None, help=t("help.opt.kind"))
@click.option("--status", "-s", type=click.Choice(STATUSES), default=None, help=t("help.opt.status"))
@click.option("--limit", "-n", type=click.IntRange(min=0, max=10**9), default=50, show_default=True, help=t("help.opt.limit"))
@workspace_options
def list_(ws, out: Output, topic: str | None, kind: str | None, status: str | None, limit: int) -> None:
    from ..pipeline.topics import require_topic

    require_topic(ws, topic)
    claims = ws.claims.query(topic=topic, kind=kind, status=status, limit=(limit + 1) if limit else None,
                             newest_first=True)
    truncated = bool(limit) and len(claims) > limit
    claims = claims[:limit] if limit else claims
    claims.reverse()  # the newest N, shown oldest first like a timeline
    total = ws.claims.count(topic=topic, kind=kind, status=status) if truncated else len(claims)
    out.emit({"ok": True, "count": len(claims), "total": total, "truncated": truncated,
              "claims": [c.model_dump(mode="json") for c in claims]})
    if not claims:
        out.line(t("claim.none"))
        if not (topic or kind or status):  # none at all: how a claim is made
            out.line(t("claim.none_yet"))
        return
    rows = [[c.id, c.occurred_at.isoformat(), t("kind." + c.kind), t("status." + c.status), c.topic,
             c.claim if len(c.claim) <= 40 else c.claim[:39] + "…"] for c in claims]
    out.line(table(rows, [t(f"claim.col.{c}") for c in ("id", "date", "kind", "status", "topic", "claim")]))
    out.line(t("claim.count_of", n=len(claims), total=total) if truncated else t("claim.count", n=len(claims)))
    if truncated:
        out.line(t("claim.truncated", n=limit))


@command.command("show", help=t("help.claim.show"))
@click.argument("claim_id")
@workspace_options
def show(ws, out: Output, claim_id: str) -> None:
    claim = ws.claims.get(claim_id)
    out.emit({"ok": True, "claim": claim.model_dump(mode="json")})
    for line in claim_lines(claim):
        out.line(line)


def index_behind(ws, out: Output, payload: dict) -> dict:
    """The write is stored and audited, but the derived claims index could not be updated (another
    process held it past the wait): ``payload`` gets a ``warnings`` entry, and text output the same
    line on stderr. The next read brings the index up to date from the month files."""
    for warning in ws.claims.index_warnings():
        payload["warnings"] = [*payload.get("warnings", []), warning]
        if not out.json:
            out.note(warning)
    return payload


def _report(ws, out: Output, before: Claim, after: Claim) -> None:
    out.emit(index_behind(ws, out, {"ok": True, "before": before.model_dump(mode="json"),
                                    "claim": after.model_dump(mode="json")}))
    out.line(t("claim.status_changed", id=after.id, old=t("status." + before.status), new=t("status." + after.status)))


@command.command("accept", help=t("help.claim.accept"))
@click.argument("claim_id")
@click.option("--accept-model-line", "model_line", is_flag=True, help=t("s32claim.help.opt.accept_model_line"))
@workspace_options
def accept(ws, out: Output, claim_id: str, model_line: bool) -> None:
    claim = ws.claims.get(claim_id)
    if claim.status == "candidate" and not model_line and not _model_line_confirmed(ws, out, claim):
        return  # declined on the terminal: it stays a candidate, nothing written
    _report(ws, out, *ws.claims.accept(claim_id, actor="user"))


def _model_line_confirmed(ws, out: Output, claim: Claim) -> bool:
    """A candidate whose lines a model wrote becomes the user's own statement only on a yes to
    that (as a proposal citing a model's line, ``proposal accept``): on a terminal the lines are
    quoted and a second yes/no asked (default no); without one, or with ``--json``, it is refused
    naming ``--accept-model-line``, writing nothing. True for any other candidate."""
    import sys

    from ..errors import UsageError
    from ..shell import command_prefix
    from ..trace import model_lines
    from ..yesno import confirm

    line = model_lines(ws, claim.provenance)
    if line is None:
        return True
    actor, lines = line["actor"], line["lines"]
    if out.json or not sys.stdin.isatty():
        raise UsageError("s32claim.model_line_unconfirmed", id=claim.id, pointer=claim.provenance,
                         actor=actor_name(actor), text=" / ".join(text for _, text in lines),
                         prog=command_prefix(ws.root))
    click.echo(t("s32approve.cli.model_line_head", id=claim.id, actor=actor_name(actor), pointer=claim.provenance))
    for n, text in lines:
        click.echo(f"    L{n}: {text}")
    if confirm(t("s32claim.cli.model_line_prompt", id=claim.id), default=False):
        return True
    out.line(t("s32claim.cli.model_line_declined", id=claim.id, prog=command_prefix(ws.root)))
    return False


@command.command("reject", help=t("help.claim.reject"))
@click.argument("claim_id")
@click.option("--why", default=None, help=t("help.opt.why"))
@workspace_options
def reject(ws, out: Output, claim_id: str, why: str | None) -> None:
    _report(ws, out, *ws.claims.reject(claim_id, actor="user", why=why))


@command.command("dispute", help=t("help.claim.dispute"))
@click.argument("claim_id")
@click.option("--why", required=True, help=t("help.opt.why"))
@workspace_options
def dispute(ws, out: Output, claim_id: str, why: str) -> None:
    _report(ws, out, *ws.claims.dispute(claim_id, why=why, actor="user"))


@command.command("confirm", help=t("help.claim.confirm"))
@click.argument("claim_id")
@workspace_options
def confirm(ws, out: Output, claim_id: str) -> None:
    from ..trace import trace_claim

    before, after = ws.claims.confirm(claim_id, actor="user")
    lines = trace_claim(ws, claim_id).check.lines
    out.emit(index_behind(ws, out, {"ok": True, "changed": before is not after,
                                    "before": before.model_dump(mode="json"), "claim": after.model_dump(mode="json"),
                                    "lines": [{"line": n, "text": s} for n, s in lines]}))
    if before is after:
        out.line(t("claim.confirm.unchanged", id=claim_id))
        return
    out.line(t("claim.confirm.done", id=claim_id, pointer=after.provenance))
    out.line(t("claim.confirm.lines"))
    for n, text in lines:
        out.line(f"  L{n}: {text}")


@command.command("supersede", help=t("help.claim.supersede"))
@click.argument("old_id")
@click.option("--by", "new_id", required=True, help=t("help.opt.by"))
@workspace_options
def supersede(ws, out: Output, old_id: str, new_id: str) -> None:
    before, after = ws.claims.supersede(old_id, by=new_id, actor="user")
    out.emit(index_behind(ws, out, {"ok": True, "before": before.model_dump(mode="json"),
                                    "claim": after.model_dump(mode="json")}))
    out.line(t("claim.superseded", old=old_id, new=new_id))


"""``mylife proposal list|show|accept|reject|dispute``: the proposals waiting for the user.

The same store and the same decisions as the panel's review page (:mod:`.proposals`); inference
candidates are claims and are decided with ``mylife claim accept|reject|dispute``.
"""

from __future__ import annotations

import click

from ..cli.common import Output, workspace_options
from ..messages import t


@click.group("proposal", help=t("help.proposal"))
def proposal() -> None:
    pass


def _model_lines_note(ws, p) -> str | None:
    """Said under a field proposal whose cited line a model wrote: whose words they are, and the
    source accepting records (the panel's card says the same)."""
    from ..layers.profile import cited_source
    from ..messages import actor_name, code_name
    from .proposals import field_model_wrote

    actor = field_model_wrote(ws, p)
    if actor is None:
        return None
    return t("s29mcp.proposal.model_lines", actor=actor_name(actor),
             source=code_name("source", cited_source(ws, p.provenance)))


def _lines(ws, p) -> list[str]:
    from ..layers.digest import split_front_matter
    from ..messages import actor_name
    from .proposals import digest_changes, field_now, field_ttl_text, out_of_date_note, quoted_lines, source_state

    if p.kind == "field":
        exists, current = field_now(ws, p)  # what accepting replaces, as it is now
        change = t("extract.change", old=current) if exists else ""
        out = [t("proposal.line.field", id=p.id, name=p.name, value=p.value, change=change,
                 status=t("proposal.status." + p.status))]
        ttl = field_ttl_text(ws, p)  # a new field: the TTL accepting writes (the panel's card says the same)
        if ttl:
            out.append("    " + ttl)
        out.append("    " + t("proposal.line.source", pointer=p.provenance,
                                state=t("proposal.source." + source_state(ws, p))))
        out.extend(f"    L{n}: {text}" for n, text in quoted_lines(ws, p))
        note = _model_lines_note(ws, p)
        if note:
            out.append("    " + note)
    elif p.text is not None:  # a model's digest proposed over MCP: nothing written until accepted
        out = [t("s29mcp.proposal.line.digest_text", id=p.id, topic=p.topic, actor=actor_name(p.actor),
                 status=t("proposal.status." + p.status))]
        stale = out_of_date_note(ws, p)  # the digest changed since: it can only be rejected now
        if stale:
            out.append("    " + stale)
        if p.pending:
            current = ws.digests.read(p.topic)
            yours = current is not None and (split_front_matter(current)[0].get("revision") or "user") == "user"
            for d in digest_changes(ws, p):
                out.append("    " + t(f"s29mcp.digest.proposed.{d['change']}", n=d["paragraph"]))
                if d.get("revised"):  # whole: accepting writes it as it is
                    out.append("      " + t("s29mcp.digest.proposed.model", text=d["revised"]))
                if d.get("original"):
                    out.append("      " + t("digest.diff.you" if yours else "s29mcp.digest.proposed.current",
                                            text=d["original"]))
    else:
        out = [t("proposal.line.digest", id=p.id, topic=p.topic, status=t("proposal.status." + p.status))]
        stale = out_of_date_note(ws, p)
        if stale:
            out.append("    " + stale)
        if p.pending:
            for d in digest_changes(ws, p):
                out.append("    " + t(f"digest.diff.{d['change']}", n=d["paragraph"]))
                # whole: accepting writes the model's text as it is, so the user sees all of it
                if d.get("revised"):
                    out.append("      " + t("digest.diff.ai", text=d["revised"]))
                if d.get("original"):
                    out.append("      " + t("digest.diff.you", text=d["original"]))
    if p.why:
        out.append("    " + t("proposal.line.why", why=p.why))
    return out


@proposal.command("list", help=t("help.proposal.list"))
@click.option("--all", "show_all", is_flag=True, help=t("help.opt.proposal_all"))
@click.option("--kind", type=click.Choice(("field", "digest")), default=None, help=t("help.opt.proposal_kind"))
@click.option("--topic", "-t", default=None, help=t("help.opt.topic"))
@workspace_options
def list_(ws, out: Output, show_all: bool, kind: str | None, topic: str | None) -> None:
    from .proposals import Proposals, proposal_json

    store = Proposals(ws)
    items = store.listed(topic=topic, kind=kind, decided=show_all)
    candidates = ws.claims.count(status="candidate")
    out.emit({"ok": True, "count": len(items), "proposals": [proposal_json(ws, p) for p in items],
              "candidates": candidates})
    if not items:
        out.line(t("proposal.none"))
    for p in items:
        for line in _lines(ws, p):
            out.line(line)
    if candidates:
        out.line(t("proposal.candidates", n=candidates))


@proposal.command("show", help=t("help.proposal.show"))
@click.argument("proposal_id")
@workspace_options
def show(ws, out: Output, proposal_id: str) -> None:
    from .proposals import Proposals, proposal_json

    p = Proposals(ws).get(proposal_id)
    out.emit({"ok": True, "proposal": proposal_json(ws, p)})
    for line in _lines(ws, p):
        out.line(line)


def _ask_model_lines(ws, out: Output, ids: tuple[str, ...]) -> tuple[set[str], list[str]]:
    """On a terminal, each proposal among ``ids`` whose cited line a model wrote is put to the user
    again, quoting that line: (the ids confirmed, the ids declined). A no (the default) leaves it
    pending; the others are decided as asked."""
    import sys

    from ..messages import actor_name
    from ..yesno import confirm
    from .proposals import Proposals, model_line

    confirmed: set[str] = set()
    declined: list[str] = []
    if out.json or not sys.stdin.isatty():
        return confirmed, declined  # refused with what to do (Proposals.require_model_lines_confirmed)
    store = Proposals(ws)
    for pid in dict.fromkeys(i.strip() for i in ids if i and i.strip()):
        p = store.get(pid)
        line = model_line(ws, p)
        if line is None:
            continue
        click.echo(t("s32approve.cli.model_line_head", id=p.id, actor=actor_name(line["actor"]), pointer=line["pointer"]))
        for n, text in line["lines"]:
            click.echo(f"    L{n}: {text}")
        if confirm(t("s32approve.cli.model_line_prompt", id=p.id, name=p.name), default=False):
            confirmed.add(p.id)
        else:
            declined.append(p.id)
    return confirmed, declined


def _decide(ws, out: Output, ids: tuple[str, ...], verb: str, why: str | None,
            model_lines: bool | set[str] = False) -> None:
    from .proposals import Proposals

    from ..messages import code_name

    declined: list[str] = []
    if verb == "accept" and model_lines is not True:
        model_lines, declined = _ask_model_lines(ws, out, ids)
    for pid in declined:
        out.line(t("s32approve.cli.model_line_declined", id=pid))
    ids = tuple(i for i in ids if i.strip() not in declined)
    if declined and not ids:
        return  # every one was declined: nothing to decide, nothing written
    done = Proposals(ws).decide_many(list(ids), verb, why=why, actor="user", model_lines=model_lines)
    out.emit({"ok": True, "decided": [after.model_dump(mode="json", exclude_none=True) for _, after in done]})
    for _, after in done:
        out.line(t("proposal.decided", id=after.id, status=t("proposal.status." + after.status)))
        field = ws.profile.find(after.name or "") if after.kind == "field" and after.status == "accepted" else None
        if field is not None and field.provenance == after.provenance and field.source != "user_raw" \
                and _model_lines_note(ws, after):  # the value is on record as the model's words, not the user's
            out.line(t("s29mcp.proposal.accepted_model_lines", id=after.id, name=after.name,
                       source=code_name("source", field.source)))


@proposal.command("accept", help=t("help.proposal.accept"))
@click.argument("proposal_ids", nargs=-1, required=True)
@click.option("--accept-model-line", "model_lines", is_flag=True, help=t("s32approve.help.opt.accept_model_line"))
@workspace_options
def accept(ws, out: Output, proposal_ids: tuple[str, ...], model_lines: bool) -> None:
    _decide(ws, out, proposal_ids, "accept", None, model_lines=model_lines)


@proposal.command("reject", help=t("help.proposal.reject"))
@click.argument("proposal_ids", nargs=-1, required=True)
@click.option("--why", default=None, help=t("help.opt.why"))
@workspace_options
def reject(ws, out: Output, proposal_ids: tuple[str, ...], why: str | None) -> None:
    _decide(ws, out, proposal_ids, "reject", why)


@proposal.command("dispute", help=t("help.proposal.dispute"))
@click.argument("proposal_ids", nargs=-1, required=True)
@click.option("--why", required=True, help=t("help.opt.why"))
@workspace_options
def dispute(ws, out: Output, proposal_ids: tuple[str, ...], why: str) -> None:
    _decide(ws, out, proposal_ids, "dispute", why)

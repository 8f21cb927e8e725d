from __future__ import annotations

import click

from ..messages import actor_name, disclaimer_lines, t
from ..trace import ClaimTrace, trace_chain, trace_claim
from .common import Output, short_hash, workspace_options


def print_claim_trace(out: Output, tr: ClaimTrace, indent: str = "") -> None:
    c = tr.claim
    out.line(f"{indent}{t('trace.claim')} {c.id} [{t('kind.' + c.kind)} · {t('status.' + c.status)}]  {c.claim}")
    if c.superseded_by:
        out.line(f"{indent}  → superseded_by {c.superseded_by}")
    # claim -> digest paragraph -> raw lines; a claim no digest cites points at the raw lines
    # directly: no empty digest level is drawn above them, a line says no digest cites it
    level = indent + "  "
    if tr.digest:
        for p in tr.digest:
            out.line(f"{level}└─ {t('trace.digest')} {p.ref} (L{p.start_line}-L{p.end_line})")
            for line in p.text.splitlines():
                out.line(f"{level}     {line}")
        level += "     "
    else:
        out.line(f"{level}{t('trace.no_digest')}", dim=True)
    if tr.check.state == "no_pointer":
        out.line(f"{level}└─ {t('trace.no_pointer')}", fg="red")
        return
    out.line(f"{level}└─ {t('trace.raw')} {c.provenance}  ({c.occurred_at.isoformat()}"
             f"{t('sep.clause') + c.context if c.context else ''})")
    under = level + "     "
    for number, text in tr.check.lines:
        out.line(f"{under}L{number}: {text}")
    if tr.model_wrote:
        out.line(f"{under}⚠ {t('trace.model_wrote', actor=actor_name(tr.model_wrote))}", fg="yellow")
    if tr.check.state == "ok":
        out.line(f"{under}✓ {t('trace.hash_ok')} ({short_hash(c.excerpt_hash)})", fg="green")
    elif tr.check.state == "source_changed":
        out.line(f"{under}✗ {t('trace.source_changed')} "
                 f"({short_hash(c.excerpt_hash)} ≠ {short_hash(tr.check.actual_hash)})", fg="red")
    else:
        out.line(f"{under}✗ {t('trace.source_missing')} ({tr.check.reason})", fg="red")


@click.command("trace", help=t("help.trace"))
@click.argument("target")
@workspace_options
def command(ws, out: Output, target: str) -> int:
    if target.startswith("chain-"):
        ct = trace_chain(ws, target)
        out.emit({"ok": all(tr is not None and tr.ok for tr in ct.claims.values()), **ct.to_json()})
        chain = ct.chain
        out.line(t("trace.chain.head", id=chain.id, date=chain.asked_at.date().isoformat(), question=chain.question))
        for conclusion in chain.conclusions:
            out.line(f"• {conclusion.text}  {' '.join(conclusion.claim_ids)}")
        for cid, tr in ct.claims.items():
            if tr is None:
                out.line(f"  ✗ {t('error.claim_not_found', id=cid)}", fg="red")
            else:
                print_claim_trace(out, tr, indent="  ")
        # a chain's conclusions are an answer shown again: it ends as the answer did (and as the
        # panel's chain page does)
        out.line("")
        for line in disclaimer_lines(model_used=chain.mode == "model"):
            out.line(line)
        return 0 if all(tr is not None and tr.ok for tr in ct.claims.values()) else 1
    tr = trace_claim(ws, target)
    out.emit({"ok": tr.ok, **tr.to_json()})
    print_claim_trace(out, tr)
    return 0 if tr.ok else 1

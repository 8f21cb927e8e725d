"""Text for people: a staleness report as the message of docs/design.md#pre-decide, in the user's language.

``report_lines(report)`` is what ``mylife staleness`` prints; the ask pipeline can show the
same lines before it offers "update now" / "keep the old value".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..shell import word as _shell

if TYPE_CHECKING:  # pragma: no cover
    from .check import StalenessReport


def _value(value: Any) -> str:
    return str(value)


def verdict_lines(report: "StalenessReport", builtin_reasons: set[str]) -> list[str]:
    from ..messages import t

    v = report.verdict
    from ..safety import is_refusal

    if is_refusal(v):  # mylife_core.safety: the words of help alone, not a "verdict"
        return list(v.reasons)
    lines = [t(f"staleness.verdict.{v.kind}")]
    others = [r for r in v.reasons if r not in builtin_reasons]
    if v.kind != "allow" and others:
        lines += [f"  · {r}" for r in others]
    facts = v.data.get("facts") if v.kind == "deny" else None
    if facts:
        lines.append(t("staleness.facts"))
        for fact in facts:
            detail = str(fact.get("age_text") or "") + (t("staleness.fact_stale") if fact.get("stale") else "")
            age = t("sep.paren", text=detail.strip(" ·")) if detail else ""
            lines.append(t("staleness.fact_line", name=fact.get("name"), value=_value(fact.get("value"))) + age)
    return lines


def _english_names(deps: list) -> Any:
    """``name -> shown name``: in English text a Chinese field name is followed by the English
    name its dictionary also knows (``工作年限 (years of experience)``), so that an English reader
    knows which field is meant (names are not translated: docs/lenses.md, "Languages")."""
    from ..messages import language

    english = {d.name: d.english for d in deps if getattr(d, "english", None)} if language() == "en" else {}
    return lambda name: f"{name} ({english[name]})" if name in english else name


def command_prefix(root) -> str:
    """:func:`mylife_core.shell.command_prefix` (kept here, where the callers import it from)."""
    from ..shell import command_prefix as prefix

    return prefix(root)


def ask_command(prog: str, options: Any = None) -> str:
    """``{prog} ask`` with what the user typed that changes the kind of answer (``--offline``,
    ``--model M``; ``options`` is the run's :class:`~mylife_core.pipeline.ask.AskOptions`), so a
    suggested command, pasted, answers the same way (the choices already made follow the question)."""
    offline = bool(getattr(options, "offline", False))
    model = getattr(options, "model", None)
    return f"{prog} ask" + (" --offline" if offline else "") + (f" --model {_shell(model)}" if model else "")


def report_lines(report: "StalenessReport", *, ask_command: str | None = None, prog: str = "mylife",
                 titled: bool = True) -> list[str]:
    """The report as the message of docs/design.md#pre-decide: what may have changed, what is missing, the choices.
    ``prog`` starts every suggested command (see :func:`command_prefix`); ``ask_command`` is how a
    suggested ``ask`` starts (default ``{prog} ask``; the asking commands pass
    :func:`ask_command` of their options). ``titled=False`` leaves out
    the question and decision lines, for an answer whose own header already says them."""
    from ..messages import join, t
    from ..status import age_text
    from .annotate import STALE_WEIGHT
    from .ttl import ttl_text

    lines = [t("staleness.question", question=report.question)] if titled else []
    if not report.decisions:
        if report.verdict.kind == "deny":
            pass  # a plugin refused the question: "say it another way, or install a lens" would mislead
        elif report.known_decisions:
            lines.append(t("staleness.no_matching_decision", known=join(report.known_decisions)))
        else:
            lines.append(t("staleness.no_decision"))
        if report.verdict.kind != "allow":
            lines += [""] if lines else []  # ask's own header comes with its blank line
            lines += verdict_lines(report, set())
        return lines
    if titled:  # English text says a lens's English names beside the Chinese ones, as ask does
        from ..messages import language
        from .decisions import said_in_english

        english = report.names_en if language() == "en" else {}
        names = join(t("staleness.decision_named", name=d.name, english=english[d.name], lens=d.lens or d.plugin)
                     if d.name in english else d.name + t("sep.paren", text=d.lens or d.plugin)
                     for d in report.decisions)
        lines.append(t("staleness.decisions", names=names,
                       topic=said_in_english(report.topic, report.names_en) if report.topic else t("word.none")))
    deps = report.dependencies
    named = _english_names(deps)
    if deps:
        shown = []
        for dep in deps:
            own = report.assessment.resolved.get(dep.name)
            label = named(dep.name) if not own or own == dep.name else f"{dep.name}→{own}"
            shown.append(label if dep.required else f"{label}*")
        lines.append(t("staleness.depends", fields=join(shown)))
    for name, ids in report.assessment.from_claims.items():
        lines.append(t("staleness.from_claims", name=name, claims=join(ids)))
    lines.append("")
    blocking = report.assessment.blocking_expired
    if blocking:
        lines.append(t("staleness.expired_head", n=len(blocking)))
        for f in blocking:
            lines.append("  · " + t("staleness.expired_line", line=f.age_text, value=_value(f.value),
                                    ttl=ttl_text(f.ttl_days), over=f.overdue_days))
            if f.impact:
                lines.append(f"      {f.impact}")
    missing = report.missing
    if missing:
        impacts = {d.name: d.impact for d in deps}
        lines.append(t("staleness.missing_head", n=len(missing)))
        for name in missing:
            lines.append("  · " + (t("staleness.with_impact", reason=named(name), impact=impacts[name])
                                   if impacts.get(name) else named(name)))
            old = report.assessment.old_claims.get(name)
            if old is not None:
                lines.append("      " + t("staleness.old_assessment", id=old.id, date=old.occurred_at.isoformat(),
                                          age=age_text((report.assessment.now.date() - old.occurred_at).days)))
    if report.kept:
        lines.append(t("staleness.kept_head", weight=STALE_WEIGHT))
        lines += [f"  · {f.note}" for f in report.kept]
    if report.missing_optional:
        lines.append(t("staleness.optional", fields=join(named(n) for n in report.missing_optional)))
    if not blocking and not missing and not report.kept:
        lines.append(t("staleness.all_fresh"))
    if (blocking or missing) and report.verdict.kind != "deny":
        lines.append("")
        lines.append(t("staleness.choices"))
        q = _shell(report.question)
        # Each suggested command carries the choices already made, so pasting it does not stop again
        # on what the user already accepted (--accept-stale given, --accept-missing suggested, or the reverse).
        options = report.options or {}
        kept = " --accept-stale" if options.get("accept_stale") else "".join(
            f" --keep {_shell(f.name)}" for f in report.kept)
        went_on = " --accept-missing" if options.get("accept_missing") else ""
        for f in blocking:
            lines.append("  " + t("staleness.choice.update", name=_shell(f.name), prog=prog))
        if blocking:
            keep = " ".join(f"--keep {_shell(f.name)}" for f in [*report.kept, *blocking])
            lines.append("  " + t("staleness.choice.keep", note=blocking[0].note, weight=STALE_WEIGHT,
                                  ask=ask_command or f"{prog} ask", question=q + went_on, keep=keep, prog=prog))
        for name in missing:
            old = report.assessment.old_claims.get(name)
            if old is not None:  # the user's own judgment: a fresh assessment claim fills it
                lines.append("  " + t("staleness.choice.assess", topic=_shell(old.topic), name=_shell(name), prog=prog))
                continue
            lines.append("  " + t("staleness.choice.fill", name=_shell(name), prog=prog))
        if missing and not went_on:  # already chosen: its --accept-missing rides on the keep choice above
            lines.append("  " + t("staleness.choice.accept_missing", ask=ask_command or f"{prog} ask",
                                  question=q + kept))
    from .check import staleness_verdict

    mine = staleness_verdict(report.assessment, report.options)
    lines.append("")
    lines += verdict_lines(report, set(mine.reasons))
    return lines

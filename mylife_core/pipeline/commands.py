"""``mylife ask``, ``mylife competing``, ``mylife extract`` and ``mylife digest``.

Added by the builtin plugin :mod:`mylife_core.builtin.ask`. Thin layers over the library
(:mod:`.ask`, :mod:`.competing`, :mod:`.extract`, :mod:`.digest`); ``--json`` keys are
documented in docs/ask.md. Only click and the message catalog are imported at module level.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from ..cli.common import Output, workspace_options
from ..messages import join, t


def _interactive(out: Output) -> bool:
    return not out.json and sys.stdin.isatty()


def _progress(out: Output):
    def stage(name: str) -> None:
        if not out.json and sys.stderr.isatty():
            click.secho(t(f"ask.stage.{name}"), err=True, dim=True)
    return stage


# --------------------------------------------------------------------------- mylife ask


def _resolve_interactively(ws, out: Output, report, options) -> bool:
    """Seed §4.1 "[现在更新] / [沿用旧值]": ask about each blocking field; True when resolved."""
    from .. import clock
    from ..errors import UsageError
    from ..layers.profile import check_value, parse_value
    from ..staleness import confirm_new_field
    from ..staleness.render import ask_command, command_prefix, report_lines

    prog = command_prefix(ws.root)
    for line in report_lines(report, prog=prog, ask_command=ask_command(prog, options)):
        out.line(line)
    out.line("")

    def answer_for(name: str, question: str) -> str:
        """The user's answer, asked again while the field's dictionary refuses it (工作年限 很久:
        the reason and a working example are said), or "" (nothing typed)."""
        while True:
            answer = click.prompt(question, default="", show_default=False).strip()
            try:
                if answer:
                    check_value(ws, name, answer)
                return answer
            except UsageError as exc:
                out.line(exc.render())

    for f in report.assessment.blocking_expired:
        answer = answer_for(f.name, t("ask.prompt.update", name=f.name, value=f.value, age=f.age_text))
        if answer:
            field, _ = ws.profile.set(f.name, parse_value(answer), actor="user")
            out.line(t("ask.updated", name=f.name, value=field.value))
        else:
            options.keep.append(f.name)
            out.line(t("ask.kept", note=f.note))
    for name in ([] if options.accept_missing else list(report.missing)):
        answer = answer_for(name, t("ask.prompt.missing", name=name))
        if answer:
            choice = confirm_new_field(ws, name, answer, interactive=True, prompt=lambda q: click.prompt(
                q, default="", show_default=False), say=out.line)
            ws.profile.set(name, parse_value(answer), ttl_days=choice.ttl_days, ttl_given=True,
                           ttl_reason=choice.reason, ttl_source=choice.source, at=clock.now(), actor="user")
        else:
            options.accept_missing = True
    out.line("")
    return True


@click.command("ask", help=t("help.ask"))
@click.argument("question")
@click.option("--accept-stale", is_flag=True, help=t("ask.opt.accept_stale"))
@click.option("--keep", "keep", multiple=True, metavar="FIELD", help=t("ask.opt.keep"))
@click.option("--accept-missing", is_flag=True, help=t("ask.opt.accept_missing"))
@click.option("--model", default=None, metavar="MODEL", help=t("ask.opt.model"))
@click.option("--offline", is_flag=True, help=t("ask.opt.offline"))
@click.option("--no-stream", is_flag=True, help=t("ask.opt.no_stream"))
@click.option("--no-record", is_flag=True, help=t("ask.opt.no_record"))
@click.option("--no-tools", is_flag=True, help=t("ask.opt.no_tools"))
@workspace_options
def ask(ws, out: Output, question: str, accept_stale: bool, keep: tuple[str, ...], accept_missing: bool,
        model: str | None, offline: bool, no_stream: bool, no_record: bool, no_tools: bool) -> int:
    from ..llm.settings import load_settings
    from .ask import AskEvents, AskOptions
    from .ask import ask as run_ask
    from .present import LiveAnswer, answer_lines, closing_lines, header_lines

    options = AskOptions(accept_stale=accept_stale, keep=list(keep), accept_missing=accept_missing, model=model,
                         offline=offline, record=not no_record, tools=not no_tools)
    settings = load_settings(ws, model=model)  # a bad llm section is reported before any work
    will_call_model = settings.configured and not offline
    streaming = not out.json and not no_stream
    live = LiveAnswer(ws, emit=out.line, note=lambda s: click.secho(s, err=True, dim=True),
                      will_call_model=will_call_model, warn=lambda s: out.line(s, fg="yellow")) if streaming else None
    events = AskEvents(on_stage=_progress(out), on_evidence=live.on_evidence if live else None,
                       on_text=live.on_text if live else None,
                       on_round_end=live.on_round_end if live else None,
                       on_tool=live.on_tool if live else (lambda e: None))
    result = run_ask(ws, question, options, events)
    if result.answer.status == "needs_input" and _interactive(out):
        if _resolve_interactively(ws, out, result.report, options):
            result = run_ask(ws, question, options, events)
    answer = result.answer
    out.emit(result.to_json())
    if out.json:
        return result.exit_code
    from ..staleness.render import ask_command, command_prefix, report_lines

    prog = command_prefix(ws.root)  # the commands the output suggests act on this workspace
    if answer.status in ("needs_input", "denied"):
        # a suggested ask keeps --offline and --model as typed: pasted, it answers the same way
        lines = report_lines(result.report, prog=prog, titled=False, ask_command=ask_command(prog, options))
        for line in [*header_lines(answer), "", *lines]:
            out.line(line)
        for line in closing_lines(answer, recorded=False, prog=prog):
            out.line(line)
        return result.exit_code
    if live is None:
        for line in answer_lines(answer, recorded=options.record, prog=prog):
            out.line(line)
        return result.exit_code
    live.finish(answer, recorded=options.record)
    return result.exit_code


# --------------------------------------------------------------------------- mylife competing


@click.command("competing", help=t("help.competing"))
@click.argument("conclusion")
@click.option("--topic", "-t", default=None, help=t("ask.opt.topic_filter"))
@click.option("-k", "k", type=int, default=8, show_default=True, help=t("ask.opt.k"))
@click.option("--model", default=None, metavar="MODEL", help=t("ask.opt.model"))
@click.option("--offline", is_flag=True, help=t("competing.opt.offline"))
@workspace_options
def competing(ws, out: Output, conclusion: str, topic: str | None, k: int, model: str | None,
              offline: bool) -> int | None:
    from ..llm.settings import load_settings
    from ..messages import disclaimer_lines
    from ..safety import closing_lines as crisis_closing
    from ..safety import REFUSED, crisis, support_lines
    from .competing import find_competing
    from .present import competing_item_lines, disputed_lines, others_lines
    from .topics import require_topic

    require_topic(ws, topic)
    if crisis(conclusion):  # a life in danger: where to reach a person, and nothing weighed (as ask)
        support = support_lines(asked=True)
        out.emit({"ok": False, "status": "denied", "refused": REFUSED, "conclusion": conclusion, "support": support})
        for line in [t("safety.label"), "", *support, "", *crisis_closing()]:
            out.line(line)
        return 11  # as ask's refusals
    # with a model configured the stances are read as ask reads them (the structured stance call)
    settings = load_settings(ws, model=model)  # a bad llm section is reported before any work
    use_model = settings.configured and not offline
    result = find_competing(ws, conclusion, topic=topic, k=k, model=settings if use_model else None)
    out.emit({"ok": True, **result.to_json()})
    if result.empty:
        out.line(result.note() or "")
    else:
        out.line(t("competing.head", conclusion=result.conclusion, n=len(result.items)))
    lines = [line for c in result.items for line in competing_item_lines(c, whole=True)]
    for line in [*lines, *others_lines(result.others), *disputed_lines(result.disputed, whole=True)]:
        out.line(line)
    if result.source_changed:
        out.line(t("ask.competing.source_changed", n=len(result.source_changed), ids=join(result.source_changed[:5])))
    if aside := result.set_aside_note():
        out.line(aside)
    if result.model and result.model.get("error"):
        out.line(result.model["error"], fg="yellow")
    if reach := result.reach_note():
        out.line(reach)
    out.line("")
    for line in disclaimer_lines(model_used=result.read_by != "rules"):
        out.line(line)


# --------------------------------------------------------------------------- mylife extract


def print_extract(out: Output, result) -> None:
    out.line(t("extract.head", file=result.file, model=result.model))
    for c in result.facts:
        out.line(t("extract.added", id=c.id, kind=t("kind." + c.kind), claim=c.claim, pointer=c.provenance))
    for c in result.candidates:
        if c.kind == "inference":
            out.line(t("extract.candidate", id=c.id, claim=c.claim, pointer=c.provenance), fg="yellow")
        elif c.source == "mcp":  # lines a model wrote (over MCP): the user's statement only once accepted
            out.line(t("extract.candidate_model_lines", id=c.id, kind=t("kind." + c.kind), claim=c.claim,
                       pointer=c.provenance), fg="yellow")
        else:  # the user did not say yes (--defer, no terminal, --json): evidence once accepted
            out.line(t("extract.candidate_awaits", id=c.id, kind=t("kind." + c.kind), claim=c.claim,
                       pointer=c.provenance), fg="yellow")
    if result.candidates:
        out.line("    " + t("extract.claims_decide"), fg="yellow")
    for r in result.rejected:
        out.line(t("extract.rejected", claim=r["claim"], why=r["why"]), fg="red")
    for f in result.fields:
        change = t("extract.change", old=f.current) if f.exists else ""
        if f.status == "applied":
            out.line(t("extract.field_applied", name=f.name, value=f.value, change=change, pointer=f.line))
        elif f.status == "pending":
            out.line(t("extract.field_pending", name=f.name, value=f.value, change=change), fg="yellow")
            if f.id:
                out.line("    " + t("extract.field_pending_id", id=f.id), fg="yellow")
        else:
            out.line(t("extract.field_skipped", name=f.name, value=f.value, why=f.why), fg="red")
    if not (result.added or result.rejected or result.fields):
        out.line(t("extract.nothing"))
    counts = result.to_json()["counts"]
    if counts["awaiting"]:
        out.line(t("extract.summary_awaiting", facts=counts["added"], awaiting=counts["awaiting"],
                   candidates=counts["candidates"] - counts["awaiting"], fields=counts["fields_applied"],
                   rejected=counts["rejected"]))
    else:
        out.line(t("extract.summary", facts=counts["added"], candidates=counts["candidates"],
                   fields=counts["fields_applied"], rejected=counts["rejected"]))
    if not out.json:
        for warning in result.warnings:
            out.note(warning)


def run_extract(ws, out: Output, raw_file: str, *, model: str | None, yes: bool, defer: bool = False):
    """The extraction step shared by ``mylife extract`` and ``mylife record --extract``: in a
    terminal each proposed fact or assessment (shown whole, as chat shows a model's claim, with the
    lines it cites) and each field proposal is put to the user; not answered here (``--defer``, no
    terminal, ``--json``) the claims are candidates (``mylife claim accept``) and the field
    proposals stay pending in the proposals store (``mylife proposal``); both are decided on the
    panel's review page too."""
    from ..yesno import confirm as confirm_yes_no
    from .extract import extract as do_extract

    interactive = _interactive(out) and not yes and not defer
    asked: list[bool] = []

    def confirm(fp) -> bool:
        change = t("extract.change", old=fp.current) if fp.exists else ""
        return confirm_yes_no(t("extract.field_confirm", name=fp.name, value=fp.value, change=change), default=False)

    def confirm_claim(item: dict[str, Any]) -> bool:
        from ..tools.proposals import describe, details

        if not asked:
            out.line(t("extract.claims_ask_head"), fg="cyan")
            asked.append(True)
        out.line("  " + describe(ws, "mylife_claim_add", item))
        for line in details(ws, "mylife_claim_add", item):  # the lines it cites included
            out.line("       " + line)
        return confirm_yes_no("  " + t("extract.claim_confirm"), default=False)

    return do_extract(ws, raw_file, model=model, apply_fields=yes, confirm=confirm if interactive else None,
                      confirm_claim=confirm_claim if interactive else None,
                      ttl_prompt=(lambda q: click.prompt(q, default="", show_default=False)) if interactive else None,
                      say=out.line)


@click.command("extract", help=t("help.extract"))
@click.argument("raw_file")
@click.option("--model", default=None, metavar="MODEL", help=t("ask.opt.model"))
@click.option("--yes", "-y", is_flag=True, help=t("extract.opt.yes"))
@click.option("--defer", is_flag=True, help=t("extract.opt.defer"))
@workspace_options
def extract(ws, out: Output, raw_file: str, model: str | None, yes: bool, defer: bool) -> None:
    from ..errors import UsageError

    if yes and defer:
        raise UsageError("extract_yes_and_defer")
    result = run_extract(ws, out, raw_file, model=model, yes=yes, defer=defer)
    out.emit({"ok": True, **result.to_json()})
    print_extract(out, result)


# --------------------------------------------------------------------------- mylife digest


def _print_digest_text(out: Output, text: str) -> None:
    out.line("")
    for line in text.strip().splitlines():
        out.line(line)


@click.command("digest", help=t("help.digest"))
@click.argument("topic")
@click.option("--edit", is_flag=True, help=t("ask.opt.edit"))
@click.option("--show", is_flag=True, help=t("ask.opt.show"))
@click.option("--diff", "show_diff", is_flag=True, help=t("ask.opt.diff"))
@click.option("--offline", is_flag=True, help=t("ask.opt.offline"))
@click.option("--regenerate", is_flag=True, help=t("ask.opt.regenerate"))
@click.option("--model", default=None, metavar="MODEL", help=t("ask.opt.model"))
@workspace_options
def digest(ws, out: Output, topic: str, edit: bool, show: bool, show_diff: bool, offline: bool, regenerate: bool,
           model: str | None) -> None:
    from ..errors import UsageError
    from ..layers.digest import paragraph_differences, split_front_matter
    from ..layers.raw import check_topic
    from .digest import digest_material, generate, revise

    topic = check_topic(topic)
    if show or show_diff:
        material = digest_material(ws, topic)
        if not material["exists"]:
            out.emit({"ok": True, **material, "differences": []})
            from ..shell import word

            out.line(t("s28cli.digest.none", topic=topic, word=word(topic)))  # the command, pasted, names it
            return
        differences: list[dict[str, Any]] = []
        original = ws.digests.read(topic, original=True)
        if material["revision"] == "user" and original is not None:
            differences = paragraph_differences(split_front_matter(original)[1], material["text"])
        out.emit({"ok": True, **material, "differences": differences})
        if show:
            # whose version is in force, whatever it is: the user's revision, MyLife's structural one,
            # a model's (and, accepted as a proposal, when the user accepted it)
            out.line(material["path"] + t("sep.paren", text=material["in_force"]["label"]))
            _print_digest_text(out, material["text"])
            if material["history"]:  # the user's earlier revisions, each kept word for word
                out.line(t("s28dig.digest.history", n=len(material["history"])))
                for h in material["history"]:
                    out.line(t("s28dig.digest.history_item", path=h["path"], replaced_at=h["replaced_at"]))
        if show_diff:
            if material["revision"] != "user" or original is None:  # one version only: nothing to compare
                out.line(t("digest.diff.one_version", topic=topic))
            _print_differences(out, differences, user_revision=material["revision"] == "user" and original is not None,
                               structural=_structural(original))
        return
    if edit:
        current = ws.digests.read(topic)
        if current is None:
            generated = generate(ws, topic, model=model, offline=offline)
            current = ws.digests.read(topic) or generated.body
        _, body = split_front_matter(current)
        edited = click.edit(body, extension=".md", require_save=True)
        if edited is None or edited.strip() == body.strip():
            out.emit({"ok": True, "topic": topic, "changed": False})
            out.line(t("digest.unchanged"))
            return
        try:
            result = revise(ws, topic, edited)
        except UsageError:
            raise
        out.emit({"ok": True, "changed": True, **result.to_json()})
        if result.write.original:
            out.line(t("digest.revised", path=result.write.in_force, original=result.write.original))
        else:
            out.line(t("digest.revised_single", path=result.write.in_force))
        if result.write.kept_revision:
            out.line(t("s28dig.digest.kept_revision", path=result.write.kept_revision))
        _print_differences(out, result.write.differences, user_revision=True,
                           structural=_structural(ws.digests.read(topic, original=True)))
        return
    streaming = not out.json and sys.stdout.isatty()
    shown = 0

    def show(sentence) -> None:  # each sentence as the model writes it, once the judging rule let it through
        nonlocal shown
        shown += 1
        click.secho(sentence.display() + ("" if sentence.claim_ids else t("digest.uncited_mark")), err=True, dim=True)

    result = generate(ws, topic, model=model, offline=offline, force=regenerate, on_sentence=show if streaming else None)
    if shown:
        click.echo("", err=True)
    out.emit({"ok": True, **result.to_json()})
    source = (t("digest.source.model", model=result.model) if result.source == "model"
              else t("digest.source.structural"))
    if result.write.kept_user_revision:
        out.line(t("digest.kept_user" if result.source == "model" else "digest.kept_user_structural",
                   path=result.write.in_force, original=result.write.original))
        _print_differences(out, result.write.differences, user_revision=True, structural=result.source != "model")
    else:
        out.line(t("digest.written", path=result.write.in_force, source=source, n=result.paragraphs,
                   claims=len(result.claims)))
        if result.dropped:
            out.line(t("digest.dropped_cites", items=join([d["claim_id"] + t("sep.paren", text=d["message"])
                                                           for d in result.dropped], "semi")), fg="yellow")
        _print_digest_text(out, result.marked or result.body)
        if result.uncited_sentences:
            out.line("")
            out.line(t("digest.uncited_note", n=len(result.uncited_sentences)), fg="yellow")
    if result.unsupported:
        from .judging import unsupported_lines

        for line in unsupported_lines(result.unsupported):
            out.line(line)
    if result.disclaimer:  # the digest carries a judgment (shown or withheld): it ends as ask's answer does
        from ..messages import disclaimer_lines

        out.line("")
        for line in disclaimer_lines(model_used=True):
            out.line(line)


def _structural(original: str | None) -> bool:
    """Is the digest original (``<topic>.ai.md``'s text) the offline structural one?"""
    from ..layers.digest import split_front_matter

    return original is not None and split_front_matter(original)[0].get("revision") == "structural"


def _print_differences(out: Output, differences: list[dict[str, Any]], *, user_revision: bool,
                       structural: bool = False) -> None:
    """The paragraphs the user's revision changed; ``structural``: the original is the offline
    structural digest, not a model's (it was called 「模型原稿」 / 「AI 原稿」 either way)."""
    if not user_revision:
        return
    if not differences:
        out.line(t("digest.diff.none"))
        return
    out.line(t("s28late.digest.diff.head_structural" if structural else "digest.diff.head"))
    for d in differences:
        out.line(t(f"digest.diff.{d['change']}", n=d["paragraph"]))
        if d.get("original"):
            out.line("      " + t("s28late.digest.diff.structural" if structural else "digest.diff.ai",
                                  text=d["original"][:120]))
        if d.get("revised"):
            out.line("      " + t("digest.diff.you", text=d["revised"][:120]))

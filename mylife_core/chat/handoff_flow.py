"""Closing a branch in the chat: the handoff sheet drafted (by the model when there is one),
checked by the judging rule, shown, fixed item by item by the user, and checked again; and the
conflicts a closed branch brings back, put to the user.

The model's draft goes through the one judging rule (:mod:`mylife_core.pipeline.judging`) before
the user sees it: a conclusion, an impact or a piece of counter-evidence that judges without
citing valid evidence is withheld (listed under "无依据，未采纳") and asked of the user instead,
in their own words. The question answered and the open questions are held to the rule for
questions only when they are questions (a question mark, or a question's form such as 多久,
要不要, 吗 when the mark is missing): a verdict written there as a statement ("你的存款足够裸辞")
is judged as the judgment it is, and withheld the same way. A "new claim" that is not something
the user said in the branch is withheld too (a claim is the user's statement, never the model's
summary of them), and so is a field whose new name judges or advises the user (the label rule
of ``extract`` and the tools: :func:`~mylife_core.pipeline.judging.label_verdicts`). The user's
yes on the whole sheet is what makes it theirs (it is recorded in L0 as their record).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..errors import MyLifeError
from ..messages import t
from .io import ChatIO, InputEnded, QuitChat
from .session import Session

if TYPE_CHECKING:  # pragma: no cover
    from ..llm.settings import LLMSettings
    from ..workspace import Workspace


def ask_conflict(io: ChatIO, conflict: Any) -> str | None:
    """Put a conflict to the user: ``new``, ``old``, ``both``, or None at the end of input."""
    io.say(t("branch.conflict.head", new=conflict.new_text, new_id=conflict.new_id, old=conflict.old_text,
             old_id=conflict.old_id, date=conflict.old_date[:7], reason=conflict.reason), fg="yellow")
    choice = io.choose(t("branch.conflict.prompt"), {"1": ["new", "新"], "2": ["old", "旧"], "3": ["both", "都"]}, "3")
    return {"1": "new", "2": "old", "3": "both"}.get(choice or "")


def branch_table_lines(branches: list[Any]) -> list[str]:
    from ..cli.common import table

    if not branches:
        return [t("branch.list.none")]
    rows = [[b.id, t(f"branch.status.{b.status}"), b.topic, b.parent_topic or "-", b.opened_at.date().isoformat(),
             b.conclusion_ref or "-"] for b in branches]
    return [table(rows, [t("branch.col.id"), t("branch.col.status"), t("branch.col.topic"), t("branch.col.parent"),
                         t("branch.col.opened"), t("branch.col.conclusion")])]


def draft_with_model(ws: "Workspace", branch: Any, session: Session, settings: "LLMSettings") -> dict[str, Any]:
    """Ask the model for a first draft of the sheet from the branch's own conversation."""
    from ..llm.client import Deadline, client_for
    from ..llm.prompts import untrusted_context_message
    from .prompts import HANDOFF_SYSTEM, pick

    own = [{"who": turn.role, "text": turn.text} for turn in session.turns if turn.role in ("user", "assistant")]
    evidence = [{"id": c.id, "date": c.occurred_at.isoformat(), "kind": c.kind, "claim": c.claim}
                for topic in dict.fromkeys(filter(None, (branch.topic, branch.parent_topic)))
                for c in ws.claims.query(topic=topic, limit=20, newest_first=True) if c.is_evidence]
    messages = [{"role": "system", "content": pick(HANDOFF_SYSTEM).format(parent=branch.parent_topic or "-")},
                untrusted_context_message(f"conversation of the sub-topic {branch.topic}",
                                          {"topic": branch.topic, "question": branch.question, "turns": own,
                                           "claims": evidence}),
                {"role": "user", "content": t("handoff.model.ask", topic=branch.topic)}]
    client = client_for(ws, settings)
    turn = client.complete(messages, json_mode=True, deadline=Deadline(settings.deadline))
    text = turn.text.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        data = json.loads(text[start:end + 1]) if start >= 0 and end > start else {}
    if not isinstance(data, dict):
        data = {}
    data["topic"] = branch.topic
    return data


def judge_draft(ws: "Workspace", data: dict[str, Any], session: Session) -> tuple[dict[str, Any], list[Any]]:
    """The model's draft through the judging rule (see the module docstring): the draft with what
    may be shown, and the withheld sentences (:class:`~mylife_core.pipeline.answer.Unsupported`)."""
    from ..pipeline.answer import CitationProblem, Unsupported
    from ..pipeline.citations import CLOSERS
    from ..pipeline.judging import Judge, claim_verdicts, classify, filter_text
    from .topics import is_question

    said = [turn.text for turn in [*session.inherited, *session.turns] if turn.role == "user"]
    judge = Judge(ws, user_words=said)
    withheld: list[Any] = []
    out = dict(data)

    def judged(text: Any, *, question: bool = False) -> str:
        text = str(text or "").strip()
        if not text:
            return ""
        probe = text
        if question and not text.rstrip(CLOSERS + " ").endswith(("？", "?")) and is_question(text):
            # asked without its question mark ("存款能撑多久"): judged as the question it is. A
            # statement in a question's place ("你的存款足够裸辞") is judged as what it is, so a
            # verdict is held to the rule for judgments, never passed as a question
            probe = text + "？"
        kept, result = filter_text(judge, probe)
        withheld.extend(result.unsupported)
        return text if kept == probe else kept

    for key in ("conclusion", "impact_on_parent_topic"):
        if key in out:
            out[key] = judged(out[key])
    for key, question in (("question_answered", True),):
        if key in out:
            out[key] = judged(out[key], question=question)
    for key, question in (("competing_evidence", False), ("open_questions", True)):
        items = out.get(key)
        if isinstance(items, list):
            out[key] = [k for k in (judged(i, question=question) for i in items if isinstance(i, str)) if k]
    claims = out.get("new_claims")
    if isinstance(claims, list):
        kept_claims = []
        for item in claims:
            text = item.get("claim") if isinstance(item, dict) else item
            if not isinstance(text, str) or not text.strip():
                continue
            context = item.get("context") if isinstance(item, dict) else None
            if isinstance(context, str) and claim_verdicts("\n".join(said), "fact", claim=text,
                                                          context=context).get("context"):
                # the context is shown as the user's situation at the time: a verdict there is
                # held to the rule for a claim's every field (extract, mylife_claim_add)
                withheld.append(Unsupported(text=context.strip(), problems=[CitationProblem(
                    claim_id=None, problem="no_citation", message=t("handoff.judge.not_said"))]))
            elif classify(text, question=False, user_words=said) == "restatement":
                kept_claims.append(item)
            else:
                withheld.append(Unsupported(text=text.strip(), problems=[CitationProblem(
                    claim_id=None, problem="no_citation", message=t("handoff.judge.not_said"))]))
        out["new_claims"] = kept_claims
    fields = out.get("fields")
    if isinstance(fields, dict) and fields:
        # a new field's name is the model's label, shown on the sheet and stored as the user's: the
        # label rule (extract, the MCP tools); a name the profile resolves to one of the user's
        # fields is that field, and is kept
        from ..messages import join
        from ..pipeline.judging import label_verdicts
        from ..staleness.check import profile_field

        profile = ws.profile.fields()
        kept_fields: dict[Any, Any] = {}
        for name, value in fields.items():
            label = str(name).strip()
            found = label_verdicts({"name": label}) if profile_field(ws, label, profile) is None else {}
            if found:
                withheld.append(Unsupported(text=label, problems=[CitationProblem(
                    claim_id=None, problem="no_citation", message=t(
                        "extract.why.judging_field", what=t("tool_field.name"), words=join(sorted(found["name"]))))]))
            else:
                kept_fields[name] = value
        out["fields"] = kept_fields
    return out, withheld


def _prompt_list(io: ChatIO, prompt: str, items: list[str]) -> bool:
    """Read items into ``items`` until an empty line (True) or the end of input (False)."""
    while True:
        line = io.ask(prompt if not items else t("handoff.prompt.more"))
        if line is None:
            return False
        if not line.strip():
            return True
        items.append(line.strip())


def prompt_handoff(io: ChatIO, branch: Any, start: dict[str, Any] | None = None,
                   example: tuple[str, str] | None = None) -> dict[str, Any] | None:
    """Ask for each item of the sheet in turn (keeps what ``start`` already has); ``example`` is
    the field and value the fields prompt shows (:func:`mylife_core.chat.handoff.field_example`).
    ``/quit`` at any question raises :class:`QuitChat` carrying, as ``sheet``, what the user had
    typed into the sheet so far (the chat keeps it: not a word lost); so does the end of input
    (:class:`InputEnded`) when something was typed (None when nothing was)."""
    data = dict(start or {})
    typed: list[str] = []  # the items the user answered here, in the order asked
    try:
        filled = _prompt_items(io, branch, data, typed, example)
    except QuitChat as exc:
        exc.sheet = {key: data[key] for key in typed if data.get(key)}  # type: ignore[attr-defined]
        raise
    if filled is None and (sheet := {key: data[key] for key in typed if data.get(key)}):
        ended = InputEnded()
        ended.sheet = sheet  # type: ignore[attr-defined]
        raise ended
    return filled


def _prompt_items(io: ChatIO, branch: Any, data: dict[str, Any], typed: list[str],
                  example: tuple[str, str] | None) -> dict[str, Any] | None:
    data.setdefault("topic", branch.topic)
    parent = branch.parent_topic or "-"
    for key in ("question_answered", "conclusion"):
        if not str(data.get(key) or "").strip():
            default = branch.question if key == "question_answered" and branch.question else ""
            answer = io.ask(t(f"handoff.prompt.{key}", default=default))
            if answer is None:
                return None
            data[key] = answer.strip() or default
            typed.append(key)
    if not data.get("new_claims"):
        data["new_claims"] = items = []
        typed.append("new_claims")
        if not _prompt_list(io, t("handoff.prompt.new_claims"), items):
            return None
    if not data.get("fields"):
        fields: dict[str, str] = {}
        data["fields"] = fields
        typed.append("fields")
        while True:
            field, value = example or (t("handoff.example.field"), "150000")
            line = io.ask(t("handoff.prompt.fields", field=field, value=value))
            if line is None:
                return None
            if not line.strip():
                break
            name, sep, value = line.replace("＝", "=").partition("=")
            if not sep or not name.strip() or not value.strip():
                io.say(t("handoff.prompt.fields_bad"))
                continue
            fields[name.strip()] = value.strip()
    if not [x for x in (data.get("competing_evidence") or []) if str(x).strip()]:
        io.say(t("handoff.prompt.competing_why"))
        typed.append("competing_evidence")
        for _ in range(3):  # required: asked again right away when left empty
            data["competing_evidence"] = items = []
            if not _prompt_list(io, t("handoff.prompt.competing_evidence"), items):
                return None
            if items:
                break
            io.say(t("handoff.prompt.competing_why"), fg="yellow")
    if not data.get("open_questions"):
        data["open_questions"] = items = []
        typed.append("open_questions")
        if not _prompt_list(io, t("handoff.prompt.open_questions"), items):
            return None
    for _ in range(3):
        if str(data.get("impact_on_parent_topic") or "").strip():
            break
        answer = io.ask(t("handoff.prompt.impact_on_parent_topic", parent=parent))
        if answer is None:
            return None
        data["impact_on_parent_topic"] = answer.strip()
        typed.append("impact_on_parent_topic")
    return data


def _drop_invalid(data: dict[str, Any]) -> dict[str, Any]:
    """Keep the items of a draft that can be kept, so the prompts ask only for the rest."""
    keep = {k: v for k, v in data.items() if k in ("topic", "question_answered", "conclusion", "conclusion_kind",
                                                   "new_claims", "fields", "competing_evidence", "open_questions",
                                                   "impact_on_parent_topic")}
    for key in ("competing_evidence", "open_questions", "new_claims"):
        value = keep.get(key)
        if isinstance(value, list):
            keep[key] = [v for v in value if (isinstance(v, str) and v.strip()) or isinstance(v, dict)]
        elif value is not None and not isinstance(value, list):
            keep.pop(key)
    if not isinstance(keep.get("fields"), dict):
        keep.pop("fields", None)
    return keep


def produce_handoff(ws: "Workspace", branch: Any, session: Session, io: ChatIO, *,
                    settings: "LLMSettings | None", start: dict[str, Any] | None = None) -> Any:
    """Draft (with the model when there is one), show, let the user fix, check; repeat until the
    sheet passes or the user gives up. Returns the checked draft or None. ``start``: a sheet the
    user wrote before (a close that failed): shown again as it was, not drafted anew."""
    import click

    from ..llm.errors import ModelError
    from .handoff import HandoffInvalid, check, field_example, parse_text, to_yaml

    data: dict[str, Any] = dict(start) if start else {"topic": branch.topic}
    if start is None and settings is not None and session.user_turns:
        io.note(t("handoff.model.drafting"))
        try:
            data = draft_with_model(ws, branch, session, settings)
        except (ModelError, ValueError) as exc:
            io.say(t("handoff.model.failed", reason=exc.render() if isinstance(exc, MyLifeError) else str(exc)),
                   fg="yellow")
        else:
            from ..pipeline.judging import unsupported_lines

            data, withheld = judge_draft(ws, data, session)
            if withheld:
                io.event({"type": "handoff_withheld", "unsupported": [u.model_dump(mode="json") for u in withheld]})
                for line in unsupported_lines(withheld):
                    io.say(line, fg="yellow") if line.startswith("- ") else io.say(line)
                io.say(t("handoff.judge.ask_yourself"))
    for _ in range(5):
        try:
            draft = check(ws, data, branch, source=t("handoff.source.draft"))
        except HandoffInvalid as exc:
            io.say(exc.render(), fg="yellow")
            filled = prompt_handoff(io, branch, _drop_invalid(data), example=field_example(ws, branch.topic))
            if filled is None:
                return None
            data = filled
            continue
        io.say(t("handoff.review.head"))
        for line in to_yaml(draft).splitlines():
            io.say("  " + line)
        choice = io.choose(t("handoff.review.prompt"), {"y": ["yes", "是", "好", "1"], "e": ["edit", "改", "2"],
                                                         "n": ["no", "否", "不", "3"]}, "y")
        if choice in (None, "n"):
            return None
        if choice == "y":
            return draft
        edited = click.edit(to_yaml(draft), extension=".yaml", require_save=True) if io.tty else None
        if edited is None:
            io.say(t("handoff.review.not_edited"))
            continue
        try:
            return parse_text(ws, edited, branch, source=t("handoff.source.edited"))
        except HandoffInvalid as exc:
            io.say(exc.render(), fg="yellow")
            from ..storage import yamlfile

            try:
                data = yamlfile.parse_yaml(edited, __import__("pathlib").Path("handoff.yaml")) or {}
            except MyLifeError:
                data = draft.to_data()
    return None

"""``ask``: a question in, an answer out that is traceable, stale-aware and two-sided.

::

    result = ask(ws, "我该不该跳槽？", AskOptions(accept_stale=True))
    result.answer.to_json()   # the Answer after render_output (docs/ask.md)
    result.chain              # the L4 chain recorded in index.yaml

Steps (docs/design.md#ask): 1. decisions and topic (lenses); 2. ``pre_decide`` (a ``steer`` stops with
``status="needs_input"``, a ``deny`` with ``status="denied"``); 3. the user's statements on the
topic; 4. competing evidence for the draft conclusion (the side the user's newest statement
leans to, i.e. what flattery would say); 5. compose: the model with read-only tools, or the
offline structural brief (deterministic, labelled); a model failure falls back to the brief and
says why; 6. ``render_output`` hooks; 7. the chain recorded, so ``mylife trace chain-…`` can
explain the answer later. When the chain cannot be recorded (a read-only workspace, a full disk)
an answer to be recorded is refused before step 3 (``NotWritable``, exit 12), so that no answer
is shown naming a chain that is never written; ``record=False`` (``--no-record``) reads it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .answer import Answer, Judgment, StaleInput

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.index import Chain
    from ..llm.agent import ToolEvent
    from ..llm.client import ModelTurn
    from ..staleness import StalenessReport
    from ..workspace import Workspace
    from .competing import CompetingResult
    from .evidence import Evidence

READ_TOOLS = ["mylife_recall", "mylife_trace", "mylife_competing", "mylife_staleness"]
TOPIC_PLUGIN = "mylife.topic"  # marks the stand-in "decision" of a question no lens covers (its topic's fields)


@dataclass
class AskOptions:
    accept_stale: bool = False
    keep: list[str] = field(default_factory=list)
    accept_missing: bool = False
    model: str | None = None  # override the configured model
    offline: bool = False  # the structural brief even when a model is configured
    record: bool = True  # record the L4 chain
    limit: int = 12  # statements in the table
    tools: bool = True  # let the model call the read-only tools
    client: Any = None  # a ModelClient to reuse (a chat session keeps one, so cooldowns persist across turns)


@dataclass
class AskEvents:
    """Callbacks for a live display; every one is optional."""

    on_stage: Callable[[str], None] | None = None  # staleness, evidence, competing, model, render, chain
    on_evidence: Callable[[Answer], None] | None = None  # the deterministic parts, before composing
    on_text: Callable[[str], None] | None = None  # model text as it streams
    on_round_end: Callable[["ModelTurn"], None] | None = None
    on_tool: Callable[["ToolEvent"], None] | None = None

    def stage(self, name: str) -> None:
        if self.on_stage is not None:
            self.on_stage(name)


@dataclass
class AskResult:
    answer: Answer
    report: "StalenessReport"
    chain: "Chain | None" = None
    competing: "CompetingResult | None" = None
    evidence: "Evidence | None" = None

    @property
    def exit_code(self) -> int:
        return {"answered": 0, "needs_input": 10, "denied": 11}[self.answer.status]

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.answer.status == "answered", "status": self.answer.status,
                "answer": self.answer.to_json(), "staleness": self.report.to_json(),
                "chain": self.chain.model_dump(mode="json") if self.chain else None}


def field_words(ws: "Workspace", *names: str) -> list[str]:
    """Words that mean a field: its dictionary aliases, else its concept's words (存款, 积蓄 ...)."""
    from ..staleness.heuristics import concept_of
    from ..staleness.ttl import field_spec_for

    words: list[str] = []
    for name in filter(None, names):
        spec = field_spec_for(ws, name)
        if spec is not None:  # a field dictionary knows it: its own aliases are precise enough
            words += [spec.name, *spec.aliases]
            continue
        concept = concept_of(name)
        if concept is not None:
            words += list(concept.zh) + list(concept.en)
    return [w for w in dict.fromkeys(words) if len(w) >= 2 and w not in names]


def _stale_inputs(ws: "Workspace", report: "StalenessReport") -> list[StaleInput]:
    return [StaleInput(name=f.name, value=f.value, age_days=f.age_days, note=f.note, dependency=f.dependency or None,
                       aliases=field_words(ws, f.name, f.dependency))
            for f in report.kept]


def ask(ws: "Workspace", question: str, options: AskOptions | None = None, events: AskEvents | None = None) -> AskResult:
    from .. import clock
    from ..errors import UsageError
    from ..messages import join, t
    from ..safety import crisis, is_refusal, refusal
    from ..staleness import check
    from ..staleness.decisions import english_names
    from ..trace import SourceChecker
    from .competing import find_competing, topic_line_docs
    from .evidence import gather, premises_to_retire, question_back
    from .present import named
    from .render import render
    from .stance import negate_question

    options = options or AskOptions()
    events = events or AskEvents()
    question = (question or "").strip()
    if not question:
        raise UsageError("empty_text", what="question")

    # 1-2. decisions, topic, pre_decide
    events.stage("staleness")
    report = check(ws, question, options={"accept_stale": options.accept_stale, "keep": list(options.keep),
                                          "accept_missing": options.accept_missing})
    topic_reason = None
    if crisis(question):  # a life in danger: where to reach a person, and nothing weighed (mylife_core.safety)
        report = dataclasses.replace(report, decisions=[], matches=[], topic=None, verdict=refusal())
    if not report.decisions and report.verdict.kind != "deny":
        report, topic_reason = _topic_report(ws, question, report)
    decisions = [d for d in report.decisions if d.plugin != TOPIC_PLUGIN]
    answer = Answer(question=question, asked_at=clock.now(), decision=decisions[0].name if decisions else None,
                    decisions=[d.name for d in decisions], lens=(decisions[0].lens or None) if decisions else None,
                    topic=report.topic, verdict=report.verdict.model_dump(mode="json"), stale=_stale_inputs(ws, report),
                    missing=list(report.missing), topic_reason=topic_reason,
                    names_en=english_names(ws, decisions, report.topic))
    for name, ids in report.assessment.from_claims.items():  # which of the user's assessments held a field
        answer.annotations.append(t("staleness.from_claims", name=name, claims=join(ids)))
    if report.verdict.kind == "deny":
        answer.status = "denied"
        answer.label = t("safety.label" if is_refusal(report.verdict) else "ask.label.denied")
        events.stage("render")
        render(answer, ws)
        return AskResult(answer, report)
    if report.verdict.kind == "steer":
        answer.status = "needs_input"
        answer.blocking = list(report.blocking)
        answer.label = t("ask.label.needs_input")
        events.stage("render")
        render(answer, ws)
        return AskResult(answer, report)

    if options.record:  # the answer names its chain: refuse before showing anything when it cannot be recorded
        from ..shell import command_prefix, word

        ws.index.require_chain_writable(answer.asked_at, instead=(
            "ask.record_refused_no_record", {"question": word(question), "prog": command_prefix(ws.root)}))

    # 3. evidence
    events.stage("evidence")
    checker = SourceChecker(ws)
    topic = report.topic
    lines_only = None  # a lens's topic holding the user's raw lines but no claims
    if topic and not ws.claims.count(topic=topic):
        # a lens's topic the user files no claim under: theirs is the one the hits live under; or,
        # when none is found, this one still, for the lines recorded there (a user with no model
        # to extract claims has only lines: docs/ask.md)
        lines_only = topic if topic_line_docs(ws, topic, 1) else None
        topic = None
    evidence = gather(ws, question, topic, decisions, checker, limit=options.limit, lens_topic=lines_only)
    answer.statements = evidence.statements
    answer.statements_note = _statements_note(ws, answer, evidence)
    if report.topic and topic is None and evidence.topic and evidence.topic != report.topic:
        key = "s28evid.topic.lens_lines" if lines_only else "ask.topic.lens_empty"
        answer.topic_reason = t(key, lens_topic=named(answer, report.topic), topic=evidence.topic)
        answer.topic = evidence.topic
    answer.topic = answer.topic or evidence.topic
    answer.names_en = english_names(ws, decisions, answer.topic)

    # 4. competing evidence for the draft conclusion
    events.stage("competing")
    yes, no = negate_question(question)
    # the side the user leans to, toward the yes draft: a statement's stance is toward the act, and a
    # yes draft can be against it (「我该留下来」 is against leaving): 「我想辞职」 made the draft
    # 「我该留下来」 and was then its counter-evidence, under a question saying no statement disagreed
    toward_yes = evidence.lean * (evidence.frame.side if evidence.frame is not None else 1)
    draft = no if toward_yes < 0 else yes
    answer.draft_conclusion = draft
    depends_on = [own for own in report.assessment.resolved.values() if own]
    from ..llm.settings import load_settings

    settings = load_settings(ws, model=options.model)
    use_model = settings.configured and not options.offline
    # a lens decision's fields bring in the notes, under any topic, that speak of them (a mortgage
    # filed under 财务 for 跳槽); fields only guessed from a topic's notes (no lens: one note of 健康
    # saying 加班 made 加班强度 one) do not: 「周末基本不再加班」 was counter-evidence to 开始健身, as
    # premises keep to the topic for them (``within`` below)
    competing = find_competing(ws, draft, topic=answer.topic, checker=checker,
                               depends_on=depends_on if decisions else None,
                               model=settings if use_model else None, client=options.client if use_model else None)
    answer.competing = competing.items
    answer.competing_others = competing.others
    answer.competing_disputed = competing.disputed
    answer.competing_note = competing.note()
    answer.stances_read_by = competing.read_by
    if competing.source_changed:
        answer.annotations.append(t("ask.competing.source_changed", n=len(competing.source_changed),
                                    ids=join(competing.source_changed[:5])))
    if aside := competing.set_aside_note():
        answer.annotations.append(aside)
    if competing.model and competing.model.get("error"):
        answer.annotations.append(competing.model["error"])
    if reach := competing.reach_note():
        answer.annotations.append(reach)
    premises = premises_to_retire(ws, evidence, checker, depends_on=depends_on,
                                  within=None if decisions else answer.topic)
    answer.premises = premises
    if events.on_evidence is not None:
        events.on_evidence(answer)

    # 5. compose
    offline_question = question_back(evidence, named(answer, answer.decision) if answer.decision else None,
                                     named(answer, answer.topic) if answer.topic else None, against=answer.competing)
    if settings.configured and not options.offline:
        events.stage("model")
        _compose_with_model(ws, answer, settings, evidence, options, events)
        if answer.mode == "offline":  # the model failed: the brief stands in, labelled
            answer.question_back = offline_question
    else:
        answer.mode = "offline"
        answer.label = t("ask.label.offline")
        answer.question_back = offline_question

    # 6. render_output: chains enforced, stale inputs marked, disclaimer
    events.stage("render")
    render(answer, ws, checker)
    if answer.question_back is None:
        answer.question_back = offline_question

    # 7. the L4 chain
    chain = None
    if options.record:
        events.stage("chain")
        chain = record_chain(ws, answer, checker)
        answer.chain_id = chain.id
    return AskResult(answer, report, chain, competing, evidence)


def _statements_note(ws: "Workspace", answer: Answer, evidence: "Evidence") -> str | None:
    """What is said with the table about the user's raw lines: that rows citing raw/… are their
    words not yet distilled into claims; or, with no row, that lines were read and none took a
    side (not "you left no statement": a user who only records has lines, not claims)."""
    from ..messages import t
    from ..shell import word
    from .present import named

    topic = word(evidence.topic or answer.topic or "…")
    if any(s.kind == "raw" for s in evidence.statements):
        return t("s28evid.statements.raw_note", topic=topic)
    if not evidence.statements and evidence.lines_read:
        subject = answer.decision or evidence.topic or answer.topic
        subject = named(answer, subject) if subject else t("ask.this_question")
        return t("s28evid.statements.unsided", n=evidence.lines_read, subject=subject, topic=topic)
    return None


def _topic_report(ws: "Workspace", question: str, report: "StalenessReport") -> tuple["StalenessReport", str | None]:
    """No lens decision: the user's own topic for the question (search over their claims and
    digests) and a staleness check on the profile fields that topic's claims speak of."""
    from ..messages import t
    from ..specs import DecisionSpec
    from ..staleness.check import StalenessReport, assess, staleness_verdict
    from ..staleness.decisions import english_names
    from .topics import topic_for_question, topic_fields

    match = topic_for_question(ws, question)
    if match is None:
        return report, None
    reason = t("ask.topic.matched", topic=match.topic, why=match.reason)
    fields = topic_fields(ws, match.topic)
    if not fields:
        report.topic = match.topic
        return report, reason
    spec = DecisionSpec(name=t("ask.topic.pseudo", topic=match.topic), topic=match.topic, optional=fields,
                        lens=t("ask.topic.pseudo_lens"), plugin=TOPIC_PLUGIN)
    assessment = assess(ws, [spec], report.options)
    verdict = report.verdict
    if verdict.kind == "allow":
        verdict = staleness_verdict(assessment, report.options)
    return StalenessReport(question, [spec], [], match.topic, assessment, verdict, report.options,
                           known_decisions=report.known_decisions,
                           names_en=english_names(ws, [], match.topic)), reason


def _data_messages(ws: "Workspace", answer: Answer, evidence: "Evidence") -> list[dict[str, Any]]:
    """Workspace data for the model: each block in the user role inside untrusted markers."""
    from .. import clock
    from ..llm.prompts import untrusted_context_message

    now = clock.now()
    messages = []
    profile = ws.profile.fields()
    kept = {s.name for s in answer.stale}
    fields = []
    for name in dict.fromkeys([*(s.name for s in answer.stale), *_dependency_fields(ws, answer)]):
        f = profile.get(name)
        if f is None:
            continue
        fields.append({"field": name, "value": f.value, "updated_at": f.updated_at.date().isoformat(),
                       "age_days": int(f.age_days(now)), "stale": f.is_stale(now), "kept_by_user": name in kept})
    if fields or answer.missing:
        messages.append(untrusted_context_message("profile (L3)", {"fields": fields, "missing": answer.missing}))
    messages.append(untrusted_context_message(
        f"statements on topic {answer.topic or '-'} (L2)",
        [{"id": s.claim_id, "date": s.date.isoformat(), "kind": s.kind, "status": s.status, "text": s.text[:300],
          "context": s.context, **({"whose_view": s.speaker} if s.speaker else {}),
          **({"source_edited_not_evidence": True} if not s.source_ok else {})} for s in answer.statements]))
    messages.append(untrusted_context_message(
        f"counter-evidence against the draft conclusion: {answer.draft_conclusion}",
        [{"id": c.claim_id or c.ref, "date": c.date.isoformat(), "stance": c.stance, "text": c.text[:300],
          "why": c.reason, "certain": c.certain} for c in answer.competing] or "none found"))
    if answer.competing_disputed:
        messages.append(untrusted_context_message(
            "statements the rules and the stance model read differently (uncertain either way; not counter-evidence "
            "until the user judges them)",
            [{"id": c.claim_id or c.ref, "date": c.date.isoformat(), "text": c.text[:300], "why": c.reason}
             for c in answer.competing_disputed]))
    if answer.competing_others:
        messages.append(untrusted_context_message(
            "other people's views the user wrote down (NOT the user's own; never present them as the user's)",
            [{"id": c.claim_id or c.ref, "whose": c.speaker, "text": c.text[:300]} for c in answer.competing_others]))
    if answer.premises:
        messages.append(untrusted_context_message(
            "old premises the newest data may contradict",
            [{"id": p.claim_id, "date": p.date.isoformat(), "text": p.text[:300], "why": p.question} for p in answer.premises]))
    return messages


def _dependency_fields(ws: "Workspace", answer: Answer) -> list[str]:
    data = (answer.verdict or {}).get("data") or {}
    names = [e.get("name") for e in data.get("expired", []) if e.get("name")]
    for d in ws.plugins.decisions().values():
        if d.name in answer.decisions:
            names += [n for n in [*d.depends_on, *d.optional] if n in ws.profile.fields()]
    return names


def _compose_with_model(ws: "Workspace", answer: Answer, settings: Any, evidence: "Evidence",
                        options: AskOptions, events: AskEvents) -> None:
    from ..llm.agent import run_agent
    from ..llm.client import Deadline, client_for
    from ..llm.errors import ModelError
    from ..llm.prompts import ASK_SYSTEM, pick
    from ..messages import t
    from ..tools import ToolBox
    from .citations import to_judgments

    client = options.client or client_for(ws, settings)
    toolbox = ToolBox(ws, actor="model", allow_writes=False, names=READ_TOOLS) if options.tools else None
    messages = [{"role": "system", "content": pick(ASK_SYSTEM)}, *_data_messages(ws, answer, evidence),
                {"role": "user", "content": t("ask.prompt.question", question=answer.question,
                                              draft=answer.draft_conclusion or "-")}]
    try:
        result = run_agent(client, messages, toolbox, max_rounds=settings.max_rounds,
                           deadline=Deadline(settings.deadline), on_text=events.on_text,
                           on_round_end=events.on_round_end, on_tool=events.on_tool)
    except ModelError as exc:
        answer.mode = "offline"
        answer.model_error = exc.to_json()
        answer.label = t("ask.label.fallback", reason=exc.render())
        return
    except KeyboardInterrupt:
        # Ctrl-C while the model answers stops its answer, not the question's: what it had shown
        # was judged; the brief stands in, labelled, and the answer ends as every one does (the
        # premises, the chain, the disclaimer) instead of breaking off after a judgment
        answer.mode = "offline"
        answer.label = t("s23a.ask.label.interrupted")
        return
    answer.mode = "model"
    answer.model = result.endpoint
    answer.label = t("ask.label.model", model=result.endpoint)
    answer.tool_calls = [{"round": e.round, "name": e.name, "arguments": e.arguments, "ok": e.outcome.ok,
                          "refused": e.outcome.refused} for e in result.tool_events]
    answer.refused_tool_calls = [{"round": e.round, "name": e.name, "arguments": e.arguments,
                                  "error": e.outcome.error} for e in result.refused]
    if result.hit_round_limit:
        answer.annotations.append(t("ask.round_limit", n=settings.max_rounds))
    judgments = to_judgments(result.text)
    questions = [j for j in judgments if j.role == "question"]
    answer.judgments = [j for j in judgments if j.role in ("judgment", "remark")]
    if questions:
        answer.question_back = questions[-1]
        # other questions are kept as part of the analysis, in order
        answer.judgments += [Judgment(text=q.text, claim_ids=q.claim_ids, role="question") for q in questions[:-1]]


def record_chain(ws: "Workspace", answer: Answer, checker: Any) -> "Chain":
    """Lay the answer down in index.yaml: conclusion -> claims -> digest paragraph -> raw lines."""
    from ..layers.index import Chain, ChainLink, Conclusion

    from ..messages import t

    conclusions: list[Conclusion] = []
    if answer.statements:  # the table, as one entry: its rows are the claims (their text is in L2)
        head = t("ask.statements.head", topic=answer.topic) if answer.topic else t("ask.statements.head_any")
        raw = [s for s in answer.statements if s.kind == "raw"]
        conclusions.append(Conclusion(text=head.lstrip("# "), claim_ids=[s.claim_id for s in answer.statements
                                                                          if s.kind != "raw"], role="statement"))
        # a raw line is no claim: laid down as competing's raw lines are, its words and its pointer
        conclusions += [Conclusion(text=f"{s.text} ({s.claim_id})", role="statement") for s in raw]
    for j in answer.judgments:
        if j.role == "remark":  # small talk and restatements are not conclusions
            continue
        conclusions.append(Conclusion(text=j.text, claim_ids=j.claim_ids, role=j.role, stale_inputs=j.stale_inputs,
                                      weight=j.weight))
    if answer.question_back is not None:
        q = answer.question_back
        conclusions.append(Conclusion(text=q.text, claim_ids=q.claim_ids, role="question",
                                      stale_inputs=q.stale_inputs, weight=q.weight))
    for p in answer.premises:
        pointers = [i for i in (p.claim_id, p.newer) if i and i.startswith("raw/")]
        ids = ([p.claim_id] if p.claim_id not in pointers else []) + (
            [p.newer] if p.newer and p.newer.startswith("claim-") else [])
        text = p.question + "".join(f" ({ref})" for ref in pointers)
        conclusions.append(Conclusion(text=text, claim_ids=ids, role="premise_to_retire"))
    for c in [*answer.competing, *answer.competing_disputed]:
        conclusions.append(Conclusion(text=c.text if c.claim_id else f"{c.text} ({c.ref})",
                                      claim_ids=[c.claim_id] if c.claim_id else [], role="competing"))
    links: list[ChainLink] = []
    digest_cache: dict[str, list] = {}
    for claim_id in dict.fromkeys(cid for c in conclusions for cid in c.claim_ids):
        claim = ws.claims.find(claim_id)
        if claim is None:
            continue  # enforcement removed judgments citing it; premises/competing only cite real claims
        paragraph = next((p.ref for p in ws.digests.citing(claim.id, claim.topic, digest_cache)), None)
        links.append(ChainLink(claim_id=claim.id, digest=paragraph, provenance=claim.provenance,
                               excerpt_hash=claim.excerpt_hash, verified=checker.check(claim).state == "ok"))
    chain = Chain(id="", question=answer.question, asked_at=answer.asked_at, decision=answer.decision,
                  topic=answer.topic, mode=answer.mode, model=answer.model, conclusions=conclusions, links=links,
                  unsupported=[u.text for u in answer.unsupported], stale_kept=[s.name for s in answer.stale])
    return ws.index.add_chain(chain, actor="model" if answer.mode == "model" else "user")

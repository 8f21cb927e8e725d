"""No model write without the user: a model's write tool call becomes a proposal (docs/chat.md).

In ``mylife chat`` the model's write tools (``mylife_profile_update``, ``mylife_claim_add``,
``mylife_record``, ``mylife_digest`` with a text) do not write. :class:`ProposingToolBox` checks
the call's arguments, describes its effect in the user's terms ("档案「现有存款」：120000 → 0"),
keeps it as a :class:`Proposal` and tells the model that nothing was written yet. The chat then
shows each proposal with everything it would store (:func:`details`: a long text whole, a claim's
context, date and confidence) and asks; only an accepted one runs (:func:`apply`), as the actor
:data:`CONFIRMED_ACTOR`, so the audit log says the model proposed it and the user confirmed it.
A profile value a model gives without such a confirmation (over MCP) writes nothing either: it is
a field proposal the user decides later (:func:`mylife_core.tools.catalog.profile_update`).

``mylife_branch`` is the other kind of proposal: the chat turns it into its split offer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ..layers.audit import CONFIRMED_ACTOR  # noqa: F401 - the audit actor of a write the user accepted
from . import ToolBox, ToolOutcome

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

BRANCH_TOOL = "mylife_branch"


@dataclass
class Proposal:
    id: int
    name: str
    arguments: dict[str, Any]
    effect: str
    status: Literal["pending", "applied", "refused", "failed"] = "pending"
    outcome: ToolOutcome | None = None
    #: the rest of what the write stores, shown under the effect before the user is asked (:func:`details`)
    details: list[str] = field(default_factory=list)
    #: a new profile field proposed without a TTL: the TTL inferred for it, shown and then written
    ttl: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "tool": self.name, "arguments": self.arguments, "effect": self.effect,
                "details": self.details, "status": self.status,
                "result": self.outcome.to_json() if self.outcome is not None else None}


def _short(text: Any, n: int = 60) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def describe(ws: "Workspace", name: str, args: dict[str, Any]) -> str:
    """What a write would change, in the user's terms."""
    from ..messages import t

    if name == "mylife_profile_update":
        from ..layers.profile import field_value

        field_name = str(args.get("name", "")).strip()
        current = ws.profile.find(field_name)
        value = field_value(ws, field_name, args.get("value"))  # as it will be kept: 5 -> 5年 for a field in years
        if current is None:
            return t("proposal.effect.profile_new", name=field_name, value=value)
        return t("proposal.effect.profile", name=field_name, old=current.value, new=value)
    if name == "mylife_claim_add":
        key = "proposal.effect.claim_candidate" if args.get("kind") == "inference" else "proposal.effect.claim"
        return t(key, kind=t("kind." + str(args.get("kind"))), claim=_short(args.get("claim")),
                 topic=args.get("topic"), pointer=args.get("provenance") or "-")
    if name == "mylife_record":
        return t("proposal.effect.record", topic=args.get("topic"), text=_short(args.get("text")))
    if name == "mylife_digest":
        return t("proposal.effect.digest", topic=args.get("topic"))
    return t("proposal.effect.other", name=name, args=_short(args, 80))


def _whole(label: str, text: Any) -> list[str]:
    """``label`` and a text in full, every line of it indented under the label (never cut)."""
    lines = str(text).splitlines() or [""]
    return [label, *("    " + line for line in lines)]


def cited_lines(ws: "Workspace", provenance: Any) -> list[str]:
    """The user's lines a proposed claim or profile value cites, as ``mylife trace`` shows them,
    under a label naming the pointer: a yes is to what the write rests on too (a claim pointing at
    lines that do not say it is seen as such). [] without a pointer, or one that does not resolve
    (the tool's check refuses that before anything is proposed)."""
    from ..errors import MyLifeError
    from ..messages import t
    from ..provenance import Pointer, shown_lines

    if not provenance:
        return []
    try:
        pointer = Pointer.parse(str(provenance))
        excerpt = ws.raw.resolve(pointer)
    except MyLifeError:
        return []
    from ..trace import lines_model_wrote

    actor = lines_model_wrote(ws, str(pointer))  # a model's line is never called the user's
    if actor is None:
        label = t("extract.claim_cited", pointer=str(pointer))
    else:
        from ..messages import actor_name

        label = t("s32approve.detail.model_cited", pointer=str(pointer), actor=actor_name(actor))
    return [label, *("    " + text for _, text in shown_lines(excerpt, pointer.start))]


def model_line(ws: "Workspace", proposal: Proposal) -> dict[str, Any] | None:
    """The lines a proposed claim or profile value cites, when a model wrote them
    (:func:`mylife_core.trace.lines_model_wrote`: ``mylife_record`` over MCP): ``{"actor",
    "pointer", "lines"}``, else None. The chat asks a second yes/no naming them before such a write
    runs: a yes to the proposal alone would make a model's words the user's record."""
    from ..trace import model_lines

    if proposal.name not in ("mylife_profile_update", "mylife_claim_add"):
        return None
    provenance = proposal.arguments.get("provenance")
    return model_lines(ws, str(provenance)) if provenance else None


def new_field_ttl(ws: "Workspace", name: str, args: dict[str, Any], known: Any = None) -> Any:
    """The TTL a proposed ``mylife_profile_update`` would give a new field it names without one
    (:func:`mylife_core.staleness.propose_ttl`, as the tool infers it; ``known``, the one inferred
    before, when there is one), else None (the field exists: it keeps its TTL)."""
    if name != "mylife_profile_update" or args.get("never_expires") or args.get("ttl_days") is not None:
        return None
    field_name = str(args.get("name", "")).strip()
    if ws.profile.find(field_name) is not None:
        return None
    if known is not None:
        return known
    from ..staleness import propose_ttl

    return propose_ttl(ws, field_name, args.get("value"))


def details(ws: "Workspace", name: str, args: dict[str, Any], ttl: Any = None,
            digest: tuple[str, int] | None = None) -> list[str]:
    """Everything the write would store that its effect line (:func:`describe`) does not show in
    full: a text the effect cuts short, whole, line by line; a claim's context, date and confidence
    and the lines it cites; a profile field's TTL, source and topic; the digest as it would be
    written (:func:`digest_as_written`, or ``digest`` when the caller has judged it already: what
    the judging rule withholds is not written); any other tool's arguments.
    The user approves only what they saw (docs/chat.md, "No model write without you")."""
    import json

    from .. import clock
    from ..messages import t

    out: list[str] = []
    if name == "mylife_record":
        text = str(args.get("text") or "")
        if _short(text) != text:
            out += _whole(t("proposal.detail.text", n=len(text.splitlines() or [""])), text)
        out.append(t("proposal.detail.date", date=args.get("occurred_at") or clock.today().isoformat()))
    elif name == "mylife_claim_add":
        claim = str(args.get("claim") or "")
        if _short(claim) != claim:
            out += _whole(t("proposal.detail.claim"), claim)
        if args.get("context"):
            out += _whole(t("proposal.detail.context"), args["context"])
        when = args.get("occurred_at") or ws.claims.source_date(args.get("provenance")) or clock.today()
        out.append(t("proposal.detail.claim_meta", date=str(when),
                     confidence=t("web.confidence." + str(args.get("confidence") or "medium"))))
        out += cited_lines(ws, args.get("provenance"))
    elif name == "mylife_profile_update":
        from ..staleness.ttl import ttl_text

        if args.get("never_expires") or args.get("ttl_days") is not None:
            out.append(t("proposal.detail.ttl", ttl=ttl_text(None if args.get("never_expires") else args["ttl_days"])))
        elif ttl is not None:  # a new field: the TTL inferred for it, with why
            from ..staleness.ttl import source_text

            out.append(t("proposal.detail.ttl_inferred", ttl=ttl_text(ttl.ttl_days), reason=ttl.reason,
                         source=source_text(ttl.source)))
        if args.get("provenance"):
            from ..layers.profile import cited_source

            source = cited_source(ws, str(args["provenance"]))
            if source == "user_raw":
                out.append(t("proposal.detail.provenance", value=args["provenance"]))
            else:  # the source the write records: the model's, never 你的原话
                from ..messages import code_name

                out.append(t("s32approve.detail.provenance_model", value=args["provenance"],
                             source=code_name("source", source)))
        if args.get("topic"):
            out.append(t("proposal.detail.topic", value=args["topic"]))
        out += cited_lines(ws, args.get("provenance"))
    elif name == "mylife_digest":
        kept, withheld = digest or digest_as_written(ws, args)
        out += _whole(t("proposal.detail.digest_withheld", n=withheld) if withheld
                      else t("proposal.detail.digest"), kept)
    elif _short(args, 80) != str(args):
        out += _whole(t("proposal.detail.arguments"), json.dumps(args, ensure_ascii=False, indent=1, default=str))
    return out


def digest_as_written(ws: "Workspace", args: dict[str, Any]) -> tuple[str, int]:
    """A proposed digest as it would be written: its body (as ``write_generated`` reads it) with
    every sentence the judging rule withholds taken out, and how many were. The proposal shows this
    text and, accepted, writes this text (:class:`ProposingToolBox`), not the model's: a sentence
    that would pass only by the time of the yes (a claim accepted just before it) is not written
    unseen."""
    from ..layers.digest import split_front_matter
    from ..pipeline.digest import judge_body

    _, body = split_front_matter(str(args.get("text") or ""))
    judged = judge_body(ws, str(args.get("topic") or ""), body)
    return judged.kept, len(judged.judged.withheld)


def validate(ws: "Workspace", name: str, arguments: Any) -> tuple[dict[str, Any] | None, ToolOutcome | None]:
    """The arguments as the tool would take them, or the failed outcome (nothing is proposed)."""
    from pydantic import ValidationError

    from ..errors import MyLifeError, UsageError
    from . import _problem

    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        from ..storage.describe import not_an_object

        return None, ToolOutcome.failed(name, UsageError("tool_bad_arguments", tool=name,
                                                         problem=not_an_object(arguments)))
    spec = ws.plugins.tools().get(name)
    handler = getattr(spec, "handler", None)
    model = getattr(handler, "args_model", None)
    if model is not None:
        try:
            args = model.model_validate(arguments)
        except ValidationError as exc:
            return None, ToolOutcome.failed(name, UsageError("tool_bad_arguments", tool=name, problem=_problem(exc)))
        check = getattr(handler, "check", None)
        if check is not None:  # what the tool would refuse anyway (a verdict in a claim) is not put to the user
            try:
                check(ws, CONFIRMED_ACTOR, args)
            except MyLifeError as exc:
                return None, ToolOutcome.failed(name, exc)
    return dict(arguments), None


def refresh(ws: "Workspace", proposal: Proposal) -> Proposal:
    """``proposal`` described again from the workspace as it is now, just before the user is
    asked: a write accepted a moment ago (an earlier proposal of the same turn on the same field)
    is its "before", and a field that write created is no longer new (no inferred TTL). A digest
    keeps what it was judged to (:func:`digest_as_written`: its text is what is written)."""
    if proposal.name == "mylife_digest" or proposal.status != "pending":
        return proposal
    proposal.ttl = new_field_ttl(ws, proposal.name, proposal.arguments, known=proposal.ttl)
    proposal.effect = describe(ws, proposal.name, proposal.arguments)
    proposal.details = details(ws, proposal.name, proposal.arguments, proposal.ttl)
    return proposal


def changed_since(ws: "Workspace", name: str, args: dict[str, Any], shown: str) -> str | None:
    """What a proposed write changes as the workspace reads now (:func:`describe`), when that is no
    longer ``shown``, the effect the user was asked about (another window changed the field while
    the question was shown: the yes is not to this); None when it still reads that way. Chat's
    :func:`apply` and ``mylife extract``'s field questions hold a yes to it."""
    now = describe(ws, name, args)
    return None if now == shown else now


def apply(ws: "Workspace", proposal: Proposal) -> ToolOutcome:
    """Run an accepted proposal (as :data:`CONFIRMED_ACTOR`). A yes is to what the user was
    shown: when the workspace no longer reads that way (another window changed the field since
    the question was shown), nothing is written and the outcome says what it reads now."""
    from ..errors import Conflict
    from ..staleness.ttl import shown_ttl
    from . import call_tool

    if proposal.name != "mylife_digest":
        now = changed_since(ws, proposal.name, proposal.arguments, proposal.effect)
        if now is not None:
            outcome = ToolOutcome.failed(proposal.name, Conflict("s24a.proposal_changed", now=now))
            proposal.outcome, proposal.status = outcome, "failed"
            return outcome
    field_name = str(proposal.arguments.get("name", "")).strip()
    with shown_ttl(ws, field_name, proposal.ttl):  # the TTL the user saw is the one written
        outcome = call_tool(ws, proposal.name, proposal.arguments, actor=CONFIRMED_ACTOR, allow_writes=True)
    proposal.outcome = outcome
    proposal.status = "applied" if outcome.ok else "failed"
    return outcome


def refuse(proposal: Proposal) -> None:
    proposal.status = "refused"


@dataclass
class ProposingToolBox(ToolBox):
    """A chat turn's tools: read tools run, write tools become proposals (see the module docstring)."""

    proposals: list[Proposal] = field(default_factory=list)
    splits: list[dict[str, Any]] = field(default_factory=list)

    def call(self, name: str, arguments: dict[str, Any] | None) -> ToolOutcome:
        from ..messages import t

        spec = self.ws.plugins.tools().get(name)
        offered = {s.name for s in self.specs()}
        if spec is None or not spec.writes or name not in offered:
            return super().call(name, arguments)  # reads run; what was not offered is refused
        if name == BRANCH_TOOL and isinstance(arguments, dict) and arguments.get("topic"):
            self.splits.append(dict(arguments))
            outcome = ToolOutcome(name, True, result={"proposed": True, "note": t("chat.tool.branch_proposed")})
        elif name == "mylife_digest" and isinstance(arguments, dict) and arguments.get("text") is None:
            return super().call(name, arguments)  # reading a digest writes nothing
        else:
            args, failed = validate(self.ws, name, arguments)
            if failed is not None:
                outcome = failed
            else:
                assert args is not None
                outcome = self._propose(name, args)
        self.calls.append(outcome)
        return outcome

    def _propose(self, name: str, args: dict[str, Any]) -> ToolOutcome:
        from ..errors import UsageError
        from ..messages import t

        ttl = new_field_ttl(self.ws, name, args)
        digest = None
        if name == "mylife_digest":  # what is shown is what is written (digest_as_written), judged once
            digest = digest_as_written(self.ws, args)
            if not digest[0].strip():
                return ToolOutcome.failed(name, UsageError("digest_all_withheld", what="digest", n=digest[1]))
        shown = details(self.ws, name, args, ttl, digest=digest)
        if digest is not None:
            args = {**args, "text": digest[0]}
        proposal = Proposal(id=len(self.proposals) + 1, name=name, arguments=args,
                            effect=describe(self.ws, name, args), details=shown, ttl=ttl)
        self.proposals.append(proposal)
        return ToolOutcome(name, True, result={"proposed": True, "applied": False, "proposal": proposal.id,
                                               "effect": proposal.effect, "note": t("proposal.model_note")})

"""No model write without the user: a model's write tool call becomes a proposal (docs/chat.md).

In ``mylife chat`` the model's write tools (``mylife_profile_update``, ``mylife_claim_add``,
``mylife_record``, ``mylife_digest`` with a text) do not write. :class:`ProposingToolBox` checks
the call's arguments, describes its effect in the user's terms ("档案「现有存款」：120000 → 0"),
keeps it as a :class:`Proposal` and tells the model that nothing was written yet. The chat then
shows each proposal and asks; only an accepted one runs (:func:`apply`), as the actor
:data:`CONFIRMED_ACTOR`, so the audit log says the model proposed it and the user confirmed it.
A profile value the model wrote without such a confirmation (over MCP) keeps the field's age:
only the user's yes resets staleness (:func:`mylife_core.tools.catalog.profile_update`).

``mylife_branch`` is the other kind of proposal: the chat turns it into its split offer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from . import ToolBox, ToolOutcome

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

#: the audit actor of a write the model proposed and the user accepted
CONFIRMED_ACTOR = "model, confirmed by user"
BRANCH_TOOL = "mylife_branch"


@dataclass
class Proposal:
    id: int
    name: str
    arguments: dict[str, Any]
    effect: str
    status: Literal["pending", "applied", "refused", "failed"] = "pending"
    outcome: ToolOutcome | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "tool": self.name, "arguments": self.arguments, "effect": self.effect,
                "status": self.status, "result": self.outcome.to_json() if self.outcome is not None else None}


def _short(text: Any, n: int = 60) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def describe(ws: "Workspace", name: str, args: dict[str, Any]) -> str:
    """What a write would change, in the user's terms."""
    from ..messages import t

    if name == "mylife_profile_update":
        field_name = str(args.get("name", "")).strip()
        current = ws.profile.find(field_name)
        if current is None:
            return t("proposal.effect.profile_new", name=field_name, value=args.get("value"))
        return t("proposal.effect.profile", name=field_name, old=current.value, new=args.get("value"))
    if name == "mylife_claim_add":
        key = "proposal.effect.claim_candidate" if args.get("kind") == "inference" else "proposal.effect.claim"
        return t(key, kind=t("kind." + str(args.get("kind"))), claim=_short(args.get("claim")),
                 topic=args.get("topic"), pointer=args.get("provenance") or "-")
    if name == "mylife_record":
        return t("proposal.effect.record", topic=args.get("topic"), text=_short(args.get("text")))
    if name == "mylife_digest":
        return t("proposal.effect.digest", topic=args.get("topic"))
    return t("proposal.effect.other", name=name, args=_short(args, 80))


def validate(ws: "Workspace", name: str, arguments: Any) -> tuple[dict[str, Any] | None, ToolOutcome | None]:
    """The arguments as the tool would take them, or the failed outcome (nothing is proposed)."""
    from pydantic import ValidationError

    from ..errors import UsageError
    from . import _problem

    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        from ..storage.describe import not_an_object

        return None, ToolOutcome.failed(name, UsageError("tool_bad_arguments", tool=name,
                                                         problem=not_an_object(arguments)))
    spec = ws.plugins.tools().get(name)
    model = getattr(getattr(spec, "handler", None), "args_model", None)
    if model is not None:
        try:
            model.model_validate(arguments)
        except ValidationError as exc:
            return None, ToolOutcome.failed(name, UsageError("tool_bad_arguments", tool=name, problem=_problem(exc)))
    return dict(arguments), None


def apply(ws: "Workspace", proposal: Proposal) -> ToolOutcome:
    """Run an accepted proposal (as :data:`CONFIRMED_ACTOR`)."""
    from . import call_tool

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
                proposal = Proposal(id=len(self.proposals) + 1, name=name, arguments=args,
                                    effect=describe(self.ws, name, args))
                self.proposals.append(proposal)
                outcome = ToolOutcome(name, True, result={"proposed": True, "applied": False, "proposal": proposal.id,
                                                          "effect": proposal.effect,
                                                          "note": t("proposal.model_note")})
        self.calls.append(outcome)
        return outcome

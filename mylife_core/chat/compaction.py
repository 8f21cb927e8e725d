"""The conversation the model sees is the conversation (Odysseus ``maybe_compact``).

Every turn of a session is sent to the model, assistant turns included, as long as the whole
stays under 85% of the model's window (:data:`.context.PRESSURE_LIMIT`). Past that, older turns
are not cut: the model is asked to summarise them (:func:`summarise`), the summary goes through
the one judging rule like any model text (a verdict without evidence is left out of it; a
sentence restates only what the *user* said in the turns it stands for), and it
is stored in the session file (``summaries``) beside the original turns, which stay on disk
untouched. From then on the model is sent the latest summary (as data) and the turns after it.
The chat tells the user once, in plain words.

How much is folded: the oldest turns, never the last exchange, until what is sent would fill at
most :data:`TARGET` of the window, so a summary is not needed again on the very next turn; the
turns after a summary always start with a user turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .context import PRESSURE_LIMIT, messages_tokens
from .session import Session, Summary, Turn

if TYPE_CHECKING:  # pragma: no cover
    from ..llm.client import ModelClient
    from ..llm.settings import LLMSettings
    from ..workspace import Workspace

TARGET = 0.5  # of the window, after folding
SUMMARY_ALLOWANCE = 0.1  # of the window, kept for the summary itself when planning
KEEP_LAST = 2  # turns never folded (the last exchange)


def view(session: Session) -> tuple[Summary | None, list[Turn]]:
    """The latest summary (or None) and the conversation turns after what it covers."""
    conversation = session.conversation()
    summary = session.summaries[-1] if session.summaries else None
    return summary, conversation[summary.covers:] if summary is not None else conversation


def summary_message(summary: Summary) -> dict[str, Any]:
    from ..llm.prompts import untrusted_context_message

    return untrusted_context_message("summary of the earlier conversation (written by the assistant; the full "
                                     "turns are kept on disk)", summary.text)


def history(session: Session, *, drop_last: bool = False) -> list[dict[str, Any]]:
    """What the model is sent of the conversation: the latest summary, then every turn after it
    (``drop_last``: without the last turn, i.e. the user turn being answered)."""
    summary, turns = view(session)
    if drop_last and turns:
        turns = turns[:-1]
    messages = [summary_message(summary)] if summary is not None else []
    return messages + [{"role": turn.role, "content": turn.text} for turn in turns]


def plan(session: Session, fixed_tokens: int, window: int, model: str | None) -> int:
    """How many more turns to fold into a summary before this model call (0: none needed).

    ``fixed_tokens``: everything sent besides the history (system prompt, tools, this turn)."""
    summary, turns = view(session)
    sent = fixed_tokens + messages_tokens(history(session, drop_last=True), model)
    if sent <= PRESSURE_LIMIT * window:
        return 0
    foldable = turns[:-1][:-KEEP_LAST] if len(turns) > KEEP_LAST + 1 else []
    budget = (TARGET - SUMMARY_ALLOWANCE) * window - fixed_tokens
    rest = turns[:-1]
    n = 0
    while n < len(foldable):
        n += 1
        remaining = rest[n:]
        if remaining and remaining[0].role != "user":
            continue  # never leave an assistant turn without the user turn it answers
        if messages_tokens([{"role": t.role, "content": t.text} for t in remaining], model) <= budget:
            break
    while n and n < len(rest) and rest[n].role != "user":
        n -= 1
    return n


def summarise(ws: "Workspace", client: "ModelClient", session: Session, n: int, settings: "LLMSettings") -> Summary:
    """Ask the model to summarise the oldest ``n`` turns after the latest summary (and that
    summary); the result is held to the judging rule. Raises :class:`~mylife_core.llm.errors.ModelError`."""
    from .. import clock
    from ..llm.client import Deadline
    from ..llm.prompts import untrusted_context_message
    from ..messages import t
    from ..pipeline.judging import Judge, filter_text
    from .prompts import SUMMARY_SYSTEM, pick

    summary, turns = view(session)
    folded = turns[:n]
    data = {"earlier_summary": summary.text if summary is not None else None,
            "turns": [{"who": turn.role, "text": turn.text} for turn in folded]}
    messages = [{"role": "system", "content": pick(SUMMARY_SYSTEM)},
                untrusted_context_message("conversation turns to summarise", data),
                {"role": "user", "content": t("chat.summary.ask", n=len(folded))}]
    turn = client.complete(messages, deadline=Deadline(settings.deadline))
    covers = (summary.covers if summary is not None else 0) + n
    # what the user said in every turn the summary stands for: a restatement is of the user's words,
    # never of the assistant's (its cited judgment said again without the citation is a verdict) nor
    # of an earlier summary (the model's words too)
    said = [x.text for x in session.conversation()[:covers] if x.role == "user"]
    kept, judged = filter_text(Judge(ws, user_words=said), turn.text)
    return Summary(covers=covers, text=kept or t("chat.summary.empty", n=covers), at=clock.now(),
                   model=turn.endpoint, withheld=[u.text for u in judged.unsupported])

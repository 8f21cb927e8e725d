"""Topic drift: every ``detect_drift`` signal of a turn, combined into one verdict (docs/design.md#drift).

Each signal (a :class:`~mylife_core.specs.DriftSignal`) has a ``score`` in [0, 1] and a
``weight`` (``high``/``medium``/``low``, the trust column of docs/design.md#drift). They are combined as independent
pieces of evidence (noisy-OR)::

    combined = 1 - Π (1 - factor[weight] × score)      factor: high 1.0, medium 0.6, low 0.3

and the turn counts as drift when ``combined >= THRESHOLD`` (0.5). So one high signal at 0.5 or
more is enough (an explicit "换个话题", or a new topic whose fields barely overlap the main
line's); a medium signal alone needs 0.84; a weak marker ("另外", 0.4) needs a second signal
to agree. The figures behind these choices are measured by ``bench/drift.py`` on a labelled
set of Chinese conversation turns (docs/chat.md quotes them).

Two turns are never drift: the first turn of a conversation whose topic is not set yet (it sets
it; ``mylife chat --topic`` sets it beforehand, and then the first turn is judged like any
other), and a turn that goes
back to the main line after a detour (``returning``: the chat follows it without asking). And
a topic the user already chose to keep talking about right here (``session.declined``) is not
offered again, unless context pressure alone says the line is in danger (``suppressed``).

Plugins receive a :class:`DriftContext` as ``session``: what they may read about the
conversation (documented in docs/chat.md and docs/plugins.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..specs import DriftSignal
from .session import DriftRecord, Line, Session

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace
    from .topics import TopicGuess

FACTORS = {"high": 1.0, "medium": 0.6, "low": 0.3}
THRESHOLD = 0.5
DEFAULT_WINDOW = 32000


@dataclass
class DriftContext:
    """The conversation as a ``detect_drift`` plugin sees it.

    * ``session``: the :class:`~.session.Session` (``main``, ``current``, ``turns``, ...);
    * ``main`` / ``current``: the main line and the line the conversation is on now;
    * ``turns_off_main``: user turns spent off the main line so far;
    * ``context_tokens`` / ``context_window``: estimated tokens the model would receive with
      this turn, and the model's window (``llm.context_window``);
    * ``current_fields`` / ``main_fields``: the lines' profile-field sets;
    * ``recent_user_texts(n)``: the last ``n`` user turns on the current line;
    * ``guess(text)``: which topic/decision a text is about (cached per text).
    """

    ws: "Workspace"
    session: Session
    context_tokens: int = 0
    context_window: int = DEFAULT_WINDOW
    _guesses: dict[str, "TopicGuess"] = field(default_factory=dict, repr=False)

    @property
    def main(self) -> Line:
        return self.session.main

    @property
    def current(self) -> Line:
        return self.session.current

    @property
    def turns_off_main(self) -> int:
        return self.session.turns_off_main

    def guess(self, text: str) -> "TopicGuess":
        from .topics import classify

        if text not in self._guesses:
            self._guesses[text] = classify(self.ws, text)
        return self._guesses[text]

    @cached_property
    def current_fields(self) -> frozenset[str]:
        from .topics import line_fields

        return line_fields(self.ws, decision=self.current.decision, topic=self.current.topic)

    @cached_property
    def main_fields(self) -> frozenset[str]:
        from .topics import line_fields

        return line_fields(self.ws, decision=self.main.decision, topic=self.main.topic)

    def recent_user_texts(self, n: int = 6) -> list[str]:
        """The last ``n`` user turns on the current line (the line's opening question first)."""
        on_line = [t.text for t in self.session.turns if t.role == "user" and self._on_current(t)]
        if not on_line and self.session.inherited and self.current.same_as(self.main):
            on_line = [t.text for t in self.session.inherited if t.role == "user"][-n:]
        opening = on_line[:1]
        rest = on_line[1:][-(n - 1):] if n > 1 else []
        return [*opening, *rest]

    def _on_current(self, turn: Any) -> bool:
        current = self.current
        if current.topic:
            return turn.topic == current.topic
        return turn.topic is None


@dataclass
class DriftVerdict:
    score: float
    drifted: bool
    signals: list[DriftSignal]
    new_topic: str | None = None
    new_decision: str | None = None
    returning: bool = False
    first: bool = False
    suppressed: bool = False  # drift, but to a topic the user chose to keep here (not offered again)

    def record(self, action: str = "none") -> DriftRecord:
        return DriftRecord(score=round(self.score, 3), drifted=self.drifted, new_topic=self.new_topic,
                           signals=[s.model_dump(mode="json") for s in self.signals], action=action)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        return {"score": round(self.score, 3), "threshold": THRESHOLD, "drifted": self.drifted,
                "new_topic": self.new_topic, "new_decision": self.new_decision, "returning": self.returning,
                "first": self.first, "suppressed": self.suppressed, "signals": [s.model_dump(mode="json") for s in self.signals]}


def combine(signals: list[DriftSignal]) -> float:
    """Noisy-OR of the signals (see the module docstring)."""
    keep = 1.0
    for s in signals:
        keep *= 1.0 - FACTORS.get(s.weight, FACTORS["medium"]) * max(0.0, min(1.0, s.score))
    return 1.0 - keep


def assess(ws: "Workspace", session: Session, text: str, *, context_tokens: int = 0,
           context_window: int = DEFAULT_WINDOW) -> DriftVerdict:
    """Score ``text`` (the user's new turn) against the session's current line."""
    from .topics import excerpt_label

    ctx = DriftContext(ws, session, context_tokens=context_tokens, context_window=context_window)
    signals = ws.plugins.detect_drift(text, ctx, ws)
    score = combine(signals)
    guess = ctx.guess(text)
    decision = guess.decision
    new_topic = next((s.new_topic for s in sorted(signals, key=lambda s: -FACTORS.get(s.weight, 0.6) * s.score)
                      if s.new_topic and s.score > 0), None) or guess.topic or excerpt_label(text)
    verdict = DriftVerdict(score=score, drifted=score >= THRESHOLD, signals=signals, new_topic=new_topic,
                           new_decision=decision.name if decision is not None else None)
    prior = [t for t in [*session.inherited, *session.turns] if t.role == "user"]
    names = guess.topic_names()
    main, current = session.main.topic, session.current.topic
    if not prior and not main:
        verdict.first = True
        verdict.drifted = False
    elif main and current != main and (
            (main in names and (current not in names or guess.topic == main and guess.decision is not None))
            or any(s.signal == "explicit_marker" and s.score >= 0.5 and s.new_topic == main for s in signals)):
        verdict.returning = True
        verdict.drifted = False
        verdict.new_topic = main
    elif verdict.drifted and new_topic in session.declined and not _pressing(signals):
        verdict.drifted = False
        verdict.suppressed = True
    return verdict


def _pressing(signals: list[DriftSignal]) -> bool:
    """Context pressure alone would decide: a declined topic is offered again."""
    return any(s.signal == "context_pressure" and FACTORS.get(s.weight, 0.6) * s.score >= THRESHOLD for s in signals)

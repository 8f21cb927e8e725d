"""Drift in the chat: what is done when a turn leaves the line (docs/chat.md, "Topic drift").

The verdict itself is :mod:`.drift`'s; this module acts on it: a conversation that opened with
small talk adopts the first topic a lens knows; in a branch, turning back to the topic it came
from offers to close the branch, go back or stay; a drift is offered to the user in plain words
(continue here / split it off with the conversation / split it off fresh), unless the remembered
preference (``branch.default``) decides; after the first answer the chat asks once whether to
remember it; an open branch about the turn's topic is mentioned once per session. Every choice
goes through :class:`.io.ChatIO` (``/quit`` ends the chat at the prompt; the end of input takes
the default the prompt names).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..messages import t
from .session import Line
from .topics import line_from_text

if TYPE_CHECKING:  # pragma: no cover
    from .drift import DriftVerdict
    from .loop import Chat


class DriftOffers:
    def __init__(self, chat: "Chat") -> None:
        self.chat = chat

    def assess(self, text: str) -> "DriftVerdict":
        from .drift import assess

        chat = self.chat
        assert chat.session is not None
        return assess(chat.ws, chat.session, text, context_tokens=chat.model.context_tokens(text),
                      context_window=chat.settings.context_window)

    def toward_parent(self, verdict: "DriftVerdict") -> bool:
        s = self.chat.session
        assert s is not None
        if not s.is_branch:
            return False
        branch = self.chat.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
        return bool(branch.parent_topic) and verdict.new_topic == branch.parent_topic

    def offer_back(self, text: str, verdict: "DriftVerdict") -> bool:
        """In a branch, the user turns back to the topic it came from: close it with a conclusion,
        go back leaving it open, or stay. Returns True when the turn was handed to the parent."""
        s = self.chat.session
        assert s is not None
        branch = self.chat.ws.index.branch(s.branch_id)  # type: ignore[arg-type]
        parent = branch.parent_topic or "-"
        self.chat.io.event({"type": "offer_back", "branch": branch.id, "to": parent,
                       "choices": ["close", "back", "stay"], "default": "close"})
        self.chat.io.say("")
        self.chat.io.say(t("chat.back_offer.noticed", parent=parent, topic=s.main.name), fg="cyan")
        self.chat.io.say(t("chat.back_offer.close", topic=s.main.name))
        self.chat.io.say(t("chat.back_offer.back", parent=parent))
        self.chat.io.say(t("chat.back_offer.stay", topic=s.main.name))
        choice = self.chat.io.choose(t("chat.back_offer.prompt"), {"1": ["close", "收尾"], "2": ["back", "回去"],
                                                              "3": ["stay", "留下"]}, "1", as_turn="3")
        if choice == "3":
            s.declined.append(parent)
            return False
        if choice == "1" and not self.chat.io.json:
            self.chat.branches.close_branch()
        else:
            self.chat.branches.back()
        if self.chat.session is s:  # the sheet was not finished: still in the branch
            return False
        self.chat.io.say(t("chat.back_offer.carry_on", text=text))
        self.chat.turn(text)
        return True

    def adopt(self, text: str, verdict: "DriftVerdict") -> bool:
        """A conversation that opened with small talk ("最近心情不好") and now names a topic a lens
        knows has found its main line: adopt it rather than offer a split off the small talk."""
        s = self.chat.session
        assert s is not None
        topics = self.chat.ws.plugins.topics()
        if len(s.user_turns) != 1 or s.is_branch or s.main.decision or s.main.topic in topics:
            return False
        if verdict.new_topic not in topics or any(sig.signal == "explicit_marker" and sig.score >= 0.5
                                                  for sig in verdict.signals):
            return False
        line = line_from_text(self.chat.ws, text)
        s.main = line
        s.current = line.model_copy()
        self.chat.io.say(t("chat.adopted", main=line.name), fg="cyan")
        return True

    def explain(self, verdict: "DriftVerdict") -> None:
        from .drift import FACTORS, THRESHOLD

        self.chat.io.event({"type": "drift", **verdict.to_json()})
        if self.chat.io.json:
            return
        state = (t("chat.explain.first") if verdict.first else t("chat.explain.returning") if verdict.returning
                 else t("chat.explain.suppressed") if verdict.suppressed
                 else t("chat.explain.drift") if verdict.drifted else t("chat.explain.none"))
        self.chat.io.note(t("chat.explain.head", score=f"{verdict.score:.2f}", threshold=THRESHOLD, state=state,
                       topic=verdict.new_topic or "-"))
        from ..messages import M

        for s in verdict.signals:
            key = f"drift.signal.{s.signal}"
            self.chat.io.note(t("chat.explain.signal", name=t(key) if key in M else s.signal, score=f"{s.score:.2f}",
                           weight=t(f"drift.weight.{s.weight}"),
                           contribution=f"{FACTORS.get(s.weight, 0.6) * s.score:.2f}", evidence=s.evidence,
                           plugin=s.plugin))

    def on_drift(self, text: str, verdict: "DriftVerdict") -> str:
        """Offer the split (or follow the remembered preference); returns the action taken."""
        s = self.chat.session
        assert s is not None
        new_topic = verdict.new_topic or t("chat.topic.unset")
        from_name = s.current.name
        preference = self.chat.ws.config.branch.default
        recommend = any(sig.signal in ("field_set", "turns_off_main", "context_pressure") and sig.score >= 0.5
                        for sig in verdict.signals)
        if preference == "ask":
            self.chat.io.event({"type": "offer", "from": from_name, "to": new_topic, "recommend": "split" if recommend else None,
                           "choices": ["continue", "split", "fresh"], "default": "split" if recommend else "continue"})
            self.chat.io.say("")
            self.chat.io.say(t("chat.offer.noticed", old=from_name, new=new_topic), fg="cyan")
            self.chat.io.say(t("chat.offer.risk", old=from_name))
            self.chat.io.say(t("chat.offer.continue", new=new_topic))
            self.chat.io.say(t("chat.offer.split", new=new_topic))
            self.chat.io.say(t("chat.offer.fresh"))
            if recommend:
                field_signal = any(sig.signal == "field_set" and sig.score >= 0.5 for sig in verdict.signals)
                self.chat.io.say(t("chat.offer.recommend_fields" if field_signal else "chat.offer.recommend_long",
                              new=new_topic, old=from_name))
            default = "2" if recommend else "1"
            choice = self.chat.io.choose(t("chat.offer.prompt", default=default),
                                    {"1": ["continue", "c", "继续"], "2": ["split", "s", "拆", "拆出去"],
                                     "3": ["fresh", "f", "单独"]}, default, as_turn="1")
            decided = {"1": "continue", "2": "split", "3": "fresh"}[choice]
            self.maybe_remember("continue" if decided == "continue" else "split")
        else:
            decided = preference
            self.chat.io.say(t(f"chat.offer.auto_{preference}", old=from_name, new=new_topic), fg="cyan")
        if decided == "continue":
            s.declined.append(new_topic)
            s.current = Line(topic=new_topic if verdict.new_topic else None, decision=verdict.new_decision,
                             label=verdict.new_decision or new_topic)
            self.chat.io.event({"type": "continue", "topic": new_topic})
            return "continue"
        from .topics import strip_lead_in

        self.chat.branches.split(new_topic, question=strip_lead_in(text), mode="fresh" if decided == "fresh" else "fork",
                   decision=verdict.new_decision, drift=verdict)
        return "split"

    def maybe_remember(self, choice: str) -> None:
        s = self.chat.session
        assert s is not None
        if s.remember_asked or self.chat.io.json or self.chat.io.turns:
            return  # (a line said instead of a choice chose nothing to remember)
        s.remember_asked = True
        if self.chat.io.confirm(t("chat.remember.prompt", choice=t(f"chat.remember.{choice}")), default=False,
                                as_turn=True):
            self.chat.ws.update_config({"branch": {"default": choice}})
            self.chat.io.say(t("chat.remember.saved", choice=t(f"chat.remember.{choice}")))

    def mention(self, names: set[str]) -> None:
        """An open branch about this topic is mentioned once per session."""
        from .branches import related_open

        s = self.chat.session
        assert s is not None
        names = {n for n in names if n}
        if not names:
            return
        for branch in related_open(self.chat.ws, names, exclude={s.branch_id or ""} | set(s.mentioned)):
            s.mentioned.append(branch.id)
            self.chat.io.event({"type": "mention", "branch": branch.model_dump(mode="json")})
            self.chat.io.say(t("chat.mention", topic=branch.topic, id=branch.id, date=branch.opened_at.date().isoformat(),
                          parent=branch.parent_topic or "-"), fg="cyan")

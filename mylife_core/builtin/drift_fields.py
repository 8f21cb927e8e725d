"""Builtin drift signal: the turn needs a different set of profile fields (docs/design.md#drift, 最可靠).

跳槽 depends on career fields, 空窗期 on cash-flow fields; when the topic a turn is about needs
fields the main line does not, that alone is strong evidence of a new topic, with no model
guessing. The score is the share of the new topic's field set the current line does not cover::

    score = 1 - |new ∩ current| / |new|

(containment rather than Jaccard, so a narrower sub-question of the main line, all of whose
fields the line already has, scores 0). The new topic's set is the matched decision's when the
turn asks one ("能撑多久" is 空窗期), else its topic's. A turn that matches no decision there
and only names fields the current line depends on ("我两年没涨过工资了": 月收入, on a career
line) scores 0: it is feeding the line, not leaving it. A turn that names the current line's
topic as well as a new one ("跳槽的话存款够不够撑？") ties the two together: its score is scaled
by 0.3.

When the current line is about something no lens describes ("感情") and the turn is about a
topic a lens knows ("辞职" is career), the line needs none of that topic's fields as far as
anyone knows: 0.7. No signal when no lens knows the turn's topic (a field set needs a lens):
the markers and the text distance still judge those turns.
"""

from __future__ import annotations

from typing import Any

from mylife_core import hookimpl

MIXED_FACTOR = 0.3
UNKNOWN_LINE = 0.7  # the current line has no field set, the turn's topic has one


@hookimpl
def detect_drift(turn: str, session: Any, workspace: Any):
    from mylife_core.chat.topics import line_fields, mentioned_fields
    from mylife_core.messages import join, t
    from mylife_core.specs import DriftSignal

    current = session.current
    current_fields = session.current_fields
    guess = session.guess(turn)
    names = guess.topic_names()
    if not names:
        return None
    if not current_fields:
        if not current.topic or current.topic in names:
            return None
        # the line is about something no lens describes ("感情"); the turn is about one a lens knows
        new_topic = guess.topic or sorted(names)[0]
        return DriftSignal(signal="field_set", score=UNKNOWN_LINE, weight="high", new_topic=new_topic,
                           evidence=t("drift.fields.unknown_line", current=current.name, new=new_topic))
    others = [n for n in ([guess.topic] if guess.topic else []) + sorted(names) if n != current.topic]
    if not others:
        return DriftSignal(signal="field_set", score=0.0, weight="high",
                           evidence=t("drift.fields.same", topic=current.topic or current.name))
    new_topic = others[0]
    decision = guess.decision
    new_decision = decision.name if decision is not None and decision.topic == new_topic else None
    if new_decision is None:
        mentioned = mentioned_fields(workspace, turn)
        if mentioned and mentioned <= current_fields:
            # "我两年没涨过工资了" names 月收入, a field the career line itself depends on
            return DriftSignal(signal="field_set", score=0.0, weight="high",
                               evidence=t("drift.fields.own", fields=join(sorted(mentioned)), line=current.name))
    new_fields = line_fields(workspace, decision=new_decision, topic=new_topic)
    if not new_fields:
        return None
    shared = new_fields & current_fields
    score = 1.0 - len(shared) / len(new_fields)
    mixed = current.topic in names
    if mixed:
        score *= MIXED_FACTOR
    evidence = t("drift.fields.evidence", current=current.name, current_fields=join(sorted(current_fields)),
                 new=new_decision or new_topic, new_fields=join(sorted(new_fields)),
                 shared=join(sorted(shared)) or t("word.none"), n=len(shared), total=len(new_fields))
    if mixed:
        evidence += t("drift.fields.mixed", topic=current.name)
    return DriftSignal(signal="field_set", score=round(score, 3), weight="high", new_topic=new_topic,
                       evidence=evidence)

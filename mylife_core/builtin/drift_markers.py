"""Builtin drift signal: explicit switch markers in the user's words (docs/design.md#drift, 可信度高).

"换个话题", "先不管这个", "说回", "另外" ... A person who changes the subject usually says so.
Strong markers (``换个话题``, ``先不管这个``, ``题外话``, ``说回``) score 0.9 with weight
``high``; weak ones that also join sentences on the same subject (``另外``, ``对了``,
``还有``) score 0.4, enough only when another signal agrees (see :mod:`mylife_core.chat.drift`).
A marker counts where a sentence starts (the turn's start, or after punctuation), not inside a
word ("另外" in "另外一家公司给了 offer" still counts; "格外" does not).

The text after the marker names the new subject: ``new_topic`` is the topic it matches, so
"说回跳槽" points back at the career line. Add your own markers with a plugin of your own
implementing ``detect_drift`` (docs/chat.md).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from mylife_core import hookimpl

# (pattern, score, key): strong markers first. Patterns match at a sentence start.
STRONG = 0.9
WEAK = 0.4
SAME_TOPIC_FACTOR = 0.2  # the marker is followed by the current line's own topic
MARKERS: list[tuple[str, float]] = [
    (r"换个话题|换一个话题|换话题|聊点别的|聊聊别的|说点别的|说个别的|问个别的|问点别的", STRONG),
    (r"先不管(这个|那个|它|了|[^，,。.!！?？]{0,8})?|先不说(这个|那个|了|[^，,。.!！?？]{0,8})?|先不聊(这个|那个|了|[^，,。.!！?？]{0,8})?|先放(一放|一边|下)", STRONG),
    (r"不(说|聊|谈|管)(这个|那个|[^，,。.!！?？]{0,6})?了|不想(说|聊|谈)(这个|那个|[^，,。.!！?？]{0,6})?了|不想了(?=[，,。.!！\s])|"
     r"这个先这样|这事先这样|先这样吧", STRONG),
    (r"题外话|跑个题|岔开(一下|一句|个话题)?|扯远了|插一句|插个话|突然想到|突然想起", STRONG),
    (r"说回|回到(?!家)|言归正传|回到正题|话说回来|接着(说|聊)(刚才|之前)|先(说|聊|谈)(一下|一说)?(?=[^，,。.!！?？]{1,10})", STRONG),
    (r"另一件事|另外一件事|另一个问题|另外一个问题|还有(一|个)件事|还有个事|还有个问题|有件事(想|要)(问|说)", STRONG),
    (r"另外|对了|还有|顺便(问|说)?(一下|一句)?|话说|说起来|说到|除此之外|此外|(?i:by the way|btw|anyway)", WEAK),
]
RETURN = r"说回|回到|言归正传|话说回来|接着(说|聊)"  # markers that go back to an earlier line
# where a sentence starts: the turn's start or after punctuation, past an interjection ("好了，…")
_SENTENCE_START = r"(?:^|[，,。.!！?？;；：:\n])\s*(?:(?:好了|好吧|好的|行吧|算了|嗯|那么|那|(?i:ok|okay))[，,\s]*)?"


@lru_cache(maxsize=1)
def _compiled() -> tuple[list[tuple[re.Pattern[str], float]], re.Pattern[str], re.Pattern[str]]:
    """The markers, :data:`RETURN` and the sentence start, compiled on the first turn read (this
    module is imported by every command that builds the plugin host; only a chat reads turns)."""
    return [(re.compile(p), score) for p, score in MARKERS], re.compile(RETURN), re.compile(_SENTENCE_START)


def find_marker(text: str) -> tuple[str, float, int] | None:
    """The strongest marker at a sentence start: (marker, score, end offset), or None."""
    compiled, _, sentence_start = _compiled()
    starts = [m.end() for m in sentence_start.finditer(text)]
    best: tuple[str, float, int] | None = None
    for pattern, score in compiled:
        for start in starts:
            m = pattern.match(text, start)
            if m and (best is None or score > best[1]):
                best = (m.group(0), score, m.end())
        if best is not None and best[1] == STRONG:
            break
    return best


@hookimpl
def detect_drift(turn: str, session: Any, workspace: Any):
    from mylife_core.messages import t
    from mylife_core.specs import DriftSignal

    found = find_marker(turn.strip())
    if found is None:
        return DriftSignal(signal="explicit_marker", score=0.0, weight="high", evidence=t("drift.markers.none"))
    marker, score, end = found
    rest = turn.strip()[end:].strip(" ，,。.!！?？;；：:")
    key = "drift.markers.strong" if score >= STRONG else "drift.markers.weak"
    evidence = t(key, marker=marker)
    current, main = session.current, session.main
    guess = session.guess(rest) if rest else None
    names = guess.topic_names() if guess is not None else set()
    if _compiled()[1].match(marker):
        if current.same_as(main) and not (names - {current.topic}):
            return DriftSignal(signal="explicit_marker", score=0.0, weight="high", new_topic=current.topic,
                               evidence=evidence + t("drift.markers.on_main", topic=main.name))
        if not names or main.topic in names:
            # "说回…" during a detour: back to the main line (the chat follows without asking)
            return DriftSignal(signal="explicit_marker", score=score, weight="high", new_topic=main.topic or main.name,
                               evidence=evidence + t("drift.markers.back", topic=main.name))
    if guess is not None and current.topic and names and current.topic in names and (
            guess.topic == current.topic or len(names) == 1):
        # what follows the marker is the line's own topic: "另外，我老板…" on a career line
        return DriftSignal(signal="explicit_marker", score=round(score * SAME_TOPIC_FACTOR, 3), weight="high",
                           new_topic=current.topic, evidence=evidence + t("drift.markers.same", topic=current.name))
    new_topic = None
    if names:
        new_topic = guess.topic if guess.topic != current.topic else next(n for n in sorted(names) if n != current.topic)
    elif rest:
        from mylife_core.chat.topics import excerpt_label

        new_topic = excerpt_label(rest)
    return DriftSignal(signal="explicit_marker", score=score, weight="high", new_topic=new_topic, evidence=evidence)

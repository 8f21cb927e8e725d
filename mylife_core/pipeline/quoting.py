"""How ``ask``'s text quotes the user: their exact words as said, a claim as the summary it is.

A claim is a distillation ("对加班反复感到失望") of the lines it cites ("我还以为好日子能多过几天").
Until session 28 the brief wrote 「你在 2026-07…说「对加班反复感到失望」」: words the user never
wrote, quoted as said. Every place ``ask`` quotes a statement (the question back, a premise the
newest statement reverses, a counter-evidence line) goes through this module:

* the statement's text *is* the user's words (a raw line, or a claim whose text is found in the
  lines it cites, punctuation and spacing aside): it is quoted as said, 说「想跳槽」;
* otherwise it is worded as the summary it is, with the user's own words beside it when they are
  known (the lines still hash to what the claim recorded): 记下「对加班反复感到失望」（原话：「我还以为
  好日子能多过几天」）; a claim whose lines are gone or changed is a summary alone.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..trace import SourceChecker

SHORT = 40  # characters of a quote (the claim's text, or the user's words beside it)


def _folded(text: str) -> str:
    """``text`` without spacing and punctuation, case folded (full-width forms read as plain):
    what a quote is compared by."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text).casefold() if ch.isalnum())


#: an ellipsis inside a quote: it joins two parts of the words, each said, in that order
ELLIPSIS = re.compile(r"…+|⋯+|\.{3,}|。{3,}")


def shorten(text: str, n: int = SHORT) -> str:
    """``text`` on one line, cut to ``n`` characters with … (what a quote shows of a statement)."""
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def verbatim(text: str, words: str | None) -> bool:
    """Is ``text`` the user's own words: found in ``words`` (the lines it cites), punctuation and
    spacing aside? ("想跳槽" in "想跳槽。真的想跳槽。" is; "对加班反复感到失望" in "我还以为好日子能多过几天" is not.)"""
    if words is None:
        return False
    folded = _folded(text)
    return bool(folded) and folded in _folded(words)


def quote_in(quote: str, words: str | None) -> bool:
    """Are the words of ``quote`` (a quote a model wrote) in ``words``, as :func:`verbatim` reads
    them: found whole, or as a contiguous part; an ellipsis inside the quote joins parts that are
    each found, in that order ("热爱这里……绝不想辞职" in "热爱这里，绝不想辞职")."""
    if words is None:
        return False
    parts = [_folded(p) for p in ELLIPSIS.split(quote)]
    parts = [p for p in parts if p]
    if not parts:
        return True  # nothing but marks: no words to find
    hay, at = _folded(words), 0
    for part in parts:
        found = hay.find(part, at)
        if found < 0:
            return False
        at = found + len(part)
    return True


def claim_words(claim: "Claim", checker: "SourceChecker") -> str | None:
    """The user's exact words a claim cites (its raw lines, joined), or None when they cannot be
    trusted to be what the claim was made of (no pointer, a file gone, lines changed since)."""
    check = checker.check(claim, with_lines=True)
    if check.state != "ok" or not check.lines:
        return None
    return " ".join(text.strip() for _, text in check.lines if text.strip()) or None


def said(text: str, words: str | None, *, n: int = SHORT) -> str:
    """The user's statement as a verb phrase: 说「…」 for their own words, 记下「…」（原话：「…」） for a
    summary (``words``: the lines it cites, None when unknown)."""
    from ..messages import t

    if verbatim(text, words):
        return t("s28evid.said.exact", text=shorten(text, n))
    if words:
        return t("s28evid.said.summary", text=shorten(text, n), words=shorten(words, n))
    return t("s28evid.said.summary_only", text=shorten(text, n))


def quoted(text: str, words: str | None, *, n: int = SHORT) -> str:
    """The user's statement as a noun phrase: 「…」 for their own words, 记下的「…」（原话：「…」） for a
    summary (see :func:`said`)."""
    from ..messages import t

    if verbatim(text, words):
        return t("s28evid.quote.exact", text=shorten(text, n))
    if words:
        return t("s28evid.quote.summary", text=shorten(text, n), words=shorten(words, n))
    return t("s28evid.quote.summary_only", text=shorten(text, n))

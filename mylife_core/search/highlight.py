"""Snippets: the part of a hit's text where the searched words are, marked with 【】.

Done on the original text (not tantivy's token stream), so the snippet shows the user's exact
characters; matching is on the normalised form (full-width and case folded), which keeps one
character per character, so positions carry over.
"""

from __future__ import annotations

from .segment import normalize

OPEN, CLOSE = "【", "】"


def find_spans(text: str, terms: list[str]) -> list[tuple[int, int]]:
    """Non-overlapping spans of ``terms`` in ``text``, longest terms first."""
    norm = normalize(text)
    taken = [False] * len(norm)
    spans: list[tuple[int, int]] = []
    for term in sorted({t for t in terms if t}, key=len, reverse=True):
        start = norm.find(term)
        while start != -1:
            end = start + len(term)
            if not any(taken[start:end]):
                spans.append((start, end))
                for i in range(start, end):
                    taken[i] = True
            start = norm.find(term, end)
    spans.sort()
    # merge touching spans: 【跳槽】【计划】 reads better as 【跳槽计划】
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and merged[-1][1] == s:
            merged[-1] = (merged[-1][0], e)
        else:
            merged.append((s, e))
    return merged


def snippet(text: str, terms: list[str], width: int = 80) -> str:
    """At most ``width`` characters of ``text`` around the densest cluster of matches."""
    text = " ".join(text.split()) if "\n" in text else text
    spans = find_spans(text, terms)
    if not spans:
        return text if len(text) <= width else text[: width - 1] + "…"
    # choose the window start that covers the most matched characters
    best_start, best_cover = 0, -1
    for s, _ in spans:
        start = max(0, min(s - width // 4, len(text) - width))
        end = start + width
        cover = sum(min(e, end) - max(b, start) for b, e in spans if b < end and e > start)
        if cover > best_cover:
            best_start, best_cover = start, cover
    start, end = best_start, min(len(text), best_start + width)
    out: list[str] = ["…" if start > 0 else ""]
    pos = start
    for s, e in spans:
        if e <= start or s >= end:
            continue
        s, e = max(s, start), min(e, end)
        out.append(text[pos:s])
        out.append(OPEN + text[s:e] + CLOSE)
        pos = e
    out.append(text[pos:end])
    if end < len(text):
        out.append("…")
    return "".join(out)

"""Small charts drawn on the server as SVG (no script, no library, nothing to download).

The markup uses only SVG presentation attributes (``fill``, ``stroke``), never ``style=``, so
the panel's Content-Security-Policy (``style-src 'self'``) holds; every label is escaped.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from markupsafe import Markup, escape

W, H = 640, 180
PAD_L, PAD_R, PAD_T, PAD_B = 56, 16, 12, 28
STATUS_COLOURS = {"active": "#2f6f4f", "candidate": "#b7791f", "disputed": "#c53030", "stale": "#718096",
                  "superseded": "#a0aec0", "rejected": "#e2e8f0"}


def _day(value: date | datetime) -> float:
    return (value.date() if isinstance(value, datetime) else value).toordinal()


def _fmt(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 100 or v == int(v) else f"{v:,.2f}"


def line_chart(points: list[tuple[datetime, float]], label: str) -> Markup:
    """A numeric field's values over time (a step per update)."""
    if len(points) < 2:
        return Markup("")
    xs = [_day(p[0]) for p in points]
    ys = [p[1] for p in points]
    x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    y0, y1 = min(ys), max(ys)
    if y0 == y1:
        y0, y1 = y0 - 1, y1 + 1

    def sx(x: float) -> float:
        return PAD_L + (x - x0) / (x1 - x0) * (W - PAD_L - PAD_R)

    def sy(y: float) -> float:
        return H - PAD_B - (y - y0) / (y1 - y0) * (H - PAD_T - PAD_B)

    path = " ".join(f"{'M' if i == 0 else 'L'}{sx(x):.1f},{sy(y):.1f}" for i, (x, y) in enumerate(zip(xs, ys, strict=True)))
    dots = "".join(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3.5" fill="#2b6cb0"><title>{escape(p[0].date().isoformat())}: '
                   f'{escape(_fmt(y))}</title></circle>' for x, y, p in zip(xs, ys, points, strict=True))
    axis = (f'<line x1="{PAD_L}" y1="{H - PAD_B}" x2="{W - PAD_R}" y2="{H - PAD_B}" stroke="#cbd5e0"/>'
            f'<text x="{PAD_L - 6}" y="{sy(y1) + 4:.1f}" text-anchor="end" font-size="11" fill="#4a5568">{escape(_fmt(y1))}</text>'
            f'<text x="{PAD_L - 6}" y="{sy(y0) + 4:.1f}" text-anchor="end" font-size="11" fill="#4a5568">{escape(_fmt(y0))}</text>'
            f'<text x="{PAD_L}" y="{H - 8}" font-size="11" fill="#4a5568">{escape(points[0][0].date().isoformat())}</text>'
            f'<text x="{W - PAD_R}" y="{H - 8}" text-anchor="end" font-size="11" fill="#4a5568">'
            f'{escape(points[-1][0].date().isoformat())}</text>')
    return Markup(f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(label)}">'
                  f'<title>{escape(label)}</title>{axis}<path d="{path}" fill="none" stroke="#2b6cb0" stroke-width="2"/>'
                  f'{dots}</svg>')


def timeline(claims: list[Any], label: str, kind_names: dict[str, str], status_names: dict[str, str]) -> Markup:
    """A topic's statements over time (docs/design.md#both-sides): one lane per kind, one dot per claim,
    coloured by status; hovering a dot shows the statement, clicking opens the claim."""
    if not claims:
        return Markup("")
    kinds = ["fact", "assessment", "inference"]
    lane_h = 40
    height = PAD_T + lane_h * len(kinds) + PAD_B
    xs = [_day(c.occurred_at) for c in claims]
    x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1

    def sx(x: float) -> float:
        return 96 + (x - x0) / (x1 - x0) * (W - 96 - PAD_R)

    parts = []
    for i, kind in enumerate(kinds):
        y = PAD_T + lane_h * i + lane_h / 2
        parts.append(f'<text x="8" y="{y + 4:.0f}" font-size="12" fill="#2d3748">{escape(kind_names.get(kind, kind))}</text>'
                     f'<line x1="96" y1="{y:.0f}" x2="{W - PAD_R}" y2="{y:.0f}" stroke="#edf2f7"/>')
    for c, x in zip(claims, xs, strict=True):
        y = PAD_T + lane_h * kinds.index(c.kind) + lane_h / 2
        colour = STATUS_COLOURS.get(c.status, "#4a5568")
        tip = f"{c.occurred_at.isoformat()} · {status_names.get(c.status, c.status)} · {c.claim}"
        parts.append(f'<a href="/claims/{escape(c.id)}"><circle cx="{sx(x):.1f}" cy="{y:.0f}" r="5" fill="{colour}" '
                     f'stroke="#1a202c" stroke-width="0.5"><title>{escape(tip)}</title></circle></a>')
    first, last = min(claims, key=lambda c: c.occurred_at), max(claims, key=lambda c: c.occurred_at)
    parts.append(f'<text x="96" y="{height - 8}" font-size="11" fill="#4a5568">{escape(first.occurred_at.isoformat())}</text>'
                 f'<text x="{W - PAD_R}" y="{height - 8}" text-anchor="end" font-size="11" fill="#4a5568">'
                 f'{escape(last.occurred_at.isoformat())}</text>')
    return Markup(f'<svg class="chart" viewBox="0 0 {W} {height}" role="img" aria-label="{escape(label)}">'
                  f'<title>{escape(label)}</title>{"".join(parts)}</svg>')

"""What each panel page shows, gathered through the workspace library only.

Every function here reads through public layer methods (``ws.claims``, ``ws.profile``,
``ws.raw``, ``ws.digests``, ``ws.index``, ``ws.audit``, ``trace``, ``recall`` …) and returns
plain data for a template; the routes in :mod:`mylife_core.web.app` call them and the library's
own methods for every write, so locks, the audit log and provenance checks hold for the panel
exactly as for the CLI.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from dataclasses import field as _field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from .. import clock
from ..provenance import Pointer, shown_file

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..layers.profile import ProfileField
    from ..workspace import Workspace

PAGE = 50
SOON_DAYS = 14  # "expiring soon": within this many days of its TTL
CONTEXT = 5  # lines shown either side of a claim's cited lines on its page


# ------------------------------------------------------------------------------------ errors
PANEL_WORDING = "s29panel.web."  # + the CLI message's key: the panel's wording of the same error
#: every prefix a panel wording is kept under (the first found wins): + the CLI message's key
PANEL_WORDINGS = (PANEL_WORDING, "s32panel.web.")


def panel_key(key: str) -> str:
    """The key of the panel's wording of the message ``key`` (``error.bad_ttl``, a hint such as
    ``ask.record_refused_no_record``), or ``key`` itself when the CLI's words serve the panel too."""
    from ..messages import M

    return next((own for own in (prefix + key for prefix in PANEL_WORDINGS) if own in M), key)


def error_text(exc: Any) -> str:
    """A library error as the panel says it: the CLI's message, or, where it names a flag or a
    command (``--ttl``, ``profile set``, ``ask … --no-record``) that means nothing in a browser, the
    panel's own wording of it, which names the page's boxes, buttons and pages instead (same
    parameters). Each part of the message (the error, its hint, what still works) is worded so:
    every page, the ask run and the settings page say an error through this one function."""
    return exc.render(wording=panel_key)


# ------------------------------------------------------------------------------------ TTL badges
def ttl_state(field: "ProfileField", now: datetime) -> str:
    """``never`` | ``expired`` | ``soon`` (within 14 days) | ``fresh``."""
    if field.ttl_days is None:
        return "never"
    left = field.ttl_days - field.age_days(now)
    if left < 0:
        return "expired"
    return "soon" if left <= SOON_DAYS else "fresh"


def days_left(field: "ProfileField", now: datetime) -> int | None:
    return None if field.ttl_days is None else int(field.ttl_days - field.age_days(now))


@dataclass
class FieldRow:
    name: str
    field: "ProfileField"
    state: str
    age_days: int
    left: int | None


def field_rows(ws: "Workspace") -> list[FieldRow]:
    now = clock.now()
    rows = [FieldRow(n, f, ttl_state(f, now), int(f.age_days(now)), days_left(f, now))
            for n, f in ws.profile.fields().items()]
    order = {"expired": 0, "soon": 1, "fresh": 2, "never": 3}
    rows.sort(key=lambda r: (order[r.state], r.left if r.left is not None else 10**9, r.name))
    return rows


# ------------------------------------------------------------------------------------ raw lines
@dataclass
class RawView:
    file: str
    lines: list[tuple[int, str]]
    highlight: tuple[int, int] | None
    state: str  # ok | changed | missing | unrecorded
    record: Any = None
    above: int = 0  # lines left out before ``lines`` (:meth:`around`)
    below: int = 0  # ... and after them

    def around(self, context: int = CONTEXT) -> "RawView":
        """The highlighted lines with ``context`` lines either side, the rest counted (a claim's
        page: the cited lines of a 400-line note in sight, not 300 lines down the page)."""
        if not self.highlight or not self.lines:
            return self
        first, last = self.highlight[0] - context, self.highlight[1] + context
        kept = [(n, line) for n, line in self.lines if first <= n <= last]
        if not kept:  # the pointer is past the end (the file changed): the whole file, as it is
            return self
        return replace(self, lines=kept, above=sum(1 for n, _ in self.lines if n < first),
                       below=sum(1 for n, _ in self.lines if n > last))


def raw_view(ws: "Workspace", file: str, highlight: tuple[int, int] | None = None) -> RawView:
    """A raw file's lines, checked against its manifest hash (read-only: L0 is append-only)."""
    rec = ws.raw.get(file)
    try:
        data = ws.raw.path_of(file).read_bytes() if file.startswith("raw/") else None
    except OSError:
        data = None
    if data is None:
        return RawView(file, [], highlight, "missing", rec)
    state = "unrecorded" if rec is None else ("ok" if hashlib.sha256(data).hexdigest() == rec.sha256 else "changed")
    lines = shown_file(data)  # the words: no BOM, no CRLF's \r (the hash above is of the exact bytes)
    return RawView(file, lines, highlight, state, rec)


def pointer_range(provenance: str | None) -> tuple[str, tuple[int, int]] | None:
    if not provenance:
        return None
    try:
        p = Pointer.parse(provenance)
    except Exception:  # noqa: BLE001 - a malformed pointer shows as "no source"
        return None
    return p.file, (p.start, p.end)


# ------------------------------------------------------------------------------------ pagination
@dataclass
class Cursor:
    """Keyset pagination over claims, newest first: the day of the last shown claim and how
    many of that day's claims were shown already (``query`` orders by day, then id)."""

    before: date | None = None
    skip: int = 0

    @classmethod
    def parse(cls, before: str | None, skip: str | None) -> "Cursor":
        from ..errors import UsageError

        try:
            day = date.fromisoformat(before) if before else None
            n = int(skip) if skip else 0
        except ValueError:
            raise UsageError("web_bad_cursor", value=f"{before}/{skip}") from None
        if n < 0 or n > 100000:
            raise UsageError("web_bad_cursor", value=f"{before}/{skip}")
        return cls(day, n)


def claims_page(ws: "Workspace", *, topic: str | None, kind: str | None, status: str | None,
                cursor: Cursor, size: int = PAGE) -> tuple[list["Claim"], Cursor | None]:
    """One page of claims (newest first) and the cursor of the next page, if any."""
    found = ws.claims.query(topic=topic, kind=kind, status=status, until=cursor.before,
                            limit=size + cursor.skip + 1, newest_first=True)
    found = found[cursor.skip:]
    more = len(found) > size
    page = found[:size]
    if not more or not page:
        return page, None
    last = page[-1].occurred_at
    same_day = sum(1 for c in page if c.occurred_at == last)
    skip = same_day + (cursor.skip if cursor.before == last else 0)
    return page, Cursor(last, skip)


# ------------------------------------------------------------------------------------ audit
def audit_for(ws: "Workspace", target: str, limit: int = 50) -> list[dict[str, Any]]:
    """Audit entries about ``target`` (a claim id, a field name), oldest first."""
    return [e for e in _audit_mentioning(ws, target) if e.get("target") == target][-limit:]


def claim_history(ws: "Workspace", claim_id: str, limit: int = 50) -> tuple[list[dict[str, Any]], list[str]]:
    """A claim's audit entries (oldest first) and the ids of the claims it superseded, in one
    pass over the log (a supersession is recorded on the old claim with ``detail.by``)."""
    entries = _audit_mentioning(ws, claim_id)
    own = [e for e in entries if e.get("target") == claim_id]
    older = [str(e.get("target")) for e in entries if e.get("action") == "claim.supersede"
             and (e.get("detail") or {}).get("by") == claim_id]
    return own[-limit:], list(dict.fromkeys(older))


def _audit_mentioning(ws: "Workspace", text: str) -> list[dict[str, Any]]:
    """Audit entries whose line mentions ``text`` as a JSON string.

    The log is append-only JSON lines and can hold hundreds of thousands of entries: the file
    is searched as bytes and only matching lines are parsed.
    """
    import json
    import mmap

    path = ws.audit.path
    needle = json.dumps(text, ensure_ascii=False).encode("utf-8")
    out: list[dict[str, Any]] = []
    try:
        with path.open("rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
            pos = data.find(needle)
            while pos != -1:
                start = data.rfind(b"\n", 0, pos) + 1
                end = data.find(b"\n", pos)
                if end == -1:
                    break  # a torn last line
                try:
                    entry = json.loads(data[start:end])
                except ValueError:
                    entry = None
                if isinstance(entry, dict):
                    out.append(entry)
                pos = data.find(needle, end)
    except (OSError, ValueError):  # no log yet (or an empty one: mmap refuses size 0)
        return []
    return out


# ------------------------------------------------------------------------------------ digests
@dataclass
class DigestView:
    topic: str
    in_force: str | None  # body
    in_force_meta: dict[str, Any]
    original: str | None  # body of the model's original kept beside it
    original_meta: dict[str, Any]
    differences: list[dict[str, Any]]
    paragraphs_in_force: list[tuple[int, str, str | None]]  # (n, text, change)
    paragraphs_original: list[tuple[int, str, str | None]]
    seen: str = ""  # what the page shows (:func:`digest_seen`): a revision sent from it is checked against it
    history: list[dict[str, Any]] = _field(default_factory=list)  # the user's earlier revisions (DigestLayer.history)
    whose: dict[str, Any] = _field(default_factory=dict)  # whose it is in force (pipeline.digest.in_force), as --show says


def digest_seen(ws: "Workspace", topic: str) -> str:
    """A digest as a page shows it: the hash of the digest in force and the model's original beside
    it. A revision sent from a page that no longer shows them (another window or the CLI wrote a new
    original, or a revision, since) is refused rather than answering what the user never saw."""
    h = hashlib.sha256()
    for text in (ws.digests.read(topic), ws.digests.read(topic, original=True)):
        h.update(b"\x00" if text is None else b"\x01" + text.encode("utf-8"))
        h.update(b"\x1e")
    return h.hexdigest()


def digest_topics(ws: "Workspace") -> list[dict[str, Any]]:
    from ..layers.digest import split_front_matter

    out = []
    answered = _answered_originals(ws)
    for path in ws.digests.topics():
        meta, body = split_front_matter(path.read_text(encoding="utf-8"))
        topic = str(meta.get("topic") or path.stem)
        out.append({"topic": topic, "revision": str(meta.get("revision") or "user"),
                    "paragraphs": len([p for p in body.split("\n\n") if p.strip()]),
                    "has_original": path.with_name(path.stem + ".ai.md").exists(),
                    "pending": _new_original(ws, path.stem, meta, {h for named, h in answered if named in (topic, path.stem)})})
    return out


def _answered_originals(ws: "Workspace") -> set[tuple[str, str]]:
    """(topic, hash of the model's original) of each digest proposal the user rejected or disputed:
    that original was answered, and keeping the user's revision was the answer."""
    from ..pipeline.proposals import Proposals

    return {(p.topic, p.original_hash) for p in Proposals(ws).all()
            if p.kind == "digest" and p.status in ("rejected", "disputed") and p.original_hash}


def _new_original(ws: "Workspace", stem: str, meta: dict[str, Any], answered: set[str] = frozenset()) -> bool:
    """A model original arrived after the user's revision (it differs from what was revised) and the
    user has not answered it yet: an original whose proposal they rejected or disputed (``answered``:
    the hashes of those originals) is not new any more; a later, different one is."""
    from ..layers.digest import body_hash, split_front_matter

    if meta.get("revision") != "user":
        return False
    original = ws.digests.dir / f"{stem}.ai.md"
    if not original.exists():
        return False
    _, body = split_front_matter(original.read_text(encoding="utf-8"))
    now = body_hash(body)
    return bool(meta.get("based_on")) and now != meta.get("based_on") and now not in answered


def digest_view(ws: "Workspace", topic: str) -> DigestView:
    from ..errors import NotFound
    from ..layers.digest import paragraph_differences, split_front_matter, split_paragraphs

    text = ws.digests.read(topic)
    if text is None:
        raise NotFound("web_digest_not_found", topic=topic)
    meta, body = split_front_matter(text)
    original_text = ws.digests.read(topic, original=True)
    o_meta, o_body = split_front_matter(original_text) if original_text is not None else ({}, None)
    diffs = paragraph_differences(o_body, body) if o_body is not None else []
    changed_new = {d["paragraph"]: d["change"] for d in diffs if d["revised"] is not None}
    removed_old = {d["original"] for d in diffs if d["original"] is not None}
    in_force = [(p.number, p.text, changed_new.get(p.number)) for p in split_paragraphs(body, "", front_matter=False)]
    original = ([(p.number, p.text, ("changed" if p.text in removed_old else None))
                 for p in split_paragraphs(o_body, "", front_matter=False)] if o_body is not None else [])
    history = [{**h, "text": split_front_matter((ws.root / h["path"]).read_text(encoding="utf-8"))[1]}
               for h in ws.digests.history(topic)]
    from ..pipeline.digest import in_force as whose

    return DigestView(topic, body, meta, o_body, o_meta, diffs, in_force, original,
                      seen=digest_seen(ws, topic), history=history, whose=whose(ws, {"topic": topic, **meta}, body))


# ------------------------------------------------------------------------------------ home
def recent_topics(ws: "Workspace", n: int = 5) -> list[dict[str, Any]]:
    """The topics of the most recent raw records (what the user has been writing about)."""
    seen: dict[str, dict[str, Any]] = {}
    for rec in reversed(ws.raw.records()):  # the manifest is in recording order
        if rec.topic not in seen:
            seen[rec.topic] = {"topic": rec.topic, "last": rec.occurred_at}
            if len(seen) >= n:
                break
    return list(seen.values())


def numeric_history(field: "ProfileField", spec: Any = None) -> list[tuple[datetime, float]]:
    """The field's values over time when every one is a number (for the chart); for a field its
    dictionary gives a ``unit`` (``spec``), every value a quantity in it (``5年``, ``三年半``)."""
    from ..layers.profile import number_of

    points = [(p.updated_at, number_of(spec, p.value)) for p in field.history]
    points.append((field.updated_at, number_of(spec, field.value)))
    if len(points) < 2 or any(v is None for _, v in points):
        return []
    return [(when, float(v)) for when, v in points]


# ------------------------------------------------------------------------------------ proposals
def proposal_card(ws: "Workspace", p: Any, checker: Any = None) -> dict[str, Any]:
    """What the review page shows of one proposal (:mod:`mylife_core.pipeline.proposals`): a
    field's cited lines from ``raw/`` with the hash check, or a digest original's changed
    paragraphs with the lines of the claims they cite; ``refused``: why accepting it would be
    refused now (the card then offers reject and dispute only), else None."""
    from ..errors import MyLifeError
    from ..layers.digest import CITE_RE
    from ..pipeline.proposals import digest_changes, field_now, field_ttl_text, quoted_lines, source_state

    card: dict[str, Any] = {"proposal": p, "refused": None, "stale": None}
    if p.pending:  # what accepting it would meet (its line changed, the field or the original moved on)
        from ..pipeline.proposals import Proposals

        try:
            Proposals(ws).check(p, "accept")
        except MyLifeError as exc:
            card["refused"] = error_text(exc)
    if p.kind == "field":
        card["state"] = source_state(ws, p) if p.pending else None
        card["lines"] = quoted_lines(ws, p)
        card["exists"], card["current"] = field_now(ws, p)  # what accepting replaces, as it is now
        card["ttl"] = field_ttl_text(ws, p)  # a new field: the TTL accepting writes, kept in the proposal
        from ..layers.profile import cited_source
        from ..pipeline.proposals import field_model_wrote

        # a line a model wrote: said on the card, with the source accepting records (not 你的原话)
        card["model_wrote"] = field_model_wrote(ws, p)
        card["accepted_source"] = cited_source(ws, p.provenance) if card["model_wrote"] else None
        return card
    from ..pipeline.proposals import out_of_date

    card["stale"] = out_of_date(ws, p)  # the digest moved on since: said on the card, reject it or ask again
    if checker is None:
        from ..trace import SourceChecker

        checker = SourceChecker(ws)
    changes = digest_changes(ws, p) if p.pending else []
    if p.text is not None:  # a model's digest proposed over MCP: compared with the digest in force, if any
        from ..layers.digest import split_front_matter

        current = ws.digests.read(p.topic)
        card["in_force"] = None if current is None else (split_front_matter(current)[0].get("revision") or "user")
    cited: list[dict[str, Any]] = []
    seen: set[str] = set()
    for d in changes:
        for claim_id in CITE_RE.findall(d.get("revised") or ""):
            if claim_id in seen or len(cited) >= 8:
                continue
            seen.add(claim_id)
            try:
                claim = ws.claims.get(claim_id)
            except MyLifeError:
                continue
            cited.append({"claim": claim, "check": checker.check(claim, with_lines=True)})
    card["changes"] = changes
    card["cited"] = cited
    return card

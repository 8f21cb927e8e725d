"""The append-only audit log: who (user / model / plugin), what, when, for every write.

It is also the witness ``mylife verify`` checks every layer against (docs/reliability.md):

* **a hash chain**: each line carries ``prev``, the sha256 of the line before it (the exact
  bytes, without the newline), so a line edited, removed or inserted anywhere breaks the
  chain at that place;
* **a head**: ``ledger/audit.head`` holds the size of the log and the hash of its last line
  after every append, so cutting lines off the end is noticed too (the head may lag one
  append behind after a crash; it never runs ahead);
* **file digests**: each entry's ``files`` maps every workspace file the write touched (outside
  ``raw/``, whose files the manifest witnesses, and ``ledger/``/``cache/``) to its sha256
  after the write (``null``: the write removed it). The newest digest of a file is what the
  file must hold; anything else is an edit outside MyLife.

A log written before the chain existed is "legacy": its lines are read as before, and the
first chained entry follows a ``audit.baseline`` entry recording the files as they were then.
Lines that are not JSON objects of the right shape (a crash, a hand edit) are skipped by
every reader (``status`` never fails on them) and reported by ``verify``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from ..storage import jsonl
from ..storage.atomic import append_bytes

#: the actor of a write a model proposed and the user accepted (``mylife chat``, docs/chat.md)
CONFIRMED_ACTOR = "model, confirmed by user"


def by_model(actor: str) -> bool:
    """A model wrote it on its own (``model``: extraction, the agent loop; ``model via MCP``), not
    a model's proposal the user accepted (:data:`CONFIRMED_ACTOR`)."""
    return actor.startswith("model") and actor != CONFIRMED_ACTOR


class AuditEntry(BaseModel):
    at: datetime
    actor: str
    action: str
    target: str
    detail: dict[str, Any] = Field(default_factory=dict)
    files: dict[str, str | None] = Field(default_factory=dict)


def line_hash(line: bytes) -> str:
    return hashlib.sha256(line).hexdigest()


@dataclass
class AuditLine:
    """One line of the log as found on disk (for ``verify``)."""

    number: int
    raw: bytes
    entry: AuditEntry | None  # None: not a valid entry
    data: dict[str, Any] | None  # the JSON object, when it is one
    problem: str | None = None


class AuditLog:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.head_path = path.with_name(path.stem + ".head")

    # -- writing (the caller holds the workspace lock) ---------------------------------------------
    def last_line(self) -> bytes | None:
        """The last complete line (without its newline), or None for an empty log."""
        try:
            with self.path.open("rb") as fh:
                pos = fh.seek(0, os.SEEK_END)
                buf = b""
                while pos > 0:
                    step = min(65536, pos)
                    pos -= step
                    fh.seek(pos)
                    buf = fh.read(step) + buf
                    last_nl = buf.rfind(b"\n")
                    if last_nl == -1:
                        continue
                    prev_nl = buf.rfind(b"\n", 0, last_nl)
                    if prev_nl != -1:
                        return buf[prev_nl + 1:last_nl]
                    if pos == 0:
                        return buf[:last_nl]
                return None
        except FileNotFoundError:
            return None

    def repair_torn(self) -> int:
        """Cut a last line without its newline (a writer killed mid-append; it never completed,
        so it holds no entry); a whole entry that only lacks its newline gets it
        (:func:`~mylife_core.storage.jsonl.repair_tail`). Returns the bytes dropped."""
        return jsonl.repair_tail(self.path)

    def is_chained(self, last: bytes | None) -> bool:
        """Whether the line ``last`` belongs to a chained log (or the log is empty)."""
        if last is None:
            return True
        try:
            return "prev" in json.loads(last)
        except (ValueError, TypeError):
            return False

    def append_entries(self, entries: list[AuditEntry]) -> None:
        """Append chained lines, then move the head."""
        if not entries:
            return
        prev_line = self.last_line()
        prev = line_hash(prev_line) if prev_line is not None else ""
        if prev_line is None and self.read_head() is None:
            # the first append (``init``'s): a head for the empty log goes first, so a kill
            # between the append and its head leaves the head one append behind, as after any
            # other append, never no head at all (which verify names as ``audit_head_missing``)
            self._put_head(0, "")
        chunks: list[bytes] = []
        for entry in entries:
            data = entry.model_dump(mode="json")
            if not data.get("files"):
                data.pop("files", None)
            data["prev"] = prev
            line = jsonl.encode(data)[:-1]
            chunks.append(line)
            prev = line_hash(line)
        payload = b"\n".join(chunks) + b"\n"
        append_bytes(self.path, payload)
        self.write_head(prev)

    def append(self, entry: AuditEntry) -> None:
        self.append_entries([entry])

    def append_many(self, entries: list[AuditEntry]) -> None:
        self.append_entries(entries)

    def write_head(self, last_hash: str) -> None:
        """Overwrite the head in place: one small ``pwrite`` of a fixed width (no rename, no
        fsync: it is advisory and may lag; a kill leaves the old or the new head)."""
        self._put_head(self.path.stat().st_size, last_hash)

    def _put_head(self, size: int, last_hash: str) -> None:
        body = json.dumps({"size": size, "hash": last_hash}).encode("ascii").ljust(127) + b"\n"
        fd = os.open(self.head_path, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            os.pwrite(fd, body, 0)
            os.ftruncate(fd, len(body))
        finally:
            os.close(fd)

    def read_head(self) -> dict[str, Any] | None:
        try:
            data = json.loads(self.head_path.read_bytes())
        except (OSError, ValueError):
            return None
        if isinstance(data, dict) and isinstance(data.get("size"), int) and isinstance(data.get("hash"), str):
            return data
        return None

    # -- reading (tolerant: a bad line never fails a reader) ----------------------------------------
    def tail(self, n: int = 10, *, exclude: tuple[str, ...] = ()) -> list[AuditEntry]:
        """The last ``n`` entries, leaving out those whose action is in ``exclude``."""
        out: list[AuditEntry] = []
        want = n
        while True:
            records = jsonl.tail(self.path, want, tolerant=True)
            out = [e for e in (_entry(r) for r in records) if e is not None and e.action not in exclude]
            if len(out) >= n or len(records) < want:
                return out[-n:]
            want *= 4

    def all(self) -> list[AuditEntry]:
        return [line.entry for line in self.lines() if line.entry is not None]

    def lines(self, *, parse: bool = True) -> Iterator[AuditLine]:
        """Every complete line with its number, parsed where possible (a torn tail is left out).
        With ``parse=False`` the entries are not built (``data`` only, shape-checked): what
        ``verify`` walks, fast on a lifetime log."""
        try:
            fh = self.path.open("rb")
        except FileNotFoundError:
            return
        with fh:
            yield from self._lines(fh, parse)

    def _lines(self, fh: Any, parse: bool) -> Iterator[AuditLine]:
        loads = json.loads
        for number, raw in enumerate(fh, start=1):
            if not raw.endswith(b"\n"):
                return  # a torn last line: not an entry (the next write cuts it)
            raw = raw[:-1]
            if not raw.strip():
                yield AuditLine(number, raw, None, None, "blank line")
                continue
            try:
                obj = loads(raw)
            except (ValueError, UnicodeDecodeError):
                yield AuditLine(number, raw, None, None, CUT_SHORT if cut_short(raw) else "not a JSON line")
                continue
            if not isinstance(obj, dict):
                yield AuditLine(number, raw, None, None, "not a JSON object")
                continue
            if parse:
                entry = _entry(obj)
                yield AuditLine(number, raw, entry, obj, None if entry is not None else "not an audit entry")
            else:
                yield AuditLine(number, raw, None, obj, None if well_formed(obj) else "not an audit entry")


#: ``AuditLine.problem`` of a line that is the start of an entry cut off mid-write (see :func:`cut_short`)
CUT_SHORT = "an entry cut off mid-write"


def cut_short(raw: bytes) -> bool:
    """Is ``raw`` (a line that is not JSON) the start of an entry cut off mid-write: a JSON object
    that ends too soon, or one with a whole entry glued after it (a write that went on without
    starting a new line)? Other garbage (a hand edit, random bytes) is not."""
    text = raw.decode("utf-8", "replace").rstrip()
    if not text.startswith("{"):
        return False
    try:
        json.loads(text)
        return False
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text) or exc.msg.startswith("Unterminated string"):
            return True
    start = text.find('{"at"', 1)
    while start != -1:  # glued: a complete entry runs from here to the end of the line
        try:
            return isinstance(json.loads(text[start:]), dict)
        except ValueError:
            start = text.find('{"at"', start + 1)
    return False


def well_formed(obj: dict[str, Any]) -> bool:
    """The shape of an entry, checked without building it (``verify`` on a long log)."""
    return (isinstance(obj.get("at"), str) and isinstance(obj.get("actor"), str)
            and isinstance(obj.get("action"), str) and isinstance(obj.get("target"), str)
            and isinstance(obj.get("detail", {}), dict) and isinstance(obj.get("files", {}), dict)
            and isinstance(obj.get("prev", ""), str))


def _entry(obj: Any) -> AuditEntry | None:
    if not isinstance(obj, dict):
        return None
    try:
        return AuditEntry.model_validate({k: v for k, v in obj.items() if k != "prev"})
    except (ValidationError, TypeError, ValueError):
        return None

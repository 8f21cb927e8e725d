"""L0, the raw layer: the user's words kept byte for byte, never edited or deleted.

Each record is one file ``raw/<date>-<topic>.md`` (``-2``, ``-3`` … on the same day) holding
exactly the bytes given: typos, repetitions and emotion included. Its sha256, size, topic and
dates go to the append-only manifest ``ledger/raw.jsonl``; ``verify`` compares the two.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import unicodedata
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from .. import clock
from ..errors import DataFileError, NotFound, UsageError
from ..provenance import Pointer, decode, excerpt_bytes, split_lines
from ..storage import jsonl
from ..storage.atomic import create_exclusive, stage_bytes

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

_BAD_TOPIC = re.compile(r"[/\\:#\n\r\t\x00-\x1f\x7f]")


class RawRecord(BaseModel):
    file: str  # workspace-relative: "raw/2026-01-15-career.md"
    sha256: str
    size: int
    lines: int
    topic: str
    occurred_at: date
    recorded_at: datetime
    source: str = "user_raw"
    actor: str = "user"
    precision: Literal["day", "month"] = "day"  # "month": the user dated it 2025-03 (occurred_at is the 1st)

    @property
    def by_model(self) -> bool:
        """A model wrote these lines (``mylife_record`` over MCP: source ``mcp``), not the user
        nor a model's proposal the user accepted in chat. They are not the user's words: a claim
        a model makes of them is a candidate until the user accepts it (:meth:`ClaimsLayer.add_many`)."""
        from .audit import by_model

        return self.source == "mcp" or by_model(self.actor)

    @property
    def when(self) -> str:
        """The date as the user gave it: ``2025-03-14``, or ``2025-03`` for a month."""
        return self.occurred_at.isoformat()[:7] if self.precision == "month" else self.occurred_at.isoformat()


def check_topic(topic: str) -> str:
    """A topic names files (``raw/<date>-<topic>.md``, ``digest/<topic>.md``) and appears in
    pointers (``raw/FILE#L3``): refused up front when it would break either. ``#`` would cut a
    pointer short; a topic ending in ``.ai`` would share a file with another topic's kept model
    original (``digest/<topic>.ai.md``); dots alone, control characters and text that is not
    valid UTF-8 (bytes from a shell argument) cannot be file names everywhere."""
    topic = (topic or "").strip()
    try:
        topic.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError("bad_topic_encoding", topic=topic.encode("utf-8", "replace").decode("utf-8")) from None
    if (not topic or _BAD_TOPIC.search(topic) or len(topic) > 80 or topic.strip(".") == ""
            or topic.startswith(".") or _slug(topic).lower().endswith(".ai")):
        raise UsageError("bad_topic", topic=topic)
    size = len(_slug(topic).encode("utf-8"))
    if size > TOPIC_MAX_BYTES:
        raise UsageError("topic_too_long", topic=topic, size=size, limit=TOPIC_MAX_BYTES,
                         chars=TOPIC_MAX_BYTES // 3)
    return topic


#: the longest topic (its file-name form, in UTF-8 bytes) whose names all fit in a file name
#: (255 bytes): the temp file of a raw note, ``.<date>-<topic>-<n>.md.<pid>.<random>.tmp``,
#: adds about 41 bytes, a digest's (``.<topic>.ai.md.<pid>.<random>.tmp``) about 28
TOPIC_MAX_BYTES = 200


def _slug(topic: str) -> str:
    return re.sub(r"\s+", "-", topic.strip())


#: characters that show nothing and are not whitespace to :meth:`str.strip`: zero-width space,
#: non-joiner, joiner, word joiner, byte-order mark


def is_blank(text: str | bytes) -> bool:
    """Nothing to keep: only spaces, tabs, line breaks, full-width spaces (U+3000) and zero-width
    characters. The one test of blank input, for a raw note and a claim's words alike."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    # any format character (Cf: U+180E, U+200E, U+2060 ...) or control character is invisible
    # zero-width spaces and joiners, U+2060, the BOM, U+180E, U+200E are all format characters (Cf)
    return all(ch.isspace() or unicodedata.category(ch) in ("Cf", "Cc") for ch in text)


class RawLayer:
    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.dir = ws.root / "raw"
        #: where a note's bytes wait for the lock: temp files only, on raw/'s file system (cache/)
        self.stage_dir = ws.cache_dir / "staging"
        self.manifest_path = ws.root / "ledger" / "raw.jsonl"
        self._records: dict[str, RawRecord] | None = None
        self._torn = False
        # How much of the manifest ``_records`` reflects: (inode, bytes, lines) of complete lines.
        # The manifest only grows, so a long-lived process (MCP server, chat) catches up with
        # other processes' records by reading just the new tail.
        self._seen: tuple[int, int, int] = (0, 0, 0)
        # the files a model wrote, and the manifest (inode, size) that list was read from
        self._model_files: tuple[tuple[int, int], frozenset[str]] | None = None

    # -- reading -----------------------------------------------------------------------------
    def _load(self, *, refresh: bool = False) -> dict[str, RawRecord]:
        if self._records is not None and not refresh:
            return self._records
        try:
            st = self.manifest_path.stat()
        except FileNotFoundError:
            self._records, self._torn, self._seen = {}, False, (0, 0, 0)
            return self._records
        ino, done, lines = self._seen
        if self._records is None or st.st_ino != ino or st.st_size < done:
            self._records, done, lines = {}, 0, 0  # first read, or the file was replaced
        if st.st_size == done:
            self._torn = False
            self._seen = (st.st_ino, done, lines)
            return self._records
        with self.manifest_path.open("rb") as fh:
            fh.seek(done)
            data = fh.read(st.st_size - done)
        complete = data[: data.rfind(b"\n") + 1]
        self._torn = len(complete) != len(data)
        for raw in complete.split(b"\n")[:-1]:
            lines += 1
            if not raw.strip():
                continue
            try:
                rec = RawRecord.model_validate_json(raw)
            except Exception as exc:
                self._records, self._seen = None, (0, 0, 0)
                raise DataFileError(self.manifest_path, lines, _manifest_problem(exc)) from None
            self._records[rec.file] = rec
        self._seen = (st.st_ino, done + len(complete), lines)
        return self._records

    @property
    def manifest_torn(self) -> bool:
        self._load(refresh=True)
        return self._torn

    def records(self) -> list[RawRecord]:
        return list(self._load(refresh=True).values())

    def get(self, file: str) -> RawRecord | None:
        if self._records is None:
            # one record wanted and the manifest not loaded (a one-shot command such as
            # `claim add --from`): find its line instead of parsing 30,000 of them
            found = self._lookup(file)
            if found is not None:
                return found
        rec = self._load().get(file)
        if rec is None:  # perhaps recorded by another process since we last looked
            rec = self._load(refresh=True).get(file)
        return rec

    def _find_line(self, file: str) -> bytes | None:
        """The manifest line recording ``file`` (the last one, as :meth:`_load` keeps), found
        by a byte search for its ``"file":"…"`` key: no line is parsed."""
        import json
        import mmap

        needle = b'"file":' + json.dumps(file, ensure_ascii=False).encode("utf-8")
        try:
            with self.manifest_path.open("rb") as fh:
                size = os.fstat(fh.fileno()).st_size
                if size == 0:
                    return None
                with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
                    at = mm.rfind(needle)
                    if at < 0:
                        return None
                    start = mm.rfind(b"\n", 0, at) + 1
                    end = mm.find(b"\n", at)
                    if end < 0:  # a torn last line holds no record
                        return None
                    return mm[start:end]
        except (FileNotFoundError, ValueError):
            return None

    def _lookup(self, file: str) -> RawRecord | None:
        line = self._find_line(file)
        if line is None:
            return None
        try:
            rec = RawRecord.model_validate_json(line)
        except Exception:  # noqa: BLE001 - the full read names the file and line
            return None
        return rec if rec.file == file else None

    def model_files(self) -> frozenset[str]:
        """The raw files a model wrote (:attr:`RawRecord.by_model`). Asked for every claim ``ask``
        reads, so it costs one byte scan of the manifest per process (a line is parsed only when it
        names ``mcp`` or a ``model`` actor), again only when the manifest grew."""
        try:
            st = self.manifest_path.stat()
        except FileNotFoundError:
            return frozenset()
        key = (st.st_ino, st.st_size)
        if self._model_files is not None and self._model_files[0] == key:
            return self._model_files[1]
        data = self.manifest_path.read_bytes()
        data = data[: data.rfind(b"\n") + 1]  # a torn last line holds no record
        starts: set[int] = set()
        for needle in (b"mcp", b"model"):  # the lines that name one (a byte search, no line split)
            at = data.find(needle)
            while at >= 0:  # data ends with a newline: every line found has its end
                end = data.find(b"\n", at)
                starts.add(data.rfind(b"\n", 0, at) + 1)
                at = data.find(needle, end + 1)
        found: set[str] = set()
        for start in starts:
            try:
                rec = RawRecord.model_validate_json(data[start:data.find(b"\n", start)])
            except Exception:  # noqa: BLE001 - a bad line is reported by the full read
                continue
            if rec.by_model:
                found.add(rec.file)
        self._model_files = (key, frozenset(found))
        return self._model_files[1]

    def is_recorded(self, file: str) -> bool:
        """Whether the manifest names ``file`` (cheap: no parse when not loaded yet)."""
        if self._records is not None:
            return file in self._load(refresh=True)
        return self._find_line(file) is not None

    def count(self) -> int:
        """How many records the manifest holds (counted, not parsed, when not loaded yet)."""
        if self._records is not None:
            return len(self._load(refresh=True))
        try:
            data = self.manifest_path.read_bytes()
        except FileNotFoundError:
            return 0
        complete = data[: data.rfind(b"\n") + 1]  # a torn last line holds no record
        return sum(1 for line in complete.split(b"\n") if line.strip())

    def path_of(self, file: str) -> Path:
        return self.ws.root / file

    def read_bytes(self, file: str) -> bytes:
        try:
            return self.path_of(file).read_bytes()
        except FileNotFoundError:
            raise NotFound("pointer_file_missing", file=file) from None

    def resolve(self, pointer: Pointer) -> bytes:
        """The pointed lines; raises when the file or lines do not exist."""
        data = self.read_bytes(pointer.file)
        excerpt = excerpt_bytes(data, pointer)
        if excerpt is None:
            raise UsageError("pointer_lines_missing", pointer=str(pointer), file=pointer.file,
                             count=len(split_lines(data)))
        return excerpt

    def line_text(self, pointer: Pointer) -> str:
        return decode(self.resolve(pointer))

    # -- writing -----------------------------------------------------------------------------
    def record(self, data: bytes, *, topic: str, occurred_at: datetime | None = None,
               source: str = "user_raw", actor: str = "user", precision: str = "day") -> RawRecord:
        """Store ``data`` unchanged as a new raw file and return its manifest entry.

        ``precision="month"``: the note is dated by its month only (``--at 2025-03``); the file
        is ``raw/2025-03-<topic>.md`` and the manifest keeps the precision.

        Crash-safe without extra writes: the manifest line goes first, then the file (which
        appears whole, by an atomic link), then the audit entry. A writer killed in between is
        finished by the next one (mylife_core.recovery): a line whose file never appeared is cut,
        a file without its audit entry gets it."""
        topic = check_topic(topic)
        if not data:
            raise UsageError("empty_record")
        if is_blank(data):
            # only blanks: spaces, tabs, line breaks, full-width spaces (U+3000), zero-width ones
            raise UsageError("s29small.empty_record_blank")
        when = occurred_at or clock.now()
        if precision not in ("day", "month"):
            raise ValueError(f"precision must be 'day' or 'month', not {precision!r}")
        # the note's bytes are written and synced before the lock (the slowest step of a record,
        # and it needs no lock); under the lock the file only gets its name (a hard link). They
        # wait in a folder of their own, small enough for every lock to sweep the files of
        # writers killed while staging (raw/ itself holds a lifetime of notes)
        staged = stage_bytes(self.stage_dir, data)
        try:
            with self.ws.lock():
                rec = self.write_unaudited(data, topic=topic, when=when, source=source, actor=actor,
                                           precision=precision, staged=staged)
                self.ws.commit_change(actor, "record", rec.file, paths=[rec.file, "ledger/raw.jsonl"],
                                      detail={"topic": topic, "sha256": rec.sha256, "size": rec.size})
        finally:
            with contextlib.suppress(OSError):
                os.unlink(staged)
        return rec

    def write_unaudited(self, data: bytes, *, topic: str, when: datetime, source: str, actor: str,
                        pending=None, precision: str = "day", staged: Path | None = None) -> RawRecord:
        """The manifest line, then the file; the caller holds the lock and writes the audit entry
        (``record``, and ``claim add`` recording its statement, announced in its ``pending``
        journal so that it can be rolled back).

        A name is free when no file has it and the manifest does not name it; the manifest is
        searched (bytes, under the lock: other processes' records included), not parsed: a write
        pays for what it writes, not for the whole history."""
        day = when.date().isoformat()[:7] if precision == "month" else when.date().isoformat()
        stem = f"{day}-{_slug(topic)}"
        self._repair_torn_manifest()
        suffix = self._first_free_guess(stem)
        while True:
            name = f"{stem}.md" if suffix == 1 else f"{stem}-{suffix}.md"
            rel = f"raw/{name}"
            suffix += 1
            if os.path.lexists(self.dir / name) or self.is_recorded(rel):
                continue  # a file MyLife did not record is never touched: pick another name
            try:
                manifest_size = self.manifest_path.stat().st_size
            except FileNotFoundError:
                manifest_size = 0
            rec = RawRecord(file=rel, sha256=hashlib.sha256(data).hexdigest(), size=len(data),
                            lines=len(split_lines(data)), topic=topic,
                            occurred_at=when.date().replace(day=1) if precision == "month" else when.date(),
                            recorded_at=clock.now(), source=source, actor=actor, precision=precision)
            entry = rec.model_dump(mode="json")
            if precision == "day":
                del entry["precision"]  # the default: manifest lines stay as they were
            if pending is not None:
                pending.add_record(entry, manifest_size)
            jsonl.append(self.manifest_path, entry)
            try:
                create_exclusive(self.dir / name, data, staged=staged)
                break
            except BaseException as exc:  # the file could not be made: the line goes again
                self._cut_manifest(manifest_size)
                if pending is not None:
                    pending.data["records"].pop()
                if not isinstance(exc, FileExistsError):
                    raise
        if self._records is not None:
            self._load(refresh=True)  # a long-lived process keeps its view current
        return rec

    def _first_free_guess(self, stem: str) -> int:
        """Where to start looking for a free ``<stem>-<n>.md``: names are taken 1, 2, 3, ... so
        a doubling then halving search finds the first gap in a few ``lstat`` calls instead of
        one per note that day (400 notes on one topic and day used to mean 400 calls, all of
        them under the lock). The caller still checks the name it starts from and goes up."""
        def taken(n: int) -> bool:
            return os.path.lexists(self.dir / (f"{stem}.md" if n == 1 else f"{stem}-{n}.md"))

        if not taken(1):
            return 1
        low, high = 1, 2
        while taken(high):
            low, high = high, high * 2
        while high - low > 1:
            middle = (low + high) // 2
            if taken(middle):
                low = middle
            else:
                high = middle
        return high

    def _cut_manifest(self, size: int) -> None:
        with self.manifest_path.open("r+b") as fh:
            fh.truncate(size)
            os.fsync(fh.fileno())
        self._records, self._seen = None, (0, 0, 0)

    def _repair_torn_manifest(self) -> None:
        """A writer killed mid-append leaves a last line without newline: cut that fragment
        (it never completed, so it holds no record) before appending, and say so in the audit.
        A whole entry that only lacks its newline keeps its place, the newline added
        (:func:`~mylife_core.storage.jsonl.repair_tail`)."""
        if not jsonl.ends_torn(self.manifest_path):
            return
        dropped = jsonl.repair_tail(self.manifest_path)
        self._records, self._seen = None, (0, 0, 0)
        self.ws.audit_only("system", "manifest.repair", "ledger/raw.jsonl",
                           detail={"dropped_bytes": dropped} if dropped else {"newline_added": True})


def _manifest_problem(exc: Exception) -> str:
    """What is wrong with a manifest line, in the user's language: a field's problem said as
    :func:`~mylife_core.storage.describe.validation_problem` says it, else the parser's own text."""
    from pydantic import ValidationError

    from ..messages import t
    from ..storage.describe import validation_problem

    first = exc.errors()[0] if isinstance(exc, ValidationError) and exc.errors() else {}
    if first.get("type") == "json_invalid":  # a line cut short or edited by hand
        return t("bad_file.not_json_line", detail=first.get("msg", ""))
    return t("bad_file.manifest_entry", detail=validation_problem(exc)[1] if first.get("loc") else _short(exc))


def _short(exc: Exception) -> str:
    """A pydantic/JSON error in one line (the first problem is enough to find the entry)."""
    text = str(exc).strip().splitlines()
    return " ".join(text[:3]) if text else type(exc).__name__

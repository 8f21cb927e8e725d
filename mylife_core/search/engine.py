"""The tantivy index: a derived cache under ``cache/search/``, rebuilt from the files at will.

Layout::

    cache/search/tantivy/     the tantivy index (segments, meta.json, tantivy's writer lock)
    cache/search/state.json   schema version, segmenter and dictionary fingerprint, how far into
                              ledger/audit.jsonl the index is, digest file stamps

**The audit log is the journal.** Every durable write appends to ``ledger/audit.jsonl`` before
plugins hear of it, so the index only needs to remember the byte offset it has applied: to catch
up, it reads the entries after that offset and re-indexes what they name (a raw file, a claim,
a digest). Re-indexing is idempotent (delete by key, then add), so replaying an entry twice is
harmless and a process killed at any point loses nothing: the next catch-up replays from the
last committed offset. Digests edited by hand (no audit entry) are noticed by their stamps.

**Never in the way of a write.** In a process that has searched (a chat, the MCP server),
``on_change`` applies changes to a writer held by this process and commits after a short quiet
spell (a batch of a thousand claims is one commit), at the next search in this process, or at
exit. A one-shot write (``mylife record``) only appends to the journal: the next search applies
it (a few milliseconds a record), so writing never loads the segmenter. If tantivy's writer lock is held elsewhere, or the index is
missing or broken, it does nothing: the offset simply lags and the next ``recall`` catches up,
or rebuilds (with progress) when the index cannot be used.

Tokens come from :mod:`.segment` and reach tantivy as whitespace-separated text through a
registered whitespace + lowercase analyzer (registered again after every open: tantivy does not
save it); the original text is stored beside them, so hits and snippets show the user's words.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .documents import SearchDoc, claim_doc, count_sources, digest_docs, iter_all, raw_date, raw_docs, searchable_text
from .segment import bigrams

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace
    from .segment import Segmenter
    from .synonyms import Thesaurus

# 2: the ``gram`` field (character bigrams of the body, a weak keyword signal: scoring.py).
# Another version on disk is rebuilt from the files at the next search (``SearchIndex.open``).
SCHEMA_VERSION = 2
ANALYZER = "mylife_ws"
COMMIT_DELAY_S = 0.3  # quiet spell after the last change before committing
COMMIT_EVERY_DOCS = 5000  # ... or as soon as this many documents wait
AUTO_REBUILD_MAX_DOCS = 50_000  # a dictionary change rebuilds by itself below this size
Progress = Callable[[int, int], None]


class IndexBusy(Exception):
    """Another process holds tantivy's writer lock (a rebuild, a batch of writes)."""


def _day_number(day: date) -> int:
    return day.toordinal()


def _from_day_number(n: int) -> date:
    return date.fromordinal(max(1, int(n)))


def build_schema():
    import tantivy

    sb = tantivy.SchemaBuilder()
    sb.add_text_field("uid", stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("layer", stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("file", stored=False, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("topic", stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("kind", stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("status", stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("prov", stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("body", stored=False, tokenizer_name=ANALYZER, index_option="freq")
    sb.add_text_field("ctx", stored=False, tokenizer_name=ANALYZER, index_option="freq")
    sb.add_text_field("gram", stored=False, tokenizer_name=ANALYZER, index_option="freq")
    sb.add_bytes_field("text", stored=True, indexed=False)
    sb.add_integer_field("day", stored=True, fast=True)
    return sb.build()


def _analyzer():
    import tantivy

    return tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.whitespace()).filter(tantivy.Filter.lowercase()).build()


# --------------------------------------------------------------------------------------- state


@dataclass
class State:
    schema: int = SCHEMA_VERSION
    segmenter: str = ""
    dictionary: str = ""
    audit_offset: int = 0
    built_at: str | None = None
    updated_at: str | None = None
    digests: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path) -> "State | None":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})
        except (OSError, ValueError, TypeError):
            return None

    def save(self, path: Path) -> None:
        from ..storage.atomic import atomic_write_text

        atomic_write_text(path, json.dumps(self.__dict__, ensure_ascii=False, indent=1) + "\n")


def _digest_stamps(ws: "Workspace") -> dict[str, list[int]]:
    stamps = {}
    for path in ws.digests.topics():
        with contextlib.suppress(OSError):
            st = path.stat()
            stamps[ws.rel(path)] = [st.st_mtime_ns, st.st_size]
    return stamps


# ------------------------------------------------------------------------------- the handle


class SearchIndex:
    """One workspace's index, shared by everything in this process that touches it."""

    def __init__(self, ws: "Workspace") -> None:
        from ..storage import writable

        self.root = ws.root
        #: the index's folder in the workspace; :attr:`dir` is where it is used: the same, or a
        #: private copy where the workspace's cannot be written (a read-only workspace)
        self.home = self.dir = ws.cache_dir / "search"
        #: why :attr:`home` cannot be written (``storage.writable``), None when it can
        self.unwritable = writable.probe(self.dir)
        if self.unwritable is not None:
            writable.note_read_around(ws.cache_dir, self.unwritable)
            self.dir = writable.temporary_copy(self.dir)
        self.tantivy_dir = self.dir / "tantivy"
        self.state_path = self.dir / "state.json"
        self.lock = threading.RLock()
        self.index: Any = None
        self.schema: Any = None
        self.writer: Any = None
        self.pending_docs = 0
        self.applied_offset: int | None = None  # audit bytes applied to the writer (maybe uncommitted)
        self.pending_digests: dict[str, list[int]] | None = None
        self._timer: threading.Timer | None = None
        self._segmenter: tuple[str, "Segmenter", "Thesaurus"] | None = None
        self.last_error: str | None = None
        self.build_lock_path = self.dir / "build.lock"
        self._build_fd: int | None = None
        self._build_depth = 0

    def require_writable(self) -> None:
        """Refuse work whose whole point is the index in the workspace (``mylife index rebuild``,
        ``index embed``) where it cannot be written: done in the private copy, it would be lost."""
        if self.unwritable is not None:
            from ..errors import NotWritable

            raise NotWritable(self.home, self.unwritable)

    # -- creating and rebuilding: one process at a time ----------------------------------------
    @contextlib.contextmanager
    def building(self, wait: float = 120.0):
        """Hold ``cache/search/build.lock`` (an ``flock``) while the index is created or rebuilt.

        Two processes that both find no index (two ``ask`` on a fresh workspace) would otherwise
        both create it: the second one's ``rmtree`` pulls the files from under the first one's
        writer ("Failed to open file for write"). The second one waits here instead, then finds
        the index the first one built. Re-entrant inside this process (under :attr:`lock`); a
        holder that dies lets go with its process. Raises :class:`IndexBusy` after ``wait`` s."""
        with self.lock:
            if self._build_depth:
                self._build_depth += 1
                try:
                    yield
                finally:
                    self._build_depth -= 1
                return
            from ..storage.atomic import ensure_private_dir
            from ..storage.lock import _try_lock, _unlock

            ensure_private_dir(self.dir)
            fd = os.open(self.build_lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                deadline = time.monotonic() + wait
                delay = 0.005
                while not _try_lock(fd):
                    if time.monotonic() >= deadline:
                        raise IndexBusy()
                    time.sleep(delay)
                    delay = min(delay * 1.5, 0.1)
                self._build_fd, self._build_depth = fd, 1
                try:
                    yield
                finally:
                    self._build_fd, self._build_depth = None, 0
                    _unlock(fd)
            finally:
                os.close(fd)

    # -- segmenter and thesaurus (depend on the plugins and the workspace's files) ---------------
    def language_tools(self, ws: "Workspace") -> tuple["Segmenter", "Thesaurus"]:
        from .segment import DICT_FILE, Segmenter, build_dictionary
        from .synonyms import SYNONYMS_FILE, build_thesaurus, plugin_words, read_synonyms_file

        stamp = _files_stamp(ws.root / DICT_FILE, ws.root / SYNONYMS_FILE) + f"|{id(ws.plugins)}"
        if self._segmenter is None or self._segmenter[0] != stamp:
            words = plugin_words(ws.plugins)
            for group in read_synonyms_file(ws.root / SYNONYMS_FILE):
                words.extend(group)
            dictionary = build_dictionary(words, ws.root / DICT_FILE)
            self._segmenter = (stamp, Segmenter(dictionary), build_thesaurus(ws.plugins, ws.root))
        return self._segmenter[1], self._segmenter[2]

    # -- opening -----------------------------------------------------------------------------
    def state(self) -> State | None:
        return State.load(self.state_path)

    def open(self) -> bool:
        """Open the index if it exists and matches this version; False when it must be built."""
        with self.lock:
            if self.index is not None:
                return True
            state = self.state()
            if state is None or state.schema != SCHEMA_VERSION or not (self.tantivy_dir / "meta.json").exists():
                return False
            import tantivy

            try:
                index = tantivy.Index.open(str(self.tantivy_dir))
                index.register_tokenizer(ANALYZER, _analyzer())
                index.searcher()  # fails on a damaged index
            except Exception as exc:  # noqa: BLE001 - any failure means "rebuild it"
                self.last_error = f"{type(exc).__name__}: {exc}"
                return False
            self.index, self.schema = index, index.schema
            return True

    def _build_note(self) -> str:
        """Why the index is about to be built, as a note: built for the first time only when
        nothing of it is on disk; an index whose ``state.json`` is unreadable or missing while
        its files are there was damaged, not absent, and is said to be rebuilt."""
        if self.state() is not None:
            return "search.note.rebuilt"
        try:
            has_files = any(self.tantivy_dir.iterdir())
        except OSError:
            has_files = False
        if has_files or os.path.lexists(self.state_path):
            return "search.note.rebuilt_state"
        return "search.note.built"

    def _create(self) -> None:
        import tantivy

        self.close()
        shutil.rmtree(self.tantivy_dir, ignore_errors=True)
        from ..storage.atomic import ensure_private_dir

        ensure_private_dir(self.tantivy_dir)
        schema = build_schema()
        index = tantivy.Index(schema, path=str(self.tantivy_dir), reuse=False)
        index.register_tokenizer(ANALYZER, _analyzer())
        self.index, self.schema = index, schema

    def searcher(self):
        return self.index.searcher()

    # -- the writer --------------------------------------------------------------------------
    def _acquire_writer(self, *, wait: float = 0.0, big: bool = False) -> None:
        if self.writer is not None:
            return
        deadline = time.monotonic() + wait
        while True:
            try:
                self.writer = self.index.writer(heap_size=(128 if big else 20) * 1_000_000, num_threads=0 if big else 1)
                break
            except ValueError as exc:
                if "LockBusy" not in str(exc) and "lock" not in str(exc).lower():
                    raise
                if time.monotonic() >= deadline:
                    raise IndexBusy() from None
                time.sleep(0.05)
        state = self.state() or State()
        self.applied_offset = state.audit_offset  # another process may have moved it on

    def _add(self, doc: SearchDoc, segmenter: "Segmenter", memo: dict[str, str] | None = None) -> None:
        import tantivy

        body = searchable_text(doc.text) if doc.layer == "digest" else doc.text
        if memo is not None and doc.context_parts:
            # a note's lines are each other's context: segment each piece once per note
            body_tokens = _memo_analyzed(memo, segmenter, body)
            ctx_tokens = " ".join(t for t in (_memo_analyzed(memo, segmenter, p) for p in doc.context_parts) if t)
        else:
            body_tokens, ctx_tokens = segmenter.analyzed(body), segmenter.analyzed(doc.context)
        self.writer.add_document(tantivy.Document(
            uid=doc.uid, layer=doc.layer, file=doc.file, topic=doc.topic, kind=doc.kind, status=doc.status,
            prov=doc.provenance, body=body_tokens, ctx=ctx_tokens, gram=" ".join(bigrams(body)),
            text=doc.text.encode("utf-8"), day=_day_number(doc.day)))
        self.pending_docs += 1

    def _replace(self, key: str, docs: Iterable[SearchDoc], segmenter: "Segmenter") -> None:
        self.writer.delete_documents_by_term("file", key)
        self.pending_docs += 1
        memo: dict[str, str] = {}
        for doc in docs:
            self._add(doc, segmenter, memo)

    def commit(self, **state_updates: Any) -> None:
        """Commit what waits, then record how far the audit log is applied (a crash between the
        two only replays entries again), and release the writer."""
        with self.lock:
            self._cancel_timer()
            if self.writer is None:
                return
            writer, self.writer = self.writer, None
            try:
                writer.commit()
                _tighten(self.tantivy_dir)  # tantivy creates its files under the process umask
                state = self.state() or State()
                state.audit_offset = self.applied_offset or state.audit_offset
                if self.pending_digests is not None:
                    state.digests = self.pending_digests
                for key, value in state_updates.items():
                    setattr(state, key, value)
                state.updated_at = datetime.now().astimezone().isoformat(timespec="seconds")
                state.save(self.state_path)
            finally:
                self.pending_docs = 0
                self.pending_digests = None
                del writer  # releases tantivy's writer lock
            with contextlib.suppress(Exception):
                self.index.reload()

    def _schedule_commit(self) -> None:
        if self.pending_docs >= COMMIT_EVERY_DOCS:
            self.commit()
            return
        self._cancel_timer()
        timer = threading.Timer(COMMIT_DELAY_S, self._timed_commit)
        timer.daemon = True
        self._timer = timer
        timer.start()

    def _timed_commit(self) -> None:
        try:
            self.commit()
        except Exception as exc:  # noqa: BLE001 - the journal replays it later
            self.last_error = f"{type(exc).__name__}: {exc}"

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def close(self) -> None:
        with self.lock:
            self._cancel_timer()
            if self.writer is not None:
                with contextlib.suppress(Exception):
                    self.writer.rollback()
                self.writer = None
            self.index = self.schema = None

    # -- catching up from the audit log ------------------------------------------------------
    def audit_size(self, ws: "Workspace") -> int:
        try:
            return ws.audit.path.stat().st_size
        except FileNotFoundError:
            return 0

    def lag(self, ws: "Workspace") -> int:
        """Bytes of audit log not yet applied and committed (0 when up to date)."""
        state = self.state()
        return max(0, self.audit_size(ws) - (state.audit_offset if state else 0))

    def digests_changed(self, ws: "Workspace") -> bool:
        state = self.state()
        return state is not None and state.digests != _digest_stamps(ws)

    def apply_pending(self, ws: "Workspace", progress: Progress | None = None) -> int:
        """Apply audit entries after ``applied_offset`` (writer held). Returns entries applied."""
        entries, end = _read_audit(ws.audit.path, self.applied_offset or 0)
        raw_files, claim_ids = written_targets(entries)
        if not raw_files and not claim_ids and not self.digests_changed(ws):
            self.applied_offset = end
            return len(entries)
        segmenter, _ = self.language_tools(ws)
        total = len(raw_files) + len(claim_ids)
        done = 0
        for file, topic in raw_files.items():
            self._index_raw(ws, file, topic, segmenter)
            done += 1
            if progress and done % 500 == 0:
                progress(done, total)
        for claim_id in claim_ids:
            claim = ws.claims.find(claim_id)
            self._replace(claim_id, [claim_doc(claim)] if claim is not None else [], segmenter)
            done += 1
            if progress and done % 500 == 0:
                progress(done, total)
        self._sync_digests(ws, segmenter)
        self.applied_offset = end
        return len(entries)

    def _index_raw(self, ws: "Workspace", file: str, topic: str | None, segmenter: "Segmenter") -> None:
        day = raw_date(file)
        if topic is None or day is None:
            rec = ws.raw.get(file)
            if rec is None:
                return
            topic, day = rec.topic, rec.occurred_at
        try:
            data = ws.raw.read_bytes(file)
        except Exception:  # noqa: BLE001 - a vanished raw file is reported by `verify`
            return
        self._replace(file, raw_docs(file, data, topic, day), segmenter)

    def _sync_digests(self, ws: "Workspace", segmenter: "Segmenter") -> None:
        state = self.state() or State()
        now = _digest_stamps(ws)
        if now == state.digests and self.pending_digests is None:
            return
        before = self.pending_digests if self.pending_digests is not None else state.digests
        for rel in set(before) | set(now):
            if before.get(rel) != now.get(rel):
                path = ws.root / rel
                self._replace(rel, digest_docs(ws, path) if rel in now else [], segmenter)
        self.pending_digests = now

    # -- what the outside calls ----------------------------------------------------------------
    def notify(self, ws: "Workspace") -> None:
        """After a write (``on_change``): apply it now if the index is usable and free, and this
        process already has the segmenter loaded (a chat, the MCP server, a batch after a
        search). A one-shot command (``mylife record``, ``claim add``) leaves the write in the
        journal instead: the next search applies it before searching, so the write never pays
        for loading the segmenter (~0.1 s and 32 MB) and tantivy."""
        with self.lock:
            if self._segmenter is None and self.writer is None:
                return
            if not self.open():
                return
            try:
                self._acquire_writer()
            except IndexBusy:
                return
            try:
                self.apply_pending(ws)
            except BaseException:
                # leave nothing half-applied: the journal offset did not move, the next recall replays
                with contextlib.suppress(Exception):
                    self.writer.rollback()
                self.writer = None
                self.pending_docs = 0
                self.pending_digests = None
                raise
            self._schedule_commit()

    def ensure_ready(self, ws: "Workspace", progress: Progress | None = None) -> list[str]:
        """Make the index current before a search; returns notes for the user (message keys).

        Builds it when missing, broken or from another version; catches up with the audit log;
        if another process holds the writer, searches what is committed and says so."""
        notes: list[str] = []
        with self.lock:
            if self.writer is not None:
                self.apply_pending(ws)
                self.commit()
            if not self.open():
                try:
                    with self.building(wait=120.0):
                        # another process may have built it while we waited for the build lock
                        if not self.open():
                            note = self._build_note()
                            _say_why(ws, "built" if note == "search.note.built" else "rebuilt")
                            self.rebuild(ws, progress=progress, wait=120.0)
                            return [note]
                except IndexBusy:
                    from ..errors import Conflict

                    raise Conflict("search_index_busy") from None
            state = self.state() or State()
            segmenter, _ = self.language_tools(ws)
            if state.segmenter != _segmenter_version() or state.dictionary != segmenter.fingerprint:
                if self.searcher().num_docs <= AUTO_REBUILD_MAX_DOCS:
                    try:
                        self.rebuild(ws, progress=progress)
                        return ["search.note.rebuilt_dictionary"]
                    except IndexBusy:
                        notes.append("search.note.busy")
                else:
                    notes.append("search.note.dictionary_changed")
            if self.lag(ws) or self.digests_changed(ws):
                try:
                    self._acquire_writer()
                except IndexBusy:
                    notes.append("search.note.busy")
                else:
                    try:
                        self.apply_pending(ws, progress)
                    finally:
                        self.commit()
        return notes

    def rebuild(self, ws: "Workspace", progress: Progress | None = None, *, wait: float = 0.0) -> int:
        """Rebuild from the files. Returns the number of documents indexed."""
        with self.lock, self.building(wait=max(wait, 1.0)):
            segmenter, _ = self.language_tools(ws)
            start_offset = self.audit_size(ws)
            if not self.open():
                self._create()
            try:
                self._acquire_writer(wait=wait, big=True)
            except IndexBusy:
                raise
            except Exception:  # noqa: BLE001 - a damaged index: start from nothing
                self._create()
                self._acquire_writer(wait=wait, big=True)
            total = max(1, count_sources(ws))
            n = 0
            sources = 0
            last_key = None
            try:
                self.writer.delete_all_documents()
                memo: dict[str, str] = {}  # pieces seen lately: a note's lines, topics
                for doc in iter_all(ws):
                    key = doc.file
                    if key != last_key and len(memo) > 50_000:
                        memo.clear()
                    self._add(doc, segmenter, memo)
                    n += 1
                    if key != last_key:
                        sources += 1
                        last_key = key
                        if progress and sources % 200 == 0:
                            progress(min(sources, total), total)
            except BaseException:
                with contextlib.suppress(Exception):
                    self.writer.rollback()
                self.writer = None
                raise
            self.applied_offset = start_offset
            self.pending_digests = _digest_stamps(ws)
            self.commit(schema=SCHEMA_VERSION, segmenter=_segmenter_version(), dictionary=segmenter.fingerprint,
                        built_at=datetime.now().astimezone().isoformat(timespec="seconds"))
            if progress:
                progress(total, total)
            # writes that landed while we were reading the files
            if self.lag(ws):
                with contextlib.suppress(IndexBusy):
                    self._acquire_writer()
                    try:
                        self.apply_pending(ws)
                    finally:
                        self.commit()
            return n

    def count_key(self, key: str) -> int:
        """Documents the committed index holds for one source (a raw file, a claim id, a digest
        path): what catching up with a write to it replaces."""
        import tantivy

        query = tantivy.Query.term_query(self.schema, "file", key)
        return self.searcher().search(query, limit=1, count=True).count or 0

    def counts(self) -> dict[str, int]:
        import tantivy

        searcher = self.searcher()
        out = {}
        for layer in ("raw", "digest", "claims"):
            query = tantivy.Query.term_query(self.schema, "layer", layer)
            out[layer] = searcher.search(query, limit=1, count=True).count or 0
        return out


SAY_WHY_SOURCES = 5_000  # a build this big says in one line why it happens before it starts


def _say_why(ws: "Workspace", what: str) -> None:
    """One line on stderr before a long build: why it happens, and that it is needed once."""
    import sys

    try:
        size = count_sources(ws)
    except Exception:  # noqa: BLE001 - a count is only for this line
        return
    if size >= SAY_WHY_SOURCES:
        from ..messages import t

        sys.stderr.write(t(f"search.why.{what}", n=size) + "\n")
        sys.stderr.flush()


def _memo_analyzed(memo: dict[str, str], segmenter: "Segmenter", text: str) -> str:
    found = memo.get(text)
    if found is None:
        found = memo[text] = segmenter.analyzed(text)
    return found


def _segmenter_version() -> str:
    from .segment import segmenter_version

    return segmenter_version()


def _files_stamp(*paths: Path) -> str:
    parts = []
    for path in paths:
        try:
            st = path.stat()
            parts.append(f"{st.st_mtime_ns}:{st.st_size}")
        except OSError:
            parts.append("-")
    return "|".join(parts)


def _tighten(path: Path) -> None:
    """Index files private (0600/0700) like everything else in the workspace."""
    from ..storage.atomic import tighten_tree

    with contextlib.suppress(OSError):
        tighten_tree(path)


def written_targets(entries: list[dict]) -> tuple[dict[str, str | None], dict[str, None]]:
    """What audit ``entries`` wrote that the index takes in: the raw files recorded (each with its
    topic) and the claims changed, each once, in the order first written."""
    raw_files: dict[str, str | None] = {}
    claim_ids: dict[str, None] = {}
    for entry in entries:
        action, target = str(entry.get("action", "")), entry.get("target", "")
        detail = entry.get("detail") if isinstance(entry.get("detail"), dict) else {}
        if action == "record" and isinstance(target, str) and target.startswith("raw/"):
            raw_files[target] = detail.get("topic")
        elif action.startswith("claim.") and isinstance(target, str) and target.startswith("claim-"):
            claim_ids[target] = None
    return raw_files, claim_ids


def _read_audit(path: Path, offset: int) -> tuple[list[dict[str, Any]], int]:
    """Complete entries after ``offset`` and the offset just past the last one."""
    try:
        with path.open("rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if offset > size:  # the log was replaced (a restored backup): replay it all
                offset = 0
            fh.seek(offset)
            data = fh.read()
    except FileNotFoundError:
        return [], 0
    end = data.rfind(b"\n") + 1  # a torn last line is left for later
    entries = []
    for line in data[:end].split(b"\n"):
        if line.strip():
            with contextlib.suppress(ValueError):
                entry = json.loads(line)
                if isinstance(entry, dict):  # a garbage or wrong-type line is skipped
                    entries.append(entry)
    return entries, offset + end


# ------------------------------------------------------------------------ the process registry

_HANDLES: dict[str, SearchIndex] = {}
_REGISTRY_LOCK = threading.Lock()


def handle(ws: "Workspace") -> SearchIndex:
    key = str(ws.root)
    with _REGISTRY_LOCK:
        found = _HANDLES.get(key)
        if found is None:
            found = _HANDLES[key] = SearchIndex(ws)
        return found


def peek(ws: "Workspace") -> SearchIndex | None:
    return _HANDLES.get(str(ws.root))


@atexit.register
def _flush_all() -> None:
    for index in list(_HANDLES.values()):
        with contextlib.suppress(Exception):
            index.commit()

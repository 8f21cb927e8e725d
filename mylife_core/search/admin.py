"""Library functions behind ``mylife index rebuild|status|embed``."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

Progress = Callable[[int, int], None]
EMBED_BATCH = 16
# After a write, with a vector plugin installed, new documents are embedded by a background
# process (``auto_embed``): at most one at a time per workspace, at low priority on one thread,
# started at most once per AUTO_EMBED_INTERVAL_S; it keeps going until the workspace has been
# quiet that long, so writes made while it runs are embedded by the same process.
AUTO_EMBED_INTERVAL_S = 10.0
AUTO_EMBED_OFF = ("0", "false", "no", "off")


def vector_mode(vector_index: Any) -> tuple[str, str | None]:
    """``("hybrid", None)`` or ``("keyword", why)``, the one answer ``recall`` and ``mylife index
    status`` give: ``no_vector_plugin``, ``nothing_embedded`` (installed, no vector yet) or
    ``vector_failed``."""
    if vector_index is None:
        return "keyword", "no_vector_plugin"
    ready = getattr(vector_index, "ready", None)
    if ready is not None:
        try:
            if not ready():
                return "keyword", "nothing_embedded"
        except Exception:  # noqa: BLE001 - a broken plugin means keyword mode, said so
            return "keyword", "vector_failed"
    return "hybrid", None


def rebuild(ws: "Workspace", progress: Progress | None = None) -> dict[str, Any]:
    """Rebuild the index from the workspace files; waits up to a minute for a busy writer."""
    from ..errors import Conflict
    from .engine import IndexBusy, handle

    index = handle(ws)
    index.require_writable()
    started = time.perf_counter()
    try:
        docs = index.rebuild(ws, progress=progress, wait=60.0)
    except IndexBusy:
        raise Conflict("search_index_busy") from None
    return {"ok": True, "docs": docs, "counts": index.counts(), "seconds": round(time.perf_counter() - started, 3)}


def _dir_size(path) -> int:
    total = 0
    if path.is_dir():
        for p in path.rglob("*"):
            try:
                if p.is_file():
                    total += p.stat().st_size
            except OSError:
                pass
    return total


def status(ws: "Workspace") -> dict[str, Any]:
    """What the index holds and whether it is current (never builds or changes anything)."""
    from .engine import _read_audit, _segmenter_version, handle

    index = handle(ws)
    state = index.state()
    usable = index.open()
    segmenter, thesaurus = index.language_tools(ws)
    lag = index.lag(ws)
    pending = 0
    entries: list[dict[str, Any]] = []
    if lag and state is not None:
        entries, _ = _read_audit(ws.audit.path, state.audit_offset)
        pending = sum(1 for e in entries if e.get("action") == "record" or str(e.get("action", "")).startswith(("claim.", "digest.")))
    counts = index.counts() if usable else {"raw": 0, "digest": 0, "claims": 0}
    waiting, workspace_total = _waiting(ws, index, usable, entries, sum(counts.values()))
    dictionary_ok = bool(state and state.dictionary == segmenter.fingerprint and state.segmenter == _segmenter_version())
    vector = vector_status(ws)
    try:
        mode, mode_reason = ("keyword", "vector_failed") if vector and "error" in vector else \
            vector_mode(ws.plugins.vector_index(ws))
    except Exception:  # noqa: BLE001
        mode, mode_reason = "keyword", "vector_failed"
    total = sum(counts.values())
    if mode == "hybrid" and isinstance(vector.get("count"), int) and vector["count"] < workspace_total:
        # hybrid, but a document with no vector yet can only be found by its words: 945 of 60,022
        # embedded was shown as plain 「混合」 while hours of embedding were still to come. Counted
        # against what the workspace holds, the lines not yet indexed included (the next recall
        # takes them in first): 128 embedded of a 1,000-line note just recorded is partly embedded
        mode_reason = "partly_embedded"
        run = vector.get("embedding") or {}
        if run.get("running"):
            run["eta_seconds"] = _eta(run)
    return {
        "ok": True,
        "path": ws.rel(index.home),
        "exists": usable,
        "error": index.last_error if not usable and state is not None else None,
        "counts": counts,
        "total": total,
        "up_to_date": bool(usable and pending == 0 and not index.digests_changed(ws) and dictionary_ok),
        "pending_changes": pending,
        "waiting": waiting,
        "waiting_total": sum(waiting.values()),
        "workspace_total": workspace_total,
        "digests_changed": bool(usable and index.digests_changed(ws)),
        "segmenter": _segmenter_version(),
        "dictionary": {"fingerprint": segmenter.fingerprint, "words": len(segmenter.dictionary.words),
                       "matches_index": dictionary_ok, "file": "dict.txt",
                       "file_exists": (ws.root / "dict.txt").exists()},
        "synonym_groups": len(thesaurus),
        "built_at": state.built_at if state else None,
        "updated_at": state.updated_at if state else None,
        "size_bytes": _dir_size(index.dir),
        "mode": mode,
        "mode_reason": mode_reason,
        "vector": vector,
    }


def _waiting(ws: "Workspace", index: Any, usable: bool, entries: list[dict[str, Any]],
             indexed: int) -> tuple[dict[str, int], int]:
    """The documents the index has not taken in yet, by layer (``raw`` counts lines), and how many
    it holds once it has: what ``index status`` says instead of 「索引共 ? 条」 before the first
    recall, or after a long record. Read from the files (every one when there is no index yet,
    else those the writes since name), never written: the status changes nothing, the next
    ``recall`` (or ``index rebuild``) takes them in."""
    from .documents import digest_docs, iter_all, raw_date, raw_docs
    from .engine import _digest_stamps, written_targets

    waiting = {"raw": 0, "digest": 0, "claims": 0}
    if not usable:
        for doc in iter_all(ws):
            waiting[doc.layer] += 1
        return waiting, sum(waiting.values())
    replaced = 0  # documents in the index now that taking a write in replaces
    raw_files, claim_ids = written_targets(entries)  # as apply_pending reads them
    for file, topic in raw_files.items():
        rec = ws.raw.get(file)
        day = raw_date(file) or (rec.occurred_at if rec else None)
        try:
            data = ws.raw.read_bytes(file)
        except Exception:  # noqa: BLE001 - a vanished raw file is `verify`'s business
            data = None
        if data is not None and day is not None:
            waiting["raw"] += len(raw_docs(file, data, topic or (rec.topic if rec else ""), day))
        replaced += index.count_key(file)
    for claim_id in claim_ids:
        claim = ws.claims.find(claim_id)
        if claim is not None:
            waiting["claims"] += 1
        replaced += index.count_key(claim_id)
    state = index.state()
    before, now = (state.digests if state else {}), _digest_stamps(ws)
    for rel in set(before) | set(now):
        if before.get(rel) != now.get(rel):
            if rel in now:
                waiting["digest"] += len(digest_docs(ws, ws.root / rel))
            replaced += index.count_key(rel)
    return waiting, indexed - replaced + sum(waiting.values())


def _eta(run: dict[str, Any]) -> int | None:
    """Seconds the running embedding run needs at its pace so far (None until it has a pace)."""
    from datetime import datetime

    done, total = run.get("done") or 0, run.get("total")
    try:
        elapsed = (datetime.now().astimezone() - datetime.fromisoformat(run["started_at"])).total_seconds()
    except (KeyError, TypeError, ValueError):
        return None
    if not total or done <= 0 or elapsed <= 0 or done >= total:
        return None
    return round(elapsed / done * (total - done))


def vector_status(ws: "Workspace") -> dict[str, Any] | None:
    try:
        vi = ws.plugins.vector_index(ws)
    except Exception as exc:  # noqa: BLE001
        return {"error": f"{type(exc).__name__}: {exc}"}
    if vi is None:
        return None
    try:
        info = dict(vi.status())
    except Exception as exc:  # noqa: BLE001
        return {"error": f"{type(exc).__name__}: {exc}"}
    info["embedding"] = embedding_progress(ws)
    return info


def _embed_files(ws: "Workspace") -> tuple[Path, Path]:
    from .engine import handle

    folder = handle(ws).dir  # beside the index (a private copy of it in a read-only workspace)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder / "embed.lock", folder / "embed.json"


class _HeldLock:
    def __init__(self, lock) -> None:
        self._lock = lock

    def close(self) -> None:
        self._lock.release()


def _try_lock(path: Path) -> _HeldLock | None:
    """An exclusive, non-blocking lock held while embedding runs (None when someone holds it).
    The core's inter-process lock (flock / msvcrt), with no waiting."""
    from ..errors import LockTimeout
    from ..storage.lock import FileLock

    lock = FileLock(path, timeout=0)
    try:
        lock.acquire()
    except LockTimeout:
        return None
    return _HeldLock(lock)


def embedding_progress(ws: "Workspace") -> dict[str, Any] | None:
    """The current or last embedding run: ``{pid, running, done, total, started_at, finished_at}``."""
    lock_path, info_path = _embed_files(ws)
    try:
        info = json.loads(info_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    probe = _try_lock(lock_path)
    info["running"] = probe is None
    if probe is not None:
        probe.close()
    return info


def embed(ws: "Workspace", progress: Progress | None = None, *, limit: int | None = None,
          layers: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Give every indexed document a vector (only the new or changed ones), in batches.

    Resumable: stop it at any point and the next run continues where it left off. One run at a
    time per workspace (another gives :class:`Conflict`); its progress is readable by
    :func:`embedding_progress` (``mylife index status``). Raises :class:`UsageError` when no
    vector plugin is installed."""
    from ..errors import Conflict, UsageError

    from .engine import handle

    vi = ws.plugins.vector_index(ws)
    if vi is None:
        raise UsageError("search_no_vector_plugin")
    handle(ws).require_writable()
    lock_path, info_path = _embed_files(ws)
    lock = _try_lock(lock_path)
    if lock is None:
        raise Conflict("search_embed_running")
    try:
        return _embed_locked(ws, vi, info_path, progress, limit, layers)
    finally:
        lock.close()


def _embed_locked(ws: "Workspace", vi: Any, info_path: Path, progress: Progress | None, limit: int | None,
                  layers: tuple[str, ...] | None) -> dict[str, Any]:
    from ..storage.atomic import atomic_write_text
    from .documents import iter_all

    started = time.perf_counter()
    info: dict[str, Any] = {"pid": os.getpid(), "started_at": _now(), "finished_at": None, "done": 0, "total": None}
    atomic_write_text(info_path, json.dumps(info))
    wanted: dict[str, str] = {}
    for doc in iter_all(ws):
        if layers is None or doc.layer in layers:
            wanted[doc.uid] = doc.text
    removed = vi.prune(set(wanted)) if hasattr(vi, "prune") else 0
    todo = vi.missing(wanted)
    if limit is not None:
        todo = todo[:limit]
    done = 0
    total = info["total"] = len(todo)
    if progress:
        progress(0, total)
    last_note = 0.0
    for i in range(0, total, EMBED_BATCH):
        batch = [(uid, wanted[uid]) for uid in todo[i:i + EMBED_BATCH]]
        vi.add(batch)
        done += len(batch)
        if progress:
            progress(done, total)
        if time.monotonic() - last_note > 1.0:
            info["done"] = done
            atomic_write_text(info_path, json.dumps(info))
            last_note = time.monotonic()
    if hasattr(vi, "flush"):
        vi.flush()
    seconds = time.perf_counter() - started
    info.update(done=done, finished_at=_now())
    atomic_write_text(info_path, json.dumps(info))
    return {"ok": True, "embedded": done, "removed": removed, "remaining": len(vi.missing(wanted)),
            "total": len(wanted), "seconds": round(seconds, 2)}


def embed_until_quiet(ws: "Workspace", quiet: float) -> dict[str, Any]:
    """:func:`embed`, again and again while the workspace changes, until ``quiet`` seconds pass
    with no new write (the automatic background run), holding the embedding lock throughout so
    ``mylife index status`` shows it running and later writes leave their documents to it.
    Returns the last run's report with the total embedded."""
    from ..errors import Conflict, UsageError
    from .engine import handle

    vi = ws.plugins.vector_index(ws)
    if vi is None:
        raise UsageError("search_no_vector_plugin")
    lock_path, info_path = _embed_files(ws)
    stamp = lock_path.with_name("auto_embed.stamp")
    lock = _try_lock(lock_path)
    if lock is None:
        raise Conflict("search_embed_running")
    index = handle(ws)
    total = 0
    try:
        while True:
            size = index.audit_size(ws)
            started = time.monotonic()
            report = _embed_locked(ws, vi, info_path, None, None, None)
            total += report["embedded"]
            time.sleep(max(0.0, quiet - (time.monotonic() - started)))
            if index.audit_size(ws) == size:
                break
    finally:
        stamp.unlink(missing_ok=True)  # the next write starts a new run at once
        lock.close()
    return {**report, "embedded": total}


def auto_embed_enabled(ws: "Workspace") -> bool:
    """Whether a write starts the background embedding run (a vector plugin is installed and
    neither ``search: {auto_embed: false}`` nor ``MYLIFE_AUTO_EMBED=0`` turns it off)."""
    if os.environ.get("MYLIFE_AUTO_EMBED", "").strip().lower() in AUTO_EMBED_OFF:
        return False
    try:
        if ws.config.search.get("auto_embed", True) is False:
            return False
        return ws.plugins.vector_index(ws) is not None
    except Exception:  # noqa: BLE001 - a config problem is reported by the commands that read it
        return False


def auto_embed(ws: "Workspace") -> dict[str, Any] | None:
    """After a write: start the background embedding run when a vector plugin is installed and
    no run is going (or started in the last ``AUTO_EMBED_INTERVAL_S``). Returns what
    :func:`embed_in_background` returned, or None when nothing was started. Off with
    ``search: {auto_embed: false}`` in config.yaml or ``MYLIFE_AUTO_EMBED=0``."""
    if not auto_embed_enabled(ws):
        return None
    lock_path, _ = _embed_files(ws)
    stamp = lock_path.with_name("auto_embed.stamp")
    try:
        if time.time() - stamp.stat().st_mtime < AUTO_EMBED_INTERVAL_S:
            return None
    except FileNotFoundError:
        pass
    stamp.touch()
    report = embed_in_background(ws, auto=True)
    return None if report.get("already_running") else report


def embed_in_background(ws: "Workspace", *, auto: bool = False) -> dict[str, Any]:
    """Start ``mylife index embed`` as a detached process (its output in ``cache/search/embed.log``)
    and return at once; ``mylife index status`` shows its progress. ``auto``: the run after a
    write (low priority, one thread, goes on until the workspace is quiet)."""
    import subprocess
    import sys

    from ..errors import UsageError

    from .engine import handle

    if ws.plugins.vector_index(ws) is None:
        raise UsageError("search_no_vector_plugin")
    handle(ws).require_writable()
    lock_path, _ = _embed_files(ws)
    probe = _try_lock(lock_path)
    if probe is None:
        current = embedding_progress(ws) or {}
        return {"ok": True, "background": True, "already_running": True, "pid": current.get("pid")}
    probe.close()
    log = open(lock_path.with_name("embed.log"), "ab")  # noqa: SIM115 - handed to the child
    command = [sys.executable, "-m", "mylife_core", "index", "embed", "--workspace", str(ws.root), "--json"]
    env = dict(os.environ)
    if auto:
        command += ["--until-quiet", str(AUTO_EMBED_INTERVAL_S)]
        env.setdefault("OMP_NUM_THREADS", "1")  # leave the other cores to the user
    try:
        child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                 start_new_session=True, env=env,
                                 preexec_fn=(lambda: os.nice(10)) if auto and hasattr(os, "nice") else None)
    finally:
        log.close()
    return {"ok": True, "background": True, "already_running": False, "pid": child.pid,
            "log": ws.rel(lock_path.with_name("embed.log"))}


def _now() -> str:
    from datetime import datetime

    return datetime.now().astimezone().isoformat(timespec="seconds")

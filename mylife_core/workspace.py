"""A MyLife workspace: one folder of plain files holding the four layers (docs/design.md#layers).

::

    config.yaml       settings (no secrets)
    raw/              L0  the user's words, byte for byte, append-only
    digest/           L1  topic digests (model original and user revision)
    claims/           L2  evidence, one YAML file per month (the files store)
    profile.yaml      L3  fields with per-field TTL and history
    index.yaml        L4  topic branches
    index/chains/     L4  conclusion chains, one append-only JSON Lines file per month
    ledger/raw.jsonl  manifest of every raw record (sha256, size, topic, dates)
    ledger/audit.jsonl  who/what/when of every write
    sessions/         saved conversations
    skills/           the workspace's own skills (outrank bundled ones)
    backends/         data of external L2 backends
    cache/            derived and rebuildable: search index, claims index, locks (git-ignored)

Everything is created private to the user (0700 folders, 0600 files).
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from . import clock
from .config import CONFIG_HEADER, Config
from .errors import DataFileError, UsageError, WorkspaceMissing
from .layers.audit import AuditEntry, AuditLog
from .plugins import PluginHost
from .specs import Change
from .storage import yamlfile
from .storage.atomic import atomic_write_text, cleanup_temp_files, ensure_private_dir
from .storage.lock import FileLock

if TYPE_CHECKING:  # pragma: no cover - the layers load when first used (a record needs only L0)
    from .layers.claims import ClaimsLayer
    from .layers.digest import DigestLayer
    from .layers.index import IndexLayer
    from .layers.profile import ProfileLayer
    from .layers.raw import RawLayer

LAYOUT_DIRS = ("raw", "digest", "claims", "ledger", "sessions", "skills", "backends", "cache")
GITIGNORE = "# Derived and rebuildable: never commit\ncache/\n"
_CONFIG = TypeAdapter(Config)
_DEFERRED_GUARD = threading.Lock()  # guards the changes whose hooks wait for the lock's release, and the edit guard


def default_root() -> Path:
    """``$MYLIFE_HOME``, else ``~/mylife``."""
    env = os.environ.get("MYLIFE_HOME")
    return Path(env).expanduser() if env else Path.home() / "mylife"


def lock_timeout() -> float:
    """``MYLIFE_LOCK_TIMEOUT`` in seconds (default 60); a bad value is a usage error."""
    import math

    text = os.environ.get("MYLIFE_LOCK_TIMEOUT", "").strip()
    if not text:
        return 60.0
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or value > 86400:
        raise UsageError("bad_lock_timeout", value=text[:40])
    return value


def resolve_root(path: str | os.PathLike[str] | None) -> Path:
    return (Path(path).expanduser() if path else default_root()).absolute()


IGNORED_IN_EMPTY = (".git", ".DS_Store")  # a folder holding only these is empty for ``init``


def _holds_files(root: Path) -> bool:
    """Does the folder ``root`` hold anything but :data:`IGNORED_IN_EMPTY` (what ``init`` refuses)?"""
    return any(p.name not in IGNORED_IN_EMPTY for p in root.iterdir())


def _is_empty_folder(root: Path) -> bool:
    try:
        return root.is_dir() and not _holds_files(root)
    except OSError:
        return False


def _new_folder(root: Path, inside: bool) -> Path:
    """A folder ``mylife init`` would accept, near ``root``: ``root/mylife`` (``inside``) or
    ``root-mylife`` next to it, numbered when taken."""
    for n in range(1, 100):
        name = "mylife" if n == 1 else f"mylife-{n}"
        candidate = root / name if inside else root.with_name(f"{root.name}-{name}")
        if not candidate.exists() or _is_empty_folder(candidate):
            return candidate
    return root.with_name(f"{root.name}-mylife-new")


def workspace_around(folder: Path | None = None) -> Path | None:
    """The workspace ``folder`` (default: the current folder) is, or is inside; None when none is."""
    try:
        here = (folder or Path.cwd()).absolute()
    except OSError:  # the current folder was removed
        return None
    for candidate in (here, *here.parents):
        try:
            if Workspace.is_workspace(candidate):
                return candidate
        except OSError:
            return None
    return None


def _nested(root: Path) -> dict[str, str] | None:
    """When ``root`` is a folder inside a workspace (``~/mylife/raw``): the error params naming
    that workspace and the command that uses it; else None."""
    from .shell import path

    outer = workspace_around(root.parent)
    if outer is None:
        return None
    return {"path": str(root), "workspace": str(outer), "command": f"mylife -w {path(outer)} status"}


def refuse_file_in_path(root: Path) -> None:
    """Refuse to make a workspace at ``root`` when a folder on the way to it is a file
    (``-w notes.txt/ws``): the nearest existing parent must be a folder, else nothing can be made
    there (said as bad input naming that file, before anything is created)."""
    blocked = _file_in_path(root)
    if blocked is not None:
        raise UsageError("workspace_under_file", path=str(root), file=str(blocked))


def _file_in_path(root: Path) -> Path | None:
    """The nearest existing parent of ``root`` when it is not a folder (a file), else None."""
    for parent in root.parents:
        if parent.exists() or parent.is_symlink():
            return None if parent.is_dir() else parent
    return None


def refuse_nested(root: Path) -> None:
    """Refuse to make a workspace at ``root`` when ``root`` is inside one (``~/mylife/raw``): its
    files would land among the outer workspace's layers (``verify`` then names each of them)."""
    nested = _nested(root)
    if nested is not None:
        raise UsageError("workspace_nested", **nested)


def missing_workspace(root: Path) -> WorkspaceMissing:
    """The error for ``root`` not being a workspace, with a command that works: ``mylife init``
    there when ``init`` would accept the folder (absent or empty), else on a new folder. Run
    inside another workspace (commands never take the current folder by themselves), it also
    says how to use that one (``params["here"]``); a folder inside a workspace names that one
    (never ``init`` there: :func:`refuse_nested`)."""
    from .shell import path

    nested = _nested(root)
    if nested is not None:
        return WorkspaceMissing("no_workspace_nested", **nested)
    error = _missing_workspace(root)
    around = workspace_around()
    if around is not None and around != root:  # say how to use the one the command was run in
        error.params["here"] = str(around)
        error.hint = ("no_workspace.here", {"here": str(around), "home": path(around),
                                            "command": f"mylife -w {path(around)} status"})
    return error


def _missing_workspace(root: Path) -> WorkspaceMissing:
    from .shell import path

    def init(folder: Path) -> str:
        return f"mylife init --workspace {path(folder)}"

    blocked = _file_in_path(root)
    if blocked is not None:  # `init` there would be refused too: say why, suggest nothing that fails
        return WorkspaceMissing("no_workspace_under_file", path=str(root), file=str(blocked))
    if not root.exists() or _is_empty_folder(root):
        error = WorkspaceMissing("no_workspace", path=str(root), command=init(root))
        error.message_key = "error.no_workspace_init"
        return error
    if not root.is_dir():
        return WorkspaceMissing("no_workspace_file", path=str(root), command=init(_new_folder(root, inside=False)))
    parts = {"config.yaml": (root / "config.yaml").is_file(), "raw/": (root / "raw").is_dir()}
    if any(parts.values()):  # half a workspace: never built over; say what is missing
        missing = [name for name, present in parts.items() if not present]
        return WorkspaceMissing("no_workspace_incomplete", path=str(root), missing=", ".join(missing),
                                command=init(_new_folder(root, inside=False)))
    return WorkspaceMissing("no_workspace_not_empty", path=str(root), command=init(_new_folder(root, inside=True)))


def _parse_config(path: Path, data: bytes | None) -> Config:
    return yamlfile.loads(data, path, _CONFIG, default={})


def _said_after_write(exc: Exception) -> None:
    """Say on stderr why the notification hooks of a durable write could not run (a plugin that
    fails to load: the builtin search index and git history are notified through the same host)."""
    import sys

    from .errors import MyLifeError
    from .messages import t

    reason = f"{type(exc).__name__}: {exc}"
    print(exc.render() if isinstance(exc, MyLifeError) else t("error.internal", reason=reason), file=sys.stderr)


def _merge(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``changes`` applied: a mapping merged key by key into a mapping, anything
    else replaced."""
    out = dict(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


class Workspace:
    def __init__(self, root: Path, *, plugins: PluginHost | None = None) -> None:
        self.root = root
        self._plugins = plugins

    # -- opening ------------------------------------------------------------------------------
    @staticmethod
    def is_workspace(root: Path) -> bool:
        return (root / "config.yaml").is_file() and (root / "raw").is_dir()

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, plugins: PluginHost | None = None) -> "Workspace":
        root = resolve_root(path)
        if not cls.is_workspace(root):
            raise missing_workspace(root)
        ws = cls(root, plugins=plugins)
        ws.config  # read and validate now: a broken config.yaml is reported before anything else
        return ws

    @classmethod
    def init(cls, path: str | os.PathLike[str] | None = None, *, plugins: PluginHost | None = None,
             language: str | None = None) -> tuple["Workspace", bool]:
        """Create the layout (idempotent). Returns the workspace and whether it was created."""
        root = resolve_root(path)
        if root.exists() and not root.is_dir():
            raise UsageError("not_a_directory", path=str(root))
        if cls.is_workspace(root):
            return cls.open(root, plugins=plugins), False
        if root.exists() and _holds_files(root):
            raise UsageError("workspace_not_empty", path=str(root))
        refuse_file_in_path(root)
        refuse_nested(root)
        ensure_private_dir(root)
        for name in LAYOUT_DIRS:
            ensure_private_dir(root / name)
        ws = cls(root, plugins=plugins)
        with ws.lock():
            config = Config(language=language) if language else Config()
            atomic_write_text(root / ".gitignore", GITIGNORE)
            yamlfile.save(root / "config.yaml", config.model_dump(mode="python"), header=CONFIG_HEADER)
            ws.profile.create()
            ws.index.create()
            ws.commit_change("user", "init", ".", paths=["config.yaml", ".gitignore", "profile.yaml", "index.yaml"])
        return ws, True

    # -- paths and settings ---------------------------------------------------------------------
    @property
    def cache_dir(self) -> Path:
        return self.root / "cache"

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    @cached_property
    def config(self) -> Config:
        """``config.yaml`` as read when first needed. A writer sees it as it is once the lock is
        held: taking the lock re-reads the file when another process changed it since
        (:meth:`_refresh_config`), so every write decides where its data goes (the claim store,
        ``digest.keep_both``, git history) from the settings in force, never from a stale copy."""
        data = self._read_config_bytes()
        config = _parse_config(self.root / "config.yaml", data)
        self.__dict__["_config_bytes"] = data
        return config

    def _read_config_bytes(self) -> bytes | None:
        """``config.yaml``'s bytes as they are now (None: no such file)."""
        try:
            return yamlfile.read_bytes(self.root / "config.yaml")
        except FileNotFoundError:
            return None

    def _refresh_config(self, *, force: bool = False) -> None:
        """Re-read ``config.yaml`` if it changed since this process read it (the lock is held).
        Cheap: one small read, compared byte for byte; nothing is parsed when it did not change.
        A store switched meanwhile (``store migrate`` in another process) takes effect at once,
        also for a :class:`ClaimsLayer` a caller already holds."""
        if "config" not in self.__dict__ and not force:
            return  # never read yet: the first use reads the file as it is now
        data = self._read_config_bytes()
        if "config" in self.__dict__ and data == self.__dict__.get("_config_bytes"):
            return
        self._use_config(_parse_config(self.root / "config.yaml", data), data)

    def _use_config(self, config: Config, data: bytes | None) -> None:
        """Make ``config`` (parsed from ``data``, the file's bytes) the one in force here."""
        self.__dict__["config"] = config
        self.__dict__["_config_bytes"] = data
        claims = self.__dict__.get("claims")
        if claims is not None and claims.store_name != config.store:
            old = claims.store
            claims.store, claims.store_name = self._open_store(config.store), config.store
            old.close()

    def update_config(self, changes: dict[str, Any], *, actor: str = "user", action: str = "config.set",
                      target: str = "config.yaml", detail: dict[str, Any] | None = None) -> Config:
        """Change settings: read ``config.yaml`` under the lock, apply only ``changes`` (a mapping
        merged into the file's settings: a nested mapping changes only the keys it names), write
        it atomically and audit it. Another process's change made meanwhile is kept (a
        ``store migrate`` and a ``git enable`` at the same moment both stay). The one way
        commands change settings; returns the settings now in force."""
        with self.lock():
            self._refresh_config(force=True)
            merged = _merge(self.config.model_dump(mode="python"), changes)
            config = _CONFIG.validate_python(merged)
            self._save_config(config)
            self.commit_change(actor, action, target, paths=["config.yaml"], detail=detail)
        return config

    def save_config(self, config: Config, *, actor: str = "user") -> None:
        """Replace ``config.yaml`` with ``config`` as given (tests and tools that build a whole
        configuration). Commands change settings with :meth:`update_config`."""
        with self.lock():
            self._save_config(config)
            self.commit_change(actor, "config.set", "config.yaml", paths=["config.yaml"])

    def _save_config(self, config: Config) -> None:
        written = yamlfile.save(self.root / "config.yaml", config.model_dump(mode="python"), header=CONFIG_HEADER)
        self._use_config(config, written)

    def lock(self) -> FileLock:
        """The workspace's fair write lock (storage/lock.py). Taking it first finishes whatever a
        killed writer left half done (:mod:`mylife_core.recovery`)."""
        lock = self.__dict__.get("_lock")
        if lock is None:
            timeout = lock_timeout()
            ensure_private_dir(self.cache_dir / "locks")
            lock = FileLock(self.cache_dir / "locks" / "write.lock", timeout=timeout)
            lock.on_acquired = self._after_lock
            lock.on_releasing = self._before_release
            lock.on_released = self._after_release
            self.__dict__["_lock"] = lock
        return lock

    @contextlib.contextmanager
    def lock_for_reading(self) -> Iterator[None]:
        """The write lock, for a reader that must not see a write half way (``verify``). Where it
        cannot be taken because ``cache/locks/`` cannot be written (a read-only file system, no
        permission, a full disk), the reader goes on without it and says so once: on a read-only
        file system nothing can write, and without permission this user writes nothing there."""
        from .storage import writable

        try:
            lock = self.lock()
            lock.acquire()
        except OSError as exc:
            reason = writable.reason_of(exc)
            if reason is None:
                raise
            writable.note_read_around(self.cache_dir / "locks", reason, "writable.read_unlocked")
            yield
            return
        try:
            yield
        finally:
            lock.release()

    def _notify_changes(self, changes: list[Change]) -> None:
        """Tell plugins (``on_change``) about durable writes. With the lock held they wait for
        its release: what the hooks do (catch the search index up, note a git commit, start a
        background embedding) never makes the other writers queue behind it. A change made
        while history operations are suspended stays suspended for its hooks."""
        lock = self.__dict__.get("_lock")
        if lock is not None and lock.held_here():
            from .history.autocommit import SUSPEND_KEY

            with _DEFERRED_GUARD:
                self.__dict__.setdefault("_deferred_changes", []).extend(
                    (change, self.__dict__.get(SUSPEND_KEY)) for change in changes)
            return
        for change in changes:
            self.plugins.notify_change(self, change)

    def _after_release(self, lock: FileLock) -> None:
        from .history.autocommit import SUSPEND_KEY

        self._stop_edit_guard(lock)
        while True:
            with _DEFERRED_GUARD:
                batch = self.__dict__.get("_deferred_changes")
                if not batch:
                    return
                self.__dict__["_deferred_changes"] = []
            for change, suspended in batch:
                previous = self.__dict__.get(SUSPEND_KEY)
                if suspended:
                    self.__dict__[SUSPEND_KEY] = suspended
                try:
                    self.plugins.notify_change(self, change)
                except Exception as exc:  # noqa: BLE001 - the write is durable; a hook never undoes it,
                    _said_after_write(exc)  # but what kept the hooks from running is said, never swallowed
                finally:
                    if suspended:
                        self.__dict__[SUSPEND_KEY] = previous

    def _after_lock(self, lock: FileLock) -> None:
        from .recovery import recover_if_needed

        self._refresh_config()  # another process may have changed the settings while we waited
        recover_if_needed(self, crashed=lock.crashed, paths=lock.crashed_paths)
        self._start_edit_guard(lock)

    # -- edits made outside MyLife ----------------------------------------------------------------
    def _start_edit_guard(self, lock: FileLock) -> None:
        """From now until the lock is released, every file the holding thread is about to write
        is first held to what MyLife last recorded for it (:meth:`require_unchanged`)."""
        from .storage.atomic import guard

        with _DEFERRED_GUARD:
            self.__dict__["_guarded"] = set()
            self.__dict__["_unrecorded"] = set()
            if "_edit_guard" in self.__dict__:
                return

            def check(path: Path) -> None:
                if lock.held_here():
                    self.refuse_link_outside(path)
                    self.require_unchanged([path])
                    self._note_written(path)

            self.__dict__["_edit_guard"] = check
            guard(check)

    def _note_written(self, path: Path | str) -> None:
        """``path`` is about to be written under the lock: until an audit entry records it
        (:meth:`file_digests`), it is owed one (:meth:`_before_release`)."""
        from .integrity import tracked

        rel = self._workspace_rel(path)
        if rel is not None and tracked(rel):
            self.__dict__.setdefault("_unrecorded", set()).add(rel)

    def _before_release(self, lock: FileLock) -> None:
        """The lock is about to be let go: a file this hold wrote that no audit entry recorded
        (the writer raised between the file and its entry: a hook's error, a full disk) and that
        the next write would therefore refuse (:func:`~mylife_core.integrity.outside_edit`) is
        recorded as it is now
        (``recover.write``), as the next writer does for a killed one
        (:func:`~mylife_core.recovery.audit_unaudited_writes`): MyLife wrote it, so it is never
        reported as changed outside MyLife. Nothing to do, and nothing read, when every write
        was recorded."""
        owed = self.__dict__.get("_unrecorded")
        if not owed:
            return
        self.__dict__["_unrecorded"] = set()
        from .integrity import outside_edit
        from .recovery import audit_unaudited_writes

        # only what the next write would refuse: a file verify does not hold to a digest (a
        # backend's own, a note of a plugin's) stays unrecorded as before
        held = [rel for rel in sorted(owed) if outside_edit(self, rel) is not None]
        if held:
            audit_unaudited_writes(self, [str(self.root / rel) for rel in held],
                                   why="writer_failed_before_its_audit_entry")

    def _stop_edit_guard(self, lock: FileLock) -> None:
        from .storage.atomic import unguard

        with _DEFERRED_GUARD:  # another thread of this process may have taken the lock meanwhile
            if lock.held():
                return
            check = self.__dict__.pop("_edit_guard", None)
            if check is not None:
                unguard(check)

    def require_unchanged(self, paths: list[Path | str]) -> None:
        """Refuse (:class:`~mylife_core.errors.Conflict` ``file_changed_outside``, nothing written)
        if a file about to be rewritten no longer holds what MyLife last recorded for it: the
        next write would otherwise absorb an edit made outside MyLife, and ``verify`` would stop
        naming it. The user sees it with ``mylife verify`` and keeps it with ``mylife verify
        --accept FILE`` (then the write goes through). Files this lock hold already wrote are
        MyLife's own; untracked files (``raw/``, ``ledger/``, ``cache/``) are witnessed otherwise;
        ``.gitignore`` and ``backends/`` are shared (:data:`~mylife_core.integrity.SHARED_PATHS`).
        Called for every write under the lock; a write of several files calls it for all of them
        before writing the first."""
        from .integrity import outside_edit

        seen = self.__dict__.setdefault("_guarded", set())
        for path in paths:
            self.refuse_link_outside(path)
            rel = self._workspace_rel(path)
            if rel is None or rel in seen:
                continue
            found = outside_edit(self, rel)
            if found is not None:
                from .errors import Conflict
                from .shell import word
                from .staleness.render import command_prefix

                prog = command_prefix(self.root)
                error = Conflict("file_changed_outside", file=rel, verify=f"{prog} verify",
                                 accept=f"{prog} verify --accept {word(rel)}", **found)
                error.message_key = f"error.{found['kind']}_outside"
                raise error
            seen.add(rel)

    def refuse_link_outside(self, path: Path | str) -> None:
        """Refuse (:class:`DataFileError` naming the link and where it leads, nothing written) to
        write ``path`` when it, or a folder on its way, is a symbolic link leading outside the
        workspace (:func:`~mylife_core.integrity.link_outside`): an append would change a file
        outside the workspace, a replace would put a file in place of the user's link. Links
        inside the workspace, and ``cache/`` anywhere, are written as before."""
        from .integrity import link_outside

        path = Path(path)
        found = link_outside(self.root, path if path.is_absolute() else self.root / path)
        if found is not None:
            from .messages import t

            link, target = found
            raise DataFileError(link, None, t("s24c.bad_file.link_outside", target=target))

    def keeping(self, paths: list[Path | str]) -> None:
        """The caller keeps these files' current bytes itself, whole, in a file it writes and
        records in the same step (a digest replaced on accepting a proposal is kept in the
        proposal's ``replaced``): rewriting them absorbs no outside edit, so this lock hold does
        not refuse over them (:meth:`require_unchanged`). Call with the lock held."""
        seen = self.__dict__.setdefault("_guarded", set())
        seen.update(rel for rel in map(self._workspace_rel, paths) if rel is not None)

    def _workspace_rel(self, path: Path | str) -> str | None:
        path = Path(path)
        if not path.is_absolute():
            return path.as_posix()
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            pass
        try:
            rel = Path(os.path.realpath(path)).relative_to(os.path.realpath(self.root))
        except ValueError:
            return None
        return rel.as_posix()

    @property
    def plugins(self) -> PluginHost:
        if self._plugins is None:
            from .plugins import default_host

            self._plugins = default_host()
        return self._plugins

    # -- layers ---------------------------------------------------------------------------------
    @cached_property
    def raw(self) -> "RawLayer":
        from .layers.raw import RawLayer

        return RawLayer(self)

    @cached_property
    def digests(self) -> "DigestLayer":
        from .layers.digest import DigestLayer

        return DigestLayer(self)

    @cached_property
    def claims(self) -> "ClaimsLayer":
        from .layers.claims import ClaimsLayer

        name = self.config.store
        return ClaimsLayer(self, self._open_store(name), store_name=name)

    def _open_store(self, name: str) -> Any:
        stores = self.plugins.stores()
        spec = stores.get(name)
        if spec is None:
            # the setting is the user's (a typo, a plugin not installed on this machine): say
            # where it is and the two ways out
            from .storage.yamlfile import _line_of

            data = self.__dict__.get("_config_bytes")
            line = _line_of(data.decode("utf-8", "replace"), ("store",)) if data else None
            raise UsageError("unknown_store_configured", name=name, available=", ".join(sorted(stores)),
                             file="config.yaml", line=line if line is not None else "?")
        return spec.factory(self)

    @cached_property
    def profile(self) -> "ProfileLayer":
        from .layers.profile import ProfileLayer

        return ProfileLayer(self)

    @cached_property
    def index(self) -> "IndexLayer":
        from .layers.index import IndexLayer

        return IndexLayer(self)

    @cached_property
    def audit(self) -> AuditLog:
        return AuditLog(self.root / "ledger" / "audit.jsonl")

    # -- writes -------------------------------------------------------------------------------------
    def audit_only(self, actor: str, action: str, target: str, *, detail: dict[str, Any] | None = None,
                   paths: list[str] | None = None) -> None:
        """An audit entry without ``on_change`` (repairs, acknowledgements)."""
        with self.lock():
            self._append_audit([AuditEntry(at=clock.now(), actor=actor, action=action, target=target,
                                           detail=detail or {}, files=self.file_digests(paths or []))])

    def file_digests(self, paths: list[str]) -> dict[str, str | None]:
        """sha256 of each workspace file a write touched (``verify`` holds every file to its newest
        digest in the audit log). ``raw/`` (the manifest witnesses it), ``ledger/`` and ``cache/``
        are left out, and so are paths outside the workspace."""
        from .integrity import digest_paths

        owed = self.__dict__.get("_unrecorded")
        if owed:
            owed.difference_update(filter(None, map(self._workspace_rel, paths)))
        return digest_paths(self.root, paths)

    def _append_audit(self, entries: list[AuditEntry]) -> None:
        """Append under the lock: a torn tail is cut first, a legacy log gets its baseline."""
        from .integrity import audit_head_problem, baseline_entry

        with self.lock():
            dropped = self.audit.repair_torn()
            repairs: list[AuditEntry] = []
            if dropped:
                repairs.append(AuditEntry(at=clock.now(), actor="system", action="audit.repair",
                                          target="ledger/audit.jsonl", detail={"dropped_bytes": dropped}))
            mismatch = audit_head_problem(self)
            if mismatch:  # lines were cut off or changed outside MyLife: say so in the log itself
                repairs.append(AuditEntry(at=clock.now(), actor="system", action="audit.mismatch",
                                          target="ledger/audit.jsonl", detail=mismatch))
            last = self.audit.last_line()
            if not self.audit.is_chained(last):
                repairs.append(baseline_entry(self))
            self.audit.append_entries([*repairs, *entries])

    def commit_change(self, actor: str, action: str, target: str, *, paths: list[str] | None = None,
                      detail: dict[str, Any] | None = None) -> Change:
        """Record a durable write in the audit log (with the sha256 of every file in ``paths``),
        then tell plugins (``on_change``). Called with the lock held, right after the write."""
        change = Change(at=clock.now(), actor=actor, action=action, target=target, paths=paths or [],
                        detail=detail or {})
        self._append_audit([AuditEntry(at=change.at, actor=actor, action=action, target=target,
                                       detail=change.detail, files=self.file_digests(change.paths))])
        self._notify_changes([change])
        return change

    def commit_changes(self, changes: list[tuple[str, str, str, list[str], dict[str, Any]]]) -> list[Change]:
        """Like :meth:`commit_change` for a batch: one audit append (one fsync), then the hooks.

        Each item is ``(actor, action, target, paths, detail)``.
        """
        now = clock.now()
        made = [Change(at=now, actor=a, action=act, target=tg, paths=p or [], detail=d or {})
                for a, act, tg, p, d in changes]
        digests: dict[str, dict[str, str | None]] = {}  # one hash per file, however many entries name it
        entries = []
        for c in made:
            key = "\0".join(c.paths)
            if key not in digests:
                digests[key] = self.file_digests(c.paths)
            entries.append(AuditEntry(at=c.at, actor=c.actor, action=c.action, target=c.target,
                                      detail=c.detail, files=digests[key]))
        self._append_audit(entries)
        self._notify_changes(made)
        return made

    def cleanup(self) -> int:
        """Remove temp files a killed writer left behind (they never replaced anything)."""
        from .integrity import temp_dirs

        return sum(cleanup_temp_files(d) for d in temp_dirs(self))

    def close(self) -> None:
        claims = self.__dict__.get("claims")
        if claims is not None:
            claims.store.close()

    def __enter__(self) -> "Workspace":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["Workspace", "default_root", "resolve_root", "DataFileError"]

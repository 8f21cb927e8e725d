"""User-facing errors.

Every error MyLife raises on purpose carries a message key from :mod:`mylife_core.messages`
(so it is shown in the user's language), what was wrong, and where possible what to do.
The CLI turns them into a clean message and a non-zero exit code; ``MYLIFE_DEBUG=1``
shows the traceback instead.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any


def _same(key: str) -> str:
    """The message key as it is (no other wording)."""
    return key


class MyLifeError(Exception):
    """Base class: a problem the user can understand and act on."""

    exit_code = 1
    code = "error"
    #: the message shown, when not ``error.<key>`` (a newer text for the same error)
    message_key: str | None = None
    #: what to do, said after the message (in text and JSON ``message``): a message ``(key, params)``
    hint: tuple[str, dict[str, Any]] | None = None

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def render(self, message_key: str | None = None, *, wording: "Callable[[str], str] | None" = None) -> str:
        """The message in the current language; ``message_key``: another wording of it, with the
        same parameters. ``wording``: maps each message key the text is made of (the message, its
        hint) to the key of the wording to show instead, or back to itself (the panel's, which
        names its own boxes, buttons and pages instead of the CLI's flags and commands:
        :func:`mylife_core.web.views.error_text`)."""
        from .messages import t

        word = wording or _same

        params = dict(self.params)
        what = params.get("what")
        if isinstance(what, str) and what.isidentifier():  # "claim", "value": the thing's name in the user's language
            try:
                params["what"] = t(f"what.{what}")
            except KeyError:
                pass
        action = params.get("action")
        if isinstance(action, str):  # an audit action (a file's last write): its name (messages.code_name)
            from .messages import code_name

            params["action"] = code_name("action", action)
        text = t(word(message_key or self.message_key or f"error.{self.key}"), **params)
        if self.hint is not None:
            text += t(word(self.hint[0]), **self.hint[1])
        return text

    def __str__(self) -> str:  # pragma: no cover - convenience for logs/tests
        try:
            return self.render()
        except Exception:
            return f"{self.key} {self.params}"

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "key": self.key, "message": self.render(),
                "params": {k: (str(v) if isinstance(v, Path) else v) for k, v in self.params.items()}}


class UsageError(MyLifeError):
    """Bad input on the command line or to a tool."""

    code = "bad_input"
    exit_code = 2


class NotFound(MyLifeError):
    code = "not_found"
    exit_code = 3


class WorkspaceMissing(MyLifeError):
    code = "no_workspace"
    exit_code = 3


class Conflict(MyLifeError):
    """The operation contradicts the current state (e.g. accepting a rejected claim)."""

    code = "conflict"
    exit_code = 4


class DataFileError(MyLifeError):
    """A file on disk cannot be read: names the file and line; it is never overwritten."""

    code = "bad_file"
    exit_code = 5

    def __init__(self, path: Path | str, line: int | None, problem: str) -> None:
        super().__init__("bad_file", path=str(path), line=line if line is not None else "?",
                         problem=problem)
        self.path = Path(path)
        self.line = line
        self.problem = problem


class LockTimeout(MyLifeError):
    code = "locked"
    exit_code = 6


class NotWritable(MyLifeError):
    """A file or folder MyLife must write cannot be written: no permission, a read-only file
    system, a full disk or quota (:mod:`mylife_core.storage.writable`). Names the path."""

    code = "not_writable"
    exit_code = 12

    def __init__(self, path: Path | str, reason: str, *, instead: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__("not_writable", path=str(path), reason=reason)
        self.path = Path(path)
        self.reason = reason
        #: a message (key, params) saying what works without this write (``ask --no-record``)
        self.instead = instead

    def render(self, message_key: str | None = None, *, wording: "Callable[[str], str] | None" = None) -> str:
        """One message made of parts (why, what to do, what still works, what works without this
        write: ``instead``); ``wording`` maps each part's key as for :meth:`MyLifeError.render`."""
        from .messages import t
        from .workspace import Workspace

        word = wording or _same
        hint = t(word(f"writable.hint.{self.reason}"))
        if self.reason in ("read_only", "permission") and any(Workspace.is_workspace(p) for p in
                                                             (self.path, *self.path.parents)):
            hint += t(word("writable.readers_work"))  # in a workspace: what still works there
        if self.instead is not None:
            hint += t(word(self.instead[0]), **self.instead[1])
        return t(word(message_key or "error.not_writable"), path=str(self.path),
                 why=t(word(f"writable.why.{self.reason}")), hint=hint)


class PluginError(MyLifeError):
    """A plugin failed to import or returned something invalid; names the plugin."""

    code = "plugin"
    exit_code = 7


def outside_cause(exc: BaseException, root: Path | str | None) -> MyLifeError | None:
    """The error to report for ``exc`` when its cause lies outside MyLife, else None (a bug):

    * an index under ``cache/`` held by another process past the wait (``LockTimeout``, exit 6);
    * a path that cannot be written: permission denied, a read-only file system, a full disk or
      quota (:class:`NotWritable`, exit 12; :mod:`mylife_core.storage.writable`). An ``OSError``
      names its path (a write to an open file does not: the workspace ``root`` is named);
      SQLite's error does not, and every SQLite file MyLife opens is under ``root/cache``.

    * a folder where MyLife keeps a file, a file where it keeps a folder, or a broken symbolic link
      (``ledger/audit.jsonl`` a folder, ``index`` a file, ``claims/2026-03.yaml`` a link to nothing): :class:`DataFileError` naming that path (:func:`misplaced`).

    The one mapping for every boundary: the CLI's, a tool call's (also over MCP), the panel's."""
    from .storage import writable
    from .storage.sqlite_cache import is_busy, wait_seconds

    wrong_kind = misplaced(exc)
    if wrong_kind is not None:
        return wrong_kind
    if is_busy(exc):
        try:
            seconds: object = wait_seconds()
        except MyLifeError:
            seconds = "?"
        return LockTimeout("cache_busy", seconds=seconds)
    if root is None:
        return writable.error_from(exc)
    return writable.error_from(exc, Path(root) if isinstance(exc, OSError) else Path(root) / "cache")


#: errno name -> the kind :func:`os_reason` says (its message ``s28cli.os.<kind>``, or ``writable.why.<kind>``)
_OS_KINDS = {"ENOENT": "not_found", "EACCES": "permission", "EPERM": "permission", "EISDIR": "is_a_directory",
             "ENOTDIR": "not_a_directory", "ENAMETOOLONG": "name_too_long", "ELOOP": "symlink_loop",
             "EEXIST": "exists", "EBUSY": "busy", "ETXTBSY": "busy", "EMFILE": "too_many_open",
             "ENFILE": "too_many_open", "EIO": "io", "ENOEXEC": "not_executable", "EADDRINUSE": "address_in_use",
             "EADDRNOTAVAIL": "address_not_available", "ECONNREFUSED": "connection_refused",
             "ETIMEDOUT": "timed_out", "EROFS": "read_only", "ENOSPC": "disk_full", "EDQUOT": "quota"}
_WRITABLE_KINDS = ("read_only", "disk_full", "quota")  # said as NotWritable says them


def os_reason(exc: BaseException) -> str:
    """Why an operating-system call failed (an ``OSError``: a file not found, no permission, a
    folder where a file was expected, a port in use ...), in the user's language: the one way a
    message says it (``无法读取 a.txt：没有这个文件或文件夹``), never the system's English text
    (``No such file or directory``), which is kept only for a kind not listed here."""
    import errno as errnos

    from .messages import t

    number = getattr(exc, "errno", None)
    kind = _OS_KINDS.get(errnos.errorcode.get(number, "")) if isinstance(number, int) else None
    if kind in _WRITABLE_KINDS:
        return t(f"writable.why.{kind}")
    if kind is not None:
        return t(f"s28cli.os.{kind}")
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return t("s28cli.os.other", text=text)


def misplaced(exc: BaseException) -> DataFileError | None:
    """``exc`` as the :class:`DataFileError` a reader raises for a bad file, when it says that a
    folder stands where MyLife keeps a file (``EISDIR``), a file where it keeps a folder
    (``ENOTDIR``), or a symbolic link to nothing where it keeps a file (``ENOENT`` on a broken
    link, e.g. in ``claims/``): the path of the one in the way is named, as ``yamlfile.read_bytes`` and
    ``atomic.ensure_private_dir`` name it. Every place that opens a workspace file (the logs in
    ``ledger/``, the chain files, the audit head ...) then reports it the same way, never as a bug."""
    import errno
    import os

    if not isinstance(exc, OSError) or exc.errno not in (errno.EISDIR, errno.ENOTDIR, errno.ENOENT):
        return None
    from .messages import t

    names = [Path(os.fsdecode(n)) for n in (exc.filename2, exc.filename) if n is not None]
    if exc.errno == errno.ENOENT:  # only a broken symbolic link is a bad file; a missing one is not
        for name in names:
            if name.is_symlink() and not name.exists():
                return DataFileError(name, None, t("s23c.bad_file.broken_link", target=os.readlink(name)))
        return None
    if exc.errno == errno.EISDIR:
        found = next((p for p in names if p.is_dir()), None)
        return DataFileError(found, None, t("bad_file.not_regular")) if found is not None else None
    for name in names:
        found = next((p for p in (name, *name.parents) if p.exists() and not p.is_dir()), None)
        if found is not None:
            return DataFileError(found, None, t("bad_file.not_folder"))
    return None


def user_error(exc: BaseException, root: Path | str | None) -> MyLifeError | None:
    """``exc`` as the error to show the user, when it is one they can act on: a
    :class:`MyLifeError` as it is, an outside cause as :func:`outside_cause` reports it; None for
    a bug. For a boundary that must keep what the user typed whatever the error (chat's turn,
    the panel's form), not only for MyLife's own errors: a full disk is an ``OSError``."""
    if isinstance(exc, MyLifeError):
        return exc
    if not isinstance(exc, Exception):
        return None
    return outside_cause(exc, root)


def shown_undecodable(text: str, limit: int = 80) -> str:
    """``text`` holding bytes that were not UTF-8 as the user can read them: each such byte
    (a ``\\udcXX`` escape from the shell or a file) as ``\\xXX``, the byte they typed, never
    the surrogate Python holds it as; any other lone surrogate as ``\\udXXX``."""
    shown = "".join(f"\\x{ord(c) - 0xDC00:02x}" if "\udc80" <= c <= "\udcff" else c for c in text[:limit])
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")  # cut before escaping: no \\x cut in two


def require_utf8(value: object, what: str) -> None:
    """Refuse text that cannot be written as UTF-8 (lone surrogates: undecodable bytes from a
    shell argument, or ``\\udcff`` escapes in JSON) before anything is written."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise UsageError("bad_utf8_argument", name=what, value=shown_undecodable(value)) from None

"""Running git for MyLife: always bound to the workspace's own repository, never blocking.

Every call names ``--git-dir`` and ``--work-tree`` explicitly, so a workspace that sits inside
another repository (a dotfiles repo in ``$HOME``, say) can never commit into it, and variables
such as ``GIT_DIR`` or ``GIT_INDEX_FILE`` inherited from a hook cannot redirect a call.
Local operations never prompt (``GIT_TERMINAL_PROMPT=0``, stdin closed), run in the C locale
so their messages can be recognised, and have a timeout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import MyLifeError
from ..storage.atomic import private_process_kwargs

#: Variables that would point git somewhere other than the workspace's repository.
_REDIRECTING = (
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_NAMESPACE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM",
    "GIT_PREFIX", "GIT_QUARANTINE_PATH", "GIT_REFLOG_ACTION", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR",
    "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_PUSH_OPTION_COUNT",
    "GIT_TRACE", "GIT_TRACE_PACKET", "GIT_TRACE_CURL", "GIT_CURL_VERBOSE", "GIT_TRACE2", "GIT_TRACE2_EVENT",
)

#: Settings that keep MyLife's own commits quick and free of side effects: no hooks,
#: no signing prompt, no automatic gc in the foreground (MyLife starts it detached).
LOCAL_CONFIG = (
    "-c", "core.quotePath=false",
    "-c", "advice.addIgnoredFile=false",
    "-c", "commit.gpgSign=false",
    "-c", "gc.auto=0",
    "-c", "maintenance.auto=false",
    "-c", "core.hooksPath=/dev/null",
)


class GitError(MyLifeError):
    """git is missing, failed, or timed out; the message says which command and why."""

    code = "git"
    exit_code = 9


@dataclass
class GitResult:
    args: list[str]
    returncode: int
    stdout: bytes
    stderr: bytes

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    @property
    def out(self) -> str:
        return self.stdout.decode("utf-8", "replace")

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8", "replace").strip()


def git_executable() -> str | None:
    """The git to run (``MYLIFE_GIT`` overrides ``PATH``), or None when git is not installed."""
    configured = os.environ.get("MYLIFE_GIT")
    if configured:
        return shutil.which(configured)
    return shutil.which("git")


def require_git() -> str:
    exe = git_executable()
    if exe is None:
        raise GitError("git_missing")
    return exe


def clean_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The user's environment minus anything that could redirect or trace git, in the C locale."""
    env = {k: v for k, v in os.environ.items() if k not in _REDIRECTING}
    env.update({"LC_ALL": "C", "LANGUAGE": "C", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"})
    if extra:
        env.update(extra)
    return env


class Repo:
    """The git repository of one workspace (``<root>/.git``)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.git_dir = self.root / ".git"

    def exists(self) -> bool:
        return (self.git_dir / "HEAD").is_file()

    @property
    def mylife_dir(self) -> Path:
        """MyLife's own state inside ``.git`` (never committed, never pushed)."""
        return self.git_dir / "mylife"

    def base_args(self) -> list[str]:
        return [require_git(), f"--git-dir={self.git_dir}", f"--work-tree={self.root}", *LOCAL_CONFIG]

    def run(self, args: Sequence[str], *, check: bool = True, input: bytes | None = None,
            timeout: float = 60, env: Mapping[str, str] | None = None) -> GitResult:
        """Run ``git ARGS`` in the workspace; raise :class:`GitError` on failure when ``check``."""
        cmd = [*self.base_args(), *args]
        try:
            proc = subprocess.run(cmd, input=input, stdin=None if input is not None else subprocess.DEVNULL,
                                  capture_output=True, cwd=self.root, env=clean_env(env), timeout=timeout,
                                  **private_process_kwargs())
        except subprocess.TimeoutExpired:
            raise GitError("git_timeout", command=_show(args), seconds=timeout) from None
        except OSError as exc:
            from ..errors import os_reason

            raise GitError("git_failed", command=_show(args), reason=os_reason(exc)) from None
        result = GitResult(list(args), proc.returncode, proc.stdout, proc.stderr)
        if check and not result.ok:
            raise GitError("git_failed", command=_show(args), reason=_last_lines(result.err) or f"exit {proc.returncode}")
        return result

    def out(self, args: Sequence[str], **kwargs) -> str:
        return self.run(args, **kwargs).out

    # -- small queries -------------------------------------------------------------------------
    def head(self) -> str | None:
        """The commit HEAD points at, or None on an unborn branch (read from the files when
        they are plain, which saves a process; ``rev-parse`` otherwise)."""
        try:
            text = (self.git_dir / "HEAD").read_text(encoding="utf-8").strip()
            if text.startswith("ref: refs/heads/"):
                ref = (self.git_dir / text[5:]).read_text(encoding="utf-8").strip()
            else:
                ref = text
            if len(ref) in (40, 64) and all(c in "0123456789abcdef" for c in ref):
                return ref
        except (OSError, UnicodeDecodeError):
            pass
        res = self.run(["rev-parse", "-q", "--verify", "HEAD^{commit}"], check=False)
        return res.out.strip() or None if res.ok else None

    def branch(self) -> str | None:
        res = self.run(["symbolic-ref", "-q", "--short", "HEAD"], check=False)
        return res.out.strip() or None if res.ok else None

    def config_get(self, key: str) -> str | None:
        res = self.run(["config", "--get", key], check=False)
        return res.out.strip() if res.ok else None

    def remotes(self) -> list[str]:
        return [line for line in self.out(["remote"]).splitlines() if line.strip()]


def _show(args: Sequence[str]) -> str:
    return ("git " + " ".join(args))[:200]


def _last_lines(text: str, n: int = 3) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("hint:")]
    flagged = [line for line in lines if line.startswith(("fatal:", "error:"))]
    return " / ".join((flagged or lines)[-n:])

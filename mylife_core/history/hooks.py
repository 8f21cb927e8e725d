"""A ``pre-push`` hook, so even a plain ``git push`` typed by hand gets the privacy check.

MyLife's own push checks first and then pushes with ``--no-verify``; this hook guards the
other way in. It fails closed: if the Python that installed it is gone, the push is refused
with a message saying how to proceed (reinstall the hook with ``mylife git enable``).
``MYLIFE_ALLOW_UNVERIFIED=1 git push`` is the per-push override for a remote whose privacy
cannot be confirmed; a public remote is always refused.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
from pathlib import Path

from .gitcmd import Repo

MARKER = "# mylife-privacy-guard v1"


def script(python: str) -> str:
    py = shlex.quote(python)
    return f"""#!/bin/sh
{MARKER}
# Installed by `mylife git enable`: refuses to push this workspace (income, health, doubts)
# to a repository anyone can read. Remove this file only if you know what you are doing.
PY={py}
if [ ! -x "$PY" ]; then
  echo "MyLife: the privacy check cannot run ($PY is gone), so this push is refused." >&2
  echo "MyLife: run 'mylife -w \"$(pwd)\" git enable' again to reinstall the check, then push." >&2
  exit 1
fi
exec "$PY" -m mylife_core git guard-push --workspace "$(pwd)" -- "$1" "$2"
"""


def hook_path(repo: Repo) -> Path:
    return repo.git_dir / "hooks" / "pre-push"


def status(repo: Repo) -> str:
    """``installed`` (ours), ``foreign`` (someone else's hook is there), or ``missing``."""
    path = hook_path(repo)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "missing"
    return "installed" if MARKER in text else "foreign"


def configured_hooks_path(repo: Repo) -> str | None:
    """``core.hooksPath`` as the user's own git sees it for this repository (None when unset)."""
    import subprocess

    from .gitcmd import clean_env, require_git

    proc = subprocess.run([require_git(), f"--git-dir={repo.git_dir}", "config", "--get", "core.hooksPath"],
                          capture_output=True, env=clean_env(), stdin=subprocess.DEVNULL, cwd=repo.root)
    return proc.stdout.decode("utf-8", "replace").strip() or None if proc.returncode == 0 else None


def install_pre_push(repo: Repo) -> str:
    """Install or refresh the hook; never overwrite another hook (returns ``foreign`` then).

    A ``core.hooksPath`` from the user's global config would make git skip ``.git/hooks``;
    the repository's own config then points back at it (for this repository only).
    """
    current = status(repo)
    if current == "foreign":
        return "foreign"
    configured = configured_hooks_path(repo)
    if configured is not None and Path(configured) not in (Path(".git/hooks"), repo.git_dir / "hooks"):
        repo.run(["config", "--local", "core.hooksPath", ".git/hooks"])
    path = hook_path(repo)
    path.parent.mkdir(parents=True, exist_ok=True)
    from ..storage.atomic import atomic_write_text

    atomic_write_text(path, script(sys.executable))
    with contextlib.suppress(OSError):
        os.chmod(path, 0o700)
    return "installed"

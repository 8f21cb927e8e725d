"""Helpers for the staleness, lens, skills, maintain and fields tests.

* :func:`installed` pip-installs MyLife's own plugin packages (``plugins/<dir>``) into a private
  folder once per test session (real pip, no network, nothing leaks into the dev venv);
* :func:`lens_env` is the environment that lets a ``mylife`` subprocess import them;
* :func:`import_lens` imports one in this process, for tests that register it by hand;
* :func:`run_in_pty` runs ``mylife`` on a real pseudo-terminal and answers its prompts.
"""

from __future__ import annotations

import importlib
import os
import pty
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from mylife_core.testing import Result, cli_env

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = {"mylife-career": "career", "mylife-finance": "finance", "mylife-fields-health": "fields-example"}
MODULES = {"mylife-career": "mylife_career", "mylife-finance": "mylife_finance",
           "mylife-fields-health": "mylife_fields_health"}


def pip_install(source: Path, target: Path) -> None:
    """``pip install --target`` from a copy of ``source`` (so no build files land in the tree)."""
    work = target.parent / f"src-{source.name}"
    shutil.copytree(source, work, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                           "--no-build-isolation", "--target", str(target), str(work)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def installed(tmp_path_factory, *dists: str) -> list[Path]:
    """Folders holding each distribution, pip-installed once per session."""
    base = tmp_path_factory.getbasetemp() / "mylife-lenses"
    folders = []
    for dist in dists:
        target = base / dist / "site"
        done = target / ".installed"
        if not done.exists():
            shutil.rmtree(base / dist, ignore_errors=True)
            target.mkdir(parents=True)
            pip_install(ROOT / "plugins" / PLUGINS[dist], target)
            done.write_text("ok")
        folders.append(target)
    return folders


def lens_env(folders: list[Path], **extra: str) -> dict[str, str]:
    env = {"PYTHONPATH": os.pathsep.join(str(f) for f in folders)}
    env.update(extra)
    return env


def import_lens(tmp_path_factory, dist: str):
    """Import an installed lens module in this process (for ``plugin_host(module)``)."""
    (folder,) = installed(tmp_path_factory, dist)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    return importlib.import_module(MODULES[dist])


def run_in_pty(args: list[str], *, workspace: Path, answers: list[str], env: dict | None = None,
               load_plugins: str | None = "", timeout: float = 60,
               on_prompt: Callable[[int, str], None] | None = None) -> Result:
    """Run ``mylife ARGS`` on a pseudo-terminal; type the next answer at each ``...: `` prompt
    (``on_prompt(i, transcript)`` runs first, before answer ``i`` is typed: another window's act).

    Returns the whole terminal transcript (prompts, echoed answers and output) as ``stdout``.
    """
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "mylife_core", *args], stdin=slave, stdout=slave, stderr=slave,
                            env=cli_env(workspace, env, load_plugins), close_fds=True)
    os.close(slave)
    output = b""
    pending = list(answers)
    sent_at = 0
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                output += chunk
                if pending and len(output) > sent_at and output.rstrip(b" ").endswith(b":"):
                    if on_prompt is not None:
                        on_prompt(len(answers) - len(pending), output.decode("utf-8", "replace"))
                    os.write(master, pending.pop(0).encode("utf-8") + b"\n")
                    sent_at = len(output)
            elif proc.poll() is not None:
                break
        else:
            proc.kill()
            raise AssertionError(f"mylife {' '.join(args)} did not finish; transcript:\n"
                                 + output.decode("utf-8", "replace"))
    finally:
        os.close(master)
    code = proc.wait(timeout=10)
    text = output.decode("utf-8", "replace").replace("\r\n", "\n")
    return Result(proc.args, code, text, "")

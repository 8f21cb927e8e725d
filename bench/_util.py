"""Measuring helpers for the benchmarks: wall time, peak memory (RSS), medians.

Each timed command runs as a fresh process (what a user pays for one ``mylife`` call,
imports included); its peak resident memory comes from ``wait4``'s rusage for that one
child (``ru_maxrss``), not from the process group, so figures never mix runs.
"""

from __future__ import annotations

import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

_MAXRSS_UNIT = 1 if sys.platform == "darwin" else 1024  # bytes per ru_maxrss unit


@dataclass
class Run:
    wall_s: float
    peak_rss_mb: float
    returncode: int
    stdout: str = ""
    stderr: str = ""
    cpu_s: float = float("nan")  # user + system time of the command: what a busy machine inflates least


@dataclass
class Figure:
    """The median of several runs of one command, with its spread and peak memory."""

    name: str
    command: list[str]
    runs: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    peak_rss_mb: float = 0.0
    ok: bool = True
    error: str | None = None

    @property
    def median_s(self) -> float:
        return statistics.median(self.runs) if self.runs else float("nan")

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["median_s"] = round(self.median_s, 4)
        data["min_s"] = round(min(self.runs), 4) if self.runs else None
        data["max_s"] = round(max(self.runs), 4) if self.runs else None
        data["runs"] = [round(r, 4) for r in self.runs]
        data["cpu"] = [round(r, 4) for r in self.cpu]
        data["median_cpu_s"] = round(statistics.median(self.cpu), 4) if self.cpu else None
        data["peak_rss_mb"] = round(self.peak_rss_mb, 1)
        return data


# Peak RSS must be the measured command's own. On Linux a child's ru_maxrss starts from the
# resident size of the process that forked it (fork copies the high-water mark; vfork/exec keeps
# the parent's), so a big benchmark process would inflate every figure. A tiny launcher
# (``python -S``, ~10 MB) therefore starts each command and reports its wall time and rusage.
_LAUNCHER = """
import json, os, sys, time
out, argv = sys.argv[1], sys.argv[2:]
t = time.perf_counter()
pid = os.posix_spawn(argv[0], argv, os.environ)
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter() - t
with open(out, "w") as fh:
    json.dump({"wall": wall, "maxrss": ru.ru_maxrss, "code": os.waitstatus_to_exitcode(status),
               "cpu": ru.ru_utime + ru.ru_stime}, fh)
"""


def run_measured(argv: Sequence[str], *, env: Mapping[str, str] | None = None, input: bytes | None = None,
                 cwd: Path | None = None, capture: bool = True) -> Run:
    """Run ``argv`` to completion; return its wall time and its own peak RSS."""
    argv = list(argv)
    if not os.path.isabs(argv[0]):
        import shutil

        argv[0] = shutil.which(argv[0], path=(env or os.environ).get("PATH")) or argv[0]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".json") as result:
        proc = subprocess.run([sys.executable, "-S", "-c", _LAUNCHER, result.name, *argv],
                              env=dict(env) if env is not None else None, cwd=cwd, input=input,
                              stdout=out if capture else subprocess.DEVNULL,
                              stderr=err if capture else subprocess.DEVNULL, check=False)
        if proc.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"launcher failed: {err.read().decode('utf-8', 'replace')[-500:]}")
        data = json.loads(Path(result.name).read_text())
        out.seek(0)
        err.seek(0)
        return Run(data["wall"], data["maxrss"] * _MAXRSS_UNIT / 1e6, data["code"],
                   out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"), data.get("cpu", float("nan")))


def mylife_argv(*args: str) -> list[str]:
    """The real command line, as the installed ``mylife`` script runs it."""
    return [sys.executable, "-m", "mylife_core", *args]


def cli_env(workspace: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """A clean environment for timing: this workspace, no third-party plugins, Chinese."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MYLIFE_")}
    env.update({"MYLIFE_HOME": str(workspace), "MYLIFE_LOAD_PLUGINS": "", "MYLIFE_LANG": "zh",
                "PYTHONIOENCODING": "utf-8"})
    env.update(extra or {})
    return env


def time_command(name: str, argv: Sequence[str], *, env: Mapping[str, str], repeat: int = 5,
                 warmup: int = 1) -> Figure:
    """Median wall time of ``repeat`` fresh-process runs (after ``warmup`` untimed ones)."""
    figure = Figure(name=name, command=[a for a in argv[2:]] if argv[:2] == mylife_argv()[:2] else list(argv))
    for i in range(warmup + repeat):
        run = run_measured(argv, env=env)
        if run.returncode != 0:
            figure.ok = False
            figure.error = (run.stderr or run.stdout).strip()[-500:]
            return figure
        if i >= warmup:
            figure.runs.append(run.wall_s)
            figure.cpu.append(run.cpu_s)
            figure.peak_rss_mb = max(figure.peak_rss_mb, run.peak_rss_mb)
    return figure


def self_peak_rss_mb() -> float:
    """Peak RSS of this process so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * _MAXRSS_UNIT / 1e6


class Progress:
    """One self-overwriting progress line on stderr (silent when not a terminal and quiet)."""

    def __init__(self, quiet: bool = False) -> None:
        self.quiet = quiet
        self._last = 0.0
        self._tty = sys.stderr.isatty()

    def __call__(self, text: str, *, force: bool = False) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        if not force and now - self._last < (0.5 if self._tty else 10.0):
            return
        self._last = now
        if self._tty:
            sys.stderr.write("\r\033[K" + text)
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()

    def done(self, text: str) -> None:
        if self.quiet:
            return
        sys.stderr.write(("\r\033[K" if self._tty else "") + text + "\n")
        sys.stderr.flush()


def fmt_s(seconds: float) -> str:
    if math.isnan(seconds):
        return "-"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    if seconds < 120:
        return f"{seconds:.2f} s"
    return f"{seconds / 60:.1f} min"


def profile_call(fn: Callable[[], Any], top: int = 25) -> str:
    """cProfile ``fn`` and return the top functions by cumulative time (for "where does it go")."""
    import cProfile
    import io
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    try:
        fn()
    finally:
        prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("cumulative").print_stats(top)
    return buf.getvalue()

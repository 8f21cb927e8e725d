"""What git history costs: writes with history on versus off, batching, verify's witness, the privacy check.

Run::

    .venv/bin/python -m bench.git_overhead                 # 3,000 raw records, 15 runs each
    .venv/bin/python -m bench.git_overhead --records 10000 --repeat 21 --json

Figures (medians):

* ``cli_record``: a fresh ``mylife record`` process on a workspace of N records, history off
  and on (runs interleaved, so machine noise hits both alike); the difference is what a user
  feels on every write. ``commit_lag_ms``: how long after the command returned its detached
  committer finished (the user does not wait for it);
* ``commit_one``: one write in process with history off and on (on, the write only notes what
  is owed), and the commit that follows (``git add`` + ``git commit``: what the committer
  spends, and what ``batch_seconds: 0`` would add to each write);
* ``bulk``: 200 writes in one process: history off, on with batching (one commit at the end),
  and on with ``batch_seconds: 0`` (one commit per write);
* ``verify_witness``: ``mylife verify``'s second witness (raw files against HEAD, history of
  raw/ and of the manifest);
* ``privacy_check``: the anonymous probe against a local path and against a closed loopback port.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench._util import Progress, cli_env, fmt_s, mylife_argv, run_measured


def build(path: Path, records: int, progress: Progress) -> Path:
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    ws, _ = Workspace.init(path, plugins=plugin_host())
    with ws:
        for i in range(records):
            ws.raw.record(f"第 {i} 条记录：今天的想法，收入、工作和身体。\n第二行。\n".encode(), topic=f"topic{i % 12}")
            progress(f"building {i + 1}/{records}")
    return path


def enable(path: Path, **settings: Any) -> None:
    from mylife_core.history import autocommit, repo
    from mylife_core.history import settings as settings_mod
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    with Workspace.open(path, plugins=plugin_host()) as ws:
        repo.enable(ws)
        if settings:
            settings_mod.update(ws, settings)
        autocommit.flush(ws)


def median_ms(values: list[float]) -> float:
    return round(statistics.median(values) * 1000, 1)


def cli_record(off: Path, on: Path, repeat: int, progress: Progress) -> dict[str, Any]:
    """Fresh ``mylife record`` processes, off and on interleaved. After each "on" run the
    detached committer is waited for (untimed, so it never steals the next run's CPU); how long
    it took after the command returned is reported as ``commit_lag_ms``."""
    from mylife_core.history.autocommit import wait_until_committed

    times: dict[str, list[float]] = {"off": [], "on": []}
    lag: list[float] = []
    for i in range(repeat + 1):
        for label, path in (("off", off), ("on", on)):
            run = run_measured(mylife_argv("record", f"第 {i} 次计时写入", "--topic", "bench"), env=cli_env(path))
            if run.returncode != 0:
                raise SystemExit(f"mylife record failed ({label}): {run.stderr.strip()[-400:]}")
            if label == "on":
                start = time.perf_counter()
                if not wait_until_committed(path, timeout=120):
                    raise SystemExit("the committer did not finish")
                if i:
                    lag.append(time.perf_counter() - start)
            if i:  # the first pair warms the file cache
                times[label].append(run.wall_s)
        progress(f"cli record {i}/{repeat}")
    off_ms, on_ms = median_ms(times["off"]), median_ms(times["on"])
    return {"off_ms": off_ms, "on_ms": on_ms, "overhead_ms": round(on_ms - off_ms, 1),
            "overhead_pct": round(100 * (on_ms - off_ms) / off_ms, 1), "commit_lag_ms": median_ms(lag),
            "runs": repeat, "off_runs_ms": [round(t * 1000, 1) for t in times["off"]],
            "on_runs_ms": [round(t * 1000, 1) for t in times["on"]]}


def commit_one(off: Path, on: Path, repeat: int) -> dict[str, Any]:
    """In process: one write with history off and on (the "on" write only notes what is owed),
    then the cost of the commit that follows (``git add`` + ``git commit``)."""
    from mylife_core.history import autocommit
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    write_off, write_on, commit = [], [], []
    with Workspace.open(off, plugins=plugin_host()) as ws_off, Workspace.open(on, plugins=plugin_host()) as ws_on:
        for i in range(repeat):
            start = time.perf_counter()
            ws_off.raw.record(f"commit {i}".encode(), topic="bench")
            write_off.append(time.perf_counter() - start)
            start = time.perf_counter()
            ws_on.raw.record(f"commit {i}".encode(), topic="bench")
            mid = time.perf_counter()
            autocommit.flush(ws_on)
            commit.append(time.perf_counter() - mid)
            write_on.append(mid - start)
    return {"write_off_ms": median_ms(write_off), "write_on_ms": median_ms(write_on), "commit_ms": median_ms(commit),
            "runs": repeat}


def bulk(tmp: Path, n: int = 200, rounds: int = 3) -> dict[str, Any]:
    """``n`` writes in one process, each mode ``rounds`` times (median), modes interleaved."""
    from mylife_core.history import autocommit
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    modes = (("off", None), ("batched", {}), ("per_write", {"batch_seconds": 0}))
    runs: dict[str, list[float]] = {label: [] for label, _ in modes}
    for r in range(rounds):
        for label, settings in modes:
            path = tmp / f"bulk-{label}-{r}"
            Workspace.init(path, plugins=plugin_host())[0].close()
            if settings is not None:
                enable(path, **settings)
            with Workspace.open(path, plugins=plugin_host()) as ws:
                start = time.perf_counter()
                for i in range(n):
                    ws.raw.record(f"批量 {i}".encode(), topic="bulk")
                autocommit.flush(ws)  # the batch's one commit is included in the time
                runs[label].append(time.perf_counter() - start)
    return {"writes": n, "rounds": rounds, **{f"{label}_s": round(statistics.median(v), 3) for label, v in runs.items()}}


def verify_witness(on: Path, repeat: int) -> dict[str, Any]:
    from mylife_core.history import witness
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    times = []
    with Workspace.open(on, plugins=plugin_host()) as ws:
        for _ in range(repeat):
            start = time.perf_counter()
            problems = witness.check(ws)
            times.append(time.perf_counter() - start)
    return {"ms": median_ms(times), "problems": len(problems), "runs": repeat}


def privacy_check(tmp: Path) -> dict[str, Any]:
    from mylife_core.history import privacy

    bare = tmp / "backup.git"
    bare.mkdir()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    local, unreachable = [], []
    for _ in range(5):
        start = time.perf_counter()
        privacy.check(str(bare), tmp, timeout=10)
        local.append(time.perf_counter() - start)
        start = time.perf_counter()
        verdict = privacy.check(f"http://127.0.0.1:{closed}/x.git", tmp, timeout=10)
        unreachable.append(time.perf_counter() - start)
    return {"local_ms": median_ms(local), "unreachable_ms": median_ms(unreachable), "unreachable_verdict": verdict.verdict}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=3000, help="raw records in the timed workspace")
    parser.add_argument("--repeat", type=int, default=15, help="timed runs per figure")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    progress = Progress(quiet=args.json)
    import compileall

    import mylife_core

    # an installed package has its bytecode compiled; time that, not the compiler
    compileall.compile_dir(Path(mylife_core.__file__).parent, quiet=1)
    tmp = Path(tempfile.mkdtemp(prefix="mylife-git-bench-"))
    try:
        off = build(tmp / "off", args.records, progress)
        on = tmp / "on"
        shutil.copytree(off, on)
        started = time.perf_counter()
        enable(on)
        enable_s = round(time.perf_counter() - started, 2)
        figures = {
            "records": args.records,
            "enable_s": enable_s,
            "cli_record": cli_record(off, on, args.repeat, progress),
            "commit_one": commit_one(off, on, args.repeat),
            "bulk": bulk(tmp),
            "verify_witness": verify_witness(on, 5),
            "privacy_check": privacy_check(tmp),
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    progress.done("done")
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return 0
    c, one, b, w, p = (figures[k] for k in ("cli_record", "commit_one", "bulk", "verify_witness", "privacy_check"))
    print(f"workspace: {args.records} raw records; `mylife git enable` took {enable_s} s")
    print(f"mylife record (fresh process, median of {c['runs']}): off {c['off_ms']} ms, on {c['on_ms']} ms "
          f"-> {c['overhead_ms']:+} ms ({c['overhead_pct']:+}%); the detached commit lands {c['commit_lag_ms']} ms "
          f"after the command returns")
    print(f"one write in process: off {one['write_off_ms']} ms, on {one['write_on_ms']} ms; "
          f"the commit that follows (in the committer): {one['commit_ms']} ms")
    print(f"{b['writes']} writes in one process: off {fmt_s(b['off_s'])}, batched {fmt_s(b['batched_s'])}, "
          f"one commit per write {fmt_s(b['per_write_s'])}")
    print(f"verify's git witness: {w['ms']} ms ({w['problems']} problems)")
    print(f"privacy check: local path {p['local_ms']} ms, closed loopback port {p['unreachable_ms']} ms "
          f"({p['unreachable_verdict']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

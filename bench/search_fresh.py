"""Fresh-process ``mylife recall`` on a workspace, keyword and hybrid mode (no hyperfine needed).

    .venv/bin/python -m bench.search_fresh DEMO_WORKSPACE [--runs 10] [--code OTHER_CHECKOUT]

Runs ``mylife recall 跳槽 -w WS --json`` ``--runs`` times after 3 untimed runs, with the career
and finance lenses loaded, and with mylife-vector too for hybrid mode (the workspace must be
embedded: ``mylife index embed``). Prints the mean and best wall time and the mean CPU time
(user + system, of the child process) with the load average: on a shared machine the wall time
is mostly waiting for a core, so compare CPU times. ``--code`` runs another checkout's
``mylife_core`` (``PYTHONPATH``) on the same interpreter, for a before/after pair; give it its
own copy of the workspace, since an index of another schema version is rebuilt.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time


def measure(ws: str, mode: str, runs: int, code: str | None) -> dict:
    env = dict(os.environ)
    env["MYLIFE_LOAD_PLUGINS"] = "mylife-career,mylife-finance" + (",mylife-vector" if mode == "hybrid" else "")
    env["MYLIFE_AUTO_EMBED"] = "0"
    if code:
        env["PYTHONPATH"] = code
    argv = [sys.executable, "-m", "mylife_core", "recall", "跳槽", "-w", ws, "--json"]
    cwd = code or None
    for _ in range(3):
        subprocess.run(argv, env=env, capture_output=True, check=True, cwd=cwd)
    walls, cpus = [], []
    out = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        out = subprocess.run(argv, env=env, capture_output=True, check=True, cwd=cwd)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    data = json.loads(out.stdout)
    return {"mode": data["mode"], "hits": data["count"], "wall_mean_s": round(statistics.mean(walls), 2),
            "wall_best_s": round(min(walls), 2), "cpu_mean_s": round(statistics.mean(cpus), 2),
            "load": round(os.getloadavg()[0], 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workspace")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--code", default=None, help="a checkout whose mylife_core to run instead")
    args = parser.parse_args(argv)
    for mode in ("keyword", "hybrid"):
        fig = measure(args.workspace, mode, args.runs, args.code)
        print(f"{mode:<8} wall mean {fig['wall_mean_s']:.2f} s (best {fig['wall_best_s']:.2f} s), "
              f"CPU {fig['cpu_mean_s']:.2f} s, mode {fig['mode']}, {fig['hits']} hits, load {fig['load']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What one ``mylife`` command costs the test suite: a fresh interpreter against a fork of
``mylife_core.testing``'s fork server (``mylife_core/testing_forkserver.py``).

Run::

    .venv/bin/python -m bench.cli_startup                 # 7 runs of each command, each way
    .venv/bin/python -m bench.cli_startup --repeat 15 --json

Every command runs on a copy of the demo workspace (``mylife demo``), through the same
``mylife_core.testing.run_cli`` the tests call, with one warm-up run each way that is not counted:

* **fresh**: ``run_cli`` with the fork server off, a new ``python -m mylife_core`` per command
  (interpreter, third-party imports, MyLife's own modules);
* **forked**: ``run_cli`` with the server on: the third-party libraries (litellm among them) are
  already imported, MyLife's own modules are imported afresh by each command.

Commands: ``--help``, ``status``, ``recall 跳槽 --json``, ``record`` from standard input, ``ask``
offline, and ``ask`` with the fake model on 127.0.0.1 (the tests' ``fakellm``, which answers at
once: the figure is what litellm's import and MyLife's pipeline cost, not a model). Also the
server's own start (until it answers its first command). The figures are wall times: on a busy
machine read them as relative. Both ways must give the same exit code and standard output, or
the script says so and exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make "bench" importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import _util
from bench.ask_overhead import fake_server
from mylife_core import testing

NOW = "2026-03-10"
QUESTION = "我该不该跳槽？"


def commands(model_env: dict[str, str]) -> list[tuple[str, list[str], dict[str, str], str | None]]:
    """(name, arguments, extra environment, standard input) of each measured command."""
    ask = ["ask", QUESTION, "--accept-stale", "--accept-missing", "--no-record", "--json"]
    return [
        ("--help", ["--help"], {}, None),
        ("status", ["status"], {}, None),
        ("recall 跳槽 --json", ["recall", "跳槽", "--json"], {}, None),
        ("record (stdin)", ["record", "--topic", "职业去留", "-"], {}, "今天又想了想跳槽的事。\n"),
        ("ask --offline", [*ask, "--offline"], {}, None),
        ("ask, fake model", ask, model_env, None),
    ]


def _run(args: list[str], workspace: Path, env: dict[str, str], stdin: str | None, fork: bool) -> tuple[float, Any]:
    testing._FORK_ON = fork  # read by run_cli on each call
    start = time.perf_counter()
    result = testing.run_cli(args, workspace=workspace, env={"MYLIFE_NOW": NOW, **env}, input=stdin, timeout=300)
    wall = time.perf_counter() - start
    if fork and not result.forked:
        raise SystemExit(f"cli_startup: {args!r} ran fresh although the fork server was on")
    return wall, result


def measure(repeat: int) -> dict[str, Any]:
    fork_available = testing._FORK_ON
    if not fork_available:
        raise SystemExit("cli_startup: the fork server is off here (MYLIFE_TEST_FORK=0, or no fork/send_fds)")
    scratch = Path(tempfile.mkdtemp(prefix="mylife-bench-startup-"))
    server = fake_server()
    try:
        testing._FORK_ON = False
        workspace = testing.demo_workspace(scratch, NOW)
        testing._FORK_ON = True
        start = time.perf_counter()
        _run(["--version"], workspace, {}, None, fork=True)
        server_start = time.perf_counter() - start
        model_env = {"MYLIFE_MODEL": "openai/fake-model", "MYLIFE_API_BASE": server.url, "MYLIFE_API_KEY": "bench"}
        rows, mismatches = [], []
        for name, args, env, stdin in commands(model_env):
            times: dict[str, list[float]] = {"fresh": [], "forked": []}
            outputs: dict[str, tuple[int, str]] = {}
            for i in range(repeat + 1):
                for way in ("fresh", "forked"):  # alternated, so load drifts hit both alike
                    wall, result = _run(args, workspace, env, stdin, fork=way == "forked")
                    if result.returncode != 0:
                        raise SystemExit(f"cli_startup: {name} ({way}) exited {result.returncode}:\n{result.stderr[-800:]}")
                    if i:
                        times[way].append(wall)
                    outputs[way] = (result.returncode, _stable(name, result.stdout))
            if outputs["fresh"] != outputs["forked"]:
                mismatches.append(name)
            fresh, forked = statistics.median(times["fresh"]), statistics.median(times["forked"])
            rows.append({"command": name, "fresh_s": round(fresh, 4), "forked_s": round(forked, 4),
                         "saved_s": round(fresh - forked, 4), "runs": repeat,
                         "fresh_runs": [round(t, 4) for t in times["fresh"]],
                         "forked_runs": [round(t, 4) for t in times["forked"]]})
        return {"server_start_s": round(server_start, 3), "commands": rows, "mismatches": mismatches,
                "load_average": os.getloadavg(), "cpus": os.cpu_count()}
    finally:
        server.stop()
        testing._FORK_ON = fork_available
        shutil.rmtree(scratch, ignore_errors=True)


def _stable(name: str, stdout: str) -> str:
    """Standard output with what differs between two runs of one command left out (record's new id,
    an answer's timings, a search's ``took_ms``)."""
    if name.startswith("record"):
        return ""
    if name.startswith("recall"):
        data = json.loads(stdout)
        data.pop("took_ms", None)
        return json.dumps(data, ensure_ascii=False)
    if name.startswith("ask"):
        data = json.loads(stdout)
        return json.dumps({k: v for k, v in data.items() if k in ("question", "mode", "disclaimer")}, ensure_ascii=False)
    return stdout


def text(result: dict[str, Any]) -> str:
    lines = [f"one mylife command in the test suite: fresh interpreter vs fork of the test fork server "
             f"(median of {result['commands'][0]['runs']} each; load average "
             f"{' '.join(f'{x:.1f}' for x in result['load_average'])}, {result['cpus']} CPUs)", "",
             f"  {'command':<22} {'fresh':>9} {'forked':>9} {'saved':>9}"]
    for row in result["commands"]:
        lines.append(f"  {row['command']:<22} {_util.fmt_s(row['fresh_s']):>9} {_util.fmt_s(row['forked_s']):>9} "
                     f"{_util.fmt_s(row['saved_s']):>9}")
    lines += ["", f"  the server's own start (until its first command answered): {_util.fmt_s(result['server_start_s'])}"]
    if result["mismatches"]:
        lines.append(f"  DIFFERENT OUTPUT fresh vs forked: {', '.join(result['mismatches'])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="counted runs of each command, each way (default 7)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args(argv)
    result = measure(max(1, options.repeat))
    print(json.dumps(result, ensure_ascii=False, indent=2) if options.json else text(result))
    return 1 if result["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())

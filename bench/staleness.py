"""What staleness, lenses, skills and upkeep cost, on the lifetime workspace.

Run::

    .venv/bin/python -m bench.staleness                           # 3,000 records / 30,000 claims
    .venv/bin/python -m bench.staleness --records 30000 --claims 300000 --json
    .venv/bin/python -m bench.staleness --repeat 9

Figures:

* fresh ``mylife`` processes (median wall time and peak RSS, imports included): ``staleness``
  with the career and finance lenses pip-installed and loaded, the same without lenses,
  ``maintain`` with and without the claim-source check (which reads every raw file a claim
  points to), ``skills``, and ``--help`` as the start-up baseline;
* in-process library calls (median of many): ``check()`` on the lifetime profile with both
  lenses, ``match_decisions()``, ``propose_ttl()`` for a new field, ``concept_of()`` on unseen
  names, and ``check()`` against a synthetic profile of 2,000 fields.

The lenses are installed with pip (``--target``, no network) into ``bench/out/lenses-site``.
``MYLIFE_NOW`` is fixed to the lifetime workspace's end day so staleness is deterministic.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make "bench" importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import _util
from bench.lifetime import END, OUT, REPO, lifetime_workspace

LENSES = {"mylife-career": "career", "mylife-finance": "finance"}
QUESTION = "我该不该跳槽？"
NOW = END.isoformat()


def lenses_site(out: Path = OUT) -> Path:
    """The career and finance lenses, pip-installed once into a private folder (rebuilt when
    their sources change)."""
    digest = hashlib.sha256()
    for folder in LENSES.values():
        for path in sorted((REPO / "plugins" / folder).rglob("*")):
            if path.is_file() and "build" not in path.parts and ".egg-info" not in str(path) \
                    and "__pycache__" not in path.parts:
                digest.update(path.read_bytes())
    site = out / f"lenses-site-{digest.hexdigest()[:10]}"
    if (site / ".installed").exists():
        return site
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        for folder in LENSES.values():
            src = Path(tmp) / folder
            shutil.copytree(REPO / "plugins" / folder, src,
                            ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                            "--no-build-isolation", "--target", str(site), str(src)], check=True)
    (site / ".installed").write_text("ok")
    return site


def median_call(fn: Callable[[], Any], repeat: int) -> float:
    fn()  # warm caches the way a long-running process (chat, MCP) would have them
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def measure_processes(ws: Path, site: Path, repeat: int) -> list[_util.Figure]:
    lenses = _util.cli_env(ws, {"PYTHONPATH": str(site), "MYLIFE_LOAD_PLUGINS": ",".join(LENSES),
                                "MYLIFE_NOW": NOW})
    bare = _util.cli_env(ws, {"MYLIFE_NOW": NOW})
    runs = [
        ("help (start-up baseline)", ["--help"], bare),
        ("staleness, no lenses", ["staleness", QUESTION, "--json"], bare),
        ("staleness, career+finance", ["staleness", QUESTION, "--json"], lenses),
        ("staleness deny (finance)", ["staleness", "现在买哪只基金好？", "--json"], lenses),
        ("skills, career+finance", ["skills", "--json"], lenses),
        ("maintain --no-claims", ["maintain", "--no-input", "--no-claims", "--json"], bare),
        ("maintain (claim sources checked)", ["maintain", "--no-input", "--json"], bare),
    ]
    return [_util.time_command(name, _util.mylife_argv(*args), env=env, repeat=repeat) for name, args, env in runs]


def measure_library(ws_path: Path, site: Path, repeat: int) -> dict[str, float]:
    import importlib
    import os

    os.environ["MYLIFE_NOW"] = NOW
    sys.path.insert(0, str(site))
    from mylife_core.staleness import check, match_decisions, propose_ttl
    from mylife_core.staleness.heuristics import concept_of
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    modules = [importlib.import_module(m) for m in ("mylife_career", "mylife_finance")]
    figures: dict[str, float] = {}
    with Workspace.open(ws_path, plugins=plugin_host(*modules)) as ws:
        report = check(ws, QUESTION)
        figures["lifetime_profile_fields"] = len(ws.profile.fields())
        figures["expired_for_question"] = len(report.expired)
        figures["check_s"] = median_call(lambda: check(ws, QUESTION), repeat)
        figures["match_decisions_s"] = median_call(lambda: match_decisions(ws, QUESTION), repeat)
        figures["propose_ttl_s"] = median_call(lambda: propose_ttl(ws, "新字段房租", 1), repeat)
    names = [f"自定义字段{i}号的月度开销" if i % 2 else f"custom field {i} value" for i in range(5000)]
    concept_of.cache_clear()
    t0 = time.perf_counter()
    for name in names:
        concept_of(name)
    figures["concept_of_unseen_s"] = (time.perf_counter() - t0) / len(names)
    with tempfile.TemporaryDirectory() as tmp:
        big, _ = Workspace.init(Path(tmp) / "ws", plugins=plugin_host(*modules))
        from mylife_core import clock
        from mylife_core.layers.profile import ProfileField, ProfileFile

        at = clock.parse_when("2025-01-01")
        fields = {f"字段{i}": ProfileField(value=i, updated_at=at, ttl_days=90) for i in range(2000)}
        fields.update({"月税后收入": ProfileField(value=1, updated_at=at, ttl_days=180)})
        with big.lock():
            big.profile._save(ProfileFile(fields=fields))
        big.profile.reload()
        figures["check_2000_fields_s"] = median_call(lambda: check(big, QUESTION), max(5, repeat // 4))
        big.close()
    return figures


def report_text(result: dict[str, Any]) -> str:
    lines = [f"workspace: {result['workspace']} ({result['records']} records, {result['claims']} claims, "
             f"MYLIFE_NOW={NOW})", "", "fresh processes (median of runs, peak RSS):"]
    for f in result["processes"]:
        if f["ok"]:
            lines.append(f"  {f['name']:<36} {_util.fmt_s(f['median_s']):>8}   {f['peak_rss_mb']:>6.1f} MB")
        else:
            lines.append(f"  {f['name']:<36} FAILED: {f['error']}")
    lib = result["library"]
    lines += ["", f"library (in-process, median; lifetime profile of {lib['lifetime_profile_fields']} fields, "
                  f"{lib['expired_for_question']} expired for the question):",
              f"  check()                    {lib['check_s'] * 1000:8.2f} ms",
              f"  match_decisions()          {lib['match_decisions_s'] * 1000:8.2f} ms",
              f"  propose_ttl(new field)     {lib['propose_ttl_s'] * 1000:8.2f} ms",
              f"  concept_of(unseen name)    {lib['concept_of_unseen_s'] * 1e6:8.1f} µs",
              f"  check(), 2,000-field profile {lib['check_2000_fields_s'] * 1000:6.1f} ms"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.staleness", description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=3000)
    parser.add_argument("--claims", type=int, default=30000)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per command (median reported)")
    parser.add_argument("--calls", type=int, default=200, help="in-process calls per library figure")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    ws = lifetime_workspace(args.records, args.claims, quiet=args.json)
    site = lenses_site()
    result = {"workspace": str(ws), "records": args.records, "claims": args.claims, "now": NOW,
              "processes": [f.to_json() for f in measure_processes(ws, site, args.repeat)],
              "library": measure_library(ws, site, args.calls)}
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else report_text(result))
    return 0 if all(f["ok"] for f in result["processes"]) else 1


if __name__ == "__main__":
    sys.exit(main())

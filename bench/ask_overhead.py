"""What ``mylife ask`` itself costs, model time excluded, on the lifetime workspace.

Run::

    .venv/bin/python -m bench.ask_overhead                          # 3,000 records / 30,000 claims
    .venv/bin/python -m bench.ask_overhead --records 30000 --claims 300000 --json
    .venv/bin/python -m bench.ask_overhead --repeat 15

Figures:

* **in-process, per ask** (median of ``--repeat`` after one warm-up, the career and finance lenses
  loaded): the whole pipeline offline, split by stage (staleness check, evidence, competing
  evidence and premises, compose, render_output, chain recording); and with the fake model on
  127.0.0.1, where every model call (litellm plus a loopback HTTP round trip to a server that
  answers at once) is timed and subtracted: *pipeline overhead = total - model calls*. The fake
  model answers in two rounds (one ``mylife_recall`` tool call, then a cited answer), so tool
  execution, citation checks and streaming are included;
* **fresh processes** (median wall time and peak RSS, imports included): ``mylife ask --offline``,
  ``mylife ask`` with the fake model (which pays litellm's import), and ``--help`` as the
  start-up baseline; plus the one-off cost of importing litellm.

The lifetime workspace is copied once to a scratch folder (every ask records a chain in
``index.yaml``); ``MYLIFE_NOW`` is the workspace's end day so staleness is deterministic.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make "bench" importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import _util
from bench.lifetime import END, REPO, lifetime_workspace
from bench.staleness import LENSES, lenses_site

QUESTION = "我该不该跳槽？"
NOW = END.isoformat()
STAGES = ("staleness", "evidence", "competing", "model", "render", "chain")
CLAIM_ID = re.compile(r"claim-\d{4}-\d{2}-\d{2}-\d+")


def fake_server():
    """The tests' fake OpenAI-compatible server (real HTTP on 127.0.0.1)."""
    sys.path.insert(0, str(REPO / "tests"))
    from fakellm import FakeLLM, Reply

    server = FakeLLM().start()

    def answer(request) -> Any:
        ids = []
        for message in request.messages:
            ids += CLAIM_ID.findall(message.get("content") or "")
        ids = list(dict.fromkeys(ids))[:4] or ["claim-2000-01-01-001"]
        tool_round = not any(m.get("role") == "tool" for m in request.messages)
        if tool_round:
            return Reply(tool_calls=[("mylife_recall", {"query": "跳槽", "layers": ["claims"], "k": 10})])
        lines = [f"你在这段时间的表述有变化 [{cid}]。" for cid in ids[:3]]
        lines += ["你一定能找到更好的工作！", "真正要解的问题是什么？"]
        return Reply(text="\n".join(lines) + "\n", chunk=16)

    server.default = answer
    return server


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def measure_in_process(ws_path: Path, site: Path, repeat: int) -> dict[str, Any]:
    import importlib

    os.environ["MYLIFE_NOW"] = NOW
    sys.path.insert(0, str(site))
    from mylife_core.llm import client as client_module
    from mylife_core.pipeline.ask import AskEvents, AskOptions, ask
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    modules = [importlib.import_module(m.replace("-", "_")) for m in LENSES]
    results: dict[str, Any] = {}

    def run(options: AskOptions, model_env: dict[str, str] | None) -> dict[str, Any]:
        totals: list[float] = []
        model_times: list[float] = []
        stages: dict[str, list[float]] = {s: [] for s in STAGES}
        answer = None
        saved = {k: os.environ.get(k) for k in ("MYLIFE_MODEL", "MYLIFE_API_BASE", "MYLIFE_API_KEY")}
        os.environ.update(model_env or {})
        original = client_module.ModelClient.complete
        spent: list[float] = []

        def timed(self, *args, **kwargs):
            t0 = time.perf_counter()
            try:
                return original(self, *args, **kwargs)
            finally:
                spent.append(time.perf_counter() - t0)

        client_module.ModelClient.complete = timed  # measure, not replace: the real call runs
        try:
            with Workspace.open(ws_path, plugins=plugin_host(*modules)) as ws:
                for i in range(repeat + 1):
                    marks: list[tuple[str, float]] = []
                    events = AskEvents(on_stage=lambda name: marks.append((name, time.perf_counter())))
                    spent.clear()
                    t0 = time.perf_counter()
                    result = ask(ws, QUESTION, options, events)
                    t1 = time.perf_counter()
                    if i == 0:
                        continue  # warm-up: first-use caches (search index handle, jieba)
                    answer = result.answer
                    totals.append(t1 - t0)
                    model_times.append(sum(spent))
                    points = [*marks, ("end", t1)]
                    for (name, at), (_, nxt) in zip(points, points[1:]):
                        stages.setdefault(name, []).append(nxt - at)
        finally:
            client_module.ModelClient.complete = original
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        out = {
            "total_s": _median(totals),
            "model_calls_s": _median(model_times),
            "overhead_s": _median([t - m for t, m in zip(totals, model_times)]),
            "stages_s": {k: _median(v) for k, v in stages.items() if v},
            "mode": answer.mode if answer else None,
            "statements": len(answer.statements) if answer else 0,
            "competing": len(answer.competing) if answer else 0,
            "judgments": len(answer.judgments) if answer else 0,
            "unsupported": len(answer.unsupported) if answer else 0,
            "runs": len(totals),
        }
        return out

    options = AskOptions(accept_stale=True, accept_missing=True)
    results["offline"] = run(AskOptions(accept_stale=True, accept_missing=True, offline=True), None)
    server = fake_server()
    try:
        env = {"MYLIFE_MODEL": "openai/fake-model", "MYLIFE_API_BASE": server.url, "MYLIFE_API_KEY": "bench"}
        results["fake_model"] = run(options, env)
        results["fake_model"]["model_requests_per_ask"] = len(server.requests) / (repeat + 1)
    finally:
        server.stop()
    with Workspace.open(ws_path) as ws:
        results["workspace"] = {"raw": ws.raw.count(), "claims": sum(ws.claims.counts()["status"].values()),
                                "chains": len(ws.index.chains())}
    return results


def measure_processes(ws_path: Path, site: Path, repeat: int) -> list[_util.Figure]:
    base = {"PYTHONPATH": str(site), "MYLIFE_LOAD_PLUGINS": ",".join(LENSES), "MYLIFE_NOW": NOW}
    offline = _util.cli_env(ws_path, base)
    server = fake_server()
    try:
        model = _util.cli_env(ws_path, {**base, "MYLIFE_MODEL": "openai/fake-model", "MYLIFE_API_BASE": server.url,
                                        "MYLIFE_API_KEY": "bench"})
        ask_args = ["ask", QUESTION, "--accept-stale", "--accept-missing", "--json"]
        return [
            _util.time_command("help (start-up baseline)", _util.mylife_argv("--help"), env=offline, repeat=repeat),
            _util.time_command("ask --offline", _util.mylife_argv(*ask_args, "--offline"), env=offline, repeat=repeat),
            _util.time_command("ask, fake model (2 rounds)", _util.mylife_argv(*ask_args), env=model, repeat=repeat),
            _util.time_command("import litellm", [sys.executable, "-c",
                                                  "import os; os.environ['LITELLM_LOCAL_MODEL_COST_MAP']='True'; "
                                                  "import litellm"], env=offline, repeat=repeat),
        ]
    finally:
        server.stop()


def _text(result: dict[str, Any]) -> str:
    lines = [f"ask overhead on {result['workspace']['raw']:,} records / {result['workspace']['claims']:,} claims "
             f"(question 「{QUESTION}」, career+finance lenses)", ""]
    for key, title in (("offline", "offline structural brief"), ("fake_model", "fake model on 127.0.0.1")):
        r = result["in_process"][key]
        lines.append(f"{title}: total {_util.fmt_s(r['total_s'])}, model calls {_util.fmt_s(r['model_calls_s'])}, "
                     f"pipeline overhead {_util.fmt_s(r['overhead_s'])}  "
                     f"({r['statements']} statements, {r['competing']} counter-evidence, {r['judgments']} judgments, "
                     f"{r['unsupported']} refused; median of {r['runs']})")
        lines.append("  stages: " + ", ".join(f"{k} {_util.fmt_s(v)}" for k, v in r["stages_s"].items()))
    lines.append("")
    lines.append("fresh processes (median wall, peak RSS):")
    for f in result["processes"]:
        status = "" if f["ok"] else f"  FAILED: {f['error']}"
        lines.append(f"  {f['name']:<32} {_util.fmt_s(f['median_s']):>9}  {f['peak_rss_mb']:.0f} MB{status}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=3000)
    parser.add_argument("--claims", type=int, default=30000)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--process-repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    source = lifetime_workspace(args.records, args.claims, quiet=args.json)
    site = lenses_site()
    with tempfile.TemporaryDirectory(prefix="mylife-ask-bench-") as tmp:
        ws_path = Path(tmp) / "ws"
        shutil.copytree(source, ws_path, ignore=shutil.ignore_patterns("cache"))
        subprocess.run(_util.mylife_argv("status", "--json"), env=_util.cli_env(ws_path), capture_output=True)
        result = {"records": args.records, "claims": args.claims, "question": QUESTION,
                  "in_process": measure_in_process(ws_path, site, args.repeat)}
        result["workspace"] = result["in_process"].pop("workspace")
        result["processes"] = [f.to_json() for f in measure_processes(ws_path, site, args.process_repeat)]
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print(_text(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

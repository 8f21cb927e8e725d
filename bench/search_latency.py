"""Search latency on the lifetime workspace (~30k raw records, ~300k claims).

    .venv/bin/python bench/search_latency.py                        # full size (builds it once: minutes)
    .venv/bin/python bench/search_latency.py --records 3000 --claims 30000
    .venv/bin/python bench/search_latency.py --workspace PATH --json

Figures:

* index build: ``mylife_core.search.rebuild`` from the files: documents, characters of text,
  seconds, characters per second, index size, peak memory of this process;
* warm queries: ``recall`` in one process, every query of :data:`QUERIES` (plain, with synonyms,
  with a topic, claims only + evidence only), p50/p95 over all runs;
* fresh process: ``mylife recall 跳槽 --json`` as a user runs it (interpreter, imports, segmenter
  dictionary, index open, query), median of several runs with its peak memory; and
  ``mylife record`` (which also indexes the new note);
* catch-up: after records made while the index was busy, the next ``recall``;
* with ``--vector-sample N`` (mylife-vector installed): embedding cost per document, and hybrid
  recall warm and in a fresh process, over the N newest documents embedded.

The lifetime workspace comes from ``bench/lifetime.py`` (built once, cached in ``bench/out/``)
and is not modified: the search index is built in an overlay (symlinks to its claims and digests,
copies of its raw notes, ledger, config and claims cache) under ``bench/out/search-latency/``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench import _util  # noqa: E402

OUT = ROOT / "bench" / "out" / "search-latency"
QUERIES = ["跳槽", "加班", "存款", "房租", "房贷", "失眠", "体检", "火锅", "跑步", "面试", "搬家", "焦虑",
           "年终奖", "老板画饼", "孩子上学", "父母身体", "换工作", "攒了多少钱", "心累", "工资涨了"]


def overlay(source: Path, target: Path) -> Path:
    """A workspace that shares ``source``'s files but has its own cache folder."""
    if target.exists():
        shutil.rmtree(target)
    (target / "cache").mkdir(parents=True)
    for entry in source.iterdir():
        if entry.name == "cache":
            continue
        if entry.is_dir():
            (target / entry.name).symlink_to(entry.resolve(), target_is_directory=True)
        else:
            shutil.copy2(entry, target / entry.name)
    claims_index = source / "cache" / "claims.sqlite"
    if claims_index.exists():
        shutil.copy2(claims_index, target / "cache" / "claims.sqlite")
    # this bench records notes: raw/ and the ledger are copies, the lifetime workspace stays as built
    for name in ("raw", "ledger"):
        (target / name).unlink()
        shutil.copytree(source / name, target / name)
    return target


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=30000)
    parser.add_argument("--claims", type=int, default=300000)
    parser.add_argument("--workspace", type=Path, default=None, help="use this workspace instead (overlaid)")
    parser.add_argument("--rounds", type=int, default=10, help="warm rounds over every query")
    parser.add_argument("--repeat", type=int, default=5, help="fresh-process runs")
    parser.add_argument("--vector-sample", type=int, default=0, metavar="N",
                        help="with mylife-vector installed: embed the N newest documents, then time hybrid recall")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    log = (lambda s: print(s, file=sys.stderr)) if args.json else print
    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    os.environ.setdefault("MYLIFE_NOW", "2026-12-01")

    if args.workspace is None:
        from bench.lifetime import lifetime_workspace

        log(f"lifetime workspace: {args.records} records, {args.claims} claims (built once, cached)")
        source = lifetime_workspace(records=args.records, claims=args.claims, quiet=args.json)
    else:
        source = args.workspace.resolve()
    ws_path = overlay(source, OUT / f"ws-{source.parent.name if args.workspace is None else source.name}")

    from mylife_core.search import recall, rebuild
    from mylife_core.search.engine import handle
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    report: dict[str, Any] = {"workspace": str(source)}
    ws = Workspace.open(ws_path, plugins=plugin_host())
    report["sources"] = {"raw_records": ws.raw.count(), "claims": sum(ws.claims.counts()["status"].values()),
                         "digests": ws.digests.count()}
    log(f"  {report['sources']}")

    # -- build -------------------------------------------------------------------------------
    from mylife_core.search.documents import iter_all

    chars = sum(len(d.text) for d in iter_all(ws))
    progress = _util.Progress(quiet=args.json)
    started = time.perf_counter()
    built = rebuild(ws, progress=lambda done, total: progress(f"indexing {done}/{total}"))
    seconds = time.perf_counter() - started
    progress.done(f"indexed {built['docs']} documents in {seconds:.1f} s")
    size = sum(p.stat().st_size for p in (ws_path / "cache" / "search").rglob("*") if p.is_file())
    report["build"] = {"docs": built["docs"], "counts": built["counts"], "chars": chars, "seconds": round(seconds, 2),
                       "chars_per_s": round(chars / seconds), "docs_per_s": round(built["docs"] / seconds),
                       "index_mb": round(size / 1e6, 1), "peak_rss_mb": round(_util.self_peak_rss_mb(), 1)}
    log(f"  build: {report['build']}")

    # -- warm queries ----------------------------------------------------------------------------
    variants = {
        "plain": {},
        "topic": {"topic": "职业去留"},
        "claims, evidence only": {"layers": ["claims"], "evidence_only": True},
        "raw only": {"layers": ["raw"]},
    }
    recall(ws, "预热")
    warm: dict[str, Any] = {}
    all_times: list[float] = []
    for name, options in variants.items():
        times: list[float] = []
        hits = 0
        for _ in range(args.rounds):
            for q in QUERIES:
                started = time.perf_counter()
                result = recall(ws, q, **options)
                times.append(time.perf_counter() - started)
                hits += len(result.hits)
        all_times += times
        warm[name] = {"runs": len(times), "p50_ms": round(statistics.median(times) * 1000, 2),
                      "p95_ms": round(percentile(times, 0.95) * 1000, 2),
                      "mean_hits": round(hits / len(times), 1)}
        log(f"  warm {name:<24} p50 {warm[name]['p50_ms']:.2f} ms  p95 {warm[name]['p95_ms']:.2f} ms")
    warm["all"] = {"runs": len(all_times), "p50_ms": round(statistics.median(all_times) * 1000, 2),
                   "p95_ms": round(percentile(all_times, 0.95) * 1000, 2)}
    report["warm"] = warm
    report["peak_rss_mb_after_queries"] = round(_util.self_peak_rss_mb(), 1)
    ws.close()

    # -- fresh processes -------------------------------------------------------------------------
    env = _util.cli_env(ws_path)
    fresh = {
        "mylife recall 跳槽": _util.time_command("recall", _util.mylife_argv("recall", "跳槽", "--json"), env=env,
                                                repeat=args.repeat),
        "mylife recall 攒了多少钱 --layer claims": _util.time_command(
            "recall claims", _util.mylife_argv("recall", "攒了多少钱", "--layer", "claims", "--json"), env=env,
            repeat=args.repeat),
        "mylife index status": _util.time_command("index status", _util.mylife_argv("index", "status", "--json"),
                                                  env=env, repeat=args.repeat),
        "mylife --version (floor)": _util.time_command("version", _util.mylife_argv("--version"), env=env,
                                                       repeat=args.repeat),
        "mylife record (indexes it too)": _util.time_command(
            "record", _util.mylife_argv("record", "今天想跳槽的念头又冒出来了", "--topic", "bench"), env=env,
            repeat=args.repeat),
    }
    report["fresh_process"] = {name: fig.to_json() for name, fig in fresh.items()}
    for name, fig in fresh.items():
        log(f"  fresh {name:<40} {_util.fmt_s(fig.median_s):>8}  peak {fig.peak_rss_mb:.0f} MB"
            + ("" if fig.ok else f"  FAILED: {fig.error}"))

    # -- catch-up after writes the index missed ----------------------------------------------------
    import tantivy

    ws = Workspace.open(ws_path, plugins=plugin_host())
    handle(ws).close()
    blocker = tantivy.Index.open(str(ws_path / "cache" / "search" / "tantivy")).writer(15_000_000, 1)
    for i in range(100):
        ws.raw.record(f"第{i}条：busy 时记下的一行，关于换工作\n".encode(), topic="bench")
    del blocker
    started = time.perf_counter()
    result = recall(ws, "busy")
    report["catch_up_100_records_ms"] = round((time.perf_counter() - started) * 1000, 1)
    log(f"  catch-up of 100 records at the next recall: {report['catch_up_100_records_ms']} ms "
        f"({len(result.hits)} hits)")
    ws.close()

    if args.vector_sample:
        report["hybrid"] = hybrid_figures(ws_path, args, log)

    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


def hybrid_figures(ws_path: Path, args: argparse.Namespace, log) -> dict[str, Any]:
    """Embed a sample (vectors for a whole lifetime take hours: that is ``index embed``'s job,
    in the background), then time hybrid queries warm and in fresh processes."""
    import mylife_vector.plugin as vector_plugin

    from mylife_core.search import recall
    from mylife_core.search.documents import iter_all
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    ws = Workspace.open(ws_path, plugins=plugin_host(vector_plugin))
    store = ws.plugins.vector_index(ws)
    docs = sorted(iter_all(ws), key=lambda d: d.day, reverse=True)[: args.vector_sample]
    started = time.perf_counter()
    todo = store.missing({d.uid: d.text for d in docs})
    by_uid = {d.uid: d.text for d in docs}
    for i in range(0, len(todo), 16):
        store.add([(uid, by_uid[uid]) for uid in todo[i:i + 16]])
    store.flush()
    seconds = time.perf_counter() - started
    out: dict[str, Any] = {"embedded": len(todo), "embed_s": round(seconds, 1),
                           "embed_ms_per_doc": round(seconds * 1000 / max(1, len(todo)), 1),
                           "chars_per_doc": round(sum(len(by_uid[u]) for u in todo) / max(1, len(todo)), 1)}
    recall(ws, "预热")
    times = []
    for _ in range(max(1, args.rounds // 2)):
        for q in QUERIES:
            t0 = time.perf_counter()
            result = recall(ws, q)
            times.append(time.perf_counter() - t0)
            assert result.mode == "hybrid"
    out["warm_p50_ms"] = round(statistics.median(times) * 1000, 2)
    out["warm_p95_ms"] = round(percentile(times, 0.95) * 1000, 2)
    store.close()
    ws.close()
    env = _util.cli_env(ws_path, {"MYLIFE_LOAD_PLUGINS": "mylife-vector"})
    fig = _util.time_command("recall hybrid", _util.mylife_argv("recall", "跳槽", "--json"), env=env, repeat=args.repeat)
    out["fresh_recall"] = fig.to_json()
    log(f"  hybrid: embedded {out['embedded']} docs ({out['embed_ms_per_doc']} ms each, "
        f"{out['chars_per_doc']} chars), warm p50 {out['warm_p50_ms']} ms p95 {out['warm_p95_ms']} ms, "
        f"fresh `mylife recall` {_util.fmt_s(fig.median_s)} peak {fig.peak_rss_mb:.0f} MB")
    return out


if __name__ == "__main__":
    raise SystemExit(main())

"""L2 backends side by side on the same data: files (builtin), Memorix, the knowledge graph.

For each backend, on the same generated Chinese claims:

* **write**: claims/s through ``ClaimsLayer.add_many`` in batches of 50 and through single
  ``add`` calls (each one recorded to L0, written, read back from the server and indexed), and
  status updates/s (``dispute``);
* **read**: ``get`` by id, a query by topic, a full ``iter_all`` (served by the store's index),
  a fresh open + first query (what a read-only ``mylife`` call pays: no server start when the
  index is fresh), and a cold rebuild of the index from the backend itself;
* **Chinese recall**: stored-then-read-back fraction (every Chinese claim must survive), recall
  of the backend's *own* search for Chinese keywords (Memorix's BM25, the graph's substring
  match) and of MyLife's search (``mylife_core.search.recall``) over the claims that backend
  holds, with the same queries;
* **start-up**: median time to start each server and finish the MCP handshake, and the cost of
  importing the ``mcp`` SDK;
* **the trap, measured**: Chinese notes stored into Memorix the naive way (no topic key, default
  formation): how many it keeps.

Run: ``.venv/bin/python bench/backends.py [--claims 300] [--json]``. Needs the npm packages
(``npm ci`` in ``plugins/*/mylife_*/node``); a backend whose package is missing is skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TOPICS = {
    "职业": ["跳槽", "加班", "晋升", "领导", "工资"],
    "财务": ["房租", "存款", "贷款", "消费", "预算"],
    "健康": ["失眠", "跑步", "体检", "焦虑", "饮食"],
    "生活": ["搬家", "通勤", "旅行", "父母", "周末"],
}
TEMPLATES = [
    "最近在想{w}的事情，心里有点乱",
    "关于{w}，我觉得现在的状态不能再拖了",
    "和朋友聊到{w}，他们的建议是先别急",
    "今年{w}这件事比去年更让我在意",
    "我对{w}的看法变了，之前太乐观",
]
QUERIES = [w for words in TOPICS.values() for w in words]


def dataset(n: int) -> list[dict[str, Any]]:
    """``n`` Chinese claims over four topics, each built around one keyword (the ground truth
    for recall): the same list for every backend."""
    items = []
    start = date(2026, 1, 1)
    i = 0
    while len(items) < n:
        for topic, words in TOPICS.items():
            for w in words:
                template = TEMPLATES[(i // len(QUERIES)) % len(TEMPLATES)]
                items.append(dict(claim=f"{template.format(w=w)}（第{i}条）", topic=topic, kind="assessment",
                                  occurred_at=start + timedelta(days=i % 300), keyword=w))
                i += 1
                if len(items) == n:
                    return items
    return items


def available(backend: str) -> tuple[list, str | None]:
    if backend == "files":
        return [], None
    module_name = {"memorix": "mylife_memorix", "graph": "mylife_graph"}[backend]
    try:
        module = __import__(module_name)
        store = __import__(f"{module_name}.store", fromlist=["PACKAGE"])
        store.PACKAGE.locate()
    except Exception as exc:  # not installed: skipped, with why
        return [], f"{type(exc).__name__}: {exc}"
    return [module], None


def open_ws(root: Path, backend: str, modules: list, *, init: bool):
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    plugins = plugin_host(*modules)
    if init:
        ws, _ = Workspace.init(root, plugins=plugins)
        if backend != "files":
            ws.save_config(ws.config.model_copy(update={"store": backend}))
        return ws
    return Workspace.open(root, plugins=plugins)


def per_second(count: int, seconds: float) -> float:
    return round(count / seconds, 1) if seconds > 0 else float("inf")


def native_recall(ws, backend: str, by_keyword: dict[str, set[str]]) -> float | None:
    """Recall of the backend's own search for the Chinese keywords (None: it has none)."""
    if backend == "files":
        return None
    store = ws.claims.store
    found = total = 0
    for word, relevant in by_keyword.items():
        if backend == "memorix":
            text = store.call("memorix_search", {"query": word, "limit": 100}).text
            hits = {cid for cid in relevant if cid in text}
        else:
            graph = store.call("search_nodes", {"query": word}).structured or {}
            texts = [o for e in graph.get("entities", []) for o in e.get("observations", [])]
            hits = {cid for cid in relevant if any(o.startswith(cid + " ") and word in o for o in texts)}
        found += len(hits)
        total += len(relevant)
    return round(found / total, 3) if total else None


def mylife_recall(ws, by_keyword: dict[str, set[str]]) -> float:
    from mylife_core.search import recall

    found = total = 0
    for word, relevant in by_keyword.items():
        result = recall(ws, word, layers=["claims"], k=max(50, len(relevant) * 2), use_vectors=False)
        hits = {h.claim_id for h in result.hits}
        found += len(relevant & hits)
        total += len(relevant)
    return round(found / total, 3) if total else 0.0


def bench_backend(backend: str, modules: list, items: list[dict], single: int, tmp: Path) -> dict[str, Any]:
    root = tmp / backend
    ws = open_ws(root, backend, modules, init=True)
    batch_items = items[: len(items) - single]
    started = time.perf_counter()
    claims = []
    for s in range(0, len(batch_items), 50):
        out, _ = ws.claims.add_many([{k: v for k, v in it.items() if k != "keyword"} for it in batch_items[s:s + 50]])
        claims += out
    t_batch = time.perf_counter() - started
    started = time.perf_counter()
    for it in items[len(items) - single:]:
        claim, _ = ws.claims.add(**{k: v for k, v in it.items() if k != "keyword"})
        claims.append(claim)
    t_single = time.perf_counter() - started
    updates = claims[:single]
    started = time.perf_counter()
    for c in updates:
        ws.claims.dispute(c.id, why="基准测试")
    t_update = time.perf_counter() - started

    ids = [c.id for c in claims]
    started = time.perf_counter()
    for cid in ids:
        ws.claims.get(cid)
    t_get = time.perf_counter() - started
    started = time.perf_counter()
    for topic in TOPICS:
        ws.claims.query(topic=topic)
    t_query = (time.perf_counter() - started) / len(TOPICS)
    started = time.perf_counter()
    everything = list(ws.claims.iter_all())
    t_iter = time.perf_counter() - started
    stored_back = sum(1 for c in everything if c.id in set(ids))

    by_keyword: dict[str, set[str]] = {}
    for it, c in zip(items, claims):
        by_keyword.setdefault(it["keyword"], set()).add(c.id)
    native = native_recall(ws, backend, by_keyword)
    server = getattr(ws.claims.store, "server", None)
    ws.close()

    started = time.perf_counter()
    again = open_ws(root, backend, modules, init=False)
    first = again.claims.query(topic="职业")
    t_cold_open = time.perf_counter() - started
    started_server = getattr(again.claims.store, "server", None) is not None
    ours = mylife_recall(again, by_keyword)
    again.close()

    index = root / "cache" / ("claims.sqlite" if backend == "files" else f"store-{backend}.sqlite")
    for suffix in ("", "-wal", "-shm"):
        Path(str(index) + suffix).unlink(missing_ok=True)
    started = time.perf_counter()
    rebuilt = open_ws(root, backend, modules, init=False)
    count = len(rebuilt.claims.query())
    t_rebuild = time.perf_counter() - started
    rebuilt.close()
    return {
        "backend": backend, "claims": len(claims),
        "write_batch_per_s": per_second(len(batch_items), t_batch),
        "write_single_per_s": per_second(single, t_single),
        "update_per_s": per_second(len(updates), t_update),
        "get_per_s": per_second(len(ids), t_get),
        "query_by_topic_ms": round(t_query * 1000, 2),
        "iter_all_ms": round(t_iter * 1000, 1),
        "fresh_open_first_query_ms": round(t_cold_open * 1000, 1),
        "fresh_open_started_server": started_server,
        "rebuild_index_from_backend_ms": round(t_rebuild * 1000, 1),
        "rebuilt_claims": count,
        "stored_and_read_back": f"{stored_back}/{len(claims)}",
        "native_chinese_recall": native,
        "mylife_chinese_recall": ours,
        "server_startup_s": round(server.startup_seconds, 3) if server and server.startup_seconds else None,
        "first_query_returned": len(first),
    }


def startup_cost(backend: str, modules: list, tmp: Path, repeat: int) -> dict[str, Any]:
    ws = open_ws(tmp / f"startup-{backend}", backend, modules, init=True)
    store = ws.claims.store
    times = []
    try:
        for _ in range(repeat):
            store.ensure_server()
            times.append(store.server.startup_seconds)
            store.server.close()
    finally:
        ws.close()
    return {"backend": backend, "median_s": round(statistics.median(times), 3), "min_s": round(min(times), 3),
            "max_s": round(max(times), 3), "runs": repeat}


def import_cost() -> float:
    code = "import time; t=time.perf_counter(); import mcp.client.client, mcp.client.stdio; print(time.perf_counter()-t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(3)]
    return round(statistics.median(runs), 3)


def naive_memorix(modules: list, tmp: Path, n: int = 40) -> dict[str, Any] | None:
    """The trap: Chinese notes stored into Memorix as a new user would (no topic key,
    default behaviour). Returns how many Memorix kept."""
    if not modules:
        return None
    import re

    from mylife_memorix.store import PACKAGE

    from mylife_core.external.stdio import StdioServer

    node, script = PACKAGE.locate()
    base = tmp / "naive-memorix"
    project = base / "project"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    server = StdioServer(label="Memorix", command=node, args=[str(script), "serve", "--cwd", str(project)],
                         env={"HOME": str(base / "home"), "MEMORIX_DATA_DIR": str(base / "data"),
                              "MEMORIX_AUTO_UPDATE": "off"}, cwd=project, log_path=base / "server.log")
    outcomes: dict[str, int] = {}
    with server:
        for i, item in enumerate(dataset(n)):
            text = server.call("memorix_store", {"entityName": item["topic"], "type": "discovery",
                                                 "title": item["claim"][:20], "narrative": item["claim"]}).text
            key = "stored" if "Stored observation" in text else ("discarded" if "DISCARD" in text else
                                                                   "merged" if any(w in text for w in ("MERGE", "EVOLVE", "UPDATE"))
                                                                   else "other")
            outcomes[key] = outcomes.get(key, 0) + 1
        export = server.call("memorix_transfer", {"action": "export", "format": "json"}).text
        kept = len(json.loads(re.search(r"```json\n(.*)\n```", export, re.S).group(1))["observations"])
    return {"written": n, "kept": kept, "outcomes": outcomes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=300, help="claims per backend (default 300)")
    parser.add_argument("--single", type=int, default=30, help="of which added one by one (default 30)")
    parser.add_argument("--startups", type=int, default=5, help="server starts to time (default 5)")
    parser.add_argument("--backends", default="files,memorix,graph")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("MYLIFE_LOAD_PLUGINS", "")
    os.environ.setdefault("MYLIFE_LANG", "zh")

    items = dataset(args.claims)
    results: dict[str, Any] = {"claims": args.claims, "single": args.single, "backends": [], "startup": [],
                               "skipped": {}}
    with tempfile.TemporaryDirectory(prefix="mylife-bench-backends-") as tmp_name:
        tmp = Path(tmp_name)
        os.environ["HOME"] = str(tmp / "home")
        for backend in args.backends.split(","):
            modules, problem = available(backend)
            if problem:
                results["skipped"][backend] = problem
                continue
            results["backends"].append(bench_backend(backend, modules, items, args.single, tmp))
            if backend != "files":
                results["startup"].append(startup_cost(backend, modules, tmp, args.startups))
        results["mcp_import_s"] = import_cost()
        memorix_modules, problem = available("memorix")
        results["naive_memorix_chinese"] = naive_memorix(memorix_modules, tmp) if not problem else None
        shutil.rmtree(tmp, ignore_errors=True)

    if args.json:
        print(json.dumps(results, ensure_ascii=False, indent=2))
        return 0
    rows = [
        ("write, batches of 50 (claims/s)", "write_batch_per_s"), ("write, one by one (claims/s)", "write_single_per_s"),
        ("status update (claims/s)", "update_per_s"), ("get by id (claims/s)", "get_per_s"),
        ("query by topic (ms)", "query_by_topic_ms"), ("iter_all (ms)", "iter_all_ms"),
        ("fresh open + first query (ms)", "fresh_open_first_query_ms"),
        ("  ...started a server?", "fresh_open_started_server"),
        ("rebuild index from backend (ms)", "rebuild_index_from_backend_ms"),
        ("stored and read back", "stored_and_read_back"),
        ("Chinese recall, backend's own search", "native_chinese_recall"),
        ("Chinese recall, MyLife search", "mylife_chinese_recall"),
    ]
    names = [b["backend"] for b in results["backends"]]
    print(f"{args.claims} Chinese claims per backend ({args.single} added one by one)\n")
    print(f"{'':40}" + "".join(f"{n:>14}" for n in names))
    for label, key in rows:
        print(f"{label:40}" + "".join(f"{str(b[key] if b[key] is not None else 'n/a'):>14}" for b in results["backends"]))
    print()
    for s in results["startup"]:
        print(f"{s['backend']} server start + MCP handshake: median {s['median_s']}s "
              f"(min {s['min_s']}, max {s['max_s']}, {s['runs']} runs)")
    print(f"importing the mcp SDK: {results['mcp_import_s']}s (only when a server is needed)")
    naive = results.get("naive_memorix_chinese")
    if naive:
        print(f"naive Memorix (no topic key), Chinese notes: {naive['kept']} of {naive['written']} kept "
              f"{naive['outcomes']}")
    for name, why in results["skipped"].items():
        print(f"skipped {name}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

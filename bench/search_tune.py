"""Choose the search's weights and thresholds on tuning splits only.

    .venv/bin/python -m bench.search_tune --work bench/out/quality     # reuses search_quality's workspaces
    .venv/bin/python -m bench.search_tune --show 0.55,0.5,0.08,0.40,0.12   # one setting's figures

Reads only the ``tuning`` split of every set of :mod:`bench.search_quality` (CMRC 2018 trial,
the ``tuning`` halves of the personal-notes sets): it refuses held-out data by construction.
Every question runs once through :func:`mylife_core.search.retrieval.gather` (the first half
of ``recall``: keyword and vector candidates with their raw parts, no threshold); each setting
is then scored by :func:`mylife_core.search.retrieval.score`, the same code ``recall`` runs,
so what is measured here is what ships.

The rule that picks the shipped setting (``scoring.DEFAULT``), printed with the figures:

1. keyword thresholds (``keyword_min``, ``final_min``): the lowest ones that leave at least
   as many unanswerable tuning questions unanswered in keyword mode as the old rules did;
2. hybrid weight and the keyword curve (``w_vector``, ``keyword_half``): the best mean of
   CMRC trial R@1 and the personal-notes R@5 with no threshold at all;
3. ``vector_min``: the lowest that leaves at least as many unanswerable tuning questions
   unanswered in hybrid mode as the old rules did; the relevant documents it drops from the
   vector side's top 5 are counted and printed, so the price is visible.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import pickle
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.search_quality import DATA, SETS, MyLifeRun, load, metrics  # noqa: E402

POOL = 250  # what recall(k=50) uses, as in search_quality
# the old rules' abstention on the tuning splits (scoring before this tuning): keyword, hybrid
OLD_ABSTAINED = {"personal-notes": (6, 4), "personal-notes-2": (10, 9)}


def collect(work: Path, with_vector: bool, log) -> dict[str, Any]:
    """Candidates of every tuning question (and unanswerable one), per set and mode."""
    from mylife_core.search.retrieval import gather

    cache = work / "tune-candidates.pickle"
    if cache.exists():
        return pickle.loads(cache.read_bytes())
    out: dict[str, Any] = {}
    for name, splits in SETS.items():
        folder, field = splits["tuning"]
        corpus, queries, qrels, absent = load(DATA / folder, field)
        run = MyLifeRun(work / folder, corpus, with_vector)
        run.rank("warm up")
        if with_vector:
            run.embed(log)
        modes = ["keyword", "hybrid"] if with_vector else ["keyword"]
        entry: dict[str, Any] = {"qrels": {q["id"]: qrels[q["id"]] for q in queries},
                                 "kinds": {q["id"]: q.get("kind") for q in queries}, "modes": {}}
        for mode in modes:
            gathered = {}
            for q in [*queries, *({**a, "id": "absent:" + a["id"]} for a in absent)]:
                if not q["text"].strip():
                    continue
                g = gather(run.ws, q["text"], None, ("raw",), False, POOL, use_vectors=mode == "hybrid")
                for c in g.candidates:  # the passage id instead of the raw line
                    c.doc = {"day": c.doc["day"], "doc": run.by_file[c.uid.split("#", 1)[0]]}
                gathered[q["id"]] = g
            entry["modes"][mode] = gathered
            log(f"{name} {mode}: {len(gathered)} questions gathered")
        out[name] = entry
        run.ws.close()
    cache.write_bytes(pickle.dumps(out))
    return out


def evaluate(entry: dict[str, Any], mode: str, params, min_score: float | None = None) -> dict[str, Any]:
    from mylife_core.search.retrieval import score

    rankings: dict[str, list[str]] = {}
    absent = total_absent = 0
    for qid, g in entry["modes"][mode].items():
        docs = list(dict.fromkeys(c.doc["doc"] for _, _, c in score(g, params, min_score)))[:10]
        if qid.startswith("absent:"):
            total_absent += 1
            absent += not docs
        else:
            rankings[qid] = docs
    qrels = entry["qrels"]
    for qid in qrels:
        rankings.setdefault(qid, [])
    out = metrics(rankings, qrels, [])
    out["abstained"] = absent
    out["absent"] = total_absent
    para = [q for q, k in entry["kinds"].items() if k == "paraphrase"]
    if para:
        out["paraphrase_R@5"] = metrics(rankings, qrels, [], para)["R@5"]
    return out


def main(argv: list[str] | None = None) -> int:
    from mylife_core.search import scoring

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, required=True, help="workspaces of search_quality --work")
    parser.add_argument("--no-vector", action="store_true")
    parser.add_argument("--fresh", action="store_true", help="gather the candidates again")
    args = parser.parse_args(argv)
    os.environ.setdefault("MYLIFE_NOW", "2026-12-01")
    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    os.environ["MYLIFE_AUTO_EMBED"] = "0"
    if args.fresh:
        (args.work / "tune-candidates.pickle").unlink(missing_ok=True)
    data = collect(args.work, not args.no_vector, print)
    base = scoring.DEFAULT

    def figures(mode: str, params, min_score=None) -> dict[str, dict[str, Any]]:
        return {name: evaluate(entry, mode, params, min_score) for name, entry in data.items()
                if mode in entry["modes"]}

    def quality(f: dict[str, dict[str, Any]]) -> float:
        return (f["cmrc2018"]["R@1"] + f["personal-notes"]["R@5"] + f["personal-notes-2"]["R@5"]) / 3

    def abstains(f, mode_index: int) -> bool:
        return all(f[name]["abstained"] >= need[mode_index] for name, need in OLD_ABSTAINED.items())

    report: dict[str, Any] = {}
    # 1. keyword thresholds
    best = None
    for kmin, fmin in itertools.product([0.02, 0.04, 0.06, 0.08, 0.10, 0.12, 0.15, 0.18, 0.21, 0.25, 0.30],
                                        [0.0, 0.05, 0.08, 0.10, 0.12, 0.15, 0.18, 0.21, 0.25, 0.30]):
        p = base.with_(keyword_min=kmin, final_min=fmin)
        f = figures("keyword", p)
        if abstains(f, 0):
            key = (quality(f), -kmin, -fmin)
            if best is None or key > best[0]:
                best = (key, p, f)
    assert best is not None, "no keyword threshold keeps the old abstention"
    base = best[1]
    report["keyword"] = {"params": {"keyword_min": base.keyword_min, "final_min": base.final_min}, "figures": best[2]}
    print("keyword thresholds:", report["keyword"]["params"], json.dumps(best[2], ensure_ascii=False))
    if not args.no_vector:
        # 2. fusion, no thresholds
        grid = []
        for wv, half in itertools.product([0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85],
                                          [0.1, 0.25, 0.5, 1.0, 2.0, 4.0]):
            p = base.with_(w_vector=wv, w_keyword=round(1 - base.w_recency - wv, 4), keyword_half=half)
            f = figures("hybrid", p.with_(keyword_min=0.0, vector_min=0.0), min_score=0.0)
            grid.append((quality(f), wv, half, f))
        grid.sort(key=lambda x: -x[0])
        for q, wv, half, f in grid[:8]:
            print(f"  w_vector {wv:.2f} keyword_half {half:<4} quality {q:.4f}  "
                  + "  ".join(f"{n} R@1 {x['R@1']:.3f} R@5 {x['R@5']:.3f}" for n, x in f.items()))
        _, wv, half, _ = grid[0]
        base = base.with_(w_vector=wv, w_keyword=round(1 - base.w_recency - wv, 4), keyword_half=half)
        # 3. vector threshold
        chosen = None
        for vmin in [i / 100 for i in range(0, 101, 2)]:
            p = base.with_(vector_min=vmin)
            f = figures("hybrid", p)
            if abstains(f, 1):
                chosen = (p, f)
                break
        assert chosen is not None
        base = chosen[0]
        report["hybrid"] = {"params": {"w_vector": base.w_vector, "w_keyword": base.w_keyword,
                                       "keyword_half": base.keyword_half, "vector_min": base.vector_min},
                            "figures": chosen[1]}
        print("hybrid:", report["hybrid"]["params"], json.dumps(chosen[1], ensure_ascii=False))
    print("chosen:", base)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""jieba vs rjieba (jieba-rs) for MyLife's search: start-up, throughput, token agreement.

    .venv/bin/python bench/search_tokenizers.py [--data DIR] [--repeat 5] [--json]

* start-up: a fresh Python process that imports the segmenter and cuts one short query
  (what the first ``mylife recall`` of a process pays), median of ``--repeat`` runs, with its
  peak memory; the bare interpreter's time is given for reference;
* throughput: characters per second of search-mode cutting (the index path) and of
  default-mode cutting, over every passage of the data;
* agreement: token-multiset F1 between the two, per passage, averaged, in both modes, and the
  share of passages cut identically; with examples of where they differ;
* user dictionary: whether adding a word makes it one token (both must support it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._util import run_measured  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "bench" / "cmrc2018-trial"

STARTUP = {
    "jieba": "import jieba, logging; jieba.setLogLevel(logging.WARNING); list(jieba.cut_for_search('我想换工作'))",
    "rjieba": "import rjieba; rjieba.cut_for_search('我想换工作')",
    "python (bare)": "pass",
}


def startup(repeat: int) -> dict:
    out = {}
    for name, code in STARTUP.items():
        runs = [run_measured([sys.executable, "-c", code]) for _ in range(repeat + 1)][1:]
        bad = [r for r in runs if r.returncode]
        if bad:
            out[name] = {"error": bad[0].stderr[-300:]}
            continue
        out[name] = {"median_ms": round(statistics.median(r.wall_s for r in runs) * 1000, 1),
                     "peak_rss_mb": round(max(r.peak_rss_mb for r in runs), 1)}
    return out


def f1(a: list[str], b: list[str]) -> float:
    ca, cb = Counter(a), Counter(b)
    common = sum((ca & cb).values())
    if not a and not b:
        return 1.0
    if not common:
        return 0.0
    p, r = common / sum(ca.values()), common / sum(cb.values())
    return 2 * p * r / (p + r)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    # measured first, before this process grows: a forked child starts with the parent's pages
    started_up = startup(args.repeat)

    import logging

    import jieba
    import rjieba

    jieba.setLogLevel(logging.WARNING)
    texts = [json.loads(line)["text"] for line in (args.data / "corpus.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    texts += [json.loads(line)["text"] for line in (args.data / "queries.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    chars = sum(len(t) for t in texts)
    jieba.initialize()
    rjieba.cut("预热")

    cutters = {
        "jieba": {"search": lambda t: list(jieba.cut_for_search(t)), "default": lambda t: list(jieba.cut(t))},
        "rjieba": {"search": lambda t: rjieba.cut_for_search(t), "default": lambda t: rjieba.cut(t)},
    }
    throughput: dict = {}
    tokens: dict = {}
    for name, modes in cutters.items():
        throughput[name] = {}
        tokens[name] = {}
        for mode, cut in modes.items():
            best = float("inf")
            for _ in range(3):
                started = time.perf_counter()
                out = [cut(t) for t in texts]
                best = min(best, time.perf_counter() - started)
            tokens[name][mode] = out
            throughput[name][mode + "_mchars_per_s"] = round(chars / best / 1e6, 3)

    agreement = {}
    examples = []
    for mode in ("search", "default"):
        scores = [f1(a, b) for a, b in zip(tokens["jieba"][mode], tokens["rjieba"][mode])]
        same = sum(1 for a, b in zip(tokens["jieba"][mode], tokens["rjieba"][mode]) if a == b)
        agreement[mode] = {"token_f1": round(statistics.mean(scores), 4), "identical_texts": round(same / len(texts), 4)}
        if mode == "default":
            for a, b in zip(tokens["jieba"][mode], tokens["rjieba"][mode]):
                diff_a = sorted((Counter(a) - Counter(b)).keys())
                diff_b = sorted((Counter(b) - Counter(a)).keys())
                if diff_a or diff_b:
                    examples.append({"jieba_only": diff_a[:6], "rjieba_only": diff_b[:6]})
                if len(examples) >= 5:
                    break

    user_dict = {}
    jieba.add_word("内卷化")
    user_dict["jieba"] = "内卷化" in list(jieba.cut("内卷化严重"))
    instance = rjieba.Jieba()
    instance.add_word("内卷化", None, None)
    user_dict["rjieba"] = "内卷化" in instance.cut("内卷化严重")

    report = {"data": args.data.name, "texts": len(texts), "chars": chars, "startup": started_up,
              "throughput": throughput, "agreement": agreement, "user_dictionary_works": user_dict,
              "difference_examples": examples}
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return 0
    print(f"{args.data.name}: {len(texts)} texts, {chars:,} characters")
    print("\nstart-up (fresh process: import + first cut), median of", args.repeat)
    for name, fig in report["startup"].items():
        print(f"  {name:<14} {fig.get('median_ms', '-'):>8} ms   peak {fig.get('peak_rss_mb', '-')} MB")
    print("\nthroughput (M chars/s)")
    for name, fig in throughput.items():
        print(f"  {name:<8} search mode {fig['search_mchars_per_s']:.3f}   default mode {fig['default_mchars_per_s']:.3f}")
    print("\nagreement jieba vs rjieba")
    for mode, fig in agreement.items():
        print(f"  {mode:<8} token F1 {fig['token_f1']:.4f}   identical texts {fig['identical_texts']:.1%}")
    print("\nuser dictionary works:", user_dict)
    print("where they differ (default mode):")
    for ex in examples:
        print("  jieba only:", ex["jieba_only"], " rjieba only:", ex["rjieba_only"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Choose the search's weights and thresholds on tuning splits only.

    .venv/bin/python -m bench.search_tune --work bench/out/quality     # reuses search_quality's workspaces
    .venv/bin/python -m bench.search_tune --work bench/out/quality --fresh   # gather the candidates again

Reads only the ``tuning`` split of every set of :mod:`bench.search_quality` (CMRC 2018 trial,
the ``tuning`` halves of the personal-notes sets): it refuses held-out data by construction.
Every question runs once through :func:`mylife_core.search.retrieval.gather` (the first half
of ``recall``: keyword and vector candidates with their raw parts, no threshold); each setting
is then scored by :func:`mylife_core.search.retrieval.score`, the same code ``recall`` runs,
so what is measured here is what ships.

The rule that picks the shipped setting (``scoring.DEFAULT``), printed with the figures:

0. (``--floors 0,1000,3000``, run on its own: each value rebuilds the index) the segmenter's
   frequency floor for words plugins know, with and without question words, keyword mode;
1. hybrid weight, the keyword curve and the keyword trust (``w_vector``, ``keyword_half``,
   ``keyword_trust``): the best quality with no threshold at all, quality being the mean of
   CMRC trial R@1 and the mean MRR@10 of the four personal-notes sets;
2. ``single_char_gate``: on and off side by side in both modes (printed); decided per mode
   with the thresholds in steps 5 and 6 (on meanwhile);
3. keyword mode's own keyword curve and its bigram side (``keyword_half_keyword``,
   ``w_gram_keyword``, ``gram_half``, ``gram_trust``, ``gram_full``): the best quality as in 1,
   measured in keyword mode (step 1's curve is hybrid mode's: chosen by hybrid quality, it
   should not decide keyword mode's ranking); ties go to the smaller weight, then without
   ``gram_trust``;
4. the bigram side's weight in hybrid mode (``w_gram``, with the curve of step 3): the best
   quality as in 1, no threshold; ties go to the smaller weight;
5. ``keyword_min`` and the gate in keyword mode: for the gate on and off, the lowest
   ``keyword_min`` that keeps the floors (``FLOORS``: at least as many unanswerable tuning
   questions unanswered as the old rules left on personal-notes and -2, and as the code
   shipped before session 15 left on personal-notes-3 and -4); the better quality wins, ties
   go to the gate;
6. ``vector_min``, ``final_min`` and the gate in hybrid mode: the setting with the best
   quality (as in 1) that keeps the floors in hybrid mode (ties: more questions left
   unanswered, then the lower thresholds); the questions whose relevant note the vector side
   ranks in its top 5 but the thresholds drop are counted and printed, so the price is visible.

At every step **the standing setting stays** (the one shipped in ``scoring.DEFAULT``, when it is
among those tried and keeps the floors) unless the best one beats its quality by at least one
question's worth (:func:`one_question`: one CMRC trial question at R@1, the smallest step the
quality can take). Differences smaller than that are noise on sets this size, and a setting
that moves with every retuning would make every earlier measurement stale (rule since session
16, written down in session 15 before it was applied).
"""

from __future__ import annotations

import argparse
import itertools
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.search_quality import DATA, SETS, MyLifeRun, load, metrics  # noqa: E402

POOL = 250  # what recall(k=50) uses, as in search_quality
TRUSTS = [0.0, 0.25, 0.5, 1.0, 2.0]  # keyword_trust values tried (0 = off)
KEYWORD_HALVES = [0.1, 0.25, 0.5, 1.0, 2.0, 4.0]  # the keyword curve's half point, each mode's own
# unanswerable tuning questions that must stay unanswered (keyword mode, hybrid mode): for
# personal-notes and -2 what the old rules (the code before issue 18) left unanswered, measured by
# search_quality; for personal-notes-3 and -4, which the old rules never saw, what the code shipped
# before session 15 left unanswered when they were first measured (12/18 and 13/18 keyword, 5/18
# and 5/18 hybrid); for personal-notes-5's tuning half, what session 16's code left unanswered at
# its first look (4/9 keyword, 2/9 hybrid): the thresholds and the gate must not do worse
FLOORS = {"personal-notes": (6, 5), "personal-notes-2": (10, 8), "personal-notes-3": (12, 5),
          "personal-notes-4": (13, 5), "personal-notes-5": (4, 2)}


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


class Arrays:
    """One question's candidates as numpy arrays, so a setting is scored in microseconds; the
    formula is :mod:`mylife_core.search.scoring`'s, checked against ``retrieval.score`` (the
    code ``recall`` runs) for the chosen setting before anything is printed."""

    def __init__(self, g) -> None:
        import numpy as np

        cands = sorted(g.candidates, key=lambda c: c.uid)  # the tie-break's last key
        self.hybrid = g.mode == "hybrid"
        self.ideal = g.ideal
        self.bm25 = np.array([c.bm25 for c in cands])
        self.vector = np.array([np.nan if c.vector is None else c.vector for c in cands])
        self.gram = np.array([getattr(c, "gram", 0.0) for c in cands])
        self.gram_ideal = getattr(g, "gram_ideal", 1e-9)
        self.single_only = getattr(g, "single_chars_only", False)
        self.n_grams = g.n_grams
        self.recency = np.array([c.recency for c in cands])
        self.boost = np.array([c.boost for c in cands])
        self.day = np.array([c.doc["day"].toordinal() for c in cands])
        self.docs = [c.doc["doc"] for c in cands]

    def ranked(self, params, min_score: float | None = None) -> list[str]:
        import numpy as np

        from mylife_core.search import scoring

        r = self.bm25 / max(self.ideal, 1e-9)
        half = params.keyword_half if self.hybrid else params.keyword_half_keyword
        kw = np.where(self.bm25 > 0, r / (r + half), 0.0)
        gated = bool(params.single_char_gate) and self.single_only
        if gated:
            kw = np.zeros_like(kw)
        gr = self.gram / max(self.gram_ideal, 1e-9)
        gs = np.where(self.gram > 0, gr / (gr + params.gram_half), 0.0)
        has_v = ~np.isnan(self.vector)
        v = np.nan_to_num(self.vector)
        keep = (kw >= params.keyword_min) | (has_v & (v >= params.vector_min))
        if gated:
            keep &= has_v if self.hybrid else np.zeros_like(has_v)
        best_r = float(self.bm25.max()) / max(self.ideal, 1e-9) if len(self.bm25) else 0.0
        share = scoring.trust(best_r, params)
        gshare = scoring.gram_share(best_r, self.n_grams, params)
        keyword_base = ((1 - params.w_recency - params.w_gram_keyword * gshare) * kw
                        + params.w_gram_keyword * gshare * gs + params.w_recency * self.recency)
        if self.hybrid:
            base = np.where(has_v, params.w_vector * v + (params.w_keyword - params.w_gram) * share * kw
                            + params.w_gram * gshare * gs + params.w_recency * self.recency, keyword_base)
        else:
            base = keyword_base
        final = base * self.boost
        threshold = (params.final_min if self.hybrid else 0.0) if min_score is None else min_score
        idx = np.nonzero(keep & (final > threshold))[0]
        order = idx[np.lexsort((idx, -self.day[idx], -np.round(final[idx], 12)))]
        out: list[str] = []
        for i in order:
            d = self.docs[i]
            if d not in out:
                out.append(d)
                if len(out) == 10:
                    break
        return out


def evaluate(entry: dict[str, Any], mode: str, params, min_score: float | None = None, *,
             exact: bool = False) -> dict[str, Any]:
    from mylife_core.search.retrieval import score

    arrays = entry.setdefault("arrays", {}).setdefault(mode, {})
    rankings: dict[str, list[str]] = {}
    absent = total_absent = 0
    for qid, g in entry["modes"][mode].items():
        if exact:
            docs = list(dict.fromkeys(c.doc["doc"] for _, _, c in score(g, params, min_score)))[:10]
        else:
            if qid not in arrays:
                arrays[qid] = Arrays(g)
            docs = arrays[qid].ranked(params, min_score)
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


def floors(work: Path, values: list[int], log, question_words: bool = True) -> None:
    """Step 0: the segmenter's frequency floor for words plugins know (``segment.PLUGIN_WORD_FLOOR``),
    keyword mode on every tuning split (the dictionary changes the index, so each value rebuilds
    it: candidates cannot be reused)."""
    from mylife_core.search import recall, segment

    segment.USE_QUESTION_WORDS = question_words
    for value in values:
        segment.PLUGIN_WORD_FLOOR = value
        segment._jieba_for.cache_clear()
        figures = {}
        for name, splits in SETS.items():
            folder, field = splits["tuning"]
            corpus, queries, qrels, absent = load(DATA / folder, field)
            run = MyLifeRun(work / folder, corpus, False)
            rankings = {}
            for q in queries:
                rankings[q["id"]] = run.rank(q["text"], use_vectors=False)
            f = metrics(rankings, qrels, [])
            f["abstained"] = sum(1 for a in absent if not run.rank(a["text"], use_vectors=False))
            f["absent"] = len(absent)
            para = [q["id"] for q in queries if q.get("kind") == "paraphrase"]
            if para:
                f["paraphrase_R@5"] = metrics(rankings, qrels, [], para)["R@5"]
            figures[name] = f
            run.ws.close()
        log(f"0. floor {value:>5}{'' if question_words else ', question words kept'}: " + "  ".join(
            f"{n} R@1 {x['R@1']:.3f} R@5 {x['R@5']:.3f}" + (f" para {x['paraphrase_R@5']:.3f}" if "paraphrase_R@5" in x else "")
            + (f" abstained {x['abstained']}/{x['absent']}" if x["absent"] else "") for n, x in figures.items()))


def one_question(data: dict[str, Any]) -> float:
    """The quality of one question: one CMRC trial question at R@1 (quality is half CMRC R@1)."""
    return 0.5 / max(1, len([q for q in data["cmrc2018"]["modes"]["hybrid" if "hybrid" in data["cmrc2018"]["modes"]
                                                                       else "keyword"] if not q.startswith("absent:")]))


def keep_standing(best: tuple, standing: tuple | None, margin: float, what: str,
                  score: Callable[[tuple], float] = lambda row: row[0]) -> tuple:
    """``best`` unless the shipped setting ``standing`` (a row of the same shape, ``score`` its
    quality) is within ``margin`` of it (the module docstring's rule); says which and why."""
    if standing is None or standing is best:
        return best
    gain = score(best) - score(standing)
    if gain < margin:
        print(f"   {what}: the shipped setting stays (best {score(best):.4f}, shipped {score(standing):.4f}: "
              f"less than one question, {margin:.4f})")
        return standing
    print(f"   {what}: the shipped setting ({score(standing):.4f}) is beaten by {gain:.4f}")
    return best


def main(argv: list[str] | None = None) -> int:
    from mylife_core.search import scoring

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, required=True, help="workspaces of search_quality --work")
    parser.add_argument("--no-vector", action="store_true")
    parser.add_argument("--fresh", action="store_true", help="gather the candidates again")
    parser.add_argument("--floors", default=None,
                        help="only step 0: keyword mode for each segmenter frequency floor, e.g. 0,300,1000,3000")
    args = parser.parse_args(argv)
    os.environ.setdefault("MYLIFE_NOW", "2026-12-01")
    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    os.environ["MYLIFE_AUTO_EMBED"] = "0"
    if args.floors:
        values = [int(x) for x in args.floors.split(",")]
        floors(args.work, values, print)
        floors(args.work, values, print, question_words=False)
        return 0
    if args.fresh:
        (args.work / "tune-candidates.pickle").unlink(missing_ok=True)
    data = collect(args.work, not args.no_vector, print)
    shipped = scoring.DEFAULT
    margin = one_question(data)
    # every step below sets its own numbers: start from the shipped ones with the bigram side and
    # the single-character gate off, as before they existed
    base = scoring.DEFAULT.with_(w_gram=0.0, w_gram_keyword=0.0, gram_half=1.0, gram_trust=0.0, gram_full=0.0,
                                 single_char_gate=0.0)

    def figures(mode: str, params, min_score=None) -> dict[str, dict[str, Any]]:
        return {name: evaluate(entry, mode, params, min_score) for name, entry in data.items()
                if mode in entry["modes"]}

    notes_sets = [name for name in data if name != "cmrc2018"]

    def quality(f: dict[str, dict[str, Any]]) -> float:
        # CMRC R@1 and the mean MRR@10 of the personal-notes sets (their R@5 moves one question
        # at a time; MRR also rewards the rank), equally
        return (f["cmrc2018"]["R@1"] + sum(f[n]["MRR@10"] for n in notes_sets) / len(notes_sets)) / 2

    def abstains(f, mode_index: int) -> bool:
        return all(f[name]["abstained"] >= need[mode_index] for name, need in FLOORS.items() if name in f)

    def unanswered(f) -> int:
        return sum(x["abstained"] for x in f.values())

    def show(label: str, f: dict[str, dict[str, Any]]) -> None:
        print(f"  {label}: " + "  ".join(
            f"{n} R@1 {x['R@1']:.3f} R@5 {x['R@5']:.3f}"
            + (f" para {x['paraphrase_R@5']:.3f}" if "paraphrase_R@5" in x else "")
            + (f" abstained {x['abstained']}/{x['absent']}" if x["absent"] else "") for n, x in f.items()))

    if not args.no_vector:
        # 1. the fusion: vector weight and keyword curve, no threshold at all
        grid = []
        for wv, half, trust in itertools.product([0.2, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9],
                                                 KEYWORD_HALVES, TRUSTS):
            p = base.with_(w_vector=wv, w_keyword=round(1 - base.w_recency - wv, 4), keyword_half=half,
                           keyword_trust=trust)
            f = figures("hybrid", p.with_(keyword_min=0.0, vector_min=0.0), min_score=0.0)
            grid.append((quality(f), wv, half, trust, f))
        grid.sort(key=lambda x: (-x[0], x[3]))
        print("1. fusion, no thresholds (best 8 of", len(grid), "by mean of CMRC R@1 and notes MRR@10):")
        for q, wv, half, trust, f in grid[:8]:
            show(f"w_vector {wv:.2f} keyword_half {half:<4} keyword_trust {trust:<4} quality {q:.4f}", f)
        for trust in TRUSTS:  # the best of each keyword_trust, so its effect is visible
            q, wv, half, _, f = next(x for x in grid if x[3] == trust)
            show(f"best with keyword_trust {trust:<4}: w_vector {wv:.2f} keyword_half {half:<4} quality {q:.4f}", f)
        standing = next((x for x in grid if (x[1], x[2], x[3]) == (shipped.w_vector, shipped.keyword_half,
                                                                     shipped.keyword_trust)), None)
        _, wv, half, trust, _ = keep_standing(grid[0], standing, margin, "fusion")
        base = base.with_(w_vector=wv, w_keyword=round(1 - base.w_recency - wv, 4), keyword_half=half,
                          keyword_trust=trust)
    # 2. the single-character gate: on when, in both modes, it leaves at least as many
    # unanswerable tuning questions unanswered and costs no quality
    modes = ["keyword"] + ([] if args.no_vector else ["hybrid"])
    off = {m: figures(m, base.with_(single_char_gate=0.0)) for m in modes}
    on = {m: figures(m, base.with_(single_char_gate=1.0)) for m in modes}
    print("2. single_char_gate (a query whose keyword matches are all single characters: no keyword side)")
    for m in modes:
        show(f"{m:<7} off", off[m])
        show(f"{m:<7} on ", on[m])
    # decided with the thresholds, per mode (steps 5 and 6): kept on for steps 3 and 4
    base = base.with_(single_char_gate=1.0)
    # 3. the bigram side in keyword mode: its curve and weight, by the same quality in keyword mode
    grid = []
    for kh, wgk, gh, gt, gf in itertools.product(KEYWORD_HALVES, [0.0, 0.1, 0.2, 0.3, 0.5], [0.5, 1.0, 2.0],
                                                 [0.0, 1.0], [0, 4, 8, 12]):
        if wgk == 0.0 and (gh, gt, gf) != (1.0, 0.0, 0):
            continue
        p = base.with_(keyword_half_keyword=kh, w_gram_keyword=wgk, gram_half=gh, gram_trust=gt, gram_full=gf)
        grid.append((round(quality(figures("keyword", p)), 6), kh, wgk, gh, gt, gf))
    grid.sort(key=lambda x: (-x[0], x[2], x[4], abs(x[3] - 1.0), x[5], abs(x[1] - 1.0)))
    print("3. keyword mode's curve and bigram side (best 6 of", len(grid), "by the same quality, keyword mode):")

    def step3(kh, wgk, gh, gt, gf):
        return base.with_(keyword_half_keyword=kh, w_gram_keyword=wgk, gram_half=gh, gram_trust=gt, gram_full=gf)

    for q, *row in grid[:6]:
        kh, wgk, gh, gt, gf = row
        show(f"keyword_half_keyword {kh:<4} w_gram_keyword {wgk:<4} gram_half {gh:<4} gram_trust {gt:<4} "
             f"gram_full {gf:<3} quality {q:.4f}", figures("keyword", step3(*row)))
    q, *row = next(x for x in grid if x[2] == 0.0)
    show(f"best without the bigram side (keyword_half_keyword {row[0]}): quality {q:.4f}", figures("keyword", step3(*row)))
    standing = next((x for x in grid if x[1:] == (shipped.keyword_half_keyword, shipped.w_gram_keyword,
                                                  shipped.gram_half, shipped.gram_trust, shipped.gram_full)), None)
    _, *row = keep_standing(grid[0], standing, margin, "keyword mode's curve and bigram side")
    base = step3(*row)
    if not args.no_vector:
        # 4. the bigram side in hybrid mode: its weight alone (curve from step 3), no threshold
        print("4. bigram side, hybrid mode, no thresholds:")
        rows = []
        for wg in [0.0, 0.05, 0.1, 0.15, 0.2, 0.3]:
            f = figures("hybrid", base.with_(w_gram=wg, keyword_min=0.0, vector_min=0.0), min_score=0.0)
            rows.append((round(quality(f), 6), wg))
            show(f"w_gram {wg:<4} quality {quality(f):.4f}", f)
        rows.sort(key=lambda x: (-x[0], x[1]))
        standing = next((x for x in rows if x[1] == shipped.w_gram), None)
        base = base.with_(w_gram=keep_standing(rows[0], standing, margin, "bigram side, hybrid mode")[1])
        print(f"   w_gram {base.w_gram}")
    # 5. the keyword threshold and the gate in keyword mode: the best quality that keeps the
    # floors (for each gate setting, the lowest keyword_min that keeps them); ties go to the gate
    rows5 = []
    for gate in (1.0, 0.0):
        for kmin in [0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.10, 0.12, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4]:
            f = figures("keyword", base.with_(keyword_min=kmin, single_char_gate=gate))
            if abstains(f, 0):
                rows5.append((round(quality(f), 6), gate, kmin, f))
                break
    rows5.sort(key=lambda x: (-x[0], -x[1]))
    print("5. keyword mode: single_char_gate and keyword_min (the lowest keeping the floors)")
    for q, gate, kmin, f in rows5:
        show(f"gate {gate} keyword_min {kmin} quality {q:.4f}", f)
    standing = next((x for x in rows5 if (x[1], x[2]) == (shipped.single_char_gate, shipped.keyword_min)), None)
    _, gate_keyword, kmin, _ = keep_standing(rows5[0], standing, margin, "keyword threshold")
    base = base.with_(keyword_min=kmin, single_char_gate=gate_keyword)
    print(f"   keyword_min {kmin} single_char_gate (keyword mode) {gate_keyword}")
    if not args.no_vector:
        # 6. the hybrid thresholds: the best quality keeping the old hybrid-mode abstention
        best = {}
        for gate, vmin, fmin in itertools.product((1.0, 0.0), [i / 100 for i in range(0, 72, 2)],
                                                  [i / 100 for i in range(0, 31)]):
            p = base.with_(vector_min=vmin, final_min=fmin, single_char_gate=gate)
            f = figures("hybrid", p)
            if abstains(f, 1):
                key = (round(quality(f), 6), unanswered(f), -vmin, -fmin)
                if gate not in best or key > best[gate][0]:
                    best[gate] = (key, p, f)
        assert best, "no threshold keeps the floors"
        print("6. hybrid mode: single_char_gate, vector_min, final_min (the best quality keeping the floors)")
        for gate, (key, p, f) in best.items():
            show(f"gate {gate} vector_min {p.vector_min} final_min {p.final_min} quality {key[0]:.4f}", f)
        chosen6 = max(best.values(), key=lambda x: x[0])
        p = base.with_(vector_min=shipped.vector_min, final_min=shipped.final_min,
                       single_char_gate=shipped.single_char_gate)
        f = figures("hybrid", p)
        if abstains(f, 1):  # the shipped thresholds, when they still keep the floors
            chosen6 = keep_standing(chosen6, ((round(quality(f), 6),), p, f), margin, "hybrid thresholds",
                                    score=lambda row: row[0][0])
        gate_hybrid = chosen6[1].single_char_gate
        base = chosen6[1]
        print(f"   vector_min {base.vector_min} final_min {base.final_min} single_char_gate (hybrid mode) {gate_hybrid}")
        if gate_hybrid != gate_keyword:
            print("   NOTE: the gate differs by mode: the keyword-mode check below uses keyword mode's")
        show("hybrid mode", chosen6[2])
        show("hybrid, no thresholds", figures("hybrid", base.with_(keyword_min=0.0, vector_min=0.0), min_score=0.0))
        # what the thresholds cost: questions whose relevant note the vector side ranks in its
        # top 5 but that the thresholds leave without it
        for name, entry in data.items():
            lost = []
            for qid, g in entry["modes"]["hybrid"].items():
                if qid.startswith("absent:"):
                    continue
                top5 = list(dict.fromkeys(c.doc["doc"] for c in sorted(
                    (c for c in g.candidates if c.vector), key=lambda c: -c.vector)))[:5]
                if set(top5) & entry["qrels"][qid] and not set(entry["arrays"]["hybrid"][qid].ranked(base)) & entry["qrels"][qid]:
                    lost.append(qid)
            print(f"   {name}: thresholds drop a vector-top-5 relevant note for {len(lost)} questions {lost[:8]}")
    # the fast path is the shipped code path
    for mode in ["keyword"] + ([] if args.no_vector else ["hybrid"]):
        p = base.with_(single_char_gate=gate_keyword) if mode == "keyword" else base
        for name, entry in data.items():
            assert evaluate(entry, mode, p) == evaluate(entry, mode, p, exact=True), (name, mode)
    print("chosen:", base)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

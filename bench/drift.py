"""Topic-drift detection quality: precision, recall and F1 of each signal and of the combination.

    .venv/bin/python bench/drift.py                 # both labelled sets in bench/data/
    .venv/bin/python bench/drift.py --errors        # also list every missed switch and false alarm
    .venv/bin/python bench/drift.py --json          # the figures as one JSON document
    .venv/bin/python bench/drift.py --data FILE     # another labelled set in the same format (repeatable)

Two sets ship with MyLife: ``drift_turns.yaml`` (204 turns) was used to design and tune the
signals and weights, so its figures are optimistic; ``drift_turns_heldout.yaml`` (45 turns) was
written after the rules were frozen and never used to tune them. Both are hand-written
Chinese conversations about careers, money and everything else that comes up.

The real thing, no stand-ins: a fresh workspace with the mylife-career and mylife-finance lenses
and MyLife's builtin drift plugins; each conversation is replayed turn by turn through
:func:`mylife_core.chat.drift.assess`, exactly what ``mylife chat`` calls before answering.

The state is replayed from the labels ("teacher forcing"): after a turn labelled as a switch the
conversation's current line becomes the labelled topic, as if the user had chosen to go on with
it right there, so one miss does not shift every later turn. A turn counts as a detected switch
when the chat would act on it: drift offered, or a return to the main line followed.

Figures:

* per signal: coverage (turns it could judge at all), and P/R/F1 when it says "switch" on its own
  (``score >= 0.5``) and when its weighted score alone would cross the combined threshold;
* combined (the rule ``mylife chat`` uses), at the documented threshold, and a threshold sweep;
* as ``mylife chat`` offers: the same, with a false alarm declined by the user, so that topic is
  not offered again in that conversation (the chat remembers a declined topic);
* ablation: the combination without each signal;
* the median time to assess one turn;
* how close :func:`mylife_core.chat.context.estimate_tokens` comes to real tokenizers (tiktoken's
  cl100k and the DeepSeek tokenizer litellm ships), when those are importable.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DATA = [ROOT / "bench" / "data" / "drift_turns.yaml", ROOT / "bench" / "data" / "drift_turns_heldout.yaml"]
SIGNALS = ["explicit_marker", "field_set", "text_distance", "context_pressure", "turns_off_main"]


def _lenses() -> list[Any]:
    mods = []
    for name, folder in (("mylife_career", "career"), ("mylife_finance", "finance")):
        try:
            mods.append(__import__(name))
        except ImportError:
            sys.path.insert(0, str(ROOT / "plugins" / folder))
            mods.append(__import__(name))
    return mods


def load(path: Path) -> list[dict[str, Any]]:
    from pydantic import BaseModel, ConfigDict, TypeAdapter

    from mylife_core.storage import yamlfile

    class Opening(BaseModel):
        model_config = ConfigDict(extra="forbid")
        text: str
        topic: str

    class LabelledTurn(BaseModel):
        model_config = ConfigDict(extra="forbid")
        text: str
        switch: bool
        topic: str | None = None

    class Conversation(BaseModel):
        model_config = ConfigDict(extra="forbid")
        id: str
        open: Opening
        turns: list[LabelledTurn]

    class DataSet(BaseModel):
        model_config = ConfigDict(extra="forbid")
        conversations: list[Conversation]

    data = yamlfile.load(path, TypeAdapter(DataSet))
    for conv in data.conversations:
        for i, turn in enumerate(conv.turns):
            if turn.switch and not turn.topic:
                raise SystemExit(f"{path}: {conv.id} turn {i + 1}: a switch needs a topic")
    return [c.model_dump() for c in data.conversations]


def prf(pairs: list[tuple[bool, bool]]) -> dict[str, Any]:
    tp = sum(1 for gold, pred in pairs if gold and pred)
    fp = sum(1 for gold, pred in pairs if not gold and pred)
    fn = sum(1 for gold, pred in pairs if gold and not pred)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": round(p, 3), "recall": round(r, 3), "f1": round(f, 3), "tp": tp, "fp": fp, "fn": fn,
            "n": len(pairs)}


def replay(ws: Any, conversations: list[dict[str, Any]], *, declines: bool = False) -> list[dict[str, Any]]:
    """Each turn assessed in order. With ``declines``, a false alarm is answered as a user would
    answer the offer ("就在这里继续"): the topic goes into ``session.declined`` and is not
    offered again, as in ``mylife chat``."""
    from mylife_core import clock
    from mylife_core.chat.context import estimate_tokens
    from mylife_core.chat.drift import assess
    from mylife_core.chat.session import Line, Session
    from mylife_core.chat.topics import classify

    def line_for(text: str, topic: str) -> Line:
        guess = classify(ws, text)
        decision = guess.decision.name if guess.decision is not None and guess.decision.topic == topic else None
        return Line(topic=topic, decision=decision, label=decision or topic)

    rows: list[dict[str, Any]] = []
    for n, conv in enumerate(conversations, start=1):
        now = clock.now()
        main = line_for(conv["open"]["text"], conv["open"]["topic"])
        session = Session(id=f"chat-2000-01-01-{n:02d}", created_at=now, updated_at=now, main=main,
                          current=main.model_copy())
        session.add("user", conv["open"]["text"], topic=main.topic, decision=main.decision)
        tokens = estimate_tokens(conv["open"]["text"])
        for i, turn in enumerate(conv["turns"], start=1):
            text = turn["text"]
            started = time.perf_counter()
            verdict = assess(ws, session, text, context_tokens=tokens + estimate_tokens(text), context_window=32000)
            elapsed = time.perf_counter() - started
            scores = {s.signal: s for s in verdict.signals}
            rows.append({"conversation": conv["id"], "turn": i, "text": text, "gold": turn["switch"],
                         "predicted": verdict.drifted or verdict.returning, "score": verdict.score,
                         "returning": verdict.returning, "new_topic": verdict.new_topic, "seconds": elapsed,
                         "signals": {name: ({"score": s.score, "weight": s.weight} if (s := scores.get(name)) else None)
                                     for name in SIGNALS}})
            if declines and verdict.drifted and not turn["switch"] and verdict.new_topic:
                session.declined.append(verdict.new_topic)
            if turn["switch"]:
                target = turn["topic"]
                session.current = main.model_copy() if target == main.topic else line_for(text, target)
            session.turns_off_main = 0 if session.current.topic == main.topic else session.turns_off_main + 1
            session.add("user", text, topic=session.current.topic, decision=session.current.decision)
            tokens += estimate_tokens(text)
    return rows


def evaluate(rows: list[dict[str, Any]]) -> dict[str, Any]:
    from mylife_core.chat.drift import FACTORS, THRESHOLD

    def combined(row: dict[str, Any], without: str | None = None, threshold: float = THRESHOLD) -> bool:
        keep = 1.0
        for name, s in row["signals"].items():
            if s is None or name == without:
                continue
            keep *= 1.0 - FACTORS[s["weight"]] * s["score"]
        score = 1.0 - keep
        return row["returning"] or score >= threshold  # replays without declines: nothing is suppressed

    report: dict[str, Any] = {"turns": len(rows), "switches": sum(r["gold"] for r in rows),
                              "threshold": THRESHOLD, "signals": {}, "ablation": {}, "sweep": []}
    for name in SIGNALS:
        judged = [r for r in rows if r["signals"][name] is not None]
        alone = [(r["gold"], bool(r["signals"][name]) and r["signals"][name]["score"] >= 0.5) for r in rows]
        weighted = [(r["gold"], bool(r["signals"][name])
                     and FACTORS[r["signals"][name]["weight"]] * r["signals"][name]["score"] >= THRESHOLD) for r in rows]
        report["signals"][name] = {"coverage": round(len(judged) / len(rows), 3), "score_ge_0.5": prf(alone),
                                   "alone_crosses_threshold": prf(weighted)}
    report["combined"] = prf([(r["gold"], r["predicted"]) for r in rows])
    for name in SIGNALS:
        report["ablation"][f"without {name}"] = prf([(r["gold"], combined(r, without=name)) for r in rows])
    for threshold in (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.8):
        report["sweep"].append({"threshold": threshold,
                                **prf([(r["gold"], combined(r, threshold=threshold)) for r in rows])})
    times = [r["seconds"] for r in rows]
    report["median_ms_per_turn"] = round(1000 * statistics.median(times), 2)
    report["max_ms_per_turn"] = round(1000 * max(times), 2)
    return report


def token_accuracy(texts: list[str]) -> dict[str, Any]:
    """Our estimate against real tokenizers, over the data set's turns and their concatenation."""
    import os

    from mylife_core.chat.context import estimate_tokens

    out: dict[str, Any] = {}
    samples = texts + ["\n".join(texts)]
    counters: dict[str, Any] = {}
    os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"  # never fetch anything
    try:
        import litellm  # noqa: F401 - only to find the tokenizer files it ships

        base = Path(litellm.__file__).parent / "litellm_core_utils" / "tokenizers"
        os.environ.setdefault("TIKTOKEN_CACHE_DIR", str(base))
        import tiktoken

        enc = tiktoken.get_encoding("cl100k_base")
        counters["cl100k (tiktoken)"] = (lambda s: len(enc.encode(s)), "openai/gpt-4")
        try:
            from tokenizers import Tokenizer

            tok = Tokenizer.from_file(str(base / "deepseek_tokenizer.json"))
            counters["deepseek"] = (lambda s: len(tok.encode(s).ids), "deepseek/deepseek-chat")
        except Exception:  # noqa: BLE001
            pass
    except Exception as exc:  # noqa: BLE001 - optional figures
        return {"skipped": f"{type(exc).__name__}: {exc}"}
    for name, (count, model) in counters.items():
        errors = []
        for s in samples[:-1]:
            real = count(s)
            if real:
                errors.append((estimate_tokens(s, model) - real) / real)
        whole_real = count(samples[-1])
        whole = estimate_tokens(samples[-1], model)
        out[name] = {"model": model, "turns": len(errors),
                     "mean_abs_error_pct": round(100 * statistics.mean(abs(e) for e in errors), 1),
                     "mean_signed_error_pct": round(100 * statistics.mean(errors), 1),
                     "whole_set_estimate": whole, "whole_set_real": whole_real,
                     "whole_set_error_pct": round(100 * (whole - whole_real) / whole_real, 1),
                     "unknown_model_whole_set_error_pct": round(
                         100 * (estimate_tokens(samples[-1]) - whole_real) / whole_real, 1)}
    return out


def run_set(ws: Any, path: Path, *, with_errors: bool) -> dict[str, Any]:
    conversations = load(path)
    rows = replay(ws, conversations)
    offered = replay(ws, conversations, declines=True)
    report = evaluate(rows)
    report["as_offered"] = prf([(r["gold"], r["predicted"]) for r in offered])
    report["conversations"] = len(conversations)
    report["data"] = str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    errors = [{"conversation": r["conversation"], "turn": r["turn"], "text": r["text"], "gold": r["gold"],
               "score": round(r["score"], 3), "signals": {k: v["score"] for k, v in r["signals"].items() if v}}
              for r in rows if r["gold"] != r["predicted"]]
    if with_errors:
        report["errors"] = errors
    report["_texts"] = [r["text"] for r in rows]
    return report


def print_set(report: dict[str, Any], *, errors: bool) -> None:
    print(f"== {report['data']}: {report['turns']} labelled turns ({report['switches']} switches) "
          f"in {report['conversations']} conversations; threshold {report['threshold']}")
    print(f"{'signal':<22} {'coverage':>8}  {'P':>5} {'R':>5} {'F1':>5}   (score>=0.5)   "
          f"{'P':>5} {'R':>5} {'F1':>5}   (alone crosses threshold)")
    for name, s in report["signals"].items():
        a, w = s["score_ge_0.5"], s["alone_crosses_threshold"]
        print(f"{name:<22} {s['coverage']:>8.0%}  {a['precision']:>5.2f} {a['recall']:>5.2f} {a['f1']:>5.2f}"
              f"                  {w['precision']:>5.2f} {w['recall']:>5.2f} {w['f1']:>5.2f}")
    c = report["combined"]
    print(f"{'combined':<22} {'':>8}  {c['precision']:>5.2f} {c['recall']:>5.2f} {c['f1']:>5.2f}"
          f"   (tp {c['tp']}, fp {c['fp']}, fn {c['fn']})")
    o = report["as_offered"]
    print(f"{'as mylife chat offers':<22} {'':>8}  {o['precision']:>5.2f} {o['recall']:>5.2f} {o['f1']:>5.2f}"
          f"   (tp {o['tp']}, fp {o['fp']}, fn {o['fn']}; a declined topic is not offered again)")
    print("ablation (combined without one signal):")
    for name, a in report["ablation"].items():
        print(f"  {name:<28} P {a['precision']:.2f}  R {a['recall']:.2f}  F1 {a['f1']:.2f}")
    print("threshold sweep (combined):  " + "  ".join(
        f"{row['threshold']}: F1 {row['f1']:.2f}" for row in report["sweep"]))
    print(f"time per turn: median {report['median_ms_per_turn']} ms, max {report['max_ms_per_turn']} ms "
          f"(the first turn of a process loads the segmenter)")
    if errors:
        for e in report.get("errors", []):
            kind = "missed" if e["gold"] else "false alarm"
            print(f"  [{kind}] {e['conversation']}#{e['turn']} {e['score']:.2f} {e['text']}  {e['signals']}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, action="append", default=None,
                        help="a labelled set (repeatable; default: both sets in bench/data)")
    parser.add_argument("--errors", action="store_true", help="list missed switches and false alarms")
    parser.add_argument("--no-tokens", action="store_true", help="skip the token-estimate comparison")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    import os

    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    reports = []
    with tempfile.TemporaryDirectory() as tmp:
        ws, _ = Workspace.init(Path(tmp) / "ws", plugins=plugin_host(*_lenses()))
        for path in args.data or DEFAULT_DATA:
            reports.append(run_set(ws, path.resolve(), with_errors=args.errors or args.json))
        ws.close()
    texts = [text for r in reports for text in r.pop("_texts")]
    tokens = None if args.no_tokens else token_accuracy(texts)
    if args.json:
        print(json.dumps({"sets": reports, "token_estimate": tokens}, ensure_ascii=False, indent=2))
        return
    for report in reports:
        print_set(report, errors=args.errors)
    if tokens is not None:
        if "skipped" in tokens:
            print(f"token estimate: skipped ({tokens['skipped']})")
        for name, t in tokens.items():
            if isinstance(t, dict):
                print(f"token estimate vs {name} (as {t['model']}): mean |error| {t['mean_abs_error_pct']}% per turn "
                      f"(signed {t['mean_signed_error_pct']:+}%); all turns together {t['whole_set_estimate']} vs "
                      f"{t['whole_set_real']} ({t['whole_set_error_pct']:+}%; as an unknown model "
                      f"{t['unknown_model_whole_set_error_pct']:+}%)")


if __name__ == "__main__":
    main()

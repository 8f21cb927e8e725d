"""How well the judging rule sorts sentences: which must cite, which need not.

    .venv/bin/python -m bench.judging            # both labelled sets in bench/data/
    .venv/bin/python -m bench.judging --errors   # also list every sentence put in the wrong place
    .venv/bin/python -m bench.judging --json

The rule is :func:`mylife_core.pipeline.judging.classify` (docs/ask.md, "The judging rule"), run
exactly as the chat runs it (the user's earlier words given for restatements). Two sets:
``judging_tuning.yaml`` holds the edges the rule was designed against (optimistic figures);
``judging_heldout.yaml`` was written after the rule was frozen and never used to change it.

Labels: ``must_cite`` (judges the user or tells them what to do), ``question``, ``small_talk``,
``restate`` (exempt kinds) and ``neutral`` (general information, neither). Figures:

* **leaked**: ``must_cite`` sentences the rule exempts from citing (the error that matters: a
  verdict shown without evidence);
* **over-strict**: exempt sentences the rule treats as judgments (shown only if they cite, else
  withheld: the cost is a lost sentence, never an unsupported verdict);
* **neutral withheld**: general information treated as a judgment (the rule's default is strict);
* exact kind agreement, and the time to classify one sentence.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SETS = [ROOT / "bench" / "data" / "judging_tuning.yaml", ROOT / "bench" / "data" / "judging_heldout.yaml"]
EXEMPT = {"question": "question", "small_talk": "small_talk", "restate": "restatement"}


def evaluate(path: Path) -> dict[str, Any]:
    import yaml

    from mylife_core.pipeline.judging import classify

    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    rows = []
    started = time.perf_counter()
    for item in items:
        kind = classify(item["text"], user_words=item.get("user") or [])
        rows.append({**item, "kind": kind})
    per = (time.perf_counter() - started) / max(1, len(items))
    must = [r for r in rows if r["label"] == "must_cite"]
    exempt = [r for r in rows if r["label"] in EXEMPT]
    neutral = [r for r in rows if r["label"] == "neutral"]
    leaked = [r for r in must if r["kind"] != "judgment"]
    strict = [r for r in exempt if r["kind"] == "judgment"]
    exact = sum(1 for r in rows if (r["label"] == "must_cite" and r["kind"] == "judgment")
                or EXEMPT.get(r["label"]) == r["kind"] or (r["label"] == "neutral" and r["kind"] == "judgment"))
    return {"set": path.name, "sentences": len(rows), "must_cite": len(must), "exempt": len(exempt),
            "neutral": len(neutral), "leaked": len(leaked), "over_strict": len(strict),
            "neutral_withheld": sum(1 for r in neutral if r["kind"] == "judgment"),
            "exact": exact, "ms_per_sentence": round(per * 1000, 3),
            "errors": [{"text": r["text"], "label": r["label"], "kind": r["kind"]} for r in [*leaked, *strict]]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--data", action="append", type=Path)
    args = parser.parse_args()
    results = [evaluate(p) for p in (args.data or SETS)]
    if args.json:
        print(json.dumps(results, ensure_ascii=False, indent=1))
        return 0
    for r in results:
        print(f"{r['set']}: {r['sentences']} sentences ({r['must_cite']} must cite, {r['exempt']} exempt, "
              f"{r['neutral']} neutral)")
        print(f"  leaked verdicts (must cite, exempted): {r['leaked']}/{r['must_cite']}")
        print(f"  over-strict (exempt, held to cite):    {r['over_strict']}/{r['exempt']}")
        print(f"  neutral held to cite:                  {r['neutral_withheld']}/{r['neutral']}")
        print(f"  right kind:                            {r['exact']}/{r['sentences']}")
        print(f"  {r['ms_per_sentence']} ms per sentence")
        if args.errors:
            for e in r["errors"]:
                print(f"    [{e['label']} → {e['kind']}] {e['text']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

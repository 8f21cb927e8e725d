"""Label a personal-notes set's questions by how many of their key words their notes say.

    .venv/bin/python -m bench.notes_kinds bench/data/personal-notes-3 [--write]

A question's *key words* are its rjieba words of two or more characters that are not search's
function words (``segment.STOPWORDS``). ``paraphrase`` when none of them appears in the text of
its relevant notes, ``direct`` when all do, ``partial`` otherwise. ``--write`` stores the result
as each question's ``kind`` in ``queries.jsonl``; without it the counts are printed (and, for a
set that already has kinds, how many this rule agrees with).

Used for personal-notes-3 and -4 (session 15). personal-notes-2's kinds were computed before this
script existed, by a rule with the same definition; this one agrees with 134 of its 141 (the 7 others it
calls paraphrase where the stored kind says partial).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.search_quality import _jsonl, load  # noqa: E402


def kinds(folder: Path) -> dict[str, str]:
    import rjieba

    from mylife_core.search.segment import STOPWORDS

    corpus, queries, qrels, _ = load(folder)
    text_of = {doc["id"]: doc["text"] for doc in corpus}
    out = {}
    for q in queries:
        keys = [w for w in rjieba.cut(q["text"]) if len(w) >= 2 and w not in STOPWORDS]
        text = "".join(text_of[d] for d in sorted(qrels[q["id"]]))
        found = [w for w in keys if w in text]
        out[q["id"]] = "paraphrase" if not found else "direct" if len(found) == len(keys) else "partial"
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0])
    found = kinds(folder)
    path = folder / "queries.jsonl"
    rows = _jsonl(path)
    if "--write" in args:
        path.write_text("".join(json.dumps({**r, "kind": found[r["id"]]}, ensure_ascii=False) + "\n" for r in rows),
                        encoding="utf-8")
    elif any("kind" in r for r in rows):
        agree = sum(found[r["id"]] == r.get("kind") for r in rows)
        print(f"agrees with the stored kind for {agree} of {len(rows)}")
    print(dict(Counter(found.values())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

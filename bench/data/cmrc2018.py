"""Turn a CMRC 2018 SQuAD-style file into the passage-retrieval format of ``bench/data``.

    python bench/data/cmrc2018.py cmrc2018_trial.json bench/data/cmrc2018-trial
    python bench/data/cmrc2018.py cmrc2018_dev.json   bench/data/cmrc2018-dev

The source files are ``squad-style-data/cmrc2018_{trial,dev}.json`` of the CMRC 2018 repository
(github.com/ymcui/cmrc2018, commit c0eb1b6; CC BY-SA 4.0, see ``LICENSE`` in each folder). Each
paragraph becomes a passage, each question a query whose one relevant passage is the paragraph
it was asked about. The converted folders are committed, so the bench runs offline.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def convert(source: Path, folder: Path) -> tuple[int, int]:
    data = json.loads(source.read_text(encoding="utf-8"))
    corpus, queries, qrels = [], [], []
    for article in data["data"]:
        for paragraph in article["paragraphs"]:
            corpus.append({"id": paragraph["id"], "title": article.get("title", ""), "text": paragraph["context"]})
            for qa in paragraph["qas"]:
                queries.append({"id": qa["id"], "text": qa["question"]})
                qrels.append(f"{qa['id']}\t{paragraph['id']}\t1")
    folder.mkdir(parents=True, exist_ok=True)

    def lines(rows: list[dict]) -> str:
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)

    (folder / "corpus.jsonl").write_text(lines(corpus), encoding="utf-8")
    (folder / "queries.jsonl").write_text(lines(queries), encoding="utf-8")
    (folder / "qrels.tsv").write_text("query-id\tcorpus-id\tscore\n" + "".join(r + "\n" for r in qrels), encoding="utf-8")
    return len(corpus), len(queries)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    passages, questions = convert(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"{passages} passages, {questions} questions -> {sys.argv[2]}")

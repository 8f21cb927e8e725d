"""How a hit's final score is made (docs/design.md#retrieval, after Odysseus).

* keyword mode (no vector index installed): ``0.95*keyword + 0.05*recency``;
* hybrid mode: ``0.55*vector + 0.40*keyword + 0.05*recency``; a document the vector index has
  not embedded yet is scored as in keyword mode (its ``vector`` part is ``None``);
* then ``final *= boost``: identity-like statements (我是…, 我今年…, 我来自…) ×1.3, preference-like ones
  (我喜欢…, 我受不了…, 我的底线…) ×1.2; superseded or rejected claims ×0.5 and candidate
  inferences ×0.8 so current evidence comes first when all statuses are shown;
* ``recency = 1/(1 + days_old*0.05)``.

``keyword`` is BM25 normalised to [0, 1] against what the query could score at best: the sum,
over the query's word groups, of the group's IDF (a one-occurrence match of every word in a
line of average length scores about 1.0); capped at 1. It is an absolute measure of how much of
the query a text covers, so thresholds mean the same for every query.

``vector`` is the cosine similarity mapped to [0, 1] by the vector index's calibration
(``VECTOR_FLOOR`` .. ``VECTOR_CEIL`` for multilingual-e5, whose cosines sit between 0.7 and 0.95).

Thresholds, so weak matches are not returned: a document is a candidate when
``keyword >= 0.08`` or ``vector >= 0.40``; it is returned when ``final > 0.12``. (Odysseus uses
vector >= 0.20 on raw cosines; on mylife-vector's calibrated scale 0.40 is cosine 0.868, the
value that left 8 of 12 unanswerable questions unanswered while keeping recall, see docs.)
"""

from __future__ import annotations

import math
import re
from datetime import date

W_VECTOR, W_KEYWORD, W_RECENCY = 0.55, 0.40, 0.05
W_KEYWORD_ONLY = 0.95
RECENCY_RATE = 0.05
KEYWORD_MIN = 0.08
VECTOR_MIN = 0.40  # on the plugin's calibrated scale (mylife-vector: cosine 0.868); see docs/search.md
FINAL_MIN = 0.12
SYNONYM_WEIGHT = 0.7  # a synonym's match counts this much of the word the user typed
PIECE_WEIGHT = 0.5  # a piece of a word that has synonyms (工作 of 换工作) counts this much
CONTEXT_WEIGHT = 0.3  # a match in a line's neighbours / topic counts this much

_IDENTITY = re.compile(r"我(是(?!不是|否)|叫|今年|出生|来自|的名字|属)")
_PREFERENCE = re.compile(
    r"我(很|最|特别|一直|真的|并)?(不)?(喜欢|讨厌|爱|怕|希望|想要|在乎|在意|看重|受不了|忍受不了|偏好|习惯)"
    r"|无法忍受|受不了|底线|原则|价值观|偏好|最重要的是")
STATUS_FACTOR = {"superseded": 0.5, "rejected": 0.5, "candidate": 0.8}


def recency(day: date, today: date) -> float:
    days_old = max(0, (today - day).days)
    return 1.0 / (1.0 + days_old * RECENCY_RATE)


def idf(doc_freq: int, num_docs: int) -> float:
    """BM25's IDF as tantivy computes it."""
    return math.log(1.0 + (num_docs - doc_freq + 0.5) / (doc_freq + 0.5))


def boost(text: str, layer: str, status: str) -> float:
    factor = 1.0
    if _IDENTITY.search(text):
        factor = 1.3
    elif _PREFERENCE.search(text):
        factor = 1.2
    if layer == "claims":
        factor *= STATUS_FACTOR.get(status, 1.0)
    return factor


def final(keyword: float, vector: float | None, rec: float, factor: float, hybrid: bool) -> float:
    if hybrid and vector is not None:
        base = W_VECTOR * vector + W_KEYWORD * keyword + W_RECENCY * rec
    else:
        base = W_KEYWORD_ONLY * keyword + W_RECENCY * rec
    return base * factor

"""How a hit's final score is made (docs/design.md#retrieval, after Odysseus; ``docs/search.md`` has the
figures behind every number).

* keyword mode (no vector index, or nothing embedded yet):
  ``final = (1 - W_RECENCY - w_gram_keyword*len)*keyword + w_gram_keyword*len*gram + W_RECENCY*recency``;
* hybrid mode: ``final = W_VECTOR*vector + (W_KEYWORD - w_gram)*trust*keyword + w_gram*len*gram
  + W_RECENCY*recency``, where ``gram`` is the character-bigram side (:func:`gram`), ``len =
  min(1, query bigrams / gram_full)`` (:func:`gram_share`: a short query's few bigrams say
  little), and
  ``trust = min(1, r_best / keyword_trust)`` for the query's best keyword match (a paraphrase
  that no note covers leans on the vector side, see :func:`trust`); a document
  the vector index has not embedded yet is scored as in keyword mode (its ``vector`` part is
  ``None``); an embedded one outside the vector neighbours has ``vector`` 0;
* then ``final *= boost``: identity-like statements (我是…, 我今年…, 我来自…) ×1.3, preference-like
  ones (我喜欢…, 我受不了…, 我的底线…) ×1.2; superseded or rejected claims ×0.5 and candidate
  inferences ×0.8 so current evidence comes first when all statuses are shown;
* ``recency = 1/(1 + days_old*0.05)``.

``keyword`` keeps BM25's order. ``r = bm25 / ideal`` where ``ideal`` is what the query could
score at best (the sum, over the query's word groups, of the group's best IDF: a line of
average length matching every word once scores about ``r = 1``); ``keyword = r / (r +
KEYWORD_HALF)``, strictly increasing in the raw BM25 score, in [0, 1), 0.5 at ``r =
KEYWORD_HALF`` (hybrid mode; keyword mode has its own, ``keyword_half_keyword``). No cap: two different BM25 scores never become a tie (the old ``min(1, r)``
tied 116 of 197 first-place failures on CMRC dev). Because ``r`` is measured against the
query's own ideal, thresholds mean the same for every query.

``vector`` is the vector index's score in [0, 1] (mylife-vector maps e5 cosines to it).

The single-character gate (``single_char_gate``): when the user typed a word of two or more
characters but every word of the query that notes hold is a single character typed or cut
from a word (学 of 学钢琴), the keyword side counts nothing for that query (keyword mode
answers nothing; hybrid mode keeps the vector side). See ``retrieval.single_chars_only``.

Thresholds, so weak matches are not returned: a document is a candidate when
``keyword >= KEYWORD_MIN`` or ``vector >= VECTOR_MIN``; in hybrid mode it is returned when
``final > FINAL_MIN`` (in keyword mode ``KEYWORD_MIN`` alone decides). Every weight and threshold here was chosen by ``bench/search_tune.py``
on tuning splits only (CMRC 2018 trial, the ``tuning`` halves of the personal-notes sets) and
reported on held-out splits by ``bench/search_quality.py``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from datetime import date


@dataclass(frozen=True)
class Params:
    """Every tunable number of the final score (``bench/search_tune.py`` varies them)."""

    # chosen by bench/search_tune.py on the tuning splits (docs/search.md has its output)
    w_vector: float = 0.20
    w_keyword: float = 0.75
    w_recency: float = 0.05
    keyword_half: float = 1.0  # r at which keyword = 0.5, hybrid mode
    keyword_half_keyword: float = 1.0  # the same, keyword mode (each mode's curve is chosen for it)
    keyword_min: float = 0.0  # any keyword match is a candidate
    vector_min: float = 0.0  # every vector neighbour is a candidate: final_min decides
    final_min: float = 0.09  # hybrid mode only
    # hybrid mode: the keyword weight is scaled by min(1, r_best / keyword_trust), r_best the
    # best keyword match's r among the query's candidates: when no note covers the query's words
    # well (a paraphrase), keyword matches are mostly pieces and the vector side leads; 0 = off
    keyword_trust: float = 2.0
    # the character-bigram side (the index's ``gram`` field): ``gram = g / (g + gram_half)``,
    # ``g = bigram BM25 / the query's bigram ideal``; weighted ``w_gram`` in hybrid mode (taken
    # from ``w_keyword``'s share) and ``w_gram_keyword`` in keyword mode (taken from the keyword's)
    w_gram: float = 0.0
    w_gram_keyword: float = 0.5
    gram_half: float = 1.0
    # 1: the bigram side is believed as much as the keyword side (its weights scaled by the same
    # ``trust``, in both modes); 0: always in full
    gram_trust: float = 0.0
    # the bigram side's weights are scaled by min(1, query bigrams / gram_full): a short query's
    # two or three bigrams say little; 0 = off
    gram_full: float = 12.0
    # 1: when every keyword match of a query is a single character although it has longer
    # words (学 of 学钢琴: ``Gathered.single_chars_only``), the keyword side counts nothing
    # (keyword mode answers nothing; hybrid mode keeps the vector side); 0 = off
    single_char_gate: float = 1.0

    def with_(self, **changes: float) -> "Params":
        return replace(self, **changes)


DEFAULT = Params()
W_VECTOR, W_KEYWORD, W_RECENCY = DEFAULT.w_vector, DEFAULT.w_keyword, DEFAULT.w_recency
KEYWORD_HALF = DEFAULT.keyword_half
KEYWORD_MIN, VECTOR_MIN, FINAL_MIN = DEFAULT.keyword_min, DEFAULT.vector_min, DEFAULT.final_min
RECENCY_RATE = 0.05
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


def keyword(bm25: float, ideal: float, params: Params = DEFAULT, *, hybrid: bool = True) -> float:
    """BM25 made comparable across queries, strictly increasing in ``bm25`` (see the module),
    on the curve of hybrid mode (``keyword_half``) or of keyword mode (``keyword_half_keyword``)."""
    if bm25 <= 0.0:
        return 0.0
    r = bm25 / max(ideal, 1e-9)
    return r / (r + (params.keyword_half if hybrid else params.keyword_half_keyword))


def boost(text: str, layer: str, status: str) -> float:
    factor = 1.0
    if _IDENTITY.search(text):
        factor = 1.3
    elif _PREFERENCE.search(text):
        factor = 1.2
    if layer == "claims":
        factor *= STATUS_FACTOR.get(status, 1.0)
    return factor


def candidate(keyword_score: float, vector: float | None, params: Params = DEFAULT) -> bool:
    """Whether a document is strong enough on either side to be scored at all."""
    return keyword_score >= params.keyword_min or (vector is not None and vector >= params.vector_min)


def trust(best_r: float, params: Params = DEFAULT) -> float:
    """How much of ``w_keyword`` hybrid mode gives the keyword side for a query whose best
    keyword match has ``r = best_r`` (see ``Params.keyword_trust``)."""
    if params.keyword_trust <= 0.0:
        return 1.0
    return min(1.0, best_r / params.keyword_trust)


def gram(bm25: float, ideal: float, params: Params = DEFAULT) -> float:
    """The bigram side's score in [0, 1), strictly increasing in its BM25 (as :func:`keyword`)."""
    if bm25 <= 0.0:
        return 0.0
    g = bm25 / max(ideal, 1e-9)
    return g / (g + params.gram_half)


def gram_share(best_r: float, n_grams: int, params: Params = DEFAULT) -> float:
    """How much of its weights the bigram side gets for a query (``gram_trust``, ``gram_full``)."""
    share = trust(best_r, params) if params.gram_trust else 1.0
    if params.gram_full > 0:
        share *= min(1.0, n_grams / params.gram_full)
    return share


def final(keyword_score: float, vector: float | None, rec: float, factor: float, hybrid: bool,
          params: Params = DEFAULT, keyword_share: float = 1.0, gram_score: float = 0.0,
          gram_weight_share: float = 1.0) -> float:
    if hybrid and vector is not None:
        base = (params.w_vector * vector + (params.w_keyword - params.w_gram) * keyword_share * keyword_score
                + params.w_gram * gram_weight_share * gram_score + params.w_recency * rec)
    else:
        wg = params.w_gram_keyword * gram_weight_share
        base = (1.0 - params.w_recency - wg) * keyword_score + wg * gram_score + params.w_recency * rec
    return base * factor

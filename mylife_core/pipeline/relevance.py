"""Is one text about another? By meaning when the vector plugin is installed, else by shared words.

One measure for every place that needs it: counter-evidence candidates outside the topic
(:mod:`.competing`), "the cited claim must be about the sentence" (:func:`check_about`, called from
:func:`.citations.check_citation`), and the topic of a question no lens knows (:mod:`.topics`).

* **vectors** (a ``vector_index`` plugin with ``similarity``, e.g. mylife-vector): the plugin's
  calibrated score in [0, 1] of the text against the stored vector of the other document;
* **shared words** otherwise: the share of the shorter text's content words (segmented like search,
  synonyms expanded, stop words dropped) that the other text also has, or whose characters it
  holds (跳槽 ~ 换工作 through the synonyms, 房贷 ~ 月供 through a field dictionary).

The thresholds are measured, not guessed: ``bench/stance.py`` reports how they separate related
from unrelated pairs on the tuning part and how they hold on the held-out part (docs/ask.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..workspace import Workspace

# a cited claim is about its sentence when their score reaches these (chosen on the tuning part of
# bench/data/citations_tuning.yaml, see docs/ask.md): with vectors, a score of ABOUT_VECTOR or a
# shared-word score of ABOUT_WORDS; without, the shared-word score alone
ABOUT_VECTOR = 0.50
ABOUT_WORDS = 0.15


@dataclass
class About:
    related: bool
    score: float
    mode: str  # vector | words


class Relevance:
    """Relevance for one workspace (reuses the vector index and the search segmenter)."""

    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self._vi: Any = None
        try:
            vi = ws.plugins.vector_index(ws)
        except Exception:  # noqa: BLE001 - a broken vector plugin leaves relevance to words
            vi = None
        if vi is not None and hasattr(vi, "similarity"):
            try:
                ready = vi.ready() if hasattr(vi, "ready") else True
            except Exception:  # noqa: BLE001
                ready = False
            if ready:
                self._vi = vi
        self._tools: Any = None

    @property
    def vectors(self) -> bool:
        return self._vi is not None

    # -- by meaning ------------------------------------------------------------------------------
    def nearest(self, query: str, k: int) -> list[tuple[str, float]]:
        if self._vi is None:
            return []
        try:
            return list(self._vi.search(query, k))
        except Exception:  # noqa: BLE001 - relevance degrades to words, never fails a command
            return []

    def scores(self, query: str, refs: Iterable[str]) -> dict[str, float]:
        """Vector scores of ``query`` against documents that have a vector (others are left out)."""
        if self._vi is None:
            return {}
        try:
            return dict(self._vi.similarity(query, list(refs)))
        except Exception:  # noqa: BLE001
            return {}

    # -- by shared words -------------------------------------------------------------------------
    def _language(self) -> tuple[Any, Any]:
        if self._tools is None:
            from ..search.engine import handle

            self._tools = handle(self.ws).language_tools(self.ws)
        return self._tools

    def words(self, text: str) -> set[str]:
        """Content words of ``text`` with their synonyms (search's segmenter and thesaurus)."""
        from ..search.segment import STOPWORDS, normalize
        from .stance import STOP_TERMS

        segmenter, thesaurus = self._language()
        terms = [w for w in segmenter.query_terms(text) if w not in STOPWORDS and w not in STOP_TERMS
                 and any(ch.isalnum() for ch in w)]
        out = set(terms)
        for syns in thesaurus.expand(text, segmenter.query_spans(text)).values():
            out.update(normalize(s) for s in syns)
        return out

    def shared(self, a: str, b: str) -> float:
        """Share of the content words of the shorter text found in the other (0..1)."""
        from ..search.segment import normalize

        wa, wb = self.words(a), self.words(b)
        if not wa or not wb:
            return 0.0
        na, nb = normalize(a), normalize(b)
        small, other_words, other_text = (wa, wb, nb) if len(wa) <= len(wb) else (wb, wa, na)
        hits = sum(1 for w in small if w in other_words or (len(w) >= 2 and w in other_text))
        return hits / len(small)

    # -- one judgement -------------------------------------------------------------------------
    def about(self, sentence: str, claim: "Claim") -> About:
        """Is ``claim`` about ``sentence`` (by meaning when its vector exists, else by words)?"""
        text = f"{claim.claim} {claim.context or ''}".strip()
        words = self.shared(sentence, text)
        if self._vi is not None:
            score = self.scores(sentence, [claim.id]).get(claim.id)
            if score is not None:
                return About(score >= ABOUT_VECTOR or words >= ABOUT_WORDS, round(score, 4), "vector")
        return About(words >= ABOUT_WORDS, round(words, 4), "words")


def check_about(ws: "Workspace", sentence: str, claim_id: str, relevance: Relevance | None = None) -> Any:
    """A ``CitationProblem`` ("unrelated") when the cited claim is not about the sentence, else None.

    Only a sentence with something to be about is judged (questions and very short sentences are
    left alone); a missing claim is the citation check's business, not this one's."""
    from ..messages import t
    from .answer import CitationProblem

    claim = ws.claims.find(claim_id)
    text = " ".join((sentence or "").split())
    if claim is None or len(text) < 6:
        return None
    relevance = relevance or Relevance(ws)
    about = relevance.about(text, claim)
    if about.related:
        return None
    key = "ask.cite.unrelated_vector" if about.mode == "vector" else "ask.cite.unrelated_words"
    return CitationProblem(claim_id=claim_id, problem="unrelated",
                           message=t(key, id=claim_id, claim=_short(claim.claim), score=f"{about.score:.2f}"))


def _short(text: str, n: int = 24) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"

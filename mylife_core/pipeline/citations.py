"""Reading a model's answer into sentences with citations, and checking every citation.

The L4 rule (docs/design.md#chains): a judgment that cannot be laid down as a chain to the user's own
words is not output. :func:`check_citation` is that rule for one claim id: it must exist,
count as evidence (an inference only once the user accepted it; never rejected or
superseded), point at L0, and the lines it points at must still hash to what was recorded.

:func:`split_sentences` cuts text into sentences and attaches the ``[claim-…]`` citations that
follow or sit inside each one; questions are kept apart (a question hands the judgment back to
the user and needs no citation); headings, rules and table rows are structure, not sentences.

Which sentences must cite at all (judgments) and which need not (questions handed back, small
talk, restatements of the user's words) is decided by :mod:`.judging`, the one judging rule that
every path showing a model's words goes through; :func:`to_judgments` asks it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .answer import CitationProblem, Judgment, Unsupported

if TYPE_CHECKING:  # pragma: no cover
    from ..trace import SourceChecker
    from ..workspace import Workspace

# any bracketed citation-looking token: real ids and invented ones ("claim-abc") alike
CITE_TOKEN = re.compile(r"claim-[0-9A-Za-z][0-9A-Za-z_\-]*[0-9A-Za-z]|claim-[0-9A-Za-z]")
CITE_GROUP = re.compile(r"\s*[\[【(（]\s*(?:claim-[^\]】)）]*)[\]】)）]")
TERMINATORS = "。！？!?；;"
CLOSERS = "”’\"'」』）)】]"


@dataclass
class Sentence:
    text: str  # without citation groups
    claim_ids: list[str]
    question: bool


def _strip_marker(line: str) -> str:
    return re.sub(r"^\s*(?:[-*+•]|\d+[.)、]|判断[:：]|结论[:：]|Judgment:)\s*", "", line)


def _is_structure(line: str) -> bool:
    s = line.strip()
    return (not s or s.startswith("#") or s.startswith("|") or re.fullmatch(r"[-=*_~`]{3,}", s) is not None
            or s.startswith("```") or s.startswith(">"))


def _sentence_spans(line: str) -> list[str]:
    """Cut a line after each terminator, keeping closing quotes and citation groups with it."""
    out: list[str] = []
    start = 0
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        is_end = ch in TERMINATORS or (ch == "." and (i + 1 == n or line[i + 1].isspace()) and
                                       not (i > 0 and line[i - 1].isdigit() and i + 1 < n and line[i + 1].isdigit()))
        if is_end:
            j = i + 1
            while j < n and line[j] in CLOSERS:
                j += 1
            while True:
                m = CITE_GROUP.match(line, j)
                if not m:
                    break
                j = m.end()
            out.append(line[start:j])
            start = j
            i = j
            continue
        i += 1
    if line[start:].strip():
        out.append(line[start:])
    return out


def span_sentence(span: str) -> Sentence | None:
    """One span cut by :func:`_sentence_spans` as a sentence (its citations taken out and kept
    as ids), or None when nothing in it is words (a lone dash, a stray citation)."""
    ids: list[str] = []
    for group in CITE_GROUP.finditer(span):
        ids.extend(CITE_TOKEN.findall(group.group(0)))
    ids.extend(CITE_TOKEN.findall(CITE_GROUP.sub("", span)))
    body = re.sub(r"\s{2,}", " ", CITE_GROUP.sub("", span).strip())
    if not body or not any(ch.isalnum() for ch in body):
        return None
    question = body.rstrip(CLOSERS + " ").endswith(("？", "?"))
    return Sentence(body, list(dict.fromkeys(ids)), question)


def _line_sentences(raw_line: str) -> list[str]:
    """The spans of one line that may hold sentences (none for structure: headings, tables …)."""
    return [] if _is_structure(raw_line) else _sentence_spans(_strip_marker(raw_line))


def split_sentences(text: str) -> list[Sentence]:
    """``text`` cut into sentences, line by line (see the module doc)."""
    return [s for raw_line in text.splitlines() for span in _line_sentences(raw_line)
            if (s := span_sentence(span)) is not None]


#: where :meth:`str.splitlines` ends a line ("\r\n" counts twice here: the empty line between holds nothing)
_LINE_END = re.compile("[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
#: text after a sentence that may still turn out to be its citation ("[clai", "【claim-2026-0")
_CITE_PREFIX = re.compile(r"\s*[\[【(（]\s*(?:c(?:l(?:a(?:i(?:m(?:-[^\]】)）]*)?)?)?)?)?)?")


class SentenceCutter:
    """:func:`split_sentences` for text that arrives in pieces (a model's stream).

    :meth:`feed` returns each sentence once it is complete: its terminator, closing quotes and
    citations have arrived and something else has begun after them (so ``…。 [claim-`` waits for
    the rest of the citation, and ``3.`` for what follows the dot), or its line has ended. The
    sentences returned over a whole text are exactly :func:`split_sentences` of that text, however
    it was cut into pieces. :meth:`flush` ends the text; :meth:`drop` forgets an unfinished line.
    """

    def __init__(self) -> None:
        self.line = ""  # the unfinished line
        self.done = 0  # spans of it already returned

    def feed(self, piece: str) -> list[Sentence]:
        out: list[Sentence] = []
        self.line += piece
        while (end := _LINE_END.search(self.line)) is not None:
            line, self.line = self.line[:end.start()], self.line[end.end():]
            out += self._cut(line, final=True)
        return out + self._cut(self.line, final=False)

    def flush(self) -> list[Sentence]:
        out = self._cut(self.line, final=True)
        self.line = ""
        return out

    def drop(self) -> None:
        self.line, self.done = "", 0

    def _cut(self, line: str, *, final: bool) -> list[Sentence]:
        spans = _line_sentences(line)
        ready = len(spans)
        if not final:  # a span is complete once what follows it is neither empty nor a citation's start
            ready, rest = 0, "".join(spans)
            for span in spans:
                rest = rest[len(span):]
                if not rest.strip() or _CITE_PREFIX.fullmatch(rest):
                    break
                ready += 1
        out = [s for span in spans[self.done:ready] if (s := span_sentence(span)) is not None]
        self.done = 0 if final else max(self.done, ready)
        return out


def to_judgments(text: str, *, user_words: Sequence[str] = ()) -> list[Judgment]:
    """The sentences of ``text`` with their role by the judging rule (:func:`.judging.classify`):
    ``judgment`` (must cite), ``question`` (handed back), ``remark`` (small talk, restatement)."""
    from .judging import classify, role_of

    return [Judgment(text=s.text, claim_ids=s.claim_ids,
                     role=role_of(classify(s.text, question=s.question, user_words=user_words)))  # type: ignore[arg-type]
            for s in split_sentences(text)]


#: Further checks of one citation of one sentence, run after :func:`check_citation` passed:
#: ``check(ws, judgment, claim_id) -> CitationProblem | None``. The built-in checks (exists, counts
#: as evidence, traces to L0, is about the sentence) live in :func:`check_citation`; a plugin or a
#: test may append more here.
CITATION_CHECKS: list[Callable[["Workspace", Judgment, str], CitationProblem | None]] = []


def check_citation(ws: "Workspace", claim_id: str, checker: "SourceChecker", sentence: str | None = None,
                   relevance=None) -> CitationProblem | None:
    """None when ``claim_id`` may support a judgment; else what is wrong with it. With ``sentence``,
    the claim must also be about it (:func:`.relevance.check_about`: by meaning with the vector
    plugin, else by shared words); a claim marked ``stale`` (its lines were edited) is not evidence
    until the user re-confirms it."""
    from ..messages import t

    claim = ws.claims.find(claim_id)
    if claim is None:
        return CitationProblem(claim_id=claim_id, problem="missing", message=t("ask.cite.missing", id=claim_id))
    if claim.status == "candidate":
        key = "ask.cite.candidate" if claim.kind == "inference" else "ask.cite.candidate_model_lines"
        return CitationProblem(claim_id=claim_id, problem="candidate", message=t(key, id=claim_id))
    if ws.claims.unvouched(claim):
        return CitationProblem(claim_id=claim_id, problem="model_lines",
                               message=t("ask.cite.model_lines", id=claim_id))
    if claim.status == "rejected":
        return CitationProblem(claim_id=claim_id, problem="rejected", message=t("ask.cite.rejected", id=claim_id))
    if claim.status == "superseded":
        return CitationProblem(claim_id=claim_id, problem="superseded",
                               message=t("ask.cite.superseded", id=claim_id, by=claim.superseded_by or "?"))
    check = checker.check(claim)
    if check.state == "ok" and claim.status == "stale":
        return CitationProblem(claim_id=claim_id, problem="source_changed", message=t("ask.cite.source_changed", id=claim_id))
    if check.state == "ok":
        if sentence:
            from .relevance import check_about

            return check_about(ws, sentence, claim_id, relevance)
        return None
    key = {"source_changed": "ask.cite.source_changed", "source_missing": "ask.cite.source_missing",
           "no_pointer": "ask.cite.no_pointer"}[check.state]
    return CitationProblem(claim_id=claim_id, problem=check.state, message=t(key, id=claim_id))


def evaluate(ws: "Workspace", judgment: Judgment, checker: "SourceChecker", *,
             said: Sequence[str] = (), text_kind: str = "answer") -> Unsupported | None:
    """None when a judgment is supported by a valid chain; else the "无依据，未采纳" entry.

    Only a ``judgment`` must cite; questions and remarks need no citation, but any citation they
    carry is checked all the same. A judgment
    with one invalid citation is refused whole: a claim resting partly on invented evidence is
    not shown as a judgment. A sentence whose citations are all valid must also keep what they
    say (:func:`check_fidelity`: its quotes are in the cited words, or ``said``, the user's words in
    this conversation; it does not reverse a cited view).

    ``text_kind`` is what the sentence is part of (:data:`.judging.TextKind`): in an ``answer``
    (``ask``, ``chat``) a cited judgment may advise; in a ``summary`` (a digest, L1, later read as
    the user's own layer) a sentence that advises or judges the user itself is refused whatever it
    cites (``advice``, :func:`check_summary`); one that reports the user's or someone's advice stays.
    """
    from ..messages import t

    from .relevance import Relevance

    problems: list[CitationProblem] = []
    if judgment.role == "judgment" and not judgment.claim_ids:
        problems.append(CitationProblem(claim_id=None, problem="no_citation", message=t("ask.cite.none")))
    relevance = Relevance(ws) if judgment.role == "judgment" and judgment.claim_ids else None
    for claim_id in judgment.claim_ids:
        problem = check_citation(ws, claim_id, checker, judgment.text if relevance is not None else None, relevance)
        for extra in CITATION_CHECKS:
            if problem is not None:
                break
            problem = extra(ws, judgment, claim_id)
        if problem is not None:
            problems.append(problem)
    if not problems and judgment.claim_ids:
        problems = check_fidelity(ws, judgment, checker, said=said)
    if text_kind == "summary":  # whatever it cites: a digest gives no advice or verdict of the model's
        problems += check_summary(ws, judgment, checker, said=said)
    if not problems:
        return None
    return Unsupported(text=judgment.text, claim_ids=list(judgment.claim_ids), problems=problems)


def check_summary(ws: "Workspace", judgment: Judgment, checker: "SourceChecker", *,
                  said: Sequence[str] = ()) -> list[CitationProblem]:
    """A sentence of a summary (a digest) that advises or judges the user in words of its own
    (:func:`.judging.summary_verdicts`): the user's own statements it may say back are those of the
    claims it cites (their text and lines), or, citing none, ``said`` (the topic's claims)."""
    from ..messages import join, t
    from .judging import summary_verdicts, user_statements
    from .quoting import claim_words

    if judgment.claim_ids:
        claims = [c for c in (ws.claims.find(i) for i in judgment.claim_ids) if c is not None]
        sources = [text for c in claims for text in (c.claim, claim_words(c, checker)) if text]
    else:
        sources = list(said)
    words = summary_verdicts(judgment.text, user_statements(sources))
    if not words:
        return []
    return [CitationProblem(claim_id=None, problem="advice", message=t("s30digest.summary_advice", words=join(words)))]


#: a raw line a sentence cites by its pointer, after its text (``[raw/FILE#Ln]``: the question
#: back quoting a line no claim cites yet)
_RAW_CITED = re.compile(r"[\[【]\s*(raw/[^\]】#\s]+#L\d+(?:-L?\d+)?)\s*[\]】]")


def _raw_cited(ws: "Workspace", text: str) -> list[str]:
    """The words of the raw lines ``text`` cites by pointer (unreadable ones are left out)."""
    from ..provenance import Pointer

    words = []
    for ref in _RAW_CITED.findall(text):
        try:
            words.append(ws.raw.line_text(Pointer.parse(ref)))
        except Exception:  # noqa: BLE001 - a pointer that resolves to nothing holds no words
            continue
    return words


def check_fidelity(ws: "Workspace", judgment: Judgment, checker: "SourceChecker", *,
                   said: Sequence[str] = ()) -> list[CitationProblem]:
    """What a sentence whose citations are valid gets wrong about them (:mod:`.fidelity`): words it
    quotes as someone's that neither the cited claims, the lines they cite nor ``said`` hold
    (``misquoted``), and a cited claim that says the opposite of where the sentence says the user
    or a named person stands (``reversed``)."""
    from ..messages import join, t
    from . import fidelity
    from .quoting import claim_words, shorten

    claims = [c for c in (ws.claims.find(i) for i in judgment.claim_ids) if c is not None]
    problems: list[CitationProblem] = []
    if fidelity.quotations(judgment.text):
        sources = [text for c in claims for text in (c.claim, claim_words(c, checker))] + list(said)
        sources += _raw_cited(ws, judgment.text)
        for miss in fidelity.misquotes(judgment.text, sources):
            problems.append(CitationProblem(claim_id=judgment.claim_ids[0], problem="misquoted",
                                            message=t("s29judge.misquoted", quote=shorten(miss.quote),
                                                      ids=join(judgment.claim_ids))))
    found_for = {claim.id: fidelity.reversal(judgment.text, claim.claim) for claim in claims}
    for claim in claims:
        found = found_for[claim.id]
        if found is not None and found.how == "own" and any(f is None for f in found_for.values()):
            # a sentence citing several claims may tell a change of mind ("你热爱过这里 [a]，后来加班让你
            # 想辞职 [b]"): the user's side is reversed only against every claim it cites
            continue
        if found is not None:
            problems.append(CitationProblem(claim_id=claim.id, problem="reversed",
                                            message=t("s29judge.reversed", id=claim.id, claim=shorten(claim.claim, 24),
                                                      cue=found.cue)))
    if claims:
        # the user's feeling toward a person or thing turned around (「你一直很讨厌你的领导」 over 「现在的领导
        # 其实很照顾我」): read against every cited claim and its lines at once, so that a sentence citing
        # a change of feeling in two claims passes. Read whatever was found before: a sentence that
        # misquotes the user and turns a feeling around is withheld for both, and both are said (it
        # was said to be misquoted only). A sentence already withheld is read inside its quotes too
        # (你说过「我一直很讨厌领导」: the misquote is a feeling turned around); one that is not keeps
        # the reading it had, so which sentences are withheld does not change (a quote of what the
        # user said in this conversation, ``said``, is not held to the cited claims' feelings)
        texts = [(c, text) for c in claims for text in (c.claim, claim_words(c, checker))]
        texts += [(None, text) for text in _raw_cited(ws, judgment.text)]
        turned = fidelity.feeling_reversal(judgment.text, [text for _, text in texts], quoted=bool(problems))
        if turned is not None:
            at, mine, theirs = turned
            claim = texts[at][0]
            key = "s30judge.feeling_reversed" if claim is not None else "s30judge.feeling_reversed_line"
            feeling = CitationProblem(
                claim_id=claim.id if claim is not None else judgment.claim_ids[0], problem="reversed",
                message=t(key, id=claim.id if claim is not None else judgment.claim_ids[0],
                          claim=shorten(claim.claim if claim is not None else theirs.words, 24),
                          thing=mine.thing, said=shorten(mine.words, 16), cue=shorten(theirs.words, 16)))
            if all(p.message != feeling.message for p in problems):
                problems.append(feeling)
    return problems

"""Does a cited sentence keep the meaning of the words it cites? (docs/ask.md, "Citations must keep
the cited words").

The judge (:mod:`.judging`, through :func:`.citations.evaluate`) already asks of every citation that
the claim exists, counts as evidence, hashes to the user's lines and is *about* the sentence
(:mod:`.relevance`). Being about the same thing is not saying the same thing: session 29's tester
got 「你说过「现在的领导其实很差劲」」 shown over a claim that says 「现在的领导其实很照顾我」, and
「你的朋友劝你马上辞职」 over 「朋友劝我别冲动」. Two narrow checks, each explainable by the words that
decided it, close that gap:

* **quotes** (:func:`misquotes`): words a sentence puts in quotation marks (「…」, 『…』, “…”, "…") as
  someone's must be in what it cites: the cited claim's text or the raw lines it cites, punctuation
  and spacing aside, whole or as a contiguous part; an ellipsis inside the quote joins parts found in
  that order (:func:`.quoting.quote_in`, the comparison MyLife's own quotes use). What the user said in
  this conversation counts too. A short quote nobody is said to have said (「职业去留」, 「稳定」) is
  a term, not a quotation, and is left alone;
* **reversed views** (:func:`reversal`): the sentence says where the user or a named person stands
  and the cited claim says the opposite, read by the offline stance reader (:mod:`.stance`) or by a
  short list of words: a reported view whose side on the act it names is the other one (「朋友劝你马上
  辞职」 over 「朋友劝我别冲动」); the user's own side on an act both name, each certain and decided by
  the act itself (「你绝不想辞职」 over 「想辞职」); indifference said where the claim worries about the
  same thing, or the other way round (「你不在乎存款」 over 「存款只够撑三个月」).

Only a reading that is sure on both sides refuses a sentence: a good sentence wrongly withheld costs
the user an answer, so what the rules cannot read (「讨厌领导」 against 「领导很照顾我」) is left to the
other checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .quoting import _folded, quote_in

#: a quotation: the words inside 「」, 『』, “” or straight double quotes
QUOTE = re.compile(r"「([^「」]*)」|『([^『』]*)』|“([^“”]*)”|\"([^\"\n]*)\"")
#: words before a quote that say it is someone's words (说「…」, 写道：“…”, 原话是「…」, said "…")
_SAID_BEFORE = re.compile(
    r"(?:说|讲|写|提|表示|认为|觉得|抱怨|感叹|承认|坦言|告诉|记|原话|原文|话|声称|喊|骂|吐槽|问|答|劝|道|称"
    r"|(?i:\bsaid|\bsay|\bsays|\bwrote|\bwrite|\bwrites|\btold\s+\w+|\bwords|\bput\s+it|\bnoted))"
    r"(?:过|了|道|着|下|到|是|的是)?[\s:：，,]*$")
#: words after a quote that say the same (「…」这句话, “…” are your words)
_SAID_AFTER = re.compile(r"^\s*(?:这句话|这句|这话|这段话|这几句|的话|是你的原话|是你说的|是你写的|(?i:\bwere\s+your\s+words))")
#: a quote this long (characters, punctuation aside) is a quotation whoever is named, not a term
LONG_QUOTE = 6


@dataclass(frozen=True)
class Misquote:
    quote: str  # the words as the sentence quotes them


def quotations(sentence: str) -> list[str]:
    """The quotes in ``sentence`` that present words as someone's: said to be said (说「…」,
    「…」这句话), long (:data:`LONG_QUOTE`), or spoken in the first person (「我受够了」). A short
    quote nobody is said to have said (「职业去留」, 「稳定」) is a term and is not returned."""
    out: list[str] = []
    for m in QUOTE.finditer(sentence):
        quote = next(g for g in m.groups() if g is not None)
        folded = _folded(quote)
        if not folded:
            continue
        said = (_SAID_BEFORE.search(sentence[max(0, m.start() - 8):m.start()]) is not None
                or _SAID_AFTER.match(sentence[m.end():]) is not None)
        english = re.fullmatch(r"[\x00-\x7f]+", quote) is not None
        long = len(quote.split()) >= 3 if english else len(folded) >= LONG_QUOTE
        first_person = re.search(r"(?i)\b(?:i|my|me|i'm)\b", quote) if english else "我" in quote
        if said or long or first_person:
            out.append(quote)
    return out


def misquotes(sentence: str, sources: Iterable[str | None]) -> list[Misquote]:
    """The quotations of ``sentence`` (:func:`quotations`) found in none of ``sources`` (the cited
    claims' texts, the raw lines they cite, the user's words in this conversation)."""
    texts = [s for s in sources if s]
    return [Misquote(q) for q in quotations(sentence) if not any(quote_in(q, s) for s in texts)]


# -------------------------------------------------------------------------- reversed views

@dataclass(frozen=True)
class Reversal:
    cue: str  # the words of the claim that say the other side
    how: str  # reported | own | care


#: saying the user does not mind something (不在乎存款, 无所谓)
INDIFFERENT = re.compile(r"(?:毫不|并不|从不|从来不|一点也不|一点都不|不太|不怎么|不)(?:在乎|在意|关心|担心|介意|操心|发愁|着急)"
                         r"|无所谓|满不在乎|没放在心上|不当回事|不当一回事|(?i:\bdon'?t\s+care\b|\bnot\s+worried\b)")
#: cue kinds (:mod:`.stance_cues`) that say a thing weighs on the user
_CONCERN_KINDS = frozenset(("risk", "fear", "unable", "bind", "cost", "money", "distress"))
_CONCERN_WORDS = re.compile(r"担心|担忧|害怕|怕|焦虑|压力|发愁|愁|紧张|顾虑|只够|不够|只剩|只有|就剩|撑不")
_CLAUSE = re.compile(r"[，,。.!！?？；;：:\n、…~～—]+")
_YOU = str.maketrans({"你": "我", "您": "我"})
#: how a sentence says the user said something, before what they said (你说过…, 你在2026-06说…)
_OPENER = re.compile(r"^(?:我|你)(?:[^，,。说讲写]{0,12}?)(?:说|讲|写|提到|表示)(?:过|了|的是)?[，,：:\s]*")


def _key_words(text: str) -> list[str]:
    import rjieba

    from .stance import STOP_TERMS

    return [w for w in rjieba.cut(text) if len(w) >= 2 and w not in STOP_TERMS and re.search(r"\w", w)]


def _concern(clause: str) -> str | None:
    from .stance import _cues_in

    for _, word, kind in _cues_in(clause)[0]:
        if kind in _CONCERN_KINDS and not INDIFFERENT.search(clause):
            return word
    m = _CONCERN_WORDS.search(clause)
    return m.group(0) if m and not INDIFFERENT.search(clause) else None


def _care_reversal(a: str, b: str) -> str | None:
    """``a`` says the user does not mind X (不在乎存款) where ``b`` worries about X (存款只够撑三个月):
    the worry in ``b`` that decided it, else None."""
    for clause in _CLAUSE.split(a):
        m = INDIFFERENT.search(clause)
        if m is None:
            continue
        for word in _key_words(clause[m.end():]) or _key_words(clause[:m.start()]):
            for other in _CLAUSE.split(b):
                if word in other and (cue := _concern(other)):
                    return cue
    return None


_DENIED = re.compile(r"没|未|不曾|从不|从来不|并非|并不")


def _same_person(a: str, b: str) -> bool:
    def bare(who: str) -> str:
        return re.sub(r"^(?:我的|我|你的|你)", "", who or "")
    x, y = bare(a), bare(b)
    return bool(x and y) and (x in y or y in x)


def _reported_reversal(sentence: str, claim: str) -> str | None:
    from .stance import _leaving, _reported, frame_for, read

    report = _reported(sentence)
    if report is None or not report.content:
        return None
    at = sentence.find(report.verb.lstrip("不"))
    if at >= 0 and _DENIED.search(_CLAUSE.split(sentence[:at])[-1]):
        return None  # "朋友并没有劝你马上辞职": a view denied is no view reported
    content = _CLAUSE.split(report.content)[0]  # the act urged, not what the sentence adds after it
    frame = frame_for(re.sub(r"^(?:我|你)", "", content))
    if not frame.act:
        return None
    said = read(sentence, frame)
    if said.own or not said.certain or said.basis != "act" or not said.reported_side:
        return None
    cited = read(claim, frame)
    if cited.own or not cited.certain or cited.reported_side != -said.reported_side:
        return None
    if not _same_person(said.speaker or "", cited.speaker or ""):
        return None
    if cited.basis != "act" and not _leaving(frame):
        return None  # a cue against a change ("别冲动") says nothing of an act that is not one
    return cited.cue


def _own_reversal(sentence: str, claim: str) -> str | None:
    import rjieba

    from .stance import STOP_TERMS, frame_for, read

    body = _OPENER.sub("", sentence)
    for word, tag in rjieba.tag(body):
        if len(word) < 2 or not tag.startswith("v") or word in STOP_TERMS or word not in claim:
            continue
        frame = frame_for("我该" + word)
        said, cited = read(body, frame), read(claim, frame)
        if not (said.firm and cited.firm and said.basis == cited.basis == "act" and said.side == -cited.side
                and said.form in ("plain", "negation") and cited.form in ("plain", "negation")):
            continue
        # a sentence that also says the claim's side somewhere ("你说过绝不想辞职，后来又说想辞职", citing
        # both) tells a change of mind, not the opposite of the claim
        if any(read(clause, frame).side == cited.side for clause in _CLAUSE.split(body) if frame.mentions(clause)):
            continue
        return cited.cue or word
    return None


def reversal(sentence: str, claim: str) -> Reversal | None:
    """The cited ``claim`` (its text, or the user's lines it cites) says the opposite of what
    ``sentence`` says of where the user (or a named person) stands, by one of the readings of the
    module docstring; None when no reading is sure of it."""
    from .judging import fold

    said = fold(sentence).translate(_YOU).strip()
    claim = fold(claim).strip()
    if not said or not claim:
        return None
    for how, read in (("reported", _reported_reversal), ("own", _own_reversal)):
        cue = read(said, claim)
        if cue:
            return Reversal(cue, how)
    cue = _care_reversal(said, claim)
    if cue is None and _care_reversal(claim, said):
        cue = INDIFFERENT.search(claim).group(0)  # the claim does not mind what the sentence says weighs
    return Reversal(cue, "care") if cue else None


def reversals(sentence: str, cited: Sequence[str | None]) -> Reversal | None:
    """:func:`reversal` of ``sentence`` against each of ``cited`` (a claim's text, its lines); the
    first found."""
    for text in cited:
        if text:
            found = reversal(sentence, text)
            if found is not None:
                return found
    return None

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
the user an answer. A feeling turned around (「你一直很讨厌你的领导」 over 「现在的领导其实很照顾我」, no act
in either) is read apart, against every cited text at once (:func:`feeling_reversal`, session 30).
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
_QUOTE_MARKS = "「」『』“”‘’\"'"
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


# ------------------------------------------------------------------ a feeling turned around
#
# Session 30: 「你一直很讨厌你的领导 [claim-X]」 over 「现在的领导其实很照顾我，换个地方未必遇得到」 passed:
# the two share a subject and no act, so the stance reader had nothing to weigh. The user's feeling
# toward a person or thing is read by three families of words, each with who feels it and about what:
#
# * the user's own feeling (我讨厌领导, 我对公司很不满, 加班让我受不了, 我很感激领导): a dislike
#   (:data:`DISLIKE`) or a liking (:data:`LIKE`), the user its only subject;
# * someone or something treating the user well or badly (领导很照顾我, 领导总是针对我: :data:`GOOD_TO_ME`,
#   :data:`BAD_TO_ME`);
# * a plain word of praise or blame the user says of it (领导人很好, 这家公司很烂: :data:`GOOD_WORD`,
#   :data:`BAD_WORD`).
#
# "The same thing" is the same head noun (the last noun of what the feeling is about), or one of the
# search's synonym groups (领导 ~ 老板 ~ 上司). A sentence is refused only when every cited text that
# speaks of that thing takes the other side, none of them or of the sentence's own clauses is mixed
# or negated about it, and the sentence's feeling is the user's, unhedged by a negation or a condition.

#: the user disliking, resenting or fearing something (the longest word first where they overlap)
DISLIKE = ("讨厌", "厌恶", "痛恨", "憎恨", "恨透", "厌烦", "烦透", "烦死", "受不了", "受够了", "不满", "反感", "看不惯",
           "看不上", "瞧不上", "嫌弃", "鄙视", "害怕", "畏惧", "恨", "烦", "怕")
#: the user liking, being grateful to or admiring something
LIKE = ("喜欢", "喜爱", "热爱", "感激", "感谢", "感恩", "欣赏", "佩服", "敬佩", "敬重", "尊敬", "信任", "满意", "舍不得",
        "珍惜", "爱")
#: single characters and words of the lists that are part of other words (恐怕, 可爱, 恨不得, 麻烦 …)
_NOT_FEELING = re.compile(r"恐怕|哪怕|可怕|怕是|只怕|生怕|就怕|怕的是|恨不得|麻烦|烦恼|可爱|恋爱|爱人|爱好|爱情|爱心|不满足|"
                          r"满意度|感谢信|信任度|怕不是|爱怎么|爱干嘛|爱去|爱来|要怕")
_ADV = (r"(?:一直|其实|本来|确实|实在|真的|真心|非常|特别|有点儿?|有些|越来越|始终|从来|向来|打心底|打心眼里|心里|一向|曾经|"
        r"以前|后来|现在|如今|当时|最近|近来|今年|去年|原来|当初|刚|一开始|刚开始|开始|渐渐|慢慢|已经|早就|总是|老是|也|还|真|都|蛮|超|最|好|太|就|挺|很|"
        r"更|又|倒|是|却|仍然|依然|多少|相当|十分|极其|尤其)*")
_NEGATOR = re.compile(r"(?:不|没|没有|并不|从不|从来不|从没|不太|不怎么|不再|没那么|别|不是|并非|谈不上|说不上|算不上)"
                      + _ADV + "$")
_LEAD = r"^(?:但是?|可是?|不过|而且|所以|只是|其实|于是|因此)?"
#: the user as the only subject before a feeling word: 我, 自己, or nothing (a diary's subject), then
#: adverbs, or 对/对于 + what it is about; or what it is about + 让/令/使 + 我
_WHEN = r"(?:[^，,我你他她]{0,8}?(?:的时候|那时候|那会儿?|时候|以后|之后|以前|之前|这几年|这段时间|这阵子))?"
_FEELER = re.compile(_LEAD + _WHEN + r"(?:我们?|自己)?" + _ADV + r"(?:对于?(?P<obj>[^，,]{1,14}?))?" + _ADV + "$")
_CAUSED = re.compile(_LEAD + r"(?P<obj>[^，,]{1,14}?)(?:让|令|使|叫)(?:我们?)" + _ADV + "$")
_TO_ME_ADV = r"(?:很|挺|特别|非常|一直|都|总是|老是|还|也|真|蛮|超|一向|向来|其实)*"
#: someone or something treating the user well / badly (领导很照顾我, 领导总针对我)
GOOD_TO_ME = re.compile(r"(?:照顾|关照|关心|提携|器重|赏识|看重|护着|罩着|帮)(?:了|过)?我|对我" + _TO_ME_ADV
                        + r"(?:好|不错|客气|照顾|关照|上心)|待我不薄")
BAD_TO_ME = re.compile(r"(?:针对|为难|刁难|排挤|压榨|欺负|打压|骂|坑|算计|看不起|瞧不起|防着)(?:了|过)?我|给我穿小鞋|对我"
                       + _TO_ME_ADV + r"(?:差|凶|不好|刻薄|冷淡|苛刻)")
#: a plain word of praise or blame at a clause's end (领导人很好, 这家公司很烂)
GOOD_WORD = re.compile(r"(?:人)?" + _TO_ME_ADV + r"(?:好|不错|靠谱|好相处|厚道|nice|给力|优秀|够意思)(?:的|了|啊|呀|吧|呢)*$")
BAD_WORD = re.compile(r"(?:人)?" + _TO_ME_ADV + r"(?:差劲|差|糟糕|烂|恶心|奇葩|坑|渣|混蛋|垃圾|不靠谱|难相处|刻薄|不是东西)"
                      r"(?:的|了|啊|呀|吧|呢)*$")
#: someone else's words or view before a feeling (同事说…, 我妈觉得…): not the user's feeling
_REPORTED = re.compile(r"说|觉得|认为|以为|听说|据说|夸|评价|骂|劝|告诉|别人|人家|大家")
_HEDGE = re.compile(r"^(?:如果|要是|假如|假设|万一|即使|哪怕|就算|一旦|倘若)")
_FEELINGS = sorted(((w, -1) for w in DISLIKE), key=lambda x: -len(x[0])) + sorted(((w, 1) for w in LIKE),
                                                                                  key=lambda x: -len(x[0]))


@dataclass(frozen=True)
class Feeling:
    side: int  # +1 likes / is treated well, -1 dislikes / is treated badly
    thing: str  # the head noun of what it is about (领导)
    words: str  # the words that say it (讨厌你的领导, 现在的领导其实很照顾我)
    negated: bool = False  # said denied (不讨厌): no side, but the thing is spoken of


_THESAURUS: dict[str, frozenset[int]] | None = None


def _groups(word: str) -> frozenset[int]:
    """The synonym groups ``word`` belongs to (the search's: builtin ``PERSONAL_SYNONYMS`` and the
    diary vocabulary), read once."""
    global _THESAURUS
    if _THESAURUS is None:
        from ..builtin.search import PERSONAL_SYNONYMS
        from ..search.diary_vocab import EXTENSIONS, NEW_GROUPS

        groups = [list(g) for g in PERSONAL_SYNONYMS] + [list(g) for g in NEW_GROUPS]
        for first, more in EXTENSIONS.items():
            groups += [[first, *more]]
        table: dict[str, set[int]] = {}
        for i, group in enumerate(groups):
            for w in group:
                table.setdefault(w.lower(), set()).add(i)
        _THESAURUS = {w: frozenset(ids) for w, ids in table.items()}
    return _THESAURUS.get(word.lower(), frozenset())


def same_thing(a: str, b: str) -> bool:
    """Do head nouns ``a`` and ``b`` name the same person or thing (equal, or in one synonym group)?"""
    return a == b or bool(_groups(a) & _groups(b))


def _head(span: str, *, after: bool = False) -> str | None:
    """The head noun of ``span`` (what a feeling is about): its last noun of two characters or more
    (领导 of 现在的领导, 工作 of 这份工作, 脾气 of 领导的脾气), or a verb said alone (加班). With
    ``after`` (the words after a feeling verb), only the first noun phrase (老板 of 感激老板当初给我机会),
    and none when they tell an event (怕换个地方遇不到…: a verb with more after it); a pronoun alone
    (他, 她) is :data:`PRONOUN`; None when it names nothing (这里)."""
    import rjieba

    words = [(w, tag) for w, tag in rjieba.tag(span) if re.search(r"\w", w)]
    head, pronoun = None, False
    for k, (word, tag) in enumerate(words):
        nxt = words[k + 1][0] if k + 1 < len(words) else None
        if after and tag.startswith("v") and tag != "vn" and nxt is not None and nxt not in ("的", "之"):
            return None  # an event feared or wanted, not a thing
        last = all(not re.search(r"[\u4e00-\u9fff]", w) or t in ("d", "m", "ul", "uj", "y") for w, t in words[k + 1:])
        verb = tag.startswith("v") and (head is None if after else last)
        if len(word) >= 2 and (tag.startswith("n") or tag in ("vn", "j", "eng") or verb) \
                and word not in _STOP_HEADS and not any(word == f for f, _ in _FEELINGS):
            head, pronoun = word, False
        elif word in ("的", "之"):
            head = None  # 领导的脾气: what follows 的 is the head
        elif word in ("他", "她", "它", "他们", "她们"):
            head, pronoun = None, True  # 后来发现他很照顾你: the nearest one named does it
        elif after and head is not None:
            break  # the first noun phrase ends
    return PRONOUN if head is None and pronoun else head


#: what a feeling about 他 / 她 is about: someone the sentence named before (only the sentence's own
#: feelings are compared with it, to tell a change of feeling told in one sentence)
PRONOUN = "<他>"


#: words that name no thing a feeling could be about
_STOP_HEADS = frozenset(("现在", "以前", "后来", "时候", "东西", "事情", "一切", "一点", "有点", "这样", "那样", "感觉",
                         "觉得", "认为", "知道", "开始", "一直", "其实", "自己", "我们", "你们", "他们", "她们"))


def feelings(text: str, *, sentence: bool = False, quoted: bool = False) -> list[Feeling]:
    """The user's feelings in ``text`` toward people and things (see the section comment). With
    ``sentence``, a model's sentence: its opener (你说过…) is read past and a clause under a condition
    (如果…) says nothing; with ``quoted`` too, the words it quotes as the user's are read inside
    their marks (你说过「我一直很讨厌领导」)."""
    out: list[Feeling] = []
    for clause in _CLAUSE.split(text):
        clause = clause.strip()
        if sentence:
            clause = _OPENER.sub("", clause)
            if quoted:  # the user's words quoted as theirs: read inside the marks, as the same words said plainly
                clause = clause.strip(_QUOTE_MARKS)
        if not clause or _HEDGE.match(clause):
            continue
        taken: list[tuple[int, int]] = [m.span() for m in _NOT_FEELING.finditer(clause)]
        for word, side in _FEELINGS:
            for m in re.finditer(re.escape(word), clause):
                a, b = m.span()
                if any(x < b and a < y for x, y in taken):
                    continue
                taken.append((a, b))
                before, after = clause[:a], clause[b:]
                negated = _NEGATOR.search(before)
                if negated:
                    before = before[:negated.start()]
                feeler = _FEELER.match(before) or _CAUSED.match(before)
                if feeler is not None and _REPORTED.search(before):
                    continue  # 同事说…让我受不了: whose words these are is another's
                if feeler is None:
                    continue  # someone else feels it (同事讨厌领导), or it is about the user (领导讨厌我)
                obj = feeler.group("obj")
                thing = _head(obj) if obj else _head(re.split(r"[，,]", after)[0], after=True)
                if thing:
                    out.append(Feeling(side, thing, clause, bool(negated)))
        for pattern, side in ((GOOD_TO_ME, 1), (BAD_TO_ME, -1)):
            for m in pattern.finditer(clause):
                before = clause[:m.start()]
                if _REPORTED.search(before):
                    continue  # 同事说领导很照顾你: the colleague's words
                negated = _NEGATOR.search(before)
                thing = _head(before[:negated.start()] if negated else before)
                if thing:
                    out.append(Feeling(side, thing, clause, bool(negated)))
        for pattern, side in ((GOOD_WORD, 1), (BAD_WORD, -1)):
            m = pattern.search(clause)
            if m is None or any(f.words == clause for f in out):
                continue
            before = clause[:m.start()]
            negated = _NEGATOR.search(before) or re.search(r"不|没", m.group(0)[:2])
            thing = _head(before[:negated.start()] if negated and negated.re is _NEGATOR else before)
            if thing and "我" not in before and not _REPORTED.search(before):
                out.append(Feeling(side, thing, clause, bool(negated)))
    return out


def feeling_reversal(sentence: str, cited: Sequence[str | None], *,
                     quoted: bool = False) -> tuple[int, Feeling, Feeling] | None:
    """The user's feeling toward a person or thing ``sentence`` states that every cited text speaking
    of the same thing turns around (「你一直很讨厌你的领导」 over 「现在的领导其实很照顾我」), as (the index
    in ``cited`` of the first text saying the other side, the sentence's feeling, that text's), or None.
    Nothing is refused where a cited text or the sentence itself is mixed about the thing, or says it
    denied (不讨厌), or where no cited text speaks of it. ``quoted``: the words the sentence quotes as
    the user's are read as their feeling too (:func:`feelings`)."""
    from .judging import fold

    said = feelings(fold(sentence).translate(_YOU).strip(), sentence=True, quoted=quoted)
    if not said:
        return None
    read = [(i, feelings(fold(text).strip())) for i, text in enumerate(cited) if text]
    for mine in said:
        if mine.negated or mine.thing == PRONOUN:
            continue
        if any((same_thing(o.thing, mine.thing) or o.thing == PRONOUN) and (o.side != mine.side or o.negated)
               for o in said):
            continue  # mixed in the sentence itself (你既感激领导又讨厌领导)
        related = [(i, f) for i, fs in read for f in fs if f.thing != PRONOUN and same_thing(f.thing, mine.thing)]
        if related and all(f.side == -mine.side and not f.negated for _, f in related):
            return related[0][0], mine, related[0][1]
    return None

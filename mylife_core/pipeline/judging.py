"""The one judging rule for every model sentence the user sees (docs/ask.md, "The judging rule").

``ask``, ``chat``, ``digest``, ``extract``, branch handoffs, the tool-call lines of a model's progress
(:func:`judged_arguments`) and the MCP write paths all call this
module; nothing else decides whether a model's sentence may be shown.

**Classification.** A model's text is cut into sentences (:func:`.citations.split_sentences`).
Each sentence is one of:

* ``question`` — a question handed back to the user, *unless* it smuggles a verdict: a
  rhetorical form ("难道…", "何不…", "为什么不…", "不该…吗", "是不是应该…", "shouldn't you…"), a
  leaning answer asked as a question ("辞职吧？", "干脆辞职？", "How about quitting?") or a
  directive / evaluative word (:data:`DIRECTIVE`, :data:`EVALUATIVE`) makes it a judgment;
* ``small_talk`` — nothing but greetings, thanks, acknowledgements and the assistant saying
  what it is about to look up (:data:`SMALL_TALK`, matched against the whole sentence);
* ``restatement`` — the user's own words said back: at least :data:`RESTATE_COVERAGE` of the
  sentence's character pairs occur in what the user *stated* in this conversation (their
  questions do not count: "你该辞职" does not restate "我该不该辞职？", nor do someone else's
  views they report: "朋友说我应该辞职"), and it adds no directive or evaluative word the user did
  not use, nor drops or adds a negation around one ("我没有能力做好" is not "你有能力做好"), nor
  drops, adds or swaps a negation in a clause it says back (:func:`_negation_kept`: "你不想辞职"
  does not restate "我想辞职", whatever else the sentence repeats); English "you" reads as the
  user's "I" (:func:`_clauses`);
* ``judgment`` — everything else. The default is the strict one, exactly as ``ask`` has always
  treated a model's sentences: whatever is not clearly one of the three above must cite.

The word lists are matched against the text as it reads (:func:`fold`): a verdict in
traditional characters, spelled out with spaces, split by an invisible character or in
full-width letters is found like the plain one (the text shown is not changed).

**The rule.** A ``judgment`` must cite at least one claim, and every claim it cites must exist,
count as evidence (an inference only once the user accepted it; never rejected or
superseded) and still trace to the user's lines (:func:`.citations.check_citation`, plus any
per-citation check registered in :data:`.citations.CITATION_CHECKS`), and keep what it cites: words it
quotes are in the cited words, a view it reports is not the reverse of the cited one
(:func:`.citations.check_fidelity`, :mod:`.fidelity`). Any sentence, whatever
its kind, is refused when a citation it carries is invalid, and when it claims that a write was
done which was not (:func:`claims_write`, checked against the turn's applied writes). A refused
sentence is withheld and listed under "无依据，未采纳" with the reason for each problem.

**What is judged.** The judge is told the kind of text (:data:`TextKind`): an ``answer``
(``ask``, ``chat``: a cited, traceable piece of advice is what was asked for) or a ``summary`` (a
digest, L1, later read as the user's own layer). In a summary a sentence that advises or judges
the user in its own words is refused whatever it cites (:func:`summary_verdicts`: "你应该马上辞职，
这是最好的选择"); one that reports the user's or someone's advice stays ("你朋友劝你别冲动",
"你觉得自己应该辞职").

A text that holds any ``judgment`` (shown or withheld) *carries a judgment*: its output ends
with the disclaimer and an L4 chain is recorded for it.

**Streaming.** A live display (a terminal, the panel's ask page) gets a model's words through
:class:`JudgedStream` only: each sentence is judged as soon as it is complete, and only the ones
the rule lets through are handed on.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from .answer import CitationProblem, Judgment, Unsupported
from .citations import Sentence, split_sentences

if TYPE_CHECKING:  # pragma: no cover
    from ..trace import SourceChecker
    from ..workspace import Workspace

Kind = Literal["judgment", "question", "small_talk", "restatement"]
KINDS: tuple[str, ...] = ("judgment", "question", "small_talk", "restatement")

# -------------------------------------------------------------------------- the word lists

#: telling the user what to do (any of these keeps a sentence a judgment)
DIRECTIVE = re.compile(
    r"(?<!不)应该|应当|(?:你|就|也|早|更|真|确实|本)该(?!不)|必须|务必|一定要|千万|最好|不妨|不如|建议|推荐你|劝你"
    r"|赶紧|赶快|马上|立刻|立即|尽快|别再|别去|不要再|不要去|快去|相信自己|加油|放手去|勇敢|果断"
    r"|(?i:\byou\s+(?:should(?:n'?t)?|must(?:n'?t)?|need\s+to|ought\s+to|have\s+to)\b|\bi\s+(?:recommend|suggest|advise)\b"
    r"|\bi(?:'d|\s+would)\s+(?:recommend|suggest|advise)\b|\bmy\s+advice\b"
    r"|\byou'd\s+better\b|\bmake\s+sure\b|\bbelieve\s+in\s+yourself\b|\bgo\s+for\s+it\b|\bjust\s+do\s+it\b)")
#: judging the user or their options (flattery included)
EVALUATIVE = re.compile(
    r"能力|优秀|出色|厉害|了不起|很棒|真棒|太棒|天赋|才华|潜力|远超|屈才|配不上|大材小用|值得|正确|明智|错误|聪明"
    r"|完美|其实你|你其实|显然|明显|肯定|一定能|一定会|注定|看透|更看重|适合|最好的|更好的|好选择|对的|错的"
    r"|很强|强大|坚强|相信你|了不得|失败者|没用"
    r"|(?i:\b(?:talented|brilliant|amazing|smart|deserve|clearly|obviously|definitely|capable|overqualified"
    r"|far\s+beyond|the\s+right\s+(?:choice|call|move)|(?:the\s+)?best\s+(?:choice|option|decision|call|move|thing\s+to\s+do)"
    r"|wrong|mistake)\b)")
#: a question that is really a verdict
RHETORICAL = re.compile(
    r"难道|难不成|岂|何不|何必|何苦|为什么不|为啥不|为何不|怎么还不|还不赶紧|还不快|不就是|不正是|不是更|不是应该"
    r"|不该|不应该|不应当|是不是(?:应该|该|得)"
    # a leaning answer asked as a question: an imperative or a guess with 吧 (辞职吧？, 那就辞职吧，好吗？),
    # "just do it" words (干脆, 索性, 要不就), "wouldn't that settle it" (不就好了, 算了)
    r"|吧\W*$|吧\W*(?:好吗|好不好|行吗|行不行|可以吗)\W*$|干脆|索性|要不就|不就好了|不就行了|不就得了|算了吧?\W*$"
    r"|(?i:\bshouldn'?t\s+you\b|\bwhy\s+not\b|\bwhy\s+don'?t\s+you\b|\bdon'?t\s+you\s+think\b|\bisn'?t\s+it\s+time\b"
    r"|\bwouldn'?t\s+it\s+be\s+(?:better|wise|smarter)\b|\bhow\s+about\b|\bwhat\s+if\s+you\s+just\b"
    r"|\b(?:it'?s|it\s+is)\s+time\s+to\b|,\s*(?:okay|ok|right|alright|yeah)\W*$)")
#: a sentence saying a write was done ("已经帮你把存款改成 0 了", "done!")
WRITE_DONE = re.compile(
    r"(?:已经|已|帮你|给你|替你|为你).{0,16}?(?:改|更新|记|录|写|存|保存|添加|加上|加了|设置|设为|设成|删|拆|开了|建了|登记)"
    r"|(?:改|更新|记|写|存|保存|添加|设置|删除|登记)(?:好|完|妥)了|搞定|办好了|弄好了|完成了"
    r"|(?i:\bdone\b|\b(?:i'?ve|i\s+have|has\s+been|have\s+been|was|were)\s+(?:updated|saved|recorded|added|changed|written"
    r"|set|stored|deleted|opened|created)\b|\ball\s+set\b)")

_SMALL_TALK_PHRASES = [
    # greetings, thanks, acknowledgements, apologies, sign-offs. Not a yes (是的, 对, 可以, 行, 没问题,
    # sure): said to "我该不该辞职？" it is the verdict, as "Yes." is
    "早上好", "上午好", "中午好", "下午好", "晚上好", "你好", "您好", "哈喽", "早安", "晚安", "嗨",
    "(?:谢谢|感谢|多谢)(?:你|您)?(?:告诉我|跟我说|的分享|分享|愿意说|的信任|信任我)", "谢谢你", "谢谢", "多谢", "感谢", "不客气", "不用谢", "好的", "好嘞", "好", "嗯嗯", "嗯", "哦", "噢", "喔",
    "明白了", "明白", "了解了", "了解", "收到了", "收到", "知道了",
    "抱歉", "对不起", "不好意思", "再见", "拜拜", "回头见", "这样啊", "原来如此", "原来是这样",
    "我在听", "我在", "我明白你的意思", "我明白", "我理解你的感受", "我理解", "我懂", "我听到了", "辛苦了", "抱抱",
    "请说", "请讲", "请继续", "你继续", "慢慢说", "哈哈", "呵呵",
    # the assistant saying what it looks up
    "(?:让我|我来|我先|我)(?:查|看|找|翻|搜)(?:一下|一查|一看|看|查)?(?:你的|你之前的)?(?:记录|笔记|资料|数据|档案|原话)?",
    "稍等一下", "稍等",
    # English
    "good morning", "good evening", "good night", "hello", "hi", "hey",
    "(?:thank you|thanks) for (?:telling me|sharing(?: that| this)?|letting me know)", "thank you", "thanks", "you're welcome",
    "okay", "ok", "got it", "i see", "understood", "i understand", "i hear you", "sorry", "goodbye", "bye",
    "i'm here", "go on", "tell me more", "let me (?:check|look at|look)(?: that up| your notes| your records)?",
]
#: matched against the whole sentence with spaces and punctuation removed
SMALL_TALK = re.compile("(?:" + "|".join(p.replace(" ", "").replace("'", "") for p in _SMALL_TALK_PHRASES) + ")+")
_NOISE = re.compile(r"[\s\W_]+", re.UNICODE)

#: the traditional forms of the characters the word lists above use: a verdict written in
#: traditional characters (你應該辭職, 難道你不該…嗎) is the same verdict (:func:`fold`)
_TRADITIONAL = ("萬万 為为 爲为 麼么 麽么 優优 會会 寫写 剛刚 刪删 別别 勸劝 辦办 務务 華华 厲厉 聽听 嘍喽 堅坚 頭头 實实 對对"
                " 盡尽 儘尽 豈岂 幫帮 應应 開开 強强 彊强 當当 錄录 願愿 擇择 據据 數数 斷断 顯显 來来 樣样 檔档 氣气 沒没"
                " 註注 潛潜 確确 筆笔 緊紧 經经 給给 繼继 續续 聰聪 薦荐 見见 讓让 議议 記记 講讲 設设 訴诉 話话 該该"
                " 誤误 說说 説说 請请 謝谢 敗败 資资 賦赋 趕赶 過过 還还 這这 遠远 適适 選选 錯错 問问 難难 須须 題题"
                " 馬马 纔才 嗎吗 辭辞 職职")
_SIMPLIFIED = str.maketrans({pair[0]: pair[1] for pair in _TRADITIONAL.split()})
_HAN = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
#: what may sit between two Chinese characters without being read: spaces and decorative marks
#: (你 应 该, 应·该, 应-该); invisible format characters are removed before (应\u200b该)
_GAP = re.compile(rf"(?<={_HAN})[\s\u00b7\u2022\u30fb\u2027*_~\-]+(?={_HAN})")


def fold(text: str) -> str:
    """The text the word lists are matched against: compatibility forms unified (full-width
    letters, ``ｓｈｏｕｌｄ``), invisible format characters (zero-width spaces, direction marks)
    removed, traditional characters read as simplified, and spaces or decorative marks between
    Chinese characters dropped. A verdict disguised by any of these is still found; the text the
    user sees is not changed."""
    text = unicodedata.normalize("NFKC", text or "")
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    return _GAP.sub("", text.translate(_SIMPLIFIED))


#: share of a sentence's character pairs that must come from the user's own statements
RESTATE_COVERAGE = 0.7
_OPENER = re.compile(
    r"^(?:(?:你|您)(?:刚才|刚刚|刚|之前|前面|上次)?(?:说|提到|讲|写|告诉我)(?:过|了|的是)?|按你(?:的)?说(?:的|法)|照你(?:说的|的说法)"
    r"|如你所说|正如你(?:说的|所说)|你的意思是|你是说|听起来你|(?i:you\s+(?:said|mentioned|told\s+me)(?:\s+that)?"
    r"|as\s+you\s+said))[，,：:\s]*")
_PRONOUN = str.maketrans({"你": "我", "您": "我"})


def _compact(text: str) -> str:
    return _NOISE.sub("", fold(text).casefold())


#: English said back to the user, read as the user said it: "you"/"your" as "I"/"my" (and the
#: user's "me" as "I": "ignores you" restates "ignores me"), contractions spelled out
_EN_CONTRACTION = [(re.compile(r"\bcannot\b"), "can not"), (re.compile(r"\bwon't\b"), "will not"),
                   (re.compile(r"\bcan't\b"), "can not"), (re.compile(r"n't\b"), " not"),
                   (re.compile(r"'m\b"), " am"), (re.compile(r"'re\b"), " are"), (re.compile(r"'ve\b"), " have"),
                   (re.compile(r"'ll\b"), " will")]
_EN_PERSON = {"you": "i", "me": "i", "your": "my", "yours": "mine", "yourself": "myself"}
_EN_AFTER_I = {"are": "am", "were": "was"}
#: a negation, as one unit of a restatement (:func:`_units`): the characters and words of :data:`NEGATION`
_NEGATION_UNITS = frozenset("不没无别未非莫勿甭") | {"not", "no", "never"}


def _clauses(text: str) -> list[list[str]]:
    """The units a restatement is measured in, clause by clause: CJK characters and whole Latin
    words/numbers, as the text reads (:func:`fold`; English pronouns and contractions as the user
    would say them), each marked with the negations before it in its clause. A negation is no unit
    of its own: it changes the units after it, so words said back with a negation dropped or added
    ("你不想辞职" for "我想辞职", "you don't want to quit" for "I want to quit") are not the words
    the user said."""
    text = fold(text).casefold().replace("\u2019", "'")
    for pattern, spelled in _EN_CONTRACTION:
        text = pattern.sub(spelled, text)
    out: list[list[str]] = []
    for clause in _CLAUSE.split(text):
        units: list[str] = []
        negations = 0
        for token in re.findall(r"[a-z0-9]+|[^\sa-z0-9\W]", clause):
            if token in _NEGATION_UNITS:
                negations += 1
                continue
            token = _EN_PERSON.get(token, token)
            if units and units[-1].lstrip("¬") == "i" and token in _EN_AFTER_I:
                token = _EN_AFTER_I[token]
            units.append("¬" * negations + token)
        if units:
            out.append(units)
    return out


def _units(text: str) -> list[str]:
    return [unit for clause in _clauses(text) for unit in clause]


def _bare_pairs(units: list[str]) -> set[str]:
    bare = [u.lstrip("¬") for u in units]
    return set(bare) if len(bare) == 1 else {bare[i] + "|" + bare[i + 1] for i in range(len(bare) - 1)}


def _negations(units: list[str]) -> int:
    return max((len(u) - len(u.lstrip("¬")) for u in units), default=0)


def _negation_kept(body: str, statements: Sequence[str]) -> bool:
    """Each clause of ``body`` that says back a clause of the user's (half its words or more, read
    without negations) has as many negations as one such clause: a negation dropped, added or
    swapped for another word ("身体受得了" for "身体受不了") is not the user's words, however much
    of the rest is."""
    said = [(_bare_pairs(c), _negations(c)) for st in statements for c in _clauses(st.translate(_PRONOUN))]
    for clause in _clauses(body):
        pairs = _bare_pairs(clause)
        aligned = [n for bare, n in said if len(pairs & bare) * 2 >= len(pairs)]
        if aligned and _negations(clause) not in aligned:
            return False
    return True


def _pairs(text: str) -> list[str]:
    """Pairs of adjacent units (:func:`_units`), for restatement coverage."""
    units = _units(text)
    if len(units) == 1:
        return units
    return [units[i] + units[i + 1] for i in range(len(units) - 1)]


def user_statements(words: Iterable[str]) -> list[str]:
    """What the user *stated* (their questions are left out: restating a question as a statement
    turns it into a verdict; so is someone else's view they report, "朋友说我应该辞职", by the rule
    that never presents another's view as the user's, :func:`.evidence.frame_for_view`)."""
    from .evidence import frame_for_view

    out: list[str] = []
    for text in words:
        for s in split_sentences(text or ""):
            if not s.question and not frame_for_view(s.text):
                out.append(s.text)
    return out


def _markers(pattern: re.Pattern[str], text: str) -> set[str]:
    return {m.group(0).casefold() for m in pattern.finditer(fold(text))}


#: a negation, counted in a clause that says back a judging word (:func:`_judging_kept`)
NEGATION = re.compile(r"[不没无别未非莫勿甭]|(?i:\bnot\b|n't\b|\bnever\b|\bno\b|\bcannot\b)")
_CLAUSE = re.compile(r"[，,。.!！?？；;：:\n、…~～—]+")


def _judging(text: str) -> set[str]:
    return _markers(DIRECTIVE, text) | _markers(EVALUATIVE, text)


def _judging_kept(body: str, statements: Sequence[str]) -> bool:
    """Each clause of ``body`` that says a judging word back finds a clause of the user's with
    those words and as many negations: "我不觉得我应该辞职" does not back "你应该辞职", nor
    "我没有能力做好" "你有能力做好" (words said back with the negation dropped, or added, are the
    opposite of what the user said)."""
    said = [c for st in statements for c in _CLAUSE.split(fold(st)) if c.strip()]
    for clause in _CLAUSE.split(fold(body)):
        words = _judging(clause)
        if not words:
            continue
        negations = len(NEGATION.findall(clause))
        if not any(words <= _judging(c) and len(NEGATION.findall(c)) == negations for c in said):
            return False
    return True


def is_restatement(text: str, statements: Sequence[str]) -> bool:
    """The sentence says back what the user stated, adding no directive or evaluative word and
    dropping or adding no negation around one (:func:`_judging_kept`)."""
    if not statements:
        return False
    body = _OPENER.sub("", text.strip()).translate(_PRONOUN)
    said = " ".join(statements).translate(_PRONOUN)
    added = (_markers(DIRECTIVE, body) | _markers(EVALUATIVE, body)) - (
        _markers(DIRECTIVE, said) | _markers(EVALUATIVE, said))
    if added or not _judging_kept(body, statements) or not _negation_kept(body, statements):
        return False
    pairs = _pairs(body)
    if not pairs:
        return False
    known = set()
    for statement in statements:
        known.update(_pairs(statement.translate(_PRONOUN)))
    covered = sum(1 for p in pairs if p in known)
    return covered / len(pairs) >= RESTATE_COVERAGE


def is_small_talk(text: str) -> bool:
    compact = _compact(text)
    return bool(compact) and SMALL_TALK.fullmatch(compact) is not None


def smuggles_verdict(text: str) -> bool:
    """A question that is really a verdict or an instruction."""
    text = fold(text)
    return bool(RHETORICAL.search(text) or DIRECTIVE.search(text) or EVALUATIVE.search(text))


def classify(text: str, *, question: bool | None = None, user_words: Sequence[str] = ()) -> Kind:
    """Which kind of sentence ``text`` is (see the module docstring)."""
    if question is None:
        question = text.rstrip("”’\"'」』）)】] ").endswith(("？", "?"))
    if question:
        return "judgment" if smuggles_verdict(text) else "question"
    if not _markers(DIRECTIVE, text) and not _markers(EVALUATIVE, text) and is_small_talk(text):
        return "small_talk"
    if is_restatement(text, user_statements(user_words)):
        return "restatement"
    return "judgment"


def role_of(kind: str) -> str:
    """The :class:`~.answer.Judgment` role of a kind: judgments and questions keep theirs, the
    rest are remarks (shown, never required to cite, not conclusions of a chain)."""
    return kind if kind in ("judgment", "question") else "remark"


def claims_write(text: str) -> bool:
    return WRITE_DONE.search(fold(text)) is not None


# -------------------------------------------------------------------------- summaries

#: what a judge judges (:class:`Judge`, :func:`.citations.evaluate`): a model's ``answer`` to the
#: user (``ask``, ``chat``: a cited verdict or piece of advice is what was asked for) or a
#: ``summary`` of the user's words (a digest, L1: later read as the user's own layer, so it says
#: whose words it gives and carries no advice or verdict of the model's, :func:`summary_verdicts`)
TextKind = Literal["answer", "summary"]
TEXT_KINDS: tuple[str, ...] = ("answer", "summary")

#: the user said, thought, felt or wanted what follows: "你说过…", "你觉得自己应该…", "你一直担心…",
#: "you said …", "you feel …" ("你说得对", "你想想", "你想清楚" tell the user something: not a report)
_USER_REPORT = re.compile(
    r"(?:你|您)(?:自己)?(?:也|还|都|又|曾|曾经|一直|总是|总|老是|当时|之前|后来|其实|常常|反复|始终|最近|那时)*"
    r"(?:说(?![得的])|讲(?![得的])|写|提到|提过|表示|告诉|觉得|觉着|认为|感到|感觉|想(?![想清明好通开])|想要|希望|打算|准备"
    r"|决定|担心|害怕|怕|犹豫|纠结|承认|相信|怀疑|问自己|问过自己|坦言|抱怨|记下|记得|盼着|宁愿|愿意)"
    r"|(?i:\byou\s+(?:(?:have|had|once|also|still|often|always|really|then)\s+)*(?:said|say|told|wrote|write|mentioned"
    r"|feel|felt|think|thought|believe|believed|want|wanted|hope|hoped|worry|worried|wonder|wondered|fear|feared"
    r"|plan|planned|admitted|asked\s+yourself|were\s+(?:afraid|worried|unsure))\b)")
#: someone else's view, in English: "your friend said / thinks you should …", "Ajie told you …"
_EN_SOMEONE_REPORT = re.compile(
    r"(?:(?i:\byour\s+(?:\w+\s+)?\w+|\bhe|\bshe|\bthey|\bsomeone|\bothers|\bpeople)|\b(?!I\b|It\b|This\b|That\b|There\b)[A-Z][a-z]+)"
    r"(?=(?i:\s+(?:(?:also|once|still|kept|had|has|always)\s+)?(?:said|says|told|tells|thinks|thought|believes|believed"
    r"|felt|feels|advised|advises|urged|urges|suggested|suggests|warned|warns|wants|wanted|asked|asks)\b))")
#: a clause telling the user not to do something: "你别辞职", "你千万不要…", "你不用担心"
_SUMMARY_IMPERATIVE = re.compile(r"^(?:你们?|您)(?:千万|一定|还是|就|先|可|也)?(?:别(?!人)|不要|不准|不许|甭|不用|没必要)")
_SPAN = re.compile(r"[^，,。.!！?？；;：:\n、…~～—]+")


def _a_person(who: str) -> bool:
    """Does ``who`` (the speaker :func:`.stance._reported` found) name a person, and end there: not
    a thing or a way of speaking ("理性地说", "数据显示"), nor the user told what to do ("你应该说出来":
    its speaker would be 你应该)? The user (你), kin or a colleague (你最好的朋友), someone named (阿杰,
    老王, 李明)."""
    import rjieba

    from . import stance_cues as cues

    if re.search(r"(?:你|您|他|她|他们|她们|别人|人家|大家|" + cues.KIN + r"|^[老小阿][\u4e00-\u9fff])$", who):
        return True
    tagged = list(rjieba.tag(who))
    return bool(tagged) and tagged[-1][1].startswith("nr")


def _reported_from(clause: str) -> int | None:
    """Where, in ``clause``, words start that the clause gives as someone's (the user's own, "你说过…",
    "你觉得自己…"; or another person's, "你朋友劝你…", read by :func:`.stance._reported`), or None
    when it gives none: a model's "我建议你…" is the model's own."""
    from .stance import _reported

    own = _USER_REPORT.search(clause)
    starts = [own.start()] if own else []
    report = _reported(clause)
    if report is not None and report.who and not report.who.startswith("我") and _a_person(report.who):
        at = clause.find(report.who)
        verb = clause.find(report.verb.lstrip("不"))
        if verb >= 0:
            starts.append(at if 0 <= at <= verb else verb)
    someone = _EN_SOMEONE_REPORT.search(clause)
    if someone is not None:
        starts.append(someone.start())
    return min(starts) if starts else None


def _advice_in(clause: str) -> list[str]:
    """The words of ``clause`` that advise or judge (:data:`DIRECTIVE`, :data:`EVALUATIVE`,
    :data:`RHETORICAL`, a 你别… imperative), as written."""
    found = [m.group(0) for pattern in (DIRECTIVE, EVALUATIVE, RHETORICAL) for m in pattern.finditer(clause)]
    m = _SUMMARY_IMPERATIVE.match(clause)
    return found + ([m.group(0)] if m else [])


def summary_verdicts(text: str, statements: Sequence[str] = ()) -> list[str]:
    """The words in which a sentence of a summary (a digest) advises or judges the user itself, by
    the word lists every judgment is read with (:data:`DIRECTIVE`, :data:`EVALUATIVE`,
    :data:`RHETORICAL`): "你应该马上辞职", "这是最好的选择", "建议你…", "you should …". Such words are
    the summary's own unless the clause they are in reports them as someone's: the user's ("你说过…",
    "你觉得自己应该…", "you feel you should …") or another person's ("你朋友劝你别冲动", "阿杰认为…",
    :func:`.stance._reported`); or unless they are the user's own words said back: a clause whose
    judging words, the user's "我" for "你", are those of a clause of ``statements`` (the user's own
    statements, :func:`user_statements`) with as many negations (:func:`_judging_kept`), and that
    does not tell the user what to do ("你应该辞职" is advice even where the user wrote "我应该辞职":
    a summary says "你觉得自己应该辞职").
    Returns those words in the order they appear (empty: the sentence may stand in a summary)."""
    body = fold(text)
    said = [st.translate(_PRONOUN) for st in statements]
    found: list[str] = []
    covered = False  # a clause ending on its reporting verb ("你朋友劝你：") gives the words after it
    for span in _SPAN.finditer(body):
        clause = span.group(0)
        if not clause.strip():
            continue
        at = 0 if covered else _reported_from(clause)
        if at is not None and not covered and not _after_verb(clause, at).strip(" 过了道着的是你我"):
            covered = True
        words = _advice_in(clause if at is None else clause[:at])
        if not words:
            continue
        own = clause.translate(_PRONOUN)
        told = DIRECTIVE.search(clause) is not None and re.search(r"你|您|(?i:\byou\b)", clause) is not None
        if said and not told and _judging(own) and _judging_kept(own, said):
            continue  # the user's own words said back ("这份工作不值得" of 我觉得这份工作不值得)
        theirs = _judging(" ".join(said))  # the user's own words are not listed as the summary's
        found.extend(w for w in ([w for w in words if w.casefold() not in theirs] or words) if w not in found)
    return [w for w in found if not any(w != other and w in other for other in found)]  # 最好 within 最好的


def _after_verb(clause: str, at: int) -> str:
    """What a reported clause says after its reporting verb (nothing: its words follow in the next
    clauses, "你朋友劝过你：…")."""
    from .stance import _reported

    own = _USER_REPORT.match(clause, at)
    if own is not None:
        return clause[own.end():]
    report = _reported(clause[at:])
    verb = clause.find(report.verb.lstrip("不"), at) if report is not None else -1
    return clause[verb + len(report.verb.lstrip("不")):] if report is not None and verb >= 0 else clause[at:]


# -------------------------------------------------------------------------- judging


@dataclass
class JudgedSentence:
    text: str  # citations removed
    claim_ids: list[str]
    kind: Kind
    problems: list[CitationProblem] = field(default_factory=list)

    @property
    def shown(self) -> bool:
        return not self.problems

    @property
    def role(self) -> str:
        return role_of(self.kind)

    def display(self) -> str:
        cites = "".join(f"[{c}]" for c in self.claim_ids)
        return f"{self.text} {cites}".strip()

    def to_judgment(self) -> Judgment:
        return Judgment(text=self.text, claim_ids=list(self.claim_ids), role=self.role)  # type: ignore[arg-type]

    def to_unsupported(self) -> Unsupported:
        return Unsupported(text=self.text, claim_ids=list(self.claim_ids), problems=list(self.problems))

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "claim_ids": self.claim_ids, "kind": self.kind, "shown": self.shown,
                "problems": [p.model_dump(mode="json") for p in self.problems]}


@dataclass
class Judged:
    """A whole text, judged: what may be shown, what is withheld and why."""

    sentences: list[JudgedSentence] = field(default_factory=list)

    @property
    def shown(self) -> list[JudgedSentence]:
        return [s for s in self.sentences if s.shown]

    @property
    def withheld(self) -> list[JudgedSentence]:
        return [s for s in self.sentences if not s.shown]

    @property
    def unsupported(self) -> list[Unsupported]:
        return [s.to_unsupported() for s in self.withheld]

    @property
    def carries_judgment(self) -> bool:
        return any(s.kind == "judgment" for s in self.sentences)

    def text(self, sep: str = "") -> str:
        return sep.join(s.display() for s in self.shown)

    def to_json(self) -> dict[str, Any]:
        return {"sentences": [s.to_json() for s in self.sentences], "carries_judgment": self.carries_judgment,
                "unsupported": [u.model_dump(mode="json") for u in self.unsupported]}


SentenceCheck = Callable[["JudgedSentence"], "CitationProblem | None"]


class Judge:
    """Judges sentences against one workspace (one :class:`SourceChecker`, reused).

    :param user_words: what the user said in this conversation (for restatements).
    :param writes_done: how many writes the model asked for were really applied so far (a
        callable, read when a sentence is judged); a sentence claiming a write was done is
        refused while it is 0. None: the text is not about writes (``ask``, ``digest``), and a
        sentence claiming a write is held to the same rule as any other.
    :param write_problem: the reason given when such a sentence is refused (what really
        happened to the write: refused, failed, waiting for the user).
    :param checks: further whole-sentence checks (each returns a problem or None).
    :param text_kind: what the text is (:data:`TextKind`): ``answer`` (``ask``, ``chat``) or
        ``summary`` (a digest: a sentence that advises or judges the user itself is refused,
        :func:`summary_verdicts`).
    """

    def __init__(self, ws: "Workspace", *, user_words: Sequence[str] = (), checker: "SourceChecker | None" = None,
                 writes_done: Callable[[], int] | None = None, write_problem: Callable[[], str] | None = None,
                 checks: Sequence[SentenceCheck] = (), text_kind: TextKind = "answer") -> None:
        from ..trace import SourceChecker

        if text_kind not in TEXT_KINDS:
            raise ValueError(f"text_kind: {text_kind!r}")
        self.ws = ws
        self.text_kind = text_kind
        self.user_words = list(user_words)
        self.checker = checker or SourceChecker(ws)
        self.writes_done = writes_done
        self.write_problem = write_problem
        self.checks = list(checks)

    def kind(self, sentence: Sentence) -> Kind:
        return classify(sentence.text, question=sentence.question, user_words=self.user_words)

    def judgment(self, judgment: Judgment, kind: Kind | None = None) -> list[CitationProblem]:
        """The problems of one sentence already cut (``ask``'s :class:`Judgment`); [] when it may be shown."""
        from .citations import evaluate

        refused = evaluate(self.ws, judgment, self.checker, said=self.user_words, text_kind=self.text_kind)
        problems = list(refused.problems) if refused is not None else []
        judged = JudgedSentence(judgment.text, list(judgment.claim_ids), kind or _kind_of_role(judgment.role), problems)
        self._extra(judged)
        return judged.problems

    def sentence(self, sentence: Sentence) -> JudgedSentence:
        kind = self.kind(sentence)
        judged = JudgedSentence(sentence.text, list(sentence.claim_ids), kind)
        judged.problems = self.judgment(judged.to_judgment(), kind)
        return judged

    def _extra(self, judged: JudgedSentence) -> None:
        from ..messages import t

        if self.writes_done is not None and claims_write(judged.text) and self.writes_done() == 0:
            reason = self.write_problem() if self.write_problem is not None else t("judge.write_not_done")
            judged.problems.insert(0, CitationProblem(claim_id=None, problem="write_not_done", message=reason))
        for check in self.checks:
            problem = check(judged)
            if problem is not None:
                judged.problems.append(problem)

    def text(self, text: str) -> Judged:
        return Judged([self.sentence(s) for s in split_sentences(text)])


class JudgedStream:
    """A model's words as they stream, judged a sentence at a time: the one way a live display
    shows them (``mylife ask`` and ``chat``'s decision answers in a terminal, the panel's ask page,
    ``mylife digest`` in a terminal).

    Each sentence is judged by ``judge`` as soon as it is complete
    (:class:`~.citations.SentenceCutter`, the cut :func:`~.citations.split_sentences` makes of the
    whole text); ``show`` receives only the sentences that may be shown, so a withheld sentence
    never reaches the screen, not even for a moment. ``judged`` holds every sentence of the text,
    shown and withheld. :meth:`end` finishes the text (the model's round ended);
    :meth:`drop` forgets an unfinished line (a round that went on to call tools).
    """

    def __init__(self, judge: Judge, show: Callable[[JudgedSentence], None]) -> None:
        from .citations import SentenceCutter

        self.judge = judge
        self.show = show
        self.cutter = SentenceCutter()
        self.judged = Judged()

    def feed(self, piece: str) -> None:
        for sentence in self.cutter.feed(piece):
            self._sentence(sentence)

    def end(self) -> None:
        for sentence in self.cutter.flush():
            self._sentence(sentence)

    def drop(self) -> None:
        self.cutter.drop()

    def _sentence(self, sentence: Sentence) -> None:
        judged = self.judge.sentence(sentence)
        self.judged.sentences.append(judged)
        if judged.shown:
            self.show(judged)


def _kind_of_role(role: str) -> Kind:
    return "question" if role == "question" else "judgment" if role == "judgment" else "restatement"


def judge_text(ws: "Workspace", text: str, *, user_words: Sequence[str] = (),
               checker: "SourceChecker | None" = None) -> Judged:
    """Judge a whole text once (see :class:`Judge` for the options)."""
    return Judge(ws, user_words=user_words, checker=checker).text(text)


def unsupported_lines(items: Iterable[Unsupported]) -> list[str]:
    """The "无依据，未采纳" note, as ``ask`` prints it."""
    from ..messages import join, t

    items = list(items)
    if not items:
        return []
    lines = ["", t("ask.unsupported.head"), t("ask.unsupported.intro")]
    for u in items:
        why = join([p.message for p in u.problems], "semi")
        lines.append(t("ask.unsupported.line", text=u.text, why=why))
    return lines


def added_judging_words(text: str, source: str) -> set[str]:
    """Directive or evaluative words in ``text`` that ``source`` (the user's lines) does not use."""
    return ((_markers(DIRECTIVE, text) | _markers(EVALUATIVE, text))
            - (_markers(DIRECTIVE, source) | _markers(EVALUATIVE, source)))


def verdict_words(text: str, cited: str, kind: str) -> set[str]:
    """The judging rule for a claim proposed by a model (``extract``, ``mylife_claim_add``): a
    claim is what the user said, so one that tells the user what to do, or (unless it is an
    inference, which stays a candidate) judges them, in words their lines do not use, is refused.
    Returns those words (empty: the claim may be stored)."""
    added = added_judging_words(text, cited)
    if kind == "inference":
        added = {w for w in added if DIRECTIVE.fullmatch(w)}
    return added


#: the free-text fields of a claim a model writes, in the order they are judged
CLAIM_TEXT_FIELDS: tuple[str, ...] = ("claim", "context", "topic")


def claim_verdicts(cited: str, kind: str, *, claim: str, context: str | None = None,
                   topic: str | None = None) -> dict[str, set[str]]:
    """The judging rule for every free-text field of a claim a model writes (``extract``,
    ``mylife_claim_add`` over MCP and in chat): the claim by :func:`verdict_words`; its
    ``context`` (shown as the user's situation: 当时的语境, the question back) and a new ``topic``
    (shown as the user's topic; pass None for one the workspace already has) by the same rule as a
    fact's text, whatever the claim's kind: no judgment of or advice to the user in words the
    cited lines do not use. Returns each field that judges with those words (empty: it may be
    stored); the claim is refused whole, nothing of it is stored."""
    found: dict[str, set[str]] = {}
    for name, text, as_kind in (("claim", claim, kind), ("context", context, "fact"), ("topic", topic, "fact")):
        words = verdict_words(text, cited, as_kind) if text and text.strip() else set()
        if words:
            found[name] = words
    return found


#: tool arguments whose value may be a topic that is already the user's (shown as it is)
TOPIC_ARGUMENTS: tuple[str, ...] = ("topic", "parent_topic")


def label_verdicts(texts: dict[str, str | None], *,
                   known_topics: Callable[[], Collection[str]] | None = None) -> dict[str, set[str]]:
    """The judging rule for the free text a model writes that no line of the user's backs and that
    is then shown as the user's own: a new topic, a new profile field's name (``extract``, the
    tools), a branch's question. It cites no lines, so any word that judges or advises the user
    (:func:`verdict_words`) is the model's. ``texts`` maps each field to its text (None or empty:
    nothing to judge); a ``topic`` that is already the user's (``known_topics``, read only when
    needed) passes. Returns each field that judges, with its words (empty: all may be kept)."""
    found: dict[str, set[str]] = {}
    known: Collection[str] | None = None
    for what, text in texts.items():
        if not text or not text.strip():
            continue
        words = verdict_words(text, "", "fact")
        if not words:
            continue
        if what in TOPIC_ARGUMENTS and known_topics is not None:
            if known is None:
                known = known_topics()
            if text.strip() in known:
                continue
        found[what] = words
    return found


def judged_arguments(arguments: str, withheld: str, *,
                     known_topics: Callable[[], Collection[str]] | None = None) -> str:
    """A tool call's arguments as a model wrote them, fit to be shown to the user (the progress line
    of a tool call in ``ask``, ``chat`` and the panel's ask page; an answer's refused calls). They
    cite no lines, so a free-text value (or a key) that judges or advises the user in any words
    (:func:`verdict_words`, the rule :func:`~mylife_core.tools.catalog.refuse_model_labels` applies
    to a model's labels) is replaced by ``withheld``; a ``topic`` that is already the user's
    (``known_topics``, read only when needed) and every other value are kept. Returns the JSON
    with those replacements, as text; the raw text (or ``withheld``) when it is not JSON."""
    import json

    topics: list[Collection[str]] = []

    def judges(text: str, key: str | None = None) -> bool:
        if not verdict_words(text, "", "fact"):
            return False
        if key in TOPIC_ARGUMENTS and known_topics is not None:
            if not topics:
                topics.append(known_topics())
            return text.strip() not in topics[0]
        return True

    def walk(value: Any, key: str | None = None) -> Any:
        if isinstance(value, str):
            return withheld if judges(value, key) else value
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if isinstance(value, dict):
            out: dict[str, Any] = {}
            for k, v in value.items():
                name = str(k)
                if judges(name):
                    name = withheld if withheld not in out else f"{withheld}{len(out) + 1}"
                    out[name] = walk(v) if not isinstance(v, str) else withheld
                else:
                    out[name] = walk(v, name)
            return out
        return value

    try:
        parsed = json.loads(arguments) if arguments and arguments.strip() else {}
    except (TypeError, ValueError):
        return walk(arguments if isinstance(arguments, str) else str(arguments))
    return json.dumps(walk(parsed), ensure_ascii=False)


def judged_name(name: str, withheld: str) -> str:
    """A tool's name as a model wrote it (a tool that does not exist is reported by the name the
    model gave it), by the rule of :func:`judged_arguments`."""
    return withheld if verdict_words(name or "", "", "fact") else name


def first_verdict(found: dict[str, set[str]]) -> tuple[str, str] | None:
    """The field a refused claim is named for (:func:`claim_verdicts`; the claim's own text
    first) and its words, joined for a message; None when nothing judges."""
    from ..messages import join

    for name in CLAIM_TEXT_FIELDS:
        if name in found:
            return name, join(sorted(found[name]))
    return None


def _labels_judge(line: str) -> bool:
    """A heading or a table's header row that judges or advises (a directive, evaluative or
    rhetorical word): it is judged like any sentence, not passed as a label ("## 你应该马上辞职")."""
    return bool(_judging(line)) or RHETORICAL.search(fold(line)) is not None


def filter_text(judge: Judge, text: str, *, mark_uncited: str | None = None) -> tuple[str, Judged]:
    """``text`` with every withheld sentence taken out and its layout otherwise kept (paragraphs,
    list markers, headings); with ``mark_uncited``, a shown sentence that cites nothing gets that
    mark appended (a digest's text output). Returns the text and the judged sentences."""
    from .citations import _is_structure, _sentence_spans, span_sentence

    judged = Judged()
    out_lines: list[str] = []
    marker = re.compile(r"^\s*(?:[-*+•]|\d+[.)、]|判断[:：]|结论[:：]|Judgment:)\s*")
    lines = text.splitlines()
    for n, line in enumerate(lines):
        stripped = line.strip()
        following = lines[n + 1].strip() if n + 1 < len(lines) else ""
        header = stripped.startswith("|") and re.fullmatch(r"\|?[\s:\-|]+\|?", following) and "-" in following
        labels = header or stripped.startswith("#")
        if labels and not _labels_judge(stripped):
            out_lines.append(line)  # a table's header row, a heading: labels, not sentences
            continue
        if (labels or stripped.startswith(("|", ">"))) and any(ch.isalnum() for ch in stripped):
            # a table row or a quote is not exempt: every sentence in it is judged, and the line is
            # shown only when all of them may be
            inner = [judge.sentence(s) for s in split_sentences(re.sub(r"^[#>|\s]+|\|", " ", stripped))]
            judged.sentences.extend(inner)
            if all(s.shown for s in inner):
                out_lines.append(line)
            continue
        if _is_structure(line):
            out_lines.append(line)
            continue
        m = marker.match(line)
        prefix = m.group(0) if m else ""
        kept: list[str] = []
        for span in _sentence_spans(line[len(prefix):]):
            cut = span_sentence(span)
            if cut is None:
                kept.append(span)
                continue
            sentence = judge.sentence(cut)
            judged.sentences.append(sentence)
            if sentence.shown:
                kept.append(span.rstrip() + (mark_uncited if mark_uncited and not sentence.claim_ids else "")
                            + (" " if span != span.rstrip() else ""))
        joined = "".join(kept).strip()
        if joined and any(ch.isalnum() for ch in joined):
            out_lines.append(prefix + joined)
        elif not line.strip():
            out_lines.append("")
    result = re.sub(r"\n{3,}", "\n\n", "\n".join(out_lines)).strip()
    return result, judged

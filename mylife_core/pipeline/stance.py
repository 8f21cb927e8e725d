"""Deterministic stance: does a statement say yes or no to a term, and do two statements clash?

Used where MyLife must work without a model (the offline brief, ``mylife competing``): a
statement's polarity toward a term is read from the negations just before it in the same
clause ("绝不想**走**" is against leaving, "想**跳槽**" is for it, "**不如**走了" is for it).
It is a small, explainable rule set, not a language model; every result names the term and
the words that decided it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator

NEGATION_CHARS = "不没无别非未勿莫甭"
# words that contain a negation character but do not negate what follows
NOT_NEGATIONS = ("不错", "不得不", "不然", "不过", "不少", "不断", "不仅", "不管", "无论", "非常", "没错",
                 "未来", "别人", "别的", "不只", "不光", "不如", "莫名", "无比", "并非不", "没准", "不但",
                 "特别", "分别", "区别", "差别", "告别", "级别", "性别", "个别", "别墅", "除非", "是非", "莫过于", "不就")
# verbs that turn what follows against itself: "限制了换工作的选择", "放弃跳槽", "害怕辞职"
BLOCKING_VERBS = ("限制", "阻止", "妨碍", "放弃", "拒绝", "反对", "害怕", "不敢", "担心", "犹豫", "打消")
EN_NEGATIONS = ("not", "no", "never", "don't", "dont", "won't", "wont", "can't", "cant", "cannot", "isn't",
                "shouldn't", "wouldn't", "didn't", "doesn't", "hardly")
CLAUSE_BREAK = re.compile(r"[，,。.!！?？；;：:\n、（）()]")
A_NOT_A = re.compile(r"(.)[不没]\1")
WINDOW = 6  # characters before a Chinese term that can negate it

# cues that a statement qualifies or weighs against something
CAUTION_CUES = ("但是", "可是", "不过", "然而", "其实", "担心", "害怕", "怕", "风险", "后悔", "压力", "犹豫", "舍不得",
                "不确定", "没把握", "房贷", "贷款", "月供", "存款", "积蓄", "不够", "负债", "欠", "空窗",
                "but", "however", "worried", "afraid", "risk", "regret", "mortgage", "loan", "savings", "unsure")

# colloquial words that carry a side on a decision without being search synonyms of it
# ("热爱这里，绝不想走" is against 跳槽); used to read stances only, never to widen a search
STANCE_ALIASES: dict[str, tuple[str, ...]] = {
    "跳槽": ("走", "离开", "quit", "leave"), "辞职": ("走", "离开", "quit", "leave"),
    "离职": ("走", "离开", "quit", "leave"), "换工作": ("走", "离开", "quit", "leave"),
    "裸辞": ("走", "quit"),
}
# handing in one's notice names leaving a job (session 29): "下周就去递辞呈", "我提了离职"; each
# leaving act is named by the others and by these (read with stance_cues.DOING: 递/交/提 + it)
RESIGNING = ("辞呈", "辞职信", "离职申请", "辞职报告", "离职报告")
for _act in ("跳槽", "辞职", "离职", "换工作", "裸辞"):
    STANCE_ALIASES[_act] = (*STANCE_ALIASES[_act],
                            *(w for w in ("辞职", "离职", *RESIGNING) if w != _act and w not in STANCE_ALIASES[_act]))  # quit / leave: notes mixing languages ("我真的不想quit") name the act in English
# English names of leaving one's job: each one names the act for the others ("I want to quit" is
# for "I should leave my job"); verbs as _en_act inflects them (quit, quitting, resigned ...)
EN_LEAVING_JOB = ("quit", "leave", "resign", "change jobs", "switch jobs", "job hop", "quit my job", "leave my job")
for _word in EN_LEAVING_JOB:
    STANCE_ALIASES[_word] = tuple(w for w in EN_LEAVING_JOB if w != _word)
# a one-character term counts only where it ends a word: "不想走" / "走了" / "挺想走的", not "走路" / "走访"
SINGLE_CHAR_FOLLOWERS = set("了吧呢啊人掉么吗的") | set("，,。.!！?？；;：:、）)」』”\"' \n")

STOP_TERMS = frozenset(("我", "你", "他", "她", "它", "我们", "你们", "的", "了", "是", "该", "应该", "应", "要", "会",
                        "能", "可以", "立刻", "马上", "立即", "现在", "还", "吗", "呢", "吧", "啊", "这", "那", "个",
                        "一", "就", "都", "也", "很", "太", "更", "最", "去", "做", "把", "被", "和", "与", "及",
                        "或", "是否", "怎么", "什么", "如何", "为什么", "有", "在", "对", "给", "让", "自己",
                        "the", "a", "an", "i", "you", "should", "to", "of", "and", "or", "is", "be", "now", "right",
                        "away", "immediately", "do", "my", "your", *NEGATION_CHARS, "不要", "不该", "不想", "没有"))


def _is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def _inside_non_negation(text: str, pos: int) -> bool:
    """Is the negation character at ``pos`` part of a word like 不错 or 不如?"""
    for word in NOT_NEGATIONS:
        for k in range(len(word)):
            if pos - k >= 0 and text.startswith(word, pos - k):
                return True
    return False


def _negated_cjk(text: str, start: int) -> bool:
    """Is the term starting at ``start`` negated by what precedes it in its clause?"""
    lo = max(0, start - WINDOW)
    breaks = list(CLAUSE_BREAK.finditer(text, lo, start))
    if breaks:
        lo = breaks[-1].end()
    count = sum(1 for p in range(lo, start) if text[p] in NEGATION_CHARS and not _inside_non_negation(text, p))
    window = text[max(0, start - 2 * WINDOW):start]
    clause = CLAUSE_BREAK.split(window)[-1]
    blocked = any(verb in clause for verb in BLOCKING_VERBS if "不" not in verb)
    return (count + (1 if blocked else 0)) % 2 == 1


def _word_at(text: str, word: str) -> int:
    """Where ``word`` first occurs in ``text`` as a word, or -1: a one-character term counts only
    where it ends a word (``SINGLE_CHAR_FOLLOWERS``: "不想走", not "走路")."""
    pos = text.find(word)
    if pos >= 0 and len(word) == 1 and pos + 1 < len(text) and text[pos + 1] not in SINGLE_CHAR_FOLLOWERS:
        return -1
    return pos


def _en_negation(word: str) -> bool:
    """Is ``word`` (lower case) an English negation: not, never, can't …?"""
    return word in EN_NEGATIONS or word.endswith("n't")


_EN_DETERMINERS = ("a", "an", "the", "any", "my", "our", "another", "enough", "much", "real", "proper", "solid", "new")


def _negated_en(text: str, start: int, lacking: tuple[str, ...] = ()) -> bool:
    """Is the word at ``start`` negated by the four words before it in its clause, or said to be
    lacking by one of ``lacking`` just before it ("without an offer", not "without it, the offer")?"""
    before = text[:start].lower()
    before = CLAUSE_BREAK.split(before)[-1]
    words = re.findall(r"[a-z']+", before)[-4:]
    count = sum(1 for w in words if _en_negation(w))
    k = len(words)
    while k and words[k - 1] in _EN_DETERMINERS:
        k -= 1
    if k and words[k - 1] in lacking:
        count += 1
    return count % 2 == 1


def term_polarity(text: str, term: str) -> int:
    """+1 when ``text`` says ``term`` affirmatively, -1 when negated, 0 when absent.

    Several occurrences vote; a tie counts as affirmative (the term is at least on the table).
    """
    if not term or not text:
        return 0
    lowered = text.lower()
    needle = term.lower()
    votes = 0
    found = False
    for match in re.finditer(re.escape(needle), lowered):
        start = match.start()
        if len(needle) == 1 and _is_cjk(needle) and match.end() < len(lowered) \
                and lowered[match.end()] not in SINGLE_CHAR_FOLLOWERS:
            continue  # 走路, 走访: another word
        if not _is_cjk(needle[0]):  # Latin words match whole words only
            end = match.end()
            if (start > 0 and lowered[start - 1].isalnum()) or (end < len(lowered) and lowered[end].isalnum()):
                continue
        if _is_cjk(needle[0]) and _undecided(text, start):
            continue  # "不知道该不该辞职": asked, not answered
        found = True
        negated = _negated_cjk(text, start) if _is_cjk(needle[0]) else _negated_en(text, start)
        votes += -1 if negated else 1
    if not found:
        return 0
    return -1 if votes < 0 else 1


def _undecided(text: str, start: int) -> bool:
    """Is the term at ``start`` the object of an A-not-A question (该不该, 要不要, 是否)?"""
    lo = max(0, start - WINDOW)
    breaks = list(CLAUSE_BREAK.finditer(text, lo, start))
    if breaks:
        lo = breaks[-1].end()
    window = text[lo:start]
    return bool(A_NOT_A.search(window)) or "是否" in window


def key_terms(terms: Iterable[str]) -> list[str]:
    """Content terms worth comparing (no stop words, no lone punctuation), longest first."""
    out = []
    for term in terms:
        term = term.strip()
        if not term or term.lower() in STOP_TERMS or not any(ch.isalnum() for ch in term):
            continue
        if A_NOT_A.search(term):  # 该不该, 要不要: the question's form, not its subject
            continue
        out.append(term)
    return sorted(dict.fromkeys(out), key=lambda s: (-len(s), s))


def stance_toward(text: str, terms: Iterable[str]) -> tuple[int, str | None]:
    """The polarity of ``text`` toward the first of ``terms`` it mentions: (+1/-1/0, term)."""
    for term in terms:
        polarity = term_polarity(text, term)
        if polarity:
            return polarity, term
    return 0, None


def has_caution(text: str) -> str | None:
    lowered = text.lower()
    for cue in CAUTION_CUES:
        if cue in lowered:
            return cue
    return None


def clash(older: str, newer: str, terms: Iterable[str]) -> str | None:
    """The term two statements take opposite sides on, or None."""
    for term in terms:
        a, b = term_polarity(older, term), term_polarity(newer, term)
        if a and b and a != b:
            return term
    return None


#: words ending in 么 that ask an open question rather than mark a yes/no one
OPEN_QUESTION_ENDS = ("什么", "怎么", "干么", "多么", "那么", "这么", "要么")


def negate_question(question: str) -> tuple[str, str]:
    """A yes/no question's two drafts: "我该不该跳槽？" -> ("我该跳槽", "我不该跳槽").

    Handles the A-not-A form (该不该, 要不要, 能不能 ...), "是否", and English "should I ...".
    Anything else: (the question without its question mark, "不" + it).
    """
    text = question.strip().rstrip("?？").strip()
    from .states import state_drafts

    if (drafts := state_drafts(text)) is not None:
        return drafts  # 「我最近心情好吗」: 心情好 / 心情不好, both states (「并非我最近心情好」 is none)
    asks_act = re.search(r"(.)(不|没)\1", text.replace("是不是", "是"))  # 「领导让我很失望，我该不该辞职」: the act
    if not asks_act and (drafts := caused_drafts(text)) is not None:
        return drafts  # 「最近工作上的事让我不太开心，怎么办」: 让我不开心 / 没有让我不开心
    if (drafts := en_act_drafts(text)) is not None:
        return drafts  # "Do you think I should quit": I should quit / I should not quit, not "You think …"
    if (drafts := en_view_drafts(text)) is not None:
        return drafts  # "Do you think I sleep enough": I sleep enough / I do not …, not "You think …"
    if (drafts := en_drafts(text)) is not None:
        return drafts  # "Am I sleeping well lately": I am … / I am not …, never 「不Am I …」
    match = re.search(r"(.)(不|没)\1", text)
    if match:
        verb = match.group(1)
        yes = text[:match.start()] + verb + text[match.end():]
        no = text[:match.start()] + match.group(2) + verb + text[match.end():]
        return yes, no
    if "是否" in text:
        return text.replace("是否", "", 1), text.replace("是否", "不", 1)
    # "我最近睡得好吗" -> 睡得好 / 睡得不好; not the 么 of 什么/怎么 ("晚饭吃什么": an open question)
    if text.endswith(("吗", "么")) and not text.endswith(OPEN_QUESTION_ENDS) and len(text) > 2:
        yes = text[:-1]
        if "得" in yes[1:]:
            k = yes.rindex("得")
            return yes, yes[:k + 1] + "不" + yes[k + 1:]
        if "还" in yes[1:]:
            return yes, yes.replace("还", "不再", 1)
        for verb in ("有", "是", "会", "能", "要", "该", "想", "在"):
            k = yes.find(verb, 1)
            if k > 0:
                return yes, yes[:k] + ("没" if verb == "有" else "不") + yes[k:]
        return yes, "并非" + yes
    en = re.match(r"(?i)^(should|can|could|do|must)\s+(i|we)\s+(.*)$", text)
    if en:
        return f"{en.group(2)} {en.group(1).lower()} {en.group(3)}", f"{en.group(2)} {en.group(1).lower()} not {en.group(3)}"
    return text, "不" + text


# 「X让我Y」 in a question (session 31): what X does to how the user feels. The question's other
# clauses (怎么办, 该怎么调整) ask what to do and are left out; adverbs before 让我 (总是, 一直, 是不是)
# and degree words before the feeling (太, 很, 越来越) are left out of both drafts.
_CAUSED = re.compile(r"^(?:为什么|为啥|怎么|咋)?(?P<x>.+?)(?:总是|总|老是|老|一直|又|也|都|常常|经常|真的|确实|是不是|"
                     r"是否|会不会|真)*(?P<neg>并没有|没有|没|不会|并不|不)?(?P<verb>让我|叫我|使我|令我)(?P<y>.+)$")
_CAUSED_NOT = re.compile(r"(?:不太|不怎么|不大|不|没那么|没有那么|没什么|没)(?=[^不没]*$)")


def caused_drafts(question: str) -> tuple[str, str] | None:
    """The two drafts of a question saying what something does to how the user feels: 「最近工作上的事
    让我不太开心，怎么办？」 -> 最近工作上的事让我不开心 / 最近工作上的事没有让我不开心 (the fallback drafted
    「不最近工作上的事让我不太开心，怎么办」); 「工作让我开心吗」 -> 工作让我开心 / 工作没有让我开心; None
    when no clause says 「X让我Y」 with Y a feeling (:data:`.stance_cues.CAUSED_FEELING`)."""
    for clause in CLAUSES.split(question or ""):
        clause = re.sub(r"(?:吗|么|呢|吧|啊|呀)$", "", clause.strip())
        match = _CAUSED.match(clause)
        if match is None:
            continue
        y = re.sub(r"(?:了|的|啊|呀)+$", "", match.group("y"))
        feeling = cues.CAUSED_FEELING.fullmatch(y)
        if feeling is None:
            continue
        degree = y[:len(y) - len(feeling.group("feeling"))]
        word = feeling.group("feeling")
        if _CAUSED_NOT.search(degree):
            word = ("没" if word.startswith("有") else "不") + word  # 不太开心 -> 不开心, 没什么成就感 -> 没有成就感
        x, verb = match.group("x"), match.group("verb")
        said, other = x + verb + word, x + "没有" + verb + word
        return (other, said) if match.group("neg") else (said, other)
    return None


# an English yes/no question about how things are (session 31): "Am I sleeping well lately?" drafted
# 「不Am I sleeping well lately」, the Chinese fallback glued to it
_EN_BE_Q = re.compile(r"(?i)^(?P<verb>am|are|is|was|were|have|has|had)\s+(?P<rest>.+)$")
_EN_DO_Q = re.compile(r"(?i)^(?P<verb>do|does|did)\s+(?P<rest>.+)$")
_EN_SUBJECT = re.compile(r"(?i)^(?:(?P<pronoun>i|we|you|he|she|it|they|this|that|there)\b"
                         r"|(?P<det>my|our|your|his|her|their|the|this|that)\s+(?P<noun>[a-z'-]+))\s*(?P<rest>.*)$")
# words that begin a predicate, after which a subject's noun phrase cannot go on
_EN_PREDICATE = re.compile(r"(?i)^(?:[a-z]+(?:ing|ed)|good|bad|better|worse|ok|okay|fine|well|too|really|very|still|"
                           r"enough|getting|going|being|been|not|healthy|happy|unhappy|right|wrong|worth|"
                           r"lately|now|any|more|less|so|always|ever|making|keeping|a|an)\b")


def _en_third_person(verb: str) -> str:
    """The third person of a bare English verb: make -> makes, go -> goes, try -> tries, have -> has."""
    if verb == "have":
        return "has"
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def en_drafts(question: str) -> tuple[str, str] | None:
    """The two English drafts of an English yes/no question about how things are: "Am I sleeping well
    lately" -> I am sleeping well lately / I am not sleeping well lately; "Is my job making me unhappy"
    -> My job is making me unhappy / My job is not making me unhappy; "Do I sleep enough" -> I sleep
    enough / I do not sleep enough; "Does my job make me unhappy" -> My job makes me unhappy / My job
    does not make me unhappy. None for anything else (a question with Chinese in it, should/can I …)."""
    text = (question or "").strip().rstrip("?？.!").strip()
    if any(_is_cjk(ch) for ch in text):
        return None
    for pattern in (_EN_BE_Q, _EN_DO_Q):
        match = pattern.match(text)
        if match is None:
            continue
        subject = _EN_SUBJECT.match(match.group("rest"))
        if subject is None:
            return None
        verb = match.group("verb").lower()
        rest = subject.group("rest")
        if subject.group("pronoun"):
            who = subject.group("pronoun")
        else:
            who = subject.group("det") + " " + subject.group("noun")
            # "Is my new job …": the noun phrase goes on until a word that begins the predicate
            while rest and not _EN_PREDICATE.match(rest) and pattern is _EN_BE_Q and " " in rest:
                word, rest = rest.split(" ", 1)
                who += " " + word
        who = "I" if who.lower() == "i" else who[0].upper() + who[1:]
        if not rest:
            return None
        if pattern is _EN_BE_Q:
            return f"{who} {verb} {rest}", f"{who} {verb} not {rest}"
        first, _, tail = rest.partition(" ")
        if verb == "do":
            said = rest
        elif verb == "does":
            said = " ".join(filter(None, (_en_third_person(first.lower()), tail)))
        else:
            said = f"did {rest}"
        return f"{who} {said}", f"{who} {verb} not {rest}"
    return None


# an English question asking the reader's view of an act (session 32): "Do you think I should quit"
# drafted "You think I should quit", "What do you think, should I quit" and "Would it be wise to quit"
# 「不…」. The act asked about is the question, as "Should I quit" is: I should quit / I should not quit.
_EN_YOUR_VIEW = r"(?:in your (?:view|opinion)|honestly|seriously|be honest|tell me|what do you (?:think|reckon|say)|" \
    r"what would you (?:do|say)|what's your (?:take|view|opinion)|your (?:take|view|opinion))"
_EN_THINK_SHOULD = re.compile(
    r"(?i)^(?:(?:so|and|but|honestly|seriously|really)[, ]+)*(?:do|would|did) you (?:really |honestly )?(?:think|reckon|say|"
    r"believe|suppose|feel|agree)(?: that)?[, ]+(?P<who>i|we) (?P<modal>should|ought to|must|need to|have to) (?P<rest>.+)$")
_EN_LEAD_SHOULD = re.compile(
    r"(?i)^(?:" + _EN_YOUR_VIEW + r"[?,:;.! -]+)+(?P<modal>should|must|can|could) (?P<who>i|we) (?P<rest>.+)$")
_EN_WISE_TO = re.compile(
    r"(?i)^(?:would|will|is|was|wouldn't|isn't) it (?:be )?(?:really |actually |even )?(?:wise|smart|sensible|"
    r"reasonable|right|better|best|a good idea|a smart move|a wise move|the right (?:call|move|thing)|worth it)"
    r"(?: (?:for me|for us))? to (?P<rest>.+)$")


def en_act_drafts(question: str) -> tuple[str, str] | None:
    """The two drafts of an English question asking the reader's view of the user's act: "Do you
    think I should quit" / "What do you think, should I quit" / "Would it be wise to quit" -> I should
    quit / I should not quit, as "Should I quit" is. None for any other question."""
    text = (question or "").strip().rstrip("?？.!").strip()
    if any(_is_cjk(ch) for ch in text):
        return None
    who, rest = "I", None
    if (m := _EN_THINK_SHOULD.match(text) or _EN_LEAD_SHOULD.match(text)) is not None:
        who, rest = m.group("who"), m.group("rest")
    elif (m := _EN_WISE_TO.match(text)) is not None:
        who, rest = ("we" if re.search(r"(?i)\bfor us\b", text[:m.start("rest")]) else "I"), m.group("rest")
    if not rest:
        return None
    who = "I" if who.lower() == "i" else who.lower()
    if (neg := re.match(r"(?i)^(?:not|never) (.+)$", rest)) is not None:  # "Do you think I should not quit"
        return f"{who} should not {neg.group(1)}", f"{who} should {neg.group(1)}"
    return f"{who} should {rest}", f"{who} should not {rest}"


# "Do you think my job is making me unhappy", "What do you think, am I sleeping well": the reader's
# view asked of how things are, not of an act (session 32)
_EN_THINK_CLAUSE = re.compile(
    r"(?i)^(?:(?:so|and|but|honestly|seriously|really)[, ]+)*(?:do|would|did) you (?:really |honestly )?(?:think|reckon|"
    r"believe|suppose|feel)(?: that)?[, ]+(?P<clause>.+)$")
_EN_LEAD_QUESTION = re.compile(r"(?i)^(?:" + _EN_YOUR_VIEW + r"[?,:;.! -]+)+(?P<question>.+)$")
_EN_AUXILIARY = frozenset(("am", "is", "are", "was", "were", "will", "would", "can", "could", "should", "must",
                           "might", "may"))
_EN_THIRD = frozenset(("he", "she", "it", "this", "that"))
# the past tenses a diary says most that end in no -ed, with their bare verb ("I slept enough" -> I did
# not sleep enough); any other past tense is not drafted (an -ed verb's bare form cannot be told
# by rule: moved / worked)
_EN_PAST = {"slept": "sleep", "felt": "feel", "went": "go", "left": "leave", "got": "get", "made": "make",
            "said": "say", "thought": "think", "took": "take", "came": "come", "ate": "eat", "drank": "drink",
            "spent": "spend", "kept": "keep", "lost": "lose", "paid": "pay", "bought": "buy", "told": "tell",
            "knew": "know", "saw": "see", "did": "do", "had": "have", "found": "find", "gave": "give",
            "ran": "run", "wrote": "write", "chose": "choose", "forgot": "forget", "fell": "fall", "won": "win",
            "met": "meet", "sold": "sell", "meant": "mean",
            "understood": "understand", "became": "become", "began": "begin", "spoke": "speak"}


def _en_base(verb: str) -> str | None:
    """The bare verb of an English third person: makes -> make, goes -> go, tries -> try, has -> have;
    None when it is none (a past tense, a bare verb)."""
    low = verb.lower()
    if low == "has":
        return "have"
    if re.search(r"[^aeiou]ies$", low):
        return verb[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z|o)es$", low):
        return verb[:-2]
    if re.search(r"[^s]s$", low):
        return verb[:-1]
    return None


def _en_statement_drafts(clause: str) -> tuple[str, str] | None:
    """The two drafts of an English statement: "I sleep enough" -> I sleep enough / I do not sleep
    enough; "my job is making me unhappy" -> My job is making me unhappy / My job is not …; "she
    likes me" -> She likes me / She does not like me. None when the verb cannot be told (a past
    tense, a negation already there, no subject)."""
    subject = _EN_SUBJECT.match(clause)
    if subject is None or not subject.group("rest"):
        return None
    rest = subject.group("rest")
    if subject.group("pronoun"):
        who = subject.group("pronoun")
    else:
        who = subject.group("det") + " " + subject.group("noun")
        while rest and " " in rest and not _EN_PREDICATE.match(rest) and \
                rest.split(" ", 1)[0].lower() not in _EN_AUXILIARY and _en_base(rest.split(" ", 1)[0]) is None:
            word, rest = rest.split(" ", 1)
            who += " " + word
    who = "I" if who.lower() == "i" else who[0].upper() + who[1:]
    first, _, tail = rest.partition(" ")
    low = first.lower()
    if "n't" in low or low in ("not", "never") or low.endswith("ed"):
        return None
    if low in _EN_AUXILIARY:
        return f"{who} {rest}", f"{who} {first} not {tail}".rstrip()
    if low in _EN_PAST:
        return f"{who} {rest}", f"{who} did not {_EN_PAST[low]} {tail}".rstrip()
    third = subject.group("det") is not None or who.lower() in _EN_THIRD
    if not third:
        return f"{who} {rest}", f"{who} do not {rest}"
    base = _en_base(first)
    if base is None:
        return None
    return f"{who} {rest}", f"{who} does not {base} {tail}".rstrip()


def en_view_drafts(question: str) -> tuple[str, str] | None:
    """The two drafts of an English question asking the reader's view of how things are: "Do you
    think I sleep enough" -> I sleep enough / I do not sleep enough (not "You think …"); "What do you
    think, am I sleeping well" -> I am sleeping well / I am not sleeping well (not 「不What …」).
    None for any other question (the reader's view of an act is :func:`en_act_drafts`)."""
    text = (question or "").strip().rstrip("?？.!").strip()
    if any(_is_cjk(ch) for ch in text):
        return None
    if (m := _EN_THINK_CLAUSE.match(text)) is not None:
        clause = m.group("clause")
        if (drafts := _en_statement_drafts(clause)) is not None:
            return drafts
        if _EN_SUBJECT.match(clause) is None:
            return None
        said = clause[0].upper() + clause[1:] if not clause.lower().startswith("i ") else clause
        return said, f"It is not true that {clause}"  # "I worked too hard": its bare verb cannot be told
    if (m := _EN_LEAD_QUESTION.match(text)) is not None:
        return en_drafts(m.group("question"))
    return None


def with_stance_aliases(sides_or_terms):
    """Add :data:`STANCE_ALIASES` to a list of terms, or to a ``{term: side}`` mapping."""
    if isinstance(sides_or_terms, dict):
        out = dict(sides_or_terms)
        for term, side in sides_or_terms.items():
            for alias in STANCE_ALIASES.get(term, ()):
                out.setdefault(alias, side)
        return out
    terms = list(sides_or_terms)
    for term in list(terms):
        terms += [a for a in STANCE_ALIASES.get(term, ()) if a not in terms]
    return terms


# ---------------------------------------------------------------------------------------------
# Reading a statement's stance toward a conclusion (counter-evidence, the statements table,
# premises). The rules and their word lists are in :mod:`.stance_cues`; what they do:
#
# 1. whose view: "阿杰认为…", "我妈说…", "婆婆天天催…" report someone else's view; it is never the
#    user's own, unless the user adopts it ("……，这话我认同") or rejects it ("……，我不认同": the
#    opposite side, unless the view was an inference "A就是B", whose denial takes no side), or
#    goes on in their own words after a contrast ("妈妈劝过我，但我绝不想走": read from 但我…);
# 2. what the user stands on: after 但是/可是/不过/只是/其实 ("虽然钱少了点，但是离家近"), after
#    "不是A，是B"; the consequence of a hypothetical ("如果…，就…"), flipped when the condition
#    refuses the act ("要是错过了，…"); questions are read for the concern they raise ("谁来喂？"),
#    an open "要不要…？" takes no side;
# 3. the act named: "想跳槽", "绝不想走" (a want word or a negation before it decides);
# 4. the considerations (cue words): a cost, a fear, a constraint, something the user would miss
#    are against the act; a wish, an opportunity, something wrong with the present are for it; a
#    plain good or bad word takes the side of what it is said about (the act and its object, or
#    the present). Negation in the same clause flips a cue ("不方便" / "没那么需要").
# ---------------------------------------------------------------------------------------------

from dataclasses import dataclass, field as _field, replace
from typing import Any

from . import stance_cues as cues

CLAUSES = re.compile(r"[，,。!！?？；;：:\n、…~～—]+")
# what every text is read through (one character for one, so positions hold): quotes to ASCII, and
# the northern first person 俺/咱 as 我
FOLD = str.maketrans({"“": '"', "”": '"', "「": '"', "」": '"', "『": '"', "』": '"', "‘": "'", "’": "'",
                      "俺": "我", "咱": "我"})
MODALS = re.compile(r"^(?:我们|我|你们|你)?(?:还是|最好|现在|今年|明年|立刻|马上|真的|是否|先|暂时|暂且)*"
                    r"(不该|不应该|不应|不要|别|不能|不必|没必要|不用|该|应该|应当|应|要|得|需要|必须|可以)?")
# an English conclusion's modal: "I should not quit my job" (negate_question's "no" draft) is against quitting
EN_MODALS = re.compile(r"(?i)^(?:i|we|you)\s+(?:(?:really|still|probably|definitely|just)\s+)*"
                       r"(?:(?:should|ought to|must|need to|have to|can|could|will|would|do|does)(n't|\s+not|\s+never)?\s+"
                       r"|(never|not)\s+)")
PERSON_PRONOUNS = ("他", "她", "我们俩", "我们")
_PERSON_PREPOSITIONS = ("和", "跟", "给", "与", "同", "对", "帮", "陪", "向")
_NUMBER_WORD = re.compile(r"^[0-9一二两三四五六七八九十百千几半]+[个年月天周次岁]*$")
BREAK_VERBS = ("分手", "离婚", "绝交", "断了", "离开")
GENERIC_ACT = ("折腾", "换")
# acts whose point is spending less: what costs money is the present's, a reason for them, and money
# coming in or put by is a reason they matter less (「外卖一周七百多」 is for 省钱, not its cost)
_THRIFT_MONEY = re.compile(r"钱|存款|积蓄|花销|开销|开支|支出|花费|账|余额|结余|分期|信用卡|房租|房贷|月供|工资|收入")
THRIFT_ACTS = frozenset(("省钱", "存钱", "攒钱", "削减开支", "控制消费", "做预算", "节省", "节约", "少花钱", "省着花",
                         "精打细算", "记账", "节流", "开源节流", "缩减开支", "压缩开支", "减少开支", "cut spending", "budget"))
# the act a "stay" conclusion ("你应该留在现在的公司") is against
STAY_OPPOSITES = ("跳槽", "辞职", "离职", "换工作", "离开", "走", "放弃", "退出", *RESIGNING)  # words that name a change itself
# ... and in English ("I should stay at my job", "I should keep my job" are "I should not leave it")
EN_STAY = re.compile(r"(?i)^(?:(?:just|simply)\s+)?(?:stay(?:ing)?|remain(?:ing)?|stick (?:with|it out|around)|"
                     r"keep (?:my|this|the|our) (?:job|position|role|post)|hold on to (?:my|this|the) (?:job|position|role)"
                     r")\b")
EN_STAY_OPPOSITES = (*EN_LEAVING_JOB, "move on", "give up")
# a stay conclusion in other words (session 29): "继续在这里工作", "在现在的公司干下去", "干下去", "不走"
_HERE = r"(?:这里|这儿|这边|这家公司|这家单位|这家|现在的|目前的|原来的|现在这家|本|这)"
_STAY = re.compile(r"^(?:再|继续|接着|还是)?(?:留下来|留下|留在|留|待在|呆在|继续待|继续干|坚持|不走|别走|不离开|别离开)"
                   r"|^(?:继续|接着)(?:在|留在|待在|呆在)?(?:" + _HERE + r"(?:公司|单位|岗位|团队)?|公司|单位)"
                   r"(?:工作|干|做|上班|待|呆)|^(?:继续|接着)(?:工作|上班)$"
                   r"|^(?:继续|接着)?(?:在|留在)?" + _HERE + r"(?:公司|单位|岗位|团队)?(?:工作|干|做|上班|待|呆)?下去"
                   r"|^(?:干|做|待|呆|熬|坚持)下去")
# a plan or a wish before the act, as the conclusion's modal ("我打算辞职", "我不想跳槽")
_INTENT = re.compile(r"^(不|没)?(?:打算|准备|决定|计划|想要|想|愿意)")
_CUE_INDEX: list[tuple[str, str]] = sorted(((w, k) for k, words in cues.CUES.items() for w in words),
                                          key=lambda wk: (-len(wk[0]), wk[0]))
_FEAR_WORDS = frozenset(w for w, k in _CUE_INDEX if k in ("fear", "distress"))  # dread already named
NEGATORS = "不没别非未勿莫甭"
_PATTERNS = tuple((re.compile(p), k) for p, k in cues.PATTERNS)
_NEGATING_MODALS = ("不会", "不能", "不用", "不必", "不再", "不至于")
_RISK_WORDS = tuple(w for w in cues.CUES["risk"] if len(w) >= 2)
_GOING_ON_CUES = tuple(w for words in cues.CUES.values() for w in words if any(m in w for m in cues.GOING_ON))


@dataclass(frozen=True)
class Frame:
    """What a conclusion says: its side on an act, the words that name the act and its object."""

    conclusion: str
    side: int  # +1: do it ("我该跳槽"); -1: don't ("我不该借钱给小赵")
    act: tuple[str, ...]  # words naming the act or its object: 跳槽, 走, 离开 / 猫 / 新加坡
    persons: tuple[str, ...] = ()  # a person the act is about: 小林, 小赵 (他/她 then refer to them)
    left: bool = False  # the act leaves its object (分手 和他): good things about it are against the act
    ongoing: bool = False  # the act is what the user does now ("我不该再接私活"): the present is the act
    # the act words the conclusion itself says (with their stance aliases), not the search's synonyms
    # added to ``act``: only these may be named by their verb alone (:func:`_act_verbs`)
    own: tuple[str, ...] = ()
    # words of the conclusion that alone do not name its act: to or with whom (朋友 of 借钱给朋友),
    # and a verb's single character before its object (换 of 换城市, 学 of 学英语). A note saying
    # only these is not about the question (:class:`.topics.QuestionWords`)
    aside: tuple[str, ...] = ()
    # a conclusion about how things are, not an act (「我最近睡得好」): notes are read by :mod:`.states`
    state: Any = None

    @property
    def thrift(self) -> bool:
        """Is the act spending less (:data:`THRIFT_ACTS`: 省钱, 削减开支 …)?"""
        return any(w in THRIFT_ACTS for w in (self.own or self.act))

    def mentions(self, text: str) -> bool:
        # "它" is the thing the act is about ("可它能让我安心上班": the nursery)
        return any(w in text for w in self.act) or "它" in text or any(p in text for p in self.persons) or (
            bool(self.persons) and any(p in text for p in PERSON_PRONOUNS))


@dataclass
class Reading:
    """A statement's side toward a frame's act, and why."""

    side: int = 0  # +1 for the act, -1 against, 0 neither
    certain: bool = False  # False: the rules are unsure (shown as such)
    speaker: str | None = None  # None: the user's own words; else whose view it is
    reported_side: int = 0  # the side of a reported view (when speaker is set)
    form: str = "plain"  # plain | negation | concession | hypothetical | question | reported | adopted
    cue: str | None = None  # the words that decided it
    basis: str = "none"  # act | cue | none
    cues: list[str] = _field(default_factory=list)
    # set by a model's reading (stance_model.merge): the note shown with the item, and whether the
    # model contradicts the rules' own reading (not merely reads where the rules found no side)
    note: str | None = None
    disputed: bool = False

    @property
    def own(self) -> bool:
        return self.speaker is None

    @property
    def firm(self) -> bool:
        """Sure, the user's own, and not conditional: fit to say where the user stands."""
        return self.own and self.certain and self.side != 0 and self.form not in ("hypothetical", "question")

    def against(self, frame: Frame) -> bool:
        """The user's own statement taking the other side of ``frame``'s conclusion."""
        return self.own and self.side != 0 and self.side == -frame.side


def frame_for(conclusion: str, extra: Iterable[str] = ()) -> Frame:
    """Read a conclusion ("我该跳槽", "我不该借钱给小赵") into the act it is for or against."""
    import rjieba

    text = (conclusion or "").strip().rstrip("。.!！?？")
    match = MODALS.match(text.translate(FOLD))
    modal = match.group(1) if match else None
    predicate = text[match.end():] if match else text
    side = -1 if modal and modal[0] in "不别没" else 1
    english = EN_MODALS.match(text)
    if english:
        side, predicate = (-1 if english.group(1) or english.group(2) else 1), text[english.end():]
    if english and EN_STAY.match(predicate):  # "stay at my job": against leaving it, as 留在 is
        return Frame(conclusion=text, side=-side, act=EN_STAY_OPPOSITES, persons=(), left=False,
                     own=EN_STAY_OPPOSITES)
    intent = _INTENT.match(predicate)  # "我打算继续在这里工作", "我不想辞职": a plan is the conclusion's side
    if intent and predicate[intent.end():]:
        side, predicate = (-side if intent.group(1) else side), predicate[intent.end():]
    stay = _STAY.match(predicate)
    if stay:  # "留在现在的公司" is "不离开": read against leaving, which is what people write about
        return Frame(conclusion=text, side=-side, act=STAY_OPPOSITES, persons=(), left=False, own=STAY_OPPOSITES)
    if side > 0 and predicate.startswith(("不", "别", "没")) and not any(predicate.startswith(w) for w in NOT_NEGATIONS):
        side, predicate = -1, predicate[1:]
    ongoing = side < 0 and bool(re.match(r"^(?:再|继续)", predicate))
    predicate = re.sub(r"^(?:再|继续|立刻|马上|今年|现在|赶紧)", "", predicate)
    words: list[str] = []
    persons: list[str] = []
    aside: list[str] = []
    tagged = list(rjieba.tag(predicate))
    i = 0
    while i < len(tagged):
        word, tag = tagged[i]
        if word in ("小", "老", "阿") and i + 1 < len(tagged) and len(tagged[i + 1][0]) == 1:
            persons.append(word + tagged[i + 1][0])
            i += 2
            continue
        after = tagged[i + 1][0] if i + 1 < len(tagged) else ""
        if _NUMBER_WORD.match(word) or after in ("后", "以后", "之后", "前", "以前"):
            i += 1  # "三个月", "一年", "退休后": when, not what
            continue
        if word in ("他", "她") or (tag == "nr" and i > 0 and tagged[i - 1][0] in _PERSON_PREPOSITIONS):
            persons.append(word)  # "和小林", "借钱给阿强"; a lone nr tag is often a verb-object (考驾照)
        elif word.strip() and word not in STOP_TERMS and word not in ("一起", "一只", "一个", "给", "把", "来", "去",
                                                                      "和", "跟", "的", "了", "住", "看", "做", "最近"):
            # a lone 好 / 够 is no act; a lone 猫 (养猫) is its object, but not a character before the
            # object (学 of 学英语, 换 of 换城市, tagged as nouns): 「新岗位要学 Flink」 is not learning English
            later = any(len(w) > 1 and _is_cjk(w[0]) for w, _ in tagged[i + 1:])
            if len(word) > 1 or (tag.startswith("n") and not later):
                words.append(word)
                if i > 0 and tagged[i - 1][0] in _PERSON_PREPOSITIONS:
                    aside.append(word)  # 给朋友, 跟同事
            elif len(word) == 1 and _is_cjk(word) and later:
                aside.append(word)
        i += 1
    if all(w in aside for w in words):
        aside = [w for w in aside if len(w) == 1]  # "陪父母": 父母 is what is done
    if predicate and predicate not in words and 1 < len(predicate) <= 6:
        words.append(predicate)
    inner = re.sub(r"[一二两三四五六七八九十几半]+个?[年月天周次]", "", predicate)  # "考一年研": 考研
    if inner != predicate and 1 < len(inner) <= 6:
        words.append(inner)
    ba = re.match(r"^把(.{1,6}?)(送走|送人|盘出去|租出去|卖掉|卖了|转让|扔掉|处理掉)$", predicate) or re.match(
        r"^把(.{1,3}?)([\u4e00-\u9fff])(?:了|掉)?$", predicate)
    if ba:  # "把烟戒了": 烟, 戒烟; "把狗送走": 狗, 送走
        words += [ba.group(1), ba.group(2) + ba.group(1) if len(ba.group(2)) == 1 else ba.group(2)]
    for word in list(words):  # "换学区房": 房 names it too ("一想到要挂牌、看房…"), as the segmenter's cut
        # 学区/房 said before 学区房 was a word it knows; a compound's last character is its head noun
        if len(word) >= 3 and len(_cut(word[:-1])) == 1 and rjieba.tag(word[-1])[0][1] == "n" \
                and word[-1] not in BOUND_HEADS:
            words.append(word[-1])
    if english:
        words += _en_act_names(predicate)  # "change jobs" is one act (and names quit, leave …), not change / jobs
    own = with_stance_aliases(key_terms(words))
    words = with_stance_aliases(key_terms([*words, *(w for w in extra if w and len(w) >= 2)]))
    left = any(v in predicate for v in BREAK_VERBS) and bool(persons)
    state = _state_of(text)  # 「我最近睡得好」: a state, its side the conclusion's (睡得不好: -1)
    return Frame(conclusion=text, side=state.side if state is not None else side, act=tuple(dict.fromkeys(words)),
                 persons=tuple(dict.fromkeys(persons)), left=left, ongoing=ongoing, own=tuple(dict.fromkeys(own)),
                 aside=tuple(dict.fromkeys(aside)), state=state)


#: a compound's last character that names nothing alone, but ends many words: 班 of 补习班 is
#: also 加班 and 上班 (「周末基本不再加班」 was read on 「要给孩子报补习班」's act), 费 of 学费 is 油费
BOUND_HEADS = frozenset("班费会期课级点所处场税金价")


def asks_an_act(question: str) -> bool:
    """Is ``question`` a decision about doing something ("要不要借钱给朋友", "我该换城市吗", "是否
    考研"), not a question about how things are ("我最近睡得好吗")?"""
    text = question.strip().rstrip("?？").strip()
    if re.search(r"(.)(不|没)\1", text) or "是否" in text:
        return True
    match = MODALS.match(text.translate(FOLD))
    return bool(match and match.group(1))


def _clauses(text: str) -> list[str]:
    return [c for c in (p.strip() for p in CLAUSES.split(text)) if c]


def _strip_lead(clause: str, words: Iterable[str]) -> tuple[str, str | None]:
    for w in sorted(words, key=len, reverse=True):
        if clause.startswith(w):
            return clause[len(w):].lstrip(), w
    return clause, None


_REPORT_ADVERBS = sorted(cues.REPORT_ADVERBS, key=len, reverse=True)  # longest first: 一个劲儿 before 一个劲
# 非 / 偏 / 硬 before a verb of urging: "老婆非要我裸辞", "我妈偏让我考公", "他硬要我留下"
_INSISTING = re.compile(r"(?<=.)[非偏硬]$")
# 老 before the verb as "keeps (saying)": "我妈老问我…", "老公老催我…" (a name of two, "张老", keeps it),
# and how they said it: "我妈哭着不让我买", "老婆拉着我劝"
_KEEPS = re.compile(r"(?:(?<=..)老|(?<=.)[\u4e00-\u9fff]着我?)$")
_CONJ = ("但是", "但", "可是", "不过", "而且", "所以", "然后", "其实", "只是", "而")


def _subject(before: str) -> str:
    subj = before.strip()
    changed = True
    while changed and subj:
        changed = False
        for adv in _REPORT_ADVERBS:
            if subj.endswith(adv) and len(subj) > 0:
                subj = subj[: -len(adv)].rstrip()
                changed = True
                break
    subj, _ = _strip_lead(subj, _CONJ)
    return subj


# what the user does before a reporting verb that is their own: "我决定再坚持一年", "我打算再坚持"
_USER_DOING = re.compile(r"(?:我们?)(?:[不太很也还真并都倒是就却只总老挺有点其实一直从来已经最后]|自己)*"
                         r"(?:决定|打算|准备|计划|下决心|下定决心|咬咬牙|发誓|宁愿|想好了?|想了想|"
                         r"(?:要求|告诉|答应|劝|跟|对)自己(?:说)?)")


def _user_doing(subj: str) -> bool:
    """Is ``subj`` (the words before a reporting verb) the user deciding or telling themselves
    something ("我决定再（坚持）", "我要求自己再")? Never someone named ("我邻居", "我们领导")."""
    match = _USER_DOING.match(subj)
    return bool(match) and not re.search(r"他|她|别人|人家|" + cues.KIN, subj[match.end():])


def _speaker_before(clause: str) -> str:
    """Who a clause before a reporting verb names ("老公一直想养，说…": 老公; "阿杰来找我，劝我…": 阿杰):
    the names the clause opens with (rjieba's nouns: 阿杰, 同事老张, 我表哥), else the clause up to its
    first adverb (:data:`.stance_cues.REPORT_ADVERBS`) or want word; at most 8 characters."""
    import rjieba

    cuts = [k for w in (*cues.REPORT_ADVERBS, "想", "要", "不", "没") for k in [clause.find(w, 1)] if k > 0]
    tagged = list(rjieba.tag(clause))
    named = 0
    for k, (word, tag) in enumerate(tagged):
        noun = tag.startswith(("n", "j", "eng")) and tag != "nd"
        mine = k == 0 and word == "我" and k + 1 < len(tagged) and tagged[k + 1][1].startswith("n")  # 我 表哥
        if not (noun or mine):
            break
        named += len(word)
    if 0 < named < len(clause):  # a name, then what they did ("来找我"); a clause of nouns only is cut as before
        cuts.append(named)
    return clause[:min([8, *cuts])]


def _covers(clause: str, pos: int, words: Iterable[str]) -> bool:
    return any(clause.startswith(w, q) for w in words for q in range(max(0, pos - len(w) + 1), pos + 1)
               if q + len(w) > pos)


def _positions(text: str, word: str) -> Iterator[int]:
    """Every position where ``word`` starts in ``text``, overlapping ones included, left to right."""
    pos = text.find(word)
    while pos >= 0:
        yield pos
        pos = text.find(word, pos + 1)


SAY_AND_DO = re.compile(r"说(.{1,3})就\1")


def _report_verb(clause: str) -> tuple[int, str] | None:
    """The first reporting verb of a clause (说, 觉得, 劝 ...) that is one, with its position."""
    best: tuple[int, str] | None = None
    for verb in cues.REPORT_VERBS:
        if verb not in clause:
            continue
        for pos in _positions(clause, verb):
            if _covers(clause, pos, cues.NOT_REPORT) and not (
                    verb == "说" and clause.startswith("说明", pos) and clause[pos + 2:pos + 3] in "年天早晚"):
                continue
            if _covers(clause, pos, cues.NOT_REPORT_BARE) and not _subject(clause[:pos]):
                continue
            if verb == "说" and SAY_AND_DO.match(clause, pos):
                continue  # "说走就走", "编制说丢就丢", "说不要就不要": on a whim, nobody's view
            if best is None or pos < best[0]:
                best = (pos, verb)
            break
    return best


@dataclass
class _Report:
    who: str
    content: str
    reaction: str | None  # agree | disagree | None
    verb: str = ""
    # where the user's own words start: "妈妈劝过我，但我绝不想走" (a contrast, then 我 as subject)
    own_from: int = -1
    # what the user answered them ("…，我说不想"), completed from an A-not-A question ("不想走"), or None
    answer: str | None = None


# 可 opening a clause as "but", not 可以 / 可能 / 可爱 / 可怜 / 可惜 / 可笑
_BUT_KE = r"可(?![以能爱怜惜笑])"
# a contrast whose clause has the user as subject: "…，但我绝不想走", "…，可是我舍不得", "…，只是我…",
# "…，可我们…": any contrast word of cues.CONTRAST (or 可), then 我 / 我们 / 自己
_OWN_CONTRAST = re.compile(
    "^(?:" + "|".join(re.escape(w) for w in sorted(cues.CONTRAST, key=len, reverse=True)) + "|" + _BUT_KE + ")"
    r"(?:其实|说实话|说真的|老实说)?(?=我|自己)"
    # ... or the user as subject going on against it in their own words, no contrast word needed:
    # "老板挽留我，我还是决定走", "妈妈劝我别辞职，我仍然想辞", "同事劝我留下，我却铁了心要走"
    r"|^(?=(?:我|自己)们?(?:最后|最终|终究|到底|其实|自己)?"
    r"(?:还是|仍然|仍旧|依然|依旧|仍|照样|照旧|却|偏偏|偏|硬是|始终|坚持))")
# the user's household as a place or a unit ("可我家里离不开我", "但是我家到公司地铁直达"), not a
# person ("我家人", "我家那位", "我家老人"): it names someone only when it wants something itself
_HOUSEHOLD = re.compile(r"我们?家里?(?![人那老长]|" + cues.KIN + ")")


def _users_contrast(text: str, clauses: list[str], at: int) -> int:
    """The position in ``text`` (from ``at`` on) where a clause opening with a contrast and the user
    as subject starts ("但我…", "可我家里…"), or -1. "但我妈说…", "但我们领导觉得…", "但我老公不想走" name
    someone else; a clause reporting anyone else's view is theirs."""
    for clause in clauses:
        at = text.find(clause, at)
        match = _OWN_CONTRAST.match(clause)
        own = clause[match.end():] if match else ""
        if match and (not re.match(r"我们?" + cues.KIN, own) or (
                _HOUSEHOLD.match(own) and not any(w in own for w in cues.WANT_WORDS))) \
                and _reported(text[at + match.end():]) is None:
            return at  # from the contrast word on: "就怕我走了…" is read with its 就怕
        at += len(clause)
    return -1


# session 30: the user going on after a view that takes them as its object, with no new subject
# ("老板挽留我，还是决定走"), or wanting the same in their own words ("我妈想让我辞职，我也想辞职")
_STILL_DECIDING = re.compile(
    "^(?:" + "|".join(sorted(cues.STILL_DECIDING_LEAD, key=len, reverse=True)) + ")?"
    "(?:" + "|".join(cues.STILL_DECIDING) + ")(?:最后|最终|终究|还是)?"
    "(?:" + "|".join(sorted(cues.DECIDING, key=len, reverse=True)) + ")(?![让叫给帮把我他她])")
_ALSO_WANTING = re.compile(
    r"^(?:我|自己)们?(?:自己|其实|本来|早就|心里)?也(?:很|真的|确实|一直|早就|是|挺)*"
    "(?:" + "|".join(sorted(cues.ALSO_WANTING, key=len, reverse=True)) + ")(?![让叫给帮把])")


def _users_going_on(text: str, clauses: list[str], at: int, told: str) -> int:
    """Where in ``text`` (from ``at`` on) the user's own words start after someone's view ``told``
    (the reporting verb and what follows it in its clause), with no contrast word (those are
    :func:`_users_contrast`'s): a clause with no subject that goes on deciding (还是/仍然/依然/却 +
    决定/想/要 …), when the view took the user as its object ("老板挽留我，还是决定走"); or the user
    wanting it too ("…，我也想辞职"). -1 when neither."""
    for clause in clauses:
        at = text.find(clause, at)
        if ("我" in told and _STILL_DECIDING.match(clause)) or _ALSO_WANTING.match(clause):
            return at
        at += len(clause)
    return -1


def _named_person(clause: str) -> bool:
    """Does ``clause`` open with a person's name (「张伟想辞职」, 「李娜打算跳槽」, 「欧阳娜娜想走」): a
    surname (:data:`.stance_cues.SURNAMES`) and one or two characters the segmenter tags a personal
    name (nr), not a word that only looks like one (:data:`.stance_cues.NOT_NAMES`: 白领, 高薪 …)?"""
    import rjieba

    clause = re.sub(r"^(?:但是?|可是?|不过|而且|所以|后来|其实)", "", clause)
    if len(clause) < 3 or not _is_cjk(clause[0]):
        return False
    if clause.startswith(cues.COMPOUND_SURNAMES):
        return True
    if clause[0] not in cues.SURNAMES:
        return False
    word, tag = rjieba.tag(clause[:6])[0]
    return tag in ("nr", "nrt", "nrfg") and 2 <= len(word) <= 3 and word[:2] not in cues.NOT_NAMES \
        and word not in cues.NOT_NAMES


# the user answering what was said to them: "…，我说不想", "…，我回答：不走", "…，我跟他说我想走"
_REPLY = re.compile(r"(?<=[，,。！!？?；;：:\n])(?:我|自己)(?:当时|当场|就|便|直接|只|也|还是|马上|立刻)*"
                    r"(?:回答说|回答|回复说|回复|回了一句|回他|回她|答道|(?:跟|对|和)(?:他|她|他们|她们)说|"
                    r"告诉(?:他|她|他们|她们)|说)(?:了|道)?[：:，,\s]*")


def _users_reply(content: str) -> tuple[int, str] | None:
    """Where in ``content`` (what someone said or asked) the user's own answer starts, and the answer,
    or None. An answer of only the verb of an A-not-A question is completed from it: "想不想走" ->
    "我说不想" is "不想走", "我说想" is "想走"; "愿不愿意去" -> "不愿意" is "不愿意去"."""
    for match in _REPLY.finditer(content):
        said_at = content.find("说", match.start(), match.end())
        if said_at >= 0 and _covers(content, said_at, cues.NOT_REPORT):
            continue  # "我说不过她", "我说的…": not an answer
        answer = content[match.end():].strip()
        if not answer:
            continue
        asked = content[:match.start()]
        pair = re.search(r"(.)[不没]\1", asked)
        if pair:
            tail = CLAUSES.split(asked[pair.end():])[0]
            first = _clauses(answer)[0]
            said = first.rstrip("了啊呀吧呢的哦嘛")
            at = said.rfind(pair.group(1))
            if 0 <= at and len(said) <= 5 and tail.startswith(said[at + 1:]):
                answer = said + tail[len(said) - at - 1:] + answer[len(first):]
            elif said in ("不", "没", "没有"):  # "走不走" -> "我说不" is "不走"
                answer = said[0] + pair.group(1) + tail + answer[len(first):]
        return match.start(), answer
    return None


# an answer that repeats the act bare says yes to it ("问我走不走，我回答走"): the user, then at most
# words of when or how sure, the act, a closing particle
_BARE_ANSWER = re.compile(r"^(?:我|我们)?(?:就|肯定|当然|一定|马上|立刻|明天|下个月|今年|年后|这就|现在|还是)*"
                          r"(?P<neg>[不没别])?(?P<act>.+?)(?:了|啊|呀|吧|呢|的|哦|嘛|人)*$")


def _bare_answer(answer: str, frame: Frame) -> Reading | None:
    """The side of an answer that is the act and nothing else ("走", "走人", "我明天就走", "不走"), or None."""
    first = (_clauses(answer) or [""])[0]
    match = _BARE_ANSWER.match(first)
    if match is None or match.group("act") not in frame.act:
        return None
    word, side = match.group("act"), -1 if match.group("neg") else 1
    return Reading(side=side, certain=True, form="negation" if side < 0 else "plain", cue=word, basis="act",
                   cues=[word])


# someone's words quoted after a colon (session 29): "阿杰那句话一直在我脑子里：现在跳槽太冒险", "我妈的话：…"
_WORDS_QUOTED = re.compile(r"^(?P<who>[^，,。！!？?：:]{1,6}?)(?:的|说的|说过的)?(?:那句|这句|那番|这番|那些|这些)?话"
                           r"[^，,。！!？?：:]{0,10}[：:](?P<content>.+)$")


#: report verbs that, denied (不建议, 不赞成), advise against what follows
_DENIED_ADVICE = ("建议", "赞成", "支持", "同意", "主张", "鼓励")


def _reported(text: str) -> _Report | None:
    """Someone else's view reported in ``text`` ("阿杰认为…", "婆婆天天催…"), or None."""
    quoted = _WORDS_QUOTED.match(text)
    if quoted and (_NAMED.match(quoted["who"]) or re.match(r"^(?:我们?)?(?:他|她|" + _PEOPLE + ")", quoted["who"])):
        return _Report(who=quoted["who"], content=quoted["content"].strip(), reaction=None, verb="说")
    clauses = _clauses(text)
    for i, clause in enumerate(clauses):
        found = _report_verb(clause)
        if found is None:
            continue
        pos, verb = found
        if verb in cues.CAUSING and cues.CAUSED_FEELING.match(clause, pos + len(verb)):
            continue  # 「最近工作上的事让我不太开心」: what X does to the user, not X's view
        if clause.startswith(cues.CONCESSIVE) and i + 1 < len(clauses):
            continue  # "尽管医生再三说…，我还是怕…": a view conceded; the user's own words follow
        subj = _subject(clause[:pos])
        subj = re.sub(r"^(?:在|按照|按|照|听|依|据)(?=.)", "", subj)  # "在我婆婆看来", "按我爸的说法", "据猎头说"
        # how the words came: "老师打电话说", "HR私下跟我说", "复查时医生说"
        subj = re.sub(r"(?<=.)(?:打来电话|打电话|来电话|在电话里|电话里|发微信|微信|私下|跟我|对我|告诉我|给我)+$", "", subj)
        subj = re.sub(r"^[^，]{1,4}时(?=..)", "", subj)
        if re.match(r"^(?:可|但|但是|不过|而且)?它", subj):
            continue  # "可它能让我安心上班": a thing, not a speaker
        negated_verb = bool(re.search(r"(?<=.)(?:不太|不怎么|并不|也不|都不|不)$", subj))
        subj = re.sub(r"(?<=.)(?:不太|不怎么|并不|也不|都不|很|不)$", "", subj)  # "我妈不太赞成"
        # the adverbs before the negation are not the speaker's name either: "老婆一直不让我…" is 老婆's
        subj = _KEEPS.sub("", _INSISTING.sub("", _subject(subj)))
        if (any(q in subj for q in ("谁", "哪", "什么")) or (subj.startswith(("这", "那")) and not subj.endswith("人"))
                or subj.endswith("被") or "的是" in subj):
            continue  # "谁会要我", "这种事说出去…": not a speaker
        others_act = verb in ("劝", "催", "让我", "叫我", "要我", "逼我", "问我", "想让我", "希望我", "怂恿", "鼓励",
                              "撺掇", "鼓动", "忽悠", "求我", "求着我", "要求我")
        users_own = subj in cues.USER_SUBJECTS or (
            subj.startswith("我") and len(subj) <= 2 and subj[1:] in "也还倒真总老就是都却只") or (
            subj.startswith(("我", "自己")) and re.fullmatch(r"(?:自己|[不太很也还真并都倒是就却只总老挺有点其实一直从来])*",
                                                         subj[1:] if subj.startswith("我") else subj[2:]))
        # "我决定再坚持一年", "我打算再坚持": 我 and what the user does, no person named after it
        users_own = users_own or _user_doing(subj)
        # "要是见了面觉得…", "是怕领导觉得我…": the user's own condition or fear, no one else's view
        users_own = users_own or bool(
            (subj.startswith(cues.CONDITION) or re.match(r"^(?:是|就是|我|我是|我就|只是)?(?:有点|有些|挺|真)?(?:怕|担心|就怕)", subj))
            and not re.search(cues.KIN + "|别人|人家", subj))  # "是有点怕她唠叨": she is what is feared
        if users_own:
            if verb in ("想让我", "让我", "叫我", "希望我", "要我"):
                continue
            return None  # the user's own 我觉得 / 我认为
        if not subj:
            named = re.match(r"(?:我)?(?!孩子|儿子|女儿|娃)" + cues.KIN, clauses[i - 1]) if i > 0 else None
            if not others_act and not named:
                continue  # "总觉得…", "说放下…": the user's
            # "老公一直想养，说…": who spoke is named before, up to what they did (老公, not 老公一直想养)
            subj = _speaker_before(clauses[i - 1]) if i > 0 else "?"
        if len(subj) > 12 or subj.endswith(("想", "要")):
            continue
        for cut in ("知道了", "做完", "听了", "看了", "知道", "听说"):
            if cut in subj and subj.index(cut) > 0:
                subj = subj[: subj.index(cut)]
        if cues.FACT_SOURCE.search(subj):
            return None  # a landlord's rule, a contract: facts the user records ("单位王姐" is a person)
        told = text[text.find(clause) + pos:]
        if cues.FACT_PEOPLE.search(subj) and verb in cues.FACT_VERBS and cues.FACT_MARK.search(told) \
                and not cues.ADVICE.search(told):
            return None  # "医生说这颗是横着长的", "教务处说休学期间…停发": a fact told, the user's evidence
        content = text[text.find(clause) + pos + len(verb):]
        reaction = None
        rest = clauses[i + 1:]
        disagree, agree = _user_reaction(rest, cues.DISAGREE), _user_reaction(rest, cues.AGREE)
        if disagree >= 0 and disagree >= agree:  # "以前不信，现在信了": the last word counts
            reaction = "disagree"
            content = _strip_reaction(content, cues.DISAGREE)
        elif agree >= 0:
            reaction = "agree"
            content = _strip_reaction(content, cues.AGREE)
        own_from = -1 if reaction else _users_contrast(text, rest, text.find(clause) + len(clause))
        if own_from < 0 and reaction is None:  # "老板挽留我，还是决定走", "…，我也想辞职"
            own_from = _users_going_on(text, rest, text.find(clause) + len(clause), clause[pos:])
        answer = None
        if reaction is None:
            reply = _users_reply(content)
            if reply is not None:  # "同事问我想不想走，我说不想": the question is theirs, the answer the user's
                content, answer = content[:reply[0]], reply[1]
        return _Report(who=subj.strip("的"), content=content.lstrip("：:，, "), reaction=reaction,
                       verb=("不" + verb) if negated_verb and not verb.startswith("不") else verb,
                       own_from=own_from, answer=answer)
    quoted = re.search(r'"([^"]+)"', text)
    if quoted and any(w in text[: quoted.start()] for w in cues.DISAGREE):
        return _Report(who="?", content=quoted.group(1), reaction="disagree")
    if quoted and any(w in text[: quoted.start()] for w in cues.AGREE):
        return _Report(who="?", content=quoted.group(1), reaction="agree")
    return None


def _user_reaction(clauses: list[str], words: Iterable[str]) -> int:
    """The index of the last of ``clauses`` that says the user agrees / disagrees ("这话我是认同的",
    "我不认同"), or -1. A word ending in ``$`` counts only at the end of its clause ("这话我认", not
    "我认为…"); 他/她 may say it for the user only as "她说得对"."""
    found = -1
    for i, clause in enumerate(clauses):
        for w in words:
            word = w.rstrip("$")
            pos = clause.rfind(word) if w.endswith("$") else clause.find(word)
            if pos < 0 or (w.endswith("$") and clause[pos + len(word):].strip("了的啊呀吧！!。")):
                continue
            before = clause[:pos]
            for lead in ("这个", "这话", "这句话", "这点", "这一点", "对此", "但", "可", "不过", "其实", "现在", "越想越",
                         "越来越", "这回", "这次", "后来", "想想", "细想起来", "细想", "听完", "真的", "是"):
                before = before.replace(lead, "")
            before = _subject(before)
            if not before or before.startswith("我") or w.startswith("我") or (
                    re.fullmatch(r"我?(?:觉得|看)?[他她]", before) and word.startswith(("说得", "讲得"))):
                found = i
                break
    return found


def _strip_reaction(content: str, words: Iterable[str]) -> str:
    parts = _clauses(content)
    keep = [p for p in parts if not any(w.rstrip("$") in p for w in words)]
    return "，".join(keep)


# reporting verbs that are a view themselves: "我妈不赞成（买）", "他们都看好"
_VERB_SIDE = {"不看好": -1, "不赞成": -1, "不支持": -1, "反对": -1, "不反对": 1, "看好": 1, "赞成": 1, "支持": 1}

# a yes-or-no question someone asks ("问我想不想走", "问我是否还要走", "问我还走吗")
_YES_NO = re.compile(r"(.)[不没]\1|是否|吗$|(?<![什怎干多那这要])么$")

INFERENCE = re.compile(r"就是|就等于|等于|说明|意味着|代表")

# verbs whose object is the act someone urges ("同事劝我跳槽", "我妈让我辞职", "表哥催我赶紧走"): the
# act named plainly after them is the view, as "劝我别跳槽" was already read as against it
_URGING = ("劝", "催", "让我", "叫我", "要我", "逼我", "想让我", "希望我", "怂恿", "鼓励", "撺掇", "鼓动", "忽悠", "求我",
           "求着我", "要求我")


# what may follow the act's verb when its object is left out ("劝我别养", "让我赶紧买吧")
_ELIDED_END = re.compile(r"$|[了吧啊呀呢嘛啦哈的]|一?点|一?些")
# a measure word between the act's verb and its object ("养只猫", "买套房")
_MEASURE = re.compile(r"[一两几]?[个只套台辆份条本间]")


def _act_at(text: str, frame: Frame) -> str | None:
    """The frame's act word named at the start of ``text``, or None: the word itself ("养猫"), with a
    measure word between its verb and object ("养只猫"), or its verb alone with the object left out
    ("养", "养了吧": "劝我别养" for 养猫, "怎么还不分" for 分手); a verb that names nothing alone (去,
    做: :data:`STOP_TERMS`) does not count."""
    for word in frame.act:
        if _word_at(text, word) == 0:
            return word
    for word, k in _act_verbs(frame):
        if not text.startswith(word[:k]):
            continue
        measure = _MEASURE.match(text, k)
        if _ELIDED_END.match(text, k) or (measure and text.startswith(word[k:], measure.end())):
            return word
    return None


_VAGUE_VERBS = frozenset(("弄", "搞", "干", "整"))


@functools.lru_cache(maxsize=4096)
def _cut(text: str) -> tuple[str, ...]:
    import rjieba

    return tuple(rjieba.cut(text, False))  # the dictionary's words only: no guessed word (休金)


def _act_verbs(frame: Frame) -> Iterator[tuple[str, int]]:
    """``(act word, k)`` for each verb ``word[:k]`` an act word of the frame may be named by alone,
    longest first (养猫: 养; 换城市: 换城, 换), never one that names nothing alone (:data:`STOP_TERMS`).
    A search synonym the conclusion does not say (``Frame.own``) may be a noun (退休金 for 养老金,
    娃他妈 for 老婆): its verb counts only where what follows it is one word that is no pronoun's
    (退休|金 yes, 退|休金 no, 娃|他妈 no), and never a verb as vague as 弄 or 搞 ("不看咋弄")."""
    own = frame.own or frame.act
    for word in frame.act:
        if len(word) < 2 or not _is_cjk(word[0]):
            continue
        for k in range(len(word) - 1, 0, -1):
            if word[:k] in STOP_TERMS:
                continue
            if word not in own and (word[:k] in _VAGUE_VERBS or word[k] in "他她我你它"
                                    or len(_cut(word[k:])) != 1):
                continue
            yield word, k


# someone other than the user named before a verb: a pronoun, kin, or a name (老周, 小林, 阿杰)
_SOMEONE = re.compile(r"他|她|别人|人家|" + cues.KIN + r"|^(?:但是?|可是?|不过)?[老小阿][\u4e00-\u9fff]")
# who does an act (session 29): the user (我, 自己), or someone else (你 beside 我, 他, 她, 同事, 老婆 ...);
# one after a preposition is not the doer ("跟同事一起辞职", "为了孩子不走", "比他更想走")
_PEOPLE = cues.KIN.replace("(?:们家|家|", "(?:")
_DOER = re.compile(r"(?P<me>我们?|自己)|(?P<prep>跟|和|与|同|陪|替|帮|给|为了?|比|像|对)?"
                   r"(?P<who>你们?|他们?|她们?|别人|人家|大家|" + _PEOPLE + ")")
_NAMED = re.compile(r"^(?:但是?|可是?|不过)?(?:[老小阿][\u4e00-\u9fff](?![是实在心说])|" + _PEOPLE + ")")


def _others_act(text: str, clause: str, pos: int) -> bool:
    """Is the act at ``pos`` of ``clause`` someone else's: the last doer named before it is not the user
    ("我还是觉得你该辞职", "我还是觉得他应该走", "我老公想辞职"), or, with none named in its clause, the clause
    before it opens with someone else and leaves the user out ("同事被挽留，还是决定走": the colleague's)?
    你 is someone else only where the user says 我 too: alone, it is the user spoken to ("你再不辞职会疯掉的")."""
    you_other = "我" in text
    last = None
    for m in _DOER.finditer(clause[:pos]):
        if m.group("me"):
            last = "me"
        elif not m.group("prep") and (you_other or not m.group("who").startswith("你")):
            last = "other"
    if last is None and (_NAMED.match(clause) or _named_person(clause)) and "我" not in clause[:pos]:
        last = "other"  # "小王想辞职", "老张还是走了"
    if last is not None or clause.startswith(("我", "自己")):
        return last == "other"
    at = text.find(clause)
    before = _clauses(text[:at]) if at > 0 else []
    if before:
        prev = before[-1]
        opener = _DOER.match(prev) or _NAMED.match(prev) or _named_person(prev)
        return bool(opener) and not (isinstance(opener, re.Match) and opener.groupdict().get("me")) \
            and "我" not in prev and "自己" not in prev
    return False


# staying named in a note, for a leaving act (session 29): "我打算继续在这里工作", "我准备继续留在这里",
# "一天都不想在这待了", and the job refused ("我打算不干了"): wanting it is against leaving, refusing it for it
_STAY_SAID = re.compile(
    r"(?:继续|接着)(?:在|留在|待在|呆在)?" + _HERE + r"(?:公司|单位|岗位|团队)?(?:工作|干|做|上班|待|呆)"
    r"|(?:继续|接着)?(?:留|待|呆)在" + _HERE + r"|在" + _HERE + r"(?:公司|单位)?(?:待|呆|干|工作|上班)"
    r"|继续留下?|留下来|(?<=[不没别])(?:干|做)(?=了|啦|下去)")


def _elided_act(clause: str, text: str, frame: Frame) -> list[tuple[str, int]]:
    """The frame's act named in ``clause`` by its verb alone (:func:`_act_at`: "不买了", "我不想分"),
    as [(act word, position)], or []: only when nothing before it in ``text`` names another thing
    the verb could be about ("那件大衣太贵了，不买了" is about the coat: :func:`_verb_alone_fits`)."""
    at = text.find(clause)
    for pos in range(len(clause)):
        word = _act_at(clause[pos:], frame)
        if word is None:
            continue
        before = text[:at + pos] if at >= 0 else clause[:pos]
        return [(word, pos)] if _verb_alone_fits(before, clause[:pos], word) else []
    return []


def _verb_alone_fits(before: str, clause_before: str, word: str) -> bool:
    """May the act ``word``'s verb, named alone after ``before`` (the text before it; ``clause_before``:
    its clause's part), be the act? Not when a thing named before may be what the verb is about ("那件大衣
    太贵了，不买了"), unless it is the act's object ("房子还是得买"), nor when someone else is its subject
    ("老周听说要搬", "老公不想买": whose wish it is, the verb alone does not say)."""
    import rjieba

    if any(tag.startswith("n") and tag != "nr" and not any(ch in word[1:] for ch in token)
           for token, tag in rjieba.tag(before)):
        return False
    return not _SOMEONE.search(clause_before) and not _named_person(clause_before + word)


_ADVISING = re.compile(r"^(?:你们?)?(?:还是|最好|赶紧|赶快|快点|快|早点|趁早|干脆|直接)+")


def _advised_act(content: str, frame: Frame) -> str | None:
    """The frame's act someone said as advice, in the imperative: after 赶紧/早点/还是/干脆…
    ("（闺蜜说）赶紧分") or bare and closed by 吧 ("（我爸说）读吧", "买吧"), by its verb alone too; else None."""
    first = (_clauses(content) or [""])[0]
    lead = _ADVISING.match(first)
    if lead:
        return _act_at(first[lead.end():], frame)
    if first.endswith("吧"):
        return _act_at(re.sub(r"^你们?", "", first), frame)
    return None


# what may stand between the urging verb and the act: how soon or how sure ("劝我赶紧分", "叫我千万别养")
_URGED_LEAD = re.compile(r"(?:还是|最好|千万|一定|赶紧|赶快|快点|快|早点|趁早|干脆|直接|索性|先|再|就|也)*")
_URGED_NOT = re.compile(r"(?:别再|不要再|别|不要|不准|不许|甭|不用|没必要)")


def _urged_act(content: str, frame: Frame) -> tuple[str, int] | None:
    """The frame's act named in the first clause of what someone urges, and the side urged, or
    None: "（劝我）跳槽" +1, "别养" / "千万不要买" -1 (the act by its verb alone: :func:`_act_at`)."""
    first = (_clauses(content) or [""])[0]
    first = re.sub(r"^我们?", "", first)  # "劝|我别养": 劝 reports, 我 is whom
    lead = _URGED_LEAD.match(first).end()
    negation = _URGED_NOT.match(first, lead)
    at = negation.end() if negation else lead
    at = _URGED_LEAD.match(first, at).end()
    word = _act_at(first[at:], frame)
    if word is not None:
        return word, -1 if negation else 1
    for word in frame.act:
        if _word_at(first, word) >= 0:
            return word, 1
    return None


# what someone asks as a challenge: "（你）为什么还不辞职" / "怎么还不走" urge the act, "为什么要辞职" /
# "干嘛非要走" argue against it (the act must follow at once: "为什么还不知道结果" is no challenge to it)
_WHY = r"^(?:你们?)?(?:到底|究竟)?(?:为什么|为啥|干嘛|干吗"
_CHALLENGE_FOR = re.compile(_WHY + r"|怎么|咋)(?:到现在|现在)?(?:还|都|还是)(?:不|没有|没)(?:去|肯)?")
# "为什么不辞职", "干嘛不干脆走", "何不…": "why don't you" pushes for the act as "为什么还不" does, a
# shade less surely (it may be asked out of curiosity): marked unsure
_CHALLENGE_WHY_NOT = re.compile(_WHY + r"|怎么|咋|何)(?:就)?不(?:干脆|直接|索性|早点|趁早|赶紧|赶快|去|肯)*")
_CHALLENGE_AGAINST = re.compile(_WHY + r")(?:非|非得|偏|偏要|一定)?(?:要|想)(?:去)?")
# "为什么没辞职": why it did not happen, asked, not urged: no side
_CHALLENGE_WHY_DIDNT = re.compile(_WHY + r"|怎么|咋)(?:就)?没有?(?:去)?")


def _challenge(content: str, frame: Frame) -> Reading | None:
    """The side of a challenge someone put ("我妈问我为什么还不辞职", "同事问我为什么不辞职": for 辞职;
    "老婆问我为什么要辞职": against it), or None when the first clause of ``content`` is not one naming
    the frame's act (by its verb alone too: "怎么还不分"). "为什么不辞职了" (why a plan changed) and
    "为什么没辞职" (why it did not happen) ask, they urge nothing: a question, no side."""
    first = (_clauses(content) or [""])[0]
    for pattern, side, certain in ((_CHALLENGE_FOR, 1, True), (_CHALLENGE_WHY_NOT, 1, False),
                                   (_CHALLENGE_AGAINST, -1, True), (_CHALLENGE_WHY_DIDNT, 0, False)):
        match = pattern.match(first)
        if match is None:
            continue
        rest = first[match.end():]
        word = _act_at(rest, frame)
        if word is None:
            continue
        if not side or (pattern is _CHALLENGE_WHY_NOT and first.rstrip("呢啊呀吗").endswith("了")):
            return Reading(side=0, certain=False, form="question")
        return Reading(side=side, certain=certain, cue=word, basis="act", cues=[word])
    return None


def _state_of(conclusion: str) -> Any:
    """The state a conclusion about how things are says (:func:`.states.state_of`), or None."""
    from .states import state_of

    return state_of(conclusion)


def read(text: str, frame: Frame) -> Reading:
    """The stance of ``text`` toward ``frame``'s act (see the comment above :class:`Frame`)."""
    text = (text or "").translate(FOLD).strip()
    if not text:
        return Reading()
    if frame.state is not None and not _english(text):
        from .states import read_state

        return read_state(text, frame.state)  # 「我最近睡得好」: what a note says of sleep, not of an act
    if _english(text):
        return _read_en(text, frame)
    text = _why_urged(text, frame) or text  # "我问我妈为什么不让我辞职": 我妈不让我辞职, her view
    asked = _asking_another(text, frame)
    if asked is not None:
        # "我问同事为什么不辞职": the user asks about the colleague's own choice, no side on theirs;
        # what follows is read alone, and the answer they gave is about their choice too
        after = read(asked, frame) if asked else Reading(side=0, certain=False, form="question")
        return after if after.own else Reading(side=0, certain=False, form="question")
    report = _reported(text)
    if report is not None and report.own_from >= 0:
        # "妈妈劝过我，但我绝不想走": the view is conceded, the user's own words follow and decide,
        # read as what follows a contrast always is
        own = _read_own(text[report.own_from:], frame)
        return replace(own, form="concession") if own.form in ("plain", "negation") else own
    if report is not None and report.answer:
        # "同事问我想不想走，我说不想": what the user answered is the user's own statement, an answer of
        # the act alone too ("问我走不走，我回答走"); one that takes no side ("我说再想想") leaves the view theirs
        own = _read_own(report.answer, frame)
        if not own.side:
            own = _bare_answer(report.answer, frame) or own
        if own.side:
            return own
    challenge = _challenge(report.content, frame) if report is not None else None
    if report is not None and challenge is None and report.verb == "问我" and _YES_NO.search((_clauses(report.content) or [""])[0]):
        # "同事问我想不想走": a question is not a view; unanswered, it takes no side
        return Reading(side=0, certain=False, speaker=report.who, reported_side=0, form="reported")
    if report is not None:
        # "我妈问我为什么还不辞职": their view, for it (never the user's), though the words say 不
        view = challenge or _threat(report.content, frame) or _read_own(report.content, frame)
        if (view.side and challenge is None and report.verb.startswith("不") and report.verb[1:] in _DENIED_ADVICE
                and report.verb not in _VERB_SIDE
                and not _threat(report.content, frame)):
            # "朋友不建议你马上辞职": advice denied is advice against what it names (马上辞职, read as the
            # act done since session 29's set-day rule, was the friend's view for quitting)
            view = replace(view, side=-view.side)
        if report.verb in cues.KEEPING_VERBS and _leaving(frame) and not re.search(r"[没不]有?$", report.who):
            # "领导挽留我", "老板再三挽留，说年后给我调岗": keeping the user is a view against leaving
            view = Reading(side=-1, certain=True, cue=report.verb, basis="cue", cues=[report.verb])
        if not view.side and report.verb.lstrip("不") in _URGING:
            urged = _urged_act(report.content, frame)  # "同事劝我跳槽", "阿杰劝我别养": the act urged is the view
            if urged:
                word, urged_side = urged
                view = Reading(side=-urged_side if report.verb.startswith("不") else urged_side, certain=True,
                               cue=word, basis="act", cues=[word])
        if not view.side and not report.verb.startswith("不"):
            advised = _advised_act(report.content, frame)  # "闺蜜说赶紧分", "我爸说读吧": advice, said
            if advised:
                view = Reading(side=1, certain=True, cue=advised, basis="act", cues=[advised])
        verdict = _VERB_SIDE.get(report.verb, 0)
        if verdict and report.reaction is None:  # "老婆不看好现在买": the verb is the view
            content_side = view.side if view.basis == "act" else 1
            view = Reading(side=verdict * content_side, certain=True, cue=report.verb, basis="cue")
        if report.reaction == "agree":  # the user said where they stand: as sure as the view is clear
            return Reading(side=view.side, certain=bool(view.side), form="adopted", cue=view.cue, basis=view.basis,
                           cues=view.cues)
        if report.reaction == "disagree":
            if INFERENCE.search(report.content) or not view.side:
                return Reading(side=0, certain=False, form="adopted", cue=None)
            return Reading(side=-view.side, certain=True, form="adopted", cue=view.cue, basis=view.basis,
                           cues=view.cues)
        return Reading(side=0, certain=view.certain, speaker=report.who, reported_side=view.side, form="reported",
                       cue=view.cue, basis=view.basis, cues=view.cues)
    own_challenge = _own_challenge(text, frame)
    return own_challenge if own_challenge is not None else _read_own(text, frame)


def _leaving(frame: Frame) -> bool:
    """Is the frame's act leaving something (辞职, 跳槽, 分手 …; a "stay" conclusion is read as against it)?"""
    return frame.left or any(w in STAY_OPPOSITES or w in BREAK_VERBS for w in frame.act)


# a threat someone makes against the act: "（我爸说）辞了就别回来找他", "你敢辞职就别进这个家门",
# "我要是分手就别想再找他": the act (its verb alone too), then 就/也 and what is forbidden or broken off
_THREAT_LEAD = re.compile(r"^(?:你们?|我)?(?:要是|如果|假如|真要|真敢|要敢|敢|再)?")
_THREAT_TAIL = re.compile(r"(?:了|掉)?(?:的话)?[，,]?(?:你们?|我们?|他|她)?(?:以后|这辈子)?(?:就|也)"
                          r"(?:别|不要|甭|休想|不准|不许|(?:跟|和)你(?:离婚|分手|断绝|翻脸|没完)|断绝|不认|滚|没你这个)")


def _threat(content: str, frame: Frame) -> Reading | None:
    """The side of a threat someone makes against the frame's act (session 26: "我爸说辞了就别回来找他"
    took no side), read from the first clause of what they said: the act, then 就 and a ban or a
    break ("就别回来", "就别进这个家门", "就跟你断绝关系"): against the act, certain. Else None."""
    first = (_clauses(content) or [""])[0]
    rest = first[_THREAT_LEAD.match(first).end():]
    end = next((len(w) for w in frame.act if _is_cjk(w[0]) and rest.startswith(w)), 0) or next(
        (k for w, k in _act_verbs(frame) if rest.startswith(w[:k])), 0)
    if not end or not _THREAT_TAIL.match(rest, end):
        return None
    word = _act_at(rest, frame) or next(w for w in frame.act if rest.startswith(w))
    return Reading(side=-1, certain=True, cue=word, basis="act", cues=[word])


# the user asking someone else why they do (or don't do) the act: "我问同事为什么不辞职", "我也问过小刘
# 为什么要辞职", "我问我妈当年为什么不买房" (not "我问自己…", "我问老婆我为什么…": the user's own challenge)
_ASKING_ANOTHER = re.compile(r"^我(?:也|还|就|都|又|曾经?|当时|以前|特意|专门)*问(?:问|过|了)?"
                             r"(?P<who>[^，,。？?！!：:\s]{1,8}?)(?:当年|当初|以前|现在|到底|究竟)?"
                             r"(?:为什么|为啥|怎么|干嘛|干吗|咋)")


def _asking_another(text: str, frame: Frame) -> str | None:
    """When ``text`` opens with the user asking someone else why they do (or don't) do the frame's
    act, what follows that question ("" when nothing does), else None. A question that names the
    user ("我问我妈为什么不让我辞职") is about the user's decision, and one that does not name the act
    ("我问HR为什么工资三年没涨") is about the user's present: both are read as before."""
    first = (_clauses(text) or [""])[0]
    match = _ASKING_ANOTHER.match(first)
    if match is None:
        return None
    who, question = match.group("who"), first[match.end():]
    if who.endswith("我") or who in ("自己", "我自己") or "我" in question or not any(
            _word_at(question, word) >= 0 for word in frame.act):
        return None
    return text[text.find(first) + len(first):].lstrip("，,。？?！!；;：: ")


# the user asking someone why they urge the user ("我问我妈为什么不让我辞职", "我妈为什么老催我辞职")
_WHY_URGED = re.compile(r"^(?:我(?:也|还|就|都|又|曾经?|当时|以前|特意|专门)*(?:问|质问|追问)(?:问|过|了)?)?"
                        r"(?P<who>[^，,。？?！!：:\s]{1,8}?)(?:当年|当初|以前|现在|到底|究竟)?"
                        r"(?:为什么|为啥|干嘛|干吗|凭什么|怎么)"
                        r"(?P<urge>(?:老是|总是|一直|非要|偏要|老|总|非|偏|硬|就|还|又|都|这么|那么)*(?:不|别)?"
                        r"(?:让我|叫我|要我|逼我|劝我|催我|希望我|想让我|求我|挽留我?|不放我走))")


def _why_urged(text: str, frame: Frame) -> str | None:
    """``text`` with the why-question around someone's urging taken away, when the user asks (or
    wonders) why someone else urges them toward or away from the frame's act: "我问我妈为什么不让我辞职"
    -> "我妈不让我辞职" (session 26: it was the user's own view against quitting, certain); the
    urging is what the question takes for granted, so it is read as that person's view. Else None
    (the user's own "我为什么…", or a question not naming the act: "我问领导为什么不让我请假"; keeping the
    user, "我问领导为什么挽留我", names leaving: :data:`.stance_cues.KEEPING_VERBS`)."""
    match = _WHY_URGED.match(text)
    if match is None:
        return None
    who = match.group("who")
    keeping = match.group("urge").endswith(("挽留", "挽留我", "不放我走")) and _leaving(frame)  # "…为什么挽留我"
    if who in ("我", "我们", "自己", "我自己") or who.endswith("我") or not (
            keeping or _names_act(text[match.end():], frame)):
        return None
    return who + match.group("urge") + text[match.end():]


_SELF_ASKING = ("我问我自己", "我问自己", "我也问自己", "我总问自己", "我一直问自己", "我", "自己")


def _own_challenge(text: str, frame: Frame) -> Reading | None:
    """The user's own challenge to themselves, said alone ("我问自己为什么还不辞职", "我怎么还不走"):
    it leans toward the act (as someone else's is their view for it: :func:`_challenge`), and
    "为什么要辞职" away from it; a question, so marked unsure. Read literally, its 不 made it
    against the act, marked certain. A clause after it ("…？因为存款不够") decides as before."""
    if len(_clauses(text)) != 1:
        return None
    # "我问老婆我为什么不辞职": asked aloud to someone, still the user's challenge to themselves
    rest, _ = _strip_lead(re.sub(r"^我(?:也|还|又)?问(?:过|了)?[^，,。？?！!：:我]{1,8}我(?=为什么|为啥|怎么|干嘛|干吗|咋)",
                                 "", text), _SELF_ASKING)
    found = _challenge(rest, frame)
    if found is None:
        return None
    return replace(found, certain=False, form="question")


def _dominant(clauses: list[str]) -> tuple[list[str], bool]:
    """The clauses the user stands on: after the last contrast (但是, 只是, 不是A，是B ...)."""
    start = 0
    concession = False
    if len(clauses) > 1 and clauses[0].startswith(cues.CONCESSIVE) and not any(
            c.startswith(cues.CONTRAST) for c in clauses[1:]):
        return clauses[1:], True  # "即使失业，存款也能撑大半年"
    for i, clause in enumerate(clauses):
        rest, word = _strip_lead(clause, cues.CONTRAST)
        if word and i > 0:
            start, concession = i, True
            continue
        if i > 0 and (clause.startswith("就是") and any("倒是" in c or c.startswith("是") for c in clauses[:i])
                      or re.match(_BUT_KE, clause)):
            start, concession = i, True  # "倒是想要，就是…", "嘴上说随我，可每次…"
            continue
        if i > 0 and clause.startswith(("是", "而是")) and re.search(r"不是|并不是|并非", clauses[i - 1]):
            start, concession = i, True
    out = []
    for j, clause in enumerate(clauses[start:]):
        if j == 0 and start > 0:
            rest, word = _strip_lead(clause, ("但是", "但", "可是", "不过", "然而", "只是", "却", "其实", "而是", "就是",
                                              "是", "可"))
            clause = rest or clause
        out.append(clause)
    return out, concession


def _negated_before(clause: str, pos: int, window: int = 6, taken: list[bool] | None = None) -> bool:
    """Is the word at ``pos`` negated by what precedes it in its clause? A negation inside another
    cue word ("离不开这份稳定…") or an A-not-A question ("有没有") does not count, nor one before
    就/才 ("没有他就心慌": the 没 is the condition's)."""
    lo = max(0, pos - window)
    for cut in ("就", "才", "便"):
        k = clause.rfind(cut, lo, pos)
        if k >= 0:
            lo = k + 1
    count = 0
    for p in range(lo, pos):
        ch = clause[p]
        if ch not in NEGATORS or _inside_non_negation(clause, p) or (taken is not None and taken[p]):
            continue
        if p > 0 and p + 1 < len(clause) and clause[p - 1] == clause[p + 1]:
            continue  # 有没有, 是不是
        count += 1
    return count % 2 == 1


def _boundaries(clause: str) -> set[int]:
    """Positions where a word starts or ends (rjieba): a cue must not cut a word ("挺好" in 挺好笑)."""
    import rjieba

    out = {0, len(clause)}
    pos = 0
    for token in rjieba.cut(clause):
        pos += len(token)
        out.add(pos)
    return out


def _cues_in(clause: str) -> tuple[list[tuple[int, str, str]], list[bool]]:
    """(position, word, kind) of the cue words in a clause, longest first, not overlapping, on word
    boundaries, and which characters they cover."""
    taken = [False] * len(clause)
    bounds = _boundaries(clause)
    found: list[tuple[int, str, str]] = []
    for word, kind in _CUE_INDEX:
        if word not in clause:  # most of the ~1,000 cue words: skipped without a generator
            continue
        for pos in _positions(clause, word):
            if any(taken[pos:pos + len(word)]):
                continue
            if len(word) <= 2 and pos + len(word) not in bounds:
                continue  # a short cue that ends inside a word: 挺好|笑, 熬|夜
            if len(word) == 1 and pos > 0 and clause[pos - 1:pos + 1] in cues.NOT_CUE_COMPOUNDS:
                continue  # a one-character cue that ends another word: 恋爱, 恐怕, 哪怕
            for p in range(pos, pos + len(word)):
                taken[p] = True
            found.append((pos, word, kind))
    for pattern, kind in _PATTERNS:  # productive forms (V不起, 没时间 ...) where no listed word stands
        for match in pattern.finditer(clause):
            pos, word = match.start(), match.group(0)
            if any(taken[pos:match.end()]) or any(
                    clause.startswith(n, q) for n in cues.NOT_PATTERN for q in range(max(0, pos - 3), match.end())
                    if q <= pos < q + len(n) or pos <= q < match.end()):
                continue
            for p in range(pos, match.end()):
                taken[p] = True
            found.append((pos, word, kind))
    starts = {pos for pos, _, _ in found}
    for item in list(found):  # "不会失业": 不会 negates the next cue, it is not "unable" itself
        pos, word, _ = item
        if word in _NEGATING_MODALS and pos + len(word) in starts:
            found.remove(item)
            for p in range(pos + 1, pos + len(word)):
                taken[p] = False
            taken[pos] = False
    return sorted(found), taken


_NOT_MODAL_DE = re.compile(r"[觉记懂晓显变免省使难获取赢弄搞落认]得")


# the user's "I don't want to …" opening a clause: what follows, to the clause's end, is what they
# refuse, so a negated act inside it is wanted ("我不想一辈子就这么谈着恋爱不结婚" is for marrying)
_WILL_NOT = re.compile(r"(?:我|自己)?(?:真的|实在|可|才|也|绝|绝对|并|再也)?(?:不想|不愿意|不愿|不甘心|受不了|不要)")
# ... unless the act is said by someone else inside it ("我不想让他知道我不结婚": the user is not marrying)
_NOT_MY_WILL = re.compile(r"让|叫|知道|告诉|说|觉得|认为|听|以为|看到|看着")


def _want_side(clause: str, pos: int) -> int | None:
    """+1/-1 when a want word (想, 要, 打算 ...) or a negation governs the word at ``pos``."""
    # 得 of 觉得 / 记得 / 显得 ... is no "must": "我觉得辞职太冒险" wants nothing
    lo = max(0, pos - 6)
    window = _NOT_MODAL_DE.sub("··", clause[lo:pos])
    if any(w in window for w in cues.NOT_WANT if w not in ("不想再",)) and not re.search(r"不想|想要|很想|真想", window):
        window = window  # 想想 / 一想到 ...: not a wish, but a negation may still govern
    wanted = any(w in window for w in cues.WANT_WORDS) and not any(w in window for w in cues.NOT_WANT)
    # the act done or set for a day: "我明天就提离职", "下周就去递辞呈", "我提了离职" (the user's, when no one
    # else is named before it: "同事上周提了离职" is the colleague's)
    wanted = wanted or bool(cues.DOING.search(clause[lo:pos]) and not _SOMEONE.search(clause[:pos]))
    negated = _negated_before(clause, pos)
    if negated and (will := _WILL_NOT.match(clause)) and will.end() <= lo \
            and not _NOT_MY_WILL.search(clause, will.end(), pos):
        return 1  # "我不想一辈子…不领证": refusing to go on without the act
    if not wanted and not negated:
        return None
    return -1 if negated else 1


def _names_act(span: str, frame: Frame) -> str | None:
    """The frame's act word ``span`` names anywhere (by its verb alone too: :func:`_act_at`), or None."""
    for word in frame.act:
        if _word_at(span, word) >= 0:
            return word
    return next((w for pos in range(len(span)) for w in [_act_at(span[pos:], frame)] if w), None)


_RATHER = re.compile(r"与其(?P<a>[^。！!？?；;]+?)[，,]?(?:还|倒|真)?不如(?P<b>[^。！!？?；;，,]+)")
_SOONER = re.compile(r"早(?P<verb>[\u4e00-\u9fff]{1,2}?)早(?:安心|好|享受|解脱|轻松|踏实|省心|完事|超生|放心|舒服|"
                     r"受益|上岸|结束|了事|脱身|自由|划算)")


_MUST_DO = re.compile(r"(?:不(?P<verb>[\u4e00-\u9fff]{1,3}?)不行|非(?P<verb2>[\u4e00-\u9fff]{1,3}?)不可)")


def _choice_idiom(text: str, frame: Frame) -> tuple[int, str, str] | None:
    """(side, act word, idiom) when ``text`` weighs the act in a set phrase: "与其A不如B" is against A
    and for B ("与其买房不如租房", "与其在这里耗着，不如换个城市"); "早X早Y" is for X ("早买早安心",
    "早分早解脱"), and so are "不X不行", "非X不可"; else None (and where both sides of 与其…不如 name the act: "与其现在买，不如明年买")."""
    rather = _RATHER.search(text)
    if rather:
        a, b = _names_act(rather.group("a"), frame), _names_act(rather.group("b"), frame)
        if bool(a) != bool(b):
            return (-1, a, "与其…不如") if a else (1, b, "与其…不如")
    must = _MUST_DO.search(text)  # "不辞不行了", "非分不可": a double negative that insists
    if must:
        word = _act_at(must.group("verb") or must.group("verb2"), frame)
        if word is not None:
            return 1, word, must.group(0)
    sooner = _SOONER.search(text)
    if sooner:
        word = _act_at(sooner.group("verb"), frame)
        if word is not None:
            return 1, word, sooner.group(0)
    return None


# the act judged the better choice, closing its clause: "还是辞职好", "还是不买的好", "辞了好", "先不辞为好"
_PREFERRED_END = re.compile(r"(?:了|掉)?的?(?:为好|比较好|更好|好)(?:了|吧|啊|呀|些|一些|一点|点)?$")
# what may stand before it: a word of preference, or the user's own 觉得 / 看 (not "他辞职好", "一路走好")
_PREFERRED_LEAD = ("还是", "最好", "先", "早点", "趁早", "干脆", "索性", "直接", "觉得", "我看", "看来")


def _preferred(body: list[str], text: str, frame: Frame) -> tuple[int, str] | None:
    """(side, act word) when a clause of ``body`` closes by judging the act the better choice (session
    26): "我觉得还是辞职好", "还是买了好" are for it, "还是不买好", "还是先不辞的好" against it; the act by
    its verb alone too, where :func:`_verb_alone_fits`; else None. Before it, nothing or a word of
    preference (:data:`_PREFERRED_LEAD`): "他辞职好" is not the user's choice, "一路走好" no act."""
    for clause in body:
        end = _PREFERRED_END.search(clause)
        if end is None:
            continue
        head = clause[:end.start()]
        found = next(((w, len(w)) for w in frame.act if _is_cjk(w[0]) and head.endswith(w)), None)
        verb_alone = found is None
        if verb_alone:
            found = next(((w, k) for w, k in _act_verbs(frame) if head.endswith(w[:k])), None)
            if found is None:
                continue
        word, length = found
        lead = head[:-length]
        negated = lead.endswith(("不", "别", "没"))
        if negated:
            lead = lead[:-1]
        if lead and not lead.endswith(_PREFERRED_LEAD):
            continue
        at = text.find(clause)
        if verb_alone and not _verb_alone_fits(text[:at + len(lead)] if at >= 0 else lead, lead, word):
            continue
        return (-1 if negated else 1), word
    return None


# regret with its object right after it (session 29): "后悔辞职", "不后悔留下来", "后悔当初没走"
_REGRET = re.compile(r"(?:后悔|懊悔)(?:过|了)?(?:当初|当时|那时|那会儿|自己)?(?P<not>没有?|不)?(?:早点|早些|早|及时)?")


def _regretted(body: list[str], frame: Frame) -> tuple[int, str] | None:
    """(side, words) when a clause of ``body`` regrets (or denies regretting) the act or staying, said
    right after the regret: regretting the act is against it, regretting not doing it or staying
    (:data:`.stance_cues.STAY_DONE`, for an act of leaving) for it; a negation before the regret
    ("一点都不后悔", "从没后悔过") turns it: "我一点都不后悔留下来" is against leaving, "不后悔辞职" for it.
    Read as a plain risk word, 后悔 was against the act whatever was regretted. Else None."""
    for clause in body:
        for match in _REGRET.finditer(clause):
            rest = clause[match.end():]
            word = _act_at(rest, frame)
            if word is not None:
                length, obj = len(word), 1
            elif _leaving(frame) and (stay := cues.STAY_DONE.match(rest)):
                length, obj = stay.end(), -1
            else:
                continue
            if match.group("not"):
                obj = -obj  # "后悔没走": not doing it is what is regretted
            side = obj if _negated_before(clause, match.start()) else -obj
            return side, clause[match.start():match.end() + length]
    return None


#: cue kinds that speak of an act (drawn to it, ready for it, keeping things as they are, doubting or
#: barring it), not of the present
_ACT_BOUND_KINDS = frozenset(("stay", "doubt", "bind", "pull", "ready"))


def _other_change(text: str, frame: Frame) -> str | None:
    """The word of ``text`` naming a change (:data:`.stance_cues.CHANGES`) other than the frame's act,
    when it names none of the frame's act words: what a generic act (折腾, 换) is then about. 「对新机会有点
    心动，但不想折腾」 is about a new job: for 「要不要跳槽？」 (新机会 is of its family), not 「要不要转组？」."""
    if any(_word_at(text, w) >= 0 for w in frame.act):
        return None
    said = " ".join((frame.conclusion, *frame.act))
    for family in cues.CHANGES:
        if any(w in said for w in family):
            continue  # the frame's own change: 新机会 of 跳槽
        for word in family:
            if word in text:
                return word
    return None


# money not kept, said as a fact (session 32): 「本月没有结余（月光）」 was read as the user refusing to save,
# its 没 taken as negating 月光 (a word the lens says people use about saving, in the frame's act). Having
# nothing left is how the month went: the present a thrift act (省钱, 存钱 …) would change, a reason
# for it as spending is (「外卖一周七百多」), never the user saying not to save. Not when the user says the
# act itself (「不想存钱，反正也存不下」: the want decides), nor a lack negated (「这个月终于没月光」).
_MONEY_NOT_KEPT = re.compile(
    r"(?:没有?|没能|无|零)(?:任何|什么|一点|多少)?(?:结余|余钱|存下|攒下|剩下?钱|剩下来|剩余|存款|积蓄)"
    r"|(?:存|攒|剩)不(?:下|住)(?:钱|来)?|一分(?:钱)?(?:都|也)?没(?:存|攒|剩)"
    r"|月月光|月光|花光|花完|用光|入不敷出|透支|不够花|不够用|捉襟见肘|寅吃卯粮")
_KEPT_AFTER_ALL = re.compile(r"(?:不再|不会|没有?|别再|不|终于不|再也不)$")


def _money_not_kept(text: str, frame: Frame) -> str | None:
    """The words of ``text`` saying money was not kept (:data:`_MONEY_NOT_KEPT`), or None: none said,
    a lack negated (「没有月光」), or the thrift act itself named (the want on it decides)."""
    if any(_word_at(text, w) >= 0 for w in (*frame.own, *(w for w in frame.act if w in THRIFT_ACTS))):
        return None
    for match in _MONEY_NOT_KEPT.finditer(text):
        if not _KEPT_AFTER_ALL.search(text[max(0, match.start() - 4):match.start()]):
            return match.group(0)
    return None


# what opens the consequence of an act refused ("不读研|以后很难升职", "不投|就是等着贬值")
_CONSEQUENCE = re.compile(r"^(?:的话)?[，,]?(?:我|你|人)?(?:就|以后|将来|迟早|早晚|只会|只能|会|肯定|等于|到时候|怕是)")
_REFUSING = re.compile(r"^(?:现在|今年|这次|这回|眼下)?(?:还)?(?:不|没)(?:去)?")


def _unmarked_refusal(body: list[str], frame: Frame) -> list[str] | None:
    """The consequence clauses of a refused act with no 如果 before it ("不读研以后很难升职", "现在不
    买，以后只会更贵", "不分的话，只会互相折磨"), or None: the first clause opens with 不/没 and the act
    (its word, or its verb and an object word: "不换城市就…"), then a consequence word (就, 以后, 只会 ...)
    in the same clause, or 的话, or a next clause opening with one."""
    if not body:
        return None
    clause = body[0]
    refusing = _REFUSING.match(clause)
    if refusing is None:
        return None
    rest = clause[refusing.end():]
    end = next((len(w) for w in frame.act if rest.startswith(w)), 0)
    if not end:
        end = next((k for w, k in _act_verbs(frame) if rest.startswith(w[:k])), 0)
        if not end:
            return None
        end += next((len(w) for w in frame.act if rest.startswith(w, end)), 0)  # "换|城市"
    tail = rest[end:]
    if tail and _CONSEQUENCE.match(tail) and not tail.startswith("的话"):
        return [tail, *body[1:]]
    if tail.startswith("的话") and tail[2:].strip():  # "不辞职的话我会疯掉": the consequence in the same clause
        return [tail[2:].strip(), *body[1:]]
    if tail in ("", "的话") and len(body) > 1 and (tail or _CONSEQUENCE.match(body[1])):
        return body[1:]
    return None


def _idle_waste(before: str, frame: Frame) -> bool:
    """Is a waste word (:data:`.stance_cues.WASTE`) after ``before`` said of something lying idle now
    (session 26: "老房子一直空着，太浪费了", "房子就这么闲着落灰，真是浪费", "留在县里浪费了")? Then the
    present wastes it, not the act: an idle state (:data:`.stance_cues.IDLE`) in the twelve characters
    before, with no verb of the act before that state ("辞职在家闲着太浪费", "买了房空着浪费": idle after
    the act, its cost)."""
    import rjieba

    before = before[-12:]
    idle = [m for m in cues.IDLE.finditer(before)]
    if not idle:
        return False
    head = before[:idle[-1].start()]
    verbs = {w[:k] for w, k in _act_verbs(frame)} | set(frame.act)
    return not any(tag.startswith("v") and token in verbs for token, tag in rjieba.tag(head)) and not any(
        m in head for m in cues.AFTER_ACT)


# a question the user keeps asking themselves (session 29): "总在想要不要离职", "天天琢磨该不该走"
_DWELLING = re.compile(r"(?:总|总是|老|老是|一直|天天|每天|反复|经常|时常|常常|时不时|整天|成天|不停地?)(?:都)?(?:在)?"
                       r"(?:想|琢磨|考虑|盘算|惦记|寻思)(?:着)?")


# a question that denies what it asks (session 23): "我怎么可能不想走" (I do), "我哪里想走了" (I don't)
_DENYING_QUESTION = re.compile(r"怎么可能|哪(?:里|儿)(?:想|要|愿意|舍得|会)")


def _read_own(text: str, frame: Frame, conceded: bool = False) -> Reading:
    """The user's own statement's stance. ``conceded``: the text is what a concession grants
    ("虽然条件好"): a good or bad word there is about the option weighed, and a wish is for it."""
    clauses = _clauses(text)
    if not clauses:
        return Reading()
    tail = text.rstrip().rstrip("。.!！~～啊呀")
    question = tail.endswith(("？", "?", "吗", "呢")) or any(m in text for m in ("难道", "哪有", "何必", "凭什么", "谁会")) \
        or bool(_DENYING_QUESTION.search(text))
    # the open form is A-not-A (好不好, 是不是, 有没有, 该不该 …); a diary asks without a question mark:
    # "辞职好不好", "我在想到底该不该辞职" (the last clause asks), not in a complaint ending 了:
    # "住一起我还睡不睡了"
    asks = question or bool(A_NOT_A.search(clauses[-1]) and not re.search(r"(.)[不没]\1了", clauses[-1]))
    # 到底 asking which way ("到底该不该辞职", "到底要不要跳槽") opens the question; elsewhere it is rhetorical
    plain = re.sub(r"(?:到底|究竟)(?=(.)[不没]\1)", "", text)
    dwelling = _DWELLING.search(text)
    if dwelling and A_NOT_A.match(text, dwelling.end()) and _names_act(text[dwelling.end() + 3:], frame):
        # "最近总在想要不要离职", "一直在考虑该不该辞职": asked again and again, the act stays on the user's
        # mind: still a question (never where they stand), but no settled "no"; against not doing it
        return Reading(side=1, certain=True, form="question", cue=dwelling.group(0), basis="cue",
                       cues=[dwelling.group(0)])
    if asks and A_NOT_A.search(text) and not any(m in plain for m in cues.RHETORICAL):
        return Reading(side=0, certain=False, form="question")  # an open question: no side
    if ((question or "问问" in text) and cues.INFO_QUESTION.search(text)) or (
            re.search(r"不知道|不清楚|说不清", text) and any(w in text for w in cues.INFO_WORDS)):
        return Reading(side=0, certain=False, form="question")  # "哪个城市适合养老？": asks for facts
    for word in cues.UNDECIDED:
        pos = text.find(word)
        if pos >= 0 and (any(m in text[pos + len(word):] for m in cues.OPEN_MARKS)
                         or (word in ("不知道", "不清楚") and A_NOT_A.search(text, pos + len(word)))):  # "不知道那边让不让…"
            return Reading(side=0, certain=False, form="question")  # "不知道（自己想不想走）": not decided
    body, concession = _dominant(clauses)
    form = "concession" if concession else "plain"
    flip = 1
    refused = False
    if body and (any(body[0].startswith(c) for c in cues.CONDITION) or re.match(
            r"^[^，,。？?]{1,4}?(?:万一|要是|如果|一旦|假如)|^(?:你|我)们?(?:再不|真不)", body[0])):  # "娃万一生病住院，…"
        form = "hypothetical"
        condition = body[0]
        if you := re.match(r"^(?:你|我)们?(?=再不|真不)", condition):  # "你再不辞职会疯掉的": to the user
            condition = body[0] = condition[you.end():]
        if len(body) > 1:
            body = body[1:]
        if condition.startswith("再不"):
            refused = True  # "再不请人，我迟早累垮": the present going on, and its harm
            joined_once = re.match(r"再不[^，,就迟早会]{1,6}?((?:我|你|人|身体)?(?:就|迟早|早晚|会).+)", condition)
            if len(body) == 1 and joined_once:  # "再不请人我迟早累垮": the harm without the condition's 不
                body = [joined_once.group(1)]
        elif any(r in condition for r in (*cues.REFUSAL, *cues.REFUSE_DELAY)):
            flip = -1  # "要是错过了，…", "拖下去万一…": without the act
        elif len(body) > 0 and body[0] != condition and any(w in condition for w in _RISK_WORDS):
            body = [condition, *body]  # "万一中途读不起了，…": the condition is itself the risk
    elif (unmarked := _unmarked_refusal(body, frame)) is not None:
        # "不读研以后很难升职", "现在不买，以后只会更贵": the act refused, then what follows, with no
        # 如果: read as "再不…" is, the present going on and its harm
        form, refused, body = "hypothetical", True, unmarked
    elif any(r in "".join(body) for r in cues.REFUSE_DELAY):
        flip = -1 if not any(frame_word in "".join(body) for frame_word in frame.act) else 1
    if question and form == "plain":
        form = "question"
    joined = "".join(body)
    idiom = _choice_idiom(text if "与其" in text else joined, frame)
    if idiom is not None and not question:  # "与其买房不如租房", "早分早解脱"
        side, word, cue = idiom
        return Reading(side=side * flip, certain=True, form=form, cue=word, basis="act", cues=[cue, word])
    preferred = None if question else _preferred(body, text, frame)
    if preferred is not None:  # "我觉得还是辞职好", "还是不买好"
        side, word = preferred
        return Reading(side=side * flip, certain=True, form=form if form != "plain" else "negation" if side < 0 else form,
                       cue=word, basis="act", cues=[word])
    regretted = None if question else _regretted(body, frame)
    if regretted is not None:  # "我一点都不后悔留下来", "后悔没早点辞职"
        side, cue = regretted
        return Reading(side=side * flip, certain=True, form=form, cue=cue, basis="act", cues=[cue])
    short = None if question or not frame.thrift else _money_not_kept(joined, frame)
    if short is not None:  # "本月没有结余（月光）": how the month went, the present saving would change
        return Reading(side=flip, certain=True, form=form, cue=short, basis="cue", cues=[short])
    rhetorical = question and (joined.endswith(("吗", "呢")) or text.rstrip("？?").endswith(("吗", "呢"))
                               or any(m in text for m in cues.RHETORICAL))
    stripped = text
    for w in _GOING_ON_CUES:  # "一辈子的事" is a risk, not the present going on
        stripped = stripped.replace(w, "")
    going_on = refused or any(m in stripped for m in cues.GOING_ON)
    sarcastic = any(m in text for m in cues.SARCASM)
    target_text = joined.replace("下去", "")  # "干不下去了" is not "去了"
    about_act = frame.mentions(joined) or any(m in target_text for m in cues.AFTER_ACT)
    after_act = any(m in target_text for m in cues.AFTER_ACT)
    about_present = any(m in joined for m in cues.PRESENT if not (after_act and m in cues.HABITUAL))
    if conceded and not about_present:
        about_act = True
    if frame.ongoing:  # "我不该再接私活": what is good or bad about the present is about the act
        about_act, about_present = True, False
    if frame.persons and any(p in joined for p in (*frame.persons, *PERSON_PRONOUNS)):
        # a person the act is about: leaving them (分手) keeps nothing of them, marrying them does
        about_act, about_present = (False, True) if frame.left else (True, False)
    score = 0.0
    strong = 0.0
    sides_seen: set[int] = set()
    decided: list[str] = []
    act_words: list[str] = []
    act_side = 0
    asked_act: bool | None = None
    thrift = frame.thrift  # once per statement, not per cue
    # a note about another change than the frame's ("对新机会有点心动，但不想折腾": a new job, for 转组):
    # its generic act (折腾, 换) and the words keeping things as they are, or doubting or barring an act
    # (不想折腾, 不一定要, 限制), are about that change, not the frame's
    other = _other_change(text, frame)
    generic = () if other else GENERIC_ACT
    for clause in body:
        # the act itself, governed by a want word or a negation
        named = [(word, _word_at(clause, word)) for word in (*frame.act, *generic)]
        if all(pos < 0 for _, pos in named):
            named = _elided_act(clause, text, frame)  # "算了，不买了": the act by its verb alone
        for word, pos in named:
            if pos < 0:
                continue
            if _others_act(text, clause, pos):
                continue  # "我还是觉得他应该走": a view of someone else's act, not the user's own
            if word[0].isascii() and re.search(r"[A-Za-z0-9]", clause[pos - 1:pos] + clause[pos + len(word):pos + len(word) + 1]):
                continue  # a Latin word inside another ("quite" is not "quit")
            want = _want_side(clause, pos)
            if want is not None:
                act_side += want
                decided.append(word)
                act_words.append(word)
                if asked_act is None:  # the frame's act named in the clause that asks: "我真的该走吗？"
                    asked_act = clause is body[-1] and word not in GENERIC_ACT
                break
        if not act_side and _leaving(frame) and all(pos < 0 for _, pos in named):
            for stay in _STAY_SAID.finditer(clause):  # "我打算继续在这里工作": staying, the other way of leaving
                want = None if _others_act(text, clause, stay.start()) else _want_side(clause, stay.start())
                if want is not None:
                    act_side -= want
                    decided.append(stay.group(0))
                    act_words.append(stay.group(0))
                    if asked_act is None:
                        asked_act = clause is body[-1]
                    break
        found, taken = _cues_in(clause)
        feared_from = None  # "我怕受不了": what follows a fear word in its clause is what is feared
        for pos, word, kind in found:
            if feared_from is not None and pos >= feared_from:
                continue
            if other and (kind in _ACT_BOUND_KINDS or any(
                    p <= pos < p + len(other) or pos <= p < pos + len(word) for p in _positions(clause, other))):
                continue  # and the word naming that change is no cue for the frame's (机会 of 新机会)
            if kind == "fear" and not _negated_before(clause, pos, taken=taken):
                feared_from = pos + len(word)
            if kind == "distress" and not any(t in text[:text.find(clause) + pos] for t in cues.DISTRESS_TRIGGERS):
                continue  # "晚上有点睡不着": a health note, not dread of the act
            side = cues.KIND_SIDE[kind]
            idle = kind == "risk" and word in cues.WASTE and _idle_waste(text[:text.find(clause) + pos], frame)
            if idle:
                side = 1  # "老房子一直空着，太浪费了": the present wastes it, a reason for the act
            held = kind == "money" and any(m in clause for m in cues.MONEY_HELD) and not any(
                m in clause for m in cues.MONEY_SHORT)  # "手头还有二十万": a reserve, not a cost
            if kind == "money" and (held or any(m in clause for m in cues.MONEY_IN)):
                side = 1  # "私活一个月能多挣八千": money coming in
            if kind in ("cost", "money") and (cues.PAID_AFTER.match(clause, pos + len(word))
                                              or cues.PAID_BEFORE.search(clause[max(0, pos - 8):pos])):
                side, held = 1, True  # "首付他们出一半", "爸妈帮我们出首付": a cost someone else pays is help
            if _negated_before(clause, pos, taken=taken) and not any(n in word for n in NEGATORS):
                volition = re.search(r"不想|不愿|不要|别再|不能再|不想再", clause[max(0, pos - 6):pos])
                lacking = kind == "pull" and about_present and not about_act  # "工资三年没涨": the present lacks it
                if not (kind == "push" and volition) and not lacking:  # "不想再耗下去" is still against the present
                    side = -side
            if any(u in clause[max(0, pos - 6):pos] for u in cues.UNDO_BEFORE) or any(
                    u in clause[pos + len(word):pos + len(word) + 6] for u in cues.UNDO_AFTER
                    if not (kind == "money" and u in ("没了", "少了"))):  # "小两千没了" is money lost
                side = -side  # "弥补学历的短板", "加班减少到每周两天"
            if rhetorical and kind in ("pull", "ready", "good"):
                side = -side  # "还有竞争力吗": a doubt of it
            if flip < 0 and kind in ("attach", "push"):
                # "如果不换工作，每天通勤三个小时", "要是不走，离家近也方便": a condition refusing the act keeps
                # the present, and these words already speak of it: their side is not the consequence's
                side = -side
            if sarcastic and kind in ("good", "attach"):
                side = -side  # "呵呵，领导真是太照顾我了": a complaint
            if going_on and (kind in ("fear", "risk") or (refused and kind == "cost")) and not about_act and not idle:
                side = -side  # "再这样下去，我怕…": a fear of the present; "再不买，以后只会更贵"
            if kind in ("good", "bad", "attach", "push"):
                target_act = about_act and not about_present if kind in ("attach", "push") else about_act
                if kind in ("good", "bad"):
                    side = side if target_act else -side
                elif target_act:
                    side = -side
            elif kind in ("cost", "money") and about_present and not about_act and not held:
                side = -side
            if thrift and kind in ("cost", "money"):
                side = -side  # "外卖一周七百多", "外卖减半": spending is why to save; "存款约四万", why less
            elif thrift and kind in ("fear", "risk", "distress", "doubt") and _THRIFT_MONEY.search(
                    text) and not any(w in text for w in frame.act):
                # "担心被裁后存款撑不了几个月", "信用卡分期没有还清，剩余总额不清楚": a worry about money, in
                # the statement if not in its clause, is why to save (not a worry about saving)
                side = 1
            weight = 0.5 if kind in cues.TARGETED else 1.0
            score += side * weight
            sides_seen.add(side)
            if kind not in cues.TARGETED or about_act != about_present:  # a good/bad word with a clear target
                strong += side
            decided.append(word)
    dread = cues.DREAD.search(text)
    if dread and not cues.DREAD_GOOD.match(text, dread.end()) and not _FEAR_WORDS.intersection(decided):
        # "一想到又要在图书馆坐一天，胃就开始抽", "光想想腿就软了": whatever the body does, it is dread
        side = 1 if going_on and not about_act else -1
        score += side
        strong += side
        sides_seen.add(side)
        decided.append(dread.group(0))
    if act_side:
        side = 1 if act_side > 0 else -1
        if question and form == "question" and asked_act:
            # "我真的该走吗？", "难道我还不该走吗": a question the user asks themselves about the act doubts
            # what it asks (rhetorical), or asks it open; never says it
            denying = any(m in text for m in cues.RHETORICAL) or _DENYING_QUESTION.search(text)
            if not denying or A_NOT_A.search(text):  # "我该走吗？", "到底要不要走？"
                return Reading(side=0, certain=False, form="question")
            return Reading(side=-side * flip, certain=False, form="question", cue=act_words[0], basis="act",
                           cues=decided)
        return Reading(side=side * flip, certain=True, form=form if form != "plain" else "negation" if side < 0 else form,
                       cue=act_words[0], basis="act", cues=decided)
    if not decided and concession and flip == 1:
        # "虽然很想摘掉眼镜，但……": what is conceded is one side, so what the user stands on is the
        # other, even in words no list holds
        conceded = clauses[:len(clauses) - len(body)]
        if conceded:
            first, _ = _strip_lead(conceded[0], cues.CONCESSIVE)
            granted = "，".join([first, *conceded[1:]])
            sub = _read_own(granted, frame, conceded=True)
            if not sub.side and re.search(r"(?:很|一直|也|都|真|挺|特别)(?:想|希望|喜欢|爱|向往|羡慕)", granted) \
                    and not _negated_before(granted, len(granted)):
                sub = Reading(side=1, certain=True, cue=granted, basis="cue")  # "虽然一直很想…": a wish for it
            if sub.side and sub.certain and sub.own:
                return Reading(side=-sub.side, certain=True, form="concession", cue=sub.cue, basis="cue",
                               cues=sub.cues)
    if not decided:
        if question and form == "question" and rhetorical:  # an open "…怎么报税？" asks, it takes no side
            if about_present and not about_act:
                return Reading(side=1 * flip, certain=False, form=form, basis="none")
            if about_act:
                return Reading(side=-1 * flip, certain=False, form=form, basis="none")
        return Reading(side=0, certain=False, form=form)
    side = 0 if score == 0 else (1 if score > 0 else -1)
    # sure only when every consideration points the same way ("认可工作内容…烦的是被催的方式" is both)
    certain = (strong > 0) == (score > 0) and (abs(strong) >= 2 or (abs(strong) >= 1 and len(sides_seen) == 1))
    return Reading(side=side * flip, certain=certain, form=form, cue=decided[0], basis="cue", cues=decided)


# ---------------------------------------------------------------------------------------------
# English statements (a text with no Chinese in it): the same steps as above, in English words
# (stance_cues.EN_*): whose view it is ("My mom says…"), what the user stands on (after but /
# however, the consequence of if…), the act named with a want word or a negation in scope ("I
# don't want to leave"), and the considerations (afraid, mortgage, sick of, enjoy …).

_EN_CUE_INDEX: list[tuple[str, str]] = sorted(((w, k) for k, words in cues.EN_CUES.items() for w in words),
                                             key=lambda wk: (-len(wk[0]), wk[0]))
#: a cue word ending in a job noun is not that cue when the noun only qualifies the next one
#: ("keep my job search secret", "keep my job hunt going": the search is kept, not the job)
_EN_JOB_NOUNS = frozenset(("job", "position", "role", "post"))
_EN_JOB_MODIFIES = re.compile(r"[\s-]+(?:search(?:es|ing)?|hunt(?:s|ing)?|seeking|applications?|interviews?|offers?|"
                              r"boards?|sites?|listings?|postings?|ads?|alerts?|fairs?|market|prospects?|leads?|"
                              r"descriptions?|titles?|openings?|options?|plans?|profile)\b")
_EN_CLAUSES = re.compile(r"[,;:.!?\n\u2014]+|\s+-\s+|\s+(?=but\b|however\b)", re.IGNORECASE)
_EN_PRESENT_NOUNS = ("job", "work", "company", "team", "boss", "office", "here")
_EN_OPEN_QUESTION = re.compile(r"^(?:should|shall|do|does|can|could|would|will|is|am|are|must)\s+(?:i|we)\b|\bor not\b",
                               re.IGNORECASE)


def _english(text: str) -> bool:
    """A statement with Latin letters and no Chinese: read by :func:`_read_en`."""
    return not any(_is_cjk(ch) for ch in text) and bool(re.search(r"[A-Za-z]", text))


def _en_words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower().replace("\u2019", "'"))


@functools.lru_cache(maxsize=256)
def _en_act(word: str) -> re.Pattern[str] | None:
    """An English act word and its inflections (leave, leaves, leaving, quit, quitting), or None."""
    w = word.lower().strip()
    if not w or not re.fullmatch(r"[a-z][a-z' -]*", w):
        return None
    if " " in w:
        return _en_phrase_act(w)
    stem = re.escape(w)
    forms = [stem, stem + "s", stem + "d", stem + "ed", stem + "ing", stem + re.escape(w[-1]) + "ing",
             stem + re.escape(w[-1]) + "ed"]
    if w.endswith("e"):
        forms.append(re.escape(w[:-1]) + "ing")
    return re.compile(r"\b(?:" + "|".join(forms) + r")\b")


# regret, as 后悔 is read (:func:`_regretted`), in English (session 32): "I changed jobs last year and
# regretted it" took no side, and in "I regret not quitting" the "not" was read as refusing to quit.
# What is regretted is the user's own verdict on it: the act (done, or not done) said right after the
# regret, or done before a regret of "it" / "that" / "the decision" in the same statement.
_EN_REGRET = re.compile(r"\bregret(?:s|ted|ting)?\b")
_EN_REGRET_IT = re.compile(r"\s+(?:it|that|this|doing (?:it|that|so)|(?:the|that|this|my) (?:decision|move|choice|call))\b")
_EN_REGRET_NOT = re.compile(r"\s+(?:(?:not|never)\s+(?:having\s+)?)?(?:having\s+)?(?:(?:actually|really|just)\s+)?")
_EN_STAY_DONE = re.compile(r"\b(?:stay(?:s|ed|ing)?|remain(?:s|ed|ing)?|st(?:uck|ick|icking) it out|st(?:uck|ick|icking) around)\b")
_EN_DID_NOT = re.compile(r"\b(?:didn't|did not|never|not|haven't|have not|hadn't|had not)\s+(?:\w+\s+){0,1}$")


def _en_regretted(joined: str, acts: "list[tuple[str, re.Pattern[str]]]", frame: Frame) -> tuple[int, str] | None:
    """(side, words) when the statement regrets (or denies regretting) the act, or staying for an act
    of leaving: "I regret quitting" against, "I regret not quitting" / "I don't regret leaving" for,
    "I changed jobs and regretted it" against, "I quit and never regretted it" for. Else None."""
    low = joined.replace("\u2019", "'")
    objects = [p for w, p in acts if w.lower() not in _EN_PRESENT_NOUNS]
    stays = [_EN_STAY_DONE] if _leaving(frame) or any(w in EN_STAY_OPPOSITES for w in frame.act) else []
    for match in _EN_REGRET.finditer(low):
        denied = _negated_en(low, match.start())  # "I don't regret", "I never regretted"
        rest = _EN_REGRET_NOT.match(low, match.end())
        assert rest is not None  # it matches the empty string
        obj = 0
        for pattern, sign in [*((p, 1) for p in objects), *((p, -1) for p in stays)]:
            if pattern.match(low, rest.end()):  # the object right after the regret
                obj = sign * (-1 if re.search(r"\b(?:not|never)\b", rest.group(0)) else 1)
                break
        if not obj and _EN_REGRET_IT.match(low, match.end()):
            # "… and regretted it": the act done earlier in the statement (its last mention)
            before = low[:match.start()]
            done = [(m.start(), sign) for pattern, sign in [*((p, 1) for p in objects), *((p, -1) for p in stays)]
                    for m in pattern.finditer(before)]
            if done:
                at, sign = max(done)
                obj = -sign if _EN_DID_NOT.search(before[:at]) else sign  # "I didn't quit and regret it"
        if obj:
            return (obj if denied else -obj), low[match.start():match.end()]
    return None


def _en_clauses(text: str) -> list[str]:
    return [c for c in (p.strip() for p in _EN_CLAUSES.split(text)) if c]


def _en_lead(clause: str, words: Iterable[str]) -> tuple[str, str | None]:
    low = clause.lower()
    for w in sorted(words, key=len, reverse=True):
        if re.match(re.escape(w) + r"\b", low):
            return clause[len(w):].lstrip(" ,"), w
    return clause, None


# who may speak: a person named with a determiner ("my mom", "a colleague"), a pronoun, a name
_EN_PERSON = re.compile(r"(?i:(?:my|our|his|her|their|a|an|the|some|every|most|all|both|one of)\b.*"
                        r"|(?:he|she|they|everyone|everybody|people|mom|dad|mum|i|we)$)|[A-Z][a-z]+(?: [A-Z][a-z]+)?$")


def _en_reported(text: str) -> _Report | None:
    """Someone else's view in an English statement ("My mom says I shouldn't quit"), or None."""
    clauses = _en_clauses(text)
    at = 0
    for i, clause in enumerate(clauses):
        at = text.find(clause, at)
        body, _ = _en_lead(clause, (*cues.EN_CONTRAST, "and", "so"))
        match = cues.EN_REPORT.match(body)
        if match is None:
            at += len(clause)
            continue
        who = match.group("who").strip()
        low = who.lower()
        if not _EN_PERSON.match(who) or low.endswith("ing"):
            at += len(clause)
            continue  # "Staying feels safer": not someone speaking
        if low in cues.EN_USER or low.startswith(("i ", "we ", "it ", "this ", "that ", "which ", "what ")) \
                or low in ("it", "this", "that", "which", "what") \
                or any(w in _en_words(low) for w in ("contract", "policy", "rule", "rules", "website", "law")):
            return None  # the user's own "I think …", or a document's words: facts the user records
        content = (match.group("content") + "," + ",".join(clauses[i + 1:])).strip(" ,")
        rest = [c.lower() for c in clauses[i + 1:]]
        disagree = max((k for k, c in enumerate(rest) if any(w in c for w in cues.EN_DISAGREE)), default=-1)
        agree = max((k for k, c in enumerate(rest) if any(w in c for w in cues.EN_AGREE)), default=-1)
        reaction = "disagree" if disagree >= 0 and disagree >= agree else "agree" if agree >= 0 else None
        if reaction:
            words = cues.EN_DISAGREE if reaction == "disagree" else cues.EN_AGREE
            content = ",".join(c for c in _en_clauses(content) if not any(w in c.lower() for w in words))
        own_from = -1
        answer = None
        pos = at + len(clause)
        for k, later in enumerate(clauses[i + 1:]):
            pos = text.find(later, pos)
            reply = cues.EN_REPLY.match(later) if reaction is None else None
            if reply and (reply.group("answer") or k + i + 2 < len(clauses)):
                # "My boss asked if I wanted to leave, I said no": the question is theirs, the answer the user's
                answer = ",".join([reply.group("answer"), *clauses[i + k + 2:]]).strip(" ,")
                content = ",".join([match.group("content"), *clauses[i + 1:i + k + 1]]).strip(" ,")
                break
            rest_of, word = _en_lead(later, cues.EN_CONTRAST)
            if word and re.match(r"(?i)(?:i|i'm|i've|i'd|we|myself)\b", rest_of) and reaction is None:
                own_from = pos
                break
            pos += len(later)
        return _Report(who=who, content=content, reaction=reaction, verb=match.group("verb"), own_from=own_from,
                       answer=answer)
    return None


# what someone asks, not urges: "asked if I wanted to leave", not "asked me to stay"
_EN_ASKED = re.compile(r"(?i)^\s*(?:if|whether|why|what|when|how|about|do|did|are|am|would|will|should|could|"
                       r"is|have|had)\b|\?\s*$")


def _en_answer(report: _Report, frame: Frame) -> Reading | None:
    """The user's answer to what someone asked or said, read as the user's own statement: a bare
    yes or no ("I said no", "I told him I would not") takes the side of what was asked, or the other."""
    answer = re.sub(r"(?i)^that\s+", "", (report.answer or "").strip(" .!,\"'"))
    yes, no = cues.EN_YES.match(answer), cues.EN_NO.match(answer)
    if yes or no:
        asked = _read_en(re.sub(r"(?i)^\s*(?:if|whether)\s+", "", report.content), frame, reported=True)
        if not asked.side:
            return None
        side = asked.side * (1 if yes else -1)
        return Reading(side=side, certain=True, form="negation" if side < 0 else "plain", cue=asked.cue,
                       basis=asked.basis, cues=[*asked.cues, answer])
    own = _read_en(answer, frame) if answer else None
    return own if own is not None and own.side else None


# what follows an act that is the subject of a judgment: "quitting (now) is reckless", "leaving would be a mistake"
_EN_JUDGED = re.compile(r"(?i)^[^,;:.!?]*?\b(?:is|was|are|'s|would be|will be|could be|might be|seems|seemed|sounds|"
                        r"looks|isn't|wasn't|would not be|wouldn't be|won't be)\b")


def _en_judged(clause: str, start: int, end: int) -> bool:
    """Is the act (or staying) at ``clause[start:end]`` the subject of a judgment ("quitting without
    an offer is reckless", "that leaving now would be a mistake"), not an act someone urges ("to quit")?"""
    before = _en_words(clause[:start])
    return all(w in ("that", "just", "simply", "and", "but", "so") for w in before) and bool(
        _EN_JUDGED.match(clause[end:]))


_EN_VERDICT = re.compile(
    r"(?<![a-z'])(?P<verdict>" + "|".join(re.escape(w) for w in sorted(
        (*cues.EN_VERDICT_BAD, *cues.EN_VERDICT_GOOD), key=len, reverse=True)) + r")"
    r"\s+(?:(?:of|for)\s+(?:me|us|you)\s+)?(?:(?P<not>not|never)\s+)?to\s+(?P<act>[a-z].*)$")
# a negated act or staying as the subject of a judgment: "not quitting would be foolish"
_EN_NOT_DOING = re.compile(r"^(?:not|never)\s+(?=[a-z]+ing\b)")
_EN_STAYING = re.compile(r"^(?:staying|remaining|sticking|keeping|holding on)\b")


def _en_verdict(clause: str, frame: Frame) -> tuple[int, str] | None:
    """(side, the words) of a clause that judges doing an act (:data:`.stance_cues.EN_VERDICT_BAD`):
    "I'd be a fool to stay another year" is for leaving, "it would be a mistake to quit" against it,
    "I'd be crazy not to leave" and "not quitting would be foolish" for it; None for anything else.
    The act is read as if wanted ("I want to stay another year"), so what it names (the frame's act,
    staying, keeping one's job) decides its side, and the verdict takes that side or the other."""
    low = clause.lower().replace("\u2019", "'")
    body = low
    while True:
        rest, lead = _en_lead(body, cues.EN_VERDICT_LEADS)
        if lead is None or not rest:
            break
        body = rest
    at = len(low) - len(body)
    match = _EN_VERDICT.search(body)
    if match is not None:
        words = body[:match.start()].split()
        if words and words[0] in cues.EN_VERDICT_SUBJECTS and all(
                w in cues.EN_VERDICT_FILLERS or w.endswith("n't") for w in words[1:]):
            wanted = _read_en("I want to " + match.group("act"), frame)
            if wanted.side:
                denied = any(w in ("not", "never") or w.endswith("n't") for w in words)
                side = wanted.side * (1 if match.group("verdict") in cues.EN_VERDICT_GOOD else -1)
                side *= (-1 if match.group("not") else 1) * (-1 if denied else 1)
                return side, clause[at + match.start():].strip()
    doing = _EN_NOT_DOING.match(body)
    if doing is not None and _EN_JUDGED.match(body[doing.end():]):
        rest = body[doing.end():]
        acts = [p for p in map(_en_act, frame.act) if p is not None]
        if _EN_STAYING.match(rest) or any(p.match(rest) for p in acts):
            judged = _read_en(rest, frame)
            if judged.side:
                return -judged.side, clause[at:].strip()  # "not changing jobs would be foolish": for changing
    return None


def _read_en(text: str, frame: Frame, reported: bool = False) -> Reading:
    """An English statement's stance toward ``frame``'s act (see the comment above). ``reported``:
    the words of someone else's view, where naming the act is advising it ("telling me to quit")."""
    if not reported:
        report = _en_reported(text)
        if report is not None and report.own_from >= 0:
            own = _read_en(text[report.own_from:], frame)
            return replace(own, form="concession") if own.form in ("plain", "negation") else own
        if report is not None and report.answer:
            own = _en_answer(report, frame)
            if own is not None:
                return own
        if report is not None and report.verb.lower().startswith("ask") and _EN_ASKED.search(report.content):
            # "My boss asked if I wanted to leave": a question is not a view; unanswered, it takes no side
            return Reading(side=0, certain=False, speaker=report.who, reported_side=0, form="reported")
        if report is not None:
            view = _read_en(report.content, frame, reported=True)
            if report.reaction == "agree":
                return Reading(side=view.side, certain=bool(view.side), form="adopted", cue=view.cue,
                               basis=view.basis, cues=view.cues)
            if report.reaction == "disagree":
                return Reading(side=-view.side, certain=bool(view.side), form="adopted", cue=view.cue,
                               basis=view.basis, cues=view.cues)
            return Reading(side=0, certain=view.certain, speaker=report.who, reported_side=view.side,
                           form="reported", cue=view.cue, basis=view.basis, cues=view.cues)
    clauses = _en_clauses(text)
    if not clauses:
        return Reading()
    question = text.rstrip().endswith("?")
    if question and _EN_OPEN_QUESTION.search(text):
        return Reading(side=0, certain=False, form="question")  # "Should I really leave?": asked, not answered
    if cues.EN_UNDECIDED.search(text) and any(p.search(text.lower()) for p in filter(None, map(_en_act, frame.act))):
        return Reading(side=0, certain=False, form="question")  # "I'm not sure I want to leave": not decided
    form = "question" if question else "plain"
    body = clauses
    start = 0
    for i, clause in enumerate(clauses):
        if i > 0 and _en_lead(clause, cues.EN_CONTRAST)[1]:
            start = i
    if start:
        body, form = [_en_lead(c, cues.EN_CONTRAST)[0] if k == 0 else c for k, c in enumerate(clauses[start:])], \
            "concession"
    elif len(clauses) > 1 and _en_lead(clauses[0], cues.EN_CONCESSIVE)[1]:
        body, form = clauses[1:], "concession"
    flip = 1
    if body and _en_lead(body[0], cues.EN_CONDITION)[1]:
        form = "hypothetical"
        condition = body[0]
        if you := re.match(r"^(?:你|我)们?(?=再不|真不)", condition):  # "你再不辞职会疯掉的": to the user
            condition = body[0] = condition[you.end():].lower()
        if len(body) > 1:
            body = body[1:]
        if any(w in _en_words(condition) for w in EN_NEGATIONS) or "n't" in condition:
            flip = -1  # "If I don't leave now, I'll regret it": without the act
    acts = [(w, _en_act(w)) for w in frame.act if _en_act(w) is not None]
    joined = " ".join(body).lower()
    regretted = None if question else _en_regretted(joined, acts, frame)
    if regretted is not None:  # "I changed jobs last year and regretted it", "I regret not quitting"
        side, cue = regretted
        return Reading(side=side * flip, certain=True, form=form, cue=cue, basis="act", cues=[cue])
    about_act = any(p.search(joined) for w, p in acts if w.lower() not in _EN_PRESENT_NOUNS) or any(
        m in joined for m in cues.EN_AFTER_ACT)
    score = strong = 0.0
    sides_seen: set[int] = set()
    decided: list[str] = []
    act_side = 0
    judged_act = False
    for clause in body:
        if (verdict := _en_verdict(clause, frame)) is not None:
            act_side += verdict[0]  # "I'd be a fool to stay another year": a verdict on the act
            decided.append(verdict[1])
            continue
        low = clause.lower().replace("\u2019", "'")
        taken = [False] * len(low)
        found: list[tuple[int, str, str]] = []
        for word, kind in _EN_CUE_INDEX:
            if word not in low:  # as in _cues_in: most cue words are not in the clause
                continue
            for m in re.finditer(r"(?<![a-z'])" + re.escape(word) + r"(?![a-z'])", low):
                if word.rsplit(" ", 1)[-1] in _EN_JOB_NOUNS and _EN_JOB_MODIFIES.match(low, m.end()):
                    continue  # "keep my job search secret": the job names the search, not what is kept
                if not any(taken[m.start():m.end()]):
                    taken[m.start():m.end()] = [True] * (m.end() - m.start())
                    found.append((m.start(), word, kind))
        for word, pattern in acts:
            match = pattern.search(low)
            if match is None or word.lower() in _EN_PRESENT_NOUNS:
                continue
            # a negation governs the act only with no consideration between ("not afraid of leaving")
            lo = max((p + len(w) for p, w, _ in found if p + len(w) <= match.start()), default=0)
            before = _en_words(low[lo:match.start()])[-4:]
            negated = _negated_en(low[lo:], match.start() - lo)
            # someone else naming the act advises it ("telling me to quit"), unless the act is what
            # their words judge ("quitting without an offer is reckless"): then the judgment decides
            advised = reported and not _en_judged(low, match.start(), match.end())
            wanted = advised or any(w in before or any(b.endswith(w) for b in before) for w in cues.EN_WANT)
            if negated or wanted:
                act_side += -1 if negated else 1
                decided.append(word)
                break
            if _en_judged(low, match.start(), match.end()):
                judged_act = True  # "changing jobs now would be a foolish move": the user's verdict on the act
        if not act_side and (notice := _en_notice(low, frame)) is not None:
            act_side += notice[0]  # "I'm handing in my resignation next week": leaving, being done
            decided.append(notice[1])
        feared_from = None  # "I'm afraid of quitting without an offer": what follows a fear is feared
        # a negation inside a cue ("can't stand", "no raise") is that cue's own: it does not negate
        # the cues after it ("I can't stand the overtime" is one complaint, not a double negative)
        unnegated = list(low)
        for pos, word, _ in found:
            if any(_en_negation(w) for w in _en_words(word)):
                unnegated[pos:pos + len(word)] = " " * len(word)
        unnegated_low = "".join(unnegated)
        # "staying would be foolish": staying judged, the judgment is about the present, not a wish to stay
        judged_stay = {pos for pos, word, kind in found if kind == "stay" and _en_judged(low, pos, pos + len(word))}
        for pos, word, kind in sorted(found):
            if feared_from is not None and pos >= feared_from or pos in judged_stay:
                continue
            side = cues.KIND_SIDE[kind]
            # "without an offer", "without any savings to fall back on": the cue is lacking
            negated = _negated_en(unnegated_low, pos, cues.EN_WITHOUT) and not any(
                n in _en_words(word) for n in EN_NEGATIONS)
            if kind == "fear" and not negated:
                feared_from = pos + len(word)
            if negated:
                side = -side  # "isn't that scary", "not enough"
            if kind in ("good", "bad"):
                side = side if about_act and not judged_stay else -side
            elif kind in ("attach", "push") and about_act:
                side = -side
            weight = 0.5 if kind in cues.TARGETED else 1.0
            score += side * weight
            strong += side if kind not in cues.TARGETED else 0
            sides_seen.add(side)
            decided.append(word)
    if act_side:
        side = 1 if act_side > 0 else -1
        return Reading(side=side * flip, certain=not question, form=form if form != "plain" else
                       "negation" if side < 0 else form, cue=decided[0], basis="act", cues=decided)
    if not decided:
        return Reading(side=0, certain=False, form=form)
    side = 0 if score == 0 else (1 if score > 0 else -1)
    certain = not question and (strong > 0) == (score > 0) and (
        abs(strong) >= 2 or (abs(strong) >= 1 and len(sides_seen) == 1))
    if judged_act and side and not question and len(sides_seen) == 1:
        # the act itself judged, and only one way ("quitting now would be a foolish move"): as sure
        # as a want word, and where the user stands on the act
        return Reading(side=side * flip, certain=True, form=form, cue=decided[0], basis="act", cues=decided)
    return Reading(side=side * flip, certain=certain, form=form, cue=decided[0], basis="cue", cues=decided)


def _en_act_names(predicate: str) -> list[str]:
    """An English conclusion's predicate as one act name when it is a short phrase ("change jobs",
    "switch jobs"): its words cut apart (change / jobs) named no act a note says, so "I want to
    quit." took no side on "I should change jobs"."""
    phrase = " ".join(_en_words(predicate))
    return [phrase] if phrase and 2 <= len(phrase.split()) <= 3 and _en_act(phrase) is not None else []


def _en_phrase_act(phrase: str) -> re.Pattern[str]:
    """A phrase act ("change jobs", "leave my job") with its first word inflected: changing jobs,
    changed jobs, leaving my job (until session 30 only "change jobsing" was looked for)."""
    head, rest = phrase.split(" ", 1)
    forms = [head, head + "s", head + "d", head + "ed", head + "ing", head + head[-1] + "ing", head + head[-1] + "ed"]
    if head.endswith("e"):
        forms.append(head[:-1] + "ing")
    irregular = {"quit": ("quit",), "leave": ("left",), "give": ("gave", "given"), "take": ("took", "taken"),
                 "get": ("got", "gotten")}
    forms += irregular.get(head, ())
    return re.compile(r"\b(?:" + "|".join(re.escape(f) for f in dict.fromkeys(forms)) + r")\s+"
                      + re.escape(rest).replace(r"\ ", r"\s+") + r"\b")


#: handing in one's notice is leaving one's job, being done (as 递辞呈 / 提离职: stance_cues.DOING):
#: "I'm handing in my resignation next week", "I gave my two weeks' notice", "I turned in my letter"
EN_NOTICE = re.compile(
    r"\b(?:hand(?:s|ed|ing)?|turn(?:s|ed|ing)?|put(?:s|ting)?|submit(?:s|ted|ting)?|tender(?:s|ed|ing)?|"
    r"give|gives|gave|given|giving|send|sends|sent|sending|email(?:s|ed|ing)?|file[sd]?|filing)\s+"
    r"(?:in\s+)?(?:my|our|a|the)?\s*(?:formal\s+|official\s+|two\s+weeks'?\s+|two-week\s+|one\s+month'?s?\s+)?"
    r"(?:resignation(?:\s+letter)?|letter\s+of\s+resignation|notice|resignation\s+notice)\b")


#: notice given to someone who is no employer, or about a home ("I gave notice to my landlord", "gave
#: notice on the lease"): not a job's notice
_EN_NOTICE_TO = re.compile(r"\s+(?:to|on|for)\s+(?:(?:my|our|the|his|her|their)\s+)?([a-z]+)")
_EN_EMPLOYER = frozenset(("boss", "manager", "employer", "company", "work", "job", "hr", "team", "supervisor", "firm",
                          "office", "department", "lead", "director", "ceo", "client", "them", "him", "her", "everyone"))
_EN_HOUSING = re.compile(r"\b(?:landlord|landlady|lease|tenancy|tenant|apartment|flat|rental|rent|move out|moving out|"
                         r"moved out|roommate|housemate|house|room)\b")


def _en_notice(low: str, frame: Frame) -> tuple[int, str] | None:
    """(+1 or, negated, -1, the words) when a lower-cased English clause hands in the user's notice
    and the frame's act is leaving one's job; else None."""
    if not any(w in EN_LEAVING_JOB for w in frame.act):
        return None
    match = EN_NOTICE.search(low)
    if match is None:
        return None
    if "resignation" not in match.group(0) and (_EN_HOUSING.search(low) or (
            (to := _EN_NOTICE_TO.match(low, match.end())) and to.group(1) not in _EN_EMPLOYER)):
        return None  # "I gave notice to my landlord": leaving a home, not a job
    return (-1 if _negated_en(low, match.start()) else 1), match.group(0)

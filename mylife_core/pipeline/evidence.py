"""Evidence for a question, in the form of docs/design.md#both-sides: statements over time, a question, old premises.

Not a conflict detector but "topic clustering + timestamps + context restored + a question to
close" (docs/design.md#both-sides):

* :func:`gather` — the user's own statements on the topic (facts and assessments, never the AI's
  inferences), the most relevant and the newest, shown oldest first with their context;
* :func:`question_back` — a question built from the tension between those statements, never a
  verdict;
* :func:`premises_to_retire` — old claims the newest data contradicts: an old statement whose
  side the user's newest firm statement reverses, a profile value that changed after the claim
  was made, a claim the user disputed, or one whose source lines changed; and, beyond the table,
  the user's own judgments in any topic that rest on a field the decision depends on whose value
  has since changed — found by the field's name, its dictionary words, or its meaning ("最近财务
  压力很大" rests on 现有存款 / 月收入 / 负债 without naming them: docs/design.md#both-sides: "财务压力大"
  said when savings were 30,000, now 150,000). Each is put as a question.

Stances are read by :func:`.stance.read` (negation scope, concessions, hypotheticals, questions,
whose view). Someone else's view the user wrote down is shown in the table as theirs, never as the
user's side; a claim whose source lines were edited after it was recorded is shown marked and
counts for nothing (no side, no lean, no premise) until the user re-confirms it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from .answer import Judgment, Premise, Statement
from .quoting import claim_words, said, shorten
from .stance import Frame, Reading, frame_for, key_terms, negate_question, read, with_stance_aliases

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable

    from ..layers.claims import Claim
    from ..specs import DecisionSpec
    from ..trace import SourceChecker
    from ..workspace import Workspace

TOPIC_POOL = 200  # newest claims of the topic considered
RAW_POOL = 60  # newest raw lines of the topic read (a line a claim cites is read through the claim)
# words that speak of a kind of field without naming it ("最近财务压力很大" is about money), by the
# concept ids of :mod:`mylife_core.staleness.heuristics`
MONEY_WORDS = ("财务", "经济压力", "经济状况", "经济上", "手头", "缺钱", "没钱", "钱不够", "钱紧", "入不敷出", "月光",
               "攒不下", "存不下", "攒钱", "穷", "钱的事", "对钱", "花钱", "收支")
FIELD_MEANING: dict[str, tuple[str, ...]] = {
    "savings": MONEY_WORDS, "income": MONEY_WORDS, "debt": MONEY_WORDS, "expenses": MONEY_WORDS,
    "emergency_fund": MONEY_WORDS, "mortgage": ("房贷压力", "还贷"), "rent": ("租房", "房东"),
}


@dataclass
class Evidence:
    topic: str | None
    statements: list[Statement]
    action_terms: list[str]
    lean: int = 0  # the newest statement's side on the decision (+1 for, -1 against, 0 unknown)
    lean_statement: Statement | None = None
    terms: list[str] = field(default_factory=list)  # query terms (segmented, synonyms expanded)
    search_mode: str = "keyword"
    claims: dict[str, "Claim"] = field(default_factory=dict)
    frame: Frame | None = None  # the question's "yes" draft, statements are read against
    readings: dict[str, Reading] = field(default_factory=dict)
    # the user's exact words each statement rests on (a claim's raw lines, a raw line itself), by
    # its id; absent when they cannot be trusted (lines changed or gone): :mod:`.quoting`
    words: dict[str, str] = field(default_factory=dict)
    lines_read: int = 0  # raw lines not yet distilled into claims that were read (taking a side or not)

    def said(self, s: Statement) -> str:
        """``s`` as something the user said (:func:`.quoting.said`): 说「…」 when its text is their
        words, else the summary it is, their words beside it."""
        return said(s.text, self.words.get(s.claim_id))

    def firm(self, s: Statement) -> bool:
        """The user's own, sure, unconditional, with its source intact: fit to say where they stand."""
        reading = self.readings.get(s.claim_id)
        return bool(reading and reading.firm and s.source_ok and s.stance)


def action_terms(ws: "Workspace", decisions: list["DecisionSpec"], question: str, terms: list[str]) -> list[str]:
    """Words that name what the decision is about (跳槽, 辞职, 离职 ...), with their synonyms."""
    words = _decision_words(decisions)
    synonyms = ws.plugins.synonyms()
    for word in list(words):
        spec = synonyms.get(word)
        if spec is not None:
            words += spec.synonyms
    if not words:
        words = [t for t in terms if t in question or len(t) >= 2]
    return key_terms(with_stance_aliases(key_terms(words)))


def _decision_words(decisions: list["DecisionSpec"]) -> list[str]:
    """What a lens says names its decisions: each one's name, aliases and keywords."""
    return [w for d in decisions for w in (d.name, *d.aliases, *d.keywords)]


def _statement(claim: "Claim", checker: "SourceChecker", reading: Reading) -> Statement:
    state = checker.check(claim).state
    ok = state == "ok" and claim.status != "stale"
    stance = reading.side if (reading.own and ok) else 0
    return Statement(claim_id=claim.id, date=claim.occurred_at, text=claim.claim, context=claim.context,
                     kind=claim.kind, status=claim.status, topic=claim.topic, provenance=claim.provenance,
                     source_ok=ok, stance=stance, stance_term=reading.cue if stance else None,
                     stance_certain=bool(stance) and reading.certain, speaker=reading.speaker,
                     source_state=state if state != "ok" else ("source_changed" if claim.status == "stale" else "ok"))


def _users(ws: "Workspace", claim: "Claim") -> bool:
    """A statement of the user's: evidence, not the AI's inference, and not a model's words kept
    as the user's (:meth:`~mylife_core.layers.claims.ClaimsLayer.unvouched`)."""
    return claim.is_evidence and claim.kind != "inference" and not ws.claims.unvouched(claim)


def gather(ws: "Workspace", question: str, topic: str | None, decisions: list["DecisionSpec"],
           checker: "SourceChecker", *, limit: int = 12, lens_topic: str | None = None) -> Evidence:
    """The user's statements relevant to ``question`` (on ``topic`` when known), oldest first.

    Claims first; the raw lines no claim cites yet fill the rows the claims leave (see
    :func:`_raw_statements`). ``lens_topic``: the topic a lens gives the decision, holding raw
    lines but no claims (``ask`` passes ``topic=None`` then): used when no claim is found elsewhere."""
    from ..search import recall
    from .competing import cited_lines
    from .topics import QuestionWords

    pool = min(200, max(limit * 3, 20))
    result = recall(ws, question, topic=topic, layers=["claims"], k=pool, evidence_only=True)
    terms = action_terms(ws, decisions, question, result.terms)
    frame = frame_for(negate_question(question)[0], extra=terms)
    chosen: dict[str, Claim] = {}
    scores: dict[str, float] = {}
    hits = list(result.hits)
    asked: QuestionWords | None = None
    if topic is None:
        # no topic yet: only a note that says a word of the question (or is near it in meaning)
        # names it; 「要不要养狗？」 found 「预计最后还是要出钱」 by its 要 and took its 家庭 as the topic
        asked = QuestionWords(ws, question, extra=_decision_words(decisions))
        hits = [h for h in hits if _says(h, asked)]
    if topic is None and not hits and decisions:
        # a lens decision whose topic the user files nothing under, and a question whose words no
        # note says (「我该不该省钱？」 beside notes on 外卖 and 月光 under the user's 财务压力): the
        # words the lens says people use about it find where the user writes about it instead
        words = dict.fromkeys(_decision_words(decisions))
        hits = [h for h in recall(ws, " ".join(words), layers=["claims"], k=pool, evidence_only=True).hits
                if asked is None or _says(h, asked)]
    for hit in hits:
        claim = ws.claims.find(hit.claim_id or hit.ref)
        if claim is not None and _users(ws, claim):
            chosen[claim.id] = claim
            scores[claim.id] = hit.score
    if topic is None and chosen:  # no lens named the topic: the one the question's evidence lives under
        topic = _heaviest((claim.topic, scores.get(cid, 0.0)) for cid, claim in chosen.items())
    if topic is None and not chosen and lens_topic:
        topic = lens_topic  # the lens's topic: the user's lines are there, no claims anywhere
    if topic:
        for claim in ws.claims.query(topic=topic, limit=TOPIC_POOL, newest_first=True):
            if claim.id not in chosen and _users(ws, claim):
                chosen[claim.id] = claim
                scores[claim.id] = 0.0
    readings = {cid: read(c.claim, frame) for cid, c in chosen.items()}
    # a question no lens covers whose topic its notes found: those notes are what it asked about,
    # and have rows before the topic's others (「要不要换个手机？」 found 财务压力 by 「手机可能也有分期」,
    # then filled the table with the topic's twelve better-scored notes on rent and takeaway, and
    # left it out). A lens's decision is found by the lens's words too (月光 for 省钱): not these.
    # The same holds when ``ask`` found that topic before (:func:`.topics.topic_for_question`) and
    # passed it in: the search then scored 「正式调岗到数据平台组」 0 for 「要不要转组？」 (its words are
    # the topic's synonym group, not the search's), and the note the answer named as the example
    # had no row. Those notes are the ones saying the question's words.
    namer = asked if asked is not None or decisions or topic is None else QuestionWords(ws, question)
    named = [cid for cid, c in chosen.items()
             if namer is not None and not decisions and c.topic == topic
             and (scores.get(cid, 0.0) > 0 if asked is not None else namer.said_in(c.claim))]
    claims = _select(list(chosen.values()), scores, readings, limit, named=named)
    statements = [_statement(c, checker, readings[c.id]) for c in claims]
    words = {c.id: w for c in claims if (w := claim_words(c, checker))}
    raw, lines_read, topic = _raw_statements(ws, question, topic, frame, asked, room=limit - len(claims), pool=pool,
                                             known=cited_lines(chosen.values()))
    for statement, reading in raw:
        statements.append(statement)
        readings[statement.claim_id] = reading
        words[statement.claim_id] = statement.text
    statements.sort(key=_order(ws))
    evidence = Evidence(topic=topic, statements=statements, action_terms=terms, terms=result.terms,
                        search_mode=result.mode, claims={c.id: c for c in claims}, frame=frame,
                        readings={s.claim_id: readings[s.claim_id] for s in statements}, words=words,
                        lines_read=lines_read)
    # where the user stands now: the newest statement of theirs that firmly takes a side on the act
    # itself ("想辞职", "不想折腾"); a consideration (a mortgage, a fear) weighs, it does not say where
    evidence.lean_statement = next((s for s in reversed(statements)
                                    if evidence.firm(s) and evidence.readings[s.claim_id].basis == "act"), None)
    evidence.lean = evidence.lean_statement.stance if evidence.lean_statement else 0
    return evidence


#: how near in meaning (the vector side's calibrated score, e5 cosine 0.82..0.94 -> 0..1) a note
#: that says no word of the question must be to name its topic: well above competing's
#: ``VECTOR_RELEVANT`` (0.25, a bar for candidates the stance reader then reads), since the topic
#: decides which notes are read at all. On the demo's embedded notes (session 28) the notes near
#: questions they belong to scored 0.63-0.71 by the vector alone (早点睡: 「调岗后十二点前能入睡」
#: 0.706; 省钱: 「对钱没那么慌了」 0.659), the nearest notes to questions the user never wrote about
#: 0.22-0.52 (分手: 「不知道。真的不知道自己想不想走」 0.506; 借钱给朋友: 「对钱没那么慌了」 0.518),
#: and with 0.25 those questions took the career notes as their topic
TOPIC_VECTOR = 0.6


def _says(hit: Any, asked: Any) -> bool:
    """A search hit that names the question: it says one of its words (:class:`.topics.QuestionWords`),
    or it is near it in meaning (the vector side's calibrated score, :data:`TOPIC_VECTOR`)."""
    return ((hit.parts or {}).get("vector") or 0.0) >= TOPIC_VECTOR or asked.said_in(hit.text)


def _heaviest(scored: "Iterable[tuple[str | None, float]]") -> str | None:
    """The topic whose statements' scores sum highest (ties: the first by name); None for none."""
    weights: dict[str, float] = {}
    for name, score in scored:
        if name:
            weights[name] = weights.get(name, 0.0) + score
    return max(sorted(weights), key=lambda name: weights[name]) if weights else None


def _raw_statements(ws: "Workspace", question: str, topic: str | None, frame: Frame, asked: Any, *, room: int,
                    pool: int, known: set[tuple[str, int]] | None = None,
                    ) -> tuple[list[tuple[Statement, Reading]], int, str | None]:
    """The user's raw lines no claim cites yet, as statements: ``(rows, lines read, topic)``.

    A user with no model never has claims made for them (``extract`` needs one): everything they
    said is in L0. Until session 28 those lines counted for nothing here, and ``ask`` said they had
    left no statement on a topic holding three. The lines read are the topic's newest
    (:data:`RAW_POOL`) and those search finds for the question (under the topic when there is
    one; else only lines that say a word of it, and their topic becomes the question's), of
    notes no claim cites (a note distilled was read: the lines its claims leave out are its
    context, :func:`.competing.undistilled`). The stance reader reads each as it reads a claim
    (after the line that introduces it as someone's words, 「我妈说：」), and those that take a
    side, the user's or someone else's, fill the ``room`` the claims left: the best found by
    search, then the newest. Each is its own ``raw/FILE#Ln``, read again from the file (the
    index may lag)."""
    from ..provenance import Pointer
    from ..search import recall
    from .competing import _model_lines, _speech_lead, topic_line_docs, undistilled

    found: dict[str, Any] = {}
    relevance: dict[str, float] = {}
    try:
        hits = recall(ws, question, topic=topic, layers=["raw"], k=pool).hits
    except Exception:  # noqa: BLE001 - an unreadable index: no raw lines, the claims stand
        hits = []
    if topic is None and asked is not None:
        hits = [h for h in hits if _says(h, asked)]
        # no claim named a topic: the one the question's lines live under
        topic = _heaviest((hit.topic, hit.score) for hit in hits)
    for hit in hits:
        found.setdefault(hit.ref, hit)
        relevance[hit.ref] = hit.score
    if topic:
        for line in topic_line_docs(ws, topic, RAW_POOL):
            found.setdefault(line.ref, line)
    mine = [ref for ref in found if not _model_lines(ws, ref)]
    fresh = undistilled(ws, mine, whole_notes=True, known=known) if mine else set()
    rows: list[tuple[float, Statement, Reading]] = []
    files: dict[str, bytes | None] = {}
    for ref in fresh:
        text = _line_text(ws, ref, files)
        if not text:
            continue
        line = found[ref]
        reading = read(_speech_lead(ws, Pointer.parse(ref)) + text, frame)
        side = reading.side if reading.own else 0
        rows.append((relevance.get(ref, 0.0) + (0.5 if side else 0.0), Statement(
            claim_id=ref, date=line.date, text=text, kind="raw", status="raw", topic=line.topic or topic or "",
            provenance=ref, source_ok=True, stance=side, stance_term=reading.cue if side else None,
            stance_certain=bool(side) and reading.certain, speaker=reading.speaker), reading))
    read_count = len(rows)
    sided = [(score, s, r) for score, s, r in rows if s.stance or (r.speaker and r.reported_side)]
    sided.sort(key=lambda x: (-x[0], -x[1].date.toordinal(), x[1].claim_id))
    return [(s, r) for _, s, r in sided[:max(0, room)]], read_count, topic


def _order(ws: "Workspace") -> Any:
    """The key the table is shown by: oldest first; on one day the claims by id, then the raw lines
    in the order they were recorded (``raw/…-career-2.md`` came after ``raw/…-career.md``, which
    its name sorts after) and by line."""
    from ..errors import MyLifeError
    from ..provenance import Pointer

    recorded: dict[str, str] = {}

    def key(s: Statement) -> tuple:
        if not is_raw(s.claim_id):
            return (s.date, 0, s.claim_id, 0)
        try:
            pointer = Pointer.parse(s.claim_id)
        except MyLifeError:
            return (s.date, 1, s.claim_id, 0)
        if pointer.file not in recorded:
            record = ws.raw.get(pointer.file)
            recorded[pointer.file] = record.recorded_at.isoformat() if record is not None else pointer.file
        return (s.date, 1, recorded[pointer.file], pointer.start)

    return key


def _line_text(ws: "Workspace", ref: str, files: dict[str, Any]) -> str:
    """The text of the raw line(s) ``ref`` points at, read from the file ("" when gone)."""
    from ..errors import MyLifeError
    from ..provenance import Pointer, decode, excerpt_bytes

    try:
        pointer = Pointer.parse(ref)
    except MyLifeError:
        return ""
    if pointer.file not in files:
        try:
            files[pointer.file] = ws.raw.read_bytes(pointer.file)
        except (MyLifeError, OSError):  # a file the index knows but the folder lost: no row
            files[pointer.file] = None
    data = files[pointer.file]
    excerpt = excerpt_bytes(data, pointer) if data is not None else None
    return " ".join(decode(excerpt).split()).removeprefix("\ufeff") if excerpt is not None else ""


def _select(pool: list["Claim"], relevance: dict[str, float], readings: dict[str, Reading], limit: int,
            named: "Iterable[str]" = ()) -> list["Claim"]:
    """The statements worth a row, spread over time so the table shows how the user's view moved.

    A statement scores by relevance to the question, +0.6 for an assessment (the user's own view
    is what the table is about), +0.5 for taking a side on the decision. The two newest always
    stay (where the user is now), and the ``named`` ones (the notes that say the question's words,
    when they chose its topic), the best of them first, up to half the rows; then each month's
    best, best months first; then each month's second best, and so on, until ``limit``. Shown
    oldest first.
    """
    def score(c: "Claim") -> float:
        reading = readings.get(c.id)
        return (relevance.get(c.id, 0.0) + (0.6 if c.kind == "assessment" else 0.0)
                + (0.5 if reading is not None and reading.own and reading.side else 0.0))

    scored = {c.id: score(c) for c in pool}
    order = lambda c: (-scored[c.id], -c.occurred_at.toordinal(), c.id)  # noqa: E731
    keep: dict[str, Claim] = {}
    for c in sorted(pool, key=lambda c: (c.occurred_at, c.id), reverse=True)[:2]:
        keep[c.id] = c
    by_id = {c.id: c for c in pool}
    for c in sorted((by_id[i] for i in dict.fromkeys(named) if i in by_id), key=order)[:max(1, limit // 2)]:
        if len(keep) >= limit:
            break
        keep.setdefault(c.id, c)
    buckets: dict[str, list[Claim]] = {}
    for c in sorted(pool, key=order):
        buckets.setdefault(_month(c.occurred_at), []).append(c)
    level = 0
    while len(keep) < limit and any(len(b) > level for b in buckets.values()):
        tier = sorted((b[level] for b in buckets.values() if len(b) > level), key=order)
        for c in tier:
            if len(keep) >= limit:
                break
            keep.setdefault(c.id, c)
        level += 1
    return sorted(keep.values(), key=lambda c: (c.occurred_at, c.id))


def _month(day: date) -> str:
    return day.isoformat()[:7]


def question_back(evidence: Evidence, decision: str | None, topic: str | None,
                  against: "Iterable[Any]" = ()) -> Judgment:
    """A question from the tension between the statements (docs/design.md#both-sides: a question, not a verdict).

    ``against``: the counter-evidence the brief lists (``find_competing``'s items). When the
    statements take one side only, the question asks about the first of those, not "no statement
    takes the other side" under a list of records that may weaken it."""
    from ..messages import t

    subject = decision or topic or t("ask.this_question")
    sided = [s for s in evidence.statements if evidence.firm(s)]
    pro = [s for s in sided if s.stance > 0]
    con = [s for s in sided if s.stance < 0]
    if pro and con:
        a, b = sorted([pro[-1], con[-1]], key=evidence.statements.index)
        text = t("s28evid.q.tension", d1=_month(a.date), c1=a.context or t("ask.no_context"),
                 said1=evidence.said(a), d2=_month(b.date), c2=b.context or t("ask.no_context"),
                 said2=evidence.said(b), subject=subject)
        return _question(text, [a.claim_id, b.claim_id])
    contexts = [s for s in evidence.statements if s.context]
    if len(evidence.statements) >= 2 and len({s.context for s in contexts}) >= 2:
        a, b = contexts[0], contexts[-1]
        text = t("ask.q.contexts", d1=_month(a.date), c1=a.context, d2=_month(b.date), c2=b.context,
                 subject=subject)
        return _question(text, [a.claim_id, b.claim_id])
    if evidence.statements:
        # the user's own statements (someone else's view written down is not one of them); the one
        # quoted is where they last took a side on the act, else their newest: said as which it is
        own = [s for s in evidence.statements if s.speaker is None] or evidence.statements
        s = evidence.lean_statement or own[-1]
        against = list(against)
        if against:
            item = against[0]
            key = "s29data.q.one_side_against" if len(against) > 1 else "s29data.q.one_side_against_one"
            text = t(key, n=len(own), k=len(against), d=_month(item.date),
                     said=said(item.text, item.words), subject=subject)
            return _question(text, [item.claim_id or item.ref])
        key = "s28fix.q.one_side_lean" if evidence.lean_statement is not None else "s28evid.q.one_side"
        text = t(key, n=len(own), d=_month(s.date), said=evidence.said(s), subject=subject)
        return _question(text, [s.claim_id])
    if evidence.lines_read:  # lines were read, none took a side: not "nothing recorded"
        return Judgment(text=t("s28evid.q.unsided", n=evidence.lines_read, subject=subject), claim_ids=[],
                        role="question")
    if not (decision or topic):  # no decision, no topic: nothing to name in quotes
        return Judgment(text=t("ask.q.nothing_any"), claim_ids=[], role="question")
    return Judgment(text=t("ask.q.nothing", subject=subject), claim_ids=[], role="question")


def _question(text: str, quoted_from: list[str]) -> Judgment:
    """The question back, citing the claims it quotes (``quoted_from``: their ids); a raw line it
    quotes (no claim to cite: the judge checks claim ids) is cited by its ``raw/FILE#Ln`` after the
    text, as ``[…]``, as claims are."""
    ids = list(dict.fromkeys(quoted_from))
    raw = [i for i in ids if is_raw(i)]
    if raw:
        text += " " + "".join(f"[{ref}]" for ref in raw)
    return Judgment(text=text, claim_ids=[i for i in ids if not is_raw(i)], role="question")


def is_raw(ref: str) -> bool:
    """A statement's id that is a raw line's pointer (``raw/FILE#Ln``), not a claim's."""
    return ref.startswith("raw/")


def _field_concept(name: str) -> Any:
    from ..staleness.heuristics import concept_of

    return concept_of(name)


def premises_to_retire(ws: "Workspace", evidence: Evidence, checker: "SourceChecker", *, limit: int = 6,
                       depends_on: list[str] | None = None, within: str | None = None) -> list[Premise]:
    """Old claims the newest data contradicts, each put as a question (docs/design.md#both-sides).
    ``depends_on``: the user's profile fields the decision depends on (step 4); ``within``: a topic
    step 4 keeps to, for fields only guessed from that topic's notes (a question no lens decision
    covers: one note of it saying 加班 is no reason to question the user's 「想跳槽」 elsewhere)."""
    from ..messages import t

    out: list[Premise] = []
    seen: set[str] = set()
    statements = evidence.statements
    newest_date = statements[-1].date if statements else None

    # 1. the user's newest firm statement takes the other side of an older one (a statement the
    #    rules are unsure of, a conditional, a question or someone else's view retires nothing)
    newest = evidence.lean_statement
    for old in statements:
        if newest is None or old.claim_id in seen or old.claim_id == newest.claim_id:
            continue
        if not evidence.firm(old) or old.date >= newest.date or old.stance == newest.stance:
            continue
        if evidence.readings[old.claim_id].basis != "act":
            continue  # only a statement that took a side on the act itself ("想跳槽") is reversed by a later one
        out.append(Premise(claim_id=old.claim_id, text=old.text, date=old.date, kind="contradicted",
                           newer=newest.claim_id,
                           question=t("s28evid.premise.contradicted", s=shorten(old.text), d=_month(old.date),
                                      d2=_month(newest.date), said2=evidence.said(newest))))
        seen.add(old.claim_id)

    # 2. a profile value changed after the claim was made
    fields = ws.profile.fields()
    concepts = {name: _field_concept(name) for name in fields}
    for s in statements:
        if s.claim_id in seen or not s.source_ok or s.speaker or (newest_date and s.date >= newest_date and len(statements) > 1):
            continue
        concept = _field_concept(s.text)
        for name, f in fields.items():
            mentioned = name in s.text or (concept is not None and concepts.get(name) is concept) or _means(
                s.text, concepts.get(name))
            if not mentioned or f.updated_at.date() <= s.date:
                continue
            known, old_value = _value_at(f, s.date)
            if known and old_value == f.value:
                continue
            change = (t("ask.premise.value_change", old=old_value, new=f.value) if known
                      else t("ask.premise.value_new", new=f.value))
            out.append(Premise(claim_id=s.claim_id, text=s.text, date=s.date, kind="field_changed", newer=name,
                               question=t("ask.premise.field_changed", s=shorten(s.text), d=_month(s.date), name=name,
                                          change=change, when=f.updated_at.date().isoformat())))
            seen.add(s.claim_id)
            break

    # 3. disputed claims and claims whose source changed
    for s in statements:
        if s.claim_id in seen:
            continue
        if s.status == "disputed":
            claim = evidence.claims.get(s.claim_id)
            out.append(Premise(claim_id=s.claim_id, text=s.text, date=s.date, kind="disputed",
                               question=t("ask.premise.disputed", s=shorten(s.text), d=_month(s.date),
                                          why=(claim.note if claim and claim.note else "-"))))
            seen.add(s.claim_id)
        elif not s.source_ok:
            out.append(Premise(claim_id=s.claim_id, text=s.text, date=s.date, kind="source_changed",
                               question=t("ask.premise.source_changed", s=shorten(s.text), d=_month(s.date))))
            seen.add(s.claim_id)
    # 4. beyond the table: the user's judgments resting on a field the decision depends on
    topics = ws.plugins.topic_names(within) if within else None
    for premise in _premises_on_fields(ws, depends_on or [], seen, fields, checker, topics=topics):
        out.append(premise)
        seen.add(premise.claim_id)
    out.sort(key=lambda p: (p.date, p.claim_id))
    return out[:limit]


def _value_at(f: Any, day: date) -> tuple[bool, Any]:
    """``(known, value)`` of a profile field as it stood on ``day``."""
    if f.updated_at.date() <= day:
        return True, f.value
    before = [h for h in f.history if h.updated_at.date() <= day]
    return (True, before[-1].value) if before else (False, None)


ASSESSMENT_POOL = 1500  # newest assessments looked at for premises resting on a field


def frame_for_view(text: str) -> bool:
    """Is ``text`` someone else's view ("阿杰认为…"), not a premise of the user's?"""
    from .stance import _reported

    report = _reported(text)
    return report is not None and report.reaction is None


def _means(text: str, concept: Any) -> bool:
    """Does ``text`` speak of a field of ``concept`` without naming it ("财务压力很大" of savings)?"""
    return concept is not None and any(w in text for w in FIELD_MEANING.get(concept.id, ()))


def _premises_on_fields(ws: "Workspace", names: list[str], seen: set[str], fields: dict[str, Any],
                        checker: "SourceChecker | None" = None, *, per_field: int = 3,
                        topics: tuple[str, ...] | None = None) -> list[Premise]:
    """Assessments (any topic) whose text or context speaks of one of ``names`` — by the field's
    name, its concept's words, or its meaning (:data:`FIELD_MEANING`: "财务压力很大" rests on
    savings, income and debt) — made while the field held a different value than it does now
    (under one of ``topics`` only, when given).
    The user's firmest judgments first (confidence, then the newest); someone else's view and a
    claim whose source lines changed are not the user's premises."""
    from ..messages import t

    wanted = [n for n in dict.fromkeys(names) if fields.get(n) is not None and fields[n].history]
    if not wanted:
        return []
    rank = {"high": 0, "medium": 1, "low": 2}
    pool = sorted(((c, f"{c.claim} {c.context or ''}")
                   for c in ws.claims.query(kind="assessment", limit=ASSESSMENT_POOL, newest_first=True)
                   if c.is_evidence and c.id not in seen and not ws.claims.unvouched(c)
                   and (topics is None or c.topic in topics)),
                  key=lambda pair: (rank.get(pair[0].confidence, 1), -pair[0].occurred_at.toordinal(), pair[0].id))
    out: list[Premise] = []
    for name in wanted:
        f = fields[name]
        concept = _field_concept(name)
        words = [name, *(concept.zh if concept is not None else ()),
                 *(FIELD_MEANING.get(concept.id, ()) if concept is not None else ())]
        found = 0
        for claim, spoken in pool:
            if claim.id in seen or not any(w in spoken for w in words):
                continue
            if checker is not None and (checker.check(claim).state != "ok" or claim.status == "stale"):
                continue
            if frame_for_view(claim.claim):
                continue
            known, then = _value_at(f, claim.occurred_at)
            if not known or then == f.value:
                continue
            change = t("ask.premise.value_change", old=then, new=f.value)
            out.append(Premise(claim_id=claim.id, text=claim.claim, date=claim.occurred_at, kind="field_changed",
                               newer=name,
                               question=t("ask.premise.field_changed", s=shorten(claim.claim), d=_month(claim.occurred_at),
                                          name=name, change=change, when=f.updated_at.date().isoformat())))
            seen.add(claim.id)
            found += 1
            if found >= per_field:
                break
    return out

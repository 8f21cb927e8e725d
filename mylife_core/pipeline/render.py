"""What the builtin ``render_output`` plugins do, as library functions.

The builtin plugins (:mod:`mylife_core.builtin.render_chains`, ``render_stale``,
``render_disclaimer``) call these; so does the terminal's live stream, which checks each
sentence with exactly the same rules before printing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .answer import Answer, Judgment, StaleInput, Unsupported

if TYPE_CHECKING:  # pragma: no cover
    from ..trace import SourceChecker
    from ..workspace import Workspace


def enforce_chains(answer: Answer, ws: "Workspace", checker: "SourceChecker | None" = None) -> None:
    """Seed §3.2 L4 rule, by the one judging rule (:mod:`.judging`): a judgment without a valid
    chain to L0 is not shown as a judgment.

    Every judgment must cite claims that exist, count as evidence (an inference only once
    accepted) and still hash to the user's lines; questions and remarks need not cite, but what
    they cite is checked too. Anything refused moves to ``unsupported`` ("无依据，未采纳") with
    the reason for each citation.
    """
    from ..trace import SourceChecker
    from .judging import Judge

    judge = Judge(ws, checker=checker or SourceChecker(ws))
    kept: list[Judgment] = []
    for judgment in answer.judgments:
        problems = judge.judgment(judgment)
        if not problems:
            kept.append(judgment)
        else:
            answer.unsupported.append(Unsupported(text=judgment.text, claim_ids=list(judgment.claim_ids),
                                                  problems=problems))
    answer.judgments = kept
    if answer.question_back is not None:
        problems = judge.judgment(answer.question_back)
        if problems:
            q = answer.question_back
            answer.unsupported.append(Unsupported(text=q.text, claim_ids=list(q.claim_ids), problems=problems))
            answer.question_back = None
    answer.enforced = True


def present(answer: Answer) -> set[int]:
    """The judgments (and the question back) an answer holds now, by identity (see :func:`render`)."""
    return {id(j) for j in answer.judgments} | ({id(answer.question_back)} if answer.question_back is not None else set())


def enforce_added(answer: Answer, ws: "Workspace", before: set[int], checker: "SourceChecker | None" = None) -> None:
    """The one judging rule on what a ``render_output`` plugin put into the answer: every judgment
    (and a question back) that was not there before the hooks ran (``before``, :func:`present`) is
    judged by its text, as a model's sentence is (its ``role`` label is not taken on trust: a
    verdict called a "remark" or a "question" is still a verdict), and withheld when the rule
    refuses it. What the pipeline put there was judged already (:func:`enforce_chains`)."""
    from ..trace import SourceChecker
    from .judging import Judge, classify, role_of

    judge: Judge | None = None

    def problems(j: Judgment) -> list:
        nonlocal judge
        if judge is None:
            judge = Judge(ws, checker=checker or SourceChecker(ws))
        kind = classify(j.text)
        j.role = role_of(kind)  # judged, and shown, as what it is
        return judge.judgment(j, kind)

    kept: list[Judgment] = []
    for judgment in answer.judgments:
        refused = [] if id(judgment) in before else problems(judgment)
        if refused:
            answer.unsupported.append(Unsupported(text=judgment.text, claim_ids=list(judgment.claim_ids),
                                                  problems=refused))
        else:
            kept.append(judgment)
    answer.judgments = kept
    q = answer.question_back
    if q is not None and id(q) not in before:
        refused = problems(q)
        if refused:
            answer.unsupported.append(Unsupported(text=q.text, claim_ids=list(q.claim_ids), problems=refused))
            answer.question_back = None


def render(answer: Answer, ws: "Workspace", checker: "SourceChecker | None" = None) -> None:
    """The ``render_output`` hooks, then the one judging rule on whatever they added
    (:func:`enforce_added`): no plugin's sentence reaches the user past the judge."""
    before = present(answer)
    ws.plugins.render_output(answer, ws)
    enforce_added(answer, ws, before, checker)


def _mentions(text: str, stale: StaleInput) -> bool:
    from ..staleness.decisions import term_in

    names = [n for n in (stale.name, stale.dependency, *stale.aliases) if n]
    folded = text.casefold()
    if any(term_in(n.casefold(), folded) for n in names):  # Latin words match whole words only
        return True
    value = str(stale.value) if stale.value is not None else ""
    return len(value) >= 3 and value in text


def mark_stale(judgment: Judgment, stale: list[StaleInput]) -> Judgment:
    """Mark (and down-weight, once) a judgment that uses a stale value the user chose to keep."""
    from ..staleness import STALE_WEIGHT

    used = [s for s in stale if _mentions(judgment.text, s) and s.name not in judgment.stale_inputs]
    if used:
        if not judgment.stale_inputs:
            judgment.weight = round(judgment.weight * STALE_WEIGHT, 4)
        judgment.stale_inputs += [s.name for s in used]
        judgment.notes += [s.note for s in used if s.note not in judgment.notes]
    return judgment


def annotate_stale(answer: Answer) -> None:
    """Mark every judgment that uses a kept stale value, and say once that the answer rests on one."""
    from ..messages import join, t
    from ..staleness import STALE_WEIGHT

    if not answer.stale:
        return
    for judgment in answer.judgments:
        mark_stale(judgment, answer.stale)
    if answer.question_back is not None and answer.mode == "model":  # the offline question quotes statements
        mark_stale(answer.question_back, answer.stale)
    note = t("ask.stale_global", notes=join([s.note for s in answer.stale], "semi"), weight=STALE_WEIGHT)
    if note not in answer.annotations:
        answer.annotations.append(note)


def add_disclaimer(answer: Answer) -> None:
    from ..messages import disclaimer

    answer.disclaimer = disclaimer()

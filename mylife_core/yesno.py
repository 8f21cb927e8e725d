"""One reading of a yes or a no, for every yes/no question MyLife asks: the CLI's prompts
(``extract``'s field and claim questions, ``maintain``'s "still true?", a new field's TTL) through
:func:`confirm`, and ``chat``'s (:meth:`mylife_core.chat.io.ChatIO.confirm`, ``decide``) through
:func:`yes_no`. There is no other list of yes and no words.

What a Chinese user types at such a question is read as they mean it: an input method's
full-width letters (「ｙ」, 「ＹＥＳ」), the everyday words of assent and refusal (是, 好, 对, 嗯,
行, 可以; 不, 否, 不要, 算了), with the particles and end marks a reply carries (「是的」, 「好的呀」,
「不了」, 「嗯嗯」, 「对！」). In English: y, yes, n, no (any case or width). Anything else
(「是不是」, 「不知道」, 「嗯？」, 「maybe」) is neither: the CLI asks again, as ``click.confirm`` did.
"""

from __future__ import annotations

import unicodedata

YES = ("y", "yes", "ok", "okay", "是", "好", "要", "嗯", "对", "行", "可以", "确认", "写入", "接受", "同意", "没问题",
       "accept")
NO = ("n", "no", "否", "不", "不要", "不用", "不是", "不对", "不行", "不好", "没有", "别", "算了", "拒绝",
      "refuse", "reject")

#: end marks a reply may carry ("？" is not one: 「嗯？」 asks back, it does not agree)
_END_MARKS = " .!~…,;。！～，、；"
#: the particles a short reply ends with (「是的」, 「好吧」, 「不了」, 「好的呀」)
_PARTICLES = "的啊呀吧哦喔噢嘛哈呢了啦咯哟"


def normalise(answer: str) -> str:
    """An answer as a word: full-width letters and digits (「ｙ」, 「２」, typed with a Chinese input
    method) read as their ASCII forms, case and surrounding blanks ignored."""
    return unicodedata.normalize("NFKC", answer).strip().lower()


def _forms(word: str) -> list[str]:
    """``word`` and its shorter readings: without end marks, without the particles it ends with
    (one at a time), and a word said again and again once (「嗯嗯」, 「对对对」, 「yy」)."""
    word = word.rstrip(_END_MARKS)
    forms = [word]
    while len(word) > 1 and word[-1] in _PARTICLES:
        word = word[:-1]
        forms.append(word)
    for form in list(forms):
        if len(form) > 1 and form == form[0] * len(form):
            forms.append(form[0])
    return forms


def yes_no(answer: str) -> bool | None:
    """True for a yes, False for a no, None for anything else (an empty answer included: what it
    means is the question's default, which the caller knows)."""
    for form in _forms(normalise(answer)):
        if form in YES:
            return True
        if form in NO:
            return False
    return None


def is_yes(answer: str) -> bool:
    return yes_no(answer) is True


def confirm(text: str, default: bool = False, *, err: bool = False) -> bool:
    """The CLI's yes/no question (in ``click.confirm``'s place, with its looks: ``text [y/N]: ``).

    An empty line takes ``default``; an answer that is neither a yes nor a no is said to be so
    and asked again; the end of input or Ctrl-C raises ``click.Abort`` (the CLI says 「已中止。」 and
    exits with 130, no traceback), as ``click.confirm`` did."""
    import click

    from .messages import t

    suffix = " [Y/n]" if default else " [y/N]"
    while True:
        answer = click.prompt(text + suffix, default="", show_default=False, err=err)
        if not answer.strip():
            return default
        verdict = yes_no(answer)
        if verdict is not None:
            return verdict
        click.echo(t("s32confirm.again"), err=err)

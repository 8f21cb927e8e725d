"""Where ``mylife chat`` writes and reads: a terminal (or piped text), or JSON Lines for scripts.

Every prompt of the chat goes through :class:`ChatIO`, so the rules hold at each one:

* ``/quit`` (``/exit``, ``/q``, ``/bye``, ``/退出``) ends the chat at any prompt, a choice, a
  yes/no and the handoff sheet's questions included (:class:`QuitChat`, :meth:`ChatIO.ask`); a
  chat command is read in any case and width (``/QUIT``, ``／quit``: :func:`command_word`);
* at the end of input a choice takes the default its prompt names ("直接回车选 2" picks 2), and a
  yes/no its default;
* a line read where a yes/no was expected but that is neither can be handed back
  (:meth:`ChatIO.unread`) to be read again as the next turn (``--json`` proposals).
"""

from __future__ import annotations

import json
import sys
import unicodedata
from typing import Any

from .. import yesno as _yesno
from ..messages import t

QUIT = {"/quit", "/exit", "/q", "/bye", "/退出"}
# what a yes or a no is: one list for the chat and every CLI prompt (mylife_core.yesno)
YES, NO = _yesno.YES, _yesno.NO


def command_word(text: str) -> str:
    """``text`` as a chat command is matched: stripped, in one case and the narrow width a
    Chinese input method's full-width mode turns into wide characters (``／ＱＵＩＴ`` is ``/quit``).
    Command names are ASCII or Chinese, so no two of them differ only in case or width."""
    return unicodedata.normalize("NFKC", text.strip()).casefold()


def is_command(text: str) -> bool:
    """Whether a line is a chat command (it starts with ``/``, or a full-width ``／``)."""
    return command_word(text[:1]) == "/"


def is_quit(text: str) -> bool:
    return command_word(text) in QUIT


#: an answer as a choice word: full-width digits and letters (「２」, 「Ｙ」, typed with a Chinese
#: input method) read as their ASCII forms, case and surrounding blanks ignored
_word = _yesno.normalise


def _says_something(answer: str) -> bool:
    """Is an answer at a prompt something the user says (「你觉得我是不是太懦弱了」), not a slip of
    the key (4, y, ok)? Any Chinese character, or three words."""
    return any("\u4e00" <= ch <= "\u9fff" for ch in answer) or len(answer.split()) >= 3


class QuitChat(Exception):
    """The user typed /quit at a prompt inside a turn."""


class InputEnded(QuitChat):
    """The input ended (Ctrl-D) at a question whose answers so far must not be lost (the handoff
    sheet's): the chat ends as at ``/quit``, and keeps them as it does there."""


class ChatIO:
    """Terminal or JSON Lines I/O for one chat (see the module docstring)."""

    def __init__(self, *, json_mode: bool = False, stdin: Any = None) -> None:
        self.json = json_mode
        self.stdin = stdin or sys.stdin
        self.tty = bool(getattr(self.stdin, "isatty", lambda: False)())
        # bytes that are not UTF-8 (a terminal in another encoding, a pasted binary) must not
        # fail the read: that lost the line, and under a strict decoder ended the chat (exit 70)
        # with every line after it. They come through as escapes and are replaced in read().
        reconfigure = getattr(self.stdin, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="surrogateescape")
            except (ValueError, OSError):  # pragma: no cover - a stream that cannot change
                pass
        self._streaming = False
        self._pushed: list[str] = []
        self.turns: list[str] = []  # lines typed at a prompt that are the user's next turns

    # -- writing -------------------------------------------------------------------------------
    def say(self, text: str = "", **style: Any) -> None:
        import click

        from ..shell import visible

        if self.json:
            return
        self.end_stream()
        text = visible(text)
        click.secho(text, **style) if style else click.echo(text)

    def note(self, text: str) -> None:
        import click

        self.end_stream()
        click.secho(text, err=True, dim=True)

    def stream(self, piece: str) -> None:
        import click

        if self.json:
            return
        self._streaming = True
        click.echo(piece, nl=False)

    def end_stream(self) -> None:
        import click

        if self._streaming:
            self._streaming = False
            click.echo("")

    _end_stream = end_stream  # the old name

    def event(self, data: dict[str, Any]) -> None:
        import click

        from ..cli.common import _json_default

        if self.json:
            click.echo(json.dumps(data, ensure_ascii=False, default=_json_default))

    # -- reading -------------------------------------------------------------------------------
    def unread(self, line: str) -> None:
        """Hand a line back: the next :meth:`read` returns it."""
        self._pushed.append(line)

    def read(self, prompt: str) -> str | None:
        """One line from the user; None at the end of input."""
        import click

        self.end_stream()
        if self._pushed:
            return self._pushed.pop()
        if self.tty and not self.json:
            try:
                return self._text(input(prompt))
            except EOFError:
                click.echo("")
                return None
        if not self.json:
            click.echo(prompt, nl=False)
        line = self.stdin.readline()
        if not line:
            if not self.json:
                click.echo("")
            return None
        line = self._text(line)
        if not self.json and not self.tty:
            click.echo(line.rstrip("\n"))  # a transcript of piped input reads like a conversation
        return line.rstrip("\r\n")

    def _text(self, line: str) -> str:
        """``line`` with the bytes that are not UTF-8 (read as escapes) replaced by U+FFFD, said
        once on stderr: the rest of the line is the user's turn, kept like any other."""
        if not any("\udc80" <= c <= "\udcff" for c in line):
            return line
        fixed = line.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        self.note(t("s22f.chat.not_utf8", n=fixed.count("\ufffd") - line.count("\ufffd")))
        return fixed

    def ask(self, prompt: str) -> str | None:
        """An answer at a prompt inside a turn (None at the end of input); ``/quit`` raises
        :class:`QuitChat`."""
        answer = self.read(prompt)
        if answer is not None and is_quit(answer):
            raise QuitChat()
        return answer

    _answer = ask  # the old name

    def choose(self, prompt: str, choices: dict[str, list[str]], default: str, *, as_turn: str | None = None) -> str:
        """Read until the answer names a choice (its number or a word). Empty, or the end of
        input, takes ``default``; ``/quit`` raises :class:`QuitChat`.

        ``as_turn``: the choice that changes nothing (stay on the topic), taken when the user
        answers with something to say rather than a choice; the line is then handed back
        (:attr:`turns`, read by the chat loop before the next prompt, not by a question the
        flow asks on the way) as their next turn. Without it, a line that names no choice was
        dropped after the prompt was asked again: words typed at a topic offer were lost."""
        for _ in range(3):
            line = self._answer(prompt)
            if line is None:
                return default
            answer = _word(line)
            if not answer:
                return default
            for key, words in choices.items():
                if answer == key or answer in words:
                    return key
            verdict = _yesno.yes_no(line)  # a choice between y and n (and more) takes any yes or no
            if verdict is not None and ("y" if verdict else "n") in choices:
                return "y" if verdict else "n"
            if as_turn is not None and _says_something(answer):
                self.say(t("s29chat.choose.as_turn", answers="/".join(choices)))
                self.turns.append(line)
                return as_turn
            self.say(t("chat.choose.again", answers="/".join(choices)))
        return default

    def confirm(self, prompt: str, default: bool, *, as_turn: bool = False) -> bool:
        """A yes/no, read as every CLI prompt reads one (:func:`mylife_core.yesno.yes_no`); anything
        but a yes is no. ``as_turn``: a line that says something instead (「我其实还没想好要不要记住」)
        is the user's next turn (:attr:`turns`), as at a topic offer."""
        answer = self._answer(prompt)
        if answer is None or not answer.strip():
            return default
        verdict = _yesno.yes_no(answer)
        if as_turn and verdict is None and _says_something(_word(answer)):
            self.say(t("s29fix2.confirm.as_turn"))
            self.turns.append(answer)
            return False
        return verdict is True

    def decide(self, prompt: str) -> tuple[bool, str | None]:
        """A yes/no that must be explicit (``--json`` proposals): (accepted, the line when it was
        neither yes nor no, to be taken as the next turn). The end of input is a no."""
        answer = self._answer(prompt)
        if answer is None:
            return False, None
        verdict = _yesno.yes_no(answer)
        if verdict is not None or not answer.strip():
            return bool(verdict), None
        return False, answer

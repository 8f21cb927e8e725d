"""How MyLife writes a command for the user to paste into a shell: one place for the quoting.

* :func:`word`: a name or a question, quoted only when a shell needs it, so Chinese stays
  readable (``现有存款``, not ``'现有存款'``);
* :func:`path`: a folder, as ``~/mylife-demo`` under the home folder, quoted only when needed;
* :func:`visible`: text for a terminal, its control characters shown as escapes, not obeyed;
* :func:`command_prefix`: how every suggested command starts, so that, pasted, it acts on the
  workspace the output came from (``mylife`` or ``mylife -w PATH``). Messages that suggest a
  command write it as ``{prog} claim accept {id}``: :func:`mylife_core.messages.t` fills
  ``{prog}`` with the prefix of the workspace the command line names, unless given.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

_SAFE = re.compile(r"[^\s'\"\\$`!*?;&|<>(){}\[\]#~^]+")


# what a terminal obeys rather than shows: C0 controls but tab and newline, DEL, C1 controls, and
# the bidirectional overrides and isolates (U+202E turns the rest of a line around)
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` as a terminal should show it: a control character the user's words hold is
    written as its escape (``\\r``, ``\\x1b``, ``\\u202e``), not obeyed. A note saying
    ``a\\rb\\rc`` was shown as ``c``, and ``\\x1b[31mred`` as a red ``red``: the words on screen
    were not the words kept (the files and ``--json`` keep them as they are)."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def word(text: str) -> str:
    """``text`` as one shell word, quoted only when needed."""
    return text if _SAFE.fullmatch(text) else shlex.quote(text)


def path(folder: Path | str) -> str:
    """``folder`` as typed in a shell: ``~/mylife-demo`` under the home folder (the shell expands
    it), else the absolute path; quoted only when needed."""
    folder = Path(folder).absolute()
    try:
        rel = folder.relative_to(Path.home()).as_posix()
    except ValueError:
        rel = ""
    if rel and rel != "." and _SAFE.fullmatch(rel):
        return "~/" + rel
    return word(str(folder))


def command_prefix(root: Path | str) -> str:
    """``mylife``, or ``mylife -w PATH`` when the workspace is not the default one, so that the
    commands MyLife suggests act on the same workspace when pasted (the root ``mylife`` group
    takes ``-w`` before any command; the path as :func:`path` writes it)."""
    from .workspace import resolve_root

    root = Path(root).absolute()
    return "mylife" if root == resolve_root(None) else f"mylife -w {path(root)}"

"""How MyLife writes a command for the user to paste into a shell: one place for the quoting.

* :func:`word`: a name or a question, quoted only when a shell needs it, so Chinese stays
  readable (``现有存款``, not ``'现有存款'``);
* :func:`path`: a folder, as ``~/mylife-demo`` under the home folder, quoted only when needed.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

_SAFE = re.compile(r"[^\s'\"\\$`!*?;&|<>(){}\[\]#~^]+")


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

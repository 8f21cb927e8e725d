"""What every command shares: ``--workspace`` and ``--json``, output, and error handling.

The CLI is a thin layer over the library: a command parses its options, calls one library
function, and prints either text (in the user's language) or a JSON document whose keys are
documented in docs/cli.md.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import click

from ..messages import t
from .paths import WorkspacePath  # noqa: F401 - the -w type of every command (re-exported)


def _json_default(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, default=_json_default)


class Output:
    """Where a command writes: text for people or one JSON document for scripts."""

    def __init__(self, as_json: bool) -> None:
        self.json = as_json

    def line(self, text: str = "", **style: Any) -> None:
        if not self.json:
            from ..shell import visible

            text = visible(text)
            click.secho(text, **style) if style else click.echo(text)

    def note(self, text: str) -> None:
        """A side remark that never pollutes JSON output (goes to stderr)."""
        click.secho(text, err=True, fg="yellow") if not self.json else click.echo(text, err=True)

    def emit(self, data: Any) -> None:
        if self.json:
            click.echo(dumps(data))


def root_workspace(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """A command's ``--workspace`` callback: ``mylife -w PATH COMMAND`` gives the command that
    workspace. It wins over ``MYLIFE_HOME``; the same path given again after the command is fine,
    a different one is refused (which one was meant is not for MyLife to guess)."""
    from ..errors import UsageError

    root = ctx.find_root()
    given = root.params.get("workspace") if root is not ctx else None
    if given is None:
        return value
    if ctx.get_parameter_source(param.name) is not click.core.ParameterSource.COMMANDLINE or value is None:
        return given
    if Path(value).expanduser().absolute() != Path(given).expanduser().absolute():
        raise UsageError("workspace_twice", first=str(given), second=str(value))
    return value


def workspace_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--workspace", "-w", "workspace", type=WorkspacePath(), default=None,
        envvar="MYLIFE_HOME", show_envvar=True, help=t("help.opt.workspace"), callback=root_workspace,
    )(func)


def json_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help=t("help.opt.json"))(func)


def workspace_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--workspace`` and ``--json``; pass ``ws`` (an open Workspace) and ``out``."""

    @workspace_option
    @json_option
    @functools.wraps(func)
    def wrapper(*args: Any, workspace: Path | None, as_json: bool, **kwargs: Any) -> Any:
        from ..workspace import Workspace

        out = Output(as_json)
        _check_text_arguments(func, kwargs)
        ws = Workspace.open(workspace)
        _apply_language(ws)
        try:
            return func(*args, ws=ws, out=out, **kwargs)
        finally:
            ws.close()

    return wrapper


def raw_bytes_argument(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark arguments that carry the user's bytes as given (``record TEXT``): they may be any
    bytes; every other text argument must be valid UTF-8 (checked before anything is done)."""

    def mark(func: Callable[..., Any]) -> Callable[..., Any]:
        func.__mylife_raw_args__ = frozenset(names)  # type: ignore[attr-defined]
        return func

    return mark


def _check_text_arguments(func: Callable[..., Any], kwargs: dict[str, Any]) -> None:
    from ..errors import UsageError, shown_undecodable

    raw = getattr(func, "__mylife_raw_args__", frozenset())
    for name, value in kwargs.items():
        values = value if isinstance(value, (tuple, list)) else [value]
        for item in values:
            if isinstance(item, str) and name not in raw:
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    raise UsageError("bad_utf8_argument", name=name, value=shown_undecodable(item)) from None


def _apply_language(ws: Any) -> None:
    from ..messages import env_language, set_language

    set_language(env_language() or ws.config.language)  # MYLIFE_LANG wins over the workspace's


def json_requested(argv: list[str]) -> bool:
    return "--json" in argv


def fail_json(error: dict[str, Any]) -> None:
    click.echo(dumps({"ok": False, "error": error}))


def echo_error(message: str) -> None:
    click.secho(message, err=True, fg="red")


def short_hash(value: str | None, n: int = 12) -> str:
    if not value:
        return "-"
    return value.split(":", 1)[-1][:n]


def coded(code: str, name: str) -> str:
    """A stored code with its name in the user's language when that says more: ``assessment（主观评估）``,
    but ``assessment`` alone where the name is the code itself (English)."""
    from ..messages import t

    return code if name == code else code + t("sep.paren", text=name)


def table(rows: list[list[str]], headers: list[str]) -> str:
    """A plain-text table that lines up CJK text (wide characters count as two columns)."""
    lines = columns([headers] + rows).split("\n")
    lines.insert(1, "  ".join("-" * w for w in _widths([headers] + rows)))
    return "\n".join(lines)


def _cells(text: str) -> int:
    """Terminal columns ``text`` takes once shown (:func:`mylife_core.shell.visible`): a control
    character counts as its escape (``\\r`` is two columns, not zero: a note holding one pushed
    every column after it out of line), a wide character as two, a combining mark or zero-width
    character as none."""
    import unicodedata

    from ..shell import visible

    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) == "Cf" else
               2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in visible(text))


def _widths(cells: list[list[str]]) -> list[int]:
    return [max(_cells(r[i]) for r in cells) for i in range(len(cells[0]))]


def columns(rows: list[list[str]]) -> str:
    """Rows lined up in columns, two spaces apart, without headings (wide characters count as two)."""
    if not rows:
        return ""
    # a tab in a cell is shown as its escape: a terminal would move it to the next tab stop,
    # a width no count can know, and the columns after it would fall out of line
    rows = [[c.replace("\t", "\\t") for c in r] for r in rows]
    widths = _widths(rows)
    return "\n".join("  ".join(c + " " * (widths[i] - _cells(c)) for i, c in enumerate(r)).rstrip() for r in rows)


def read_input(text: str | None, file: Path | None) -> bytes:
    """The bytes to record from exactly one of: an argument, ``-f FILE``, or ``-`` (stdin)."""
    from ..errors import UsageError

    given = [x for x in (text, file) if x is not None]
    if len(given) > 1:
        raise UsageError("record_source_conflict")
    if not given:
        raise UsageError("record_no_input")
    if file is not None:
        if str(file) == "-":
            return sys.stdin.buffer.read()
        try:
            return Path(file).read_bytes()
        except OSError as exc:
            from ..errors import os_reason

            error = UsageError("cannot_read_input", path=str(file), reason=os_reason(exc))
            error.hint = ("s28cli.cannot_read_input.hint", {"cwd": os.getcwd()})
            raise error from None
    if text == "-":
        return sys.stdin.buffer.read()
    if text.strip() == text and text and not any(ch.isspace() for ch in text) and os.path.isfile(text):
        # `mylife record notes.txt`: the file was meant, and L0 never forgets the eight letters
        raise UsageError("record_text_is_a_file", path=text)
    return os.fsencode(text)  # the exact bytes the shell passed, even if not valid UTF-8


def summary(command: click.Command) -> str:
    """A command's one-line summary for ``--help`` lists: its ``short_help``, else the first
    sentence of its help (ending at 。 or ". "), whole: a list may wrap, it never truncates."""
    import re

    if command.short_help:
        return command.short_help
    text = (command.help or "").split("\n\n", 1)[0].replace("\n", " ").strip()
    match = re.match(r"(.+?[。！？]|.+?[.!?](?=\s|$))", text)
    return (match.group(1) if match else text).strip()


def wrap_cells(text: str, width: int) -> list[str]:
    """Wrap ``text`` to ``width`` terminal columns: Chinese characters count two and may break
    anywhere (never before closing punctuation), Latin words break only at spaces."""
    import re

    lines, line = [], ""
    for token in re.findall(r"[^\s\u2e80-\uffef]+\s*|\s+|.", text):
        closing = token[0] in "，。、；：！？）」』”’》】…,.;:!?)"
        if line and _cells(line.rstrip() + token.rstrip()) > width and not closing:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]

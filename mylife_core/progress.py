"""One progress display for long work (index builds, verify, maintain, cold rebuilds).

Built on click's :func:`click.progressbar` (click is already a dependency), drawn on stderr and
only when stderr is a terminal: silent in pipes, in ``--json`` mode and in tests, so scripts
never see it. Every long-running part of MyLife uses this module, never its own ``\\r`` lines::

    from mylife_core.progress import progress

    with progress(total, label=t("search.progress"), enabled=not out.json) as bar:
        for item in items:
            ...
            bar.update(1)

``total`` may be ``None`` when unknown (a spinner-like count is shown). ``min_total`` keeps the
display off for small jobs that finish before a bar would be useful.

Library functions (``rebuild``, ``verify``, ``upkeep``) report through a plain callback
``progress(done, total)`` so they know nothing of terminals; a command hands them
:func:`reporting`'s callback, which opens the bar on the first report (when the total is known)
and starts a new bar when the stage (its label) changes::

    with reporting(t("index.rebuilding"), enabled=not out.json) as report:
        rebuild(ws, progress=report)                    # calls report(done, total)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from contextlib import contextmanager
from typing import Protocol


class Progress(Protocol):
    def update(self, n: int = 1, /) -> None: ...

    def label(self, text: str, /) -> None: ...


class _Silent:
    def update(self, n: int = 1, /) -> None:
        pass

    def label(self, text: str, /) -> None:
        pass


class _Bar:
    def __init__(self, bar) -> None:  # noqa: ANN001 - click's ProgressBar
        self._bar = bar

    def update(self, n: int = 1, /) -> None:
        self._bar.update(n)

    def label(self, text: str, /) -> None:
        self._bar.label = text
        self._bar.render_progress()


def shown(enabled: bool = True) -> bool:
    """Whether a progress display would be drawn: enabled, and stderr is a terminal."""
    stream = sys.stderr
    return bool(enabled and stream is not None and getattr(stream, "isatty", lambda: False)())


@contextmanager
def progress(total: int | None, *, label: str = "", enabled: bool = True, min_total: int = 0) -> Iterator[Progress]:
    """A progress bar on a terminal's stderr, or a silent stand-in; always a context manager."""
    if not shown(enabled) or (total is not None and total < min_total):
        yield _Silent()
        return
    import click

    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True,
                           show_percent=total is not None, show_eta=total is not None) as bar:
        yield _Bar(bar)


@contextmanager
def reporting(label: str = "", *, enabled: bool = True, min_total: int = 0) -> Iterator[Callable[..., None]]:
    """A ``report(done, total, stage=None)`` callback drawing :func:`progress` bars.

    ``done`` is how much is finished so far (not an increment). A new ``stage`` (a label) closes
    the current bar and opens another; a stage whose total is below ``min_total`` draws nothing.
    """
    stack = ExitStack()
    state: dict = {"stage": None, "bar": None, "done": 0}

    def report(done: int, total: int | None, stage: str | None = None) -> None:
        if not shown(enabled):
            return
        stage = stage or label
        if state["bar"] is None or stage != state["stage"]:
            stack.close()
            state.update(stage=stage, done=0, bar=stack.enter_context(progress(total, label=stage, enabled=enabled,
                                                                                min_total=min_total)))
        if done > state["done"]:
            state["bar"].update(done - state["done"])
            state["done"] = done

    with stack:
        yield report

"""Append-only JSON Lines logs (the raw manifest, the audit log).

One JSON object per line, appended with a single write while the workspace lock is held.
A last line without its newline is the trace of a writer killed mid-append: readers skip it
and report it; any other unreadable line is an error naming the file and line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import DataFileError
from .atomic import append_bytes


def encode(obj: Any) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str) + "\n").encode("utf-8")


def append(path: Path, obj: Any) -> None:
    append_bytes(path, encode(obj))


def append_many(path: Path, objs: list[Any]) -> None:
    if objs:
        append_bytes(path, b"".join(encode(o) for o in objs))


def ends_torn(path: Path) -> bool:
    """True when the file's last byte is not a newline (an interrupted append)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return False
    if size == 0:
        return False
    with path.open("rb") as fh:
        fh.seek(size - 1)
        return fh.read(1) != b"\n"


def repair_tail(path: Path) -> int:
    """Make the file end with a whole line before an append; returns the bytes cut.

    A last line without its newline that is a whole JSON object only lacks its newline (a hand
    edit by an editor that drops the final newline; an append cut between its ``}`` and its
    newline): no proper prefix of a JSON object parses, so it is complete, and it is kept, the
    newline added (0 returned). Anything else is the fragment of an interrupted append, which
    never completed and holds no record: it is cut. Cutting a whole line instead removed an
    acknowledged note's manifest entry, or an audit entry (one place for every log: the raw
    manifest, the audit log, the chain month files)."""
    if not ends_torn(path):
        return 0
    data = path.read_bytes()
    start = data.rfind(b"\n") + 1
    try:
        whole = isinstance(json.loads(data[start:]), dict)
    except (ValueError, UnicodeDecodeError):
        whole = False
    with path.open("r+b") as fh:
        if whole:
            fh.seek(len(data))
            fh.write(b"\n")
        else:
            fh.truncate(start)
        fh.flush()
        os.fsync(fh.fileno())
    return 0 if whole else len(data) - start


def read(path: Path) -> tuple[list[dict[str, Any]], bool]:
    """All complete records, and whether a torn last line was skipped."""
    if not path.exists():
        return [], False
    data = path.read_bytes()
    torn = bool(data) and not data.endswith(b"\n")
    lines = data.split(b"\n")
    if torn:
        lines = lines[:-1]
    out: list[dict[str, Any]] = []
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            out.append(json.loads(raw))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            from ..messages import t

            raise DataFileError(path, number, t("bad_file.not_json_line", detail=exc)) from None
    return out, torn


def tail(path: Path, n: int, chunk: int = 65536, *, tolerant: bool = False) -> list[Any]:
    """The last ``n`` complete records, reading from the end (fast on a long log). With
    ``tolerant``, a line that is not JSON is skipped instead of raising."""
    if n <= 0 or not path.exists():
        return []
    with path.open("rb") as fh:
        fh.seek(0, os.SEEK_END)
        end = fh.tell()
        buf = b""
        pos = end
        while pos > 0 and buf.count(b"\n") <= n + 1:
            step = min(chunk, pos)
            pos -= step
            fh.seek(pos)
            buf = fh.read(step) + buf
    lines = buf.split(b"\n")
    if not buf.endswith(b"\n"):
        lines = lines[:-1]  # torn last line
    if pos > 0:
        lines = lines[1:]  # first piece may be partial
    records = []
    for line in lines:
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except (ValueError, UnicodeDecodeError):
            if not tolerant:
                from ..messages import t

                raise DataFileError(path, None, t("bad_file.not_json_near_end")) from None
    return records[-n:]


def iter_records(path: Path) -> Iterator[dict[str, Any]]:
    records, _ = read(path)
    yield from records

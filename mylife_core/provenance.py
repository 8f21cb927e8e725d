"""Provenance pointers: ``raw/FILE#L42`` or ``raw/FILE#L42-L44``, plus the sha256 of those lines.

The hash covers the exact bytes of the pointed lines, joined by ``\\n`` (the final newline of
the last line excluded), so a claim notices when its source changed (docs/design.md#provenance).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import UsageError

_POINTER = re.compile(r"^(raw/[^#\n]+)#L(\d+)(?:-L?(\d+))?$")


@dataclass(frozen=True)
class Pointer:
    file: str  # workspace-relative, always starting with "raw/"
    start: int
    end: int

    @classmethod
    def parse(cls, text: str) -> "Pointer":
        if len(text) > 1024:  # no raw file name is that long; the OS would refuse it anyway
            raise UsageError("bad_pointer", pointer=text[:80] + "…")
        match = _POINTER.match(text.strip())
        if not match:
            raise UsageError("bad_pointer", pointer=text)
        if len(match.group(2)) > 9 or len(match.group(3) or "") > 9:  # no diary has a billion lines
            raise UsageError("bad_pointer", pointer=text)
        file, start, end = match.group(1), int(match.group(2)), int(match.group(3) or match.group(2))
        if any(len(part.encode("utf-8", "surrogatepass")) > 255 for part in Path(file).parts):
            raise UsageError("bad_pointer", pointer=text[:80])
        if start < 1 or end < start or ".." in Path(file).parts:
            raise UsageError("bad_pointer", pointer=text)
        return cls(file, start, end)

    def lines(self) -> set[tuple[str, int]]:
        """``(file, line)`` of every line the pointer covers."""
        return {(self.file, n) for n in range(self.start, self.end + 1)}

    def __str__(self) -> str:
        if self.start == self.end:
            return f"{self.file}#L{self.start}"
        return f"{self.file}#L{self.start}-L{self.end}"


def split_lines(data: bytes) -> list[bytes]:
    """Lines of a raw file as bytes, without their newlines (a final newline adds no line)."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def excerpt_bytes(data: bytes, pointer: Pointer) -> bytes | None:
    """The pointed lines, or ``None`` when the file has fewer lines."""
    lines = split_lines(data)
    if pointer.end > len(lines):
        return None
    return b"\n".join(lines[pointer.start - 1 : pointer.end])


def hash_excerpt(excerpt: bytes) -> str:
    return "sha256:" + hashlib.sha256(excerpt).hexdigest()


def decode(excerpt: bytes) -> str:
    return excerpt.decode("utf-8", errors="replace")


def first_unreadable(excerpt: bytes, start: int) -> int | None:
    """The number of the first pointed line (numbered from ``start``) that is not UTF-8 text, or
    None: ``record`` keeps any bytes, but a claim or a field cannot cite words nobody can read."""
    for i, line in enumerate(excerpt.split(b"\n")):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            return start + i
    return None


def shown_lines(excerpt: bytes, start: int) -> list[tuple[int, str]]:
    """The pointed lines as shown to the user, numbered from ``start``: the words, without a
    UTF-8 byte-order mark or a line's trailing ``\\r`` (a note saved with CRLF line ends). Only
    what is shown: the hash is of the exact bytes (:func:`hash_excerpt`)."""
    out = []
    for i, line in enumerate(excerpt.split(b"\n")):
        text = decode(line.removesuffix(b"\r"))
        out.append((start + i, text.removeprefix("\ufeff")))
    return out


def shown_file(data: bytes) -> list[tuple[int, str]]:
    """Every line of a raw file as shown (:func:`shown_lines`), numbered from 1: the panel's raw
    view and the lines ``mylife extract`` numbers for the model. Line numbers are those of
    :func:`split_lines`, so a pointer to them still points at (and hashes) the exact bytes."""
    lines = split_lines(data)
    return shown_lines(b"\n".join(lines), 1) if lines else []


def value_in_excerpt(value: object, excerpt: bytes, start: int) -> bool:
    """:func:`value_in_line` on the lines a pointer cites (``excerpt``, its first line ``start``),
    as they are shown: what the tools check when a model proposes and the review re-checks."""
    return value_in_line(value, "\n".join(text for _, text in shown_lines(excerpt, start)))


def _norm_value(value: object) -> str:
    return re.sub(r"[\s,，]", "", str(value)).lower()


def value_in_line(value: object, line: str) -> bool:
    """The proposed value is what the cited line says: its text is there, or, for a number, the line
    writes that number, in digits or in Chinese numerals (``两万二`` is 22000; :mod:`.numerals`).
    A comma in the line joins digits only where it groups thousands (``4,500``): ``3,5 两个方案``
    writes 3 and 5, not 35. A value given as text that writes one number (``"50000"``, ``"5万"``,
    ``"5年"`` as a field in years keeps it) is that number too. The one rule for a model's value
    citing the user's line: ``mylife extract``, ``mylife_profile_update`` (MCP, chat) and
    accepting a field proposal (:func:`mylife_core.pipeline.proposals.source_state`)."""
    from .numerals import numbers_in, ungrouped

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        if _norm_value(value) in _norm_value(line):
            return True
        if isinstance(value, bool) or not isinstance(value, str):
            return False
        found = numbers_in(value)
        if len(found) != 1:
            return False
        value = found[0]
    if str(value) in re.sub(r"\s", "", ungrouped(line)):
        return True
    return any(abs(n - value) < 1e-9 for n in numbers_in(line))

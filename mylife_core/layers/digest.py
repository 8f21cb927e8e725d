"""L1, topic digests: reusable summaries of a topic, rebuilt from L0/L2 at any time.

``digest/<topic>.md`` is the digest in force (the user's revision when there is one);
``digest/<topic>.ai.md`` keeps the model's original beside it when ``digest.keep_both`` is on
(seed §2.4). Paragraphs are separated by blank lines and cite claims as ``[claim-…]``;
a paragraph is addressed as ``digest/<topic>.md#P3`` (front matter excluded).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..storage.atomic import atomic_write_text
from .raw import _slug, check_topic

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

CITE_RE = re.compile(r"\[(claim-\d{4}-\d{2}-\d{2}-\d+)\]")


@dataclass
class Paragraph:
    file: str  # workspace-relative
    number: int  # 1-based paragraph number
    start_line: int
    end_line: int
    text: str
    claim_ids: list[str] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return f"{self.file}#P{self.number}"


def split_paragraphs(text: str, file: str) -> list[Paragraph]:
    lines = text.split("\n")
    start = 0
    if lines and lines[0].strip() == "---":  # YAML front matter
        for i in range(1, len(lines)):
            if lines[i].strip() == "---":
                start = i + 1
                break
    paragraphs: list[Paragraph] = []
    buf: list[str] = []
    buf_start = 0
    for i in range(start, len(lines) + 1):
        line = lines[i] if i < len(lines) else ""
        if line.strip():
            if not buf:
                buf_start = i + 1
            buf.append(line)
        elif buf:
            body = "\n".join(buf)
            paragraphs.append(Paragraph(file, len(paragraphs) + 1, buf_start, buf_start + len(buf) - 1, body,
                                        list(dict.fromkeys(CITE_RE.findall(body)))))
            buf = []
    return paragraphs


class DigestLayer:
    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.dir = ws.root / "digest"

    def rel_path(self, topic: str, *, original: bool = False) -> str:
        return f"digest/{_slug(check_topic(topic))}{'.ai' if original else ''}.md"

    def path(self, topic: str, *, original: bool = False) -> Path:
        return self.ws.root / self.rel_path(topic, original=original)

    def topics(self) -> list[Path]:
        if not self.dir.is_dir():
            return []
        return sorted(p for p in self.dir.glob("*.md") if not p.name.endswith(".ai.md"))

    def count(self) -> int:
        return len(self.topics())

    def read(self, topic: str, *, original: bool = False) -> str | None:
        path = self.path(topic, original=original)
        return path.read_text(encoding="utf-8") if path.exists() else None

    def paragraphs(self, topic: str) -> list[Paragraph]:
        text = self.read(topic)
        return split_paragraphs(text, self.rel_path(topic)) if text else []

    def citing(self, claim_id: str, topic: str) -> list[Paragraph]:
        """Paragraphs of ``topic``'s digest that cite ``claim_id``."""
        return [p for p in self.paragraphs(topic) if claim_id in p.claim_ids]

    def write(self, topic: str, text: str, *, original: bool = False, actor: str = "user",
              detail: dict | None = None) -> str:
        rel = self.rel_path(topic, original=original)
        with self.ws.lock():
            atomic_write_text(self.ws.root / rel, text)
            self.ws.commit_change(actor, "digest.write", topic, paths=[rel], detail=detail or {})
        return rel

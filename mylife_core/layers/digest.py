"""L1, topic digests: reusable summaries of a topic, rebuilt from L0/L2 at any time.

``digest/<topic>.md`` is the digest in force (the user's revision when there is one);
``digest/<topic>.ai.md`` keeps the model's original beside it when ``digest.keep_both`` is on
(docs/design.md#keep-both). Paragraphs are separated by blank lines and cite claims as ``[claim-…]``;
a paragraph is addressed as ``digest/<topic>.md#P3`` (front matter excluded).

Both files start with YAML front matter: ``topic``, ``revision`` (``model``, ``structural`` or
``user``), ``generated_at``, ``model``; a user revision also records ``based_on`` (the hash of
the original it revises) and ``differences`` (which paragraphs the user changed, added or
removed, with the original text of each), so "the AI misunderstood me" stays visible.
:meth:`DigestLayer.write_generated` never replaces a user revision silently.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..storage.atomic import atomic_write_bytes, atomic_write_text
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


def split_paragraphs(text: str, file: str, *, front_matter: bool = True) -> list[Paragraph]:
    """The paragraphs of a digest file (``front_matter``: skip the metadata it opens with, as
    :func:`split_front_matter` does) or of a body alone (``front_matter=False``: a body is the
    user's or the model's text, and a ``---`` block at its top is part of it)."""
    lines = text.split("\n")
    found = _front_matter(lines) if front_matter else None
    start = found[1] + 1 if found is not None else 0
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
        """The digests in force (``digest/*.md``); originals (``.ai.md``) and the revisions kept
        under ``digest/history/`` are not topics (nor indexed, nor searched)."""
        if not self.dir.is_dir():
            return []
        return sorted(p for p in self.dir.glob("*.md") if not p.name.endswith(".ai.md"))

    def history_rel(self, topic: str) -> str:
        """Where the user's revisions replaced by a later one are kept, byte for byte:
        ``digest/history/<topic>/<when replaced>.md`` (docs/ask.md, keep both)."""
        return f"digest/history/{_slug(check_topic(topic))}"

    def history(self, topic: str) -> list[dict[str, Any]]:
        """The kept earlier revisions of ``topic``, oldest first: ``path`` (workspace-relative),
        ``replaced_at`` (when a later one replaced it) and ``revised_at`` (when it was saved, if recorded)."""
        folder = self.ws.root / self.history_rel(topic)
        if not folder.is_dir():
            return []
        out = []
        for path in sorted(folder.glob("*.md"), key=_history_key):
            meta, _ = split_front_matter(_read(path))
            stamp, _ = _history_key(path)
            replaced = f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}:{stamp[13:15]}" \
                if len(stamp) == 15 else stamp
            out.append({"path": f"{self.history_rel(topic)}/{path.name}", "replaced_at": replaced,
                        "revised_at": str(meta["revised_at"]) if meta.get("revised_at") else None})
        return out

    def _keep_replaced(self, topic: str, new_body: str | None = None) -> str | None:
        """Before the user's revision in force is replaced, copy it byte for byte to
        :meth:`history_rel` (a new file, written atomically); its workspace-relative path, or
        None when there is no user revision in force or ``new_body`` keeps its words already.
        Call with the lock held, and record the path in the write's audit entry."""
        from .. import clock

        in_force = self.rel_path(topic)
        if _revision_of(self.ws.root, in_force) != "user":
            return None
        data = (self.ws.root / in_force).read_bytes()
        if new_body is not None and split_front_matter(_read(self.ws.root / in_force))[1].strip() == new_body.strip():
            return None  # the same words: nothing would be lost
        stamp = clock.now().strftime("%Y%m%dT%H%M%S")
        folder = self.history_rel(topic)
        n = 1
        while (self.ws.root / f"{folder}/{stamp}-{n}.md").exists():
            n += 1
        rel = f"{folder}/{stamp}-{n}.md"
        self.ws.refuse_link_outside(self.ws.root / rel)
        atomic_write_bytes(self.ws.root / rel, data)
        return rel

    def count(self) -> int:
        return len(self.topics())

    def read(self, topic: str, *, original: bool = False) -> str | None:
        from ..storage.yamlfile import read_text

        path = self.path(topic, original=original)
        return read_text(path) if path.exists() else None  # binary or a folder: DataFileError

    def paragraphs(self, topic: str) -> list[Paragraph]:
        text = self.read(topic)
        return split_paragraphs(text, self.rel_path(topic)) if text else []

    def citing(self, claim_id: str, topic: str, cache: dict[str, list[Paragraph]] | None = None) -> list[Paragraph]:
        """Paragraphs that cite ``claim_id`` in the digest of every name of ``topic`` (a claim filed
        under ``career`` is cited by 职业去留's digest when a lens gives that alias; see
        ``PluginHost.topic_names``); ``cache`` keeps digests read for a batch of claims."""
        cache = {} if cache is None else cache
        found: list[Paragraph] = []
        for name in self.ws.plugins.topic_names(topic):
            if name not in cache:
                cache[name] = self.paragraphs(name)
            found += [p for p in cache[name] if claim_id in p.claim_ids]
        return found

    def write(self, topic: str, text: str, *, original: bool = False, actor: str = "user",
              detail: dict | None = None) -> str:
        rel = self.rel_path(topic, original=original)
        with self.ws.lock():
            atomic_write_text(self.ws.root / rel, text)
            self.ws.commit_change(actor, "digest.write", topic, paths=[rel], detail=detail or {})
        return rel

    def write_generated(self, topic: str, body: str, *, meta: dict[str, Any], actor: str = "model",
                        force: bool = False, replace_revision: bool = False) -> "DigestWrite":
        """Write a generated digest (``meta["revision"]``: ``model`` or ``structural``).

        With ``digest.keep_both`` (default) the text always goes to ``<topic>.ai.md``, and to
        ``<topic>.md`` too unless the user's revision is in force there (then it stays, and the
        result lists how it differs from the new original). Without ``keep_both`` there is one file;
        replacing a user revision then needs ``force`` (:class:`~mylife_core.errors.Conflict`).
        A structural (offline) digest never replaces a model's text unless ``force``.
        ``replace_revision``: the user accepted this text (a model's digest proposal), so it is
        the digest in force even over their revision, which is kept in ``digest/history/``.
        """
        from ..errors import Conflict

        in_force = self.rel_path(topic)
        original = self.rel_path(topic, original=True)
        text = join_front_matter({"topic": check_topic(topic), **meta}, body)
        with self.ws.lock():
            keep_both = self.ws.config.digest.keep_both  # the setting in force once the lock is held
            current = _revision_of(self.ws.root, in_force)
            user_in_force = current == "user"
            if user_in_force and not keep_both and not force and not replace_revision:
                raise Conflict("digest_user_revision", topic=topic, path=in_force)
            if meta.get("revision") == "structural" and not force:
                # a model's text is not replaced by the offline one unasked: the user's revision
                # may rest on it (the diff would then compare it with text they never revised)
                for rel in ([original] if keep_both else []) + ([] if user_in_force else [in_force]):
                    if _revision_of(self.ws.root, rel) == "model":
                        raise Conflict("s28main.digest_model_original", topic=topic, path=rel)
            # both files this may write are held to what MyLife recorded before either is written
            keep_revision = user_in_force and keep_both and not replace_revision
            self.ws.require_unchanged([*([original] if keep_both else []),
                                       *([] if keep_revision else [in_force])])
            paths: list[str] = []
            result = DigestWrite(topic=topic, in_force=in_force, original=original if keep_both else None)
            if keep_both:
                atomic_write_text(self.ws.root / original, text)
                paths.append(original)
            if keep_revision:
                result.kept_user_revision = True
                _, revised = split_front_matter(_read(self.ws.root / in_force))
                result.differences = paragraph_differences(body, revised)
            else:
                kept = self._keep_replaced(topic) if user_in_force else None  # --regenerate: not a word lost
                if kept:
                    paths.append(kept)
                atomic_write_text(self.ws.root / in_force, text)
                paths.append(in_force)
            result.paths = paths
            self.ws.commit_change(actor, "digest.write", topic, paths=paths,
                                  detail={"revision": meta.get("revision"),
                                          "kept_user_revision": result.kept_user_revision,
                                          **({"proposal": meta["proposal"]} if meta.get("proposal") else {})})
        return result

    def write_revision(self, topic: str, body: str, *, actor: str = "user") -> "DigestWrite":
        """Save the user's revision as the digest in force; keep the original beside it (docs/design.md#keep-both).

        With ``digest.keep_both`` the original in force before (the model's or the structural one)
        is preserved in ``<topic>.ai.md`` if it is not there yet, and the revision's front matter
        records ``based_on`` and the paragraph ``differences`` from that original.
        """
        from .. import clock

        in_force = self.rel_path(topic)
        original_rel = self.rel_path(topic, original=True)
        with self.ws.lock():
            keep_both = self.ws.config.digest.keep_both  # the setting in force once the lock is held
            paths: list[str] = []
            original_body = None
            if keep_both:
                original_path = self.ws.root / original_rel
                if original_path.exists():
                    _, original_body = split_front_matter(_read(original_path))
                elif (self.ws.root / in_force).exists() and _revision_of(self.ws.root, in_force) != "user":
                    self.ws.require_unchanged([original_rel, in_force])  # both written: checked before either
                    previous = _read(self.ws.root / in_force)
                    atomic_write_text(original_path, previous)
                    paths.append(original_rel)
                    _, original_body = split_front_matter(previous)
            meta: dict[str, Any] = {"topic": check_topic(topic), "revision": "user",
                                    "revised_at": clock.now().isoformat()}
            differences: list[dict[str, Any]] = []
            if original_body is not None:
                differences = paragraph_differences(original_body, body)
                meta["based_on"] = body_hash(original_body)
                meta["differences"] = [{k: v for k, v in d.items() if k != "revised"} for d in differences]
            kept = self._keep_replaced(topic, body)  # the revision this one replaces: kept word for word
            if kept:
                paths.append(kept)
            atomic_write_text(self.ws.root / in_force, join_front_matter(meta, body))
            paths.append(in_force)
            self.ws.commit_change(actor, "digest.revise", topic, paths=paths,
                                  detail={"differences": len(differences), "keep_both": keep_both,
                                          **({"kept_revision": kept} if kept else {})})
        return DigestWrite(topic=topic, in_force=in_force, original=original_rel if original_body is not None else None,
                           differences=differences, paths=paths, kept_revision=kept)


# --------------------------------------------------------------------------- front matter, revisions


def split_front_matter(text: str) -> tuple[dict[str, Any], str]:
    """``(metadata, body)`` of a digest *file*; text without front matter (or with unreadable
    YAML, or YAML that is not a mapping) has ``{}`` and is all body.

    Only for what MyLife reads back from ``digest/``: a body the user or a model typed is never
    passed here, so a revision that opens with a ``---`` block keeps every word
    (:meth:`DigestLayer.write_revision` puts MyLife's own front matter before it).
    """
    lines = text.split("\n")
    found = _front_matter(lines)
    if found is None:
        return {}, text
    meta, end = found
    return meta, "\n".join(lines[end + 1:]).lstrip("\n")


def _front_matter(lines: list[str]) -> tuple[dict[str, Any], int] | None:
    """``(metadata, index of the closing line)`` of the front matter ``lines`` open with, or None.

    Only a line that is exactly ``---`` opens or closes it: what :func:`join_front_matter` writes
    may hold a paragraph's text (``differences``) whose ``---`` line YAML indents."""
    from ..errors import DataFileError
    from ..storage.yamlfile import parse_yaml

    if not lines or lines[0].rstrip() != "---":
        return None
    for i in range(1, len(lines)):
        if lines[i].rstrip() == "---":
            try:  # parsed with limits: no alias bombs
                meta = parse_yaml("\n".join(lines[1:i]), Path("front matter"))
            except DataFileError:
                return None
            if meta is None:
                meta = {}
            return (meta, i) if isinstance(meta, dict) else None
    return None


def join_front_matter(meta: dict[str, Any], body: str) -> str:
    import yaml

    head = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, default_flow_style=False).strip()
    return f"---\n{head}\n---\n\n{body.strip()}\n"


def body_hash(body: str) -> str:
    return "sha256:" + hashlib.sha256(body.strip().encode("utf-8")).hexdigest()


def paragraph_differences(original: str, revised: str) -> list[dict[str, Any]]:
    """Paragraph-level differences from ``original`` to ``revised`` (bodies, no front matter).

    Each is ``{"change": "changed"|"added"|"removed", "paragraph": n, "original": text|None,
    "revised": text|None}``; ``paragraph`` numbers the revised text (the original's for removals).
    """
    a = [p.text for p in split_paragraphs(original, "", front_matter=False)]
    b = [p.text for p in split_paragraphs(revised, "", front_matter=False)]
    out: list[dict[str, Any]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        pairs = max(i2 - i1, j2 - j1)
        for k in range(pairs):
            old = a[i1 + k] if i1 + k < i2 else None
            new = b[j1 + k] if j1 + k < j2 else None
            change = "changed" if old is not None and new is not None else ("added" if new is not None else "removed")
            out.append({"change": change, "paragraph": (j1 + k + 1) if new is not None else (i1 + k + 1),
                        "original": old, "revised": new})
    return out


@dataclass
class DigestWrite:
    """What a digest write did (paths are workspace-relative)."""

    topic: str
    in_force: str  # the file now in force
    original: str | None  # the model's original kept beside it (keep_both)
    kept_user_revision: bool = False  # a new original was written but the user's revision stays
    differences: list[dict[str, Any]] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    kept_revision: str | None = None  # the user's revision this one replaced, kept under digest/history/


def _history_key(path: Path) -> tuple[str, int]:
    stamp, _, n = path.stem.partition("-")
    return stamp, int(n) if n.isdigit() else 0


def _read(path: Path) -> str:
    from ..storage.yamlfile import read_text

    return read_text(path)


def _revision_of(ws_root: Path, rel: str) -> str | None:
    path = ws_root / rel
    if not path.exists():
        return None
    from ..storage.yamlfile import read_text

    meta, _ = split_front_matter(read_text(path))
    return str(meta.get("revision") or "user")  # a hand-written file without front matter is the user's

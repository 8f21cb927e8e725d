"""The ``git:`` section of ``config.yaml``: what history keeps and where it may go.

``config.py`` keeps the section as a plain mapping; this model is its single definition and
validates it (a typo is reported with the file and line). No secret ever belongs here: the
remote's URL lives in the repository's own ``.git/config``; this section only names it.

::

    git:
      enabled: true          # commit every MyLife write
      track: all             # all | minimal (raw/ and the layers listed in keep)
      keep: [profile, index] # layers kept in minimal mode, besides raw/ and config.yaml
      remote: origin         # the remote `mylife git push` uses
      auto_push: false       # push after commits (only to a remote verified private or local)
      batch_seconds: 1.0     # writes within this window share one commit (0: one per write)
      privacy_timeout: 20    # seconds the anonymous-read check may take
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

Layer = Literal["digest", "claims", "profile", "index", "audit", "sessions", "skills", "backends"]

#: Optional layers and the workspace paths each one covers (``raw/``, the raw manifest,
#: ``config.yaml`` and ``.gitignore`` are always kept: they are the record and the witness).
LAYER_PATHS: dict[str, tuple[str, ...]] = {
    "digest": ("digest/",),
    "claims": ("claims/",),
    "profile": ("profile.yaml",),
    "index": ("index.yaml", "index/"),
    "audit": ("ledger/audit.jsonl", "ledger/audit.head"),
    "sessions": ("sessions/",),
    "skills": ("skills/",),
    "backends": ("backends/",),
}
ALWAYS_KEPT = ("raw/", "ledger/raw.jsonl", "config.yaml", ".gitignore")


class GitSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    enabled: bool = False
    track: Literal["all", "minimal"] = "all"
    keep: list[Layer] = Field(default_factory=list)
    remote: str | None = None
    auto_push: bool = False
    batch_seconds: float = Field(default=1.0, ge=0, le=300)
    privacy_timeout: float = Field(default=20.0, gt=0, le=300)

    def kept_layers(self) -> list[str]:
        """The optional layers history keeps."""
        if self.track == "all":
            return list(LAYER_PATHS)
        return [name for name in LAYER_PATHS if name in self.keep]

    def tracks(self, rel: str) -> bool:
        """Whether a workspace-relative path belongs in history under these settings."""
        if rel == "cache" or rel.startswith("cache/"):
            return False
        if self.track == "all":
            return True
        if any(rel == p or rel.startswith(p) for p in ALWAYS_KEPT):
            return True
        return any(rel == p or rel.startswith(p) for name in self.keep for p in LAYER_PATHS[name])


class _Section(BaseModel):
    git: GitSettings


_ADAPTER = TypeAdapter(_Section)


def load(ws: "Workspace") -> GitSettings:
    """The validated settings; a bad value raises ``DataFileError`` naming config.yaml and line."""
    cached = ws.__dict__.get("_git_settings")
    raw = ws.config.git
    if cached is not None and cached[0] is raw:
        return cached[1]
    from ..storage import yamlfile

    path = ws.root / "config.yaml"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        text = ""
    settings = yamlfile.validate({"git": dict(raw)}, _ADAPTER, path, text).git
    ws.__dict__["_git_settings"] = (raw, settings)
    return settings


def update(ws: "Workspace", changes: dict[str, Any], *, actor: str = "user") -> GitSettings:
    """Change the settings named in ``changes`` (checked first) through ``ws.update_config``:
    read under the lock, only these keys written, atomic, audited. Returns the settings now."""
    with ws.lock():
        updated = GitSettings.model_validate({**load(ws).model_dump(), **changes})
        dumped = updated.model_dump(mode="json")
        ws.update_config({"git": {key: dumped[key] for key in changes}}, actor=actor)
    return updated

"""The ``.gitignore`` template: a block MyLife manages, the user's own lines left alone.

The block always ignores ``cache/`` (derived, rebuildable, and full of indexes of private text),
files that look like secrets, and interrupted-write temp files. In ``minimal`` mode it turns
into an allow-list: everything is ignored except ``raw/``, the raw manifest, ``config.yaml``,
``.gitignore`` and the layers the user chose to keep.
"""

from __future__ import annotations

from pathlib import Path

from .settings import LAYER_PATHS, GitSettings

BEGIN = "# >>> MyLife: managed by `mylife git enable`; put your own rules outside this block >>>"
END = "# <<< MyLife <<<"

#: What ``Workspace.init`` writes; replaced wholesale by the template when found unchanged.
CORE_DEFAULT = "# Derived and rebuildable: never commit\ncache/\n"

SECRET_PATTERNS = (".env", "*.env", "secrets.*", "*.pem", "*.key", "*.p12", ".netrc", ".git-credentials",
                   "id_rsa*", "id_ed25519*", "id_ecdsa*")


def block(settings: GitSettings) -> str:
    lines = [BEGIN]
    if settings.track == "minimal":
        lines += ["# Keep only your own words and the layers you chose (mylife git enable --minimal --keep ...)",
                  "/*", "!/.gitignore", "!/config.yaml", "!/raw/", "!/ledger/", "/ledger/*", "!/ledger/raw.jsonl"]
        for name in settings.kept_layers():
            for path in LAYER_PATHS[name]:
                lines.append(f"!/{path}")
    lines += ["# Secrets never belong in the workspace; never commit them if one lands here",
              *SECRET_PATTERNS,
              "# Interrupted writes",
              ".*.tmp",
              "# Derived and rebuildable (search index, claim index, locks): never commit",
              "/cache/",
              END]
    return "\n".join(lines) + "\n"


def render(existing: str, settings: GitSettings) -> str:
    """``existing`` with the managed block replaced (or added at the end, where it wins)."""
    if existing == CORE_DEFAULT:
        existing = ""
    start = existing.find(BEGIN)
    if start != -1:
        end = existing.find(END, start)
        end = len(existing) if end == -1 else end + len(END)
        if end < len(existing) and existing[end] == "\n":
            end += 1
        existing = existing[:start] + existing[end:]
    if existing and not existing.endswith("\n"):
        existing += "\n"
    return existing + block(settings)


def write(root: Path, settings: GitSettings) -> bool:
    """Update ``<root>/.gitignore``; returns whether it changed."""
    from ..storage.atomic import atomic_write_text

    path = root / ".gitignore"
    try:
        existing = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        existing = ""
    new = render(existing, settings)
    if new == existing:
        return False
    atomic_write_text(path, new)
    return True

"""Keep secrets out of history: a quick look at each file before it is committed.

MyLife never writes an API key to the workspace, but a user may paste one into a note or a
hand-edited ``config.yaml``. Before a file is committed it is scanned for the shapes of real
credentials (provider API keys, cloud keys, forge tokens, private keys), for a URL carrying a
password or token (``http://user:password@host/…``, ``…?api_key=…``; MyLife itself writes URLs
only with these masked, :mod:`mylife_core.safeurl`) and, in ``config.yaml``, for any
``api_key``/``token``/``secret``/``password`` setting with a value.
A file with a hit is held back from the commit (it stays on disk, untouched) and the user is
told which file and line, and what to do.

``raw/`` is the user's own words, kept byte for byte: it is never held back (its files are the
L0 record that history witnesses); the append-only ledgers hold no content to scan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

TOKEN_SHAPES = re.compile(
    rb"(?<![A-Za-z0-9])(?:"
    rb"sk-(?:ant-|proj-|or-)?[A-Za-z0-9_\-]{20,}"  # OpenAI / Anthropic / OpenRouter / DeepSeek style
    rb"|AKIA[0-9A-Z]{16}"  # AWS access key id
    rb"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,}"  # GitHub
    rb"|glpat-[A-Za-z0-9_\-]{20,}"  # GitLab
    rb"|xox[abprs]-[A-Za-z0-9\-]{10,}"  # Slack
    rb"|AIza[0-9A-Za-z_\-]{35}"  # Google
    rb"|-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----"
    rb")"
)
CONFIG_SETTING = re.compile(
    rb"^\s*[\"']?[A-Za-z0-9_.\-]*(?:api[_\-]?key|apikey|token|secret|password|passwd)[\"']?\s*:\s*"
    rb"(?![\s#]|$|null\b|~|[\"']\s*[\"']|[\"']?\$|[\"']?env:)\S",
    re.IGNORECASE | re.MULTILINE,
)
URL_CREDENTIAL = re.compile(
    rb"(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*://(?:"
    rb"[^\s/?#@:'\"<>]*:(?!\*\*\*@|\$)[^\s/?#@'\"<>]+@"  # user:password@host
    rb"|[^\s'\"<>]*?[?&#;](?:api[_\-]?key|key|token|access[_\-]?token|sig|signature|secret|password|passwd)"
    rb"=(?!\*\*\*|\$)[^\s&#;'\"<>]{8,}"  # ?api_key=…
    rb")",
    re.IGNORECASE,
)
MAX_BYTES = 4 * 1024 * 1024  # larger files are not scanned (none of MyLife's hand-edited files get there)


@dataclass
class SecretHit:
    file: str
    line: int
    kind: str  # "token" | "url" | "setting"


def exempt(rel: str) -> bool:
    return rel.startswith("raw/") or (rel.startswith("ledger/") and rel.endswith(".jsonl"))


def scan_file(root: Path, rel: str) -> SecretHit | None:
    """The first credential-looking thing in ``rel``, or None."""
    if exempt(rel):
        return None
    path = root / rel
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    match = TOKEN_SHAPES.search(data)
    kind = "token"
    if match is None:
        match, kind = URL_CREDENTIAL.search(data), "url"
    if match is None and rel == "config.yaml":
        match, kind = CONFIG_SETTING.search(data), "setting"
    if match is None:
        return None
    return SecretHit(rel, data.count(b"\n", 0, match.start()) + 1, kind)

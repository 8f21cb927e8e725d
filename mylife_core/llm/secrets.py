"""API keys: from the environment or a secrets file outside the workspace, never anywhere else.

The secrets file is ``$MYLIFE_SECRETS_FILE``, else ``~/.config/mylife/secrets.env``; lines of
``NAME=value`` (``#`` comments, optional ``export``, optional quotes). It must not lie inside
the workspace (which may be synced or pushed to git) and should be readable by you alone.

An endpoint's key is looked up, in the environment first and then in that file, under:

1. its ``api_key_env`` setting, when given;
2. ``MYLIFE_API_KEY`` (the primary endpoint only: a fallback host never receives the primary's key);
3. the provider's usual variable, e.g. ``DEEPSEEK_API_KEY`` for ``deepseek/...``.

Keys are handed to litellm in memory. :class:`Redactor` scrubs them from any text MyLife shows
or stores (error messages, logs), so a key never reaches the workspace, the audit log or a
message on screen. A password or token inside an endpoint's URL (``http://user:pw@host/v1``,
``?api_key=``) is treated the same: the Redactor masks every URL a text quotes
(:func:`mylife_core.safeurl.scrub_urls`) and the credentials themselves wherever they appear.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UsageError
from ..safeurl import scrub_urls
from .settings import Endpoint

PRIMARY_KEY_ENV = "MYLIFE_API_KEY"
_LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$")


def secrets_path() -> Path:
    env = os.environ.get("MYLIFE_SECRETS_FILE", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".config" / "mylife" / "secrets.env"


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def read_secrets_file(path: Path | None = None, *, workspace_root: Path | None = None) -> tuple[dict[str, str], list[str]]:
    """``(values, warnings)`` from the secrets file; a missing file is simply empty."""
    path = path or secrets_path()
    warnings: list[str] = []
    if not path.is_file():
        return {}, warnings
    if workspace_root is not None and _inside(path, workspace_root):
        raise UsageError("llm_secrets_in_workspace", path=str(path))
    try:
        mode = path.stat().st_mode
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            warnings.append("secrets_permissions")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        from ..errors import os_reason

        raise UsageError("cannot_read_input", path=str(path), reason=os_reason(exc)) from None
    values: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _LINE.match(line)
        if not match:
            # never echo the line: it may hold a key
            raise UsageError("llm_secrets_bad_line", path=str(path), line=number)
        name, value = match.group(1), match.group(2)
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[name] = value
    return values, warnings


def provider_key_env(model: str) -> str | None:
    """``deepseek/deepseek-chat`` -> ``DEEPSEEK_API_KEY``; ``gpt-4o`` (no provider) -> ``OPENAI_API_KEY``."""
    provider = model.split("/", 1)[0] if "/" in model else "openai"
    provider = re.sub(r"[^A-Za-z0-9]", "_", provider).upper()
    if provider in ("OLLAMA", "OLLAMA_CHAT", "LM_STUDIO", "HOSTED_VLLM"):
        return None
    return f"{provider}_API_KEY"


@dataclass
class KeyRing:
    """Keys resolved for a set of endpoints, held in memory only."""

    secrets: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, *, workspace_root: Path | None = None, warn: bool = True) -> "KeyRing":
        values, warnings = read_secrets_file(workspace_root=workspace_root)
        if warn and "secrets_permissions" in warnings:
            import sys

            from ..messages import t

            print(t("llm.secrets_permissions", path=secrets_path()), file=sys.stderr)
        return cls(values, warnings)

    def lookup(self, name: str) -> str | None:
        value = os.environ.get(name)
        if value:
            return value
        return self.secrets.get(name) or None

    def key_for(self, endpoint: Endpoint, *, primary: bool) -> str | None:
        names: list[str] = []
        if endpoint.api_key_env:
            names.append(endpoint.api_key_env)
        if primary:
            names.append(PRIMARY_KEY_ENV)
        if not endpoint.api_key_env:
            provider = provider_key_env(endpoint.model)
            if provider:
                names.append(provider)
        for name in names:
            value = self.lookup(name)
            if value:
                return value
        return None


class Redactor:
    """Replaces every known secret in a text with ``***``."""

    def __init__(self, secrets: list[str] | None = None) -> None:
        self.secrets = sorted({s for s in (secrets or []) if s and len(s) >= 4}, key=len, reverse=True)

    def add(self, secret: str | None) -> None:
        if secret and len(secret) >= 4 and secret not in self.secrets:
            self.secrets.append(secret)
            self.secrets.sort(key=len, reverse=True)

    def __call__(self, text: str) -> str:
        text = scrub_urls(text)  # a URL's password or token, e.g. litellm quoting the api_base
        for secret in self.secrets:
            text = text.replace(secret, "***")
        # bearer tokens and sk- style keys that were never configured but echo back in errors
        text = re.sub(r"(?i)(bearer\s+)[A-Za-z0-9._\-]{8,}", r"\1***", text)
        return re.sub(r"\bsk-[A-Za-z0-9_\-]{8,}", "sk-***", text)

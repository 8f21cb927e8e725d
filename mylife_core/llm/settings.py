"""Which model to call and how: the ``llm:`` section of ``config.yaml``, then the environment.

::

    llm:
      model: deepseek/deepseek-chat      # any litellm model string
      api_base: null                     # e.g. http://127.0.0.1:11434/v1 for a local server
      api_key_env: DEEPSEEK_API_KEY      # the variable holding the key (environment or secrets file)
      fallbacks:                         # tried in order when the one before fails
        - model: openai/qwen2.5:7b
          api_base: http://127.0.0.1:11434/v1
      read_timeout: 60                   # seconds without a byte before a stream counts as stalled
      deadline: 300                      # wall-clock seconds for one whole answer (all rounds)
      max_rounds: 8                      # agent-loop rounds (model turns that call tools)
      cooldown: 20                       # seconds a host rests after `failures_before_cooldown` failures
      failures_before_cooldown: 2        # consecutive failures; any success clears the count

Order of precedence: ``--model`` on the command line, then ``MYLIFE_MODEL`` / ``MYLIFE_API_BASE``,
then the config file. No key is ever read from or written to the workspace: ``api_key`` in
``config.yaml`` is refused (see :mod:`.secrets`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..errors import UsageError
from ..safeurl import safe_url

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

_KEY_WORDS = ("api_key", "key", "token", "secret", "password")


class Endpoint(BaseModel):
    """One place a model can be reached."""

    model_config = ConfigDict(extra="forbid")

    model: str = Field(min_length=1)
    api_base: str | None = None
    api_key_env: str | None = None  # name of the variable that holds this endpoint's key

    @field_validator("model")
    @classmethod
    def _strip(cls, v: str) -> str:
        v = v.strip()
        if not v:
            raise ValueError("empty model name")
        return v

    @property
    def label(self) -> str:
        """How the endpoint is named to the user and in what MyLife stores (a chain's model, the
        cooldown file, error messages): never a key, nor a password or token inside the URL
        (:func:`mylife_core.safeurl.safe_url`)."""
        return f"{self.model} @ {safe_url(self.api_base)}" if self.api_base else self.model


class LLMSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    api_base: str | None = None
    api_key_env: str | None = None
    fallbacks: list[Endpoint] = Field(default_factory=list)
    read_timeout: float = Field(default=60.0, gt=0)
    deadline: float = Field(default=300.0, gt=0)
    max_rounds: int = Field(default=8, ge=1, le=50)
    cooldown: float = Field(default=20.0, ge=0)
    failures_before_cooldown: int = Field(default=2, ge=1)
    temperature: float | None = Field(default=0.2, ge=0, le=2)
    max_tokens: int | None = Field(default=None, gt=0)
    context_window: int = Field(default=32000, gt=1000)  # tokens; the prompt is kept under 85% of it

    @field_validator("fallbacks", mode="before")
    @classmethod
    def _fallback_strings(cls, v: Any) -> Any:
        if isinstance(v, list):
            return [{"model": item} if isinstance(item, str) else item for item in v]
        return v

    @property
    def configured(self) -> bool:
        return bool(self.model)

    @property
    def primary(self) -> Endpoint:
        if not self.model:
            raise UsageError("llm_not_configured")
        return Endpoint(model=self.model, api_base=self.api_base, api_key_env=self.api_key_env)

    @property
    def endpoints(self) -> list[Endpoint]:
        return [self.primary, *self.fallbacks]


def _find_keys(section: Any, path: str = "llm") -> list[str]:
    """Paths of settings that look like a secret (refused: keys never live in the workspace)."""
    found: list[str] = []
    if isinstance(section, dict):
        for key, value in section.items():
            name = str(key).lower()
            here = f"{path}.{key}"
            if name.endswith("_env"):
                continue
            if any(word == name or name.endswith("_" + word) for word in _KEY_WORDS):
                found.append(here)
            found.extend(_find_keys(value, here))
    elif isinstance(section, list):
        for i, item in enumerate(section):
            found.extend(_find_keys(item, f"{path}[{i}]"))
    return found


def parse_settings(section: dict[str, Any] | None, *, where: str = "config.yaml") -> LLMSettings:
    section = dict(section or {})
    secrets = _find_keys(section)
    if secrets:
        raise UsageError("llm_key_in_config", where=where, setting=secrets[0])
    try:
        return LLMSettings.model_validate(section)
    except ValidationError as exc:
        err = exc.errors()[0]
        setting = "llm." + ".".join(str(p) for p in err["loc"]) if err["loc"] else "llm"
        raise UsageError("llm_bad_setting", where=where, setting=setting, problem=err["msg"]) from None


def load_settings(ws: "Workspace | None" = None, *, model: str | None = None,
                  api_base: str | None = None) -> LLMSettings:
    """The effective settings: command line over environment over ``config.yaml``."""
    section = dict(ws.config.llm) if ws is not None else {}
    where = str(ws.root / "config.yaml") if ws is not None else "config.yaml"
    settings = parse_settings(section, where=where)
    updates: dict[str, Any] = {}
    env_model = os.environ.get("MYLIFE_MODEL", "").strip()
    env_base = os.environ.get("MYLIFE_API_BASE", "").strip()
    if env_model:
        updates["model"] = env_model
    if env_base:
        updates["api_base"] = env_base
    if model:
        updates["model"] = model.strip()
    if api_base:
        updates["api_base"] = api_base.strip()
    return settings.model_copy(update=updates) if updates else settings


def model_configured(ws: "Workspace | None" = None) -> bool:
    """True when a model is configured (cheap: reads settings only, imports nothing)."""
    try:
        return load_settings(ws).configured
    except UsageError:
        return False

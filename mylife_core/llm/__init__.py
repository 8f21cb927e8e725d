"""Model access (docs/design.md#models): litellm behind a small, testable layer.

* :mod:`.settings` — the ``llm:`` section of ``config.yaml`` plus ``MYLIFE_MODEL`` /
  ``MYLIFE_API_BASE``; keys from the environment or a secrets file outside the workspace;
* :mod:`.client` — a litellm ``Router`` with fallback endpoints, a 20 s cooldown after two
  consecutive failures that any success clears (Odysseus), a read-idle timeout and a
  wall-clock deadline; streaming;
* :mod:`.cooldown` — the endpoint cooldown kept in ``cache/llm-cooldown.json``, so it holds
  across chat turns and across ``mylife`` processes;
* :mod:`.agent` — the agent loop: stream, run tool calls, feed results back, stop when the
  model answers without tools, with a round limit;
* :mod:`.prompts` — system prompts, and untrusted content wrapped as user-role data inside
  explicit markers (Odysseus ``untrusted_context_message``).

Importing this package is cheap: litellm is imported only by :func:`.client.import_litellm`,
on paths that really call a model, and the names below load :mod:`.settings` (pydantic models)
when first used, so a reader of :mod:`.cooldown` alone (``mylife status``) builds none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .settings import Endpoint, LLMSettings, load_settings, model_configured

__all__ = ["Endpoint", "LLMSettings", "load_settings", "model_configured"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import settings

        return getattr(settings, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

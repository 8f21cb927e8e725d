"""Calling a model through litellm: fallbacks, cooldown, read-idle timeout, deadline, streaming.

A :class:`ModelClient` keeps a litellm ``Router`` whose deployments are the configured endpoints,
one model group each. The Router does the calling (docs/design.md#models):

* **fallbacks**: an endpoint that errors, refuses or stays silent past the read-idle timeout
  before its first token is skipped for the next one (the chain is passed with each request:
  the endpoints in order, minus those resting);
* **read-idle timeout**: litellm's ``timeout``/``stream_timeout`` become the HTTP client's
  read timeout, i.e. the longest silence allowed between two bytes.

The **cooldown** (Odysseus: two consecutive failures rest a host for 20 s, any success clears
the count) must outlive one Router, i.e. one process: a chat turn and every ``mylife`` command
started within those 20 s skip the resting endpoint. So it is kept by a
:class:`~.cooldown.CooldownBook` (``cache/llm-cooldown.json`` for a workspace, see
:func:`client_for`), and the Router's own per-process cooldown is turned off
(``disable_cooldowns``) so there is one count, not two. When every endpoint rests the call fails
at once (``llm_cooling``) instead of waiting on a dead host.

The wall-clock **deadline** covers a whole answer (all agent rounds): the stream is consumed on
a worker thread and the caller stops waiting when the deadline passes, whatever the server does.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..safeurl import url_secrets
from .cooldown import CooldownBook
from .errors import ModelError
from .secrets import KeyRing, Redactor
from .settings import Endpoint, LLMSettings

GROUP = "mylife-{}"
NO_KEY = "no-key-needed"  # local servers (Ollama, vLLM ...) accept any key; never a real secret

_litellm: Any = None


def import_litellm() -> Any:
    """Import litellm quietly and offline (no cost-map download, no telemetry, no banners)."""
    global _litellm
    if _litellm is not None:
        return _litellm
    os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
    os.environ.setdefault("LITELLM_LOG", "ERROR")
    import warnings

    warnings.filterwarnings("ignore", module=r"litellm(\..*)?$")  # its deprecation noise is not the user's concern
    try:
        import litellm
    except ModuleNotFoundError as exc:  # the llm extra is optional: say how to install it (mylife_core.extras)
        if (exc.name or "").split(".")[0] != "litellm":
            raise
        from ..extras import install_command, requirement_for

        raise ModelError("llm_missing", command=install_command(requirement_for("litellm"))) from None

    litellm.suppress_debug_info = True
    litellm.drop_params = True  # a provider that lacks a parameter (temperature ...) is not an error
    if hasattr(litellm, "telemetry"):
        litellm.telemetry = False
    if not os.environ.get("MYLIFE_DEBUG"):
        for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm", "httpx"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    _litellm = litellm
    return litellm


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: str  # the JSON text the model produced (may be invalid: the executor says so)

    def to_message(self) -> dict[str, Any]:
        return {"id": self.id, "type": "function", "function": {"name": self.name, "arguments": self.arguments}}


@dataclass
class ModelTurn:
    """What one model call produced."""

    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str | None = None
    endpoint: str = ""  # label of the endpoint that answered
    endpoint_index: int = 0
    usage: dict[str, int] | None = None
    seconds: float = 0.0

    def to_message(self) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": self.text or None}
        if self.tool_calls:
            message["tool_calls"] = [c.to_message() for c in self.tool_calls]
        return message


class Deadline:
    """A wall-clock budget shared by every call of one answer."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds

    def remaining(self) -> float:
        return self.at - time.monotonic()

    def expired(self) -> bool:
        return self.remaining() <= 0


class ModelClient:
    """A litellm Router over the configured endpoints (see the module docstring)."""

    def __init__(self, settings: LLMSettings, *, keyring: KeyRing | None = None,
                 cooldowns: CooldownBook | None = None) -> None:
        self.settings = settings
        self.endpoints: list[Endpoint] = settings.endpoints
        self.keyring = keyring if keyring is not None else KeyRing.load()
        self.cooldowns = cooldowns if cooldowns is not None else CooldownBook(
            None, failures=settings.failures_before_cooldown, seconds=settings.cooldown)
        self.redact = Redactor()
        self._keys: list[str] = []
        for i, endpoint in enumerate(self.endpoints):
            key = self.keyring.key_for(endpoint, primary=i == 0)
            self.redact.add(key)
            for secret in url_secrets(endpoint.api_base):  # http://user:PASSWORD@host, ?api_key=
                self.redact.add(secret)
            self._keys.append(key or (NO_KEY if endpoint.api_base else ""))
        self._router: Any = None
        self.warnings: list[str] = []

    # -- the router ------------------------------------------------------------------------
    @property
    def label(self) -> str:
        return self.endpoints[0].label

    def _deployment_id(self, i: int) -> str:
        return GROUP.format(i)

    def _deployment(self, i: int) -> dict[str, Any]:
        endpoint = self.endpoints[i]
        params: dict[str, Any] = {"model": endpoint.model}
        if endpoint.api_base:
            params["api_base"] = endpoint.api_base
        if self._keys[i]:
            params["api_key"] = self._keys[i]
        return {"model_name": GROUP.format(i), "litellm_params": params, "model_info": {"id": self._deployment_id(i)}}

    @property
    def router(self) -> Any:
        if self._router is None:
            litellm = import_litellm()
            s = self.settings
            self._router = litellm.Router(
                model_list=[self._deployment(i) for i in range(len(self.endpoints))],
                num_retries=0,  # fallbacks, not retries against the same host
                disable_cooldowns=True,  # the cooldown is the CooldownBook's, shared across processes
                timeout=s.read_timeout,
                stream_timeout=s.read_timeout,
            )
        return self._router

    def _index_of(self, deployment_id: str | None) -> int | None:
        if deployment_id:
            for i in range(len(self.endpoints)):
                if deployment_id == self._deployment_id(i):
                    return i
        return None

    def cooling_down(self) -> list[str]:
        """Labels of endpoints resting after consecutive failures (in this or another process)."""
        resting = self.cooldowns.resting(e.label for e in self.endpoints)
        return [e.label for e in self.endpoints if e.label in resting]

    def _order(self) -> list[int]:
        """The endpoints to try, in order, leaving out those resting; raises when all rest."""
        resting = self.cooldowns.resting(e.label for e in self.endpoints)
        order = [i for i, e in enumerate(self.endpoints) if e.label not in resting]
        if not order:
            raise ModelError("llm_cooling", endpoints=", ".join(e.label for e in self.endpoints),
                             seconds=int(min(resting.values()) + 0.999))
        return order

    # -- calling -----------------------------------------------------------------------------
    def complete(self, messages: list[dict[str, Any]], *, tools: list[dict[str, Any]] | None = None,
                 on_text: Callable[[str], None] | None = None, deadline: Deadline | None = None,
                 json_mode: bool = False) -> ModelTurn:
        """Stream one model turn. ``on_text`` receives text as it arrives.

        Raises :class:`ModelError` (``llm_unavailable``, ``llm_stalled``, ``llm_deadline``,
        ``llm_auth``, ``llm_bad_request``) with any key removed from the message.
        """
        deadline = deadline or Deadline(self.settings.deadline)
        if deadline.expired():
            raise ModelError("llm_deadline", seconds=int(deadline.seconds))
        order = self._order()
        router = self.router
        kwargs: dict[str, Any] = {"model": GROUP.format(order[0]), "messages": messages, "stream": True,
                                  "stream_options": {"include_usage": True}}
        if len(order) > 1:
            kwargs["fallbacks"] = [{GROUP.format(order[0]): [GROUP.format(i) for i in order[1:]]}]
        if tools:
            kwargs["tools"] = tools
        if self.settings.temperature is not None:
            kwargs["temperature"] = self.settings.temperature
        if self.settings.max_tokens:
            kwargs["max_tokens"] = self.settings.max_tokens
        if json_mode:
            kwargs["response_format"] = {"type": "json_object"}

        events: queue.Queue[tuple[str, Any]] = queue.Queue()
        cancel = threading.Event()
        holder: dict[str, Any] = {}

        def produce() -> None:
            try:
                stream = router.completion(**kwargs)
                holder["stream"] = stream
                events.put(("start", stream))
                for chunk in stream:
                    if cancel.is_set():
                        return
                    events.put(("chunk", chunk))
                events.put(("end", None))
            except BaseException as exc:  # handed to the caller's thread
                events.put(("error", exc))

        started = time.monotonic()
        worker = threading.Thread(target=produce, name="mylife-model-stream", daemon=True)
        worker.start()
        text: list[str] = []
        calls: dict[int, dict[str, Any]] = {}
        finish: str | None = None
        usage: dict[str, int] | None = None
        deployment_id: str | None = None
        got_output = False
        try:
            while True:
                remaining = deadline.remaining()
                if remaining <= 0:
                    raise ModelError("llm_deadline", seconds=int(deadline.seconds))
                try:
                    kind, item = events.get(timeout=remaining)
                except queue.Empty:
                    raise ModelError("llm_deadline", seconds=int(deadline.seconds)) from None
                if kind == "start":
                    hidden = getattr(item, "_hidden_params", None) or {}
                    deployment_id = hidden.get("model_id")
                elif kind == "chunk":
                    got_output = True
                    chunk_usage = getattr(item, "usage", None)
                    if chunk_usage:
                        usage = {k: int(getattr(chunk_usage, k, 0) or 0)
                                 for k in ("prompt_tokens", "completion_tokens", "total_tokens")}
                    for choice in getattr(item, "choices", None) or []:
                        delta = choice.delta
                        piece = getattr(delta, "content", None)
                        if piece:
                            text.append(piece)
                            if on_text is not None:
                                on_text(piece)
                        for tc in getattr(delta, "tool_calls", None) or []:
                            slot = calls.setdefault(tc.index if tc.index is not None else len(calls),
                                                    {"id": None, "name": "", "args": []})
                            if tc.id:
                                slot["id"] = tc.id
                            fn = tc.function
                            if fn is not None:
                                if fn.name and not slot["name"]:
                                    slot["name"] = fn.name
                                if fn.arguments:
                                    slot["args"].append(fn.arguments)
                        if choice.finish_reason:
                            finish = choice.finish_reason
                elif kind == "end":
                    break
                else:  # error
                    raise self._model_error(item, got_output, deployment_id)
        except BaseException as exc:
            cancel.set()
            self._close(holder.get("stream"))
            self._count_failure(exc, order, self._index_of(deployment_id), got_output)
            raise
        index = self._index_of(deployment_id)
        if index is None:
            index = order[0]
        for i in order[:order.index(index)] if index in order else []:
            self.cooldowns.failed(self.endpoints[i].label)  # tried before the one that answered
        self.cooldowns.succeeded(self.endpoints[index].label)
        tool_calls = [ToolCall(id=slot["id"] or f"call_{n}", name=slot["name"], arguments="".join(slot["args"]))
                      for n, slot in sorted(calls.items())]
        return ModelTurn(text="".join(text), tool_calls=tool_calls, finish_reason=finish,
                         endpoint=self.endpoints[index].label, endpoint_index=index, usage=usage,
                         seconds=time.monotonic() - started)

    def _count_failure(self, exc: BaseException, order: list[int], streaming: int | None, got_output: bool) -> None:
        """Which endpoints this failure counts against: the one that was streaming (a stall, or
        the deadline while it answered), the first one (the deadline before any answer), or every
        endpoint tried (the fallback chain ran out)."""
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            return
        key = exc.key if isinstance(exc, ModelError) else ""
        if streaming is not None and (got_output or key == "llm_deadline"):
            failed = [streaming]
        elif key in ("llm_deadline", "llm_cooling"):
            failed = [] if key == "llm_cooling" else [order[0]]
        else:
            failed = list(order)
        reason = exc.render() if isinstance(exc, ModelError) else self._reason(exc)
        for i in failed:
            self.cooldowns.failed(self.endpoints[i].label, reason)

    @staticmethod
    def _close(stream: Any) -> None:
        """Best effort: drop the HTTP response of an abandoned stream."""
        for attr in ("completion_stream", "response"):
            target = getattr(stream, attr, None)
            close = getattr(target, "close", None)
            if callable(close):
                try:
                    close()
                except Exception:
                    pass

    def _reason(self, exc: BaseException) -> str:
        text = self.redact(str(exc)).strip().splitlines()
        first = text[0] if text else type(exc).__name__
        for prefix in ("litellm.", "OpenAIException - "):
            first = first.replace(prefix, "")
        return first[:300]

    def _model_error(self, exc: BaseException, got_output: bool, deployment_id: str | None) -> ModelError:
        if isinstance(exc, ModelError):
            return exc
        litellm = import_litellm()
        endpoints = ", ".join(e.label for e in self.endpoints)
        reason = self._reason(exc)
        if isinstance(exc, litellm.Timeout) or "timed out" in reason.lower():
            if got_output:
                return ModelError("llm_stalled", seconds=int(self.settings.read_timeout),
                                  endpoint=self.endpoints[self._index_of(deployment_id) or 0].label)
            return ModelError("llm_unavailable", endpoints=endpoints,
                              reason=f"no answer within {int(self.settings.read_timeout)} s")
        if isinstance(exc, litellm.AuthenticationError):
            return ModelError("llm_auth", endpoints=endpoints, reason=reason)
        if isinstance(exc, (litellm.BadRequestError, litellm.NotFoundError)):
            return ModelError("llm_bad_request", endpoints=endpoints, reason=reason)
        if isinstance(exc, KeyboardInterrupt):
            raise exc
        return ModelError("llm_unavailable", endpoints=endpoints, reason=reason)


def client_for(ws: Any, settings: LLMSettings) -> ModelClient:
    """The client every workspace command uses: the workspace's key ring (secrets file outside
    it) and its shared cooldown book in ``cache/``."""
    return ModelClient(settings, keyring=KeyRing.load(workspace_root=ws.root),
                       cooldowns=CooldownBook.for_workspace(ws, settings))

"""The fake server itself (see the package docstring)."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

_ids = itertools.count(1)


@dataclass
class Reply:
    """One scripted answer."""

    text: str = ""
    tool_calls: list[tuple[str, Any]] = field(default_factory=list)  # (name, arguments dict or raw string)
    status: int = 200  # anything else answers an HTTP error
    error: str = "scripted failure"
    chunk: int = 6  # characters of text per streamed chunk
    delay: float = 0.0  # seconds between chunks
    stall_after: int | None = None  # go silent after this many chunks ...
    stall: float = 0.0  # ... for this long (the connection stays open)
    finish_reason: str | None = None


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    at: float

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages", [])

    @property
    def tool_names(self) -> list[str]:
        return [t["function"]["name"] for t in self.body.get("tools") or []]


Script = Reply | Callable[[Request], Reply]


class FakeLLM:
    """A running fake endpoint: ``url`` (``http://127.0.0.1:PORT/v1``), ``script()``, ``requests``."""

    model = "fake-model"

    def __init__(self) -> None:
        self._queue: deque[Script] = deque()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.default: Script | None = None  # answers when the script is used up
        self.requests: list[Request] = []
        self.stance: Script | None = None  # answers MyLife's structured stance calls (package docstring)
        self.stance_requests: list[Request] = []
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.fake = self
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)

    # -- control ---------------------------------------------------------------------------
    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> "FakeLLM":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._server.shutdown()
        self._server.server_close()

    def script(self, *replies: Script) -> "FakeLLM":
        with self._lock:
            self._queue.extend(replies)
        return self

    @property
    def remaining(self) -> int:
        return len(self._queue)

    def env(self, model: str | None = None) -> dict[str, str]:
        """Environment for a ``mylife`` subprocess that should talk to this server."""
        return {"MYLIFE_MODEL": model or f"openai/{self.model}", "MYLIFE_API_BASE": self.url,
                "MYLIFE_API_KEY": "sk-fake-test-key-0000"}

    def _next(self, request: Request) -> Reply:
        if _is_stance_call(request):
            with self._lock:
                self.stance_requests.append(request)
                item = self.stance
            if item is None:
                return Reply(text='{"items": []}')
            return item(request) if callable(item) else item
        with self._lock:
            self.requests.append(request)
            item = self._queue.popleft() if self._queue else self.default
        if item is None:
            return Reply(status=500, error="fakellm: no scripted reply left")
        return item(request) if callable(item) else item

    def sleep(self, seconds: float) -> None:
        self._stop.wait(seconds)


def _is_stance_call(request: Request) -> bool:
    from mylife_core.llm.prompts import STANCE_SYSTEM

    messages = request.messages
    return bool(messages) and messages[0].get("role") == "system" and messages[0].get("content") in STANCE_SYSTEM.values()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    fake: FakeLLM


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
        pass

    def do_GET(self) -> None:  # noqa: N802
        self._json(200, {"object": "list", "data": [{"id": FakeLLM.model, "object": "model"}]})

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            self._json(400, {"error": {"message": "bad json", "type": "invalid_request_error"}})
            return
        request = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body, time.monotonic())
        fake = self.server.fake
        reply = fake._next(request)
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._json(404, {"error": {"message": f"unknown path {self.path}", "type": "not_found"}})
            return
        if reply.status != 200:
            self._json(reply.status, {"error": {"message": reply.error, "type": "server_error",
                                                "code": str(reply.status)}})
            return
        try:
            if body.get("stream"):
                self._stream(reply, body)
            else:
                self._complete(reply, body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout under test): fine

    # -- answers ---------------------------------------------------------------------------
    def _json(self, status: int, data: dict[str, Any]) -> None:
        payload = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    @staticmethod
    def _arguments(args: Any) -> str:
        return args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)

    def _complete(self, reply: Reply, body: dict[str, Any]) -> None:
        message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
        if reply.tool_calls:
            message["tool_calls"] = [
                {"id": f"call_{next(_ids)}", "type": "function",
                 "function": {"name": name, "arguments": self._arguments(args)}}
                for name, args in reply.tool_calls]
        finish = reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")
        self._json(200, {"id": f"chatcmpl-{next(_ids)}", "object": "chat.completion", "created": int(time.time()),
                         "model": body.get("model", FakeLLM.model),
                         "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                         "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})

    def _chunks(self, reply: Reply) -> Iterator[dict[str, Any]]:
        yield {"role": "assistant", "content": ""}
        text = reply.text
        for i in range(0, len(text), max(1, reply.chunk)):
            yield {"content": text[i:i + reply.chunk]}
        for index, (name, args) in enumerate(reply.tool_calls):
            arguments = self._arguments(args)
            yield {"tool_calls": [{"index": index, "id": f"call_{next(_ids)}", "type": "function",
                                   "function": {"name": name, "arguments": ""}}]}
            half = len(arguments) // 2
            for part in (arguments[:half], arguments[half:]):
                yield {"tool_calls": [{"index": index, "function": {"arguments": part}}]}

    def _stream(self, reply: Reply, body: dict[str, Any]) -> None:
        fake = self.server.fake
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        cid = f"chatcmpl-{next(_ids)}"
        base = {"id": cid, "object": "chat.completion.chunk", "created": int(time.time()),
                "model": body.get("model", FakeLLM.model)}

        def send(choice_delta: dict[str, Any], finish: str | None = None) -> None:
            event = dict(base, choices=[{"index": 0, "delta": choice_delta, "finish_reason": finish}])
            self.wfile.write(b"data: " + json.dumps(event, ensure_ascii=False).encode("utf-8") + b"\n\n")
            self.wfile.flush()

        for n, delta in enumerate(self._chunks(reply)):
            if reply.stall_after is not None and n == reply.stall_after:
                fake.sleep(reply.stall)
                if fake._stop.is_set():
                    return
            send(delta)
            if reply.delay:
                fake.sleep(reply.delay)
        send({}, reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop"))
        if (body.get("stream_options") or {}).get("include_usage"):
            usage = dict(base, choices=[], usage={"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15})
            self.wfile.write(b"data: " + json.dumps(usage).encode("utf-8") + b"\n\n")
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()


@pytest.fixture
def fakellm() -> Iterator[FakeLLM]:
    """A fake endpoint for one test."""
    server = FakeLLM().start()
    yield server
    server.stop()


@pytest.fixture
def fakellm_pair() -> Iterator[tuple[FakeLLM, FakeLLM]]:
    """Two fake endpoints: (primary, fallback)."""
    a, b = FakeLLM().start(), FakeLLM().start()
    yield a, b
    a.stop()
    b.stop()

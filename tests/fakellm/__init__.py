"""A fake OpenAI-compatible chat-completions server for MyLife's tests.

It is a real HTTP server on 127.0.0.1 (a port the OS picks) that speaks the parts of the
OpenAI API litellm uses: ``POST /v1/chat/completions``, streaming (Server-Sent Events) and
non-streaming, text and tool calls. Each test scripts what it answers, in order::

    def test_x(fakellm):
        fakellm.script(Reply(text="你好"), Reply(tool_calls=[("mylife_recall", {"query": "跳槽"})]))
        ...
        assert fakellm.requests[0].body["messages"][0]["role"] == "system"

MyLife's structured stance call (the one request ``ask`` makes to classify counter-evidence
candidates, recognised by its system prompt) is answered apart, so scripts stay about the answer
itself: by ``fakellm.stance`` when a test sets it (a Reply or a function, reused for every stance
call), else by ``{"items": []}`` (the model classifies nothing: the rules decide). Those requests
are kept in ``fakellm.stance_requests``, not in ``requests``.

A script item may also be a function ``f(request) -> Reply`` to answer from what was asked
(e.g. cite the claim ids the prompt contained). Failures are scripted too: ``Reply(status=503)``
answers an HTTP error, ``Reply(text=..., stall_after=2, stall=30)`` sends two chunks and then
goes silent (a stalled stream), ``Reply(text=..., delay=0.2)`` trickles chunks slowly.

Nothing here is a stand-in for litellm: MyLife reaches this server through litellm over TCP.
"""

from .server import FakeLLM, Reply, Request, fakellm, fakellm_pair
from .workspaces import INJECTION, Seeded, seed, set_savings

__all__ = ["FakeLLM", "Reply", "Request", "fakellm", "fakellm_pair", "INJECTION", "Seeded", "seed", "set_savings"]

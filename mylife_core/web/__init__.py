"""``mylife serve``: the local review panel (docs/panel.md).

:func:`create_app` builds the guarded ASGI app for a workspace; :func:`bind` opens the listening
socket (so ``--port 0`` knows its port before the URL is printed); :func:`run` serves it with
uvicorn until interrupted. Needs the optional extra ``mylife[web]`` (starlette, jinja2, uvicorn,
python-multipart).
"""

from __future__ import annotations

import socket
from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    from .app import create_app as _create

    return _create(*args, **kwargs)


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (``port`` 0: a free one)."""
    from ..errors import UsageError, os_reason

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UsageError("web_port_busy", host=host, port=port, reason=os_reason(exc)) from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def run(app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until Ctrl+C / SIGTERM (uvicorn, no access log: URLs hold data)."""
    import asyncio

    import uvicorn

    config = uvicorn.Config(app, log_level="warning", access_log=False, server_header=False,
                            date_header=False, lifespan="off", proxy_headers=False)
    server = uvicorn.Server(config)
    asyncio.run(server.serve(sockets=[sock]))


__all__ = ["create_app", "bind", "run"]

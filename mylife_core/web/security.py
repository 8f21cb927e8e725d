"""The panel's guard: who may talk to it, from where, and what a page may load.

A diary holds income, health and doubts, so the panel trusts nothing but the person at the
keyboard (see docs/panel.md, "Security"):

* **Host check** (DNS rebinding): a request whose ``Host`` header is not one of the addresses
  the panel was started on (``127.0.0.1:PORT``, ``localhost:PORT``, ``[::1]:PORT`` or the
  address asked for) is refused with 400 before anything else happens.
* **Token, then cookie** (as ``jupyter`` does): every start makes a new random token, printed in
  the URL. ``/?token=…`` is exchanged for an HttpOnly, SameSite=Strict session cookie and a
  redirect to the same page without the token; every request without that cookie gets 403.
* **CSRF**: every state-changing request is a POST carrying the start's CSRF token (a form
  field or the ``X-CSRF-Token`` header, checked by :func:`check_csrf`); a browser's ``Origin``
  must be the panel's own. Other methods get 405.
* **Headers on every response**: a strict Content-Security-Policy (only the panel's own script
  and style files; no inline script, no eval, no frames, no other origin), ``nosniff``,
  ``same-origin`` referrer, ``no-store``. No CORS header is ever sent.
"""

from __future__ import annotations

import hmac
import secrets
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlencode

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
SAFE_METHODS = ("GET", "HEAD")


@dataclass
class Secrets:
    """What one start of the panel knows: never written anywhere, gone when it stops."""

    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    session: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(32))

    @property
    def cookie_name(self) -> str:
        # one name per start: two panels on one machine (different ports share cookies) never
        # overwrite each other's session
        import hashlib

        return "mylife_" + hashlib.sha256(self.session.encode()).hexdigest()[:10]


def allowed_hosts(host: str, port: int, extra: list[str] | tuple[str, ...] = ()) -> set[str]:
    """The ``Host`` header values the panel answers (lower case, with the port)."""
    names = set(LOOPBACK_NAMES)
    if host not in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::", ""):
        names.add(f"[{host}]" if ":" in host else host)
    names.update(h.strip() for h in extra if h.strip())
    out = {f"{n.lower()}:{port}" for n in names}
    if port == 80:
        out.update(n.lower() for n in names)
    return out


def same(a: str | None, b: str) -> bool:
    return a is not None and hmac.compare_digest(a.encode(), b.encode())


def check_csrf(secrets_: Secrets, form: Any, headers: Any) -> bool:
    """The request carries this start's CSRF token (a form field or a header)."""
    given = headers.get("x-csrf-token") or (form.get("csrf") if form is not None else None)
    return same(given if isinstance(given, str) else None, secrets_.csrf)


class Guard:
    """Pure ASGI middleware applying the rules in the module docstring."""

    def __init__(self, app: Any, *, secrets_: Secrets, hosts: set[str], refuse: Any) -> None:
        self.app = app
        self.secrets = secrets_
        self.hosts = hosts
        self.refuse = refuse  # refuse(status, reason_key) -> an ASGI app (a clear page)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # no websockets
            return
        started = time.perf_counter()

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() not in (b"access-control-allow-origin", b"access-control-allow-credentials")]
                headers.extend(SECURITY_HEADERS)
                ms = (time.perf_counter() - started) * 1000
                headers.append((b"server-timing", f"app;dur={ms:.1f}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            await self.refuse(400, "web.refused.host")(scope, receive, send_with_headers)
            return
        method = scope.get("method", "GET")
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True))
        token = query.get("token")
        if token is not None and method in SAFE_METHODS:
            if not same(token, self.secrets.token):
                await self.refuse(403, "web.refused.bad_token")(scope, receive, send_with_headers)
                return
            rest = {k: v for k, v in query.items() if k != "token"}
            location = scope.get("path", "/") + (("?" + urlencode(rest)) if rest else "")
            if not location.startswith("/") or location.startswith("//"):
                location = "/"
            cookie = (f"{self.secrets.cookie_name}={self.secrets.session}; HttpOnly; SameSite=Strict; Path=/")
            await send_with_headers({"type": "http.response.start", "status": 303,
                                     "headers": [(b"location", location.encode("utf-8")),
                                                 (b"set-cookie", cookie.encode()),
                                                 (b"content-length", b"0")]})
            await send_with_headers({"type": "http.response.body", "body": b""})
            return
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(headers.get("cookie", ""))
        except Exception:  # noqa: BLE001 - a malformed cookie header is no cookie
            jar = SimpleCookie()
        morsel = jar.get(self.secrets.cookie_name)
        if morsel is None or not same(morsel.value, self.secrets.session):
            await self.refuse(403, "web.refused.no_session")(scope, receive, send_with_headers)
            return
        if method not in SAFE_METHODS and method != "POST":
            await self.refuse(405, "web.refused.method")(scope, receive, send_with_headers)
            return
        if method == "POST":
            origin = headers.get("origin")
            if origin is not None and origin.lower() not in {f"http://{h}" for h in self.hosts}:
                await self.refuse(403, "web.refused.origin")(scope, receive, send_with_headers)
                return
        await self.app(scope, receive, send_with_headers)

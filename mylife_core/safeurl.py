"""A URL as MyLife may show or store it: no password, no token (one place, used everywhere).

A URL the user configures can carry a credential: ``http://alice:PASSWORD@host/v1`` (a model's
``api_base``), ``https://TOKEN@github.com/me/life.git`` (a git remote), ``…/v1?api_key=KEY``.
Whatever names such a URL to the user or writes it down (an endpoint's label in a chain, a
digest, a session, ``cache/llm-cooldown.json``, an error message, a git remote shown by
``mylife git status``) goes through :func:`safe_url`; text that may quote a URL it did not
build (a library's exception message) goes through :func:`scrub_urls`.

* the user-info part ``user:password@`` becomes ``***@`` (a lone ``user@`` too, since a token is
  often passed as the user name), except a lone user of an SSH URL (``ssh://git@host/...``);
* the values of query or fragment parameters whose name looks secret (``key``, ``api_key``,
  ``token``, ``access_token``, ``sig``, ``password`` …) become ``***``.

Anything that is not a ``scheme://`` URL (a local path, ``git@host:path``) is returned as is.
"""

from __future__ import annotations

import re

MASK = "***"

_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*://)([^/?#\s]*)(.*)$", re.DOTALL)
_IN_TEXT = re.compile(r"(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*://[^\s'\"<>`]+")
#: parameter names that carry a credential (a name containing one of these words)
_SECRET_PARAM = re.compile(
    r"([?&;#](?:[^=&;#\s]*?)(?:key|token|sig|secret|pass|pwd|auth|credential|session)[^=&;#\s]*=)[^&;#\s]+",
    re.IGNORECASE,
)
_SSH = ("ssh", "git+ssh", "ssh+git", "sftp")


def safe_url(url: str) -> str:
    """``url`` with its user-info and secret-looking parameters masked (see the module docstring)."""
    match = _URL.match(url)
    if match is None:
        return url
    scheme, authority, rest = match.groups()
    if "@" in authority:
        userinfo, host = authority.rsplit("@", 1)
        if ":" in userinfo or scheme[:-3].lower() not in _SSH:
            authority = f"{MASK}@{host}"
    return scheme + authority + _SECRET_PARAM.sub(r"\1" + MASK, rest)


def scrub_urls(text: str) -> str:
    """Every ``scheme://…`` URL inside ``text`` passed through :func:`safe_url`."""
    if "://" not in text:
        return text
    return _IN_TEXT.sub(lambda m: safe_url(m.group(0)), text)


def url_secrets(url: str | None) -> list[str]:
    """The credentials inside ``url`` (its password, secret parameter values), raw and
    percent-decoded, so that a text quoting them apart from the URL
    can be scrubbed too (:class:`mylife_core.llm.secrets.Redactor`)."""
    from urllib.parse import unquote

    found: list[str] = []
    match = _URL.match(url or "")
    if match is None:
        return found
    _, authority, rest = match.groups()
    if "@" in authority:
        _, colon, password = authority.rsplit("@", 1)[0].partition(":")
        if colon:
            found.append(password)
    for param in _SECRET_PARAM.finditer(rest):
        found.append(rest[param.end(1):param.end()])
    out: list[str] = []
    for value in found:
        for form in (value, unquote(value)):
            if form and form not in out:
                out.append(form)
    return out

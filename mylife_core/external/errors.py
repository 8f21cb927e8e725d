"""Errors of external backends: every one names the backend, says what happened and what to do."""

from __future__ import annotations

from ..errors import MyLifeError


class BackendError(MyLifeError):
    """Base class: something went wrong with an external L2 backend."""

    code = "backend"
    exit_code = 8


class BackendUnavailable(BackendError):
    """The backend cannot be used at all: Node or the npm package is missing, or the server
    does not start. Nothing was written."""

    code = "backend_unavailable"


class BackendFailed(BackendError):
    """A running backend failed a call: it died, hung, refused a tool call, or did not give back
    what was written. The claim concerned is not reported as stored."""

    code = "backend_failed"


class ServerDied(BackendFailed):
    """The server process is gone (the connection closed). A restart may cure it."""


class ServerTimeout(BackendFailed):
    """The server did not answer in time (it may be hung); it is stopped and restarted on the
    next call."""

"""Errors from calling a model (messages in ``messages/ask.py``)."""

from __future__ import annotations

from ..errors import MyLifeError


class ModelError(MyLifeError):
    """The model could not be reached, stalled, ran out of time, or refused the request.

    Keys: ``llm_unavailable``, ``llm_stalled``, ``llm_deadline``, ``llm_auth``,
    ``llm_bad_request``, ``llm_cooling`` (every endpoint rests after repeated failures). Messages never contain a key (see :class:`.secrets.Redactor`).
    """

    code = "model"
    exit_code = 8

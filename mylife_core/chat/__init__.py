"""``mylife chat``: a conversation that notices when it drifts, and branches (docs/design.md#drift).

The user's topics branch but a conversation is linear: after a detour into finances the
original career question gets lost. This package keeps the main line visible:

* :mod:`.session`  — saved, resumable sessions under ``<workspace>/sessions/`` (atomic, locked);
* :mod:`.context`  — estimated tokens and what is sent to a model (kept under 85% of its window);
* :mod:`.topics`   — which topic, decision and profile fields a piece of text is about;
* :mod:`.drift`    — every ``detect_drift`` signal combined into one verdict (weights, threshold);
* :mod:`.handoff`  — the handoff sheet a branch brings back, validated (docs/design.md#handoff);
* :mod:`.branches` — open / close / abandon a branch, write its conclusion to L2/L3, the
  parent's conflict check and the pull-back line;
* :mod:`.loop`     — the turn loop (decision turns through the ``ask`` pipeline, the rest
  through the model with tools), the drift offer, chat commands;
* :mod:`.commands` — ``mylife chat``, ``mylife sessions``, ``mylife branch ...``.

The drift signals themselves are plugins (``mylife_core.builtin.drift_*``) so anyone can add
another. Importing this package is cheap: nothing heavy is imported here.
"""

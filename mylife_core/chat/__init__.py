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
* :mod:`.loop`     — the sessions, the turn loop and the chat commands;
* :mod:`.io`       — terminal and JSON Lines I/O (``/quit`` at any prompt, defaults at end of input);
* :mod:`.offers`   — what is done about drift (the offer, adopting a topic, back to the parent);
* :mod:`.decision` — decision turns through the ``ask`` pipeline, shown as ``mylife ask`` shows them;
* :mod:`.model_turn` — free turns by the model: tools by relevance, the judging rule, writes as
  proposals the user accepts;
* :mod:`.compaction` — near a full window, older turns summarised by the model (never cut);
* :mod:`.branch_flow`, :mod:`.handoff_flow` — split, back, close, abandon, pull-backs; the sheet;
* :mod:`.commands` — ``mylife chat``, ``mylife sessions``, ``mylife branch ...``.

The drift signals themselves are plugins (``mylife_core.builtin.drift_*``) so anyone can add
another. Importing this package is cheap: nothing heavy is imported here.
"""

"""The hooks a MyLife plugin can implement, grouped by the phase they belong to.

Implement them with ``from mylife_core import hookimpl``. Hooks are always called with
keyword arguments; an implementation may accept any subset of a hook's parameters.

Calling styles, chosen on purpose:

* *registration* hooks are collect-all and hand you a ``register(...)`` callback; the core
  validates what you register (pydantic) and records that it came from your plugin;
* *notification* hooks (``on_claim``, ``on_change``) are collect-all, called after the write is
  durable; an exception in one plugin is reported with the plugin's name and does not undo the
  write or stop other plugins;
* *firstresult* hooks (``infer_ttl``, ``vector_index``) stop at the first non-None answer; the
  core's defaults are ``trylast`` so any plugin can answer first;
* *pipeline* hooks (``pre_decide``, ``detect_drift``, ``render_output``) are collect-all and
  combined by the core as documented on each.

The full reference, with examples, is ``docs/plugins.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    import click

    from .layers.claims import Claim
    from .specs import Change, DriftSignal, TTLGuess, Verdict
    from .workspace import Workspace

hookspec = pluggy.HookspecMarker("mylife")


# --------------------------------------------------------------------------- registration


@hookspec
def register_commands(cli: "click.Group") -> None:
    """Add commands to the ``mylife`` command line.

    Called once when the CLI is built. Use ``@cli.command()`` or ``cli.add_command(...)``.
    Commands should accept ``--workspace`` and ``--json`` like the core ones
    (``mylife_core.cli.common.workspace_options``). A command named like a core command
    (``record``, ``init`` ...) is not taken and the plugin is named on stderr; one named like a
    builtin plugin's command replaces it.

    :param cli: the root ``click.Group``.
    """


@hookspec
def register_stores(register: "Callable[..., None]") -> None:
    """Offer an L2 claim-store backend.

    Call ``register(name=..., factory=..., description=...)``; ``factory(workspace)`` returns
    an object implementing :class:`mylife_core.layers.claims.ClaimStore`. The workspace's
    ``store:`` setting picks one; the builtin ``files`` store is registered the same way.
    """


@hookspec
def register_fields(register: "Callable[..., None]") -> None:
    """Contribute profile field definitions (a field dictionary, docs/design.md#field-dictionaries).

    Call ``register(name=..., aliases=[...], ttl_days=..., topic=..., sensitivity=...,
    decisions=[...], ttl_reason=...)`` once per field (see :class:`~mylife_core.specs.FieldSpec`).
    The core ships no field dictionary: fields come from plugins or are created as the user
    talks. A registered field answers ``infer_ttl`` for its name and aliases; ``decisions``
    adds it (as optional) to those decisions' dependency sets. A YAML file of fields is
    registered with :func:`mylife_core.staleness.dictionary.register_file` (docs/lenses.md).
    """


@hookspec
def register_decisions(register: "Callable[..., None]") -> None:
    """Contribute decisions with their profile-field dependencies (docs/design.md#pre-decide).

    Call ``register(name=..., aliases=[...], keywords=[...], depends_on=[...], optional=[...],
    impact={field: why}, topic=..., lens=...)`` (see :class:`~mylife_core.specs.DecisionSpec`).
    A question is matched to a decision by name, aliases, search synonyms and keywords.
    ``depends_on`` fields block the decision when missing or expired; ``optional`` ones only
    when expired; ``impact`` says how each changes the answer (shown to the user).
    """


@hookspec
def register_topics(register: "Callable[..., None]") -> None:
    """Contribute topics and the keywords that signal them (drift detection, topic matching).

    Call ``register(name=..., aliases=[...], keywords=[...], fields=[...])``.
    """


@hookspec
def register_skills(register: "Callable[..., None]") -> None:
    """Contribute a folder of skills: Markdown files with ``name``/``description`` front matter.

    Call ``register(path=..., rank=600)``. Lower ranks win when two skills share a name;
    the workspace's (100), the user's (200) and custom (300) skill folders always outrank
    bundled ones: a plugin's rank is raised to at least 400 (docs/design.md#skills; ``mylife skills``).
    """


@hookspec
def register_tools(register: "Callable[..., None]") -> None:
    """Contribute model-facing tools (docs/design.md#tools), used by the agent loop and ``mylife mcp``.

    Call ``register(name=..., description=..., input_schema={...}, handler=..., writes=...)``;
    ``handler(workspace, actor, **arguments)`` returns JSON-serialisable data.
    """


@hookspec
def register_synonyms(register: "Callable[..., None]") -> None:
    """Contribute search synonyms: ``register(word="跳槽", synonyms=["换工作", "离职"])``."""


# --------------------------------------------------------------------------- fields


@hookspec(firstresult=True)
def infer_ttl(name: str, value: Any, workspace: "Workspace") -> "TTLGuess | None":
    """Guess how long a new profile field stays true, when it is first created.

    Stops at the first non-None result. Plugins implementing this hook answer first; then
    the builtin lookup of fields registered by field dictionaries (normal priority); then the
    core's heuristics by meaning (``trylast``, None for names they do not know); then the
    model when configured (``trylast``, registered later so it runs after the heuristics).
    When nobody answers, the core proposes a default and says so.

    :param name: the field name as the user typed it (any language).
    :param value: its first value.
    :return: a :class:`~mylife_core.specs.TTLGuess`, or None when you do not know.
    """


# --------------------------------------------------------------------------- writes


@hookspec
def on_claim(workspace: "Workspace", claim: "Claim", action: str, previous: "Claim | None") -> None:
    """A claim was added or changed (``action``: ``add``, ``accept``, ``reject``, ``dispute``,
    ``supersede``, ``update``). Called after the store holds it: mirror it, index it, or check
    it for conflicts. ``previous`` is the claim before the change (None on ``add``).
    """


@hookspec
def on_change(workspace: "Workspace", change: "Change") -> None:
    """Any audited write happened (record, claim, profile, digest, index, config).

    Called after the write is durable, once the writer released the workspace lock (a hook never
    makes other writers wait; another write may come in between): a good place to update a
    derived index or commit to git. Write to the workspace only through the layer methods, which
    take the lock and audit the write.
    """


# --------------------------------------------------------------------------- decisions


@hookspec
def pre_decide(workspace: "Workspace", question: str, decisions: list, options: dict) -> "Verdict | None":
    """Check a question before MyLife reasons about it (docs/design.md#pre-decide).

    Return a :class:`~mylife_core.specs.Verdict`: ``allow``, ``steer`` (ask the user first,
    e.g. stale fields, with reasons and data) or ``deny``; or None to abstain. The core combines
    all verdicts like a waterfall: any ``deny`` wins, else any ``steer``, else ``allow``.

    The builtin staleness check (``mylife.pre_decide``, ``trylast``) steers while a field the
    decisions depend on is expired and not kept, or required and missing.

    :param decisions: the matched :class:`~mylife_core.specs.DecisionSpec` objects.
    :param options: the caller's choices: ``keep`` (field names whose old value the user
        keeps), ``accept_stale`` (keep every expired value), ``accept_missing`` (go ahead
        without missing fields).
    """


@hookspec
def detect_drift(turn: str, session: Any, workspace: "Workspace") -> "list[DriftSignal] | DriftSignal | None":
    """Score a conversation turn for topic drift (docs/design.md#drift). Collect-all: return one or more
    :class:`~mylife_core.specs.DriftSignal` (score 0..1, weight, evidence), or None.
    """


@hookspec
def render_output(answer: Any, workspace: "Workspace") -> None:
    """Shape and check a decision answer before it is shown (docs/design.md#chains).

    ``answer`` is a mutable :class:`mylife_core.pipeline.answer.Answer`; implementations edit
    it in place. Order matters and is set with ``tryfirst``/``trylast``: chain enforcement runs
    first, stale-input annotation next, the disclaimer (``trylast``) always last.

    Called for every decision answer, offline or from a model, and also when the answer is a
    refusal (``answer.status == "denied"``) or a request to update stale data first
    (``"needs_input"``). What you can shape: ``statements`` (the statements table, docs/design.md#both-sides),
    ``judgments`` (each a :class:`~mylife_core.pipeline.answer.Judgment` with ``claim_ids``,
    ``stale_inputs``, ``weight``, ``notes``), ``question_back``, ``premises``, ``competing`` and
    ``competing_note``, ``unsupported`` (the "无依据，未采纳" note), ``annotations`` and
    ``disclaimer``. By the time a normal-priority plugin runs, every judgment left has a valid
    chain to L0 (builtin ``mylife.render_chains``). A judgment (or a question back) you add is
    held to the same judging rule once every plugin has run, by its text, whatever ``role`` you
    gave it (``mylife_core.pipeline.render.enforce_added``): a verdict without valid ``claim_ids``
    is withheld and listed under "无依据，未采纳", so cite claims you verified
    (``mylife_core.pipeline.citations.evaluate``).

    :param answer: the answer to shape.
    :param workspace: the workspace it was built from.
    """


@hookspec(firstresult=True)
def vector_index(workspace: "Workspace") -> Any:
    """Provide the vector side of hybrid search, or None (keyword mode).

    Stops at the first non-None answer. Return an object with (``doc_id`` is the search hit's
    ``ref``: ``raw/F.md#L3``, a claim id, ``digest/T.md#P2``):

    * ``search(query, k) -> list[(doc_id, score)]``: nearest documents, ``score`` already
      mapped to [0, 1] by the plugin (it knows its model's useful cosine range); called from a
      worker thread, so embedding the query overlaps with the keyword search;
    * ``add(docs)``: embed and store ``[(doc_id, text), ...]``, replacing earlier vectors;
    * ``missing(wanted) -> list[doc_id]``: of ``{doc_id: text}``, those with no vector or one
      made from another text (``mylife index embed`` embeds exactly these);
    * ``status() -> dict``: at least ``count`` and ``model``;
    * optional: ``ready() -> bool`` (False: nothing embedded yet, search stays in keyword
      mode), ``known(doc_ids) -> set`` (which have vectors), ``prune(keep) -> int`` (forget
      the others), ``flush()`` (persist after a batch of ``add``), ``similarity(query, doc_ids) ->
      {doc_id: score}`` (``query`` against the stored vectors of those documents, scores as in
      ``search``; counter-evidence, citations and topic matching use it to judge relevance by
      meaning, and fall back to shared words without it).

    MyLife never embeds while recording; ``mylife index embed`` does it on demand.
    """


@hookspec
def verify_workspace(workspace: "Workspace") -> "list[dict] | None":
    """Add a witness to ``mylife verify`` (e.g. raw files against git history).

    Return a list of problems, each ``{"kind": str, "message": str, "file": str | None}``
    (message in the user's language), or None when all is well.
    """

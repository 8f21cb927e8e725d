"""The honest-advice pipeline behind ``mylife ask`` (docs/design.md#ask, #both-sides, #chains)::

    question -> decision/topic (lenses) -> pre_decide (stale or missing fields)
             -> evidence (the user's statements over time) -> competing evidence
             -> compose (model with tools, or the offline structural brief, labelled)
             -> render_output hooks (chains enforced, stale inputs marked, disclaimer)
             -> L4 chain recorded in index.yaml

Modules: :mod:`.answer` (the :class:`~.answer.Answer` that ``render_output`` receives),
:mod:`.evidence` (statements, the question back, premises to retire), :mod:`.competing`,
:mod:`.citations` (parsing and checking the model's citations), :mod:`.compose`,
:mod:`.ask` (the pipeline), :mod:`.extract` (L2 from a raw note) and :mod:`.digest` (L1).
Nothing heavy is imported here.
"""

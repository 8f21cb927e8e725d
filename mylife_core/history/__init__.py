"""Optional git history for a workspace, behind a privacy guard that cannot be skipped (docs/design.md#git).

* :mod:`.repo`: ``enable`` (init or adopt, ``.gitignore`` template, initial commit),
  ``commit_paths`` (MyLife's commits), ``commit_all`` (catch up), ``disable``;
* :mod:`.autocommit`: batching MyLife's writes into commits (``on_change``);
* :mod:`.privacy`: the anonymous-read check and its verdicts;
* :mod:`.remote`: adding remotes, checking them, pushing (manual, automatic);
* :mod:`.hooks`: the ``pre-push`` hook guarding a plain ``git push``;
* :mod:`.witness`: ``mylife verify``'s second witness (raw files against history);
* :mod:`.status`: ``mylife git status``; :mod:`.settings`: the ``git:`` config section;
* :mod:`.cli`: the ``mylife git`` commands.

Nothing here is imported unless history is used: the builtin plugin
(:mod:`mylife_core.builtin.git_history`) only looks at ``config.git.enabled``.
"""

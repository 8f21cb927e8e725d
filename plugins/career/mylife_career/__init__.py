"""mylife-career: the career lens for MyLife.

Registers the fields a career decision depends on (with TTL and sensitivity), the decisions
themselves with their dependency lists (docs/design.md#pre-decide), the 职业去留 topic and its keywords, search
synonyms, and the ``mylife-career`` skill. All of it is data in ``lens.yaml`` and ``skills/``;
this module only hands them to MyLife through its hooks.
"""

from __future__ import annotations

from pathlib import Path

from mylife_core import hookimpl

__version__ = "0.1.0"

HERE = Path(__file__).resolve().parent
LENS = HERE / "lens.yaml"


@hookimpl
def register_fields(register):
    from mylife_core.staleness.dictionary import register_file

    register_file(register, LENS, "fields")


@hookimpl
def register_decisions(register):
    from mylife_core.staleness.dictionary import register_file

    register_file(register, LENS, "decisions")


@hookimpl
def register_topics(register):
    from mylife_core.staleness.dictionary import register_file

    register_file(register, LENS, "topics")


@hookimpl
def register_synonyms(register):
    register(word="跳槽", synonyms=["换工作", "离职", "辞职", "裸辞"])
    register(word="加班", synonyms=["996", "熬夜上班", "周末上班"])
    register(word="转行", synonyms=["换行业", "转岗"])


@hookimpl
def register_skills(register):
    register(path=HERE / "skills", rank=600)

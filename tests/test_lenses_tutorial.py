"""docs/lenses.md's "write your first lens" tutorial builds a real package: build it from the
page, pip-install it, and use it through the real ``mylife`` command (and run its own test)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from lens_support import ROOT, lens_env, pip_install

DOC = ROOT / "docs" / "lenses.md"
BLOCK = re.compile(r"<!-- file: (?P<path>[^ ]+) -->\n```[a-z]*\n(?P<body>.*?)\n```\n", re.DOTALL)


def tutorial_files() -> dict[str, str]:
    return {m.group("path"): m.group("body") + "\n" for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    src = tmp_path_factory.mktemp("tutorial")
    for rel, body in tutorial_files().items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    target = tmp_path_factory.mktemp("tutorial-site") / "site"
    target.mkdir()
    pip_install(src / "mylife-study", target)
    return src, target


def test_the_page_holds_a_whole_package():
    assert set(tutorial_files()) == {"mylife-study/pyproject.toml", "mylife-study/mylife_study/__init__.py",
                                     "mylife-study/mylife_study/lens.yaml",
                                     "mylife-study/mylife_study/skills/mylife-study/SKILL.md",
                                     "mylife-study/tests/test_study.py"}


def test_tutorial_lens_works_end_to_end(cli, study):
    _, target = study
    env = lens_env([target])
    run = lambda *a: cli(*a, env=env, load_plugins="mylife-study")  # noqa: E731
    run("init")
    listed = run("plugins", "--hook", "register_decisions", "--json").json()
    assert [(p["distribution"], p["version"]) for p in listed["plugins"] if not p["builtin"]] == [("mylife-study", "0.1.0")]
    field = run("profile", "set", "每周空闲时间", "6", "--json").json()
    assert field["field"]["ttl_days"] == 30 and field["field"]["ttl_source"] == "plugin:mylife-study"
    doc = run("staleness", "要不要报个网课", "--json").json()
    assert [d["name"] for d in doc["decisions"]] == ["报班学习"] and doc["topic"] == "学习成长"
    assert doc["missing"] == ["学习目标", "现有存款"] and doc["verdict"]["kind"] == "steer"
    loan = run("staleness", "想贷款报个培训班", "--json").json()
    assert "借钱上课前，先看看每月还款在现金流里占多少" in loan["verdict"]["reasons"]
    assert "study" in loan["verdict"]["plugin"]
    skill = run("skills", "mylife-study", "--json").json()["skill"]
    assert skill["source"] == "bundled" and skill["origin"] == "mylife-study" and skill["meta"] == {"lens": "study"}


def test_tutorial_test_passes(study):
    src, target = study
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_study.py"],
                          cwd=src / "mylife-study", env={**lens_env([target]), "PATH": "/usr/bin:/bin",
                                                         "MYLIFE_LOAD_PLUGINS": "", "HOME": str(src)},
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed" in proc.stdout

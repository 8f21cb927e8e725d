"""``mylife plugin new``: the template builds a real plugin that pip installs (editable, offline,
into a throwaway environment), that ``mylife plugins`` lists, whose lens works through the real
command, and whose own tests pass; docs/plugins.md's walkthrough shows what really happens."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from mylife_core.testing import cli_env, run_cli

ROOT = Path(__file__).resolve().parent.parent


def venv_with_mylife(path: Path) -> Path:
    """A fresh virtual environment (no pip of its own) that sees this one's packages, MyLife
    included, through a ``.pth`` file: what a developer's venv with MyLife installed looks like."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    python = path / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    ours = sysconfig.get_paths()["purelib"]
    Path(site, "_mylife_dev.pth").write_text(f"import site; site.addsitedir({ours!r})\n", encoding="utf-8")
    return python


def pip_install_editable(python: Path, package: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index",
                           "--no-deps", "--no-build-isolation", "-e", str(package)],
                          capture_output=True, text=True, timeout=300)


def mylife(python: Path, *args: str, workspace: Path, load: str = "mylife-guitar") -> subprocess.CompletedProcess:
    return subprocess.run([str(python), "-m", "mylife_core", *args], capture_output=True, text=True, timeout=120,
                          env=cli_env(workspace, None, load), encoding="utf-8")


@pytest.fixture(scope="module")
def guitar(tmp_path_factory):
    base = tmp_path_factory.mktemp("template")
    made = run_cli(["plugin", "new", "guitar", "--title", "学吉他", "--into", str(base), "--json"])
    assert made.returncode == 0, made.stderr
    python = venv_with_mylife(base / "venv")
    installed = pip_install_editable(python, base / "mylife-guitar")
    assert installed.returncode == 0, installed.stderr
    return base, made.json(), python, installed


def test_the_template_is_a_lens_with_skill_tests_and_entry_point(guitar):
    base, doc, _, _ = guitar
    assert doc["distribution"] == "mylife-guitar" and doc["module"] == "mylife_guitar"
    assert sorted(doc["files"]) == ["README.md", "mylife_guitar/__init__.py", "mylife_guitar/lens.yaml",
                                    "mylife_guitar/skills/mylife-guitar/SKILL.md", "pyproject.toml",
                                    "tests/test_mylife_guitar.py"]
    pyproject = (base / "mylife-guitar" / "pyproject.toml").read_text(encoding="utf-8")
    assert '[project.entry-points.mylife]\nguitar = "mylife_guitar"' in pyproject


def test_installed_editable_it_is_listed_and_works(guitar, tmp_path):
    base, _, python, installed = guitar
    assert "warning" not in installed.stderr.lower()  # a quiet install: no setuptools warnings
    ws = tmp_path / "ws"
    assert mylife(python, "init", workspace=ws).returncode == 0
    listed = mylife(python, "plugins", "--json", workspace=ws)
    assert listed.returncode == 0, listed.stderr
    plugins = json.loads(listed.stdout)["plugins"]
    assert plugins[0] == {"name": "guitar", "distribution": "mylife-guitar", "version": "0.1.0", "builtin": False,
                          "hooks": ["register_decisions", "register_fields", "register_skills", "register_topics"]}
    text = mylife(python, "plugins", workspace=ws).stdout.splitlines()
    assert text[:2] == ["mylife-guitar 0.1.0",
                        "  hooks: register_decisions, register_fields, register_skills, register_topics"]
    check = json.loads(mylife(python, "staleness", "要不要学吉他？", "--json", workspace=ws).stdout)
    assert [d["name"] for d in check["decisions"]] == ["学吉他"]
    assert sorted(check["missing"]) == ["学吉他每周投入时间", "学吉他预算"] and check["verdict"]["kind"] == "steer"
    field = json.loads(mylife(python, "profile", "set", "学吉他预算", "3000", "--json", workspace=ws).stdout)
    assert field["field"]["ttl_days"] == 90 and field["field"]["ttl_source"] == "plugin:mylife-guitar"
    skill = json.loads(mylife(python, "skills", "mylife-guitar", "--json", workspace=ws).stdout)["skill"]
    assert skill["origin"] == "mylife-guitar" and skill["meta"] == {"lens": "guitar"}


def test_editable_means_edits_take_effect_without_reinstalling(guitar, tmp_path):
    base, _, python, _ = guitar
    lens = base / "mylife-guitar" / "mylife_guitar" / "lens.yaml"
    original = lens.read_text(encoding="utf-8")
    try:
        lens.write_text(original.replace("ttl_days: 90", "ttl_days: 60"), encoding="utf-8")
        ws = tmp_path / "ws"
        mylife(python, "init", workspace=ws)
        field = json.loads(mylife(python, "profile", "set", "学吉他预算", "3000", "--json", workspace=ws).stdout)
        assert field["field"]["ttl_days"] == 60
    finally:
        lens.write_text(original, encoding="utf-8")


def test_the_new_plugin_passes_its_own_tests(guitar):
    base, _, python, _ = guitar
    env = cli_env(None, None, "")
    run = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                         cwd=base / "mylife-guitar", capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"\b3 passed\b", run.stdout)


@pytest.mark.parametrize("title", ["yes", "2024", "!急"])
def test_a_plugin_made_with_any_accepted_title_passes_its_own_tests(title, tmp_path):
    """The template wrote the title into lens.yaml unquoted: a title like yes (a boolean), 2024 (a
    number) or !急 (a YAML tag) gave a lens MyLife refused to load and whose own tests failed."""
    import os

    made = run_cli(["plugin", "new", "demo", "--title", title, "--into", str(tmp_path)])
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "mylife-demo"
    env = cli_env(None, None, "")
    env["PYTHONPATH"] = os.pathsep.join(p for p in [str(folder), os.environ.get("PYTHONPATH", "")] if p)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=folder,
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"\b3 passed\b", run.stdout)


def test_bad_names_and_existing_folders_are_refused(tmp_path):
    bad = run_cli(["plugin", "new", "Guitar Lessons!", "--into", str(tmp_path)])
    assert bad.returncode == 2 and "插件名「guitar lessons!」无效" in bad.stderr
    backslash = run_cli(["plugin", "new", "guitar", "--title", "吉他\\入门", "--into", str(tmp_path)])
    assert backslash.returncode == 2 and "反斜杠" in backslash.stderr  # it would end a quoted string early
    assert not (tmp_path / "mylife-guitar").exists()
    (tmp_path / "mylife-guitar").mkdir()
    (tmp_path / "mylife-guitar" / "mine.txt").write_text("keep me", encoding="utf-8")
    exists = run_cli(["plugin", "new", "guitar", "--into", str(tmp_path)])
    assert exists.returncode == 4 and "已经存在" in exists.stderr
    assert [p.name for p in (tmp_path / "mylife-guitar").iterdir()] == ["mine.txt"]


def test_docs_walkthrough_matches_what_the_template_does(guitar, tmp_path):
    """docs/plugins.md's walkthrough starts with `mylife plugin new` and ends with the plugin's
    hooks in `mylife plugins`: the listing it shows is the real one."""
    docs = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    section = docs.split("## Write your own plugin", 1)[1].split("\n## ", 1)[0]
    assert "mylife plugin new guitar --title 学吉他" in section and "pip install -e ." in section
    base, _, python, _ = guitar
    ws = tmp_path / "ws"
    mylife(python, "init", workspace=ws)
    real = mylife(python, "plugins", workspace=ws).stdout  # the whole listing, the builtin count too
    assert "$ mylife plugins\n" + real in section
    made = run_cli(["plugin", "new", "guitar", "--title", "学吉他", "--into", str(tmp_path)]).stdout
    first = made.splitlines()[0].replace(str(tmp_path) + "/", "")
    assert first in section

"""A missing optional dependency is never an internal error (issue 15.2).

The commands run in a real Python environment where the optional packages are genuinely not
installed: a fresh venv whose site-packages links every package of the test environment except
the ones left out (so MyLife, its required packages and plugins are there; litellm / mcp are not).
``ask`` with a model configured falls back to the offline brief, labelled with the install command;
``chat`` the same; ``mylife mcp`` says what to install and exits 9; JSON callers get the same error.
"""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from fakellm import seed

from mylife_core.testing import cli_env

LEFT_OUT = ("litellm", "mcp")


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory) -> Path:
    """A venv with everything the test environment has except litellm and mcp."""
    root = tmp_path_factory.mktemp("venv-without-extras")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    python = root / "bin" / "python"
    target = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                 capture_output=True, text=True, check=True).stdout.strip())
    source = Path(sysconfig.get_paths()["purelib"])
    for entry in source.iterdir():
        base = entry.name.split("-")[0].split(".")[0].lower()
        if base in LEFT_OUT or base in {"pip", "_distutils_hack", "distutils", "__pycache__"}:
            continue
        (target / entry.name).symlink_to(entry)
    check = subprocess.run([str(python), "-c", "import mylife_core, click, tantivy\n"
                            "import importlib.util as u\n"
                            "print([m for m in ('litellm', 'mcp') if u.find_spec(m)])"],
                           capture_output=True, text=True)
    assert check.returncode == 0 and check.stdout.strip() == "[]", (check.stdout, check.stderr)
    return python


def run(python: Path, *args: str, ws: Path, input: str | None = None) -> subprocess.CompletedProcess:
    env = cli_env(ws, {"HOME": str(ws.parent)})
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run([str(python), "-m", "mylife_core", *args], input=input, capture_output=True, text=True,
                          env=env, timeout=120)


def test_ask_with_a_model_but_no_litellm_falls_back_to_the_offline_brief(ws, ws_path, bare_python):
    seed(ws)
    out = run(bare_python, "ask", "我该不该辞职？", "--model", "deepseek/deepseek-chat", ws=ws_path)
    assert out.returncode == 0, out.stderr
    assert "内部错误" not in out.stdout + out.stderr and "Traceback" not in out.stderr
    assert "## 你在「职业去留」上的多段表述" in out.stdout  # the whole brief, not half of it
    assert "litellm" in out.stdout and f"{bare_python} -m pip install 'litellm>=" in out.stdout
    data = json.loads(run(bare_python, "ask", "我该不该辞职？", "--model", "deepseek/deepseek-chat", "--json",
                          ws=ws_path).stdout)
    assert data["ok"] is True and data["answer"]["mode"] == "offline"
    assert data["answer"]["model_error"]["key"] == "llm_missing"


def test_chat_with_a_model_but_no_litellm_says_what_to_install(ws, ws_path, bare_python):
    seed(ws)
    out = run(bare_python, "chat", "--topic", "职业去留", "--model", "deepseek/deepseek-chat", ws=ws_path,
              input="我该不该辞职？\n/quit\n")
    assert out.returncode == 0, out.stderr
    assert "内部错误" not in out.stdout + out.stderr and "Traceback" not in out.stderr
    assert "pip install 'litellm>=" in out.stdout + out.stderr


def test_mcp_without_the_mcp_package_exits_9_with_the_install_command(ws, ws_path, bare_python):
    out = run(bare_python, "mcp", ws=ws_path)
    assert out.returncode == 9, out.stderr
    assert "mylife mcp" in out.stderr and f"{bare_python} -m pip install 'mcp>=" in out.stderr
    assert "内部错误" not in out.stderr and "Traceback" not in out.stderr


def test_the_entry_point_names_any_declared_requirement_that_is_missing():
    """The CLI's safety net: a ModuleNotFoundError reaching ``main`` for a requirement of MyLife or of
    an installed plugin becomes this error (exit 9, the install command); anything else stays a bug."""
    from mylife_core.extras import from_import_error

    vector = from_import_error(ModuleNotFoundError("No module named 'usearch'", name="usearch"))
    assert vector is not None and vector.exit_code == 9
    assert "usearch" in vector.render() and "pip install 'usearch<3,>=2.12'" in vector.render()
    litellm = from_import_error(ModuleNotFoundError("x", name="litellm.router"))
    assert litellm is not None and "'litellm>=1.50'" in litellm.render()
    assert from_import_error(ModuleNotFoundError("x", name="mylife_core.nothing")) is None
    assert from_import_error(ModuleNotFoundError("x", name="no_such_module_anywhere")) is None


def test_the_install_command_names_mylifes_own_requirement_whatever_plugin_pins_the_package(tmp_path):
    """A plugin pinning the same package (mylife-graph: ``mcp>=2.3,<3``) listed first in the
    environment must not decide the command for MyLife's own extra (it depended on folder order)."""
    info = tmp_path / "mylife_aaa_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mylife-aaa-plugin\nVersion: 0.1\n"
                                   "Requires-Dist: mcp<3,>=2.3\n", encoding="utf-8")
    code = ("from mylife_core.extras import requirement_for; from importlib.metadata import requires;"
            "print(requirement_for('mcp')); print([r for r in requires('mylife') if r.startswith('mcp')][0])")
    env = dict(cli_env(tmp_path, {}), PYTHONPATH=f"{tmp_path}:{':'.join(sys.path[1:])}")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    chosen, own = out.stdout.split("\n")[:2]
    assert chosen == own.partition(";")[0].replace(" ", "") and chosen != "mcp<3,>=2.3"

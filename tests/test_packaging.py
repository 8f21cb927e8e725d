"""Installing is quiet: MyLife's plugin packages install, editable and as wheels, without a
single setuptools warning, and ship their data files (skills, lens files, Node manifests)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from test_plugin_template import venv_with_mylife

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = sorted(p.parent.name for p in (ROOT / "plugins").glob("*/pyproject.toml"))


def copies(tmp_path: Path) -> list[Path]:
    out = []
    for name in PLUGINS:
        shutil.copytree(ROOT / "plugins" / name, tmp_path / name,
                        ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "node_modules"))
        out.append(tmp_path / name)
    return out


def pip(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=600)


def test_plugins_install_editable_without_warnings(tmp_path):
    python = venv_with_mylife(tmp_path / "venv")
    packages = copies(tmp_path)
    args = [a for p in packages for a in ("-e", str(p))]
    run = pip("--python", str(python), "install", "--quiet", "--no-index", "--no-deps", "--no-build-isolation", *args)
    assert run.returncode == 0, run.stderr
    assert run.stdout + run.stderr == "", run.stdout + run.stderr


def test_plugin_wheels_ship_their_data_quietly(tmp_path):
    target = tmp_path / "site"
    run = pip("install", "--quiet", "--no-index", "--no-deps", "--no-build-isolation", "--target", str(target),
              *map(str, copies(tmp_path)))
    assert run.returncode == 0, run.stderr
    assert run.stdout + run.stderr == "", run.stdout + run.stderr
    for data in ("mylife_career/lens.yaml", "mylife_career/skills/mylife-career/SKILL.md",
                 "mylife_finance/skills/mylife-finance/SKILL.md", "mylife_fields_health/fields.yaml",
                 "mylife_graph/node/package-lock.json", "mylife_memorix/node/package.json"):
        assert (target / data).is_file(), data


def test_mylife_wheel_compiles_the_catalogs_at_build_time(tmp_path):
    """A clean checkout has only .po sources; the build backend compiles them and the wheel ships
    the .mo files (and the plugin template), quietly."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    src = tmp_path / "src"
    for rel in listed:
        if rel.startswith(("mylife_core/", "_build/")) or rel in ("pyproject.toml", "README.md", "MANIFEST.in"):
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            if (ROOT / rel).is_file():
                shutil.copy2(ROOT / rel, src / rel)
    assert not list(src.rglob("*.mo"))
    run = pip("wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(tmp_path / "dist"), str(src))
    assert run.returncode == 0, run.stderr
    assert run.stdout + run.stderr == "", run.stdout + run.stderr
    import zipfile

    names = zipfile.ZipFile(next((tmp_path / "dist").glob("mylife-*.whl"))).namelist()
    for mo in ("mylife_core/locale/zh_CN/LC_MESSAGES/mylife.mo", "mylife_core/locale/en/LC_MESSAGES/mylife.mo",
               "mylife_core/locale/zh_CN/LC_MESSAGES/click.mo", "mylife_core/plugin_template/pyproject.toml.tmpl"):
        assert mo in names, mo
    assert not any(n.endswith(".po") for n in names)

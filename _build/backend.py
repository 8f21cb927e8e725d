"""MyLife's build backend: setuptools, after compiling the gettext catalogs with Babel.

``pyproject.toml`` names it (``build-backend = "backend"``, ``backend-path = ["_build"]``), so
every wheel and every editable install (``pip install -e .``) carries ``.mo`` files compiled
from the ``.po`` sources in ``mylife_core/locale/`` (see mylife_core/messages/catalogs.py).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - every other hook is setuptools' own

ROOT = Path(__file__).resolve().parent.parent


def _compile_catalogs() -> None:
    path = ROOT / "mylife_core" / "messages" / "catalogs.py"
    spec = importlib.util.spec_from_file_location("_mylife_catalogs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_dir(ROOT / "mylife_core" / "locale")


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _compile_catalogs()
    return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _compile_catalogs()
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)

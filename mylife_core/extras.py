"""Optional dependencies: when one is missing, say so plainly with the command that installs it.

MyLife's core runs on its required packages alone. A model (``litellm``, the ``llm`` extra), the
MCP server (``mcp``, the ``mcp`` extra) and some plugins' packages are optional; a command that
needs one that is not installed raises :class:`MissingDependency` (exit 9), never an internal
error. The install command is exact for the interpreter running MyLife: ``pipx inject`` inside a
pipx environment, ``python -m pip install`` where pip is available, ``uv pip install --python``
where only uv is (``uv tool`` environments). The requirement (with its version bounds) is read
from the installed distribution's metadata, so it cannot drift from ``pyproject.toml``.

Model calls turn a missing ``litellm`` into a :class:`~mylife_core.llm.errors.ModelError`
(``llm_missing``), so ``ask`` and ``chat`` fall back to the offline brief as they do for an
unreachable model (docs/ask.md).
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import shlex
import shutil
import sys
from pathlib import Path
from types import ModuleType

from .errors import MyLifeError

# module name -> (distribution that declares it, extra). Other modules are looked up among the
# requirements of every installed ``mylife`` / ``mylife-*`` distribution.
KNOWN: dict[str, tuple[str, str | None]] = {"litellm": ("mylife", "llm"), "mcp": ("mylife", "mcp")}


class MissingDependency(MyLifeError):
    """An optional package a command needs is not installed (the message says how to install it)."""

    code = "missing_dependency"
    exit_code = 9


_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _name_of(requirement: str) -> str:
    match = _NAME.match(requirement)
    return match[1] if match else requirement


def _requirements() -> list[tuple[str, str]]:
    """(distribution, requirement text without markers) of mylife and every mylife-* plugin."""
    from importlib.metadata import distributions

    out: list[tuple[str, str]] = []
    for dist in distributions():
        name = _canonical(dist.metadata.get("Name") or "")
        if name != "mylife" and not name.startswith("mylife-"):
            continue
        for req in dist.requires or []:
            out.append((name, req))
    return out


def requirement_for(module: str) -> str:
    """The requirement that provides ``module`` (``litellm>=1.50``), or the module's name."""
    top = module.split(".")[0]
    wanted = _canonical(top)
    dist_name, extra = KNOWN.get(top, (None, None))
    # the distribution that declares the extra first (a plugin may pin the same package more
    # narrowly; which one the environment lists first depends on its folder's order)
    for name, req in sorted(_requirements(), key=lambda item: item[0] != dist_name):
        spec, _, marker = req.partition(";")
        spec = spec.strip()
        if _canonical(_name_of(spec)) != wanted:
            continue
        if dist_name and name == dist_name and extra and f'"{extra}"' not in marker and f"'{extra}'" not in marker:
            continue
        return spec.replace(" ", "")
    return top


def install_command(requirement: str) -> str:
    """A command that installs ``requirement`` into the environment running MyLife."""
    req = shlex.quote(requirement)
    prefix = Path(sys.prefix)
    if "pipx" in prefix.parts and "venvs" in prefix.parts:
        return f"pipx inject {shlex.quote(prefix.name)} {req}"
    python = shlex.quote(sys.executable)
    if importlib.util.find_spec("pip") is None and shutil.which("uv"):
        return f"uv pip install --python {python} {req}"
    return f"{python} -m pip install {req}"


def missing(module: str, *, feature: str) -> MissingDependency:
    """The error for a missing optional ``module`` that ``feature`` needs."""
    requirement = requirement_for(module)
    return MissingDependency("missing_dependency", feature=feature, package=_name_of(requirement),
                             command=install_command(requirement))


def require(module: str, *, feature: str) -> ModuleType:
    """Import ``module`` or raise :class:`MissingDependency` naming ``feature`` and the install command."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] == module.split(".")[0]:
            raise missing(module, feature=feature) from None
        raise


def from_import_error(exc: ModuleNotFoundError) -> MissingDependency | None:
    """A :class:`MissingDependency` for a ModuleNotFoundError that reached the top, when the module is
    a declared requirement of MyLife or an installed plugin (not a bug in MyLife's own code)."""
    name = (exc.name or "").split(".")[0]
    if not name or name.startswith("mylife"):
        return None
    if name not in KNOWN and requirement_for(name) == name:
        return None
    return missing(name, feature=name)

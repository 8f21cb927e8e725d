"""Node.js and the npm packages of MyLife's backend plugins.

A backend plugin ships a ``node/`` folder with a ``package.json`` and a ``package-lock.json``
(exact versions). Its npm packages are looked for, in this order:

1. the folder named by the plugin's override variable (``MYLIFE_MEMORIX_NODE_DIR``...): a
   folder where you ran ``npm ci`` yourself;
2. the folder ``mylife store setup <backend> --into DIR`` last installed into, remembered in
   ``~/.config/mylife/node/<backend>.dir`` (``$XDG_CONFIG_HOME`` honoured);
3. the plugin's own ``node/node_modules`` (a source checkout after ``npm ci`` there: what CI does);
4. ``~/.cache/mylife/node/<backend>/node_modules`` (``$XDG_CACHE_HOME`` honoured): where
   ``mylife store setup <backend>`` installs them for a pip user.

``node`` itself is ``$MYLIFE_NODE`` if set, else the first ``node`` on ``PATH``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .errors import BackendUnavailable


def find_node() -> str | None:
    explicit = os.environ.get("MYLIFE_NODE")
    if explicit:
        return explicit if Path(explicit).is_file() else shutil.which(explicit)
    return shutil.which("node")


def node_version(node: str) -> tuple[int, int, int] | None:
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.match(r"v?(\d+)\.(\d+)\.(\d+)", out.strip())
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


def user_cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "mylife" / "node"


def user_config_root() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base) if base else Path.home() / ".config") / "mylife" / "node"


@dataclass(frozen=True)
class NodePackage:
    """The npm package behind one backend (see the module docstring)."""

    backend: str  # "memorix", "graph": the name users type
    label: str  # "Memorix": the name in messages
    npm_name: str  # "memorix", "@modelcontextprotocol/server-memory"
    entry: str  # the server's script inside the npm package: "dist/cli/index.js"
    bundled: Path  # the plugin's node/ folder (package.json + package-lock.json)
    env_var: str  # override variable naming a folder that holds node_modules/
    min_node: int = 20

    @property
    def user_dir(self) -> Path:
        return user_cache_root() / self.backend

    @property
    def remembered_file(self) -> Path:
        """Where ``store setup --into DIR`` remembers DIR (one line: the folder)."""
        return user_config_root() / f"{self.backend}.dir"

    def remembered(self) -> Path | None:
        try:
            text = self.remembered_file.read_text(encoding="utf-8").strip()
        except OSError:
            return None
        return Path(text) if text else None

    def _remember(self, folder: Path) -> None:
        from ..storage.atomic import atomic_write_text, ensure_private_dir

        if folder == self.user_dir.expanduser().absolute():  # the default needs no note
            self.remembered_file.unlink(missing_ok=True)
            return
        ensure_private_dir(self.remembered_file.parent)
        atomic_write_text(self.remembered_file, str(folder) + "\n")

    def folders(self) -> list[Path]:
        folders = []
        override = os.environ.get(self.env_var)
        if override:
            folders.append(Path(override).expanduser())
        remembered = self.remembered()
        if remembered is not None:
            folders.append(remembered)
        folders += [self.bundled, self.user_dir]
        return folders

    def entry_in(self, folder: Path) -> Path:
        return folder / "node_modules" / Path(*self.npm_name.split("/")) / self.entry

    def locate(self) -> tuple[str, Path]:
        """``(node, script)`` to run the server, or :class:`BackendUnavailable` saying how to
        install what is missing."""
        node = find_node()
        if node is None:
            raise BackendUnavailable("backend_no_node", backend=self.label, version=self.min_node)
        for folder in self.folders():
            script = self.entry_in(folder)
            if script.is_file():
                return node, script
        raise BackendUnavailable("backend_not_installed", backend=self.label, package=self.npm_name,
                                 name=self.backend, folders=", ".join(str(f) for f in self.folders()),
                                 env_var=self.env_var)

    def installed_version(self, folder: Path) -> str | None:
        import json

        manifest = folder / "node_modules" / Path(*self.npm_name.split("/")) / "package.json"
        try:
            return json.loads(manifest.read_text(encoding="utf-8")).get("version")
        except (OSError, ValueError):
            return None

    def install(self, target: Path | None = None, *, echo: Callable[[str], None] = print,
                timeout: float = 1800) -> Path:
        """Install the locked npm packages into ``target`` (default: the user cache folder) with
        ``npm ci``; returns the folder. Raises :class:`BackendUnavailable` on failure."""
        from ..storage.atomic import ensure_private_dir

        node = find_node()
        if node is None:
            raise BackendUnavailable("backend_no_node", backend=self.label, version=self.min_node)
        version = node_version(node)
        if version is None or version[0] < self.min_node:
            raise BackendUnavailable("backend_old_node", backend=self.label, version=self.min_node,
                                     found=".".join(map(str, version)) if version else "?")
        npm = shutil.which("npm", path=str(Path(node).parent) + os.pathsep + os.environ.get("PATH", ""))
        if npm is None:
            raise BackendUnavailable("backend_no_npm", backend=self.label)
        folder = (target or self.user_dir).expanduser().absolute()
        ensure_private_dir(folder)
        if folder.resolve() != self.bundled.resolve():
            for name in ("package.json", "package-lock.json"):
                shutil.copyfile(self.bundled / name, folder / name)
        echo(f"$ npm ci --omit=optional --no-audit --no-fund  ({folder})")
        proc = subprocess.run([npm, "ci", "--omit=optional", "--no-audit", "--no-fund"], cwd=folder,
                              capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
            raise BackendUnavailable("backend_install_failed", backend=self.label, folder=str(folder),
                                     log=tail or "-")
        if not self.entry_in(folder).is_file():
            raise BackendUnavailable("backend_install_failed", backend=self.label, folder=str(folder),
                                     log=f"{self.entry_in(folder)} missing after npm ci")
        if folder.resolve() != self.bundled.resolve():
            self._remember(folder)  # so every later command finds it (locate, store status)
        return folder

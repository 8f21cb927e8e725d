"""The base of every claim store that lives in an external MCP server (Memorix, the graph).

What it adds to a backend's few primitives, so that each backend obeys the same contract as the
builtin ``files`` store (``tests/store_conformance.py``):

* **read every write back**: a claim is reported as stored only once the server gives back
  exactly the record that was written (every field compared); otherwise the write fails with a
  clear error and the claim is not reported as stored;
* **survive a dead or hung server**: a call that finds the server dead (or times out) restarts
  it once and repeats the call; every call a store makes is idempotent (an upsert keyed by the
  claim id, a set-like add, a read), so a repeat cannot duplicate anything;
* **queries without the server**: topic/time/kind/status queries, ``get`` and id allocation are
  answered by the mirror index in ``cache/`` (:mod:`.mirror`), rebuilt from the backend when the
  backend's fingerprint changed; a read-only command does not even start Node;
* **settings**: ``backends/<name>/config.env`` (:mod:`.envfile`) is passed to the server,
  except the variables MyLife manages (data paths), which it refuses to let you override.

A subclass provides ``fingerprint()``, ``server_spec()``, ``load_all()``, ``write()`` and
``read_back()``.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import BackendError, BackendFailed, BackendUnavailable, ServerDied, ServerTimeout
from .mirror import MirrorIndex

if TYPE_CHECKING:  # pragma: no cover
    from ..layers.claims import Claim
    from ..workspace import Workspace
    from .node import NodePackage
    from .stdio import StdioServer, ToolResult


def first_difference(a: "Claim", b: "Claim") -> str:
    for name in type(a).model_fields:
        if getattr(a, name) != getattr(b, name):
            return name
    return "-"


class ExternalClaimStore:
    """A :class:`~mylife_core.layers.claims.ClaimStore` backed by a stdio MCP server."""

    name: ClassVar[str] = ""
    label: ClassVar[str] = ""
    managed_env: ClassVar[tuple[str, ...]] = ()  # variables MyLife sets; config.env may not
    config_header: ClassVar[tuple[str, ...]] = ()
    config_defaults: ClassVar[dict[str, str]] = {}
    empty_fingerprint: ClassVar[str | None] = None  # fingerprint() when the backend has no data at all

    def __init__(self, ws: "Workspace") -> None:
        self.ws = ws
        self.dir = ws.root / "backends" / self.name
        self.mirror = MirrorIndex(ws.cache_dir / f"store-{self.name}.sqlite")
        self.server: StdioServer | None = None
        self.restarts = 0
        self.call_timeout = 60.0  # seconds per tool call; a hung server is restarted after this

    # -- what a backend provides --------------------------------------------------------------
    @classmethod
    def package(cls) -> "NodePackage":  # pragma: no cover - abstract
        raise NotImplementedError

    def fingerprint(self) -> str | None:  # pragma: no cover - abstract
        """A cheap token that changes when the backend's data changes (no server needed)."""
        raise NotImplementedError

    def server_spec(self, node: str, script: Path, env: dict[str, str]) -> dict[str, Any]:  # pragma: no cover
        """Prepare the backend folder; return ``StdioServer`` keyword arguments."""
        raise NotImplementedError

    def load_all(self) -> list[tuple["Claim", str | None]]:  # pragma: no cover - abstract
        """Every claim in the backend with its backend reference."""
        raise NotImplementedError

    def write(self, claims: list["Claim"], previous: dict[str, tuple["Claim", str | None]]) -> dict[str, str | None]:
        """Persist ``claims`` (``previous`` holds the stored version of those being replaced);
        return each claim's backend reference. Must be idempotent."""
        raise NotImplementedError  # pragma: no cover

    def read_back(self, refs: dict[str, str | None], claims: list["Claim"]) -> dict[str, "Claim"]:
        """The claims as the backend holds them now (by id)."""
        raise NotImplementedError  # pragma: no cover

    # -- settings ------------------------------------------------------------------------------
    @property
    def config_path(self) -> Path:
        return self.dir / "config.env"

    def settings(self) -> dict[str, str]:
        """``config.env`` (created with defaults on first use), managed variables refused."""
        from ..errors import DataFileError
        from ..messages import t
        from ..storage.atomic import ensure_private_dir
        from . import envfile

        ensure_private_dir(self.dir)
        if not envfile.ensure(self.config_path, self.config_defaults, self.config_header):
            with contextlib.suppress(OSError):  # it may hold a key: keep it private to the user
                if self.config_path.stat().st_mode & 0o077:
                    os.chmod(self.config_path, 0o600)
        values = envfile.parse(self.config_path)
        for key in values:
            if key in self.managed_env:
                raise DataFileError(self.config_path, _line_of(self.config_path, key),
                                    t("bad_file.env_managed", key=key))
        return values

    # -- the server ----------------------------------------------------------------------------
    def ensure_server(self) -> "StdioServer":
        from .stdio import StdioServer

        if self.server is not None and self.server.running:
            return self.server
        if self.server is None:
            node, script = self.package().locate()
            spec = self.server_spec(node, script, self.settings())
            self.server = StdioServer(label=self.label, log_path=self.ws.cache_dir / "backends" / f"{self.name}.log",
                                      call_timeout=self.call_timeout, **spec)
        if self.server.starts and not self.server.stopped:  # it ran, nobody stopped it, it is gone
            print(_t("store.restarting", backend=self.label, reason=_t("store.server_gone")), file=sys.stderr)
            self.restarts += 1
            try:
                self.server.restart()
            except BackendUnavailable as exc:
                raise BackendFailed("backend_restart_failed", backend=self.label, reason=exc.render()) from None
        else:
            self.server.start()
        return self.server

    def call(self, tool: str, arguments: dict[str, Any] | None = None, *, timeout: float | None = None) -> "ToolResult":
        """Call a tool; a dead or hung server is restarted once and the (idempotent) call repeated."""
        server = self.ensure_server()
        try:
            return server.call(tool, arguments, timeout=timeout)
        except (ServerDied, ServerTimeout) as first:
            print(_t("store.restarting", backend=self.label, reason=first.render().splitlines()[0]), file=sys.stderr)
            self.restarts += 1
            try:
                server.restart()
            except BackendUnavailable as exc:
                raise BackendFailed("backend_restart_failed", backend=self.label, reason=exc.render()) from None
            return server.call(tool, arguments, timeout=timeout)

    def restart(self) -> None:
        if self.server is not None:
            self.server.restart()
        else:
            self.ensure_server()

    # -- the mirror -----------------------------------------------------------------------------
    def _ensure_synced(self) -> None:
        """Make the index match the backend. The fingerprint is checked on *every* call (it is
        cheap): another process (``mylife mcp``, a second terminal) may have written since,
        and allocating a claim id from a stale index would overwrite its claim."""
        fingerprint = self.fingerprint()
        if fingerprint is not None and fingerprint == self.mirror.fingerprint:
            return
        self.rebuild()

    def rebuild(self) -> list[str]:
        """Re-read every claim from the backend into the mirror; returns vanished ids."""
        from .. import clock

        if self.fingerprint() == self.empty_fingerprint:  # no data yet: nothing to read, no server
            before = after = self.empty_fingerprint
            items: list = []
        else:
            self.ensure_server()  # first: a server may create or migrate its files as it starts
            before = self.fingerprint()
            items = self.load_all()
            after = self.fingerprint()
        gone = self.mirror.replace_all(items, fingerprint=after if after == before else None,
                                       now=clock.now().isoformat())
        if gone:
            print(_t("store.vanished_warning", backend=self.label, n=len(gone), ids=", ".join(gone[:5])),
                  file=sys.stderr)
        return gone

    # -- ClaimStore -------------------------------------------------------------------------------
    def add(self, claims: list["Claim"]) -> None:
        self._ensure_synced()
        seen: set[str] = set()
        for c in claims:
            if c.id in seen or self.mirror.get(c.id) is not None:
                raise ValueError(f"claim id {c.id} already exists")
            seen.add(c.id)
        self._write_verified(claims, {})

    def update(self, claim: "Claim") -> None:
        self._ensure_synced()
        old = self.mirror.get(claim.id)
        if old is None:
            raise KeyError(claim.id)
        self._write_verified([claim], {claim.id: (old, self.mirror.ref(claim.id))})

    def _write_verified(self, claims: list["Claim"], previous: dict[str, tuple["Claim", str | None]]) -> None:
        if not claims:
            return
        fingerprint_before = self.fingerprint()
        in_sync = fingerprint_before is not None and fingerprint_before == self.mirror.fingerprint
        try:
            refs = self.write(claims, previous)
            back = self.read_back(refs, claims)
            for claim in claims:
                got = back.get(claim.id)
                if got is None:
                    raise BackendFailed("backend_not_stored", backend=self.label, id=claim.id)
                if got != claim:
                    raise BackendFailed("backend_readback_mismatch", backend=self.label, id=claim.id,
                                        field=first_difference(claim, got))
        except BackendError:
            self.mirror.invalidate()  # whatever landed is picked up by the next rebuild
            raise
        self.mirror.upsert((c, refs.get(c.id)) for c in claims)
        self.mirror.set_fingerprint(self.fingerprint() if in_sync else None)

    def get(self, claim_id: str) -> "Claim | None":
        self._ensure_synced()
        return self.mirror.get(claim_id)

    def query(self, **filters: Any) -> list["Claim"]:
        self._ensure_synced()
        return self.mirror.query(**filters)

    def iter_all(self) -> Iterator["Claim"]:
        self._ensure_synced()
        return self.mirror.iter_all()

    def ids_on(self, day: date) -> list[str]:
        self._ensure_synced()
        return self.mirror.ids_on(day)

    def counts(self) -> dict[str, dict[str, int]]:
        self._ensure_synced()
        return self.mirror.counts()

    #: workspace-relative paths a claim write touches (never config.env: it may hold a key)
    data_paths: ClassVar[tuple[str, ...]] = ()

    def paths_for(self, claim: "Claim") -> list[str]:
        return list(self.data_paths)

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
        self.mirror.close()

    # -- status ---------------------------------------------------------------------------------
    def describe(self, *, verify: bool = False) -> dict[str, Any]:
        """What ``mylife store status`` shows; ``verify`` compares the mirror with the backend."""
        package = self.package()
        info: dict[str, Any] = {"name": self.name, "label": self.label, "folder": f"backends/{self.name}/",
                                "config": f"backends/{self.name}/config.env", "npm_package": package.npm_name}
        try:
            node, script = package.locate()
            info.update(installed=True, node=node, script=str(script),
                        version=package.installed_version(script.parents[len(Path(package.entry).parts)
                                                                          + len(package.npm_name.split("/"))]))
        except BackendUnavailable as exc:
            info.update(installed=False, problem=exc.render())
        fingerprint = self.fingerprint()
        info["index_fresh"] = fingerprint is not None and fingerprint == self.mirror.fingerprint
        if verify and info["installed"]:
            self.rebuild()
            info["index_fresh"] = True
            if self.server is not None:
                info["startup_seconds"] = self.server.startup_seconds
        info["claims"] = self.mirror.count()
        info["vanished"] = self.mirror.vanished()
        return info


def _line_of(path: Path, key: str) -> int | None:
    try:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip().removeprefix("export ").lstrip().startswith(f"{key}="):
                return number
    except OSError:
        return None
    return None


def _t(key: str, **params: Any) -> str:
    from ..messages import t

    return t(key, **params)

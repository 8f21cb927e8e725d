"""Builtin plugin: ``mylife store status|setup|migrate`` — where L2 lives, and moving it.

* :func:`store_status` lists every registered claim store, marks the configured one, and for an
  external backend says whether its npm package is installed, how many claims its index holds,
  and which claims (if any) vanished from the backend behind MyLife's back;
* :func:`setup_backend` installs an external backend's locked npm packages (``npm ci``);
* :func:`migrate` moves L2 to another store **losslessly and atomically from the user's point of
  view**: under the workspace lock it copies every claim (same ids, statuses, pointers, every
  field), re-reads the target from the backend itself and compares claim by claim, and only then
  switches ``store:`` in ``config.yaml``. Until that single atomic write the old store stays in
  force; on any failure nothing changes and nothing is lost. The old store's data is left in
  place. An interrupted migration resumes: claims already copied identically are skipped.

This module is imported on every run: everything heavy is imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mylife_core import hookimpl

if TYPE_CHECKING:  # pragma: no cover
    from mylife_core.workspace import Workspace

BATCH = 200


def _is_external(factory: Any) -> bool:
    return hasattr(factory, "package") and hasattr(factory, "verify_installation")


def _lookup(plugins: Any, name: str) -> Any:
    from mylife_core.errors import UsageError

    spec = plugins.stores().get(name)
    if spec is None:
        raise UsageError("store_unknown", name=name, available=", ".join(sorted(plugins.stores())))
    return spec


def store_status(ws: "Workspace", *, verify: bool = False) -> dict[str, Any]:
    """Every registered store; ``verify`` re-reads the configured external store from its server."""
    stores = []
    for name, spec in sorted(ws.plugins.stores().items()):
        entry: dict[str, Any] = {"name": name, "description": spec.describe(), "plugin": spec.plugin,
                                 "configured": name == ws.config.store, "external": _is_external(spec.factory)}
        if entry["external"]:
            store = ws.claims.store if entry["configured"] else spec.factory(ws)
            try:
                entry.update(store.describe(verify=verify and entry["configured"]))
            finally:
                if not entry["configured"]:
                    store.close()
        elif entry["configured"]:
            entry["claims"] = sum(ws.claims.counts().get("status", {}).values())
        stores.append(entry)
    if ws.config.store not in ws.plugins.stores():  # configured, but its plugin is not installed
        from mylife_core.messages import t

        stores.append({"name": ws.config.store, "description": "", "plugin": None, "configured": True,
                       "external": True, "installed": False,
                       "problem": t("error.store_unknown", name=ws.config.store,
                                    available=", ".join(sorted(ws.plugins.stores())))})
    return {"store": ws.config.store, "stores": stores}


def setup_backend(plugins: Any, name: str, *, into: Any = None, echo: Callable[[str], None] = print) -> dict[str, Any]:
    """Install the locked npm packages of store ``name`` and check they load."""
    from mylife_core.errors import UsageError

    spec = _lookup(plugins, name)
    if not _is_external(spec.factory):
        raise UsageError("store_not_external", name=name)
    package = spec.factory.package()
    folder = package.install(into, echo=echo)
    spec.factory.verify_installation()
    return {"backend": name, "folder": str(folder), "npm_package": package.npm_name,
            "version": package.installed_version(folder)}


def _snapshot(store: Any) -> dict[str, Any]:
    return {c.id: c for c in store.iter_all()}


def migrate(ws: "Workspace", target: str, *, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Move L2 from the configured store to ``target`` (see the module docstring)."""
    from mylife_core.errors import Conflict, UsageError

    spec = _lookup(ws.plugins, target)
    with ws.lock():  # the store in force is read under the lock: another migration may just have run
        source_name = ws.config.store
        if target == source_name:
            raise UsageError("store_same", name=target)
        source = ws.claims.store
        claims = list(source.iter_all())
        by_id = {c.id: c for c in claims}
        dest = spec.factory(ws)
        try:
            # every file the copy writes is recorded with the switch; one changed outside MyLife
            # is refused before anything is copied (ws.require_unchanged)
            paths_for = getattr(dest, "paths_for", None)
            written = sorted({p for c in claims for p in paths_for(c)}) if paths_for else []
            ws.require_unchanged([*written, "config.yaml"])
            existing = _snapshot(dest)
            extra = sorted(i for i in existing if i not in by_id)
            if extra:
                raise Conflict("migrate_target_not_empty", name=target, n=len(extra), ids=", ".join(extra[:3]),
                               folder=_data_folder(dest))
            to_add = [c for c in claims if c.id not in existing]
            to_update = [c for c in claims if c.id in existing and existing[c.id] != c]
            done = len(claims) - len(to_add) - len(to_update)
            for start in range(0, len(to_add), BATCH):
                dest.add(to_add[start:start + BATCH])
                done += len(to_add[start:start + BATCH])
                if progress:
                    progress(done, len(claims))
            for claim in to_update:
                dest.update(claim)
                done += 1
                if progress and done % BATCH == 0:
                    progress(done, len(claims))
            _verify(dest, by_id, source_name)
        finally:
            dest.close()
        detail = {"from": source_name, "to": target, "claims": len(claims), "copied": len(to_add),
                  "updated": len(to_update)}
        # the commit point: one atomic write of config.yaml, read again under the lock so that
        # nothing else in it changes; the workspace then writes claims to the new store
        ws.update_config({"store": target}, actor="user")
        ws.commit_change("user", "store.migrate", target, paths=["config.yaml", *written], detail=detail)
        source.close()
    return {"from": source_name, "to": target, "claims": len(claims), "copied": len(to_add),
            "updated": len(to_update), "skipped": len(claims) - len(to_add) - len(to_update),
            "old_data": _data_folder(source)}


def _verify(dest: Any, expected: dict[str, Any], source_name: str) -> None:
    """Re-read the target from the backend itself (not its index) and compare every claim."""
    from mylife_core.errors import Conflict

    rebuild = getattr(dest, "rebuild", None)
    if rebuild is not None:
        rebuild()
    else:
        close = getattr(dest, "close", None)
        if close is not None:
            close()  # the files store re-reads its shards when next opened
    got = _snapshot(dest)
    missing = sorted(set(expected) - set(got))
    extra = sorted(set(got) - set(expected))
    changed = sorted(i for i in expected if i in got and got[i] != expected[i])
    for problem, ids in (("missing", missing), ("unexpected", extra), ("changed", changed)):
        if ids:
            raise Conflict("migrate_verify_failed", problem=f"{len(ids)} {problem}: {', '.join(ids[:5])}",
                           source=source_name)


def _data_folder(store: Any) -> str:
    name = getattr(store, "name", "")
    return "claims/" if name == "files" else f"backends/{name}/"


@hookimpl
def register_commands(cli):
    from mylife_core.cli.lazy import lazy_commands

    lazy_commands(cli, {"store": "help.store"}, _register)


def _register(cli):
    import click

    from mylife_core.cli.common import Output, json_option, workspace_options
    from mylife_core.messages import t

    @cli.group("store", help=t("help.store"))
    def store() -> None:
        pass

    @store.command("status", help=t("help.store.status"), short_help=t("help.store.status.short"))
    @click.option("--verify", is_flag=True, help=t("help.opt.store_verify"))
    @workspace_options
    def status(ws, out: Output, verify: bool) -> None:
        info = store_status(ws, verify=verify)
        out.emit({"ok": True, **info})
        for entry in info["stores"]:
            mark = "*" if entry["configured"] else " "
            out.line(f"{mark} {entry['name']:<9} {entry['description']}")
            if entry["external"]:
                if entry.get("installed"):
                    out.line("    " + t("store.status_installed", version=entry.get("version") or "?",
                                          script=entry.get("script", "")))
                else:
                    out.line("    " + (entry.get("problem") or "").splitlines()[0], fg="yellow")
            if "claims" in entry:
                out.line("    " + t("store.status_claims", n=entry["claims"], folder=entry.get("folder", "claims/")))
            if entry.get("startup_seconds") is not None:
                out.line("    " + t("store.status_startup", seconds=f"{entry['startup_seconds']:.2f}"))
            for gone in entry.get("vanished") or []:
                out.line("    " + t("store.status_vanished", id=gone["id"], text=gone["claim"].get("claim", "")[:40]),
                         fg="red")
        out.line(t("store.status_configured", name=info["store"]))

    @store.command("setup", help=t("help.store.setup"), short_help=t("help.store.setup.short"))
    @click.argument("name")
    @click.option("--into", type=click.Path(file_okay=False), default=None, help=t("help.opt.store_into"))
    @json_option
    def setup(name: str, into: str | None, as_json: bool) -> None:
        from pathlib import Path

        from mylife_core.plugins import PluginHost

        out = Output(as_json)
        result = setup_backend(PluginHost(), name, into=Path(into) if into else None, echo=out.note)
        out.emit({"ok": True, **result})
        out.line(t("store.setup_done", backend=name, folder=result["folder"], version=result["version"] or "?"))

    @store.command("migrate", help=t("help.store.migrate"), short_help=t("help.store.migrate.short"))
    @click.option("--to", "target", required=True, help=t("help.opt.store_to"))
    @workspace_options
    def migrate_cmd(ws, out: Output, target: str) -> None:
        def progress(done: int, total: int) -> None:
            out.note(t("store.migrate_progress", done=done, total=total))

        result = migrate(ws, target, progress=progress)
        out.emit({"ok": True, **result})
        out.line(t("store.migrated", **result))
        out.line(t("store.migrate_old_data", folder=result["old_data"], name=result["from"]))

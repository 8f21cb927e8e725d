"""The plugin manager and the small facade the core calls instead of ``pm.hook.*``.

Load order (documented in docs/plugins.md):

1. the builtin plugins, every module of :mod:`mylife_core.builtin` (defaults such as the
   ``files`` claim store), registered under the name ``mylife.<module>``;
2. installed distributions advertising the entry-point group ``mylife``;
3. plugins a caller (a test) registers by hand.

``MYLIFE_LOAD_PLUGINS`` limits step 2: unset loads all, an empty string loads none, and a
comma-separated list loads only those distributions or entry-point names.
``MYLIFE_TRACE_HOOKS=1`` prints every hook call to stderr.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pluggy
from pydantic import BaseModel, ValidationError

from . import hookspecs
from .errors import PluginError
from .specs import (
    Change,
    DecisionSpec,
    DriftSignal,
    FieldSpec,
    SkillDirSpec,
    StoreSpec,
    SynonymSpec,
    ToolSpec,
    TopicSpec,
    Verdict,
)

BUILTIN_PREFIX = "mylife."

S = TypeVar("S", bound=BaseModel)


@dataclass
class PluginInfo:
    name: str
    version: str | None
    builtin: bool
    hooks: list[str]
    distribution: str | None = None


def _builtin_modules() -> list[str]:
    from . import builtin

    return sorted(f"{builtin.__name__}.{m.name}" for m in pkgutil.iter_modules(builtin.__path__))


def _selected(env: str | None, names: set[str]) -> bool:
    if env is None:
        return True
    wanted = {n.strip() for n in env.split(",") if n.strip()}
    return bool(wanted & names)


def get_plugin_manager(*, load_entrypoints: bool | None = None, load_builtins: bool = True) -> pluggy.PluginManager:
    """A fresh manager: specs, builtin plugins, then entry points (unless switched off)."""
    pm = pluggy.PluginManager("mylife")
    pm.add_hookspecs(hookspecs)
    for modname in _builtin_modules() if load_builtins else []:
        module = importlib.import_module(modname)
        pm.register(module, name=BUILTIN_PREFIX + modname.rsplit(".", 1)[1])
    env = os.environ.get("MYLIFE_LOAD_PLUGINS")
    if load_entrypoints is None:
        load_entrypoints = True
    if load_entrypoints:
        _load_entrypoints(pm, env)
    if os.environ.get("MYLIFE_TRACE_HOOKS"):
        pm.trace.root.setwriter(lambda msg: sys.stderr.write(msg))
        pm.enable_tracing()
    pm.check_pending()
    return pm


def _load_entrypoints(pm: pluggy.PluginManager, env: str | None) -> None:
    from importlib.metadata import entry_points

    for ep in entry_points(group="mylife"):
        dist = getattr(ep, "dist", None)
        dist_name = dist.metadata["Name"] if dist is not None else ep.name
        if not _selected(env, {ep.name, dist_name}):
            continue
        if pm.get_plugin(ep.name) is not None or pm.is_blocked(ep.name):
            continue
        try:
            plugin = ep.load()
        except Exception as exc:  # attribute the failure to the plugin, do not crash blindly
            raise PluginError("plugin_import", name=dist_name, reason=f"{type(exc).__name__}: {exc}") from exc
        pm.register(plugin, name=ep.name)
        if dist is not None:
            pm._plugin_distinfo.append((plugin, dist))  # what load_setuptools_entrypoints does


_default_host: "PluginHost | None" = None


def default_host() -> "PluginHost":
    """The process's plugin host, built on first use (the CLI and workspaces share it)."""
    global _default_host
    if _default_host is None:
        _default_host = PluginHost()
    return _default_host


class PluginHost:
    """What the core asks of its plugins; every call is attributed to the plugin that answered."""

    def __init__(self, pm: pluggy.PluginManager | None = None) -> None:
        self.pm = pm if pm is not None else get_plugin_manager()
        self._registries: dict[str, dict[str, Any]] = {}
        self.warnings: list[str] = []

    # -- introspection ---------------------------------------------------------------------
    def plugin_infos(self) -> list[PluginInfo]:
        dists = {id(p): d for p, d in self.pm.list_plugin_distinfo()}
        infos = []
        for plugin in self.pm.get_plugins():
            name = self.pm.get_name(plugin) or repr(plugin)
            dist = dists.get(id(plugin))
            hooks = sorted(h.name for h in self.pm.get_hookcallers(plugin) or [])
            infos.append(PluginInfo(
                name=name,
                version=dist.version if dist is not None else None,
                builtin=name.startswith(BUILTIN_PREFIX),
                hooks=hooks,
                distribution=dist.metadata["Name"] if dist is not None else None,
            ))
        return sorted(infos, key=lambda i: (not i.builtin, i.name))

    def plugin_label(self, plugin_name: str) -> str:
        for info in self.plugin_infos():
            if info.name == plugin_name and info.distribution:
                return info.distribution
        return plugin_name

    # -- calling ---------------------------------------------------------------------------
    def _each(self, hook_name: str, **kwargs: Any) -> Iterator[tuple[str, Any]]:
        """Call every implementation of ``hook_name`` in pluggy's order, one by one.

        Yields ``(plugin_name, result)``. Each implementation receives only the arguments it
        declares, keyword-only, as pluggy would.
        """
        caller = getattr(self.pm.hook, hook_name)
        for impl in reversed(caller.get_hookimpls()):
            args = {name: kwargs[name] for name in impl.argnames if name in kwargs}
            yield impl.plugin_name, impl.function(**args)

    def _collect(self, hook_name: str, model: type[S], key: str) -> dict[str, S]:
        """Run a registration hook; validate; resolve clashes (third party beats builtin,
        then the first in load order wins) and remember who registered what."""
        if hook_name in self._registries:
            return self._registries[hook_name]
        found: dict[str, S] = {}
        for plugin_name in self._impl_order(hook_name):
            items: list[S] = []

            def register(_plugin: str = plugin_name, **kwargs: Any) -> None:
                try:
                    items.append(model(plugin=_plugin, **kwargs))
                except ValidationError as exc:
                    raise PluginError("plugin_invalid", plugin=self.plugin_label(_plugin), hook=hook_name,
                                      reason=exc.errors()[0]["msg"] + f" ({kwargs.get(key)!r})") from None

            self._call_one(hook_name, plugin_name, register=register)
            for item in items:
                name = getattr(item, key)
                existing = found.get(name)
                if existing is None or (existing.plugin.startswith(BUILTIN_PREFIX)
                                        and not plugin_name.startswith(BUILTIN_PREFIX)):
                    found[name] = item
        self._registries[hook_name] = found
        return found

    def _impl_order(self, hook_name: str) -> list[str]:
        caller = getattr(self.pm.hook, hook_name)
        return [impl.plugin_name for impl in reversed(caller.get_hookimpls())]

    def _call_one(self, hook_name: str, plugin_name: str, **kwargs: Any) -> Any:
        caller = getattr(self.pm.hook, hook_name)
        for impl in caller.get_hookimpls():
            if impl.plugin_name == plugin_name:
                args = {n: kwargs[n] for n in impl.argnames if n in kwargs}
                try:
                    return impl.function(**args)
                except PluginError:
                    raise
                except Exception as exc:
                    raise PluginError("plugin_invalid", plugin=self.plugin_label(plugin_name), hook=hook_name,
                                      reason=f"{type(exc).__name__}: {exc}") from exc
        return None

    # -- registries --------------------------------------------------------------------------
    def stores(self) -> dict[str, StoreSpec]:
        return self._collect("register_stores", StoreSpec, "name")

    def fields(self) -> dict[str, FieldSpec]:
        return self._collect("register_fields", FieldSpec, "name")

    def decisions(self) -> dict[str, DecisionSpec]:
        return self._collect("register_decisions", DecisionSpec, "name")

    def topics(self) -> dict[str, TopicSpec]:
        return self._collect("register_topics", TopicSpec, "name")

    def tools(self) -> dict[str, ToolSpec]:
        return self._collect("register_tools", ToolSpec, "name")

    def synonyms(self) -> dict[str, SynonymSpec]:
        if "register_synonyms" not in self._registries:
            merged: dict[str, SynonymSpec] = {}
            for plugin_name in self._impl_order("register_synonyms"):
                def register(_p: str = plugin_name, **kw: Any) -> None:
                    spec = SynonymSpec(plugin=_p, **kw)
                    if spec.word in merged:  # synonyms add up rather than clash
                        merged[spec.word].synonyms = list(dict.fromkeys(merged[spec.word].synonyms + spec.synonyms))
                    else:
                        merged[spec.word] = spec
                self._call_one("register_synonyms", plugin_name, register=register)
            self._registries["register_synonyms"] = merged
        return self._registries["register_synonyms"]

    def skill_dirs(self) -> list[SkillDirSpec]:
        dirs: list[SkillDirSpec] = []
        for plugin_name in self._impl_order("register_skills"):
            def register(_p: str = plugin_name, **kw: Any) -> None:
                dirs.append(SkillDirSpec(plugin=_p, **kw))
            self._call_one("register_skills", plugin_name, register=register)
        return dirs

    # -- notifications ---------------------------------------------------------------------
    def _notify(self, hook_name: str, **kwargs: Any) -> None:
        for plugin_name in self._impl_order(hook_name):
            try:
                self._call_one(hook_name, plugin_name, **kwargs)
            except PluginError as exc:
                message = exc.render()
                self.warnings.append(message)
                print(message, file=sys.stderr)

    def notify_change(self, workspace: Any, change: Change) -> None:
        self._notify("on_change", workspace=workspace, change=change)

    def notify_claim(self, workspace: Any, claim: Any, action: str, previous: Any = None) -> None:
        self._notify("on_claim", workspace=workspace, claim=claim, action=action, previous=previous)

    # -- firstresult / pipeline ------------------------------------------------------------
    def infer_ttl(self, name: str, value: Any, workspace: Any) -> Any:
        return self.pm.hook.infer_ttl(name=name, value=value, workspace=workspace)

    def vector_index(self, workspace: Any) -> Any:
        return self.pm.hook.vector_index(workspace=workspace)

    def pre_decide(self, workspace: Any, question: str, decisions: list, options: dict) -> Verdict:
        """Combine every plugin's verdict: any deny wins, else any steer, else allow."""
        verdicts: list[Verdict] = []
        for plugin_name in self._impl_order("pre_decide"):
            result = self._call_one("pre_decide", plugin_name, workspace=workspace, question=question,
                                    decisions=decisions, options=options)
            if result is not None:
                result.plugin = result.plugin or plugin_name
                verdicts.append(result)
        for kind in ("deny", "steer"):
            chosen = [v for v in verdicts if v.kind == kind]
            if chosen:
                data: dict[str, Any] = {}
                for v in chosen:
                    data.update(v.data)
                return Verdict(kind=kind, reasons=[r for v in chosen for r in v.reasons], data=data,
                               plugin=",".join(v.plugin for v in chosen))
        return Verdict(kind="allow")

    def detect_drift(self, turn: str, session: Any, workspace: Any) -> list[DriftSignal]:
        signals: list[DriftSignal] = []
        for plugin_name in self._impl_order("detect_drift"):
            result = self._call_one("detect_drift", plugin_name, turn=turn, session=session, workspace=workspace)
            for signal in ([result] if isinstance(result, DriftSignal) else (result or [])):
                signal.plugin = signal.plugin or plugin_name
                signals.append(signal)
        return signals

    def render_output(self, answer: Any, workspace: Any) -> Any:
        for plugin_name in self._impl_order("render_output"):
            self._call_one("render_output", plugin_name, answer=answer, workspace=workspace)
        return answer

    def add_commands(self, cli: Any) -> None:
        for plugin_name in self._impl_order("register_commands"):
            self._call_one("register_commands", plugin_name, cli=cli)


def call_signature(func: Callable[..., Any]) -> str:
    """``name(arg, ...)`` of a hook, for docs and ``mylife plugins --hooks``."""
    params = [p for p in inspect.signature(func).parameters]
    return f"{func.__name__}({', '.join(params)})"

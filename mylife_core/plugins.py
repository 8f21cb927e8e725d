"""The plugin manager and the small facade the core calls instead of ``pm.hook.*``.

Load order (documented in docs/plugins.md):

1. the core's hook-call machinery: ``mylife.attribution``, one ``wrapper=True, tryfirst=True``
   implementation per hook that names the plugin behind an exception (see :class:`Attribution`);
2. the builtin plugins, every module of :mod:`mylife_core.builtin` (defaults such as the
   ``files`` claim store), registered under the name ``mylife.<module>``;
3. installed distributions advertising the entry-point group ``mylife``;
4. plugins a caller (a test) registers by hand.

``MYLIFE_LOAD_PLUGINS`` limits step 3: unset loads all, an empty string loads none, and a
comma-separated list loads only those distributions or entry-point names.
``MYLIFE_DEBUG_HOOKS=1`` prints every hook call, the plugins it reached and its result to
stderr (:mod:`mylife_core.hooktrace`).

Every hook is called through pluggy: ``pm.hook.NAME(**kwargs)``, or, where one plugin at a
time must answer (to attribute what a registration hook registers or what a pipeline hook
returns), ``pm.subset_hook_caller(NAME, remove_plugins=...)`` with every other plugin's
implementation removed and every wrapper kept. So ``tryfirst``/``trylast``, ``firstresult``,
new- and old-style wrappers and hook-call monitoring behave as pluggy documents.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import pluggy

from . import hookimpl, hookspecs
from .errors import MyLifeError, PluginError

if TYPE_CHECKING:  # pragma: no cover
    # pydantic and the registration models cost ~50 ms to import: they load on the first
    # registry call, so a host that only lists commands (``mylife --help``) never pays them
    from pydantic import BaseModel

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
ATTRIBUTION = "mylife.attribution"

S = TypeVar("S", bound="BaseModel")


@dataclass
class PluginInfo:
    name: str
    version: str | None
    builtin: bool
    hooks: list[str]
    distribution: str | None = None


#: the registration hooks whose names clash (one definition is used); synonyms add up instead
CLASH_HOOKS = ("register_stores", "register_fields", "register_decisions", "register_topics", "register_tools")


@dataclass
class Clash:
    """One name registered by more than one plugin: ``used`` (a plugin's distribution, else its
    registered name) is the definition in force, ``ignored`` the others; ``builtin_replaced``
    when one of them is a builtin plugin's (a third-party registration beats a builtin one)."""

    hook: str
    name: str
    used: str
    ignored: list[str]
    builtin_replaced: bool

    def to_json(self) -> dict[str, Any]:
        return {"hook": self.hook, "name": self.name, "used": self.used, "ignored": list(self.ignored),
                "builtin_replaced": self.builtin_replaced}


def hook_names() -> list[str]:
    """Every hook MyLife declares, sorted."""
    return sorted(name for name, fn in inspect.getmembers(hookspecs, inspect.isfunction)
                  if hasattr(fn, "mylife_spec"))


def _builtin_modules() -> list[str]:
    from . import builtin

    return sorted(f"{builtin.__name__}.{m.name}" for m in pkgutil.iter_modules(builtin.__path__))


def _selected(env: str | None, names: set[str]) -> bool:
    if env is None:
        return True
    wanted = {n.strip() for n in env.split(",") if n.strip()}
    return bool(wanted & names)


def get_plugin_manager(*, load_entrypoints: bool | None = None, load_builtins: bool = True) -> pluggy.PluginManager:
    """A fresh manager: specs, the attribution wrappers, builtin plugins, then entry points."""
    pm = pluggy.PluginManager("mylife")
    pm.add_hookspecs(hookspecs)
    pm.register(Attribution(pm), name=ATTRIBUTION)
    for modname in _builtin_modules() if load_builtins else []:
        module = importlib.import_module(modname)
        pm.register(module, name=BUILTIN_PREFIX + modname.rsplit(".", 1)[1])
    env = os.environ.get("MYLIFE_LOAD_PLUGINS")
    if load_entrypoints is None:
        load_entrypoints = True
    if load_entrypoints:
        _load_entrypoints(pm, env)
    if os.environ.get("MYLIFE_DEBUG_HOOKS") or os.environ.get("MYLIFE_TRACE_HOOKS"):
        from .hooktrace import trace_hooks

        trace_hooks(pm, sys.stderr)
    pm.check_pending()
    return pm


def _load_entrypoints(pm: pluggy.PluginManager, env: str | None) -> None:
    if env is not None and not env.replace(",", "").strip():
        return  # loads none: skip the scan of every installed distribution (~15-30 ms)
    from importlib.metadata import entry_points

    for ep in entry_points(group="mylife"):
        dist = getattr(ep, "dist", None)
        dist_name = dist.metadata["Name"] if dist is not None else ep.name
        if not _selected(env, {ep.name, dist_name}):
            continue
        if pm.is_blocked(ep.name):
            continue
        try:
            plugin = ep.load()
        except Exception as exc:  # attribute the failure to the plugin, do not crash blindly
            raise PluginError("plugin_import", name=dist_name, reason=f"{type(exc).__name__}: {exc}") from exc
        if pm.is_registered(plugin):  # one module behind two entry points: loaded once
            continue
        # two distributions may pick the same entry-point name: each loads, the second under its
        # distribution's name (it was silently left out); "mylife.*" names are the builtin ones'
        name = next(n for n in (ep.name, dist_name, f"{dist_name}:{ep.name}")
                    if pm.get_plugin(n) is None and not n.startswith(BUILTIN_PREFIX))
        try:  # a hook name misspelt (on_changes), a parameter the hook does not have: this plugin's
            pm.register(plugin, name=name)
            pm.check_pending()
        except pluggy.PluginValidationError as exc:
            if pm.is_registered(plugin):
                pm.unregister(plugin)
            raise PluginError("plugin_import", name=dist_name, reason=f"{type(exc).__name__}: {exc}") from exc
        if dist is not None:
            pm._plugin_distinfo.append((plugin, dist))  # what load_setuptools_entrypoints does


def plugin_label(pm: pluggy.PluginManager, plugin_name: str) -> str:
    """The distribution a plugin came from (``mylife-career``), else its registered name."""
    plugin = pm.get_plugin(plugin_name)
    for p, dist in pm.list_plugin_distinfo():
        if p is plugin:
            return dist.metadata["Name"]
    return plugin_name


def _is_wrapper(impl: Any) -> bool:
    return bool(impl.wrapper or impl.hookwrapper)


class Attribution:
    """The core's wrapper around every hook: an exception escaping a plugin gets its name.

    One new-style wrapper implementation per hook (``wrapper=True, tryfirst=True``), so it sees
    whatever the implementations inside it raise, exactly as any pluggy wrapper would. It finds
    the implementation whose code is in the traceback and re-raises:

    * a :class:`~mylife_core.errors.PluginError` (an invalid registration) unchanged, with
      ``exc.plugin`` set to the plugin's registered name;
    * anything else, a deliberate :class:`~mylife_core.errors.MyLifeError` included, as
      ``PluginError("plugin_failed", plugin=..., hook=..., reason=...)`` chained to the original
      (``MYLIFE_DEBUG=1`` shows its traceback) and carrying ``plugin`` too.
    """

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._pm = pm
        for name in hook_names():
            setattr(self, f"attribute_{name}", self._wrapper_for(name))

    def _wrapper_for(self, hook_name: str) -> Callable[[], Any]:
        @hookimpl(wrapper=True, tryfirst=True, specname=hook_name)
        def attribute():  # noqa: ANN202 - a pluggy wrapper: a generator
            try:
                return (yield)
            except PluginError as exc:  # already names the plugin (e.g. an invalid registration)
                if getattr(exc, "plugin", None) is None:
                    exc.plugin = self.culprit(hook_name, exc)
                raise
            except Exception as exc:
                plugin = self.culprit(hook_name, exc)
                reason = exc.render() if isinstance(exc, MyLifeError) else f"{type(exc).__name__}: {exc}"
                error = PluginError("plugin_failed", plugin=plugin_label(self._pm, plugin) if plugin else "?",
                                    hook=hook_name, reason=reason)
                error.plugin = plugin
                raise error from exc

        attribute.__name__ = f"attribute_{hook_name}"
        return attribute

    def culprit(self, hook_name: str, exc: BaseException) -> str | None:
        """The registered name of the plugin whose implementation raised ``exc``, if found."""
        impls = [i for i in getattr(self._pm.hook, hook_name).get_hookimpls() if i.plugin is not self]
        by_code = {}
        for impl in impls:
            code = getattr(impl.function, "__code__", None)
            if code is not None:
                by_code[code] = impl.plugin_name
        found = None
        for frame, _ in traceback.walk_tb(exc.__traceback__):
            found = by_code.get(frame.f_code, found)  # the innermost implementation frame wins
        return found


_default_host: "PluginHost | None" = None


def default_host() -> "PluginHost":
    """The process's plugin host, built on first use (the CLI and workspaces share it)."""
    global _default_host
    if _default_host is None:
        _default_host = PluginHost()
    return _default_host


class PluginHost:
    """What the core asks of its plugins; every call goes through pluggy and is attributed."""

    def __init__(self, pm: pluggy.PluginManager | None = None) -> None:
        self.pm = pm if pm is not None else get_plugin_manager()
        self._registries: dict[str, dict[str, Any]] = {}
        self._clashes: dict[str, list[Clash]] = {}
        self.warnings: list[str] = []

    # -- introspection ---------------------------------------------------------------------
    def plugin_infos(self, *, internal: bool = False) -> list[PluginInfo]:
        """Every plugin loaded, builtin ones first; ``internal`` adds the core's own wrappers."""
        dists = {id(p): d for p, d in self.pm.list_plugin_distinfo()}
        infos = []
        for plugin in self.pm.get_plugins():
            name = self.pm.get_name(plugin) or repr(plugin)
            if name == ATTRIBUTION and not internal:
                continue
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
        return plugin_label(self.pm, plugin_name)

    def calling_plugin(self, hook_name: str) -> str | None:
        """The plugin (its distribution, else its registered name) whose ``hook_name``
        implementation is running now, found on the call stack (innermost first), else None:
        what a callback handed to a hook (the CLI group of ``register_commands``) reports by."""
        codes = {getattr(impl.function, "__code__", None): impl.plugin_name
                 for impl in getattr(self.pm.hook, hook_name).get_hookimpls() if impl.plugin_name != ATTRIBUTION}
        frame = sys._getframe(1)
        while frame is not None:
            name = codes.get(frame.f_code)
            if name is not None:
                return self.plugin_label(name)
            frame = frame.f_back
        return None

    # -- calling ---------------------------------------------------------------------------
    def _impl_order(self, hook_name: str) -> list[str]:
        """The plugins implementing ``hook_name`` (wrappers aside), in pluggy's call order."""
        caller = getattr(self.pm.hook, hook_name)
        return [impl.plugin_name for impl in reversed(caller.get_hookimpls()) if not _is_wrapper(impl)]

    def _only(self, hook_name: str, plugin_names: list[str] | set[str]) -> Any:
        """A hook caller reaching only ``plugin_names``' implementations, and every wrapper."""
        caller = getattr(self.pm.hook, hook_name)
        keep = set(plugin_names)
        remove = [impl.plugin for impl in caller.get_hookimpls()
                  if not _is_wrapper(impl) and impl.plugin_name not in keep]
        return self.pm.subset_hook_caller(hook_name, remove_plugins=remove)

    def _call_one(self, hook_name: str, plugin_name: str, **kwargs: Any) -> Any:
        """Call one plugin's implementation of ``hook_name`` through pluggy; its result or None."""
        result = self._only(hook_name, [plugin_name])(**kwargs)
        if getattr(self.pm.hook, hook_name).spec.opts.get("firstresult"):
            return result
        return result[0] if result else None

    def _each(self, hook_name: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """Call ``hook_name`` one plugin at a time, in pluggy's order: ``[(plugin, result)]``."""
        return [(name, self._call_one(hook_name, name, **kwargs)) for name in self._impl_order(hook_name)]

    def _bad_result(self, hook_name: str, plugin_name: str | None, expected: str, got: Any) -> PluginError:
        """The error for a hook result of the wrong type, naming the plugin that returned it."""
        shown = repr(got)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        error = PluginError("plugin_bad_result", plugin=self.plugin_label(plugin_name) if plugin_name else "?",
                            hook=hook_name, expected=expected, got=f"{type(got).__name__} {shown}")
        error.plugin = plugin_name
        return error

    def _first(self, hook_name: str, valid: Callable[[Any], bool], expected: str, **kwargs: Any) -> Any:
        """One pluggy call of a firstresult hook; an answer that is not ``expected`` is a
        :class:`PluginError` naming the plugin that gave it (the first plugin, in call order,
        to answer again when asked alone; the builtin ones always answer as documented)."""
        result = getattr(self.pm.hook, hook_name)(**kwargs)
        if result is None or valid(result):
            return result
        culprit = next((name for name in self._impl_order(hook_name) if not name.startswith(BUILTIN_PREFIX)
                        and self._call_one(hook_name, name, **kwargs) is not None), None)
        raise self._bad_result(hook_name, culprit, expected, result)

    def _collect(self, hook_name: str, model: type[S], key: str) -> dict[str, S]:
        """Run a registration hook; validate; resolve clashes (third party beats builtin,
        then the first in call order wins) and remember who registered what."""
        if hook_name in self._registries:
            return self._registries[hook_name]
        found: dict[str, S] = {}
        registrants: dict[str, list[str]] = {}  # every plugin that registered the name, in call order
        for plugin_name, item in self._registrations(hook_name, model, key):
            name = getattr(item, key)
            existing = found.get(name)
            if existing is None or (existing.plugin.startswith(BUILTIN_PREFIX)
                                    and not plugin_name.startswith(BUILTIN_PREFIX)):
                found[name] = item
            if plugin_name not in registrants.setdefault(name, []):
                registrants[name].append(plugin_name)
        self._registries[hook_name] = found
        self._clashes[hook_name] = [
            Clash(hook=hook_name, name=name, used=self.plugin_label(found[name].plugin),
                  ignored=[self.plugin_label(p) for p in plugins if p != found[name].plugin],
                  builtin_replaced=any(p.startswith(BUILTIN_PREFIX) for p in plugins if p != found[name].plugin))
            for name, plugins in registrants.items()
            if len(plugins) > 1 and not all(p.startswith(BUILTIN_PREFIX) for p in plugins)]
        return found

    def clashes(self) -> list["Clash"]:
        """Every name (a store, profile field, decision, topic or tool) that more than one plugin
        registered, a third-party one at least: whose definition is used and whose are not (the
        rule of :meth:`_collect`), so that ``mylife plugins`` says it instead of keeping it silent."""
        self.stores(), self.fields(), self.decisions(), self.topics(), self.tools()
        return [c for hook in CLASH_HOOKS for c in self._clashes.get(hook, [])]

    def _registrations(self, hook_name: str, model: type[S], key: str | None = None) -> list[tuple[str, S]]:
        """Every ``register(...)`` call of a registration hook, validated, with its plugin."""
        from pydantic import ValidationError

        out: list[tuple[str, S]] = []
        for plugin_name in self._impl_order(hook_name):
            def register(*args: Any, _plugin: str = plugin_name, **kwargs: Any) -> None:
                if args:  # register("睡眠时长", ...): said as such, never taken for the plugin's name
                    error = PluginError("plugin_register_positional", plugin=self.plugin_label(_plugin),
                                        hook=hook_name, args=", ".join(map(repr, args))[:80], key=key or "path")
                    error.plugin = _plugin
                    raise error
                try:
                    out.append((_plugin, model(plugin=_plugin, **kwargs)))
                except ValidationError as exc:
                    shown = f" ({kwargs.get(key)!r})" if key else ""
                    raise PluginError("plugin_invalid", plugin=self.plugin_label(_plugin), hook=hook_name,
                                      reason=exc.errors()[0]["msg"] + shown) from None

            self._call_one(hook_name, plugin_name, register=register)
        return out

    # -- registries --------------------------------------------------------------------------
    def stores(self) -> dict[str, StoreSpec]:
        from .specs import StoreSpec

        return self._collect("register_stores", StoreSpec, "name")

    def fields(self) -> dict[str, FieldSpec]:
        from .specs import FieldSpec

        return self._collect("register_fields", FieldSpec, "name")

    def decisions(self) -> dict[str, DecisionSpec]:
        from .specs import DecisionSpec

        return self._collect("register_decisions", DecisionSpec, "name")

    def topics(self) -> dict[str, TopicSpec]:
        from .specs import TopicSpec

        return self._collect("register_topics", TopicSpec, "name")

    def topic_spec(self, name: str | None) -> TopicSpec | None:
        """The registered topic ``name`` names: by its name, else by one of its aliases."""
        if not name:
            return None
        topics = self.topics()
        if name in topics:
            return topics[name]
        return next((spec for spec in topics.values() if name in spec.aliases), None)

    def topic_names(self, name: str) -> tuple[str, ...]:
        """Every name of the topic ``name`` names (``name`` first, then the registered name and
        its aliases): a note filed under ``career`` is on 职业去留 when a lens gives it that alias.
        A topic no lens registers is its own name only. Stored topics are never rewritten: every
        filter by topic (the claims query, recall) matches any of these."""
        spec = self.topic_spec(name)
        if spec is None:
            return (name,)
        return tuple(dict.fromkeys([name, spec.name, *spec.aliases]))

    def tools(self) -> dict[str, ToolSpec]:
        from .specs import ToolSpec

        return self._collect("register_tools", ToolSpec, "name")

    def synonyms(self) -> dict[str, SynonymSpec]:
        if "register_synonyms" not in self._registries:
            from .specs import SynonymSpec

            merged: dict[str, SynonymSpec] = {}
            for _plugin, spec in self._registrations("register_synonyms", SynonymSpec, "word"):
                if spec.word in merged:  # synonyms add up rather than clash
                    merged[spec.word].synonyms = list(dict.fromkeys(merged[spec.word].synonyms + spec.synonyms))
                else:
                    merged[spec.word] = spec
            self._registries["register_synonyms"] = merged
        return self._registries["register_synonyms"]

    def skill_dirs(self) -> list[SkillDirSpec]:
        from .specs import SkillDirSpec

        return [spec for _plugin, spec in self._registrations("register_skills", SkillDirSpec)]

    # -- notifications ---------------------------------------------------------------------
    def _notify(self, hook_name: str, **kwargs: Any) -> None:
        """One pluggy call; when a plugin raises, report it with its name and go on with the
        plugins after it (a write that is durable is never undone by a notification)."""
        pending = self._impl_order(hook_name)
        while pending:
            try:
                self._only(hook_name, pending)(**kwargs)
                return
            except PluginError as exc:
                message = exc.render()
                self.warnings.append(message)
                print(message, file=sys.stderr)
                culprit = getattr(exc, "plugin", None)
                if culprit not in pending:
                    return
                pending = pending[pending.index(culprit) + 1:]

    def notify_change(self, workspace: Any, change: Change) -> None:
        self._notify("on_change", workspace=workspace, change=change)

    def notify_claim(self, workspace: Any, claim: Any, action: str, previous: Any = None) -> None:
        self._notify("on_claim", workspace=workspace, claim=claim, action=action, previous=previous)

    # -- firstresult / pipeline ------------------------------------------------------------
    def infer_ttl(self, name: str, value: Any, workspace: Any) -> Any:
        from .specs import TTLGuess

        return self._first("infer_ttl", lambda r: isinstance(r, TTLGuess), "TTLGuess | None",
                           name=name, value=value, workspace=workspace)

    def vector_index(self, workspace: Any) -> Any:
        return self._first("vector_index", lambda r: callable(getattr(r, "search", None)),
                           "an object with search(query, k) | None", workspace=workspace)

    def pre_decide(self, workspace: Any, question: str, decisions: list, options: dict) -> Verdict:
        """Combine every plugin's verdict: any deny wins, else any steer, else allow."""
        from .specs import Verdict

        verdicts: list[Verdict] = []
        for plugin_name, result in self._each("pre_decide", workspace=workspace, question=question,
                                              decisions=decisions, options=options):
            if result is not None:
                if not isinstance(result, Verdict):
                    raise self._bad_result("pre_decide", plugin_name, "Verdict | None", result)
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
        from .specs import DriftSignal

        signals: list[DriftSignal] = []
        for plugin_name, result in self._each("detect_drift", turn=turn, session=session, workspace=workspace):
            found = [result] if isinstance(result, DriftSignal) else (result or [])
            if not isinstance(found, (list, tuple)) or not all(isinstance(s, DriftSignal) for s in found):
                raise self._bad_result("detect_drift", plugin_name, "list[DriftSignal] | DriftSignal | None", result)
            for signal in found:
                signal.plugin = signal.plugin or plugin_name
                signals.append(signal)
        return signals

    def render_output(self, answer: Any, workspace: Any) -> Any:
        self.pm.hook.render_output(answer=answer, workspace=workspace)
        return answer

    def verify_workspace(self, workspace: Any) -> list[tuple[str, list[dict]]]:
        """``[(plugin, problems)]`` from every ``verify_workspace`` implementation (None: ``[]``)."""
        found = []
        for plugin_name, result in self._each("verify_workspace", workspace=workspace):
            problems = result or []
            if not isinstance(problems, list) or not all(
                    isinstance(p, dict) and isinstance(p.get("message"), str) for p in problems):
                raise self._bad_result("verify_workspace", plugin_name, 'list[{"kind", "message", "file"}] | None',
                                       result)
            found.append((plugin_name, problems))
        return found

    def add_commands(self, cli: Any) -> None:
        self.pm.hook.register_commands(cli=cli)


def hook_signature(name: str) -> str:
    """A hook's full signature as docs/plugins.md shows it: ``infer_ttl(name: str, ...) -> TTLGuess | None``."""
    sig = inspect.signature(getattr(hookspecs, name))

    def shown(annotation: Any) -> str:
        return annotation.strip("'\"") if isinstance(annotation, str) else getattr(annotation, "__name__", repr(annotation))

    params = ", ".join(p.name + (f": {shown(p.annotation)}" if p.annotation is not p.empty else "")
                       for p in sig.parameters.values())
    returns = f" -> {shown(sig.return_annotation)}" if sig.return_annotation is not sig.empty else ""
    return f"{name}({params}){returns}"


def hook_style(name: str) -> str:
    """``firstresult`` (stops at the first non-None answer) or ``collect-all``."""
    return "firstresult" if getattr(hookspecs, name).mylife_spec.get("firstresult") else "collect-all"


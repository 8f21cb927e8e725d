"""Hook-call tracing for plugin authors: ``MYLIFE_DEBUG_HOOKS=1`` (or ``mylife plugins --trace``).

Built on pluggy's hook-call monitoring (:meth:`pluggy.PluginManager.add_hookcall_monitoring`),
so it sees every call exactly as pluggy makes it, including calls that reach one plugin at a
time (registrations, ``pre_decide``) and calls a plugin makes itself. For each call it prints,
on stderr, the hook and its arguments, the plugins it reached in pluggy's call order (wrappers
marked), then the result or the exception, nested by depth when a hook call causes another::

    hook infer_ttl(name='睡眠时长', value='7', workspace=<Workspace>)
      reached: mylife-health, mylife.ttl_heuristics:infer_ttl_from_dictionaries, ...
      result: TTLGuess(ttl_days=30, reason='作息一个月内常会变', source='plugin:mylife-health')  [0.4 ms]
"""

from __future__ import annotations

import time
from typing import Any, TextIO

import pluggy

_WIDTH = 160


def _short(value: Any, width: int = 60) -> str:
    if callable(value) and getattr(value, "__name__", "") == "register":
        return "<register>"
    if type(value).__name__ == "Workspace":
        return "<Workspace>"
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def _impl_label(pm: pluggy.PluginManager, impl: Any) -> str:
    from .plugins import plugin_label

    label = plugin_label(pm, impl.plugin_name)
    if impl.opts.get("specname"):  # an implementation named differently from its hook
        label += ":" + getattr(impl.function, "__name__", "?")
    if impl.wrapper:
        label += " (wrapper)"
    elif impl.hookwrapper:
        label += " (hookwrapper)"
    return label


def trace_hooks(pm: pluggy.PluginManager, stream: TextIO) -> Any:
    """Print every hook call on ``stream``; returns pluggy's undo function."""
    from .plugins import ATTRIBUTION

    depth = [0]
    started: list[float] = []

    def write(text: str) -> None:
        indent = "  " * depth[0]
        for line in text.splitlines():
            stream.write(indent + line + "\n")
        stream.flush()

    def before(hook_name: str, hook_impls: Any, kwargs: Any) -> None:
        args = ", ".join(f"{k}={_short(v)}" for k, v in kwargs.items())
        reached = [_impl_label(pm, i) for i in reversed(hook_impls) if i.plugin_name != ATTRIBUTION]
        write(f"hook {hook_name}({args})")
        write(f"  reached: {', '.join(reached) or '-'}")
        depth[0] += 1
        started.append(time.perf_counter())

    def after(outcome: pluggy.Result, hook_name: str, hook_impls: Any, kwargs: Any) -> None:
        elapsed = (time.perf_counter() - started.pop()) * 1000
        depth[0] -= 1
        if outcome.exception is not None:
            exc = outcome.exception
            write(f"  raised: {type(exc).__name__}: {_short(str(exc), _WIDTH)}  [{elapsed:.1f} ms]")
        else:
            write(f"  result: {_short(outcome.get_result(), _WIDTH)}  [{elapsed:.1f} ms]")

    return pm.add_hookcall_monitoring(before, after)

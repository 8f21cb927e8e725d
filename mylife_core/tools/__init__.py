"""Model-facing tools (docs/design.md#tools): the same nine ``mylife_*`` tools for the agent loop, the CLI
(``mylife tool NAME --args JSON``) and ``mylife mcp``.

A tool is registered through the ``register_tools`` hook (the builtin ones by
:mod:`mylife_core.builtin.tools`) as a :class:`~mylife_core.specs.ToolSpec`: a JSON schema and a
``handler(workspace, actor, **arguments)``. The builtin handlers validate their arguments with a
pydantic model (the same model gives the schema), call library functions, and write through the
layers, so every write obeys the CLI's rules: the actor is recorded in the audit log,
inferences stay candidates until accepted, L0 is append-only.

:func:`call_tool` runs any registered tool and turns every failure into a structured result
(``{"ok": false, "error": {...}}``) instead of an exception. :class:`ToolBox` is what one agent
turn may use: it offers the tools' schemas and refuses write tools unless the caller allowed
writes (a read-only question never lets the model change the workspace).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from ..errors import MyLifeError, PluginError, UsageError
from ..plugins import BUILTIN_PREFIX
from ..storage import describe as said  # a bad argument in the user's words (not describe() below)

if TYPE_CHECKING:  # pragma: no cover
    from ..specs import ToolSpec
    from ..workspace import Workspace


def _clean_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """Pydantic's JSON schema without the noise a model does not need (titles)."""
    if isinstance(schema, dict):
        return {k: _clean_schema(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_clean_schema(v) for v in schema]
    return schema


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    schema = _clean_schema(model.model_json_schema())
    schema.setdefault("properties", {})
    schema["additionalProperties"] = False
    return schema


def _problem(exc: ValidationError) -> str:
    """What is wrong with a tool's arguments, in the user's language (storage.describe)."""
    from ..storage import describe

    return describe.arguments_problem(exc)


def make_handler(name: str, args_model: type[BaseModel],
                 impl: Callable[["Workspace", str, Any], Any],
                 check: Callable[["Workspace", str, Any], None] | None = None) -> Callable[..., Any]:
    """``handler(workspace, actor, **arguments)`` that validates ``arguments`` first.

    ``check(workspace, actor, args)``, when given, is what ``impl`` itself refuses before it
    writes anything; a chat runs it (as ``handler.check``) before it proposes the write, so the
    user is never asked about a write that would be refused."""

    def handler(workspace: "Workspace", actor: str, **arguments: Any) -> Any:
        try:
            args = args_model.model_validate(arguments)
        except ValidationError as exc:
            raise UsageError("tool_bad_arguments", tool=name, problem=_problem(exc)) from None
        return impl(workspace, actor, args)

    handler.__name__ = f"{name}_handler"
    handler.__doc__ = impl.__doc__
    handler.args_model = args_model  # type: ignore[attr-defined]
    handler.check = check  # type: ignore[attr-defined]
    return handler


@dataclass
class ToolOutcome:
    """The result of one tool call, always JSON-able."""

    name: str
    ok: bool
    result: Any = None
    error: dict[str, Any] | None = None
    refused: bool = False  # the call was not allowed in this context (nothing ran)
    #: the exit code of the error (:attr:`exit_code`), as the CLI gives it for the same error
    error_exit: int | None = None

    @classmethod
    def failed(cls, name: str, exc: MyLifeError) -> "ToolOutcome":
        return cls(name, False, error=exc.to_json(), error_exit=exc.exit_code)

    @property
    def exit_code(self) -> int:
        """``mylife tool``'s exit code, the one the matching command gives (docs/cli.md): 0; 1
        when the result reports problems (``{"ok": false}``, as ``trace`` of a changed source);
        the error's own (3 for not found, 2 for bad input or a call refused here, ...)."""
        if self.ok:
            return 1 if isinstance(self.result, dict) and self.result.get("ok") is False else 0
        if self.error_exit is not None:
            return self.error_exit
        return 2 if self.refused or (self.error or {}).get("code") in ("bad_input", "refused") else 1

    def to_json(self) -> dict[str, Any]:
        if self.ok:
            return {"ok": True, "tool": self.name, "result": self.result}
        return {"ok": False, "tool": self.name, "error": self.error, "refused": self.refused}


def _json_safe(value: Any) -> Any:
    from ..cli.common import dumps

    return json.loads(dumps(value))


def _require_utf8_arguments(value: Any, where: str = "arguments") -> None:
    from ..errors import require_utf8

    if isinstance(value, str):
        require_utf8(value, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            require_utf8(key, where)
            _require_utf8_arguments(item, str(key))
    elif isinstance(value, (list, tuple)):
        for item in value:
            _require_utf8_arguments(item, where)


READ_TOOL_WROTE = "tool_read_only_wrote"


@contextlib.contextmanager
def reading_only(ws: "Workspace", name: str) -> Iterator[None]:
    """While the tool ``name``, registered as reading (``writes=False``), runs on this thread,
    every write to the workspace is refused before it is made (what it keeps in ``cache/``, derived
    data, is not a write to the user's records). A third-party tool cannot change the user's
    records behind a read-only question or without the chat's yes/no, whatever it declared."""
    import os
    import threading

    from ..storage import atomic

    me = threading.get_ident()
    root = os.path.realpath(ws.root)
    cache = os.path.realpath(ws.cache_dir)

    def check(path: Any) -> None:
        if threading.get_ident() != me:
            return
        real = os.path.realpath(path)
        inside = os.path.commonpath([root, real]) == root
        if inside and os.path.commonpath([cache, real]) != cache:
            raise UsageError(READ_TOOL_WROTE, name=name, file=os.path.relpath(real, root).replace(os.sep, "/"))

    atomic.guard(check)
    try:
        yield
    finally:
        atomic.unguard(check)


def _with_index_warnings(ws: "Workspace", result: Any) -> Any:
    """A write tool's result with the ``warnings`` the CLI's ``--json`` gives when the claims
    index was busy after the claim's month file was written (:meth:`ClaimsLayer.index_warnings`).
    Only a claims layer this workspace already opened can have written anything."""
    if "claims" not in vars(ws) or not isinstance(result, dict):
        return result
    warnings = ws.claims.index_warnings()
    return {**result, "warnings": [*result.get("warnings", []), *warnings]} if warnings else result


def call_tool(ws: "Workspace", name: str, arguments: dict[str, Any] | None, *, actor: str,
              allow_writes: bool = True) -> ToolOutcome:
    """Run a registered tool; every failure becomes a structured error, never an exception."""
    from ..messages import t

    spec = ws.plugins.tools().get(name)
    if spec is None:
        err = UsageError("tool_unknown", name=name, available=", ".join(sorted(ws.plugins.tools())))
        return ToolOutcome.failed(name, err)
    if spec.writes and not allow_writes:
        return ToolOutcome(name, False, refused=True, error={
            "code": "refused", "key": "tool_write_refused",
            "message": t("error.tool_write_refused", name=name), "params": {"name": name}})
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        return ToolOutcome.failed(name, UsageError("tool_bad_arguments", tool=name,
                                                   problem=said.not_an_object(arguments)))
    third_party = bool(spec.plugin) and not spec.plugin.startswith(BUILTIN_PREFIX)
    problem = _binding_problem(spec.handler, ws, actor, arguments) if third_party else None
    if problem is not None:  # the model's arguments, not the plugin's bug (a TypeError inside it is)
        return ToolOutcome.failed(name, UsageError("tool_bad_arguments", tool=name, problem=problem))
    try:
        _require_utf8_arguments(arguments)  # JSON may carry lone surrogates ("\udcff"): refuse them here
        if spec.writes:
            result = _with_index_warnings(ws, spec.handler(ws, actor, **arguments))
        else:  # a tool registered as reading runs without anyone's yes: it may not write
            with reading_only(ws, name):
                result = spec.handler(ws, actor, **arguments)
        return ToolOutcome(name, True, result=_json_safe(result))
    except MyLifeError as exc:
        if exc.key == READ_TOOL_WROTE:
            return ToolOutcome(name, False, refused=True, error={"code": "refused", "key": exc.key,
                                                                 "message": exc.render(), "params": exc.params})
        return ToolOutcome.failed(name, exc)
    except TypeError as exc:  # a handler that rejects the arguments (a third party's was asked before the call)
        if not third_party:
            return ToolOutcome.failed(name, UsageError("tool_bad_arguments", tool=name, problem=str(exc)))
        return _failed_in_plugin(ws, spec, name, exc)
    except Exception as exc:  # a bug in a tool must not kill the agent loop or the MCP server
        from ..errors import outside_cause

        outside = outside_cause(exc, ws.root)  # a read-only workspace, a full disk: said as the CLI says it
        if outside is not None:
            return ToolOutcome.failed(name, outside)
        if third_party:  # a third party's tool: its plugin is named
            return _failed_in_plugin(ws, spec, name, exc)
        return ToolOutcome(name, False, error_exit=70, error={"code": "internal", "key": "internal",
                                               "message": t("error.internal", reason=f"{type(exc).__name__}: {exc}"),
                                               "params": {}})


def _binding_problem(handler: Callable[..., Any], ws: Any, actor: str, arguments: dict[str, Any]) -> str | None:
    """Why ``handler(ws, actor, **arguments)`` cannot be called (click-like: an unexpected or a
    missing argument), else None; None too when the handler's signature cannot be read."""
    import inspect

    try:
        signature = inspect.signature(handler)
    except (TypeError, ValueError):
        return None
    try:
        signature.bind(ws, actor, **arguments)
    except TypeError as exc:
        return str(exc)
    return None


def _failed_in_plugin(ws: "Workspace", spec: "ToolSpec", name: str, exc: Exception) -> ToolOutcome:
    """A third-party tool's handler raised: the call fails naming its plugin (``plugin_failed``)."""
    return ToolOutcome.failed(name, PluginError("plugin_failed", plugin=ws.plugins.plugin_label(spec.plugin),
                                                hook=name, reason=f"{type(exc).__name__}: {exc}"))


def describe(spec: "ToolSpec", lang: str | None = None) -> str:
    """The tool's description in ``lang`` (default: the language in force): ``description_en``
    in English when the tool gives one, else ``description``."""
    from ..messages import language

    return spec.description_en if (lang or language()) == "en" and spec.description_en else spec.description


def schema_for(schema: Any, lang: str | None = None) -> Any:
    """A tool's input schema with each parameter described in ``lang`` (default: the language in
    force): a property's ``description_en``, when it has one, is its English description; the
    ``description_en`` keys themselves are dropped (what a model is sent, what ``mylife tools`` shows)."""
    from ..messages import language

    lang = lang or language()
    if isinstance(schema, list):
        return [schema_for(v, lang) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: schema_for(v, lang) for k, v in schema.items() if k != "description_en"}
    if lang == "en" and isinstance(schema.get("description_en"), str):
        out["description"] = schema["description_en"]
    return out


def bilingual_schema(schema: Any) -> Any:
    """A tool's input schema with each parameter described in both languages, ``中文 / English``
    (what the MCP server sends: a host's model may speak either; tool descriptions likewise carry both)."""
    if isinstance(schema, list):
        return [bilingual_schema(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: bilingual_schema(v) for k, v in schema.items() if k != "description_en"}
    en = schema.get("description_en")
    if isinstance(en, str) and en and en != schema.get("description"):
        out["description"] = f"{schema['description']} / {en}" if schema.get("description") else en
    return out


def openai_schema(spec: "ToolSpec", lang: str | None = None) -> dict[str, Any]:
    return {"type": "function", "function": {"name": spec.name, "description": describe(spec, lang),
                                             "parameters": schema_for(spec.input_schema, lang)}}


@dataclass
class ToolBox:
    """The tools one agent turn may use, and who is acting."""

    ws: "Workspace"
    actor: str = "model"
    allow_writes: bool = False
    names: list[str] | None = None  # offer only these (default: all; writes only when allowed)
    calls: list[ToolOutcome] = field(default_factory=list)

    def specs(self) -> list["ToolSpec"]:
        specs = self.ws.plugins.tools()
        chosen = [specs[n] for n in (self.names or sorted(specs)) if n in specs]
        return [s for s in chosen if self.allow_writes or not s.writes]

    def schemas(self) -> list[dict[str, Any]]:
        return [openai_schema(s) for s in self.specs()]

    def call(self, name: str, arguments: dict[str, Any] | None) -> ToolOutcome:
        from ..messages import t

        offered = {s.name for s in self.specs()}
        spec = self.ws.plugins.tools().get(name)
        if spec is not None and name not in offered and not spec.writes:
            outcome = ToolOutcome.failed(name, UsageError("tool_unknown", name=name,
                                                          available=", ".join(sorted(offered))))
        elif spec is not None and name not in offered and self.allow_writes:
            # a write tool this turn did not offer (the user did not ask for a change): refused
            outcome = ToolOutcome(name, False, refused=True, error={
                "code": "refused", "key": "tool_not_offered", "message": t("error.tool_not_offered", name=name),
                "params": {"name": name}})
        else:
            outcome = call_tool(self.ws, name, arguments, actor=self.actor, allow_writes=self.allow_writes)
        self.calls.append(outcome)
        return outcome

    def call_json(self, name: str, arguments: str) -> ToolOutcome:
        """A call as the model made it: arguments are JSON text, possibly invalid."""
        try:
            parsed = json.loads(arguments) if arguments and arguments.strip() else {}
        except ValueError as exc:
            outcome = ToolOutcome.failed(name, UsageError("tool_bad_arguments", tool=name,
                                                          problem=said.json_problem(exc)))
            self.calls.append(outcome)
            return outcome
        return self.call(name, parsed)

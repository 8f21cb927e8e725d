"""The codes the record stores (audit actions, sources of notes, claims and profile values) are
shown to users by name, in their language, through one function (``messages.code_name``), in
the CLI and the panel alike; ``--json`` keeps the codes; a code no catalog names (a plugin's own
action) is shown as it is.

The first test reads the code (mylife_core and plugins/) for every place an audit entry is
written and every action it can carry, so a new action without a name fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mylife_core.messages import M, actor_name, code_name, set_language

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"^[a-z_]+(\.[a-z_]+)*$")

#: where an audit entry is written: the function, and the index of its action argument (None:
#: keyword only); ``commit_changes`` takes (actor, action, target, paths, detail) tuples
SINKS = {"commit_change": 1, "audit_only": 1, "AuditEntry": None}
#: functions that pass an ``action`` parameter on to a sink: (name, index of ``action`` in a
#: call's positional arguments; None: keyword only)
WRAPPERS = {"update_config": None, "update_branch": None, "_write": 1, "save": 0}


def _sources() -> list[Path]:
    for base in ("mylife_core", "plugins"):
        for path in sorted((ROOT / base).rglob("*.py")):
            if not {"plugin_template", "tests", ".venv"} & set(path.parts):
                yield path


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _function(node: ast.AST, parents) -> ast.FunctionDef | None:
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return node
    return None


def _params(fn) -> list[str]:
    return [a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs]


def _module_constants(tree: ast.Module) -> dict[str, str]:
    return {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for t in node.targets if isinstance(t, ast.Name)}


def _argument(call: ast.Call, index: int | None, keyword: str) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    return call.args[index] if index is not None and len(call.args) > index else None


def audit_actions() -> tuple[set[str], list[str]]:
    """Every action the code can write to the audit log, and the places whose action could not
    be worked out (each is a failure: teach this scan, or write a constant)."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in _sources()}
    calls = [(path, node) for path, tree in trees.items() for node in ast.walk(tree) if isinstance(node, ast.Call)]
    actions: set[str] = set()
    unknown: list[str] = []

    def values_of(param: str, fn) -> set[str]:
        """What an f-string's ``{param}`` can be: the constants every call of ``fn`` passes for
        it, and the keys of a dict literal indexed by it inside ``fn`` (a verb checked there)."""
        found: set[str] = set()
        params = _params(fn)
        index = params.index(param) - (1 if params and params[0] == "self" else 0)
        for _, call in calls:
            if _name(call) == fn.name:
                arg = _argument(call, index, param)
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
        for node in ast.walk(fn):
            if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict)
                    and isinstance(node.slice, ast.Name) and node.slice.id == param):
                found |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
        return found

    def take(expr: ast.expr | None, path: Path, parents, constants, where: ast.AST) -> None:
        if expr is None:
            return
        place = f"{path.relative_to(ROOT)}:{where.lineno}"
        fn = _function(where, parents)
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            actions.add(expr.value)
        elif isinstance(expr, ast.Name) and expr.id in constants:
            actions.add(constants[expr.id])
        elif isinstance(expr, ast.Name) and fn is not None and expr.id in _params(fn) and fn.name in {*SINKS, *WRAPPERS}:
            pass  # a sink or wrapper passing its own parameter on: its callers are read below
        elif isinstance(expr, ast.Attribute) and fn is not None and fn.name == "commit_changes":
            pass  # the batch's own tuples: read where they are built
        elif isinstance(expr, ast.JoinedStr) and fn is not None:
            parts = expr.values
            if (len(parts) == 2 and isinstance(parts[0], ast.Constant) and isinstance(parts[1], ast.FormattedValue)
                    and isinstance(parts[1].value, ast.Name) and parts[1].value.id in _params(fn)):
                variants = values_of(parts[1].value.id, fn)
                if variants:
                    actions.update(parts[0].value + v for v in variants)
                    return
            unknown.append(f"{place}: {ast.unparse(expr)}")
        else:
            unknown.append(f"{place}: {ast.unparse(expr)}")

    for path, tree in trees.items():
        parents, constants = _parents(tree), _module_constants(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = _name(node)
                if name in SINKS:
                    take(_argument(node, SINKS[name], "action"), path, parents, constants, node)
                elif name in WRAPPERS:
                    arg = _argument(node, WRAPPERS[name], "action")
                    # ``save`` is also yamlfile.save(path, ...): only a dotted code is an action
                    if name != "save" or (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                                          and "." in arg.value) or any(k.arg == "action" for k in node.keywords):
                        take(arg, path, parents, constants, node)
                elif name == "commit_changes" and node.args:
                    batch, fn = node.args[0], _function(node, parents)
                    # the tuples written in the batch itself, and, when it names a list built
                    # before (``changes``, ``*raw_changes``), every such tuple of the function
                    scope = fn if fn is not None and any(isinstance(n, ast.Name) for n in ast.walk(batch)) else batch
                    tuples = [t for t in ast.walk(scope) if isinstance(t, ast.Tuple) and len(t.elts) == 5
                              and isinstance(t.ctx, ast.Load) and not isinstance(parents.get(t), ast.Subscript)]
                    if not tuples and (fn is None or fn.name != "commit_changes"):
                        unknown.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(batch)}")
                    for item in tuples:
                        take(item.elts[1], path, parents, constants, item)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in WRAPPERS:
                args = node.args
                names = [a.arg for a in args.args] + [a.arg for a in args.kwonlyargs]
                defaults = [None] * (len(args.args) - len(args.defaults)) + list(args.defaults) + list(args.kw_defaults)
                for param, default in zip(names, defaults):
                    if param == "action" and default is not None:
                        take(default, path, parents, constants, default)
    return actions, unknown


def sources() -> set[str]:
    """Every source a note, a claim or a profile value can carry: the declared choices, and every
    constant the code passes as a ``source=`` or ``"source":`` of a write."""
    from typing import get_args

    from mylife_core.cli.record_cmd import SOURCES as RECORD_SOURCES
    from mylife_core.layers.claims import SOURCES, Source
    from mylife_core.layers.profile import FIELD_SOURCES, FieldSource

    found = {*SOURCES, *FIELD_SOURCES, *RECORD_SOURCES, *get_args(Source), *get_args(FieldSource)}
    from mylife_core.layers.raw import RawRecord

    found.add(RawRecord.model_fields["source"].default)
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            values = []
            if isinstance(node, ast.Call) and _name(node) in ("record", "set", "Claim", "RawRecord", "add"):
                values += [kw.value for kw in node.keywords if kw.arg == "source"]
            if isinstance(node, ast.Dict):
                values += [v for k, v in zip(node.keys, node.values)
                           if isinstance(k, ast.Constant) and k.value == "source"]
            for value in values:
                found.update(v for v in _outcomes(value) if CODE.match(v))
    return found


def _outcomes(expr: ast.expr) -> list[str]:
    """The string constants an expression can evaluate to (``"a" if x else "b"``, ``x or "a"``)."""
    if isinstance(expr, ast.Constant):
        return [expr.value] if isinstance(expr.value, str) else []
    if isinstance(expr, ast.IfExp):
        return _outcomes(expr.body) + _outcomes(expr.orelse)
    if isinstance(expr, ast.BoolOp):
        return [v for e in expr.values for v in _outcomes(e)]
    return []


def test_every_action_and_source_the_code_writes_has_a_name_in_both_languages():
    actions, unknown = audit_actions()
    assert not unknown, f"audit actions this scan cannot work out (write a constant, or teach the scan): {unknown}"
    # the scan finds what a workspace's life writes (a sample it must not miss)
    assert {"init", "record", "claim.add", "claim.accept", "claim.mark_stale", "proposal.dispute",
            "session.turn", "branch.merge", "config.set", "verify.accept", "audit.baseline"} <= actions
    names = {f"audit.action.{a}" for a in actions} | {f"audit.source.{s}" for s in sources()}
    missing = sorted(k for k in names if k not in M)
    assert not missing, f"codes the record can store with no name for users: {missing}"
    for key in names:
        zh, en = M[key]["zh"], M[key]["en"]
        assert zh and en and zh != en, key
        assert key.split(".", 2)[2] not in (zh, en), key  # a name, not the code again


def actors() -> set[str]:
    """Every literal actor the code writes: ``actor="…"`` arguments and defaults, ``…ACTOR = "…"``."""
    found: set[str] = set()
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "actor" and isinstance(node.value, ast.Constant):
                found.add(node.value.value)
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(
                    node.value.value, str) and any(isinstance(t, ast.Name) and t.id.endswith("ACTOR") for t in node.targets):
                found.add(node.value.value)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args.posonlyargs + node.args.args
                pairs = list(zip(args[len(args) - len(node.args.defaults):], node.args.defaults))
                pairs += [(a, d) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults) if d is not None]
                found |= {d.value for a, d in pairs if a.arg == "actor" and isinstance(d, ast.Constant)
                          and isinstance(d.value, str)}
    return found


def test_every_actor_the_code_writes_has_a_name_in_both_languages():
    """Who made a change (the audit log's actor, a note's or claim's actor) was shown as its code:
    `user`, `model via MCP`, in Chinese pages too."""
    found = actors()
    assert {"user", "model", "system", "model via MCP", "model, confirmed by user"} <= found
    for language in ("zh", "en"):
        set_language(language)
        try:
            for actor in found:
                assert actor_name(actor) != actor, (language, actor)
            assert actor_name("plugin:mylife-career").endswith("mylife-career")
            assert actor_name("someone else") == "someone else"  # as it is
        finally:
            set_language(None)
    assert actor_name("user") == "你" and actor_name("model via MCP") == "经 MCP 接入的模型"


def test_code_name_names_known_codes_and_keeps_unknown_ones():
    set_language("en")
    try:
        assert code_name("action", "claim.accept") == "accepted a claim"
        assert code_name("source", "user_raw") == "your own words"
        assert code_name("action", "guitar.tune") == "guitar.tune"  # a plugin's own: as it is
    finally:
        set_language(None)
    assert code_name("action", "claim.accept") == "接受依据"


def test_status_names_the_recent_changes_json_keeps_the_codes(ws, cli):
    ws.commit_change("plugin:guitar", "guitar.tune", "guitar.yaml")  # a plugin's own action
    ws.claims.add(claim="我想换工作", topic="工作", kind="assessment")
    recent = cli("status").stdout.split("最近变化", 1)[1]
    assert "添加依据" in recent and "创建工作区" in recent and "guitar.tune" in recent
    assert "claim.add" not in recent and " init " not in recent
    assert "  你  " in recent and "插件 guitar" in recent and " user " not in recent
    english = cli("status", env={"MYLIFE_LANG": "en"}).stdout.split("Recent changes", 1)[1]
    assert "added a claim" in english and "created the workspace" in english and "guitar.tune" in english
    data = cli("status", "--json").json()
    assert {"claim.add", "init", "guitar.tune"} <= {e["action"] for e in data["recent_changes"]}


def test_claim_show_and_profile_get_name_the_source(ws, cli):
    claim, _ = ws.claims.add(claim="我想换工作", topic="工作", kind="assessment")
    ws.profile.set("房租", 4500, ttl_days=365, ttl_given=True)
    ws.profile.set("房租", 4800, ttl_days=365, ttl_given=True)
    shown = cli("claim", "show", claim.id).stdout
    assert "user_filled（你填写的）" in shown
    field = cli("profile", "get", "房租", env={"MYLIFE_LANG": "en"}).stdout
    assert "user_filled (filled in by you)" in field and "(filled in by you)" in field.split("history", 1)[1]
    assert cli("claim", "show", claim.id, "--json").json()["claim"]["source"] == "user_filled"

"""The property-based fuzzer of the torture suite (hypothesis): the CLI and the nine model tools,
on healthy and broken workspaces, must never fail with an internal error.

Each example copies a small workspace holding every layer, breaks it one way or not at all
(the broken files the issue lists: ``profile.yaml`` a folder, ``cache`` a file, a binary digest,
garbage and wrong-type audit lines, a torn manifest, a YAML alias bomb in ``config.yaml``, a
broken claims shard, ``index.yaml`` of the wrong type, ``claims/`` a file), then runs one
``mylife`` command in-process (``mylife_core.cli.main``) with fuzzed arguments (invalid UTF-8,
huge numbers, long strings, pointer look-alikes, control characters) or calls one model tool
through :func:`mylife_core.tools.call_tool`, the path ``mylife mcp`` and chat use.

Counted as failures: exit code 70, an exit code docs/cli.md does not list, an exception escaping
``main``, a tool result with ``code: internal``.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
from pathlib import Path
from typing import Any

DOCUMENTED_EXIT_CODES = {0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 130}

BREAKAGES = ("none", "profile_dir", "cache_file", "binary_digest", "garbage_audit", "wrongtype_audit",
             "torn_manifest", "torn_audit", "alias_bomb_config", "broken_shard", "index_wrong_type",
             "claims_file", "binary_profile", "huge_profile_number", "lock_dir_file")


def _alias_bomb() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def break_workspace(root: Path, how: str) -> None:
    if how == "profile_dir":
        with contextlib.suppress(FileNotFoundError):
            (root / "profile.yaml").unlink()
        (root / "profile.yaml").mkdir()
    elif how == "cache_file":
        shutil.rmtree(root / "cache", ignore_errors=True)
        (root / "cache").write_text("not a folder")
    elif how == "binary_digest":
        for p in (root / "digest").glob("*.md"):
            p.write_bytes(b"\xff\xfe\x00\x01binary\x80\x81")
    elif how == "garbage_audit":
        with (root / "ledger" / "audit.jsonl").open("ab") as fh:
            fh.write(b"garbage \xff line\n{not json}\n")
    elif how == "wrongtype_audit":
        with (root / "ledger" / "audit.jsonl").open("ab") as fh:
            fh.write(b'[1, 2, 3]\n"text"\n{"at": 5, "actor": [], "action": null}\n')
    elif how == "torn_manifest":
        with (root / "ledger" / "raw.jsonl").open("ab") as fh:
            fh.write(b'{"file":"raw/half')
    elif how == "torn_audit":
        with (root / "ledger" / "audit.jsonl").open("ab") as fh:
            fh.write(b'{"at":"2026-01-0')
    elif how == "alias_bomb_config":
        with (root / "config.yaml").open("a", encoding="utf-8") as fh:
            fh.write(_alias_bomb())
    elif how == "broken_shard":
        for p in (root / "claims").glob("*.yaml"):
            p.write_text(p.read_text(encoding="utf-8") + "\n- {id: [oops\n", encoding="utf-8")
    elif how == "index_wrong_type":
        (root / "index.yaml").write_text("chains: 5\nbranches: {a: 1}\n", encoding="utf-8")
    elif how == "claims_file":
        shutil.rmtree(root / "claims", ignore_errors=True)
        (root / "claims").write_text("not a folder")
    elif how == "binary_profile":
        (root / "profile.yaml").write_bytes(b"fields:\n  \xff\xfe: {value: 1}\n")
    elif how == "huge_profile_number":
        (root / "profile.yaml").write_text(
            "fields:\n  x:\n    value: " + "9" * 5000 + "\n    updated_at: 2026-01-01T00:00:00Z\n", encoding="utf-8")
    elif how == "lock_dir_file":
        shutil.rmtree(root / "cache" / "locks", ignore_errors=True)
        (root / "cache" / "locks").write_text("x")


def make_base(base: Path) -> Path:
    from mylife_core import clock
    from mylife_core.layers.index import Branch
    from mylife_core.workspace import Workspace

    root = base / "fuzz-base"
    if (root / "config.yaml").exists():
        return root
    ws, _ = Workspace.init(root)
    rec = ws.raw.record("刚完成一个重要项目\n热爱这里，绝不想走\n".encode(), topic="career")
    claim, _ = ws.claims.add(claim="热爱这里", topic="职业去留", kind="assessment", provenance=f"{rec.file}#L2")
    ws.profile.set("现有存款", 120000, ttl_days=90)
    ws.index.add_branch(Branch(id="", topic="财务压力", opened_at=clock.now()))
    ws.digests.write_generated("职业去留", f"你说热爱这里 [{claim.id}]。", meta={"revision": "structural"}, actor="system")
    ws.close()
    return root


# --------------------------------------------------------------------------- strategies


def strategies():
    from hypothesis import strategies as st

    surrogate_text = st.binary(min_size=1, max_size=12).map(lambda b: os.fsdecode(b))
    weird = st.one_of(
        st.text(max_size=40),
        surrogate_text,
        st.sampled_from(["a#b", "x.ai", "..", ".", "a/b", "a\\b", "", " ", "\x00", "\t", "职业去留", "career",
                         "-1", "0", "99999999999999999999999999", "9" * 5000, "nan", "inf", "1e999",
                         "raw/../../etc/passwd#L1", "raw/" + "a" * 5000 + ".md#L1", "raw/x.md#L99999999999999",
                         "claim-2026-01-01-001", "chain-2026-01-01-001", "br-2026-01-01-01", "--json", "-"]),
        st.text(alphabet=st.characters(codec="utf-8"), min_size=200, max_size=3000),
    )
    number = st.one_of(st.integers(min_value=-10**30, max_value=10**30).map(str),
                       st.sampled_from(["0", "-5", "abc", "99999999999999999999999999999", "1e9", "", "never"]))
    return st, weird, number


def cli_cases(st, weird, number):
    """Strategy of argv lists (without --workspace)."""
    return st.one_of(
        st.tuples(st.just("record"), weird, st.just("--topic"), weird).map(list),
        st.tuples(st.just("record"), weird, st.just("--topic"), weird, st.just("--at"), weird).map(list),
        st.tuples(st.just("claim"), st.just("add"), weird, st.just("--topic"), weird).map(list),
        st.tuples(st.just("claim"), st.just("add"), weird, st.just("--topic"), weird, st.just("--from"), weird).map(list),
        st.tuples(st.just("claim"), st.just("list"), st.just("--limit"), number).map(list),
        st.tuples(st.just("claim"), st.sampled_from(["show", "accept", "reject"]), weird).map(list),
        st.tuples(st.just("claim"), st.just("dispute"), weird, st.just("--why"), weird).map(list),
        st.tuples(st.just("claim"), st.just("supersede"), weird, st.just("--by"), weird).map(list),
        st.tuples(st.just("profile"), st.just("set"), weird, weird, st.just("--ttl"), number).map(list),
        st.tuples(st.just("profile"), st.just("set"), weird, weird, st.just("--yes")).map(list),
        st.tuples(st.just("profile"), st.sampled_from(["get", "confirm"]), weird).map(list),
        st.just(["profile", "list", "--stale"]),
        st.tuples(st.just("trace"), weird).map(list),
        st.just(["status"]), st.just(["verify"]),
        st.tuples(st.just("verify"), st.just("--accept"), weird).map(list),
        st.tuples(st.just("recall"), weird).map(list),
        st.tuples(st.just("recall"), weird, st.just("-k"), number).map(list),
        st.tuples(st.just("index"), st.sampled_from(["status", "rebuild"])).map(list),
        st.tuples(st.just("git"), st.sampled_from(["enable", "status"])).map(list),
    )


TOOLS = ("mylife_record", "mylife_digest", "mylife_claim_add", "mylife_recall", "mylife_trace", "mylife_staleness",
         "mylife_competing", "mylife_branch", "mylife_profile_update")


def tool_cases(st, weird, number):
    """Arguments that fit each tool's schema (with hostile values), and, one time in three,
    arbitrary dictionaries (what a confused model sends)."""
    good = st.sampled_from(["职业去留", "career", "热爱这里", "raw/2026-01-01-career.md#L1"])
    text = st.one_of(weird, good)
    pointer = st.one_of(weird, st.sampled_from(["raw/x.md#L1", "raw/../x#L1", "raw/a.md#L0", "raw/a.md#L2-L1"]))
    date_ = st.one_of(st.none(), st.dates().map(str), weird)
    fitting = st.one_of(
        st.fixed_dictionaries({"text": text, "topic": text}, optional={"occurred_at": date_}).map(lambda a: ("mylife_record", a)),
        st.fixed_dictionaries({"topic": text}, optional={"text": text}).map(lambda a: ("mylife_digest", a)),
        st.fixed_dictionaries({"claim": text, "topic": text, "kind": st.sampled_from(["fact", "assessment", "inference"])},
                              optional={"provenance": pointer, "context": text, "occurred_at": date_}
                              ).map(lambda a: ("mylife_claim_add", a)),
        st.fixed_dictionaries({"query": text}, optional={"topic": text, "k": st.integers(-5, 80)}).map(lambda a: ("mylife_recall", a)),
        st.fixed_dictionaries({"target": st.one_of(weird, st.sampled_from(["claim-2026-12-04-001", "chain-2026-01-01-001"]))}
                              ).map(lambda a: ("mylife_trace", a)),
        st.fixed_dictionaries({"question": text}, optional={"keep": st.lists(text, max_size=3),
                                                          "accept_stale": st.booleans()}).map(lambda a: ("mylife_staleness", a)),
        st.fixed_dictionaries({"conclusion": text}, optional={"topic": text, "k": st.integers(-5, 40)}
                              ).map(lambda a: ("mylife_competing", a)),
        st.fixed_dictionaries({"topic": text}, optional={"parent_topic": text, "question": text}).map(lambda a: ("mylife_branch", a)),
        st.fixed_dictionaries({"name": text, "value": st.one_of(text, st.integers(-10**30, 10**30), st.floats(), st.booleans())},
                              optional={"ttl_days": st.integers(-5, 10**12), "never_expires": st.booleans(),
                                        "provenance": pointer, "topic": text}).map(lambda a: ("mylife_profile_update", a)),
    )
    value = st.one_of(weird, st.integers(), st.none(), st.booleans(), st.lists(weird, max_size=3),
                      st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))
    keys = st.sampled_from(["text", "topic", "claim", "kind", "provenance", "context", "occurred_at", "query",
                            "target", "question", "conclusion", "k", "name", "value", "ttl_days", "parent_topic",
                            "layers", "keep", "mode", "source", "confidence", "bogus"])
    arbitrary = st.tuples(st.sampled_from(TOOLS), st.dictionaries(keys, value, max_size=5))
    return st.integers(0, 2).flatmap(lambda n: arbitrary if n == 0 else fitting)


# --------------------------------------------------------------------------- running one case


def run_cli_case(root: Path, argv: list[str]) -> tuple[int | None, str]:
    from mylife_core.cli import main

    stdout, stderr = io.StringIO(), io.StringIO()

    class _Bytes(io.BytesIO):
        pass

    old = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr = stdout, stderr
    sys.stdin = io.TextIOWrapper(_Bytes(b""))
    code: int | None
    try:
        main([*argv, "--workspace", str(root)])
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException as exc:  # noqa: BLE001 - an exception escaping main is a failure
        code = None
        stderr.write(f"{type(exc).__name__}: {exc}")
    finally:
        sys.stdout, sys.stderr, sys.stdin = old
    return code, stderr.getvalue()[-400:]


def run_tool_case(root: Path, name: str, args: dict[str, Any]) -> tuple[str, str]:
    from mylife_core.errors import MyLifeError
    from mylife_core.tools import call_tool
    from mylife_core.workspace import Workspace

    try:
        ws = Workspace.open(root)
    except MyLifeError as exc:  # a workspace too broken to open: the server says so, no crash
        return exc.code, exc.render()[:200]
    try:
        outcome = call_tool(ws, name, args, actor="model via MCP")
    finally:
        with contextlib.suppress(Exception):
            ws.close()
    if outcome.ok:
        return "ok", ""
    error = outcome.error or {}
    return str(error.get("code")), str(error.get("message", ""))[:300]


def run_fuzz(base: Path, *, examples: int, seed: int = 0) -> dict[str, Any]:
    """Run ``examples`` hypothesis examples; return the counts (never raises on a finding)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as _st

    os.environ.setdefault("MYLIFE_LOAD_PLUGINS", "")
    os.environ.setdefault("MYLIFE_LANG", "en")
    pristine = make_base(base)
    st, weird, number = strategies()
    stats: dict[str, Any] = {"cases": 0, "cli": 0, "tools": 0, "internal": 0, "undocumented": 0,
                             "exit_codes": {}, "tool_codes": {}, "examples": [], "by_breakage": {}}
    counter = [0]

    cli_strategy = cli_cases(st, weird, number).map(lambda a: ("cli", a))
    tool_strategy = tool_cases(st, weird, number).map(lambda a: ("tool", a))

    @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(how=_st.sampled_from(BREAKAGES),  # one case in three is a tool call
           case=_st.integers(0, 2).flatmap(lambda n: tool_strategy if n == 0 else cli_strategy))
    def one(how: str, case: tuple[str, Any]) -> None:
        counter[0] += 1
        root = base / f"fuzz-{counter[0] % 4}"
        shutil.rmtree(root, ignore_errors=True)
        if root.exists() or root.is_file():
            root.unlink()
        shutil.copytree(pristine, root, symlinks=True)
        break_workspace(root, how)
        stats["cases"] += 1
        stats["by_breakage"][how] = stats["by_breakage"].get(how, 0) + 1
        kind, payload = case
        if kind == "cli":
            stats["cli"] += 1
            code, err = run_cli_case(root, payload)
            stats["exit_codes"][str(code)] = stats["exit_codes"].get(str(code), 0) + 1
            if code == 70 or code is None:
                stats["internal"] += 1
                stats["examples"].append({"breakage": how, "argv": [repr(a)[:80] for a in payload], "stderr": err})
            elif code not in DOCUMENTED_EXIT_CODES:
                stats["undocumented"] += 1
                stats["examples"].append({"breakage": how, "argv": [repr(a)[:80] for a in payload], "code": code})
        else:
            stats["tools"] += 1
            name, args = payload
            code, message = run_tool_case(root, name, args)
            stats["tool_codes"][code] = stats["tool_codes"].get(code, 0) + 1
            if code == "internal":
                stats["internal"] += 1
                stats["examples"].append({"breakage": how, "tool": name, "args": repr(args)[:200], "message": message})

    one()
    stats["breakages"] = len(stats["by_breakage"])
    return stats

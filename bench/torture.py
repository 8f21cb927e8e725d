"""Torture: nothing acknowledged is lost, and ``verify`` sees every change (docs/reliability.md).

Four phases, each printing figures (never asserting timings; tests/torture/ runs them small and
asserts the counts that must be zero):

``concurrency``  writers (library processes, ``mylife record`` processes), claim writers (with the
                 statement recorded to L0 in the same step), profile writers (own and shared
                 fields), branch writers, and readers of every layer at the same time: writes
                 attempted / acknowledged / present afterwards, lock waits (p50/p95/max) and
                 timeouts.
``kill``         writers forked from this process doing a random mix of every write path, killed
                 with SIGKILL at random moments; then ``verify`` (which takes the lock, and so
                 runs the recovery) and a count of acknowledged writes lost, raw files orphaned,
                 temp files left, writes without their audit entry, and any other finding.
``edits``        an edit outside MyLife to every layer (raw, manifest, digest, claims, profile,
                 index, config, audit log and its head, a forged cache copy): ``verify`` must
                 name the file.
``fuzz``         a property-based fuzzer (hypothesis) over the CLI and the nine model tools, on
                 workspaces broken in the ways the issue lists: no internal error (exit 70 /
                 ``internal``), every exit code documented in docs/cli.md.

::

    .venv/bin/python -m bench.torture                      # small scale (what CI runs)
    .venv/bin/python -m bench.torture --full               # 32 writers x 50, >= 1,000 kills, ...
    .venv/bin/python -m bench.torture --phases kill --kills 300 --json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: seconds each reader pauses between two reads (``--reader-pause``; 0 = hot loops)
READER_PAUSE = float(os.environ.get("MYLIFE_TORTURE_READER_PAUSE", "0.02"))
OUT = ROOT / "bench" / "out"
DOCUMENTED_EXIT_CODES = {0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 130}


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MYLIFE_") or k.startswith("MYLIFE_TORTURE_")}
    env.update(MYLIFE_LOAD_PLUGINS="", MYLIFE_LANG="en", MYLIFE_TEST_LANG="en", PYTHONPATH=str(ROOT))
    return env


def _init(path: Path) -> None:
    from mylife_core.workspace import Workspace

    ws, _ = Workspace.init(path)
    ws.close()


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:  # pragma: no cover - not Linux
        return "?"


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


# =============================================================================== concurrency


class PollingFlock:
    """The lock MyLife had before (a non-blocking ``flock`` retried with growing sleeps), kept
    here only so ``--phases lock-ab`` can measure both under the same load."""

    def __init__(self, path: Path, timeout: float) -> None:
        self.path, self.timeout, self.last_wait, self._fd, self._depth = path, timeout, 0.0, None, 0
        self.on_acquired, self.crashed, self.crashed_paths = None, False, []

    def __enter__(self) -> "PollingFlock":
        import fcntl

        from mylife_core.errors import LockTimeout

        if self._depth:
            self._depth += 1
            return self
        started = time.monotonic()
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        delay = 0.005
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() - started >= self.timeout:
                    os.close(fd)
                    raise LockTimeout("locked", seconds=self.timeout, path=str(self.path)) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.1)
        self._fd, self._depth, self.last_wait = fd, 1, time.monotonic() - started
        return self

    def __exit__(self, *exc: object) -> None:
        import fcntl

        self._depth -= 1
        if self._depth == 0:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


def worker(kind: str, root: str, wid: int, n: int, out: str, stop: str) -> None:
    """One process of the concurrency phase (``python -m bench.torture worker ...``)."""
    from mylife_core.errors import LockTimeout, MyLifeError
    from mylife_core.layers.index import Branch
    from mylife_core.workspace import Workspace
    from mylife_core import clock

    result: dict[str, Any] = {"kind": kind, "id": wid, "attempted": 0, "acked": [], "timeouts": 0,
                              "errors": [], "waits": [], "reads": 0}
    ws = Workspace.open(root)
    lock = ws.lock()
    if os.environ.get("MYLIFE_TORTURE_OLD_LOCK") == "1":  # lock-ab: the polling flock, same file
        lock = ws.__dict__["_lock"] = PollingFlock(ws.cache_dir / "locks" / "old.lock", lock.timeout)
    if kind == "reader":
        while not os.path.exists(stop):
            try:
                fresh = Workspace.open(root) if result["reads"] % 2 else ws  # fresh (CLI-like) and long-lived
                fresh.profile.reload()
                fresh.index.reload()
                fresh.profile.fields()
                fresh.raw.count()
                fresh.audit.tail(5)
                result["reads"] += 1
                time.sleep(READER_PAUSE)  # a reader that never pauses is a CPU hog, not a user
            except MyLifeError as exc:
                result["errors"].append(exc.render()[:200])
        Path(out).write_text(json.dumps(result))
        return
    result["holds"] = []
    for i in range(n):
        result["attempted"] += 1
        began = time.monotonic()
        try:
            if kind == "record":
                rec = ws.raw.record(f"进程{wid} 第{i}条：今天又加班到很晚\n".encode(), topic=f"t{wid % 4}")
                result["acked"].append({"file": rec.file, "sha256": rec.sha256})
            elif kind == "claim":
                claim, pointer = ws.claims.add(claim=f"写者{wid}的第{i}条证据", topic=f"c{wid % 3}",
                                               kind="assessment")
                result["acked"].append({"id": claim.id, "text": claim.claim, "pointer": pointer})
            elif kind == "profile":
                ws.profile.set(f"字段{wid}", i, ttl_days=30)
                ws.profile.set("共享字段", f"{wid}-{i}", ttl_days=30)
                result["acked"].append({"field": f"字段{wid}", "value": i})
                result["acked"].append({"field": "共享字段", "value": f"{wid}-{i}"})
            elif kind == "branch":
                branch = ws.index.add_branch(Branch(id="", topic=f"分支{wid}-{i}", opened_at=clock.now()))
                result["acked"].append({"id": branch.id, "topic": branch.topic})
            result["waits"].append(lock.last_wait)
            result["holds"].append(time.monotonic() - began - lock.last_wait)
            if hasattr(lock, "last_hold"):  # the lock held, acquire to release (last outermost hold)
                result.setdefault("lock_holds", []).append(lock.last_hold)
        except LockTimeout:
            result["timeouts"] += 1
        except MyLifeError as exc:
            result["errors"].append(exc.render()[:200])
    ws.close()
    Path(out).write_text(json.dumps(result))


def _cli_writer(root: Path, wid: int, n: int) -> dict[str, Any]:
    """``mylife record`` as separate processes, one after another (runs in a thread)."""
    result: dict[str, Any] = {"kind": "cli", "id": wid, "attempted": 0, "acked": [], "timeouts": 0, "errors": []}
    for i in range(n):
        result["attempted"] += 1
        proc = subprocess.run([sys.executable, "-m", "mylife_core", "record", f"命令行{wid}-{i}", "--topic", "cli",
                               "--workspace", str(root), "--json"], capture_output=True, env=_env())
        if proc.returncode == 0:
            rec = json.loads(proc.stdout)["record"]
            result["acked"].append({"file": rec["file"], "sha256": rec["sha256"]})
        elif proc.returncode == 6:
            result["timeouts"] += 1
        else:
            result["errors"].append(proc.stderr.decode("utf-8", "replace")[-300:])
    return result


def _mcp_writer(root: Path, wid: int, n: int) -> dict[str, Any]:
    """A long-lived ``mylife mcp`` server driven by a real MCP client over stdio: records through
    ``mylife_record`` and reads through ``mylife_recall`` (runs in a thread). A write the server
    answers without a stored file (e.g. a proposal for the user) is not counted as acknowledged."""
    result: dict[str, Any] = {"kind": "record", "id": wid, "attempted": 0, "acked": [], "timeouts": 0, "errors": []}
    try:
        import anyio
        from mcp import ClientSession, StdioServerParameters, stdio_client
    except ImportError:  # pragma: no cover - the mcp extra is not installed
        result["errors"].append("mcp not installed")
        return result
    env = {**_env(), "MYLIFE_HOME": str(root)}
    params = StdioServerParameters(command=sys.executable, args=["-m", "mylife_core", "mcp"], env=env)

    async def main() -> None:
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                for i in range(n):
                    result["attempted"] += 1
                    answer = await session.call_tool("mylife_record", {"text": f"MCP{wid}-{i} 今天聊了很多", "topic": "mcp"})
                    doc = json.loads(answer.content[0].text)
                    rec = doc.get("result") or {}
                    rec = rec.get("record", rec) if isinstance(rec, dict) else {}
                    if doc.get("ok") and rec.get("file") and rec.get("sha256"):
                        result["acked"].append({"file": rec["file"], "sha256": rec["sha256"]})
                    elif (doc.get("error") or {}).get("code") == "locked":
                        result["timeouts"] += 1
                    elif not doc.get("ok"):
                        result["errors"].append(str(doc.get("error"))[:300])
                    await session.call_tool("mylife_recall", {"query": "聊"})

    try:
        anyio.run(main)
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        result["errors"].append(f"{type(exc).__name__}: {exc}"[:300])
    return result


def phase_concurrency(base: Path, *, writers: int, records: int, claim_writers: int, profile_writers: int,
                      branch_writers: int, readers: int, cli_writers: int, cli_records: int,
                      mcp_writers: int = 0) -> dict[str, Any]:
    import threading

    root = base / "concurrency"
    base.mkdir(parents=True, exist_ok=True)
    _init(root)
    stop = base / "concurrency.stop"
    plan = ([("record", records)] * writers + [("claim", records)] * claim_writers
            + [("profile", records)] * profile_writers + [("branch", records)] * branch_writers
            + [("reader", 0)] * readers)
    started = time.monotonic()
    procs = []
    for wid, (kind, n) in enumerate(plan):
        out = base / f"worker-{wid}.json"
        procs.append((kind, out, subprocess.Popen(
            [sys.executable, "-m", "bench.torture", "worker", kind, str(root), str(wid), str(n), str(out), str(stop)],
            env=_env(), cwd=ROOT, stderr=subprocess.PIPE)))
    cli_results: list[dict[str, Any]] = []
    threads = [threading.Thread(target=lambda w=w: cli_results.append(_cli_writer(root, 1000 + w, cli_records)))
               for w in range(cli_writers)]
    threads += [threading.Thread(target=lambda w=w: cli_results.append(_mcp_writer(root, 2000 + w, cli_records)))
                for w in range(mcp_writers)]
    for th in threads:
        th.start()
    results = []
    for kind, out, proc in procs:
        if kind == "reader":
            continue
        _, err = proc.communicate()
        results.append(json.loads(out.read_text()) if out.exists() else
                       {"kind": kind, "attempted": 0, "acked": [], "timeouts": 0, "waits": [],
                        "errors": [err.decode("utf-8", "replace")[-500:]]})
    for th in threads:
        th.join()
    stop.touch()
    reads, read_errors = 0, []
    for kind, out, proc in procs:
        if kind != "reader":
            continue
        _, err = proc.communicate()
        doc = json.loads(out.read_text()) if out.exists() else {"reads": 0, "errors": [err.decode()[-300:]]}
        reads += doc["reads"]
        read_errors += doc["errors"]
    elapsed = time.monotonic() - started
    results += cli_results
    present, lost = _present(root, results)
    waits = [w for r in results for w in r.get("waits", [])]
    holds = [h for r in results for h in r.get("holds", [])]
    lock_holds = [h for r in results for h in r.get("lock_holds", [])]
    from mylife_core.verify import verify
    from mylife_core.workspace import Workspace

    with Workspace.open(root) as ws:
        report = verify(ws)
    return {
        "reader_pause_s": float(os.environ.get("MYLIFE_TORTURE_READER_PAUSE", READER_PAUSE)),
        "processes": {"record": writers, "claim": claim_writers, "profile": profile_writers, "branch": branch_writers,
                      "reader": readers, "cli": cli_writers, "mcp": mcp_writers},
        "attempted": sum(r["attempted"] for r in results),
        "acknowledged": sum(len(r["acked"]) for r in results if r["kind"] != "profile")
        + sum(len(r["acked"]) // 2 for r in results if r["kind"] == "profile"),
        "acknowledged_items": sum(len(r["acked"]) for r in results),
        "present": present, "lost": lost,
        "timeouts": sum(r["timeouts"] for r in results),
        "errors": [e for r in results for e in r["errors"]][:5],
        "reads": reads, "read_errors": read_errors[:5],
        "lock_wait_s": {"p50": round(_pct(waits, 0.5), 3), "p95": round(_pct(waits, 0.95), 3),
                        "max": round(max(waits, default=0.0), 3), "n": len(waits)},
        "work_s": {"p50": round(_pct(holds, 0.5), 3), "p95": round(_pct(holds, 0.95), 3)},
        "lock_held_s": {"p50": round(_pct(lock_holds, 0.5), 3), "p95": round(_pct(lock_holds, 0.95), 3),
                        "max": round(max(lock_holds, default=0.0), 3)},
        "writes_per_s": round(len(waits) / elapsed, 1) if elapsed else None,
        "verify_problems": [p.kind for p in report.problems],
        "seconds": round(elapsed, 1), "loadavg": loadavg(),
    }


def _present(root: Path, results: list[dict[str, Any]]) -> tuple[int, list[dict[str, Any]]]:
    """How many acknowledged items are there now, and which are not."""
    from mylife_core.integrity import sha256_file
    from mylife_core.workspace import Workspace

    lost: list[dict[str, Any]] = []
    present = 0
    with Workspace.open(root) as ws:
        manifest = {r.file: r.sha256 for r in ws.raw.records()}
        fields = ws.profile.reload().fields
        branches = {b.id: b.topic for b in ws.index.reload().branches}
        for r in results:
            for item in r["acked"]:
                kind = r["kind"]
                if kind in ("record", "cli"):
                    ok = manifest.get(item["file"]) == item["sha256"] == sha256_file(root / item["file"])
                elif kind == "claim":
                    claim = ws.claims.find(item["id"])
                    ok = claim is not None and claim.claim == item["text"] and \
                        (item["pointer"] is None or item["pointer"].split("#")[0] in manifest)
                elif kind == "profile":
                    field = fields.get(item["field"])
                    ok = field is not None and (field.value == item["value"]
                                                or any(p.value == item["value"] for p in field.history))
                elif kind == "branch":
                    ok = branches.get(item["id"]) == item["topic"]
                else:  # pragma: no cover
                    ok = False
                if ok:
                    present += 1
                else:
                    lost.append({"kind": kind, **item})
    return present, lost[:20] + ([{"more": len(lost) - 20}] if len(lost) > 20 else [])


# =============================================================================== kill -9


OPS = ("record", "claim_statement", "claim_from", "profile", "branch", "chain", "digest", "dispute", "revise")


def _child(root: Path, slot: int, seed: int, acks: Path) -> None:  # pragma: no cover - runs in a forked child
    """A writer doing random writes forever (until killed), logging attempts and acks."""
    from mylife_core import clock
    from mylife_core.errors import MyLifeError
    from mylife_core.layers.index import Branch, Chain
    from mylife_core.workspace import Workspace

    rng = random.Random(seed)
    fd = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def log(phase: str, op: str, **data: Any) -> None:
        os.write(fd, (json.dumps({"phase": phase, "op": op, "slot": slot, "seed": seed, **data},
                                 ensure_ascii=False) + "\n").encode("utf-8"))

    ws = Workspace.open(root)
    i = 0
    while True:
        i += 1
        op = rng.choice(OPS)
        key = f"{seed}-{i}"
        big = "很长的一段话。" * rng.choice((1, 10, 2000))
        try:
            if op == "record":
                log("attempt", op, key=key)
                rec = ws.raw.record(f"{key} {big}\n".encode(), topic=f"k{slot}")
                log("ack", op, key=key, file=rec.file, sha256=rec.sha256)
            elif op == "claim_statement":
                log("attempt", op, key=key)
                claim, pointer = ws.claims.add(claim=f"陈述 {key}", topic=f"k{slot}", kind="assessment")
                log("ack", op, key=key, id=claim.id, text=claim.claim, pointer=pointer)
            elif op == "claim_from":
                records = ws.raw.records()
                if not records:
                    continue
                rec = rng.choice(records)
                log("attempt", op, key=key)
                claim, _ = ws.claims.add(claim=f"引用 {key}", topic=f"k{slot}", kind="fact",
                                         provenance=f"{rec.file}#L1")
                log("ack", op, key=key, id=claim.id, text=claim.claim)
            elif op == "profile":
                value = f"{key} {big[:rng.choice((5, 5000))]}"
                log("attempt", op, key=key, field=f"f{slot}", value=value)
                ws.profile.set(f"f{slot}", value, ttl_days=30)
                log("ack", op, key=key, field=f"f{slot}", value=value)
            elif op == "branch":
                log("attempt", op, key=key)
                branch = ws.index.add_branch(Branch(id="", topic=f"b{key}", opened_at=clock.now()))
                log("ack", op, key=key, id=branch.id, topic=branch.topic)
            elif op == "chain":
                log("attempt", op, key=key)
                chain = ws.index.add_chain(Chain(id="", question=f"q{key}", asked_at=clock.now()))
                log("ack", op, key=key, id=chain.id, question=chain.question)
            elif op in ("digest", "revise"):
                text = f"摘要 {key}\n\n{big[:200]}"
                log("attempt", op, key=key, topic=f"d{slot}", text=text)
                if op == "digest":
                    ws.digests.write_generated(f"d{slot}", text, meta={"revision": "structural"}, actor="system")
                else:
                    ws.digests.write_revision(f"d{slot}", text)
                log("ack", op, key=key, topic=f"d{slot}", text=text)
            elif op == "dispute":
                claims = ws.claims.query(status="active", limit=20)
                if not claims:
                    continue
                target = rng.choice(claims)
                log("attempt", op, key=key, id=target.id)
                ws.claims.dispute(target.id, why=f"why {key}")
                log("ack", op, key=key, id=target.id, why=f"why {key}")
        except MyLifeError as exc:
            log("error", op, key=key, message=exc.render()[:300], kind=type(exc).__name__)


def phase_kill(base: Path, *, kills: int, parallel: int = 2, max_delay: float = 0.6, seed: int = 1) -> dict[str, Any]:
    """Fork writers and kill them with SIGKILL at random moments; then verify and count."""
    from mylife_core.workspace import Workspace

    root = base / "kill"
    _init(root)
    acks = base / "kill-acks.jsonl"
    rng = random.Random(seed)
    started = time.monotonic()
    children: dict[int, float] = {}
    n_seed = 0
    done = 0

    def spawn(slot: int) -> None:
        nonlocal n_seed
        n_seed += 1
        child_seed = seed * 100000 + n_seed
        pid = os.fork()
        if pid == 0:  # pragma: no cover - child
            try:
                _child(root, slot, child_seed, acks)
            finally:
                os._exit(0)
        children[pid] = time.monotonic() + rng.uniform(0.002, max_delay)

    slots: dict[int, int] = {}
    for slot in range(parallel):
        spawn(slot)
        slots[list(children)[-1]] = slot
    while done < kills:
        pid = min(children, key=children.get)
        time.sleep(max(0.0, children[pid] - time.monotonic()))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        done += 1
        del children[pid]
        slot = slots.pop(pid)
        spawn(slot)
        slots[list(children)[-1]] = slot
    for pid in list(children):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    seconds = time.monotonic() - started
    return {"kills": done, "parallel": parallel, "seconds": round(seconds, 1), "loadavg": loadavg(),
            **_after_kills(root, acks)}


def _after_kills(root: Path, acks: Path) -> dict[str, Any]:
    from mylife_core.integrity import sha256_file
    from mylife_core.storage.atomic import is_temp_name
    from mylife_core.verify import verify
    from mylife_core.workspace import Workspace

    entries = [json.loads(line) for line in acks.read_text(encoding="utf-8").splitlines() if line.strip()]
    with Workspace.open(root) as ws:
        report = verify(ws)  # takes the lock: the recovery runs first
        recoveries = [e for e in ws.audit.all() if e.action in ("recover", "recover.write", "audit.repair",
                                                                  "manifest.repair")]
        manifest = {r.file: r.sha256 for r in ws.raw.records()}
        fields = ws.profile.reload().fields
        index = ws.index.reload()
        branches = {b.id: b.topic for b in index.branches}
        chains = {c.id: c.question for c in index.chains}
        lost: list[dict[str, Any]] = []
        acked = [e for e in entries if e["phase"] == "ack"]
        attempts: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for e in entries:
            if e["phase"] == "attempt" and e["op"] in ("profile", "digest", "revise"):
                attempts.setdefault((e["op"] if e["op"] == "profile" else "digest", e.get("field") or e.get("topic")),
                                    []).append(e)
        for e in acked:
            op = e["op"]
            if op == "record":
                ok = manifest.get(e["file"]) == e["sha256"] == sha256_file(root / e["file"])
            elif op in ("claim_statement", "claim_from"):
                claim = ws.claims.find(e["id"])
                ok = claim is not None and claim.claim == e["text"]
                if ok and e.get("pointer"):
                    ok = e["pointer"].split("#")[0] in manifest
            elif op == "profile":
                field = fields.get(e["field"])
                ok = field is not None and (field.value == e["value"] or any(p.value == e["value"] for p in field.history))
            elif op == "branch":
                ok = branches.get(e["id"]) == e["topic"]
            elif op == "chain":
                ok = chains.get(e["id"]) == e["question"]
            elif op in ("digest", "revise"):
                # the file in force or the kept original holds this text, or a later write's
                # (attempts of one slot are sequential: one child per slot at a time)
                tries = attempts.get(("digest", e["topic"]), [])
                at = next((n for n, a in enumerate(tries) if a["key"] == e["key"]), 0)
                texts = []
                for rel in (ws.digests.rel_path(e["topic"]), ws.digests.rel_path(e["topic"], original=True)):
                    with contextlib.suppress(OSError):
                        texts.append((root / rel).read_text(encoding="utf-8"))
                ok = any(a["text"].strip() in doc for doc in texts for a in tries[at:])
            elif op == "dispute":
                claim = ws.claims.find(e["id"])
                ok = claim is not None and claim.status in ("disputed", "superseded")
            else:  # pragma: no cover
                ok = True
            if not ok:
                lost.append(e)
        raw_files = {f"raw/{p.name}" for p in (root / "raw").iterdir() if not is_temp_name(p.name)}
        orphans = sorted(raw_files - set(manifest))
        temps = [str(p.relative_to(root)) for p in root.rglob(".*.tmp")]
        kinds: dict[str, int] = {}
        for p in report.problems:
            kinds[p.kind] = kinds.get(p.kind, 0) + 1
        unaudited = sum(kinds.get(k, 0) for k in ("raw_unaudited", "file_changed", "file_unrecorded", "file_added",
                                                  "file_missing", "manifest_changed"))
        died_holding = sum(1 for e in recoveries if e.action == "recover" and e.detail.get("previous_writer_died"))
        by_op: dict[str, int] = {}
        for e in acked:
            by_op[e["op"]] = by_op.get(e["op"], 0) + 1
        return {
            "writes_acknowledged": len(acked), "by_op": by_op,
            "writes_attempted": sum(1 for e in entries if e["phase"] == "attempt"),
            "errors": [e["message"] for e in entries if e["phase"] == "error"][:5],
            "lost": len(lost), "lost_examples": lost[:5],
            "orphaned_raw": len(orphans), "temp_files_left": len(temps), "unaudited": unaudited,
            "verify_ok": report.ok, "verify_problem_kinds": kinds,
            "verify_examples": [p.message for p in report.problems[:5]],
            "kills_while_holding_lock": died_holding,
            "recoveries": {a: sum(1 for e in recoveries if e.action == a) for a in
                           ("recover", "recover.write", "audit.repair", "manifest.repair")},
        }


# =============================================================================== outside edits


def _story(root: Path) -> dict[str, Any]:
    """A workspace with something in every layer."""
    from mylife_core import clock
    from mylife_core.layers.index import Branch, Chain
    from mylife_core.workspace import Workspace

    ws, _ = Workspace.init(root)
    rec = ws.raw.record("刚完成一个重要项目\n热爱这里，绝不想走\n".encode(), topic="career")
    ws.raw.record("第二条记录\n".encode(), topic="health")
    a, _ = ws.claims.add(claim="热爱这里，绝不想走", topic="职业去留", kind="assessment", provenance=f"{rec.file}#L2")
    ws.claims.add(claim="最近压力大", topic="职业去留", kind="fact")
    ws.profile.set("现有存款", 120000, ttl_days=90)
    ws.index.add_branch(Branch(id="", topic="财务压力", opened_at=clock.now()))
    ws.index.add_chain(Chain(id="", question="要不要走？", asked_at=clock.now()))
    ws.digests.write_generated("职业去留", f"你说热爱这里 [{a.id}]。", meta={"revision": "structural"}, actor="system")
    ws.profile.load()  # makes the cache copy
    ws.close()
    shard = next(p.name for p in (root / "claims").glob("*.yaml"))
    return {"raw": rec.file, "shard": f"claims/{shard}", "claim": a.id}


def _edit_text(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _audit_lines(root: Path) -> list[bytes]:
    return (root / "ledger" / "audit.jsonl").read_bytes().split(b"\n")[:-1]


def _write_audit(root: Path, lines: list[bytes]) -> None:
    (root / "ledger" / "audit.jsonl").write_bytes(b"\n".join(lines) + b"\n")


def edit_scenarios(info: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """(name, the file verify must name, edit(root))."""
    raw, shard, cid = info["raw"], info["shard"], info["claim"]

    def forge_cache(root: Path) -> None:
        path = root / "cache" / "profile.json"
        head, _, payload = path.read_bytes().partition(b"\n")
        path.write_bytes(head + b"\n" + payload.replace(b"120000", b"999999"))

    return [
        ("L0 raw file edited", raw, lambda r: (r / raw).write_bytes((r / raw).read_bytes().replace("绝不".encode(), "有点".encode()))),
        ("L0 raw file deleted", raw, lambda r: (r / raw).unlink()),
        ("L0 raw file added", "raw/2020-01-01-sneaky.md", lambda r: (r / "raw" / "2020-01-01-sneaky.md").write_text("x")),
        ("L0 manifest line edited", raw, lambda r: _edit_text(r / "ledger" / "raw.jsonl", '"size":', '"size":1')),
        ("L1 digest edited", "digest/职业去留.md", lambda r: _edit_text(r / "digest" / "职业去留.md", "热爱", "讨厌")),
        ("L1 digest deleted", "digest/职业去留.md", lambda r: (r / "digest" / "职业去留.md").unlink()),
        ("L1 digest added", "digest/新话题.md", lambda r: (r / "digest" / "新话题.md").write_text("手写\n")),
        ("L2 claim text edited", shard, lambda r: _edit_text(r / shard, "claim: 热爱这里，绝不想走", "claim: 想走了")),
        ("L2 claim kind edited", shard, lambda r: _edit_text(r / shard, "kind: assessment", "kind: fact")),
        ("L2 claim status edited", shard, lambda r: _edit_text(r / shard, "status: active", "status: rejected")),
        ("L2 claim deleted", shard, lambda r: (r / shard).write_text(
            (r / shard).read_text(encoding="utf-8").split("\n- id:")[0] + "\n", encoding="utf-8")),
        ("L2 shard added", "claims/2001-01.yaml", lambda r: (r / "claims" / "2001-01.yaml").write_text("[]\n")),
        ("L3 profile value edited", "profile.yaml", lambda r: _edit_text(r / "profile.yaml", "120000", "130000")),
        ("L3 profile deleted", "profile.yaml", lambda r: (r / "profile.yaml").unlink()),
        ("L4 index edited", "index.yaml", lambda r: _edit_text(r / "index.yaml", "财务压力", "别的分支")),
        ("L4 index deleted", "index.yaml", lambda r: (r / "index.yaml").unlink()),
        ("config edited", "config.yaml", lambda r: (r / "config.yaml").write_text(
            (r / "config.yaml").read_text(encoding="utf-8") + "\n# hand note\n", encoding="utf-8")),
        ("audit line edited", "ledger/audit.jsonl", lambda r: _write_audit(
            r, [line.replace(b'"actor":"user"', b'"actor":"model"', 1) if i == 2 else line
                for i, line in enumerate(_audit_lines(r))])),
        ("audit line deleted", "ledger/audit.jsonl", lambda r: _write_audit(r, [line for i, line in enumerate(_audit_lines(r)) if i != 3])),
        ("audit line inserted", "ledger/audit.jsonl", lambda r: _write_audit(r, [*_audit_lines(r)[:2], _audit_lines(r)[1], *_audit_lines(r)[2:]])),
        ("audit tail cut", "ledger/audit.jsonl", lambda r: _write_audit(r, _audit_lines(r)[:-2])),
        ("audit garbage line", "ledger/audit.jsonl", lambda r: (r / "ledger" / "audit.jsonl").open("ab").write(b"garbage\n")),
        ("audit last line edited", "ledger/audit.jsonl", lambda r: _write_audit(
            r, [*_audit_lines(r)[:-1], _audit_lines(r)[-1].replace(b'"at":"', b'"at":"1', 1)])),
        ("audit head deleted", "ledger/audit.head", lambda r: (r / "ledger" / "audit.head").unlink()),
        ("claim source line edited (pointer)", f"{raw}#L2", lambda r: (r / raw).write_bytes(
            (r / raw).read_bytes().replace("绝不".encode(), "有点".encode()))),
        ("forged cache copy of profile.yaml", "cache/profile.json", forge_cache),
    ]


def phase_edits(base: Path) -> dict[str, Any]:
    from mylife_core.verify import verify
    from mylife_core.workspace import Workspace

    pristine = base / "edits-pristine"
    info = _story(pristine)
    results = []
    for name, expected, edit in edit_scenarios(info):
        root = base / f"edit-{len(results)}"
        shutil.copytree(pristine, root, symlinks=True)
        edit(root)
        with Workspace.open(root) as ws:
            if expected == "cache/profile.json":
                # a forged copy is never served, and never written back by the next write
                served = ws.profile.load().fields["现有存款"].value
                ws.profile.set("另一个字段", 1, ttl_days=10)
                kept = (root / "profile.yaml").read_text(encoding="utf-8")
                named = served == 120000 and "999999" not in kept
                results.append({"edit": name, "file": expected, "named": named, "kinds": []})
                continue
            report = verify(ws)
        hits = [p for p in report.problems if p.file and (p.file == expected or p.file.endswith(expected)
                                                          or expected.startswith(p.file.rstrip("/")))]
        results.append({"edit": name, "file": expected, "named": bool(hits),
                        "kinds": sorted({p.kind for p in report.problems}),
                        "message": hits[0].message if hits else (report.problems[0].message if report.problems else None)})
    named = sum(1 for r in results if r["named"])
    return {"edits": len(results), "named": named, "named_pct": round(100 * named / len(results), 1),
            "results": results}


# =============================================================================== fuzz


def phase_lock_ab(base: Path, *, writers: int, records: int, claim_writers: int, profile_writers: int) -> dict[str, Any]:
    """The same writers (library only) with the fair lock and with the polling flock it replaced,
    one after the other under the same machine load."""
    out: dict[str, Any] = {}
    for name, flag in (("fair", "0"), ("polling", "1"), ("fair_again", "0")):
        os.environ["MYLIFE_TORTURE_OLD_LOCK"] = flag
        try:
            doc = phase_concurrency(base / name, writers=writers, records=records, claim_writers=claim_writers,
                                    profile_writers=profile_writers, branch_writers=1, readers=0, cli_writers=0,
                                    cli_records=0, mcp_writers=0)
        finally:
            os.environ.pop("MYLIFE_TORTURE_OLD_LOCK", None)
        out[name] = {k: doc[k] for k in ("attempted", "acknowledged", "timeouts", "lock_wait_s", "work_s",
                                         "writes_per_s", "seconds", "loadavg")}
        out[name]["lost"] = len(doc["lost"])
    return out


def phase_fuzz(base: Path, *, examples: int, seed: int = 0) -> dict[str, Any]:
    from bench.torture_fuzz import run_fuzz

    return run_fuzz(base, examples=examples, seed=seed)


# =============================================================================== main

SMALL = dict(writers=6, records=8, claim_writers=2, profile_writers=2, branch_writers=1, readers=2,
             cli_writers=1, cli_records=3, mcp_writers=1, kills=40, fuzz=150)
FULL = dict(writers=32, records=50, claim_writers=4, profile_writers=4, branch_writers=2, readers=6,
            cli_writers=2, cli_records=20, mcp_writers=2, kills=1000, fuzz=2000)


def run(phases: list[str], scale: dict[str, int], base: Path) -> dict[str, Any]:
    out: dict[str, Any] = {"loadavg_start": loadavg(), "cpus": os.cpu_count()}
    if "concurrency" in phases:
        out["concurrency"] = phase_concurrency(base, **{k: scale[k] for k in (
            "writers", "records", "claim_writers", "profile_writers", "branch_writers", "readers", "cli_writers",
            "cli_records", "mcp_writers")})
    if "kill" in phases:
        out["kill"] = phase_kill(base, kills=scale["kills"])
    if "edits" in phases:
        out["edits"] = phase_edits(base)
    if "fuzz" in phases:
        out["fuzz"] = phase_fuzz(base, examples=scale["fuzz"])
    if "lock-ab" in phases:
        out["lock_ab"] = phase_lock_ab(base, writers=scale["writers"], records=scale["records"],
                                       claim_writers=scale["claim_writers"], profile_writers=scale["profile_writers"])
    out["loadavg_end"] = loadavg()
    return out


def _print(doc: dict[str, Any]) -> None:
    print(f"load average {doc['loadavg_start']} -> {doc['loadavg_end']} on {doc['cpus']} cores")
    c = doc.get("concurrency")
    if c:
        p = c["processes"]
        print(f"concurrency: {p['record']} record + {p['claim']} claim + {p['profile']} profile + {p['branch']} branch "
              f"writers, {p['cli']} CLI writers, {p.get('mcp', 0)} MCP servers, {p['reader']} readers, {c['seconds']} s")
        print(f"  writes attempted {c['attempted']}, acknowledged {c['acknowledged']}, "
              f"present {c['present']}/{c['acknowledged_items']} items, lost {len(c['lost'])}, timeouts {c['timeouts']}")
        w = c["lock_wait_s"]
        print(f"  lock wait p50 {w['p50']} s, p95 {w['p95']} s, max {w['max']} s ({w['n']} library writes; "
              f"work after the wait p50 {c['work_s']['p50']} s, p95 {c['work_s']['p95']} s, {c['writes_per_s']} writes/s); "
              f"{c['reads']} reads, {len(c['read_errors'])} read errors; verify problems {c['verify_problems']}")
        if c.get("lock_held_s", {}).get("max"):
            h = c["lock_held_s"]
            print(f"  lock held p50 {h['p50']} s, p95 {h['p95']} s, max {h['max']} s")
    k = doc.get("kill")
    if k:
        print(f"kill -9: {k['kills']} kills ({k['kills_while_holding_lock']} while holding the lock), "
              f"{k['writes_acknowledged']} writes acknowledged of {k['writes_attempted']} attempted, {k['seconds']} s")
        print(f"  lost {k['lost']}, orphaned raw {k['orphaned_raw']}, temp files left {k['temp_files_left']}, "
              f"unaudited {k['unaudited']}, verify ok {k['verify_ok']} {k['verify_problem_kinds'] or ''}")
        print(f"  recoveries {k['recoveries']}")
    e = doc.get("edits")
    if e:
        print(f"outside edits: {e['named']}/{e['edits']} named ({e['named_pct']} %)")
        for r in e["results"]:
            if not r["named"]:
                print(f"  NOT NAMED: {r['edit']} ({r['file']}): {r['kinds']}")
    ab = doc.get("lock_ab")
    if ab:
        for name, r in ab.items():
            w = r["lock_wait_s"]
            print(f"lock {name}: {r['acknowledged']}/{r['attempted']} acknowledged, {r['timeouts']} timeouts, "
                  f"wait p50 {w['p50']} s p95 {w['p95']} s max {w['max']} s, {r['writes_per_s']} writes/s, "
                  f"load {r['loadavg']}")
    f = doc.get("fuzz")
    if f:
        print(f"fuzz: {f['cases']} cases ({f['cli']} CLI, {f['tools']} tool calls) on {f['breakages']} kinds of "
              f"broken workspace; internal errors {f['internal']}, undocumented exit codes {f['undocumented']}; "
              f"exit codes {f['exit_codes']}")
        for ex in f["examples"][:5]:
            print(f"  {ex}")


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "worker":
        worker(args[1], args[2], int(args[3]), int(args[4]), args[5], args[6])
        return 0
    parser = argparse.ArgumentParser(prog="bench.torture", description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="full scale (see FULL)")
    parser.add_argument("--phases", default="concurrency,kill,edits,fuzz")
    for key in SMALL:
        parser.add_argument(f"--{key.replace('_', '-')}", type=int, default=None)
    parser.add_argument("--reader-pause", type=float, default=None,
                        help="seconds a reader pauses between reads (default 0.02; 0 = hot loops)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the workspaces (bench/out/torture-*)")
    ns = parser.parse_args(args)
    scale = dict(FULL if ns.full else SMALL)
    for key in SMALL:
        value = getattr(ns, key)
        if value is not None:
            scale[key] = value
    OUT.mkdir(parents=True, exist_ok=True)
    base = Path(tempfile.mkdtemp(prefix="torture-", dir=OUT))
    os.environ.update(MYLIFE_LOAD_PLUGINS="", MYLIFE_LANG="en")
    if ns.reader_pause is not None:
        os.environ["MYLIFE_TORTURE_READER_PAUSE"] = str(ns.reader_pause)
    try:
        doc = run([p.strip() for p in ns.phases.split(",") if p.strip()], scale, base)
    finally:
        if not ns.keep:
            shutil.rmtree(base, ignore_errors=True)
    doc["scale"] = scale
    if ns.json:
        print(json.dumps(doc, ensure_ascii=False, indent=1, default=str))
    else:
        _print(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())

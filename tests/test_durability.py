"""Never lose the user's data: concurrent writers, killed writers, hand-edited files."""

from __future__ import annotations

import json


import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mylife_core.storage import jsonl
from mylife_core.testing import cli_env, run_cli

WRITER = textwrap.dedent("""
    import sys
    from mylife_core.workspace import Workspace
    ws = Workspace.open(sys.argv[1])
    who, n = sys.argv[2], int(sys.argv[3])
    for i in range(n):
        rec = ws.raw.record(f"进程{who} 第{i}条：今天又加班\\n".encode(), topic="career")
        ws.claims.add(claim=f"进程{who}的第{i}条", topic="职业去留", kind="assessment", provenance=rec.file + "#L1")
        ws.profile.set(f"字段{who}", i, ttl_days=30)
""")


def test_eight_processes_writing_at_once_lose_nothing(cli, ws_path):
    cli("init")
    n = 12
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(ws_path), str(w), str(n)], env=cli_env(ws_path),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for w in range(8)]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err.decode()
    records, torn = jsonl.read(ws_path / "ledger" / "raw.jsonl")
    assert not torn and len(records) == 8 * n
    assert len({r["file"] for r in records}) == 8 * n
    claims = cli("claim", "list", "--limit", "0", "--json").json()["claims"]
    assert len(claims) == 8 * n and len({c["id"] for c in claims}) == 8 * n
    assert {c["claim"] for c in claims} == {f"进程{w}的第{i}条" for w in range(8) for i in range(n)}
    fields = cli("profile", "list", "--json").json()["fields"]
    assert {f["name"]: f["value"] for f in fields} == {f"字段{w}": n - 1 for w in range(8)}
    assert all(len(f["history"]) == n - 1 for f in fields)
    audit = (ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(audit) == 1 + 8 * n * 3
    v = cli("verify", "--json")
    assert v.returncode == 0, v.stdout


KILLED = textwrap.dedent("""
    import sys
    from mylife_core.workspace import Workspace
    ws = Workspace.open(sys.argv[1])
    big = ("很长的一段记录，" * 40000 + "\\n").encode()
    i = 0
    while True:
        i += 1
        rec = ws.raw.record(big, topic="career")
        ws.profile.set("现有存款", "x" * 200000 + str(i), ttl_days=90)
        ws.claims.add(claim=f"第{i}条" + "长" * 50000, topic="职业去留", provenance=rec.file + "#L1")
""")


def test_a_writer_killed_mid_write_leaves_no_torn_file(cli, ws_path):
    cli("init")
    for delay in (0.35, 0.6, 0.9, 1.3, 1.7):
        proc = subprocess.Popen([sys.executable, "-c", KILLED, str(ws_path)], env=cli_env(ws_path),
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        # every layer still parses; the profile is a complete old or new version
        status = cli("status", "--json")
        assert status.returncode == 0, status.stderr
        value = cli("profile", "get", "现有存款", "--json")
        if value.returncode == 0:
            assert len(value.json()["field"]["value"]) > 200000
    records, _ = jsonl.read(ws_path / "ledger" / "raw.jsonl")
    assert records, "the writer never got to record anything; raise the delays"
    for rec in records:  # every recorded file is complete and matches its hash
        data = (ws_path / rec["file"]).read_bytes()
        assert len(data) == rec["size"]
    report = cli("verify", "--json").json()
    # the only acceptable findings: a raw file whose manifest line the kill cut off
    assert {p["kind"] for p in report["problems"]} <= {"raw_added", "manifest_torn"}, report
    leftovers = [p for p in (ws_path / "raw").iterdir() if p.name.endswith(".tmp")]
    for p in leftovers:  # temp files are never mistaken for records
        assert not any(r["file"] == f"raw/{p.name}" for r in records)
    # and the next write goes through cleanly
    assert cli("record", "还好，数据都在", "--topic", "career").returncode == 0


def test_hand_edited_yaml_with_syntax_error_is_named_and_never_overwritten(cli, ws_path):
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    path = ws_path / "profile.yaml"
    broken = path.read_text(encoding="utf-8").replace("value: 120000", "value: [120000")
    path.write_text(broken, encoding="utf-8")
    r = cli("profile", "set", "房租月支出", "4500", "--ttl", "365")
    assert r.returncode == 5
    assert "profile.yaml:" in r.stderr and "不会被改写" in r.stderr and "Traceback" not in r.stderr
    line = int(r.stderr.split("profile.yaml:")[1].split(":")[0])
    assert "[120000" in broken.splitlines()[line - 1] or "[120000" in broken.splitlines()[line - 2]
    assert path.read_text(encoding="utf-8") == broken


def test_wrong_type_in_yaml_names_the_line(cli, ws_path):
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    path = ws_path / "profile.yaml"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    idx = next(i for i, line in enumerate(lines) if "ttl_days" in line)
    lines[idx] = lines[idx].split(":")[0] + ": ninety"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("profile", "list")
    assert r.returncode == 5
    assert f"profile.yaml:{idx + 1}:" in r.stderr and "ttl_days" in r.stderr


def test_broken_claims_shard_blocks_writes_but_is_not_touched(cli, ws_path):
    cli("init")
    rec = cli("record", "一句话", "--topic", "career", "--at", "2026-01-15", "--json").json()["record"]["file"]
    cli("claim", "add", "一句话", "--topic", "t", "--from", f"{rec}#L1", "--at", "2026-01-15")
    shard = ws_path / "claims" / "2026-01.yaml"
    broken = shard.read_text(encoding="utf-8").replace("kind: fact", "kind: fact: oops")
    shard.write_text(broken, encoding="utf-8")
    r = cli("claim", "add", "又一句", "--topic", "t", "--from", f"{rec}#L1", "--at", "2026-01-16")
    assert r.returncode == 5 and "claims/2026-01.yaml:" in r.stderr
    assert shard.read_text(encoding="utf-8") == broken


def test_duplicate_claim_ids_from_a_hand_edit_are_named(cli, ws_path):
    cli("init")
    rec = cli("record", "一句话", "--topic", "career", "--at", "2026-01-15", "--json").json()["record"]["file"]
    cli("claim", "add", "一句话", "--topic", "t", "--from", f"{rec}#L1", "--at", "2026-01-15")
    shard = ws_path / "claims" / "2026-01.yaml"
    text = shard.read_text(encoding="utf-8")
    body = text.split("\n", 1)[1]
    shard.write_text(text + body, encoding="utf-8")
    r = cli("claim", "list")
    assert r.returncode == 5 and "证据编号 claim-2026-01-15-001 重复了（claims/2026-01.yaml 里也有这个编号）" in r.stderr
    assert "请删掉重复的那一条" in r.stderr and "Traceback" not in r.stderr
    en = cli("claim", "list", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 5 and "duplicate claim id claim-2026-01-15-001 (also in claims/2026-01.yaml)" in en.stderr


def test_claims_index_is_a_rebuildable_cache(cli, ws_path):
    cli("init")
    rec = cli("record", "一句话", "--topic", "career", "--json").json()["record"]["file"]
    cli("claim", "add", "一句话", "--topic", "t", "--from", f"{rec}#L1")
    db = ws_path / "cache" / "claims.sqlite"
    for suffix in ("-wal", "-shm"):
        (ws_path / "cache" / ("claims.sqlite" + suffix)).unlink(missing_ok=True)
    db.write_bytes(b"this is not a database" * 100)
    r = cli("claim", "list", "--json")
    assert r.returncode == 0 and r.json()["count"] == 1
    import shutil

    shutil.rmtree(ws_path / "cache")
    assert cli("claim", "list", "--json").json()["count"] == 1


def test_hand_added_claim_is_picked_up(cli, ws_path):
    cli("init")
    rec = cli("record", "一句话", "--topic", "career", "--at", "2026-01-15", "--json").json()["record"]["file"]
    cli("claim", "add", "一句话", "--topic", "t", "--from", f"{rec}#L1", "--at", "2026-01-15")
    shard = ws_path / "claims" / "2026-01.yaml"
    text = shard.read_text(encoding="utf-8")
    shard.write_text(text + text.split("\n", 1)[1].replace("claim-2026-01-15-001", "claim-2026-01-15-007")
                     .replace("claim: 一句话", "claim: 手写的一条"), encoding="utf-8")
    time.sleep(0.01)
    listed = cli("claim", "list", "--json").json()["claims"]
    assert [c["claim"] for c in listed] == ["一句话", "手写的一条"]
    edited = shard.read_bytes()
    refused = cli("claim", "add", "再来一条", "--topic", "t", "--from", f"{rec}#L1", "--at", "2026-01-15", "--json")
    assert refused.returncode == 4 and refused.json()["error"]["params"]["file"] == "claims/2026-01.yaml"
    assert shard.read_bytes() == edited  # the hand edit is not absorbed unseen: kept with verify --accept
    assert cli("verify", "--accept", "claims/2026-01.yaml").returncode == 0
    nxt = cli("claim", "add", "再来一条", "--topic", "t", "--from", f"{rec}#L1", "--at", "2026-01-15", "--json")
    assert nxt.json()["claim"]["id"] == "claim-2026-01-15-008"


@pytest.mark.parametrize("log", ["raw", "audit"])
def test_a_whole_last_line_without_its_newline_is_kept_not_cut(cli, ws_path, log):
    """QA s22f.6: a log whose last line lacks only its newline (an editor that drops the final
    newline; a kill between the append's ``}`` and its newline) was taken for a torn append and
    cut by the next write (or by verify, which takes the lock): the manifest entry of a note the
    user had been told was saved, or that note's audit entry, was gone for good, and verify then
    said the note was "not added by MyLife" / "not audited". A whole JSON line is kept, the newline
    added; only a fragment is cut."""
    cli("init")
    cli("record", "第一条", "--topic", "career")
    second = cli("record", "第二条，保存成功了的", "--topic", "career", "--json").json()["record"]["file"]
    path = ws_path / "ledger" / f"{log}.jsonl"
    whole = path.read_bytes()
    path.write_bytes(whole[:-1])  # the same bytes but the last newline
    v = cli("verify", "--json").json()  # verify takes the lock: the repair runs first
    assert v["ok"] is True and v["problems"] == [] and v["warnings"] == [], v
    assert path.read_bytes() == whole  # nothing cut: the newline is back
    assert cli("record", "第三条", "--topic", "career").returncode == 0
    records, torn = jsonl.read(ws_path / "ledger" / "raw.jsonl")
    assert not torn and second in [r["file"] for r in records]
    audit = [json.loads(line) for line in (ws_path / "ledger" / "audit.jsonl").read_bytes().splitlines()]
    assert ("record", second) in [(e["action"], e["target"]) for e in audit]
    assert not any(e["action"] == "audit.repair" for e in audit)
    assert cli("verify").returncode == 0


def test_torn_manifest_line_is_repaired_on_next_write(cli, ws_path):
    cli("init")
    cli("record", "第一条", "--topic", "career")
    manifest = ws_path / "ledger" / "raw.jsonl"
    with manifest.open("ab") as fh:
        fh.write(b'{"file":"raw/half')  # what a kill during append leaves
    v = cli("verify", "--json").json()  # verify takes the lock, and taking it repairs the tail
    assert v["ok"] is True, v
    assert not jsonl.ends_torn(manifest)
    assert cli("record", "第二条", "--topic", "career").returncode == 0
    records, torn = jsonl.read(manifest)
    assert not torn and len(records) == 2
    assert cli("verify").returncode == 0
    audit = (ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8")
    assert "manifest.repair" in audit


def test_lock_times_out_with_a_clear_message(ws_path, cli):
    cli("init")
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import time, sys
        from mylife_core.workspace import Workspace
        ws = Workspace.open({str(ws_path)!r})
        with ws.lock():
            print("held", flush=True)
            time.sleep(30)
    """)], stdout=subprocess.PIPE, env=cli_env(ws_path))
    try:
        assert holder.stdout.readline().strip() == b"held"
        r = run_cli(["record", "被锁住了", "--topic", "career"], workspace=ws_path,
                    env={"MYLIFE_LOCK_TIMEOUT": "0.5"})
        assert r.returncode == 6 and "另一个 MyLife 进程" in r.stderr
    finally:
        holder.kill()
        holder.wait()
    assert not list((ws_path / "raw").iterdir())



def test_temp_files_a_killed_writer_left_in_index_are_swept(ws, ws_path):
    """index/ (branches, proposals) and index/chains/ are written with temp file + rename like every
    layer, so a dead writer's leftovers there are swept too; a live writer's are left alone."""
    import os

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    leftovers = []
    for folder in (ws_path / "index", ws_path / "index" / "chains"):
        folder.mkdir(parents=True, exist_ok=True)
        leftovers.append(folder / f".proposals.yaml.{dead_pid}.abcd.tmp")
        leftovers[-1].write_bytes(b"half written")
    live = ws_path / "index" / f".index.yaml.{os.getpid()}.efgh.tmp"
    live.write_bytes(b"being written")
    assert ws.cleanup() >= 2
    assert not any(p.exists() for p in leftovers)
    assert live.exists()


OPENER = textwrap.dedent("""
    import os, sys, time
    from mylife_core.workspace import Workspace
    go = sys.argv[2]
    print("ready", flush=True)
    while not os.path.exists(go):
        time.sleep(0.0005)
    ws = Workspace.open(sys.argv[1])
    store = ws.claims.store
    store.db
    print(store._why, os.stat(store.db_path).st_ino)
""")


def test_processes_opening_a_fresh_claims_index_at_once_share_one_file(ws, ws_path, tmp_path):
    """Several commands opening the claims index the moment it is missing (a fresh workspace, a
    deleted cache/): exactly one makes the tables, none takes the others' busy file for a damaged
    one and deletes it (the two would then write to different files, blind to each other)."""
    ws.claims.add(claim="已经有的一条", topic="t", kind="assessment")
    ws.close()
    for round_ in range(5):
        for suffix in ("", "-wal", "-shm"):
            (ws_path / "cache" / ("claims.sqlite" + suffix)).unlink(missing_ok=True)
        go = tmp_path / f"go-{round_}"
        procs = [subprocess.Popen([sys.executable, "-c", OPENER, str(ws_path), str(go)], env=cli_env(ws_path),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(4)]
        assert [p.stdout.readline() for p in procs] == ["ready\n"] * 4  # all imported, waiting
        go.touch()
        answers = [p.communicate(timeout=120) for p in procs]
        assert [p.returncode for p in procs] == [0] * 4, [err for _, err in answers]
        whys = [out.split()[0] for out, _ in answers]
        assert "damaged" not in whys, whys
        inodes = {out.split()[1] for out, _ in answers}
        assert inodes == {str((ws_path / "cache" / "claims.sqlite").stat().st_ino)}
    assert cli_count(ws_path) == 1


def cli_count(ws_path) -> int:
    return run_cli(["claim", "list", "--json"], workspace=ws_path).json()["count"]


def test_a_busy_claims_index_is_waited_for_never_deleted(ws, ws_path, monkeypatch):
    """"database is locked" is not damage: the file another process holds is left as it is."""
    import sqlite3

    from mylife_core.storage import sqlite_cache

    ws.claims.add(claim="一条", topic="t", kind="assessment")
    ws.close()
    db = ws_path / "cache" / "claims.sqlite"
    for suffix in ("", "-wal", "-shm"):
        (ws_path / "cache" / ("claims.sqlite" + suffix)).unlink(missing_ok=True)
    holder = sqlite3.connect(db, isolation_level=None)  # a fresh file, held whole by another writer
    holder.execute("CREATE TABLE other_writer(x)")
    holder.execute("BEGIN EXCLUSIVE")
    inode = db.stat().st_ino
    monkeypatch.setenv("MYLIFE_LOCK_TIMEOUT", "0.3")  # how long any wait for another process lasts
    assert sqlite_cache.wait_seconds() == 0.3
    from mylife_core.workspace import Workspace

    again = Workspace.open(ws_path)
    try:
        import pytest

        with pytest.raises(sqlite3.OperationalError, match="locked"):
            again.claims.count()
        assert db.stat().st_ino == inode
        # the command line says what is going on (exit 6, as for the workspace lock), no traceback
        r = run_cli(["claim", "list"], workspace=ws_path, env={"MYLIFE_LOCK_TIMEOUT": "0.3"})
        assert r.returncode == 6 and "另一个 MyLife 进程" in r.stderr and "cache/" in r.stderr
        assert "Traceback" not in r.stderr and "内部错误" not in r.stderr
        j = run_cli(["claim", "list", "--json"], workspace=ws_path, env={"MYLIFE_LOCK_TIMEOUT": "0.3"})
        assert j.returncode == 6 and j.json()["error"]["code"] == "locked"
        assert db.stat().st_ino == inode
        holder.execute("ROLLBACK")
        assert holder.execute("SELECT name FROM sqlite_master").fetchall() == [("other_writer",)]
    finally:
        holder.close()
        again.close()
    assert cli_count(ws_path) == 1


def test_an_index_behind_its_month_file_never_gives_an_id_twice(cli, ws_path):
    """A claim the month file holds but the index lost (a writer killed between the two, with
    the index's record of the file up to date): the next claim takes the next free id, and no
    id is ever written twice."""
    import sqlite3

    cli("init")
    first = cli("claim", "add", "第一条", "--topic", "t", "--at", "2026-01-15", "--json").json()["claim"]["id"]
    assert first == "claim-2026-01-15-001"
    with sqlite3.connect(ws_path / "cache" / "claims.sqlite") as db:
        db.execute("DELETE FROM claims WHERE id=?", (first,))
    r = cli("claim", "add", "第二条", "--topic", "t", "--at", "2026-01-15", "--json")
    assert r.returncode == 0, r.stderr
    assert r.json()["claim"]["id"] == "claim-2026-01-15-002"
    text = (ws_path / "claims" / "2026-01.yaml").read_text(encoding="utf-8")
    assert text.count("id: claim-2026-01-15-001") == 1 and text.count("id: claim-2026-01-15-002") == 1
    listed = cli("claim", "list", "--json").json()["claims"]
    assert [(c["id"], c["claim"]) for c in listed] == [(first, "第一条"), ("claim-2026-01-15-002", "第二条")]
    assert cli("verify", "--json").json()["ok"]


KILLED_STAGER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from mylife_core.storage.atomic import stage_bytes
    print(stage_bytes(Path(sys.argv[1]), "写到一半的一条笔记".encode() * 1000), flush=True)
    time.sleep(60)
""")


def test_a_note_staged_by_a_writer_killed_before_the_lock_is_swept(cli, ws_path):
    """``record`` writes a note's bytes before it takes the lock: a writer killed then leaves no
    crash for the lock to see, and its staged copy is swept by the next write all the same."""
    cli("init")
    from mylife_core.workspace import Workspace

    stage_dir = Workspace.open(ws_path).raw.stage_dir
    assert stage_dir.parent == ws_path / "cache"  # never among the notes in raw/
    stager = subprocess.Popen([sys.executable, "-c", KILLED_STAGER, str(stage_dir)], env=cli_env(ws_path),
                              stdout=subprocess.PIPE, text=True)
    staged = stager.stdout.readline().strip()
    assert staged and (ws_path / "cache" / "staging").is_dir()
    stager.send_signal(signal.SIGKILL)
    stager.wait()
    assert list(stage_dir.iterdir()) == [Path(staged)]
    assert cli("record", "下一条", "--topic", "career").returncode == 0
    assert list(stage_dir.iterdir()) == []
    recovered = [e for e in Workspace.open(ws_path).audit.all() if e.action == "recover"]
    assert recovered and recovered[-1].detail.get("temp_files") == 1  # said in the audit log
    assert cli("verify", "--json").json()["ok"]


def test_a_reader_indexing_a_claim_before_its_writer_does_is_no_duplicate(ws, ws_path):
    """Between a writer's month file and its own index update, another process may open the index
    and read the new claim from the file first. The writer's update then replaces that copy; it
    is no "duplicate claim id" for the writer, nor for the reader."""
    from mylife_core.builtin.files_store import FilesStore
    from mylife_core.workspace import Workspace

    first, _ = ws.claims.add(claim="第一条", topic="t", kind="assessment")
    store = ws.claims.store
    assert isinstance(store, FilesStore)
    second = first.model_copy(update={"id": first.id[:-3] + "002", "claim": "第二条"})
    name = store.shard_of(second)
    # the writer's first step: the month file with the new claim appended
    from mylife_core.layers import claim_shards
    from mylife_core.storage import yamlfile
    from mylife_core.storage.atomic import atomic_write_bytes

    text = claim_shards.append_text((store.dir / name).read_text(encoding="utf-8"),
                                    yamlfile.dumps([second.model_dump(mode="python", exclude_none=False)]))
    atomic_write_bytes(store.dir / name, text.encode("utf-8"))
    time.sleep(0.01)
    reader = Workspace.open(ws_path)  # another process opening the index now reads it from the file
    try:
        assert reader.claims.find(second.id) is not None
    finally:
        reader.close()
    store._store_text(name, text, [second], replace=False)  # the writer's own index update
    assert [c.claim for c in ws.claims.query()] == ["第一条", "第二条"]
    again = Workspace.open(ws_path)
    try:
        assert again.claims.count() == 2
    finally:
        again.close()


def test_a_cache_on_another_file_system_still_records(cli, ws_path, tmp_path):
    """A note is staged in cache/staging and linked into raw/; with cache/ moved to another file
    system (a symlink to a RAM disk) the link cannot cross, and the note is written in raw/."""
    import os
    import shutil
    import uuid

    import pytest

    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("needs /dev/shm on a file system other than the test's temp folder")
    cli("init")
    elsewhere = shm / f"mylife-cache-{uuid.uuid4().hex}"
    elsewhere.mkdir(mode=0o700)
    try:
        shutil.rmtree(ws_path / "cache")
        (ws_path / "cache").symlink_to(elsewhere)
        r = cli("record", "缓存搬到了别的盘上\n第二行", "--topic", "t", "--json")
        assert r.returncode == 0, r.stderr
        rec = r.json()["record"]
        assert (ws_path / rec["file"]).read_text(encoding="utf-8") == "缓存搬到了别的盘上\n第二行"
        assert list((elsewhere / "staging").iterdir()) == []  # nothing left behind
        assert cli("verify", "--json").json()["ok"]
    finally:
        shutil.rmtree(elsewhere, ignore_errors=True)


def test_a_claim_write_whose_index_is_busy_succeeds_and_says_the_index_catches_up(cli, ws_path):
    """QA s21g.1: with the claims index held by another process past the wait, `claim dispute`
    replaced the month file, then failed on the index update with exit 6 "failed": yet the
    dispute was in the month file and shown afterwards. The index is a derived cache
    (docs/reliability.md): the write now stands, audited as any other (no ``recover.write``),
    and says the index is brought up to date by the next read; ``--json`` says the same. (Before
    s21a.3 the next write stopped with exit 4 "changed outside MyLife": it goes through too.)"""
    import json
    import sqlite3

    assert cli("init").returncode == 0
    for text in ("我喜欢跑步", "我喜欢游泳"):
        assert cli("claim", "add", text, "--topic", "运动", "--kind", "fact").returncode == 0
    ids = [c["id"] for c in cli("claim", "list", "--json").json()["claims"]]
    busy_env = {"MYLIFE_LOCK_TIMEOUT": "0.5"}

    def held(command):
        holder = sqlite3.connect(ws_path / "cache" / "claims.sqlite", isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
            return cli(*command, env=busy_env)
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    busy = held(("claim", "dispute", ids[0], "--why", "不对"))
    assert busy.returncode == 0, busy.stderr  # was: exit 6 "另一个 MyLife 进程…", the dispute stored
    assert "cache/claims.sqlite" in busy.stderr and "下一次读取" in busy.stderr, busy.stderr
    last = json.loads((ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert last["action"] == "claim.dispute" and last["target"] == ids[0]
    # the next read re-reads the month into the index
    shown = cli("claim", "show", ids[0], "--json").json()["claim"]
    assert shown["status"] == "disputed" and shown["note"] == "不对"

    added = held(("claim", "add", "我喜欢登山", "--topic", "运动", "--json"))
    assert added.returncode == 0, added.stderr
    doc = added.json()
    assert doc["ok"] is True and len(doc["warnings"]) == 1 and "cache/claims.sqlite" in doc["warnings"][0], doc
    listed = [c["claim"] for c in cli("claim", "list", "--json").json()["claims"]]
    assert "我喜欢登山" in listed
    r = cli("claim", "dispute", ids[1], "--why", "也不对", "--json")
    assert r.returncode == 0, r.stderr
    assert "warnings" not in r.json() and "MyLife 之外" not in r.stderr
    v = cli("verify", "--json")
    assert v.returncode == 0 and v.json()["ok"] is True, v.stdout[-800:]


def test_a_claim_command_whose_write_stood_on_a_busy_index_reads_around_it_not_exit_6(cli, ws_path):
    """s22b: `claim confirm` stored and audited the new hash with the claims index held by another
    process past the wait, then its trace of the lines read the index (behind its month file,
    busy still) and stopped with exit 6: a write that took effect, said as failed. A read in the
    same command after such a write now reads the month files (a private copy of the index
    brought up to them), and the write says the index catches up."""
    import json
    import sqlite3

    assert cli("init").returncode == 0
    rec = cli("record", "热爱这里，绝不想走", "--topic", "职业去留", "--json").json()["record"]
    for text in ("热爱这里", "想跳槽"):
        assert cli("claim", "add", text, "--topic", "职业去留", "--from", f"{rec['file']}#L1").returncode == 0
    ids = [c["id"] for c in cli("claim", "list", "--json").json()["claims"]]
    (ws_path / rec["file"]).write_bytes("其实也没那么热爱。\n".encode())  # edited outside MyLife
    busy_env = {"MYLIFE_LOCK_TIMEOUT": "0.5"}

    def held(*command):
        holder = sqlite3.connect(ws_path / "cache" / "claims.sqlite", isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
            return cli(*command, env=busy_env)
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    def last_action():
        return json.loads((ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8").splitlines()[-1])

    confirmed = held("claim", "confirm", ids[0], "--json")
    assert confirmed.returncode == 0, confirmed.stderr  # was: exit 6, the new hash stored and audited
    doc = confirmed.json()
    assert doc["changed"] is True and doc["lines"] == [{"line": 1, "text": "其实也没那么热爱。"}], doc
    assert len(doc["warnings"]) == 1 and "cache/claims.sqlite" in doc["warnings"][0], doc
    assert last_action()["action"] == "claim.confirm"
    again = cli("claim", "confirm", ids[0], "--json").json()  # the next read catches the index up
    assert again["changed"] is False and "warnings" not in again, again
    shown = {c["id"]: c["status"] for c in cli("claim", "list", "--json").json()["claims"]}
    assert shown == {ids[0]: "active", ids[1]: "active"}

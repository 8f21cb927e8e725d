"""Issue 14: nothing acknowledged is lost, and ``verify`` sees every change (docs/reliability.md)."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mylife_core.errors import DataFileError, UsageError
from mylife_core.testing import cli_env, plugin_host
from mylife_core.workspace import Workspace


def _problems(cli) -> list[dict]:
    r = cli("verify", "--json")
    return r.json()["problems"]


# --------------------------------------------------------------------------- derived caches


def test_a_cache_copy_is_keyed_by_content_not_by_file_stamps(ws, ws_path):
    """The race the issue found: a reader's copy stamped with the newer file's identity. A copy
    whose source had the same size and mtime but other bytes is never served."""
    ws.profile.set("现有存款", 111111, ttl_days=90)
    reader = Workspace.open(ws_path)
    assert reader.profile.load().fields["现有存款"].value == 111111  # the sealed copy is made
    path = ws_path / "profile.yaml"
    st = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace("111111", "222222"), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same mtime: stamps cannot tell
    assert Workspace.open(ws_path).profile.load().fields["现有存款"].value == 222222


def test_a_forged_cache_copy_is_never_served_nor_written_back(cli, ws_path):
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    cli("profile", "get", "现有存款")
    copy = ws_path / "cache" / "profile.json"
    head, _, payload = copy.read_bytes().partition(b"\n")
    copy.write_bytes(head + b"\n" + payload.replace(b"120000", b"999999"))  # same key, other data
    assert cli("profile", "get", "现有存款", "--json").json()["field"]["value"] == 120000
    # a whole new "valid-looking" copy for the current file's hash, without the key: not served
    import hashlib

    sha = hashlib.sha256((ws_path / "profile.yaml").read_bytes()).hexdigest()
    copy.write_bytes(json.dumps({"v": 2, "source": sha, "mac": "0" * 64}).encode() + b"\n" + payload.replace(b"120000", b"999999"))
    assert cli("profile", "set", "房租", "4500", "--ttl", "365").returncode == 0
    text = (ws_path / "profile.yaml").read_text(encoding="utf-8")
    assert "120000" in text and "999999" not in text
    assert cli("verify").returncode == 0


def test_concurrent_profile_writers_and_readers_lose_nothing(cli, ws_path):
    """6 writers and 4 readers through the library (the issue lost 38 of 600)."""
    cli("init")
    writer = textwrap.dedent("""
        import sys
        from mylife_core.workspace import Workspace
        ws = Workspace.open(sys.argv[1]); who = sys.argv[2]
        for i in range(15):
            ws.profile.set(f"字段{who}", i, ttl_days=30)
            ws.profile.set("共享", f"{who}-{i}", ttl_days=30)
    """)
    reader = textwrap.dedent("""
        import os, sys
        from mylife_core.workspace import Workspace
        while not os.path.exists(sys.argv[2]):
            ws = Workspace.open(sys.argv[1]); ws.profile.load(); ws.index.load()
    """)
    stop = ws_path.parent / "stop"
    readers = [subprocess.Popen([sys.executable, "-c", reader, str(ws_path), str(stop)], env=cli_env(ws_path))
               for _ in range(4)]
    writers = [subprocess.Popen([sys.executable, "-c", writer, str(ws_path), str(w)], env=cli_env(ws_path),
                                stderr=subprocess.PIPE) for w in range(6)]
    for p in writers:
        assert p.wait(timeout=600) == 0, p.stderr.read().decode()
    stop.touch()
    for p in readers:
        p.wait(timeout=60)
    fields = {f["name"]: f for f in cli("profile", "list", "--json").json()["fields"]}
    for w in range(6):
        assert fields[f"字段{w}"]["value"] == 14
        assert [h["value"] for h in fields[f"字段{w}"]["history"]] == list(range(14))
    shared = fields["共享"]
    seen = {h["value"] for h in shared["history"]} | {shared["value"]}
    assert seen == {f"{w}-{i}" for w in range(6) for i in range(15)}
    assert cli("verify").returncode == 0


# --------------------------------------------------------------------------- verify sees every layer


def test_verify_names_an_outside_edit_of_every_layer_and_accept_keeps_it(cli, ws_path):
    from bench.torture import phase_edits

    result = phase_edits(ws_path.parent / "edits")
    missed = [r for r in result["results"] if not r["named"]]
    assert not missed and result["edits"] >= 25, missed


def test_verify_accept(cli, ws_path):
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    path = ws_path / "profile.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("120000", "125000"), encoding="utf-8")
    problems = _problems(cli)
    assert [p["kind"] for p in problems] == ["file_changed"] and problems[0]["file"] == "profile.yaml"
    assert "verify --accept profile.yaml" in problems[0]["message"]
    # the last write by its name (s26c: it said profile.set)
    assert "更新档案字段" in problems[0]["message"] and "profile.set" not in problems[0]["message"]
    r = cli("verify", "--accept", "profile.yaml", "--json")
    assert r.returncode == 0 and r.json()["accepted"][0]["file"] == "profile.yaml"
    audit = [json.loads(x) for x in (ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8").splitlines()]
    assert audit[-1]["action"] == "verify.accept" and audit[-1]["actor"] == "user"
    assert cli("profile", "get", "现有存款", "--json").json()["field"]["value"] == 125000
    # L0 is append-only: a changed raw file cannot be "accepted"
    rec = cli("record", "原话", "--topic", "t", "--json").json()["record"]["file"]
    r = cli("verify", "--accept", rec)
    assert r.returncode == 2 and "append-only" in cli("verify", "--accept", rec, env={"MYLIFE_LANG": "en"}).stderr
    # the audit log's own problems are acknowledged by accepting the log
    with (ws_path / "ledger" / "audit.jsonl").open("ab") as fh:
        fh.write(b"garbage\n")
    assert {p["kind"] for p in _problems(cli)} == {"audit_bad_line"}
    assert cli("verify", "--accept", "ledger/audit.jsonl").returncode == 0


def test_a_write_never_absorbs_an_outside_edit_unseen(cli, ws_path):
    """QA s20 #3: 房租 changed by hand 4500 → 1500 was named by verify until the next unrelated
    `profile set` rewrote profile.yaml and recorded its new hash: then verify passed, and 1500
    stood with no history entry. Now the write is refused (exit 4, nothing written) until the
    user keeps the edit with `verify --accept`."""
    cli("init")
    assert cli("profile", "set", "房租", "4500", "--yes").returncode == 0
    path = ws_path / "profile.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("value: 4500", "value: 1500"), encoding="utf-8")
    edited = path.read_bytes()
    assert [p["kind"] for p in _problems(cli)] == ["file_changed"]
    refused = cli("profile", "set", "工作年限", "5", "--yes", "--json")
    assert refused.returncode == 4, refused.stderr
    error = refused.json()["error"]
    assert (error["code"], error["key"], error["params"]["file"]) == ("conflict", "file_changed_outside", "profile.yaml")
    assert path.read_bytes() == edited  # nothing written
    text = cli("profile", "set", "工作年限", "5", "--yes", env={"MYLIFE_LANG": "en"}).stderr
    # the last write by its name, not its code (s26c); the JSON's params keep the code
    assert "profile.yaml was changed outside MyLife" in text and "set a profile field" in text
    assert "profile.set" not in text and error["params"]["action"] == "profile.set"
    assert "`mylife verify`" in text and "`mylife verify --accept profile.yaml`" in text
    assert [p["kind"] for p in _problems(cli)] == ["file_changed"]  # still named
    assert cli("verify", "--accept", "profile.yaml").returncode == 0
    assert cli("profile", "set", "工作年限", "5", "--yes").returncode == 0
    assert _problems(cli) == []
    assert cli("profile", "get", "房租", "--json").json()["field"]["value"] == 1500  # what the user kept


def test_a_settings_command_merges_into_a_hand_edited_config(cli, ws_path):
    """config.yaml is edited by hand as the docs say (``language: en``): a command that changes
    settings reads it again under the lock and changes only its own keys, so it goes on without
    ``verify --accept`` and the user's setting stays; verify still names the edit until then."""
    cli("init")
    path = ws_path / "config.yaml"
    text = path.read_text(encoding="utf-8")
    assert "language: zh\n" in text
    path.write_text(text.replace("language: zh\n", "language: en\n"), encoding="utf-8")  # not a second key
    assert [p["kind"] for p in _problems(cli)] == ["file_changed"]
    enabled = cli("git", "enable", "--json")
    assert enabled.returncode == 0, enabled.stderr
    import yaml

    config = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert config["language"] == "en" and config["git"]["enabled"] is True, config


def test_a_claim_edited_by_hand_is_not_absorbed_by_the_next_write_to_its_month(ws_path):
    """QA s20 #3, claims: a claim's text changed by hand, then an unrelated claim added to that
    month's file: the edit was absorbed. The refusal names the exact command for this workspace."""
    from mylife_core.shell import path as shell_path
    from mylife_core.testing import run_cli

    def run(*args: str, **kw):  # -w, no MYLIFE_HOME: the suggested commands must carry -w
        return run_cli(["-w", str(ws_path), *args], **kw)

    env = {"MYLIFE_NOW": "2026-03-10"}
    run("init", env=env)
    rec = run("record", "我想跳槽", "--topic", "career", "--at", "2026-03-01", "--json", env=env).json()["record"]["file"]
    first = run("claim", "add", "我想跳槽", "--topic", "职业", "--kind", "assessment", "--from", f"{rec}#L1", "--json",
                env=env).json()["claim"]["id"]
    shard = ws_path / "claims" / "2026-03.yaml"
    shard.write_text(shard.read_text(encoding="utf-8").replace("claim: 我想跳槽", "claim: 我一点也不想跳槽"),
                     encoding="utf-8")
    edited = shard.read_bytes()
    prefix = f"mylife -w {shell_path(ws_path)}"
    for args in (["claim", "add", "另一条", "--topic", "职业", "--from", f"{rec}#L1"],
                 ["claim", "dispute", first, "--why", "说过头了"]):
        refused = run(*args, env=env)
        assert refused.returncode == 4, (args, refused.stderr)
        assert f"`{prefix} verify --accept claims/2026-03.yaml`" in refused.stderr
        assert f"`{prefix} verify`" in refused.stderr
        assert shard.read_bytes() == edited
    assert run("claim", "list", "--json", env=env).json()["total"] == 1  # nothing added, no raw note left
    assert run("verify", "--json", env=env).json()["problems"][0]["file"] == "claims/2026-03.yaml"
    assert run("verify", "--accept", "claims/2026-03.yaml", env=env).returncode == 0
    assert run("claim", "add", "另一条", "--topic", "职业", "--from", f"{rec}#L1", env=env).returncode == 0
    assert run("claim", "show", first, "--json", env=env).json()["claim"]["claim"] == "我一点也不想跳槽"
    assert run("verify", "--json", env=env).json()["ok"]


def test_accepting_a_file_with_comments_says_they_will_not_survive_the_next_rewrite(cli, ws_path):
    """QA s20 (hand edits, part A): MyLife rebuilds a YAML layer file from its data when it next
    rewrites it, so the user's comments go even after `verify --accept`; accept now says so."""
    cli("init")
    rec = cli("record", "我想跳槽", "--topic", "career", "--at", "2026-03-01", "--json").json()["record"]["file"]
    cid = cli("claim", "add", "我想跳槽", "--topic", "职业", "--kind", "assessment", "--from", f"{rec}#L1",
              "--json").json()["claim"]["id"]
    shard = ws_path / "claims" / "2026-03.yaml"
    lines = shard.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(1, "# 我手写的备注\n")
    shard.write_text("".join(lines).replace("claim: 我想跳槽", "claim: 我想跳槽  # 原话如此"), encoding="utf-8")
    r = cli("verify", "--accept", "claims/2026-03.yaml", "--json")
    assert r.json()["accepted"] == [{"file": "claims/2026-03.yaml", "sha256": r.json()["accepted"][0]["sha256"],
                                     "comments": [2, next(i for i, line in enumerate(lines, 1) if "claim: 我想跳槽" in line)]}]
    text = cli("verify", "--accept", "claims/2026-03.yaml", env={"MYLIFE_LANG": "en"}).stdout
    assert "comments will not survive" in text and "claims/2026-03.yaml" in text
    assert cli("claim", "dispute", cid, "--why", "说过头了").returncode == 0
    assert "我手写的备注" not in shard.read_text(encoding="utf-8")  # as it said (docs/cli.md)
    profile = ws_path / "profile.yaml"  # a value holding '#' is no comment, nor is MyLife's own header
    assert cli("profile", "set", "备注", "第 #3 条", "--yes").returncode == 0
    assert cli("verify", "--accept", "profile.yaml", "--json").json()["accepted"][0]["comments"] == []
    assert "#3" in profile.read_text(encoding="utf-8")


OLD_CLAIMS_HEADER = "# MyLife L2 claims (docs/design.md#layers). Hand edits are allowed; keep the YAML valid.\n"


def test_the_claims_header_says_a_hand_edit_must_be_accepted_and_old_files_stay_clean(cli, ws_path):
    """Issue s21c.3: since a hand edit makes the next write refuse until ``verify --accept``, a
    claims file's header says so (it no longer says hand edits are simply allowed). A month file
    an older MyLife wrote, under the old header, still verifies clean, takes appended claims as it
    is (its header kept), is not named as holding the user's comments, and gets the new header
    only when MyLife rewrites it."""
    from mylife_core.storage.atomic import atomic_write_bytes

    cli("init")
    rec = cli("record", "我想跳槽", "--topic", "career", "--at", "2026-03-01", "--json").json()["record"]["file"]
    add = lambda text: cli("claim", "add", text, "--topic", "职业", "--kind", "assessment",  # noqa: E731
                           "--from", f"{rec}#L1", "--at", "2026-03-01", "--json")
    cid = add("我想跳槽").json()["claim"]["id"]
    shard = ws_path / "claims" / "2026-03.yaml"
    header, body = shard.read_text(encoding="utf-8").split("\n", 1)
    assert "verify --accept" in header and "Hand edits are allowed" not in header, header
    # the same month as an older MyLife wrote it: its header, its write recorded in the audit log
    with Workspace.open(ws_path, plugins=plugin_host()) as ws, ws.lock():
        atomic_write_bytes(shard, (OLD_CLAIMS_HEADER + body).encode("utf-8"))
        ws.commit_change("user", "claim.add", cid, paths=["claims/2026-03.yaml"])
    assert cli("verify", "--json").json()["ok"]
    assert add("还是想跳槽").returncode == 0  # appended: not refused as edited outside
    assert shard.read_text(encoding="utf-8").startswith(OLD_CLAIMS_HEADER)
    assert cli("verify", "--json").json()["ok"]
    accepted = cli("verify", "--accept", "claims/2026-03.yaml", "--json").json()["accepted"]
    assert accepted[0]["comments"] == []  # MyLife's own old header is no comment of the user's
    assert cli("claim", "dispute", cid, "--why", "说过头了").returncode == 0  # a rewrite of the month
    assert shard.read_text(encoding="utf-8").split("\n", 1)[0] == header
    assert cli("verify", "--json").json()["ok"]


def test_a_legacy_log_gets_a_baseline_on_the_next_write(cli, ws_path):
    cli("init")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    log = ws_path / "ledger" / "audit.jsonl"
    legacy = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    for entry in legacy:
        entry.pop("prev", None)
        entry.pop("files", None)
    log.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in legacy), encoding="utf-8")
    (ws_path / "ledger" / "audit.head").unlink()
    v = cli("verify", "--json").json()
    assert v["ok"] and v["audit_chained"] is False
    cli("profile", "set", "房租", "4500", "--ttl", "365")
    actions = [json.loads(x)["action"] for x in log.read_text(encoding="utf-8").splitlines()]
    assert actions[-2:] == ["audit.baseline", "profile.set"]
    v = cli("verify", "--json").json()
    assert v["ok"] and v["audit_chained"] is True and v["files_checked"] >= 2


@pytest.mark.parametrize("how", ["emptied", "deleted"])
def test_an_emptied_or_deleted_audit_log_is_not_taken_for_a_legacy_one(cli, ws_path, how):
    """The head says how far MyLife wrote the log; a log cut to nothing (or gone) is not a
    workspace from before the hash chain: verify says the history is missing, before any write."""
    cli("init")
    cli("record", "第一条", "--topic", "career")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    log = ws_path / "ledger" / "audit.jsonl"
    if how == "emptied":
        log.write_bytes(b"")
    else:
        log.unlink()
    head = (ws_path / "ledger" / "audit.head").read_bytes()
    r = cli("verify", "--json")
    assert r.returncode == 1, r.stdout
    assert "audit_truncated" in {p["kind"] for p in r.json()["problems"]}
    assert (ws_path / "ledger" / "audit.head").read_bytes() == head  # verify wrote nothing
    assert log.exists() == (how == "emptied") and (how == "deleted" or log.read_bytes() == b"")


def test_a_kill_between_init_s_first_append_and_its_head_leaves_no_lasting_damage(cli, ws_path):
    """s24c.3: ``init`` appended its entry, then wrote the first head; a kill in between left a
    log holding only init's entry and no head, and verify reported ``audit_head_missing`` for
    good (the next write even recorded an ``audit.mismatch``). That state on disk (simulated: the
    head removed right after init) is a fresh workspace: verify passes, the next write makes the
    head and records no mismatch."""
    assert cli("init").returncode == 0
    log = ws_path / "ledger" / "audit.jsonl"
    assert [json.loads(x)["action"] for x in log.read_text(encoding="utf-8").splitlines()] == ["init"]
    (ws_path / "ledger" / "audit.head").unlink()
    r = cli("verify", "--json")
    assert r.returncode == 0 and r.json()["ok"], r.stdout
    assert cli("profile", "set", "现有存款", "120000", "--ttl", "90").returncode == 0
    actions = [json.loads(x)["action"] for x in log.read_text(encoding="utf-8").splitlines()]
    assert actions == ["init", "profile.set"]
    assert (ws_path / "ledger" / "audit.head").is_file()
    assert cli("verify", "--json").json()["ok"]
    # a head removed once another write is in the log is still named
    (ws_path / "ledger" / "audit.head").unlink()
    r = cli("verify", "--json")
    assert r.returncode == 1 and "audit_head_missing" in {p["kind"] for p in r.json()["problems"]}


@pytest.mark.parametrize("how", ["deleted", "garbage"])
def test_a_removed_audit_head_is_not_forgotten_by_the_next_write(cli, ws_path, how):
    """With the head gone (or unreadable), verify cannot rule out a cut-off end of the log; the
    next write used to make a new head and verify then passed clean, the outside change absorbed
    by the write. The write now records the mismatch in the log, and verify names it until the
    user accepts the log."""
    cli("init")
    cli("record", "第一条", "--topic", "career")
    head = ws_path / "ledger" / "audit.head"
    if how == "deleted":
        head.unlink()
    else:
        head.write_bytes(b"\x00" * 128)
    r = cli("verify", "--json")
    assert r.returncode == 1 and "audit_head_missing" in {p["kind"] for p in r.json()["problems"]}
    assert cli("profile", "set", "现有存款", "120000", "--ttl", "90").returncode == 0
    r = cli("verify", "--json", env={"MYLIFE_LANG": "en"})
    assert r.returncode == 1, r.stdout
    found = [p for p in r.json()["problems"] if p["kind"] == "audit_head_missing"]
    assert found and found[0]["file"] == "ledger/audit.head", r.json()["problems"]
    assert "missing or damaged before the write at line" in found[0]["message"]
    assert cli("verify", "--accept", "ledger/audit.jsonl").returncode == 0
    assert cli("verify").returncode == 0


# --------------------------------------------------------------------------- crash recovery


def test_a_torn_or_garbage_audit_log_never_breaks_status_and_is_repaired(cli, ws_path):
    cli("init")
    cli("record", "第一条", "--topic", "career")
    log = ws_path / "ledger" / "audit.jsonl"
    with log.open("ab") as fh:
        fh.write(b'[1,2]\n"text"\n{"at": 5}\nnot json \xff\n')
    assert cli("status").returncode == 0
    assert cli("status", "--json").json()["recent_changes"][0]["action"] == "record"
    with log.open("ab") as fh:
        fh.write(b'{"at":"2026-01-0')  # a kill mid-append
    assert cli("status").returncode == 0
    assert cli("record", "第二条", "--topic", "career").returncode == 0
    assert log.read_bytes().endswith(b"\n")
    actions = [json.loads(x).get("action") for x in log.read_bytes().splitlines() if x.startswith(b"{")
               and b'"action"' in x]
    assert "audit.repair" in actions and actions[-1] == "record"
    kinds = {p["kind"] for p in _problems(cli)}
    assert kinds == {"audit_bad_line"}  # the garbage is named (until accepted), the torn tail is gone


_DIES_IN_RECORD = textwrap.dedent("""
    import sys, time
    from mylife_core import clock
    from mylife_core.storage import jsonl
    from mylife_core.workspace import Workspace
    ws = Workspace.open(sys.argv[1])
    with ws.lock():
        if sys.argv[2] == "file":  # the manifest line and the file, no audit entry yet
            ws.raw.write_unaudited("被打断的一条\\n".encode(), topic="t", when=clock.now(), source="user_raw",
                                   actor="user")
        else:  # only the manifest line: the file never appeared
            jsonl.append(ws.raw.manifest_path, {"file": "raw/2026-01-01-t.md", "sha256": "0" * 64, "size": 1,
                         "lines": 1, "topic": "t", "occurred_at": "2026-01-01",
                         "recorded_at": "2026-01-01T00:00:00Z"})
        print("written", flush=True)
        time.sleep(60)
""")


@pytest.mark.parametrize("stage, outcome", [("file", "completed"), ("line", "rolled_back")])
def test_a_half_finished_record_is_completed_or_rolled_back(cli, ws_path, stage, outcome):
    cli("init")
    proc = subprocess.Popen([sys.executable, "-c", _DIES_IN_RECORD, str(ws_path), stage], stdout=subprocess.PIPE,
                            env=cli_env(ws_path))
    assert proc.stdout.readline().strip() == b"written"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert cli("record", "下一条", "--topic", "t").returncode == 0
    entries = [json.loads(x) for x in (ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8").splitlines()]
    recover = [e for e in entries if e["action"] == "recover"]
    assert recover and recover[0]["detail"]["record"]["outcome"] == outcome
    records = [json.loads(x)["file"] for x in (ws_path / "ledger" / "raw.jsonl").read_text(encoding="utf-8").splitlines()]
    if outcome == "completed":
        assert len(records) == 2 and any(e["action"] == "record" and e["detail"].get("recovered") for e in entries)
    else:
        assert len(records) == 1 and "raw/2026-01-01-t.md" not in records
    assert cli("verify").returncode == 0


class _FailingStore:
    """A claims store whose writes fail (a backend down, a full disk)."""

    def __init__(self, ws):
        from mylife_core.builtin.files_store import FilesStore

        self.inner = FilesStore(ws)
        self.name = "failing"

    def add(self, claims):
        raise OSError(28, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.inner, name)


class _FailingPlugin:
    from mylife_core import hookimpl

    @hookimpl
    def register_stores(self, register):
        register(name="failing", factory=_FailingStore, description="test")


def test_claim_add_without_from_is_all_or_nothing(ws_path):
    host = plugin_host(_FailingPlugin())
    ws, _ = Workspace.init(ws_path, plugins=host)
    ws.save_config(ws.config.model_copy(update={"store": "failing"}))
    ws = Workspace.open(ws_path, plugins=host)
    with pytest.raises(OSError):
        ws.claims.add(claim="这句话不该留下", topic="t", kind="fact")
    assert list((ws_path / "raw").iterdir()) == []
    assert ws.raw.records() == []
    assert not (ws_path / "ledger" / "pending.json").exists()
    from mylife_core.verify import verify

    assert verify(ws).ok


def test_names_that_break_pointers_or_collide_are_refused(cli, ws_path):
    cli("init")
    for topic in ("a#b", "x.ai", "X.AI", ".hidden", "..", "a\x01b"):
        r = cli("record", "x", "--topic", topic)
        assert r.returncode == 2 and "Traceback" not in r.stderr, topic
    assert list((ws_path / "raw").iterdir()) == []


# --------------------------------------------------------------------------- the lock


def test_the_lock_serves_writers_in_arrival_order(ws_path, cli):
    cli("init")
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import time, sys
        from mylife_core.workspace import Workspace
        ws = Workspace.open({str(ws_path)!r})
        with ws.lock():
            print("held", flush=True)
            sys.stdin.readline()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=cli_env(ws_path))
    assert holder.stdout.readline().strip() == b"held"
    order = ws_path.parent / "order.txt"
    waiter = textwrap.dedent(f"""
        import os, sys
        from mylife_core.workspace import Workspace
        ws = Workspace.open({str(ws_path)!r})
        print("ready", flush=True)
        with ws.lock():
            with open({str(order)!r}, "a") as fh:
                fh.write(sys.argv[1] + "\\n")
    """)
    waiters = []
    for i in range(5):
        p = subprocess.Popen([sys.executable, "-c", waiter, str(i)], stdout=subprocess.PIPE, env=cli_env(ws_path))
        assert p.stdout.readline().strip() == b"ready"
        queue = ws_path / "cache" / "locks" / "write.lock.d"
        deadline = time.monotonic() + 30
        while len(list(queue.iterdir())) < i + 2 and time.monotonic() < deadline:
            time.sleep(0.02)  # wait until it has taken its number
        waiters.append(p)
    holder.stdin.write(b"\n")
    holder.stdin.flush()
    for p in [holder, *waiters]:
        assert p.wait(timeout=60) == 0
    assert order.read_text().split() == ["0", "1", "2", "3", "4"]


def test_a_writer_killed_holding_the_lock_is_noticed_and_the_lock_moves_on(ws_path, cli):
    cli("init")
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import time
        from mylife_core.workspace import Workspace
        ws = Workspace.open({str(ws_path)!r})
        with ws.lock():
            ws.profile.set("x", 1, ttl_days=3)
            from mylife_core.storage import yamlfile
            yamlfile.save(ws.profile.path, {{"fields": {{}}}})  # a write whose audit entry never comes
            print("held", flush=True)
            time.sleep(60)
    """)], stdout=subprocess.PIPE, env=cli_env(ws_path))
    assert holder.stdout.readline().strip() == b"held"
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    r = cli("record", "接着写", "--topic", "t", env={"MYLIFE_LOCK_TIMEOUT": "10"})
    assert r.returncode == 0, r.stderr
    entries = [json.loads(x) for x in (ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8").splitlines()]
    assert any(e["action"] == "recover.write" and "profile.yaml" in e["files"] for e in entries)
    assert any(e["action"] == "recover" and e["detail"].get("previous_writer_died") for e in entries)
    assert cli("verify").returncode == 0


def test_bad_lock_timeout_is_a_usage_error(cli, ws_path):
    cli("init")
    for value in ("abc", "-1", "nan", "inf", "1e99"):
        r = cli("record", "x", "--topic", "t", env={"MYLIFE_LOCK_TIMEOUT": value})
        assert r.returncode == 2 and "MYLIFE_LOCK_TIMEOUT" in r.stderr, value


# --------------------------------------------------------------------------- input and broken files


@pytest.mark.parametrize("args, code", [
    (["claim", "add", "\udcff", "--topic", "t"], 2),
    (["profile", "set", "\udcff", "1", "--ttl", "3"], 2),
    (["record", "x", "--topic", "\udcff\udcfe"], 2),
    (["claim", "list", "--limit", "99999999999999999999999"], 2),
    (["claim", "add", "hi", "--topic", "t", "--from", "raw/" + "a" * 5000 + ".md#L1"], 2),
    (["claim", "add", "hi", "--topic", "t", "--from", "raw/x.md#L999999999999999999999"], 2),
])
def test_bad_input_gets_a_clear_message(cli, ws_path, args, code):
    cli("init")
    r = subprocess.run([sys.executable, "-m", "mylife_core", *[os.fsencode(a) for a in args]],
                       capture_output=True, env=cli_env(ws_path))
    assert r.returncode == code, r.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in r.stderr and "内部错误".encode() not in r.stderr
    assert list((ws_path / "raw").iterdir()) == []


def test_an_undecodable_byte_is_shown_as_the_byte_typed(cli, ws_path):
    """「bad \\udcff」 was the surrogate Python holds the byte as; the user typed \\xff."""
    cli("init")
    r = subprocess.run([sys.executable, "-m", "mylife_core", "claim", "add", b"bad \xff", "--topic", "t"],
                       capture_output=True, env=cli_env(ws_path))
    message = r.stderr.decode("utf-8")
    assert r.returncode == 2 and "bad \\xff" in message and "udc" not in message, message
    # a long argument is cut before its bytes are escaped: 78 letters and the byte keep their \\xff
    r = subprocess.run([sys.executable, "-m", "mylife_core", "claim", "add", b"a" * 78 + b"\xff", "--topic", "t"],
                       capture_output=True, env=cli_env(ws_path))
    assert r.returncode == 2 and "a" * 78 + "\\xff" in r.stderr.decode("utf-8"), r.stderr.decode("utf-8")


def test_a_5000_digit_value_is_kept_as_text(cli, ws_path):
    cli("init")
    r = cli("profile", "set", "卡号", "9" * 5000, "--ttl", "30", "--json")
    assert r.returncode == 0, r.stderr
    assert r.json()["field"]["value"] == "9" * 5000


@pytest.mark.parametrize("breakage", ["profile_dir", "cache_file", "binary_digest", "garbage_audit",
                                      "alias_bomb_config", "claims_file", "lock_dir_file"])
def test_broken_files_are_named_not_internal_errors(cli, ws_path, breakage):
    from bench.torture_fuzz import break_workspace

    cli("init")
    rec = cli("record", "一句话", "--topic", "职业去留", "--json").json()["record"]["file"]
    cli("claim", "add", "一句话", "--topic", "职业去留", "--from", f"{rec}#L1")
    (ws_path / "digest" / "职业去留.md").write_text("x\n", encoding="utf-8")
    break_workspace(ws_path, breakage)
    started = time.monotonic()
    for args in (["status"], ["profile", "list"], ["record", "x", "--topic", "t"], ["trace", "claim-2020-01-01-001"],
                 ["git", "enable"], ["verify"]):
        r = cli(*args)
        assert r.returncode not in (70,) and "Traceback" not in r.stderr and "内部错误" not in r.stderr, (args, r.stderr)
    assert time.monotonic() - started < 300  # an alias bomb does not hang anything


def test_a_broken_claims_month_is_named_by_every_read_not_only_the_first(cli, ws_path):
    """The claims index (cache/claims.sqlite) is brought up to the month files when it is opened;
    a month file broken by hand fails that. The first search swallowed the error (it only counted
    the documents for a progress line) and then searched the old index as if nothing were wrong;
    a long-lived process answered from the old index from its second read on."""
    cli("init")
    rec = cli("record", "今天加班到十点", "--topic", "career", "--json").json()["record"]["file"]
    assert cli("claim", "add", "加班到十点", "--topic", "career", "--from", f"{rec}#L1").returncode == 0
    (month,) = (ws_path / "claims").glob("*.yaml")
    text = month.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    where = next(i for i, line in enumerate(lines) if line.lstrip().startswith("topic:"))
    lines[where] = lines[where].rstrip("\n") + " : [unclosed\n"
    broken = "".join(lines).encode("utf-8")
    month.write_bytes(broken)
    r = cli("recall", "加班", "--json")  # the first search builds its index
    assert r.returncode == 5, r.stdout
    assert r.json()["ok"] is False and r.json()["error"]["params"]["line"] == where + 1
    assert month.name in r.json()["error"]["message"] and "Traceback" not in r.stderr
    assert month.read_bytes() == broken
    # one process, read twice: the second read names the file too
    ws = Workspace.open(ws_path)
    try:
        for _ in range(2):
            with pytest.raises(DataFileError) as caught:
                ws.claims.count()
            assert caught.value.path == month and caught.value.line == where + 1
    finally:
        ws.close()
    assert month.read_bytes() == broken


# --------------------------------------------------------------------------- privacy


def _modes(root: Path) -> list[tuple[str, str]]:
    bad = []
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                continue
            if st.st_mode & 0o077:
                bad.append((str(path.relative_to(root)), oct(st.st_mode & 0o777)))
    return bad


def test_every_file_mylife_or_git_creates_is_private(cli, ws_path):
    cli("init")
    cli("record", "今天加班到十点", "--topic", "career")
    cli("profile", "set", "现有存款", "120000", "--ttl", "90")
    assert cli("recall", "加班").returncode == 0  # builds the tantivy index
    assert cli("git", "enable").returncode == 0
    cli("record", "又一条", "--topic", "career")
    assert _modes(ws_path) == []


def test_a_world_readable_or_daemon_exported_push_target_is_refused(tmp_path):
    from mylife_core.history import privacy

    open_base = Path("/tmp") / f"mylife-open-{os.getpid()}"
    open_base.mkdir(mode=0o755, exist_ok=True)
    try:
        os.chmod(open_base, 0o755)
        bare = open_base / "life.git"
        subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True, env={**os.environ, "HOME": str(tmp_path)})
        os.chmod(bare, 0o755)
        for url in (str(bare), f"file://{bare}"):
            verdict = privacy.check(url, tmp_path, timeout=5)
            assert verdict.verdict == "public" and verdict.reason == "local_world_readable", url
            assert not verdict.allows_push
        os.chmod(bare, 0o700)
        assert privacy.check(str(bare), tmp_path, timeout=5).verdict == "local"
        (bare / "git-daemon-export-ok").touch()
        verdict = privacy.check(str(bare), tmp_path, timeout=5)
        assert verdict.verdict == "public" and verdict.reason == "git_daemon_export"
    finally:
        import shutil

        shutil.rmtree(open_base, ignore_errors=True)


# --------------------------------------------------------------------------- the search index


def test_concurrent_first_searches_build_the_index_once(ws_path, cli):
    """Two `ask` (or `recall`) on a workspace without an index both used to create it: the
    second one's fresh start pulled the files from under the first one's writer ("Failed to
    open file for write", exit 70). Real processes, started together, three rounds."""
    cli("init")
    ws = Workspace.open(ws_path)
    for i in range(8):
        ws.raw.record(f"今天去跑步了，第 {i} 次，膝盖有点疼".encode(), topic="运动")
    ws.close()
    argv = [["ask", "我该不该继续跑步？"], ["recall", "跑步"], ["ask", "膝盖疼怎么办？"], ["recall", "膝盖"]]
    for _ in range(3):
        import shutil

        shutil.rmtree(ws_path / "cache" / "search", ignore_errors=True)
        procs = [subprocess.Popen([sys.executable, "-m", "mylife_core", *args], env=cli_env(ws_path),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE) for args in argv]
        results = [(p.wait(timeout=180), p.stdout.read().decode(), p.stderr.read().decode()) for p in procs]
        for code, out, err in results:
            assert code == 0, err
            assert "内部错误" not in err and "Failed to open" not in err
        assert "raw/" in results[1][1] and "跑步" in results[1][1]
    # the index they built is whole: a later search finds all eight notes, nothing rebuilt
    again = cli("recall", "跑步", "--json")
    assert again.returncode == 0
    assert "search.note.built" not in again.stdout and len(again.json()["hits"]) == 8


# --------------------------------------------------------------------------- verify and writers


def test_verify_does_not_hold_writers_back_nor_report_their_writes(cli, ws_path):
    """A write by another process in the middle of a verify goes through at once (the old
    verify held the lock for its whole run: this `record` would wait, here up to 10 s, and
    fail), and the verify does not name it as a file added outside MyLife."""
    from mylife_core.verify import verify

    cli("init")
    for i in range(3):
        assert cli("record", f"第{i}条", "--topic", "日记").returncode == 0
    ws = Workspace.open(ws_path)
    during: list = []

    def progress(stage, done, total):
        if stage == "raw" and done == 0 and not during:  # the manifest is read, raw/ not yet listed
            during.append(subprocess.run(
                [sys.executable, "-m", "mylife_core", "record", "校验期间写下的一条", "--topic", "日记"],
                env=cli_env(ws_path, {"MYLIFE_LOCK_TIMEOUT": "10"}), capture_output=True, timeout=120))

    report = verify(ws, progress=progress)
    ws.close()
    assert during and during[0].returncode == 0, during[0].stderr.decode()
    assert report.ok, [p.to_json() for p in report.problems]
    assert report.raw_checked == 4  # the second pass saw the new note with its manifest line
    assert cli("verify").returncode == 0
    # an outside edit made while nothing writes is still named (the confirming look finds no write)
    note = next((ws_path / "raw").glob("*.md"))
    note.write_bytes(note.read_bytes() + "改过\n".encode())
    problems = _problems(cli)
    assert [p["kind"] for p in problems] == ["raw_changed"] and problems[0]["file"] == f"raw/{note.name}"


# --------------------------------------------------------------------------- long-lived readers


def test_a_long_lived_process_sees_another_process_s_writes(cli, ws_path):
    """A process that keeps one Workspace open (chat does; `serve` and `mylife mcp` are
    long-lived too) reads the profile and the branches again and again; a `profile set` and a
    branch written by other processes in between must show at its next read, and so must a
    hand edit that keeps the file's size and mtime."""
    cli("init")
    assert cli("profile", "set", "现有存款", "120000", "--ttl", "90").returncode == 0
    reader = textwrap.dedent("""
        import json, sys
        from mylife_core.workspace import Workspace
        ws = Workspace.open(sys.argv[1])
        for _ in sys.stdin:
            field = ws.profile.find("现有存款")
            print(json.dumps({"value": field.value if field else None,
                              "branches": [b.topic for b in ws.index._file().branches]}, ensure_ascii=False),
                  flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", reader, str(ws_path)], env=cli_env(ws_path),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def read() -> dict:
        proc.stdin.write("\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        assert read() == {"value": 120000, "branches": []}
        assert cli("profile", "set", "现有存款", "130000", "--ttl", "90").returncode == 0
        opener = ("import sys\nfrom mylife_core import clock\nfrom mylife_core.layers.index import Branch\n"
                  "from mylife_core.workspace import Workspace\nws = Workspace.open(sys.argv[1])\n"
                  "ws.index.add_branch(Branch(id='', topic='要不要换城市', opened_at=clock.now()))\n")
        subprocess.run([sys.executable, "-c", opener, str(ws_path)], env=cli_env(ws_path), check=True, timeout=120)
        assert read() == {"value": 130000, "branches": ["要不要换城市"]}
        path = ws_path / "profile.yaml"
        st = path.stat()
        path.write_text(path.read_text(encoding="utf-8").replace("130000", "140000"), encoding="utf-8")
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same mtime
        assert read()["value"] == 140000
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)


# --------------------------------------------------------------------------- a read-only workspace, a full disk


def _tree(root: Path) -> dict[str, str]:
    """Every file under ``root`` with the sha256 of its bytes (what must not move)."""
    import hashlib

    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def mounts(tmp_path):
    """``mount(kind, source, at)``: the command prefix for a real read-only bind mount (or a full
    file system), skipped with the reason where this machine does not permit one."""
    from mylife_core.testing import mount_refused, mounted

    why = mount_refused(tmp_path / "probe")
    if why:
        pytest.skip(why)
    return mounted


def test_a_read_only_workspace_is_read_and_every_write_is_refused_naming_the_path(tmp_path, mounts):
    """QA s20h.1: on a read-only workspace every command failed as "a bug in MyLife" (exit 70,
    OperationalError / OSError), read-only ones included. Now those that read work (the caches
    under cache/ are used in a private copy, said once), those that must write stop with exit 12
    naming the path and the reason, and nothing in the workspace moves."""
    from mylife_core.testing import run_cli

    src, ro, tmp = tmp_path / "demo", tmp_path / "ro", tmp_path / "tmp"
    ro.mkdir()
    tmp.mkdir()
    env = {"MYLIFE_NOW": "2026-12-03T09:00", "TMPDIR": str(tmp)}
    assert run_cli(["demo", "-w", str(src)], env=env).returncode == 0
    claims = run_cli(["claim", "list", "--limit", "0", "--json", "-w", str(src)], env=env).json()["claims"]
    sourced = next(c["id"] for c in claims if c["provenance"] and c["status"] == "active")
    candidate = next(c["id"] for c in claims if c["status"] == "candidate")
    before = _tree(src)
    assert "cache/claims.sqlite" in before and not any(p.startswith("cache/search/") for p in before)

    def run(*args, lang="zh"):
        return run_cli([*args, "-w", str(ro)], env={**env, "MYLIFE_LANG": lang}, prefix=mounts("read_only", src, ro))

    readers = {
        ("status",): "L2 证据", ("claim", "list", "--limit", "0"): sourced, ("claim", "show", sourced): sourced,
        ("trace", sourced): "✓", ("verify",): "校验通过", ("profile", "list"): "月税后收入",
        ("staleness", "我该不该跳槽？"): "问题：我该不该跳槽？", ("recall", "工作"): "条结果", ("competing", "我应该跳槽"): "削弱",
        ("ask", "我该不该跳槽？", "--offline", "--accept-stale", "--no-record"): "仅供参考",
        ("index", "status"): "分词器", ("store", "status"): "当前 L2 存储", ("maintain",): "最久没确认",
        ("sessions",): "", ("tool", "mylife_trace", "--args", json.dumps({"target": sourced})): "执行成功",
    }
    for args, shown in readers.items():
        r = run(*args)
        assert r.returncode == 0, (args, r.stdout[-500:], r.stderr)
        assert shown in r.stdout, (args, r.stdout[-500:])
        assert "内部错误" not in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
        notes = [line for line in r.stderr.splitlines() if "无法写入（所在的文件系统是只读的）" in line]
        assert len(notes) <= 1, (args, r.stderr)  # said once, however many caches it read around
    assert "注意：" + str(ro / "cache") + " 无法写入（所在的文件系统是只读的）" in run("status").stderr
    status = run("status", "--json")
    assert status.returncode == 0 and status.json()["ok"] is True
    assert run("verify", "--json").json()["ok"] is True  # without the lock, said on stderr

    writers = [("record", "今天很好", "--topic", "日记"), ("claim", "add", "我喜欢跑步", "--topic", "运动", "--kind", "fact"),
               ("profile", "set", "宠物", "旺财", "--ttl", "never"), ("claim", "accept", candidate),
               ("verify", "--accept", "profile.yaml"), ("index", "rebuild"), ("ask", "我该不该跳槽？", "--offline", "--accept-stale"),
               ("git", "enable")]
    for args in writers:
        r = run(*args)
        assert r.returncode == 12, (args, r.stdout[-300:], r.stderr)
        assert f"无法写入 {ro}" in r.stderr and "所在的文件系统是只读的" in r.stderr, (args, r.stderr)
        assert "内部错误" not in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
    error = run("profile", "set", "宠物", "旺财", "--json").json()["error"]
    assert error["code"] == "not_writable" and error["params"]["reason"] == "read_only"
    assert error["params"]["path"].startswith(str(ro)) and "无法写入" in error["message"]
    rebuild = run("index", "rebuild", "--json").json()["error"]
    assert rebuild["params"] == {"path": str(ro / "cache" / "search"), "reason": "read_only"}
    en = run("record", "hello", "--topic", "diary", lang="en")
    assert en.returncode == 12 and f"Cannot write {ro}" in en.stderr and "the file system is read-only" in en.stderr
    tool = run("tool", "mylife_record", "--args", json.dumps({"text": "x", "topic": "y"}), "--json")
    assert tool.returncode == 12 and tool.json()["error"]["code"] == "not_writable"

    assert _tree(src) == before  # nothing written, not even half way
    assert list(tmp.iterdir()) == []  # the private copies of the caches went with their process

    # creating something under a read-only folder: the path named, exit 12, nothing left behind
    empty, folder = tmp_path / "empty", tmp_path / "folder"
    empty.mkdir()
    folder.mkdir()
    for args, named in [(["init", "-w", str(folder / "ws")], folder / "ws"), (["demo", "-w", str(folder / "demo")], folder),
                        (["plugin", "new", "guitar", "--into", str(folder)], folder / "mylife-guitar")]:
        r = run_cli(args, env=env, prefix=mounts("read_only", empty, folder))
        assert r.returncode == 12, (args, r.stderr)
        assert f"无法写入 {named}：所在的文件系统是只读的" in r.stderr, (args, r.stderr)
    assert list(empty.iterdir()) == []


def test_a_full_disk_is_said_as_such_and_readers_still_work(tmp_path, mounts):
    """The same boundary for a disk with no space left (ENOSPC; SQLite's "disk I/O error" while
    growing its WAL): a write stops with exit 12 "磁盘已满", a reader works from a private copy."""
    from mylife_core.testing import run_cli

    src, at, tmp = tmp_path / "ws", tmp_path / "full", tmp_path / "tmp"
    at.mkdir()
    tmp.mkdir()
    env = {"TMPDIR": str(tmp)}
    assert run_cli(["init", "-w", str(src)], env=env).returncode == 0
    assert run_cli(["record", "第一条", "--topic", "日记", "-w", str(src)], env=env).returncode == 0

    def run(*args):
        return run_cli([*args, "-w", str(at / "ws")], env=env, prefix=mounts("full", src, at))

    for args in [("record", "今天很好", "--topic", "日记"), ("profile", "set", "宠物", "旺财", "--ttl", "never")]:
        r = run(*args)
        assert r.returncode == 12, (args, r.stderr)
        assert f"无法写入 {at / 'ws'}" in r.stderr and "磁盘已满" in r.stderr and "内部错误" not in r.stderr, r.stderr
    for args in [("status",), ("claim", "list"), ("verify",)]:
        r = run(*args)
        assert r.returncode == 0 and "内部错误" not in r.stderr, (args, r.stderr)
    assert list(tmp.iterdir()) == []


# what runs inside the mount namespace: a real `mylife chat` on piped input, the disk filled (and
# freed) between turns by writing AT/fill; prints what the chat said and what its session holds
_CHAT_ON_A_FILLING_DISK = textwrap.dedent(r"""
    import json, os, subprocess, sys, threading, time
    from mylife_core.testing import fill_disk
    at = sys.argv[1]
    ws = os.path.join(at, "ws")

    def fill():
        fill_disk(at)

    def free():
        os.unlink(os.path.join(at, "fill"))

    def chat(*args):
        proc = subprocess.Popen([sys.executable, "-m", "mylife_core", "chat", *args, "-w", ws], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        seen = []
        threading.Thread(target=lambda: [seen.append(b) for b in iter(lambda: proc.stdout.read1(4096), b"")],
                         daemon=True).start()

        def text():
            return b"".join(seen).decode("utf-8", "replace")

        def prompts(n):  # wait until the chat asks for turn n (its n-th prompt)
            deadline = time.monotonic() + 90
            while text().count("你> ") < n:
                if time.monotonic() > deadline:
                    proc.kill()
                    raise SystemExit("no prompt " + str(n) + ":\n" + text())
                time.sleep(0.05)

        def send(line):
            proc.stdin.write((line + "\n").encode("utf-8"))
            proc.stdin.flush()
        prompts(1)
        return proc, send, prompts, text

    def session():
        folder = os.path.join(ws, "sessions")
        return {n: open(os.path.join(folder, n), encoding="utf-8").read() for n in sorted(os.listdir(folder))}

    out = {}
    # 1. the disk fills during the chat and stays full until the chat ends
    proc, send, prompts, text = chat("--topic", "跑步")
    send("今天想聊聊跑步")
    prompts(2)
    fill()
    send("跑步的第二句很重要，不能丢")
    prompts(3)
    send("跑步的第三句，带着 空格  和标点！")
    prompts(4)
    proc.stdin.close()
    out["full"] = {"rc": proc.wait(timeout=90), "said": text()}
    free()
    out["full"]["sessions"] = session()
    # 2. the disk fills, then space comes back before the chat ends (no turn after it)
    proc, send, prompts, text = chat("--resume")
    fill()
    send("跑步的第五句也要留下")
    prompts(2)
    free()
    proc.stdin.close()
    out["freed"] = {"rc": proc.wait(timeout=90), "said": text(), "sessions": session()}
    print(json.dumps(out, ensure_ascii=False))
""")


def test_a_chat_turn_typed_while_the_disk_is_full_is_never_lost_silently(tmp_path, mounts):
    """QA s22f.1: a free-talk turn whose save met a full disk was kept in memory only "to be saved
    with the next turn"; when the chat ended first (end of input, /quit) it was gone, and the chat
    still said "会话 … 已保存". Now the chat tries once more when it ends; a turn that still cannot
    be saved is shown back word for word, the goodbye does not claim it saved, the exit code is 12."""
    from mylife_core.testing import run_cli

    src, at, tmp = tmp_path / "ws", tmp_path / "spare", tmp_path / "tmp"
    at.mkdir()
    tmp.mkdir()
    env = {"TMPDIR": str(tmp), "MYLIFE_NOW": "2026-12-03T09:00"}
    assert run_cli(["init", "-w", str(src)], env=env).returncode == 0
    prefix = mounts("spare", src, at)
    proc = subprocess.run([*prefix, sys.executable, "-c", _CHAT_ON_A_FILLING_DISK, str(at)], capture_output=True,
                          env=cli_env(None, env), timeout=300)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    out = json.loads(proc.stdout)

    full = out["full"]
    (saved,) = full["sessions"].values()
    assert "今天想聊聊跑步" in saved and "第二句" not in saved  # the disk stayed full: not on disk...
    assert "选哪个" not in full["said"], full["said"]  # (no drift offer in the way)
    said = full["said"]
    assert "磁盘已满" in said and "内部错误" not in said and "Traceback" not in said, said
    assert said.count("这句话还没有保存") == 2, said  # said when each save failed, not only at the end
    tail = said[said.rindex("你> "):]
    assert "2 段话没能保存：无法写入" in tail and "磁盘已满" in tail and "请先复制保存" in tail, tail
    assert "你：跑步的第二句很重要，不能丢\n你：跑步的第三句，带着 空格  和标点！\n" in tail, tail  # word for word
    assert "已保存" not in tail.replace("没能保存", ""), tail  # no goodbye that claims it saved
    assert full["rc"] == 12, said

    freed = out["freed"]
    (saved,) = freed["sessions"].values()
    assert "磁盘已满" in freed["said"] and "这句话还没有保存" in freed["said"], freed["said"]
    assert "跑步的第五句也要留下" in saved, freed["said"]  # space came back before the end: saved then
    assert freed["rc"] == 0 and "没能保存" not in freed["said"] and "已保存" in freed["said"], freed["said"]


# inside the mount namespace: one long-lived process (a library Workspace, as chat, mcp and the
# panel hold one) meets a full disk when it takes the lock; space comes back; it and a CLI write
_WRITES_AFTER_A_FULL_DISK = textwrap.dedent(r"""
    import json, os, subprocess, sys, time
    from mylife_core.testing import fill_disk
    from mylife_core.workspace import Workspace
    at = sys.argv[1]
    ws_path = os.path.join(at, "ws")
    ws = Workspace.open(ws_path)
    ws.profile.set("宠物", "旺财", ttl_days=None)  # the lock has been taken once: its files exist
    fill_disk(at)
    out = {}
    try:
        ws.profile.set("宠物", "小白", ttl_days=None)
        out["full"] = "written"
    except Exception as exc:  # what the CLI maps to exit 12
        out["full"] = type(exc).__name__ + ": " + str(exc)
    os.unlink(os.path.join(at, "fill"))
    started = time.monotonic()
    cli = subprocess.run([sys.executable, "-m", "mylife_core", "profile", "set", "城市", "杭州", "--ttl", "never",
                          "-w", ws_path], capture_output=True, text=True, timeout=120)
    out["cli"] = {"rc": cli.returncode, "stderr": cli.stderr, "seconds": time.monotonic() - started}
    started = time.monotonic()
    try:
        ws.profile.set("宠物", "小黑", ttl_days=None)
        out["again"] = "written"
    except Exception as exc:
        out["again"] = type(exc).__name__ + ": " + str(exc)
    out["again_seconds"] = time.monotonic() - started
    out["profile"] = {k: f.value for k, f in Workspace.open(ws_path).profile.load().fields.items()}
    print(json.dumps(out, ensure_ascii=False))
""")


def test_a_full_disk_met_while_taking_the_lock_does_not_wedge_the_lock(tmp_path, mounts):
    """QA s22f.2: taking a place in the lock's queue creates a node file and writes its state; on a
    full disk the create worked (an inode) and the write failed, and the node's file descriptor
    (holding its flock) was left open. In a process that lives on (chat, ``mylife mcp``, the
    panel) nobody could get past that node: once space was back, every later write of that
    process and of every other one waited for it until the timeout (exit 6)."""
    src, at, tmp = tmp_path / "ws", tmp_path / "spare", tmp_path / "tmp"
    at.mkdir()
    tmp.mkdir()
    env = {"TMPDIR": str(tmp), "MYLIFE_LOCK_TIMEOUT": "20"}
    from mylife_core.testing import run_cli

    assert run_cli(["init", "-w", str(src)], env=env).returncode == 0
    proc = subprocess.run([*mounts("spare", src, at), sys.executable, "-c", _WRITES_AFTER_A_FULL_DISK, str(at)],
                          capture_output=True, env=cli_env(None, env), timeout=300)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    out = json.loads(proc.stdout)
    assert out["full"].startswith("OSError") and "No space left" in out["full"], out  # refused, as it should be
    assert out["cli"]["rc"] == 0, out["cli"]  # another process writes once space is back...
    assert out["again"] == "written" and out["again_seconds"] < 15, out  # ...and so does this one
    assert out["profile"] == {"宠物": "小黑", "城市": "杭州"}, out


def test_ask_that_cannot_record_its_chain_refuses_before_showing_an_answer(tmp_path, mounts):
    """QA s21a.1: on a read-only workspace (or a full disk) ``ask`` printed the whole answer,
    down to "依据链：chain-…（`mylife trace chain-…` 可逐条查看原话）" naming a chain never written,
    and only then stopped with exit 12. Now it refuses up front: exit 12, nothing on stdout, the
    error names the path and says that --no-record reads the answer without recording it."""
    from mylife_core.testing import run_cli

    src, ro, full, tmp = tmp_path / "demo", tmp_path / "ro", tmp_path / "full", tmp_path / "tmp"
    for folder in (ro, full, tmp):
        folder.mkdir()
    env = {"MYLIFE_NOW": "2026-12-03T09:00", "TMPDIR": str(tmp)}
    assert run_cli(["demo", "-w", str(src)], env=env).returncode == 0
    ask = ["ask", "我该不该跳槽？", "--offline", "--accept-stale"]

    r = run_cli([*ask, "-w", str(ro)], env=env, prefix=mounts("read_only", src, ro))
    assert r.returncode == 12, (r.stdout[-300:], r.stderr)
    assert r.stdout == "", r.stdout[-500:]  # no answer, no chain id that does not exist
    assert f"无法写入 {ro / 'index' / 'chains'}" in r.stderr and "所在的文件系统是只读的" in r.stderr, r.stderr
    assert f"mylife -w {ro} ask 我该不该跳槽？ --no-record" in r.stderr, r.stderr
    assert "内部错误" not in r.stderr and "Traceback" not in r.stderr, r.stderr
    error = run_cli([*ask, "--json", "-w", str(ro)], env=env, prefix=mounts("read_only", src, ro)).json()["error"]
    assert error["code"] == "not_writable" and error["params"]["reason"] == "read_only"
    assert "--no-record" in error["message"]
    en = run_cli([*ask, "-w", str(ro)], env={**env, "MYLIFE_LANG": "en"}, prefix=mounts("read_only", src, ro))
    assert en.returncode == 12 and en.stdout == "" and "To read the answer without recording its chain" in en.stderr

    # the same answer, read without recording, works there
    r = run_cli([*ask, "--no-record", "-w", str(ro)], env=env, prefix=mounts("read_only", src, ro))
    assert r.returncode == 0 and "仅供参考" in r.stdout and "chain-" not in r.stdout, (r.stdout[-500:], r.stderr)

    # a full disk: the same refusal, said as such
    r = run_cli([*ask, "-w", str(full / "ws")], env=env, prefix=mounts("full", src, full))
    assert r.returncode == 12 and r.stdout == "", (r.stdout[-300:], r.stderr)
    assert "磁盘已满" in r.stderr and "--no-record" in r.stderr, r.stderr

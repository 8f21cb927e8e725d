"""Lifetime scale (issue 19): what a write and a cold start touch, on real files.

Speed itself is measured by ``bench/lifetime.py``; these tests hold the properties the speed
rests on: the fast claim-shard reader gives PyYAML's result, a write appends instead of
re-reading history, chains live in month files, a copied workspace does not rebuild its claims
index, an interrupted rebuild goes on, and ``mylife --version`` loads no command.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mylife_core.errors import Conflict
from mylife_core.layers import claim_shards
from mylife_core.layers.claims import Claim
from mylife_core.layers.index import Chain, ChainLink, Conclusion
from mylife_core.storage import yamlfile
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

FIELDS = frozenset(Claim.model_fields)
TZ = dt.timezone(dt.timedelta(hours=8))
NASTY = list("abc xyz:#'\"-?*&!|>%@`{}[],.~+=<0123456789\\\t\n") + [
    "yes", "no", "null", "True", "1e3", "0x1f", "2026-01-01", "12:30", "~", "- ", "# ", "… ", "职业", "\u00a0",
    "\u3000", " ", "'", "''", "2026-01-02 03:04:05", "on", "Off", ".inf", "<<", "=", "!!str", "&a", "*a"]


def _claim_dict(rng: random.Random, i: int, text) -> dict:
    return dict(id=f"claim-2026-01-{rng.randint(1, 28):02d}-{i:03d}", topic=text() or "t", claim=text() or "c",
                kind="fact", source="user_raw", provenance=rng.choice([None, text()]), excerpt_hash=None,
                occurred_at=dt.date(2026, 1, rng.randint(1, 28)), context=rng.choice([None, text()]),
                confidence="medium", status="active", superseded_by=None,
                created_at=dt.datetime(2026, 1, 2, 3, 4, 5, rng.choice([0, 123456]), tzinfo=TZ),
                updated_at=None, actor="user", note=rng.choice([None, text()]))


def test_fast_shard_reader_agrees_with_pyyaml_or_declines():
    rng = random.Random(19)

    def text() -> str:
        return "".join(rng.choice(NASTY) for _ in range(rng.randint(0, 10)))

    fast = 0
    for _ in range(1500):
        items = [_claim_dict(rng, i, text) for i in range(rng.randint(1, 3))]
        doc = "# header\n" + yamlfile.dumps(items)
        expected = yaml.load(doc, Loader=yaml.SafeLoader)
        try:
            got = claim_shards.parse(doc, FIELDS)
        except claim_shards.Unsupported:
            with pytest.raises(claim_shards.Unsupported):  # the bytes reader declines it too
                claim_shards.parse_bytes(doc.encode("utf-8"), FIELDS)
            continue
        assert got == expected, doc
        assert claim_shards.parse_bytes(doc.encode("utf-8"), FIELDS) == expected
        fast += 1
    assert fast > 500  # most documents take the fast path, not only the trivial ones


@pytest.mark.parametrize("doc", [
    "- id: a\n  claim: x\n# a comment between\n- id: b\n",       # comment line
    "- id: a\n  claim: a long\n    continued line\n",              # continuation
    "- {id: a, claim: x}\n",                                       # flow style
    "- id: a\n  claim: &x one\n- id: b\n  claim: *x\n",            # anchor and alias
    "- id: a\n  bogus: x\n",                                       # not a claim field
    "- id: a\n  claim: \x07bell\n",                                # what PyYAML refuses
    "- id: a\r\n  claim: x\r\n",                                   # CRLF
    "---\n- id: a\n",                                              # document marker
])
def test_fast_shard_reader_declines_other_shapes(doc):
    with pytest.raises(claim_shards.Unsupported):
        claim_shards.parse(doc, FIELDS)
    with pytest.raises(claim_shards.Unsupported):
        claim_shards.parse_bytes(doc.encode("utf-8"), FIELDS)


def test_scalars_resolve_like_pyyaml():
    for value in ("null", "~", "", "2026-01-05", "2026-01-05 21:30:00+08:00", "'yes'", "'a ''b'' c'", "yes",
                  "12", "1.5", "职业去留", "raw/2026-01-05-工作.md#L3-L4", '"tab\\there"', "a # comment"):
        expected = yaml.safe_load("v: " + value)["v"]
        assert claim_shards.scalar(value) == expected, value


def _note(ws: Workspace, text: str = "今天加班到很晚\n想换工作\n", topic: str = "工作"):
    return ws.raw.record(text.encode(), topic=topic)


def test_adding_claims_appends_and_keeps_the_month_file_bytes(ws):
    rec = _note(ws)
    ws.claims.add_many([dict(claim=f"第{i}条", topic="职业去留", provenance=f"{rec.file}#L1",
                             occurred_at=dt.date(2026, 1, 5)) for i in range(3)])
    shard = ws.root / "claims" / "2026-01.yaml"
    before = shard.read_bytes()
    added, _ = ws.claims.add_many([dict(claim="又一条", topic="职业去留", provenance=f"{rec.file}#L2",
                                        occurred_at=dt.date(2026, 1, 2))])
    after = shard.read_bytes()
    assert after.startswith(before)  # the claims already there are not re-read nor re-dumped
    assert yaml.safe_load(after)[-1]["id"] == added[0].id
    assert [c.claim for c in ws.claims.query(topic="职业去留")] == ["又一条", "第0条", "第1条", "第2条"]
    # a fresh process reading the shard from scratch sees the same four claims
    ws.claims.store.close()
    (ws.root / "cache" / "claims.sqlite").unlink()
    fresh = Workspace.open(ws.root, plugins=plugin_host())
    assert sorted(c.claim for c in fresh.claims.query(topic="职业去留")) == ["又一条", "第0条", "第1条", "第2条"]
    fresh.close()


def test_a_hand_edit_before_an_append_is_indexed_not_lost(ws, cli):
    rec = _note(ws)
    ws.claims.add(claim="原来的", topic="t", provenance=f"{rec.file}#L1", occurred_at=dt.date(2026, 1, 5))
    shard = ws.root / "claims" / "2026-01.yaml"
    items = yaml.safe_load(shard.read_text(encoding="utf-8"))
    items[0]["claim"] = "手改过的"
    shard.write_text("# 我自己改的\n" + yaml.safe_dump(items, allow_unicode=True, default_flow_style=True),
                     encoding="utf-8")  # flow style: not a block list, the store rewrites it
    edited = shard.read_bytes()
    with pytest.raises(Conflict):  # the append would take the edit in unseen (docs/reliability.md)
        ws.claims.add(claim="新的", topic="t", provenance=f"{rec.file}#L2", occurred_at=dt.date(2026, 1, 6))
    assert shard.read_bytes() == edited
    assert cli("verify", "--accept", "claims/2026-01.yaml").returncode == 0  # the user keeps the edit
    ws.claims.add(claim="新的", topic="t", provenance=f"{rec.file}#L2", occurred_at=dt.date(2026, 1, 6))
    assert sorted(c.claim for c in ws.claims.query(topic="t")) == ["手改过的", "新的"]
    assert sorted(i["claim"] for i in yaml.safe_load(shard.read_text(encoding="utf-8"))) == ["手改过的", "新的"]


def test_recording_does_not_parse_the_manifest(ws):
    for i in range(5):
        _note(ws, f"第{i}条\n")
    fresh = Workspace.open(ws.root, plugins=plugin_host())
    rec = fresh.raw.record("又一条\n".encode(), topic="工作")
    assert fresh.raw._records is None  # the whole manifest was never loaded
    assert fresh.raw.get(rec.file) == rec and fresh.raw._records is None
    assert rec.file.endswith("-工作-6.md")  # names taken by earlier records are skipped
    # a name in the manifest whose file vanished is never handed out again
    (ws.root / rec.file).unlink()
    again = fresh.raw.record("再一条\n".encode(), topic="工作")
    assert again.file != rec.file
    assert fresh.raw.count() == 7


def _chain(day: dt.date, question: str) -> Chain:
    return Chain(id="", question=question, asked_at=dt.datetime.combine(day, dt.time(20), TZ),
                 conclusions=[Conclusion(text="先别辞职", claim_ids=["claim-2026-01-05-001"])],
                 links=[ChainLink(claim_id="claim-2026-01-05-001", provenance="raw/x.md#L1")])


def test_chains_live_in_append_only_month_files(ws):
    a = ws.index.add_chain(_chain(dt.date(2026, 1, 5), "要不要辞职"))
    jan = ws.root / "index" / "chains" / "2026-01.jsonl"
    first = jan.read_bytes()
    b = ws.index.add_chain(_chain(dt.date(2026, 2, 1), "要不要买房"))
    c = ws.index.add_chain(_chain(dt.date(2026, 1, 5), "还要不要辞职"))
    assert (a.id, b.id, c.id) == ("chain-2026-01-05-001", "chain-2026-02-01-001", "chain-2026-01-05-002")
    assert jan.read_bytes().startswith(first) and jan.read_bytes().count(b"\n") == 2
    assert (ws.root / "index" / "chains" / "2026-02.jsonl").read_bytes().count(b"\n") == 1
    assert ws.index.chain(c.id).question == "还要不要辞职"
    assert ws.index.count_chains() == 3 and [x.id for x in ws.index.chains()] == [a.id, c.id, b.id]
    audit = [e for e in ws.audit.all() if e.action == "index.chain"]
    assert [e.target for e in audit] == [a.id, b.id, c.id]


def test_chains_in_an_old_index_yaml_move_out_without_loss(ws, cli):
    old = [_chain(dt.date(2025, 12, 1), "旧问题一").model_copy(update={"id": "chain-2025-12-01-001"}),
           _chain(dt.date(2026, 1, 5), "旧问题二").model_copy(update={"id": "chain-2026-01-05-001"})]
    branch = {"id": "br-2026-01-05-01", "topic": "买房", "opened_at": "2026-01-05T20:00:00+08:00"}
    yamlfile.save(ws.root / "index.yaml", {"chains": [c.model_dump(mode="python", exclude_none=True) for c in old],
                                           "branches": [branch]})
    # a move interrupted after writing one month file: that chain must not be there twice
    jan = ws.root / "index" / "chains" / "2026-01.jsonl"
    jan.parent.mkdir(parents=True)
    jan.write_text(old[1].model_dump_json(exclude_none=True) + "\n", encoding="utf-8")
    # as an older MyLife would have left them: written and recorded (here by accepting them)
    assert cli("verify", "--accept", "index.yaml", "--accept", "index/chains/2026-01.jsonl").returncode == 0
    reader = Workspace.open(ws.root, plugins=plugin_host())
    assert reader.index.count_chains() == 2 and reader.index.chain("chain-2025-12-01-001").question == "旧问题一"
    assert "旧问题一" in cli("trace", "chain-2025-12-01-001").stdout  # trace reads it where it is
    new = reader.index.add_chain(_chain(dt.date(2026, 1, 5), "新问题"))  # the first write moves them
    assert new.id == "chain-2026-01-05-002"
    assert [c.id for c in reader.index.chains()] == ["chain-2025-12-01-001", "chain-2026-01-05-001", new.id]
    assert jan.read_text(encoding="utf-8").count("chain-2026-01-05-001") == 1
    assert "旧问题" not in (ws.root / "index.yaml").read_text(encoding="utf-8")
    assert [b.id for b in reader.index.branches()] == ["br-2026-01-05-01"]
    moved = [e for e in reader.audit.all() if e.action == "index.migrate"]
    assert len(moved) == 1 and moved[0].detail == {"chains": 2}
    assert cli("verify", "--json").json()["problems"] == []


def test_verify_names_a_broken_chain_line(ws, cli):
    ws.index.add_chain(_chain(dt.date(2026, 1, 5), "要不要辞职"))
    jan = ws.root / "index" / "chains" / "2026-01.jsonl"
    with jan.open("a", encoding="utf-8") as fh:
        fh.write('{"id": "chain-2026-01-05-002", "question": 3}\n')
    problems = cli("verify", "--json").json()["problems"]
    assert any(p["kind"] == "bad_file" and p["file"].endswith("2026-01.jsonl") and p["line"] == 2 for p in problems)


def _many_months(ws: Workspace, months: int) -> None:
    rec = _note(ws)
    ws.claims.add_many([dict(claim=f"第{m}月", topic="t", provenance=f"{rec.file}#L1",
                             occurred_at=dt.date(2020 + m // 12, m % 12 + 1, 3)) for m in range(months)])


def test_a_copied_workspace_keeps_its_claims_index(ws, tmp_path, cli):
    _many_months(ws, 30)
    ws.close()
    db = ws.root / "cache" / "claims.sqlite"
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-a", str(ws.root), str(copy)], check=True)
    inode_before = (copy / "cache" / "claims.sqlite").stat().st_ino
    run = subprocess.run([sys.executable, "-m", "mylife_core", "status", "--json", "-w", str(copy)],
                         capture_output=True, text=True, env={**os.environ, "MYLIFE_LOAD_PLUGINS": ""})
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # nothing to rebuild: no "why" line
    assert (copy / "cache" / "claims.sqlite").stat().st_ino == inode_before
    # same bytes, new mtimes (a copy without -p, a restore): recognised by content, not re-read
    for shard in (copy / "claims").glob("*.yaml"):
        os.utime(shard, ns=(shard.stat().st_atime_ns, shard.stat().st_mtime_ns + 10_000_000_000))
    again = Workspace.open(copy, plugins=plugin_host())
    assert again.claims.counts()["status"] == {"active": 30}
    assert db.exists()


def test_a_big_rebuild_says_why_and_resumes_after_an_interruption(ws, cli):
    _many_months(ws, 30)
    ws.close()
    for suffix in ("", "-wal", "-shm"):
        Path(str(ws.root / "cache" / "claims.sqlite") + suffix).unlink(missing_ok=True)
    # interrupt the rebuild after some months: a hand edit breaks one shard late in the order
    last = sorted((ws.root / "claims").glob("*.yaml"))[-1]
    good = last.read_bytes()
    last.write_text("- id: [unclosed\n", encoding="utf-8")
    broken = cli("status", "--json")
    assert broken.returncode != 0 and last.name in broken.stdout + broken.stderr
    assert "不存在" in broken.stderr and "30" in broken.stderr  # the one line saying why
    last.write_bytes(good)
    done = cli("status", "--json")
    assert done.returncode == 0, done.stderr
    assert done.json()["layers"]["claims"]["total"] == 30
    assert "不存在" not in done.stderr  # the finished months were kept; one month left to read


def test_version_and_help_load_no_command_module():
    code = ("import sys\nfrom mylife_core.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "mods = [m for m in sys.modules if m.startswith('mylife_core.')]\n"
            "print('|'.join(sorted(mods)), file=sys.stderr)\n")
    env = {**os.environ, "MYLIFE_LOAD_PLUGINS": ""}
    version = subprocess.run([sys.executable, "-c", code, "--version"], capture_output=True, text=True, env=env)
    loaded = set(version.stderr.strip().split("|"))
    assert "mylife_core.plugins" not in loaded and "mylife_core.messages" not in loaded, loaded
    assert not any(m.endswith("_cmd") or m.startswith("mylife_core.layers") for m in loaded), loaded
    helped = subprocess.run([sys.executable, "-c", code, "--help"], capture_output=True, text=True, env=env)
    assert helped.returncode == 0
    loaded = set(helped.stderr.strip().splitlines()[-1].split("|"))
    assert not any(m.endswith("_cmd") for m in loaded), loaded  # listed from their help text alone
    for name in ("record", "claim", "trace", "ask", "recall", "chat", "staleness", "store", "git", "mcp"):
        assert f"  {name} " in helped.stdout, name


def test_help_lists_plugin_commands_without_heavy_imports():
    """``mylife --help`` with every installed plugin loaded: plugin commands are listed, and
    neither pydantic (the plugin host's registration models load on first registry call) nor
    YAML, the model client, the search engine or the segmenter is imported."""
    code = ("import sys\nfrom mylife_core.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print('|'.join(sorted(sys.modules)), file=sys.stderr)\n")
    env = {k: v for k, v in os.environ.items() if k != "MYLIFE_LOAD_PLUGINS"}
    helped = subprocess.run([sys.executable, "-c", code, "--help"], capture_output=True, text=True, env=env)
    assert helped.returncode == 0, helped.stderr
    modules = set(helped.stderr.strip().splitlines()[-1].split("|"))
    loaded = {m.split(".")[0] for m in modules} | modules
    assert not loaded & {"pydantic", "pydantic_core", "yaml", "litellm", "tantivy", "rjieba", "mylife_core.specs"}, loaded
    assert "  graph " in helped.stdout  # a third-party plugin's command (tests' mylife-graph)


def test_status_builds_only_what_it_reads(ws):
    """``mylife status`` (every everyday read pays the same start-up): no model client nor its
    settings (the cooldown file is read without them), no drift marker compiled (only a chat
    reads turns), and of the plugin registration models only the store's is built."""
    code = ("import sys\nfrom mylife_core.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "import mylife_core.specs as specs\n"
            "from mylife_core.builtin import drift_markers\n"
            "built = [n for n in ('FieldSpec', 'DecisionSpec', 'TopicSpec', 'ToolSpec', 'SynonymSpec', 'Verdict',\n"
            "                     'DriftSignal', 'Change') if getattr(specs, n).__pydantic_complete__]\n"
            "print('|'.join(sorted(sys.modules)), file=sys.stderr)\n"
            "print(','.join(built), drift_markers._compiled.cache_info().currsize, file=sys.stderr)\n")
    env = {**os.environ, "MYLIFE_LOAD_PLUGINS": ""}
    done = subprocess.run([sys.executable, "-c", code, "-w", str(ws.root), "status"], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0, done.stderr
    *_, modules, last = done.stderr.strip().splitlines()
    loaded = set(modules.split("|"))
    assert not loaded & {"litellm", "mylife_core.llm.settings", "mylife_core.llm.client"}, loaded
    assert last == " 0", last  # no spec model but the store's built, no marker compiled


def test_lazy_commands_on_a_plain_group_register_at_once():
    import click

    from mylife_core.cli.lazy import lazy_commands

    group = click.Group("g")
    lazy_commands(group, {"ping": "help.ping"}, lambda g: g.add_command(click.Command("ping")))
    assert "ping" in group.commands


def test_lazy_commands_still_run(cli):
    cli("init")
    assert cli("recall", "加班", "--json").returncode == 0
    assert cli("staleness", "要不要辞职", "--json").returncode == 0
    assert "ping" not in cli("--help").stdout and "recall" in cli("--help").stdout


def test_items_with_different_keys_read_like_pyyaml():
    doc = ("# h\n- id: a\n  claim: 一\n  occurred_at: 2026-01-05\n- id: b\n  claim: 'yes'\n"
           "- id: c\n  occurred_at: 2026-01-06 08:00:00+08:00\n  claim: 三\n")
    assert claim_shards.parse(doc, FIELDS) == yaml.safe_load(doc)


def test_a_key_written_twice_is_left_to_the_checked_reading():
    """A hand edit that writes a key twice (PyYAML alone keeps the last and drops the other)
    is not read by the fast parser: the checked YAML reading names both lines instead."""
    doc = "# h\n- id: c\n  occurred_at: 2026-01-06 08:00:00+08:00\n  claim: 三\n  claim: 四\n"
    with pytest.raises(claim_shards.Unsupported):
        claim_shards.parse(doc, FIELDS)

"""The torture suite (bench/torture.py) at CI scale: counts that must be zero are asserted,
timings are only reported (``-s`` shows the figures; full scale: ``python -m bench.torture --full``)."""

from __future__ import annotations

import json

from bench import torture


def _show(name, doc):
    print(f"\n{name}: {json.dumps(doc, ensure_ascii=False, default=str)[:2000]}")


def test_concurrent_writers_and_readers_lose_nothing(tmp_path):
    doc = torture.phase_concurrency(tmp_path, writers=6, records=6, claim_writers=2, profile_writers=2,
                                    branch_writers=2, readers=2, cli_writers=1, cli_records=3, mcp_writers=1)
    _show("concurrency", doc)
    assert doc["lost"] == [] and doc["present"] == doc["acknowledged_items"]
    assert doc["timeouts"] == 0 and doc["errors"] == [] and doc["read_errors"] == []
    library_and_cli = 6 * 6 + 2 * 6 + 2 * 6 + 2 * 6 + 3
    assert doc["attempted"] == library_and_cli + 3  # + 3 through a real `mylife mcp` session
    # every library and CLI write is acknowledged (an MCP write may be answered as a proposal)
    assert doc["acknowledged"] >= library_and_cli
    assert doc["verify_problems"] == []


def test_kill_9_at_random_moments_loses_nothing(tmp_path):
    doc = torture.phase_kill(tmp_path, kills=30, max_delay=0.4, seed=14)
    _show("kill", doc)
    assert doc["writes_acknowledged"] > 0
    assert doc["lost"] == 0, doc["lost_examples"]
    assert doc["orphaned_raw"] == 0 and doc["temp_files_left"] == 0 and doc["unaudited"] == 0
    assert doc["verify_ok"], doc["verify_examples"]


def test_fuzzed_cli_and_tools_on_broken_workspaces_never_fail_internally(tmp_path):
    doc = torture.phase_fuzz(tmp_path, examples=120)
    _show("fuzz", {k: v for k, v in doc.items() if k != "examples"})
    assert doc["cases"] == 120 and doc["tools"] > 0 and doc["breakages"] >= 10
    assert doc["internal"] == 0 and doc["undocumented"] == 0, doc["examples"][:5]

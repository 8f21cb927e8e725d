"""The lifetime generator (bench/lifetime.py) at a tiny size: what it builds is a valid workspace.

Speed is never asserted here; the benchmark script prints its figures. This checks that the
generator goes through the layers' rules (every pointer resolves, counts are exact) and that
the cached copy other benchmarks import is built once and reused.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mylife_core.testing import plugin_host, run_cli
from mylife_core.verify import verify
from mylife_core.workspace import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench/ lives beside the package
from bench.lifetime import build_info, lifetime_workspace


def test_tiny_lifetime_workspace_is_valid_and_cached(tmp_path):
    path = lifetime_workspace(records=40, claims=400, out=tmp_path, quiet=True)
    info = build_info(path)
    assert info["stats"]["records"] == 40 and info["stats"]["claims"] == 400
    with Workspace.open(path, plugins=plugin_host()) as ws:
        report = verify(ws)
        assert report.ok, [p.message for p in report.problems]
        assert report.raw_checked == 40 and report.claims_checked == 400
        counts = ws.claims.counts()
        assert sum(counts["status"].values()) == 400
        assert len(counts["topic"]) >= 10
        assert {"fact", "assessment", "inference"} <= set(counts["kind"])
        assert ws.profile.fields() and any(f.history for f in ws.profile.fields().values())
        assert ws.digests.count() >= 1
        raw_text = ws.raw.path_of(ws.raw.records()[0].file).read_text(encoding="utf-8")
        assert any("\u4e00" <= ch <= "\u9fff" for ch in raw_text)
    mtime = (path.parent / "build.json").stat().st_mtime_ns
    assert lifetime_workspace(records=40, claims=400, out=tmp_path, quiet=True) == path  # reused, not rebuilt
    assert (path.parent / "build.json").stat().st_mtime_ns == mtime
    status = run_cli(["status", "--json"], workspace=path)
    assert status.returncode == 0, status.stderr
    assert status.json()["layers"]["claims"]["total"] == 400

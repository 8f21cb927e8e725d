"""The review page's card of a digest proposal a host made over MCP that a later ``mylife digest``
made out of date (issue s30digest.3): it says so and what to do, and offers no accept."""

from __future__ import annotations

import html
from urllib.parse import quote
from pathlib import Path

import pytest
from fakellm import seed

from mylife_core.pipeline.proposals import PATH
from mylife_core.testing import plugin_host, run_cli
from mylife_core.workspace import Workspace

from .conftest import Panel

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_the_card_of_an_out_of_date_digest_proposal_says_so_and_offers_reject(tmp_path: Path):
    from mylife_core.messages import t
    from mylife_core.pipeline.digest import propose_generated

    root = tmp_path / "ws"
    assert run_cli(["init"], workspace=root).returncode == 0
    with Workspace.open(root, plugins=plugin_host()) as ws:
        s = seed(ws)
        pid = propose_generated(ws, "职业去留", f"你说过想辞职 [{s.quit}]。", actor="model via MCP", model=None)["proposal"]
    panel = Panel(root)
    try:
        card = html.unescape(panel.get("/review").text.split(f'id="card-{pid}"')[1].split("</article>")[0])
        assert t("s30digest.web.proposal.stale") not in card and f"/proposals/{pid}/accept" in card
        assert run_cli(["digest", "职业去留", "--offline"], workspace=root).returncode == 0  # the digest changes
        before = (root / PATH).read_bytes()
        card = html.unescape(panel.get("/review").text.split(f'id="card-{pid}"')[1].split("</article>")[0])
        assert t("s30digest.web.proposal.stale") in card, card
        assert "已过时" in card and f"proposal reject {pid}" in card and "重新提议" in card, card
        assert f"/proposals/{pid}/accept" not in card and f"/proposals/{pid}/reject" in card
        assert (root / PATH).read_bytes() == before  # showing it wrote nothing
    finally:
        panel.close()


def test_the_digest_page_says_a_digest_in_force_is_a_models_the_user_accepted(tmp_path: Path):
    """Issue s30digest.2 on the panel: the digest page of a host's digest the user accepted says whose
    it is and when it was accepted, as ``mylife digest --show`` does."""
    from mylife_core.messages import actor_name, t
    from mylife_core.pipeline.digest import propose_generated

    root = tmp_path / "ws"
    assert run_cli(["init"], workspace=root).returncode == 0
    with Workspace.open(root, plugins=plugin_host()) as ws:
        s = seed(ws)
        pid = propose_generated(ws, "职业去留", f"你说过想辞职 [{s.quit}]。", actor="model via MCP", model=None)["proposal"]
    accepted = run_cli(["proposal", "accept", pid], workspace=root, env={"MYLIFE_NOW": "2026-03-10"})
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    panel = Panel(root)
    try:
        page = html.unescape(panel.get("/digests/" + quote("职业去留")).text)
        label = t("s30digest.digest.source.accepted", who=actor_name("model via MCP"), date="2026-03-10", id=pid)
        assert label in page, page[:2000]
    finally:
        panel.close()

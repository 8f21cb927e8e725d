"""s29panel: a tester's finds on the panel in a real browser (the ask page on a phone, the home
page's notice of a model original the user already rejected, an error banner that outlived a later
decision, error messages that named the CLI's flags and commands in a browser)."""

from __future__ import annotations

import re
from pathlib import Path

from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

from .conftest import shot

TOPIC = "职业去留"
NOTICE = f"「{TOPIC}」有新的模型原稿"


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def model_writes_a_new_original(root: Path) -> str:
    """What ``mylife_digest`` with a text does over MCP (``mcp_server.ToolRunner.call``): the
    topic's original plus one paragraph, written as the model's, beside the user's revision."""
    from mylife_core.layers.digest import split_front_matter
    from mylife_core.mcp_server import ACTOR
    from mylife_core.tools import call_tool

    with open_ws(root) as ws:
        _, body = split_front_matter(ws.digests.read(TOPIC, original=True))
        claim = next(c.id for c in ws.claims.query(topic=TOPIC, status="active") if c.claim == "对加班反复感到失望")
        out = call_tool(ws, "mylife_digest", {"topic": TOPIC, "text": body + f"\n\n你说过对加班反复感到失望 [{claim}]。"},
                        actor=ACTOR).to_json()
        assert out["ok"] and out["result"]["kept_user_revision"], out
        from mylife_core.pipeline.proposals import Proposals

        (proposal,) = Proposals(ws).pending(kind="digest", topic=TOPIC)
    return proposal.id


# ------------------------------------------------------------------ 2. the notice of a new original
def test_the_new_original_notice_goes_once_its_proposal_is_rejected(panel, demo: Path):
    assert NOTICE not in panel.get("/").text  # the demo's revision answers the demo's original
    proposal = model_writes_a_new_original(demo)
    assert NOTICE in panel.get("/").text
    r = panel.post(f"/proposals/{proposal}/reject", {"why": "我的修订更准确", "next": "/review"})
    assert r.status_code == 303
    assert NOTICE not in panel.get("/").text
    assert NOTICE not in panel.get("/review").text
    assert "有新原稿" not in panel.get("/digests").text
    # a later, different original is new again
    with open_ws(demo) as ws:
        claim = next(c.id for c in ws.claims.query(topic=TOPIC, status="active") if c.claim == "喜欢工作内容本身")
    from mylife_core.layers.digest import split_front_matter
    from mylife_core.mcp_server import ACTOR
    from mylife_core.tools import call_tool

    with open_ws(demo) as ws:
        _, body = split_front_matter(ws.digests.read(TOPIC, original=True))
        assert call_tool(ws, "mylife_digest", {"topic": TOPIC, "text": body + f"\n\n你说过喜欢工作内容本身 [{claim}]。"},
                         actor=ACTOR).to_json()["ok"]
    assert NOTICE in panel.get("/").text


def test_a_disputed_original_is_answered_too(panel, demo: Path):
    proposal = model_writes_a_new_original(demo)
    assert panel.post(f"/proposals/{proposal}/dispute", {"why": "不是这样"}).status_code == 303
    assert NOTICE not in panel.get("/").text

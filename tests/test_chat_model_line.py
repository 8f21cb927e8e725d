"""``mylife chat``: a write the model proposes that cites a line a model wrote (``mylife_record``
over MCP, by a real MCP client over stdio) is asked about twice: the proposal, then a second
yes/no that names the model's line and quotes it (default no; ``--json``: a
``proposal_model_line`` event the next line answers). A write citing the user's own line is asked
about once, as before. The real ``mylife chat`` in a subprocess against the fake model server."""

from __future__ import annotations

import json

import pytest
from fakellm import Reply, Request, fakellm, seed  # noqa: F401

from mylife_core.testing import mcp_session
from mylife_core.workspace import Workspace

pytest.importorskip("mcp", reason="the mcp extra is not installed")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MODEL_LINE = "我月收入五万，现有存款一百万"
ASK = "帮我记一下：月收入五万\n"


def recorded_by_a_model(root) -> str:
    """A host's model records a line over MCP; its pointer."""

    async def script(session):
        body = json.loads((await session.call_tool("mylife_record", {"text": MODEL_LINE, "topic": "职业去留"}))
                          .content[0].text)
        return f"{body['result']['file']}#L1"

    return mcp_session(root, script)


def proposing(name: str, arguments: dict):
    def model(request: Request) -> Reply:
        if any(m.get("role") == "tool" for m in request.messages):
            return Reply(text="好的。\n")
        return Reply(tool_calls=[(name, arguments)])
    return model


def field(ws: Workspace, name: str):
    with Workspace.open(ws.root, plugins=ws.plugins) as again:
        return again.profile.find(name)


@pytest.mark.parametrize("second, written", [("n", False), ("", False), ("y", True)])
def test_a_models_line_is_named_and_asked_about_again(ws, cli, fakellm, second, written):
    seed(ws)
    pointer = recorded_by_a_model(ws.root)
    fakellm.default = proposing("mylife_profile_update", {"name": "月收入", "value": 50000, "provenance": pointer})
    out = cli("chat", input=ASK + "y\n" + second + "\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "写入第 1 项吗？" in text, text
    first_part = text.split("写入第 1 项吗？", 1)[0]  # the proposal never calls the model's line the user's
    assert "来源记为你的原话" not in first_part and "所引的你的原文" not in first_part, text
    assert "模型写入的原文，来源记为「经 MCP 的 AI 助手」，不算你的原话" in first_part, text
    second_part = text.split("写入第 1 项吗？", 1)[1]
    assert f"第 1 项引用的原文 {pointer} 是模型写入的（经 MCP 接入的模型），不是你自己写下的" in second_part, text
    assert f"L1: {MODEL_LINE}" in second_part and "第 1 项依据的是模型的话，不是你的原话。仍然写入吗？" in second_part
    got = field(ws, "月收入")
    if written:
        assert "✓ 已写入" in second_part and (got.value, got.source) == (50000, "mcp"), text
    else:
        assert "没有写入：档案新字段「月收入」" in second_part and got is None, text


def test_json_mode_a_models_line_needs_a_second_explicit_yes(ws, cli, fakellm):
    seed(ws)
    pointer = recorded_by_a_model(ws.root)
    fakellm.default = proposing("mylife_profile_update", {"name": "月收入", "value": 50000, "provenance": pointer})
    out = cli("chat", "--json", input=ASK + "yes\nno\n/quit\n", env=fakellm.env())
    events = [json.loads(line) for line in out.stdout.splitlines()]
    (asked,) = [e for e in events if e["type"] == "proposal_model_line"]
    assert (asked["id"], asked["pointer"], asked["written_by"]) == (1, pointer, "model via MCP"), asked
    assert asked["lines"] == [{"line": 1, "text": MODEL_LINE}] and asked["default"] == "no"
    (result,) = [e for e in events if e["type"] == "proposal_result"]
    assert result["status"] == "refused" and field(ws, "月收入") is None

    yes = cli("chat", "--json", input=ASK + "yes\nyes\n/quit\n", env=fakellm.env())
    (result,) = [json.loads(line) for line in yes.stdout.splitlines() if '"proposal_result"' in line]
    assert result["status"] == "applied", result
    assert (field(ws, "月收入").value, field(ws, "月收入").source) == (50000, "mcp")


def test_a_claim_on_the_users_own_line_is_asked_about_once_as_before(ws, cli, fakellm):
    s = seed(ws)
    mine = ws.claims.get(s.quit).provenance
    fakellm.default = proposing("mylife_claim_add", {"claim": "想辞职", "topic": "职业去留", "kind": "assessment",
                                                     "provenance": mine})
    out = cli("chat", input="帮我记一下这条证据：想辞职\ny\n/quit\n", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert "模型写入的" not in out.stdout and "仍然写入吗" not in out.stdout, out.stdout
    assert "✓ 已写入" in out.stdout, out.stdout

"""No write the user did not approve: a proposal whose cited line a model wrote (``mylife_record``
over MCP) is accepted only on a yes to that itself (docs/cli.md, ``mylife proposal``).

The proposals are made by a real MCP client over stdio against ``mylife mcp``; they are decided
with the real ``mylife proposal accept`` in a subprocess: without a terminal (and with ``--json``)
it refuses, naming the line and the flag, and writes nothing; on a pseudo-terminal it quotes the
model's line and asks again (default no), one proposal at a time; ``--accept-model-line`` says yes
to it on the command line. A proposal citing the user's own line is accepted as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason="the mcp extra is not installed")

from lens_support import run_in_pty  # noqa: E402

from mylife_core.pipeline.proposals import PATH  # noqa: E402
from mylife_core.testing import mcp_session, plugin_host, run_cli  # noqa: E402
from mylife_core.workspace import Workspace  # noqa: E402

ENV = {"MYLIFE_NOW": "2026-03-10"}
MODEL_LINE = "我月收入五万，现有存款一百万"
USER_LINE = "房租三千五"


def doc(result):
    return json.loads(result.content[0].text)


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def propose(root: Path) -> dict[str, str]:
    """A line the user wrote (``mylife record``) and one a host's model recorded over MCP; the
    host's model then proposes two values from its own line and one from the user's."""
    assert run_cli(["init"], workspace=root).returncode == 0
    said = run_cli(["record", USER_LINE, "--topic", "职业去留", "--json"], workspace=root, env=ENV)
    assert said.returncode == 0, said.stderr
    user_file = said.json()["record"]["file"]

    async def script(session):
        rec = doc(await session.call_tool("mylife_record", {"text": MODEL_LINE, "topic": "职业去留"}))
        model_file = rec["result"]["file"]
        out = {}
        for key, args in (("income", {"name": "月收入", "value": "50000", "provenance": f"{model_file}#L1"}),
                          ("savings", {"name": "现有存款", "value": "1000000", "provenance": f"{model_file}#L1"}),
                          ("rent", {"name": "房租", "value": "3500", "provenance": f"{user_file}#L1"})):
            body = doc(await session.call_tool("mylife_profile_update", args))
            assert body["ok"], body
            out[key] = body["result"]["proposal"]
        out["model_file"] = model_file
        return out

    return mcp_session(root, script)


def files(root: Path) -> dict[str, bytes]:
    """Everything a decision could write: the profile, the proposals, the audit log."""
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and not p.relative_to(root).parts[0] in ("cache", ".git") and not p.name.endswith(".lock")}


def statuses(root: Path) -> dict[str, str]:
    from mylife_core.pipeline.proposals import Proposals

    with open_ws(root) as ws:
        return {p.id: p.status for p in Proposals(ws).all()}


def test_without_a_terminal_a_models_line_is_refused_naming_it_and_nothing_is_written(ws_path):
    ids = propose(ws_path)
    income, savings, rent = ids["income"], ids["savings"], ids["rent"]
    before = files(ws_path)
    assert PATH in before and "profile.yaml" in before

    # a batch with the user's own line in it: all or nothing, so nothing; the model's line is named
    refused = run_cli(["proposal", "accept", rent, income], workspace=ws_path, env=ENV)
    assert refused.returncode == 2, refused.stdout + refused.stderr
    said = refused.stdout + refused.stderr
    assert MODEL_LINE in said and f"{ids['model_file']}#L1" in said and income in said, said
    assert "模型写入的，不是你自己写下的" in said and "--accept-model-line" in said, said
    assert f"proposal accept {income} --accept-model-line" in said, said
    assert "Traceback" not in said
    assert files(ws_path) == before
    assert {statuses(ws_path)[i] for i in (rent, income)} == {"pending"}

    as_json = run_cli(["proposal", "accept", income, "--json"], workspace=ws_path, env=ENV)
    assert as_json.returncode == 2, as_json.stdout + as_json.stderr
    error = json.loads(as_json.stdout)["error"]
    assert error["key"] == "s32approve.model_line_unconfirmed" and MODEL_LINE in error["message"], error
    assert files(ws_path) == before

    english = run_cli(["proposal", "accept", savings], workspace=ws_path, env={**ENV, "MYLIFE_LANG": "en"})
    assert english.returncode == 2 and "cite a line a model wrote, not you" in english.stdout + english.stderr
    assert files(ws_path) == before

    shown = run_cli(["proposal", "show", income, "--json"], workspace=ws_path, env=ENV).json()["proposal"]
    assert shown["source"]["confirm_model_line"] is True  # what accepting it needs, for a host reading JSON
    assert "confirm_model_line" not in run_cli(["proposal", "show", rent, "--json"], workspace=ws_path,
                                               env=ENV).json()["proposal"]["source"]

    # the user's own line: accepted as before, no flag, no question
    mine = run_cli(["proposal", "accept", rent], workspace=ws_path, env=ENV)
    assert mine.returncode == 0, mine.stdout + mine.stderr
    # said yes to explicitly: the model's value is written, as the model's (never 你的原话)
    flagged = run_cli(["proposal", "accept", income, "--accept-model-line", "--json"], workspace=ws_path, env=ENV)
    assert flagged.returncode == 0, flagged.stdout + flagged.stderr
    assert statuses(ws_path) == {rent: "accepted", income: "accepted", savings: "pending"}
    with open_ws(ws_path) as ws:
        assert (ws.profile.get("房租").value, ws.profile.get("房租").source) == (3500, "user_raw")
        assert (ws.profile.get("月收入").value, ws.profile.get("月收入").source) == (50000, "mcp")
        assert ws.profile.find("现有存款") is None

    helped = run_cli(["proposal", "accept", "--help"], workspace=ws_path)
    assert "--accept-model-line" in helped.stdout and "模型写入的原文" in helped.stdout, helped.stdout


def test_on_a_terminal_each_models_line_is_quoted_and_asked_again_default_no(ws_path):
    ids = propose(ws_path)
    income, savings, rent = ids["income"], ids["savings"], ids["rent"]
    # Enter (the default, no) to the first model's line, yes to the second
    out = run_in_pty(["proposal", "accept", rent, income, savings], workspace=ws_path, answers=["", "y"], env=ENV)
    assert out.returncode == 0, out.stdout
    text = out.stdout
    for pid in (income, savings):
        head = text.split(f"{pid} 引用的这行原文是模型写入的", 1)
        assert len(head) == 2, text
        assert f"L1: {MODEL_LINE}" in head[1].split("[y/N]", 1)[0], text  # the line quoted before the question
    assert text.count("[y/N]") == 2 and rent not in text.split("[y/N]", 1)[0], text  # the user's line: no question
    assert f"{income} 没有接受，仍在等待确认" in text, text
    assert statuses(ws_path) == {rent: "accepted", income: "pending", savings: "accepted"}
    with open_ws(ws_path) as ws:
        assert ws.profile.find("月收入") is None
        assert (ws.profile.get("现有存款").value, ws.profile.get("现有存款").source) == (1000000, "mcp")
        assert ws.profile.get("房租").source == "user_raw"

    # the only one asked about, declined: nothing decided, nothing written
    before = files(ws_path)
    again = run_in_pty(["proposal", "accept", income], workspace=ws_path, answers=["n"], env=ENV)
    assert again.returncode == 0 and f"{income} 没有接受" in again.stdout, again.stdout
    assert files(ws_path) == before

    # a yes as a Chinese input method types it (full-width ｙ), read as every yes/no question reads it
    typed = run_in_pty(["proposal", "accept", income], workspace=ws_path, answers=["ｙ"], env=ENV)
    assert typed.returncode == 0, typed.stdout
    assert statuses(ws_path)[income] == "accepted", typed.stdout

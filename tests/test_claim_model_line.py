"""No write the user did not approve: a candidate claim whose lines a model wrote (a host's
``mylife_record`` then ``mylife_claim_add`` over MCP) becomes the user's own statement only on a yes
to that itself, as a proposal citing a model's line does (docs/cli.md, ``mylife claim accept``).

The claims are made by a real MCP client over stdio against ``mylife mcp``; they are accepted with
the real ``mylife claim accept`` in a subprocess: without a terminal (and with ``--json``) it
refuses, naming the lines and the flag, and writes nothing; on a pseudo-terminal it quotes the
lines and asks again (default no); ``--accept-model-line`` says yes to it on the command line. A
candidate citing the user's own line is accepted as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason="the mcp extra is not installed")

from lens_support import run_in_pty  # noqa: E402

from mylife_core.testing import mcp_session, plugin_host, run_cli  # noqa: E402
from mylife_core.workspace import Workspace  # noqa: E402

ENV = {"MYLIFE_NOW": "2026-03-10"}
MODEL_LINE = "我其实早就想辞职了，只是一直没说"
USER_LINE = "今天又加班到十一点"


def doc(result):
    return json.loads(result.content[0].text)


def candidates(root: Path) -> dict[str, str]:
    """A line the user wrote and one a host's model recorded; the model then adds a claim from each
    (both candidates: a model's claim waits for the user)."""
    assert run_cli(["init"], workspace=root).returncode == 0
    said = run_cli(["record", USER_LINE, "--topic", "职业去留", "--json"], workspace=root, env=ENV)
    assert said.returncode == 0, said.stderr
    user_file = said.json()["record"]["file"]

    async def script(session):
        rec = doc(await session.call_tool("mylife_record", {"text": MODEL_LINE, "topic": "职业去留"}))
        out = {}
        for key, args in (("model", {"claim": "我早就想辞职", "topic": "职业去留", "kind": "assessment",
                                     "provenance": f"{rec['result']['file']}#L1"}),
                          ("user", {"claim": "我经常加班到很晚", "topic": "职业去留", "kind": "fact",
                                    "provenance": f"{user_file}#L1"})):
            body = doc(await session.call_tool("mylife_claim_add", args))
            assert body["ok"] and body["result"]["candidate"], body
            out[key] = body["result"]["claim"]["id"] if isinstance(body["result"].get("claim"), dict) \
                else body["result"]["id"]
        return out

    return mcp_session(root, script)


def status(root: Path, claim_id: str) -> str:
    with Workspace.open(root, plugins=plugin_host()) as ws:
        return ws.claims.get(claim_id).status


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and p.relative_to(root).parts[0] not in ("cache", ".git") and not p.name.endswith(".lock")}


def test_without_a_terminal_a_models_lines_are_refused_and_nothing_is_written(ws_path):
    ids = candidates(ws_path)
    before = files(ws_path)
    for extra in ([], ["--json"]):
        result = run_cli(["claim", "accept", ids["model"], *extra], workspace=ws_path, env=ENV)
        assert result.returncode == 2, (result.stdout, result.stderr)
        said = result.stdout + result.stderr
        assert MODEL_LINE in said and "--accept-model-line" in said and "Traceback" not in said, said
        assert files(ws_path) == before and status(ws_path, ids["model"]) == "candidate"
    # the user's own line: accepted as before, no question
    own = run_cli(["claim", "accept", ids["user"]], workspace=ws_path, env=ENV)
    assert own.returncode == 0 and status(ws_path, ids["user"]) == "active", own.stderr
    # said on the command line: accepted
    flagged = run_cli(["claim", "accept", ids["model"], "--accept-model-line", "--json"], workspace=ws_path, env=ENV)
    assert flagged.returncode == 0 and status(ws_path, ids["model"]) == "active", flagged.stderr
    helped = run_cli(["claim", "accept", "--help"], workspace=ws_path)
    assert "--accept-model-line" in helped.stdout


def test_on_a_terminal_the_lines_are_quoted_and_asked_again_default_no(ws_path):
    ids = candidates(ws_path)
    before = files(ws_path)
    out = run_in_pty(["claim", "accept", ids["model"]], workspace=ws_path, answers=[""], env=ENV)
    assert out.returncode == 0, out.stdout
    head = out.stdout.split("引用的这行原文是模型写入的", 1)
    assert len(head) == 2 and f"L1: {MODEL_LINE}" in head[1].split("[y/N]", 1)[0], out.stdout
    assert "仍是候选" in out.stdout and files(ws_path) == before
    yes = run_in_pty(["claim", "accept", ids["model"]], workspace=ws_path, answers=["ｙ"], env=ENV)
    assert yes.returncode == 0 and status(ws_path, ids["model"]) == "active", yes.stdout
    own = run_in_pty(["claim", "accept", ids["user"]], workspace=ws_path, answers=[], env=ENV)
    assert own.returncode == 0 and "[y/N]" not in own.stdout and status(ws_path, ids["user"]) == "active", own.stdout

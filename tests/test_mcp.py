"""``mylife mcp`` with a real MCP client session over stdio (the official mcp SDK)."""

from __future__ import annotations

import json
import sys

import anyio
import pytest

pytest.importorskip("mcp", reason="the mcp extra is not installed")

from mcp import ClientSession, StdioServerParameters, stdio_client  # noqa: E402

from mylife_core.testing import cli_env, mcp_session, run_cli  # noqa: E402

NINE = {"mylife_record", "mylife_digest", "mylife_claim_add", "mylife_recall", "mylife_trace", "mylife_staleness",
        "mylife_competing", "mylife_branch", "mylife_profile_update"}


def run_session(ws_path, script, plugins="mylife-career,mylife-finance", env=None):
    """Start ``mylife mcp`` as a host would (in ``env``, default: the test environment with
    ``plugins``) and run ``script(session)`` against it."""
    return mcp_session(ws_path, script, env=env, load_plugins=plugins)


def doc(result):
    return json.loads(result.content[0].text)


def test_tools_over_stdio(ws_path):
    assert run_cli(["init"], workspace=ws_path).returncode == 0

    async def script(session):
        seen = {}
        tools = (await session.list_tools()).tools
        seen["tools"] = {t.name: t for t in tools}
        seen["record"] = await session.call_tool("mylife_record", {
            "text": "连续加班三周了，真的想跳槽。\n但是存款只够撑三个月。", "topic": "职业去留", "occurred_at": "2026-03-01"})
        rec = doc(seen["record"])["result"]
        pointer = rec.get("pointer") or f"{rec['record']['file']}#L1"
        seen["claim"] = await session.call_tool("mylife_claim_add", {
            "claim": "连续加班三周，想跳槽", "topic": "职业去留", "kind": "assessment",
            "provenance": pointer.split("#")[0] + "#L1", "occurred_at": "2026-03-01"})
        seen["inference"] = await session.call_tool("mylife_claim_add", {
            "claim": "你可能更看重稳定性", "topic": "职业去留", "kind": "inference",
            "provenance": pointer.split("#")[0] + "#L2", "occurred_at": "2026-03-01"})
        seen["recall"] = await session.call_tool("mylife_recall", {"query": "换工作"})
        claim_id = doc(seen["claim"])["result"]["claim"]["id"]
        seen["trace"] = await session.call_tool("mylife_trace", {"target": claim_id})
        seen["staleness"] = await session.call_tool("mylife_staleness", {"question": "我该不该跳槽？"})
        seen["bad"] = await session.call_tool("mylife_recall", {"query": ""})
        seen["unknown"] = await session.call_tool("mylife_nope", {})
        seen["missing_claim"] = await session.call_tool("mylife_trace", {"target": "claim-2020-01-01-001"})
        seen["still_alive"] = await session.call_tool("mylife_recall", {"query": "存款"})
        seen["resources"] = [str(r.uri) for r in (await session.list_resources()).resources]
        seen["status"] = json.loads((await session.read_resource("mylife://status")).contents[0].text)
        return seen

    seen = run_session(ws_path, script)
    assert NINE <= set(seen["tools"])
    recall_tool = seen["tools"]["mylife_recall"]
    assert recall_tool.description and recall_tool.input_schema["required"] == ["query"]
    # both languages for a host, as the tool's own description (issue s20i.4)
    assert recall_tool.description.endswith("\n\nRetrieve L0 lines, L1 paragraphs and L2 claims by topic or keywords "
                                            "(Chinese full-text search).")
    assert recall_tool.input_schema["properties"]["query"]["description"] == "关键词或一句话 / keywords or a sentence"
    assert "description_en" not in json.dumps(recall_tool.input_schema)

    assert not seen["record"].is_error
    assert not seen["claim"].is_error
    inference = doc(seen["inference"])["result"]["claim"]
    assert inference["status"] == "candidate"  # the model cannot store a guess as fact

    hits = doc(seen["recall"])["result"]["hits"]
    assert any("跳槽" in h["text"] for h in hits), hits  # 换工作 finds 跳槽, in Chinese

    trace = doc(seen["trace"])["result"]
    assert trace["state"] == "ok" and trace["raw"]["lines"][0]["text"] == "连续加班三周了，真的想跳槽。"

    stale = doc(seen["staleness"])["result"]
    assert "现有存款" in json.dumps(stale, ensure_ascii=False)  # a decision dependency the profile lacks

    for key, code in (("bad", "bad_input"), ("unknown", "bad_input"), ("missing_claim", "not_found")):
        assert seen[key].is_error, key
        body = doc(seen[key])
        assert body["ok"] is False and body["error"]["code"] == code, body
    assert not seen["still_alive"].is_error

    assert set(seen["resources"]) == {"mylife://profile", "mylife://branches/open", "mylife://status"}
    # the host's model recorded the note itself: its claim of it waits for the user, as the inference does
    assert seen["status"]["layers"]["claims"]["by_status"] == {"candidate": 2}
    assert trace["raw"]["written_by_model"] == "model via MCP"

    audit = [json.loads(line) for line in (ws_path / "ledger" / "audit.jsonl").read_text().splitlines()]
    writes = [e for e in audit if e["action"] in ("record", "claim.add")]
    assert writes and all(e["actor"] == "model via MCP" for e in writes)


def test_no_workspace_is_a_clear_error(ws_path):
    r = run_cli(["mcp"], workspace=ws_path)
    assert r.returncode == 3 and "mylife init" in r.stderr


def test_a_hosts_writes_are_the_models_candidates_judged_and_never_refresh_a_field(ws_path):
    """Over MCP the host's own confirmation applies, but its writes are still the model's: audited
    as such, inferences stay candidates, a profile value waits as a proposal (the field keeps its
    value and its age), and the digest it writes goes through the judging rule."""
    from fakellm import seed, set_savings

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    assert run_cli(["init"], workspace=ws_path).returncode == 0
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        s = seed(ws)
        set_savings(ws, days_ago=200)
        before = ws.profile.get("现有存款").updated_at
        pointer = ws.claims.get(s.quit).provenance
        said = f"{ws.raw.record('存款花光了，只剩 0 元'.encode(), topic='finance', source='user_raw', actor='user').file}#L1"

    async def script(session):
        seen = {}
        seen["profile"] = await session.call_tool("mylife_profile_update", {"name": "现有存款", "value": 0,
                                                                            "provenance": said})
        seen["digest"] = await session.call_tool("mylife_digest", {"topic": "职业去留", "text": (
            f"你说过想辞职 [{s.quit}]。\n\n你的能力远超现在的岗位，应该马上辞职。")})
        seen["verdict"] = await session.call_tool("mylife_claim_add", {
            "claim": "你应该马上辞职", "topic": "职业去留", "kind": "fact", "provenance": pointer})
        return seen

    seen = run_session(ws_path, script, plugins="")
    assert not seen["profile"].is_error, doc(seen["profile"])
    digest = doc(seen["digest"])["result"]
    assert [u["text"] for u in digest["unsupported"]] == ["你的能力远超现在的岗位，应该马上辞职。"]
    assert "远超" not in digest["text"]
    assert seen["verdict"].is_error and doc(seen["verdict"])["error"]["key"] == "tool_claim_is_verdict"
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        field = ws.profile.get("现有存款")
        assert field.value == 120000 and field.updated_at == before and field.is_stale(), field
        actors = {(e.action, e.actor) for e in ws.audit.all()
                  if e.action in ("profile.set", "digest.write", "proposal.add")}
        # the digest waits as a proposal (issue s29mcp.2): nothing is written under digest/
        assert ("digest.write", "model via MCP") not in actors and ("proposal.add", "model via MCP") in actors
        assert ws.digests.read("职业去留") is None
        assert ("profile.set", "model via MCP") not in actors


def test_a_hosts_profile_value_waits_for_the_user(ws_path, monkeypatch):
    """design.md#approval: a profile value a host's model gives changes the profile only after the
    user confirms it. Over MCP ``mylife_profile_update`` stores a field proposal citing the user's
    line (profile.yaml untouched) and tells the host its id and how the user decides; accepted
    with ``mylife proposal accept``, the value is the user's. Without the line it rests on, the
    call is refused, nothing written; the chat's own y/N flow is not this path."""
    from fakellm import seed, set_savings

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    monkeypatch.setenv("MYLIFE_NOW", "2026-03-10")  # the savings were set before the cited note
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        s = seed(ws)
        set_savings(ws, days_ago=200)
        pointer = ws.claims.get(s.mortgage).provenance  # 房贷每月 8000，存款只够撑三个月
        said = f"{ws.raw.record('存款只剩三万了'.encode(), topic='finance', source='user_raw', actor='user').file}#L1"
    profile = ws_path / "profile.yaml"
    before = profile.read_bytes()

    async def script(session):
        return {"update": await session.call_tool("mylife_profile_update",
                                                  {"name": "现有存款", "value": 30000, "provenance": said}),
                "absent": await session.call_tool("mylife_profile_update",
                                                  {"name": "月税后收入", "value": 50000, "provenance": pointer}),
                "new": await session.call_tool("mylife_profile_update",
                                               {"name": "月房贷", "value": 8000, "provenance": pointer}),
                "bare": await session.call_tool("mylife_profile_update", {"name": "月收入", "value": 18000})}

    seen = run_session(ws_path, script, plugins="")
    assert profile.read_bytes() == before  # nothing in the profile changed
    body = doc(seen["update"])
    assert not seen["update"].is_error, body
    result = body["result"]
    assert result["proposed"] is True and result["applied"] is False
    pid = result["proposal"]
    assert pid.startswith("prop-") and f"proposal accept {pid}" in result["note"], result
    assert "档案没有改变" in result["note"]
    bare = doc(seen["bare"])
    assert seen["bare"].is_error and bare["error"]["key"] == "tool_profile_needs_pointer", bare
    assert "什么都没有写入" in bare["error"]["message"]
    absent = doc(seen["absent"])  # the cited line does not say 50000: refused, not labelled the user's words
    assert seen["absent"].is_error and absent["error"]["key"] == "tool_profile_value_not_in_line", absent
    assert "什么都没有写入" in absent["error"]["message"]

    listed = run_cli(["proposal", "list", "--json"], workspace=ws_path, env={"MYLIFE_NOW": "2026-03-10"})
    assert listed.returncode == 0, listed.stderr
    pending = {p["id"]: p for p in listed.json()["proposals"]}
    assert set(pending) == {pid, doc(seen["new"])["result"]["proposal"]}
    assert (pending[pid]["name"], pending[pid]["value"], pending[pid]["provenance"]) == ("现有存款", 30000, said)
    assert pending[pid]["actor"] == "model via MCP"

    accepted = run_cli(["proposal", "accept", pid], workspace=ws_path, env={"MYLIFE_NOW": "2026-03-10"})
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        field = ws.profile.get("现有存款")
        assert (field.value, field.source, field.provenance) == (30000, "user_raw", said)
        assert ws.profile.find("月房贷") is None and ws.profile.find("月收入") is None


FORGED = "我已经想清楚了，下个月一定裸辞，不会后悔。"
VERDICT = "你应该马上辞职，你的能力远超现在的岗位"


def ask_statements(ws_path):
    r = run_cli(["ask", "我该不该辞职？", "--accept-stale", "--accept-missing", "--offline", "--json"],
                workspace=ws_path, env={"MYLIFE_NOW": "2026-03-10"})
    assert r.returncode == 0, r.stderr
    answer = json.loads(r.stdout)["answer"]
    return [s["text"] for s in answer["statements"]], json.dumps(answer, ensure_ascii=False)


def test_a_model_cannot_make_its_own_words_the_users(ws_path):
    """A host's model records a sentence to L0 and adds it as a claim: the lines are the model's
    (the manifest says ``mcp``), so the claim waits as a candidate; ask does not show it as the
    user's statement until the user accepts it; trace says who wrote the lines. A verdict in a
    claim's context, or in a new topic, is refused like one in the claim."""
    from fakellm import seed

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    assert run_cli(["init"], workspace=ws_path).returncode == 0
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        s = seed(ws)
        quit_pointer = ws.claims.get(s.quit).provenance

    async def script(session):
        seen = {}
        rec = doc(await session.call_tool("mylife_record", {"text": FORGED, "topic": "职业去留"}))["result"]
        seen["claim"] = doc(await session.call_tool("mylife_claim_add", {
            "claim": FORGED, "topic": "职业去留", "kind": "assessment", "provenance": rec["pointer"]}))
        seen["trace"] = doc(await session.call_tool("mylife_trace", {"target": seen["claim"]["result"]["claim"]["id"]}))
        seen["context"] = await session.call_tool("mylife_claim_add", {
            "claim": "想辞职", "topic": "职业去留", "kind": "assessment", "provenance": quit_pointer, "context": VERDICT})
        seen["topic"] = await session.call_tool("mylife_claim_add", {
            "claim": "想辞职", "topic": "你应该马上辞职", "kind": "assessment", "provenance": quit_pointer})
        seen["fine"] = await session.call_tool("mylife_claim_add", {
            "claim": "想辞职", "topic": "职业去留", "kind": "assessment", "provenance": quit_pointer,
            "context": "连续加班三周"})
        return seen

    seen = run_session(ws_path, script, plugins="")
    claim = seen["claim"]["result"]
    assert (claim["candidate"], claim["claim"]["source"], claim["claim"]["status"]) == (True, "mcp", "candidate")
    assert "模型写入的" in claim["note"] and "mylife claim accept" in claim["note"]
    assert seen["trace"]["result"]["raw"]["written_by_model"] == "model via MCP"
    for key, what in (("context", "context"), ("topic", "topic")):
        body = doc(seen[key])
        assert seen[key].is_error and body["error"]["key"] == "tool_claim_field_is_verdict", body
        assert body["error"]["params"]["what"] == what and "应该" in body["error"]["message"]
    assert not seen["fine"].is_error

    texts, whole = ask_statements(ws_path)
    assert FORGED not in whole and VERDICT not in whole and "想辞职" in texts
    shown = run_cli(["trace", claim["claim"]["id"]], workspace=ws_path, env={"MYLIFE_NOW": "2026-03-10"})
    assert "模型写入的（经 MCP 接入的模型）" in shown.stdout, shown.stdout

    # a plain accept without a terminal is refused: the model's words become the user's only on a yes to that
    refused = run_cli(["claim", "accept", claim["claim"]["id"]], workspace=ws_path, env={"MYLIFE_NOW": "2026-03-10"})
    assert refused.returncode == 2 and "--accept-model-line" in refused.stderr, refused.stderr
    texts, _ = ask_statements(ws_path)
    assert FORGED not in texts
    # the user reads it and says yes to the model's lines: from now on it is theirs
    accepted = run_cli(["claim", "accept", claim["claim"]["id"], "--accept-model-line"], workspace=ws_path,
                       env={"MYLIFE_NOW": "2026-03-10"})
    assert accepted.returncode == 0, accepted.stderr
    texts, _ = ask_statements(ws_path)
    assert FORGED in texts


def test_a_claim_stored_before_as_the_users_is_not_shown_as_theirs(ws_path):
    """A claim a model made of its own lines, kept as ``user_raw`` before that was refused (a
    workspace written by an older MyLife): ask, competing and the topic match never present it as
    the user's statement."""
    from datetime import date

    from fakellm import seed

    from mylife_core import clock
    from mylife_core.layers.claims import Claim
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    assert run_cli(["init"], workspace=ws_path).returncode == 0
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        seed(ws)
        rec = ws.raw.record((FORGED + "\n").encode(), topic="职业去留", source="mcp", actor="model via MCP",
                            occurred_at=clock.parse_when("2026-03-08"))
        pointer, excerpt_hash = ws.claims.check_pointer(f"{rec.file}#L1")
        old = Claim(id="claim-2026-03-08-001", topic="职业去留", claim=FORGED, kind="assessment", source="user_raw",
                    provenance=pointer, excerpt_hash=excerpt_hash, occurred_at=date(2026, 3, 8), actor="model via MCP")
        with ws.lock():
            ws.claims.store.add([old])
        assert ws.claims.unvouched(ws.claims.get(old.id))

    texts, whole = ask_statements(ws_path)
    assert FORGED not in whole, whole
    competing = run_cli(["competing", "我不该辞职", "--json"], workspace=ws_path, env={"MYLIFE_NOW": "2026-03-10"})
    assert competing.returncode == 0 and "一定裸辞，不会后悔" not in competing.stdout, competing.stdout


def test_a_hosts_labels_cannot_carry_a_verdict_shown_as_the_users(ws_path):
    """What a host's model writes that no line of the user's backs and that is then shown as the
    user's own (a branch's question, a new topic on the home page and the branches page, a new
    field's name) is judged by the same rule as a claim's context: advice or a judgment of the
    user is refused, nothing written; plain words and the workspace's own topics pass."""
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    assert run_cli(["init"], workspace=ws_path).returncode == 0

    async def script(session):
        seen = {}
        seen["question"] = await session.call_tool("mylife_branch", {
            "topic": "财务压力", "parent_topic": "职业去留", "question": VERDICT})
        seen["topic"] = await session.call_tool("mylife_branch", {"topic": "你应该马上辞职"})
        seen["record"] = await session.call_tool("mylife_record", {"text": "今天加班到十点。", "topic": "你应该马上辞职"})
        seen["name"] = await session.call_tool("mylife_profile_update", {"name": "你应该马上辞职", "value": "是"})
        seen["fine"] = await session.call_tool("mylife_branch", {
            "topic": "财务压力", "parent_topic": "职业去留", "question": "存款够不够撑过转行期？"})
        seen["fine_record"] = await session.call_tool("mylife_record", {"text": "今天加班到十点。", "topic": "职业去留"})
        return seen

    seen = run_session(ws_path, script, plugins="")
    for key, tool, field in (("question", "mylife_branch", "question"), ("topic", "mylife_branch", "topic"),
                             ("record", "mylife_record", "topic"), ("name", "mylife_profile_update", "name")):
        body = doc(seen[key])
        assert seen[key].is_error and body["error"]["key"] == "tool_text_is_verdict", body
        assert body["error"]["params"]["field"] == field and body["error"]["params"]["tool"] == tool, body
        assert "应该" in body["error"]["message"] and "什么都没有写入" in body["error"]["message"], body
    assert not seen["fine"].is_error, doc(seen["fine"])
    assert not seen["fine_record"].is_error, doc(seen["fine_record"])
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        assert [(b.topic, b.question) for b in ws.index.branches()] == [("财务压力", "存款够不够撑过转行期？")]
        assert [r.topic for r in ws.raw.records()] == ["职业去留"]
        assert ws.profile.fields() == {}


def test_one_rule_says_which_topics_are_already_the_users(ws_path):
    """Issue s21c.4: a claim's topic and a branch's or record's topic are held to the same set of
    the user's own topics (``catalog.users_topics``). A topic the user filed a note under is the
    user's even when the claim cites another note: a claim filed there is not refused (it was,
    while a branch or a record with that topic passed); a topic the user never used is judged."""
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    env = {"MYLIFE_NOW": "2026-03-10"}
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    assert run_cli(["record", "今天又加班到十点。", "--topic", "应该辞职吗", "--at", "2026-03-01"],
                   workspace=ws_path, env=env).returncode == 0
    money = run_cli(["record", "存款只够三个月。", "--topic", "财务", "--at", "2026-03-02", "--json"],
                    workspace=ws_path, env=env).json()["record"]["file"]

    async def script(session):
        claim = {"claim": "存款只够三个月", "kind": "fact", "provenance": f"{money}#L1"}
        return {"claim": await session.call_tool("mylife_claim_add", {**claim, "topic": "应该辞职吗"}),
                "branch": await session.call_tool("mylife_branch", {"topic": "应该辞职吗"}),
                "new": await session.call_tool("mylife_claim_add", {**claim, "topic": "你应该马上辞职"})}

    seen = run_session(ws_path, script, plugins="")
    assert not seen["claim"].is_error, doc(seen["claim"])
    assert not seen["branch"].is_error, doc(seen["branch"])
    new = doc(seen["new"])
    assert seen["new"].is_error and new["error"]["key"] == "tool_claim_field_is_verdict", new
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        assert [c.topic for c in ws.claims.iter_all()] == ["应该辞职吗"]


def test_each_call_speaks_the_workspaces_language_as_it_is_now(ws_path):
    """The language in force is read with each call, as the workspace is: a user who switches
    ``language`` while a host keeps the server running gets the host's errors in the new one."""
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    config = ws_path / "config.yaml"

    async def script(session):
        seen = {"zh": await session.call_tool("mylife_trace", {"target": "claim-2020-01-01-001"})}
        config.write_text(config.read_text(encoding="utf-8").replace("language: zh", "language: en"), encoding="utf-8")
        seen["en"] = await session.call_tool("mylife_trace", {"target": "claim-2020-01-01-001"})
        seen["branch"] = await session.call_tool("mylife_branch", {"topic": "你应该马上辞职"})
        return seen

    env = cli_env(ws_path, {"MYLIFE_NOW": "2026-03-10"}, load_plugins="")
    env.pop("MYLIFE_LANG", None)
    seen = run_session(ws_path, script, env=env)
    assert "没有找到证据" in doc(seen["zh"])["error"]["message"]
    assert doc(seen["en"])["error"]["message"].startswith("No claim claim-2020-01-01-001"), doc(seen["en"])
    assert doc(seen["branch"])["error"]["message"].startswith("The new topic judges"), doc(seen["branch"])


def test_a_resource_that_cannot_be_read_is_a_clear_error_and_the_server_keeps_serving(ws_path, tmp_path):
    """A resource read on a broken file, or of an unknown uri, is an MCP error that says what is
    wrong in the language in force (the data carries the error's code and key), with no traceback
    on the server's stderr; the next call is served."""
    from mcp.shared.exceptions import MCPError

    assert run_cli(["init"], workspace=ws_path).returncode == 0
    env = cli_env(ws_path, {"MYLIFE_NOW": "2026-03-10"}, load_plugins="")
    params = StdioServerParameters(command=sys.executable, args=["-m", "mylife_core", "mcp"], env=env)
    errlog = tmp_path / "stderr.txt"
    seen = {}

    async def main():
        with errlog.open("w") as log:
            async with stdio_client(params, errlog=log) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    with pytest.raises(MCPError) as unknown:
                        await session.read_resource("mylife://nope")
                    seen["unknown"] = unknown.value.error
                    (ws_path / "profile.yaml").write_text("fields: [\n: bad", encoding="utf-8")
                    with pytest.raises(MCPError) as broken:
                        await session.read_resource("mylife://profile")
                    seen["broken"] = broken.value.error
                    seen["after"] = await session.call_tool("mylife_recall", {"query": "x"})

    anyio.run(main)
    assert seen["unknown"].message.startswith("没有资源 mylife://nope") and "mylife://status" in seen["unknown"].message
    assert "YAML 格式错误" in seen["broken"].message and seen["broken"].data["key"] == "bad_file", seen["broken"]
    assert not seen["after"].is_error
    assert "Traceback" not in errlog.read_text(encoding="utf-8")


def test_a_store_switched_while_the_server_runs_is_read_by_the_next_call(ws_path):
    """QA s21a.2 (a guard: it did not fail on the code it was written against; each call opens
    the workspace afresh): a host keeps ``mylife mcp`` running while the user runs ``mylife store
    migrate`` and adds a claim in the new store; the same session's next reads see that store
    and that claim, not the old store."""
    from store_conformance import backend_plugins

    backend_plugins("memorix")  # skips when the npm packages are absent
    plugins = "mylife-memorix"
    assert run_cli(["init"], workspace=ws_path, load_plugins=plugins).returncode == 0
    assert run_cli(["claim", "add", "我喜欢跑步", "--topic", "运动", "--kind", "fact"], workspace=ws_path,
                   load_plugins=plugins).returncode == 0

    async def script(session):
        seen = {"before": json.loads((await session.read_resource("mylife://status")).contents[0].text)}
        migrated = run_cli(["store", "migrate", "--to", "memorix", "--json"], workspace=ws_path, load_plugins=plugins)
        assert migrated.returncode == 0, migrated.stderr
        added = run_cli(["claim", "add", "我喜欢游泳", "--topic", "运动", "--kind", "fact", "--json"],
                        workspace=ws_path, load_plugins=plugins)
        assert added.returncode == 0, added.stderr
        seen["id"] = added.json()["claim"]["id"]
        seen["after"] = json.loads((await session.read_resource("mylife://status")).contents[0].text)
        seen["trace"] = doc(await session.call_tool("mylife_trace", {"target": seen["id"]}))
        return seen

    seen = run_session(ws_path, script, env=cli_env(ws_path, {"MYLIFE_NOW": "2026-03-10"}, load_plugins=plugins))
    assert seen["before"]["store"] == "files" and seen["before"]["layers"]["claims"]["total"] == 1
    assert seen["after"]["store"] == "memorix" and seen["after"]["layers"]["claims"]["total"] == 2
    assert seen["trace"]["ok"] is True and "我喜欢游泳" in json.dumps(seen["trace"], ensure_ascii=False)


def test_a_hosts_record_is_kept_when_an_unrelated_file_is_broken(ws_path):
    """L0 first: a host's ``mylife_record`` under a plain topic stores the words even when a claims
    month or index.yaml is broken by hand (the CLI's ``record`` does too). Only a topic that could
    judge the user needs the known topics, and then the broken file is named."""
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    rec = run_cli(["record", "今天加班到十点", "--topic", "职业去留", "--json"], workspace=ws_path).json()
    assert run_cli(["claim", "add", "加班到十点", "--topic", "职业去留", "--from", rec["pointer"]],
                   workspace=ws_path).returncode == 0
    (month,) = (ws_path / "claims").glob("*.yaml")
    broken = month.read_bytes().replace(b"topic: ", b"topic: [unclosed ", 1)
    month.write_bytes(broken)
    index = ws_path / "index.yaml"
    bad_index = index.read_bytes() + b"branches: [\n"
    index.write_bytes(bad_index)

    async def script(session):
        return {"plain": await session.call_tool("mylife_record", {"text": "周末去爬山了", "topic": "生活"}),
                "verdict": await session.call_tool("mylife_record", {"text": "又加班", "topic": "你应该马上辞职"})}

    seen = run_session(ws_path, script, plugins="")
    assert not seen["plain"].is_error, doc(seen["plain"])
    stored = doc(seen["plain"])["result"]["file"]
    assert (ws_path / stored).read_text(encoding="utf-8") == "周末去爬山了"
    assert seen["verdict"].is_error and doc(seen["verdict"])["error"]["code"] == "bad_file", doc(seen["verdict"])
    assert month.read_bytes() == broken and index.read_bytes() == bad_index
    assert run_cli(["verify", "--json"], workspace=ws_path).json()["raw_checked"] == 2


def test_every_claim_a_host_adds_waits_for_the_user_whatever_its_kind(ws_path):
    """QA s21h.1 (promise 2, docs/design.md#approval): a host's `fact` or `assessment` citing the
    user's own lines was stored in force at once; only an inference or a claim of lines a model
    recorded waited. Every claim a model adds without the user's yes is now a candidate, its note
    says it waits for the user, it is not evidence (recall's evidence_only) until `claim accept`."""
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    rec = run_cli(["record", "--topic", "职业去留", "--json", "连续加班三周了，真的想跳槽。"], workspace=ws_path)
    assert rec.returncode == 0, rec.stderr
    pointer = json.loads(rec.stdout)["pointer"]
    assert "#L1" in pointer

    async def script(session):
        seen = {}
        for kind in ("fact", "assessment"):
            seen[kind] = doc(await session.call_tool("mylife_claim_add", {
                "claim": "连续加班三周，想跳槽" if kind == "assessment" else "连续加班三周",
                "topic": "职业去留", "kind": kind, "provenance": pointer}))
        seen["evidence"] = doc(await session.call_tool("mylife_recall", {
            "query": "加班", "layers": ["claims"], "evidence_only": True}))
        return seen

    seen = run_session(ws_path, script)
    for kind in ("fact", "assessment"):
        result = seen[kind]["result"]
        assert result["candidate"] is True and result["claim"]["status"] == "candidate", result
        assert result["claim"]["source"] == "user_raw"  # the user's lines, only not yet the user's yes
        cid = result["claim"]["id"]
        assert f"mylife claim accept {cid}" in result["note"] and "确认" in result["note"], result
    assert seen["evidence"]["result"]["hits"] == []  # a candidate is not evidence
    fact_id = seen["fact"]["result"]["claim"]["id"]
    accepted = run_cli(["claim", "accept", fact_id, "--json"], workspace=ws_path)
    assert accepted.returncode == 0, accepted.stderr
    listed = {c["id"]: c["status"] for c in json.loads(run_cli(["claim", "list", "--json"],
                                                               workspace=ws_path).stdout)["claims"]}
    assert listed[fact_id] == "active" and listed[seen["assessment"]["result"]["claim"]["id"]] == "candidate"


def test_a_hosts_claim_written_while_the_index_is_busy_says_the_index_catches_up(ws_path):
    """QA s21h.2: with cache/claims.sqlite held by another process past the wait, the claim's
    month file is stored and audited and the CLI says the index catches up on the next read; over
    MCP the result said nothing. It now carries the same ``warnings`` as the CLI's --json."""
    import sqlite3

    assert run_cli(["init"], workspace=ws_path).returncode == 0
    rec = run_cli(["record", "--topic", "运动", "--json", "我喜欢跑步"], workspace=ws_path)
    pointer = json.loads(rec.stdout)["pointer"]
    assert run_cli(["claim", "list", "--json"], workspace=ws_path).returncode == 0  # the index exists
    env = cli_env(ws_path, {"MYLIFE_NOW": "2026-03-10", "MYLIFE_LOCK_TIMEOUT": "0.5"}, load_plugins="")

    async def script(session):
        holder = sqlite3.connect(ws_path / "cache" / "claims.sqlite", isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
            busy = doc(await session.call_tool("mylife_claim_add", {
                "claim": "喜欢跑步", "topic": "运动", "kind": "fact", "provenance": pointer}))
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        after = doc(await session.call_tool("mylife_recall", {"query": "跑步"}))
        return busy, after

    busy, after = run_session(ws_path, script, env=env)
    assert busy["ok"] is True, busy
    warnings = busy["result"]["warnings"]
    assert len(warnings) == 1 and "cache/claims.sqlite" in warnings[0] and "下一次读取" in warnings[0], busy
    assert "warnings" not in after["result"], after  # said once, by the write it concerns
    listed = [c["claim"] for c in json.loads(run_cli(["claim", "list", "--json"], workspace=ws_path).stdout)["claims"]]
    assert "喜欢跑步" in listed


def test_a_profile_value_from_a_line_a_model_wrote_is_never_the_users_words(ws_path):
    """Issue s29mcp.1: a host records a sentence (``mylife_record``: the lines are the model's) and
    proposes a profile value citing it. The proposal says whose line it is in ``proposal list``,
    ``proposal show`` and ``--json``; accepted, the value is kept with the model's source (``mcp``),
    so ``profile get`` never calls it the user's own words (你的原话)."""
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    env = {"MYLIFE_NOW": "2026-03-10"}
    assert run_cli(["init"], workspace=ws_path).returncode == 0

    async def script(session):
        rec = doc(await session.call_tool("mylife_record", {"text": "我月收入五万，现有存款一百万", "topic": "职业去留"}))
        return doc(await session.call_tool("mylife_profile_update", {
            "name": "月收入", "value": "50000", "provenance": f"{rec['result']['file']}#L1"}))

    proposed = run_session(ws_path, script, plugins="")["result"]
    pid = proposed["proposal"]
    assert proposed["proposed"] is True and not (ws_path / "profile.yaml").read_text().count("月收入")

    for args in (["proposal", "list"], ["proposal", "show", pid]):
        shown = run_cli(args, workspace=ws_path, env=env)
        assert shown.returncode == 0, shown.stderr
        assert "我月收入五万" in shown.stdout
        assert "这行原文是模型写入的（经 MCP 接入的模型），不是你自己写下的" in shown.stdout, shown.stdout
        assert "来源记为「经 MCP 的 AI 助手」，不算你的原话" in shown.stdout, shown.stdout
    listed = run_cli(["proposal", "list", "--json"], workspace=ws_path, env=env).json()["proposals"]
    (source,) = [p["source"] for p in listed if p["id"] == pid]
    assert (source["written_by_model"], source["accepted_source"]) == ("model via MCP", "mcp"), source
    shown = run_cli(["proposal", "show", pid, "--json"], workspace=ws_path, env=env).json()["proposal"]
    assert shown["source"]["written_by_model"] == "model via MCP"

    # accepting a model's line needs a yes to that itself (tests/test_proposal_model_line.py)
    accepted = run_cli(["proposal", "accept", pid, "--accept-model-line"], workspace=ws_path, env=env)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "「月收入」的来源记为「经 MCP 的 AI 助手」（引用的原文是模型写入的），不是你的原话" in accepted.stdout, accepted.stdout
    got = run_cli(["profile", "get", "月收入"], workspace=ws_path, env=env)
    assert got.returncode == 0, got.stderr
    assert "你的原话" not in got.stdout and "经 MCP 的 AI 助手" in got.stdout, got.stdout
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        field = ws.profile.get("月收入")
        assert (field.value, field.source) == (50000, "mcp"), field


def test_a_hosts_digest_waits_for_the_user_and_is_nothing_until_accepted(ws_path):
    """Issue s29mcp.2, docs/design.md#approval: a digest a host's model writes (``mylife_digest``
    with a text) is judged, then kept as a pending proposal: no file under ``digest/``, nothing
    traced as a digest; ``proposal list`` shows it whole; accepted, it is the topic's digest."""
    from fakellm import seed

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    env = {"MYLIFE_NOW": "2026-03-10"}
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        s = seed(ws)

    async def script(session):
        return doc(await session.call_tool("mylife_digest", {"topic": "职业去留", "text": (
            f"你说过想辞职 [{s.quit}]。\n\n你的能力远超现在的岗位，应该马上辞职。")}))

    body = run_session(ws_path, script, plugins="")
    result = body["result"]
    assert (result["proposed"], result["applied"]) == (True, False), result
    pid = result["proposal"]
    assert [u["text"] for u in result["unsupported"]] == ["你的能力远超现在的岗位，应该马上辞职。"]
    assert f"proposal accept {pid}" in result["note"] and "摘要没有写入" in result["note"], result["note"]
    assert not (ws_path / "digest").exists() or not any((ws_path / "digest").rglob("*.md"))

    listed = run_cli(["proposal", "list"], workspace=ws_path, env=env)
    assert listed.returncode == 0 and pid in listed.stdout, listed.stdout + listed.stderr
    assert "你说过想辞职" in listed.stdout and "尚未写入" in listed.stdout and "远超" not in listed.stdout
    traced = run_cli(["trace", s.quit], workspace=ws_path, env=env)
    assert traced.returncode == 0 and "你说过想辞职" not in traced.stdout, traced.stdout
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        assert ws.digests.read("职业去留") is None
        assert ("digest.write", "model via MCP") not in {(e.action, e.actor) for e in ws.audit.all()}

    accepted = run_cli(["proposal", "accept", pid], workspace=ws_path, env=env)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    traced = run_cli(["trace", s.quit], workspace=ws_path, env=env)
    assert "你说过想辞职" in traced.stdout, traced.stdout
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        text = ws.digests.read("职业去留")
        assert text is not None and "你说过想辞职" in text and "revision: model" in text and "远超" not in text
        last = [e for e in ws.audit.all() if e.action == "digest.write"][-1]
        assert last.actor == "user" and last.detail["proposal"] == pid


def test_every_note_a_host_gets_names_the_workspace(ws_path, tmp_path):
    """Issue s29mcp.3: served for a workspace that is not the default one (``mylife mcp
    --workspace``), a claim's note suggests ``mylife -w PATH claim accept``, as the profile
    proposal's note suggests ``mylife -w PATH proposal accept``."""
    import re

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    assert run_cli(["init"], workspace=ws_path).returncode == 0
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        said = f"{ws.raw.record('连续加班三周了，存款还剩三万'.encode(), topic='职业去留', actor='user').file}#L1"
    env = cli_env(tmp_path / "elsewhere", {"MYLIFE_NOW": "2026-03-10"}, load_plugins="")
    params = StdioServerParameters(command=sys.executable, args=["-m", "mylife_core", "mcp", "--workspace", str(ws_path)],
                                   env=env)
    out = {}

    async def main():
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                out["claim"] = doc(await session.call_tool("mylife_claim_add", {
                    "claim": "连续加班三周", "topic": "职业去留", "kind": "fact", "provenance": said}))
                out["field"] = doc(await session.call_tool("mylife_profile_update", {
                    "name": "现有存款", "value": 30000, "provenance": said}))

    anyio.run(main)
    field_note, claim_note = out["field"]["result"]["note"], out["claim"]["result"]["note"]
    prog = re.search(r"`(.+?) proposal accept ", field_note).group(1)
    assert prog.startswith("mylife -w "), field_note
    claim_id = out["claim"]["result"]["claim"]["id"]
    assert f"`{prog} claim accept {claim_id}`" in claim_note, claim_note

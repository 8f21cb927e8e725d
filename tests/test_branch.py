"""Topic branches (docs/design.md#branches): opening (fork / fresh), the handoff sheet and its checks,
closing (L0 sheet, L2 claims with provenance, L3 fields), conflicts, abandoning, and the
``mylife branch`` commands. Real workspaces, real files, the real CLI in subprocesses.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lens_support import import_lens, installed, lens_env

from mylife_core.chat.branches import apply_resolution, close_branch, find_conflicts, open_branch, pending
from mylife_core.chat.handoff import HandoffInvalid, check
from mylife_core.chat.session import Line, SessionStore
from mylife_core.errors import Conflict
from mylife_core.messages import t
from mylife_core.testing import plugin_host
from mylife_core.trace import trace_claim
from mylife_core.workspace import Workspace

LENSES = ("mylife-career", "mylife-finance")

GOOD = {
    "question_answered": "我现在的现金流能不能撑过空窗期",
    "conclusion": "能撑一年，裸辞可行，但前提是月支出不超过九千",
    "new_claims": ["每月固定开销大概九千", {"claim": "我愿意先砍掉外卖", "kind": "assessment"}],
    "fields": {"现有存款": 150000, "月支出": "9000"},
    "competing_evidence": ["信用卡分期的余额还没确认，若超过两万则结论不成立"],
    "open_questions": ["信用卡分期的确切余额"],
    "impact_on_parent_topic": "空窗期可行性提高，裸辞这个选项的权重上升",
}


def lens_modules(tmp_path_factory):
    return [import_lens(tmp_path_factory, d) for d in LENSES]


@pytest.fixture
def lensed(ws_path, tmp_path_factory):
    ws, _ = Workspace.init(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    ws.profile.set("现有存款", 120000, ttl_days=90, ttl_given=True)
    yield ws
    ws.close()


def main_session(ws):
    store = SessionStore(ws)
    session = store.create(main=Line(topic="职业去留", decision="跳槽", label="跳槽", question="我该不该跳槽？"))
    session.add("user", "我该不该跳槽？", topic="职业去留", kind="decision")
    session.add("assistant", "你在加班三周时说想跳槽。", topic="职业去留")
    store.save(session)
    return session


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file of the workspace but the rebuildable cache and the audit log."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "cache" not in p.parts and p.name != "audit.jsonl"}


# ----------------------------------------------------------------------------- opening


def test_a_forked_branch_inherits_the_conversation_and_survives_a_restart(lensed, ws_path, tmp_path_factory):
    parent = main_session(lensed)
    branch, child = open_branch(lensed, topic="现金流", parent_topic="职业去留", question="存款能撑多久？",
                                mode="fork", parent=parent)
    assert branch.id.startswith("br-") and branch.status == "open" and branch.session == child.id
    assert [turn.text for turn in child.inherited] == ["我该不该跳槽？", "你在加班三周时说想跳槽。"]
    assert child.branch_id == branch.id and child.parent_session == parent.id and child.mode == "fork"

    again = Workspace.open(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))  # a new process, in effect
    stored = again.index.branch(branch.id)
    assert (stored.topic, stored.parent_topic, stored.status, stored.mode) == ("现金流", "职业去留", "open", "fork")
    assert stored.opened_at == branch.opened_at and stored.parent_session == parent.id
    text = (ws_path / "index.yaml").read_text(encoding="utf-8")
    for key in ("id: br-", "topic: 现金流", "parent_topic: 职业去留", "status: open", "opened_at:"):
        assert key in text
    assert SessionStore(again).load(child.id).inherited[0].text == "我该不该跳槽？"
    again.close()


def test_a_fresh_branch_starts_without_the_conversation(lensed):
    parent = main_session(lensed)
    _, child = open_branch(lensed, topic="行业数据", parent_topic="职业去留", question="这个行业的薪资水平",
                           mode="fresh", parent=parent)
    assert child.inherited == [] and child.mode == "fresh"


# ----------------------------------------------------------------------------- the sheet's checks


def test_every_problem_of_a_sheet_is_reported_in_chinese(lensed):
    branch, _ = open_branch(lensed, topic="现金流", parent_topic="职业去留")
    bad = {"conclusion": "能撑", "competing_evidence": ["  "], "fields": {"月支出": ""}, "mood": "好",
           "new_claims_added": ["claim-2020-01-01-999"], "new_claims": [{"claim": "x", "kind": "guess"}]}
    with pytest.raises(HandoffInvalid) as info:
        check(lensed, bad, branch)
    problems = "\n".join(info.value.problems)
    assert "缺少回答了什么问题（question_answered）" in problems
    assert "削弱这个结论的证据（competing_evidence） 的第 1 条是空的" in problems
    assert "缺少对原话题的影响（impact_on_parent_topic）" in problems and "「职业去留」" in problems
    assert "不认识的项：mood" in problems
    assert "字段「月支出」的值是空的" in problems
    assert "claim-2020-01-01-999 不存在" in problems
    assert "「guess」不对" in problems
    message = info.value.render()
    assert "什么都没有写入" in message and message.count("  · ") == len(info.value.problems)


def test_a_sheet_without_competing_evidence_says_why_it_is_required(lensed):
    branch, _ = open_branch(lensed, topic="现金流", parent_topic="职业去留")
    with pytest.raises(HandoffInvalid) as info:
        check(lensed, {**GOOD, "competing_evidence": []}, branch)
    (problem,) = info.value.problems
    assert problem.startswith("缺少削弱这个结论的证据（competing_evidence）") and "不能只带回好消息" in problem


def test_the_index_model_itself_refuses_blank_required_items():
    from pydantic import ValidationError

    from mylife_core.layers.index import Handoff

    base = dict(topic="t", question_answered="q", conclusion="c", competing_evidence=["e"], impact_on_parent_topic="i")
    Handoff(**base)
    for change in ({"competing_evidence": []}, {"competing_evidence": [" "]}, {"impact_on_parent_topic": " "}):
        with pytest.raises(ValidationError):
            Handoff(**{**base, **change})


# ----------------------------------------------------------------------------- closing


def test_closing_writes_the_sheet_claims_and_fields_each_traceable(lensed):
    parent = main_session(lensed)
    branch, child = open_branch(lensed, topic="现金流", parent_topic="职业去留", question="存款能撑多久？",
                                parent=parent)
    lensed.profile.set("月支出", 9000, ttl_days=90, ttl_given=True)
    draft = check(lensed, GOOD, branch)
    result = close_branch(lensed, branch.id, draft)

    # L0: the sheet, as the user's record
    sheet = (lensed.root / result.outcome.raw_file).read_text(encoding="utf-8")
    assert result.outcome.raw_file.startswith("raw/") and "结论：能撑一年" in sheet
    assert "削弱这个结论的证据：信用卡分期" in sheet and "对原话题的影响：空窗期可行性提高" in sheet
    # L2: conclusion + new claims, each pointing at its own line, hashes verified
    conclusion, *others = result.claims
    assert conclusion.claim == GOOD["conclusion"] and conclusion.kind == "assessment" and conclusion.topic == "现金流"
    assert [c.claim for c in others] == ["每月固定开销大概九千", "我愿意先砍掉外卖"]
    assert [c.kind for c in others] == ["fact", "assessment"]
    for claim in result.claims:
        traced = trace_claim(lensed, claim.id)
        lines = traced.to_json()["raw"]["lines"]
        assert traced.ok and len(lines) == 1 and claim.claim in lines[0]["text"]
    # L3: new values with history and a pointer to the sheet's line
    savings = lensed.profile.get("现有存款")
    assert savings.value == 150000 and savings.history[-1].value == 120000
    assert savings.provenance.startswith(result.outcome.raw_file + "#L")
    assert lensed.profile.get("月支出").value == 9000
    assert "现有存款：120000 → 150000" in result.outcome.changes
    assert "月支出：9000（没变，已确认）" in result.outcome.confirmed
    # L4: the branch, merged, with its handoff
    lensed.index.reload()
    stored = lensed.index.branch(branch.id)
    assert stored.status == "merged" and stored.closed_at is not None
    assert stored.conclusion_ref.endswith("#" + conclusion.id) and stored.conclusion_ref.startswith("claims/")
    assert stored.handoff.new_claims_added == [c.id for c in result.claims]
    assert stored.handoff.changed_fields == ["现有存款", "月支出"]
    assert stored.handoff.competing_evidence == GOOD["competing_evidence"]
    # the branch session is closed and keeps the outcome; the parent sees it pending
    closed = SessionStore(lensed).load(child.id)
    assert closed.status == "closed" and closed.outcome.conclusion_id == conclusion.id
    (item,) = pending(lensed, parent)
    assert item.branch.id == branch.id and item.outcome.changes == result.outcome.changes
    with pytest.raises(Conflict):
        close_branch(lensed, branch.id, draft)


def test_a_sheet_field_value_its_dictionary_refuses_is_a_problem_of_the_sheet_not_a_half_close(lensed, ws_path):
    """s25b.1: the sheet's fields were checked for their names only: ``月支出: 很多`` (a numeric
    field) or ``工作年限: abc`` (a field in years) passed the check, then the close wrote the sheet
    (L0, append-only) and the claims and stopped at the field, the branch still open (a retry
    would add the sheet twice). They are problems of the sheet now, listed with the others, and
    nothing is written; a bare number for a field with a unit is kept with it (5 -> 5年)."""
    branch, _ = open_branch(lensed, topic="现金流", parent_topic="职业去留", question="存款能撑多久？")
    before = snapshot(ws_path)
    with pytest.raises(HandoffInvalid) as refused:
        check(lensed, {**GOOD, "fields": {"月支出": "很多", "工作年限": "abc"}}, branch)
    text = refused.value.render()
    assert "「月支出」要写一个数" in text and "「工作年限」要写一个以 年 计的量" in text, text
    assert snapshot(ws_path) == before
    draft = check(lensed, {**GOOD, "fields": {"工作年限": 5}}, branch)
    assert draft.fields == {"工作年限": "5年"}
    close_branch(lensed, branch.id, draft)
    assert lensed.profile.get("工作年限").value == "5年"


@pytest.mark.parametrize("edited", ["index.yaml", "profile.yaml", "claims"])
def test_closing_refused_by_an_outside_edit_writes_nothing(lensed, edited):
    """index.yaml (where the branch is merged), profile.yaml (where its fields go) or the claims
    month file (where its claims go, QA s21g.2) edited outside MyLife: the close is refused before
    the sheet, the claims or the fields are written, as the error says ("什么也没有写"); a retry
    after ``verify --accept`` would otherwise add them twice (the sheet is L0, append-only)."""
    parent = main_session(lensed)
    branch, _ = open_branch(lensed, topic="现金流", parent_topic="职业去留", question="存款能撑多久？", parent=parent)
    draft = check(lensed, GOOD, branch)
    if edited == "claims":  # this month's file, where the close's claims will be appended
        earlier, _ = lensed.claims.add(claim="我每月存三千", topic="现金流", kind="fact")
        edited = lensed.claims.paths([earlier])[0]
    path = lensed.root / edited
    path.write_text(path.read_text(encoding="utf-8") + "# 我自己加的\n", encoding="utf-8")
    before = snapshot(lensed.root)
    claims = len(lensed.claims.query())
    with pytest.raises(Conflict) as info:
        close_branch(lensed, branch.id, draft)
    assert info.value.key == "file_changed_outside" and edited in info.value.render()
    assert snapshot(lensed.root) == before and len(lensed.claims.query()) == claims
    lensed.index.reload()
    assert lensed.index.branch(branch.id).status == "open"


def test_a_conclusion_contradicting_an_existing_claim_is_a_conflict(lensed):
    old, _ = lensed.claims.add(claim="我的存款不够撑三个月，不敢裸辞", topic="现金流", kind="assessment")
    branch, _ = open_branch(lensed, topic="现金流", parent_topic="职业去留")
    result = close_branch(lensed, branch.id, check(lensed, GOOD, branch), resolve=lambda c: None)
    (conflict,) = [c for c in result.conflicts if c.old_id == old.id]
    assert conflict.new_id == result.outcome.conclusion_id and conflict.resolved is None
    assert "相反" in conflict.reason
    assert lensed.claims.get(old.id).status == "active"  # nothing decided without the user
    assert find_conflicts(lensed, [lensed.claims.get(conflict.new_id)], raw_file=result.outcome.raw_file)


@pytest.mark.parametrize("choice,old_status,new_status", [("new", "superseded", "active"),
                                                          ("old", "active", "disputed"),
                                                          ("both", "disputed", "active")])
def test_the_users_answer_to_a_conflict_is_written_through_the_claims_layer(lensed, choice, old_status, new_status):
    old, _ = lensed.claims.add(claim="我的存款不够撑三个月，不敢裸辞", topic="现金流", kind="assessment")
    branch, _ = open_branch(lensed, topic="现金流", parent_topic="职业去留")
    result = close_branch(lensed, branch.id, check(lensed, GOOD, branch), resolve=lambda c: choice)
    conflict = next(c for c in result.conflicts if c.old_id == old.id)
    assert conflict.resolved == choice
    assert lensed.claims.get(old.id).status == old_status
    assert lensed.claims.get(conflict.new_id).status == new_status
    if choice == "new":
        assert lensed.claims.get(old.id).superseded_by == conflict.new_id
    from mylife_core.errors import UsageError

    with pytest.raises(UsageError):
        apply_resolution(lensed, conflict, "maybe")


# ----------------------------------------------------------------------------- the commands


@pytest.fixture
def cli_branch(ws_path, tmp_path_factory, cli):
    """A workspace with a main session and an open branch; ``run`` is the CLI with the lenses."""
    env = lens_env(installed(tmp_path_factory, *LENSES))
    ws, _ = Workspace.init(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    ws.profile.set("现有存款", 120000, ttl_days=90, ttl_given=True)
    parent = main_session(ws)
    branch, _ = open_branch(ws, topic="现金流", parent_topic="职业去留", question="存款能撑多久？", parent=parent)
    ws.close()

    def run(*args, input=None, extra=None):
        return cli(*args, input=input, env={**env, **(extra or {})}, load_plugins=",".join(LENSES))

    return branch.id, parent.id, run


def write_yaml(path: Path, data) -> Path:
    import yaml

    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_cli_rejects_a_handoff_missing_competing_evidence_and_writes_nothing(cli_branch, ws_path, tmp_path):
    branch_id, _, run = cli_branch
    bad = write_yaml(tmp_path / "bad.yaml", {k: v for k, v in GOOD.items() if k != "competing_evidence"})
    before = snapshot(ws_path)
    result = run("branch", "close", branch_id, "--handoff", str(bad))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "没有通过检查，什么都没有写入" in result.stderr
    assert "缺少削弱这个结论的证据（competing_evidence）" in result.stderr
    assert "Traceback" not in result.stderr
    assert snapshot(ws_path) == before
    as_json = run("branch", "close", branch_id, "--handoff", str(bad), "--json")
    assert as_json.returncode == 2
    error = as_json.json()["error"]
    assert error["key"] == "handoff_invalid" and "competing_evidence" in error["message"]
    assert snapshot(ws_path) == before


def test_cli_names_file_and_line_of_a_broken_sheet(cli_branch, ws_path, tmp_path):
    branch_id, _, run = cli_branch
    broken = tmp_path / "broken.yaml"
    broken.write_text("conclusion: 能撑\ncompeting_evidence: [未确认\n", encoding="utf-8")
    before = snapshot(ws_path)
    result = run("branch", "close", branch_id, "--handoff", str(broken))
    assert result.returncode == 5 and str(broken) in result.stderr
    assert snapshot(ws_path) == before
    missing = run("branch", "close", branch_id, "--handoff", str(tmp_path / "nope.yaml"))
    assert missing.returncode == 2 and "--template" in missing.stderr


def test_cli_closes_with_a_sheet_and_shows_the_pull_back(cli_branch, tmp_path):
    branch_id, parent_id, run = cli_branch
    sheet = write_yaml(tmp_path / "good.yaml", GOOD)
    result = run("branch", "close", branch_id, "--handoff", str(sheet), "--json")
    assert result.returncode == 0, result.stderr
    data = result.json()
    assert data["ok"] and data["branch"]["status"] == "merged"
    assert data["handoff"]["competing_evidence"] == GOOD["competing_evidence"]
    assert data["raw_file"].startswith("raw/") and data["conclusion_id"].startswith("claim-")
    assert data["pullback"][-1] == t("chat.pullback", stopped="跳槽", changes="现有存款：120000 → 150000、月支出：新记下 9000")
    listed = run("branch", "list", "--json").json()
    assert [(b["id"], b["status"]) for b in listed["branches"]] == [(branch_id, "merged")]
    shown = run("branch", "show", branch_id, "--json").json()
    assert shown["outcome"]["conclusion_id"] == data["conclusion_id"] and shown["session"]["status"] == "closed"
    text = run("branch", "show", branch_id)
    assert "已带回结论" in text.stdout and "competing_evidence" in text.stdout
    again = run("branch", "close", branch_id, "--handoff", str(sheet))
    assert again.returncode == 4 and "状态是「已带回结论」，不能再收尾" in again.stderr
    abandon = run("branch", "abandon", branch_id)
    assert abandon.returncode == 4


def test_cli_conflicts_are_left_for_the_chat_outside_a_terminal_or_decided_by_option(cli_branch, ws_path, tmp_path,
                                                                                       tmp_path_factory):
    branch_id, _, run = cli_branch
    ws = Workspace.open(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    old, _ = ws.claims.add(claim="我的存款不够撑三个月，不敢裸辞", topic="现金流", kind="assessment")
    ws.close()
    sheet = write_yaml(tmp_path / "good.yaml", GOOD)
    result = run("branch", "close", branch_id, "--handoff", str(sheet))
    assert result.returncode == 0, result.stderr
    assert "还没回答" in result.stdout and old.id in result.stdout
    shown = run("branch", "show", branch_id, "--json").json()
    assert [c["old_id"] for c in shown["outcome"]["conflicts"]] == [old.id]
    assert shown["outcome"]["conflicts"][0]["resolved"] is None


def test_cli_on_conflict_new_supersedes_the_old_claim(cli_branch, ws_path, tmp_path, tmp_path_factory):
    branch_id, _, run = cli_branch
    ws = Workspace.open(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    old, _ = ws.claims.add(claim="我的存款不够撑三个月，不敢裸辞", topic="现金流", kind="assessment")
    ws.close()
    result = run("branch", "close", branch_id, "--handoff", str(write_yaml(tmp_path / "g.yaml", GOOD)),
                 "--on-conflict", "new", "--json")
    assert result.returncode == 0, result.stderr
    conclusion = result.json()["conclusion_id"]
    claim = run("claim", "show", old.id, "--json").json()
    assert claim["claim"]["status"] == "superseded" and claim["claim"]["superseded_by"] == conclusion


def test_cli_template_abandon_and_list_filters(cli_branch):
    branch_id, _, run = cli_branch
    template = run("branch", "close", branch_id, "--template")
    assert template.returncode == 0 and "competing_evidence:" in template.stdout and "必填" in template.stdout
    import yaml

    assert isinstance(yaml.safe_load(template.stdout), dict)  # the template is valid YAML
    result = run("branch", "abandon", branch_id, "--reason", "不重要了", "--json")
    assert result.returncode == 0 and result.json()["branch"]["status"] == "abandoned"
    assert run("branch", "list", "--status", "open", "--json").json()["count"] == 0
    assert run("branch", "list", "--status", "abandoned", "--json").json()["count"] == 1
    missing = run("branch", "show", "br-2020-01-01-09")
    assert missing.returncode == 3 and "mylife branch list" in missing.stderr
    sessions = run("sessions", "--all", "--json").json()
    closed = [s for s in sessions["sessions"] if s["branch_id"] == branch_id]
    assert closed and closed[0]["status"] == "closed"


def test_the_english_template_names_a_field_of_the_workspace_and_other_names_change_that_field(cli_branch, ws_path,
                                                                                              tmp_path):
    """Issue s20i.2: the English template's example named ``savings``, and a sheet following it
    added a field ``savings`` beside 现有存款, which stayed stale. The example is a field of this
    workspace (with its value); a field written under another name of a profile field (savings,
    存款) changes that field, as ``profile get`` and ``--keep`` resolve it; two names of one
    field in one sheet are refused."""
    import yaml

    branch_id, _, run = cli_branch
    en = {"MYLIFE_LANG": "en"}
    template = run("branch", "close", branch_id, "--template", extra=en).stdout
    assert "#   现有存款: 120000\n" in template and "savings" not in template
    assert "#   现有存款: 120000\n" in run("branch", "close", branch_id, "--template").stdout

    twice = write_yaml(tmp_path / "twice.yaml", {**GOOD, "fields": {"savings": 150000, "存款": 160000}})
    refused = run("branch", "close", branch_id, "--handoff", str(twice), extra=en)
    assert refused.returncode == 2 and 'two items of fields are the profile field "现有存款"' in refused.stderr

    sheet = write_yaml(tmp_path / "en.yaml", {**GOOD, "fields": {"savings": 150000}})
    closed = run("branch", "close", branch_id, "--handoff", str(sheet), "--json", extra=en)
    assert closed.returncode == 0, closed.stderr
    assert closed.json()["changes"] == ["现有存款: 120000 → 150000"]
    fields = yaml.safe_load((ws_path / "profile.yaml").read_text(encoding="utf-8"))["fields"]
    assert "savings" not in fields and fields["现有存款"]["value"] == 150000
    assert fields["现有存款"]["history"][-1]["value"] == 120000


def test_cli_close_asks_item_by_item_and_insists_on_competing_evidence(cli_branch, ws_path):
    branch_id, _, run = cli_branch
    answers = "\n".join([
        "",                               # question answered: keep the branch's question
        "能撑一年，前提是月支出不涨",       # conclusion
        "每月开销九千", "",                 # new claims
        "月支出=9000", "",                  # fields
        "", "信用卡分期的余额没确认", "",    # competing evidence: empty first, then one
        "", "",                             # open questions: none
        "裸辞的风险比想的小",                # impact
        "y",                                # close with it
    ]) + "\n"
    result = run("branch", "close", branch_id, input=answers)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("必填：每个结论都要带上削弱它的证据") == 2  # said again after the empty answer
    assert result.stdout.count("削弱这个结论的证据（至少一条") == 2
    shown = run("branch", "show", branch_id, "--json").json()
    handoff = shown["branch"]["handoff"]
    assert handoff["question_answered"] == "存款能撑多久？"
    assert handoff["competing_evidence"] == ["信用卡分期的余额没确认"]
    assert handoff["changed_fields"] == ["月支出"]


def test_cli_close_quit_at_a_question_cancels_and_shows_what_was_typed(cli_branch, ws_path):
    """`/quit` at one of the sheet's questions of `mylife branch close` (outside a chat) ended in
    an internal error (exit 70) once /quit was read there: it cancels, writes nothing, and shows
    what was typed as YAML to complete and close with --handoff."""
    branch_id, _, run = cli_branch
    before = snapshot(ws_path)
    result = run("branch", "close", branch_id, input="\n能撑一年，前提是月支出不涨\n/QUIT\n")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "内部错误" not in result.stdout + result.stderr and "Traceback" not in result.stderr
    assert "先不收尾，分支还开着。" in result.stdout
    assert f"branch close {branch_id} --handoff FILE" in result.stdout
    assert "  conclusion: 能撑一年，前提是月支出不涨" in result.stdout
    nothing = run("branch", "close", branch_id, input="/quit\n")
    assert nothing.returncode == 1 and "--handoff FILE" not in nothing.stdout, nothing.stdout + nothing.stderr
    assert snapshot(ws_path) == before
    assert run("branch", "show", branch_id, "--json").json()["branch"]["status"] == "open"


def test_a_branch_opened_by_the_model_tool_can_be_resumed_and_closed_in_chat(ws_path, tmp_path, tmp_path_factory, cli):
    from mylife_core.tools import call_tool

    env = lens_env(installed(tmp_path_factory, *LENSES))
    ws, _ = Workspace.init(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    outcome = call_tool(ws, "mylife_branch", {"topic": "现金流", "parent_topic": "职业去留",
                                              "question": "存款能撑多久？"}, actor="model via MCP")
    assert outcome.ok, outcome.error
    branch_id = outcome.result["branch"]["id"]
    ws.close()
    sheet = write_yaml(tmp_path / "good.yaml", GOOD)
    # Enter accepts the TTLs of the new fields 现有存款 and 月支出 (a /quit there ends the chat, closing nothing)
    result = cli("chat", "--resume", branch_id, "--offline", input=f"/close {sheet}\n\n\n/quit\n", env=env,
                 load_plugins=",".join(LENSES))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "这是从「职业去留」拆出来的子话题「现金流」" in result.stdout
    assert f"分支「现金流」（{branch_id}）已收尾" in result.stdout
    assert "我们之前停在「职业去留」" in result.stdout  # no parent session: the pull-back is said, then a new line
    ws = Workspace.open(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    branch = ws.index.branch(branch_id)
    assert branch.status == "merged" and branch.session and SessionStore(ws).load(branch.session).status == "closed"
    ws.close()


def test_cli_close_while_the_claims_index_is_busy_stores_everything_and_says_the_index_catches_up(
        cli_branch, ws_path, tmp_path, tmp_path_factory):
    """s22b: with cache/claims.sqlite held by another process past the wait, `branch close` wrote
    the sheet, the claims, the fields and the merge, then its conflict search read the index
    (behind its month file, busy) and stopped with exit 6: the close stood, said as failed. It
    now succeeds like the `claim` commands: everything stored and audited, the old claim found,
    the user's answer to it written, and the busy index said (stderr; --json ``warnings``)."""
    import json
    import sqlite3

    branch_id, _, run = cli_branch
    ws = Workspace.open(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    old, _ = ws.claims.add(claim="我的存款不够撑三个月，不敢裸辞", topic="现金流", kind="assessment")
    ws.close()
    sheet = write_yaml(tmp_path / "g.yaml", GOOD)
    holder = sqlite3.connect(ws_path / "cache" / "claims.sqlite", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
        result = run("branch", "close", branch_id, "--handoff", str(sheet), "--on-conflict", "new", "--json",
                     extra={"MYLIFE_LOCK_TIMEOUT": "0.5"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.returncode == 0, result.stderr  # was: exit 6 "另一个 MyLife 进程…", the close stored
    data = result.json()
    assert data["ok"] and data["branch"]["status"] == "merged", data
    assert len(data["warnings"]) == 1 and "cache/claims.sqlite" in data["warnings"][0], data
    assert [c["old_id"] for c in data["conflicts"]] == [old.id] and data["conflicts"][0]["resolved"] == "new"
    actions = [json.loads(line)["action"] for line in
               (ws_path / "ledger" / "audit.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {"record", "claim.add", "profile.set", "branch.merge", "claim.supersede", "session.close"} <= set(actions), \
        actions
    # the next read re-reads the month into the index
    claim = run("claim", "show", old.id, "--json").json()["claim"]
    assert claim["status"] == "superseded" and claim["superseded_by"] == data["conclusion_id"]
    assert run("verify", "--json").json()["ok"] is True


def test_chat_close_while_the_claims_index_is_busy_closes_and_says_the_index_catches_up(ws_path, tmp_path,
                                                                                        tmp_path_factory, cli):
    """s22b: `/close` in chat is the same close as `branch close`: with cache/claims.sqlite held by
    another process past the wait it stored everything, then stopped on the busy index (the
    conflict search after the write). It now closes, and says the index catches up."""
    import sqlite3

    from mylife_core.tools import call_tool

    env = lens_env(installed(tmp_path_factory, *LENSES))
    ws, _ = Workspace.init(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    outcome = call_tool(ws, "mylife_branch", {"topic": "现金流", "parent_topic": "职业去留",
                                              "question": "存款能撑多久？"}, actor="model via MCP")
    assert outcome.ok, outcome.error
    branch_id = outcome.result["branch"]["id"]
    ws.claims.add(claim="我的存款不够撑三个月，不敢裸辞", topic="现金流", kind="assessment")  # the index, current
    ws.close()
    sheet = write_yaml(tmp_path / "good.yaml", GOOD)
    holder = sqlite3.connect(ws_path / "cache" / "claims.sqlite", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
        result = cli("chat", "--resume", branch_id, "--offline", input=f"/close {sheet}\n\n\n/quit\n",  # Enter: the TTLs
                     env={**env, "MYLIFE_LOCK_TIMEOUT": "0.5"}, load_plugins=",".join(LENSES))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.returncode == 0, result.stdout + result.stderr  # was: exit 6 after the close was stored
    assert f"分支「现金流」（{branch_id}）已收尾" in result.stdout, result.stdout
    assert "cache/claims.sqlite" in result.stdout + result.stderr, result.stdout + result.stderr
    ws = Workspace.open(ws_path, plugins=plugin_host(*lens_modules(tmp_path_factory)))
    branch = ws.index.branch(branch_id)
    assert branch.status == "merged" and SessionStore(ws).load(branch.session).status == "closed"
    assert ws.claims.get(branch.handoff.new_claims_added[0]).claim == GOOD["conclusion"]
    ws.close()


def test_cli_close_on_a_busy_index_behind_its_files_writes_nothing(cli_branch, ws_path, tmp_path):
    """s22b: the claims index behind its month files (a claim stored while it was busy) and busy
    still: `branch close` recorded the sheet to L0 (append-only: a retry would record it twice),
    then stopped with exit 6 where the claims take their ids. The index is brought in line before
    the sheet is written: the close stops there, with nothing written, and goes through later."""
    import sqlite3

    branch_id, _, run = cli_branch
    sheet = write_yaml(tmp_path / "g.yaml", GOOD)
    assert run("claim", "list").returncode == 0  # the index exists and is current

    def held(*args):
        holder = sqlite3.connect(ws_path / "cache" / "claims.sqlite", isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")  # another process writing the claims index
            return run(*args, extra={"MYLIFE_LOCK_TIMEOUT": "0.5"})
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    assert held("claim", "add", "别的一条", "--topic", "杂事").returncode == 0  # stored; the index behind it
    before = snapshot(ws_path)
    refused = held("branch", "close", branch_id, "--handoff", str(sheet))
    assert refused.returncode == 6 and "另一个 MyLife 进程" in refused.stderr, refused.stderr
    assert snapshot(ws_path) == before  # was: the sheet in raw/ and the manifest, nothing else
    closed = run("branch", "close", branch_id, "--handoff", str(sheet), "--json")
    assert closed.returncode == 0, closed.stderr
    assert run("verify", "--json").json()["ok"] is True

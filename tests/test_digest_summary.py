"""A digest is a summary of the user's words, never the model's advice (the one judging rule, told
what it judges: ``text_kind="summary"``); whose digest is in force is always said; a digest proposal
made out of date says so and what to do (docs/design.md#judging-rule, #approval; docs/mcp.md)."""

from __future__ import annotations

import json

import pytest
from fakellm import Reply, fakellm, seed  # noqa: F401
from fakellm.workspaces import day

from mylife_core.messages import actor_name, t
from mylife_core.pipeline.answer import Judgment
from mylife_core.pipeline.citations import evaluate
from mylife_core.testing import mcp_session, plugin_host, run_cli
from mylife_core.trace import SourceChecker
from mylife_core.workspace import Workspace

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ADVICE = t("s30digest.summary_advice", words="\x00").split("\x00")[0]  # the reason, whatever the words


def seed_more(ws):
    """The seeded career notes, and a note with a friend's advice and the user's own judgment."""
    s = seed(ws)
    rec = ws.raw.record("朋友劝我别冲动，先想清楚再说。\n我觉得自己应该辞职。\n".encode(), topic="职业去留",
                        occurred_at=day("2026-03-02"))
    claims, _ = ws.claims.add_many([
        dict(claim="朋友劝我别冲动，先想清楚再说", topic="职业去留", kind="assessment", provenance=f"{rec.file}#L1",
             occurred_at=day("2026-03-02")),
        dict(claim="我觉得自己应该辞职", topic="职业去留", kind="assessment", provenance=f"{rec.file}#L2",
             occurred_at=day("2026-03-02")),
    ], actor="user")
    return s, claims[0].id, claims[1].id


# (sentence, cited claim: quit | unsure | love | friend | self, the summary refuses it as advice)
ROWS = [
    ("你应该马上辞职，这是最好的选择", "quit", True),
    ("建议你尽快辞职", "quit", True),
    ("你必须辞职", "quit", True),
    ("你最好先别辞职", "unsure", True),
    ("我建议你辞职", "quit", True),  # the model's "I": its own advice
    ("你别辞职", "love", True),
    ("你是不是该辞职？", "unsure", True),
    ("理性地说，你应该辞职", "quit", True),  # a way of speaking is nobody's view
    ("你应该辞职", "self", True),  # advice, even where the user wrote 我觉得自己应该辞职
    ("You should quit; it is the best choice.", "quit", True),
    ("I suggest you quit now.", "quit", True),
    ("Your best choice is to quit.", "quit", True),
    ("你应该说出来，你朋友也说过", "friend", True),  # the advice is before the report, and the model's
    ("你说过你想辞职", "quit", False),
    ("你朋友劝你别冲动", "friend", False),
    ("你朋友劝过你：别冲动，先想清楚再说", "friend", False),
    ("你朋友劝过你：千万别冲动，最好先想清楚再说", "friend", False),  # its words follow the colon
    ("你最好的朋友劝你别冲动", "friend", False),
    ("你觉得自己应该辞职", "self", False),
    ("加班让你想辞职", "quit", False),
    ("你说你不知道该不该辞职", "unsure", False),
    ("You said you want to quit.", "quit", False),
    ("Your friend thinks you should not rush.", "friend", False),
]


def test_a_digest_withholds_the_models_advice_and_keeps_reported_advice(ws):
    """Issue s30digest.1, through the one judge (:func:`evaluate`): in a summary a sentence giving
    advice or a verdict is refused with its own reason whatever it cites; one reporting the user's
    own or someone's advice stays (the Chinese ones pass every other check too)."""
    s, friend, own = seed_more(ws)
    ids = {"quit": s.quit, "unsure": s.unsure, "love": s.love, "friend": friend, "self": own}
    checker = SourceChecker(ws)
    said = [c.claim for c in ws.claims.query(topic="职业去留") if c.is_evidence]
    wrong = []
    for text, cited, refused in ROWS:
        got = evaluate(ws, Judgment(text=text, claim_ids=[ids[cited]]), checker, said=said, text_kind="summary")
        advice = [p for p in (got.problems if got else []) if p.problem == "advice"]
        if bool(advice) != refused:
            wrong.append((text, got))
        if advice:
            assert advice[0].message.startswith(ADVICE), advice
        if not refused and text.isascii() is False and got is not None:
            wrong.append((text, got))  # a report is not withheld for anything else either
    assert not wrong, wrong
    # the reason names the words that advise
    got = evaluate(ws, Judgment(text="你应该马上辞职，这是最好的选择", claim_ids=[s.quit]), checker, text_kind="summary")
    assert "应该" in got.problems[0].message and "最好的" in got.problems[0].message


def test_ask_and_chat_still_show_a_cited_piece_of_advice(ws):
    """The same judge in an answer (``ask``, ``chat``: no ``text_kind``, or ``answer``): a cited,
    traceable piece of advice is what was asked for, and is shown."""
    from mylife_core.pipeline.judging import Judge

    s, _, _ = seed_more(ws)
    checker = SourceChecker(ws)
    advice = Judgment(text="你应该马上辞职，这是最好的选择", claim_ids=[s.quit])
    assert evaluate(ws, advice, checker) is None
    assert evaluate(ws, advice, checker, text_kind="answer") is None
    text = f"你应该马上辞职，这是最好的选择 [{s.quit}]。"
    assert Judge(ws).text(text).withheld == []  # ask's judge (render.py)
    assert Judge(ws, user_words=["我该不该辞职？"], writes_done=lambda: 0).text(text).withheld == []  # chat's
    withheld = Judge(ws, text_kind="summary").text(text).withheld  # a digest's
    assert [w.problems[0].problem for w in withheld] == ["advice"]


def test_mylife_digest_withholds_a_models_advice(ws, cli, fakellm):
    """``mylife digest`` with the configured model writing advice: withheld and listed with the
    digest's reason; the user's and the friend's advice, reported, are kept."""
    s, friend, own = seed_more(ws)
    fakellm.script(Reply(text=(f"## 职业去留\n\n你应该马上辞职，这是最好的选择 [{s.quit}]。你说过你想辞职 [{s.quit}]。\n\n"
                               f"你朋友劝你别冲动 [{friend}]。你觉得自己应该辞职 [{own}]。\n")))
    out = cli("digest", "职业去留", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    note = out.stdout.split("## 无依据，未采纳")[1]
    assert "「你应该马上辞职，这是最好的选择。」" in note and ADVICE in note, out.stdout
    body = ws.digests.read("职业去留")
    assert "最好的选择" not in body
    for kept in ("你说过你想辞职", "你朋友劝你别冲动", "你觉得自己应该辞职"):
        assert kept in body
    fakellm.script(Reply(text=f"## 职业去留\n\n你应该马上辞职，这是最好的选择 [{s.quit}]。你说过你想辞职 [{s.quit}]。\n"))
    data = cli("digest", "职业去留", "--regenerate", "--json", env=fakellm.env()).json()
    assert [(u["text"], u["problems"][0]["problem"]) for u in data["unsupported"]] == [
        ("你应该马上辞职，这是最好的选择。", "advice")]


# ------------------------------------------------------------------------------ over MCP

def run_session(ws_path, script):
    return mcp_session(ws_path, script)


def test_over_mcp_advice_never_reaches_a_digest_proposal_and_the_accepted_digest_says_whose_it_is(ws_path):
    """Issues s30digest.1 and .2: ``mylife_digest`` over MCP with a cited piece of advice: it is
    withheld from the proposal with the digest's reason; the reports stay. Accepted, ``digest
    --show`` (text and ``--json``) says the digest in force is the model's, accepted by the user, when."""
    pytest.importorskip("mcp", reason="the mcp extra is not installed")
    env = {"MYLIFE_NOW": "2026-03-10"}
    assert run_cli(["init"], workspace=ws_path).returncode == 0
    with Workspace.open(ws_path, plugins=plugin_host()) as ws:
        s, friend, own = seed_more(ws)

    async def script(session):
        result = await session.call_tool("mylife_digest", {"topic": "职业去留", "text": (
            f"你应该马上辞职，这是最好的选择 [{s.quit}]。\n\n你说过你想辞职 [{s.quit}]。"
            f"你朋友劝你别冲动 [{friend}]。你觉得自己应该辞职 [{own}]。")})
        return json.loads(result.content[0].text)

    result = run_session(ws_path, script)["result"]
    assert result["proposed"] is True, result
    assert [(u["text"], [p["problem"] for p in u["problems"]]) for u in result["unsupported"]] == [
        ("你应该马上辞职，这是最好的选择。", ["advice"])], result["unsupported"]
    assert result["unsupported"][0]["problems"][0]["message"].startswith(ADVICE)
    assert "最好的选择" not in result["text"] and "你朋友劝你别冲动" in result["text"]
    assert "你觉得自己应该辞职" in result["text"] and "你说过你想辞职" in result["text"]
    pid = result["proposal"]
    listed = run_cli(["proposal", "list"], workspace=ws_path, env=env)
    assert pid in listed.stdout and "最好的选择" not in listed.stdout, listed.stdout

    accepted = run_cli(["proposal", "accept", pid], workspace=ws_path, env=env)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    shown = run_cli(["digest", "职业去留", "--show"], workspace=ws_path, env=env)
    assert shown.returncode == 0, shown.stderr
    label = t("s30digest.digest.source.accepted", who=actor_name("model via MCP"), date="2026-03-10", id=pid)
    assert shown.stdout.splitlines()[0] == "digest/职业去留.md" + t("sep.paren", text=label), shown.stdout
    data = run_cli(["digest", "职业去留", "--show", "--json"], workspace=ws_path, env=env).json()
    force = data["in_force"]
    assert (force["source"], force["accepted"], force["proposal"], force["accepted_by"]) == ("model", True, pid, "user")
    assert force["accepted_at"].startswith("2026-03-10") and force["label"] == label


def test_show_labels_every_digest_in_force(ws, cli, fakellm):
    """``digest --show`` names whose version is in force in every state: MyLife's structural one,
    a model's the user generated, the user's revision (text and ``--json``)."""
    from mylife_core.pipeline.digest import revise

    s = seed(ws)
    assert cli("digest", "职业去留", "--offline").returncode == 0
    first = cli("digest", "职业去留", "--show").stdout.splitlines()[0]
    assert first == "digest/职业去留.md" + t("sep.paren", text=t("digest.source.structural"))
    fakellm.script(Reply(text=f"## 职业去留\n\n你说过想辞职 [{s.quit}]。\n"))
    assert cli("digest", "职业去留", "--regenerate", env=fakellm.env()).returncode == 0
    data = cli("digest", "职业去留", "--show", "--json").json()["in_force"]
    assert (data["source"], data["accepted"]) == ("model", False) and fakellm.url in data["model"]
    first = cli("digest", "职业去留", "--show").stdout.splitlines()[0]
    assert first == "digest/职业去留.md" + t("sep.paren", text=data["label"]) and data["model"] in first
    revise(ws, "职业去留", "我自己的话。\n")
    first = cli("digest", "职业去留", "--show").stdout.splitlines()[0]
    assert first == "digest/职业去留.md" + t("sep.paren", text=t("digest.source.user"))
    assert cli("digest", "职业去留", "--show", "--json").json()["in_force"]["source"] == "user"


# ------------------------------------------------------------------------------ out of date

def test_a_digest_proposal_made_out_of_date_says_so_and_what_to_do(ws, cli):
    """Issue s30digest.3: a host's digest proposal, then ``mylife digest`` writes another digest:
    the proposal stays pending but ``proposal list`` (text, ``--json``) says it is out of date and
    to reject it or ask again, writing nothing; accepting is refused with the same words."""
    from mylife_core.pipeline.digest import propose_generated
    from mylife_core.pipeline.proposals import PATH

    s = seed(ws)
    pid = propose_generated(ws, "职业去留", f"你说过想辞职 [{s.quit}]。", actor="model via MCP", model=None)["proposal"]
    fresh = cli("proposal", "list", "--json").json()["proposals"][0]
    assert (fresh["id"], fresh["out_of_date"], fresh["out_of_date_note"]) == (pid, False, None)
    assert cli("digest", "职业去留", "--offline").returncode == 0  # the digest in force changes

    before = (ws.root / PATH).read_bytes()
    listed = cli("proposal", "list")
    assert listed.returncode == 0 and pid in listed.stdout
    assert "已过时" in listed.stdout and f"proposal reject {pid}" in listed.stdout, listed.stdout
    item = cli("proposal", "list", "--json").json()["proposals"][0]
    assert (item["status"], item["out_of_date"], item["out_of_date_reason"]) == ("pending", True, "digest_changed")
    assert "已过时" in item["out_of_date_note"] and f"proposal reject {pid}" in item["out_of_date_note"]
    shown = cli("proposal", "show", pid)
    assert "已过时" in shown.stdout
    assert (ws.root / PATH).read_bytes() == before  # reading wrote nothing

    digest = ws.digests.read("职业去留")
    refused = cli("proposal", "accept", pid)
    assert refused.returncode != 0
    said = refused.stdout + refused.stderr
    assert "已过时" in said and f"proposal reject {pid}" in said, said
    assert ws.digests.read("职业去留") == digest and (ws.root / PATH).read_bytes() == before
    rejected = cli("proposal", "reject", pid)
    assert rejected.returncode == 0, rejected.stderr
    assert cli("proposal", "list", "--json").json()["count"] == 0

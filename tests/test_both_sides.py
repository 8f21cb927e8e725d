"""Both sides shown by meaning in the notes people actually keep (session 23): English notes in an
``en`` workspace, savings on hand against savings short, and questions the user asked themselves.
Real workspaces, the real ``mylife`` in a subprocess; no model (the offline rules)."""

from __future__ import annotations

import pytest

from mylife_core.pipeline.stance import frame_for, read

NOW = {"MYLIFE_NOW": "2026-06-15T10:00:00"}


def add(cli, text: str, topic: str, when: str) -> str:
    data = cli("claim", "add", text, "--topic", topic, "--kind", "assessment", "--at", when, "--json", env=NOW).json()
    return data["claim"]["id"]


# ------------------------------------------------------------------------------ English notes

EN_NOTES = [
    ("I actually enjoy the work, I learn something new every week", "2025-09-10"),
    ("I don't want to leave, the team is great", "2025-10-05"),
    ("I'm sick of the overtime, I want out", "2025-11-20"),
    ("My mom says I shouldn't quit, the market is bad", "2026-02-10"),
    ("Should I really leave?", "2026-04-02"),
    ("Honestly leaving isn't that scary", "2026-04-18"),
    ("I want to quit my job, I'm already looking", "2026-06-01"),
]


@pytest.mark.parametrize("text, side, form, speaker", [
    ("I don't want to leave, the team is great", -1, "negation", None),
    ("I want to quit my job, I'm already looking", 1, "plain", None),
    ("I actually enjoy the work, I learn something new every week", -1, "plain", None),  # what the present gives
    ("I'm sick of the overtime, I want out", 1, "plain", None),
    ("Honestly leaving isn't that scary", 1, "plain", None),  # a fear denied
    ("I'm not afraid of leaving", 1, "plain", None),  # the negation is the fear's, not the act's
    ("My savings are not enough, the mortgage is 2,000 a month", -1, "plain", None),
    ("I still have 20k in the bank, enough for a year", 1, "plain", None),
    ("Dad thinks I should quit, but I love it here", -1, "concession", None),  # the user's own after the view
    ("If I don't leave now, I'll regret it", 1, "hypothetical", None),
    ("Should I really leave?", 0, "question", None),  # asked, not answered
    ("I'm not sure I want to leave", 0, "question", None),
    ("My mom says I shouldn't quit, the market is bad", 0, "reported", "My mom"),
    ("A colleague keeps telling me to quit and go elsewhere", 0, "reported", "A colleague"),
])
def test_english_statements_take_a_side(text, side, form, speaker):
    reading = read(text, frame_for("I should quit my job"))
    assert (reading.side, reading.form, reading.speaker) == (side, form, speaker), reading


def test_someone_elses_english_view_keeps_its_own_side():
    frame = frame_for("I should quit my job")
    assert read("My mom says I shouldn't quit, the market is bad", frame).reported_side == -1
    assert read("A colleague keeps telling me to quit and go elsewhere", frame).reported_side == 1


def test_an_english_workspace_shows_both_sides(cli):
    """Before session 23 no English statement took a side: ``competing`` found nothing against
    "I should quit my job" next to "I don't want to leave", and the brief said none of the user's
    statements took the other side."""
    assert cli("init", "--language", "en").returncode == 0
    ids = {text: add(cli, text, "career", when) for text, when in EN_NOTES}
    quit_ = cli("competing", "I should quit my job", "--topic", "career", "--json", env=NOW).json()
    mine = {i["text"]: i for i in quit_["items"]}
    assert set(mine) == {"I don't want to leave, the team is great",
                         "I actually enjoy the work, I learn something new every week"}
    assert mine["I don't want to leave, the team is great"]["stance"] == "contradicts"
    assert mine["I don't want to leave, the team is great"]["chain"]["raw"] == "raw/2025-10-05-career.md#L1"
    assert [(o["text"], o["speaker"]) for o in quit_["others"]] == [
        ("My mom says I shouldn't quit, the market is bad", "My mom")]  # never the user's
    stay = cli("competing", "I should not quit my job", "--topic", "career", "--json", env=NOW).json()
    assert {i["claim_id"] for i in stay["items"]} == {
        ids["I'm sick of the overtime, I want out"], ids["Honestly leaving isn't that scary"],
        ids["I want to quit my job, I'm already looking"]}  # the question asked is on neither side
    brief = cli("ask", "Should I quit my job?", "--offline", "--accept-missing", "--accept-stale", "--no-record",
                env={**NOW, "MYLIFE_LANG": "en"}, load_plugins="mylife-career").stdout
    counter = brief.split("## Counter-evidence")[1].split("## ")[0]
    assert "I don't want to leave, the team is great" in counter and "takes the other side" not in brief

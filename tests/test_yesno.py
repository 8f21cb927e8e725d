"""Every yes/no MyLife asks reads a yes or a no the one way (mylife_core.yesno): a Chinese input
method's 「ｙ」, 「是」, 「好的」, 「嗯」, 「不」 were refused at the CLI's prompts (``click.confirm`` knows
y/yes/n/no only, and said "Error: invalid input"), while chat understood them; ``maintain`` stored
「n」 or 「不是」 as the field's new value; a new field's TTL question refused 「好的」.

The reading itself is a table (words that must read as yes, as no, and as neither); the prompts are
driven on a real pseudo-terminal in real ``mylife`` subprocesses, with the fake model for extract."""

from __future__ import annotations

import json

import pytest
import yaml
from fakellm import Reply, fakellm  # noqa: F401
from lens_support import run_in_pty

from mylife_core.messages import t
from mylife_core.yesno import yes_no

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # litellm's own pydantic deprecations

READINGS = [
    # yes: ASCII, full width, any case; Chinese words of assent with a reply's particles and marks
    ("y", True), ("Y", True), ("yes", True), ("ＹＥＳ", True), ("ｙ", True), (" yes ", True),
    ("是", True), ("是的", True), ("好", True), ("好的", True), ("好的呀", True), ("好吧", True),
    ("对", True), ("对的", True), ("对对对", True), ("嗯", True), ("嗯嗯", True), ("行", True),
    ("可以", True), ("可以的", True), ("确认", True), ("好！", True), ("是。", True), ("ok", True),
    # no
    ("n", False), ("N", False), ("no", False), ("ｎ", False), ("ＮＯ", False), ("不", False),
    ("不了", False), ("不要", False), ("不用了", False), ("不是", False), ("否", False), ("算了", False),
    ("算了吧", False), ("不不不", False), ("没有", False), ("不对", False), ("nn", False),
    # neither: asked again at the CLI (a question back, a doubt, another word, a number, a sentence)
    ("嗯？", None), ("是不是", None), ("不知道", None), ("好像不行", None), ("要不", None), ("maybe", None),
    ("yesterday", None), ("nope", None), ("2", None), ("我再想想", None), ("好的，不过我再想想", None), ("", None),
    ("的", None), ("了", None),
]


@pytest.mark.parametrize("answer, meant", READINGS)
def test_an_answer_reads_as_yes_no_or_neither(answer, meant):
    assert yes_no(answer) is meant


def _extract_reply() -> Reply:
    return Reply(text=json.dumps({"claims": [
        {"claim": "月薪涨到 20000", "kind": "fact", "lines": "L1"},
        {"claim": "在这里没有成长", "kind": "assessment", "lines": "L2"}],
        "fields": [{"name": "月税后收入", "value": 20000, "line": "L1"}]}, ensure_ascii=False))


NOTE = "月薪涨到 20000 了。\n我觉得在这里没有成长。\n"


def test_extract_takes_the_yes_and_no_a_chinese_input_method_types(ws, ws_path, fakellm):
    """「ｙ」 keeps the first claim, 「不」 refuses the second, 「好的」 sets the field, 「是的」 takes the
    TTL it proposes: on the old prompts each was "Error: invalid input" and the claim or field was
    left as a no (or the question asked until the input ran out)."""
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(_extract_reply())
    r = run_in_pty(["extract", rec.file], workspace=ws_path, answers=["ｙ", "不", "好的", "是的"], env=fakellm.env())
    assert r.returncode == 0, r.stdout
    assert "invalid input" not in r.stdout and "Error" not in r.stdout, r.stdout
    assert r.stdout.count("把这条记为证据？ [y/N]:") == 2, r.stdout
    stored = {c.claim: c.status for c in ws.claims.query(topic="职业去留")}
    assert stored == {"月薪涨到 20000": "active"}, r.stdout
    assert ws.profile.reload().fields["月税后收入"].value == 20000, r.stdout
    assert "新增证据 1 条" in r.stdout and "档案更新 1 项" in r.stdout, r.stdout


def test_an_answer_that_is_neither_is_said_and_asked_again_and_enter_takes_the_default(ws, ws_path, fakellm):
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(_extract_reply())
    r = run_in_pty(["extract", rec.file], workspace=ws_path, answers=["是不是", "嗯嗯", "", "n"], env=fakellm.env())
    assert r.returncode == 0, r.stdout
    assert r.stdout.count(t("s32confirm.again")) == 1, r.stdout  # said once, after 「是不是」
    assert r.stdout.count("把这条记为证据？ [y/N]:") == 3, r.stdout  # the first asked twice
    stored = {c.claim: c.status for c in ws.claims.query(topic="职业去留")}
    assert stored == {"月薪涨到 20000": "active"}, r.stdout  # 「嗯嗯」 a yes, Enter the default no
    assert "月税后收入" not in ws.profile.reload().fields


def test_in_english_y_yes_n_no_in_any_case_or_width(ws, ws_path, fakellm):
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(_extract_reply())
    r = run_in_pty(["extract", rec.file], workspace=ws_path, answers=["YES", "maybe", "Ｎｏ", "n"],
                   env={**fakellm.env(), "MYLIFE_LANG": "en"})
    assert r.returncode == 0, r.stdout
    assert r.stdout.count("Keep this as evidence? [y/N]:") == 3, r.stdout
    assert "Please answer y (yes) or n (no)" in r.stdout, r.stdout
    assert {c.claim for c in ws.claims.query(topic="职业去留")} == {"月薪涨到 20000"}
    assert "月税后收入" not in ws.profile.reload().fields


def test_the_end_of_input_at_a_question_stops_cleanly(ws, ws_path, fakellm):
    """Ctrl-D at a question: 「已中止。」, exit 130, no traceback (as click.confirm did)."""
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(_extract_reply())
    r = run_in_pty(["extract", rec.file], workspace=ws_path, answers=["\x04"], env=fakellm.env())
    assert r.returncode == 130, r.stdout
    assert t("cli.aborted") in r.stdout and "Traceback" not in r.stdout, r.stdout
    assert list(ws.claims.query(topic="职业去留")) == []


NOW = {"MYLIFE_NOW": "2026-06-01"}


def test_maintain_reads_a_yes_and_a_no_as_such_not_as_a_new_value(cli, ws_path):
    """「是的」 confirms a field (it was stored as its value); 「不是」 asks for the new value (it was
    stored as the value), and that answer is the value as typed, even 「否」 for a field of 是/否."""
    cli("init")
    for name, value, at in [("房租", "4500", "2025-08-01"), ("现有存款", "120000", "2026-01-10"),
                            ("是否有车", "是", "2026-02-01")]:
        assert cli("profile", "set", name, value, "--ttl", "90", "--at", at).returncode == 0
    r = run_in_pty(["maintain", "--no-claims"], workspace=ws_path, answers=["是的", "不是", "130000", "ｎ", "否"],
                   env=NOW)
    assert r.returncode == 0, r.stdout
    assert r.stdout.count(t("s32confirm.maintain.new_value")) == 2, r.stdout
    data = yaml.safe_load((ws_path / "profile.yaml").read_text(encoding="utf-8"))["fields"]
    assert data["房租"]["value"] == 4500 and str(data["房租"]["updated_at"]).startswith("2026-06-01")
    assert data["现有存款"]["value"] == 130000 and data["是否有车"]["value"] == "否", data


def test_a_new_fields_ttl_takes_a_chinese_yes(cli, ws_path):
    cli("init")
    r = run_in_pty(["profile", "set", "月税后收入", "20000"], workspace=ws_path, answers=["好的"])
    assert r.returncode == 0, r.stdout
    assert "好的" not in yaml.safe_load((ws_path / "profile.yaml").read_text(encoding="utf-8"))["fields"].get(
        "月税后收入", {}).get("ttl_reason", ""), r.stdout
    assert "月税后收入" in yaml.safe_load((ws_path / "profile.yaml").read_text(encoding="utf-8"))["fields"]

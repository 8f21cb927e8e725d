"""The model as the last resort of ``infer_ttl``: asked only when configured and nobody else knew."""

from __future__ import annotations

import pytest
from fakellm import Reply, fakellm  # noqa: F401

from mylife_core.llm.ttl import parse_ttl_answer
from mylife_core.staleness import propose_ttl

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def use_model(ws, fake) -> None:
    ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fake.url}}))


def test_the_model_answers_for_a_field_nobody_knows(ws, fakellm):
    use_model(ws, fakellm)
    fakellm.script(Reply(text='{"ttl_days": 90, "reason": "口味一个季度可能就变"}'))
    guess = propose_ttl(ws, "最喜欢的乐队", "五月天")
    assert (guess.ttl_days, guess.source) == (90, "model")
    assert "口味" in guess.reason
    sent = fakellm.requests[0].messages
    assert sent[1]["role"] == "user" and "最喜欢的乐队" in sent[1]["content"]


def test_heuristics_answer_first_and_the_model_is_not_asked(ws, fakellm):
    use_model(ws, fakellm)
    guess = propose_ttl(ws, "现有存款", 120000)
    assert guess.source == "heuristic" and fakellm.requests == []


def test_a_failing_or_confused_model_falls_back_to_the_default(ws, fakellm):
    use_model(ws, fakellm)
    fakellm.script(Reply(status=503), Reply(text="大概一个月吧"))
    assert propose_ttl(ws, "猫的名字", "咪咪").source == "default"
    assert propose_ttl(ws, "猫的名字", "咪咪").source == "default"


def test_without_a_model_nothing_is_called(ws):
    assert propose_ttl(ws, "猫的名字", "咪咪").source == "default"


@pytest.mark.parametrize("text,expected", [
    ('{"ttl_days": 90, "reason": "x"}', (90, "x")),
    ('好的：{"ttl_days": null, "reason": "不会变"}', (None, "不会变")),
    ('{"ttl_days": -5}', None), ('{"ttl_days": "soon"}', None), ("no json", None), ('{"reason": "x"}', None),
])
def test_parse_ttl_answer(text, expected):
    assert parse_ttl_answer(text) == expected


def test_a_reason_that_judges_the_user_is_withheld_and_only_the_days_are_used(ws, cli, fakellm):
    """The model's reason is a model's sentence about the user's records: judged like a claim's
    context. One that advises or flatters the user is neither shown nor kept in profile.yaml;
    the output says so and that the 30 days were used."""
    verdict = "你应该马上辞职，你的能力远超现在的岗位。"
    fakellm.script(Reply(text='{"ttl_days": 30, "reason": "%s"}' % verdict))
    r = cli("profile", "set", "最喜欢的乐队", "五月天", env=fakellm.env())
    assert r.returncode == 0, r.stderr
    assert verdict not in r.stdout + r.stderr and "远超现在" not in r.stdout
    assert "30 天" in r.stdout and "未采纳" in r.stdout and "只采用了它给的天数" in r.stdout, r.stdout
    field = cli("profile", "get", "最喜欢的乐队", "--json").json()["field"]
    assert field["ttl_days"] == 30 and field["ttl_source"] == "model" and "未采纳" in field["ttl_reason"]
    assert "远超现在的岗位" not in (ws.root / "profile.yaml").read_text(encoding="utf-8")


def test_a_plain_reason_is_shown_and_kept(ws, cli, fakellm):
    fakellm.script(Reply(text='{"ttl_days": 90, "reason": "口味一个季度可能就变"}'))
    r = cli("profile", "set", "最喜欢的乐队", "五月天", env=fakellm.env())
    assert "口味一个季度可能就变" in r.stdout, r.stdout
    assert "口味一个季度可能就变" in cli("profile", "get", "最喜欢的乐队", "--json").json()["field"]["ttl_reason"]

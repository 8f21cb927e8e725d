"""Topic-drift detection (docs/design.md#drift): the four builtin signals, how they combine, and --explain.

Real workspaces on disk with the real mylife-career and mylife-finance lenses (pip-installed
into a private folder, registered on a fresh plugin host); the real search segmenter. A
throwaway plugin shows that a third party's signal joins the builtin ones.
"""

from __future__ import annotations

import pytest
from lens_support import import_lens, installed, lens_env

from mylife_core import clock, hookimpl
from mylife_core.chat.context import cjk_rate, estimate_tokens
from mylife_core.chat.drift import FACTORS, THRESHOLD, DriftContext, assess, combine
from mylife_core.chat.session import Line, Session
from mylife_core.specs import DriftSignal
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace

LENSES = ("mylife-career", "mylife-finance")


@pytest.fixture
def lensed(tmp_path, tmp_path_factory):
    modules = [import_lens(tmp_path_factory, d) for d in LENSES]
    ws, _ = Workspace.init(tmp_path / "ws", plugins=plugin_host(*modules))
    yield ws
    ws.close()


def career_session(*opening: str) -> Session:
    now = clock.now()
    main = Line(topic="职业去留", decision="跳槽", label="跳槽", question="我该不该跳槽？")
    session = Session(id="chat-2026-01-01-01", created_at=now, updated_at=now, main=main, current=main.model_copy())
    for text in opening or ("我该不该跳槽？",):
        session.add("user", text, topic="职业去留")
    return session


def signal(verdict, name):
    found = [s for s in verdict.signals if s.signal == name]
    return found[0] if found else None


# ----------------------------------------------------------------------------- explicit markers


def test_an_explicit_switch_marker_is_a_high_signal_and_names_what_follows(lensed):
    v = assess(lensed, career_session(), "先不管这个，我的房贷要不要提前还？")
    s = signal(v, "explicit_marker")
    assert (s.score, s.weight) == (0.9, "high")
    assert "先不管这个" in s.evidence and s.new_topic == "现金流"
    assert s.plugin == "mylife.drift_markers"
    assert v.drifted and v.new_topic == "现金流"


def test_a_weak_marker_followed_by_the_same_topic_is_discounted(lensed):
    v = assess(lensed, career_session(), "另外，我老板昨天又在会上骂人了")
    s = signal(v, "explicit_marker")
    assert s.score == pytest.approx(0.08)  # 0.4 x 0.2
    assert "另外" in s.evidence and "仍是「跳槽」" in s.evidence
    assert not v.drifted


def test_a_marker_inside_a_word_is_not_a_marker(lensed):
    v = assess(lensed, career_session(), "我格外想知道另外那家公司给不给涨薪")
    assert signal(v, "explicit_marker").score == 0.0


def test_saying_back_while_on_the_main_line_is_not_drift(lensed):
    v = assess(lensed, career_session(), "说回跳槽吧")
    assert signal(v, "explicit_marker").score == 0.0
    assert not v.drifted and not v.returning


def test_going_back_after_a_detour_returns_without_an_offer(lensed):
    session = career_session()
    session.current = Line(topic="健康", label="健康")
    session.add("user", "我最近老是失眠", topic="健康")
    session.turns_off_main = 1
    v = assess(lensed, session, "好了，说回正题吧")
    assert signal(v, "explicit_marker").new_topic == "职业去留"
    assert v.returning and not v.drifted and v.new_topic == "职业去留"


# ----------------------------------------------------------------------------- field sets


def test_a_topic_needing_other_profile_fields_is_the_strongest_signal(lensed):
    v = assess(lensed, career_session(), "我的房贷要不要提前还？")
    s = signal(v, "field_set")
    assert s.weight == "high" and s.score > 0.7
    assert s.new_topic == "现金流"
    for name in ("房贷", "月支出", "对当前工作的评估"):  # both field sets are shown
        assert name in s.evidence
    assert v.drifted


def test_a_sub_question_of_the_same_topic_scores_zero(lensed):
    v = assess(lensed, career_session(), "要不要先跟老板提加薪？")
    s = signal(v, "field_set")
    assert s.score == 0.0 and "职业去留" in s.evidence
    assert not v.drifted


def test_naming_a_field_the_line_depends_on_feeds_the_line(lensed):
    v = assess(lensed, career_session(), "我已经两年没涨过工资了")  # 工资 = 月收入, a career dependency
    s = signal(v, "field_set")
    assert s.score == 0.0 and "月收入" in s.evidence


def test_a_turn_tying_both_topics_together_is_discounted(lensed):
    v = assess(lensed, career_session(), "跳槽以后每个月的房贷怎么还？")
    s = signal(v, "field_set")
    assert "也提到了「跳槽」" in s.evidence and 0 < s.score < 0.3
    assert not v.drifted


def test_a_line_no_lens_describes_meets_a_topic_a_lens_knows(lensed):
    now = clock.now()
    main = Line(topic="感情", label="感情")
    session = Session(id="chat-2026-01-01-02", created_at=now, updated_at=now, main=main, current=main.model_copy())
    session.add("user", "异地三年了，要不要搬去男朋友的城市？", topic="感情")
    v = assess(lensed, session, "搬过去的话我得辞职重新找工作")
    s = signal(v, "field_set")
    assert s.score == pytest.approx(0.7) and s.new_topic == "职业去留"
    assert v.drifted


def test_no_field_signal_when_no_lens_knows_the_turn(lensed):
    v = assess(lensed, career_session(), "我妈上个月刚做完手术")
    assert signal(v, "field_set") is None


# ----------------------------------------------------------------------------- text distance


def test_text_distance_counts_words_of_another_topic_and_never_decides_alone(lensed):
    v = assess(lensed, career_session(), "周末想去爬山，顺便看看日出")
    s = signal(v, "text_distance")
    assert s.weight == "medium"
    assert FACTORS["medium"] * s.score < THRESHOLD  # capped: lexical distance alone is not enough
    near = assess(lensed, career_session(), "猎头昨天又给我打电话说有个新工作的offer")
    assert signal(near, "text_distance").score < s.score
    foreign = assess(lensed, career_session(), "房贷月供和信用卡账单压得我喘不过气")
    assert "属于别的话题的词" in signal(foreign, "text_distance").evidence


def test_a_short_turn_that_leans_on_the_last_one_is_low_confidence(lensed):
    v = assess(lensed, career_session(), "那如果我拿到那个offer呢")
    s = signal(v, "text_distance")
    assert "承接上文" in s.evidence and s.score < 0.3


# ----------------------------------------------------------------------------- context pressure


def test_context_pressure_ramps_from_half_the_window_to_85_percent(lensed):
    session = career_session()
    low = assess(lensed, session, "嗯", context_tokens=4000, context_window=32000)
    assert signal(low, "context_pressure").score == 0.0
    mid = assess(lensed, session, "嗯", context_tokens=int(32000 * 0.675), context_window=32000)
    assert signal(mid, "context_pressure").score == pytest.approx(0.5, abs=0.01)
    full = assess(lensed, session, "嗯", context_tokens=28000, context_window=32000)
    assert signal(full, "context_pressure").score == 1.0
    assert "28,000 / 32,000" in signal(full, "context_pressure").evidence
    assert full.drifted  # medium x 1.0 = 0.6 >= 0.5: a nearly full window is reason enough to offer


def test_turns_off_the_main_line_count_after_two(lensed):
    session = career_session()
    session.current = Line(topic="现金流", label="现金流")
    for n, expected in ((1, 0.0), (3, 0.25), (6, 1.0)):
        session.turns_off_main = n
        s = signal(assess(lensed, session, "每个月还款要五千"), "turns_off_main")
        assert s.score == pytest.approx(expected)
        assert f"已 {n} 轮" in s.evidence


# ----------------------------------------------------------------------------- combining


def test_signals_combine_as_noisy_or():
    sig = [DriftSignal(signal="a", score=0.4, weight="high"), DriftSignal(signal="b", score=0.5, weight="medium")]
    assert combine(sig) == pytest.approx(1 - (1 - 0.4) * (1 - 0.3))
    assert combine([]) == 0.0
    assert combine([DriftSignal(signal="x", score=7, weight="low")]) == pytest.approx(0.3)  # clamped to 1


def test_the_first_turn_sets_the_line_and_is_never_drift(lensed):
    now = clock.now()
    session = Session(id="chat-2026-01-01-03", created_at=now, updated_at=now)
    v = assess(lensed, session, "换个话题，我想聊聊房贷")
    assert v.first and not v.drifted
    # with the topic set beforehand (mylife chat --topic), the first turn is judged like any other
    declared = career_session()
    declared.turns.clear()
    assert assess(lensed, declared, "我的房贷要不要提前还？").drifted


def test_a_topic_the_user_kept_here_is_not_offered_again_unless_the_window_is_full(lensed):
    session = career_session()
    session.declined.append("现金流")
    v = assess(lensed, session, "我的房贷要不要提前还？")
    assert v.suppressed and not v.drifted
    full = assess(lensed, session, "我的房贷要不要提前还？", context_tokens=30000, context_window=32000)
    assert full.drifted and not full.suppressed


class ThirdPartySignal:
    """A plugin that flags any turn mentioning a pet."""

    @hookimpl
    def detect_drift(self, turn, session, workspace):
        if "猫" in turn:
            assert isinstance(session, DriftContext) and session.main.decision == "跳槽"
            return DriftSignal(signal="pets", score=1.0, weight="high", evidence="提到了猫", new_topic="宠物")
        return None


def test_a_plugin_adds_its_own_signal(tmp_path, tmp_path_factory):
    modules = [import_lens(tmp_path_factory, d) for d in LENSES]
    ws, _ = Workspace.init(tmp_path / "ws", plugins=plugin_host(*modules, ThirdPartySignal()))
    v = assess(ws, career_session(), "我想养只猫")
    pets = signal(v, "pets")
    assert pets.evidence == "提到了猫" and pets.plugin  # attributed to the plugin
    assert v.drifted and v.new_topic == "宠物"
    ws.close()


# ----------------------------------------------------------------------------- tokens


def test_token_estimate_follows_the_model_family():
    text = "我最近一直在想要不要跳槽 because the overtime is crazy"
    assert cjk_rate("deepseek/deepseek-chat") < cjk_rate("openai/gpt-4o") == cjk_rate(None)
    assert estimate_tokens(text, "deepseek/deepseek-chat") < estimate_tokens(text)
    assert estimate_tokens("") == 0


def test_below_85_percent_nothing_is_folded_and_above_it_whole_exchanges_are():
    from mylife_core import clock
    from mylife_core.chat.compaction import history, plan
    from mylife_core.chat.session import Session, Turn

    now = clock.now()
    session = Session(id="chat-2026-03-01-01", created_at=now, updated_at=now)
    for i in range(20):
        session.turns.append(Turn(role="user", text=f"第{i}句" + "长" * 100, at=now))
        session.turns.append(Turn(role="assistant", text="回答" + "长" * 100, at=now))
    session.turns.append(Turn(role="user", text="现在", at=now))
    sent = history(session, drop_last=True)
    assert len(sent) == 40 and sum(1 for m in sent if m["role"] == "assistant") == 20  # every reply is sent
    assert plan(session, 500, 100000, None) == 0  # far below 85%: nothing is folded
    n = plan(session, 500, 6000, None)  # ~5,500 tokens of history: past 85% of 6,000
    assert 0 < n <= 38 and n % 2 == 0  # whole exchanges: what stays starts with a user turn
    assert session.conversation()[n].role == "user"


# ----------------------------------------------------------------------------- --explain


def test_explain_shows_every_signal_with_its_evidence(ws_path, cli, tmp_path_factory):
    env = lens_env(installed(tmp_path_factory, *LENSES))
    cli("init")
    result = cli("chat", "--topic", "跳槽", "--explain", "--offline",
                 input="还有，我们组又要加班了\n先不管这个，我的房贷要不要提前还？\n1\nn\n/quit\n",
                 env=env, load_plugins=",".join(LENSES))
    assert result.returncode == 0, result.stderr
    err = result.stderr
    for name in ("切换说法", "依赖的档案字段", "用词距离", "上下文压力"):
        assert name in err
    assert "明确的切换说法「先不管这个」" in err
    assert "[mylife.drift_fields]" in err and "阈值 0.5" in err
    assert "较弱的转折说法「还有」" in err and "仍在当前话题上" in err
    assert "我注意到我们从「跳槽」聊到了「现金流」" in result.stdout

"""Both sides by meaning (issue 13): the Chinese stance reader, the demo's headline answer, premises
resting on a field by meaning, citations that must be about their sentence, the topic of a
question no lens covers, the structured stance call through litellm against the fake server, and
claims whose source lines were edited outside MyLife (never evidence until re-confirmed)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from fakellm import Reply, fakellm, seed  # noqa: F401

from mylife_core import clock
from mylife_core.messages import disclaimer, t
from mylife_core.pipeline.ask import AskOptions, ask
from mylife_core.pipeline.competing import find_competing
from mylife_core.pipeline.stance import frame_for, read
from mylife_core.testing import demo_workspace, run_cli

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # litellm's own pydantic deprecations

NOW = "2026-12-03T09:00"
LENSES = {"MYLIFE_LOAD_PLUGINS": "mylife-career,mylife-finance"}


def day(text: str):
    return clock.parse_when(text)


def use_model(ws, fake) -> None:
    ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fake.url}}))


def note(ws, text: str, topic: str, when: str, kind: str = "assessment"):
    rec = ws.raw.record((text + "\n").encode(), topic=topic, occurred_at=day(when))
    return ws.claims.add(claim=text, topic=topic, kind=kind, provenance=f"{rec.file}#L1", occurred_at=day(when))[0]


# ------------------------------------------------------------------------------ the reader


@pytest.mark.parametrize("text, side, form", [
    ("热爱这里，绝不想走", -1, "negation"),  # the negation governs 走
    ("想跳槽", 1, "plain"),
    ("同事们都很照顾我，真舍不得", -1, "plain"),  # against, without naming the act
    ("虽然钱少了点，但是离家近，每天能按时接孩子", -1, "concession"),  # what follows 但是 counts
    ("如果年终奖能按时发，我就再干一年", -1, "hypothetical"),
    ("我不是不想走，只是房贷压着不敢动", -1, "concession"),
    ("难道要一辈子在这里改需求吗", 1, "question"),  # a rhetorical question about the present
    ("不知道（自己想不想走）", 0, "question"),  # undecided
    ("工资三年没涨了，真的不想再耗下去", 1, "plain"),
])
def test_the_reader_reads_negation_concession_hypotheticals_and_questions(text, side, form):
    reading = read(text, frame_for("我该跳槽"))
    assert (reading.side, reading.form, reading.speaker) == (side, form, None), reading


@pytest.mark.parametrize("conclusion, text, side", [
    # productive forms, whatever the verb: V不起 / V不过来 / 没+a resource / 白+V
    ("我该买学区房", "这套房子我们根本买不起", -1),
    ("我们该要二胎", "一个人带两个孩子肯定忙不过来", -1),
    ("我该报个周末班", "这学期根本没精力", -1),
    ("我该报个周末班", "上次报的课一节没去，钱都白交了", -1),
    # physical distress is dread only when the act is what is thought of
    ("我该去做手术", "一想到要上手术台就手抖", -1),
    ("我该去做手术", "昨晚咖啡喝多了，手抖", 0),
    # what a fear word governs is what is feared, not a complaint about the present
    ("我该搬去成都", "那边天天下雨，我怕受不了", -1),
    # a concession grants one side, so the user stands on the other, even in words no list holds
    ("我该搬去成都", "虽然一直很想换个城市，但女儿刚在这边转了学", -1),
    # a sum of money goes out unless the clause says it comes in
    ("我该换空调", "装个新空调要六千多", -1),
    ("我该做兼职", "兼职一个月能多挣三千", 1),
    # "stop doing X": what is good about the present is good about X
    ("我不该再做代购了", "做代购这两年心里挺踏实", 1),
    # 不会 before a cue negates it
    ("我该考公务员", "体制内至少不会失业", 1),
    ("对不起", "对不起，今天来晚了", 0),
    # the 得 of 觉得 / 记得 is no "must": these were read for quitting, certain
    ("我该辞职", "我觉得辞职太冒险", -1),  # no "must" in 觉得; 太冒险 judges the act (session 29: was no side)
    ("我该辞职", "我觉得现在辞职不现实", -1),
    ("我该辞职", "我总觉得辞职风险太大", -1),
    ("我该辞职", "我觉得应该辞职", 1),  # a modal after 觉得 still wants
    ("我该辞职", "我觉得得辞职了", 1),
])
def test_the_reader_reads_general_forms_not_only_listed_sentences(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert reading.side == side, (text, reading)
    if side:
        assert reading.certain and reading.own


@pytest.mark.parametrize("conclusion, side, act, absent", [
    ("我先不拔智齿", -1, "智齿", ()),  # 先不 is a "not now": against the act
    ("我们今年先不要孩子", -1, "孩子", ()),
    ("我该请三个月长假去旅行", 1, "长假", ("三个",)),  # how long is not what
    ("我该退休后搬去海南", 1, "海南", ("退休",)),  # 退休后 says when
    ("我该把烟戒了", 1, "烟", ()),  # 把X V了: X and VX (戒烟)
    ("我该再考一年研", 1, "考研", ("一年",)),  # a duration inside a separable verb
])
def test_a_conclusion_is_read_into_its_side_and_act(conclusion, side, act, absent):
    frame = frame_for(conclusion)
    assert frame.side == side and act in frame.act and not set(absent) & set(frame.act), frame
    assert not frame.persons  # no name in these (考驾照 is not one either)
    assert frame_for("我该去学车考驾照").persons == ()
    assert frame_for("我该和小林结婚").persons == ("小林",)


@pytest.mark.parametrize("conclusion, text, side", [
    # dread in any words: a thought of the act, then 就 and whatever the body does
    ("我该去做手术", "一想到要在医院躺两个礼拜，胃就开始抽", -1),
    # who would do what it takes, and no room for it
    ("我该开个网店", "白天上班，晚上谁管客服？", -1),
    ("我该开个网店", "每天到家都十点了，哪还有精力打包", -1),
    # a worry with no answer
    ("我该一个人去西藏", "万一路上高反了怎么办", -1),
    # a sum paid out, even without a unit; time spent is not money
    ("我该做胃镜", "无痛的要多花八百，医保还不报", -1),
    ("我该做胃镜", "何必去遭那个罪", -1),
    # a question asking for facts takes no side
    ("我该去做手术", "手术前一天几点开始不能喝水？", 0),
    ("我该搬去海南", "海南到底哪个城市适合养老？", 0),
    ("我该开个网店", "个体户开网店要怎么报税？", 0),
    ("我该戒烟", "如果搬到新楼，也不知道那边让不让抽烟", 0),
    # 倒是…就是 and 可 are contrasts: the user stands on what follows
    ("我们今年该要孩子", "倒是想要，就是生下来谁带", -1),
    # time on the road, someone depending on the user, a trouble easing by itself (session 15)
    ("我该去外地读书", "周末回家来回坐车就要四个钟头", -1),
    ("我该辞职创业", "全家就指着我这份工资", -1),
    ("我该去医院做手术", "这几天敷着药，好像没那么疼了", -1),
    # who would do it, where one would sleep, "not that bad"
    ("我该出差半年", "我走了，谁给我爸做饭？", -1),
    ("我该让我妈来同住", "房子就一室一厅，她来了睡哪？", -1),
    ("我该去看心理医生", "不就是有点失眠，哪有那么严重", -1),
    # "再不…" is a condition that refuses the act; a condition after its subject is one too
    ("我该请个保姆", "再不请人，我迟早要累垮", 1),
    ("我该请个保姆", "再不请人我迟早要累垮", 1),
    ("我该提前还房贷", "孩子万一生病，手里没现金就抓瞎了", -1),
    ("我该去做心理咨询", "医保能报销心理咨询吗？", 0),
    # money coming in (多进, 能租) and a debt paid off are for the act; "不趁现在…" refuses it
    ("我该周末去兼职", "一个月能多进三千", 1),
    ("我该把空着的房子租出去", "一个月能租五千", 1),
    ("我该趁年轻去西藏", "这种事不趁现在去，以后拖家带口更不可能了", 1),
    ("我该去做手术", "拖下去万一哪天晕倒在路上怎么办", 1),
    # "总不能一直拖着" is for acting, any other 总不能 a bind
    ("我该去学游泳", "都四十了，总不能一辈子就这么耗着", 1),
    ("我该接受外派", "孩子刚上小学，总不能让她跟着转学", -1),
    # nothing to pay with; a condition that refuses the act
    ("我该自己开公司", "万一回款压住了，员工的工资拿啥发", -1),
    ("我不该借钱给表弟", "我要是不帮，他就只能去借网贷，窟窿只会更大", 1),
])
def test_the_reader_reads_forms_the_first_rules_did_not(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert reading.side == side and reading.own, (text, reading)


def test_northern_first_person_is_the_user():
    frame = frame_for("俺先不买车")
    assert frame.side == -1 and "买车" in frame.act, frame
    reading = read("俺觉得一年少说一万的油钱不值", frame)
    assert reading.own and reading.side == -1, reading


@pytest.mark.parametrize("text, who, side", [
    # s26a: a cost someone else pays was read as the cost, against the act
    ("我爸妈说首付他们出一半", "我爸妈", 1),
    ("公婆说首付可以帮我们出一部分", "公婆", 1),
    ("首付家里出了大头，剩下的我们自己凑", None, 1),
    ("爸妈帮我们出首付", None, 1),
    # the user paying, or someone refusing to pay, is still a cost
    ("首付全得自己掏，掏完就一分不剩了", None, -1),
    ("爸妈不帮我们出首付", None, -1),
    ("首付要八十万", None, -1),
])
def test_a_cost_someone_else_pays_is_help_not_a_cost(text, who, side):
    reading = read(text, frame_for("我该买房"))
    assert (reading.speaker, reading.side if who is None else reading.reported_side) == (who, side), reading


@pytest.mark.parametrize("conclusion, text, side", [
    # s26a: waste said of something lying idle now was taken as the act's cost
    ("我该把房子租出去", "我不是缺这点钱，就是觉得房子空着太浪费", 1),  # stance_tuning_3b b07
    ("我该把老房子租出去", "老房子一直空着，太浪费了", 1),
    ("我该把老房子租出去", "房子就这么闲着落灰，真是浪费", 1),
    ("我该送豆豆去市里读初中", "豆豆底子好，留在县里浪费了", 1),
    # idle after the act, or the act's own waste, is still against it
    ("我该辞职", "辞职在家闲着太浪费", -1),
    ("我该买房", "买了房空着浪费", -1),
    ("我该把老房子租出去", "租客要是把房子糟蹋了，那才叫浪费", -1),
    ("我该把老房子租出去", "房子空着也不浪费", -1),
])
def test_waste_of_something_lying_idle_is_the_presents(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side, reading.certain) == (None, side, True), reading


def test_time_spent_is_not_money():
    reading = read("每天早上多花二十分钟化妆", frame_for("我该去做双眼皮"))
    assert not any("多花" in cue for cue in reading.cues), reading
    assert any("多花" in cue for cue in read("每次多花两千", frame_for("我该去做双眼皮")).cues)


def test_a_glad_thought_is_not_dread():
    reading = read("一想到能彻底好了就开心", frame_for("我该去做手术"))
    assert not any("一想到" in cue for cue in reading.cues) and not reading.certain, reading


@pytest.mark.parametrize("text, speaker, form", [
    ("同事说副业就是再上一份班，这话太对了", None, "adopted"),  # agreement in everyday words
    ("朋友说这行早就饱和了，我深有同感", None, "adopted"),
    ("表姐说也就十分钟的事，别自己吓自己，她说得对", None, "adopted"),  # 她说得对: the user says she is right
    ("我爸说合伙迟早要散，这话我以前不信，现在信了", None, "adopted"),  # the last word counts
    ("朋友说这个岗位很稳，我认为不见得", "朋友", "reported"),  # 我认为 is not 我认
    ("要是见了面觉得不合适，回头怎么跟我妈交代？", None, "hypothetical"),  # a condition, not a speaker
    ("医生说这颗牙已经横着长了，顶到了前面的大牙", None, "plain"),  # a fact a doctor told: the user's evidence
    ("教务处说休学期间奖学金全部停发", None, "plain"),  # an office stating a rule: a fact
    ("医生说最好别拖", "医生", "reported"),  # a doctor's advice is a view
    ("单位王姐劝我跟她一块报，说有个伴", "单位王姐", "reported"),  # 单位 names where she works, not a source
    ("室友一直怂恿我冲，说不买后悔一辈子", "室友", "reported"),
    ("疫苗狗粮加上看病，一年少说七八千", None, "plain"),  # 少说 reports nobody
    ("我妈说养狗太费心", "我妈", "reported"),  # still someone else's view
    ("我妈老说养狗太费心", "我妈", "reported"),  # s25a: 老 ("keeps saying") was part of her name
    ("我老觉得养狗太费心", None, "plain"),  # s25a: the user's own words were 「我老」's view
    ("我们领导说养狗就别想出差了", "我们领导", "reported"),
    ("要是我妈觉得养狗太麻烦，那就算了", "要是我妈", "reported"),  # a condition on someone's view is theirs
    ("中介说现在是入手的好时机", "中介", "reported"),  # a professional's advice is a view, not a fact
    # session 15: a view conceded, then the user's own words; hearsay; a speaker named a clause before
    ("尽管我妈再三说狗很乖，我还是怕被咬", None, "concession"),
    ("听人讲养狗特别费钱", None, "plain"),
    ("老公一直想养，说家里太冷清", "老公", "reported"),  # named before, up to what he did (session 24)
    ("物业打电话说楼里不让养大型犬", None, "plain"),  # how the words came does not hide a fact's source
    # agreeing and disagreeing in more words
    ("我妈说养狗太费心，这次我觉得她说得在理", None, "adopted"),
    ("朋友说养狗能治愈一切，这话我是不大信的", None, "adopted"),
    ("老公说我一个人遛不过来，后来想想他说得对", None, "adopted"),
    # 说X就X: doing something on a whim, nobody's view (was read as a view of "编制", of "真的")
    ("养了十年的狗，真的说送人就送人了吗？", None, "question"),
    ("邻居家的狗说扔就扔，想想都心寒", None, "plain"),
])
def test_who_is_speaking_in_everyday_words(text, speaker, form):
    reading = read(text, frame_for("我该养只狗"))
    assert (reading.speaker, reading.form) == (speaker, form), (text, reading)
    if "交代" in text or "七八千" in text:
        assert reading.side == -1 and reading.certain, reading


def test_someone_elses_view_is_never_the_users():
    frame = frame_for("我该跳槽")
    view = read("阿杰认为说“不知道”就是不想走", frame)
    assert view.speaker == "阿杰" and view.side == 0 and view.reported_side == -1
    assert read("老公劝我再忍半年，等年终奖发了再说", frame).speaker == "老公"
    assert read("婆婆天天催，说趁她还带得动", frame_for("我们该要二胎")).speaker == "婆婆"
    # the user's own reaction to a view is the user's: adopted, rejected, or (an inference denied) no side
    assert read("表哥说趁年轻就该多出去闯闯，这话我是认同的", frame).side == 1
    assert read("小雨说他根本不爱我，这个我不认同", frame_for("我该和他分手")).side == -1
    denied = read("不认同“说不知道就是不想走”", frame)
    assert denied.own and denied.side == 0
    # a negated want of a consideration is still the user's ("我觉得…")
    assert read("我觉得自己还能调整过来", frame_for("我该去看心理医生")).speaker is None


@pytest.mark.parametrize("text, who, side", [
    ("老婆一直不让我裸辞", "老婆", -1),  # session 24: was "老婆一直"
    ("老公一直都不让我裸辞", "老公", -1),
    ("老婆死活不让我裸辞", "老婆", -1),
    ("老婆总是劝我别裸辞", "老婆", -1),
    ("老婆非要我裸辞", "老婆", 1),  # was "老婆非": 非要 is insisting, 要我 the verb
    ("我妈偏让我裸辞", "我妈", 1),
    ("表哥又催我裸辞", "表哥", 1),
])
def test_adverbs_after_the_person_are_not_part_of_the_speakers_name(text, who, side):
    reading = read(text, frame_for("我该裸辞"))
    assert (reading.speaker, reading.side, reading.reported_side) == (who, 0, side), reading


@pytest.mark.parametrize("text, side", [
    ("同事问我想不想走，我说不想", -1),  # session 24: the question is theirs, the answer the user's
    ("同事问我想不想走，我说想", 1),
    ("他问我想不想走，我说不想，这里挺好的", -1),
    ("老板问我走不走，我回答不走", -1),
    ("老板问我：走不走？我回答：不走", -1),
    ("同事问我要不要一起跳槽，我说不要", -1),
    ("同事问我要不要一起跳槽，我说要", 1),
    ("老婆问我还想不想走，我跟她说不想了", -1),
    ("我妈问我想不想走，我当时就说想啊", 1),
    ("妈妈劝我别走，我说我已经决定走了", 1),
])
def test_the_users_answer_to_what_someone_asked_or_said_is_the_users(text, side):
    reading = read(text, frame_for("我该跳槽"))
    assert (reading.speaker, reading.side, reading.certain) == (None, side, True), reading


@pytest.mark.parametrize("text, side", [
    # s26a: the user's own reason after 我说 took no side, so the question stayed the colleague's view
    ("同事问我为什么不辞职，我说还没找好下家", -1),
    ("朋友问我怎么还不走，我说下家还没找好", -1),
    ("同事问我想不想走，我说还没找好下家", -1),
    ("我妈问我为什么还不辞职，我说房贷还有二十年", -1),
])
def test_the_users_reason_after_wo_shuo_is_their_own(text, side):
    reading = read(text, frame_for("我该辞职"))
    assert (reading.speaker, reading.side, reading.certain) == (None, side, True), reading
    assert read("下家已经找好了，下个月就能入职", frame_for("我该辞职")).side == 1  # ready: for it


@pytest.mark.parametrize("text, side", [
    ("老板问我走不走，我回答走", 1),  # s24d: the act repeated bare is the user's yes (it took no side)
    ("老板问我走不走，我说走", 1),
    ("老板问我：走不走？我回答：走人", 1),
    ("老板问我跳不跳槽，我说跳槽", 1),
    ("老板问我走不走，我说我明天就走", 1),
    ("老板问我走不走，我回答不走", -1),
    ("老板问我走不走，我说不", -1),  # a bare no: the question's verb, negated
    ("老板问我有没有想过走，我说没有", -1),
])
def test_an_answer_of_the_act_alone_takes_its_side(text, side):
    reading = read(text, frame_for("我该跳槽"))
    assert (reading.speaker, reading.side, reading.certain) == (None, side, True), reading


@pytest.mark.parametrize("text, who", [
    ("同事问我想不想走", "同事"),  # s24d: was 同事's view for leaving
    ("老板问我要不要跳槽", "老板"),
    ("领导问我还想走吗", "领导"),
    ("老婆问我：你是否还想走？", "老婆"),
    ("同事问我想不想走，我说再想想", "同事"),  # answered with no side: still a question, no view
])
def test_a_question_someone_asks_is_no_view(text, who):
    reading = read(text, frame_for("我该跳槽"))
    assert (reading.speaker, reading.side, reading.reported_side) == (who, 0, 0), reading


@pytest.mark.parametrize("text, frame, who, side", [
    ("我妈问我为什么还不辞职", "我该辞职", "我妈", 1),  # s24g: took no side for 辞职 (read as 不辞职)
    ("我妈问我怎么还不辞职", "我该辞职", "我妈", 1),
    ("同事问我怎么还不跳槽", "我该跳槽", "同事", 1),
    ("老婆问我为什么要辞职", "我该辞职", "老婆", -1),  # a challenge: against it
    ("老板问我为什么要走", "我该跳槽", "老板", -1),
    # s25a: "why don't you" without 还 was read literally, a view against the act
    ("同事问我为什么不辞职", "我该辞职", "同事", 1),
    ("我妈老问我为什么不辞职", "我该辞职", "我妈", 1),  # and 老 ("keeps asking") was in her name
    ("同事问我为啥不干脆辞职", "我该辞职", "同事", 1),
    ("同事说：为什么不辞职？", "我该辞职", "同事", 1),
    ("闺蜜问我为什么不分手", "我该和他分手", "闺蜜", 1),
    ("朋友问我为什么不投资", "我该投资", "朋友", 1),
    ("阿杰问我为什么不养只猫", "我该养猫", "阿杰", 1),  # a measure word between the verb and its object
    ("闺蜜问我怎么还不分", "我该和他分手", "闺蜜", 1),  # the act by its verb alone (took no side)
    ("老公问我怎么还不买", "我该买房", "老公", 1),
    # asking why a plan changed or why it did not happen urges nothing
    ("同事问我为什么不辞职了", "我该辞职", "同事", 0),
    ("同事问我为什么没辞职", "我该辞职", "同事", 0),  # was against 辞职
])
def test_a_challenge_someone_puts_is_their_view_never_the_users(text, frame, who, side):
    reading = read(text, frame_for(frame))
    assert (reading.speaker, reading.side, reading.reported_side) == (who, 0, side), reading


@pytest.mark.parametrize("text, frame", [
    ("我问同事为什么不辞职", "我该辞职"),  # s25a: was the user's own view against 辞职, certain
    ("我也问过小刘为什么要辞职", "我该辞职"),  # was the user's own view for it
    ("我问我妈当年为什么不买房", "我该买房"),
    ("我问闺蜜为什么不跟她男朋友分手", "我该和他分手"),
    ("我问阿杰为什么不养猫", "我该养猫"),
    ("我问同事为什么不辞职，他说房贷压着", "我该辞职"),  # their answer is about their own choice too
])
def test_the_user_asking_someone_about_their_own_choice_takes_no_side(text, frame):
    reading = read(text, frame_for(frame))
    assert (reading.speaker, reading.side) == (None, 0), reading


@pytest.mark.parametrize("conclusion, text, who, side", [
    # s26a: the user asking why someone urges them was the user's own view (against 辞职, certain)
    ("我该辞职", "我问我妈为什么不让我辞职", "我妈", -1),
    ("我该辞职", "我问老婆为什么老催我辞职", "老婆", 1),
    ("我该辞职", "我妈为什么不让我辞职", "我妈", -1),  # wondered, not asked aloud
    ("我该辞职", "我也问过领导为什么不让我走", "领导", -1),
    ("我该养猫", "我问阿杰为什么劝我别养", "阿杰", -1),
    ("我该买房", "我问老公凭什么不让我买房", "老公", -1),
    ("我该辞职", "我问我妈为什么不让我辞职，她说怕我找不到工作", "我妈", -1),
    ("我该辞职", "我问领导为什么挽留我", "领导", -1),  # keeping the user names leaving itself
    ("我该辞职", "我问领导为什么不放我走", "领导", -1),
    ("我该和他分手", "我问他为什么还挽留我", "他", -1),
])
def test_asking_why_someone_urges_you_is_their_view_never_yours(conclusion, text, who, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side, reading.reported_side) == (who, 0, side), reading


def test_asking_why_someone_urges_you_leaves_your_own_words_after_it_yours():
    reading = read("我问我妈为什么不让我辞职，其实我自己也想走", frame_for("我该辞职"))
    assert (reading.speaker, reading.side) == (None, 1), reading
    own = read("我问老婆我为什么不辞职", frame_for("我该辞职"))  # the user's own challenge, as before
    assert (own.speaker, own.side, own.certain) == (None, 1, False), own


def test_competing_lists_why_someone_urges_you_as_their_view(ws, cli):
    """s26a: "我问我妈为什么不让我辞职" was the user's own counter-evidence to quitting, certain."""
    mom = note(ws, "我问我妈为什么不让我辞职", "职业去留", "2026-03-01")
    data = cli("competing", "我该辞职", "--topic", "职业去留", "--json").json()
    assert data["items"] == []
    assert [(o["claim_id"], o["speaker"]) for o in data["others"]] == [(mom.id, "我妈")]


@pytest.mark.parametrize("text, side, certain", [
    ("我问同事为什么不辞职，其实我自己也想走", 1, True),  # the user's own words after it decide
    ("我问HR为什么工资三年没涨", 1, True),  # the act is not asked about: the user's present, as before
    ("我问老婆我为什么不辞职", 1, False),  # the user's own challenge, asked aloud (was against, certain)
])
def test_asking_someone_else_leaves_the_users_own_words_and_challenges_theirs(text, side, certain):
    reading = read(text, frame_for("我该辞职"))
    assert (reading.speaker, reading.side, reading.certain) == (None, side, certain), reading


@pytest.mark.parametrize("conclusion, text, who, side", [
    # s25a: the act urged by its verb alone took no side ("劝我别养" for 养猫)
    ("我该养猫", "阿杰劝我别养", "阿杰", -1),
    ("我该养猫", "阿杰劝我还是别养了", "阿杰", -1),
    ("我该养猫", "我妈叫我千万别养", "我妈", -1),
    ("我该养猫", "阿杰让我不要养", "阿杰", -1),
    ("我该养猫", "阿杰逼我别养", "阿杰", -1),
    ("我该养猫", "阿杰不让我养", "阿杰", -1),
    ("我该养猫", "老婆非要我养", "老婆", 1),
    ("我该养猫", "阿杰劝我养只猫", "阿杰", 1),
    ("我该买房", "我妈劝我别买", "我妈", -1),
    ("我该买房", "我妈让我赶紧买", "我妈", 1),
    ("我该买房", "老公逼我买", "老公", 1),
    ("我该和他分手", "闺蜜劝我别分", "闺蜜", -1),
    ("我该和他分手", "闺蜜劝我赶紧分", "闺蜜", 1),
    ("我该读研", "导师劝我读", "导师", 1),
    ("我该读研", "我爸让我别读了", "我爸", -1),
    ("我该投资", "老婆不让我投", "老婆", -1),
    ("我该投资", "朋友劝我投一点", "朋友", 1),
    ("我该辞职", "我妈劝我别辞", "我妈", -1),
    # advice said (说) in the imperative, with 赶紧/还是/干脆… or closed by 吧
    ("我该和他分手", "闺蜜说赶紧分", "闺蜜", 1),
    ("我该读研", "我爸说读吧", "我爸", 1),
    ("我该辞职", "老婆说干脆辞了吧", "老婆", 1),
    ("我该买房", "我妈说还是租吧", "我妈", 0),  # another act
    # advice not to be rash or to put up with it is against the act (别冲动 was read as for it)
    ("我该辞职", "老婆让我别冲动", "老婆", -1),
    ("我该辞职", "同事劝我忍忍", "同事", -1),
    # another act, or another object, is no view on this one
    ("我该买房", "老公逼我买车", "老公", 0),
    ("我该养猫", "阿杰劝我养狗", "阿杰", 0),
    ("我该读研", "导师劝我读博", "导师", 0),
])
def test_an_act_urged_by_its_verb_alone_is_the_view(conclusion, text, who, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side, reading.reported_side) == (who, 0, side), reading


@pytest.mark.parametrize("conclusion, text, side", [
    # s25a: the act by its verb alone in the user's own words took no side
    ("我该买房", "算了，不买了", -1),
    ("我该和他分手", "我不想分", -1),
    ("我该读研", "我不想读了，想早点挣钱", -1),
    ("我该养猫", "掉毛那么厉害，想了想还是不养了", -1),
    ("我该养猫", "说实话我是真想养", 1),
    ("我该辞职", "我妈劝我别辞，我说我偏要辞", 1),  # the user's answer
    ("我该在返岗前给娃断奶", "虽然舍不得，但是早断晚断都得断", 1),  # was against it
    ("我该买房", "房子还是得买", 1),  # the act's object said first
    ("我该和他分手", "分是肯定要分的", 1),
    ("我该辞职", "这样下去身体要垮，不辞不行了", 1),  # 不V不行 insists (was against quitting)
    ("我该和他分手", "非分不可", 1),
    # ... but not where another thing, or another person, may be what the verb is about
    ("我该买房", "老公不想买", 0),
    ("我们先不搬去康养社区", "老周听说要搬，一整晚都没说话", 0),
    ("我该和他分手", "我十分了解他", 0),
])
def test_the_act_named_by_its_verb_alone_in_the_users_words(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side) == (None, side), reading
    assert read("那件大衣太贵了，不买了", frame_for("我该买房")).cue != "买房"  # the coat is what is not bought


@pytest.mark.parametrize("conclusion, text, side", [
    # s27: the user's "I don't want to …" opening a clause refuses what follows to its end, so a
    # negated act inside it is wanted (was against marrying, certain: the 不想 was outside the window)
    ("我该和他结婚", "我不想一辈子就这么谈着恋爱不结婚", 1),
    ("我该和他结婚", "我真的不想就这样拖着一直不结婚", 1),
    ("我该和他结婚", "我可不想因为这点钱就不结婚了", 1),
    ("我该辞职", "我受不了天天加班还不辞职的自己", 1),
    ("我该辞职", "我不想再这样耗着一直不辞职", 1),
    # ... but a plain no stays one, and so does the act said of someone the user tells
    ("我该和他结婚", "我不想结婚", -1),
    ("我该和他结婚", "我不想让他知道我一直不结婚", -1),
    ("我该辞职", "我不想再加班了，但也没打算辞职", -1),
])
def test_not_wanting_to_go_on_without_the_act_is_for_it(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side, reading.certain) == (None, side, True), reading


def test_a_search_synonym_that_is_a_noun_is_not_named_by_its_first_character():
    """The act by its verb alone (辞 for 辞职) is the conclusion's own act; a search synonym may be a
    noun (退休金, 娃他妈) or a vague verb's phrase (弄饭): "我还没退", "不能耽误娃" and "不看咋弄"
    named none of them (s27: the blind vocabulary round added such words to the groups, and the
    crowded stance bench showed them as the user's counter-evidence)."""
    from mylife_core.pipeline.stance import _act_at

    frame = frame_for("我该存点养老钱", extra=["退休金", "娃他妈", "弄饭", "辞职"])
    assert _act_at("退", frame) is None and _act_at("娃", frame) is None and _act_at("弄", frame) is None
    assert _act_at("退休金", frame) == "退休金"  # the word itself still names it
    assert _act_at("辞了吧", frame) == "辞职"  # a synonym that is a verb and its object still does
    assert _act_at("存了吧", frame_for("我该存钱")) == "存钱"  # the conclusion's own act, as before
    assert read("三万是多，俺多干三个月就有了，不能耽误娃", frame).side == 0


@pytest.mark.parametrize("conclusion, text, side", [
    # s25a: an act refused with no 如果 before its harm was read as a plain "no" to it, certain
    ("我该读研", "不读研以后很难升职", 1),
    ("我该投资", "不投就是等着贬值", 1),
    ("我该买房", "现在不买，以后只会更贵", 1),  # the cost rising is the harm of waiting
    ("我该买房", "再不买，以后只会更贵", 1),  # was against buying, as 再不… too
    ("我该和他分手", "不分的话，只会互相折磨", 1),  # a complaint word: sure only with more of them
    ("我该辞职", "不辞职的话，每个月还有稳定收入", -1),  # what not acting keeps is against the act
    ("我该买房", "不买，太贵了", -1),  # no consequence: a plain no
    # set phrases that weigh the act (与其…不如…, 早X早Y): took no side or the wrong one
    ("我该买房", "与其买房不如租房，还自在", -1),
    ("我该投资", "与其拿去投资，还不如留着应急", -1),
    ("我该换个城市生活", "与其在这里耗着，不如换个城市", 1),
    ("我该买房", "早买早安心", 1),
    ("我该和他分手", "早分早解脱", 1),
])
def test_a_refused_act_and_set_phrases_weigh_the_act(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side) == (None, side), reading
    assert reading.certain or "折磨" in text, reading


@pytest.mark.parametrize("conclusion, text, who, side", [
    # s25a: the user's own words were set apart as someone else's view
    ("我该辞职", "我决定再坚持一年", None, -1),  # was 「我决定再」's (坚持 reports: "他坚持说…")
    ("我该辞职", "我打算再坚持一年", None, -1),
    ("我该辞职", "我要求自己再坚持一年", None, -1),
    ("我该买房", "要我说，还是先租着", None, 0),  # was 「?」's: 要我说 is "if you ask me"
    ("我该辞职", "有个同事最近在追求我", None, 0),
    # urging in more words, and the speaker without how they said it
    ("我该辞职", "老板求我别走", "老板", -1),  # took no side and was the user's own
    ("我该辞职", "他要求我留下", "他", -1),  # was the user's own "留下", certain
    ("我该买房", "我妈哭着不让我买，说背一辈子债", "我妈", -1),  # was 「我妈哭着」
    ("我该辞职", "我们领导坚持要我留下", "我们领导", -1),
    ("我该辞职", "我邻居说辞职挺好", "我邻居", 1),
])
def test_the_users_own_doing_is_theirs_and_urging_in_more_words_is_a_view(conclusion, text, who, side):
    reading = read(text, frame_for(conclusion))
    got = reading.side if who is None else reading.reported_side
    assert (reading.speaker, got) == (who, side), reading
    if who is not None:
        assert reading.side == 0, reading


@pytest.mark.parametrize("conclusion, text, side", [
    # s26a: the act judged the better choice took no side: the user's plainest view was not shown
    ("我该辞职", "我觉得还是辞职好", 1),
    ("我该买房", "我觉得还是不买好", -1),
    ("我该买房", "还是买了好", 1),  # by its verb alone
    ("我该辞职", "想来想去，还是辞了好", 1),
    ("我该辞职", "眼下还是先不辞的好", -1),
    ("我该和他分手", "我觉得还是不分的好，毕竟七年了", -1),
    ("我该辞职", "我觉得辞职挺好的", 1),  # a good word about the act, as before
    # not the user's choice, no act, or another thing the verb is about: no side
    ("我该辞职", "他辞职好", 0),
    ("我该辞职", "一路走好", 0),
    ("我该买房", "衣服还是不买好", 0),
    ("我该辞职", "我觉得还是辞职好？", 0),  # asked, not said
])
def test_the_act_judged_the_better_choice_takes_its_side(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side) == (None, side), reading
    assert reading.certain == bool(side), reading
    view = read("我妈说还是辞职好", frame_for("我该辞职"))  # someone else's preference is their view
    assert (view.speaker, view.side, view.reported_side) == ("我妈", 0, 1), view


@pytest.mark.parametrize("conclusion, text, who, side", [
    # s26a: someone keeping the user, or threatening them, took no side
    ("我该辞职", "领导挽留我", "领导", -1),
    ("我该辞职", "老板再三挽留，说年后给我调岗", "老板", -1),  # what they offer does not turn it
    ("我该辞职", "老板死活不放人", "老板", -1),
    ("我该和他分手", "他哭着挽留我", "他", -1),
    ("我该留在现在的公司", "领导挽留我", "领导", -1),  # against leaving, so for staying
    ("我该辞职", "我爸说辞了就别回来找他", "我爸", -1),
    ("我该辞职", "我妈说你敢辞职就别进这个家门", "我妈", -1),  # was her view for it (敢 as a want word)
    ("我该辞职", "我妈说辞职了就跟你断绝关系", "我妈", -1),
    ("我该和他分手", "他说我要是分手就别想再找他", "他", -1),
    # keeping is about leaving only; a promise is no threat; conditional advice is no threat
    ("我该买房", "中介挽留我", "中介", 0),
    ("我该辞职", "老婆说辞职了就和你一起去旅游", "老婆", 0),
    ("我该买房", "我妈说要买也别买太大的", "我妈", 0),
])
def test_someone_keeping_or_threatening_you_is_their_view_against_the_act(conclusion, text, who, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side, reading.reported_side) == (who, 0, side), reading


def test_competing_lists_someone_keeping_you_apart_and_an_adopted_one_as_yours(ws, cli):
    """s26a: "领导挽留我" and "我爸说辞了就别回来找他" were shown on neither side."""
    boss = note(ws, "领导挽留我", "职业去留", "2026-03-01")
    dad = note(ws, "我爸说辞了就别回来找他", "职业去留", "2026-03-02")
    data = cli("competing", "我该辞职", "--topic", "职业去留", "--json").json()
    assert data["items"] == []
    assert sorted((o["claim_id"], o["speaker"]) for o in data["others"]) == sorted([(boss.id, "领导"), (dad.id, "我爸")])
    adopted = read("领导挽留我，我觉得他说得对", frame_for("我该辞职"))
    assert (adopted.speaker, adopted.side, adopted.form) == (None, -1, "adopted"), adopted


def test_competing_shows_both_sides_of_why_nots_and_urgings_and_no_question_about_another(ws, cli):
    """s25a: "同事问我为什么不辞职" was listed as the colleague's view against quitting, "老婆劝我别辞"
    was not listed at all, and "我问同事为什么不辞职" (the colleague's own choice) was the user's
    counter-evidence, certain."""
    why_not = note(ws, "同事问我为什么不辞职", "职业去留", "2026-03-01")
    asked = note(ws, "我问同事为什么不辞职", "职业去留", "2026-03-02")
    wife = note(ws, "老婆劝我别辞", "职业去留", "2026-03-03")
    quitting = cli("competing", "我该辞职", "--topic", "职业去留", "--json").json()
    assert quitting["items"] == []
    assert [(o["claim_id"], o["speaker"]) for o in quitting["others"]] == [(wife.id, "老婆")]
    staying = cli("competing", "我不该辞职", "--topic", "职业去留", "--json").json()
    assert staying["items"] == []
    assert [(o["claim_id"], o["speaker"]) for o in staying["others"]] == [(why_not.id, "同事")]
    assert asked.id not in {i["claim_id"] for i in quitting["items"] + staying["items"]}


@pytest.mark.parametrize("text, frame, side", [
    ("我问自己为什么还不辞职", "我该辞职", 1),  # was against 辞职, marked certain (its 不 read literally)
    ("我怎么还不辞职", "我该辞职", 1),
    ("为什么还不跳槽", "我该跳槽", 1),
    ("我问自己为什么要辞职", "我该辞职", -1),  # was for it, marked certain
    ("我问自己为什么不辞职", "我该辞职", 1),  # s25a: without 还 too (was against 辞职, certain)
    ("我为什么不辞职？", "我该辞职", 1),
])
def test_the_users_challenge_to_themselves_leans_as_it_asks_and_is_unsure(text, frame, side):
    reading = read(text, frame_for(frame))
    assert (reading.speaker, reading.side, reading.certain) == (None, side, False), reading


def test_a_self_challenge_answered_in_the_next_clause_is_read_by_the_answer():
    reading = read("为什么还不辞职？因为存款不够", frame_for("我该辞职"))
    assert reading.side == -1 and reading.speaker is None, reading


@pytest.mark.parametrize("text, who, side", [
    ("阿杰来找我，劝我别养猫", "阿杰", -1),  # s24d: was 「阿杰来找我」
    ("我表哥特意过来，劝我别养猫", "我表哥", -1),
    ("同事老张找我吃饭，劝我养猫", "同事老张", 1),
    ("老公一直想养，说养猫挺好", "老公", 1),
])
def test_a_speaker_named_a_clause_before_is_named_without_what_they_did(text, who, side):
    reading = read(text, frame_for("我该养猫"))
    assert (reading.speaker, reading.side, reading.reported_side) == (who, 0, side), reading
    assert read("阿杰来找我，劝我别养", frame_for("我该养猫")).speaker == "阿杰"


def test_competing_sets_no_question_apart_as_a_view_and_takes_the_bare_answer(ws, cli):
    """s24d: "同事问我想不想走" was listed apart as 同事's view for leaving (a question is no view), and
    "老板问我走不走，我回答走" took no side (the user's answer, the act alone, was lost)."""
    note(ws, "同事问我想不想走", "职业去留", "2026-03-01")
    answer = note(ws, "老板问我走不走，我回答走", "职业去留", "2026-03-02")
    data = cli("competing", "我不该跳槽", "--topic", "职业去留", "--json").json()
    assert [(i["claim_id"], i["speaker"], i["stance"]) for i in data["items"]] == [(answer.id, None, "contradicts")]
    assert data["others"] == []


@pytest.mark.parametrize("text, who", [
    ("老板劝我留下，我说再想想", "老板"),  # an answer that takes no side leaves the view theirs
    ("老板劝我别走，我说不过他", "老板"),  # 说不过: no answer
])
def test_a_reply_that_answers_nothing_leaves_the_view_theirs(text, who):
    reading = read(text, frame_for("我该跳槽"))
    assert reading.speaker == who and reading.side == 0 and reading.reported_side == -1, reading


@pytest.mark.parametrize("text, who, side", [
    ("我妈的意思是现在别买", "我妈", 0),
    ("按我爸的说法，房价还得跌", "我爸", 0),
    ("在我婆婆看来，买房就是浪费钱", "我婆婆", -1),
    ("我妈唠叨了一晚上，说买了压力大", "我妈", 0),  # whose view, not its side: 压力大 segments differently once other tests load words
    ("我爸一听就骂我乱花钱", "我爸", -1),
    ("闺蜜的建议是先租着", "闺蜜", 0),
    ("我妈不太赞成", "我妈", -1),
    ("老婆不看好现在买", "老婆", -1),
    ("我爸也不反对", "我爸", 1),
])
def test_views_reported_in_other_words_are_never_the_users(text, who, side):
    reading = read(text, frame_for("我该买房"))
    assert reading.speaker == who and reading.side == 0 and not reading.own
    if side:
        assert reading.reported_side == side


def test_the_users_own_words_with_a_reporting_verb_stay_theirs():
    frame = frame_for("我该买房")
    assert read("我不太赞成现在买", frame).own and read("我不太赞成现在买", frame).side == -1
    assert read("看来我还是得再等等", frame).own


@pytest.mark.parametrize("text, side", [
    ("妈妈劝过我，但我绝不想走", -1),  # session 21: was set apart under 妈妈's name
    ("妈妈劝过我，但是我真的不想走", -1),
    ("我妈劝我跳槽，可是我舍不得这里", -1),
    ("老公说外面机会多，但我不想折腾", -1),
    ("妈妈劝我别走，但我还是想走", 1),
    # session 22: every contrast word the reader knows (cues.CONTRAST, and 可), the user's household
    # as a place or a unit (not a person), 我们 as the subject
    ("表哥劝我跳槽，可我家里离不开我", -1),
    ("表哥劝我跳槽，只是我家里离不开我", -1),
    ("表哥劝我跳槽，可我们家就靠我这份稳定工资", -1),
    ("表哥劝我跳槽，可我们还有房贷要还", -1),
    ("表哥劝我跳槽，只是我不想走", -1),
    ("表哥劝我跳槽，不过我不想走", -1),
    ("表哥劝我跳槽，然而我舍不得这里", -1),
    ("表哥劝我跳槽，就怕我走了家里没人管", -1),  # read with its 就怕
    ("妈妈劝我别走，其实我早就想走了", 1),
])
def test_a_view_then_the_users_own_contrast_is_the_users_statement(text, side):
    reading = read(text, frame_for("我该跳槽"))
    assert (reading.speaker, reading.side, reading.certain, reading.form) == (None, side, True, "concession"), reading


@pytest.mark.parametrize("text, who", [
    ("妈妈劝我走，但我爸说别走", "妈妈"),  # the contrast names someone else
    ("妈妈劝我走，但我们组长说别走", "妈妈"),  # 我们 is not the subject: the one who speaks is
    ("妈妈劝过我，但她也说随我", "妈妈"),
    ("老婆说借可以，但最多三万，多了免谈", "老婆"),  # the view's own condition, no 我
    ("表哥劝我跳槽，可他自己也没跳", "表哥"),
    ("表哥劝我跳槽，可妈妈说别走", "表哥"),
    ("表哥劝我跳槽，可我老公不想走", "表哥"),  # 我老公 is the subject: his want
    ("表哥劝我跳槽，可我家里不想我走", "表哥"),  # the household wants something itself
    ("表哥劝我跳槽，可我家人都反对", "表哥"),  # a person of the household
    ("表哥劝我跳槽，只是我们领导说别走", "表哥"),
])
def test_a_contrast_that_is_not_the_users_leaves_the_view_someone_elses(text, who):
    reading = read(text, frame_for("我该跳槽"))
    assert reading.speaker == who and reading.side == 0, reading


@pytest.mark.parametrize("text, who", [
    ("猎头称去大厂薪资可涨约三成", "猎头"),
    ("猎头声称去大厂薪资可涨约三成", "猎头"),
    ("老同事称那边天天加班", "老同事"),
    ("中介号称这套房明年能涨两成", "中介"),  # a professional's claim is not a fact told
    ("据猎头说去大厂薪资可涨约三成", "猎头"),  # 据 is not part of the name
    ("听猎头说去大厂薪资可涨约三成", "猎头"),
    ("猎头表示去大厂薪资可涨约三成", "猎头"),
])
def test_reporting_verbs_of_written_words_name_the_speaker(text, who):
    reading = read(text, frame_for("我该跳槽"))
    assert reading.speaker == who and reading.side == 0 and reading.reported_side != 0, reading


@pytest.mark.parametrize("text, side", [
    ("现在的岗位再干两年就能评中级职称了", -1),  # 称 inside 职称 reports nothing
    ("这个团队堪称业内最好", 0),
    ("早上称体重又重了两斤", 0),
    ("医生称这颗牙已经横着长了", 0),  # a fact a doctor told, as with 说
    ("据说去大厂薪资可涨约三成", 1),  # hearsay with no one named: a fact the user records, as 听说 is
])
def test_cheng_that_reports_nothing_or_no_one_stays_the_users(text, side):
    reading = read(text, frame_for("我该跳槽"))
    assert reading.speaker is None and reading.side == side, reading


def test_a_negative_conclusion_flips_what_counts_against_it():
    frame = frame_for("我不该借钱给小赵")
    assert frame.side == -1
    assert read("他这次是孩子住院，真的是急用", frame).against(frame)
    assert not read("我自己还背着网贷，哪有余钱借人", frame).against(frame)


# ------------------------------------------------------------------------------ counter-evidence by meaning


def test_counter_evidence_in_other_words_and_others_views_apart(ws):
    note(ws, "同事们都很照顾我，真舍不得", "职业去留", "2026-03-01")
    note(ws, "想跳槽", "职业去留", "2026-01-10")
    note(ws, "表姐说现在外面行情差，骑驴找马比较稳", "职业去留", "2026-04-01")
    note(ws, "今天中午食堂的红烧肉咸死了", "生活", "2026-04-02")
    result = find_competing(ws, "我该跳槽", topic="职业去留")
    texts = {i.text: i for i in result.items}
    assert set(texts) == {"同事们都很照顾我，真舍不得"}  # no shared word with the conclusion
    assert texts["同事们都很照顾我，真舍不得"].stance == "weakens" and texts["同事们都很照顾我，真舍不得"].speaker is None
    assert [(o.text, o.speaker) for o in result.others] == [("表姐说现在外面行情差，骑驴找马比较稳", "表姐")]
    data = result.to_json()
    assert data["others"][0]["speaker"] == "表姐" and data["items"][0]["certain"] is True


def test_the_users_words_after_a_view_are_evidence_and_a_claim_reported_is_not(ws):
    note(ws, "妈妈劝过我，但我绝不想走", "职业去留", "2026-03-01")
    note(ws, "猎头称去大厂薪资可涨约三成", "职业去留", "2026-03-02")
    note(ws, "老同事称那边天天加班", "职业去留", "2026-03-03")
    mine = find_competing(ws, "我该跳槽", topic="职业去留")
    assert [(i.text, i.speaker, i.stance) for i in mine.items] == [("妈妈劝过我，但我绝不想走", None, "contradicts")]
    assert [(o.text, o.speaker) for o in mine.others] == [("老同事称那边天天加班", "老同事")]
    staying = find_competing(ws, "我不该跳槽", topic="职业去留")
    assert not any("猎头" in i.text for i in staying.items)  # never the user's own evidence for leaving
    assert ("猎头称去大厂薪资可涨约三成", "猎头") in [(o.text, o.speaker) for o in staying.others]


def test_competing_lists_the_users_answer_as_theirs_and_names_who_urged_without_adverbs(ws, cli):
    """Session 24: "同事问我想不想走，我说不想" was set apart as 同事's view (the user's answer lost),
    and "老婆一直不让我裸辞" was 「老婆一直」's view."""
    answer = note(ws, "同事问我想不想走，我说不想", "职业去留", "2026-03-01")
    wife = note(ws, "老婆一直不让我裸辞", "职业去留", "2026-03-02")
    data = cli("competing", "我该裸辞", "--topic", "职业去留", "--json").json()
    assert [(i["claim_id"], i["speaker"], i["stance"]) for i in data["items"]] == [(answer.id, None, "contradicts")]
    assert [(o["claim_id"], o["speaker"]) for o in data["others"]] == [(wife.id, "老婆")]


def test_competing_without_a_topic_finds_the_decisions_statements_sharing_no_word_with_it(ws, cli):
    """Session 24: without --topic the topic was guessed only from search hits for the conclusion's
    words; "我该跳槽" beside statements that never say 跳槽 had no topic and found nothing."""
    fond = note(ws, "同事们都很照顾我，真舍不得", "职业去留", "2026-03-01")
    note(ws, "今天中午食堂的红烧肉咸死了", "生活", "2026-03-02")
    lens = cli("competing", "我该跳槽", "--json", load_plugins="mylife-career").json()  # the lens decision's topic
    assert lens["topic"] == "职业去留" and [i["claim_id"] for i in lens["items"]] == [fond.id]
    assert cli("competing", "我该跳槽", "--json").json()["items"] == []  # no lens, nothing names the act
    love = note(ws, "热爱这里，绝不想走", "职业去留", "2026-03-03")
    plain = cli("competing", "我该跳槽", "--json").json()  # no lens: where the user took a side on the act
    assert plain["topic"] == "职业去留" and {i["claim_id"] for i in plain["items"]} == {fond.id, love.id}


def test_counter_evidence_in_words_no_list_holds_and_no_health_note(ws):
    """A workspace as a user keeps it: the reasons against are in words of their own, filed in the
    decision's topic; a sleepless night after coffee (another topic) is not dread of the decision."""
    note(ws, "想把现在的房子卖了换套学区房", "住房", "2026-01-10")
    note(ws, "置换下来要多背一百二十万，我们根本还不起", "住房", "2026-02-01")
    note(ws, "虽然一直很想让孩子上好学校，但是搬过去我每天通勤要两个小时", "住房", "2026-02-10")
    note(ws, "一想到要挂牌、看房、搬家就头大", "住房", "2026-03-01")
    note(ws, "下午喝了两杯咖啡，晚上睡不着", "健康", "2026-03-02")
    result = find_competing(ws, "我该卖掉现在的房子换学区房", topic="住房")
    texts = {i.text for i in result.items}
    assert texts == {"置换下来要多背一百二十万，我们根本还不起",
                     "虽然一直很想让孩子上好学校，但是搬过去我每天通勤要两个小时",
                     "一想到要挂牌、看房、搬家就头大"}
    assert all(i.certain and i.speaker is None for i in result.items)


def test_another_decisions_notes_are_not_this_ones_evidence(ws):
    """Keyword-only, one person's notes on two decisions: a money worry about opening a shop, filed
    under 财务, is no counter-evidence for buying a flat, though the notes on the flat speak of
    borrowing from relatives too. (Session 14's relevance feedback from the topic's own words
    reached such notes: in workspaces holding several decisions, `bench/stance.py --crowded`, it
    found 858 other decisions' statements for 25 of the decision's own, and was removed.)"""
    note(ws, "想在老家给爸妈买套房，让他们住得宽敞点", "买房", "2026-01-10")
    note(ws, "首付还得找亲戚凑，每个月的钱更紧了", "买房", "2026-01-20")
    note(ws, "开店的本钱还得找亲戚借，借不到就只能贷款", "财务", "2026-02-01")
    note(ws, "想辞职开个烘焙店", "创业", "2026-02-02")
    note(ws, "周末把阳台的花都换了盆", "生活", "2026-02-03")
    result = find_competing(ws, "我该给爸妈买套房", topic="买房")
    texts = {i.text for i in result.items}
    assert "首付还得找亲戚凑，每个月的钱更紧了" in texts  # the topic's own cost
    assert "开店的本钱还得找亲戚借，借不到就只能贷款" not in texts
    assert "周末把阳台的花都换了盆" not in texts
    assert result.mode == "keyword"


def test_the_opposite_conclusion_finds_the_other_side(ws):
    note(ws, "想跳槽", "职业去留", "2026-01-10")
    note(ws, "热爱这里，绝不想走", "职业去留", "2025-10-01")
    stay = find_competing(ws, "你应该留在现在的公司", topic="职业去留")
    assert [i.text for i in stay.items] == ["想跳槽"]


# ------------------------------------------------------------------------------ the demo's headline answer


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return demo_workspace(tmp_path_factory.mktemp("demo"), NOW)


def demo_ask(root: Path, question: str, *extra: str) -> dict:
    result = run_cli(["ask", question, "--offline", "--no-record", "--json", "--workspace", str(root), *extra],
                     env={"MYLIFE_NOW": NOW, **LENSES})
    assert result.returncode in (0, 10), result.stderr
    return result.json()


def test_the_demo_headline_answer_reads_stances_right(demo):
    answer = demo_ask(demo, "我该不该跳槽？", "--accept-stale", "--accept-missing")["answer"]
    assert answer["decision"] == "跳槽"
    shown = [*answer["competing"], *answer["statements"]]
    by_text = {s["text"]: s for s in answer["statements"]}
    # 「不认同"说不知道就是不想走"」 is not read as against leaving, anywhere
    assert not any("说不知道就是不想走" in item["text"] for item in answer["competing"])
    if "不认同“说不知道就是不想走”" in by_text:
        assert by_text["不认同“说不知道就是不想走”"]["stance"] == 0
    # a friend's view is never the user's: not in the user's counter-evidence, marked in the table
    assert not any("阿杰" in item["text"] for item in answer["competing"])
    for s in shown:
        if s["text"].startswith(("阿杰", "室友阿杰")):
            assert s.get("speaker") and s.get("stance", 0) == 0
    # 「热爱这里，绝不想走」 is not retired by a misreading: the newest firm statement does not reverse it
    retired = {p["text"]: p for p in answer["premises"]}
    assert "热爱这里，绝不想走" not in retired
    # the draft follows the user's newest own statement on leaving ("对新机会有点心动，但不想折腾")
    assert answer["draft_conclusion"] == "我不该跳槽"
    assert all(item["speaker"] is None for item in answer["competing"])


def test_a_question_no_lens_covers_uses_the_users_own_topic(demo):
    stopped = demo_ask(demo, "我最近睡得好吗？")
    assert stopped["status"] == "needs_input"  # the health topic's sleep field is stale: asked first
    assert stopped["answer"]["topic"] == "健康" and "健康" in stopped["answer"]["topic_reason"]
    assert "睡眠时长" in stopped["staleness"]["blocking"]
    data = demo_ask(demo, "我最近睡得好吗？", "--accept-stale")
    answer = data["answer"]
    assert data["status"] == "answered" and answer["topic"] == "健康"
    assert answer["statements"] and {s["topic"] for s in answer["statements"]} == {"健康"}
    text = run_cli(["ask", "我最近睡得好吗？", "--offline", "--no-record", "--accept-stale", "--workspace", str(demo)],
                   env={"MYLIFE_NOW": NOW, **LENSES}).stdout
    assert "按你的记录匹配到主题「健康」" in text and "## 你在「健康」上的多段表述" in text
    city = demo_ask(demo, "换个城市生活", "--accept-stale")["answer"]
    assert city["topic"] != "职业去留"
    assert not any(s["topic"] == "职业去留" for s in city["statements"])


def test_a_question_is_no_topic_through_its_characters_in_different_notes(demo):
    """「我该不该买房？」 on the demo, which never speaks of buying a flat: 买 of 「买电脑」 and 房 of
    「房租」 each sit in a 财务压力 note, and that was matched as the question's topic, so every money
    note of it ("一周外卖花费七百多元", "外卖是最容易压缩的一块支出") was listed as counter-evidence to
    buying a flat. A topic needs one note that says a word of the question."""
    answer = demo_ask(demo, "我该不该买房？", "--accept-stale", "--accept-missing")["answer"]
    assert answer["topic"] is None and not answer["topic_reason"]
    assert answer["statements"] == [] and answer["competing"] == []
    sleep = demo_ask(demo, "我是不是该早点睡？", "--accept-stale", "--accept-missing")["answer"]
    assert sleep["topic"] == "健康"  # 睡 of 睡得 / 早点睡 in one note still links the sleep notes


def test_a_questions_word_is_said_together_not_from_characters_of_other_words(demo):
    """「要不要分手？」 on the demo was matched to 财务压力 through 「手机可能也有分期，期数记不清」: 分 of
    分期 and 手 of 手机 in one note, and the money notes were listed as counter-evidence to 「要分手」.
    The characters of a word must be said together (the word, a word of the note holding them,
    or a synonym), while one meaningful character still links (睡 of 睡得 in 「入睡」)."""
    from mylife_core.pipeline.topics import _holds

    assert not _holds("手机可能也有分期，期数记不清", "分手")
    assert _holds("昨晚又吵架了，想分手", "分手") and _holds("睡眠不好，入睡很晚", "睡得")
    assert _holds("他把手分开了", "分手") is False and _holds("说了分手", "想分手")  # 想 carries no meaning
    assert _holds("周末去健身房", "健身房间", tokens=lambda text: ["周末", "去", "健身房"]) is False
    assert _holds("周末去健身房了", "身健", tokens=lambda text: ["周末", "去", "健身房", "了"])  # in one word
    answer = demo_ask(demo, "要不要分手？", "--accept-stale", "--accept-missing")["answer"]
    assert answer["topic"] is None and not answer["topic_reason"]
    assert answer["statements"] == [] and answer["competing"] == []
    # 「要不要养狗？」: its 要 found 「预计最后还是要出钱」, whose 家庭 became the topic of the search hits
    dog = demo_ask(demo, "要不要养狗？", "--accept-stale", "--accept-missing")["answer"]
    assert dog["topic"] is None and dog["statements"] == [] and dog["competing"] == []
    assert demo_ask(demo, "我最近睡得好吗？", "--accept-stale", "--accept-missing")["answer"]["topic"] == "健康"


def test_a_question_is_not_about_a_topic_by_to_whom_or_a_verbs_one_character(demo):
    """「要不要借钱给朋友？」 took 职业去留 as its topic through 朋友 of 「按朋友建议把学历放在简历最后」,
    and 「要不要换城市？」 through 换 of 「换工作」: the career notes on overtime were then listed as
    weakening 「不要借钱给朋友」. To whom the act is done (给朋友) and a verb's one character before its
    object (换 of 换城市, 学 of 学英语) do not name the act; 「新岗位要学 Flink」 is not learning English."""
    from mylife_core.pipeline.stance import frame_for

    assert frame_for("我该借钱给朋友").aside == ("朋友",) and frame_for("我该换城市").aside == ("换",)
    assert "学" not in frame_for("我该学英语").act and "猫" in frame_for("我该养只猫").act
    assert frame_for("我该多陪父母").aside == ("多", "陪")  # 父母 is what is done when nothing else is
    for question in ("要不要借钱给朋友？", "要不要换城市？"):
        answer = demo_ask(demo, question, "--accept-stale", "--accept-missing")["answer"]
        shown = [*answer["statements"], *answer["competing"]]
        assert answer["topic"] != "职业去留" and not any(s["topic"] == "职业去留" for s in shown), (question, shown)
    english = demo_ask(demo, "要不要学英语？", "--accept-stale", "--accept-missing")["answer"]
    assert not any("Flink" in c["text"] for c in english["competing"])
    result = run_cli(["competing", "我不该学英语", "--json", "--workspace", str(demo)], env={"MYLIFE_NOW": NOW, **LENSES})
    assert result.returncode == 0, result.stderr
    assert not any("Flink" in c["text"] for c in result.json()["items"])
    # the act itself still names the topic: 「要不要回老家发展？」 is the user's 家庭
    assert demo_ask(demo, "要不要回老家发展？", "--accept-stale", "--accept-missing")["answer"]["topic"] == "家庭"


def test_the_question_back_does_not_deny_the_counter_evidence_shown_above_it(tmp_path):
    """Found by a tester: the brief listed 「现在的领导其实很照顾我…」 as possibly weakening 「要换工作」,
    and the question under it said 「你关于「跳槽」的 5 段表述都没有出现明显的反面」: it counted only the
    sides the rules are sure of. When the statements take one side, the question now asks about the
    counter-evidence the brief shows, and cites it."""
    root = tmp_path / "ws"
    env = {"MYLIFE_NOW": NOW, **LENSES}
    assert run_cli(["init", "--workspace", str(root)], env=env).returncode == 0
    for text, kind, at in (("这家公司我一天也不想多待了", "assessment", "2026-01-05"),
                           ("新公司的机会不等人，错过就没了", "assessment", "2026-02-05"),
                           ("现在的领导其实很照顾我，换个地方未必遇得到", "assessment", "2026-03-05"),
                           ("我受够了，下周就去递辞呈", "assessment", "2026-06-05")):
        done = run_cli(["claim", "add", text, "--topic", "职业去留", "--kind", kind, "--at", at,
                        "--workspace", str(root)], env=env)
        assert done.returncode == 0, done.stderr
    answer = demo_ask(root, "要不要换工作", "--accept-stale", "--accept-missing")["answer"]
    against = [c for c in answer["competing"] if c["text"].startswith("现在的领导其实很照顾我")]
    assert against, answer["competing"]
    question = answer["question_back"]
    assert "没有出现明显的反面" not in question["text"]
    assert "现在的领导其实很照顾我" in question["text"] and against[0]["claim_id"] in question["claim_ids"]


def test_the_draft_follows_the_users_side_when_the_yes_draft_is_against_the_act(tmp_path):
    """Found by a second tester: with three notes for quitting, 「我该不该留下来？」 drafted 「我该留下来」
    (the statements' stance is toward the act, leaving; the yes draft is against it), listed the
    user's own 「我想辞职」 as its counter-evidence, and asked about it as if no statement disagreed."""
    root = tmp_path / "ws"
    env = {"MYLIFE_NOW": NOW, **LENSES}
    assert run_cli(["init", "--workspace", str(root)], env=env).returncode == 0
    for text in ("我想辞职", "这工作干得太憋屈了", "下个月就去找新工作"):
        done = run_cli(["claim", "add", text, "--topic", "职业去留", "--kind", "assessment", "--at", "2026-11-05",
                        "--workspace", str(root)], env=env)
        assert done.returncode == 0, done.stderr
    stay = demo_ask(root, "我该不该留下来？", "--accept-stale", "--accept-missing")["answer"]
    assert stay["draft_conclusion"] == "我不该留下来" and stay["competing"] == []
    assert demo_ask(root, "我该不该辞职？", "--accept-stale", "--accept-missing")["answer"]["draft_conclusion"] == "我该辞职"


def test_the_question_back_quoting_a_raw_line_is_not_refused_by_the_judge(tmp_path):
    """Found by a second tester: the question back quoted a recorded line (cited by its pointer)
    beside a claim; the judge looked for the quote in the claim's words only, and withheld MyLife's
    own question under 无依据，未采纳. The lines a sentence cites by pointer are its words too."""
    root = tmp_path / "ws"
    env = {"MYLIFE_NOW": NOW, **LENSES}
    assert run_cli(["init", "--workspace", str(root)], env=env).returncode == 0
    assert run_cli(["record", "我想辞职\r其实不想了。\n", "--topic", "职业去留", "--workspace", str(root)], env=env).returncode == 0
    assert run_cli(["claim", "add", "辞职的想法：受够了", "--topic", "职业去留", "--kind", "assessment",
                    "--workspace", str(root)], env=env).returncode == 0
    answer = demo_ask(root, "我该不该辞职？", "--accept-stale", "--accept-missing")["answer"]
    assert "我想辞职" in answer["question_back"]["text"]
    assert answer["unsupported"] == [], answer["unsupported"]


def test_a_decisions_word_of_aside_characters_and_a_bound_head_name_no_topic(demo):
    """Found by a second tester: 「要学英语」 (ask's draft of 「要不要学英语？」) is cut 要学/英语, and 要学 said
    学 of 「新岗位要学 Flink」: competing took 职业去留 and listed eight career notes. 补习班's last character
    班 was an act word of 「要给孩子报补习班」, and 「周末基本不再加班」 was 「在「班」上与结论相反」."""
    from mylife_core.pipeline.stance import frame_for

    assert "班" not in frame_for("要给孩子报补习班").act and "房" in frame_for("我该换学区房").act
    for conclusion in ("要学英语", "我要学英语", "要给孩子报补习班"):
        result = run_cli(["competing", conclusion, "--json", "--workspace", str(demo)], env={"MYLIFE_NOW": NOW, **LENSES})
        assert result.returncode == 0, result.stderr
        doc = result.json()
        assert doc["topic"] != "职业去留" and not any(i["topic"] == "职业去留" for i in doc["items"]), (conclusion, doc["items"])
    answer = demo_ask(demo, "要不要给孩子报补习班？", "--accept-stale", "--accept-missing")["answer"]
    assert not any(c["topic"] == "职业去留" for c in answer["competing"]), answer["competing"]


def test_fields_guessed_from_a_topics_notes_bring_no_other_topics_counter_evidence(demo):
    """「要不要开始健身？」 is the user's 健康 (运动, 跑步); one health note saying 加班 made 加班强度 one of
    its fields, and through it 「周末基本不再加班」 and 「如果强度保持现在这样，不一定要走」 (职业去留) were
    counter-evidence to 开始健身. As for premises, fields no lens gave keep to the topic."""
    answer = demo_ask(demo, "要不要开始健身？", "--accept-stale", "--accept-missing")["answer"]
    assert answer["topic"] == "健康"
    assert all(c["topic"] == "健康" for c in answer["competing"]), answer["competing"]


def test_a_claim_is_quoted_as_said_only_when_it_is_the_users_words(demo):
    """Claims are distillations: 「对加班反复感到失望」 cites raw/…-career.md#L3, 「我还以为好日子能多过几天」. The brief wrote 「你在 2026-07…说「对加班反复感到失望」」; where it says the user said
    something it now quotes their words, and a summary is worded as one, their words beside it."""
    from mylife_core.pipeline.quoting import quoted, said, verbatim

    assert verbatim("想跳槽", "想跳槽。真的想跳槽。") and verbatim("如果裸辞，存款撑不到三个月", "如果裸辞存款撑不到三个月")
    assert not verbatim("对加班反复感到失望", "我还以为好日子能多过几天") and not verbatim("想跳槽", None)
    assert said("想跳槽", "想跳槽。真的想跳槽。") == "说「想跳槽」"
    assert said("对加班反复感到失望", "我还以为好日子能多过几天") == "记下「对加班反复感到失望」（原话：「我还以为好日子能多过几天」）"
    assert said("对加班反复感到失望", None) == "记下「对加班反复感到失望」"
    assert quoted("对加班反复感到失望", "我还以为好日子能多过几天").startswith("记下的「对加班反复感到失望」")
    result = run_cli(["ask", "我该不该跳槽？", "--offline", "--no-record", "--accept-stale", "--accept-missing",
                      "--workspace", str(demo)], env={"MYLIFE_NOW": NOW, **LENSES})
    text = result.stdout
    assert "说「对加班反复感到失望」" not in text and "说「对新机会有点心动，但不想折腾」" not in text
    assert "记下「对加班反复感到失望」（原话：「我还以为好日子能多过几天」）" in text  # the question back
    assert "记下「对新机会有点心动，但不想折腾」（原话：「有点心动，又有点懒得折腾」）" in text  # ... and the premise
    assert "记下的「对加班反复感到失望」（原话：「我还以为好日子能多过几天」）—— " in text  # a counter-evidence line
    assert "「想跳槽」—— " in text  # a claim that is the user's words stays quoted as they are
    answer = demo_ask(demo, "我该不该跳槽？", "--accept-stale", "--accept-missing")["answer"]
    item = next(c for c in answer["competing"] if c["text"] == "对加班反复感到失望")
    assert item["words"] == "我还以为好日子能多过几天"
    english = run_cli(["ask", "我该不该跳槽？", "--offline", "--no-record", "--accept-stale", "--accept-missing",
                       "--workspace", str(demo)], env={"MYLIFE_NOW": NOW, "MYLIFE_LANG": "en", **LENSES}).stdout
    assert 'you said "对加班反复感到失望"' not in english
    assert 'you noted "对加班反复感到失望" (in your words: "我还以为好日子能多过几天")' in english


def test_a_lens_topic_the_user_files_nothing_under_gives_way_to_theirs(demo):
    """「我该不该多存点钱？」 names the finance lens's topic 现金流 (its alias 钱), under which the demo
    files nothing: its 28 money notes are under the user's own 财务压力. The brief said the user had
    left no statement. Now the evidence comes from the topic the notes found live under, and says so."""
    answer = demo_ask(demo, "我该不该多存点钱？", "--accept-stale", "--accept-missing")["answer"]
    assert answer["topic"] == "财务压力"
    assert "现金流" in answer["topic_reason"] and "财务压力" in answer["topic_reason"]
    assert sum(s["topic"] == "财务压力" for s in answer["statements"]) >= 5


def test_a_lens_decision_no_note_names_is_found_by_the_words_the_lens_says_people_use(demo):
    """「我该不该省钱？」 is the finance lens's 削减开支 (alias 省钱) under 现金流, where the demo files
    nothing, and no note says 省钱: the brief showed no statement and no counter-evidence, beside 28
    money notes about 外卖 and 月光. The lens's keywords for the decision (外卖, 月光, 记账 …) find
    where the user writes about it; and for an act of spending less, what costs money is why to
    save, not the act's cost (「外卖减半」 was shown as weakening it, and 「两千多」 of a gadget)."""
    answer = demo_ask(demo, "我该不该省钱？", "--accept-stale", "--accept-missing")["answer"]
    assert answer["topic"] == "财务压力" and "现金流" in answer["topic_reason"]
    texts = {s["text"] for s in answer["statements"]}
    assert {"一周外卖花费七百多元", "开始带饭，外卖减半"} <= texts
    against = {c["text"] for c in answer["competing"]}
    assert not {"开始带饭，外卖减半", "一周外卖花费七百多元", "担心被裁后存款撑不了几个月",
                "信用卡分期没有还清，剩余总额不清楚"} & against
    assert "存款约四万元" in against  # money put by is the other side, and still shown


@pytest.mark.parametrize("conclusion, text, side", [
    ("我该省钱", "一周外卖花费七百多元", 1),  # spending is the reason to save
    ("我该省钱", "开始带饭，外卖减半", 1),  # the act done
    ("我该省钱", "担心被裁后存款撑不了几个月", 1),  # a worry about money
    ("我该省钱", "信用卡分期没有还清，剩余总额不清楚", 1),  # money in one clause, the worry in the next
    ("我该削减开支", "续租押一付三，一次付出一万多", 1),
    ("我该省钱", "存款约四万元", -1),  # money put by: less reason to
    ("我该省钱", "我担心省钱会影响生活质量", -1),  # a worry about saving itself
    ("我该省钱", "省钱太累了，不想再抠了", -1),
    ("我该辞职", "一周外卖花费七百多元", -1),  # any other act: a cost is its cost, as before
])
def test_for_an_act_of_spending_less_money_reads_the_other_way(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.speaker, reading.side) == (None, side), reading


def test_fields_guessed_from_a_topic_question_no_premises_from_other_topics(demo):
    """「要不要养猫？」 matches the user's topic 生活, whose note 「加班顾不上猫，感到愧疚」 speaks of
    加班强度. That field's change then put the user's 「想跳槽」 and 「无法忍受当前的管理方式」 (职业去留)
    to the cat question as premises to retire. A field only guessed from the topic's notes questions
    the topic's own judgments; a lens decision's declared fields still reach every topic."""
    answer = demo_ask(demo, "要不要养猫？", "--accept-stale", "--accept-missing")["answer"]
    assert answer["topic"] == "生活"
    texts = [p["text"] for p in answer["premises"]]
    assert "加班顾不上猫，感到愧疚" in texts
    assert not {"想跳槽", "无法忍受当前的管理方式", "对加班反复感到失望"} & set(texts)
    job = demo_ask(demo, "我该不该跳槽？", "--accept-stale", "--accept-missing")["answer"]
    assert any(p["kind"] == "field_changed" and p["text"] == "财务压力大" for p in job["premises"])  # under 财务压力


# ------------------------------------------------------------------------------ premises by meaning


def test_a_judgment_resting_on_savings_without_naming_it_is_offered_for_retirement(ws, tmp_path_factory):
    """design: "财务压力大" said when savings were 30,000, now 150,000 — without naming the field."""
    from lens_support import import_lens

    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    career = import_lens(tmp_path_factory, "mylife-career")
    root = ws.root
    ws.close()
    ws = Workspace.open(root, plugins=plugin_host(career))
    pressure = note(ws, "最近财务压力很大", "生活", "2026-02-01")
    note(ws, "想跳槽", "职业去留", "2026-03-01")
    ws.profile.set("现有存款", 30000, ttl_days=3650, ttl_given=True, at=day("2026-01-01"))
    ws.profile.set("现有存款", 150000, at=day("2026-06-01"))
    result = ask(ws, "我该不该跳槽？", AskOptions(record=False, accept_missing=True, accept_stale=True, offline=True))
    premise = next(p for p in result.answer.premises if p.claim_id == pressure.id)
    assert premise.kind == "field_changed" and premise.newer == "现有存款"
    assert "30000 → 150000" in premise.question
    ws.close()


# ------------------------------------------------------------------------------ citations about the sentence


def test_a_citation_unrelated_to_its_sentence_is_refused(ws, fakellm):
    s = seed(ws)
    use_model(ws, fakellm)
    fakellm.script(Reply(text=(f"你的主管管理风格强势，让团队压抑 [{s.mortgage}]。\n"
                               f"你在连续加班三周时说过想辞职 [{s.quit}]。\n")))
    answer = ask(ws, "我该不该辞职？", AskOptions(record=False)).answer
    assert answer.mode == "model"
    assert [j.text for j in answer.judgments] == ["你在连续加班三周时说过想辞职。"]
    refused = next(u for u in answer.unsupported if u.text.startswith("你的主管管理风格"))
    assert [p.problem for p in refused.problems] == ["unrelated"]
    assert "不是一回事" in refused.problems[0].message and s.mortgage in refused.problems[0].message


# ------------------------------------------------------------------------------ the structured stance call


def test_the_model_classifies_candidates_once_and_is_checked(ws, fakellm):
    from mylife_core.llm.settings import load_settings

    love = note(ws, "热爱这里，绝不想走", "职业去留", "2025-10-01")
    friends = note(ws, "同事们都很照顾我，真舍不得", "职业去留", "2026-02-01")
    canteen = note(ws, "今天中午食堂的红烧肉咸死了", "职业去留", "2026-03-01")
    near = note(ws, "离家近，每天能按时接孩子", "职业去留", "2026-04-01")
    late = note(ws, "想跳槽，每天加班到十点", "职业去留", "2026-05-01")
    use_model(ws, fakellm)

    def classify(request) -> Reply:
        sent = json.dumps(request.body["messages"], ensure_ascii=False)
        assert love.id in sent and "热爱这里" in sent and request.body["response_format"] == {"type": "json_object"}
        return Reply(text=json.dumps({"items": [
            {"id": love.id, "stance": "contradicts", "speaker": None, "quote": "绝不想走"},  # agrees with the rules
            {"id": canteen.id, "stance": "contradicts", "speaker": None, "quote": "咸死了"},  # the rules found no side
            {"id": near.id, "stance": "unrelated", "speaker": None, "quote": "离家近"},  # disputes the rules' reading
            {"id": late.id, "stance": "contradicts", "speaker": None, "quote": "加班到十点"},  # the rules read 'supports'
            {"id": "claim-2099-01-01-001", "stance": "contradicts", "quote": "绝不想走"},  # not a candidate
            {"id": friends.id, "stance": "contradicts", "quote": "同事们都很讨厌我"},  # an invented quote
        ]}, ensure_ascii=False))

    fakellm.stance = classify
    result = find_competing(ws, "我该跳槽", topic="职业去留", model=load_settings(ws))
    assert len(fakellm.stance_requests) == 1 and fakellm.requests == []
    info = result.model
    rejected = {r["id"]: r["why"] for r in info["rejected"]}
    assert set(rejected) == {"claim-2099-01-01-001", friends.id}
    assert "不在候选列表" in rejected["claim-2099-01-01-001"] and "不在原文中" in rejected[friends.id]
    items = {i.claim_id: i for i in result.items}
    assert items[love.id].certain is True
    assert items[friends.id].certain is True  # the rules' reading stands when the model's entry is rejected
    # where the rules found no side the model reads alone: uncertain, and said so
    assert items[canteen.id].certain is False and "模型读为「相反」，规则没有读出立场" in items[canteen.id].reason
    # where the two read differently the statement is shown apart, with both readings, for the user
    assert near.id not in items and [d.claim_id for d in result.disputed] == [near.id]
    assert result.disputed[0].certain is False and "模型判断为「无关」，规则判断为「相反」" in result.disputed[0].reason
    assert [d["claim_id"] for d in result.to_json()["disputed"]] == [near.id]
    # the model reads against where the rules read for: listed (the model decides the list), uncertain
    assert items[late.id].certain is False and "模型判断为「相反」，规则判断为「支持」" in items[late.id].reason
    disagreements = sorted(info["disagreements"], key=lambda d: d["id"])
    assert disagreements == [{"id": canteen.id, "model": "contradicts", "rules": "unrelated", "quote": "咸死了"},
                             {"id": near.id, "model": "unrelated", "rules": "contradicts", "quote": "离家近"},
                             {"id": late.id, "model": "contradicts", "rules": "supports", "quote": "加班到十点"}]
    assert result.read_by == "model" and result.reach_note() is None


def test_a_model_reading_someone_elses_view_as_the_users_never_makes_it_so(ws, fakellm):
    """bench/stance.py --oracle 0.1 (a reader wrong on one candidate in ten) found 9 other people's
    views shown as the user's own counter-evidence: a model calling 「阿杰认为…」 the user's
    'contradicts' turned the reported view into the user's. The rules found the speaker; it stays."""
    from mylife_core.llm.settings import load_settings

    friend = note(ws, "阿杰认为我根本不该跳槽", "职业去留", "2025-11-01")
    love = note(ws, "热爱这里，绝不想走", "职业去留", "2025-10-01")
    use_model(ws, fakellm)
    fakellm.stance = Reply(text=json.dumps({"items": [
        {"id": friend.id, "stance": "contradicts", "speaker": None, "quote": "根本不该跳槽"},
        {"id": love.id, "stance": "contradicts", "speaker": None, "quote": "绝不想走"}]}, ensure_ascii=False))
    result = find_competing(ws, "我该跳槽", topic="职业去留", model=load_settings(ws))
    assert [i.claim_id for i in result.items] == [love.id]
    apart = {i.claim_id: i for i in result.others}
    assert set(apart) == {friend.id} and apart[friend.id].speaker == "阿杰" and apart[friend.id].certain is False
    assert "阿杰" in apart[friend.id].reason
    assert result.model["disagreements"] == [{"id": friend.id, "model": "contradicts", "rules": "other",
                                              "quote": "根本不该跳槽"}]


def test_a_model_calling_the_users_own_counter_evidence_someone_elses_never_moves_it(ws, cli, fakellm):
    """QA, session 20: a model answering "other" for the user's own 「热爱这里，绝不想走」, with any
    text as the speaker (here a verdict), took it out of the counter-evidence and listed it under
    别人的看法 as "<verdict> 的看法". A speaker must be named in the statement (else it is refused
    and listed like an invented quote), and a statement the rules read as the user's own and
    against stays the user's: set apart as read differently, with both readings."""
    verdict = "你应该马上跳槽，你的能力远超现在的岗位"
    love = note(ws, "热爱这里，绝不想走", "职业去留", "2025-10-01")
    view = note(ws, "阿杰那句话一直在我脑子里：现在跳槽太冒险", "职业去留", "2025-12-01")
    fakellm.stance = Reply(text=json.dumps({"items": [
        {"id": love.id, "stance": "other", "speaker": verdict, "quote": "绝不想走"},
        {"id": view.id, "stance": "other", "speaker": "阿杰", "quote": "现在跳槽太冒险"}]}, ensure_ascii=False))
    out = cli("competing", "我该跳槽", "--topic", "职业去留", "--json", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    data = out.json()
    assert verdict not in out.stdout
    assert love.id not in [i["claim_id"] for i in data["others"]]
    (disputed,) = data["disputed"]
    assert disputed["claim_id"] == love.id and disputed["speaker"] is None and disputed["certain"] is False
    assert "模型判断为「别人的看法」，规则判断为「相反」" in disputed["reason"]
    # the invented speaker is refused and listed like an invented quote; the named one is kept
    assert [r["id"] for r in data["model"]["rejected"]] == [love.id]
    assert "说话人不在原文中" in data["model"]["rejected"][0]["why"]
    assert [(o["claim_id"], o["speaker"]) for o in data["others"]] == [(view.id, "阿杰")]
    text = cli("competing", "我该跳槽", "--topic", "职业去留", env=fakellm.env()).stdout
    assert verdict not in text and "读法有分歧" in text and "热爱这里，绝不想走" in text.split("读法有分歧")[1]
    assert "热爱这里" not in text.split("别人的看法")[1].split("读法有分歧")[0]


def test_a_failing_stance_call_leaves_the_rules(ws, fakellm):
    from mylife_core.llm.settings import load_settings

    note(ws, "热爱这里，绝不想走", "职业去留", "2025-10-01")
    use_model(ws, fakellm)
    fakellm.stance = Reply(text="这不是 JSON")
    result = find_competing(ws, "我该跳槽", topic="职业去留", model=load_settings(ws))
    assert [i.text for i in result.items] == ["热爱这里，绝不想走"] and result.items[0].certain
    assert "只用规则" in result.model["error"]
    assert result.read_by == "rules" and "不完整" in result.reach_note()
    # rules plus small embeddings also bring in other decisions' notes (bench/stance.py --crowded): said
    assert "别的决定" in result.reach_note()


# ------------------------------------------------------------------------------ a source edited outside MyLife


def test_a_claim_whose_source_changed_is_marked_and_never_evidence_until_confirmed(ws, cli):
    love = note(ws, "热爱这里，绝不想走", "职业去留", "2025-10-01")
    note(ws, "想跳槽", "职业去留", "2026-01-10")
    path = ws.raw.path_of(love.provenance.split("#")[0])
    path.write_bytes("其实也没那么热爱。\n".encode())  # edited outside MyLife
    answer = ask(ws, "我该不该跳槽？", AskOptions(record=False)).answer
    row = next(s for s in answer.statements if s.claim_id == love.id)
    assert row.source_ok is False and row.stance == 0 and row.source_state == "source_changed"
    assert all(c.claim_id != love.id for c in answer.competing)
    assert [p.kind for p in answer.premises if p.claim_id == love.id] == ["source_changed"]
    text = cli("ask", "我该不该跳槽？", "--no-record").stdout
    assert "⚠ 原文已改动，待重新确认 热爱这里" in text
    competing = cli("competing", "你应该立刻辞职", "--topic", "职业去留", "--json").json()
    assert love.id in competing["source_changed"] and love.id not in [i["claim_id"] for i in competing["items"]]
    # maintain marks it stale; the user re-reads the lines and re-confirms it
    maintained = cli("maintain", "--no-input", "--json").json()
    assert maintained["marked_stale"] == [love.id]
    assert cli("claim", "show", love.id, "--json").json()["claim"]["status"] == "stale"
    refused = cli("competing", "你应该立刻辞职", "--topic", "职业去留", "--json").json()
    assert love.id in refused["source_changed"]
    confirmed = cli("claim", "confirm", love.id, "--json").json()
    assert confirmed["changed"] is True and confirmed["claim"]["status"] == "active"
    assert confirmed["lines"] == [{"line": 1, "text": "其实也没那么热爱。"}]
    assert cli("claim", "confirm", love.id, "--json").json()["changed"] is False


# tuning files written blind: each writer saw only the format and the labelling rules
BLIND_TUNING = tuple(f"stance_tuning_{n}{x}.yaml" for n, xs in (("3", "abc"), ("4", "def"), ("5", "ghi"), ("6", "jkl")) for x in xs)


def test_the_labelled_set_is_split_before_anything_is_tuned_on_it():
    """The tuning part is every tuning file (the second was the first held-out part, seen once during
    development and moved to tuning, as its header says; twelve more were written blind); the held-out
    part shares no statement with them. Blind writers may pick the same decision (买车); each
    decision's id and every statement are unique."""
    import yaml

    root = Path(__file__).resolve().parent.parent / "bench" / "data"
    files = {name: yaml.safe_load((root / name).read_text(encoding="utf-8"))
             for name in ("stance_tuning.yaml", "stance_tuning_2.yaml", *BLIND_TUNING)}
    assert {data["part"] for data in files.values()} == {"tuning"}
    assert "can no longer count as" in (root / "stance_tuning_2.yaml").read_text(encoding="utf-8")
    decisions = [d["decision"] for data in files.values() for d in data["decisions"]]
    ids = [d["id"] for data in files.values() for d in data["decisions"]]
    statements = [s["text"] for data in files.values() for d in data["decisions"] for s in d["statements"]]
    assert len(decisions) >= 60 and len(statements) >= 900
    for name in BLIND_TUNING:
        assert "written blind" in (root / name).read_text(encoding="utf-8").lower()
    assert len(set(ids)) == len(ids) and len(set(statements)) == len(statements)
    assert {"跳槽", "买房", "结婚", "辞职考研", "创业", "搬回老家", "看心理医生"} <= set(decisions)
    labels = {s["label"] for data in files.values() for d in data["decisions"] for s in d["statements"]}
    assert labels == {"supports", "contradicts", "unrelated", "other"}
    heldout = root / "stance_heldout.yaml"
    if heldout.exists():  # written apart, by someone who had not seen the code: nothing shared
        data = yaml.safe_load(heldout.read_text(encoding="utf-8"))
        assert not {s["text"] for d in data["decisions"] for s in d["statements"]} & set(statements)
        assert {s["label"] for d in data["decisions"] for s in d["statements"]} <= labels


def test_the_bench_measures_the_model_path_with_an_oracle_reader(tmp_path):
    """``bench/stance.py --oracle E``: the candidates also go through the structured stance call
    (litellm over HTTP to the tests' fake server, ids and quotes checked); a reader that knows the
    labels gives the ceiling of the model path, and a wrong one never turns others' views into the
    user's own."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    figures = {}
    for error in ("0", "0.3"):
        out = subprocess.run([sys.executable, str(root / "bench" / "stance.py"), "--part", "tuning", "--no-vector",
                              "--file", "stance_tuning.yaml", "--oracle", error, "--json"],
                             capture_output=True, text=True, timeout=600, cwd=tmp_path,
                             env={**os.environ, "MYLIFE_LANG": "zh"})
        assert out.returncode == 0, out.stderr[-2000:]
        figures[error] = json.loads(out.stdout)["results"]["tuning/keyword"]
    perfect, wrong = figures["0"], figures["0.3"]
    assert perfect["reader"] == "oracle 0" and wrong["reader"] == "oracle 0.3"
    model = perfect["model"]
    assert model["asked"] > 0 and model["answered"] == model["asked"] and model["rejected"] == 0 and model["error"] == 0
    assert perfect["sure_precision"] == 1.0 and perfect["others_as_user"] == 0
    # a reader wrong on 30% disagrees with the rules more: more is set apart as read differently,
    # less is found
    assert wrong["others_as_user"] == 0 and wrong["recall"] < perfect["recall"]
    assert wrong["model"]["disagreements"] > model["disagreements"] and wrong["disputed"] > perfect["disputed"]
    bad = subprocess.run([sys.executable, str(root / "bench" / "stance.py"), "--oracle", "1.5"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert bad.returncode == 2 and "between 0 and 1" in bad.stderr


def test_ask_shows_a_disputed_reading_apart_with_both_readings(ws, cli, fakellm):
    """End to end through the CLI: the stance call disputes one of the rules' readings; ``ask``
    lists it apart under 读法有分歧 (text and JSON), never among the counter-evidence, and the
    disclaimer still ends the output."""
    from mylife_core.messages import disclaimer

    love = note(ws, "热爱这里，绝不想走", "职业去留", "2025-10-01")
    near = note(ws, "离家近，每天能按时接孩子", "职业去留", "2025-12-01")
    note(ws, "想跳槽，每天加班到十点", "职业去留", "2026-02-01")

    def classify(request) -> Reply:
        return Reply(text=json.dumps({"items": [
            {"id": love.id, "stance": "contradicts", "speaker": None, "quote": "绝不想走"},
            {"id": near.id, "stance": "supports", "speaker": None, "quote": "离家近"}]}, ensure_ascii=False))

    fakellm.stance = classify
    fakellm.default = Reply(text="这两年你的说法变过，你现在最在意的是什么？")
    out = cli("ask", "我该不该跳槽？", "--no-record", "--accept-stale", "--accept-missing", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    text = out.stdout
    disputed = text.split("读法有分歧")[1]
    assert "离家近，每天能按时接孩子" in disputed and "模型判断为「支持」，规则判断为「相反」" in disputed
    assert f"{near.id} ← {near.provenance}  ✓" in disputed  # its chain, as every listed statement's
    against = text.split("读法有分歧")[0]
    assert "热爱这里，绝不想走" in against and "离家近" not in against.split("反证")[-1]
    assert text.rstrip().endswith(disclaimer().rstrip())
    data = cli("ask", "我该不该跳槽？", "--no-record", "--accept-stale", "--accept-missing", "--json",
               env=fakellm.env()).json()
    answer = data.get("answer", data)
    assert [c["claim_id"] for c in answer["competing_disputed"]] == [near.id]
    assert near.id not in [c["claim_id"] for c in answer["competing"]]


def test_the_competing_command_reads_with_the_model_like_ask_and_offline_without(ws, cli, fakellm):
    love = note(ws, "热爱这里，绝不想走", "职业去留", "2025-10-01")
    near = note(ws, "离家近，每天能按时接孩子", "职业去留", "2025-12-01")
    fakellm.stance = Reply(text=json.dumps({"items": [
        {"id": love.id, "stance": "contradicts", "quote": "绝不想走"},
        {"id": near.id, "stance": "supports", "quote": "离家近"}]}, ensure_ascii=False))
    data = cli("competing", "我该跳槽", "--topic", "职业去留", "--json", env=fakellm.env()).json()
    assert data["read_by"] == "model" and len(fakellm.stance_requests) == 1
    assert [i["claim_id"] for i in data["items"]] == [love.id] and [d["claim_id"] for d in data["disputed"]] == [near.id]
    text = cli("competing", "我该跳槽", "--topic", "职业去留", env=fakellm.env()).stdout
    assert "读法有分歧" in text.split("热爱这里")[1] and "模型判断为「支持」，规则判断为「相反」" in text
    assert text.rstrip().endswith(disclaimer().rstrip()) and t("disclaimer.no_model") not in text  # a model read them
    offline = cli("competing", "我该跳槽", "--topic", "职业去留", "--offline", "--json", env=fakellm.env()).json()
    assert offline["read_by"] == "rules" and offline["disputed"] == [] and len(fakellm.stance_requests) == 2
    assert {i["claim_id"] for i in offline["items"]} == {love.id, near.id}
    # a failing call leaves the rules and says so
    fakellm.stance = Reply(status=503)
    failed = cli("competing", "我该跳槽", "--topic", "职业去留", env=fakellm.env())
    assert failed.returncode == 0 and "只用规则" in failed.stdout + failed.stderr


@pytest.mark.parametrize("text, side", [
    ("买车不是刚需", -1),  # a need denied (no side before)
    ("接娃上学，车是刚需了", 1),
])
def test_a_need_is_a_reason_for_the_act(text, side):
    assert read(text, frame_for("我该买车")).side == side


def test_the_one_sided_question_counts_the_users_own_statements_and_says_which_is_quoted(demo):
    """「要不要回老家？」 said 「你关于「家庭」的 6 段表述…（最近一次：2025-11 …）」 under a table of four
    2026-10 rows, one of the six being 妈妈's view: the count is the user's own statements, and the
    one quoted is named as where they last took a side."""
    answer = demo_ask(demo, "要不要回老家？", "--accept-stale", "--accept-missing")["answer"]
    own = [s for s in answer["statements"] if s["speaker"] is None]
    assert len(own) < len(answer["statements"])  # 妈妈's view is in the table
    back = answer["question_back"]["text"]
    assert f"{len(own)} 段表述" in back and "最近一次明确表态：2025-11" in back


def test_a_note_names_the_questions_topic_by_meaning_only_when_it_is_near():
    """With vectors, 「要不要分手？」 took the career notes as its topic: every note is somewhat near
    any question (calibrated scores 0.22-0.52 on the demo), and 0.25 let them all through."""
    from types import SimpleNamespace

    from mylife_core.pipeline.evidence import TOPIC_VECTOR, _says

    class Asked:
        def said_in(self, text):
            return "分手" in text

    far = SimpleNamespace(parts={"vector": 0.506}, text="不知道。真的不知道自己想不想走")
    near = SimpleNamespace(parts={"vector": 0.706}, text="调岗后十二点前能入睡")
    said = SimpleNamespace(parts={"vector": 0.1, "keyword": 0.3}, text="想分手")
    assert TOPIC_VECTOR > 0.52
    assert not _says(far, Asked()) and _says(near, Asked()) and _says(said, Asked())


# ------------------------------------------------------------------------------ session 29: leaving a job, read by its forms
# (a tester's CLI defects: both sides shown on the right side though the words differ)


@pytest.mark.parametrize("text, side", [
    ("不辞职的话我会疯掉", 1),  # one clause: the act refused, 的话, its harm (was a plain "no" to 辞职)
    ("如果不辞职，我会疯掉", 1),
    ("再不辞职我会疯掉", 1),
    ("辞职了我会疯掉", -1),  # the harm of the act
    ("天天加班，我快疯了", 1),  # the present's
    ("如果不换工作，每天通勤三个小时", 1),  # a refusing condition keeps the present: its complaint is for the act
    ("要是不走，离家近也方便", -1),  # ... and what the present gives is against it
    ("不辞职的话，每个月还有稳定收入", -1),
    ("要是错过了，以后就没机会了", 1),
])
def test_an_act_refused_keeps_the_present_whose_harm_is_for_the_act(text, side):
    reading = read(text, frame_for("我应该辞职"))
    assert (reading.side, reading.own, reading.certain) == (side, True, True), reading


@pytest.mark.parametrize("text, side", [
    ("老板挽留我，我还是决定走", 1),  # was 老板's view (against leaving), the user's decision lost
    ("妈妈劝我别辞职，我仍然想辞职", 1),
    ("爸妈不让我辞职，我依然要走", 1),
    ("同事劝我留下，我却铁了心要走", 1),
    ("老板挽留我，我最后还是没走", -1),
    ("老婆说我应该辞职，我还是觉得再等等", -1),
    ("妈妈劝我别辞职，我还是听她的", -1),  # adopting her view: the user's too
])
def test_the_users_own_clause_after_someone_elses_attempt_is_theirs(text, side):
    reading = read(text, frame_for("我应该辞职"))
    assert (reading.side, reading.speaker) == (side, None), reading


@pytest.mark.parametrize("text, side", [
    ("我一点都不后悔留下来", -1),  # not regretting staying is for staying (was for leaving: 不 + a risk word)
    ("我从来没后悔过留在这里", -1),
    ("我后悔留下来", 1),
    ("我不后悔辞职", 1),  # was against: the 不 read as the act's
    ("我后悔辞职了", -1),
    ("我后悔没早点辞职", 1),
    ("我后悔当初没走", 1),
    ("辞职了会后悔", -1),  # nothing regretted after it: a risk of the act, as before
])
def test_a_regret_takes_the_side_against_what_it_regrets(text, side):
    for conclusion in ("我应该辞职", "我应该继续留在现在的公司"):  # both read toward leaving
        reading = read(text, frame_for(conclusion))
        assert (reading.side, reading.certain) == (side, True), (conclusion, reading)


@pytest.mark.parametrize("conclusion", [
    "我打算继续在这里工作", "我应该继续在现在的公司工作", "我该干下去", "我该继续在这干下去", "我应该不走", "你应该留下来",
    "我应该继续留在现在的公司", "我不想辞职",
])
def test_a_stay_conclusion_in_other_words_is_against_leaving(conclusion):
    frame = frame_for(conclusion)
    assert frame.side == -1 and "辞职" in frame.act and "走" in frame.act, frame


def test_a_plan_is_the_conclusions_side_and_a_stay_conclusion_reads_the_notes_about_leaving():
    assert (frame_for("我打算辞职").side, frame_for("我不打算辞职").side) == (1, -1)
    frame = frame_for("我打算继续在这里工作")
    fond = read("其实我挺喜欢现在的团队，大家都很照顾我，舍不得走", frame)
    assert fond.side == -1 and not fond.against(frame)  # for staying (was weakening it)
    assert read("猎头给了个offer，薪资涨了30%，说实话很心动", frame).against(frame)
    dad = read("爸爸说我应该留下来，稳定最重要", frame)
    assert (dad.speaker, dad.reported_side) == ("爸爸", -1)  # his view agrees with staying


@pytest.mark.parametrize("text, side", [
    ("最近总在想要不要离职", 1),  # asked again and again: the act on the user's mind
    ("我一直在考虑该不该辞职", 1),
    ("天天琢磨要不要走", 1),
    ("我在想要不要离职", 0),  # asked once: open
])
def test_a_question_the_user_keeps_asking_leans_to_the_act_and_is_no_stand(text, side):
    reading = read(text, frame_for("我应该继续留在现在的公司"))
    assert (reading.side, reading.form, reading.firm) == (side, "question", False), reading


@pytest.mark.parametrize("conclusion, text, side", [
    ("我应该辞职", "我明天就提离职", 1),  # handing in one's notice is doing the act (was no side)
    ("我应该辞职", "我受够了，下周就去递辞呈", 1),
    ("我应该辞职", "我提了离职", 1),
    ("我应该辞职", "我已经交了辞职信", 1),
    ("我应该辞职", "我明天就辞职", 1),
    ("我应该辞职", "我下周就走", 1),
    ("我应该辞职", "这家公司我一天也不想多待了", 1),  # one more day refused
    ("我应该辞职", "我还想多待几年", -1),
    ("我应该辞职", "同事上周提了离职", 0),  # the colleague's act
    ("我应该辞职", "我明天不去提离职", -1),
    ("我应该跳槽", "我明天就提离职", 1),  # leaving acts name each other
    ("我不该辞职", "我受够了，下周就去递辞呈", 1),
    ("我应该继续留在现在的公司", "我受够了，下周就去递辞呈", 1),
])
def test_handing_in_ones_notice_and_a_day_set_are_doing_the_act(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert reading.side == side and (reading.certain or not side), reading


# ------------------------------------------------------------------------------ session 29 (2): whose act, staying said
# (a tester's CLI findings with `mylife competing … --topic 职业去留`)


@pytest.mark.parametrize("text, side", [
    ("你再不辞职会疯掉的", 1),  # the user spoken to: "再不…" with 你 before it is the refusing condition (was "no")
    ("我再不辞职会疯掉的", 1),
    ("你再不辞职，迟早累垮", 1),
    ("你辞职了会后悔的", -1),
])
def test_a_refusing_condition_said_to_the_user_is_for_the_act(text, side):
    reading = read(text, frame_for("我应该辞职"))
    assert (reading.side, reading.own) == (side, True), reading


@pytest.mark.parametrize("conclusion, text", [
    ("我应该留下", "我还是觉得你该辞职"),  # the user's view of someone else's act: not their own (was theirs)
    ("我应该留下", "我还是觉得他应该走"),
    ("我打算继续在这里工作", "我还是觉得他应该走"),
    ("我应该留下", "同事被挽留，还是决定走"),  # the colleague's decision: no subject of its own, the clause before's
    ("我应该辞职", "我老公想辞职"),
    ("我应该辞职", "我觉得她不该走"),
    ("我应该辞职", "小王还是决定走"),
])
def test_an_act_someone_else_does_is_not_the_users_own(conclusion, text):
    reading = read(text, frame_for(conclusion))
    assert reading.side == 0 and not reading.against(frame_for(conclusion)), reading


@pytest.mark.parametrize("conclusion, text, side", [
    ("我应该辞职", "我想跟同事一起辞职", 1),  # a preposition's person is not the doer
    ("我应该辞职", "你该辞职了", 1),  # 你 alone: the user spoken to
    ("我应该留下", "老板挽留我，我最后还是走了", 1),  # done at last: the user's own (was no side)
    ("我应该辞职", "我最终还是辞职了", 1),
    ("我应该辞职", "我最后还是没走", -1),
])
def test_the_users_own_act_stays_theirs_beside_other_people(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert (reading.side, reading.own) == (side, True), reading


@pytest.mark.parametrize("conclusion, text, side", [
    ("我应该辞职", "我不打算继续在这里工作", 1),  # staying refused is for leaving (was 不打算: against)
    ("我应该留下", "我不打算继续在这里工作", 1),
    ("我应该辞职", "我打算继续在这里工作", -1),  # staying wanted is against leaving (was no side)
    ("我应该辞职", "我准备继续留在这里", -1),
    ("我应该留下", "我打算不干了", 1),  # the job refused
    ("我应该留下", "一天都不想在这待了", 1),
    ("我应该跳槽", "我还想在这家公司干", -1),
    ("我应该辞职", "我在这里工作三年了", 0),  # staying told, not wanted: no side
    ("我应该辞职", "他打算继续在这里工作", 0),  # someone else's
])
def test_staying_said_in_a_note_is_the_other_way_of_leaving(conclusion, text, side):
    reading = read(text, frame_for(conclusion))
    assert reading.side == side and (reading.certain or not side), reading


@pytest.mark.parametrize("conclusion, text, side, speaker", [
    ("我应该辞职", "我还是觉得辞职太冒险了", -1, None),  # a venture judged (was no side: 冒险 no risk word)
    ("我该跳槽", "现在跳槽有点冒险", -1, None),
    ("我该跳槽", "阿杰那句话一直在我脑子里：现在跳槽太冒险", 0, "阿杰"),  # someone's words after a colon: theirs
    ("我该跳槽", "我妈的话：现在跳槽太冒险", 0, "我妈"),
])
def test_a_venture_judged_is_against_it_and_someones_words_quoted_are_theirs(conclusion, text, side, speaker):
    reading = read(text, frame_for(conclusion))
    assert (reading.side, reading.speaker) == (side, speaker), reading
    assert speaker is None or reading.reported_side == -1, reading


@pytest.mark.parametrize("text, reported_side", [
    ("朋友不建议你马上辞职", -1),  # advice denied: against (马上辞职 reads as the act done)
    ("朋友建议你马上辞职", 1),
    ("老婆不建议我继续留下", 1),  # against staying: for leaving
    ("妈妈不让我辞职", -1),
])
def test_advice_denied_is_advice_against_what_it_names(text, reported_side):
    """Found by the full suite (test_judging_fidelity's faithful paraphrase): after session 29's rule
    that a set day before the act is doing it, 「朋友不建议你马上辞职」 was the friend's view for quitting."""
    reading = read(text, frame_for("我该辞职"))
    assert reading.speaker and reading.reported_side == reported_side, reading

"""Vocabulary and templates for a lifetime of messy Chinese notes (used by ``bench/lifetime.py``).

A life of 30 years is cut into phases: topics open and close (a first job, renting, dating,
a mortgage, a child, ageing parents). Each raw topic has line templates; each line may yield
claims (topic, text, kind, optional context). Lines are then roughed up the way people really
type: repeated words, 的/得 and 在/再 slips, "。。。" and "！！" — L0 keeps all of it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date

# (claim topic, claim text, kind, context or None)
ClaimT = tuple[str, str, str, str | None]


@dataclass
class LineT:
    text: str
    claims: list[ClaimT] = field(default_factory=list)


@dataclass
class RawTopic:
    name: str  # raw file topic, e.g. "career" -> raw/2003-05-01-career.md
    years: tuple[int, int]  # active from year a to year b of the 30 (inclusive)
    weight: float
    lines: list[LineT]
    summaries: list[ClaimT]  # claims over a range of lines


def L(text: str, *claims: ClaimT) -> LineT:
    return LineT(text, list(claims))


def C(topic: str, text: str, kind: str = "fact", context: str | None = None) -> ClaimT:
    return (topic, text, kind, context)


FILLERS = [
    "唉。", "算了，睡觉。", "不想写了", "就这样吧", "今天就记这么多", "（语音转的，可能有错字）", "明天再说吧",
    "先记下来，回头再想", "……", "好困", "写着写着又跑题了", "哈哈哈哈算了", "不知道为什么想记一下",
]

WEEKDAYS = "一二三四五六日"
WEATHER = ["晴", "阴", "下雨", "闷热", "降温了", "大风", "小雨", "雾霾"]

VOCAB: dict[str, list[str]] = {
    "person": ["老王", "小李", "张姐", "陈总", "刘工", "阿杰", "周周", "组长", "HR", "师兄", "室友", "老板"],
    "company": ["星河科技", "蓝鲸数据", "启明软件", "青柚网络", "远山咨询", "云帆智能", "北辰制造", "海棠传媒"],
    "city": ["杭州", "上海", "深圳", "成都", "南京", "武汉", "苏州", "北京", "长沙", "西安"],
    "hour": ["十点", "十一点", "十二点", "凌晨一点", "凌晨两点"],
    "feel": ["累", "烦", "开心", "焦虑", "崩溃", "踏实", "无所谓", "委屈", "心累", "兴奋", "空虚", "平静"],
    "good": ["开心", "踏实", "兴奋", "满足", "轻松"],
    "bad": ["累", "烦", "焦虑", "崩溃", "委屈", "心累", "憋屈"],
    "dish": ["麻辣烫", "黄焖鸡", "沙拉", "螺蛳粉", "饺子", "牛肉面", "盖浇饭", "烧烤", "火锅"],
    "km": ["3", "5", "6", "8", "10", "半马21"],
    "weeks": ["两", "三", "四"],
    "n": ["两", "三", "四", "五"],
    "friend": ["大刘", "阿May", "胖子", "小鱼", "老周", "晓晴"],
    "place": ["西湖", "大理", "厦门", "青岛", "成都", "日本", "云南", "海南", "老家"],
    "hobby": ["吉他", "摄影", "跑步", "羽毛球", "做饭", "写字", "钓鱼", "乐高"],
    "book": ["《原则》", "《活着》", "《被讨厌的勇气》", "《穷查理宝典》", "《三体》", "《置身事内》"],
    "doctor": ["消化科", "骨科", "心内科", "睡眠门诊", "口腔科", "皮肤科"],
    "symptom": ["胃疼", "颈椎疼", "腰疼", "失眠", "头疼", "心慌", "过敏"],
    "project": ["支付对账", "数据平台", "推荐系统", "会员中台", "订单重构", "风控规则", "报表迁移"],
    "spend": ["衣服", "电子产品", "外卖", "打车", "聚餐", "网购", "游戏"],
}

CAREER = RawTopic("career", (0, 29), 3.0, [
    L("今天又加班到{hour}，{bad}",
      C("工作强度", "加班到{hour}", "fact", "项目赶进度"), C("工作强度", "对加班感到{bad}", "assessment")),
    L("连续{weeks}周都是这样了，真的受不了了",
      C("工作强度", "连续{weeks}周高强度加班", "fact"), C("职业去留", "受不了当前的工作强度", "assessment", "连续{weeks}周加班")),
    L("{project}项目终于上线了！！{good}",
      C("职业发展", "{project}项目上线", "fact"), C("职业去留", "完成项目后对工作感到{good}", "assessment", "刚完成{project}项目")),
    L("{person}开会当着所有人说我们组效率低",
      C("职场关系", "{person}在会上批评我们组效率低", "fact"), C("职业去留", "不认可当前的管理方式", "assessment")),
    L("想跳槽。真的想跳槽。",
      C("职业去留", "想跳槽", "assessment", "工作压力大")),
    L("其实我挺喜欢现在做的东西的，就是太累",
      C("职业去留", "认可工作内容但不认可强度", "assessment")),
    L("猎头打电话，说{company}在招人，薪资能涨三成",
      C("职业去留", "猎头推荐{company}的职位，薪资可涨约三成", "fact")),
    L("去{company}面试了，二面挂了，算法题没写出来",
      C("职业发展", "{company}二面未通过", "fact"), C("职业发展", "觉得自己技术面不够扎实", "assessment")),
    L("拿到{company}的offer了，但是要去{city}",
      C("职业去留", "获得{company}的offer，工作地在{city}", "fact"), C("城市选择", "换工作可能要搬去{city}", "fact")),
    L("绩效出来了，B+，还行吧",
      C("职业发展", "绩效评级B+", "fact")),
    L("升职了！！带{n}个人",
      C("职业发展", "晋升并开始带{n}个人", "fact"), C("职业去留", "对晋升感到{good}", "assessment")),
    L("部门要调整，听说我可能被调去别的组",
      C("职业去留", "部门调整，可能被调岗", "fact")),
    L("今天正式调岗了。不知道，真的不知道自己想不想走",
      C("职业去留", "调岗后不确定是否要离开", "assessment", "刚被调岗")),
    L("{person}今天请大家吃饭，气氛挺好的",
      C("职场关系", "团队氛围不错", "assessment")),
    L("有时候觉得自己这几年就是在原地打转",
      C("职业发展", "觉得自己没有成长", "assessment")),
    L("学历这个事一直是心结，简历一写就心虚",
      C("自我认知", "对学历感到不自信", "assessment")),
    L("公司裁员了，我们组走了{n}个，我还在",
      C("职业去留", "公司裁员，本组有{n}人离开", "fact"), C("职业去留", "担心下一轮裁员", "assessment", "公司刚裁员")),
    L("通勤单程一个多小时，每天路上就耗掉三小时",
      C("通勤", "单程通勤一个多小时", "fact"), C("通勤", "通勤太耗时间", "assessment")),
    L("周末也被拉去开会，{feel}",
      C("工作强度", "周末被要求开会", "fact"), C("工作强度", "对周末工作感到{feel}", "assessment")),
    L("年终奖发了{n}个月，比预期少",
      C("收入", "年终奖{n}个月", "fact"), C("收入", "年终奖低于预期", "assessment")),
], [
    C("职业去留", "这段时间在走和留之间反复", "assessment"),
    C("工作强度", "这段时间工作强度明显偏高", "assessment"),
    C("职业发展", "这段时间对职业方向有困惑", "assessment"),
])

FINANCE = RawTopic("finance", (0, 29), 2.5, [
    L("这个月又月光了。财务压力大，真的大",
      C("财务压力", "财务压力大", "assessment", "月光"), C("储蓄", "本月没有结余", "fact")),
    L("工资到手{salary}",
      C("收入", "月税后收入约{salary}元", "fact")),
    L("存款到{savings}了，{good}",
      C("储蓄", "存款约{savings}元", "fact"), C("财务压力", "对存款增长感到{good}", "assessment")),
    L("外卖一个月花了{small}多？？？",
      C("消费习惯", "一个月外卖花费{small}多元", "fact"), C("消费习惯", "外卖开销偏高", "assessment")),
    L("开始记账了，看看钱都去哪了",
      C("消费习惯", "开始记账", "fact")),
    L("信用卡分期还有几期来着……忘了，回头查",
      C("财务压力", "信用卡分期尚未还清，余额不清楚", "fact")),
    L("又买了{spend}，剁手剁手",
      C("消费习惯", "冲动购买{spend}", "fact"), C("消费习惯", "对冲动消费感到后悔", "assessment")),
    L("这个月结余{small}，比上个月好",
      C("储蓄", "本月结余约{small}元", "fact"), C("财务压力", "结余比上月改善", "assessment")),
    L("给爸妈转了{small}",
      C("父母养老", "给父母转账{small}元", "fact")),
    L("要是真裸辞，存款撑得了几个月？算了算，{n}个月吧",
      C("财务压力", "如果裸辞，存款能支撑约{n}个月", "assessment", "考虑跳槽时"), C("职业去留", "离职顾虑主要是空窗期的钱", "assessment")),
    L("保险续费{small}，肉疼",
      C("消费习惯", "保险续费{small}元", "fact")),
    L("公积金里有{savings}，可以拿来付首付一部分",
      C("买房", "公积金余额约{savings}元", "fact")),
    L("朋友找我借{small}，借了，不知道对不对",
      C("人际关系", "借给朋友{small}元", "fact"), C("财务压力", "对借钱给朋友感到犹豫", "assessment")),
    L("工资涨了，到手{salary}",
      C("收入", "调薪后月税后收入约{salary}元", "fact"), C("财务压力", "涨薪后压力小一些", "assessment")),
], [
    C("财务压力", "这段时间的整体财务状态比之前好", "assessment"),
    C("消费习惯", "这段时间花钱没有节制", "assessment"),
])

HEALTH = RawTopic("health", (0, 29), 2.0, [
    L("最近老是{hour}才睡，睡不着就刷手机",
      C("睡眠", "经常{hour}才入睡", "fact"), C("睡眠", "睡前刷手机影响入睡", "assessment")),
    L("{symptom}，估计是最近太累了",
      C("健康", "出现{symptom}", "fact"), C("健康", "认为{symptom}与劳累有关", "assessment")),
    L("体检报告出来了，{checkup}",
      C("体检", "体检结果：{checkup}", "fact")),
    L("今天跑了{km}公里，差点死掉",
      C("运动", "跑步{km}公里", "fact")),
    L("跑步坚持了{weeks}周！睡眠好像好了一点",
      C("运动", "坚持跑步{weeks}周", "fact"), C("睡眠", "运动后睡眠有改善", "assessment")),
    L("去医院{doctor}看了，医生说问题不大，要多休息",
      C("健康", "去{doctor}就诊，医生建议多休息", "fact")),
    L("体重{weight}斤，又胖了",
      C("健康", "体重{weight}斤", "fact"), C("自我认知", "对体重不满意", "assessment")),
    L("心情很低落，什么都不想干",
      C("情绪", "情绪低落", "assessment")),
    L("睡了八个小时，感觉活过来了",
      C("睡眠", "睡足八小时后状态好", "assessment")),
    L("戒了晚上的咖啡，一周了",
      C("健康", "停止晚上喝咖啡一周", "fact")),
], [
    C("健康", "这段时间身体状态一般", "assessment"),
    C("睡眠", "这段时间睡眠质量差", "assessment"),
])

FAMILY = RawTopic("family", (0, 29), 1.5, [
    L("妈又打电话问什么时候回老家",
      C("父母养老", "妈妈希望我回老家", "fact")),
    L("爸{symptom}，去医院查了，还好没大事",
      C("父母健康", "父亲出现{symptom}，检查无大碍", "fact")),
    L("跟爸妈视频，他们看起来老了好多",
      C("父母养老", "感觉父母明显变老", "assessment")),
    L("家里要翻修房子，可能要我出钱，没说多少",
      C("父母养老", "家里翻修可能需要出钱，金额未定", "fact")),
    L("过年回家被催婚，{bad}",
      C("家庭关系", "被家人催婚", "fact"), C("家庭关系", "对催婚感到{bad}", "assessment")),
    L("妈住院了，请了{n}天假回去",
      C("父母健康", "母亲住院", "fact"), C("父母养老", "请假{n}天照顾母亲", "fact")),
    L("在想要不要把爸妈接过来住",
      C("父母养老", "考虑把父母接到身边", "assessment")),
], [C("父母养老", "越来越担心父母的身体", "assessment")])

LOVE = RawTopic("love", (1, 7), 1.2, [
    L("和{partner}去看了电影，{good}",
      C("恋爱", "和{partner}约会看电影", "fact"), C("恋爱", "和{partner}在一起感到{good}", "assessment")),
    L("和{partner}吵架了，因为{spend}的事",
      C("恋爱", "和{partner}因为{spend}发生争吵", "fact")),
    L("{partner}说想去{city}发展",
      C("城市选择", "{partner}想去{city}发展", "fact")),
    L("我们在聊结婚的事了",
      C("婚姻", "和{partner}开始讨论结婚", "fact")),
], [C("恋爱", "这段感情总体是稳定的", "assessment")])

MARRIAGE = RawTopic("marriage", (7, 29), 1.3, [
    L("和{partner}因为家务吵了一架，{bad}",
      C("婚姻", "和{partner}因家务争吵", "fact"), C("婚姻", "对家务分工感到{bad}", "assessment")),
    L("纪念日，{partner}做了一桌菜",
      C("婚姻", "纪念日{partner}做饭庆祝", "fact")),
    L("{partner}觉得我最近太忙了，没时间陪家里",
      C("婚姻", "{partner}认为我陪伴家人太少", "fact"), C("工作强度", "工作挤占家庭时间", "assessment")),
    L("我们商量了下，先不换城市",
      C("城市选择", "和{partner}决定暂不换城市", "fact")),
], [C("婚姻", "这段时间夫妻关系有些紧张", "assessment")])

HOUSING = RawTopic("housing", (0, 29), 1.2, [
    L("房东说要涨房租，涨到{rent}",
      C("租房", "房租将涨到{rent}元/月", "fact")),
    L("看了{n}套房，都不满意",
      C("买房", "看了{n}套房都不满意", "fact")),
    L("首付还差{savings}，算了算还要攒几年",
      C("买房", "首付缺口约{savings}元", "fact"), C("财务压力", "买房压力大", "assessment")),
    L("房贷每个月{rent}，压力山大",
      C("房贷", "月供{rent}元", "fact"), C("财务压力", "月供带来压力", "assessment")),
    L("楼上装修吵死了，周末都睡不好",
      C("睡眠", "楼上装修影响睡眠", "fact")),
    L("提前还了一部分房贷，{good}",
      C("房贷", "提前还款一部分房贷", "fact")),
], [C("买房", "这段时间对住房问题比较焦虑", "assessment")])

CHILD = RawTopic("child", (10, 29), 1.5, [
    L("{kid}今天会叫爸爸了！！",
      C("育儿", "{kid}会叫爸爸", "fact")),
    L("{kid}发烧了，一晚上没睡",
      C("育儿", "{kid}发烧，整夜照顾", "fact"), C("睡眠", "照顾孩子导致睡眠不足", "fact")),
    L("给{kid}报了兴趣班，一学期{small}",
      C("子女教育", "{kid}的兴趣班一学期{small}元", "fact")),
    L("{kid}考试没考好，我没忍住骂了他，后悔",
      C("子女教育", "因成绩批评{kid}", "fact"), C("育儿", "对自己发脾气感到后悔", "assessment")),
    L("家长会，老师说{kid}上课走神",
      C("子女教育", "老师反映{kid}上课走神", "fact")),
    L("在纠结要不要换学区",
      C("子女教育", "考虑为孩子换学区", "assessment")),
], [C("育儿", "这段时间陪孩子的时间太少", "assessment")])

LIFE = RawTopic("life", (0, 29), 1.5, [
    L("周末和{friend}吃了{dish}，聊到很晚",
      C("朋友", "和{friend}聚餐", "fact"), C("朋友", "和{friend}聊天很愉快", "assessment")),
    L("开始学{hobby}了，{good}",
      C("兴趣爱好", "开始学{hobby}", "fact")),
    L("看完了{book}，有点感触",
      C("学习成长", "读完{book}", "fact")),
    L("去{place}玩了{n}天，好久没这么放松了",
      C("旅行", "去{place}旅行{n}天", "fact"), C("情绪", "旅行后感到放松", "assessment")),
    L("一个人待着的时候会想，这样过下去有意思吗",
      C("自我认知", "对生活意义感到迷茫", "assessment")),
    L("报了个在职课程，每周两个晚上",
      C("学习成长", "报名在职课程", "fact")),
    L("{friend}结婚了，随了{small}",
      C("朋友", "参加{friend}的婚礼", "fact"), C("消费习惯", "份子钱{small}元", "fact")),
], [C("自我认知", "这段时间对自己想要什么更清楚了一点", "assessment")])

RAW_TOPICS = [CAREER, FINANCE, HEALTH, FAMILY, LOVE, MARRIAGE, HOUSING, CHILD, LIFE]

INFERENCES = [
    C("职业去留", "你可能更看重工作内容，而不是公司本身", "inference"),
    C("财务压力", "你的焦虑可能更多来自不确定，而不是数字本身", "inference"),
    C("睡眠", "失眠可能和加班强度有关", "inference"),
    C("婚姻", "争吵可能集中在你加班多的时期", "inference"),
    C("自我认知", "你可能在用忙碌回避决定", "inference"),
]

CHECKUPS = ["一切正常", "轻度脂肪肝", "尿酸偏高", "血压偏高", "甲状腺结节，建议复查", "颈椎曲度变直", "胆固醇偏高"]
PARTNERS = ["小雨", "阿宁", "晓晴"]
KIDS = ["豆豆", "乐乐"]

TYPOS = [("的", "得"), ("在", "再"), ("做", "作"), ("已经", "以经"), ("那", "哪"), ("吗", "嘛")]


def slots(rng: random.Random, year: int) -> dict[str, str]:
    """Slot values for one record; money grows with the years."""
    growth = 1.0 + year * 0.09
    out = {k: rng.choice(v) for k, v in VOCAB.items()}
    out["salary"] = f"{int(rng.uniform(4000, 6000) * growth * growth / 100) * 100}"
    out["savings"] = f"{int(rng.uniform(1, 12) * growth * growth) * 10000}"
    out["small"] = f"{int(rng.uniform(3, 40) * growth) * 100}"
    out["rent"] = f"{int(rng.uniform(18, 45) * growth) * 100}"
    out["weight"] = str(rng.randint(118, 175))
    out["checkup"] = rng.choice(CHECKUPS)
    out["partner"] = PARTNERS[0]
    out["kid"] = KIDS[0]
    return out


def roughen(text: str, rng: random.Random) -> str:
    """The way people type in a hurry: kept as is in L0."""
    r = rng.random()
    if r < 0.12:
        for a, b in TYPOS:
            if a in text:
                text = text.replace(a, b, 1)
                break
    elif r < 0.22 and len(text) > 4:
        i = rng.randrange(0, len(text) - 2)
        chunk = text[i:i + 2]
        if all("\u4e00" <= ch <= "\u9fff" for ch in chunk):
            text = text[:i] + chunk + chunk + text[i + 2:]
    r = rng.random()
    if r < 0.08:
        text = text.rstrip("。！，") + "。。。"
    elif r < 0.14:
        text = text.rstrip("。！，") + "！！"
    elif r < 0.17:
        text += " 哈哈哈"
    return text


def header_line(day: date, rng: random.Random) -> str:
    return f"周{WEEKDAYS[day.weekday()]}，{rng.choice(WEATHER)}"

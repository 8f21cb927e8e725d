"""The words :func:`mylife_core.pipeline.stance.read` weighs, by what they say about a decision.

A decision is read as a change: doing the act (跳槽, 买房, 养猫 ...) versus keeping things as
they are. Most of what people write about a decision never names it; it names a consideration:
something they would miss, a cost, a fear, a constraint, a wish, a complaint. Each kind below
says which way such a consideration points, and whether it speaks of *the act and what follows
it* ("C": the consequence side) or of *the present* ("S": the status quo):

==========  =====  =========================================================================
kind        value  meaning
==========  =====  =========================================================================
risk        -1     a loss or failure the act could bring (亏本, 站岗, 从头找)
fear        -1     fear or dread of it (怕, 腿软, 睡不着)
unable      -1     not able or not fit to do it (短板, 不擅长, 听不懂)
bind        -1     something that ties the user down (走不开, 住不下, 谁来管)
cost        -1     money it costs (首付, 学费, 贷款, 一年…万)
doubt       -1     not sure, not ready, not needed (没想明白, 没那么需要, 冲动)
stay        -1     keeping the present (再干一年, 骑驴找马, 先等等)
attach      +1 S   something good about the present, so a change loses it (舍不得, 方便, 照顾我)
push        -1 S   something wrong with the present, so a change escapes it (受够, 熬, 冷清)
pull        +1     something the act brings or the user wants (心动, 翻倍, 机会, 一直想)
ready       +1     the user is prepared for it (考出来了, 查好了, 负责到底, 大不了)
good        +1     a plain good word: its side depends on what it is said about
bad         -1     a plain bad word: its side depends on what it is said about
==========  =====  =========================================================================

``attach`` and ``push`` speak of the present, so their side toward the act is the opposite of
their value; ``good`` and ``bad`` take the present's side unless the sentence is about the act,
its object or what follows it. Longer entries win over the shorter ones inside them (``不方便``
over ``方便``); an entry that already holds its negation is not negated again by it.

The lists were written from how people write about such decisions and extended from errors on
the tuning part (``bench/data/stance_tuning*.yaml``); never from the held-out part
(``stance_heldout.yaml``). ``GENERAL``, ``COLLOQUIAL`` and ``PATTERNS`` below organise the
vocabulary by semantic category and by productive forms, so it reaches phrasings no tuning sentence
used; ``bench/stance.py --cv`` estimates how far it does (docs/ask.md).
"""

from __future__ import annotations

import re

CUES: dict[str, tuple[str, ...]] = {
    "risk": (
        "亏本", "亏钱", "亏损", "赔钱", "失败", "风险", "后悔", "站岗", "接盘", "套牢", "连累", "保不住", "从头",
        "就难了", "裁员", "失业", "没收入", "没有收入", "没有稳定收入", "没有稳定的收入", "撑不过", "撑不到", "撑不了",
        "钱不够", "不够花", "不稳", "没机会",
        # a venture judged (session 29): "我还是觉得辞职太冒险了" ("冒险" alone is also a wish: "趁年轻冒险一次")
        "太冒险", "很冒险", "有点冒险", "冒险了", "太冒进",
    ),
    "fear": (
        "害怕", "怕", "担心", "担忧", "发怵", "睡不着", "心慌", "慌", "窒息", "后怕", "不敢", "焦虑", "没底", "犹豫",
        "纠结", "顾虑", "不安",
    ),
    "unable": (
        "短板", "不擅长", "不会", "不行", "听不懂", "没经验", "没有经验", "没有任何", "做不到", "扛不住", "吃不消",
        "不适合", "过敏", "谁会要", "没信心", "没有信心", "照顾不好", "哪有精力", "没有精力", "没精力",
    ),
    "bind": (
        "走不开", "离不开", "住不下", "不让", "不允许", "不同意", "不太愿意", "不愿意", "没时间", "没有时间", "谁来",
        "谁来管",
        "谁管", "顾不上", "放不下", "压着", "转学", "异地", "出差", "时间都没有", "限制", "阻止", "妨碍",
        "要交的",
    ),
    "cost": (
        "首付", "月供", "贷款", "房贷", "学费", "生活费", "费用", "开销", "掏空", "降三分之一", "降薪", "钱少", "涨价", "网贷", "背着", "哪有余钱",
        "贵", "八百块", "十几万", "七八十万", "保险", "油费", "保养", "幼儿园", "花钱", "压力",
        "小两万",
    ),
    "doubt": (
        "不确定", "没想明白", "没想清楚", "没想好", "还没准备好", "没准备好", "冲动", "值不值", "哪有那么容易",
        "没那么需要", "不需要", "没必要", "不是非得", "不一定要", "未必", "拿不准", "不清楚", "差异化", "看不出",
        "没有一个", "不满意", "矫情", "丢人", "有病", "两三次", "没那么容易",
        # advice not to be rash is advice against the act, not for it ("老婆让我别冲动", session 25)
        "别冲动", "不要冲动", "别太冲动", "不要太冲动", "不能冲动", "别那么冲动",
    ),
    "stay": (
        "再干一年", "再干", "再待", "再忍", "再等等", "等等看", "先不", "留下", "继续干", "骑驴找马", "观望",
        "调整过来", "不想折腾", "聊聊天", "忍忍", "忍一忍", "再坚持",
        # one more day here (session 29): "我还想多待几年"; "一天也不想多待了" is the stay refused
        "多待", "多呆", "多留",
    ),
    "attach": (
        "舍不得", "习惯了", "照顾", "方便", "离家近", "挺好", "热爱", "踏实", "好多了", "好了不少", "满意", "安稳",
        "稳定", "五险一金", "全额", "按时接", "合适", "对我爸妈", "安安静静", "喜欢这里", "团队很棒",
        # what the work itself gives (session 23): "工作还挺有意思的，每天都能学到新东西"
        "有意思", "学到",
    ),
    "push": (
        "受够", "受够了", "熬", "累了", "好累", "很累", "太累", "烦", "没意思", "望到头", "天花板", "执行者", "没涨", "甩锅",
        "耗下去", "冷清", "孤单", "孤独", "不方便", "挤地铁", "等了", "没有家的感觉", "一个人过", "看不到",
        "压抑", "憋屈", "凌晨", "加班", "通勤", "甩给我", "无法忍受", "忍受不了", "浪费时间",
        "没有兑现", "没兑现", "批评", "房租涨", "打不到车", "空屋子", "提不起兴趣", "只想躺着", "出错",
        "集中不了", "睡不好", "三四点醒", "哭", "撑不住", "忘了", "先低头", "废了", "将就", "是个头", "涨租",
        "搬家", "缠着", "一个人对着",
        # coming apart (session 29): "不辞职的话我会疯掉", "再待下去要憋出病"; said of the act
        # ("辞了职我会疯掉") it is against it, as every push word is
        "疯掉", "逼疯", "憋疯", "快疯了", "要疯了", "会疯", "发疯", "憋死", "闷死", "憋出病", "抑郁",
    ),
    "pull": (
        "心动", "痒痒", "一直想", "渴望", "向往", "期待", "涨", "翻倍", "升总监", "能升", "升职", "机会", "值得",
        "治愈", "适合", "采纳", "资源", "补贴", "进步", "开眼界", "看看", "换个环境", "换个角度", "待腻", "闯闯",
        "不怕", "入场", "急用", "交情", "背我", "利率", "额度", "户口", "上小学", "摇号", "中了", "照应",
        "失去一个朋友", "借条", "有必要", "竞争力", "觉得可以",
        # a need ("车是刚需"; "买车不是刚需" is the need denied)
        "刚需",
    ),
    "ready": (
        "考出来", "查好了", "办下来", "学完", "负责到底", "大不了", "准备好了", "想清楚了", "攒够", "报了", "扛得住",
        "能撑", "撑得住",
        # the next place found (session 26): "下家已经找好了"; "我说还没找好下家" is not ready (negated)
        "找好", "找好了", "找到下家", "有下家", "下家有着落", "拿到offer", "拿到了offer", "offer到手",
    ),
    "good": (
        "特别好", "很好", "挺好", "不错", "喜欢", "爱", "开心", "棒", "认可",
        # a double negative that approves (session 23): "跳槽也没什么不好", "留下来也不是不行"
        "没什么不好", "没啥不好", "没有什么不好", "没有不好", "不是不行", "未尝不可",
    ),
    "bad": (
        "不好", "很差", "差", "吵", "讨厌", "难受", "失望", "没提", "没提过", "很少联系", "赌",
    ),
}

# General vocabulary by semantic category (session 13), written from ordinary Chinese usage to
# reach phrasings no benchmark sentence was written with: loss and waste, dread, inability,
# obligations, money going out, doubt and "not now", keeping things as they are, what one would
# miss, and plain good / bad words about people getting along. Merged into CUES below.
GENERAL: dict[str, tuple[str, ...]] = {
    "risk": (
        "打水漂", "白花", "白费", "白干", "白折腾", "白忙", "白搭", "浪费", "荒废", "耽误", "耽搁", "得不偿失",
        "不划算", "划不来", "不值当", "吃亏", "损失", "两手空空", "一无所有", "血本无归", "泡汤", "落空", "搞砸",
        "砸了", "做坏", "弄坏", "出事", "出问题", "后遗症", "并发症", "副作用", "一辈子的事", "回不去", "没有退路",
        "没退路", "跟不上", "掉队", "被淘汰", "还不上", "读不起", "养不起", "供不起", "付不起", "买不起", "交不起",
        "赔进去", "赔了", "亏了", "折进去", "代价", "牺牲", "丢饭碗", "丢了工作", "考不上", "不可逆", "回不了头",
        "骑虎难下", "隐患", "踩坑", "被骗", "上当", "没保障", "没有保障", "朝不保夕", "不稳定", "动荡", "卖不掉",
        "卖不出去", "没人要", "贬值", "缩水", "不保值", "没着落", "断供", "没收入", "空窗期", "荒废了", "来不及", "就没了",
        "都没了", "全没了", "彻底没了",
    ),
    "fear": (
        "恐惧", "紧张", "忐忑", "发愁", "犯愁", "胆战心惊", "提心吊胆", "发毛", "犯怵", "发憷", "打退堂鼓", "退缩",
        "揪心", "心里没谱", "没谱", "不踏实", "吓人", "可怕", "抗拒", "排斥", "抵触", "不想面对", "压力山大",
        "喘不过气", "怎么交代", "交代不了", "交代", "没脸", "丢脸", "怕的是", "最怕", "就怕",
    ),
    "unable": (
        "没能力", "能力不够", "不够格", "胜任不了", "搞不定", "驾驭不了", "管不好", "带不好", "做不来", "学不会",
        "不是那块料", "吃不了这个苦", "熬不住", "体力跟不上", "精力不够", "精力跟不上", "身体吃不消", "底子差",
        "基础差", "没天赋", "没基础", "不懂", "外行",
    ),
    "bind": (
        "转不开身", "住不开", "挤不下", "顾不过来", "抽不出", "抽不开身", "脱不开身", "分身乏术", "休不了",
        "请不了假", "请不到假", "谁带", "谁照顾", "谁来带", "谁接送", "没人带", "没人管", "两地分居", "分居",
        "没到期", "违约", "竞业", "走不了", "脱不了身", "每个月都得", "上有老下有小", "拖家带口", "孩子还小",
        "身不由己", "没得选", "不够", "离不了", "放心不下", "牵挂", "要照顾", "得照顾",
        "太远", "大老远", "跨半个城", "路上来回",
    ),
    "cost": (
        "花销", "花费", "成本", "彩礼", "租金", "装修费", "搬家费", "手续费", "中介费", "税费", "违约金", "昂贵",
        "不便宜", "砍一半", "减半", "少挣", "少赚", "收入减半", "降工资", "多背", "背债", "欠债", "还贷", "借钱",
        "花光", "掏光", "见底", "透支", "入不敷出", "紧巴巴", "手头紧", "没钱", "没那么多钱", "经济压力", "开支",
        "还不算", "另算", "砸钱", "烧钱", "一大笔",
    ),
    "doubt": (
        "没把握", "不成熟", "太早", "为时过早", "还早", "不急", "不着急", "急什么", "再看看", "以后再说",
        "从长计议", "头脑发热", "一时兴起", "三分钟热度", "图什么", "有什么用", "没什么用", "用不上", "用不着",
        "说不准", "不现实", "不切实际", "缺的不是", "不是我想要的", "概率", "渺茫", "希望不大", "难说", "不见得",
        "不一定", "想不通", "没意义", "没有意义", "意义不大", "多此一举", "不值", "犯不着", "犯不上", "不打算",
        "没打算", "没兴趣", "不感兴趣", "不想要", "不看好", "不赞成", "不太赞成", "不太想", "没那么想", "考虑考虑",
        "再考虑", "图啥", "有啥用", "何苦", "何必", "犯得着", "至于吗", "不过如此", "也就那样", "一般般", "凭什么", "哪来的", "谈何容易", "哪那么容易", "没想过",
    ),
    "stay": (
        "先留着", "留着", "维持现状", "保持现状", "稳一点", "稳妥", "求稳", "不折腾", "知足", "够用", "缓一缓",
        "缓缓", "先放放", "按兵不动", "再观察", "再攒", "再拼", "再等", "等几年", "过几年再",
    ),
    "attach": (
        "扎了根", "扎根", "根在这", "熟悉", "自在", "放松", "舒服", "知根知底", "有感情", "好不容易", "来之不易",
        "人脉", "资历", "职称", "老朋友", "朋友都在", "省心", "省事", "得心应手", "待遇好", "福利好",
        "编制", "铁饭碗", "准时下班", "双休", "自己的时间", "离得近", "温馨", "和睦", "融洽", "清净",
    ),
    "push": (
        "看不到希望", "没前途", "没盼头", "混日子", "窝囊", "不想干了", "干够了", "待够了", "腻了", "厌倦", "厌烦",
        "倦怠", "麻木", "内耗", "煎熬", "熬不下去", "干不下去", "待不下去", "过不下去", "一潭死水", "提不起劲",
        "提不起精神", "提不起",
    ),
    "pull": (
        "热血沸腾", "跃跃欲试", "心痒", "不甘心", "不亏", "不吃亏", "赚到", "值回票价", "憧憬", "梦想", "早就想", "做梦都想", "盼", "划算", "值", "赚", "多挣", "挣得多", "收入高", "提升", "成长",
        "前景", "出路", "退路", "用得上", "顶上", "补贴家用", "底气",
    ),
    "bad": (
        "吵架", "吵起来", "争吵", "闹别扭", "矛盾", "不合", "合不来", "聊不到一块", "说不到一块", "别扭", "冷战",
        "脸都黑了", "不高兴", "生气", "看不惯", "受不了", "辛苦", "麻烦", "糟糕", "痛苦", "折磨", "难熬", "无聊",
        "尴尬", "不靠谱", "不顺", "差劲", "屈指可数", "数得过来", "寥寥无几", "少得可怜", "没几家", "没几个",
    ),
    "good": (
        "靠谱", "舒心", "顺心", "放心", "安心", "高兴", "幸福", "享受", "好看", "优秀",
    ),
}
# Colloquial vocabulary (session 14), by category, from everyday usage: how people say a thing
# failed, lost money, cost them dearly, broke a friendship, left them out, was fought over by too
# many, made them wait, hurt them; what drew them; and present ailments that push for a change.
COLLOQUIAL: dict[str, tuple[str, ...]] = {
    "risk": (
        "关门", "倒闭", "凉了", "凉凉", "没戏", "翻车", "爆雷", "跑路", "亏麻", "血亏", "割肉", "被套",
        "赔本", "悔青", "肠子都青", "后悔死", "撕破脸", "闹掰", "翻脸", "散伙", "闹僵", "边缘化", "坐冷板凳",
        "被架空", "太卷", "卷成", "卷死", "饱和", "僧多粥少", "抢破头", "遥遥无期", "追尾", "车祸", "不安全", "危险",
        "老赖", "拖欠", "赖账", "有借无还", "借了不还", "不还钱", "断粮", "从零开始", "从头再来", "打回原形",
        "竹篮打水", "鸡飞蛋打", "人财两空", "抓瞎", "高龄",
        # internet slang for failing and losing face
        "寄了", "白给", "打白工", "丢人现眼", "人生地不熟", "延毕", "挂科",
    ),
    "bad": (
        "膈应", "不自在", "寄人篱下", "看人脸色", "掉层皮", "脱层皮", "累死", "累垮", "拖垮", "糟蹋", "惨了",
        "打喷嚏", "喷嚏", "蚌埠住了", "emo", "破防", "心累", "无语",
    ),
    "pull": (
        "心都化了", "心都要化了", "暖暖的", "暖心", "成就感", "开窍", "真香", "上岸", "回血", "翻了一倍", "翻一倍",
        "赚翻", "千载难逢", "难得的机会", "限定", "不试试怎么知道", "不会少块肉", "又不会少",
    ),
    "push": (
        "发炎", "疼醒", "折腾醒", "发作", "受罪", "遭罪",
    ),
    # what would be the point
    "doubt": ("凑啥热闹", "凑什么热闹", "上头", "没那么玄乎", "没那么邪乎"),
}
for _kind, _words in COLLOQUIAL.items():
    GENERAL[_kind] = (*GENERAL[_kind], *_words)

# sarcasm (session 23): "呵呵，领导真是太照顾我了": a good word about the present said through a smirk
# is a complaint; in a text with one of these, good and attach words take the other side
SARCASM = ("呵呵", "呵呵哒", "真是谢谢", "谢谢您嘞", "谢天谢地")
# a thing called 破 (破公司, 破工作): contempt for the present
SCORN = r"破(?:公司|单位|工作|班|地方|岗位|厂|项目|学校|房子)"
# Productive forms, not word lists: the negative potential complement of Chinese (V不起, V不了,
# V不下, V不开, V不动, V不过来, V不住, V不上, V不到, V不来: "can't afford / can't manage / can't
# fit / can't get away ...") says the act is beyond the user's means, whatever the verb; V不下去
# ("干不下去", "过不下去") says the present cannot go on; 没(有)+a resource says one is lacking;
# 白+V says an effort is wasted. (regex, kind); a match never overrides a listed word.
PATTERNS: tuple[tuple[str, str], ...] = (
    # "总不能一直这么拖着", "总不能让他第一天就掉队": not acting cannot go on; any other 总不能
    # ("总不能让她跟着转学") is a bind on the act
    (r"总不能(?:就|一直|一辈子|老|永远|眼看着|看着)?(?:这么|这样)?[^，,。？?！!]{0,8}?"
     r"(?:干耗|耗着|拖着|拖下去|等下去|缩着|缩起|窝着|混日子|闲着|待着|呆着|掉队|落后)", "push"),
    (r"总不能", "bind"),
    (SCORN, "push"),
    (r"[\u4e00-\u9fff](?:不下去)", "push"),
    (r"[\u4e00-\u9fff]不(?:起|了|下|开|动|过来|住|上|到|来)", "unable"),
    (r"没(?:有)?(?:时间|钱|空|精力|人手|地方|心思|底气|经验|把握|门路|人脉|保障|收入|积蓄|存款|退路|余钱|余力|能力|条件|办法|现金)",
     "bind"),
    (r"白(?:花|干|读|交|等|忙|跑|费|搭|学|折腾|熬|付出|卷|给)", "risk"),
    # "还学那些干啥？", "图个啥": what would be the point
    (r"干(?:啥|嘛)(?:[？?呢呀]|$)|图(?:个)?啥", "doubt"),
    # "赶都赶不回来", "找都找不到": even trying, it cannot be done
    (r"([\u4e00-\u9fff])都\1不(?:回来|过来|上|到|了|起|动|住|完)", "unable"),
    # "谁陪她复查", "谁顶得住啊", "谁家公司会要": who would do what it takes, a burden
    (r"(?<!这)谁(?:家[^，,。？?]{0,4})?(?:还|又)?(?:来|会|能|肯|敢|去)?(?:管|带|陪|要|顶得住|受得了|照顾|接送|养|收|喂|看着|帮|扛|顶|"
     r"盯着|照看|给[^，,。？?]{1,4}?(?:做饭|送饭|洗|喂|看)|替)", "bind"),
    # "豆豆放学没人接", "家里没人做饭": no one else to do it; "娃谁看？", "她来了睡哪？": who, where
    (r"没(?:有)?人(?:接|送|管|带|陪|照顾|照看|看着|做饭|顾)|谁(?:来)?(?:看|带|管|接|送)(?=[？?]|$)"
     r"|(?:睡|住|放|搁)哪(?:儿|里)?(?=[？?]|$)|就全(?:是|靠|落在)我一个人", "bind"),
    # "工钱俺拿啥发", "拿什么还": nothing to pay with
    (r"拿(?:啥|什么)(?:发|还|交|养|给|付|填)", "bind"),
    # "哪有那么严重", "我这点事算啥": it is not bad enough to act on
    (r"(?:哪有|哪里有|没有?)那么(?:严重|夸张|糟|惨|娇气|脆弱)|(?:这点|这么点)(?:事|小事|毛病)(?:算啥|算什么|不算啥)", "stay"),
    # "虽然一分钱不用花": costs nothing
    (r"一分钱(?:都|也)?不用花|不用花钱|不花钱", "pull"),
    # "哪有空打包发货", "哪还有脑子学": no room for it
    (r"哪(?:还)?有(?:空|时间|脑子|精力|钱|心思|闲钱|余钱|功夫|力气|心情|工夫)", "bind"),
    # "万一半路生病了怎么办", "咋整": a worry with no answer
    (r"(?:怎么|咋)(?:办|整)|怎么(?:交代|见人|活|开口|面对|收场)", "risk"),
    # "要多花八百", "还得掏两千": a sum paid out, even without a unit
    (r"(?:多花|花了|要花|得花|掏|多交|要交|得交)[0-9一二两三四五六七八九十几][0-9一二两三四五六七八九十百千万几多]*"
     r"(?![0-9一二两三四五六七八九十百千万几多]*(?:个|分|小时|钟|天|年|月|周|秒|步|公里|次|趟))", "money"),
    # "过去能干啥", "够撑几年": doubt that it adds up
    (r"能干(?:啥|什么|嘛)|够(?:撑|花|用)几|有啥用|图个啥", "doubt"),
    # "来回坐车就要三个钟头", "单程四十分钟", "得倒两趟公交": time on the road is a cost
    (r"(?:来回|往返|单程|路上|通勤|坐车|坐公交|坐地铁|坐高铁|开车|倒)[^，,。？?]{0,6}?"
     r"(?:[0-9一二两三四五六七八九十几半]+个?多?半?(?:钟头|小时|分钟)|[两几]趟)", "cost"),
    # "她一家就指着这点钱", "老周的腿脚离不得人": someone depends on the user as things are
    (r"(?:就|全|都|还)?(?:指着|指望着|靠着)(?:我|这)|离不得人|离不了人|离不开人", "bind"),
    # "这两天好像没那么疼了", "腰好多了": what the act would fix is easing by itself
    (r"(?:没那么|不怎么|不太|没怎么|不大)(?:疼|痛|难受|严重|咳|喘|晕|累)了?|(?:好多了|好些了|缓过来了|好转了)", "stay"),
    # a sum of money: money going out, unless the clause says it comes in (挣, 赚, 涨 ...); 块 is
    # money at the end, before 钱 or its small change ("三块五"), a measure word before a thing
    # ("一块支出", "两块蛋糕")
    (r"[0-9一二两三四五六七八九十几][0-9一二两三四五六七八九十百千几多.]*(?:块(?![\u4e00-\u9fff])|块(?=[钱一二两三四五六七八九十半的多])|元|(?:万|千)(?![0-9一二两三四五六七八九十百千万几多]*[步米里人字次个张页斤公]))", "money"),
)
# a sum of money in a clause with one of these is a gain, not a cost
MONEY_IN = ("挣", "赚", "收入", "涨", "省", "多拿", "奖", "补贴", "加薪", "给", "报销", "回本", "存了", "攒了", "攒下",
            "多进", "进账", "能租")
# a cost someone else pays (session 26) is help toward the act, not a cost: "首付他们出一半", "首付家里出了
# 大头", "学费单位还能报销一半" (PAID_AFTER, right after the cost word), "爸妈帮我们出首付" (PAID_BEFORE)
_PAYERS = r"(?:他们|他|她|家里|家人|爸妈|父母|公婆|岳父母|老人|亲戚|公司|单位|我爸|我妈|爸|妈)"
_PAYS = r"(?:出|付|掏|承担|包|报销|垫)(?![门国去来差发生事现院租手])"
_HELPING = r"(?:帮我们?|给我们?|替我们?|帮忙|帮着)"
PAID_AFTER = re.compile(r"[^，,。；;]{0,4}?(?:" + _PAYERS + r"(?:说|愿意|答应|可以|能|会|都|也|全|还|来)*" + _HELPING
                        + r"?|" + _HELPING + ")" + _PAYS)
PAID_BEFORE = re.compile(_HELPING + _PAYS + r"(?:了|一半|一部分|大头)?$")
# ... or money the user holds ("手头还有二十万", "目前存款有三十万"): a reserve for the act, now or
# not, unless the clause says it is short ("存款只剩两万", "积蓄才五万", "手里不到一万")
MONEY_HELD = ("手头", "手里", "存款", "积蓄", "存着", "攒着", "家底", "备用金", "余额", "储蓄")
MONEY_SHORT = ("只有", "只剩", "就剩", "剩下", "才", "不到", "不够", "没多少", "仅", "只够", "欠", "还差")
# potential-complement words that are not a lack of means: 对不起, 了不起, 大不了, 少不了, 忍不住 ...
NOT_PATTERN = ("对不起", "了不起", "看不起", "瞧不起", "想不起", "大不了", "少不了", "免不了", "不得了", "受不了",
               "忍不住", "禁不住", "坐不住", "算不上", "说不上", "谈不上", "看不上", "想不到", "没想到", "意想不到",
               "说不到", "等不到", "不到", "想不开", "看不开", "合不来", "拿不准", "说不定", "离不开", "舍不下",
               "放不下", "差不了", "错不了", "跑不了", "用不了", "要不了", "花不了", "顶不住", "一动不动", "纹丝不动",
               "动不动")
# words that end in a one-character cue without meaning it: 恋爱 is not 爱, 恐怕 ("probably") not 怕
NOT_CUE_COMPOUNDS = ("恋爱", "可爱", "恐怕", "哪怕", "偏差", "时差", "落差", "温差", "只怕")
# physical distress: a sign of dread only when the act is what is thought of ("一想到…就腿软",
# "想想就头疼"); on its own it is a health note ("咖啡喝多了睡不着")
DISTRESS = (
    "腿软", "手抖", "发抖", "胃疼", "失眠", "睡不着", "心口发堵", "发堵", "堵得慌", "胸闷", "反胃", "恶心", "想吐",
    "冒冷汗", "出冷汗", "一身冷汗", "心跳加速", "浑身难受", "崩溃", "哆嗦", "头皮发麻", "头疼", "头大", "头痛",
    "窒息", "心慌",
)
# dread in any words: a thought of it, then 就 and what the body or mind does ("想想就头秃",
# "一想到…心里就膈应"), unless what follows is glad (DREAD_GOOD)
DREAD = re.compile(r"(?:一想到|想到|一想起|想起|光想想|想想|一想|光是想|一提到|一说到|一听到?)[^。！!？?；;]{0,30}?就")
DREAD_GOOD = re.compile(r"[^。！!？?；;]{0,8}?(?:开心|兴奋|激动|期待|笑|高兴|来劲|有劲|有动力|心动|痒痒|美|甜|踏实|轻松|绝绝子|爽|香|热血)")
DISTRESS_TRIGGERS = ("想到", "想想", "一想", "想起", "一听", "听到", "提到", "说到", "看到", "一提", "想象", "听说", "听人说")

# the side a kind's word takes toward the act when read plainly (before negation and target)
KIND_SIDE: dict[str, int] = {
    "risk": -1, "fear": -1, "unable": -1, "bind": -1, "cost": -1, "doubt": -1, "stay": -1,
    "attach": -1, "push": +1, "pull": +1, "ready": +1, "good": +1, "bad": -1,
}
for _kind, _words in GENERAL.items():
    CUES[_kind] = tuple(dict.fromkeys((*CUES[_kind], *_words)))
# physical distress words are read as fear, and only with a trigger (stance.read checks it)
CUES["fear"] = tuple(w for w in CUES["fear"] if w not in DISTRESS)
CUES["distress"] = DISTRESS
KIND_SIDE["distress"] = -1
KIND_SIDE["money"] = -1

# kinds whose side depends on what they are said about (the act's side, or the present's)
TARGETED = frozenset({"good", "bad"})
# kinds that make a reading firm (not just a plain good/bad word)
STRONG = frozenset(KIND_SIDE) - TARGETED

# the act done, or set for a day, right before it (session 29): "我明天就辞职", "下周就去递辞呈", "提了离职",
# "已经交了辞职信": as sure as a want word (stance._want_side)
DOING = re.compile(r"(?:(?:明天|后天|今天|今晚|下周|下星期|下礼拜|下个月|下月|月底|月初|年后|年底|过两天|过几天|这周|本周|"
                   r"马上|立刻|立马|这就|当场|已经|早就)(?:一早)?(?:就|便)?(?:去|要|会|把)?"
                   r"|(?:递|交|提|提交|递交|上交|写好|打)(?:了|上|好)?"
                   # ... or at last, after all ("我最后还是走了", "终于辞职了", "我还是辞了")
                   r"|(?:最后|最终|终于|终究)(?:还是)?|(?:^|我|们|，|,)还是)$")
# "想" means "want" only as a verb of wishing, not in 想想 / 一想到 / 想起 / 想法
WANT_WORDS = ("想", "要", "打算", "准备", "决定", "愿意", "该", "应该", "得", "必须", "一定要", "敢", "舍得",
              "不如", "干脆", "宁愿", "希望", "盼着", "计划")
NOT_WANT = ("想想", "一想到", "想到", "想起", "想法", "想象", "想不到", "想明白", "想清楚", "想好", "想不明白",
            "不想再", "要求", "需要", "重要", "主要", "只要", "要是", "还要", "都要", "就要", "总要", "要么")

# a sentence speaks of the act's consequences (the "C" side) when it holds one of these
AFTER_ACT = ("去了", "回去", "那边", "过去", "到时候", "之后", "回来", "出来", "再生", "再读", "一走", "入手", "转过去", "外面")
# waste said of something lying idle now ("房子空着太浪费", "闲着落灰真是浪费", "留在县里浪费了", session 26)
# is the present's waste, a reason to act, not a loss the act brings: a WASTE word with an IDLE state
# just before it (stance._idle_waste)
WASTE = ("浪费", "荒废", "荒废了", "白费", "耽误", "耽搁")
IDLE = re.compile(r"空着|闲着|放着|搁着|荒着|摆着|停着|闲置|吃灰|落灰|(?:留|待|呆|窝|耗|困|闲)在")
# the present going on: a fear of it is a reason to change ("再这样下去，我怕自己会撑不住")
GOING_ON = ("这样下去", "再这样", "长此以往", "一辈子")
# ... and of the present when it holds one of these
PRESENT = ("现在的", "这边", "这里", "目前", "当前", "一辈子", "每天", "天天", "每次", "又", "已经", "连着", "三年", "六年", "五年",
           "这几年", "在一起", "一眼", "本来", "原来", "现有")
# ... of which these only say "habitually": after a word of the act's consequences ("搬过去我每天…")
# they describe life after the act, not the present
HABITUAL = ("每天", "天天", "每次", "又", "一辈子")

# reporting: someone else said / thinks / urges (the user's own when the subject is 我)
REPORT_VERBS = ("说", "觉得", "认为", "劝", "催", "建议", "念叨", "讲", "表示", "提醒", "坚持", "反对", "支持",
                "希望我", "想让我", "让我", "叫我", "要我", "逼我", "问我", "推荐", "觉着", "嫌", "抱怨",
                # views in other words: "我妈的意思是…", "按我爸的说法…", "在婆婆看来…", "我爸一听就骂我…"
                "的意思是", "的意思", "的说法", "的建议是", "的建议", "的看法", "的意见", "的口气", "看来", "骂",
                "唠叨", "吐槽", "数落", "埋怨", "叮嘱", "嘱咐", "不看好", "看好", "不赞成", "赞成", "不支持", "主张",
                "怂恿", "鼓励", "撺掇", "鼓动", "忽悠", "求我", "求着我", "要求我",
                # words reported in writing's verbs: "猎头称…", "他声称…", "中介号称…"
                "称", "声称", "宣称", "号称", "自称",
                # keeping the user from leaving (session 26): "领导挽留我", "老板死活不放人"
                "挽留", "不放人", "不肯放人", "不放我走", "不肯放我走")
# reporting verbs that are a view against leaving (辞职, 跳槽, 分手 …) whatever follows them
KEEPING_VERBS = ("挽留", "不放人", "不肯放人", "不放我走", "不肯放我走")
# 「X让我Y」 where Y is how the user feels (session 31): 「最近工作上的事让我不太开心」, 「加班让我很焦虑」,
# 「领导那句话让我挺失望的」 say what X does to the user, not X's view (until then shown apart as
# 「最近工作上的事 的看法」); 「老板让我周末加班」, 「我妈让我别辞职」 still report what someone asks.
# The degree words may stand before the feeling (很, 不太, 越来越 …): :data:`CAUSED_DEGREE`.
FEELINGS = ("开心", "高兴", "快乐", "愉快", "满意", "放心", "安心", "踏实", "舒服", "舒心", "顺心", "轻松", "欣慰", "感动",
            "兴奋", "期待", "心动", "惊喜", "骄傲", "有成就感", "难受", "难过", "伤心", "失望", "绝望", "焦虑", "烦躁",
            "烦", "郁闷", "崩溃", "心累", "累", "疲惫", "压抑", "憋屈", "痛苦", "害怕", "担心", "紧张", "不安", "恶心",
            "生气", "愤怒", "火大", "委屈", "窒息", "头疼", "头大", "后悔", "沮丧", "厌倦", "反感", "无奈", "心寒", "寒心",
            "抓狂", "迷茫", "纠结", "失眠", "睡不着", "心慌", "喘不过气", "自卑", "尴尬", "寒心", "难堪", "不爽", "不舒服")
CAUSED_DEGREE = (r"(?:很|太|挺|特别|非常|有点儿?|有些|越来越|更加?|十分|极其|极度|真|好|都|也|又|一直|总是|总|老是|"
                 r"不太|不怎么|不大|不|没那么|没有那么|没什么|没|感到|觉得|感觉|心里|很是|相当|超级?|格外)*")
CAUSED_FEELING = re.compile(CAUSED_DEGREE + "(?P<feeling>" + "|".join(
    re.escape(w) for w in sorted(set(FEELINGS), key=len, reverse=True)) + ")")
#: the verbs of 「X让我Y」 that make, not ask: 让我, 叫我, 使我, 令我, 弄得我, 搞得我
CAUSING = ("让我", "叫我", "使我", "令我", "弄得我", "搞得我", "害得我", "害我")
NOT_REPORT = ("说明", "少说", "难说", "都难说", "没说", "讲课", "说服", "说话", "说好", "说不过去", "说不定", "说真的", "说实话", "说白了", "说到底", "小说",
              "游说", "说不好", "不好说", "虽说", "再说", "说起来",
              "就是说", "比如说", "怎么说", "如果说", "听说", "据说", "说来", "说得对", "说得有道理", "说的",
              "说法", "说得", "不是说", "说不知道", "觉得自己", "让我想", "让我觉得", "叫我怎么",
              # speaking as an act, not a view: "说不到三句就顶起来", "一整天说不上几句话", "不好意思讲",
              # "讲台", "讲完两节课", "我说了算", "说多了招人嫌"; hearsay is a fact the user records
              "说不到", "说不上", "说不出", "不会讲", "不会说", "不好意思讲", "不好意思说", "讲台", "讲完", "说完",
              "说了算", "说多了", "不说", "听讲", "听人讲", "听人说", "讲讲", "说说",
              # the user's own view announced ("要我说，还是先租着", "依我看"), and courting ("在追求我")
              "要我说", "要我看", "让我说", "叫我说", "依我看", "照我说", "按我说", "追求我",
              # 称 that reports nothing: praise, names, weighing, titles, fit ("评职称", "称了下体重",
              # "堪称", "称心"); 据称 is hearsay, as 据说 is
              "称赞", "称呼", "称为", "称作", "称之为", "堪称", "著称", "尊称", "俗称", "简称", "通称", "人称",
              "昵称", "名称", "匀称", "相称", "对称", "称谓", "称心", "称职", "称得上", "称不上", "称霸", "称重",
              "称体重", "称了", "称一下", "称一称", "称称", "职称", "称号", "称道", "称颂", "称奇", "称病", "称王",
              "称斤", "据称", "指称", "总称", "统称")
# ... and these only when no one else is named before them ("说出去多丢人" / "导师说出去镀金…")
NOT_REPORT_BARE = ("说出去", "说出来", "说放下", "说走就走")
# sources whose words are facts the user records, not views (a landlord's rule, a contract)
FACT_SOURCES = ("房东", "公司", "单位", "合同", "规定", "政策", "通知", "学校", "官网", "组委会")
# ... when the speaker *is* one of them ("房东明确说", not "单位王姐说": she is a person)
FACT_SOURCE = re.compile(f"(?:{'|'.join(FACT_SOURCES)})(?:明确|也|都|还|又|早就|已经|明明)?$")
# people and offices whose job is to state facts (a doctor, an office, a shop's manager, HR):
# what they *say* is evidence the user records, unless it is advice or an opinion (ADVICE):
# "医生说角膜厚度够做" is a fact, "医生说最好别拖" a view; what they think (觉得, 认为) is a view
FACT_PEOPLE = re.compile(r"(?:医生|大夫|护士|中介|代理人|业务员|人事|人事科|人事处|HR|hr|负责人|经理|车商|银行|客服|物业|律师|"
                         r"会计师|体检|办|处|科|中心|学院|俱乐部|组委会|官网|前台|宿管|店长|老板|招生办|研招办|园长|校长|"
                         r"主任|催乳师|药剂师|营养师)"
                         r"(?:的?老师|的?工作人员|的人|小姐姐|小哥)?$")
FACT_VERBS = ("说", "讲", "表示", "称", "提醒", "的意思是", "的说法")
# ... and a fact has a figure or a rule in it: a sum, a time, a count, what must or cannot be
FACT_MARK = re.compile(r"[0-9０-９]|[一二两三四五六七八九十百千万半几][个年月天周次岁块元万千%分小号节期轮成倍]|"
                       r"只能|才能|必须|要交|停发|保留|免|截止|至少|全部|不准|不让|不用|不能|自理|报销|定型|已经|满|"
                       r"今年|明年|去年|下个月|上个月|偏低|偏高|超标|阳性|阴性|正常|异常|指标")
ADVICE = re.compile(r"好窗口|好时机|好机会|应该|应当|最好|建议|趁|赶紧|赶快|别|不要|不如|划算|值得|时机|机会|看好|不错|推荐|劝|该|必须得|"
                    r"[觉认]得|可以考虑|不妨|放心|没问题|千万")
# who the user may name after 我 ("我妈说", "我同事觉得"): anyone else makes the clause the user's own
KIN = (r"(?:们家|家|妈|爸|姐|哥|弟|妹|老公|老婆|媳妇|对象|男朋友|女朋友|男友|女友|朋友|同事|领导|老板|婆婆|公公|岳父|岳母|"
       r"丈母娘|爷爷|奶奶|外婆|外公|姥姥|姥爷|舅|姨|叔|姑|表|堂|室友|同学|闺蜜|发小|兄弟|师|导师|家人|父母|爸妈|儿子|女儿|孩子)")
# adverbs (and words of when) that may sit between a speaker and the verb: "婆婆天天催", "老李一直劝我",
# "我妈昨天一听就骂我"; stripped from the speaker's name, and where a speaker named a clause before
# ("老公一直想养，说…") stops
REPORT_ADVERBS = ("天天", "一直", "总是", "老是", "一再", "反复", "早就", "常常", "经常", "非要", "偏要", "还在", "就是",
                  "倒是", "也在", "也", "都", "还", "又", "就", "总", "也是", "其实", "一向", "当时", "之前", "昨天",
                  "今天", "一听", "直接", "死活", "坚决", "始终", "从来", "根本", "压根", "再三", "一个劲", "一个劲儿",
                  "整天", "成天", "每次", "还是", "居然", "竟然")
USER_SUBJECTS = ("我", "我们", "自己", "我自己", "我也", "我还", "我倒", "我真", "我总", "我一直", "我其实",
                 "我现在", "我就", "我是", "我都", "我却", "我只")
# the user's reaction to a reported view
AGREE = ("这话我是认同的", "我是认同的", "我认同", "我同意", "我觉得他说得对", "我觉得她说得对", "说得对", "说得有道理",
         "有道理", "我也这么想", "我也觉得", "确实如此", "没错",
         # agreement in everyday words: "这话太对了", "我深有同感", "我觉得也是", "这话我听进去了"
         "太对了", "说得太对", "在理", "深有同感", "感同身受", "我觉得也是", "我看也是", "也这么觉得", "也这么认为",
         "没毛病", "听进去了", "听进去", "我服", "我也动摇了", "动摇了", "被说服了", "说到我心坎", "一针见血",
         "确实", "的确", "是这么回事", "是这个理", "服气", "这话我信", "我是信的", "我信这个", "真认同", "认同",
         "顾虑我也有", "我也有这个顾虑", "我也是这么想的",
         # ... and more of the ways people say it ($: only at the end of the clause)
         "深以为然", "是这样", "赞同", "同意", "这话我认$", "我认$", "这话我听$", "是服的", "信了$", "我信他",
         "我信她", "话糙理不糙", "一点不假", "太真实", "挺信的", "跟他一样", "跟她一样", "心坎", "一点没错", "说得没错",
         "讲得对", "讲得在理", "讲得有道理", "道理", "没说错", "觉得对", "想想也是", "也是$", "我信$", "听他的", "听她的",
         "站他这边", "站她这边", "站在他这边", "站在她这边", "心动了", "说得在理")
DISAGREE = ("不认同", "不同意", "不赞同", "不是这样", "并不认为", "不觉得", "我不信", "不以为然", "才不是",
            "我才不信", "瞎说", "胡说", "扯淡", "站着说话不腰疼", "说得轻巧", "不敢苟同", "我不这么看", "我不这么想",
            "不这么认为", "听听就好", "左耳进右耳出", "不太信", "不信这个", "不这么看", "可不信", "不信",
            "老观念", "太绝对", "没那么玄乎", "不认", "不大信", "不怎么信", "没道理", "不在理",
            # refusing what one is urged to do (session 23): "别人都劝我走，我偏不"
            "我偏不", "偏不$", "我才不$", "我就不$")

# concession and contrast: what follows one of these at a clause start is what the user stands on
CONTRAST = ("但是", "但", "可是", "不过", "然而", "只是", "就是怕", "怕的是", "就怕", "却", "偏偏", "反而",
            "其实")
CONCESSIVE = ("虽然", "虽说", "尽管", "固然", "即使", "哪怕")
# hypotheticals: the clause after the condition is the consequence
CONDITION = ("如果", "要是", "假如", "假设", "万一", "若是", "一旦", "如果说", "倘若", "真要", "要不是", "再不", "真不")
# a condition that refuses the act flips its consequence: "要是错过了，以后就没机会了" is for the act
REFUSAL = ("不去", "错过", "放弃", "不接", "拒绝", "不要", "不做", "不买", "不走", "不试", "没去", "不换", "推了", "推掉",
           "拒了", "不答应", "不报", "不考", "不读", "不搬", "不卖", "不生", "不结", "不辞", "回绝", "不借", "不帮",
           "真不")
# rhetorical questions: a doubt, or a "no"
REFUSE_DELAY = ("再拖", "错过", "放弃", "再等就", "才后悔", "再后悔", "拖下去", "不趁现在")
# words that undo what follows: "弥补学历的短板", "加班减少到每周两天" (before or after the cue)
UNDO_BEFORE = ("弥补", "解决", "改善", "摆脱", "缓解", "克服", "顶上", "还上", "补上", "抵掉", "够还", "够付", "cover", "还掉", "还清")
UNDO_AFTER = ("减少", "少了", "好转", "缓解", "改善", "消失", "没了", "还清", "还掉")
# staying done, as the object of a regret (stance._regretted): "不后悔留下来", "后悔待在这里"
STAY_DONE = re.compile(r"留(?:了)?下(?:来)?|留在|待在|呆在|待(?:了)?下来|坚持(?:了)?下来|继续(?:干|待|呆|留|做)")
# "不知道（自己想不想走）", "不清楚自己真正在纠结什么": the user says they have not decided
UNDECIDED = ("不知道", "不确定", "不清楚", "拿不准", "说不好", "想不明白", "不明白")
# a question asking for facts, not doubting the act: "哪个城市适合养老？", "穿什么比较合适？"
INFO_QUESTION = re.compile(r"哪个|哪家|哪种|哪些|哪一|几点|多少钱|(?:穿|买|带|选|准备|办|问)什么|什么区别|有什么不同|区别"
                           r"|怎么(?:报|选|办理|准备|申请|挑)|需要(?:什么|哪些)|还要办|要带|一回事|一样吗|就够了|回头问问"
                           r"|(?:能|可以)报(?:销)?[^，,。]{0,8}吗|差在哪|区别在哪")
# "不知道要跑几个部门", "能撑多久": not knowing a fact is no doubt about the act
INFO_WORDS = ("多久", "几个", "几次", "几年", "哪个", "哪些", "多少", "具体")
OPEN_MARKS = ("什么", "是否", "还是", "想不想", "要不要", "该不该")
RHETORICAL = ("难道", "哪有", "何必", "凭什么", "谁会", "谁来", "怎么可能", "有必要", "真的", "还有", "到底", "哪里",
              "怎么办", "谁管", "哪有余钱", "还能")

# ---------------------------------------------------------------------------------------------
# English (session 23): a statement with no Chinese in it is read by :func:`.stance._read_en` with
# the same kinds as above. Before, an ``en`` workspace's statements took no side at all, so
# ``competing`` and the brief reported no counter-evidence next to "I don't want to leave". A small
# list from how people write about such decisions; no benchmark holds English statements yet, so
# it is not measured (docs/ask.md). Entries are matched as whole words; longer entries win.
EN_CUES: dict[str, tuple[str, ...]] = {
    "risk": ("risk", "risky", "mistake", "lose", "losing", "regret", "fail", "failure", "unemployed", "no income", "laid off",
             "layoff", "layoffs", "gamble", "job market is bad", "market is bad", "hard to find"),
    "fear": ("afraid", "scared", "scary", "worried", "worry", "worries", "anxious", "nervous", "terrified",
             "frightening", "fear", "dread", "hesitate", "hesitant"),
    "unable": ("can't afford", "cannot afford", "can not afford", "not qualified", "no experience"),
    "bind": ("kids", "can't leave", "cannot leave", "tied down", "visa", "contract"),
    "cost": ("mortgage", "rent", "loan", "loans", "debt", "debts", "pay cut", "expensive", "costs", "bills",
             "tuition"),
    "doubt": ("not sure", "unsure", "not ready", "don't know", "no idea", "on the fence", "impulsive"),
    "stay": ("stick it out", "stay put", "stay", "staying", "one more year", "another year", "wait and see",
             "hold on",
             # keeping what one has (session 30): "Mom thinks I should keep my job"
             "keep my job", "keep this job", "keep the job", "keep my position", "keep working here",
             "hold on to my job", "hold onto my job", "stay on"),
    "attach": ("enjoy", "love", "learn", "learning", "interesting", "stable", "comfortable", "close to home",
               "great team", "miss", "secure", "flexible"),
    "push": ("sick of", "tired of", "fed up", "burned out", "burnt out", "burnout", "exhausted", "overtime",
             "boring", "bored", "had enough", "enough is enough", "dead end", "dead-end", "hate", "miserable", "stuck", "want out", "toxic",
             "underpaid", "no raise", "micromanage", "micromanaged", "can't stand", "cannot stand",
             "humiliated", "humiliating", "belittled", "insulted", "bullied", "yelled at", "shouted at",
             "disrespected", "undervalued", "unappreciated", "overworked"),
    "pull": ("opportunity", "opportunities", "offer", "raise", "better pay", "dream", "excited", "exciting",
             "promotion", "growth", "grow", "always wanted"),
    "ready": ("enough", "in the bank", "saved up", "savings to", "cushion", "runway", "prepared", "ready"),
    "good": ("great", "good", "nice", "fine", "happy", "awesome", "good idea", "right call", "right move", "smart move",
             "the right thing", "wise"),
    # a judgment's side is what it is said about: "quitting now is reckless" is against the act,
    # "staying would be foolish" for it
    "bad": ("bad", "terrible", "awful", "horrible", "worse", "worst", "unhappy", "reckless", "rash", "hasty", "foolish",
            "irresponsible", "premature", "wrong call", "wrong move", "bad move"),
}
# a verdict on doing an act (session 31): "I'd be a fool to stay", "it would be a mistake to quit",
# "it's smart to leave now". A word judging the act foolish takes the side opposite to the act, one
# judging it wise the act's side; "not" before the act ("I'd be crazy not to leave") or before the
# verdict ("it wouldn't be a mistake to quit") turns it. Until then "I'd be a fool to stay another year"
# was read for its cue words (stay, another year) and listed against quitting.
EN_VERDICT_BAD = ("fool", "foolish", "stupid", "mistake", "crazy", "dumb", "insane", "mad", "nuts", "idiot",
                  "idiotic", "silly", "unwise", "reckless", "irresponsible", "pointless", "a waste", "wrong",
                  "ridiculous", "absurd")
EN_VERDICT_GOOD = ("smart", "wise", "sensible", "right", "good idea", "great idea", "the right call", "the right move",
                   "no-brainer", "reasonable")
# the words that may stand between the subject and the verdict ("it would really be a huge mistake")
EN_VERDICT_SUBJECTS = ("i", "we", "you", "it", "that", "this", "i'd", "we'd", "you'd", "it'd", "that'd", "it's",
                       "that's", "this's", "i'm", "we're", "you're", "it'll", "that'll", "i'll")
EN_VERDICT_FILLERS = ("would", "will", "could", "might", "must", "is", "was", "am", "are", "be", "been", "have",
                      "has", "really", "honestly", "definitely", "probably", "totally", "just", "so", "a", "an",
                      "the", "such", "very", "pretty", "absolutely", "complete", "total", "utter", "huge", "big",
                      "real", "kind", "of", "bit", "little", "not", "never", "truly", "simply", "plain", "clearly",
                      "seriously")
EN_VERDICT_LEADS = ("and", "but", "so", "honestly", "frankly", "really", "i think", "i feel", "i know", "i guess",
                    "i believe", "now", "at this point")
# a consideration said to be lacking: "without an offer" is no offer (a reason against the act)
EN_WITHOUT = ("without",)
# a want word in the four words before the act ("I want to quit", "thinking about leaving")
EN_WANT = ("want", "wanna", "going", "gonna", "plan", "planning", "thinking", "should", "will", "ready", "need",
           "decided", "time", "like", "hope", "must", "'ll", "would", "intend", "consider", "considering")
# the act's other side: where the act takes the user (its good and bad words are about the act)
EN_AFTER_ACT = ("new job", "new place", "elsewhere", "another job", "another company", "over there", "the offer",
                "startup")
# someone else's view: "<who> says / thinks / keeps telling me to ..."
EN_REPORT = re.compile(r"^(?P<who>[^,;:.!?]{1,40}?)\s+(?:(?:always|keeps?|kept|still|also|really)\s+)*"
                       r"(?P<verb>says?|said|thinks?|thought|believes?|believed|feels?|felt|tells? me|told me|telling me|"
                       r"wants? me to|wanted me to|urges? me|urged me|urging me|advises? me|advised me|suggests?|"
                       r"suggested|insists?|insisted|warns? me|warned me|pushes me|pushed me|reckons?|"
                       r"(?:asks?|asked|asking)(?= me\b| if\b| whether\b))\b(?P<content>.*)$",
                       re.IGNORECASE)
# the user answering what was said or asked: "…, I said no", "…, I told him I would not"
EN_REPLY = re.compile(r"^(?:and\s+|so\s+|but\s+)?(?:i|we)\s+(?:just\s+|simply\s+|finally\s+)?"
                      r"(?:said|say|replied|answered|told (?:him|her|them)|tell (?:him|her|them))\b[\s:,]*(?P<answer>.*)$",
                      re.IGNORECASE)
# ... with a bare yes or no ("no", "I would not", "I do"): its side is the question's, or its opposite
EN_YES = re.compile(r"^(?:yes|yeah|yep|yup|sure|of course|definitely|absolutely|i do|i did|i would|i will|i am|i'd|"
                    r"i want to|i wanted to)(?:\s+(?:do|to|sir))?$", re.IGNORECASE)
EN_NO = re.compile(r"^(?:no|nope|nah|not really|no way|never|not yet|i don't|i do not|i didn't|i did not|i wouldn't|"
                   r"i would not|i won't|i will not|i'm not|i am not|i don't want to|i do not want to)(?:\s+(?:really|sir))?$",
                   re.IGNORECASE)
EN_USER = ("i", "i also", "i still", "i really", "i honestly", "i actually", "i kind of", "me", "myself", "we")
EN_AGREE = ("i agree", "she's right", "he's right", "they're right", "she is right", "he is right", "they are right",
            "i think so too", "fair point")
EN_DISAGREE = ("i disagree", "i don't agree", "i do not agree", "i don't buy it", "i don't think so", "nonsense",
               "she's wrong", "he's wrong", "they're wrong")
# "I'm not sure I want to leave", "I don't know whether to quit": asked, not answered
EN_UNDECIDED = re.compile(r"\b(?:not sure|unsure|don't know|do not know|no idea|can't decide|cannot decide|undecided)\b"
                          r"|\bwhether (?:i|to)\b|\bwonder(?:ing)? if\b", re.IGNORECASE)
EN_CONTRAST = ("but", "however", "though", "yet", "actually", "honestly")
EN_CONCESSIVE = ("although", "though", "even though", "even if", "while")
EN_CONDITION = ("if", "unless", "what if", "in case")

# -- session 30 (s30judge): whose words follow someone else's view, and a person named by name --
# the user going on after someone urged or kept them, with no new subject: "老板挽留我，还是决定走",
# "领导劝我留下，仍然决定辞职" (the one urged decides); a view that does not take the user as its
# object ("我妈说，还是走了好") is theirs to the end, and "同事被挽留，还是决定走" is the colleague's
STILL_DECIDING = ("还是", "仍然", "仍旧", "依然", "依旧", "照样", "照旧", "始终", "却")
STILL_DECIDING_LEAD = ("最后", "最终", "后来", "终究", "到头来", "可", "但", "但是", "不过")
DECIDING = ("决定", "选择", "铁了心", "执意", "打定主意", "下定决心", "下决心", "坚持", "咬牙", "打算", "准备",
            "想", "要")
# the user wanting what someone else wants for them, in their own words: "我妈想让我辞职，我也想辞职"
ALSO_WANTING = ("想", "要", "打算", "决定", "准备", "愿意", "不想", "不愿意", "不愿", "不打算", "舍不得", "铁了心")
# a person named by name opening a clause (「张伟想辞职」, 「李娜打算跳槽」): someone else, not the user.
# Common single-character surnames and compound ones; a name is a surname and one or two characters,
# tagged a personal name (nr) by the segmenter
SURNAMES = frozenset("王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程"
                     "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方邹熊白孟秦邱侯江尹薛闫段雷黎史龙陶贺顾"
                     "毛郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰"
                     "焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲"
                     "房滕屈饶解牟艾尤阳穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全"
                     "佟臧闵苟邬边卞姬师仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝")
COMPOUND_SURNAMES = ("欧阳", "司马", "上官", "诸葛", "东方", "慕容", "皇甫", "令狐", "尉迟", "公孙", "夏侯", "长孙",
                     "端木", "司徒", "西门", "独孤")
# words the segmenter tags as personal names that name no one: a person's kind or a thing (白领 is
# someone else too, but not by name), places, and words an opening surname character begins
NOT_NAMES = frozenset(("白领", "蓝领", "金领", "高薪", "文明", "叶子", "林子", "杨柳", "秦岭", "朱门", "向阳", "华为",
                       "戴眼镜", "高铁", "高考", "高中", "高层", "高管", "常年", "时常", "明明", "毕竟", "单位", "安心",
                       "安全", "方便", "温柔", "成本", "成都", "关心", "齐心", "和平", "和气", "平安", "全家", "全职",
                       "车贷", "房贷", "房租", "房东", "钱包", "江湖", "包子", "金钱", "黄金", "石头", "应该", "简单",
                       "宁愿", "宁可", "尚且", "连续", "连着", "解决", "解放", "严重", "任何", "余额", "余下", "路上"))

# the changes a note may be about, each a family of the words naming it (session 32): 「不想折腾」 says
# no act, and is read on the act the note is about. 「对新机会有点心动，但不想折腾」 is about a new job,
# not about moving to another team of the same employer; it made 「要不要转组？」 draft 「不要转组」.
CHANGES: tuple[tuple[str, ...], ...] = (
    # leaving the employer
    ("跳槽", "换工作", "换份工作", "辞职", "离职", "裸辞", "新机会", "外面的机会", "工作机会", "新工作", "新公司",
     "别的公司", "猎头", "offer", "Offer", "面试", "走人", "另谋", "quit", "leave"),
    # moving to another team of the same employer
    ("转组", "调岗", "转岗", "换岗", "岗位调动", "换部门", "调部门", "转部门", "换组", "调组", "换团队", "调团队", "内部转"),
    # moving home or city
    ("搬家", "换城市", "回老家", "出国", "移民", "换房子", "租房", "买房", "卖房"),
    # study
    ("考研", "读研", "读博", "留学", "考公", "考编", "转行"),
    # a partner
    ("分手", "离婚", "结婚", "领证", "复合"),
)

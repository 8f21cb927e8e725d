"""Everyday things people write in sentences, not in one word: what a question's word is called
when a note says it in other words that no synonym group can hold.

「要不要戒掉熬夜？」 asks about 熬夜; the user wrote 「最近老是两点才睡」 and 「经常凌晨两点才睡」. A
synonym group holds words the segmenter cuts whole (``builtin/search.py``); 才睡 cut as one word
would hide 睡 from every query that says it (docs/search.md), and 两点 / 凌晨 are no synonym of
熬夜. So a family here is the words that name a thing (any of them, in the question or among its
synonyms) and the pattern of the sentences that say it: a late hour before 才睡, 睡得晚, 熬到
半夜 … It is read only where a question's topic is looked for (:mod:`.topics`): search is left
as it is.

Each family names one thing, as a synonym group does; its pattern is written from how people
say it, not from one note.
"""

from __future__ import annotations

import re

# a small-hours time: not one said of the day (「下午三点」, 「六点就回家」), nor 一点 of 早一点 / 晚一点
_DAYTIME = r"(?<!下午)(?<!中午)(?<!上午)(?<!早上)(?<!傍晚)(?<!白天)(?<!午)(?<![早晚快慢多少好差有])"
_LATE_HOUR = (r"(?:凌晨|半夜|深夜|后半夜|大半夜|夜里|" + _DAYTIME + r"(?:十二|[一二两三四1-4])点(?:多|半|钟)?)"
              r"(?![^，,。；;！!？?\n]{0,3}就)")
_LATE_END = r"[^，,。；;！!？?\n]{0,4}?才(?:睡(?!醒|午觉|午|个午)|躺下|上床|合眼|入睡|睡着)"

#: (the words that name the thing, the pattern of a sentence that says it in other words)
FAMILIES: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = (
    # staying up late: 「两点才睡」「凌晨一点多才睡着」「睡得越来越晚」「刷手机刷到半夜」「熬到三点」
    (("熬夜", "晚睡", "睡得晚", "睡太晚", "通宵", "熬到", "夜猫子"),
     re.compile(_LATE_HOUR + _LATE_END + r"|(?:睡得|入睡)(?:很|太|特别|越来越|比较|更|有点|挺)?晚"
                r"|(?:熬|耗|拖|刷|玩|看|忙|干|加班)[^，,。；;！!？?\n]{0,3}?到" + _LATE_HOUR + r"(?!前|之前|以前)")),
    # moving to another team of the same employer: 「换组」「调组」「换团队」「转了个组」「被调去数据平台组」.
    # 换组 / 调组 are no words to the segmenter, and made words they would cut 「换组长」 and lose 组长
    # (docs/search.md): a question saying them finds the topic by the family's names (session 32).
    # Not 换组长 / 组员 / 组织 / 组合, nor 调整 / 转发 / 换成 (the verb's next character is no team)
    (("转组", "转岗", "调岗", "换岗", "岗位调动", "调部门", "换部门", "转部门", "换组", "调组", "换团队", "调团队"),
     re.compile(r"(?:调|转|换)(?:(?:到|去|进|入|回|了|个|一个|别的|其他|其它|新)+[\u4e00-\u9fffA-Za-z0-9]{0,6}?)?"
                r"(?:小组|组|团队|部门)(?![长员织件合成建])")),
    # not sleeping: 「躺了两个小时才睡着」「翻来覆去到三点」
    (("失眠", "睡不着", "睡不好", "没睡好"),
     re.compile(r"(?:躺|翻来覆去|辗转)[^，,。；;！!？?\n]{0,6}?(?:才睡着|睡不着)|(?:一夜|整夜|整晚|一晚上)(?:都)?没(?:怎么)?睡")),
)


def named_in(text: str) -> list[str]:
    """The words naming each family whose pattern ``text`` says (in :data:`FAMILIES` order): a
    question put in other words (「要不要换组？」) names the thing as its family does (转组, 调岗 …)."""
    return [word for names, pattern in FAMILIES if pattern.search(text) for word in names]


def patterns_for(words: "list[str] | tuple[str, ...] | set[str]") -> list[re.Pattern[str]]:
    """The patterns of the families any of ``words`` names (in :data:`FAMILIES` order)."""
    wanted = set(words)
    return [pattern for names, pattern in FAMILIES if wanted & set(names)]

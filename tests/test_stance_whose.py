"""Whose words the stance reader hears (session 30): the user deciding after someone urged or kept
them, with no new subject ("老板挽留我，还是决定走"); the user wanting the same in their own words
after someone else's view ("我妈想让我辞职，我也想辞职"); and a person named by name ("张伟想辞职"),
who is someone else, not the user. Each table holds rows that changed and rows that must not."""

from __future__ import annotations

import pytest

from mylife_core.pipeline.stance import frame_for, read


def _whose(conclusion: str, text: str) -> tuple[int, str | None, int]:
    r = read(text, frame_for(conclusion))
    return r.side, r.speaker, r.reported_side


#: (conclusion, text, the user's side, whose view else None, its side)
GOING_ON = [
    # changed: the one kept or urged decides, the subject left out
    ("我该跳槽", "老板挽留我，还是决定走", 1, None, 0),
    ("我该辞职", "领导挽留我，仍然决定辞职", 1, None, 0),
    ("我该辞职", "我妈劝我别辞职，依然决定辞职", 1, None, 0),
    ("我该跳槽", "同事劝我留下，却铁了心要走", 1, None, 0),
    ("我该辞职", "老婆劝我辞职，最后还是决定不辞了", -1, None, 0),
    ("我该辞职", "我妈想让我辞职，我也想辞职", 1, None, 0),
    ("我该跳槽", "朋友劝我跳槽，我自己也打算跳槽", 1, None, 0),
    ("我该辞职", "老公让我别辞职，我也不想辞职", -1, None, 0),
    # unchanged: said with a subject (as before), a view that is not about the user, its content
    ("我该跳槽", "老板挽留我，我还是决定走", 1, None, 0),
    ("我该跳槽", "老板挽留我", 0, "老板", -1),
    ("我该辞职", "我妈想让我辞职", 0, "我妈", 1),
    ("我该跳槽", "我妈说，还是走了好", 0, "我妈", 1),
    ("我该跳槽", "老板挽留我，却要给我涨薪", 0, "老板", -1),
    ("我该跳槽", "领导挽留我，还是想让我再干一年", 0, "领导", -1),
    ("我该跳槽", "同事被挽留，还是决定走", 0, None, 0),
    ("我该辞职", "我妈想让我辞职，我爸也想让我辞职", 0, "我妈", 1),
]


@pytest.mark.parametrize("conclusion, text, side, speaker, reported_side", GOING_ON)
def test_the_user_going_on_after_someone_elses_view_is_the_user(conclusion, text, side, speaker, reported_side):
    assert _whose(conclusion, text) == (side, speaker, reported_side)


#: (conclusion, text, the user's side): a person named by name is someone else; words that look
#: like a name (a time, a thing, a kind of person) leave the act the user's
NAMED = [
    # changed: someone named, not the user
    ("我该辞职", "张伟想辞职", 0),
    ("我该跳槽", "李娜打算跳槽", 0),
    ("我该买房", "刘洋决定买房", 0),
    ("我该辞职", "欧阳娜娜想辞职", 0),
    ("我该跳槽", "陈静早就跳槽了", 0),
    ("我该辞职", "郭靖不想辞职", 0),
    # unchanged: the user's own act after words that are no one's name
    ("我该辞职", "想辞职", 1),
    ("我该辞职", "周末想辞职", 1),
    ("我该辞职", "明天就辞职", 1),
    ("我该辞职", "方便的话想辞职", 1),
    ("我该辞职", "高薪也不想辞职", -1),
    ("我该跳槽", "金融行业想跳槽的人很多，我也想跳槽", 1),
    ("我该辞职", "张伟劝我别辞职，我还是想辞职", 1),
    ("我该辞职", "我不想辞职", -1),
]


@pytest.mark.parametrize("conclusion, text, side", NAMED)
def test_a_person_named_by_name_is_someone_else(conclusion, text, side):
    assert read(text, frame_for(conclusion)).side == side

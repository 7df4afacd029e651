"""Names for simulated matches: six plausible players and two teams, drawn per seed.

A simulated record reads like a club's, not like a debug dump: the seats get Chinese
names (a surname and a given name, no two alike) and the teams two different names, the
same for the same seed on every machine (a :class:`random.Random` seeded with a string)
and on every deal of the seed.  The bots that played are written apart, in the record's
``X_Bots`` tag (see :func:`.simulate.simulate`).
"""

from __future__ import annotations

import random

__all__ = ["GIVEN_NAMES", "SURNAMES", "TEAM_NAMES", "event_name", "player_names", "team_names"]

#: Team names for simulated matches (two drawn per seed, so a corpus reads like a league).
TEAM_NAMES: tuple[str, ...] = (
    "青岛海风队",
    "崂山石老人队",
    "栈桥队",
    "八大关队",
    "琴岛队",
    "黄海队",
    "即墨队",
    "胶州湾队",
)


def team_names(seed: int) -> tuple[str, str]:
    """Two different team names for a simulated match, the same for the same seed.

    >>> team_names(1) == team_names(1), len(set(team_names(7)))
    (True, 2)
    """
    a, b = random.Random(f"teams-{seed}").sample(TEAM_NAMES, 2)
    return a, b


#: Surnames and given names of simulated players (drawn without repeats: six players
#: of a match never share a surname or a given name, so no two names are alike).
SURNAMES: tuple[str, ...] = (
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙",
    "胡", "朱", "高", "林", "何", "郭", "马", "罗", "梁", "宋", "郑", "谢",
    "韩", "唐", "冯", "于", "董", "曲", "姜", "崔", "隋", "迟", "栾", "鞠",
)  # fmt: skip
GIVEN_NAMES: tuple[str, ...] = (
    "伟", "强", "磊", "军", "勇", "杰", "涛", "明", "超", "刚", "平", "辉",
    "芳", "娜", "敏", "静", "丽", "艳", "霞", "玲", "建国", "志强", "海波", "红梅",
    "晓东", "文华", "秀英", "宝山", "立新", "春生", "玉兰", "子涵", "浩然", "雨桐", "俊杰", "海燕",
)  # fmt: skip


def player_names(seed: int) -> tuple[str, ...]:
    """Six different player names for seats 1-6 of a simulated match, the same for the
    same seed (and for every deal of the seed): a record reads like a club's, not like a
    debug dump.  The bots that played stay in the ``X_Bots`` tag.

    >>> player_names(1) == player_names(1), len(set(player_names(7))), player_names(7)[0]
    (True, 6, '朱军')
    """
    rng = random.Random(f"players-{seed}")
    surnames = rng.sample(SURNAMES, 6)
    given = rng.sample(GIVEN_NAMES, 6)
    return tuple(a + b for a, b in zip(surnames, given, strict=True))


def event_name(teams: tuple[str, str], deal: int | None = None) -> str:
    """The ``Event`` tag of a simulated record: the match between the two teams, or, for a
    deal played apart (``deal`` given), a friendly of its own, so that no two deals played
    apart read as one match (the validator links the deals of one event).

    >>> event_name(("青岛海风队", "栈桥队")), event_name(("青岛海风队", "栈桥队"), 3)
    ('够级模拟赛：青岛海风队 对 栈桥队', '够级模拟对局 第3局')
    """
    if deal is not None:
        return f"够级模拟对局 第{deal}局"
    return f"够级模拟赛：{teams[0]} 对 {teams[1]}"

"""The vocabularies of the rule parameters: the catalog's value strings, verbatim.

The ``Literal`` types name every allowed value of an enum, set or list parameter;
:class:`FrozenMap` is the immutable mapping of the map parameters; ``_p`` declares a
parameter field with the metadata that :data:`~gojinotation_analyzer.rules.ruleset.PARAMETERS`
exposes.  The groups of parameters are in :mod:`.groups_deal` and :mod:`.groups_score`; the
:class:`~gojinotation_analyzer.rules.ruleset.Ruleset` that holds them is in :mod:`.ruleset`.

>>> FrozenMap({"a": 1}).replace("a", 2)
FrozenMap({'a': 2})
>>> "two_big_beat_one_big" in typing.get_args(Ershayi)
True
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Generic, Literal, TypeVar

import attrs

from gojinotation.cards import Rank

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """An immutable, hashable mapping (used for rank thresholds and bonus points).

    >>> m = FrozenMap({"dian": 1, "shao": 2})
    >>> m["shao"], len(m), m == FrozenMap({"shao": 2, "dian": 1})
    (2, 2, True)
    >>> hash(m) == hash(FrozenMap({"shao": 2, "dian": 1}))
    True
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._data) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def replace(self, key: K, value: V) -> FrozenMap[K, V]:
        """A copy with ``key`` set to ``value``."""
        return FrozenMap({**self._data, key: value})


# --------------------------------------------------------------------------------------
# Value vocabularies (the catalog's strings, verbatim)
# --------------------------------------------------------------------------------------

DeckVariant = Literal["216", "196_minus_10x3_10x4"]
Direction = Literal["ccw", "cw"]
FirstMethod = Literal[
    "draw_count_ccw",
    "high_card_takes_first",
    "referee_6_high_first",
    "referee_card_inserted",
    "flip_first_card_count",
    "fixed_seat1",
]
JokerDrawn = Literal["xiajia_replaces", "drawer"]
CountValues = Literal["natural", "JQK_jokers_lowest"]
Subsequent = Literal[
    "daluo_duitou_opens_daluo_leads",
    "daluo_opens_and_leads",
    "rotate_ccw",
    "rotate_cw",
    "redraw_each_game",
    "fixed_seat1",
]
RedoTrigger = Literal["chuan3hu", "two_players_replaced"]
RedoBy = Literal["first_opener_xiajia", "first_open_rules"]
Shangban = Literal[
    "none",
    "two_same_colour_3",
    "two_same_suit_3",
    "two_same_suit_4",
    "most_4s_must_lead_4",
    "inserted_card_holder",
]
AttachTwos = Literal["filler", "forbidden", "power3"]
MixedBigSmall = Literal["distinct", "big_counts_as_small"]
TwosInJokerOnly = Literal["rank2"]
ThreeRestriction = Literal["none", "bie3"]
JokeredVsPlain = Literal["plain_part_higher", "any_rank"]
XiaowangSet = Literal["dawang_ge_count_rank_plus1", "two_aspects", "jokers_then_plain_higher"]
Ershayi = Literal["off", "two_big_beat_one_big"]
ErshayiAnswer = Literal["exactly_two", "any_with_two"]
PureJokerSets = Literal["all_dawang_beats_xiaowang", "dead"]
KoupaiRen = Literal["duitou_of_last_player"]
KoupaiNoDuitou = Literal["not_required", "next_active_opponent"]
Jiefeng = Literal["xiajia_gets_lead", "declaration_is_pass"]
Gousiji = Literal["off", "always", "only_if_dipai_gouji"]
GousijiWindow = Literal["banked", "dipai_only"]
Baohu = Literal["on_request_le10", "visible_le10", "asking_forbidden", "off", "duitou_may_ask"]
BurnEligibility = Literal["runtime", "formula_004"]
JokerExempt = Literal["first_and_last", "last_only"]
BurnPriority = Literal["lianbang_first_then_order"]
BurnFailPlace = Literal["daluo"]
BurnSuccess = Literal["goes_out", "first_set_stands"]
KilledByDuitou = Literal["void_continue", "daluo"]
FakeResult = Literal["daluo", "daluo_and_kaidian_flip"]
KaidianQualifying = Literal["pure_gouji", "karamay_inclusive"]
KaidianCutoff = Literal["toke", "toke_and_erke", "qingdao_001"]
TokeRequirement = Literal["none", "must_have_opened", "fours_played"]
KaidianSanction = Literal[
    "none", "dian_tribute", "pm2_pair", "minus1", "pm1", "plus1_opener", "tribute_points"
]
BothUnopened = Literal["cancel", "mutual"]
MenScore = Literal["0", "plus1", "pm1", "tribute1", "tribute_points"]
PaymentCard = Literal["2", "小王", "大王", "any_joker"]
Seller = Literal["duitou", "own_lianbang", "duitou_lianbang", "duifang"]
NoPayment = Literal["gift", "geming", "lianbang_gift"]
Buy3Deadline = Literal["before_own_first_play", "before_deal_play"]
No3Result = Literal["daluo", "daluo_and_kaidian_flip", "geming"]
Buy4Mode = Literal["off", "optional_else_bukaidian", "single4_not_sellable"]
GemingMode = Literal["forbidden", "no_power_cards", "no3_and_no_power", "zaofan_baola"]
GemingSecond = Literal["void_deal", "both_stand"]
TributeMode = Literal["none", "luo", "points_per_card"]
TributeKind = Literal["dian", "shao", "bie3", "chuan3hu"]
TributeOrderItem = Literal["dian", "shao", "bie3", "luo"]
TributeReturn = Literal["same_count_small", "none"]
TributeNoCard = Literal["skip", "must_pay"]
Chuan3hu = Literal["double", "fixed_8_0", "fixed_9_0", "no_change"]
PositiveOnly = Literal["off", "per_hand", "per_game"]
BonusEvent = Literal["dian", "shao", "fanshao", "zaifanshao", "men", "ershayi"]
MatchGames = Literal["bo3", "bo5", "fixed_n"]
Tiebreak = Literal[
    "toke_count",
    "fewer_daluo",
    "extra_game",
    "extra_hand_repeat",
    "extra_game_first_toke",
    "head_to_head",
    "game_points",
    "biggest_win",
    "lot",
    "xiaofen",
]
Cuopai = Literal["lose_follow_this_turn", "lose_follow_this_round"]
Disqualify = Literal["DQ"]
Word = Literal["报牌", "问答牌", "过牌", "让牌", "烧牌", "接风", "扣牌", "够级"]
Vec6 = tuple[int, int, int, int, int, int]

BONUS_EVENTS: tuple[str, ...] = typing.get_args(BonusEvent)

# Alternative spellings accepted when parsing (normalised to the canonical value).
_VALUE_ALIASES: dict[str, str] = {
    "xiaowang": "小王",
    "dawang": "大王",
    "dq": "DQ",
    "fixed(8,0)": "fixed_8_0",
    "fixed(9,0)": "fixed_9_0",
}


def _p(
    default: Any,
    en: str,
    zh: str,
    topic: str,
    rule: str,
    *,
    no: int | None = None,
    lo: int | None = None,
    hi: int | None = None,
    note: str = "",
) -> Any:
    """A parameter field: its default plus the metadata that :data:`PARAMETERS` exposes."""
    meta = {
        "en": en,
        "zh": zh,
        "topic": topic,
        "rule": rule,
        "no": no,
        "lo": lo,
        "hi": hi,
        "note": note,
    }
    return attrs.field(default=default, metadata=meta)


def _thresholds(pairs: Mapping[Rank, int]) -> FrozenMap[Rank, int]:
    return FrozenMap(pairs)


QINGDAO_THRESHOLDS: FrozenMap[Rank, int] = _thresholds(
    {
        Rank.TEN: 5,
        Rank.JACK: 4,
        Rank.QUEEN: 3,
        Rank.KING: 2,
        Rank.ACE: 2,
        Rank.TWO: 1,
        Rank.SMALL_JOKER: 1,
        Rank.BIG_JOKER: 1,
    }
)
ZERO_BONUS: FrozenMap[str, int] = FrozenMap(dict.fromkeys(BONUS_EVENTS, 0))

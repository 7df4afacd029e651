"""The rule parameters of Gouji (够级): one typed, immutable value per point of variation.

A :class:`Ruleset` is a frozen ``attrs`` value made of frozen groups.  The attribute path
of every parameter is its name in the research catalog (``catalog.md`` §2), with the two
Python keywords spelled with a trailing underscore (``pass`` -> ``pass_``, ``return`` ->
``return_``).  Every parameter defaults to the ``qingdao-standard`` value.

>>> rs = Ruleset()
>>> rs.play.attach_twos, rs.cmp.ershayi, rs.pass_.duitou_reentry
('filler', 'off', True)
>>> rs.score.place
(4, 2, 0, 0, -2, -4)
>>> rs.get("burn.joker_exempt")
'first_and_last'
>>> rs2 = rs.with_overrides({"cmp.ershayi": "two_big_beat_one_big", "time.limit_s": 30})
>>> rs2.cmp.ershayi, rs2.time.limit_s, rs.cmp.ershayi
('two_big_beat_one_big', 30, 'off')

A record's ``[Rules "..."]`` tag is read with :func:`parse_overrides`:

>>> parse_overrides("cmp.ershayi=two_big_beat_one_big; burn.joker_exempt=last_only")
{'cmp.ershayi': 'two_big_beat_one_big', 'burn.joker_exempt': 'last_only'}
>>> parse_overrides("score.place=5,4,3,2,1,0; pass.duitou_reentry=off")
{'score.place': (5, 4, 3, 2, 1, 0), 'pass.duitou_reentry': False}

Wrong names and values raise :class:`RulesetError` with the allowed values:

>>> Ruleset().with_overrides({"cmp.ershayi": "yes"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gojinotation_analyzer.rules.ruleset.RulesetError: cmp.ershayi: 'yes' is not allowed; allowed val...

:data:`PARAMETERS` describes every parameter (name, kind, allowed values, default, English
and Chinese description, topic and rule id):

>>> p = PARAMETERS["cmp.ershayi"]
>>> p.kind, p.allowed, p.topic, p.rule_id
('enum', ('off', 'two_big_beat_one_big'), 'T5', 'R-JOKER-6')
"""

# ruff: noqa: RUF009  (``_p`` wraps ``attrs.field`` to attach each parameter's metadata)

from __future__ import annotations

import difflib
import keyword
import types
import typing
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Generic, Literal, TypeVar

import attrs

from gojinotation.cards import Rank
from gojinotation.errors import GoujiError

__all__ = [
    "PARAMETERS",
    "FrozenMap",
    "Parameter",
    "Ruleset",
    "RulesetError",
    "canonical_name",
    "format_value",
    "parse_overrides",
    "parse_value",
]

K = TypeVar("K")
V = TypeVar("V")


class RulesetError(GoujiError):
    """A wrong parameter name or value, an unknown profile, or a bad override text.

    :ivar en: the message in English.
    :ivar zh: the message in Chinese.
    :ivar param: the parameter concerned (``""`` if none).
    :ivar allowed: the allowed names or values, for the message and for tools.
    """

    def __init__(self, en: str, zh: str, *, param: str = "", allowed: tuple[str, ...] = ()) -> None:
        super().__init__(en)
        self.en = en
        self.zh = zh
        self.param = param
        self.allowed = allowed

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` (``en`` or ``zh``)."""
        return self.zh if lang == "zh" else self.en


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
PureJokerSets = Literal["all_dawang_beats_xiaowang", "dead"]
KoupaiRen = Literal["duitou_of_last_player"]
KoupaiNoDuitou = Literal["not_required", "next_active_opponent"]
Jiefeng = Literal["xiajia_gets_lead", "declaration_is_pass"]
Gousiji = Literal["off", "always", "only_if_dipai_gouji"]
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
Buy3Deadline = Literal["before_own_first_play"]
No3Result = Literal["daluo", "daluo_and_kaidian_flip", "geming"]
Buy4Mode = Literal["off", "optional_else_bukaidian", "single4_not_sellable"]
GemingMode = Literal["forbidden", "no_power_cards", "no3_and_no_power", "zaofan_baola"]
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


# --------------------------------------------------------------------------------------
# Groups
# --------------------------------------------------------------------------------------


@attrs.frozen
class DeckRules:
    """Equipment (T2)."""

    variant: DeckVariant = _p(
        "216",
        "Cards in play: four full decks (216, 36 each) or 196 without ten 3s and ten 4s.",
        "用牌：四副整牌216张（每人36张），或去掉十张3和十张4的196张。",
        "T2",
        "R-DECK-1",
        no=1,
    )


@attrs.frozen
class DealRules:
    """The deal (T2)."""

    reshuffle_if_no_2_or_joker: bool = _p(
        False,
        "On the first deal a player with no 2 and no joker may ask for a new shuffle.",
        "首次抓牌无2无王者可要求重新洗牌抓牌。",
        "T2",
        "R-DECK-1",
        no=2,
    )


@attrs.frozen
class SeatRules:
    """Seating and direction (T1)."""

    play_direction: Direction = _p(
        "ccw",
        "Direction in which cards are drawn and played.",
        "抓牌、出牌的方向（逆时针或顺时针）。",
        "T1",
        "R-TURN-1",
        no=3,
    )


@attrs.frozen
class OpenRules:
    """开牌, 上班 and the first leader (T23)."""

    first_method: FirstMethod = _p(
        "draw_count_ccw",
        "How the first taker of the first game is chosen.",
        "首次开牌确定首取牌人的方法。",
        "T23",
        "R-OPEN-1",
        no=4,
    )
    joker_drawn: JokerDrawn = _p(
        "xiajia_replaces",
        "A joker drawn at 开牌: the opener's 下家 draws instead, or the drawer becomes opener.",
        "开牌抽到王：由下家取代开牌，或抽牌人即为开牌人。",
        "T23",
        "R-OPEN-1",
        no=5,
    )
    count_values: CountValues = _p(
        "natural",
        "Counting value of the drawn card (natural A=1..K=13, or J/Q/K/jokers lowest).",
        "开牌数数时牌的点数（自然点数，或J、Q、K、王为最小）。",
        "T23",
        "R-OPEN-1",
        no=6,
    )
    subsequent: Subsequent = _p(
        "daluo_duitou_opens_daluo_leads",
        "Who opens, takes first and leads in the later games.",
        "以后各局由谁开牌、先取牌、先发牌。",
        "T23",
        "R-OPEN-1",
        no=7,
    )
    redo_triggers: frozenset[RedoTrigger] = _p(
        frozenset({"chuan3hu", "two_players_replaced"}),
        "Events after which 开牌 is redone by the first-game method.",
        "需要重新开牌的情形（串三户、同时更换二人以上）。",
        "T23",
        "R-OPEN-1",
        no=8,
    )
    redo_by: RedoBy = _p(
        "first_opener_xiajia",
        "Who redoes 开牌: the first opener's 下家, or by the first-开牌 rules.",
        "重新开牌由首开牌人的下家进行，或按首次开牌规则进行。",
        "T23",
        "R-OPEN-1",
        no=9,
    )
    shangban: Shangban = _p(
        "two_same_colour_3",
        "上班: which shown cards make their holder the first leader (none: first taker leads).",
        "上班：亮出何种牌者为首发牌人（none 表示首取牌人先发）。",
        "T23",
        "R-OPEN-1",
        no=10,
    )
    dingban: bool = _p(
        True,
        "顶班: a player showing more same-suit 3s takes over the first lead.",
        "顶班：亮出同花色3更多者取代首发牌人。",
        "T23",
        "R-OPEN-1",
        no=11,
    )


@attrs.frozen
class PlayRules:
    """What a set may contain (T4-T6, T16)."""

    attach_jokers: bool = _p(
        True,
        "挂花: jokers may be attached in any number to any set.",
        "挂花：王可以任意张数挂在任何牌套上。",
        "T5",
        "R-JOKER-1",
        no=12,
    )
    attach_twos: AttachTwos = _p(
        "filler",
        "贴钱: 2s attached as ordinary members (filler), forbidden, or as power units (power3).",
        "贴钱：2作为普通一员贴牌、不许贴，或作为大牌使用（power3）。",
        "T6",
        "R-TWO-1",
        no=13,
    )
    mixed_big_small: MixedBigSmall = _p(
        "distinct",
        "A set with both 大王 and 小王: both keep their identity, or 大王 counts as 小王.",
        "大小王同挂：各按原身份，或大王当作小王。",
        "T5",
        "R-JOKER-5",
        no=14,
    )
    twos_in_joker_only_set: TwosInJokerOnly = _p(
        "rank2",
        "2s in a set of only jokers and 2s keep rank 2 (the only reading in the documents).",
        "只有王和2的牌套中，2仍按2计。",
        "T6",
        "R-JOKER-8",
        no=15,
        note="single-valued in the documents; kept so records can name it",
    )
    three_restriction: ThreeRestriction = _p(
        "none",
        "3s: unrestricted, or 憋3 (last set only, never split, no attachments).",
        "3的限制：无，或憋3（只能最后一手出、不能拆、不能挂）。",
        "T16",
        "R-BIE3-1",
        no=16,
        note="implied by bie3.enabled; kept separate so a record can state either",
    )
    four_no_attach: bool = _p(
        False,
        "4s take no attachments (开点发4).",
        "4不能贴2也不能挂王（开点发4）。",
        "T15",
        "R-KAIDIAN-3",
        no=17,
    )
    pure_joker_mixed: bool = _p(
        True,
        "A set of jokers only may mix 大王 and 小王 (documents silent; added).",
        "只由王组成的牌套可以大小王混合（文件未述，新增参数）。",
        "T4",
        "R-JOKER-8",
        note="added: T4 gap",
    )


@attrs.frozen
class CmpRules:
    """How one set beats another (T4, T5)."""

    same_total_count: bool = _p(
        True,
        "A following set must have the same total number of cards.",
        "顺牌必须与上家张数相同。",
        "T4",
        "R-SET-2",
        no=18,
    )
    jokered_vs_plain: JokeredVsPlain = _p(
        "plain_part_higher",
        "A jokered set over a plain set: its natural part must be higher, or any rank will do.",
        "挂王牌压无王牌：所带的牌须更大，或不论点数。",
        "T5",
        "R-JOKER-4",
        no=19,
    )
    xiaowang_set: XiaowangSet = _p(
        "dawang_ge_count_rank_plus1",
        "Beating a 小王 set: by as many 大王 at least one rank higher, on both aspects, or jokers"
        " then natural part.",
        "灭小王牌套：须大王数不少于小王且所挂牌高一点以上；或两方面都大；或先比王再比牌。",
        "T5",
        "R-JOKER-3",
        no=20,
    )
    dawang_set_dead: bool = _p(
        True,
        "A set containing a 大王 cannot be beaten (死牌); the 对头 must 扣.",
        "大王单出或挂牌即为死牌，对头应无条件扣牌。",
        "T5",
        "R-JOKER-2",
        no=21,
    )
    ershayi: Ershayi = _p(
        "off",
        "二杀一: a set with two 大王 may beat a single 大王.",
        "二杀一：两个大王可杀一个大王。",
        "T5",
        "R-JOKER-6",
        no=22,
    )
    ershayi_is_burn: bool = _p(
        False,
        "A 二杀一 by a non-对头 counts as a burn.",
        "非对头二杀一算作烧牌。",
        "T5",
        "R-JOKER-6",
        no=23,
    )
    ershayi_pass_exempt: bool = _p(
        False,
        '二杀一 is allowed after passing ("不记过牌").',
        "过牌后仍可二杀一（不记过牌）。",
        "T9",
        "R-JOKER-6",
        no=23,
    )
    three_twos_beat_dawang: bool = _p(
        False,
        "Three 2s beat a single 大王.",
        "三个2可以大过大王。",
        "T5",
        "R-JOKER-7",
        no=24,
    )
    pure_joker_sets: PureJokerSets = _p(
        "all_dawang_beats_xiaowang",
        "Multi-joker sets with no natural card: all-大王 beats one holding a 小王, or dead.",
        "多张纯王牌套：全大王可压含小王者，或一律为死牌（文件未述，新增参数）。",
        "T5",
        "R-JOKER-8",
        note="added: T5 gap",
    )


@attrs.frozen
class GoujiRules:
    """够级 sets (T7)."""

    thresholds: FrozenMap[Rank, int] = _p(
        QINGDAO_THRESHOLDS,
        "Minimum count per rank for a 够级 set (ranks missing never qualify alone).",
        "各点数构成够级牌的最少张数（未列出的点数单独不够级）。",
        "T7",
        "R-GOUJI-1",
        no=25,
    )
    jokered_always: bool = _p(
        True,
        "Any set carrying a joker is a 够级 set.",
        "挂王的牌一律视为够级牌。",
        "T7",
        "R-GOUJI-1",
        no=26,
    )
    attached_twos_count: bool = _p(
        True,
        "Attached 2s count toward the 够级 threshold.",
        "贴2达到相应张数也视为够级。",
        "T7",
        "R-GOUJI-1",
        no=27,
    )


@attrs.frozen
class AnswerRules:
    """Who answers a 够级 set (T8)."""

    duitou_only: bool = _p(
        True,
        "Only the 对头 may answer a 够级 set (except burns, 无头, 四户乱缠, 够死级).",
        "够级牌只有对头有资格上牌（烧牌、无头、四户乱缠、够死级除外）。",
        "T8",
        "R-GOUJI-2",
        no=28,
    )


@attrs.frozen
class PassRules:
    """过牌 (T9)."""

    duitou_reentry: bool = _p(
        True,
        "A player who passed may still answer his 对头's sets in the round.",
        "过牌者本轮仍可打对头牌。",
        "T9",
        "R-PASS-2",
        no=29,
    )
    blocks_burn: bool = _p(
        True,
        "A player who passed may not burn in the round.",
        "过牌后本轮不得烧牌。",
        "T9",
        "R-BURN-1",
        no=30,
    )


@attrs.frozen
class RangpaiRules:
    """让牌 (T10)."""

    allowed: bool = _p(
        True,
        "让牌 may be declared.",
        "允许让牌。",
        "T10",
        "R-YIELD-1",
        no=31,
    )


@attrs.frozen
class KoupaiRules:
    """扣牌 (T11)."""

    legal_koupai_ren: KoupaiRen = _p(
        "duitou_of_last_player",
        "The legal 扣牌人 is the last player's 对头 (the only reading in the documents).",
        "法定扣牌人是最后出牌者的对头。",
        "T11",
        "R-CLOSE-1",
        no=32,
        note="single-valued in the documents",
    )
    all_cards_before_lead: bool = _p(
        True,
        "No lead before the round's cards are turned.",
        "桌面的牌扣完之前不得发牌。",
        "T11",
        "R-CLOSE-2",
        no=33,
    )
    no_duitou: KoupaiNoDuitou = _p(
        "not_required",
        "Who 扣s when the last player's 对头 is out: nobody needs to, or the next opponent.",
        "最后出牌者的对头已走科时：无需扣牌，或由下一位在场对手扣牌（新增参数）。",
        "T11",
        "R-CLOSE-1",
        note="added: T11 gap",
    )


@attrs.frozen
class JiefengRules:
    """接风 (T12)."""

    semantics: Jiefeng = _p(
        "xiajia_gets_lead",
        "接风: the 下家 gets the lead, or declaring 接风 is the declarer's own pass.",
        "接风：下家获得发牌权，或声明接风即视为本人过牌。",
        "T12",
        "R-JIEFENG-1",
        no=34,
    )


@attrs.frozen
class GousijiRules:
    """底牌 and 够死级 (T13)."""

    mode: Gousiji = _p(
        "always",
        "够死级 for the 对头 of 头科 and 二科: off, always, or only if the 底牌 is 够级.",
        "头科、二科底牌的够死级：无、总有、或仅当底牌为够级牌时。",
        "T13",
        "R-DIPAI-1",
        no=35,
    )
    before_jiefeng: bool = _p(
        True,
        "The 对头's 够死级 chance comes before the 下家's 接风 (added).",
        "够死级先于接风（新增参数）。",
        "T13",
        "R-DIPAI-1",
        note="added: T12 gap",
    )


@attrs.frozen
class WutouRules:
    """无头 (T18)."""

    enabled: bool = _p(
        True,
        "无头: anyone may beat the sets of 头科's 对头, and he anyone's; no burns.",
        "无头：任何人可灭头科对头的牌，他亦可灭任何人的牌；无烧牌。",
        "T18",
        "R-WUTOU-1",
        no=36,
    )
    pass_final: bool = _p(
        True,
        "Against a 无头 player a pass is final (过牌不上).",
        "无头时过牌不上。",
        "T18",
        "R-WUTOU-1",
        no=36,
    )


@attrs.frozen
class YoutouRules:
    """有头 after a failed burn (T14.3, T18)."""

    lifted_after_toke_erke: bool = _p(
        True,
        "A failed burner's 对门 counts as 有头 only until 头科 and 二科 are out.",
        "烧牌失误者的对门仍为有头，头科、二科产生后解除。",
        "T14",
        "R-BURN-5",
        no=37,
    )


@attrs.frozen
class BaohuRules:
    """报牌 (T20)."""

    mode: Baohu = _p(
        "on_request_le10",
        "Reporting the cards left: on request at 10 or fewer, shown, asking forbidden, off, or"
        " 对头s only.",
        "报牌：剩10张及以下有问必答、须显示、禁止询问、不报、或仅对头间可问。",
        "T20",
        "R-REPORT-1",
        no=39,
    )
    off_under_bie3: bool = _p(
        True,
        "No reporting when 憋3 is played.",
        "实行憋3时不报户。",
        "T20",
        "R-REPORT-1",
        no=40,
    )


@attrs.frozen
class BurnRules:
    """烧牌 (T14)."""

    allowed: bool = _p(True, "Burning is allowed.", "允许烧牌。", "T14", "R-BURN-1", no=41)
    eligibility: BurnEligibility = _p(
        "runtime",
        "Burn eligibility: checked as the burn is played, or by the 004 formula S-J<=2.",
        "烧牌资格：出牌时检查，或按004公式（套数-王数<=2）。",
        "T14",
        "R-BURN-9",
        no=42,
    )
    max_players_out: int = _p(
        1,
        "Burning is allowed while at most this many players are out.",
        "已走科人数不超过此数时才可烧牌。",
        "T14",
        "R-BURN-1",
        no=43,
        lo=0,
        hi=1,
    )
    joker_exempt: JokerExempt = _p(
        "first_and_last",
        "Which of the burner's sets need no joker: the first and the last, or only the last.",
        "烧牌各套中可不挂王者：第一套和最后一套，或仅最后一套。",
        "T14",
        "R-BURN-3",
        no=44,
    )
    only_3s_left_ok: bool = _p(
        False,
        "A burn is also valid when the burner holds only 3s after the beating set.",
        "灭掉够级牌后手中只剩3的也可烧牌。",
        "T14",
        "R-BURN-4",
        no=45,
    )
    priority: BurnPriority = _p(
        "lianbang_first_then_order",
        "Burn priority: the 够级 player's teammates first, then play order.",
        "烧牌优先：发够级牌者的联邦先烧，其余按顺序。",
        "T14",
        "R-BURN-2",
        no=46,
        note="single-valued in the documents",
    )
    fail_place: BurnFailPlace = _p(
        "daluo",
        "A failed burn (烧糊) makes the burner 大落, remaining cards void.",
        "烧牌失误者判为大落，余牌无效。",
        "T14",
        "R-BURN-5",
        no=47,
        note="single-valued; the names 六科/大拉/末位 all mean 大落",
    )
    success: BurnSuccess = _p(
        "goes_out",
        "A burn succeeds when the burner goes out, or when its first set stands.",
        "烧牌成功：烧牌者走科，或第一把烧死。",
        "T14",
        "R-BURN-8",
        no=48,
    )
    killed_by_duitou: KilledByDuitou = _p(
        "void_continue",
        "A burner beaten by his 对头 (解烧): the burn is void and he plays on, or he is 大落.",
        "烧牌者被对头杀死：烧牌无效继续打，或判为大落。",
        "T14",
        "R-BURN-6",
        no=49,
    )
    jiesao_same_play_only: bool = _p(
        False,
        "解烧 is valid only on the burn's own play (当把解烧).",
        "只有当把解烧才有效。",
        "T14",
        "R-BURN-6",
        no=50,
    )
    fake_result: FakeResult = _p(
        "daluo",
        "A fake burn (假烧): 大落, or 大落 plus 不开点 while the other side counts as opened.",
        "假烧：判为大落，或大落且不开点而对方开点。",
        "T14",
        "R-BURN-7",
        no=51,
    )


@attrs.frozen
class KaidianRules:
    """开点 (T15)."""

    enabled: bool = _p(
        False, "开点 is played (打点).", "实行开点（打点）。", "T15", "R-KAIDIAN-1", no=52
    )
    qualifying: KaidianQualifying = _p(
        "pure_gouji",
        "Which unanswered sets open: pure 够级 sets only, or the Karamay inclusive list.",
        "何种牌活了算开点：纯够级牌，或克拉玛依的宽口径。",
        "T15",
        "R-KAIDIAN-1",
        no=53,
    )
    cutoff: KaidianCutoff = _p(
        "qingdao_001",
        "When the chance to open ends: at 头科, at 二科, or the 001 two-step rule.",
        "开点截止：头科产生、二科产生，或001的两步规则。",
        "T15",
        "R-KAIDIAN-2",
        no=54,
    )
    cutoff_on_own_duitou_out: bool = _p(
        False,
        "The chance to open also ends when one's own 对头 goes out.",
        "对头走科后，未开点者不再开点。",
        "T15",
        "R-KAIDIAN-2",
        no=55,
    )
    lead4: bool = _p(
        False,
        "开点发4: after opening the next lead must be 4s, and 4s played earlier forfeit 开点.",
        "开点发4：开点后下一手须发4，开点前先出4则本局不开点。",
        "T15",
        "R-KAIDIAN-3",
        no=56,
    )
    no4_is_bukaidian: bool = _p(
        False,
        "A player without a 4 (not bought) is 不开点.",
        "无4（且未买4）者不开点。",
        "T15",
        "R-KAIDIAN-3",
        no=57,
    )
    toke_requirement: TokeRequirement = _p(
        "none",
        "Whether an unopened player may be 头科: freely, not at all, or only with his 4s played.",
        "未开点者能否走头科：可以、不可以、或须已出4。",
        "T15",
        "R-KAIDIAN-4",
        no=58,
    )
    auto_if_no_gouji: bool = _p(
        False,
        "A hand with no 够级 set at all counts as opened (a false claim is 大落).",
        "手中无任何够级牌者自动开点（谎报判大落）。",
        "T15",
        "R-KAIDIAN-1",
        no=59,
    )
    teammate_burn_counts: bool = _p(
        False,
        "A 够级 set burned by a teammate counts as its player's opening.",
        "同伙帮助烧牌时的够级牌算作自己开点。",
        "T15",
        "R-KAIDIAN-1",
        no=60,
    )
    sanction: KaidianSanction = _p(
        "dian_tribute",
        "Sanction for 不开点 (the amount is score.bonus[dian] where points are used).",
        "不开点的处罚方式（计分时分值见 score.bonus 的 dian）。",
        "T15",
        "R-KAIDIAN-5",
        no=61,
    )
    both_unopened: BothUnopened = _p(
        "mutual",
        "Both 对头s unopened: the sanctions cancel out, or both pay.",
        "对头双方都不开点：相互抵消，或互相处罚（互进点贡）。",
        "T15",
        "R-KAIDIAN-5",
        no=62,
    )


@attrs.frozen
class Bie3Rules:
    """憋3 / 闷 (T16)."""

    enabled: bool = _p(
        False,
        "憋3 is played: every player's last set must be 3s.",
        "实行憋3：每人最后一手牌必须是3。",
        "T16",
        "R-BIE3-1",
        no=63,
    )
    men_place_order: bool = _p(
        True,
        "Players 被闷 take the last places in 闷 order (first 大落, second 二落...).",
        "被闷者按先后定为大落、二落……",
        "T16",
        "R-BIE3-2",
        no=64,
    )
    men_score: MenScore = _p(
        "tribute1",
        "What a 闷 earns: nothing, +1, +1/-1, one tribute card, or tribute points.",
        "闷牌的得分：无、加1、正负1、进贡一张、或按贡计分。",
        "T16",
        "R-SCORE-4",
        no=65,
    )
    men_teammate_scores: bool = _p(
        False,
        "A 闷 of one's own teammate scores too.",
        "闷同伙也计分。",
        "T16",
        "R-SCORE-4",
        no=66,
    )
    show3_at_end: bool = _p(
        False,
        "Every player must show a 3 at the end of the hand (亮3), else counts as holding none.",
        "每人每把最后须亮3，不亮视为无3。",
        "T16",
        "R-BIE3-3",
        no=67,
    )


@attrs.frozen
class Buy3Rules:
    """买3 / 送3 (T17)."""

    payment_order: tuple[PaymentCard, ...] = _p(
        ("2", "any_joker"),
        "Cards used to pay for a 3, in order of obligation.",
        "买3用牌的顺序。",
        "T17",
        "R-BUY-1",
        no=68,
    )
    seller_order: tuple[Seller, ...] = _p(
        ("duitou", "duitou_lianbang"),
        "Whom a 3 is bought from (or given by), in order.",
        "买3（送3）对象的顺序。",
        "T17",
        "R-BUY-1",
        no=69,
    )
    no_payment: NoPayment = _p(
        "geming",
        "A player who cannot pay: receives a 3 as a gift, may 革命, or a teammate gives one.",
        "无牌可付者：由卖方赠3、可革命、或由联邦送3。",
        "T17",
        "R-BUY-1",
        no=70,
    )
    deadline: Buy3Deadline = _p(
        "before_own_first_play",
        "Buying or giving a 3 must happen before the player's first play.",
        "本人出牌后不得再买3或送3。",
        "T17",
        "R-BUY-1",
        no=71,
        note="single-valued in the documents",
    )
    no3_result: No3Result = _p(
        "geming",
        "A player left without a 3: 大落, 大落 plus 开点 flip, or 革命.",
        "无3者：判大落、大落且对方开点、或革命。",
        "T17",
        "R-BIE3-3",
        no=72,
    )


@attrs.frozen
class Buy4Rules:
    """买4 (T17)."""

    mode: Buy4Mode = _p(
        "off",
        "Buying a 4 under 开点发4: off, optional (else 不开点), or allowed (a lone 4 not sold).",
        "买4：无、可买可不买（不买则不开点）、或单4不得卖。",
        "T17",
        "R-BUY-1",
        no=73,
    )


@attrs.frozen
class GemingRules:
    """革命 / 造反 (T21)."""

    mode: GemingMode = _p(
        "no_power_cards",
        "When 革命 is allowed: never, with no joker and no 2, also no 3, or 造反 with 保拉.",
        "革命条件：禁止、无王无2、另须无3、或造反保拉。",
        "T21",
        "R-REVOLUTION-1",
        no=74,
    )
    fake_penalty: int = _p(
        1,
        "Points lost for a false 革命/造反 announcement.",
        "虚假宣布造反的罚分。",
        "T21",
        "R-REVOLUTION-1",
        no=75,
        lo=0,
    )


@attrs.frozen
class TributeRules:
    """进贡 / 还贡 (T22)."""

    mode: TributeMode = _p(
        "none",
        "Tribute: none (score only), 落贡 (大落 2 cards to 头科, 二落 1 to 二科), or points.",
        "进贡：不进贡（只计分）、落贡、或每张贡折1分。",
        "T22",
        "R-TRIBUTE-1",
        no=76,
    )
    extra: frozenset[TributeKind] = _p(
        frozenset(),
        "Event tributes on top of 落贡 (点贡, 烧贡, 憋3贡, 串三户贡).",
        "落贡之外的事件贡（点贡、烧贡、憋3贡、串三户贡）。",
        "T22",
        "R-TRIBUTE-1",
        no=77,
    )
    order: tuple[TributeOrderItem, ...] = _p(
        ("dian", "shao", "bie3", "luo"),
        "Order in which tributes are paid (and returned).",
        "进贡（还贡）的先后顺序。",
        "T22",
        "R-TRIBUTE-1",
        no=78,
    )
    return_: TributeReturn = _p(
        "same_count_small",
        "还贡: receivers return as many low cards, or nothing.",
        "还贡：吃贡者还同样张数的小牌，或不还。",
        "T22",
        "R-TRIBUTE-2",
        no=79,
    )
    no_legal_card: TributeNoCard = _p(
        "skip",
        "A payer with no 大王/小王/2: the tribute is skipped, or must be paid anyway.",
        "无法定贡牌者：免贡，或仍须进贡。",
        "T22",
        "R-TRIBUTE-1",
        no=80,
    )


@attrs.frozen
class ScoreRules:
    """Scoring (T25-T27)."""

    place: Vec6 = _p(
        (4, 2, 0, 0, -2, -4),
        "Points per place: 头科, 二科, 三科, 四科, 二落, 大落.",
        "名次分：头科、二科、三科、四科、二落、大落。",
        "T26",
        "R-SCORE-1",
        no=81,
    )
    chuan3hu: Chuan3hu = _p(
        "double",
        "串三户: place points doubled, fixed 8/0 or 9/0 per team, or no change.",
        "串三户：分数加倍、胜方8分负方0分、胜方9分负方0分、或不变。",
        "T25",
        "R-SCORE-2",
        no=82,
    )
    positive_only: PositiveOnly = _p(
        "off",
        "只记正分: negative team results are recorded as 0, per hand or per game.",
        "只记正分：每把或每局正负相抵后只记正分。",
        "T26",
        "R-SCORE-3",
        no=83,
    )
    bonus: FrozenMap[str, int] = _p(
        ZERO_BONUS,
        "Bonus points per event: dian, shao, fanshao, zaifanshao, men, ershayi.",
        "事件加分：点、烧、反烧、再反烧、闷、二杀一。",
        "T27",
        "R-SCORE-4",
        no=84,
    )
    bonus_zero_sum: bool = _p(
        False,
        "A bonus is zero-sum: the player who suffers the event loses what the other gains.",
        "加分为零和：受害者扣同样的分。",
        "T27",
        "R-SCORE-4",
        no=85,
    )
    lianbang_burn_scores: bool = _p(
        False,
        "Burning (or 闷) one's own teammate scores.",
        "烧联邦（同伙）也计分。",
        "T27",
        "R-SCORE-4",
        no=86,
    )


@attrs.frozen
class MatchRules:
    """Match format (T28)."""

    hands_per_game: int = _p(
        1,
        "Hands (把) per game (局).",
        "每局的把数。",
        "T28",
        "R-MATCH-1",
        no=87,
        lo=1,
    )
    games: MatchGames = _p(
        "fixed_n",
        "Games per match: best of 3, best of 5, or a fixed number (match.game_count).",
        "每场局数：三局两胜、五局三胜、或固定局数（见 match.game_count）。",
        "T28",
        "R-MATCH-1",
        no=88,
    )
    game_count: int = _p(
        1,
        "Number of games when match.games is fixed_n (added).",
        "固定局数时的局数（新增参数）。",
        "T28",
        "R-MATCH-1",
        lo=1,
        note="added: fixed_n needs its n",
    )
    tiebreak: tuple[Tiebreak, ...] = _p(
        (),
        "Tie-breaks, in order.",
        "同分时的决胜办法（按顺序）。",
        "T28",
        "R-MATCH-1",
        no=89,
    )


@attrs.frozen
class TimeRules:
    """Time limit (T29)."""

    limit_s: int | None = _p(
        None,
        "Seconds allowed per play (none: no limit).",
        "每手出牌限时（秒），none 为不限时。",
        "T29",
        "R-TIME-1",
        no=90,
        lo=1,
    )
    timeout_is_pass: bool = _p(
        True,
        "Running out of time counts as a pass.",
        "超时视为过牌。",
        "T29",
        "R-TIME-1",
        no=91,
    )


@attrs.frozen
class PenaltyRules:
    """Penalties (T29)."""

    cuopai_buchu: Cuopai = _p(
        "lose_follow_this_round",
        "错牌不出: a wrong play is taken back and the player loses this turn, or the round.",
        "错牌不出：收回错牌，取消本次顺牌权，或本轮无权再顺牌。",
        "T29",
        "R-CUOPAI-1",
        no=92,
    )
    misplay_lose_lead: bool = _p(
        False,
        "Misplays, replaying after a pass and false reports each cost one lead.",
        "误发、漏发、过牌后重发、报户不实，各取消一次发牌权。",
        "T29",
        "R-PENALTY-1",
        no=93,
    )
    violation_points: tuple[int | Disqualify, ...] = _p(
        (),
        "Points lost for the 1st, 2nd ... conduct violation (DQ: disqualification).",
        "第一、二……次违规的扣分（DQ 为取消资格）。",
        "T29",
        "R-PENALTY-1",
        no=94,
    )


@attrs.frozen
class VocabRules:
    """Table talk (T29)."""

    allowed: frozenset[Word] = _p(
        frozenset({"报牌", "过牌", "让牌", "烧牌", "接风", "扣牌", "够级"}),
        "Words a player may say at the table.",
        "牌桌上允许使用的语言。",
        "T29",
        "R-VOCAB-1",
        no=95,
    )


@attrs.frozen
class Ruleset:
    """A complete set of rule parameters (default: ``qingdao-standard``).

    Read a value by attribute (``rs.burn.joker_exempt``) or by dotted name
    (``rs.get("burn.joker_exempt")``); derive a variant with :meth:`with_overrides`.
    """

    deck: DeckRules = attrs.field(factory=DeckRules)
    deal: DealRules = attrs.field(factory=DealRules)
    seat: SeatRules = attrs.field(factory=SeatRules)
    open: OpenRules = attrs.field(factory=OpenRules)
    play: PlayRules = attrs.field(factory=PlayRules)
    cmp: CmpRules = attrs.field(factory=CmpRules)
    gouji: GoujiRules = attrs.field(factory=GoujiRules)
    answer: AnswerRules = attrs.field(factory=AnswerRules)
    pass_: PassRules = attrs.field(factory=PassRules)
    rangpai: RangpaiRules = attrs.field(factory=RangpaiRules)
    koupai: KoupaiRules = attrs.field(factory=KoupaiRules)
    jiefeng: JiefengRules = attrs.field(factory=JiefengRules)
    gousiji: GousijiRules = attrs.field(factory=GousijiRules)
    wutou: WutouRules = attrs.field(factory=WutouRules)
    youtou: YoutouRules = attrs.field(factory=YoutouRules)
    sihu_luanchan: bool = _p(
        True,
        "四户乱缠: once 头科 and 二科 are out, the other four play free of 够级/pass/burn rules.",
        "四户乱缠：头科、二科产生后，其余四人不再按够级、过牌、让牌、烧牌规则进行。",
        "T19",
        "R-SIHU-1",
        no=38,
    )
    baohu: BaohuRules = attrs.field(factory=BaohuRules)
    burn: BurnRules = attrs.field(factory=BurnRules)
    kaidian: KaidianRules = attrs.field(factory=KaidianRules)
    bie3: Bie3Rules = attrs.field(factory=Bie3Rules)
    buy3: Buy3Rules = attrs.field(factory=Buy3Rules)
    buy4: Buy4Rules = attrs.field(factory=Buy4Rules)
    geming: GemingRules = attrs.field(factory=GemingRules)
    tribute: TributeRules = attrs.field(factory=TributeRules)
    score: ScoreRules = attrs.field(factory=ScoreRules)
    match: MatchRules = attrs.field(factory=MatchRules)
    time: TimeRules = attrs.field(factory=TimeRules)
    penalty: PenaltyRules = attrs.field(factory=PenaltyRules)
    vocab: VocabRules = attrs.field(factory=VocabRules)

    def get(self, name: str) -> Any:
        """The value of the parameter with dotted ``name`` (``pass_.x`` also accepted).

        >>> Ruleset().get("sihu_luanchan"), Ruleset().get("pass_.blocks_burn")
        (True, True)
        >>> Ruleset().get("score.bonus.shao")
        0
        """
        name = canonical_name(name)
        if name in PARAMETERS:
            param = PARAMETERS[name]
            obj: Any = self
            for attr in param.path:
                obj = getattr(obj, attr)
            return obj
        base, key = _split_entry(name)
        return self.get(base)[key]

    def with_overrides(self, overrides: Mapping[str, Any]) -> Ruleset:
        """A new ruleset with the given parameters changed (names and values validated).

        Values may be typed (``True``, ``30``, ``("2", "小王")``) or the text form used
        by :func:`parse_overrides` (``"on"``, ``"30"``, ``"2,小王"``).  A map entry is set
        with ``score.bonus.shao``.

        >>> Ruleset().with_overrides({"score.bonus.shao": 1}).score.bonus["shao"]
        1
        >>> Ruleset().with_overrides({"burn.joker_exmpt": "last_only"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gojinotation_analyzer.rules.ruleset.RulesetError: unknown rule parameter 'burn.joker_exm...
        """
        result = self
        for raw_name, raw_value in overrides.items():
            name = canonical_name(raw_name)
            if name in PARAMETERS:
                value = PARAMETERS[name].coerce(raw_value)
                result = result._set(PARAMETERS[name], value)
                continue
            base, key = _split_entry(name)
            param = PARAMETERS[base]
            k = param.coerce_key(key)
            v = param.coerce_entry(raw_value, name)
            result = result._set(param, result.get(base).replace(k, v))
        return result

    def _set(self, param: Parameter, value: Any) -> Ruleset:
        if len(param.path) == 1:
            return attrs.evolve(self, **{param.path[0]: value})
        group = getattr(self, param.path[0])
        return attrs.evolve(self, **{param.path[0]: attrs.evolve(group, **{param.path[1]: value})})

    def inconsistencies(self) -> list[tuple[str, str]]:
        """Combinations of values that contradict each other: ``(parameter, message)``.

        Some catalog parameters overlap (``bie3.enabled`` and ``play.three_restriction``,
        ``play.attach_twos=power3`` and ``cmp.three_twos_beat_dawang`` ...); they are kept
        separate so a record can name either, and this check keeps them in step.  Every
        profile is consistent; a record's overrides may not be.

        >>> Ruleset().inconsistencies()
        []
        >>> Ruleset().with_overrides({"bie3.enabled": True}).inconsistencies()[0][0]
        'play.three_restriction'
        """
        found: list[tuple[str, str]] = []
        if self.bie3.enabled != (self.play.three_restriction == "bie3"):
            found.append(
                ("play.three_restriction", "bie3.enabled and play.three_restriction disagree")
            )
        if self.play.attach_twos == "power3" and not self.cmp.three_twos_beat_dawang:
            found.append(
                ("cmp.three_twos_beat_dawang", "play.attach_twos=power3 lets three 2s beat 大王")
            )
        if self.buy4.mode != "off" and not self.kaidian.lead4:
            found.append(("buy4.mode", "buying 4s only exists with kaidian.lead4"))
        if self.kaidian.lead4 and not self.kaidian.enabled:
            found.append(("kaidian.lead4", "kaidian.lead4 needs kaidian.enabled"))
        if self.cmp.ershayi == "off" and (
            self.cmp.ershayi_is_burn or self.cmp.ershayi_pass_exempt or self.score.bonus["ershayi"]
        ):
            found.append(("cmp.ershayi", "二杀一 options or points are set but 二杀一 is off"))
        if self.tribute.mode == "none" and self.tribute.extra:
            found.append(("tribute.extra", "event tributes are set but tribute.mode is none"))
        return found

    def items(self) -> Iterator[tuple[str, Any]]:
        """``(dotted name, value)`` for every parameter, in catalog order."""
        for name in PARAMETERS:
            yield name, self.get(name)

    def diff(self, other: Ruleset) -> list[tuple[str, Any, Any]]:
        """``(name, mine, other's)`` for every parameter whose values differ.

        >>> Ruleset().diff(Ruleset().with_overrides({"time.limit_s": 15}))
        [('time.limit_s', None, 15)]
        """
        return [(n, v, other.get(n)) for n, v in self.items() if v != other.get(n)]

    def to_text(self, *, only_changed_from: Ruleset | None = None) -> str:
        """The override text (``name=value; ...``) of all, or of the changed, parameters.

        >>> Ruleset().with_overrides({"cmp.ershayi": "two_big_beat_one_big"}).to_text(
        ...     only_changed_from=Ruleset())
        'cmp.ershayi=two_big_beat_one_big'
        """
        pairs = (
            self.items()
            if only_changed_from is None
            else ((n, a) for n, a, _ in self.diff(only_changed_from))
        )
        return "; ".join(f"{n}={format_value(v)}" for n, v in pairs)


# --------------------------------------------------------------------------------------
# Parameter metadata
# --------------------------------------------------------------------------------------

Kind = Literal["bool", "int", "enum", "set", "list", "vec6", "map"]


@attrs.frozen
class Parameter:
    """Metadata of one parameter.

    :ivar name: dotted catalog name (``pass.duitou_reentry``).
    :ivar path: attribute path (``("pass_", "duitou_reentry")``).
    :ivar kind: ``bool``, ``int``, ``enum``, ``set``, ``list``, ``vec6`` or ``map``.
    :ivar allowed: allowed values (enum), allowed elements (set, list) or keys (map).
    :ivar default: the ``qingdao-standard`` value.
    :ivar en: one-line description in English.
    :ivar zh: one-line description in Chinese.
    :ivar topic: catalog topic (``T14``).
    :ivar rule_id: rule id of ``docs/CONTRACTS.md`` that the parameter modifies.
    :ivar catalog_no: row number in catalog §2 (``None`` for parameters added here).
    :ivar optional: ``None`` is allowed (``time.limit_s``).
    :ivar minimum: least int value (int kinds).
    :ivar maximum: greatest int value (int kinds).
    :ivar note: remarks (redundancy, why added).
    """

    name: str
    path: tuple[str, ...]
    kind: Kind
    allowed: tuple[str, ...]
    default: Any
    en: str
    zh: str
    topic: str
    rule_id: str
    catalog_no: int | None = None
    optional: bool = False
    minimum: int | None = None
    maximum: int | None = None
    note: str = ""
    key_type: str = ""
    int_elements: bool = False

    @property
    def added(self) -> bool:
        """True for parameters that are not in catalog §2."""
        return self.catalog_no is None

    def type_text(self) -> str:
        """A short human type (``enum``, ``int|none`` ...)."""
        return f"{self.kind}|none" if self.optional else self.kind

    def allowed_text(self) -> str:
        """The allowed values as text for messages and docs."""
        if self.kind == "bool":
            return "true, false"
        if self.kind == "int":
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            rng = f"integer {lo}..{hi}".rstrip(".") if (lo or hi) else "integer"
            return rng + (", none" if self.optional else "")
        if self.kind == "vec6":
            return "six integers (头科,二科,三科,四科,二落,大落)"
        if self.kind == "map":
            return "key:int pairs; keys: " + ", ".join(self.allowed)
        if self.kind in ("set", "list"):
            extra = ", integers" if self.int_elements else ""
            return "comma-separated list of: " + ", ".join(self.allowed) + extra
        return ", ".join(self.allowed)

    def _fail(self, value: Any, what: str = "") -> RulesetError:
        shown = what or repr(value)
        return RulesetError(
            f"{self.name}: {shown} is not allowed; allowed values: {self.allowed_text()}",
            f"{self.name}：不允许取值 {shown}；允许的取值：{self.allowed_text()}",
            param=self.name,
            allowed=self.allowed,
        )

    def coerce(self, value: Any) -> Any:
        """Validate ``value`` (typed or text) and return the canonical typed value."""
        if isinstance(value, str):
            return self.parse(value)
        kind = self.kind
        if value is None:
            if self.optional:
                return None
            raise self._fail(value)
        if kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._fail(value)
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._fail(value)
            return self._check_int(value)
        if kind == "enum":
            raise self._fail(value)
        if kind == "vec6":
            if not isinstance(value, (tuple, list)) or len(value) != 6:
                raise self._fail(value)
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise self._fail(value)
            return tuple(value)
        if kind in ("set", "list"):
            if not isinstance(value, (tuple, list, set, frozenset)):
                raise self._fail(value)
            items = tuple(self._element(v) for v in value)
            return frozenset(items) if kind == "set" else items
        if kind == "map":
            if not isinstance(value, Mapping):
                raise self._fail(value)
            return FrozenMap(
                {self.coerce_key(k): self.coerce_entry(v, self.name) for k, v in value.items()}
            )
        raise self._fail(value)  # pragma: no cover

    def _check_int(self, value: int) -> int:
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise self._fail(value)
        return value

    def _element(self, value: Any) -> Any:
        if self.int_elements and isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            text = value.strip()
            if self.int_elements and _is_int(text):
                return int(text)
            text = _VALUE_ALIASES.get(text.lower(), text)
            if text in self.allowed:
                return text
        raise self._fail(value)

    def coerce_key(self, key: Any) -> Any:
        """A map key in canonical form (a :class:`Rank` for rank-keyed maps)."""
        if self.kind != "map":
            raise self._fail(key)
        if self.key_type == "rank":
            if isinstance(key, Rank):
                return key
            try:
                rank = Rank.from_letter(str(key).strip())
            except ValueError:
                raise self._fail(key, f"key {key!r}") from None
            return rank
        text = str(key).strip()
        if text not in self.allowed:
            raise self._fail(key, f"key {key!r}")
        return text

    def coerce_entry(self, value: Any, name: str) -> int:
        """A map value (an int)."""
        if isinstance(value, str) and _is_int(value.strip()):
            return int(value.strip())
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise self._fail(value, f"{value!r} (for {name}, an integer is needed)")

    def parse(self, text: str) -> Any:
        """Parse the text form of a value (as in a ``[Rules "..."]`` tag)."""
        raw = text.strip()
        low = raw.lower()
        kind = self.kind
        if self.optional and low in ("none", "null", "off", "-"):
            return None
        if kind == "bool":
            if low in ("true", "on", "yes", "1"):
                return True
            if low in ("false", "off", "no", "0"):
                return False
            raise self._fail(raw)
        if kind == "int":
            if not _is_int(raw):
                raise self._fail(raw)
            return self._check_int(int(raw))
        if kind == "enum":
            canon = _VALUE_ALIASES.get(low, raw)
            if canon in self.allowed:
                return canon
            close = difflib.get_close_matches(raw, self.allowed, n=1)
            err = self._fail(raw)
            if close:
                err.en += f" (did you mean {close[0]}?)"
            raise err
        parts = [p.strip() for p in _strip_brackets(raw).split(",")]
        parts = [p for p in parts if p]
        if kind == "vec6":
            if len(parts) != 6 or not all(_is_int(p) for p in parts):
                raise self._fail(raw)
            return tuple(int(p) for p in parts)
        if kind in ("set", "list"):
            if low in ("none", "empty", "-"):
                parts = []
            items = tuple(self._element(p) for p in parts)
            return frozenset(items) if kind == "set" else items
        # map
        entries: dict[Any, int] = {}
        for part in parts:
            key, sep, val = part.partition(":")
            if not sep:
                raise self._fail(raw, f"{part!r} (a map entry is key:value)")
            entries[self.coerce_key(key)] = self.coerce_entry(val, self.name)
        return FrozenMap(entries)


def _is_int(text: str) -> bool:
    return text.lstrip("+-").isdigit()


def _strip_brackets(text: str) -> str:
    if len(text) >= 2 and text[0] + text[-1] in ("[]", "()", "{}"):
        return text[1:-1]
    return text


def _attr_to_name(attr: str) -> str:
    return attr[:-1] if attr.endswith("_") and keyword.iskeyword(attr[:-1]) else attr


def _build_parameters() -> dict[str, Parameter]:
    params: dict[str, Parameter] = {}
    top_hints = typing.get_type_hints(Ruleset)
    for top in attrs.fields(Ruleset):
        hint = top_hints[top.name]
        if attrs.has(hint):
            sub_hints = typing.get_type_hints(hint)
            for f in attrs.fields(hint):
                path = (top.name, f.name)
                name = f"{_attr_to_name(top.name)}.{_attr_to_name(f.name)}"
                params[name] = _make_param(name, path, sub_hints[f.name], f)
        else:
            params[top.name] = _make_param(top.name, (top.name,), hint, top)
    return params


def _make_param(name: str, path: tuple[str, ...], hint: Any, f: attrs.Attribute[Any]) -> Parameter:
    meta = f.metadata
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    optional = False
    allowed: tuple[str, ...] = ()
    key_type = ""
    int_elements = False
    kind: Kind
    if hint is bool:
        kind = "bool"
    elif hint is int:
        kind = "int"
    elif origin in (typing.Union, types.UnionType) and set(args) == {int, type(None)}:
        kind, optional = "int", True
    elif origin is Literal:
        kind, allowed = "enum", tuple(str(a) for a in args)
    elif origin is frozenset:
        kind, allowed = "set", tuple(str(a) for a in typing.get_args(args[0]))
    elif origin is tuple and len(args) == 6 and all(a is int for a in args):
        kind = "vec6"
    elif origin is tuple:
        kind = "list"
        elem = args[0]
        elem_args = typing.get_args(elem)
        if int in elem_args:
            int_elements = True
            for a in elem_args:
                if typing.get_origin(a) is Literal:
                    allowed += tuple(str(x) for x in typing.get_args(a))
        else:
            allowed = tuple(str(a) for a in elem_args)
    elif origin is FrozenMap:
        kind = "map"
        if args[0] is Rank:
            key_type = "rank"
            allowed = tuple(r.letter for r in sorted(Rank))
        else:
            key_type = "str"
            allowed = BONUS_EVENTS
    else:  # pragma: no cover - a programming error
        raise TypeError(f"unsupported parameter type for {name}: {hint!r}")
    return Parameter(
        name=name,
        path=path,
        kind=kind,
        allowed=allowed,
        default=f.default,
        en=meta["en"],
        zh=meta["zh"],
        topic=meta["topic"],
        rule_id=meta["rule"],
        catalog_no=meta["no"],
        optional=optional,
        minimum=meta["lo"],
        maximum=meta["hi"],
        note=meta["note"],
        key_type=key_type,
        int_elements=int_elements,
    )


#: Every parameter by dotted name, in catalog order.
PARAMETERS: dict[str, Parameter] = _build_parameters()


def canonical_name(name: str) -> str:
    """The canonical dotted name (``pass_.x`` -> ``pass.x``); raises for unknown names.

    >>> canonical_name("pass_.duitou_reentry"), canonical_name(" tribute.return_ ")
    ('pass.duitou_reentry', 'tribute.return')
    """
    parts = [_attr_to_name(p) for p in name.strip().split(".")]
    canon = ".".join(parts)
    if canon in PARAMETERS:
        return canon
    if len(parts) == 3:
        base = ".".join(parts[:2])
        if base in PARAMETERS and PARAMETERS[base].kind == "map":
            PARAMETERS[base].coerce_key(parts[2])
            return canon
    close = difflib.get_close_matches(canon, list(PARAMETERS), n=3, cutoff=0.75)
    hint_en = f"; did you mean: {', '.join(close)}?" if close else ""
    hint_zh = f"；是否指：{'、'.join(close)}？" if close else ""
    raise RulesetError(
        f"unknown rule parameter {name.strip()!r}{hint_en}",
        f"未知的规则参数 {name.strip()!r}{hint_zh}",
        param=name.strip(),
        allowed=tuple(close),
    )


def _split_entry(name: str) -> tuple[str, str]:
    base, _, key = name.rpartition(".")
    return base, key


def parse_value(name: str, text: str) -> Any:
    """Parse the text form of one parameter's value.

    >>> parse_value("time.limit_s", "none"), parse_value("buy3.payment_order", "2,xiaowang,大王")
    (None, ('2', '小王', '大王'))
    >>> sorted(parse_value("gouji.thresholds", "10:5,J:4,Q:3,K:2,A:2").values())
    [2, 2, 3, 4, 5]
    """
    canon = canonical_name(name)
    if canon in PARAMETERS:
        return PARAMETERS[canon].parse(text)
    base, _key = _split_entry(canon)
    return PARAMETERS[base].coerce_entry(text, canon)


def parse_overrides(text: str) -> dict[str, Any]:
    """Parse ``name=value; name=value`` (a record's ``[Rules "..."]`` text) into typed values.

    Separators are ``;`` or new lines.  Bools are ``true/false/on/off``, lists and
    sets ``a,b,c``, a vec6 ``4,2,0,0,-2,-4``, a map ``k:v,k:v``; ``score.bonus.shao=1``
    sets one map entry.

    >>> parse_overrides("")
    {}
    >>> parse_overrides("score.bonus.shao=1; burn.max_players_out=0")
    {'score.bonus.shao': 1, 'burn.max_players_out': 0}
    >>> parse_overrides("cmp.ershayi")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gojinotation_analyzer.rules.ruleset.RulesetError: bad rule override 'cmp.ershayi': expected ...
    """
    result: dict[str, Any] = {}
    for chunk in text.replace("\n", ";").split(";"):
        item = chunk.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulesetError(
                f"bad rule override {item!r}: expected name=value",
                f"规则改动 {item!r} 格式错误：应为 参数=取值",
            )
        canon = canonical_name(name)
        result[canon] = parse_value(canon, value)
    return result


def format_value(value: Any) -> str:
    """The text form of a value, as :func:`parse_overrides` reads it.

    >>> format_value(True), format_value(None), format_value((4, 2, 0, 0, -2, -4))
    ('true', 'none', '4,2,0,0,-2,-4')
    >>> format_value(FrozenMap({Rank.TEN: 5, Rank.BIG_JOKER: 1}))
    'T:5,D:1'
    >>> format_value(frozenset({"b", "a"})), format_value(())
    ('a,b', 'none')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, Mapping):
        return ",".join(f"{k.letter if isinstance(k, Rank) else k}:{v}" for k, v in value.items())
    if isinstance(value, frozenset):
        return ",".join(sorted(str(v) for v in value)) or "none"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "none"
    return str(value)

"""The parameter groups of a deal's table play (catalog §2, topics T1-T13, T19-T21).

One frozen ``attrs`` class per group; the field name is the parameter's name inside its
group, the default is the ``qingdao-standard`` value and ``_p`` attaches the description,
topic and rule id.  :class:`~gojinotation_analyzer.rules.ruleset.Ruleset` holds one of each.

>>> PlayRules().attach_twos, PassRules().duitou_reentry
('filler', True)
"""

# ruff: noqa: RUF009  (``_p`` wraps ``attrs.field`` to attach each parameter's metadata)

from __future__ import annotations

import attrs

from gojinotation.cards import Rank
from gojinotation_analyzer.rules.vocab import (
    QINGDAO_THRESHOLDS,
    AttachTwos,
    Baohu,
    CountValues,
    DeckVariant,
    Direction,
    Ershayi,
    ErshayiAnswer,
    FirstMethod,
    FrozenMap,
    Gousiji,
    GousijiWindow,
    Jiefeng,
    JokerDrawn,
    JokeredVsPlain,
    KoupaiNoDuitou,
    KoupaiRen,
    MixedBigSmall,
    PureJokerSets,
    RedoBy,
    RedoTrigger,
    Shangban,
    Subsequent,
    ThreeRestriction,
    TwosInJokerOnly,
    XiaowangSet,
    _p,
)

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
    three_split: bool = _p(
        False,
        "Under 憋3 the 3s may be split: played in several sets once every other card is gone.",
        "憋3时3可以拆开分几手出（其他牌出完之后）。",
        "T16",
        "R-BIE3-1",
        note="added: 001d (三) 不能拆开出; 004b(14) and 000§G require only a last set of 3s",
    )
    three_attach: bool = _p(
        False,
        "Under 憋3 the last set of 3s may carry attachments (2s, jokers) where the profile "
        "allows them.",
        "憋3时最后一手3可以贴2、挂王（本规则允许时）。",
        "T16",
        "R-BIE3-1",
        note="added: 001d (三) 也不能贴2或挂王; 004b(14) and 000§G are silent",
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
    ershayi_answer: ErshayiAnswer = _p(
        "exactly_two",
        "二杀一 on a lone 大王: exactly two 大王, or any set holding two 大王.",
        "二杀一单出大王：只能两张大王，或含两张大王的任何牌套。",
        "T5",
        "R-JOKER-6",
        note="added: 000§M(4) 两大灭一大 vs 含有两张大王的牌可以灭掉含有一张大王的牌",
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
        lo=1,
        hi=99,
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
    window: GousijiWindow = _p(
        "banked",
        "A 够死级 chance is kept until used (banked) or is only for answering the 底牌.",
        "够死级机会保留至用完（banked），或只限于上该底牌（dipai_only）。",
        "T13",
        "R-DIPAI-1",
        note="added: 003(14)/000§H give the chance on the 底牌 and set no limit",
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

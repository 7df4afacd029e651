"""The parameter groups of burning, 开点, 憋3, tribute, scoring and the match (catalog §2).

One frozen ``attrs`` class per group, as in :mod:`.groups_deal`;
:class:`~gojinotation_analyzer.rules.ruleset.Ruleset` holds one of each.

>>> BurnRules().joker_exempt, ScoreRules().place
('first_and_last', (4, 2, 0, 0, -2, -4))
"""

# ruff: noqa: RUF009  (``_p`` wraps ``attrs.field`` to attach each parameter's metadata)

from __future__ import annotations

import attrs

from gojinotation_analyzer.rules.vocab import (
    ZERO_BONUS,
    BothUnopened,
    BurnEligibility,
    BurnFailPlace,
    BurnPriority,
    BurnSuccess,
    Buy3Deadline,
    Buy4Mode,
    Chuan3hu,
    Cuopai,
    Disqualify,
    FakeResult,
    FrozenMap,
    GemingMode,
    GemingSecond,
    JokerExempt,
    KaidianCutoff,
    KaidianQualifying,
    KaidianSanction,
    KilledByDuitou,
    MatchGames,
    MenScore,
    No3Result,
    NoPayment,
    PaymentCard,
    PositiveOnly,
    Seller,
    Tiebreak,
    TokeRequirement,
    TributeKind,
    TributeMode,
    TributeNoCard,
    TributeOrderItem,
    TributeReturn,
    Vec6,
    Word,
    _p,
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
        "Buying or giving a 3 must happen before the player's first play"
        " (before_deal_play: before the deal's first play, right after the cards are drawn).",
        "本人出牌后不得再买3或送3（before_deal_play：摸牌后、本局首次出牌前）。",
        "T17",
        "R-BUY-1",
        no=71,
        note="000§D 本人出牌后; 000§J 第四条 and 000§C 三8 摸牌后 (before the deal's first play)",
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
        hi=999,
    )
    second: GemingSecond = _p(
        "void_deal",
        "A second 革命/造反 in the same deal: the deal is void, or each stands (the second "
        "player drops out as a 革命者 too).",
        "同一局出现第二个革命/造反：本局作废，或各自成立（第二人同样弃牌）。",
        "T21",
        "R-REVOLUTION-1",
        note="added: 004b(13) 如同时出现2个(含2个)以上革命者，则该局作废; 001d (二) and 000§K "
        "(一)7 allow the declaration and say nothing of a second one",
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
        lo=-999,
        hi=999,
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
        lo=-999,
        hi=999,
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
        hi=99,
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
        hi=99,
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
        hi=3600,
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
        lo=0,
        hi=999,
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

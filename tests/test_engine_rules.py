"""One test group per rule id: legal and illegal cases, per profile where they differ."""

from __future__ import annotations

import pytest
from test_engine_random import deal_hands
from test_engine_util import disputes, final, of, places, play, violations

from gojinotation.cards import parse_cards as C
from gojinotation.model import Burn, Close, Pass, Play, Report, Return, Tribute, Yield
from gojinotation_analyzer.engine import can, do, legal_actions, new_deal
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.scoring import Obligation
from gojinotation_analyzer.rules.profiles import load_ruleset

QS = "qingdao-standard"
H6 = {1: "55 66 3", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}


# ---------------------------------------------------------------- R-SEAT-1, R-TURN-1


def test_R_SEAT_1_duitou_is_three_seats_on() -> None:
    frames = play({1: "QQQ 5", 2: "6", 3: "7", 4: "KKK 8", 5: "9", 6: "T"}, "1:QQQ")
    ev = of(frames, E.GoujiPlayed)
    assert [(e.seat, e.answer) for e in ev] == [(1, 4)]  # type: ignore[attr-defined]
    assert final(frames).turn == 4  # the seats between are skipped


def test_R_TURN_1_counterclockwise_order_and_out_of_turn() -> None:
    frames = play(H6, "1:55 3:99")
    assert violations(frames) == [("R-TURN-1", 3)]
    st = final(frames)
    assert st.turn == 2 and st.count(3) == 4  # ignored: nothing changed
    frames = play(H6, "1:55 2:88 3:99 4:TT 5:JJ 6:QQ")
    assert violations(frames) == []


def test_R_TURN_1_actions_after_going_out_or_the_end() -> None:
    frames = play({1: "5", 2: "6 3", 3: "7 3", 4: "8 3", 5: "9 3", 6: "T 3"}, "1:5 1:-")
    assert violations(frames) == [("R-TURN-1", 1)]


# ---------------------------------------------------------------- R-OPEN-1


def test_R_OPEN_1_leader_tag() -> None:
    frames = play(H6, "3:99", leader=3)
    assert violations(frames) == []


def test_R_OPEN_1_leader_tag_against_shangban_of_a_full_deal() -> None:
    from test_engine_random import deal_hands

    from gojinotation.cards import format_cards

    hands = {s: format_cards(h) for s, h in deal_hands(0).items()}  # 上班: seat 2 (QS)
    frames = play(hands, "", leader=2, deck_check=True)
    assert violations(frames) == []
    frames = play(hands, "", leader=5, deck_check=True)
    assert violations(frames) == [("R-OPEN-1", 5)]
    (v,) = of(frames, E.Violation)
    assert v.param == "open.shangban" and "seat 2" in v.en  # type: ignore[attr-defined]
    assert final(frames).leader == 5  # the replay follows the tag, as the moves do
    # 上班 needs 两张同花色3 under corp-winter-2014: the hands still tell seat 2
    assert violations(play(hands, "", leader=5, profile="corp-winter-2014", deck_check=True))
    # fujian1-qingdao has no 上班 (the first taker leads): nothing to check
    assert violations(play(hands, "", leader=5, profile="fujian1-qingdao", deck_check=True)) == []


def test_R_OPEN_1_shangban_same_colour_three_EC_43() -> None:
    hands = {1: "55 66", 2: "3h 3d 88", 3: "3s 99", 4: "3c TT", 5: "JJ", 6: "QQ"}
    frames = play(hands, "2:88", leader=None)  # QS: ♥3♦3 is 两张同色3
    assert violations(frames) == [] and not of(frames, E.Notice)
    frames = play(hands, "2:88", leader=None, profile="corp-winter-2014")  # same suit needed
    notices = [e for e in of(frames, E.Notice) if e.rule_id == "R-OPEN-1"]
    assert len(notices) == 1  # undeterminable: the first seat to play is taken


def test_R_OPEN_1_new_deal_without_a_leader() -> None:
    st = new_deal({s: C("55") for s in range(1, 7)}, deck_check=False)
    assert st.leader == 1
    assert [getattr(e, "rule_id", None) for e in st.events] == ["R-OPEN-1"]


# ---------------------------------------------------------------- R-DECK-1, R-DECK-2


def test_R_DECK_1_a_full_deal_is_clean() -> None:
    st = new_deal(deal_hands(3), load_ruleset(QS), leader=1)
    assert [e for e in st.events if isinstance(e, E.Violation)] == []
    st = new_deal(deal_hands(3, "196"), load_ruleset("dagang-196"), leader=1)
    assert [e for e in st.events if isinstance(e, E.Violation)] == []


def test_R_DECK_1_wrong_sizes_and_counts() -> None:
    hands = deal_hands(4)
    hands[1] = hands[1][:-1]
    st = new_deal(hands, load_ruleset(QS), leader=1)
    rules = [e.rule_id for e in st.events if isinstance(e, E.Violation)]
    assert rules and set(rules) == {"R-DECK-1"}
    # a 216-card deal under the 196-card profile
    st = new_deal(deal_hands(4), load_ruleset("dagang-196"), leader=1)
    assert any(isinstance(e, E.Violation) for e in st.events)


def test_R_DECK_2_unknown_hands_are_constraints() -> None:
    hands = {1: "DDDD 55", 2: "?*3", 3: "?*3", 4: "?*3", 5: "?*3", 6: "?*3"}
    frames = play(hands, "1:55 2:DD")  # four 大王 are with seat 1: seat 2 cannot hold one
    assert ("R-DECK-2", 2) in violations(frames)
    frames = play(hands, "1:55 2:XX")
    assert violations(frames) == []
    st = final(frames)
    assert st.count(2) == 1 and st.unknown_count(2) == 1 and st.pool[13] == 2


def test_R_DECK_2_more_cards_than_held() -> None:
    frames = play({1: "55", 2: "?", 3: "6", 4: "7", 5: "8", 6: "9"}, "1:5 2:66")
    assert ("R-DECK-2", 2) in violations(frames) or ("R-SET-2", 2) in violations(frames)
    frames = play({1: "5 5", 2: "?*2", 3: "6", 4: "7", 5: "8", 6: "9"}, "1:5 2:6 3:-")
    assert violations(frames) == []
    assert final(frames).count(2) == 1


def test_R_DECK_2_unknown_cards_played() -> None:
    frames = play({1: "55 3", 2: "-", 3: "66", 4: "77", 5: "88", 6: "99"}, "1:55 2:??")
    assert violations(frames) == []
    st = final(frames)
    assert st.top is not None and st.top.owner == 2 and st.top.shape is None


# ---------------------------------------------------------------- R-SET-*, R-CUOPAI-1


def test_R_SET_1_two_ranks_is_cuopai() -> None:
    frames = play(H6, "1:55 2:89")
    assert violations(frames) == [("R-SET-1", 2)]
    assert final(frames).turn == 3 and final(frames).count(2) == 4


@pytest.mark.parametrize(
    ("moves", "rule"), [("1:55 2:8", "R-SET-2"), ("1:66 2:-  3:55", "R-SET-3")]
)
def test_R_SET_2_and_3(moves: str, rule: str) -> None:
    hands = dict(H6)
    hands[3] = "55 99"
    frames = play(hands, moves)
    assert (rule, 2 if rule == "R-SET-2" else 3) in violations(frames)


def test_R_CUOPAI_1_this_round_vs_this_turn() -> None:
    hands = {1: "55 KK 3", 2: "3 66 AA", 3: "3 77 9", 4: "3 88 9", 5: "3 99 T", 6: "3 TT J"}
    moves = "1:55 2:4 3:77 4:- 5:- 6:- 1:KK 2:AA"
    # qingdao-standard: 错牌不出 costs the whole round (001b 3); seat 2 may not come back --
    # but the profile's texts disagree (004c: only that turn), so the comeback is a dispute
    frames = play(hands, moves.replace("2:4", "2:6"), profile=QS)
    assert ("R-SET-2", 2) in violations(frames)
    assert ("R-PASS-1", 2) not in violations(frames)
    assert [
        (e.rule_id, e.seat) for e in of(frames, E.Dispute) if e.param == "penalty.cuopai_buchu"
    ] == [("R-PASS-1", 2)]  # type: ignore[attr-defined]
    # the record's [Rules] settle it: a flat error
    rules = "penalty.cuopai_buchu=lose_follow_this_round"
    frames = play(hands, moves.replace("2:4", "2:6"), profile=QS, rules=rules)
    assert ("R-PASS-1", 2) in violations(frames)
    # two-table: only this turn (penalty.cuopai_buchu = lose_follow_this_turn)
    frames = play(hands, moves.replace("2:4", "2:6"), profile="two-table-654321")
    assert ("R-SET-2", 2) in violations(frames)
    assert ("R-PASS-1", 2) not in violations(frames)


def test_R_JOKER_6_ershayi_by_anyone_in_dian_shao_men_luo() -> None:
    hands = {1: "D 55 3", 2: "DD 3", 3: "3 77", 4: "3 88", 5: "3 99", 6: "3 TT"}
    frames = play(hands, "1:D 2:DD", profile="dian-shao-men-luo")
    assert violations(frames) == []
    assert [(e.seat, e.against) for e in of(frames, E.Ershayi)] == [(2, 1)]  # type: ignore[attr-defined]
    frames = play(hands, "1:D 2:DD", profile=QS)
    assert violations(frames)


# ---------------------------------------------------------------- R-PASS-*


def test_R_PASS_1_a_pass_is_final_for_the_round() -> None:
    hands = {1: "55 77 3", 2: "66 JJ 3", 3: "99 TT 3", 4: "3 TT", 5: "3 QQ", 6: "3 KK"}
    frames = play(hands, "1:55 2:- 3:99 4:TT 2:JJ")
    assert ("R-PASS-1", 2) in violations(frames)


def test_R_PASS_2_reentry_on_the_duitou_set() -> None:
    hands = {1: "55 3", 2: "66 99 3", 3: "77 3", 4: "TT 3", 5: "88 3", 6: "TT 3"}
    frames = play(hands, "1:55 2:- 3:- 4:- 5:88 6:- 1:- 2:99")
    assert violations(frames) == []
    frames = play(hands, "1:55 2:- 3:- 4:- 5:88 6:- 1:- 2:99", profile="two-table-654321")
    assert violations(frames) == [("R-PASS-2", 2)]


# ---------------------------------------------------------------- R-YIELD-1, R-CLOSE-*


def test_R_YIELD_1_only_on_the_duitou_set() -> None:
    hands = {1: "77 99", 2: "3 88", 3: "3 99", 4: "66 3", 5: "3 TT", 6: "3 JJ"}
    frames = play(hands, "1:77 2:yield", leader=1)
    assert violations(frames) == [("R-YIELD-1", 2)]


def test_R_YIELD_1_downstream_plays_then_yielder_has_passed() -> None:
    hands = {1: "77 99", 2: "3 88", 3: "3 99", 4: "66 3", 5: "3 TT", 6: "3 JJ"}
    frames = play(hands, "4:66 5:- 6:- 1:yield 2:88", leader=4)
    assert violations(frames) == []
    st = final(frames)
    assert st.passed & (1 << 1)  # the yield became a pass once 2 played


def test_R_CLOSE_1_closer_passing_and_closing_at_once() -> None:
    hands = {1: "QQQ 5", 2: "3 6", 3: "3 7", 4: "3 8", 5: "3 9", 6: "3 T"}
    frames = play(hands, "1:QQQ 4:close 1:5")
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.Closed)] == [4]


def test_R_CLOSE_2_closing_before_the_others_passed() -> None:
    frames = play(H6, "1:55 2:- 3:- 4:close")
    assert violations(frames) == [("R-CLOSE-2", 4)]


# ---------------------------------------------------------------- R-LEAD-1, R-JIEFENG-1


def test_R_LEAD_1_the_last_player_leads() -> None:
    frames = play(H6, "1:55 2:88 3:- 4:- 5:- 6:- 1:- 2:9")
    assert violations(frames) == []
    assert [e.leader for e in of(frames, E.RoundEnded)] == [2]  # type: ignore[attr-defined]


@pytest.mark.parametrize("profile", [QS, "fujian2-zaofan"])
def test_R_JIEFENG_1_next_seat_leads_after_a_standing_dipai(profile: str) -> None:
    hands = {1: "55", 2: "3 8", 3: "3 9", 4: "3 T", 5: "3 J", 6: "3 Q"}
    frames = play(hands, "1:55 2:- 3:- 4:- 5:- 6:- 2:8", profile=profile)
    assert violations(frames) == []
    assert [(e.seat, e.after) for e in of(frames, E.Jiefeng)] == [(2, 1)]  # type: ignore[attr-defined]


def test_R_JIEFENG_1_skips_seats_that_are_out() -> None:
    hands = {1: "5", 2: "6", 3: "3 9", 4: "3 T", 5: "3 J", 6: "3 Q"}
    frames = play(hands, "1:5 2:6 3:- 4:- 5:- 6:- 3:9")
    assert [(e.seat, e.after) for e in of(frames, E.Jiefeng)] == [(3, 2)]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- R-GOUJI-*, R-WUTOU-1, R-SIHU-1


def test_R_GOUJI_1_seats_between_may_decline() -> None:
    hands = {1: "QQQ 5", 2: "KKK 6", 3: "7 3", 4: "AAA 8", 5: "9 3", 6: "T 3"}
    frames = play(hands, "1:QQQ 2:- 3:- 4:AAA")
    assert violations(frames) == []
    assert [e.declined for e in of(frames, E.Passed)] == [True, True]  # type: ignore[attr-defined]


def test_R_WUTOU_1_no_burning_on_a_wutou_set() -> None:
    hands = {1: "QQQ 2 55", 2: "KKK 66", 3: "5 77", 4: "A", 5: "88 99", 6: "99 TT"}
    frames = play(hands, "3:5 4:A 5:- 6:- 1:2 2:- 3:- 1:QQQ 2:burn KKK", leader=3)
    assert violations(frames) == []
    assert [e.rule_id for e in of(frames, E.Notice)] == ["R-BURN-1"]  # read as a plain play
    assert of(frames, E.BurnDeclared) == []


def test_R_SIHU_1_no_burns_in_sihu_luanchan() -> None:
    hands = {1: "KKK 6", 2: "77 8", 3: "5 9", 4: "A", 5: "2", 6: "QQQ 6"}
    frames = play(hands, "3:5 4:A 5:2 6:- 1:- 2:- 3:- 6:QQQ 1:burn KKK", leader=3)
    assert violations(frames) == []
    assert of(frames, E.BurnDeclared) == []
    assert final(frames).top is not None and final(frames).top.owner == 1


# ---------------------------------------------------------------- R-BURN-*

BURN_HANDS = {
    1: "55 66 3",
    2: "JJJJ 77 3",
    3: "QQQQ KK 999 3 D X",
    4: "KKKK X 88 3",
    5: "AAAA DD 3 44",
    6: "AA 33 3",
}


def test_R_BURN_1_passed_seat_may_not_burn() -> None:
    frames = play(BURN_HANDS, "2:JJJJ 3:- 6:- 3:burn QQQQ", leader=2)
    assert ("R-BURN-1", 3) in violations(frames)


def test_R_BURN_1_players_out_limit() -> None:
    hands = {1: "A", 2: "JJJJ 5", 3: "KKKK 7", 4: "9 6", 5: "8 6", 6: "8 6"}
    moves = "1:A 2:- 3:- 4:- 5:- 6:- 2:JJJJ 3:burn KKKK"
    assert violations(play(hands, moves)) == []  # one player out: burning is allowed
    frames = play(hands, moves, rules="burn.max_players_out=0")
    assert ("R-BURN-1", 3) in violations(frames)


def test_R_BURN_2_teammate_first_then_counter_burn() -> None:
    # seat 4 (teammate of 2) burns, then seat 5 counter-burns (反烧)
    frames = play(BURN_HANDS, "2:JJJJ 4:burn KKKK 5:burn AAAA", leader=2)
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.BurnDeclared)] == [4]
    assert [(e.seat, e.level) for e in of(frames, E.CounterBurn)] == [(5, 2)]  # type: ignore[attr-defined]
    st = final(frames)
    assert st.burn is not None and st.burn.burner == 5 and st.burns[0][2] == "lifted"


def test_R_BURN_2_an_opponent_burns_while_a_teammate_could_is_a_dispute() -> None:
    # seat 4 (联邦 of seat 2, who played the 够级 set) holds KKKK and has not declined:
    # had he declared too, he burns first; the record cannot show it
    frames = play(BURN_HANDS, "2:JJJJ 3:burn QQQQ", leader=2)
    assert violations(frames) == []
    (d,) = [e for e in of(frames, E.Dispute) if e.rule_id == "R-BURN-2"]
    assert (d.seat, d.param) == (3, "burn.priority")  # type: ignore[attr-defined]
    assert "seat 4" in d.en and "联邦" in d.en
    # the teammate declined (an explicit pass): the burn is in order
    frames = play(BURN_HANDS, "2:JJJJ 4:- 3:burn QQQQ", leader=2)
    assert violations(frames) == [] and "R-BURN-2" not in disputes(frames)
    # a teammate who cannot beat the set is not ahead of anyone
    weak = dict(BURN_HANDS)
    weak[4] = "KK X 88 3"
    frames = play(weak, "2:JJJJ 3:burn QQQQ", leader=2)
    assert violations(frames) == [] and "R-BURN-2" not in disputes(frames)


def test_R_BURN_2_same_side_in_play_order() -> None:
    # seats 3 and 1 are both opponents of seat 2: seat 3 comes first in play order
    hands = dict(BURN_HANDS)
    hands[1] = "KKKK 55 3"
    frames = play(hands, "2:JJJJ 4:- 1:burn KKKK", leader=2)
    (d,) = [e for e in of(frames, E.Dispute) if e.rule_id == "R-BURN-2"]
    assert d.seat == 1 and "seat 3" in d.en and "play order" in d.en
    frames = play(hands, "2:JJJJ 4:- 3:- 1:burn KKKK", leader=2)
    assert violations(frames) == [] and "R-BURN-2" not in disputes(frames)


def test_R_BURN_3_middle_set_without_joker_is_burnt() -> None:
    frames = play(BURN_HANDS, "2:JJJJ 3:burn QQQQ 6:- 3:KK", leader=2)
    assert [e.seat for e in of(frames, E.BurnFailed)] == [3]
    (failed,) = of(frames, E.BurnFailed)  # the engine names the cause, R-BURN-5 the result
    assert (failed.cause, failed.param, failed.rule_id) == (
        "R-BURN-3",
        "burn.joker_exempt",
        "R-BURN-5",
    )
    assert places(frames) == {3: 6}
    st = final(frames)
    assert st.leader == 2 and st.count(3) == 0  # the burned player leads; cards void


def test_R_BURN_3_only_3s_left_saizhi() -> None:
    hands = dict(BURN_HANDS)
    hands[3] = "QQQQ 333"
    frames = play(hands, "2:JJJJ 3:burn QQQQ 6:- 3:333", profile="saizhi-002", leader=2)
    assert [e.seat for e in of(frames, E.BurnSucceeded)] == [3]


def test_R_BURN_4_others_cannot_intervene() -> None:
    frames = play(BURN_HANDS, "2:JJJJ 3:burn QQQQ 6:- 3:DKK 1:-", leader=2)
    assert violations(frames) == []
    frames = play(BURN_HANDS, "2:JJJJ 3:burn QQQQ 6:- 3:DKK 4:XAA", leader=2)
    assert ("R-GOUJI-2", 4) in violations(frames) or ("R-DECK-2", 4) in violations(frames)


def test_R_BURN_4_the_burner_may_not_pass_his_lead() -> None:
    st = final(play(BURN_HANDS, "2:JJJJ 3:burn QQQQ 6:-", leader=2))
    assert st.closing and st.next_leader == 3
    assert not [a for a in legal_actions(st) if a.seat == 3 and isinstance(a, Pass)]
    frames = play(BURN_HANDS, "2:JJJJ 3:burn QQQQ 6:- 3:-", leader=2)
    assert violations(frames) == [("R-BURN-4", 3)]
    assert [(e.seat, e.cause, e.param) for e in of(frames, E.BurnFailed)] == [(3, "R-BURN-4", None)]
    st = final(frames)
    assert places(frames) == {3: 6} and st.count(3) == 0  # 烧糊: 大落, cards void
    assert st.leader == 2 and st.top is None  # the burned player leads
    # a timeout on his lead (a timeout is a pass) stops the burn too
    frames = play(BURN_HANDS, "2:JJJJ 3:burn QQQQ 6:- 3:timeout", leader=2)
    assert violations(frames) == [("R-BURN-4", 3)] and places(frames) == {3: 6}


def test_R_BURN_4_another_seat_leading_stops_the_burn() -> None:
    for moves in ("2:JJJJ 3:burn QQQQ 6:- 2:77", "2:JJJJ 3:burn QQQQ 6:close 2:77"):
        frames = play(BURN_HANDS, moves, leader=2)
        assert violations(frames) == [("R-BURN-4", 2)], moves
        st = final(frames)
        assert places(frames) == {3: 6}
        assert st.top is not None and st.top.owner == 2  # the burned player's lead stands
    # a seat that may not lead even then is still out of turn
    frames = play(BURN_HANDS, "2:JJJJ 3:burn QQQQ 6:- 1:55", leader=2)
    assert violations(frames) == [("R-BURN-4", 1), ("R-TURN-1", 1)]
    assert places(frames) == {3: 6} and final(frames).leader == 2


def test_R_BURN_5_failed_burner_keeps_his_duitou_youtou() -> None:
    frames = play(BURN_HANDS, "2:JJJJ 3:burn QQQQ 6:- 3:KK", leader=2)
    st = final(frames)
    assert st.youtou & (1 << 3)
    # seat 6 (the failed burner's 对门) is not 无头
    assert not [e for e in of(frames, E.Wutou) if e.seat == 6]


def test_R_BURN_8_success_goes_out() -> None:
    hands = dict(BURN_HANDS)
    hands[3] = "QQQQ"
    frames = play(hands, "2:JJJJ 3:burn QQQQ", leader=2)
    assert [e.seat for e in of(frames, E.BurnSucceeded)] == [3]
    assert places(frames) == {3: 1}


# ---------------------------------------------------------------- R-KAIDIAN-*

KD = {1: "QQQ 55 3", 2: "3 66 77", 3: "3 77 88", 4: "3 88 99", 5: "3 99 TT", 6: "3 TT JJ"}


def test_R_KAIDIAN_1_pure_gouji_stands() -> None:
    frames = play(KD, "1:QQQ 4:- 1:55", profile="qingdao-dadian")
    assert [e.seat for e in of(frames, E.Opened)] == [1]
    hands = dict(KD)
    hands[1] = "X QQQ 55 3"
    frames = play(hands, "1:XQQQ 4:- 1:55", profile="qingdao-dadian")
    assert of(frames, E.Opened) == []


def test_R_KAIDIAN_2_cutoff_at_toke_and_erke() -> None:
    hands = {1: "5", 2: "6", 3: "3 77", 4: "3 88", 5: "3 99", 6: "3 TT"}
    frames = play(hands, "1:5 2:6", profile="qingdao-dadian")
    st = final(frames)
    # 001c: 头科 and his 对头 judged at 头科, all others at 二科
    assert [e.seat for e in of(frames, E.NotOpened)] == [1, 4, 2, 3, 5, 6]
    assert all(v is False for v in st.opened_status.values())


def test_R_KAIDIAN_2_own_duitou_out() -> None:
    hands = {1: "5 3", 2: "3 66", 3: "3 77", 4: "3 88", 5: "3 99", 6: "3 TT"}
    frames = play(hands, "1:5 2:6", profile="dian-shao-men-luo")
    frames = play(
        {1: "3", 2: "3 66", 3: "3 77", 4: "3 88", 5: "3 99", 6: "3 TT"},
        "1:3",
        profile="dian-shao-men-luo",
    )
    assert [e.seat for e in of(frames, E.NotOpened)] == [4]


def test_R_KAIDIAN_3_kaidian_fa_4() -> None:
    hands = {1: "QQQ 44 55 3", 2: "3 66 7", 3: "3 77 8", 4: "3 88 9", 5: "3 99 T", 6: "3 TT J"}
    frames = play(hands, "1:QQQ 4:- 1:44", profile="latest-004")
    ops = of(frames, E.Opened)
    assert [(e.seat, e.confirmed) for e in ops] == [(1, False), (1, True)]  # type: ignore[attr-defined]
    frames = play(hands, "1:QQQ 4:- 1:55", profile="latest-004")
    assert final(frames).opened_status[1] is None
    assert [e.rule_id for e in of(frames, E.Notice)] == ["R-KAIDIAN-3"]


def test_R_KAIDIAN_3_no_four_is_bukaidian() -> None:
    frames = play(H6, "1:55", profile="latest-004")
    assert [(e.seat, e.rule_id) for e in of(frames, E.NotOpened)] == [(1, "R-KAIDIAN-3")]


def test_R_KAIDIAN_5_unopened_in_the_facts() -> None:
    hands = {1: "5", 2: "6", 3: "7", 4: "8", 5: "9", 6: "T"}
    frames = play(hands, "1:5 2:6 3:7 4:8 5:9", profile="qingdao-dadian")
    end = of(frames, E.DealEnded)[0]
    assert end.facts is not None and end.facts.opened[1] is False  # type: ignore[attr-defined]
    assert end.score is not None and end.score.obligations  # type: ignore[attr-defined]


# ---------------------------------------------------------------- R-BIE3-*


@pytest.mark.parametrize("moves", ["1:3", "1:33", "1:X333"])
def test_R_BIE3_1_threes_only_last_whole_and_bare(moves: str) -> None:
    hands = {1: "333 55 X", 2: "3 66", 3: "3 77", 4: "3 88", 5: "3 99", 6: "3 TT"}
    frames = play(hands, moves, profile="qingdao-bie3")
    assert violations(frames)[0][0] == "R-BIE3-1"


def test_R_BIE3_3_no_three_and_nobody_to_sell() -> None:
    hands = {1: "55 66 2", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}
    frames = play(hands, "1:55", profile="tiaozhanbei-2")  # no spare 3 anywhere: 大落
    assert violations(frames) == []
    assert places(frames) == {1: 6}


# ---------------------------------------------------------------- R-BUY-1


def test_R_BUY_1_seller_and_payment_order() -> None:
    hands = {1: "55 66 2 X", 2: "33 88", 3: "33 99", 4: "33 TT", 5: "33 JJ", 6: "33 QQ"}
    prof = "qingdao-bie3"  # sellers: 对头, then the 对头's 联邦; pay with a 2, then a joker
    assert violations(play(hands, "1:buy 3 from 4 for 2", profile=prof)) == []
    assert violations(play(hands, "1:buy 3 from 2 for 2", profile=prof)) == [("R-BUY-1", 1)]
    assert violations(play(hands, "1:buy 3 from 4 for X", profile=prof)) == [("R-BUY-1", 1)]
    assert violations(play(hands, "1:buy 3 from 4 for 2", profile=QS)) == [("R-BUY-1", 1)]
    assert violations(play(hands, "4:give 3 to 1 1:55", profile=prof)) == []


# ---------------------------------------------------------------- R-REVOLUTION-1


def test_R_REVOLUTION_1_two_revolutions_void_the_deal() -> None:
    hands = {1: "55 66", 2: "77 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}
    frames = play(hands, "1:revolution 2:revolution")
    end = of(frames, E.DealEnded)
    assert len(end) == 1 and end[0].void  # type: ignore[attr-defined]


def test_R_REVOLUTION_1_needs_no_power_cards() -> None:
    frames = play({1: "55 2", 2: "77", 3: "99", 4: "TT", 5: "JJ", 6: "QQ"}, "1:revolution")
    assert violations(frames) == [("R-REVOLUTION-1", 1)]


# ---------------------------------------------------------------- R-REPORT-1


def test_R_REPORT_1_count_shown_when_a_seat_comes_down_to_ten() -> None:
    """baohu.mode = visible_le10 (fujian1-qingdao, 000§H): the action that takes a seat
    from eleven cards to nine gives a CountShown notice for that seat, once; a seat
    already at ten or fewer gives none, nor does any profile that reports on request."""
    hands = {1: "TT 99 88 77 66 5", 2: "JJ 3", 3: "QQ 3", 4: "KK 3", 5: "AA 3", 6: "22 3"}
    moves = "1:TT 2:JJ 3:QQ"
    frames = play(hands, moves, profile="fujian1-qingdao")
    assert violations(frames) == []
    shown = [(f.index, e) for f in frames for e in f.events if isinstance(e, E.CountShown)]
    assert [(i, e.seat, e.count, e.rule_id, e.param) for i, e in shown] == [
        (1, 1, 9, "R-REPORT-1", "baohu.mode")
    ]
    assert shown[0][1].action == frames[1].action and "visible_le10" in shown[0][1].en
    assert not of(play(hands, moves), E.CountShown)  # qingdao-standard: on request


# ---------------------------------------------------------------- R-TIME-1, R-PENALTY-1


def test_R_TIME_1_timeout_is_a_pass() -> None:
    frames = play(H6, "1:55 2:timeout 3:99")
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.TimeoutPass)] == [2]


def test_R_TIME_1_timeout_on_the_lead_is_a_dispute() -> None:
    frames = play(H6, "1:timeout 2:88")
    assert violations(frames) == []
    assert "time.timeout_is_pass" in disputes(frames)


def test_R_TIME_1_rules_settle_a_timeout_on_the_lead() -> None:
    """A record's [Rules] stating time.timeout_is_pass settle the lead's timeout: true, the
    lead passes to seat 2 with no dispute; false, seat 1 must still lead (seat 2's 88 is
    out of turn, seat 1's 55 is the lead)."""
    passed = play(H6, "1:timeout 2:88", rules="time.timeout_is_pass=true")
    assert violations(passed) == [] and "time.timeout_is_pass" not in disputes(passed)
    assert [e.seat for e in of(passed, E.TimeoutPass)] == [1]
    kept = play(H6, "1:timeout 2:88", rules="time.timeout_is_pass=false")
    assert "time.timeout_is_pass" not in disputes(kept) and not of(kept, E.TimeoutPass)
    assert [seat for _, seat in violations(kept)] == [2]
    stays = play(H6, "1:timeout 1:55", rules="time.timeout_is_pass=false")
    assert violations(stays) == [] and not disputes(stays)


def test_R_PENALTY_1_penalty_and_ruling_reach_the_facts() -> None:
    hands = {1: "5", 2: "6", 3: "7", 4: "8", 5: "9", 6: "T"}
    frames = play(hands, '3:penalty -2 "signalling" 1:5 2:6 3:7 4:8 5:9 1:ruling "warning"')
    assert [e.points for e in of(frames, E.PenaltyApplied)] == [-2]  # type: ignore[attr-defined]
    end = of(frames, E.DealEnded)[0]
    assert end.facts is not None and end.facts.penalties[0].points == -2  # type: ignore[attr-defined]
    assert of(frames, E.RulingApplied)


def test_R_PENALTY_1_ruling_daluo() -> None:
    frames = play(H6, '1:55 2:ruling "daluo: looked at the turned cards"')
    assert places(frames) == {2: 6}


# ---------------------------------------------------------------- R-TRIBUTE-*


def _tribute_state() -> object:
    rs = load_ruleset(QS, "tribute.mode=luo")
    hands = {
        1: C("55 66"),
        2: C("3 88"),
        3: C("3 99"),
        4: C("3 TT"),
        5: C("3 JJ"),
        6: C("DX2 3 QQ"),
    }
    return new_deal(hands, rs, leader=1, deck_check=False, obligations=[Obligation("luo", 6, 1, 2)])


def test_R_TRIBUTE_1_highest_cards_to_the_receiver() -> None:
    st = _tribute_state()
    assert can(st, Tribute(6, cards=C("DX"), to_seat=1))  # type: ignore[arg-type]
    assert not can(st, Tribute(6, cards=C("X2"), to_seat=1))  # type: ignore[arg-type]
    assert Tribute(6, cards=C("DX"), to_seat=1) in legal_actions(st)  # type: ignore[arg-type]
    st2, _ = do(st, Tribute(6, cards=C("DX"), to_seat=1))  # type: ignore[arg-type]
    assert st2.hand(1)[:2] == C("DX")
    assert can(st2, Return(1, cards=C("55"), to_seat=6))
    assert not can(st2, Return(1, cards=C("D5"), to_seat=6))
    st3, _ = do(st2, Return(1, cards=C("55"), to_seat=6))
    assert st3.count(6) == 6 and st3.count(1) == 4


def test_R_TRIBUTE_1_no_tribute_in_score_only_profiles() -> None:
    frames = play(H6, "6:tribute 3 to 1")
    assert violations(frames) == [("R-TRIBUTE-1", 6)]


# ---------------------------------------------------------------- R-FINISH-1


def test_R_FINISH_1_chuan3hu_and_order() -> None:
    hands = {1: "5", 2: "6 3", 3: "7", 4: "8 3", 5: "9", 6: "T 3"}
    frames = play(hands, "1:5 2:- 3:7 4:- 5:9")
    assert [e.team for e in of(frames, E.Chuan3hu)] == ["A"]  # type: ignore[attr-defined]
    assert places(frames)[1] == 1 and places(frames)[3] == 2 and places(frames)[5] == 3


def test_verify_can_do_agree_with_legal_actions_on_a_small_state() -> None:
    frames = play(H6, "1:55")
    st = final(frames)
    acts = legal_actions(st)
    assert Pass(2) in acts and Play(2, cards=C("88")) in acts
    assert all(can(st, a) for a in acts)
    assert not can(st, Yield(2)) and not can(st, Close(2)) and not can(st, Burn(3, cards=C("99")))
    assert not can(st, Report(2, count=4)) or Report(2, count=4) in acts


def test_R_BURN_3_not_enough_jokers_fails_when_it_shows() -> None:
    hands = dict(BURN_HANDS)
    hands[3] = "QQQQ KK 999 55 3 D X"  # four more sets need three jokers; he has two
    frames = play(hands, "2:JJJJ 3:burn QQQQ 6:- 3:DKK 6:- 3:X999 6:-", leader=2)
    assert of(frames, E.BurnFailed) == []  # nothing shows yet
    frames = play(hands, "2:JJJJ 3:burn QQQQ 6:- 3:DKK 6:- 3:X999 6:- 3:55", leader=2)
    assert [e.seat for e in of(frames, E.BurnFailed)] == [3]
    assert places(frames) == {3: 6}
    assert final(frames).leader == 2


def test_R_KAIDIAN_1_auto_open_without_any_gouji_set() -> None:
    frames = play(H6, "1:55", profile="bie3-activity")
    assert [(e.seat, e.confirmed) for e in of(frames, E.Opened)] == [(1, True)]  # type: ignore[attr-defined]
    hands = dict(H6)
    hands[1] = "55 KK 3"
    frames = play(hands, "1:55", profile="bie3-activity")
    assert of(frames, E.Opened) == []


def test_R_KAIDIAN_2_cutoff_at_toke_for_everyone() -> None:
    hands = {1: "3", 2: "3 66", 3: "3 77", 4: "3 88", 5: "3 99", 6: "3 TT"}
    frames = play(hands, "1:3", profile="bie3-activity", rules="kaidian.auto_if_no_gouji=off")
    assert sorted(e.seat for e in of(frames, E.NotOpened)) == [1, 2, 3, 4, 5, 6]


def test_R_KAIDIAN_1_teammate_burn_does_not_open() -> None:
    hands = {1: "55 66 3", 2: "JJJJ 77 3", 3: "33", 4: "KKKK 88", 5: "9 3", 6: "T 3"}
    frames = play(hands, "2:JJJJ 4:burn KKKK 1:- 4:88", profile="qingdao-dadian", leader=2)
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.BurnDeclared)] == [4]
    assert [e.seat for e in of(frames, E.BurnSucceeded)] == [4]
    assert [e.seat for e in of(frames, E.Opened)] == []


def test_R_WUTOU_1_wutou_seat_beats_a_duel_out_of_turn() -> None:
    # seat 4 (头科) is out: seat 1 is 无头 and may beat seat 2's 够级 set; the 对头 (5)
    # keeps the turn if seat 1 does not.
    hands = {1: "KKK 6", 2: "QQQ 2 55", 3: "5 77", 4: "A", 5: "AAA 9", 6: "8 3"}
    moves = "3:5 4:A 5:- 6:- 1:- 2:2 5:- 2:QQQ"
    frames = play(hands, moves, leader=3)
    assert violations(frames) == [] and final(frames).turn == 5
    frames = play(hands, moves + " 1:KKK", leader=3)
    assert violations(frames) == []
    assert final(frames).top is not None and final(frames).top.owner == 1
    frames = play(hands, moves + " 5:AAA", leader=3)
    assert violations(frames) == []


@pytest.mark.parametrize(
    ("profile", "moves", "rule"),
    [
        (QS, "1:D 4:DD", "R-JOKER-6"),  # 大王 set is dead; no 二杀一
        (QS, "1:X88 4:D88", "R-JOKER-3"),  # the natural part must be higher too
        ("bie3-activity", "1:2TTTT", "R-TWO-1"),  # no 贴钱 in 000§G
        ("tongsu", "1:2TTTT", "R-TWO-1"),
    ],
)
def test_R_JOKER_and_R_TWO_rulings_reach_the_replay(profile: str, moves: str, rule: str) -> None:
    hands = {1: "D X 88 2 TTTT 3", 2: "3 55", 3: "3 66", 4: "DD D 88 99 3", 5: "3 77", 6: "3 99"}
    frames = play(hands, moves, profile=profile)
    assert [v for v in violations(frames) if v[0] == rule]


def test_R_GOUJI_1_thresholds_decide_who_answers() -> None:
    hands = {1: "TTTT TTTTT 3", 2: "JJJJ 3", 3: "3 66", 4: "JJJJJ QQQQ 3", 5: "3 77", 6: "3 99"}
    frames = play(hands, "1:TTTT")  # four 10s: not 够级, anyone in turn
    assert of(frames, E.GoujiPlayed) == [] and final(frames).turn == 2
    frames = play(hands, "1:TTTTT")  # five 10s: 够级, only the 对头
    assert final(frames).turn == 4


def test_R_OPEN_1_liang4_first_lead_must_be_fours() -> None:
    hands = {1: "4444 55", 2: "3 88", 3: "4 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}
    # saizhi-002's own texts disagree (002b 5 亮4 vs 002a 3): a dispute, no flat error
    frames = play(hands, "1:55", profile="saizhi-002", leader=None)
    assert violations(frames) == []
    (d,) = of(frames, E.Dispute)
    assert (d.rule_id, d.param) == ("R-OPEN-1", "open.shangban")  # type: ignore[attr-defined]
    assert [v for v, _ in d.alternatives] == ["most_4s_must_lead_4", "none"]  # type: ignore[attr-defined]
    # a record's [Rules] settle the point: the flat verdict
    rules = "open.shangban=most_4s_must_lead_4"
    frames = play(hands, "1:55", profile="saizhi-002", leader=None, rules=rules)
    assert violations(frames) == [("R-OPEN-1", 1)] and of(frames, E.Dispute) == []
    frames = play(hands, "1:4444", profile="saizhi-002", leader=None)
    assert violations(frames) == []


def test_R_REVOLUTION_1_false_declaration_costs_a_point() -> None:
    frames = play({1: "55 2", 2: "77", 3: "99", 4: "TT", 5: "JJ", 6: "QQ"}, "1:revolution")
    assert [e.points for e in of(frames, E.PenaltyApplied)] == [-1]  # type: ignore[attr-defined]

"""The catalog's worked situations (§4), each with the per-profile ruling the catalog gives.

The catalog numbers seats 0-5; here they are the record's 1-6 (catalog seat k = seat k+1).
Hands are small: these are unit situations (``deck_check=False``).  Under 憋3 profiles
every hand holds a 3 (R-BIE3-3).
"""

from __future__ import annotations

import pytest
from test_engine_util import all_events, disputes, final, of, places, play, violations

from gojinotation_analyzer.engine import events as E

QS = "qingdao-standard"


# ---------------------------------------------------------------------------- EC-09


def test_EC_09_non_duitou_beats_gouji_without_burn_is_cuopai() -> None:
    # catalog: seat 0 leads QQQ, seat 1 plays KKK without 烧牌 -> seat 1 -> 2 here.
    hands = {1: "QQQ 5", 2: "KKK 6", 3: "77 8", 4: "AAA 9", 5: "88 9", 6: "99 T"}
    frames = play(hands, "1:QQQ 2:KKK 4:AAA")
    assert violations(frames) == [("R-GOUJI-2", 2)]
    st = final(frames)
    assert st.hand(2) == tuple(sorted(st.hand(2), key=lambda c: c.sort_key()))
    assert st.count(2) == 4  # 错牌不出: the KKK went back
    assert st.passed & (1 << 2)  # lose_follow_this_round
    assert st.top is not None and st.top.owner == 4  # the 对头 answered


@pytest.mark.parametrize("profile", [QS, "latest-004", "trad-003", "dian-shao-men-luo"])
def test_EC_09_legal_against_a_wutou_player(profile: str) -> None:
    # seat 4 (seat 1's 对头) goes out first: seat 1 is 无头, anyone may beat his sets.
    hands = {1: "QQQ 2 55 3", 2: "KKK 66 3", 3: "5 77 3", 4: "A", 5: "88 99 3", 6: "99 TT 3"}
    moves = "3:5 4:A 5:- 6:- 1:2 2:- 3:- 1:QQQ 2:KKK"
    frames = play(hands, moves, profile=profile, leader=3)
    assert violations(frames) == []
    assert of(frames, E.Wutou)[0].seat == 1
    assert final(frames).top is not None and final(frames).top.owner == 2


def test_EC_09_legal_in_sihu_luanchan() -> None:
    hands = {1: "KKK 6", 2: "77 8", 3: "5 9", 4: "A", 5: "2", 6: "QQQ 6"}
    moves = "3:5 4:A 5:2 6:- 1:- 2:- 3:- 6:QQQ 1:KKK"
    frames = play(hands, moves, leader=3)
    assert of(frames, E.SihuLuanchan)
    assert violations(frames) == []
    assert final(frames).top is not None and final(frames).top.owner == 1


# ---------------------------------------------------------------------------- EC-11

EC11_HANDS = {1: "JJ 5 3", 2: "88 5 3", 3: "99 5 3", 4: "TT 5 3", 5: "77 5 3", 6: "66 5 3"}
EC11_MOVES = "6:66 1:- 2:88 3:99 4:TT 5:- 6:- 1:JJ"


@pytest.mark.parametrize(
    "profile", [QS, "qingdao-dadian", "trad-003", "latest-004", "saizhi-002", "corp-winter-2014"]
)
def test_EC_11_passed_player_answers_his_duitou(profile: str) -> None:
    frames = play(EC11_HANDS, EC11_MOVES, profile=profile, leader=6)
    assert violations(frames) == []
    assert final(frames).top is not None and final(frames).top.owner == 1


def test_EC_11_two_table_has_no_reentry() -> None:
    frames = play(EC11_HANDS, EC11_MOVES, profile="two-table-654321", leader=6)
    assert violations(frames) == [("R-PASS-2", 1)]
    assert final(frames).top is not None and final(frames).top.owner == 4


# ---------------------------------------------------------------------------- EC-13

EC13_HANDS = {
    1: "55 66 3",
    2: "JJJJ 77 3",
    3: "QQQQ KK 999 3 D X",
    4: "88 99 3",
    5: "TT 44 3",
    6: "AA 33 3",
}
EC13_MOVES = "2:JJJJ 3:burn QQQQ 6:- 3:DKK 6:- 3:X999 6:- 3:3"


@pytest.mark.parametrize(
    "profile", [QS, "qingdao-dadian", "fujian1-qingdao", "saizhi-002", "latest-004"]
)
def test_EC_13_burn_with_jokers_on_middle_sets_succeeds(profile: str) -> None:
    frames = play(EC13_HANDS, EC13_MOVES, profile=profile, leader=2)
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.BurnSucceeded)] == [3]
    assert places(frames)[3] == 1
    end = final(frames)
    assert end.burns == ((3, 2, "success", 1),)


def test_EC_13_two_table_first_set_needs_a_joker_too() -> None:
    frames = play(EC13_HANDS, "2:JJJJ 3:burn QQQQ", profile="two-table-654321", leader=2)
    assert [e.seat for e in of(frames, E.BurnFailed)] == [3]
    assert places(frames)[3] == 6  # 烧糊 -> 大落, cards void
    st = final(frames)
    assert st.count(3) == 0 and sum(st.void) == 12
    assert st.leader == 2 and st.top is None  # the burned player leads again


def test_EC_13_formula_004_refuses_an_ineligible_hand() -> None:
    hands = dict(EC13_HANDS)
    hands[3] = "QQQQ KK 999 55 3 D X"  # S = 5, J = 2: 5 - 2 > 2
    frames = play(hands, "2:JJJJ 3:burn QQQQ", profile="latest-004", leader=2)
    assert ("R-BURN-9", 3) in violations(frames)
    assert places(frames)[3] == 6


# ---------------------------------------------------------------------------- EC-15

EC15_HANDS = {
    1: "55 66 3",
    2: "JJJJ 77 3",
    3: "QQQQ KK 999 3 X X",
    4: "88 99 3",
    5: "TT 44 3",
    6: "AA D 88 3",
}
EC15_MOVES = "2:JJJJ 3:burn QQQQ 6:- 3:XKK 6:DAA"


@pytest.mark.parametrize("profile", [QS, "fujian1-qingdao", "dian-shao-men-luo"])
def test_EC_15_jiesao_lifts_the_burn_without_penalty(profile: str) -> None:
    frames = play(EC15_HANDS, EC15_MOVES, profile=profile, leader=2)
    assert violations(frames) == []
    assert [(e.seat, e.by) for e in of(frames, E.BurnLifted)] == [(3, 6)]  # type: ignore[attr-defined]
    st = final(frames)
    assert st.burn is None and st.is_active(3) and st.count(3) == 5
    assert st.burns == ((3, 2, "lifted", 1),)


def test_EC_15_karamay_first_set_stood_so_the_burn_succeeded() -> None:
    frames = play(EC15_HANDS, EC15_MOVES, profile="karamay-jingsai", leader=2)
    assert [e.seat for e in of(frames, E.BurnSucceeded)] == [3]
    assert of(frames, E.BurnLifted)
    assert final(frames).burns == ((3, 2, "success", 1),)


def test_EC_15_latest_004_is_flagged_as_a_dispute() -> None:
    frames = play(EC15_HANDS, EC15_MOVES, profile="latest-004", leader=2)
    assert "burn.killed_by_duitou" in disputes(frames)
    assert final(frames).is_active(3)  # proposed: only 烧糊 is 末位


# ---------------------------------------------------------------------------- EC-17

EC17_HANDS = {
    1: "55 66 3",
    2: "JJJJ 77 3",
    3: "TTTT KK 3",
    4: "88 99 3",
    5: "TT 44 3",
    6: "AA 88 3",
}


def test_EC_17_karamay_fake_burn_daluo_and_kaidian_flip() -> None:
    frames = play(EC17_HANDS, "2:JJJJ 3:burn TTTT", profile="karamay-jingsai", leader=2)
    assert ("R-BURN-7", 3) in violations(frames)
    assert [e.seat for e in of(frames, E.FakeBurn)] == [3]
    assert places(frames)[3] == 6
    st = final(frames)
    assert st.opened_status[3] is False and st.opened_status[6] is True
    assert st.leader == 2  # the burned player leads


@pytest.mark.parametrize("profile", [QS, "fujian2-zaofan", "latest-004"])
def test_EC_17_fake_burn_is_daluo(profile: str) -> None:
    frames = play(EC17_HANDS, "2:JJJJ 3:burn TTTT", profile=profile, leader=2)
    assert [e.seat for e in of(frames, E.FakeBurn)] == [3]
    assert places(frames)[3] == 6
    assert final(frames).leader == 2


# ---------------------------------------------------------------------------- EC-21


def _unopened_toke(profile: str, rules: str = "", last: str = "3") -> list:  # type: ignore[type-arg]
    # seat 1 leads 55 then goes out with his last set before opening.
    hands = {1: f"55 {last}", 2: "3 77 9", 3: "3 88 9", 4: "3 99 T", 5: "3 TT J", 6: "3 JJ Q"}
    moves = f"1:55 2:- 3:- 4:- 5:- 6:- 1:{last}"
    frames: list = play(hands, moves, profile=profile, rules=rules)  # type: ignore[type-arg]
    return frames


OFF_BIE3 = "bie3.enabled=off; play.three_restriction=none; kaidian.auto_if_no_gouji=off"


def test_EC_21_bie3_activity_unopened_player_may_not_be_toke() -> None:
    # he could have led a single 6 instead of going out with 66: R-KAIDIAN-4.
    frames = _unopened_toke("bie3-activity", rules=OFF_BIE3, last="66")
    assert ("R-KAIDIAN-4", 1) in violations(frames)
    assert places(frames)[1] == 1  # the record stands; the conflict is reported


def test_EC_21_bie3_activity_forced_toke_is_a_dispute() -> None:
    frames = _unopened_toke("bie3-activity", rules=OFF_BIE3, last="6")
    assert violations(frames) == []
    assert "kaidian.toke_requirement" in disputes(frames)


def test_EC_21_bie3_activity_under_bie3_going_out_is_forced() -> None:
    frames = _unopened_toke("bie3-activity", rules="kaidian.auto_if_no_gouji=off")  # only 3s
    assert violations(frames) == []
    assert places(frames)[1] == 1
    assert "kaidian.toke_requirement" in disputes(frames)


def test_EC_21_latest_004_allowed_when_the_4s_went_earlier() -> None:
    assert violations(_unopened_toke("latest-004")) == []
    frames = _unopened_toke("latest-004", rules=OFF_BIE3, last="44")
    assert ("R-KAIDIAN-4", 1) in violations(frames)


def test_EC_21_qingdao_dadian_allowed_and_toke_is_unopened() -> None:
    frames = _unopened_toke("qingdao-dadian", last="66")
    assert violations(frames) == []
    assert places(frames)[1] == 1
    assert final(frames).opened_status[1] is False  # 001c: 头科 is judged at once


@pytest.mark.parametrize("profile", ["dasai-5421", "dian-shao-men-luo", "karamay-jingsai"])
def test_EC_21_unstated_profiles_allow_it(profile: str) -> None:
    frames = _unopened_toke(profile)
    assert not [v for v in violations(frames) if v[0] == "R-KAIDIAN-4"]


# ---------------------------------------------------------------------------- EC-23


def test_EC_23_latest_004_fours_before_opening_forfeit() -> None:
    hands = {1: "44 KKK 3", 2: "3 77 9", 3: "3 88 9", 4: "3 99 T", 5: "3 TT J", 6: "3 JJ Q"}
    frames = play(hands, "1:44", profile="latest-004")
    ev = of(frames, E.NotOpened)
    assert [(e.seat, e.rule_id) for e in ev] == [(1, "R-KAIDIAN-3")]
    assert final(frames).opened_status[1] is False


def test_EC_23_irrelevant_without_lead4() -> None:
    hands = {1: "44 KKK 3", 2: "3 77 9", 3: "3 88 9", 4: "3 99 T", 5: "3 TT J", 6: "3 JJ Q"}
    frames = play(hands, "1:44", profile="qingdao-dadian")
    assert of(frames, E.NotOpened) == []


# ---------------------------------------------------------------------------- EC-27


@pytest.mark.parametrize(
    "profile", ["qingdao-bie3", "tiaozhanbei-2", "dian-shao-men-luo", "bie3-activity"]
)
def test_EC_27_two_men_take_daluo_then_erluo(profile: str) -> None:
    hands = {1: "5 7 3", 2: "9 3", 3: "T Q 3", 4: "6 3", 5: "J 3", 6: "8 K 3"}
    moves = "1:5 2:9 3:T 4:- 5:J 6:- 1:- 3:Q"
    frames = play(hands, moves, profile=profile)
    men = of(frames, E.Men)
    assert [(e.seat, e.by, e.order) for e in men] == [(2, 3, 1), (5, 3, 2)]  # type: ignore[attr-defined]
    assert places(frames) == {2: 6, 5: 5}
    assert violations(frames) == []


# ---------------------------------------------------------------------------- EC-29

EC29_HANDS = {1: "55 66 77", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}


def test_EC_29_qingdao_bie3_revolution_and_sike() -> None:
    frames = play(EC29_HANDS, "1:revolution 2:88", profile="qingdao-bie3")
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.RevolutionDeclared)] == [1]
    st = final(frames)
    assert not st.is_active(1) and st.leader == 2
    assert [(e.seat, e.chances) for e in of(frames, E.Gousiji)] == [(4, 3)]  # type: ignore[attr-defined]


def test_EC_29_revolution_takes_sike_at_the_end() -> None:
    hands = {1: "55 66 77", 2: "3", 3: "3 4", 4: "3 5", 5: "3 6", 6: "3 7"}
    moves = "1:revolution 2:3 3:4 4:5 5:6 6:7"
    frames = play(hands, moves, profile="latest-004", leader=2)
    assert places(frames)[1] == 4


def test_EC_29_karamay_forbids_revolution() -> None:
    frames = play(EC29_HANDS, "1:revolution", profile="karamay-jingsai")
    assert violations(frames) == [("R-REVOLUTION-1", 1)]
    assert final(frames).is_active(1)


def test_EC_29_no_three_must_buy_before_playing() -> None:
    # dian-shao-men-luo: a seat with no 3 buys one (here with a 2) before its first play.
    hands = {1: "55 66 2", 2: "3 88 9", 3: "3 99 T", 4: "33 TT J", 5: "3 JJ Q", 6: "3 QQ K"}
    frames = play(hands, "1:55", profile="dian-shao-men-luo")
    assert violations(frames) == [("R-BIE3-3", 1)]
    frames = play(hands, "1:buy 3 from 4 for 2 1:55", profile="dian-shao-men-luo")
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.Bought)] == [1]


# ---------------------------------------------------------------------------- EC-31

EC31_HANDS = {
    1: "55 66 77 88 99 3",
    2: "3 88 9",
    3: "3 99 T",
    4: "3 TT J",
    5: "3 JJ Q",
    6: "3 QQ K",
}


@pytest.mark.parametrize("profile", [QS, "trad-003", "corp-winter-2014", "fujian2-zaofan"])
def test_EC_31_reports_on_request(profile: str) -> None:
    frames = play(EC31_HANDS, "1:report 11 1:55 1:report 9", profile=profile)
    notices = [e for e in of(frames, E.Notice) if e.rule_id == "R-REPORT-1"]
    assert len(notices) == 1  # 不够报 at 11
    assert [e.count for e in of(frames, E.Reported)] == [11, 9]  # type: ignore[attr-defined]
    assert violations(frames) == []


def test_EC_31_false_report() -> None:
    frames = play(EC31_HANDS, "1:55 1:report 8")
    assert violations(frames) == [("R-REPORT-1", 1)]


def test_EC_31_tiaozhanbei_asking_is_forbidden() -> None:
    frames = play(EC31_HANDS, "1:55 1:report 9", profile="tiaozhanbei-2")
    assert violations(frames) == [("R-REPORT-1", 1)]


@pytest.mark.parametrize(
    "profile", ["qingdao-bie3", "karamay-jingsai", "dian-shao-men-luo", "latest-004"]
)
def test_EC_31_no_reports_under_bie3(profile: str) -> None:
    frames = play(EC31_HANDS, "1:55 1:report 9", profile=profile)
    assert violations(frames) == [("R-REPORT-1", 1)]


# ---------------------------------------------------------------------------- EC-35

EC35_HANDS = {1: "55 66 3", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}


@pytest.mark.parametrize("profile", ["two-table-654321", "corp-winter-2014"])
def test_EC_35_twenty_seconds_is_a_pass_under_15s(profile: str) -> None:
    frames = play(EC35_HANDS, "1:55 2:88 [%clk 20]", profile=profile)
    assert violations(frames) == [("R-TIME-1", 2)]
    st = final(frames)
    assert st.count(2) == 4 and st.turn == 3 and st.passed & (1 << 2)


@pytest.mark.parametrize("profile", ["tiaozhanbei-2", "saizhi-002", "trad-003", "taikai-2014", QS])
def test_EC_35_twenty_seconds_is_fine(profile: str) -> None:
    frames = play(EC35_HANDS, "1:55 2:88 [%clk 20]", profile=profile)
    assert violations(frames) == []
    assert final(frames).top is not None and final(frames).top.owner == 2


# ---------------------------------------------------------------------------- EC-37

EC37_HANDS = {1: "55 66", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}


@pytest.mark.parametrize("profile", [QS, "karamay-jingsai", "fujian1-qingdao"])
def test_EC_37_close_by_the_wrong_seat(profile: str) -> None:
    hands = {s: h + " 3" if "3" not in h else h for s, h in EC37_HANDS.items()}
    frames = play(hands, "1:55 2:- 3:- 4:- 5:- 6:- 2:close 4:close 1:66", profile=profile)
    assert violations(frames) == [("R-CLOSE-1", 2)]
    closed = of(frames, E.Closed)
    assert [(e.seat, e.implied) for e in closed] == [(4, False)]  # type: ignore[attr-defined]


def test_EC_37_lead_before_close_is_an_implied_close() -> None:
    frames = play(EC37_HANDS, "1:55 2:- 3:- 4:- 5:- 6:- 1:66")
    assert violations(frames) == []
    assert [(e.seat, e.implied) for e in of(frames, E.Closed)] == [(4, True)]  # type: ignore[attr-defined]


def test_EC_37_lead_by_another_seat_before_the_close_is_ignored() -> None:
    frames = play(EC37_HANDS, "1:55 2:- 3:- 4:- 5:- 6:- 2:88")
    assert violations(frames) == [("R-TURN-1", 2)]


# ---------------------------------------------------------------------------- EC-39

EC39_HANDS = {1: "55", 2: "3 88", 3: "3 99", 4: "3 TT KK", 5: "3 JJ", 6: "3 QQ"}


@pytest.mark.parametrize("profile", [QS, "fujian1-qingdao", "trad-003"])
def test_EC_39_gousiji_even_on_a_plain_dipai(profile: str) -> None:
    frames = play(EC39_HANDS, "1:55 2:- 3:- 4:KK", profile=profile)
    assert [(e.seat, e.granted) for e in of(frames, E.Gousiji)] == [(4, True), (4, False)]  # type: ignore[attr-defined]
    top = final(frames).top
    assert top is not None and top.gousiji and top.restrict == 2


def test_EC_39_corp_winter_only_if_the_dipai_is_gouji() -> None:
    frames = play(EC39_HANDS, "1:55 2:- 3:- 4:KK", profile="corp-winter-2014")
    assert of(frames, E.Gousiji) == []
    top = final(frames).top
    assert top is not None and not top.gousiji and top.restrict == 0  # 无头: anyone


# ---------------------------------------------------------------------------- EC-41

EC41_HANDS = {1: "A", 2: "2", 3: "55 77 3", 4: "66 88 3", 5: "99 KK 3", 6: "QQ JJ 3"}
EC41_MOVES = "1:A 2:2 3:- 4:- 5:- 6:- 3:55 4:66 5:- 6:QQ 3:- 4:- 5:KK"


@pytest.mark.parametrize(
    ("profile", "rules"),
    [
        (QS, ""),
        ("trad-003", ""),
        ("latest-004", "bie3.enabled=off; play.three_restriction=none"),
        ("dian-shao-men-luo", "bie3.enabled=off; play.three_restriction=none"),
    ],
)
def test_EC_41_sihu_luanchan_reentry_is_legal(profile: str, rules: str) -> None:
    frames = play(EC41_HANDS, EC41_MOVES, profile=profile, rules=rules)
    assert violations(frames) == []
    assert final(frames).top is not None and final(frames).top.owner == 5


def test_EC_41_two_table_is_a_dispute() -> None:
    frames = play(EC41_HANDS, EC41_MOVES, profile="two-table-654321")
    assert violations(frames) == []
    assert "sihu_luanchan" in disputes(frames)


# ---------------------------------------------------------------------------- EC-45

EC45_HANDS = {1: "77 99", 2: "3 88", 3: "3 99", 4: "66 3", 5: "3 TT", 6: "3 JJ"}


def test_EC_45_yield_before_both_seats_between_passed() -> None:
    frames = play(EC45_HANDS, "4:66 5:- 1:yield", leader=4)
    assert violations(frames) == [("R-YIELD-1", 1)]


def test_EC_45_valid_yield_then_the_yielder_decides() -> None:
    frames = play(EC45_HANDS, "4:66 5:- 6:- 1:yield 2:- 3:- 1:77", leader=4)
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.Yielded)] == [1]
    assert final(frames).top is not None and final(frames).top.owner == 1


@pytest.mark.parametrize("profile", ["fujian1-qingdao", "fujian2-zaofan", "trad-003"])
def test_EC_45_yield_outside_the_allowed_vocabulary(profile: str) -> None:
    frames = play(EC45_HANDS, "4:66 5:- 6:- 1:yield", leader=4, profile=profile)
    assert "vocab.allowed" in disputes(frames)


# ---------------------------------------------------------------------------- EC-51

EC51_HANDS = {
    1: "KKK 3",
    2: "3 55 66",
    3: "3 66 77",
    4: "3 44 QQQ 9",
    5: "3 99 TT",
    6: "3 TT JJ",
}
EC51_MOVES = "1:KKK 2:- 3:- 4:- 5:- 6:- 1:3 2:- 3:- 4:9 5:- 6:- 4:QQQ 4:44"


@pytest.mark.parametrize("profile", ["qingdao-dadian", "dian-shao-men-luo", "bie3-activity"])
def test_EC_51_toke_duitou_cannot_open_through_gousiji(profile: str) -> None:
    frames = play(EC51_HANDS, EC51_MOVES, profile=profile)
    st = final(frames)
    assert st.opened_status[4] is False
    assert not [e for e in of(frames, E.Opened) if e.seat == 4]


@pytest.mark.parametrize("profile", ["latest-004", "tiaozhanbei-2", "saizhi-002"])
def test_EC_51_toke_and_erke_profiles_open_with_a_dispute(profile: str) -> None:
    frames = play(EC51_HANDS, EC51_MOVES, profile=profile)
    assert final(frames).opened_status[4] is True
    assert "kaidian.cutoff" in disputes(frames)


def test_worked_situations_leave_no_stray_errors() -> None:
    frames = play(EC13_HANDS, EC13_MOVES, leader=2)
    assert all(not isinstance(e, E.Violation) for e in all_events(frames))

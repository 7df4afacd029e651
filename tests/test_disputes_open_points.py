"""Issue #11: readings the engine used to hard-code are parameters, and a verdict that rests
on one of them (where the record's profile does not state it) is a Dispute, not a flat error.

Each test is named after the rule id: the record where the open point decides (a Dispute
with each reading and what it rules), the same record with a ``[Rules]`` override (a flat
verdict, no dispute) and a profile whose own document states the point (no dispute).
"""

from __future__ import annotations

from test_engine_util import of, play, violations

from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.state import Frame

# every seat holds a 3 (憋3: no buying needed)
_BIE3_SPLIT = {1: "55 333", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}
_SPLIT_MOVES = "1:55 2:- 3:- 4:- 5:- 6:- 1:33"  # seat 1 splits his 3s: 33, then 3
_BIE3_ATTACH = {1: "55 333 X", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}
_ATTACH_MOVES = "1:55 2:- 3:- 4:- 5:- 6:- 1:X333"  # the last set of 3s carries a 小王


def _disputes(frames: list[Frame], param: str) -> list[E.Dispute]:
    return [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]


def test_R_BIE3_1_split_threes_open_in_latest_004() -> None:
    """004b(14) asks only that the last set be 3s; 001d (三) forbids splitting them."""
    frames = play(_BIE3_SPLIT, _SPLIT_MOVES, profile="latest-004")
    assert violations(frames) == []  # no flat error beside the dispute
    (d,) = _disputes(frames, "play.three_split")
    assert d.rule_id == "R-BIE3-1" and d.seat == 1
    ruled = dict(d.alternatives)
    assert ruled["false"].startswith("001d (三): illegal (R-BIE3-1)")
    assert ruled["true"] == "004b(14): legal"


def test_R_BIE3_1_split_threes_settled_by_rules_or_profile() -> None:
    frames = play(_BIE3_SPLIT, _SPLIT_MOVES, profile="latest-004", rules="play.three_split=false")
    assert violations(frames) == [("R-BIE3-1", 1)] and not of(frames, E.Dispute)
    frames = play(_BIE3_SPLIT, _SPLIT_MOVES, profile="latest-004", rules="play.three_split=true")
    assert violations(frames) == [] and not of(frames, E.Dispute)
    assert frames[-1].state.count(1) == 1  # the 33 stood
    # 001d (三) 不能拆开出: qingdao-bie3 states it -- and so does karamay-jingsai (000§D 三2)
    for profile in ("qingdao-bie3", "karamay-jingsai"):
        frames = play(_BIE3_SPLIT, _SPLIT_MOVES, profile=profile)
        assert violations(frames) == [("R-BIE3-1", 1)] and not _disputes(frames, "play.three_split")


def test_R_BIE3_1_threes_before_other_cards_refused_under_every_reading() -> None:
    """Splitting or not, 3s go after every other card: no dispute on a 3 led early."""
    hands = dict(_BIE3_SPLIT)
    hands[1] = "55 333 7"
    frames = play(hands, "1:33", profile="latest-004")
    assert violations(frames) == [("R-BIE3-1", 1)] and not of(frames, E.Dispute)


def test_R_BIE3_1_attached_threes_open_in_latest_004() -> None:
    frames = play(_BIE3_ATTACH, _ATTACH_MOVES, profile="latest-004")
    assert violations(frames) == []
    (d,) = _disputes(frames, "play.three_attach")
    ruled = dict(d.alternatives)
    assert ruled["false"].startswith("001d (三): illegal (R-BIE3-1)")
    assert ruled["true"] == "000§G 二: legal"


def test_R_BIE3_1_attached_threes_settled_by_rules_or_profile() -> None:
    frames = play(
        _BIE3_ATTACH, _ATTACH_MOVES, profile="latest-004", rules="play.three_attach=false"
    )
    assert violations(frames) == [("R-BIE3-1", 1)] and not of(frames, E.Dispute)
    frames = play(_BIE3_ATTACH, _ATTACH_MOVES, profile="latest-004", rules="play.three_attach=true")
    # (seat 1 going out leaves his 对头 unopened: kaidian.cutoff_on_own_duitou_out is open)
    assert violations(frames) == [] and not _disputes(frames, "play.three_attach")
    assert 1 in frames[-1].state.place_of  # X333 was the last set: seat 1 is out
    frames = play(_BIE3_ATTACH, _ATTACH_MOVES, profile="qingdao-bie3")  # 001d (三)
    assert violations(frames) == [("R-BIE3-1", 1)] and not of(frames, E.Dispute)


_LONE_D = {1: "D 55", 2: "DD6 8", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}


def test_R_JOKER_6_ershayi_answer_count_disputed_in_tongsu() -> None:
    """000§M 4: 两大灭一大 (two for one) vs 含有两张大王的牌 (any set holding two)."""
    frames = play(_LONE_D, "1:D 2:DD6", profile="tongsu")
    assert violations(frames) == []
    (d,) = _disputes(frames, "cmp.ershayi_answer")
    assert d.rule_id == "R-JOKER-6"
    ruled = dict(d.alternatives)
    assert ruled["exactly_two"].startswith("000§M 4: illegal (R-JOKER-6)")
    assert ruled["any_with_two"] == "000§M 4: legal"
    # the exact two 大王 are legal under both readings: no dispute
    hands = dict(_LONE_D)
    hands[2] = "DD 8"
    assert not _disputes(play(hands, "1:D 2:DD", profile="tongsu"), "cmp.ershayi_answer")


def test_R_JOKER_6_ershayi_answer_settled_by_rules_or_profile() -> None:
    frames = play(_LONE_D, "1:D 2:DD6", profile="tongsu", rules="cmp.ershayi_answer=exactly_two")
    assert violations(frames) == [("R-JOKER-6", 2)] and not of(frames, E.Dispute)
    frames = play(_LONE_D, "1:D 2:DD6", profile="tongsu", rules="cmp.ershayi_answer=any_with_two")
    assert violations(frames) == [] and not _disputes(frames, "cmp.ershayi_answer")
    hands = {s: h + " 3" if "3" not in h else h for s, h in _LONE_D.items()}
    frames = play(hands, "1:D 2:DD6", profile="dian-shao-men-luo")  # 000§J 第九条
    assert violations(frames) == [("R-JOKER-6", 2)]
    assert not _disputes(frames, "cmp.ershayi_answer")


_GEMING = {1: "2 55", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}


def test_R_REVOLUTION_1_false_geming_fine_disputed() -> None:
    """A 革命 with a 2 in hand is false under every reading; whether it is fined is open in
    qingdao-standard (only 000§C 三9 and 000§K fine a false 造反)."""
    frames = play(_GEMING, "1:革命 1:55")
    assert violations(frames) == [("R-REVOLUTION-1", 1)]  # false under every reading
    (d,) = _disputes(frames, "geming.fake_penalty")
    ruled = dict(d.alternatives)
    assert ruled["1"] == "000§C 三9: fined 1 point(s)"
    assert ruled["0"] == "004b(13): not fined (the declaration is void)"
    assert [e.points for e in of(frames, E.PenaltyApplied)] == [-1]  # type: ignore[attr-defined]


def test_R_REVOLUTION_1_false_geming_fine_settled_by_rules_or_profile() -> None:
    frames = play(_GEMING, "1:革命 1:55", rules="geming.fake_penalty=0")
    assert not of(frames, E.Dispute) and not of(frames, E.PenaltyApplied)
    # 000§K (一)7 违者罚一分: fujian2-zaofan states the fine
    frames = play(_GEMING, "1:革命 1:55", profile="fujian2-zaofan")
    assert not of(frames, E.Dispute)
    assert [e.points for e in of(frames, E.PenaltyApplied)] == [-1]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- part 2: the reverse case

_H = {2: "3 88", 3: "3 99", 5: "3 JJ", 6: "3 QQ"}


def test_R_JOKER_8_pure_joker_set_accepted_on_an_open_point() -> None:
    """Leading 大王+小王 with no natural card: legal by play.pure_joker_mixed = true (no
    document forbids it, 002b 6(c)), illegal under the other reading: the lead stands,
    with a dispute."""
    frames = play({1: "DX 55", 4: "3 TT", **_H}, "1:DX")
    assert violations(frames) == []
    (d,) = _disputes(frames, "play.pure_joker_mixed")
    assert d.rule_id == "R-JOKER-8" and d.seat == 1
    assert dict(d.alternatives) == {
        "true": "the profile's default (open point): legal, the engine's ruling",
        "false": "a documented variant (catalog): illegal (R-JOKER-8)",
    }
    assert frames[-1].state.count(1) == 2  # the accepted verdict stands
    settled = play({1: "DX 55", 4: "3 TT", **_H}, "1:DX", rules="play.pure_joker_mixed=true")
    assert not of(settled, E.Dispute)
    # a plain lead reads no open point: no dispute
    assert not of(play({1: "DX 55", 4: "3 TT", **_H}, "1:55"), E.Dispute)


def test_R_JOKER_5_mixed_joker_answer_accepted_on_an_open_point() -> None:
    """DX6 over X55: legal while 大王 and 小王 stay distinct (play.mixed_big_small, open in
    qingdao-standard), illegal where a 大王 beside a 小王 counts as a 小王 (000§O)."""
    moves = "1:X55 2:- 3:- 4:DX6"
    frames = play({1: "X55 7", 4: "DX6 TT", **_H}, moves)
    assert violations(frames) == []
    (d,) = _disputes(frames, "play.mixed_big_small")
    ruled = dict(d.alternatives)
    assert ruled["distinct"].endswith("legal, the engine's ruling")
    assert ruled["big_counts_as_small"].endswith("illegal (R-JOKER-5)")
    frames = play({1: "X55 7", 4: "DX6 TT", **_H}, moves, rules="play.mixed_big_small=distinct")
    assert not of(frames, E.Dispute)
    # dagang-196 states 000§O's reading: the same answer is a flat error there
    frames = play({1: "X55 7", 4: "DX6 TT", **_H}, moves, profile="dagang-196")
    assert ("R-JOKER-5", 4) in violations(frames)
    assert not _disputes(frames, "play.mixed_big_small")


def test_R_JOKER_6_ershayi_out_of_turn_accepted_on_an_open_point() -> None:
    """Under 二杀一 (tongsu) seat 2, not the 对头, kills a lone 大王 with two: a plain play
    while cmp.ershayi_is_burn = false (000§J 不算烧牌), a play that must be a burn
    otherwise -- the kill stands, with a dispute."""
    frames = play(
        {1: "D 55", 2: "DD 8", 4: "3 TT", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:D 2:DD",
        profile="tongsu",
    )
    assert violations(frames) == []
    (d,) = _disputes(frames, "cmp.ershayi_is_burn")
    ruled = dict(d.alternatives)
    assert ruled["false"].endswith("legal, the engine's ruling")
    assert ruled["true"].endswith("illegal (R-GOUJI-2)")
    frames = play(
        {1: "D 55", 2: "DD 8", 4: "3 TT", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:D 2:DD",
        profile="tongsu",
        rules="cmp.ershayi_is_burn=false",
    )
    assert not of(frames, E.Dispute)


# ---------------------------------------------------------------- part 3: the score

_ALL3 = dict.fromkeys(range(1, 7), "3")
_OUT_IN_ORDER = "1:3 2:- 3:- 4:- 5:- 6:- 2:3 3:- 4:- 5:- 6:- 3:3 4:- 5:- 6:- 4:3 5:- 6:- 5:3"


def test_R_SCORE_1_place_points_disputed_in_dasai_5421() -> None:
    """000§A 二1's 落科 read as 二落 and 大落 (5,4,2,2,1,1) or as 大落 only (二落 keeps the
    middle value, 5,4,2,2,2,1): the deal is scored under each reading at its end."""
    frames = play(_ALL3, _OUT_IN_ORDER, profile="dasai-5421")
    assert violations(frames) == []
    assert frames[-1].state.ended
    (d,) = _disputes(frames, "score.place")
    assert d.rule_id == "R-SCORE-1" and d.seat is None
    ruled = dict(d.alternatives)
    assert (
        ruled["5,4,2,2,1,1"]
        == "000§A 二1: team A +8, team B +7 (seats 1:+5 2:+4 3:+2 4:+2 5:+1 6:+1)"
    )
    assert (
        ruled["5,4,2,2,2,1"]
        == "000§A 二1: team A +9, team B +7 (seats 1:+5 2:+4 3:+2 4:+2 5:+2 6:+1)"
    )
    # the deal's recorded score is the engine's reading
    (end,) = of(frames, E.DealEnded)
    assert end.score is not None and end.score.team_points == {"A": 8, "B": 7}  # type: ignore[attr-defined]


def test_R_SCORE_1_place_points_settled_by_rules_or_profile() -> None:
    frames = play(_ALL3, _OUT_IN_ORDER, profile="dasai-5421", rules="score.place=5,4,2,2,2,1")
    assert not _disputes(frames, "score.place")
    (end,) = of(frames, E.DealEnded)
    assert end.score is not None and end.score.team_points == {"A": 9, "B": 7}  # type: ignore[attr-defined]
    # qingdao-standard states its place points (001c): no score dispute on the same places
    hands = {1: "5", 2: "6", 3: "7", 4: "8", 5: "9", 6: "T"}
    frames = play(hands, "1:5 2:6 3:7 4:8 5:9")
    assert frames[-1].state.ended and not of(frames, E.Dispute)


# 买3 under bie3-activity (000§G names no seller nor payment: the Qingdao 憋3 text 001d is
# inherited from qingdao-standard, an open point)
_BUY_X_D = {1: "X D 55", 4: "33 TT", 2: "3 88", 3: "3 99", 5: "3 JJ", 6: "3 QQ"}
_BUY_LIANBANG = {1: "2 55", 4: "3 TT", 3: "33 99", 2: "3 88", 5: "3 JJ", 6: "3 QQ"}


def test_R_BUY_1_paying_with_a_dawang_is_disputed() -> None:
    """Seat 1 has no 2 and pays his 大王 though he holds a 小王: any joker (001d) accepts it,
    000§J 第四条 wants the 小王 first, 004c 第三条 only a 2 -- the buy stands, disputed."""
    frames = play(_BUY_X_D, "1:buy 3 from 4 for D", profile="bie3-activity")
    assert violations(frames) == []
    (d,) = _disputes(frames, "buy3.payment_order")
    assert d.rule_id == "R-BUY-1" and d.seat == 1
    ruled = dict(d.alternatives)
    assert ruled["2,any_joker"].endswith("legal, the engine's ruling")
    assert ruled["2,小王,大王"] == "000§J 第四条: illegal (R-BUY-1)"
    assert ruled["2"] == "004c 第三条: illegal (R-BUY-1)"
    # paying the 小王: only 004c refuses it
    (x,) = _disputes(
        play(_BUY_X_D, "1:buy 3 from 4 for X", profile="bie3-activity"), "buy3.payment_order"
    )
    assert dict(x.alternatives)["2,小王,大王"] == "000§J 第四条: legal"
    # the record's [Rules] settle it: 000§J's order refuses the 大王 flat
    flat = play(
        _BUY_X_D,
        "1:buy 3 from 4 for D",
        profile="bie3-activity",
        rules="buy3.payment_order=2,小王,大王",
    )
    assert violations(flat) == [("R-BUY-1", 1)] and not of(flat, E.Dispute)
    # dian-shao-men-luo states it (000§J 第四条): a flat error, no dispute
    own = play(_BUY_X_D, "1:buy 3 from 4 for D", profile="dian-shao-men-luo")
    assert violations(own) == [("R-BUY-1", 1)] and not _disputes(own, "buy3.payment_order")


def test_R_BUY_1_buying_from_ones_own_lianbang_is_disputed() -> None:
    """The 对头 has no spare 3; seat 1 buys from his own 联邦 (seat 3): 001d lists the 对头
    and the 对头's 联邦 only (refused), 000§D 三2 and 000§J 第四条 let one's 联邦 sell."""
    frames = play(_BUY_LIANBANG, "1:buy 3 from 3 for 2", profile="bie3-activity")
    assert violations(frames) == []
    (d,) = _disputes(frames, "buy3.seller_order")
    ruled = dict(d.alternatives)
    assert "illegal (R-BUY-1), the engine's ruling" in ruled["duitou,duitou_lianbang"]
    assert ruled["duitou,own_lianbang"] == "000§D 三2: legal"
    flat = play(_BUY_LIANBANG, "1:buy 3 from 3 for 2", profile="karamay-jingsai")
    assert violations(flat) == [] and not of(flat, E.Dispute)  # 000§D states it: legal


def test_R_BIE3_3_no_three_and_no_seller_is_disputed_unless_stated() -> None:
    """Every other seat holds a single 3: seat 1 can buy none and plays; 001d (革命) gives
    no result for a seat that does not 革命 -- 大落 by the engine, disputed."""
    hands = {1: "2 55", 4: "3 TT", 2: "3 88", 3: "3 99", 5: "3 JJ", 6: "3 QQ"}
    frames = play(hands, "1:55", profile="bie3-activity")
    (d,) = _disputes(frames, "buy3.no3_result")
    assert [v for v, _ in d.alternatives] == ["daluo", "daluo_and_kaidian_flip"]
    settled = play(hands, "1:55", profile="bie3-activity", rules="buy3.no3_result=geming")
    assert not _disputes(settled, "buy3.no3_result")


_GEMING2 = {1: "55 66 4", 2: "77 88 4", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}


def test_R_REVOLUTION_1_a_second_revolution_is_disputed_where_open() -> None:
    """Seats 1 and 2 both 革命 under qingdao-bie3: 001d (二) allows each and says nothing of
    two; 004b(13) voids the deal (the engine's reading), a dispute names both rulings."""
    frames = play(_GEMING2, "1:革命 2:革命", profile="qingdao-bie3")
    (d,) = _disputes(frames, "geming.second")
    assert d.seat == 2 and dict(d.alternatives) == {
        "void_deal": "004b(13): the deal is void",
        "both_stand": "001d (二): seat 2 drops out as a 革命者 too",
    }
    assert frames[-1].state.void_deal and violations(frames) == []
    # the record's [Rules] settle it either way, with no dispute
    stand = play(
        _GEMING2, "1:革命 2:革命", profile="qingdao-bie3", rules="geming.second=both_stand"
    )
    assert not of(stand, E.Dispute) and not stand[-1].state.void_deal
    assert not stand[-1].state.active & 0b110  # seats 1 and 2 both dropped out (bits 1, 2)
    void = play(_GEMING2, "1:革命 2:革命", profile="qingdao-bie3", rules="geming.second=void_deal")
    assert not of(void, E.Dispute) and void[-1].state.void_deal
    # qingdao-standard states it (004b(13)): void, no dispute
    hands = {s: h.replace("4", "3") for s, h in _GEMING2.items()}
    own = play(hands, "1:革命 2:革命", profile="qingdao-standard")
    assert not of(own, E.Dispute) and own[-1].state.void_deal


_LIFTED = {1: "JJJJ 9 3", 2: "QQQQ D7 3", 3: "5 3", 4: "6 3", 5: "KKKK 8 3", 6: "T 3"}


def test_R_BURN_6_a_lifted_burn_names_the_burners_place_under_each_reading() -> None:
    """latest-004: seat 5 lifts seat 2's burn (解烧).  004b(5) voids the burn and seat 2
    plays on; 004a 一10 makes him 末位.  The dispute says so; [Rules] settle it."""
    moves = "1:JJJJ 2:burn QQQQ 3:- 4:- 5:KKKK"
    (d,) = _disputes(play(_LIFTED, moves, profile="latest-004"), "burn.killed_by_duitou")
    ruled = dict(d.alternatives)
    assert ruled["daluo"].endswith("seat 2 is 末位 (大落)")
    assert ruled["void_continue"].endswith("the burn is void, seat 2 plays on")
    daluo = play(_LIFTED, moves, profile="latest-004", rules="burn.killed_by_duitou=daluo")
    assert not of(daluo, E.Dispute) and daluo[-1].state.place_of.get(2) == 6
    plays_on = play(
        _LIFTED, moves, profile="latest-004", rules="burn.killed_by_duitou=void_continue"
    )
    assert not of(plays_on, E.Dispute) and 2 not in plays_on[-1].state.place_of


def test_R_BIE3_2_a_men_seats_place_is_disputed_where_001d_is_silent() -> None:
    """qingdao-bie3: seat 1 is left with his 3 by seat 3's burn (闷 #1).  The engine puts
    him last (大落); with ``bie3.men_place_order=false`` stated he keeps playing."""
    hands = {1: "JJJJ 3", 2: "3 5", 3: "QQQQ 3", 4: "3 6", 5: "3 7", 6: "3 8"}
    frames = play(hands, "1:JJJJ 3:burn QQQQ", profile="qingdao-bie3")
    (d,) = _disputes(frames, "bie3.men_place_order")
    assert dict(d.alternatives)["true"].endswith("seat 1 takes the last free place (闷 #1)")
    assert frames[-1].state.place_of.get(1) == 6
    kept = play(
        hands, "1:JJJJ 3:burn QQQQ", profile="qingdao-bie3", rules="bie3.men_place_order=false"
    )
    assert not _disputes(kept, "bie3.men_place_order") and 1 not in kept[-1].state.place_of
    # latest-004 states it (004b(14)): no dispute
    assert not _disputes(
        play(hands, "1:JJJJ 3:burn QQQQ", profile="latest-004"), "bie3.men_place_order"
    )


# ---------------------------------------------------------------- issue #11, group A

_LONE_TWO = {1: "2 55 7", 2: "X 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}


def test_R_GOUJI_1_a_lone_two_answered_out_of_the_duel_is_disputed() -> None:
    """dagang-196 (000§O 2: equal-or-higher, a lone 2 is not 够级) accepts seat 2's 小王 on
    seat 1's lone 2 in turn; 001b 4's list (a single 2 is 够级) refuses it (R-GOUJI-2):
    the answer stands, with a dispute; saizhi-002 reads 001b 4 the other way round."""
    frames = play(_LONE_TWO, "1:2 2:X", profile="dagang-196")
    assert violations(frames) == []
    (d,) = _disputes(frames, "gouji.thresholds")
    ruled = dict(d.alternatives)
    assert ruled["T:5,J:4,Q:3,K:2,A:2,2:2"] == "000§O 2: legal, the engine's ruling"
    assert ruled["T:5,J:4,Q:3,K:2,A:2,2:1,X:1,D:1"] == "001b 4: illegal (R-GOUJI-2)"
    (d,) = _disputes(play(_LONE_TWO, "1:2 2:X", profile="saizhi-002"), "gouji.thresholds")
    assert dict(d.alternatives)["T:5,J:4,Q:3,K:2,A:2,2:2,X:1,D:1"] == "002b 7: legal"
    # qingdao-standard states 001b 4 (a single 2 is 够级): a flat error, no dispute
    frames = play(_LONE_TWO, "1:2 2:X")
    assert violations(frames) == [("R-GOUJI-2", 2)] and not of(frames, E.Dispute)
    # seat 4, the 对头, answers under every reading: no dispute
    assert not of(play(_LONE_TWO, "1:2 2:- 3:- 4:3", profile="dagang-196"), E.Dispute)


_KAIDIAN_NONE = {1: "KK 5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "9 3", 6: "T 3"}
_KAIDIAN_MOVES = "1:KK 2:- 3:- 4:- 5:- 6:- 1:5 2:6 3:7 4:8 5:9 6:T"


def test_R_KAIDIAN_5_two_unopened_duitou_owe_tribute_under_one_reading() -> None:
    """karamay-jingsai with a 点贡 owed: seats 2-6 never open, so 2/5 and 3/6 are unopened
    对头 pairs; under mutual they pay each other, under cancel (the profile's default,
    EC-25) nothing: the points are the same, the tribute owed is not."""
    rules = "kaidian.sanction=dian_tribute; tribute.mode=luo"
    frames = play(_KAIDIAN_NONE, _KAIDIAN_MOVES, profile="karamay-jingsai", rules=rules)
    (d,) = _disputes(frames, "kaidian.both_unopened")
    assert d.en.startswith("the deal's tribute rests on kaidian.both_unopened = cancel")
    ruled = dict(d.alternatives)
    assert "点贡 (not opened): seat 2" not in ruled["cancel"]
    assert "点贡 (not opened): seat 2 pays seat 5 1 card" in ruled["mutual"]
    assert "点贡 (not opened): seat 5 pays seat 2 1 card" in ruled["mutual"]


def test_R_TIME_1_a_slow_play_without_a_clock_is_disputed() -> None:
    """qingdao-standard sets no clock: a 45 s play stands, but 000§C 三3 (30 s) and 000§F 12
    (15 s) would refuse it, 000§L 三(3)4 (60 s) not -- the readings are the values the
    other documents state (stated_readings)."""
    hands = {1: "55 66 3", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}
    frames = play(hands, "1:55 [%clk 45] 2:88")
    assert violations(frames) == []
    (d,) = _disputes(frames, "time.limit_s")
    assert dict(d.alternatives) == {
        "none": "the profile's default (open point): legal, the engine's ruling",
        "30": "000§C 三3: illegal (R-TIME-1)",
        "15": "000§F 12: illegal (R-TIME-1)",
        "60": "000§L 三(3)4: legal",
    }
    # within every limit: no dispute; a clocked profile rules flat (002a 4: 30 s)
    assert not of(play(hands, "1:55 [%clk 10] 2:88"), E.Dispute)
    frames = play(hands, "1:55 [%clk 45] 2:88", profile="saizhi-002")
    assert ("R-TIME-1", 1) in violations(frames) and not _disputes(frames, "time.limit_s")


def test_R_OPEN_1_a_draw_count_is_judged_under_each_counting_value() -> None:
    """dian-shao-men-luo: seat 1 draws a J and leads.  000§J 第三条's J、Q、K…为最小牌
    counts it 1 (seat 1 takes first: the engine's reading); natural counting gives 11,
    ending on seat 5 -- a dispute; the record's [Rules] settle it either way."""
    hands = {1: "55 66 3", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}
    frames = play(hands, "1:draw J 1:55", profile="dian-shao-men-luo")
    assert violations(frames) == []
    (d,) = _disputes(frames, "open.count_values")
    assert "picks seat 5" in dict(d.alternatives)["natural"]
    flat = play(
        hands, "1:draw J 1:55", profile="dian-shao-men-luo", rules="open.count_values=natural"
    )
    assert violations(flat) == [("R-OPEN-1", 1)] and not of(flat, E.Dispute)
    # a draw whose count lands on the leader under both readings: no dispute (4 -> seat 4)
    assert not of(play(hands, "4:draw A 1:55", profile="dian-shao-men-luo"), E.Dispute)


def test_R_OPEN_1_the_leader_tag_is_judged_under_each_shangban_reading() -> None:
    """latest-004: 004b(2) has the referee's inserted card name the first leader (the
    hands cannot show it: the Leader tag stands), 004c 第四条 has 亮3 (two 3s of one colour)
    name him.  A full deal whose tag names another seat than 亮3: a dispute, not an error;
    qingdao-standard states 亮3 上班 (000§B 第七条): an error."""
    import gojinotation as gj
    from gojinotation_analyzer.engine import replay
    from gojinotation_analyzer.simulation.simulate import simulate

    deal = next(iter(simulate("latest-004", 3, 1)))  # 亮3 names seat 2, the tag seat 1
    assert deal.tag("Leader") == "1"
    text = gj.dumps(deal)

    def first_events(rules: str = "", profile: str = "latest-004") -> list[E.Event]:
        t = text.replace('[Profile "latest-004"]', f'[Profile "{profile}"]')
        if rules:
            t = t.replace("[Leader", f'[Rules "{rules}"]\n[Leader', 1)
        d = gj.loads(t).deals[0]
        return list(next(iter(replay(d))).events)

    (d,) = [e for e in first_events() if isinstance(e, E.Dispute)]
    assert d.param == "open.shangban" and d.rule_id == "R-OPEN-1"
    ruled = dict(d.alternatives)
    assert ruled["inserted_card_holder"] == "004b(2): legal, the engine's ruling"
    assert ruled["two_same_colour_3"].startswith("004c 第四条: illegal (R-OPEN-1)")
    assert "seat 2" in ruled["two_same_colour_3"]
    assert not [
        e for e in first_events("open.shangban=inserted_card_holder") if e.kind == "dispute"
    ]
    flat = first_events(profile="qingdao-standard")
    assert [(e.rule_id, e.seat) for e in flat if isinstance(e, E.Violation)] == [("R-OPEN-1", 1)]
    assert not [e for e in flat if isinstance(e, E.Dispute) and e.param == "open.shangban"]


_BUY_LATE = {1: "55 3", 2: "2 88", 3: "3 99", 4: "3 TT", 5: "33 JJ", 6: "3 QQ"}


def test_R_BUY_1_a_buy_after_the_deals_first_play_is_disputed() -> None:
    """bie3-activity (000§G names no deadline): seat 2 buys after seat 1's lead, before
    his own first play -- legal by 000§D 三2 (本人出牌后不得买3), too late by 000§J 第四条
    (摸牌后无3者必须买3: before play begins)."""
    moves = "1:55 2:buy 3 from 5 for 2 2:88"
    frames = play(_BUY_LATE, moves, profile="bie3-activity")
    assert violations(frames) == []
    (d,) = _disputes(frames, "buy3.deadline")
    assert dict(d.alternatives) == {
        "before_own_first_play": "000§D 三2: legal, the engine's ruling",
        "before_deal_play": "000§J 第四条: illegal (R-BUY-1)",
    }
    late = play(_BUY_LATE, moves, profile="bie3-activity", rules="buy3.deadline=before_deal_play")
    assert ("R-BUY-1", 2) in violations(late) and not of(late, E.Dispute)
    # bought before play begins: legal under both readings
    early = play(_BUY_LATE, "2:buy 3 from 5 for 2 1:55 2:88", profile="bie3-activity")
    assert not of(early, E.Dispute) and violations(early) == []


_NO_PAY = {1: "55 66", 2: "3 88", 3: "3 99", 4: "33 TT", 5: "3 JJ", 6: "3 QQ"}


def test_R_BIE3_3_a_seat_that_cannot_pay_may_play_without_a_three_where_open() -> None:
    """Seat 1 holds no 3 and no 2 or joker.  001d (二) (buy3.no_payment = geming): he may
    革命 and is given no 3 -- his play stands (buy3.no3_result then rules him 大落);
    000§D 三2 / 004c 第三条: a 3 is given to him first -- the play is refused."""
    frames = play(_NO_PAY, "1:55", profile="bie3-activity")
    assert violations(frames) == []
    (d,) = _disputes(frames, "buy3.no_payment")
    ruled = dict(d.alternatives)
    assert ruled["geming"] == "001d (二): legal, the engine's ruling"
    assert ruled["gift"] == "000§D 三2: illegal (R-BIE3-3)"
    assert frames[-1].state.place_of.get(1) == 6  # no 3: 大落 (buy3.no3_result)
    gift = play(_NO_PAY, "1:55", profile="bie3-activity", rules="buy3.no_payment=gift")
    assert violations(gift) == [("R-BIE3-3", 1)] and not of(gift, E.Dispute)
    # karamay-jingsai states the gift (000§D 三2): a flat error
    assert violations(play(_NO_PAY, "1:55", profile="karamay-jingsai")) == [("R-BIE3-3", 1)]


_LOSE = {1: "55 77 5 3", 2: "88 A 3", 3: "99 3", 4: "66 3", 5: "TT 3", 6: "JJ 3"}
_LOSE_MOVES = "1:55 2:- 3:- 4:66 5:- 6:- 1:77 2:88 4:- 1:5 2:A 3:- 4:- 5:- 6:- 1:- 5:close"


def test_R_PENALTY_1_a_lead_won_after_an_error_is_disputed_where_open() -> None:
    """qingdao-standard: seat 2 plays after passing (R-PASS-1, an error under every
    reading), then wins a round with A.  Only 001d (四) takes a lead away for it: the
    dispute comes at that lead (he leads under the engine's reading, seat 3 under 001d)."""
    frames = play(_LOSE, _LOSE_MOVES)
    assert violations(frames) == [("R-PASS-1", 2)]
    (d,) = _disputes(frames, "penalty.misplay_lose_lead")
    assert d.rule_id == "R-PENALTY-1" and d.action is None
    ruled = dict(d.alternatives)
    assert ruled["false"].endswith("seat 2 leads, the engine's ruling")
    assert ruled["true"].endswith("seat 2 loses this lead for his earlier error; seat 3 leads")
    assert frames[-1].state.turn == 2
    lost = play(_LOSE, _LOSE_MOVES, rules="penalty.misplay_lose_lead=true")
    assert not of(lost, E.Dispute) and lost[-1].state.turn == 3
    # no earlier error: the lead is not in dispute
    clean = _LOSE_MOVES.replace(" 2:88", "")
    assert not of(play(_LOSE, clean), E.Dispute)


def test_R_REPORT_1_a_true_report_is_disputed_in_taikai_2014() -> None:
    """000§L 三(3)1 报牌制 (a count on request, the engine's reading) against 三(3)2 唱牌
    (报牌 announces one's own play; no count is reported)."""
    hands = {1: "55 66 3 4 7 8 9 T J", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}
    frames = play(hands, "1:55 1:report 9", profile="taikai-2014")
    assert violations(frames) == []
    (d,) = _disputes(frames, "baohu.mode")
    assert dict(d.alternatives) == {
        "on_request_le10": "000§L 三(3)1: legal, the engine's ruling",
        "off": "000§L 三(3)2: illegal (R-REPORT-1)",
    }
    # an untrue report is an error under every reading: no dispute on the mode
    frames = play(hands, "1:55 1:report 8", profile="taikai-2014")
    assert violations(frames) == [("R-REPORT-1", 1)] and not _disputes(frames, "baohu.mode")

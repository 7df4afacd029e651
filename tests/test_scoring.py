"""Deal scoring and tribute: R-SCORE-1..4, R-KAIDIAN-5, R-PENALTY-1, R-TRIBUTE-1/2.

Seats are the project's 1-6 (team A = 1, 3, 5); the catalog's worked situations number
seats 0-5, so catalog seat n is seat n+1 here.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gojinotation.cards import Card, Rank, format_cards, parse_cards
from gojinotation_analyzer.engine.scoring import (
    PLACE_SCHEMES,
    TEAMS,
    BurnFact,
    DealFacts,
    ErShaYiFact,
    MenFact,
    Obligation,
    PenaltyFact,
    chuan3hu_team,
    is_legal_return,
    is_legal_tribute,
    legal_return_cards,
    legal_tribute_cards,
    may_refuse_return,
    place_scheme,
    score_deal,
    team,
    tribute_obligations,
)
from gojinotation_analyzer.rules.ruleset import Ruleset

ALL_OPEN = dict.fromkeys(range(1, 7), True)


def rules(**overrides: Any) -> Ruleset:
    return Ruleset().with_overrides({k.replace("__", "."): v for k, v in overrides.items()})


def order_for(a_places: tuple[int, int, int]) -> list[int]:
    """A finishing order (seat of 头科 first) giving team A exactly ``a_places``."""
    a_seats, b_seats = iter([1, 3, 5]), iter([2, 4, 6])
    return [next(a_seats) if p in a_places else next(b_seats) for p in range(1, 7)]


# --------------------------------------------------------------------------------------
# R-SCORE-1 place points: the six schemes
# --------------------------------------------------------------------------------------

SCHEMES = {
    "S-4202": (4, 2, 0, 0, -2, -4),
    "S-543210": (5, 4, 3, 2, 1, 0),
    "S-654321": (6, 5, 4, 3, 2, 1),
    "S-543321": (5, 4, 3, 3, 2, 1),
    "S-21012": (2, 1, 0, 0, -1, -2),
}


@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_R_SCORE_1_each_scheme_gives_its_values(scheme: str) -> None:
    values = place_scheme(scheme)
    assert values == SCHEMES[scheme]
    rs = rules(score__place=values)
    order = [4, 1, 6, 3, 2, 5]
    s = score_deal(DealFacts.from_order(order), rs)
    for place, seat in enumerate(order, 1):
        assert s.seat_points[seat] == values[place - 1]
    for t in ("A", "B"):
        assert s.team_points[t] == sum(
            values[p - 1] for p, x in enumerate(order, 1) if team(x) == t
        )


def test_R_SCORE_1_S5421_second_last_is_an_open_point() -> None:
    assert PLACE_SCHEMES["S-5421"][4] is None
    with pytest.raises(ValueError, match="二落"):
        place_scheme("S-5421")
    for erluo in (1, 2):
        values = place_scheme("S-5421", erluo=erluo)
        assert values == (5, 4, 2, 2, erluo, 1)
        s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6]), rules(score__place=values))
        assert s.seat_points[5] == erluo


def test_R_SCORE_1_breakdown_names_every_place() -> None:
    s = score_deal(DealFacts.from_order([2, 4, 6, 1, 3, 5]), Ruleset())
    zh = [e.zh for e in s.entries("R-SCORE-1")]
    assert zh == ["四科", "头科", "二落", "二科", "大落", "三科"]


def test_R_SCORE_1_void_deal_scores_nothing_but_penalties() -> None:
    f = DealFacts({}, void=True, revolutions=(2, 5), penalties=[(3, -1, "talk")])
    s = score_deal(f, Ruleset())
    assert s.void and dict(s.team_points) == {"A": -1, "B": 0}
    assert tribute_obligations(f, rules(tribute__mode="luo")) == ()


# --------------------------------------------------------------------------------------
# R-SCORE-2 串三户
# --------------------------------------------------------------------------------------

C3_ORDER = order_for((1, 2, 3))  # team A takes 头科, 二科, 三科


def test_R_SCORE_2_detection() -> None:
    assert chuan3hu_team(DealFacts.from_order(C3_ORDER).places) == "A"
    assert chuan3hu_team(DealFacts.from_order([2, 4, 6, 1, 3, 5]).places) == "B"
    assert chuan3hu_team(DealFacts.from_order([1, 3, 2, 5, 4, 6]).places) is None


def test_R_SCORE_2_revolution_does_not_prevent_chuan3hu() -> None:
    # 004b(13): seat 5 declared 革命; his teammates took 头科 and 二科, so he is 三科.
    f = DealFacts.from_order([1, 3, 5, 2, 4, 6], revolutions=(5,))
    s = score_deal(f, Ruleset())
    assert s.chuan3hu == "A"
    assert dict(s.team_points) == {"A": 12, "B": -12}
    assert "革命" in next(e.zh for e in s.breakdown if e.target == 5)


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("double", {"A": 12, "B": -12}),
        ("fixed_8_0", {"A": 8, "B": 0}),
        ("fixed_9_0", {"A": 9, "B": 0}),
        ("no_change", {"A": 6, "B": -6}),
    ],
)
def test_R_SCORE_2_modes(mode: str, expected: dict[str, int]) -> None:
    s = score_deal(DealFacts.from_order(C3_ORDER), rules(score__chuan3hu=mode))
    assert dict(s.team_points) == expected
    assert s.entries("R-SCORE-2"), "the breakdown explains 串三户"


def test_R_SCORE_2_fixed_scores_are_team_entries_and_bonuses_still_count() -> None:
    rs = rules(score__chuan3hu="fixed_9_0", score__bonus__shao=1)
    f = DealFacts.from_order(C3_ORDER, burns=[BurnFact(burner=2, burned=1)])
    s = score_deal(f, rs)
    assert dict(s.team_points) == {"A": 9, "B": 1}
    assert all(isinstance(e.target, str) for e in s.entries("R-SCORE-2"))
    assert s.team_net["A"] == sum(s.seat_points[x] for x in (1, 3, 5)) + 9 - 6


# --------------------------------------------------------------------------------------
# R-SCORE-3 只记正分 (per hand here; per game in tests/test_match.py)
# --------------------------------------------------------------------------------------


def test_R_SCORE_3_per_hand_clips_the_losing_team_at_zero() -> None:
    rs = rules(score__place=(2, 1, 0, 0, -1, -2), score__positive_only="per_hand")
    s = score_deal(DealFacts.from_order([1, 3, 2, 4, 5, 6]), rs)
    assert dict(s.team_net) == {"A": 2, "B": -2}
    assert dict(s.team_points) == {"A": 2, "B": 0}
    (clip,) = s.entries("R-SCORE-3")
    assert clip.target == "B" and clip.points == 2


def test_R_SCORE_3_off_and_per_game_leave_the_deal_unclipped() -> None:
    for mode in ("off", "per_game"):
        s = score_deal(DealFacts.from_order([1, 3, 2, 4, 5, 6]), rules(score__positive_only=mode))
        assert dict(s.team_points) == {"A": 4, "B": -4}


# --------------------------------------------------------------------------------------
# R-SCORE-4 bonuses
# --------------------------------------------------------------------------------------


def bonus_points(s: Any, seat: int) -> int:
    return sum(e.points for e in s.entries("R-SCORE-4") if e.target == seat)


def test_R_SCORE_4_burn_levels_increase_by_one() -> None:
    # 000§A: 烧 1, 反烧 2, 再反烧 3, "依次递增1分"; 联邦 burns score nothing.
    rs = rules(score__bonus__shao=1, score__bonus__fanshao=2, score__bonus__zaifanshao=3)
    burns = [
        BurnFact(burner=2, burned=1, level=1),
        BurnFact(burner=3, burned=2, level=2),
        BurnFact(burner=4, burned=3, level=3),
        BurnFact(burner=5, burned=4, level=4),
        BurnFact(burner=6, burned=2, level=1),  # teammate
    ]
    s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6], burns=burns), rs)
    assert [bonus_points(s, x) for x in (2, 3, 4, 5, 6)] == [1, 2, 3, 4, 0]
    assert bonus_points(s, 1) == 0


def test_R_SCORE_4_burn_zero_sum_and_outcomes() -> None:
    rs = rules(score__bonus__shao=1, score__bonus_zero_sum=True)
    burns = [
        BurnFact(burner=2, burned=1),
        BurnFact(burner=4, burned=3, outcome="failed"),
        BurnFact(burner=6, burned=5, outcome="lifted"),
        BurnFact(burner=1, burned=6, outcome="fake"),
    ]
    s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6], burns=burns), rs)
    assert [bonus_points(s, x) for x in range(1, 7)] == [-1, 1, 0, 0, 0, 0]


def test_R_SCORE_4_teammate_burn_scores_when_the_profile_says() -> None:
    rs = rules(score__bonus__shao=1, score__lianbang_burn_scores=True)
    s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6], burns=[BurnFact(3, 1)]), rs)
    assert bonus_points(s, 3) == 1


def test_R_SCORE_4_fanshao_without_its_own_value_scores_as_a_burn() -> None:
    rs = rules(score__bonus__shao=1)
    s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6], burns=[BurnFact(2, 1, level=2)]), rs)
    assert bonus_points(s, 2) == 1


@pytest.mark.parametrize(
    ("overrides", "by", "victim"),
    [
        ({"bie3.men_score": "0"}, 0, 0),
        ({"bie3.men_score": "plus1"}, 1, 0),
        ({"bie3.men_score": "pm1"}, 1, -1),
        ({"bie3.men_score": "tribute1"}, 0, 0),
        ({"bie3.men_score": "tribute1", "score.bonus.men": 1}, 1, 0),
        ({"score.bonus.men": 2, "score.bonus_zero_sum": True}, 2, -2),
    ],
)
def test_R_SCORE_4_men(overrides: dict[str, Any], by: int, victim: int) -> None:
    rs = Ruleset().with_overrides(overrides)
    f = DealFacts.from_order([1, 3, 4, 5, 6, 2], men=[MenFact(victim=2, by=1, order=1)])
    s = score_deal(f, rs)
    assert (bonus_points(s, 1), bonus_points(s, 2)) == (by, victim)


def test_R_SCORE_4_men_of_a_teammate() -> None:
    f = DealFacts.from_order([1, 2, 4, 6, 5, 3], men=[MenFact(victim=3, by=5)])
    assert bonus_points(score_deal(f, rules(bie3__men_score="pm1")), 5) == 0
    rs = rules(bie3__men_score="pm1", bie3__men_teammate_scores=True)
    s = score_deal(f, rs)
    assert (bonus_points(s, 5), bonus_points(s, 3)) == (1, -1)


def test_R_SCORE_4_ershayi() -> None:
    f = DealFacts.from_order([1, 2, 3, 4, 5, 6], ershayi=[(4, 1)])
    assert f.ershayi == (ErShaYiFact(4, 1),)
    s = score_deal(f, rules(score__bonus__ershayi=1))
    assert (bonus_points(s, 4), bonus_points(s, 1)) == (1, 0)
    s = score_deal(f, rules(score__bonus__ershayi=1, score__bonus_zero_sum=True))
    assert (bonus_points(s, 4), bonus_points(s, 1)) == (1, -1)
    assert bonus_points(score_deal(f, Ruleset()), 4) == 0


# --------------------------------------------------------------------------------------
# R-KAIDIAN-5 不开点 sanctions
# --------------------------------------------------------------------------------------

ONE_UNOPENED = {1: True, 2: True, 3: True, 4: False, 5: True, 6: True}  # seat 4 (对头 of 1)


def dian(s: Any, seat: int) -> int:
    return sum(e.points for e in s.entries("R-KAIDIAN-5") if e.target == seat)


@pytest.mark.parametrize(
    ("sanction", "opener", "unopened"),
    [
        ("none", 0, 0),
        ("pm2_pair", 2, -2),
        ("minus1", 0, -1),
        ("pm1", 1, -1),
        ("plus1_opener", 1, 0),
        ("dian_tribute", 0, 0),
        ("tribute_points", 0, 0),
    ],
)
def test_R_KAIDIAN_5_sanction_points(sanction: str, opener: int, unopened: int) -> None:
    rs = rules(kaidian__enabled=True, kaidian__sanction=sanction)
    s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6], opened=ONE_UNOPENED), rs)
    assert (dian(s, 1), dian(s, 4)) == (opener, unopened)
    assert all(dian(s, x) == 0 for x in (2, 3, 5, 6))


def test_R_KAIDIAN_5_amount_from_the_bonus_map() -> None:
    rs = rules(kaidian__enabled=True, kaidian__sanction="pm1", score__bonus__dian=3)
    s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6], opened=ONE_UNOPENED), rs)
    assert (dian(s, 1), dian(s, 4)) == (3, -3)


def test_R_KAIDIAN_5_off_when_kaidian_is_not_played() -> None:
    rs = rules(kaidian__sanction="pm2_pair")
    s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6], opened=ONE_UNOPENED), rs)
    assert s.entries("R-KAIDIAN-5") == ()


def test_R_KAIDIAN_5_dian_tribute_is_an_obligation_not_points() -> None:
    rs = rules(kaidian__enabled=True, kaidian__sanction="dian_tribute", tribute__mode="luo")
    f = DealFacts.from_order([1, 2, 3, 4, 5, 6], opened=ONE_UNOPENED)
    assert dict(score_deal(f, rs).team_points) == {"A": 2, "B": -2}
    assert tribute_obligations(f, rs)[0] == Obligation("dian", 4, 1, 1)


# --------------------------------------------------------------------------------------
# R-PENALTY-1
# --------------------------------------------------------------------------------------


def test_R_PENALTY_1_signed_points() -> None:
    f = DealFacts.from_order([1, 2, 3, 4, 5, 6], penalties=[(2, -1, "asked for a count")])
    s = score_deal(f, Ruleset())
    assert s.seat_points[2] == 2 - 1
    (e,) = s.entries("R-PENALTY-1")
    assert "asked for a count" in e.en


def test_R_PENALTY_1_profile_scale_and_disqualification() -> None:
    rs = rules(penalty__violation_points="2,4,DQ")
    pens = [PenaltyFact(3), PenaltyFact(3), PenaltyFact(3), PenaltyFact(5, offence=2)]
    s = score_deal(DealFacts.from_order([1, 2, 3, 4, 5, 6], penalties=pens), rs)
    assert [e.points for e in s.entries("R-PENALTY-1")] == [-2, -4, 0, -4]
    assert s.disqualified == (3,)


def test_R_PENALTY_1_applies_after_positive_only() -> None:
    rs = rules(score__positive_only="per_hand")
    f = DealFacts.from_order([1, 2, 3, 4, 5, 6], penalties=[(2, -2, "")])
    s = score_deal(f, rs)
    assert dict(s.team_points) == {"A": 2, "B": -2}  # B: -2 -> 0, then the penalty


# --------------------------------------------------------------------------------------
# R-TRIBUTE-1 / R-TRIBUTE-2
# --------------------------------------------------------------------------------------


def test_R_TRIBUTE_1_luo() -> None:
    rs = rules(tribute__mode="luo")
    obs = tribute_obligations(DealFacts.from_order([1, 3, 2, 5, 6, 4]), rs)
    assert obs == (Obligation("luo", 4, 1, 2), Obligation("luo", 6, 3, 1, optional=False))
    obs = tribute_obligations(DealFacts.from_order([1, 2, 4, 3, 6, 5]), rs)
    assert obs[0] == Obligation("luo", 5, 1, 2, optional=True)  # same 联邦: may be waived


def test_R_TRIBUTE_1_none_when_score_only() -> None:
    assert tribute_obligations(DealFacts.from_order([1, 2, 3, 4, 5, 6]), Ruleset()) == ()


def test_R_TRIBUTE_1_order_dian_shao_bie3_luo() -> None:
    rs = rules(
        tribute__mode="luo",
        tribute__extra="dian,shao,bie3",
        kaidian__enabled=True,
        bie3__enabled=True,
    )
    f = DealFacts.from_order(
        [1, 4, 3, 5, 6, 2],
        opened={1: True, 2: True, 3: True, 4: True, 5: True, 6: False},
        burns=[BurnFact(burner=5, burned=2)],
        men=[MenFact(victim=2, by=1)],
    )
    kinds = [(o.kind, o.payer, o.receiver, o.count) for o in tribute_obligations(f, rs)]
    assert kinds == [
        ("dian", 6, 3, 1),
        ("shao", 2, 5, 1),
        ("bie3", 2, 1, 1),
        ("luo", 2, 1, 2),
        ("luo", 6, 4, 1),
    ]
    rs2 = rs.with_overrides({"tribute.order": "luo,bie3,shao,dian"})
    assert [o.kind for o in tribute_obligations(f, rs2)] == ["luo", "luo", "bie3", "shao", "dian"]


def test_R_TRIBUTE_1_chuan3hu_variants() -> None:
    f = DealFacts.from_order(C3_ORDER)
    assert tribute_obligations(f, rules(tribute__mode="luo")) == ()
    obs = tribute_obligations(f, rules(tribute__mode="luo", tribute__extra="chuan3hu"))
    assert [(o.payer, o.receiver, o.count) for o in obs] == [(2, 5, 1), (4, 1, 1), (6, 3, 1)]


def test_R_TRIBUTE_1_points_per_card() -> None:
    # 004a(5): each tribute card is 1 point to the receiver, none to the payer.
    rs = rules(
        score__place=(5, 4, 3, 2, 1, 0),
        tribute__mode="points_per_card",
        tribute__extra="dian,shao,bie3",
        kaidian__enabled=True,
        kaidian__sanction="tribute_points",
        score__bonus__fanshao=2,  # 004b(5) 反烧计双倍分: a 反烧 is worth 2 cards
    )
    f = DealFacts.from_order(
        [1, 2, 3, 4, 5, 6],
        opened={1: True, 2: True, 3: True, 4: False, 5: True, 6: True},
        burns=[BurnFact(3, 2, level=2)],
    )
    s = score_deal(f, rs)
    got = {(e.target, e.points) for e in s.entries("R-TRIBUTE-1")}
    assert got == {(1, 1), (3, 2), (1, 2), (2, 1)}  # 点 1, 反烧 ×2, 落 2 + 1
    assert dict(s.team_points) == {"A": 9 + 5, "B": 6 + 1}
    assert s.entries("R-SCORE-4") == (), "the 反烧 scores through its tribute only"


def test_R_TRIBUTE_1_legal_cards_highest_first() -> None:
    hand = parse_cards("2X2DAAK33")
    assert format_cards(legal_tribute_cards(hand, 2, Ruleset())) == "DX"
    assert format_cards(legal_tribute_cards(hand, 3, Ruleset())) == "DX2"
    assert is_legal_tribute(hand, parse_cards("XD"), 2, Ruleset())
    assert not is_legal_tribute(hand, parse_cards("D2"), 2, Ruleset())
    assert not is_legal_tribute(hand, parse_cards("D"), 2, Ruleset())
    assert is_legal_tribute(hand, parse_cards("D?"), 2, Ruleset())


def test_R_TRIBUTE_1_no_legal_card_skip_or_must_pay() -> None:
    hand = parse_cards("AKK33")
    assert legal_tribute_cards(hand, 1, Ruleset()) == ()
    assert is_legal_tribute(hand, (), 1, Ruleset())
    rs = rules(tribute__no_legal_card="must_pay")
    assert format_cards(legal_tribute_cards(hand, 2, rs)) == "AK"
    assert not is_legal_tribute(hand, (), 1, rs)


def test_R_TRIBUTE_2_return_same_number_of_low_cards() -> None:
    hand = parse_cards("DX2AK9533")
    assert all(
        c.rank not in (Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER)
        for c in legal_return_cards(hand, 2, Ruleset())
    )
    assert is_legal_return(hand, parse_cards("35"), 2, Ruleset())
    assert not is_legal_return(hand, parse_cards("3"), 2, Ruleset())
    assert not is_legal_return(hand, parse_cards("3X"), 2, Ruleset())
    assert not is_legal_return(hand, parse_cards("66"), 2, Ruleset())  # not in hand
    no_return = rules(tribute__return="none")
    assert legal_return_cards(hand, 2, no_return) == ()
    assert is_legal_return(hand, (), 2, no_return)
    assert may_refuse_return(parse_cards("99"), Card(Rank.THREE))
    assert not may_refuse_return(parse_cards("93"), Card(Rank.THREE))


# --------------------------------------------------------------------------------------
# The 003 placement table (catalog T26), from S-4202 + 串三户 8/0 + per-game 只记正分
# --------------------------------------------------------------------------------------

TABLE_003 = [
    ((1, 2, 3), 8),
    ((1, 2, 4), 6),
    ((1, 2, 5), 4),
    ((1, 2, 6), 2),
    ((1, 3, 4), 4),
    ((1, 3, 5), 2),
    ((1, 3, 6), 0),
    ((1, 4, 5), 2),
    ((1, 4, 6), 0),
    ((2, 3, 4), 2),
    ((2, 3, 5), 0),
    ((2, 3, 6), 0),
    ((2, 4, 5), 0),
    ((2, 4, 6), 0),
    ((3, 4, 5), 0),
    ((3, 4, 6), 0),
    ((4, 5, 6), 0),
]


def test_R_SCORE_1_table_003_has_17_rows() -> None:
    assert len(TABLE_003) == 17 and len({p for p, _ in TABLE_003}) == 17


@pytest.mark.parametrize(("a_places", "expected"), TABLE_003)
def test_R_SCORE_3_table_003_row(a_places: tuple[int, int, int], expected: int) -> None:
    from gojinotation_analyzer.engine.match import MatchTable

    rs = rules(
        score__place=(4, 2, 0, 0, -2, -4),
        score__chuan3hu="fixed_8_0",
        score__positive_only="per_game",
        match__game_count=1,
    )
    table = MatchTable.from_facts([DealFacts.from_order(order_for(a_places))], rs)
    (game,) = table.games
    assert game.points["A"] == expected


# --------------------------------------------------------------------------------------
# Hypothesis properties
# --------------------------------------------------------------------------------------

orders = st.permutations([1, 2, 3, 4, 5, 6])
seats = st.integers(1, 6)
pairs = st.tuples(seats, seats).filter(lambda p: p[0] != p[1])


@st.composite
def deal_facts(draw: st.DrawFn) -> DealFacts:
    order = draw(orders)
    opened = draw(
        st.fixed_dictionaries({s: st.sampled_from([True, False, None]) for s in range(1, 7)})
    )
    burns = [
        BurnFact(a, b, outcome, level)
        for (a, b), outcome, level in draw(
            st.lists(
                st.tuples(
                    pairs,
                    st.sampled_from(["success", "failed", "lifted", "fake"]),
                    st.integers(1, 4),
                ),
                max_size=3,
            )
        )
    ]
    men = [MenFact(v, b, i) for i, (v, b) in enumerate(draw(st.lists(pairs, max_size=2)), 1)]
    ershayi = draw(st.lists(pairs, max_size=2))
    return DealFacts.from_order(order, opened=opened, burns=burns, men=men, ershayi=ershayi)


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    place = draw(st.sampled_from(sorted(SCHEMES.values())))
    return Ruleset().with_overrides(
        {
            "score.place": place,
            "score.chuan3hu": draw(
                st.sampled_from(["double", "fixed_8_0", "fixed_9_0", "no_change"])
            ),
            "score.bonus.shao": draw(st.integers(0, 2)),
            "score.bonus.fanshao": draw(st.integers(0, 3)),
            "score.bonus.men": draw(st.integers(0, 1)),
            "score.bonus.ershayi": draw(st.integers(0, 1)),
            "score.bonus_zero_sum": draw(st.booleans()),
            "score.lianbang_burn_scores": draw(st.booleans()),
            "kaidian.enabled": draw(st.booleans()),
            "kaidian.sanction": draw(
                st.sampled_from(
                    ["none", "pm2_pair", "minus1", "pm1", "plus1_opener", "dian_tribute"]
                )
            ),
            "bie3.men_score": draw(st.sampled_from(["0", "plus1", "pm1", "tribute1"])),
            "tribute.mode": draw(st.sampled_from(["none", "luo", "points_per_card"])),
            "score.positive_only": draw(st.sampled_from(["off", "per_hand", "per_game"])),
        }
    )


@given(orders)
def test_R_SCORE_1_every_permutation_is_scored(order: list[int]) -> None:
    for values in SCHEMES.values():
        s = score_deal(
            DealFacts.from_order(order), rules(score__place=values, score__chuan3hu="no_change")
        )
        assert sorted(s.seat_points.values()) == sorted(values)


@given(orders, st.sampled_from(["double", "no_change"]))
def test_R_SCORE_1_zero_sum_schemes_sum_to_zero(order: list[int], c3: str) -> None:
    for values in (SCHEMES["S-4202"], SCHEMES["S-21012"]):
        s = score_deal(DealFacts.from_order(order), rules(score__place=values, score__chuan3hu=c3))
        assert s.team_points["A"] + s.team_points["B"] == 0
        assert sum(s.seat_points.values()) == 0


@given(deal_facts())
def test_R_SCORE_4_zero_sum_bonuses_keep_a_zero_sum_scheme_at_zero(facts: DealFacts) -> None:
    rs = rules(
        score__bonus__shao=1,
        score__bonus__fanshao=2,
        score__bonus__men=1,
        score__bonus__ershayi=1,
        score__bonus_zero_sum=True,
        score__lianbang_burn_scores=True,
        bie3__men_teammate_scores=True,
        kaidian__enabled=True,
        kaidian__sanction="pm2_pair",
        score__chuan3hu="double",
    )
    s = score_deal(facts, rs)
    assert sum(s.seat_points.values()) == 0


@given(deal_facts(), rulesets())
def test_R_SCORE_team_points_are_seat_points_plus_team_entries(
    facts: DealFacts, rs: Ruleset
) -> None:
    s = score_deal(facts, rs)
    team_level = {
        t: sum(e.points for e in s.breakdown if e.target == t and e.rule_id != "R-SCORE-3")
        for t in "AB"
    }
    for t in ("A", "B"):
        seats_sum = sum(p for x, p in s.seat_points.items() if team(x) == t)
        assert s.team_net[t] == seats_sum + team_level[t]
        assert s.team_points[t] == sum(e.points for e in s.breakdown if e.team == t)
        if rs.score.positive_only == "per_hand":
            assert s.team_points[t] >= 0
        else:
            assert s.team_points[t] == s.team_net[t]
    if s.chuan3hu is None or rs.score.chuan3hu in ("double", "no_change"):
        for t in TEAMS:
            assert s.team_net[t] == sum(p for x, p in s.seat_points.items() if team(x) == t)


@given(deal_facts(), rulesets())
def test_R_TRIBUTE_1_obligations_are_well_formed(facts: DealFacts, rs: Ruleset) -> None:
    obs = tribute_obligations(facts, rs)
    order = [*rs.tribute.order]
    idx = [order.index("luo" if o.kind == "chuan3hu" else o.kind) for o in obs]
    assert idx == sorted(idx)
    for o in obs:
        assert o.payer != o.receiver
        assert o.optional == (team(o.payer) == team(o.receiver))
    if rs.tribute.mode == "none":
        assert obs == ()


# --------------------------------------------------------------------------------------
# Worked situations, profile by profile (catalog §4)
# --------------------------------------------------------------------------------------


def test_R_SCORE_3_table_003_from_the_trad_003_profile() -> None:
    from gojinotation_analyzer.engine.match import MatchTable
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset("trad-003")
    for a_places, expected in TABLE_003:
        table = MatchTable.from_facts([DealFacts.from_order(order_for(a_places))], rs)
        assert table.games[0].points["A"] == expected, a_places


EC33 = {
    "qingdao-standard": (12, -12),
    "zhilian-qingdao": (12, -12),
    "fujian1-qingdao": (8, 0),
    "trad-003": (8, 0),
    "taikai-2014": (8, 0),  # the loser's score is not stated; the profile says 0
    "latest-004": (9, 0),
    "karamay-jingsai": (3, 0),
    "karamay-leitai": (3, 0),
    "dian-shao-men-luo": (12, 3),
    "two-table-654321": (15, 6),
    "corp-winter-2014": (12, 6),
}


@pytest.mark.parametrize("profile", sorted(EC33))
def test_R_SCORE_2_EC33(profile: str) -> None:
    """EC-33: team A takes places 1, 2, 3."""
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset(profile)
    s = score_deal(DealFacts.from_order(C3_ORDER, opened=ALL_OPEN), rs)
    assert s.chuan3hu == "A"
    assert (s.team_points["A"], s.team_points["B"]) == EC33[profile]


def test_R_SCORE_2_EC33_dasai_5421_second_last_from_the_profile() -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset("dasai-5421")
    s = score_deal(DealFacts.from_order(C3_ORDER, opened=ALL_OPEN), rs)
    assert (s.team_points["A"], s.team_points["B"]) == (11, 2 + rs.score.place[4] + 1)


BOTH_UNOPENED = {1: False, 2: True, 3: True, 4: False, 5: True, 6: True}  # catalog seats 0, 3


@pytest.mark.parametrize(
    "profile",
    ["bie3-activity", "tiaozhanbei-2", "karamay-jingsai", "dasai-5421", "dian-shao-men-luo"],
)
def test_R_KAIDIAN_5_EC25_no_points(profile: str) -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset(profile)
    s = score_deal(DealFacts.from_order([2, 3, 1, 5, 6, 4], opened=BOTH_UNOPENED), rs)
    assert dian(s, 1) == dian(s, 4) == 0
    assert s.entries("R-KAIDIAN-5"), "the breakdown says why nobody scores"


def test_R_KAIDIAN_5_EC25_qingdao_dadian_mutual_dian_tribute() -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset("qingdao-dadian")
    f = DealFacts.from_order([2, 3, 1, 5, 6, 4], opened=BOTH_UNOPENED)
    dian_obs = [(o.payer, o.receiver) for o in tribute_obligations(f, rs) if o.kind == "dian"]
    assert dian_obs == [(1, 4), (4, 1)]
    cancel = rs.with_overrides({"kaidian.both_unopened": "cancel"})
    assert [o for o in tribute_obligations(f, cancel) if o.kind == "dian"] == []


def test_R_KAIDIAN_5_EC25_latest_004_one_point_each() -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset("latest-004")
    s = score_deal(DealFacts.from_order([2, 3, 1, 5, 6, 4], opened=BOTH_UNOPENED), rs)
    dian_points = {e.target: e.points for e in s.entries("R-TRIBUTE-1") if "点贡" in e.zh}
    assert dian_points == {1: 1, 4: 1}


# EC-27: catalog seat 1 (here 2) is 闷 first by an opponent (here seat 1); catalog seat 4
# (here 5) is 闷 later by his teammate, catalog seat 2 (here 3).
EC27 = DealFacts.from_order(
    [4, 1, 3, 6, 5, 2],
    opened=ALL_OPEN,
    men=[MenFact(victim=2, by=1, order=1), MenFact(victim=5, by=3, order=2)],
)
BIE3_PROFILES = [
    "qingdao-bie3",
    "dasai-5421",
    "tiaozhanbei-2",
    "karamay-jingsai",
    "bie3-activity",
    "dian-shao-men-luo",
    "taikai-2014",
    "latest-004",
]


@pytest.mark.parametrize("profile", BIE3_PROFILES)
def test_R_BIE3_2_EC27_men_fill_the_last_places(profile: str) -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset(profile)
    assert rs.bie3.enabled and rs.bie3.men_place_order
    assert (EC27.places[2], EC27.places[5]) == (6, 5)


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        ("tiaozhanbei-2", {1: 1, 2: 0, 3: 0, 5: 0}),
        ("karamay-jingsai", {1: 1, 2: -1, 3: 0, 5: 0}),
        ("qingdao-bie3", {1: 0, 2: 0, 3: 0, 5: 0}),
        ("taikai-2014", {1: 0, 2: 0, 3: 0, 5: 0}),
    ],
)
def test_R_SCORE_4_EC27_men_points(profile: str, expected: dict[int, int]) -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    s = score_deal(EC27, load_ruleset(profile))
    assert {x: bonus_points(s, x) for x in expected} == expected


@pytest.mark.parametrize("profile", ["dasai-5421", "dian-shao-men-luo"])
def test_R_SCORE_4_EC27_teammate_men_is_an_open_point(profile: str) -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset(profile)
    s = score_deal(EC27, rs)
    teammate = 1 if rs.bie3.men_teammate_scores else 0
    assert (bonus_points(s, 1), bonus_points(s, 2)) == (1, 0)
    assert (bonus_points(s, 3), bonus_points(s, 5)) == (teammate, 0)


def test_R_SCORE_4_EC27_bie3_activity_every_men_scores() -> None:
    # 000§G 四: 被闷者－1分，闷人者加+1分（包括闷对家）: a teammate's 闷 scores too
    from gojinotation_analyzer.rules.profiles import load_ruleset

    s = score_deal(EC27, load_ruleset("bie3-activity"))
    assert {x: bonus_points(s, x) for x in (1, 2, 3, 5)} == {1: 1, 2: -1, 3: 1, 5: -1}


def test_R_SCORE_4_EC27_bie3_activity_opponent_men() -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    s = score_deal(EC27, load_ruleset("bie3-activity"))
    assert (bonus_points(s, 1), bonus_points(s, 2)) == (1, -1)


def test_R_TRIBUTE_1_EC27_qingdao_bie3_tribute_when_on() -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset("qingdao-bie3")
    assert tribute_obligations(EC27, rs) == ()
    on = rs.with_overrides({"tribute.mode": "luo"})
    bie3 = [
        (o.payer, o.receiver, o.count) for o in tribute_obligations(EC27, on) if o.kind == "bie3"
    ]
    assert bie3 == [(2, 1, 1)]


def test_R_TRIBUTE_1_EC27_latest_004_men_as_points() -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    s = score_deal(EC27, load_ruleset("latest-004"))
    men = {e.target: e.points for e in s.entries("R-TRIBUTE-1") if "憋3贡" in e.zh}
    assert men == {1: 1}

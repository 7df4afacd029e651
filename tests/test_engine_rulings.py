"""Rulings found wrong (issue #11, part 3): one test per rule id, each citing its seed."""

from __future__ import annotations

import pytest
from test_engine_util import final, gjn, of, play, violations

import gojinotation as gj
from gojinotation.cards import parse_cards
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.sets import beats, compare, is_gouji, shape
from gojinotation_analyzer.reports.diagnostics import Severity
from gojinotation_analyzer.reports.validate import validate_match
from gojinotation_analyzer.rules.profiles import load_ruleset
from gojinotation_analyzer.simulation.simulate import simulate

QS = "qingdao-standard"


# ---------------------------------------------------------------- R-CUOPAI-1


def test_R_CUOPAI_1_no_reentry_on_the_duitou_set_after_a_wrong_play() -> None:
    """001b 3: "顺牌权自动取消，本轮无权再顺牌" -- after 错牌不出 the offender has no further
    right to follow in this round, not even on his 对头's set (the 对头 exception of R-PASS-2
    is for a seat that passed, not for one sanctioned)."""
    hands = {1: "55 3", 2: "6 TT 3", 3: "77 3", 4: "3 4", 5: "99 3", 6: "3 4"}
    moves = "1:55 2:6 3:77 4:- 5:99 6:- 1:- 2:TT"
    rules = "penalty.cuopai_buchu=lose_follow_this_round"  # settles the profile's dispute
    frames = play(hands, moves, profile=QS, rules=rules)
    assert violations(frames) == [("R-SET-2", 2), ("R-PASS-1", 2)]
    assert final(frames).count(2) == 4  # TT went back to the hand
    # without the override qingdao-standard's texts disagree (004c 第四条: only the turn is
    # lost): the comeback is a dispute naming both readings, not an error
    frames = play(hands, moves, profile=QS)
    assert violations(frames) == [("R-SET-2", 2)]
    (d,) = [e for e in of(frames, E.Dispute) if e.param == "penalty.cuopai_buchu"]  # type: ignore[attr-defined]
    assert d.seat == 2 and [v for v, _ in d.alternatives] == [  # type: ignore[attr-defined]
        "lose_follow_this_round",
        "lose_follow_this_turn",
    ]
    assert final(frames).count(2) == 4  # the engine's reading still applies
    # a plain pass keeps the 对头 exception (R-PASS-2 under qingdao-standard)
    frames = play(hands, moves.replace("2:6", "2:-"), profile=QS)
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.Played)][-1] == 2


# ---------------------------------------------------------------- R-JOKER-6 (二杀一)


@pytest.mark.parametrize("profile", ["tongsu", "dian-shao-men-luo"])
@pytest.mark.parametrize(
    ("old", "new", "ok"),
    [
        ("D", "DD", True),  # 000§M(4) 两大灭一大
        ("D", "DD4", False),  # two for one, nothing more
        ("D", "DD6666", False),
        ("DXX", "DD4", False),  # 000§M(3) 其他牌亦要大于上家牌: 4 is not above 小王
        ("DXX", "DDX", False),  # 小王 against 小王 is not higher
        ("DXX", "DDD", True),
        ("DQQ", "DDK", True),
        ("DQQ", "DDQ", False),
    ],
)
def test_R_JOKER_6_ershayi_size_and_other_cards(profile: str, old: str, new: str, ok: bool) -> None:
    rs = load_ruleset(profile)
    verdict = compare(shape(parse_cards(new), rs), shape(parse_cards(old), rs), rs)
    assert (verdict.ok, verdict.rule_id) == (ok, "R-JOKER-6")
    assert beats(shape(parse_cards(new), rs), shape(parse_cards(old), rs), rs) is ok


def test_R_JOKER_6_ershayi_with_extra_cards_is_a_wrong_play() -> None:
    hands = {1: "D 55 3", 2: "DD4 5 3", 3: "3 77", 4: "3 88", 5: "3 99", 6: "3 TT"}
    frames = play(hands, "1:D 2:DD4", profile="dian-shao-men-luo")
    assert violations(frames) == [("R-JOKER-6", 2)]
    assert of(frames, E.Ershayi) == []


# ---------------------------------------------------------------- R-GOUJI-1 (dagang-196)


@pytest.mark.parametrize(
    ("cards", "gouji"),
    [("AA", True), ("22", True), ("222", True), ("2222", True), ("2", False), ("A", False)],
)
def test_R_GOUJI_1_dagang_twos_by_equal_or_higher_count_and_rank(cards: str, gouji: bool) -> None:
    """000§O 2: "2张A，2张K…为最低级别、最少数量的够级牌。张数或点数高于、等于这些牌的牌，
    均视作够级牌": 22 has the count of AA and a higher rank, so it is 够级; a lone 2 has a
    count below every listed set (the one difference from Qingdao's list)."""
    rs = load_ruleset("dagang-196")
    assert is_gouji(shape(parse_cards(cards), rs), rs) is gouji


def test_R_GOUJI_1_dagang_a_pair_of_twos_is_answered_by_the_duitou_only() -> None:
    hands = {1: "22 5", 2: "XX 3", 3: "XX 3", 4: "DD 3", 5: "3 9", 6: "3 8"}
    frames = play(hands, "1:22 2:XX", profile="dagang-196")
    assert [(e.seat, e.answer) for e in of(frames, E.GoujiPlayed)] == [(1, 4)]  # type: ignore[attr-defined]
    assert violations(frames) == [("R-GOUJI-2", 2)]


# ---------------------------------------------------------------- R-DIPAI-1 (够死级)

GSJ_HANDS = {1: "55", 2: "66 3 4", 3: "77 3 4", 4: "88 KK 3", 5: "99 AA 3", 6: "TT 3 4"}


def test_R_DIPAI_1_an_answer_to_a_kept_chance_is_a_dispute() -> None:
    """003(14)/000§H: "头科、二科的底牌，其对头分别有一次无对头够级机会" -- the chance is
    given on the 底牌; whether it stays banked for a later set is not said.  Seat 4 leads
    KK two rounds after seat 1's 底牌: the engine keeps the chance (only a burn may answer),
    so seat 5's AA is ignored -- but under the other reading it stands: a dispute with both
    readings and what each rules, and no flat error for the same action."""
    moves = "1:55 2:- 3:- 4:- 5:- 6:- 2:66 3:- 4:88 5:- 6:- 2:- 4:KK 5:AA"
    frames = play(GSJ_HANDS, moves)
    assert violations(frames) == []
    (d,) = of(frames, E.Dispute)
    assert (d.seat, d.rule_id, d.param) == (5, "R-DIPAI-1", "gousiji.window")  # type: ignore[attr-defined]
    assert d.action is frames[-1].action  # type: ignore[attr-defined]
    rulings = dict(d.alternatives)  # type: ignore[attr-defined]
    assert rulings["banked"].endswith("ignored") and rulings["dipai_only"].endswith("stands")
    assert final(frames).count(5) == 5  # the engine's reading: AA is ignored
    report = validate_match(gj.loads(gjn(GSJ_HANDS, moves)))
    assert [x.code for x in report.diagnostics if x.rule_id == "R-DIPAI-1"] == ["GJV401"]


def test_R_DIPAI_1_the_chance_on_the_dipai_itself_is_no_dispute() -> None:
    hands = {**GSJ_HANDS, 4: "KK 3"}
    frames = play(hands, "1:55 2:- 3:- 4:KK 5:AA")
    assert [e.seat for e in of(frames, E.Gousiji)] == [4, 4]  # granted, then used
    assert of(frames, E.Dispute) == []
    (v,) = of(frames, E.Violation)  # the profile's own source (003(14)) decides: flat
    assert (v.rule_id, v.seat) == ("R-DIPAI-1", 5)
    assert "够死级" in v.en and "turn" not in v.en


# ---------------------------------------------------------------- R-OPEN-1 (simulated corpora)


@pytest.mark.parametrize("match", [False, True])
@pytest.mark.parametrize("profile", ["tongsu", "qingdao-standard"])
def test_R_OPEN_1_simulated_deals_validate_clean(profile: str, match: bool) -> None:
    """Deals played apart (no ``--match``) each had a fresh 开牌 and 上班 (000§B 第六条,
    第七条): the validator must not read them as one match and check deal k's leader
    against deal k-1's 大落 (GJV216); in a match it does, and the simulator follows it."""
    deals = tuple(simulate(profile, 5, 4, match=match))
    report = validate_match(gj.Match(deals=deals))
    errors = [(d.code, d.en) for d in report.diagnostics if d.severity is Severity.ERROR]
    assert errors == []
    assert report.counts()["errors"] == 0


def test_R_DIPAI_1_gousiji_window_settled_by_rules() -> None:
    """gousiji.window (an open point of qingdao-standard): a record's [Rules] settle it --
    dipai_only: seat 4's later KK is an ordinary set of a 无头 seat, seat 5's AA stands;
    banked: the same answer is a flat error."""
    moves = "1:55 2:- 3:- 4:- 5:- 6:- 2:66 3:- 4:88 5:- 6:- 2:- 4:KK 5:AA"
    frames = play(GSJ_HANDS, moves, rules="gousiji.window=dipai_only")
    assert violations(frames) == [] and of(frames, E.Dispute) == []
    assert [e.seat for e in of(frames, E.Gousiji)] == [4]  # granted, never used
    assert final(frames).count(5) == 3  # AA stands
    frames = play(GSJ_HANDS, moves, rules="gousiji.window=banked")
    assert violations(frames) == [("R-DIPAI-1", 5)] and of(frames, E.Dispute) == []

"""Match scoring and tie-breaks (R-MATCH-1, catalog T28), and EC-49 for every profile row."""

from __future__ import annotations

from typing import Any

import pytest

from gojinotation_analyzer.engine.match import ExtraPlay, MatchTable, TeamStats, tiebreak
from gojinotation_analyzer.engine.scoring import BurnFact, DealFacts, score_deal
from gojinotation_analyzer.rules.ruleset import Ruleset


def rules(**overrides: Any) -> Ruleset:
    return Ruleset().with_overrides({k.replace("__", "."): v for k, v in overrides.items()})


def deal(a_places: tuple[int, int, int], **kw: Any) -> DealFacts:
    """Facts where team A (seats 1, 3, 5) takes ``a_places``."""
    a_seats, b_seats = iter([1, 3, 5]), iter([2, 4, 6])
    order = [next(a_seats) if p in a_places else next(b_seats) for p in range(1, 7)]
    return DealFacts.from_order(order, **kw)


A_WIN = deal((1, 2, 6))  # S-4202: A +2, B -2
B_WIN = deal((3, 4, 5))  # A -2, B +2
LEVEL = deal((1, 3, 6))  # 0 / 0
VOID = DealFacts({}, void=True)


# --------------------------------------------------------------------------------------
# Games and matches
# --------------------------------------------------------------------------------------


def test_R_MATCH_1_best_of_3_stops_at_two_wins() -> None:
    t = MatchTable.from_facts([A_WIN, A_WIN, B_WIN], rules(match__games="bo3"))
    r = t.result()
    assert (r.winner, r.status, r.decided_by) == ("A", "decided", "game_points")
    assert len(r.games) == 2 and len(t.extra_deals) == 1


def test_R_MATCH_1_best_of_5() -> None:
    facts = [A_WIN, B_WIN, B_WIN, A_WIN, B_WIN]
    r = MatchTable.from_facts(facts, rules(match__games="bo5")).result()
    assert (r.winner, len(r.games), dict(r.game_points)) == ("B", 5, {"A": 2.0, "B": 3.0})


def test_R_MATCH_1_incomplete_record() -> None:
    r = MatchTable.from_facts([A_WIN, B_WIN], rules(match__games="bo3")).result()
    assert r.status == "incomplete" and r.winner is None
    assert r.pending is not None and "3 games" in r.pending
    r = MatchTable.from_facts([A_WIN], rules(match__game_count=2, match__hands_per_game=2)).result()
    assert r.status == "incomplete" and not r.games[0].complete


def test_R_MATCH_1_fixed_games_on_total_points() -> None:
    rs = rules(match__game_count=3)
    facts = [deal((1, 2, 3)), B_WIN, B_WIN]  # 串三户 doubled: A +12, then -2, -2
    r = MatchTable.from_facts(facts, rs).result()
    assert (r.winner, r.decided_by, dict(r.totals)) == ("A", "points", {"A": 8, "B": -8})
    r = MatchTable.from_facts(facts, rs, decide_by="game_points").result()
    assert (r.winner, r.decided_by) == ("B", "game_points")


def test_R_MATCH_1_hands_per_game() -> None:
    rs = rules(match__hands_per_game=2, match__game_count=2)
    t = MatchTable.from_facts([A_WIN, A_WIN, B_WIN, LEVEL], rs)
    assert [dict(g.points) for g in t.games] == [{"A": 4, "B": -4}, {"A": -2, "B": 2}]


def test_R_MATCH_1_void_deals_do_not_count() -> None:
    t = MatchTable.from_facts([VOID, A_WIN, VOID], rules(match__game_count=1))
    assert len(t.games) == 1 and len(t.games[0].deals) == 1
    assert t.result().winner == "A"


def test_R_SCORE_3_positive_only_per_game_vs_per_hand() -> None:
    big_a = deal((1, 2, 3), burns=[])  # 串三户 x2: +12 / -12
    facts = [B_WIN, B_WIN, B_WIN, LEVEL]  # B +2 x3
    rs = rules(score__positive_only="per_game", match__hands_per_game=4)
    (g,) = MatchTable.from_facts(facts, rs).games
    assert dict(g.net) == {"A": -6, "B": 6} and dict(g.points) == {"A": 0, "B": 6}
    rs_hand = rules(score__positive_only="per_hand", match__hands_per_game=2)
    (g,) = MatchTable.from_facts([big_a, B_WIN], rs_hand).games
    assert dict(g.points) == {"A": 12, "B": 2}
    rs_game = rules(score__positive_only="per_game", match__hands_per_game=2)
    (g,) = MatchTable.from_facts([big_a, B_WIN], rs_game).games
    assert dict(g.points) == {"A": 10, "B": 0}


def test_R_MATCH_1_extra_hands_inside_a_level_game() -> None:
    rs = rules(match__games="bo3", match__hands_per_game=2, match__tiebreak="extra_hand_repeat")
    facts = [A_WIN, B_WIN, LEVEL, A_WIN, A_WIN, A_WIN]
    t = MatchTable.from_facts(facts, rs)
    g1, g2 = t.games
    assert (g1.extra_hands, g1.winner, len(g1.deals)) == (2, "A", 4)
    assert g2.winner == "A" and t.result().winner == "A"
    r = MatchTable.from_facts([A_WIN, B_WIN, LEVEL], rs).result()
    assert r.status == "incomplete" and r.pending == "a level game awaits an extra hand"


def test_R_MATCH_1_draw_without_tiebreaks() -> None:
    r = MatchTable.from_facts([A_WIN, B_WIN], rules(match__game_count=2)).result()
    assert (r.status, r.winner) == ("draw", None)


def test_R_MATCH_1_tiebreak_reads_the_extra_game_from_the_record() -> None:
    rs = rules(match__game_count=2, match__tiebreak="extra_game,extra_game_first_toke")
    r = MatchTable.from_facts([A_WIN, B_WIN], rs).result()
    assert r.status == "pending" and r.pending is not None and "extra game" in r.pending
    r = MatchTable.from_facts([A_WIN, B_WIN, B_WIN], rs).result()
    assert (r.winner, r.decided_by) == ("B", "extra_game")
    r = MatchTable.from_facts([A_WIN, B_WIN, LEVEL], rs).result()
    assert (r.winner, r.decided_by) == ("A", "extra_game_first_toke")


def test_R_MATCH_1_tiebreak_extra_hands_at_match_level() -> None:
    rs = rules(match__game_count=2, match__tiebreak="extra_hand_repeat")
    r = MatchTable.from_facts([A_WIN, B_WIN, LEVEL, LEVEL, B_WIN], rs).result()
    assert (r.winner, r.decided_by) == ("B", "extra_hand_repeat")
    r = MatchTable.from_facts([A_WIN, B_WIN, LEVEL], rs).result()
    assert r.status == "pending"


def test_R_MATCH_1_deal_scores_can_be_added_one_by_one() -> None:
    rs = rules(match__game_count=1)
    t = MatchTable(rs).add(score_deal(A_WIN, rs))
    assert t.result().winner == "A"


# --------------------------------------------------------------------------------------
# tiebreak(), method by method
# --------------------------------------------------------------------------------------


def test_R_MATCH_1_tiebreak_each_stat_method() -> None:
    a = TeamStats(toke=3, daluo=2, points=10, game_points=1.5, biggest_win=6)
    b = TeamStats(toke=2, daluo=1, points=12, game_points=2.0, biggest_win=4)
    st = {"A": a, "B": b}
    expect = {
        "toke_count": "A",
        "fewer_daluo": "B",
        "xiaofen": "B",
        "game_points": "B",
        "biggest_win": "A",
    }
    for method, winner in expect.items():
        r = tiebreak(["A", "B"], [method], st)
        assert (r.winner, r.decided_by) == (winner, method), method


def test_R_MATCH_1_tiebreak_head_to_head_and_cycle() -> None:
    st = {x: TeamStats(points=p) for x, p in (("X", 30), ("Y", 20), ("Z", 25))}
    h2h = {("X", "Y"): "X"}
    r = tiebreak(["X", "Y"], ["head_to_head"], st, head_to_head=h2h)
    assert r.winner == "X"
    cycle = {("X", "Y"): "X", ("Y", "Z"): "Y", ("Z", "X"): "Z"}
    r = tiebreak(["X", "Y", "Z"], ["head_to_head", "xiaofen"], st, head_to_head=cycle)
    assert r.ranking == (("X",), ("Z",), ("Y",))
    assert [s.outcome for s in r.steps] == ["tied", "split"]
    r = tiebreak(["X", "Y", "Z"], ["head_to_head", "xiaofen"], st, head_to_head=h2h)
    assert r.pending is not None and "head-to-head" in r.pending
    r = tiebreak(["X", "Y"], ["head_to_head"], st, within_match=True)
    assert r.steps[0].outcome == "skipped" and r.winner is None


def test_R_MATCH_1_tiebreak_lot() -> None:
    st = {"A": TeamStats(), "B": TeamStats()}
    r = tiebreak(["A", "B"], ["lot"], st)
    assert r.winner is None and r.pending is not None and "lots" in r.pending
    assert tiebreak(["A", "B"], ["lot"], st, lot=["B", "A"]).winner == "B"


def test_R_MATCH_1_tiebreak_extra_play() -> None:
    st = {"A": TeamStats(), "B": TeamStats()}
    eg = [ExtraPlay({"A": 0, "B": 0}, first_toke="A")]
    r = tiebreak(["A", "B"], ["extra_game", "extra_game_first_toke"], st, extra_games=eg)
    assert (r.winner, r.decided_by) == ("A", "extra_game_first_toke")
    hands = [ExtraPlay({"A": 0, "B": 0}), ExtraPlay({"A": 1, "B": 0})]
    r = tiebreak(["A", "B"], ["extra_hand_repeat"], st, extra_hands=hands)
    assert r.winner == "A"
    r = tiebreak(["A", "B"], ["extra_hand_repeat"], st, extra_hands=hands[:1])
    assert r.pending is not None
    three = {x: TeamStats() for x in "XYZ"}
    r = tiebreak(["X", "Y", "Z"], ["extra_game"], three, extra_games=eg)
    assert r.steps[0].outcome == "skipped"


def test_R_MATCH_1_tiebreak_stops_at_a_pending_step() -> None:
    st = {"A": TeamStats(toke=1), "B": TeamStats(toke=1, daluo=3)}
    r = tiebreak(["A", "B"], ["extra_game", "fewer_daluo"], st)
    assert r.pending is not None and [s.method for s in r.steps] == ["extra_game"]


def test_R_MATCH_1_tiebreak_unknown_method() -> None:
    with pytest.raises(ValueError, match="unknown tie-break"):
        tiebreak(["A", "B"], ["coin"], {"A": TeamStats(), "B": TeamStats()})


def test_R_MATCH_1_team_stats_from_a_table() -> None:
    rs = rules(match__game_count=3, score__bonus__shao=1)
    facts = [A_WIN, B_WIN, deal((1, 3, 5), burns=[BurnFact(2, 1)])]
    st = MatchTable.from_facts(facts, rs).stats()
    assert (st["A"].toke, st["B"].toke, st["A"].daluo, st["B"].daluo) == (2, 1, 1, 2)
    assert st["A"].biggest_win == 4 - 0 and st["B"].biggest_win == 4


# --------------------------------------------------------------------------------------
# EC-49: a match tie on points after 3 games, profile by profile
# --------------------------------------------------------------------------------------


def load(profile: str) -> Ruleset:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    return load_ruleset(profile)


def test_R_MATCH_1_EC49_dasai_5421() -> None:
    rs = load("dasai-5421")
    assert rs.match.tiebreak == ("toke_count", "fewer_daluo", "extra_game")
    facts = [
        deal((1, 2, 6)),  # 5+4+1 = 10 v 5
        deal((3, 4, 5)),  # 5 v 10
        deal((1, 4, 5), burns=[BurnFact(burner=2, burned=1)]),  # 8 v 7+1
    ]
    r = MatchTable.from_facts(facts, rs).result()
    assert dict(r.totals) == {"A": 23, "B": 23}
    assert (r.winner, r.decided_by) == ("A", "toke_count")
    # equal 头科: more 大落 loses; still equal: one extra game
    st = {"A": TeamStats(toke=2, daluo=1), "B": TeamStats(toke=2, daluo=2)}
    assert tiebreak(["A", "B"], rs.match.tiebreak, st).winner == "A"
    st = {"A": TeamStats(toke=2, daluo=1), "B": TeamStats(toke=2, daluo=1)}
    r2 = tiebreak(["A", "B"], rs.match.tiebreak, st)
    assert r2.winner is None and r2.pending is not None and "extra game" in r2.pending
    r3 = tiebreak(
        ["A", "B"], rs.match.tiebreak, st, extra_games=[ExtraPlay({"A": 5, "B": 10}, "B")]
    )
    assert (r3.winner, r3.decided_by) == ("B", "extra_game")


def test_R_MATCH_1_EC49_taikai_2014() -> None:
    rs = load("taikai-2014")
    assert rs.match.tiebreak == ("toke_count", "extra_game_first_toke")
    r = MatchTable.from_facts([A_WIN, B_WIN, LEVEL], rs).result()
    assert dict(r.totals) == {"A": 0, "B": 0}
    assert (r.winner, r.decided_by) == ("A", "toke_count")
    st = {"A": TeamStats(toke=1), "B": TeamStats(toke=1)}
    assert tiebreak(["A", "B"], rs.match.tiebreak, st).pending is not None
    eg = [ExtraPlay({"A": 0, "B": 4}, first_toke="B")]
    r2 = tiebreak(["A", "B"], rs.match.tiebreak, st, extra_games=eg)
    assert (r2.winner, r2.decided_by) == ("B", "extra_game_first_toke")


def test_R_MATCH_1_EC49_trad_003() -> None:
    rs = load("trad-003")
    regulation = [deal((1, 2, 5)), deal((3, 4, 6)), LEVEL]  # 4:0, 0:4, 0:0 after 只记正分
    r = MatchTable.from_facts(regulation, rs).result()
    assert dict(r.totals) == {"A": 4, "B": 4}
    assert r.status == "pending" and r.pending is not None and "extra game" in r.pending
    r = MatchTable.from_facts([*regulation, deal((1, 2, 4))], rs).result()
    assert (r.winner, r.decided_by) == ("A", "extra_game")
    r = MatchTable.from_facts([*regulation, deal((2, 4, 5))], rs).result()  # 0:0, B 头科
    assert (r.winner, r.decided_by) == ("B", "extra_game_first_toke")


KA_A = deal((1, 2, 6))  # S-21012: A +1, B -1 -> 0
KA_B = deal((3, 4, 5))  # B +1
KA_0 = deal((1, 3, 6))  # 0 : 0


def test_R_MATCH_1_EC49_karamay_jingsai() -> None:
    rs = load("karamay-jingsai")
    assert (rs.match.games, rs.match.hands_per_game) == ("bo3", 6)
    game1 = [KA_A] * 6
    game2 = [KA_A, KA_B] * 3 + [KA_0, KA_B]  # level after 6 hands, then 2 extra hands
    game3 = [KA_A] * 6
    t = MatchTable.from_facts(game1 + game2 + game3, rs)
    g1, g2, g3 = t.games
    assert (g1.winner, g3.winner, g1.extra_hands) == ("A", "A", 0)
    assert (g2.extra_hands, g2.winner, dict(g2.points)) == (2, "B", {"A": 3, "B": 4})
    r = t.result()
    assert (r.winner, r.decided_by) == ("A", "game_points")
    r = MatchTable.from_facts(game1 + [KA_A, KA_B] * 3, rs).result()
    assert r.status == "incomplete" and r.pending == "a level game awaits an extra hand"


def test_R_MATCH_1_EC49_karamay_leitai() -> None:
    rs = load("karamay-leitai")
    assert rs.match.hands_per_game == 4
    t = MatchTable.from_facts([KA_A, KA_B, KA_A, KA_B, KA_B], rs)
    (g1,) = t.games
    assert (g1.extra_hands, g1.winner) == (1, "B")


def test_R_MATCH_1_EC49_fujian1_qingdao() -> None:
    rs = load("fujian1-qingdao")
    assert rs.match.tiebreak == ("head_to_head", "game_points", "biggest_win", "lot")
    facts = [deal((1, 2, 4)), deal((3, 4, 5)), LEVEL]  # 6:0, 0:2, 0:0
    r = MatchTable.from_facts(facts, rs, decide_by="game_points").result()
    assert dict(r.game_points) == {"A": 1.5, "B": 1.5}
    assert (r.winner, r.decided_by) == ("A", "biggest_win")
    assert r.tiebreak is not None
    assert [s.outcome for s in r.tiebreak.steps] == ["skipped", "tied", "split"]
    even = [A_WIN, B_WIN, LEVEL]
    r = MatchTable.from_facts(even, rs, decide_by="game_points").result()
    assert r.status == "pending" and r.pending is not None and "lots" in r.pending
    r = MatchTable.from_facts(even, rs, decide_by="game_points").result(lot=["B", "A"])
    assert (r.winner, r.decided_by) == ("B", "lot")
    # group standings: head-to-head first
    st = {x: TeamStats(game_points=4.0) for x in "XY"}
    assert tiebreak(["X", "Y"], rs.match.tiebreak, st, head_to_head={("Y", "X"): "Y"}).winner == "Y"


def test_R_MATCH_1_EC49_two_table_654321() -> None:
    rs = load("two-table-654321")
    assert rs.match.tiebreak == ("head_to_head", "xiaofen")
    st = {"X": TeamStats(points=70), "Y": TeamStats(points=75), "Z": TeamStats(points=72)}
    cycle = {("X", "Y"): "X", ("Y", "Z"): "Y", ("Z", "X"): "Z"}
    r = tiebreak(["X", "Y", "Z"], rs.match.tiebreak, st, head_to_head=cycle)
    assert r.ranking == (("Y",), ("Z",), ("X",))


def test_R_MATCH_1_EC49_corp_winter_2014() -> None:
    rs = load("corp-winter-2014")
    assert rs.match.tiebreak == ("head_to_head",)
    st = {"X": TeamStats(points=30), "Y": TeamStats(points=30)}
    r = tiebreak(["X", "Y"], rs.match.tiebreak, st, head_to_head={("X", "Y"): "X"})
    assert (r.winner, r.decided_by) == ("X", "head_to_head")

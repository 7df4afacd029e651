"""Issue #11, the loose ends of the open points (branch op3): each test is named after the
rule id it checks.

* R-OPEN-1 with no Leader tag: the first leader the engine derives from the hands (上班)
  judged under each reading of an open ``open.shangban``;
* R-KAIDIAN-1: whether a standing set opens (开点) under each reading of an open
  ``gouji.thresholds``;
* R-PENALTY-1 where ``penalty.misplay_lose_lead`` is open *and* true (no shipped profile
  has it: a registered profile whose table says so);
* R-OPEN-1: what ``legal_actions`` lists for a 开牌 draw, as ``can``/``verify`` judge it
  (the draws whose count is consistent with the deal's first leader).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest
from test_engine_util import of, play, violations

import gojinotation as gj
from gojinotation import model as m
from gojinotation.cards import Card
from gojinotation_analyzer.engine import IllegalAction, can, do, legal_actions, replay, verify
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.state import DealState, Frame


def _disputes(frames: list[Frame], param: str) -> list[E.Dispute]:
    return [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]


# ------------------------------------------------------------ R-OPEN-1, no Leader tag


def _untagged(profile: str, seed: int, moves: str, rules: str = "") -> list[Frame]:
    """A simulated full deal of ``profile`` without its Leader (and Deal) tag and with
    ``moves`` for its moves, replayed."""
    from gojinotation_analyzer.simulation.simulate import simulate

    deal = next(iter(simulate(profile, seed, 1)))
    text = gj.dumps(deal)
    lines = [ln for ln in text.splitlines() if not ln.startswith(("[Leader ", "[Deal "))]
    if rules:
        lines.insert(1, f'[Rules "{rules}"]')
    head = [ln for ln in lines if not ln or ln.startswith(("%", "[", "hand "))]
    d = gj.loads("\n".join([*head, moves]) + "\n").deals[0]
    assert d.tag("Leader") is None
    return list(replay(d))


def test_R_OPEN_1_a_derived_first_leader_is_judged_under_each_shangban_reading() -> None:
    """saizhi-002 (002b 5: the seat with the most 4s leads 4s; 002a 3: no 上班, the first
    taker leads): seat 3 holds the most 4s, and the record starts with seat 1's lone 4.
    Under the engine's reading seat 3 should lead, under ``none`` seat 1 leads: a Dispute
    at seat 1's first play, and the replay follows the record (as it follows a Leader
    tag), with no flat error beside it."""
    frames = _untagged("saizhi-002", 2, "1:4h")
    assert frames[0].state.leader == 1
    assert violations(frames) == []
    (d,) = _disputes(frames, "open.shangban")
    assert d.rule_id == "R-OPEN-1" and d.seat == 1
    assert d.action is not None and d.action.seat == 1  # at the first play: a position
    ruled = dict(d.alternatives)
    assert ruled["most_4s_must_lead_4"].startswith("002b 5: seat 3 leads first (上班")
    assert "seat 1's first play is out of turn" in ruled["most_4s_must_lead_4"]
    assert ruled["most_4s_must_lead_4"].endswith("the engine's ruling")
    assert ruled["none"].startswith("002a 3: seat 1 leads first (no 上班")
    assert "in turn" in ruled["none"]


def test_R_OPEN_1_a_derived_first_leader_agreeing_under_every_reading_is_not_disputed() -> None:
    """The same hands, the record started by seat 3 (the most 4s): every reading names
    him, nothing to dispute."""
    frames = _untagged("saizhi-002", 2, "3:4s")
    assert frames[0].state.leader == 3 and not _disputes(frames, "open.shangban")


def test_R_OPEN_1_a_derived_first_leader_settled_by_rules_or_profile() -> None:
    """``[Rules "open.shangban=most_4s_must_lead_4"]`` states the point: the engine's
    leader (seat 3) stands and seat 1's first play is a flat error."""
    frames = _untagged("saizhi-002", 2, "1:4h", rules="open.shangban=most_4s_must_lead_4")
    assert frames[0].state.leader == 3
    assert not of(frames, E.Dispute) and [s for _, s in violations(frames)] == [1]


def test_R_OPEN_1_no_shangban_under_the_engines_reading_is_disputed_in_latest_004() -> None:
    """latest-004: 004b(2)'s inserted card cannot be told from the hands, so the record's
    first player (seat 1) leads; 004c 第四条's 亮3 names seat 2.  A Dispute at seat 1's
    first play, the replay following seat 1."""
    frames = _untagged("latest-004", 3, "1:55")
    assert frames[0].state.leader == 1
    (d,) = _disputes(frames, "open.shangban")
    ruled = dict(d.alternatives)
    assert ruled["inserted_card_holder"].startswith("004b(2): seat 1 leads first (no 上班")
    assert ruled["two_same_colour_3"].startswith("004c 第四条: seat 2 leads first (上班")


# ------------------------------------------------- R-KAIDIAN-1 on gouji.thresholds

_LONE2 = {1: "2 55 7", 2: "X 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}
_LONE2_MOVES = "1:2 2:- 3:- 4:- 5:- 6:- 1:55"
_INCLUSIVE = "kaidian.qualifying=karamay_inclusive"  # 000§D 三3: a single 2 may open
_T21 = "gouji.thresholds=T:5,J:4,Q:3,K:2,A:2,2:1,X:1,D:1"
_T22 = "gouji.thresholds=T:5,J:4,Q:3,K:2,A:2,2:2,X:1,D:1"


def test_R_KAIDIAN_1_a_lone_two_that_stood_opens_under_one_threshold_reading() -> None:
    """saizhi-002 with 开点 by any 够级 set (``[Rules]`` 000§D 三3's karamay_inclusive):
    seat 1's lone 2 stands.  It is 够级, so it opens him, under 001b 4 (1张钱, the engine's
    reading); under 002b 7 two 2s are needed, so it is no opening set.  A Dispute on his
    开点; the opening stands as the engine rules."""
    frames = play(_LONE2, _LONE2_MOVES, profile="saizhi-002", rules=_INCLUSIVE)
    assert violations(frames) == []
    (d,) = _disputes(frames, "gouji.thresholds")
    assert d.rule_id == "R-KAIDIAN-1" and d.seat == 1
    (mine, other) = d.alternatives
    assert mine == (
        "T:5,J:4,Q:3,K:2,A:2,2:1,X:1,D:1",
        "001b 4: seat 1's 2 stood: it opens him (开点), the engine's ruling",
    )
    assert other == (
        "T:5,J:4,Q:3,K:2,A:2,2:2,X:1,D:1",
        "002b 7: seat 1's 2 stood: not an opening set: he does not open",
    )
    assert [e.seat for e in of(frames, E.Opened)] == [1]


def test_R_KAIDIAN_1_threshold_readings_settled_by_rules_or_profile() -> None:
    """The thresholds stated by the record: a flat ruling either way; under the profile's
    own 开点 (pure_gouji, 002: a set of 2s never opens) every reading rules alike."""
    opened = play(_LONE2, _LONE2_MOVES, profile="saizhi-002", rules=f"{_INCLUSIVE}; {_T21}")
    assert not _disputes(opened, "gouji.thresholds")
    assert [e.seat for e in of(opened, E.Opened)] == [1]
    closed = play(_LONE2, _LONE2_MOVES, profile="saizhi-002", rules=f"{_INCLUSIVE}; {_T22}")
    assert not _disputes(closed, "gouji.thresholds") and not of(closed, E.Opened)
    assert not _disputes(play(_LONE2, _LONE2_MOVES, profile="saizhi-002"), "gouji.thresholds")
    # karamay-jingsai states both (000§D): no dispute
    assert not _disputes(play(_LONE2, _LONE2_MOVES, profile="karamay-jingsai"), "gouji.thresholds")


_NO_SET = {1: "2 5 6", 2: "7 8", 3: "9 T", 4: "J 4", 5: "Q 4", 6: "K 4"}


def test_R_KAIDIAN_1_automatic_opening_rests_on_the_thresholds() -> None:
    """saizhi-002 with automatic 开点 (``[Rules]`` 000§G 五5): seat 1's only high card is
    a lone 2, 够级 under 001b 4 (he holds a 够级 set: no automatic 开点, the engine's
    reading) but not under 002b 7 (he holds none: he opens at his first play)."""
    rules = "kaidian.auto_if_no_gouji=true"
    frames = play(_NO_SET, "1:5", profile="saizhi-002", rules=rules)
    (d,) = _disputes(frames, "gouji.thresholds")
    assert dict(d.alternatives) == {
        "T:5,J:4,Q:3,K:2,A:2,2:1,X:1,D:1": (
            "001b 4: seat 1 holds a 够级 set: no automatic 开点, the engine's ruling"
        ),
        "T:5,J:4,Q:3,K:2,A:2,2:2,X:1,D:1": "002b 7: seat 1 holds no 够级 set: he opens",
    }
    assert not of(frames, E.Opened)
    stated = play(_NO_SET, "1:5", profile="saizhi-002", rules=f"{rules}; {_T22}")
    assert not _disputes(stated, "gouji.thresholds") and [e.seat for e in of(stated, E.Opened)] == [
        1
    ]


# ---------------------------------------- R-PENALTY-1, misplay_lose_lead open and true

_LOSE = {1: "55 77 5 3", 2: "88 A 3", 3: "99 3", 4: "66 3", 5: "TT 3", 6: "JJ 3"}
_LOSE_MOVES = "1:55 2:- 3:- 4:66 5:- 6:- 1:77 2:88 4:- 1:5 2:A 3:- 4:- 5:- 6:- 1:- 5:close"


def _lose_lead_open_true() -> Iterator[str]:
    """A profile whose table has ``penalty.misplay_lose_lead`` open (a default, with the
    readings of qingdao-standard) and true.  No shipped profile has it (those that take a
    lead away, qingdao-bie3, dasai-5421, dian-shao-men-luo, taikai-2014, state it; the others
    leave it open and false), and a user profile file or a record's ``[Rules]`` always
    *state* what they set; so the profile is built here from qingdao-standard's table, as a
    future shipped file with ``open = true`` and ``value = true`` would build it."""
    from gojinotation_analyzer.rules.profiles import (
        get_profile,
        register_profile,
        unregister_profile,
    )

    base = get_profile("qingdao-standard")
    name = "penalty.misplay_lose_lead"
    s = base.setting(name)
    assert s.open and s.is_disputed and s.value is False
    flipped = attrs.evolve(s, value=True)
    pid = "op3-lose-lead-open-true"
    prof = attrs.evolve(
        base,
        id=pid,
        aliases=(),
        parent="qingdao-standard",
        own={name: flipped},
        table={**base.table, name: flipped},
        file="op3-lose-lead-open-true.toml",
    )
    register_profile(prof)
    try:
        yield pid
    finally:
        unregister_profile(pid)


lose_lead_open_true = pytest.fixture(_lose_lead_open_true)


def test_R_PENALTY_1_a_lead_lost_on_an_open_point_is_disputed(lose_lead_open_true: str) -> None:
    """Open and true: seat 2 played after passing (R-PASS-1, an error under every
    reading), then wins a round with A.  The engine's reading (001d (四) 取消一次发牌权)
    takes that lead away, seat 3 leads; 001a-c name no such sanction (seat 2 leads): a
    Dispute at that lead, the engine's reading first, and seat 3 on lead."""
    frames = play(_LOSE, _LOSE_MOVES, profile=lose_lead_open_true)
    assert violations(frames) == [("R-PASS-1", 2)]
    (d,) = _disputes(frames, "penalty.misplay_lose_lead")
    assert d.rule_id == "R-PENALTY-1"
    (mine, other) = d.alternatives
    assert mine == (
        "true",
        "001d (四) 取消一次发牌权: seat 2 loses this lead for his earlier error; seat 3 "
        "leads, the engine's ruling",
    )
    assert other == ("false", "001a-c name no such sanction: seat 2 leads")
    assert frames[-1].state.turn == 3
    stated = play(
        _LOSE, _LOSE_MOVES, profile=lose_lead_open_true, rules="penalty.misplay_lose_lead=true"
    )
    assert not of(stated, E.Dispute) and stated[-1].state.turn == 3


# ------------------------------------------------ R-OPEN-1, the 开牌 draws listed


def _opening(profile: str, leader: int, rules: str = "") -> DealState:
    from gojinotation_analyzer.engine import new_deal
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset(profile)
    if rules:
        rs = rs.with_overrides(dict(kv.split("=", 1) for kv in rules.split("; ")))
    hands = [tuple(Card.parse(c) for c in h.split()) for h in ("3 3", "4 4", "5", "6", "7", "8")]
    return new_deal(hands, rs, leader=leader, deck_check=False, profile=profile)


def _draws(st: DealState) -> set[tuple[int, str]]:
    return {
        (a.seat, a.card.gjn())
        for a in legal_actions(st, table_events=True)
        if isinstance(a, m.Draw)
    }


def test_R_OPEN_1_the_draws_listed_are_those_consistent_with_the_first_leader() -> None:
    """fujian1-qingdao (000§B: no 上班, the count from the drawer picks the first taker,
    who leads): seat 3 leads, so only a draw whose count ends on seat 3 (a 3 or a 9
    counted from seat 1, a 2 or an 8 from seat 2 …) or a joker (the draw passes on) can
    belong to this deal.  The card is chance, but the first leader is fixed before it:
    ``legal_actions`` lists exactly what ``can`` accepts and ``verify`` raises for the
    rest, the one check (R-OPEN-1) that the replay reports as an error."""
    st = _opening("fujian1-qingdao", leader=3)
    draws = _draws(st)
    assert {c for s, c in draws if s == 1} == {"3", "9", "X", "D"}
    assert {c for s, c in draws if s == 2} == {"2", "8", "X", "D"}
    for s in range(1, 7):
        for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "X", "D"):
            a = m.Draw(s, card=Card.parse(r))
            assert can(st, a) == ((s, r) in draws)
    with pytest.raises(IllegalAction) as err:
        verify(st, m.Draw(1, card=Card.parse("5")))
    assert err.value.rule_id == "R-OPEN-1"
    _, ev = do(st, m.Draw(1, card=Card.parse("5")))
    assert [e.rule_id for e in ev if isinstance(e, E.Violation)] == ["R-OPEN-1"]


def test_R_OPEN_1_every_draw_is_listed_where_the_count_does_not_pick_the_leader() -> None:
    """qingdao-standard: 上班 (亮3) names the first leader, the count only the first taker:
    every card may be drawn, by any seat."""
    draws = _draws(_opening("qingdao-standard", leader=3))
    assert len(draws) == 6 * 15 and all(s in range(1, 7) for s, _ in draws)


def test_R_OPEN_1_a_draw_refused_on_an_open_point_is_not_listed_but_disputed() -> None:
    """dian-shao-men-luo, seat 5 leads: seat 1's J counts 1 under the engine's reading of
    000§J 第三条 (J、Q、K…为最小牌: the count ends on seat 1), 11 read naturally (seat 5).
    ``legal_actions``/``can`` follow the engine's reading (not listed, as an illegal play
    disputed on an open point is not); replayed, it is a Dispute, not an error."""
    st = _opening("dian-shao-men-luo", leader=5)
    assert (1, "J") not in _draws(st) and (1, "5") in _draws(st)
    _, ev = do(st, m.Draw(1, card=Card.parse("J")))
    assert not [e for e in ev if isinstance(e, E.Violation)]
    (d,) = [e for e in ev if isinstance(e, E.Dispute)]
    assert d.param == "open.count_values"
    ruled = dict(d.alternatives)
    assert ruled["JQK_jokers_lowest"].startswith("000§J 第三条: illegal (R-OPEN-1)")
    assert ruled["natural"].endswith(": legal")


# ------------------------------------------------ the noise check (issue #11, op3 item 5)


def test_R_KAIDIAN_3_kaidian_lead4_is_disputed_once_per_seat_and_deal() -> None:
    """saizhi-002 (开点发4 open): each dispute on ``kaidian.lead4`` decides one seat's
    opening (开点发4 would not count it, or would take his chance), and once that reading
    has cost him his chance nothing later decides it again: over simulated deals, at most
    one such dispute per seat and deal (docs/validator.md, "How often an open point is
    repeated")."""
    from gojinotation_analyzer.simulation.simulate import simulate

    seen = 0
    for deal in simulate("saizhi-002", 7, 3):
        frames = list(replay(deal))
        seats = [d.seat for d in _disputes(frames, "kaidian.lead4")]
        seen += len(seats)
        assert len(seats) == len(set(seats)), (deal.tag("Deal"), seats)
    assert seen  # the point does decide on these deals

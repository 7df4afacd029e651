"""The engine's perft: random legal games and the invariants every frame must keep.

:func:`random_game` deals a seeded shuffle of the profile's deck and lets a uniform random
player pick from :func:`gojinotation_analyzer.engine.legal_actions` until the deal ends.  The
properties: cards are conserved on every frame (R-DECK-2), hand counts match, exactly
one seat is to act until the deal ends, a legal action never produces a violation, the
finish order is a permutation of the places (R-FINISH-1), the score is the profile's
(R-SCORE-1), and ``legal_actions`` is exact: every listed action passes ``verify`` and
``verify`` accepts nothing unlisted.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as hs

from gojinotation.cards import Card, Rank, Suit
from gojinotation.model import (
    Action,
    Burn,
    Buy,
    Close,
    Give,
    Pass,
    Play,
    Report,
    Return,
    Revolution,
    Tribute,
    Yield,
)
from gojinotation_analyzer.engine import DealState, can, do, legal_actions, new_deal
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.core import _primary
from gojinotation_analyzer.engine.scoring import Obligation, score_deal
from gojinotation_analyzer.rules.profiles import load_ruleset

PROFILES = (
    "qingdao-standard",
    "qingdao-dadian",
    "qingdao-bie3",
    "two-table-654321",
    "bie3-activity",
    "dian-shao-men-luo",
    "karamay-jingsai",
    "latest-004",
    "dagang-196",
    "corp-winter-2014",
    "tiaozhanbei-2",
    "tongsu",
)


#: Tribute owed from an imagined previous deal (大落 seat 6 -> 头科 seat 1, 二落 5 -> 二科 2).
OBLIGATIONS = (Obligation("luo", 6, 1, 2), Obligation("luo", 5, 2, 1))


def make_deck(variant: str = "216") -> list[Card]:
    """The physical deck: four 54-card decks, or the 196-card 大纲 variant."""
    cards: list[Card] = []
    suits = list(Suit)
    for r in Rank:
        if r.is_joker:
            cards += [Card(r)] * 4
        else:
            n = 6 if (variant != "216" and r in (Rank.THREE, Rank.FOUR)) else 16
            cards += [Card(r, suits[i % 4]) for i in range(n)]
    return cards


def deal_hands(seed: int, variant: str = "216") -> dict[int, tuple[Card, ...]]:
    """A seeded shuffle dealt to seats 1-6 (36 each, or 33/33/33/33/32/32)."""
    rng = random.Random(seed)
    deck = make_deck(variant)
    rng.shuffle(deck)
    sizes = (36,) * 6 if variant == "216" else (33, 33, 33, 33, 32, 32)
    hands: dict[int, tuple[Card, ...]] = {}
    k = 0
    for s in range(1, 7):
        hands[s] = tuple(deck[k : k + sizes[s - 1]])
        k += sizes[s - 1]
    return hands


def first_leader(seed: int, profile: str) -> int:
    """The first leader of the seeded deal: 上班 from the hands where they tell it
    (R-OPEN-1), else a seat the seed picks."""
    from gojinotation_analyzer.engine.opening import _shangban_seat

    rs = load_ruleset(profile)
    hands = deal_hands(seed, rs.deck.variant)
    return _shangban_seat(rs.open.shangban, hands, rs.open.dingban) or 1 + seed % 6


def random_game(
    profile: str, seed: int, *, max_actions: int = 4000
) -> Iterator[tuple[DealState, Action | None, tuple[E.Event, ...]]]:
    """Yield (state, action, events) for a uniform random legal game (action None first)."""
    rs = load_ruleset(profile)
    rng = random.Random(seed * 7919 + 1)
    obligations = OBLIGATIONS if rs.tribute.mode != "none" else ()
    st = new_deal(
        deal_hands(seed, rs.deck.variant),
        rs,
        leader=first_leader(seed, profile),
        profile=profile,
        obligations=obligations,
    )
    yield st, None, st.events
    n = 0
    while not st.ended and n < max_actions:
        acts = legal_actions(st)
        assert acts, f"no legal action in {st.summary()}"
        dues = [x for x in acts if isinstance(x, (Tribute, Return))]
        a = rng.choice(dues) if dues and rng.random() < 0.8 else rng.choice(acts)
        st, ev = do(st, a)
        yield st, a, ev
        n += 1
    assert st.ended, f"no end after {max_actions} actions: {st.summary()}"


def _deck(st: DealState) -> tuple[int, ...]:
    return st.p.deck


def check_frame(st: DealState) -> None:
    deck = _deck(st)
    for i in range(15):
        held = sum(st.known[s][i] for s in range(1, 7))
        assert held + st.played[i] + st.void[i] == deck[i], (i, st.summary())
    if st.ended:
        assert sum(1 for s in range(1, 7) if st.count(s)) <= 1, st.summary()
    for s in range(1, 7):
        assert st.unknown[s] == 0
        if not st.is_active(s):
            if not st.ended:
                assert st.count(s) == 0, st.summary()
        else:
            assert st.count(s) > 0, st.summary()
    if st.ended:
        assert _primary(st) == 0
    else:
        assert _primary(st) in range(1, 7) and st.is_active(_primary(st)), st.summary()


def brute_candidates(st: DealState, rng: random.Random) -> list[Action]:
    """A superset of the actions legal_actions may list, built without engine logic."""
    out: list[Action] = []
    prim = _primary(st)
    top = st.top
    for s in range(1, 7):
        hand = st.hand(s)
        out += [Pass(s), Yield(s), Close(s), Revolution(s), Report(s, count=st.count(s))]
        if not hand:
            continue
        sets = S.candidate_sets(hand, st.p.srs)
        if s != prim:
            keep = [c for c in sets if top is not None and len(c) == len(top.cards)]
            sets = keep + rng.sample(sets, min(20, len(sets)))
        out += [Play(s, cards=c) for c in sets]
        if top is not None:
            out += [Burn(s, cards=c) for c in sets if len(c) == len(top.cards)]
        for ob in OBLIGATIONS:
            if s in (ob.payer, ob.receiver):
                other = ob.receiver if s == ob.payer else ob.payer
                ranks = sorted({c.rank for c in hand if c.rank is not None})
                for r1 in ranks:
                    for r2 in [None, *ranks]:
                        cards = tuple(
                            Card(r) for r in sorted((r1,) + ((r2,) if r2 else ()), reverse=True)
                        )
                        out.append(Tribute(s, cards=cards, to_seat=other))
                        out.append(Return(s, cards=cards, to_seat=other))
        for r in (Rank.THREE, Rank.FOUR):
            for x in range(1, 7):
                if x == s:
                    continue
                out.append(Give(x, card=Card(r), to_seat=s))
                for paid in (Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER):
                    out.append(Buy(s, card=Card(r), from_seat=x, paid=Card(paid)))
    return out


def check_exact(st: DealState, rng: random.Random) -> None:
    listed = legal_actions(st)
    for a in listed:
        assert can(st, a), (a, st.summary())
    # sets_for: the same list without the other seats' plays and burns
    seats = set(rng.sample(range(1, 7), rng.randint(0, 6)))
    assert legal_actions(st, sets_for=seats) == [
        a for a in listed if not (type(a) in (Play, Burn) and a.seat not in seats)
    ], (seats, st.summary())
    listed_set = set(listed)
    for a in brute_candidates(st, rng):
        if can(st, a):
            assert a in listed_set, (a, st.summary())


def check_end(st: DealState) -> None:
    ended = [e for e in st.events if isinstance(e, E.DealEnded)]
    assert len(ended) == 1
    end = ended[0]
    if end.void:
        return
    assert sorted(end.places) == [1, 2, 3, 4, 5, 6]
    assert sorted(end.places.values()) == [1, 2, 3, 4, 5, 6]
    went = {e.seat: e.place for e in st.events if isinstance(e, E.WentOut)}
    assert went == dict(end.places)
    assert end.facts is not None and end.score is not None
    assert score_deal(end.facts, st.rs) == end.score
    place_pts = {e.target: e.points for e in end.score.entries("R-SCORE-1")}
    for seat, place in end.places.items():
        assert place_pts.get(seat, 0) == st.rs.score.place[place - 1]


def run(profile: str, seed: int, *, exact_every: int = 0) -> int:
    rng = random.Random(seed)
    n = 0
    last: DealState | None = None
    for st, a, ev in random_game(profile, seed):
        check_frame(st)
        if isinstance(a, Tribute):
            assert any(isinstance(e, E.TributePaid) for e in ev)
        for e in ev:
            assert not isinstance(e, E.Violation), (a, e, st.summary())
        if exact_every and n % exact_every == 0 and not st.ended:
            check_exact(st, rng)
        n += 1
        last = st
    assert last is not None
    check_end(last)
    return n


@settings(max_examples=40, deadline=None)
@given(profile=hs.sampled_from(PROFILES), seed=hs.integers(0, 10**6))
def test_R_DECK_2_R_FINISH_1_random_games_keep_invariants(profile: str, seed: int) -> None:
    run(profile, seed)


@settings(max_examples=12, deadline=None)
@given(profile=hs.sampled_from(PROFILES), seed=hs.integers(0, 10**6))
def test_legal_actions_exact_over_random_games(profile: str, seed: int) -> None:
    run(profile, seed, exact_every=9)


def test_random_games_every_profile_fixed_seeds() -> None:
    for i, profile in enumerate(PROFILES):
        for seed in (i, 100 + i):
            assert run(profile, seed) > 50

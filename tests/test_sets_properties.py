"""Properties of engine.sets over random sets, hands and rule profiles (Hypothesis).

- ``compare`` is irreflexive and antisymmetric under every profile;
- every set from ``beating_sets`` passes ``compare``, and ``beating_sets`` is exactly the
  filter of ``candidate_sets`` by ``compare`` (nothing is missed by the count pre-filter);
- ``candidate_sets`` only returns sets ``shape`` accepts, drawn from the hand, distinct;
- ``shape`` round-trips through ``SetShape.cards``;
- the fast paths agree with the reference ones: ``beats`` is ``compare(...).ok``, and
  ``candidate_sets_of_counts`` / ``beating_sets_of_counts`` (cached, on rank counters)
  list what ``candidate_sets`` / ``beating_sets`` list for the same unsuited hand, in the
  same order, whatever the hands asked before.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from gojinotation.cards import Card, Rank
from gojinotation_analyzer.engine.sets import (
    IllegalSet,
    SetShape,
    beating_sets,
    beating_sets_of_counts,
    beats,
    candidate_sets,
    candidate_sets_of_counts,
    compare,
    shape,
)
from gojinotation_analyzer.rules.ruleset import Ruleset

_CHOICES: dict[str, list[Any]] = {
    "play.attach_jokers": [True, False],
    "play.attach_twos": ["filler", "forbidden", "power3"],
    "play.mixed_big_small": ["distinct", "big_counts_as_small"],
    "play.three_restriction": ["none", "bie3"],
    "play.four_no_attach": [False, True],
    "play.pure_joker_mixed": [True, False],
    "cmp.same_total_count": [True, False],
    "cmp.jokered_vs_plain": ["plain_part_higher", "any_rank"],
    "cmp.xiaowang_set": ["dawang_ge_count_rank_plus1", "two_aspects", "jokers_then_plain_higher"],
    "cmp.dawang_set_dead": [True, False],
    "cmp.ershayi": ["off", "two_big_beat_one_big"],
    "cmp.three_twos_beat_dawang": [False, True],
    "cmp.pure_joker_sets": ["all_dawang_beats_xiaowang", "dead"],
}

rulesets = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in _CHOICES.items()}).map(
    Ruleset().with_overrides
)

# A small rank pool keeps collisions (equal ranks, jokers, 2s) frequent.
_POOL = [Rank.THREE, Rank.FOUR, Rank.SEVEN, Rank.EIGHT, Rank.KING, Rank.TWO]
_POOL += [Rank.SMALL_JOKER, Rank.BIG_JOKER]


@st.composite
def set_cards(draw: st.DrawFn) -> tuple[Card, ...]:
    """A plausible set: one natural rank (or none), some 2s, some jokers."""
    base = draw(st.sampled_from([None, *_POOL[:5]]))
    n = draw(st.integers(1, 5)) if base is not None else 0
    twos = draw(st.sampled_from([0, 0, 1, 2, 3, 6]))
    small = draw(st.integers(0, 3))
    big = draw(st.integers(0, 3))
    cards = [Card(base)] * n if base is not None else []
    cards += [Card(Rank.TWO)] * twos + [Card(Rank.SMALL_JOKER)] * small
    cards += [Card(Rank.BIG_JOKER)] * big
    assume(cards)
    return tuple(cards)


hands = st.lists(st.sampled_from(_POOL), min_size=1, max_size=12).map(
    lambda rs: tuple(Card(r) for r in rs)
)


def _shape_or_none(cards: tuple[Card, ...], rs: Ruleset) -> SetShape | None:
    try:
        return shape(cards, rs)
    except IllegalSet:
        return None


_UNIVERSE = tuple(Card(r) for r in _POOL[:5] for _ in range(4)) + tuple(
    Card(r) for r in _POOL[5:] for _ in range(6)
)


@st.composite
def profile_and_sets(draw: st.DrawFn, n: int) -> tuple[Ruleset, list[SetShape]]:
    """A profile and ``n`` sets legal under it (drawn from a wide universe hand)."""
    rs = draw(rulesets)
    legal = candidate_sets(_UNIVERSE, rs)
    picks = [draw(st.sampled_from(legal)) for _ in range(n)]
    return rs, [shape(cs, rs) for cs in picks]


@given(profile_and_sets(1))
def test_compare_is_irreflexive(case: tuple[Ruleset, list[SetShape]]) -> None:
    rs, (s,) = case
    assert not compare(s, s, rs).ok


@given(profile_and_sets(2))
def test_compare_is_antisymmetric(case: tuple[Ruleset, list[SetShape]]) -> None:
    rs, (a, b) = case
    assert not (compare(a, b, rs).ok and compare(b, a, rs).ok)


@given(st.data(), rulesets)
def test_compare_is_antisymmetric_on_close_pairs(data: st.DataObject, rs: Ruleset) -> None:
    """Pairs that one beats: the reverse never beats (beating pairs are rare at random)."""
    legal = candidate_sets(_UNIVERSE, rs)
    old = shape(data.draw(st.sampled_from(legal)), rs)
    winners = beating_sets(_UNIVERSE, old, rs)
    if winners:
        new = shape(data.draw(st.sampled_from(winners)), rs)
        assert not compare(old, new, rs).ok


@given(set_cards(), rulesets)
def test_shape_round_trips_through_cards(cards: tuple[Card, ...], rs: Ruleset) -> None:
    s = _shape_or_none(cards, rs)
    assume(s is not None)
    assert s is not None
    assert shape(s.cards(), rs) == s
    assert s.total == len(cards)


@given(hands, rulesets)
def test_candidate_sets_are_legal_distinct_and_from_the_hand(
    hand: tuple[Card, ...], rs: Ruleset
) -> None:
    cands = candidate_sets(hand, rs)
    have = Counter(hand)
    keys = set()
    for cs in cands:
        shape(cs, rs)  # raises IllegalSet if not legal
        assert not Counter(cs) - have
        key = tuple(sorted(Counter(c.rank for c in cs).items()))
        assert key not in keys
        keys.add(key)


@given(hands, rulesets)
def test_candidate_sets_are_complete(hand: tuple[Card, ...], rs: Ruleset) -> None:
    """Every legal sub-multiset of the hand (by ranks) is offered, except split/early 3s."""
    import itertools

    counts = Counter(c.rank for c in hand)
    ranks = sorted(counts, key=lambda r: int(r or 0))
    offered = {
        tuple(sorted(Counter(c.rank for c in cs).items())) for cs in candidate_sets(hand, rs)
    }
    for combo in itertools.product(*(range(counts[r] + 1) for r in ranks)):
        sub = [Card(r) for r, k in zip(ranks, combo, strict=True) for _ in range(k)]
        if not sub:
            continue
        s = _shape_or_none(tuple(sub), rs)
        key = tuple(sorted(Counter(c.rank for c in sub).items()))
        if s is None:
            assert key not in offered
            continue
        if rs.play.three_restriction == "bie3" and s.base == Rank.THREE:
            assert (key in offered) is (len(sub) == len(hand))
            continue
        assert key in offered, key


@given(hands, profile_and_sets(1))
def test_beating_sets_is_candidate_sets_filtered_by_compare(
    hand: tuple[Card, ...], case: tuple[Ruleset, list[SetShape]]
) -> None:
    rs, (old,) = case
    got = beating_sets(hand, old, rs)
    for cs in got:
        assert compare(shape(cs, rs), old, rs).ok
    want = [cs for cs in candidate_sets(hand, rs) if compare(shape(cs, rs), old, rs).ok]
    assert got == want


# ------------------------------------------------------------------------ fast paths

# Hands up to a full deal's worth of one kind: the count cut-offs of the fast path are
# crossed often (many 2s and jokers, long runs of one rank).
big_hands = st.lists(
    st.sampled_from([*_POOL, Rank.TWO, Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER]),
    min_size=1,
    max_size=30,
).map(lambda rs: tuple(Card(r) for r in rs))


def _counters(hand: tuple[Card, ...]) -> list[int]:
    c = Counter(card.rank for card in hand)
    return [c[r] for r in Rank]


@given(profile_and_sets(2))
def test_beats_is_compare_ok(case: tuple[Ruleset, list[SetShape]]) -> None:
    rs, (a, b) = case
    assert beats(a, b, rs) is compare(a, b, rs).ok
    assert beats(b, a, rs) is compare(b, a, rs).ok


@given(st.data(), rulesets)
def test_beats_is_compare_ok_on_same_count_pairs(data: st.DataObject, rs: Ruleset) -> None:
    """Pairs of one count (random pairs mostly fail on the count alone)."""
    legal = [shape(cs, rs) for cs in candidate_sets(_UNIVERSE, rs)]
    old = data.draw(st.sampled_from(legal))
    same = [s for s in legal if s.count == old.count] or legal
    for _ in range(5):
        new = data.draw(st.sampled_from(same))
        assert beats(new, old, rs) is compare(new, old, rs).ok


@given(big_hands, rulesets)
def test_candidate_sets_of_counts_is_candidate_sets(hand: tuple[Card, ...], rs: Ruleset) -> None:
    want = candidate_sets(hand, rs)
    assert candidate_sets_of_counts(_counters(hand), rs) == want
    assert candidate_sets_of_counts(_counters(hand), rs) == want  # from the cache


@given(st.lists(big_hands, min_size=1, max_size=4), profile_and_sets(1))
def test_beating_sets_of_counts_is_beating_sets(
    hands_: list[tuple[Card, ...]], case: tuple[Ruleset, list[SetShape]]
) -> None:
    rs, (old,) = case
    for hand in hands_ + hands_[:1]:  # several hands against one set, and one again
        assert beating_sets_of_counts(_counters(hand), old, rs) == beating_sets(hand, old, rs)

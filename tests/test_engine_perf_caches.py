"""The replay path's caches and shortcuts give what the plain computations give.

The golden digest (``test_engine_perf_equivalence.py``) checks whole replays; these check
the pieces it may not reach: the 开点 shortcut of ``kaidian.auto_if_no_gouji`` on many
hands, the counters cached by a tuple's identity, the shared play events, and the shape
and comparison caches shared between profiles.
"""

from __future__ import annotations

import random

import pytest

from gojinotation.cards import parse_cards
from gojinotation.model import Play
from gojinotation_analyzer.engine import core, do, new_deal, params
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.rules_kaidian import _holds_gouji
from gojinotation_analyzer.engine.state import NRANKS, cards_of
from gojinotation_analyzer.rules.profiles import PROFILES, load_ruleset


def _random_counts(rng: random.Random) -> tuple[int, ...]:
    k = [0] * NRANKS
    for _ in range(rng.randint(1, 36)):
        k[rng.randrange(NRANKS)] += 1
    if rng.random() < 0.5:  # many hands without jokers or 2s, where no set may be 够级
        k[13] = k[14] = 0
    if rng.random() < 0.4:
        k[12] = 0
    return tuple(k)


@pytest.mark.parametrize("pid", ["bie3-activity", "qingdao-standard", "karamay-jingsai", "tongsu"])
def test_R_KAIDIAN_1_auto_open_check_stops_at_the_first_gouji_set(pid: str) -> None:
    """``_holds_gouji`` answers as ``any`` over every candidate set of the hand."""
    p = params._params(load_ruleset(pid))
    rng = random.Random(pid)
    seen = set()
    for _ in range(400):
        hand = cards_of(_random_counts(rng))
        want = any(S.is_gouji(S.shape(c, p.srs), p.srs) for c in S.candidate_sets(hand, p.srs))
        assert _holds_gouji(p, hand) is want
        seen.add(want)
    assert seen == {True, False}  # both answers were exercised


def test_R_KAIDIAN_1_auto_open_replay_opens_a_hand_without_gouji() -> None:
    """Under bie3-activity a first play from a hand with no 够级 set opens at once."""
    rs = load_ruleset("bie3-activity")
    hands = {1: parse_cards("9876543"), 2: parse_cards("D9876543"), 3: parse_cards("3")}
    hands |= {s: parse_cards("3") for s in (4, 5, 6)}
    st = new_deal(hands, rs, leader=1, deck_check=False)
    st, ev = do(st, Play(1, cards=parse_cards("4")))
    assert [e.kind for e in ev if isinstance(e, E.Opened)] == ["Opened"]
    st, ev = do(st, Play(2, cards=parse_cards("5")))
    assert not [e for e in ev if isinstance(e, E.Opened)]  # 2 holds 大王: a 够级 set


def test_R_SET_1_counters_cached_by_identity_equal_counting() -> None:
    cards = parse_cards("DX22TT?")
    assert core._play_counts(cards)[:2] == core._counts(cards)
    assert core._play_counts(cards)[:2] == core._counts(cards)  # the cached answer
    as_list = list(cards)
    assert core._play_counts(as_list)[:2] == core._counts(cards)  # lists are not cached
    as_list[0] = parse_cards("3")[0]
    assert core._play_counts(as_list)[:2] == core._counts(as_list)
    counts, _, nz = core._play_counts(cards)
    assert nz == tuple((i, c) for i, c in enumerate(counts) if c)
    k = tuple(c + 1 for c in counts)
    assert core._less(k, nz) == tuple(a - b for a, b in zip(k, counts, strict=True))
    assert core._less((*counts[:-1], counts[-1] - 1), nz) is None


def test_R_LEAD_1_shared_play_events_equal_fresh_ones() -> None:
    cards = parse_cards("KK")
    assert core._led(3, cards) == E.Led(3, cards=cards)
    assert core._led(3, cards) is core._led(3, cards)
    assert core._played(4, cards, 3) == E.Played(4, cards=cards, over=3)
    assert core._played(4, cards, 2) == E.Played(4, cards=cards, over=2)
    assert core._gouji_played(4, cards, 1) == E.GoujiPlayed(4, cards=cards, answer=1)
    assert core._gouji_played(4, cards, -1) == E.GoujiPlayed(4, cards=cards, answer=-1)
    other = parse_cards("KK")  # an equal tuple that is another object
    assert core._led(3, other).cards is other
    assert core._reported(2, 5, 7) == E.Reported(2, count=5, true_count=7)


def test_R_SET_3_shared_comparison_caches_follow_the_play_and_cmp_parameters() -> None:
    """Profiles share shape and verdict caches only when engine.sets would answer alike."""
    by_key: dict[tuple[object, object], list[str]] = {}
    for pid in PROFILES:
        p = params._params(load_ruleset(pid))
        by_key.setdefault((p.srs.play, p.srs.cmp), []).append(pid)
    for pids in by_key.values():
        ps = [params._params(load_ruleset(pid)) for pid in pids]
        assert all(q.shapes is ps[0].shapes and q.verdicts is ps[0].verdicts for q in ps)
    groups = list(by_key.values())
    if len(groups) > 1:
        a = params._params(load_ruleset(groups[0][0]))
        b = params._params(load_ruleset(groups[1][0]))
        assert a.shapes is not b.shapes
    # a comparison read from the shared cache equals one made under the profile itself
    for pid in PROFILES:
        rs = load_ruleset(pid)
        p = params._params(rs)
        new, old = parse_cards("X99"), parse_cards("88")
        nc, oc = core._counts(new)[0], core._counts(old)[0]
        got = params._compare(p, nc, S.shape(new, p.srs), oc, S.shape(old, p.srs))
        assert got == S.compare(S.shape(new, p.srs), S.shape(old, p.srs), p.srs)

"""Properties of the validator.

* Arbitrary text and bytes never raise, and every diagnostic has a code of the table.
* Complete legal deals (the engine's random legal-game generator,
  ``tests/test_engine_random.py``), written as GJN text with :func:`gojinotation.dumps`,
  validate without an error.
* Single mutations of such deals (a card moved between hands, two cards swapped, a seat
  changed, a pass dropped, a set raised or lowered, a burn made by a seat that passed) are
  flagged with the right rule id, at or after the mutated place and never before it; or
  the mutated deal is still legal, which the engine confirms by replaying it (with its
  implied passes and closes filled in) without a violation.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import attrs
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as hs
from test_engine_random import deal_hands, first_leader, random_game

import gojinotation as gj
from gojinotation import model as m
from gojinotation.cards import Card, Rank, sort_cards
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.engine.sets import beating_sets
from gojinotation_analyzer.engine.state import BIT, DUI
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity
from gojinotation_analyzer.reports.validate import CODES, validate_source
from gojinotation_analyzer.rules.profiles import load_ruleset

PROFILES = ("qingdao-standard", "dian-shao-men-luo", "two-table-654321")
SLOW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------ arbitrary input


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.binary(max_size=400))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    report = validate_source(data, file="x.gjn")
    assert report.exit_code in (0, 1, 2)
    for d in report.diagnostics:
        assert d.code in CODES or d.code.startswith("GJN")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hs.lists(
        hs.sampled_from(
            [
                '[Profile "qingdao"]',
                '[Rules "cmp.ershayi=on"]',
                '[Finish "1 2"]',
                "hand 1: KK3",
                "hand 2: -",
                "1:KK",
                "2:-",
                "3:burn AA",
                "^4:close",
                "5:report 3",
                "(1:3)",
                "7.",
                "{c}",
                "1:penalty -2",
                '2:ruling "x"',
                "3:yield",
                "\n",
                "[%ruling accept]",
                "1:buy 3 from 4 for 2",
                "6:revolution",
                "1:tribute D to 2",
                '[Leader "9"]',
            ]
        ),
        max_size=25,
    )
)
def test_arbitrary_gjn_pieces_never_raise(pieces: list[str]) -> None:
    text = '[Event "x"]\n' + " ".join(pieces)
    for deck_check in (True, False):
        report = validate_source(text, file="x.gjn", deck_check=deck_check)
        keys = [(d.deal or 0, d.line, d.column) for d in report.diagnostics]
        assert keys == sorted(keys)


# ------------------------------------------------------------------ legal deals


@functools.lru_cache(maxsize=64)
def game(profile: str, seed: int) -> tuple[tuple[object, ...], tuple[m.Action, ...]]:
    """The states before each action (and the final one) and the actions of a deal."""
    states: list[object] = []
    actions: list[m.Action] = []
    for st, a, _ in random_game(profile, seed):
        states.append(st)
        if a is not None:
            actions.append(a)
    return tuple(states), tuple(actions)


def hands_of(profile: str, seed: int) -> dict[int, tuple[Card, ...]]:
    hands: dict[int, tuple[Card, ...]] = deal_hands(seed, load_ruleset(profile).deck.variant)
    return hands


def text_of(
    profile: str,
    seed: int,
    actions: Sequence[m.Action],
    hands: dict[int, tuple[Card, ...]] | None = None,
) -> str:
    hands = hands if hands is not None else hands_of(profile, seed)
    header = (m.Tag("Profile", profile), m.Tag("Leader", str(first_leader(seed, profile))))
    lines = tuple(m.Hand(s, sort_cards(h)) for s, h in sorted(hands.items()))
    return gj.dumps(m.Match((m.Deal(header, lines, tuple(actions)),)))


def errors(text: str) -> list[Diagnostic]:
    report = validate_source(text, file="g.gjn")
    assert not [d for d in report.diagnostics if d.code.startswith("GJN")]
    return [d for d in report.diagnostics if d.severity is Severity.ERROR]


def position(text: str, index: int) -> tuple[int, int]:
    action = list(gj.loads(text).deals[0].actions())[index]
    return action.span.line, action.span.column


def replays_clean(text: str) -> bool:
    """No violation in the replay of the deal with its implied passes and closes filled
    in (docs/format.md §9.3: a dropped pass may be one the rules imply)."""
    from gojinotation_analyzer.engine.fill import fill

    deal = fill(gj.loads(text).deals[0]).deal
    return not any(isinstance(e, E.Violation) for f in replay(deal) for e in f.events)


def flagged(text: str, index: int, rules: set[str], *, exactly: bool = False) -> None:
    """The mutated action ``index`` starts the trouble: no error before it, the first
    error's rule in ``rules`` (at the action itself with ``exactly``); or none at all and
    the engine replays the deal without a violation."""
    found = errors(text)
    if not found:
        assert replays_clean(text)
        return
    at = position(text, index)
    first = found[0]
    assert (first.line, first.column) >= at, first.format("en")
    if exactly:
        assert (first.line, first.column) == at, first.format("en")
    assert first.rule_id in rules, first.format("en")


deals = hs.tuples(hs.sampled_from(PROFILES), hs.integers(0, 10**6))


@settings(max_examples=12, deadline=None)
@given(deals)
def test_legal_deals_validate_without_error(pd: tuple[str, int]) -> None:
    profile, seed = pd
    _, actions = game(profile, seed)
    report = validate_source(text_of(profile, seed, actions), file="g.gjn")
    assert report.exit_code == 0
    assert all(d.code != "GJV505" for d in report.diagnostics)  # every deal is complete


# ------------------------------------------------------------------ mutations


@SLOW
@given(deals, hs.randoms(use_true_random=False))
def test_R_DECK_1_card_moved_between_hands(pd: tuple[str, int], rnd: random.Random) -> None:
    profile, seed = pd
    _, actions = game(profile, seed)
    hands = {s: list(h) for s, h in hands_of(profile, seed).items()}
    a, b = rnd.sample(range(1, 7), 2)
    hands[b].append(hands[a].pop(rnd.randrange(len(hands[a]))))
    text = text_of(profile, seed, actions, {s: tuple(h) for s, h in hands.items()})
    first = errors(text)[0]
    assert first.rule_id == "R-DECK-1" and first.code == "GJV208"
    assert first.seat in (a, b) and first.column == 1
    assert first.source_line.startswith(f"hand {first.seat}: ")  # at its hand line


@SLOW
@given(deals, hs.randoms(use_true_random=False))
def test_R_DECK_2_cards_swapped_between_hands(pd: tuple[str, int], rnd: random.Random) -> None:
    profile, seed = pd
    _, actions = game(profile, seed)
    hands = {s: list(h) for s, h in hands_of(profile, seed).items()}
    a, b = rnd.sample(range(1, 7), 2)
    i = rnd.randrange(len(hands[a]))
    j = rnd.randrange(len(hands[b]))
    # 3s and 4s have rules of their own (憋3, 闷, 开点发4): swapping one changes the play
    # legally (a 闷 comes earlier …) before any card is missing
    plain = {hands[a][i].rank, hands[b][j].rank}
    assume(len(plain) == 2 and not plain & {Rank.THREE, Rank.FOUR})
    hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    text = text_of(profile, seed, actions, {s: tuple(h) for s, h in hands.items()})
    found = errors(text)
    if not found:  # the swapped cards were never played (a burner's void cards …)
        assert replays_clean(text)
        return
    assert found[0].rule_id == "R-DECK-2" and found[0].seat in (a, b)


SEAT_RULES = {
    "R-TURN-1", "R-PASS-1", "R-PASS-2", "R-GOUJI-2", "R-REPORT-1", "R-CLOSE-1", "R-CLOSE-2",
    "R-YIELD-1", "R-DECK-2", "R-BURN-1", "R-BURN-4", "R-BURN-7", "R-BIE3-3", "R-SET-2", "R-SET-3",
    "R-BUY-1", "R-REVOLUTION-1", "R-TRIBUTE-1", "R-TRIBUTE-2",
    "R-BIE3-1",  # 3s given to a seat for which they are not its last set (憋3, play.three_split)
}  # fmt: skip


@SLOW
@given(deals, hs.randoms(use_true_random=False))
def test_seat_changed(pd: tuple[str, int], rnd: random.Random) -> None:
    profile, seed = pd
    _, actions = game(profile, seed)
    i = rnd.randrange(len(actions))
    other = rnd.choice([s for s in range(1, 7) if s != actions[i].seat])
    mutated = (*actions[:i], attrs.evolve(actions[i], seat=other), *actions[i + 1 :])
    flagged(text_of(profile, seed, mutated), i, SEAT_RULES)


DROP_RULES = {
    "R-TURN-1", "R-CLOSE-1", "R-CLOSE-2", "R-YIELD-1", "R-PASS-1", "R-PASS-2", "R-GOUJI-2",
    "R-BURN-4",
}  # fmt: skip


@SLOW
@given(deals, hs.randoms(use_true_random=False))
def test_pass_dropped(pd: tuple[str, int], rnd: random.Random) -> None:
    profile, seed = pd
    _, actions = game(profile, seed)
    passes = [i for i, a in enumerate(actions) if isinstance(a, m.Pass)]
    i = rnd.choice(passes)
    flagged(text_of(profile, seed, (*actions[:i], *actions[i + 1 :])), i, DROP_RULES)


SHIFT_RULES = {
    "R-DECK-2", "R-SET-3", "R-SET-2", "R-GOUJI-2", "R-TURN-1", "R-PASS-1", "R-PASS-2",
    "R-BIE3-1", "R-BURN-4",
    "R-JOKER-3", "R-JOKER-4", "R-BURN-7", "R-CLOSE-1", "R-CLOSE-2",
}  # fmt: skip


@SLOW
@given(deals, hs.randoms(use_true_random=False), hs.sampled_from((-1, 1)))
def test_set_raised_or_lowered(pd: tuple[str, int], rnd: random.Random, delta: int) -> None:
    profile, seed = pd
    _, actions = game(profile, seed)
    natural = [
        i
        for i, a in enumerate(actions)
        if isinstance(a, (m.Play, m.Burn))
        and any(c.rank is not None and Rank.FOUR <= c.rank <= Rank.KING for c in a.cards)
    ]
    i = rnd.choice(natural)
    a = actions[i]
    assert isinstance(a, (m.Play, m.Burn))
    cards = tuple(
        Card(Rank(c.rank + delta), c.suit)
        if c.rank is not None and Rank.FOUR <= c.rank <= Rank.KING
        else c
        for c in a.cards
    )
    mutated = (*actions[:i], attrs.evolve(a, cards=cards), *actions[i + 1 :])
    flagged(text_of(profile, seed, mutated), i, SHIFT_RULES)


@SLOW
@given(deals, hs.randoms(use_true_random=False))
def test_R_BURN_1_burn_made_from_a_passed_seat(pd: tuple[str, int], rnd: random.Random) -> None:
    profile, seed = pd
    states, actions = game(profile, seed)
    spots: list[tuple[int, int, tuple[Card, ...]]] = []
    for i, st in enumerate(states[: len(actions)]):
        top: object = getattr(st, "top", None)
        if top is None or not getattr(top, "gouji", False) or getattr(st, "closing", True):
            continue
        owner = getattr(top, "owner", 0)
        for s in range(1, 7):
            passed = getattr(st, "passed", 0) & BIT[s]
            if not passed or s in (owner, DUI[owner]) or not st.is_active(s):  # type: ignore[attr-defined]
                continue
            beats = beating_sets(st.hand(s), top.shape, st.p.srs) if top.shape else []  # type: ignore[attr-defined]
            spots.append((i, s, beats[0] if beats else top.cards))  # type: ignore[attr-defined]
    assume(spots)
    i, seat, cards = rnd.choice(spots)
    mutated = (*actions[:i], m.Burn(seat, cards=cards), *actions[i:])
    text = text_of(profile, seed, mutated)
    first = errors(text)[0]
    assert (first.line, first.column) == position(text, i), first.format("en")
    assert (first.code, first.rule_id, first.seat) == ("GJV209", "R-BURN-1", seat)
    assert first.action.startswith(f"{seat}:burn ")

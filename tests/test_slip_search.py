"""What the slip-repair search's short cuts rest on (branch ``slip``, issues #15/#16).

* The searches from one state walk one tree of passes and closes (``fill._Tree``): what
  each finds is what a search of its own finds.
* A set the seat cannot hold is not searched for (``implied_items``): the engine accepts
  no play or burn of cards not held (``legal.holdable``, R-DECK-2), and passes and closes
  change none of the fields that check reads (``legal.HOLD_FIELDS``).  Filling and
  repairing damaged records gives the same deals, slips and ambiguities with the short
  cut as without it.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import gojinotation as gj
from gojinotation import model as m
from gojinotation.errors import GoujiError
from gojinotation_analyzer.engine import can, do, fill, legal, legal_actions, replay
from gojinotation_analyzer.engine.fill import _fill, _key, _Tree, implied_items
from tests.test_fill_trace import RECORDS, _deals


@functools.cache
def _simulated() -> tuple[m.Deal, ...]:
    """A deal of each shipped profile (random bots: burns, 二杀一, 无头 … come up)."""
    from gojinotation_analyzer.rules.profiles import PROFILES
    from gojinotation_analyzer.simulation.simulate import simulate

    return tuple(d for p in sorted(PROFILES) for d in simulate(p, 16, 1, bot="random"))


def _states(limit: int = 400) -> list[Any]:
    out: list[Any] = []
    for deal in _deals():
        for frame in replay(deal):
            if not frame.state.ended:
                out.append(frame.state)
    step = max(1, len(out) // limit)
    out = out[::step]
    for deal in _simulated():
        frames = list(replay(deal))
        out += [f.state for f in frames[:: max(1, len(frames) // 40)] if not f.state.ended]
    return out


def test_every_legal_set_is_holdable_and_passes_and_closes_change_no_hand() -> None:
    sets = turns = 0
    for st in _states():
        for a in legal_actions(st):
            if isinstance(a, (m.Play, m.Burn)):
                assert legal.holdable(st, a.seat, a.cards), a
                sets += 1
            elif type(a) in (m.Pass, m.Close):
                after = do(st, a)[0]
                for name in legal.HOLD_FIELDS:
                    assert getattr(after, name) == getattr(st, name), (a, name)
                turns += 1
    assert sets > 100 and turns > 100


def test_a_set_not_held_is_legal_nowhere_in_the_tree() -> None:
    """The short cut's claim, checked the long way: for sets the seat cannot hold, no
    state of the tree (a run of passes and closes) accepts them."""
    rng = random.Random(15)
    checked = 0
    for st in _states(60):
        tree = _Tree(st)
        nodes = [st] + [s for i in range(4) for _, s in (tree.level(i) or [])]
        for seat in range(1, 7):
            cards = gj.parse_action(f"{seat}:{rng.choice(['KKKK', '22', 'DD', 'XX3', 'AAAAA'])}")
            assert isinstance(cards, m.Play)
            if legal.holdable(st, seat, cards.cards):
                continue
            assert not any(can(s, cards) for s in nodes)
            assert implied_items(st, cards, limit=4) == ([], [])
            checked += 1
    assert checked > 20


def _damaged(text: str, seed: int) -> str:
    """Move lines with a seat changed or a card of a set changed (seeded)."""
    rng = random.Random(seed)
    out = []
    for line in text.split("\n"):
        if line[:1].isdigit() and ". " in line and rng.random() < 0.3:
            tokens = line.split(" ")
            k = rng.randrange(1, len(tokens)) if len(tokens) > 1 else 0
            if k and ":" in tokens[k]:
                seat, _, what = tokens[k].partition(":")
                if rng.random() < 0.5:
                    tokens[k] = f"{rng.randint(1, 6)}:{what}"
                elif what and what[0] in "3456789TJQKA2":
                    tokens[k] = f"{seat}:{rng.choice('3456789TJQKA2')}{what[1:]}"
            line = " ".join(tokens)
        out.append(line)
    return "\n".join(out)


@pytest.mark.parametrize("seed", [1, 2])
def test_repairs_are_those_of_the_search_without_the_short_cut(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    results: list[list[Any]] = [[], []]
    for path in RECORDS:
        text = _damaged(path.read_text("utf-8"), seed)
        try:
            deals = [d for d in gj.loads(text).deals if isinstance(d, m.Deal)]
        except GoujiError:
            continue
        for run in (0, 1):
            if run:  # every set counted holdable: each search walks its tree
                monkeypatch.setattr(legal, "holdable", lambda st, seat, cards: True)
            for deal in deals:
                got = _fill(deal, None, False, True)
                results[run].append((got.deal.moves, got.slips, got.ambiguities, got.inserted))
            monkeypatch.undo()
    assert results[0] == results[1]
    assert sum(len(r[1]) for r in results[0]) > 0  # slips were repaired


def test_the_tree_is_the_breadth_first_search() -> None:
    st = _states(20)[5]
    tree = _Tree(st)
    seen = {_key(st)}
    frontier = [st]
    for i in range(3):
        nxt = []
        for s in frontier:
            for a in fill._candidates(s):
                s2 = do(s, a)[0]
                if _key(s2) not in seen:
                    seen.add(_key(s2))
                    nxt.append(s2)
        got = tree.level(i)
        assert [_key(s) for _, s in got or []] == [_key(s) for s in nxt]
        frontier = nxt


def test_passes_and_closes_are_those_legal_actions_lists() -> None:
    from gojinotation_analyzer.engine.legal import passes_and_closes

    listed = 0
    for st in _states():
        want = [a for a in legal_actions(st, sets_for=()) if type(a) in (m.Pass, m.Close)]
        assert passes_and_closes(st) == want
        listed += len(want)
    assert listed > 100

"""What the per-deal speed-ups of ``fill`` and ``explicit`` rest on (branch ``tiny``).

* ``explicit`` reads the events of a record with nothing to fill from ``fill``'s own
  replay (``_fill(..., trace)``) instead of replaying it again: those events must be the
  replay's, action for action.
* The searches from one state share its expansions (``implied_items(..., memo=...)``):
  with a memo they must find what they find without one.
* ``_key`` hashes a state's values as they are: states with equal fields (the history
  aside) have equal keys, states that differ in a field do not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gojinotation as gj
from gojinotation import model as m
from gojinotation_analyzer.engine import do, legal_actions, replay
from gojinotation_analyzer.engine.fill import Expansions, _fill, _key, implied_items
from gojinotation_analyzer.engine.normalize import explicit

ROOT = Path(__file__).parent.parent
RECORDS = sorted(ROOT.glob("samples/*.gjn")) + sorted((ROOT / "tests" / "terse").glob("*.gjn"))


def _deals() -> list[m.Deal]:
    out: list[m.Deal] = []
    for path in RECORDS:
        out += [d for d in gj.load(path).deals if isinstance(d, m.Deal)]
    return out


def test_trace_is_the_replay_where_nothing_is_filled() -> None:
    traced = 0
    for deal in _deals():
        trace: list[tuple[Any, ...] | None] = []
        filled = _fill(deal, None, True, False, trace)
        if filled.deal is not deal or None in trace:
            continue  # items were filled in: explicit replays the filled deal
        frames = list(replay(deal))[1:]
        assert len(trace) == len(frames)
        assert trace == [f.events for f in frames]
        traced += 1
    assert traced >= 5  # the canonical samples


def test_explicit_of_a_canonical_record_is_itself() -> None:
    """A canonical record (the samples) comes back as written: its closes and round
    numbers, read from the trace, are those it has."""
    same = 0
    for path in sorted(ROOT.glob("samples/*.gjn")):
        for deal in gj.load(path).deals:
            if not isinstance(deal, m.Deal):
                continue
            same += explicit(deal).moves == deal.moves
    assert same >= 5


def _states(deal: m.Deal, n: int) -> list[Any]:
    return [f.state for f in list(replay(deal))[:n]]


def test_memo_finds_what_the_search_alone_finds() -> None:
    searched = 0
    for deal in _deals()[:6]:
        actions = list(deal.actions())
        for i, st in enumerate(_states(deal, 25)):
            if i >= len(actions) or getattr(st, "ended", False):
                break
            memo: Expansions = {}
            for seat in range(1, 7):
                target = m.Close(seat)
                plain = implied_items(st, target, limit=4)
                shared = implied_items(st, target, limit=4, memo=memo)
                assert plain[0] == shared[0]
                assert [_key(s) for s in plain[1]] == [_key(s) for s in shared[1]]
                searched += bool(plain[0])
    assert searched > 0


def test_key_equal_states_only() -> None:
    deal = _deals()[0]
    st = next(iter(replay(deal))).state
    again = next(iter(replay(deal))).state
    assert _key(st) == _key(again) and hash(_key(st)) == hash(_key(again))
    moved = [do(st, a)[0] for a in legal_actions(st)[:6]]
    keys = {_key(s) for s in moved}
    assert _key(st) not in keys
    # a state with a field no hash reads as it is (a list) is keyed all the same
    odd = st.copy()
    odd.__dict__["gsj"] = list(st.gsj)
    assert _key(odd) == _key(st)

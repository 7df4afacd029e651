"""Set comparison benchmark: :func:`compare` and :func:`beats` on every pair of sets, the
enumeration of beating sets, and the replay of the sample records.

Not a timed test: a script.  For every profile of :data:`~rules.profiles.PROFILES`, 200
sets drawn from the legal sets of a wide hand (four of each of ``3 4 7 8 K``, six 2s, six
of each joker: 1,300 to 7,200 legal sets a profile); it measures, in CPU seconds of this
process (the machine is shared):

* **compare**: :func:`~engine.sets.compare` on every ordered pair (the verdict with its
  reasons spelled out);
* **beats**: :func:`~engine.sets.beats` on every ordered pair (the yes/no the
  enumeration asks);
* **beating sets**: :func:`~engine.sets.beating_sets` of 200 random hands against 50
  standing sets a profile (from empty caches each run);
* **replay**: every deal of ``samples/*.gjn`` replayed to its end, ``--replays`` times.

Each figure is the median of ``--runs`` runs in this process.  Usage::

    python benchmarks/bench_sets.py                  # 5 runs
    python benchmarks/bench_sets.py --runs 3 --only beats
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import gojinotation as gj
from gojinotation.cards import Card, Rank
from gojinotation.model import Deal
from gojinotation_analyzer.engine import sets_enum
from gojinotation_analyzer.engine.replay import replay
from gojinotation_analyzer.engine.sets import (
    SetShape,
    beating_sets,
    beats,
    candidate_sets,
    compare,
    shape,
)
from gojinotation_analyzer.rules.profiles import PROFILES, load_ruleset
from gojinotation_analyzer.rules.ruleset import Ruleset

ROOT = Path(__file__).resolve().parent.parent

_RANKS = [Rank.THREE, Rank.FOUR, Rank.SEVEN, Rank.EIGHT, Rank.KING]
_HAND = tuple(Card(r) for r in _RANKS for _ in range(4)) + tuple(
    Card(r) for r in (Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER) for _ in range(6)
)


def _sets(k: int = 200) -> list[tuple[Ruleset, list[SetShape]]]:
    """Every profile with ``k`` of the legal sets of :data:`_HAND` (the same each run)."""
    out = []
    for pid in sorted(PROFILES):
        rs = load_ruleset(pid)
        legal = candidate_sets(_HAND, rs)
        out.append((rs, [shape(c, rs) for c in random.Random(pid).sample(legal, k)]))
    return out


def _pairs(fn: Callable[[SetShape, SetShape, Ruleset], object]) -> Callable[[], int]:
    sets = _sets()

    def run() -> int:
        n = 0
        for rs, shapes in sets:
            for a in shapes:
                for b in shapes:
                    fn(a, b, rs)
                    n += 1
        return n

    return run


def _enumerate() -> Callable[[], int]:
    rng = random.Random(7)
    deck = [Card(r) for r in Rank for _ in range(4)]
    cases = []
    for rs, shapes in _sets():
        olds = rng.sample(shapes, min(50, len(shapes)))
        hands = [tuple(rng.sample(deck, 27)) for _ in range(200)]
        cases.append((rs, olds, hands))

    def run() -> int:
        sets_enum._FAST_BY_ID.clear()  # each run starts with the enumeration's caches empty
        sets_enum._FAST_BY_PARAMS.clear()
        n = 0
        for rs, olds, hands in cases:
            for i, hand in enumerate(hands):
                n += len(beating_sets(hand, olds[i % len(olds)], rs))
        return n

    return run


def _replay(times: int) -> Callable[[], int]:
    deals: list[Deal] = []
    for path in sorted((ROOT / "samples").glob("*.gjn")):
        match = gj.read(path.read_text(encoding="utf-8")).match
        deals += [d for d in match.deals if isinstance(d, Deal)]

    def run() -> int:
        n = 0
        for _ in range(times):
            for d in deals:
                try:
                    for _frame in replay(d):
                        n += 1
                except Exception:  # a sample that stops on purpose (an illegal play)
                    n += 1
        return n

    return run


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--replays", type=int, default=20, help="times each sample is replayed")
    ap.add_argument("--only", choices=["compare", "beats", "beating_sets", "replay"])
    args = ap.parse_args(argv)
    cases: dict[str, Callable[[], Callable[[], int]]] = {
        "compare": lambda: _pairs(compare),
        "beats": lambda: _pairs(beats),
        "beating_sets": _enumerate,
        "replay": lambda: _replay(args.replays),
    }
    for name, make in cases.items():
        if args.only and name != args.only:
            continue
        run = make()
        times = []
        for _ in range(args.runs):
            t0 = time.process_time()
            n = run()
            times.append(time.process_time() - t0)
        med = statistics.median(times)
        print(
            f"{name:13} {med:7.3f} s CPU (median of {args.runs}; min {min(times):.3f}), {n} items"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Replay speed on random 36-card games, with and without parsing.

Run the measurement with::

    python tests/test_engine_perf.py [deals] [profile]

It plays ``deals`` random legal games (see ``test_engine_random``), writes them as GJN,
then times (a) the engine replay of the parsed deals and (b) parsing plus replay.
The test below only guards against gross regressions.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from test_engine_random import random_game

import gojinotation as gj
from gojinotation.model import Deal, Hand, Report, Tag
from gojinotation_analyzer.engine import replay


def record(profile: str, seed: int) -> Deal:
    """A random legal game as a record."""
    frames = list(random_game(profile, seed))
    st0 = frames[0][0]
    hands = tuple(Hand(s, tuple(st0.hand(s))) for s in range(1, 7))
    # reports are optional at the table: a random player spams them, a record would not
    moves = tuple(a for _, a, _ in frames[1:] if a is not None and not isinstance(a, Report))
    header = (Tag("Profile", profile), Tag("Leader", str(st0.leader)))
    return Deal(header=header, hands=hands, moves=moves)


def measure(n: int = 100, profile: str = "qingdao-standard") -> dict[str, float]:
    deals = [record(profile, seed) for seed in range(n)]
    text = gj.dumps(gj.Match(deals=tuple(deals)))
    parsed = gj.loads(text).deals
    actions = sum(len(list(d.actions())) for d in parsed if isinstance(d, gj.Deal))
    replay_s = both_s = parse_s = float("inf")
    for _ in range(3):  # best of three, in CPU time (the machine may be shared)
        t = time.process_time()
        for d in parsed:
            for _ in replay(d):
                pass
        replay_s = min(replay_s, time.process_time() - t)
        t = time.process_time()
        again = gj.loads(text).deals
        parse_s = min(parse_s, time.process_time() - t)
        t = time.process_time()
        for d in gj.loads(text).deals:
            for _ in replay(d):
                pass
        both_s = min(both_s, time.process_time() - t)
    assert len(again) == n
    return {
        "deals": n,
        "actions_per_deal": actions / n,
        "replay_deals_per_s": n / replay_s,
        "parse_deals_per_s": n / parse_s,
        "parse_and_replay_deals_per_s": n / both_s,
        "replay_us_per_action": replay_s / actions * 1e6,
    }


def test_replay_speed_guard() -> None:
    m = measure(8)
    assert m["replay_deals_per_s"] > 20  # a loose floor against gross regressions


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    prof = sys.argv[2] if len(sys.argv) > 2 else "qingdao-standard"
    for k, v in measure(n, prof).items():
        print(f"{k}: {v:.1f}")

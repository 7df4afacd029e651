"""Search for a GJV222 ambiguity: a position where two shortest runs of implied passes and
closes make a recorded action legal and lead to different states.

Random small positions (1–3 sets a seat, jokers now and then) under a random shipped
profile, a random walk of up to 8 legal actions from the start; then every action that
becomes legal after up to 3 passes or closes is asked of
:func:`gojinotation_analyzer.engine.fill.implied_items`.  It prints the first ambiguous
position found, or how many positions were searched (docs/validator.md, GJV222).

    python benchmarks/ambiguity_search.py [SEED] [SECONDS]
"""

from __future__ import annotations

import random
import sys
import time

import gojinotation as gj
from gojinotation import model as m
from gojinotation.cards import parse_cards
from gojinotation_analyzer.engine import do, legal_actions, new_deal
from gojinotation_analyzer.engine.fill import _key, _text, implied_items
from gojinotation_analyzer.engine.state import DealState
from gojinotation_analyzer.rules.profiles import SHIPPED, load_ruleset

RANKS = "3456789TJQKA2"


def _position(rng: random.Random) -> tuple[str, list[str], DealState]:
    hands = []
    for _ in range(6):
        h = " ".join(rng.choice(RANKS) * rng.randint(1, 3) for _ in range(rng.randint(1, 3)))
        h += " X" if rng.random() < 0.15 else ""
        h += " D" if rng.random() < 0.1 else ""
        hands.append(h)
    pid = rng.choice(SHIPPED)
    cards = [parse_cards(h) for h in hands]
    st = new_deal(cards, load_ruleset(pid), leader=rng.randint(1, 6), deck_check=False)
    for _ in range(rng.randint(0, 8)):
        acts = [a for a in legal_actions(st) if type(a) is not m.Report]
        if not acts or st.ended:
            break
        st = do(st, rng.choice(acts))[0]
    return pid, hands, st


def _ambiguous(st: DealState, depth: int = 3) -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    targets: dict[str, m.Action] = {}
    frontier: list[DealState] = [st]
    seen = {_key(st)}
    for d in range(depth + 1):
        nxt: list[DealState] = []
        for s in frontier:
            for a in legal_actions(s):
                if type(a) in (m.Pass, m.Close):
                    s2 = do(s, a)[0]
                    if _key(s2) not in seen:
                        seen.add(_key(s2))
                        nxt.append(s2)
                elif d > 0 and type(a) is not m.Report:
                    targets.setdefault(gj.format_action(a), a)
        frontier = nxt
    for text, a in targets.items():
        runs, _states = implied_items(st, a)
        if len(runs) > 1:
            found.append((text, [_text(r) for r in runs]))
    return found


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
    rng = random.Random(seed)
    start = time.monotonic()
    n = 0
    while time.monotonic() - start < seconds:
        pid, hands, st = _position(rng)
        if st.ended:
            continue
        n += 1
        found = _ambiguous(st)
        if found:
            print(f"ambiguous under {pid}: hands {hands}, {st.summary()}: {found}")
            return
    print(f"{n} positions searched (seed {seed}, {seconds:.0f} s): no ambiguity")


if __name__ == "__main__":
    main()

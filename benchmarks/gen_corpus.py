"""Generate a realistic GJN corpus for the notation benchmarks (no rules engine needed).

Each deal shuffles four 54-card decks, deals six 36-card hands and plays rounds of
plausible actions: a leader plays a set of one rank, the others follow with a higher set
of the same size or pass, a seat's 对头 sometimes yields or burns, the round is closed
(扣牌) and the last player leads the next round.  Tags, a few comments, glyphs and
``[%clk]`` notes are sprinkled in.  The output is seeded and deterministic; the rules are
only imitated (the notation layer knows no rules, and neither does this script).

Usage::

    python benchmarks/gen_corpus.py --deals 10000 --seed 1 -o benchmarks/out/corpus.gjn

>>> text = generate(2, seed=7)
>>> text == generate(2, seed=7), text.startswith("%GJN 1")
(True, True)
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

#: Rank letters from weakest to strongest (index = strength order).
RANKS = "3456789TJQKA2XD"
_SUITED = "3456789TJQKA2"
_SUITS = "shcd"

_EVENTS = ("青岛公开赛", "Shandong Open", "潍坊够级联赛", "Club night", "日照邀请赛")
_SITES = ("青岛", "济南", "潍坊", "烟台", "Online")
_NAMES = ("张伟", "王芳", "李娜", "刘洋", "陈杰", "杨静", "赵磊", "黄敏", "周涛", "吴昊", "Zhang")
_COMMENTS = (
    "对头顶上了",
    "a strong lead",
    "够级牌！",
    "should have kept the 2s",
    "烧牌失败",
    "this closes the round",
    "点了",
    "nice yield",
)


def _deck() -> list[str]:
    """Four 54-card decks as rank letters (suits ignored for play)."""
    cards: list[str] = []
    for _ in range(4):
        cards.extend(r for r in _SUITED for _ in range(4))
        cards.extend(("X", "D"))
    return cards


def _hand_text(cards: list[str], suits: list[str] | None) -> str:
    """A hand in canonical order, one group a rank (``hand 1: DD X 2222 …``)."""
    groups: dict[str, list[str]] = {}
    for i, c in enumerate(cards):
        groups.setdefault(c, []).append(c + (suits[i] if suits and c in _SUITED else ""))
    parts = []
    for r in reversed(RANKS):
        if r in groups:
            parts.append("".join(sorted(groups[r], key=lambda s: ("shcd".find(s[1:]), s))))
    return " ".join(parts)


def _set_text(rank: str, n: int) -> str:
    return rank * n if n < 7 else f"{rank}*{n}"


def _decided(finished: list[int]) -> bool:
    """Stop once three seats are out (the places that decide most scores are known)."""
    return len(finished) >= 3


def _deal(rng: random.Random, index: int) -> str:
    deck = _deck()
    rng.shuffle(deck)
    hands = {seat: deck[(seat - 1) * 36 : seat * 36] for seat in range(1, 7)}
    suited = rng.random() < 0.2  # a fifth of the records come from a table that logs suits
    lines: list[str] = []
    names = rng.sample(_NAMES, 6)
    tags = [
        ("Event", rng.choice(_EVENTS)),
        ("Site", rng.choice(_SITES)),
        ("Date", f"2026.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}"),
        ("Round", str(1 + index // 6)),
        ("Table", str(1 + index % 12)),
        ("Deal", str(index + 1)),
        *((f"Seat{s}", names[s - 1]) for s in range(1, 7)),
        ("Profile", rng.choice(("qingdao", "weifang", "standard"))),
        ("TimeControl", "30+5"),
    ]
    lines.extend(f'[{k} "{v}"]' for k, v in tags)
    lines.append("")
    for seat in range(1, 7):
        suits = [rng.choice(_SUITS) for _ in hands[seat]] if suited else None
        lines.append(f"hand {seat}: {_hand_text(hands[seat], suits)}")
    lines.append("")
    counts = {s: {r: hands[s].count(r) for r in RANKS} for s in hands}
    left = dict.fromkeys(hands, 36)
    finished: list[int] = []
    leader = rng.randint(1, 6)
    actions = 0
    rnd = 0
    clock = dict.fromkeys(hands, 1800)

    def annotate(text: str, seat: int) -> str:
        clock[seat] = max(0, clock[seat] - rng.randint(1, 40))
        if rng.random() < 0.08:
            text += f" [%clk {clock[seat]}]"
        if rng.random() < 0.02:
            text += " " + rng.choice(("!", "?", "!?", "!!"))
        if rng.random() < 0.015:
            text += " {" + rng.choice(_COMMENTS) + "}"
        return text

    while not _decided(finished) and actions < 320:
        rnd += 1
        active = [s for s in range(1, 7) if s not in finished]
        if leader in finished:
            leader = active[0]
        parts = [f"{rnd}."]
        # the lead: a whole rank group (often) or part of one
        held = [r for r in RANKS if counts[leader][r]]
        rank = rng.choice(held[: max(1, len(held) // 2 + 1)])
        n = counts[leader][rank] if rng.random() < 0.85 else rng.randint(1, counts[leader][rank])
        last_seat, last_rank, size = leader, RANKS.index(rank), n
        counts[leader][rank] -= n
        left[leader] -= n
        parts.append(annotate(f"{leader}:{_set_text(rank, n)}", leader))
        actions += 1
        if left[leader] == 0:
            finished.append(leader)
        passed: set[int] = set()
        seat = leader
        while True:
            seat = seat % 6 + 1
            if seat in finished or seat in passed:
                if seat == last_seat:
                    break
                continue
            if seat == last_seat:
                break
            higher = [
                r
                for r in RANKS[last_rank + 1 :]
                if counts[seat][r] >= size and (r != "D" or rng.random() < 0.3)
            ]
            if higher and rng.random() < 0.85:
                r = higher[0] if rng.random() < 0.7 else rng.choice(higher)
                burn = size >= 4 and seat % 2 != last_seat % 2 and rng.random() < 0.1
                verb = "burn " if burn else ""
                counts[seat][r] -= size
                left[seat] -= size
                last_seat, last_rank = seat, RANKS.index(r)
                parts.append(annotate(f"{seat}:{verb}{_set_text(r, size)}", seat))
                if left[seat] == 0:
                    finished.append(seat)
            elif rng.random() < 0.04 and (seat + 3 - 1) % 6 + 1 == last_seat:
                parts.append(annotate(f"{seat}:yield", seat))
            else:
                passed.add(seat)
                parts.append(annotate(f"{seat}:-", seat))
            actions += 1
            if left[seat] and left[seat] <= 3 and rng.random() < 0.3:
                parts.append(f"{seat}:report {left[seat]}")
                actions += 1
        closer = (last_seat + 2) % 6 + 1
        if closer in finished:
            closer = last_seat
        parts.append(f"{closer}:close")
        actions += 1
        lines.append(" ".join(parts))
        leader = last_seat if last_seat not in finished else (last_seat % 6 + 1)
    return "\n".join(lines) + "\n"


def iter_generate(deals: int, *, seed: int = 1) -> Iterator[str]:
    """The corpus text piece by piece: the version line, a prologue, then each deal."""
    rng = random.Random(seed)
    yield "%GJN 1\n\n{Synthetic corpus for benchmarks; seeded, not a real tournament.}\n\n"
    for i in range(deals):
        yield _deal(rng, i)
        yield "\n"


def generate(deals: int, *, seed: int = 1) -> str:
    """The whole corpus as one string (small sizes; the CLI streams to a file)."""
    return "".join(iter_generate(deals, seed=seed))


def main(argv: list[str] | None = None) -> int:
    """Command line: write ``--deals`` deals to ``-o`` (or standard output)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", type=Path, default=None)
    args = ap.parse_args(argv)
    if args.output is None:
        for piece in iter_generate(args.deals, seed=args.seed):
            sys.stdout.write(piece)
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    with args.output.open("w", encoding="utf-8", newline="\n") as fh:
        for piece in iter_generate(args.deals, seed=args.seed):
            fh.write(piece)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""One slip, one error: how many diagnostics one mistake in a record costs.

Generated deals (``gouji simulate``, complete and legal) get one random mutation each:

* ``drop-pass``: a pass left out;
* ``wrong-seat``: an action written with another seat's number;
* ``wrong-card``: one card of a set written one rank higher or lower.

Each mutated record is validated, and the errors (and all findings but notices) are
counted: the distribution per kind, its median and 95th percentile, with the implied
passes and closes filled in (the validator as it is) and without (``fill`` switched off,
the validator as it was before terse records).

    python benchmarks/one_slip.py --deals 40 --profile qingdao-standard --seed 1

The figures in docs/validator.md come from this command.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "analyzer"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import gojinotation as gj  # noqa: E402
from gojinotation import model as m  # noqa: E402
from gojinotation.cards import Card, Rank  # noqa: E402
from gojinotation_analyzer.engine import fill as fill_module  # noqa: E402
from gojinotation_analyzer.reports.diagnostics import Severity  # noqa: E402
from gojinotation_analyzer.reports.validate import validate_source  # noqa: E402
from gojinotation_analyzer.simulation.simulate import simulate  # noqa: E402

KINDS = ("drop-pass", "wrong-seat", "wrong-card")


def _actions_at(deal: m.Deal) -> list[int]:
    """Positions in ``deal.moves`` of the main-line actions."""
    return [i for i, it in enumerate(deal.moves) if isinstance(it, m.ACTION_TYPES)]


def mutate(deal: m.Deal, kind: str, rng: random.Random) -> m.Deal | None:
    """The deal with one mutation of ``kind`` (``None`` when the deal offers none)."""
    moves = list(deal.moves)
    at = _actions_at(deal)
    if kind == "drop-pass":
        cands = [i for i in at if isinstance(moves[i], m.Pass)]
        if not cands:
            return None
        del moves[rng.choice(cands)]
    elif kind == "wrong-seat":
        i = rng.choice(at)
        a = moves[i]
        assert not isinstance(a, (m.Comment, m.RoundMark, m.Variation))
        moves[i] = attrs.evolve(a, seat=rng.choice([s for s in range(1, 7) if s != a.seat]))
    else:
        cands = [
            i
            for i in at
            if isinstance(moves[i], (m.Play, m.Burn))
            and any(c.rank is not None and Rank.FOUR <= c.rank <= Rank.KING for c in moves[i].cards)  # type: ignore[union-attr]
        ]
        if not cands:
            return None
        i = rng.choice(cands)
        a = moves[i]
        assert isinstance(a, (m.Play, m.Burn))
        j = rng.choice(
            [k for k, c in enumerate(a.cards) if c.rank and Rank.FOUR <= c.rank <= Rank.KING]
        )
        c = a.cards[j]
        assert c.rank is not None
        new = Card(Rank(c.rank + rng.choice((-1, 1))), c.suit)
        moves[i] = attrs.evolve(a, cards=(*a.cards[:j], new, *a.cards[j + 1 :]))
    return attrs.evolve(deal, moves=tuple(moves))


def count(text: str) -> tuple[int, int]:
    """Errors, and findings that are not notices, of a record."""
    report = validate_source(text, file="slip.gjn")
    errs = sum(1 for d in report.diagnostics if d.severity is Severity.ERROR)
    findings = sum(1 for d in report.diagnostics if d.severity is not Severity.NOTICE)
    return errs, findings


def _no_fill(deal: m.Deal, *_: object, **__: object) -> fill_module.Filled:
    return fill_module.Filled(deal, 0, ())


def cases(profile: str, seed: int, deals: int) -> Iterator[tuple[str, str]]:
    """(kind, mutated record text) for every deal and every kind."""
    rng = random.Random(seed)
    for deal in simulate(profile, seed, deals):
        for kind in KINDS:
            mutated = mutate(deal, kind, rng)
            if mutated is not None:
                yield kind, gj.dumps(m.Match((mutated,), 1))


def percentile(values: list[int], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    s = sorted(values)
    return float(s[min(len(s) - 1, max(0, round(q * len(s) + 0.5) - 1))])


def measure(texts: list[tuple[str, str]], filling: bool) -> dict[str, list[tuple[int, int]]]:
    saved: Callable[..., fill_module.Filled] = fill_module.fill
    if not filling:
        fill_module.fill = _no_fill
    try:
        out: dict[str, list[tuple[int, int]]] = {k: [] for k in (*KINDS, "all")}
        for kind, text in texts:
            r = count(text)
            out[kind].append(r)
            out["all"].append(r)
        return out
    finally:
        fill_module.fill = saved


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="qingdao-standard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=40)
    args = ap.parse_args()
    texts = list(cases(args.profile, args.seed, args.deals))
    print(f"{args.profile}, seed {args.seed}: {args.deals} deals, {len(texts)} mutated records")
    print("errors per mutated record: median / 95th percentile / max; the distribution")
    for label, filling in (("before (no filling)", False), ("after (filling)", True)):
        res = measure(texts, filling)
        print(f"== {label}")
        for kind in (*KINDS, "all"):
            errs = [e for e, _ in res[kind]]
            finds = [f for _, f in res[kind]]
            dist = Counter(min(e, 10) for e in errs)
            hist = " ".join(f"{k if k < 10 else '10+'}:{dist[k]}" for k in sorted(dist))
            print(
                f"  {kind:11} n={len(errs):3}  errors {statistics.median(errs):g} / "
                f"{percentile(errs, 0.95):g} / {max(errs)}  findings "
                f"{statistics.median(finds):g} / {percentile(finds, 0.95):g} / {max(finds)}  "
                f"[{hist}]"
            )


if __name__ == "__main__":
    main()

"""Compare source trees of the project on one corpus: parse, parse + replay, validate.

Not a timed test: a script for "speed does not regress" checks across a refactoring.  Each
tree is a checkout of the project (for example a ``git worktree`` of the commit before a
change and the working tree after it); every measurement runs in a fresh subprocess with
``PYTHONPATH`` pointing at that tree (``TREE`` and ``TREE/analyzer``), so both trees run in
the same interpreter, on the same corpus, interleaved run by run (the machine's load drifts
alike for both).  The figures are medians of process CPU time.

Measures:

* **parse**: :func:`gojinotation.iter_deals` streaming the corpus;
* **parse + replay**: every deal replayed to its end by the engine's ``replay``;
* **validate**: the validator's ``validate_source`` on the corpus file (read, replay,
  diagnostics), as ``gouji validate`` runs it.

The engine and validator are found under their current names
(``gojinotation_analyzer.engine``, ``gojinotation_analyzer.reports.validate``) or the
names before the layout of December 2026 (``analyzer.engine``, ``analyzer.validate``).

Usage::

    git worktree add /tmp/before <commit>
    gouji simulate --profile all --seed 1 --deals 1000 -o benchmarks/out/trees.gjn
    python benchmarks/bench_trees.py --corpus benchmarks/out/trees.gjn /tmp/before .
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

MEASURES = ("parse", "replay", "validate")

_CHILD = r"""
import importlib, json, sys, time
measure, corpus = sys.argv[1], sys.argv[2]

def first(*names):
    for module, attr in names:
        try:
            return getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            continue
    raise SystemExit(f"none of {names} found")

import gojinotation as gj
replay = first(("gojinotation_analyzer.engine", "replay"),
               ("gojinotation_analyzer.engine.engine", "replay"), ("analyzer.engine", "replay"))
validate_source = first(("gojinotation_analyzer.reports.validate", "validate_source"),
                        ("analyzer.validate", "validate_source"))
from pathlib import Path
if len(sys.argv) > 3 and sys.argv[3] == "warm":
    # Set-up paid once per process (the grammar's parser, first imports) left out: the
    # first deal of the corpus read, replayed and validated before the clock starts.
    head = Path(corpus).read_text(encoding="utf-8")[:200_000]
    first = head[: head.find("[Deal ", head.find("[Deal ") + 1)]
    for item in gj.iter_deals(first):
        if type(item).__name__ == "Deal":
            for _ in replay(item):
                pass
    validate_source(first)
deals = frames = 0
t0 = time.process_time()
if measure == "parse":
    for item in gj.iter_deals(Path(corpus)):
        deals += 1
elif measure == "replay":
    for item in gj.iter_deals(Path(corpus)):
        deals += 1
        if type(item).__name__ == "Deal":
            for _ in replay(item):
                frames += 1
else:
    report = validate_source(Path(corpus))
    deals = report.deals if isinstance(report.deals, int) else len(report.deals)
cpu = time.process_time() - t0
print(json.dumps({"cpu": cpu, "deals": deals, "frames": frames}))
"""


def _run(tree: Path, measure: str, corpus: Path, warm: bool) -> dict[str, float]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tree), str(tree / "analyzer")])
    r = subprocess.run(
        [sys.executable, "-c", _CHILD, measure, str(corpus), "warm" if warm else "cold"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=tree,
    )
    if r.returncode != 0:
        raise SystemExit(f"{tree} {measure}: {r.stderr.strip()[-2000:]}")
    result: dict[str, float] = json.loads(r.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+", type=Path, help="source trees, the first is the base")
    ap.add_argument("--corpus", type=Path, required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument(
        "--warm",
        action="store_true",
        help="leave out the once-per-process set-up (the first deal is read before the clock)",
    )
    args = ap.parse_args(argv)
    trees = [t.resolve() for t in args.trees]
    corpus = args.corpus.resolve()
    size = corpus.stat().st_size
    times: dict[tuple[str, str], list[float]] = {}
    deals: dict[tuple[str, str], float] = {}
    for _ in range(args.runs):
        for measure in MEASURES:
            for tree in trees:
                r = _run(tree, measure, corpus, args.warm)
                times.setdefault((str(tree), measure), []).append(r["cpu"])
                deals[(str(tree), measure)] = r["deals"]
    rows = []
    base = str(trees[0])
    setup = "set-up excluded (--warm)" if args.warm else "set-up included"
    print(
        f"corpus: {corpus.name}, {size / 1e6:.2f} MB; median of {args.runs} runs, CPU time, {setup}"
    )
    print()
    print("| tree | measure | deals | CPU s | deals/s | vs base |")
    print("|---|---|---:|---:|---:|---:|")
    for measure in MEASURES:
        base_t = statistics.median(times[(base, measure)])
        for tree in trees:
            t = statistics.median(times[(str(tree), measure)])
            n = deals[(str(tree), measure)]
            row = {"tree": str(tree), "measure": measure, "deals": n, "cpu": t}
            rows.append(row)
            print(
                f"| {tree.name} | {measure} | {n:.0f} | {t:.2f} | {n / t:.0f} | {base_t / t:.2f}x |"
            )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

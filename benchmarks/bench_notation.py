"""Notation benchmark: GJN parse, skim and write speed and streaming memory, beside
python-chess reading a PGN file of the same byte size in the same run.

Not a timed test: a script.  Each figure is the median of several runs, each run in a
fresh subprocess (so one measurement cannot warm up or pollute another).  Rates use
process CPU time as well as wall time: on a shared machine the wall clock also counts
the time other processes held the CPU.

Usage::

    python benchmarks/bench_notation.py                    # 10,000-deal corpus, 3 runs
    python benchmarks/bench_notation.py --runs 5 --json benchmarks/out/notation.json

The corpus is made by ``benchmarks/gen_corpus.py`` (seeded) if it is missing.  The PGN
file repeats a few games (two classics and seeded random games with clock comments,
exported by python-chess itself) until it is as large as the GJN file.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"

OPERA = """[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
"""

IMMORTAL = """[Event "London"]
[Site "London ENG"]
[Date "1851.06.21"]
[Round "?"]
[White "Adolf Anderssen"]
[Black "Lionel Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5
8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8
15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6
21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0
"""


# ------------------------------------------------------------------ the files


def ensure_corpus(path: Path, deals: int) -> Path:
    """The GJN corpus, generated (seeded) if missing."""
    if not path.exists():
        sys.path.insert(0, str(ROOT / "benchmarks"))
        import gen_corpus

        gen_corpus.main(["--deals", str(deals), "--seed", "1", "-o", str(path)])
    return path


def _random_games(count: int, seed: int) -> list[str]:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    games = []
    for g in range(count):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers.update(
            Event="Seeded club game",
            Site="Online",
            Date=f"2026.{1 + g % 12:02d}.{1 + g % 28:02d}",
            Round=str(g + 1),
            White=f"Player {2 * g}",
            Black=f"Player {2 * g + 1}",
            TimeControl="300+3",
        )
        node: Any = game
        clock = [300.0, 300.0]
        for ply in range(rng.randint(60, 110)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            clock[ply % 2] = max(1.0, clock[ply % 2] - rng.uniform(1, 12) + 3)
            node.set_clock(clock[ply % 2])
            if rng.random() < 0.03:
                node.comment += " a sharp try"
            board.push(move)
        game.headers["Result"] = board.result(claim_draw=True)
        games.append(str(game) + "\n")
    return games


def ensure_pgn(path: Path, size: int) -> Path:
    """A PGN file of at least ``size`` bytes, repeating a few games."""
    if path.exists() and path.stat().st_size >= size:
        return path
    games = [OPERA, IMMORTAL, *_random_games(4, seed=7)]
    pieces = [g.strip() + "\n\n" for g in games]
    written = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        i = 0
        while written < size:
            piece = pieces[i % len(pieces)]
            fh.write(piece)
            written += len(piece.encode("utf-8"))
            i += 1
    return path


# ------------------------------------------------------------- measurements


def _measure(kind: str, path: str, limit: float) -> dict[str, Any]:
    """One measurement, run in this (fresh) process."""
    import resource

    sys.path.insert(0, str(ROOT))
    count = 0
    nbytes = os.path.getsize(path)
    peak = None
    if kind in ("parse", "skim", "parse-memory"):
        import gojinotation as gj

        gj.loads('[Event "warm-up"]\n1:3')  # build the parser outside the timing
        if kind == "parse-memory":
            import tracemalloc

            tracemalloc.start()
        w0, c0 = time.perf_counter(), time.process_time()
        items = gj.skim(Path(path)) if kind == "skim" else gj.iter_deals(Path(path))
        for _ in items:
            count += 1
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        if kind == "parse-memory":
            peak = tracemalloc.get_traced_memory()[1]
    elif kind == "write":
        import itertools

        import gojinotation as gj

        deals = list(itertools.islice(gj.iter_deals(Path(path)), 3000))
        nbytes = 0
        w0, c0 = time.perf_counter(), time.process_time()
        for d in deals:
            nbytes += len(gj.dumps(d).encode("utf-8"))
            count += 1
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    elif kind in ("chess-full", "chess-skim"):
        import chess.pgn

        read = chess.pgn.read_game if kind == "chess-full" else chess.pgn.read_headers
        with open(path, encoding="utf-8") as fh:
            w0, c0 = time.perf_counter(), time.process_time()
            while read(fh) is not None:
                count += 1
                if time.perf_counter() - w0 > limit:
                    break
            wall, cpu = time.perf_counter() - w0, time.process_time() - c0
            nbytes = fh.tell()
    else:
        raise SystemExit(f"unknown measurement {kind!r}")
    maxrss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "kind": kind,
        "count": count,
        "bytes": nbytes,
        "wall": wall,
        "cpu": cpu,
        "tracemalloc_peak": peak,
        "maxrss": maxrss_kb * 1024,
    }


def run(kind: str, path: Path, runs: int, limit: float) -> list[dict[str, Any]]:
    """``runs`` measurements, each in its own subprocess."""
    out = []
    for _ in range(runs):
        proc = subprocess.run(
            [
                sys.executable,
                __file__,
                "--measure",
                kind,
                "--file",
                str(path),
                "--limit",
                str(limit),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        out.append(json.loads(proc.stdout))
    return out


def _median(results: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in results)


def rate(results: list[dict[str, Any]], clock: str) -> tuple[float, float]:
    """Median items per second and MB per second on ``clock`` (``wall`` or ``cpu``)."""
    items = statistics.median(r["count"] / r[clock] for r in results)
    mb = statistics.median(r["bytes"] / r[clock] / 1e6 for r in results)
    return items, mb


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import chess
    import lark

    return {
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "lark": lark.__version__,
        "python-chess": chess.__version__,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=OUT / "corpus.gjn")
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--limit", type=float, default=30.0, help="seconds for python-chess full")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    ap.add_argument("--file", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:
        print(json.dumps(_measure(args.measure, args.file, args.limit)))
        return 0

    OUT.mkdir(parents=True, exist_ok=True)
    corpus = ensure_corpus(args.corpus, args.deals)
    pgn = ensure_pgn(OUT / "same-size.pgn", corpus.stat().st_size)
    info = machine()
    results = {
        "parse": run("parse", corpus, args.runs, args.limit),
        "skim": run("skim", corpus, args.runs, args.limit),
        "write": run("write", corpus, args.runs, args.limit),
        "parse-memory": run("parse-memory", corpus, 1, args.limit),
        "chess-full": run("chess-full", pgn, args.runs, args.limit),
        "chess-skim": run("chess-skim", pgn, args.runs, args.limit),
    }
    info["load_average_after"] = os.getloadavg()
    mem = results["parse-memory"][0]
    rows = []
    for key, label, unit in [
        ("parse", "GJN parse (iter_deals, path)", "deals/s"),
        ("skim", "GJN skim (tags only)", "deals/s"),
        ("write", "GJN write (dumps a deal)", "deals/s"),
        ("chess-full", "python-chess read_game", "games/s"),
        ("chess-skim", "python-chess read_headers", "games/s"),
    ]:
        cpu_items, cpu_mb = rate(results[key], "cpu")
        wall_items, wall_mb = rate(results[key], "wall")
        rows.append((key, label, unit, cpu_items, cpu_mb, wall_items, wall_mb))
    by = {r[0]: r for r in rows}
    print(f"# Notation benchmark ({args.runs} runs each, median)\n")
    print(f"Machine: {info['cpu']}, {info['cpus']} CPUs, {info['implementation']} {info['python']}")
    print(f"lark {info['lark']}, python-chess {info['python-chess']}; {info['platform']}")
    print(f"load average before {info['load_average']}, after {info['load_average_after']}")
    print(f"GJN corpus: {corpus} ({corpus.stat().st_size / 1e6:.1f} MB, {args.deals} deals)")
    print(f"PGN file:   {pgn} ({pgn.stat().st_size / 1e6:.1f} MB)\n")
    print("| measurement | rate (CPU time) | MB/s (CPU) | rate (wall) | MB/s (wall) |")
    print("|---|---:|---:|---:|---:|")
    for _, label, unit, ci, cm, wi, wm in rows:
        print(f"| {label} | {ci:,.0f} {unit} | {cm:.2f} | {wi:,.0f} {unit} | {wm:.2f} |")
    print()
    print(
        "Peak memory streaming the whole corpus: tracemalloc"
        f" {mem['tracemalloc_peak'] / 1e6:.1f} MB,"
        f" ru_maxrss {mem['maxrss'] / 1e6:.1f} MB (the whole process)"
    )
    print(
        f"Ratios (CPU time): GJN parse / read_game = {by['parse'][3] / by['chess-full'][3]:.1f}x"
        f" by items, {by['parse'][4] / by['chess-full'][4]:.1f}x by bytes;"
        f" GJN skim / read_headers = {by['skim'][3] / by['chess-skim'][3]:.1f}x by items,"
        f" {by['skim'][4] / by['chess-skim'][4]:.1f}x by bytes"
    )
    targets = [
        ("parse >= 1,000 deals/s", by["parse"][3] >= 1000),
        ("skim >= 20,000 deals/s", by["skim"][3] >= 20000),
        ("peak memory < 100 MB", mem["maxrss"] < 100e6),
    ]
    print(
        "Targets (CPU time): " + "; ".join(f"{t}: {'met' if ok else 'MISSED'}" for t, ok in targets)
    )
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "results": results}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

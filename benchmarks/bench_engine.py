"""Engine benchmark: parse + full replay, self-play, streaming memory, beside python-chess.

Not a timed test: a script.  On a corpus of 10,000 self-played deals (every profile in
turn, heuristic bots with random ones mixed in; made by :mod:`simulation.simulate` and
cached in ``benchmarks/out/``) it measures:

* **parse + replay**: :func:`gojinotation.iter_deals` streaming the file and
  :func:`gojinotation_analyzer.engine.replay` running every deal to its end: deals/s and MB/s;
* beside it, **python-chess** reading a PGN file of the same byte size and replaying
  every game (``chess.pgn.read_game``, then every main-line move pushed on a board):
  games/s and MB/s, and the ratio of the two byte rates;
* **simulate**: complete deals played by bots (``--sim-deals`` per run, profiles in
  turn), deals/s for the heuristic and the random bot; beside it, python-chess playing
  uniformly random legal games (at most 300 plies) and writing them as PGN, with the
  ratio of bytes of record made per second;
* **streaming memory**: the largest resident set while the whole corpus is parsed and
  replayed, over the interpreter's own.

Each figure is the median of ``--runs`` runs, each run in a fresh subprocess; rates are
given on process CPU time (the machine is shared: the wall clock also counts other
processes) and on the wall clock.  Targets: parse + replay >= 500 deals/s and at least
twice python-chess's bytes per second, simulate >= 100 deals/s, streaming memory < 100
MB.  ``--profile KIND`` prints a cProfile of one measurement instead.

Usage::

    python benchmarks/bench_engine.py                       # full corpus, 3 runs
    python benchmarks/bench_engine.py --runs 5 --json benchmarks/out/engine.json
    python benchmarks/bench_engine.py --profile replay      # where the time goes
    python benchmarks/bench_engine.py --simulate-only       # self-play only, no corpus
    python benchmarks/bench_engine.py --corpus benchmarks/out/my-corpus.gjn  # reuse a corpus

``--corpus PATH`` replays a given corpus file instead of the cached one (made if
missing): a change that must not change any ruling can be measured on a corpus made
once, without regenerating it for every new digest of the sources.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
CHUNK = 50

TARGETS = {
    "replay_deals_per_s": 500.0,
    "replay_vs_chess_bytes": 2.0,
    "simulate_deals_per_s": 100.0,
    "stream_memory_mb": 100.0,
}


# ------------------------------------------------------------------ the files


def _chunk(args: tuple[int, int]) -> str:
    """Deals ``start`` .. ``start + CHUNK - 1`` of the corpus, as GJN text."""
    start, seed = args
    sys.path.insert(0, str(ROOT))
    import gojinotation as gj
    from gojinotation_analyzer.rules.profiles import PROFILES
    from gojinotation_analyzer.simulation.simulate import simulate

    c = (start - 1) // CHUNK
    pids = sorted(PROFILES)
    pid = pids[c % len(pids)]
    bot = "random" if c % 4 == 3 else "heuristic"
    return "".join(
        "\n" + gj.write_deal(d) for d in simulate(pid, seed, CHUNK, bot=bot, start=start)
    )


#: The sources that decide what the simulator plays: a change to any makes a new corpus.
GAME_SOURCES = (
    "analyzer/gojinotation_analyzer/engine/core.py",
    "analyzer/gojinotation_analyzer/engine/params.py",
    "analyzer/gojinotation_analyzer/engine/opening.py",
    "analyzer/gojinotation_analyzer/engine/rules_bie3.py",
    "analyzer/gojinotation_analyzer/engine/rules_burn.py",
    "analyzer/gojinotation_analyzer/engine/rules_exchange.py",
    "analyzer/gojinotation_analyzer/engine/rules_finish.py",
    "analyzer/gojinotation_analyzer/engine/rules_kaidian.py",
    "analyzer/gojinotation_analyzer/engine/rules_play.py",
    "analyzer/gojinotation_analyzer/engine/rules_turn.py",
    "analyzer/gojinotation_analyzer/engine/machine.py",
    "analyzer/gojinotation_analyzer/engine/legal.py",
    "analyzer/gojinotation_analyzer/engine/state.py",
    "analyzer/gojinotation_analyzer/engine/sets.py",
    "analyzer/gojinotation_analyzer/engine/sets_shape.py",
    "analyzer/gojinotation_analyzer/engine/sets_compare.py",
    "analyzer/gojinotation_analyzer/engine/sets_burn.py",
    "analyzer/gojinotation_analyzer/engine/sets_enum.py",
    "analyzer/gojinotation_analyzer/engine/scoring.py",
    "analyzer/gojinotation_analyzer/engine/scoring_facts.py",
    "analyzer/gojinotation_analyzer/engine/scoring_tribute.py",
    "analyzer/gojinotation_analyzer/rules/ruleset.py",
    "analyzer/gojinotation_analyzer/rules/profiles.py",
    "analyzer/gojinotation_analyzer/engine/events.py",
    "analyzer/gojinotation_analyzer/simulation/simulate.py",
    "analyzer/gojinotation_analyzer/simulation/bots.py",
    "gojinotation/writer.py",
)


def corpus_path(deals: int) -> Path:
    """The cached corpus for the current sources (named by their digest)."""
    h = hashlib.sha256()
    for name in GAME_SOURCES:
        h.update((ROOT / name).read_bytes())
    return OUT / f"engine-corpus-{deals}-{h.hexdigest()[:10]}.gjn"


def ensure_corpus(path: Path, deals: int, seed: int = 1) -> Path:
    """The self-played corpus, made (seeded, in parallel) if missing; corpora of older
    sources are removed (games the engine of today may rule illegal)."""
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob(f"engine-corpus-{deals}-*.gjn"):
        old.unlink()
    starts = [(s, seed) for s in range(1, deals + 1, CHUNK)]
    t0 = time.perf_counter()
    tmp = path.with_suffix(".part")
    with tmp.open("w", encoding="utf-8", newline="\n") as fh, ProcessPoolExecutor() as pool:
        fh.write("%GJN 1\n")
        for i, text in enumerate(pool.map(_chunk, starts), 1):
            fh.write(text)
            if i % 20 == 0:
                done = i * CHUNK
                rate = done / (time.perf_counter() - t0)
                print(f"  corpus: {done}/{deals} deals ({rate:.1f} deals/s)", file=sys.stderr)
    tmp.replace(path)
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
        )
        node: Any = game
        for _ in range(rng.randint(60, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result(claim_draw=True)
        games.append(str(game).strip() + "\n\n")
    return games


def ensure_pgn(path: Path, size: int) -> Path:
    """A PGN file of ``size`` bytes or a little more: 200 seeded random games, repeated."""
    if path.exists() and path.stat().st_size >= size:
        return path
    games = _random_games(200, seed=11)
    written = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        i = 0
        while written < size:
            fh.write(games[i % len(games)])
            written += len(games[i % len(games)].encode("utf-8"))
            i += 1
    return path


# ------------------------------------------------------------- measurements


def _measure(kind: str, path: str, limit: float, sim_deals: int) -> dict[str, Any]:
    """One measurement, run in this (fresh) process."""
    import resource

    sys.path.insert(0, str(ROOT))
    count = frames = violations = 0
    nbytes = 0
    base_rss = 0
    if kind == "replay":
        import gojinotation as gj
        from gojinotation_analyzer.engine import replay
        from gojinotation_analyzer.engine.events import Violation

        gj.read('[Event "w"]\n1:3 {')  # build the parsers outside the timing
        warm = gj.loads('[Event "w"]\nhand 1: 3\n1:3').deals[0]
        assert isinstance(warm, gj.Deal)
        list(replay(warm, deck_check=False))
        base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        w0, c0 = time.perf_counter(), time.process_time()
        with open(path, "rb") as fh:
            for deal in gj.iter_deals(fh):
                count += 1
                if isinstance(deal, gj.Deal):
                    for f in replay(deal):
                        frames += 1
                        for e in f.events:
                            if type(e) is Violation:
                                violations += 1
                if count % 100 == 0 and time.perf_counter() - w0 > limit:
                    break
            nbytes = fh.tell()
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    elif kind == "chess":
        import chess.pgn

        base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        with open(path, encoding="utf-8") as fh:
            w0, c0 = time.perf_counter(), time.process_time()
            while True:
                game = chess.pgn.read_game(fh)
                if game is None:
                    break
                board = game.board()
                for move in game.mainline_moves():
                    board.push(move)
                    frames += 1
                count += 1
                if count % 50 == 0 and time.perf_counter() - w0 > limit:
                    break
            wall, cpu = time.perf_counter() - w0, time.process_time() - c0
            nbytes = fh.tell()
    elif kind == "chess-simulate":
        import chess
        import chess.pgn

        rng = random.Random(1)
        base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        w0, c0 = time.perf_counter(), time.process_time()
        for _ in range(sim_deals * 4):
            board = chess.Board()
            while not board.is_game_over(claim_draw=False) and board.ply() < 300:
                board.push(rng.choice(list(board.legal_moves)))
            game = chess.pgn.Game.from_board(board)
            nbytes += len(str(game).encode("utf-8"))
            frames += board.ply()
            count += 1
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    elif kind in ("simulate-heuristic", "simulate-random"):
        import gojinotation as gj
        from gojinotation_analyzer.rules.profiles import PROFILES
        from gojinotation_analyzer.simulation.simulate import simulate_results

        bot = kind.split("-")[1]
        pids = sorted(PROFILES)
        next(simulate_results("QS", 0, 1, bot=bot))  # warm-up
        w0, c0 = time.perf_counter(), time.process_time()
        for i in range(sim_deals):
            r = next(simulate_results(pids[i % len(pids)], 1, 1, bot=bot, start=i + 1))
            frames += len(r.events)
            nbytes += len(gj.write_deal(r.deal).encode("utf-8"))
            count += 1
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    else:
        raise SystemExit(f"unknown measurement {kind!r}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "kind": kind,
        "count": count,
        "frames": frames,
        "bytes": nbytes,
        "wall": wall,
        "cpu": cpu,
        "violations": violations,
        "rss_growth": (rss - base_rss) * 1024,
        "maxrss": rss * 1024,
    }


def run(kind: str, path: Path, runs: int, limit: float, sim_deals: int) -> list[dict[str, Any]]:
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
                "--sim-deals",
                str(sim_deals),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        out.append(json.loads(proc.stdout))
    return out


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

    return {
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "python-chess": chess.__version__,
    }


def profile(kind: str, path: Path, sim_deals: int) -> None:
    """Print a cProfile of one measurement (``replay`` on 300 deals, or ``simulate``)."""
    import cProfile
    import itertools
    import pstats

    sys.path.insert(0, str(ROOT))
    import gojinotation as gj
    from gojinotation_analyzer.engine import replay
    from gojinotation_analyzer.simulation.simulate import simulate_results

    gj.read('[Event "w"]\n1:3 {')
    prof = cProfile.Profile()
    if kind == "replay":
        deals = [d for d in itertools.islice(gj.iter_deals(path), 300) if isinstance(d, gj.Deal)]
        prof.enable()
        for d in deals:
            for _ in replay(d):
                pass
        prof.disable()
    elif kind == "parse":
        prof.enable()
        for _ in itertools.islice(gj.iter_deals(path), 1000):
            pass
        prof.disable()
    else:
        bot = "random" if kind == "simulate-random" else "heuristic"
        prof.enable()
        for i in range(sim_deals):
            next(simulate_results("qingdao-standard", 1, 1, bot=bot, start=i + 1))
        prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def simulate_only(runs: int, limit: float, sim_deals: int) -> int:
    """The simulate rows alone: both bots and python-chess self-play, ``runs`` each."""
    info = machine()
    print(
        f"machine: {info['cpu']}, {info['cpus']} CPUs, Python {info['python']}, "
        f"python-chess {info['python-chess']}, load {info['load_average'][0]:.2f}"
    )
    none = Path(os.devnull)
    res = {k: run(k, none, runs, limit, sim_deals) for k in
           ("simulate-heuristic", "simulate-random", "chess-simulate")}  # fmt: skip
    for clock in ("cpu", "wall"):
        h_items, h_mb = rate(res["simulate-heuristic"], clock)
        r_items, r_mb = rate(res["simulate-random"], clock)
        s_items, s_mb = rate(res["chess-simulate"], clock)
        print(
            f"| simulate ({clock}) | heuristic {h_items:.1f} deals/s ({h_mb * 1000:.0f} KB/s), "
            f"random {r_items:.1f} deals/s ({r_mb * 1000:.0f} KB/s) "
            f"| python-chess random games {s_items:.1f} games/s ({s_mb * 1000:.0f} KB/s) "
            f"| x{h_mb / s_mb:.2f} / x{r_mb / s_mb:.2f} bytes/s |"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    doc = __doc__ or ""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000, help="deals in the corpus")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--limit", type=float, default=120.0, help="seconds per run at most")
    ap.add_argument("--sim-deals", type=int, default=60, help="deals per simulate run")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--profile", default=None, help="replay, parse, simulate, simulate-random")
    ap.add_argument(
        "--simulate-only",
        action="store_true",
        help="only the simulate measurements and python-chess self-play (no corpus needed)",
    )
    ap.add_argument(
        "--corpus",
        type=Path,
        default=None,
        help="replay this corpus file (made here if missing) instead of the cached one",
    )
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    ap.add_argument("--file", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:
        print(json.dumps(_measure(args.measure, args.file, args.limit, args.sim_deals)))
        return 0
    if args.profile in ("simulate", "simulate-random"):  # self-play needs no corpus
        profile(args.profile, Path(os.devnull), args.sim_deals)
        return 0
    if args.simulate_only:
        return simulate_only(args.runs, args.limit, args.sim_deals)
    corpus = ensure_corpus(args.corpus or corpus_path(args.deals), args.deals)
    if args.profile:
        profile(args.profile, corpus, args.sim_deals)
        return 0
    size = corpus.stat().st_size
    pgn = ensure_pgn(OUT / f"engine-same-size-{args.deals}.pgn", size)
    info = machine()
    print(
        f"machine: {info['cpu']}, {info['cpus']} CPUs, Python {info['python']}, "
        f"python-chess {info['python-chess']}, load {info['load_average'][0]:.2f}"
    )
    print(f"corpus: {args.deals} deals, {size / 1e6:.1f} MB; PGN {pgn.stat().st_size / 1e6:.1f} MB")
    res = {
        "replay": run("replay", corpus, args.runs, args.limit, args.sim_deals),
        "chess": run("chess", pgn, args.runs, args.limit, args.sim_deals),
        "simulate-heuristic": run("simulate-heuristic", corpus, args.runs, args.limit,
                                  args.sim_deals),
        "simulate-random": run("simulate-random", corpus, args.runs, args.limit,
                               args.sim_deals),
        "chess-simulate": run("chess-simulate", corpus, args.runs, args.limit, args.sim_deals),
    }  # fmt: skip
    figures: dict[str, Any] = {"machine": info, "runs": args.runs, "raw": res}
    rows = []
    for clock in ("cpu", "wall"):
        g_items, g_mb = rate(res["replay"], clock)
        c_items, c_mb = rate(res["chess"], clock)
        h_items, h_mb = rate(res["simulate-heuristic"], clock)
        r_items, r_mb = rate(res["simulate-random"], clock)
        s_items, s_mb = rate(res["chess-simulate"], clock)
        figures[clock] = {
            "replay_deals_per_s": g_items,
            "replay_mb_per_s": g_mb,
            "chess_games_per_s": c_items,
            "chess_mb_per_s": c_mb,
            "replay_vs_chess_bytes": g_mb / c_mb,
            "simulate_heuristic_deals_per_s": h_items,
            "simulate_random_deals_per_s": r_items,
            "chess_simulate_games_per_s": s_items,
            "simulate_heuristic_vs_chess_bytes": h_mb / s_mb,
            "simulate_random_vs_chess_bytes": r_mb / s_mb,
        }
        rows.append(
            f"| parse + replay ({clock}) | {g_items:.0f} deals/s, {g_mb:.2f} MB/s "
            f"| python-chess {c_items:.0f} games/s, {c_mb:.2f} MB/s "
            f"| x{g_mb / c_mb:.2f} bytes/s |"
        )
        rows.append(
            f"| simulate ({clock}) | heuristic {h_items:.1f} deals/s ({h_mb * 1000:.0f} KB/s), "
            f"random {r_items:.1f} deals/s ({r_mb * 1000:.0f} KB/s) "
            f"| python-chess random games {s_items:.1f} games/s ({s_mb * 1000:.0f} KB/s) "
            f"| x{h_mb / s_mb:.2f} / x{r_mb / s_mb:.2f} bytes/s |"
        )
    mem = statistics.median(r["rss_growth"] for r in res["replay"]) / 1e6
    cmem = statistics.median(r["rss_growth"] for r in res["chess"]) / 1e6
    figures["stream_memory_mb"] = mem
    figures["chess_stream_memory_mb"] = cmem
    rows.append(
        f"| streaming, peak RSS over the interpreter's | {mem:.1f} MB "
        f"| python-chess {cmem:.1f} MB | |"
    )
    frames = statistics.median(r["frames"] / r["count"] for r in res["replay"])
    rows.append(f"| frames per deal (replay) | {frames:.0f} | | |")
    bad = max(r["violations"] for r in res["replay"])
    rows.append(f"| Violation events in the corpus (must be 0) | {bad} | | |")
    print("| measurement | GJN | python-chess / other | ratio |")
    print("|---|---|---|---|")
    print("\n".join(rows))
    cpu = figures["cpu"]
    checks = {
        "replay_deals_per_s": cpu["replay_deals_per_s"] >= TARGETS["replay_deals_per_s"],
        "replay_vs_chess_bytes": cpu["replay_vs_chess_bytes"] >= TARGETS["replay_vs_chess_bytes"],
        "simulate_deals_per_s": cpu["simulate_heuristic_deals_per_s"]
        >= TARGETS["simulate_deals_per_s"],
        "stream_memory_mb": mem < TARGETS["stream_memory_mb"],
    }
    figures["targets_met"] = checks
    for name, ok in checks.items():
        print(f"target {name} (>= {TARGETS[name]} / < for memory): {'met' if ok else 'MISSED'}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

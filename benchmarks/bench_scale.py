"""Speed and scale of ``gouji validate`` (issue #16), beside python-chess in the same run.

Measures, each command in a fresh child process (CPU time of the child and its workers,
the wall clock, and the child's peak resident set):

* python-chess reading and replaying a PGN file of the corpus's byte size (the yardstick);
* GJN parse + replay of the corpus (``iter_deals`` + ``engine.replay``);
* ``gouji validate --jobs 1`` (deals/s of CPU, i.e. per core), ``--jobs 2``, and
  ``--dask local --jobs 2`` (wall-clock speed-ups on this machine's cores);
* peak memory of ``validate --jobs 1`` on a quarter of the corpus and on all of it (the
  growth per deal, extrapolated to 10,000 and 10 million deals).

The corpus is self-played by the simulator in chunks of 50 deals on all cores (cached in
``benchmarks/out/`` as ``bench_engine.py`` does).  Keep runs short on a shared machine::

    python benchmarks/bench_scale.py --deals 2000 --json benchmarks/out/scale.json
    python benchmarks/bench_scale.py --deals 1000 --runs 5 --parallel-only

``--jobs 1``, ``--jobs 2`` and ``--dask local --jobs 2`` run ``--runs`` times each, taken
in turn (so that a change of the machine's load falls on all three), and the medians are
compared; each run's load average is recorded.  Every child runs with its byte-code
cached (``PYTHONDONTWRITEBYTECODE`` unset, ``PYTHONPYCACHEPREFIX`` a scratch directory,
one warm-up run first), as an installed package's ``.pyc`` files would be: without them
every process, the parent and each worker, compiles every module it imports (~0.7 s of
CPU here), a fixed cost that is not the validator's.  python-chess, parse + replay and
the quarter corpus also run ``--runs`` times (medians); ``--no-parallel`` leaves out
``--jobs 2`` and Dask (the per-core figures only).

This is a script, not a timed test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from bench_engine import OUT, ensure_corpus, ensure_pgn  # noqa: E402

_WRAP = r"""
import resource, subprocess, sys, time
t0 = time.perf_counter()
rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
wall = time.perf_counter() - t0
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.ru_utime + r.ru_stime, wall, r.ru_maxrss * 1024, rc)
"""

_CHESS = r"""
import sys, chess.pgn
n = 0
with open(sys.argv[1], encoding="utf-8") as fh:
    while (game := chess.pgn.read_game(fh)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        n += 1
print(n)
"""

_REPLAY = r"""
import sys
import gojinotation as gj
from gojinotation_analyzer.engine import replay
n = 0
for deal in gj.iter_deals(__import__("pathlib").Path(sys.argv[1])):
    if isinstance(deal, gj.Deal):
        for _ in replay(deal):
            pass
    n += 1
print(n)
"""


_PYC = Path(tempfile.gettempdir()) / f"gouji-bench-pyc-{os.getuid()}"


def measure(argv: list[str]) -> dict[str, float]:
    """CPU seconds (child and its workers), wall seconds, peak RSS bytes of one command."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "analyzer")])
    env["PYTHONPYCACHEPREFIX"] = str(_PYC)
    out = subprocess.run(
        [sys.executable, "-c", _WRAP, *argv],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=ROOT,
    ).stdout.split()
    cpu, wall, rss, rc = float(out[0]), float(out[1]), int(out[2]), int(out[3])
    return {"cpu_s": cpu, "wall_s": wall, "peak_rss_mb": rss / 1e6, "exit_code": rc}


def parallel(corpus: Path, runs: int, both: bool = True) -> dict[str, Any]:
    """``--jobs 1``, ``--jobs 2`` and ``--dask local --jobs 2``, ``runs`` times in turn:
    every run, the load averages, and the medians of CPU and wall time."""
    fmt = ("--format", "jsonl")
    cases = {"validate_jobs1": gouji("validate", *fmt, "--jobs", "1", str(corpus))}
    if both:
        cases["validate_jobs2"] = gouji("validate", *fmt, "--jobs", "2", str(corpus))
        cases["validate_dask_local2"] = gouji(
            "validate", *fmt, "--dask", "local", "--jobs", "2", str(corpus)
        )
    measure(cases["validate_jobs1"])  # warm-up: byte-code written to the cache
    every: dict[str, list[dict[str, Any]]] = {k: [] for k in cases}
    for _ in range(runs):
        for name, argv in cases.items():
            run: dict[str, Any] = {"load": os.getloadavg()[0]}
            run |= measure(argv)
            every[name].append(run)
    out: dict[str, Any] = {}
    for name, got in every.items():
        out[name] = {
            "cpu_s": statistics.median(r["cpu_s"] for r in got),
            "wall_s": statistics.median(r["wall_s"] for r in got),
            "peak_rss_mb": max(r["peak_rss_mb"] for r in got),
            "runs": got,
        }
    if both:
        ratios = [
            (a["wall_s"] / b["wall_s"], c["wall_s"] / b["wall_s"])
            for a, b, c in zip(*every.values(), strict=True)
        ]
        out["jobs2_speedup_wall_per_round"] = [r[0] for r in ratios]
        out["dask_over_jobs2_wall_per_round"] = [r[1] for r in ratios]
    return out


def median_of(argv: list[str], runs: int) -> dict[str, Any]:
    """:func:`measure` ``runs`` times: the median of each figure and every run's CPU time."""
    got = [measure(argv) for _ in range(runs)]
    out: dict[str, Any] = {k: statistics.median(r[k] for r in got) for k in got[0]}
    out["cpu_s_runs"] = [round(r["cpu_s"], 3) for r in got]
    return out


def gouji(*args: str) -> list[str]:
    return [sys.executable, "-m", "gojinotation_analyzer", "--lang", "en", *args]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2000, help="deals in the corpus (2000)")
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    ap.add_argument("--runs", type=int, default=3, help="runs of each parallel case (3)")
    ap.add_argument(
        "--parallel-only",
        action="store_true",
        help="only --jobs 1, --jobs 2 and --dask local (no python-chess, no memory slope)",
    )
    ap.add_argument(
        "--no-parallel", action="store_true", help="leave out --jobs 2 and --dask local"
    )
    args = ap.parse_args(argv)
    corpus = ensure_corpus(OUT / f"scale-corpus-{args.deals}.gjn", args.deals)
    if args.parallel_only:
        res0: dict[str, Any] = {"deals": args.deals, "bytes": corpus.stat().st_size}
        res0["cpus"] = os.cpu_count()
        res0 |= parallel(corpus, args.runs)
        p1, p2, pd = (res0[k] for k in ("validate_jobs1", "validate_jobs2", "validate_dask_local2"))
        res0["derived"] = {
            "jobs2_speedup_wall": p1["wall_s"] / p2["wall_s"],
            "dask_over_jobs2_wall": pd["wall_s"] / p2["wall_s"],
            "validate_deals_per_cpu_s": args.deals / p1["cpu_s"],
        }
        res0["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        print(json.dumps(res0, indent=2))
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(res0, indent=2) + "\n", "utf-8")
        return 0
    quarter = OUT / f"scale-corpus-{args.deals // 4}.gjn"
    if not quarter.exists():
        from gojinotation.reader import deal_texts

        with quarter.open("w", encoding="utf-8") as fh:
            for i, (_, text) in enumerate(deal_texts(corpus)):
                if i == args.deals // 4:
                    break
                fh.write(text)
    size = corpus.stat().st_size
    pgn = ensure_pgn(OUT / "scale-chess.pgn", size)
    res: dict[str, Any] = {"deals": args.deals, "bytes": size, "cpus": os.cpu_count()}
    res["load_before"] = os.getloadavg()
    res["runs"] = args.runs
    res["chess_read_replay"] = median_of([sys.executable, "-c", _CHESS, str(pgn)], args.runs)
    res["chess_bytes"] = pgn.stat().st_size
    res["gjn_parse_replay"] = median_of([sys.executable, "-c", _REPLAY, str(corpus)], args.runs)
    fmt = ("--format", "jsonl")
    res |= parallel(corpus, args.runs, both=not args.no_parallel)
    quarter_argv = gouji("validate", *fmt, "--jobs", "1", str(quarter))
    res["validate_jobs1_quarter"] = median_of(quarter_argv, args.runs)
    res["load_after"] = os.getloadavg()
    n = args.deals
    v1 = res["validate_jobs1"]
    chess_bps = res["chess_bytes"] / res["chess_read_replay"]["cpu_s"]
    derived = {
        "validate_deals_per_cpu_s": n / v1["cpu_s"],
        "parse_replay_deals_per_cpu_s": n / res["gjn_parse_replay"]["cpu_s"],
        "validate_over_parse_replay_cpu": v1["cpu_s"] / res["gjn_parse_replay"]["cpu_s"],
        "validate_vs_chess_bytes": (size / v1["cpu_s"]) / chess_bps,
        "parse_replay_vs_chess_bytes": (size / res["gjn_parse_replay"]["cpu_s"]) / chess_bps,
        "rss_growth_per_deal_kb": (v1["peak_rss_mb"] - res["validate_jobs1_quarter"]["peak_rss_mb"])
        * 1e3
        / (n - n // 4),
    }
    if not args.no_parallel:
        v2, vd = res["validate_jobs2"], res["validate_dask_local2"]
        derived["jobs2_speedup_wall"] = v1["wall_s"] / v2["wall_s"]
        derived["dask_over_jobs2_wall"] = vd["wall_s"] / v2["wall_s"]
    derived["rss_10000_mb_extrapolated"] = (
        v1["peak_rss_mb"] + derived["rss_growth_per_deal_kb"] * (10_000 - n) / 1e3
    )
    derived["core_hours_10m_deals"] = 10_000_000 / derived["validate_deals_per_cpu_s"] / 3600
    res["derived"] = derived
    res["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(json.dumps(res, indent=2))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(res, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

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

``--runs N`` runs every command N times (alternating, each in a fresh process) and
reports the median of each figure; ``--no-parallel`` leaves out ``--jobs 2`` and Dask
(the per-core figures only).  Byte-code is compiled once into a scratch
``PYTHONPYCACHEPREFIX`` before any timing (this machine's shells set
``PYTHONDONTWRITEBYTECODE=1``, which would make every run compile every module, as an
installed package does not).

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


#: Byte-code written once, here, and read by every measured run (see the module's text).
_PYCACHE = Path(tempfile.gettempdir()) / f"gouji-bench-pycache-{os.getuid()}"


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "analyzer")])}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(_PYCACHE)
    return env


def compile_bytecode() -> None:
    """Import what the measured commands import once, so that their byte-code is cached."""
    code = (
        "import chess.pgn, gojinotation as gj, gojinotation.reader, gojinotation_analyzer.engine;"
        "import gojinotation_analyzer.cli.main, gojinotation_analyzer.cli.validate;"
        "import gojinotation_analyzer.reports.batch, gojinotation_analyzer.reports.validate"
    )
    subprocess.run([sys.executable, "-c", code], env=_env(), check=True, cwd=ROOT)
    gouji_help = [sys.executable, "-m", "gojinotation_analyzer", "--help"]
    subprocess.run(gouji_help, env=_env(), check=True, cwd=ROOT, capture_output=True)


def measure(argv: list[str]) -> dict[str, float]:
    """CPU seconds (child and its workers), wall seconds, peak RSS bytes of one command."""
    env = _env()
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


def gouji(*args: str) -> list[str]:
    return [sys.executable, "-m", "gojinotation_analyzer", "--lang", "en", *args]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2000, help="deals in the corpus (2000)")
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    ap.add_argument("--runs", type=int, default=1, help="runs of each command; medians (1)")
    ap.add_argument(
        "--no-parallel", action="store_true", help="leave out --jobs 2 and --dask local"
    )
    args = ap.parse_args(argv)
    corpus = ensure_corpus(OUT / f"scale-corpus-{args.deals}.gjn", args.deals)
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
    res["runs"] = args.runs
    compile_bytecode()
    res["load_before"] = os.getloadavg()
    fmt = ("--format", "jsonl")
    commands: dict[str, list[str]] = {
        "chess_read_replay": [sys.executable, "-c", _CHESS, str(pgn)],
        "gjn_parse_replay": [sys.executable, "-c", _REPLAY, str(corpus)],
        "validate_jobs1": gouji("validate", *fmt, "--jobs", "1", str(corpus)),
    }
    if not args.no_parallel:
        commands["validate_jobs2"] = gouji("validate", *fmt, "--jobs", "2", str(corpus))
        commands["validate_dask_local2"] = gouji(
            "validate", *fmt, "--dask", "local", "--jobs", "2", str(corpus)
        )
    commands["validate_jobs1_quarter"] = gouji("validate", *fmt, "--jobs", "1", str(quarter))
    seen: dict[str, list[dict[str, float]]] = {name: [] for name in commands}
    for _ in range(args.runs):  # alternating, so that a busy moment hits every command
        for name, cmd in commands.items():
            seen[name].append(measure(cmd))
    for name, runs in seen.items():
        res[name] = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        res[name]["cpu_s_runs"] = [round(r["cpu_s"], 3) for r in runs]
    res["chess_bytes"] = pgn.stat().st_size
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

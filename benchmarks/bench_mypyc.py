"""The compiled build (``benchmarks/build_mypyc.py``) against the pure-Python tree, in one run.

Each measurement is a fresh child process (``python -P``, so that the working folder is
not put on the path) whose CPU time is read with ``getrusage``; the pure-Python and the
compiled runs alternate, ``--runs`` times each, and the median is reported, beside
python-chess reading and replaying a PGN file of the corpus's byte size (the yardstick of
``bench_scale.py``) and the load average before and after::

    python benchmarks/build_mypyc.py
    python benchmarks/bench_mypyc.py --deals 500 --runs 3 --json benchmarks/out/mypyc.json

This is a script, not a timed test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from bench_engine import OUT, ensure_corpus, ensure_pgn  # noqa: E402
from bench_scale import _CHESS, _REPLAY, _WRAP  # noqa: E402
from build_mypyc import DEFAULT_OUT  # noqa: E402

PURE = os.pathsep.join([str(ROOT), str(ROOT / "analyzer")])


def measure(argv: list[str], pythonpath: str) -> dict[str, float]:
    """CPU seconds, wall seconds and peak RSS (MB) of one command under ``pythonpath``."""
    env = {**os.environ, "PYTHONPATH": pythonpath}
    out = subprocess.run(
        [sys.executable, "-P", "-c", _WRAP, *argv],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.split()
    return {"cpu_s": float(out[0]), "wall_s": float(out[1]), "peak_rss_mb": int(out[2]) / 1e6}


def median_cpu(runs: list[dict[str, float]]) -> float:
    return statistics.median(r["cpu_s"] for r in runs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=DEFAULT_OUT, help="the compiled build")
    ap.add_argument("--deals", type=int, default=500, help="deals in the corpus (500)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each measurement (3)")
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = ap.parse_args(argv)
    build = args.build.resolve()
    if not any(build.rglob("*.so")):
        ap.error(f"no compiled build in {build}: run benchmarks/build_mypyc.py first")
    corpus = ensure_corpus(OUT / f"scale-corpus-{args.deals}.gjn", args.deals)
    size = corpus.stat().st_size
    pgn = ensure_pgn(OUT / "scale-chess.pgn", size)
    py = [sys.executable, "-P"]
    replay = [*py, "-c", _REPLAY, str(corpus)]
    validate = [*py, "-m", "gojinotation_analyzer", "--lang", "en", "validate"]
    validate += ["--format", "jsonl", "--jobs", "1", str(corpus)]
    res: dict[str, Any] = {"deals": args.deals, "bytes": size, "build": str(build)}
    res["load_before"] = os.getloadavg()
    runs: dict[str, list[dict[str, float]]] = {
        k: [] for k in ("chess", "replay_pure", "replay_mypyc", "validate_pure", "validate_mypyc")
    }
    for _ in range(args.runs):
        runs["chess"].append(measure([*py, "-c", _CHESS, str(pgn)], PURE))
        runs["replay_pure"].append(measure(replay, PURE))
        runs["replay_mypyc"].append(measure(replay, str(build)))
        runs["validate_pure"].append(measure(validate, PURE))
        runs["validate_mypyc"].append(measure(validate, str(build)))
    res["load_after"] = os.getloadavg()
    res["runs"] = runs
    cpu = {k: median_cpu(v) for k, v in runs.items()}
    chess_bps = pgn.stat().st_size / cpu["chess"]
    n = args.deals
    res["derived"] = {
        "median_cpu_s": cpu,
        "parse_replay_deals_per_cpu_s": {
            "pure": n / cpu["replay_pure"],
            "mypyc": n / cpu["replay_mypyc"],
        },
        "parse_replay_vs_chess_bytes": {
            "pure": size / cpu["replay_pure"] / chess_bps,
            "mypyc": size / cpu["replay_mypyc"] / chess_bps,
        },
        "validate_deals_per_cpu_s": {
            "pure": n / cpu["validate_pure"],
            "mypyc": n / cpu["validate_mypyc"],
        },
        "speedup_parse_replay": cpu["replay_pure"] / cpu["replay_mypyc"],
        "speedup_validate": cpu["validate_pure"] / cpu["validate_mypyc"],
    }
    res["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(json.dumps({k: v for k, v in res.items() if k != "runs"}, indent=2))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(res, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

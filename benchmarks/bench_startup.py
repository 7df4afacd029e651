"""Start-up CPU of ``gouji`` commands and the JSON reader against the GJN reader
(issue #16 item 4; figures in ``docs/performance.md``, *Start-up and the JSON reader*).

    python benchmarks/bench_startup.py [--deals 300] [--runs 5] [--tree DIR] [--startup-only]

Start-up: each command in a child interpreter, ``runs + 1`` times (the first dropped),
CPU = user + sys of the child (``resource.RUSAGE_CHILDREN``), byte-code cached in a
scratch ``PYTHONPYCACHEPREFIX`` and ``PYTHONDONTWRITEBYTECODE`` unset (as an installed
package), ``GOUJI_CACHE_DIR`` a scratch directory.  JSON: the same simulated deals read
as GJN and as JSON in this process, CPU best of ``runs``; ratios, not absolute times.
``--tree DIR`` measures the start-up of another checkout (e.g. ``git archive`` of an older
commit) with this script's cases; ``--startup-only`` leaves out the JSON half.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "qingdao-standard-full.gjn"
#: One deal as a referee writes it (sets only: the engine fills in the rest).
TERSE = ROOT / "tests" / "terse" / "qingdao-full-sets-only.gjn"
GOUJI = "from gojinotation_analyzer.cli.main import main; main()"


def child_cpu(args: list[str], env: dict[str, str], before_run: Callable[[], None]) -> float:
    before_run()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], env=env, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def startup(runs: int, scratch: Path, corpus: Path, tree: Path = ROOT) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    path = os.pathsep.join([str(tree), str(tree / "analyzer")])
    env |= {"PYTHONPATH": path, "PYTHONPYCACHEPREFIX": str(scratch / "pyc")}
    env["GOUJI_CACHE_DIR"] = str(scratch / "cache")

    def nothing() -> None:
        pass

    def forget_checks() -> None:  # the parser stays cached, the file was never checked
        for entry in (scratch / "cache").glob("fmt-check-*"):
            shutil.rmtree(entry, ignore_errors=True)

    fmt_sample = ["-c", GOUJI, "fmt", "--check", str(SAMPLE)]
    no_cache = {"GOUJI_NO_CACHE": "1"}
    cases: list[tuple[str, list[str], dict[str, str], Callable[[], None]]] = [
        ("python -c pass", ["-c", "pass"], {}, nothing),
        ("import gojinotation", ["-c", "import gojinotation"], {}, nothing),
        ("gouji --help", ["-c", GOUJI, "--help"], {}, nothing),
        ("gouji fmt --check SAMPLE (checked before)", fmt_sample, {}, nothing),
        ("gouji fmt --check SAMPLE (first check, parser cached)", fmt_sample, {}, forget_checks),
        (
            "gouji fmt --check --no-explicit SAMPLE (first check)",
            [*fmt_sample[:4], "--no-explicit", str(SAMPLE)],
            {},
            forget_checks,
        ),
        (
            "gouji fmt --check SAMPLE (GOUJI_NO_CACHE=1)",
            fmt_sample,
            {"GOUJI_NO_CACHE": "1"},
            nothing,
        ),
        (
            "gouji fmt --check TERSE (GOUJI_NO_CACHE=1)",
            ["-c", GOUJI, "fmt", "--check", str(TERSE)],
            no_cache,
            nothing,
        ),
        (
            "gouji validate SAMPLE (GOUJI_NO_CACHE=1)",
            ["-c", GOUJI, "validate", str(SAMPLE)],
            no_cache,
            nothing,
        ),
        (
            "gouji show SAMPLE (GOUJI_NO_CACHE=1)",
            ["-c", GOUJI, "show", str(SAMPLE)],
            no_cache,
            nothing,
        ),
        (
            f"gouji fmt --check {corpus.name} (checked before)",
            ["-c", GOUJI, "fmt", "--check", str(corpus)],
            {},
            nothing,
        ),
    ]
    for label, args, extra, before_run in cases:
        first, *rest = (child_cpu(args, env | extra, before_run) for _ in range(runs + 1))
        times = sorted(rest or [first])  # the first run fills the caches: dropped
        print(f"{label:58} min {times[0]:.3f} s  median {times[len(times) // 2]:.3f} s")


def best(f: Callable[[], object], runs: int) -> float:
    out = []
    for _ in range(runs):
        t = time.process_time()
        f()
        out.append(time.process_time() - t)
    return min(out)


def json_reader(runs: int, scratch: Path, corpus: Path) -> None:
    import gojinotation as gj
    from gojinotation.jsonio import load_json_match

    gjn = corpus.read_text(encoding="utf-8")
    g = best(lambda: gj.loads(gjn), runs)
    gi = best(lambda: sum(1 for _ in gj.iter_deals(io.StringIO(gjn))), runs)
    print(f"GJN {len(gjn.encode()) / 1e6:.2f} MB: loads {g:.3f} s, iter_deals {gi:.3f} s")
    for label, opts in (
        ("default", []),
        ("--indent 0", ["--indent", "0"]),
        ("--no-spans --indent 0", ["--no-spans", "--indent", "0"]),
    ):
        out = scratch / f"c{len(opts)}.json"
        gouji(["convert", str(corpus), "-o", str(out), *opts])
        js = out.read_bytes()
        j = best(functools.partial(load_json_match, js), runs)
        st = best(functools.partial(_stream, js), runs)
        jl = best(functools.partial(json.loads, js), runs)
        print(
            f"JSON {label:22} {len(js) / 1e6:5.1f} MB: load_json_match {j / g:.2f}x loads, "
            f"iter_read_json {st / gi:.2f}x iter_deals, json.loads alone {jl / g:.2f}x loads"
        )


def _stream(data: bytes) -> int:
    from gojinotation.jsonstream import iter_read_json

    return sum(1 for _ in iter_read_json(io.BytesIO(data)))


def gouji(args: list[str]) -> None:
    from gojinotation_analyzer.cli.main import main

    main.main(args, standalone_mode=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--startup-only", action="store_true", help="no JSON reader half")
    ns = parser.parse_args()
    print(f"tree {ns.tree}, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        corpus = scratch / f"sim{ns.deals}.gjn"
        gouji(["simulate", "--deals", str(ns.deals), "-o", str(corpus)])
        startup(ns.runs, scratch, corpus, ns.tree)
        print(f"load average {os.getloadavg()[0]:.1f}")
        if not ns.startup_only:
            json_reader(ns.runs, scratch, corpus)


if __name__ == "__main__":
    main()

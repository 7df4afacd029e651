"""An optional compiled build of the hot notation and engine modules, with mypyc (issue #16).

The source tree stays pure Python and the pure-Python path stays the default and the
tested one.  This script copies the two packages (``gojinotation`` and
``gojinotation_analyzer``, with their data files) into a build folder, compiles the
chosen modules there with mypyc (the ``.so`` of a module is found before its ``.py``),
and leaves the rest as Python.  To use the build, put the folder first on the path::

    python benchmarks/build_mypyc.py                      # -> build/mypyc (a few minutes)
    PYTHONPATH=build/mypyc python -m gojinotation_analyzer validate FILE

mypyc is part of mypy (a development dependency, not a runtime one), and a C compiler
and the Python headers are needed.  Classes with decorators mypyc does not know (the
``@attrs.frozen`` values) stay ordinary Python classes inside a compiled module, so the
values the modules return are the same classes as in the pure-Python build.

``tests/test_mypyc_build.py`` replays the golden deals of
``tests/test_engine_perf_equivalence.py`` with the build (when one is present, or named
by ``GOJINOTATION_MYPYC_BUILD``) and checks every frame's digest.

Measured (``benchmarks/bench_mypyc.py``, ``docs/performance.md``, "Compiled build (mypyc)"):
1.19x on parse + replay and 1.15x on ``validate``, below the 1.3x set as the bar for
supporting it; it stays a recipe that reproduces that measurement.

This is a build script, not part of the package.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "mypyc"

#: The modules compiled (paths relative to the build folder), chosen by profiling
#: parse + replay (``docs/performance.md``, "Compiled build (mypyc)").
MODULES: tuple[str, ...] = (
    "gojinotation/_tight.py",
    "gojinotation/_fast.py",
    "gojinotation/_scan.py",
    "gojinotation/cards.py",
    "gojinotation_analyzer/engine/core.py",
    "gojinotation_analyzer/engine/params.py",
    "gojinotation_analyzer/engine/machine.py",
    "gojinotation_analyzer/engine/replay.py",
    "gojinotation_analyzer/engine/opening.py",
    "gojinotation_analyzer/engine/disputes.py",
    "gojinotation_analyzer/engine/rules_play.py",
    "gojinotation_analyzer/engine/rules_turn.py",
    "gojinotation_analyzer/engine/rules_burn.py",
    "gojinotation_analyzer/engine/rules_bie3.py",
    "gojinotation_analyzer/engine/rules_kaidian.py",
    "gojinotation_analyzer/engine/rules_finish.py",
    "gojinotation_analyzer/engine/rules_exchange.py",
    "gojinotation_analyzer/engine/sets_shape.py",
    "gojinotation_analyzer/engine/sets_compare.py",
    "gojinotation_analyzer/engine/sets_enum.py",
    "gojinotation_analyzer/engine/sets_burn.py",
    "gojinotation_analyzer/engine/scoring.py",
)

_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

modules = sys.argv[sys.argv.index("--") + 1 :]
del sys.argv[sys.argv.index("--") :]
setup(
    name="gojinotation-mypyc-build",
    ext_modules=mypycify(["--ignore-missing-imports", *modules], opt_level="3"),
)
"""


#: The packages copied: (folder in the tree, folder in the build).
PACKAGES: tuple[tuple[Path, str], ...] = (
    (ROOT / "gojinotation", "gojinotation"),
    (ROOT / "analyzer" / "gojinotation_analyzer", "gojinotation_analyzer"),
)
MANIFEST = "SOURCES.json"
_IGNORED = ("__pycache__", "*.so", "*.pyc")


def source_digests() -> dict[str, str]:
    """The SHA-256 of every file the build copies, by its path in the build."""
    out = {}
    for src, name in PACKAGES:
        for f in sorted(src.rglob("*")):
            rel = f.relative_to(src)
            if f.is_file() and "__pycache__" not in rel.parts and f.suffix not in (".so", ".pyc"):
                out[f"{name}/{rel.as_posix()}"] = hashlib.sha256(f.read_bytes()).hexdigest()
    return out


def stale_sources(build: Path) -> list[str]:
    """The files of the tree that differ from those ``build`` was made from (none: current)."""
    try:
        made = json.loads((build / MANIFEST).read_text("utf-8"))
    except (OSError, ValueError):
        return [MANIFEST]
    now = source_digests()
    return sorted(k for k in made.keys() | now.keys() if made.get(k) != now.get(k))


def copy_sources(out: Path) -> None:
    """A fresh copy of both packages (sources and data files) in ``out``, and its manifest."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    digests = source_digests()
    for src, name in PACKAGES:
        shutil.copytree(src, out / name, ignore=shutil.ignore_patterns(*_IGNORED))
    (out / MANIFEST).write_text(json.dumps(digests, indent=0) + "\n", encoding="utf-8")


def build(out: Path, modules: tuple[str, ...]) -> float:
    """Compile ``modules`` in place in ``out``; the CPU seconds the compilation took."""
    (out / "_setup_mypyc.py").write_text(_SETUP, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(out)}
    t0 = os.times()
    subprocess.run(
        [sys.executable, "_setup_mypyc.py", "build_ext", "--inplace", "--", *modules],
        cwd=out,
        env=env,
        check=True,
    )
    t1 = os.times()
    shutil.rmtree(out / "build", ignore_errors=True)
    (out / "_setup_mypyc.py").unlink()
    return (t1.children_user + t1.children_system) - (t0.children_user + t0.children_system)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT, help="build folder")
    ap.add_argument(
        "--modules",
        nargs="*",
        default=None,
        help="modules to compile, relative to the build folder (default: the hot set)",
    )
    args = ap.parse_args(argv)
    out: Path = args.out.resolve()
    modules = tuple(args.modules) if args.modules else MODULES
    t0 = time.perf_counter()
    copy_sources(out)
    cpu = build(out, modules)
    built = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.so"))
    print(f"compiled {len(modules)} modules into {out} ({len(built)} extension files)")
    print(f"  {cpu:.0f} s of CPU, {time.perf_counter() - t0:.0f} s wall")
    print(f"use it with: PYTHONPATH={out} python ...")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

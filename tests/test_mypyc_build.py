"""The optional compiled build (``benchmarks/build_mypyc.py``) replays the golden deals
exactly as the pure-Python tree does.

The build is looked for in ``GOJINOTATION_MYPYC_BUILD`` or else in ``build/mypyc``.  Where
there is none, the test is skipped (the pure-Python path is the default and the tested
one).  A build made from other sources than the tree's is skipped too (rebuild it).  Naming
a build in ``GOJINOTATION_MYPYC_BUILD`` asks for it to be checked: then a missing or a
stale build fails.

The replay runs in a child process whose path starts at the build (``python -P``, so the
working folder does not come first); the child first checks that the modules the build
compiled are the ones it imported (``.so`` files), then prints the frame digests of
``tests/test_engine_perf_equivalence.py`` for every golden deal.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from build_mypyc import DEFAULT_OUT, stale_sources  # type: ignore[import-not-found]  # noqa: E402

pytestmark = pytest.mark.change_detector

_CHILD = r"""
import importlib, importlib.util, json, sys
import gojinotation
import gojinotation_analyzer.engine
build, test_file, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
compiled = {}
for m in modules:
    f = importlib.import_module(m).__file__ or ""
    compiled[m] = f.startswith(build) and f.endswith(".so")
spec = importlib.util.spec_from_file_location("perf_equivalence", test_file)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
digests = {name: mod.deal_digests(deal) for name, deal in mod.all_deals()}
print(json.dumps({"compiled": compiled, "digests": digests}))
"""


def _build() -> tuple[Path, bool]:
    named = os.environ.get("GOJINOTATION_MYPYC_BUILD")
    return (Path(named).resolve(), True) if named else (DEFAULT_OUT, False)


def _modules(build: Path) -> list[str]:
    """The dotted names of the modules compiled in ``build`` (not the shared runtime)."""
    out = []
    for so in sorted(build.rglob("*.so")):
        rel = so.relative_to(build)
        if len(rel.parts) > 1:
            out.append(".".join([*rel.parts[:-1], so.name.split(".")[0]]))
    return out


def test_compiled_build_replays_the_golden_deals() -> None:
    build, named = _build()
    modules = _modules(build) if build.is_dir() else []
    assert modules or not named, f"GOJINOTATION_MYPYC_BUILD names no compiled build: {build}"
    if not modules:
        pytest.skip(f"no compiled build in {build} (python benchmarks/build_mypyc.py makes one)")
    stale = stale_sources(build)
    if stale and not named:
        pytest.skip(f"the build in {build} is stale ({stale[0]} changed): rebuild it")
    assert not stale, f"the build in {build} was made from other sources: {stale}"
    out = subprocess.run(
        [
            sys.executable,
            "-P",
            "-c",
            _CHILD,
            str(build),
            str(ROOT / "tests" / "test_engine_perf_equivalence.py"),
            *modules,
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(build)},
        check=False,
    )
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["compiled"] == dict.fromkeys(modules, True)
    golden = json.loads((ROOT / "tests" / "fixtures" / "engine_golden.json").read_text("utf-8"))
    assert list(got["digests"]) == list(golden)
    for name, want in golden.items():
        have = got["digests"][name]
        first = next((i for i, (h, w) in enumerate(zip(have, want, strict=False)) if h != w), None)
        assert first is None, f"{name}: frame {first} differs in the compiled build"
        assert len(have) == len(want), name

"""Project-wide quality gates: lint, format, types (the tests included) and the README's
commands; the layering is tests/test_architecture.py."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["gojinotation", "analyzer"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed by the test extras")
def test_ruff_check_clean() -> None:
    r = _run("ruff", "check", *PACKAGES, "tests", "benchmarks")
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed by the test extras")
def test_ruff_format_clean() -> None:
    r = _run("ruff", "format", "--check", *PACKAGES, "tests", "benchmarks")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_clean() -> None:
    r = _run(sys.executable, "-m", "mypy", "--strict")
    assert r.returncode == 0, r.stdout + r.stderr


# The layering (which subpackage may import which, no cycles) is judged by
# tests/test_architecture.py against the table of docs/architecture.md.


def _readme_test_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    marker = "<!-- test-command -->"
    block = text.split(marker, 1)[1]
    return block.split("```bash", 1)[1].split("```", 1)[0].strip()


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1].strip() == _readme_test_command()

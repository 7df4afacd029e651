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


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed by the test extras")
def test_python_examples_in_the_docs_are_ruff_formatted() -> None:
    """The ```python blocks of the README and docs/ (doctest blocks aside) are formatted as
    the code is, so a reader who copies one gets code that passes ``ruff format``."""
    import re

    unformatted = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        for m in re.finditer(r"```python\n(.*?)```", text, re.S):
            if ">>>" in m.group(1):
                continue
            r = subprocess.run(
                ["ruff", "format", "--check", "-"], input=m.group(1), text=True, capture_output=True
            )
            if r.returncode != 0:
                unformatted.append(f"{doc.name}:{text.count(chr(10), 0, m.start()) + 1}")
    assert not unformatted, unformatted


def test_mypy_strict_clean() -> None:
    r = _run(sys.executable, "-m", "mypy", "--strict")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_on_the_tests() -> None:
    """The tests are code too: strict, with the relaxations documented in pyproject.toml."""
    r = _run(sys.executable, "-m", "mypy", "--strict", "--explicit-package-bases", "tests")
    assert r.returncode == 0, r.stdout + r.stderr


def test_golden_digests_are_marked_as_change_detectors() -> None:
    """A golden digest shows that behaviour changed, not that it is right: it carries the
    registered ``change_detector`` marker so that a reader (and ``-m``) can tell it apart."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"change_detector: ' in pyproject
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if "golden" in text.lower() and "GOLDEN_FILE" in text:
            assert "pytestmark = pytest.mark.change_detector" in text, path.name


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


def test_missing_rule_documents_fail_in_ci_and_skip_elsewhere(tmp_path: Path) -> None:
    """The citation tests judge in CI: without the rule documents they fail there."""
    from conftest import seeds_or_fail

    missing = tmp_path / "no-seeds"
    with pytest.raises(pytest.fail.Exception, match="must run"):
        seeds_or_fail(missing, ci=True)
    with pytest.raises(pytest.skip.Exception):
        seeds_or_fail(missing, ci=False)
    assert seeds_or_fail(tmp_path, ci=True) == tmp_path

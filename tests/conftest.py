"""Shared pytest configuration: Hypothesis profiles and the rule documents.

``ci`` (used when the environment variable CI is set) runs more examples without a
deadline; ``dev`` keeps local runs quick.  Select one with HYPOTHESIS_PROFILE.

The ``seeds`` fixture is the folder of rule documents (``../shared/seeds`` beside the
checkout, or ``$GOJINOTATION_SEEDS``) that the citation tests quote.  Where it is missing
those tests are skipped on a developer's machine but FAIL in CI (the variable ``CI`` set):
a citation check that silently did not run is no check.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

#: The rule documents the citations quote.
SEEDS = Path(os.environ.get("GOJINOTATION_SEEDS", ROOT.parent / "shared" / "seeds"))


def seeds_or_fail(folder: Path = SEEDS, *, ci: bool | None = None) -> Path:
    """``folder`` if it holds the rule documents; else skip, or fail when in CI."""
    if folder.is_dir():
        return folder
    message = f"the rule documents are missing: {folder} (set GOJINOTATION_SEEDS)"
    if bool(os.environ.get("CI")) if ci is None else ci:
        pytest.fail(message + "; in CI the citation tests must run")
    pytest.skip(message)


@pytest.fixture(scope="session")
def seeds() -> Path:
    """The folder of rule documents (see the module docstring)."""
    return seeds_or_fail()

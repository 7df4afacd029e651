"""Shared pytest configuration: Hypothesis profiles and the rule documents.

``ci`` (used when the environment variable CI is set) runs more examples without a
deadline; ``dev`` keeps local runs quick.  Select one with HYPOTHESIS_PROFILE.

The ``browser`` fixture is Debian's headless Chromium driven by Playwright (one per test
module); a test marked ``browser`` is skipped where ``/usr/bin/chromium`` is missing (the
README's test command installs it).

The ``seeds`` fixture is the folder of rule documents (``../shared/seeds`` beside the
checkout, or ``$GOJINOTATION_SEEDS``) that the citation tests quote.  Where it is missing
those tests are skipped on a developer's machine but FAIL in CI (the variable ``CI`` set):
a citation check that silently did not run is no check.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


#: The browser the ``browser`` tests drive, and how it is started here (no network but
#: loopback: the background services are off).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the tests marked ``browser`` where Chromium is missing."""
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (CI installs chromium)")
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium through Playwright, one per test module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    pw = sync_api.sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()
    pw.stop()


@pytest.fixture(autouse=True, scope="session")
def _gouji_session_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A ``gouji`` cache for the fixtures of wider scope (e.g. an installed wheel's
    environment, copied from ``os.environ`` before any test runs): never the user's."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GOUJI_CACHE_DIR", str(tmp_path_factory.mktemp("gouji-session-cache")))
        yield


@pytest.fixture(autouse=True)
def _gouji_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own ``gouji`` cache (``fmt --check``'s canonical files): no test
    sees what another test (or the user's own runs) entered."""
    monkeypatch.setenv("GOUJI_CACHE_DIR", str(tmp_path_factory.mktemp("gouji-cache")))
    monkeypatch.delenv("GOUJI_NO_CACHE", raising=False)

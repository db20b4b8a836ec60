"""Fixtures of the browser tests: one Chromium for the session, a real server per module
(``web_server``) or per test (``own_server``, to kill and restart), and console-error watching."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_testing import CHROMIUM, CHROMIUM_ARGS, ConsoleWatch, WebServer, web_server

if not Path(CHROMIUM).exists():  # pragma: no cover - .ci/run installs it
    pytest.skip(
        f"the browser tests need Debian's Chromium at {CHROMIUM} (apt-get install -y chromium)", allow_module_level=True
    )

from playwright.sync_api import Browser, sync_playwright


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():  # .ci/run installs it
        pytest.skip(f"the browser tests need Debian's Chromium at {CHROMIUM}: apt-get install -y chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def shared_web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    with web_server(tmp_path_factory.mktemp("web")) as process:
        yield process


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[WebServer]:
    with web_server(tmp_path) as process:
        yield process


@pytest.fixture
def console() -> Iterator[ConsoleWatch]:
    """Fails the test on any console error of the pages it watched."""
    watch = ConsoleWatch()
    yield watch
    assert not watch.errors, f"console errors: {watch.errors}"


def pytest_report_header() -> str:
    return f"chromium: {shutil.which('chromium') or CHROMIUM}"

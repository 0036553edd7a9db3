"""Shared fixtures: a strict build of the real site, served on 127.0.0.1, and Chromium."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.pipeline import build
from sitegen.serve import make_server

ROOT = Path(__file__).resolve().parents[1]

# The one test that runs for minutes (elo_core's suite inside Pyodide) starts first: spread
# over workers (./dev test), no worker is left with it at the end while the others wait.
FIRST = ("tests/test_pyodide.py::",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(FIRST))  # stable: else in order


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> SiteConfig:
    """The real content built with --strict into a temporary dist/, in one process
    (test_build_cores_and_cache.py compares a build on several with it)."""
    out = tmp_path_factory.mktemp("site") / "dist"
    config = SiteConfig(out_dir=out, strict=True, workers=1)
    build(config)
    return config


@pytest.fixture(scope="session")
def served(site: SiteConfig) -> Iterator[str]:
    """The built site on http://127.0.0.1:<free port>/."""
    server = make_server(site.out_dir, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """$CHROMIUM_PATH, else Debian's chromium, else None (Playwright's own browser)."""
    configured = os.environ.get("CHROMIUM_PATH")
    if configured:
        return configured
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()

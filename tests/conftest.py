"""Shared fixtures: a strict build of the real site, served on 127.0.0.1, and Chromium."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The browser tests' helpers assert too: their failures say what was compared.
pytest.register_assert_rewrite("ready_page")

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


class Server:
    """A folder served on 127.0.0.1, on a free port that it keeps when stopped and started
    again; with a ``log``, every path requested is appended to it."""

    def __init__(self, directory: Path, log: list[str] | None = None) -> None:
        self.directory = directory
        self.log = log
        self.port = 0
        self.httpd: Any = None

    def start(self) -> str:
        """Serves the folder; its address, http://127.0.0.1:<port>/."""
        self.httpd = make_server(self.directory, "127.0.0.1", self.port, request_log=self.log)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.httpd = None


@pytest.fixture(scope="session")
def served(site: SiteConfig) -> Iterator[str]:
    """The built site on http://127.0.0.1:<free port>/."""
    server = Server(site.out_dir)
    yield server.start()
    server.stop()


@pytest.fixture
def own_site(site: SiteConfig, tmp_path: Path) -> Iterator[Server]:
    """A copy of the built site for one test to change, stop and start, not yet started; it
    logs every path requested."""
    copy = tmp_path / "dist"
    shutil.copytree(site.out_dir, copy)
    server = Server(copy, log=[])
    yield server
    if server.httpd is not None:
        server.stop()


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

"""Background prefetch: an article fetches the engine's runtime, so a calculator opened later
starts from the cache, also offline; not when the reader saves data."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sitegen.config import SiteConfig
from sitegen.serve import make_server

pytestmark = pytest.mark.browser
READY = 'html[data-engine="ready"]'

# The runtime files the service worker holds, by name.
RUNTIME_CACHED = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("elo-runtime-"));
  if (!names.length) return [];
  const cache = await caches.open(names[0]);
  return (await cache.keys()).map((request) => request.url.split("/").pop()).sort();
}"""

SAVE_DATA = """Object.defineProperty(Navigator.prototype, "connection", {
  get: () => ({ saveData: true, effectiveType: "4g" }), configurable: true });"""


@pytest.fixture
def logged(site: SiteConfig, tmp_path: Path) -> Iterator[tuple[str, list[str], Any]]:
    copy = tmp_path / "dist"
    shutil.copytree(site.out_dir, copy)
    log: list[str] = []
    httpd = make_server(copy, "127.0.0.1", 0, request_log=log)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", log, httpd
    httpd.shutdown()
    httpd.server_close()


def test_an_article_fetches_the_engine_so_the_calculator_works_offline(
        browser: Any, logged: tuple[str, list[str], Any]) -> None:
    base, log, httpd = logged
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "en/elo-formula/")
    expected = ["pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs"]
    for _ in range(300):
        if all(name in page.evaluate(RUNTIME_CACHED) for name in expected):
            break
        page.wait_for_timeout(100)
    assert all(name in page.evaluate(RUNTIME_CACHED) for name in expected)
    assert sum("pyodide.asm.wasm" in path for path in log) == 1
    # The runtime's whole standard library is not needed: the site's own small one is.
    assert not any(path.endswith("/python_stdlib.zip") for path in log)
    # The site itself is stored once the article has loaded (offline.js); then offline.
    page.wait_for_timeout(1000)
    httpd.shutdown()
    context.set_offline(True)
    page.goto(base + "en/")
    page.locator(READY).wait_for(state="attached", timeout=60_000)
    page.fill('[name="rating_a"]', "1750")
    page.fill('[name="rating_b"]', "1810")
    page.locator('[data-out="change_a"]', has_text="+11.7").wait_for(timeout=10_000)
    context.close()


def test_no_prefetch_when_the_reader_saves_data(
        browser: Any, logged: tuple[str, list[str], Any]) -> None:
    base, log, _httpd = logged
    context = browser.new_context()
    context.add_init_script(SAVE_DATA)
    page = context.new_page()
    page.goto(base + "en/elo-formula/")
    # The page's CSP allows no eval: poll instead of wait_for_function.
    for _ in range(100):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(3000)  # well after load and idle, when a prefetch would start
    assert page.evaluate("navigator.connection.saveData") is True
    assert not any("/pyodide/" in path for path in log), log
    assert page.evaluate(RUNTIME_CACHED) == []
    context.close()

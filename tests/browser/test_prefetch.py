"""Background prefetch: an article fetches the engine's runtime, so a calculator opened later
starts from the cache, also offline, and then stores the engine's memory snapshot, so the
calculator or a live example restores Python instead of starting it; neither when the
reader saves data."""

from __future__ import annotations

from typing import Any

import pytest

from ready_page import (
    fill,
    new_page,
    open_page,
    poll,
    snapshot_keys,
    wait_out,
    wait_ready,
    wait_snapshot_stored,
)

pytestmark = pytest.mark.browser

# The runtime files the service worker holds, by name.
RUNTIME_CACHED = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("elo-runtime-"));
  if (!names.length) return [];
  const cache = await caches.open(names[0]);
  return (await cache.keys()).map((request) => request.url.split("/").pop()).sort();
}"""

# The pages and files the service worker keeps for offline use, by path.
SITE_CACHED = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("elo-site-"));
  const paths = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
  }
  return paths;
}"""


SAVE_DATA = """Object.defineProperty(Navigator.prototype, "connection", {
  get: () => ({ saveData: true, effectiveType: "4g" }), configurable: true });"""


def test_an_article_fetches_the_engine_so_the_calculator_works_offline(
        browser: Any, own_site: Any) -> None:
    base, log = own_site.start(), own_site.log
    context, page, _ = open_page(browser, base + "en/elo-formula/")
    expected = ["pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs"]
    assert poll(page, lambda: all(name in page.evaluate(RUNTIME_CACHED) for name in expected))
    page.locator('html[data-prefetch="stored"]').wait_for(state="attached", timeout=60_000)
    assert sum("pyodide.asm.wasm" in path for path in log) == 1
    # The runtime's whole standard library is not needed: the site's own small one is.
    assert not any(path.endswith("/python_stdlib.zip") for path in log)
    # The site itself is stored once the article has loaded (offline.js): the pages in one
    # go, then the engine's own files one by one, each once its sha256 matched; then offline.
    def site_stored() -> bool:
        paths = page.evaluate(SITE_CACHED)
        return "/en/" in paths and all(any(part in path for path in paths) for part in (
            "/elo_core-", "/wheels/pyodide-lock.", "/wheels/python_stdlib."))
    assert poll(page, site_stored)
    own_site.stop()
    context.set_offline(True)
    page.goto(base + "en/")
    wait_ready(page)
    fill(page, rating_a="1750", rating_b="1700")
    wait_out(page, "change_a", "+8.6", 10_000)
    context.close()


def test_no_prefetch_when_the_reader_saves_data(browser: Any, own_site: Any) -> None:
    base, log = own_site.start(), own_site.log
    context = browser.new_context()
    context.add_init_script(SAVE_DATA)
    page, _ = new_page(context, base + "en/elo-formula/")
    # Decided on load, once and for all: nothing later starts a prefetch on this page.
    page.locator('html[data-prefetch="off"]').wait_for(state="attached", timeout=60_000)
    assert poll(page, lambda: page.evaluate("navigator.serviceWorker.controller !== null"))
    assert page.evaluate("navigator.connection.saveData") is True
    assert not any("/pyodide/" in path for path in log), log
    assert page.evaluate(RUNTIME_CACHED) == []
    context.close()


def _open_article(browser: Any, base: str) -> tuple[Any, Any, list[Any], list[str]]:
    """The formula article on a fresh profile, with every worker it starts and every error
    on the page recorded from the first request."""
    context = browser.new_context()
    workers: list[Any] = []
    # Set on the profile, it is on the page before the page starts loading.
    context.on("page", lambda page: page.on("worker", lambda worker: workers.append(worker)))
    page, errors = new_page(context, base + "en/elo-formula/")
    return context, page, workers, errors


def test_an_article_stores_the_snapshot_and_the_calculator_restores_it(
        browser: Any, own_site: Any) -> None:
    base, log = own_site.start(), own_site.log
    context, page, workers, errors = _open_article(browser, base)
    wait_snapshot_stored(page, 120_000)
    # Prepared in the background: the article's own engine was never wanted, and the
    # worker that made the snapshot has stopped.
    assert page.evaluate("document.documentElement.dataset.engine") == "idle"
    assert len(workers) == 1
    assert poll(page, lambda: not page.workers), page.workers
    [key] = snapshot_keys(page)
    assert page.evaluate("document.documentElement.dataset.lockSrc").split("/")[-1] in key
    assert sum("pyodide.asm.wasm" in path for path in log) == 1

    page.goto(base + "de/")
    assert wait_ready(page) == "snapshot"
    fill(page, rating_a="1750", rating_b="1700")
    wait_out(page, "change_a", "+8,6", 10_000)
    # Another article (no example in view, so its engine is not wanted) finds the
    # snapshot stored and starts nothing more than a look.
    page.goto(base + "de/elo-formel/")
    wait_snapshot_stored(page)
    assert snapshot_keys(page) == [key]
    assert sum("pyodide.asm.wasm" in path for path in log) == 1
    assert errors == []
    context.close()


def test_a_live_example_wanted_while_the_snapshot_is_made_takes_that_engine_over(
        browser: Any, own_site: Any) -> None:
    base, log = own_site.start(), own_site.log
    context, page, workers, _errors = _open_article(browser, base)
    assert poll(page, lambda: bool(workers)), "no engine was started in the background"
    assert page.evaluate("document.documentElement.dataset.engine") == "idle"
    example = page.locator("[data-live]").first
    example.locator("input").first.focus()
    wait_ready(page, 120_000)
    field = example.locator('[name="rating"]')
    outputs = example.locator("[data-out]")
    before = outputs.all_text_contents()
    field.fill("1950")
    assert poll(page, lambda: outputs.all_text_contents() != before)
    # The same worker: none was started beside it, and it stays to answer.
    assert len(workers) == 1 and len(page.workers) == 1
    wait_snapshot_stored(page, 120_000)
    page.wait_for_timeout(500)
    assert len(page.workers) == 1
    assert sum("pyodide.asm.wasm" in path for path in log) == 1
    context.close()

"""The engine's memory snapshot: a second visit restores Python instead of starting it again."""

from __future__ import annotations

from typing import Any

import pytest

from ready_page import fill, open_page, snapshot_keys, wait_out, wait_ready, wait_snapshot_stored

pytestmark = pytest.mark.browser

# Replace the stored snapshot by `body` (gzip-compressed like the real one) under `url`.
STORE = """async ([url, body]) => {
  await caches.delete("elo-snapshot /");
  const stream = new Blob([body]).stream().pipeThrough(new CompressionStream("gzip"));
  await (await caches.open("elo-snapshot /")).put(url, new Response(stream));
}"""


def first_visit(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    context, page, errors = open_page(browser, url)
    assert wait_ready(page) == "fresh"
    wait_snapshot_stored(page)
    return context, page, errors


def test_a_second_visit_restores_the_engine_and_every_tool_works(browser: Any, served: str) -> None:
    context, page, errors = first_visit(browser, served + "en/")
    keys = snapshot_keys(page)
    lock = page.evaluate("document.documentElement.dataset.lockSrc")
    assert len(keys) == 1 and "314.0.7" in keys[0] and lock.split("/")[-1] in keys[0]

    page.reload()
    assert wait_ready(page) == "snapshot"
    fill(page, rating_a="1750", rating_b="1700")
    wait_out(page, "change_a", "+8.6", 10_000)

    # Another page restores the same snapshot; its tools reach modules that were never
    # imported before the snapshot was taken (the package's files are loaded again).
    page.goto(served + "en/club-league/")
    assert wait_ready(page) == "snapshot"
    page.select_option('[name="league_format"]', "pgn")
    page.fill('[name="league_games"]', '[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n\n1. e4 1-0\n')
    wait_out(page, "league_players", "2", 30_000)
    assert errors == []
    assert snapshot_keys(page) == keys, "a restored engine stores nothing new"
    context.close()


def test_a_snapshot_that_does_not_fit_is_dropped_and_replaced(browser: Any, served: str) -> None:
    context, page, errors = first_visit(browser, served + "de/")
    [key] = snapshot_keys(page)

    # Bytes that are not a snapshot under the right key: the engine starts afresh.
    page.evaluate(STORE, [key, "not a snapshot"])
    page.reload()
    assert wait_ready(page) == "fresh"
    wait_snapshot_stored(page)
    assert snapshot_keys(page) == [key]
    fill(page, rating_a="1500", rating_b="1700")
    wait_out(page, "expected_a", "0,24", 10_000)

    # A snapshot of another elo_core wheel is not used, and the new one replaces it.
    page.evaluate(STORE, [key.replace("wheel=", "wheel=old"), "x"])
    page.reload()
    assert wait_ready(page) == "fresh"
    wait_snapshot_stored(page)
    assert snapshot_keys(page) == [key]
    page.reload()
    assert wait_ready(page) == "snapshot"
    assert errors == []
    context.close()

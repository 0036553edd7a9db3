"""The calculator in Chromium: Pyodide in a worker computes; nothing leaves 127.0.0.1."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

READY_TIMEOUT_MS = 60_000


def test_german_single_game_with_engine_and_local_requests_only(browser: Any, served: str) -> None:
    context = browser.new_context()
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(served + "de/")
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=READY_TIMEOUT_MS)

    page.fill('[name="rating_a"]', "1600")
    page.fill('[name="rating_b"]', "1400")
    page.check('[name="result"][value="1"]')
    page.fill('[name="k"]', "20")
    # Make the engine recompute something else first, so the final numbers are its answer.
    page.fill('[name="rating_b"]', "1500")
    page.locator('[data-out="expected_a"]', has_text="0,64").wait_for()
    page.fill('[name="rating_b"]', "1400")
    page.locator('[data-out="expected_a"]', has_text="0,76").wait_for()

    assert page.inner_text('[data-out="expected_a"]') == "0,76"
    assert page.inner_text('[data-out="change_a"]') == "+4,8"
    assert page.inner_text('[data-out="new_a"]') == "1.604,8"
    assert page.inner_text('[data-out="change_b"]') == "-4,8"
    assert errors == []
    hosts = {urlsplit(url).hostname for url in requested if not url.startswith(("data:", "blob:"))}
    assert hosts == {"127.0.0.1"}, requested
    # The worker fetched the runtime and the wheel from the page's own origin.
    assert any(url.endswith("pyodide.asm.wasm") for url in requested)
    assert any(url.endswith("-py3-none-any.whl") for url in requested)
    context.close()

"""The calculator in Chromium: Pyodide in a worker computes; nothing leaves 127.0.0.1."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from ready_page import fill, new_page, wait_out, wait_ready

pytestmark = pytest.mark.browser


def test_german_single_game_with_engine_and_local_requests_only(browser: Any, served: str) -> None:
    context = browser.new_context()
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page, errors = new_page(context, served + "de/")
    wait_ready(page)

    fill(page, rating_a="1600", rating_b="1400")
    page.check('[name="result"][value="1"]')
    page.fill('[name="k"]', "20")
    # Make the engine recompute something else first, so the final numbers are its answer.
    page.fill('[name="rating_b"]', "1500")
    wait_out(page, "expected_a", "0,64")
    page.fill('[name="rating_b"]', "1400")
    wait_out(page, "expected_a", "0,76")

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

"""Printing a calculator page gives the inputs and results without the site's chrome."""

from __future__ import annotations

from typing import Any

import pytest

from ready_page import open_ready

pytestmark = pytest.mark.browser


def test_print_shows_inputs_and_results_only(browser: Any, served: str) -> None:
    context, page, _ = open_ready(browser, served + "da/")
    page.check('[name="result"][value="0.5"]')
    page.emulate_media(media="print")
    for hidden in (".site-header", ".site-footer", "#engine-status", "#share-link"):
        assert not page.locator(hidden).is_visible(), hidden
    assert page.locator('[name="rating_a"]').is_visible()
    assert page.locator('[data-out="new_a"]').is_visible()
    # Only the chosen result of the radio group is printed.
    visible = [label for label in page.locator("fieldset:has([name=result]) label").all() if label.is_visible()]
    assert [label.inner_text().strip() for label in visible] == ["Remis"]
    page.emulate_media(media="screen")
    assert page.locator(".site-header").is_visible()
    context.close()

"""Inputs survive a reload and travel in a link's #fragment; a link never overwrites silently."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser
READY = 'html[data-engine="ready"]'


def open_ready(context: Any, url: str) -> Any:
    page = context.new_page()
    page.goto(url)
    page.locator(READY).wait_for(state="attached", timeout=60_000)
    return page


def test_inputs_survive_a_reload(browser: Any, served: str) -> None:
    context = browser.new_context()
    page = open_ready(context, served + "de/")
    page.fill('[name="rating_a"]', "1750")
    page.fill('[name="rating_b"]', "1810")
    page.locator('[data-out="change_a"]', has_text="+11,7").wait_for()
    page.reload()
    page.locator(READY).wait_for(state="attached", timeout=60_000)
    assert page.input_value('[name="rating_a"]') == "1750"
    page.locator('[data-out="change_a"]', has_text="+11,7").wait_for()
    context.close()


def test_share_link_round_trip_and_no_silent_overwrite(browser: Any, served: str) -> None:
    origin = served.rstrip("/")
    sender = browser.new_context()
    sender.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page = open_ready(sender, served + "en/")
    page.fill('[name="rating_a"]', "1750")
    page.fill('[name="rating_b"]', "1810")
    page.fill('[name="k"]', "40")
    page.click("#share-link")
    page.locator("#share-status", has_text="Link copied").wait_for()
    link = page.evaluate("navigator.clipboard.readText()")
    parts = urlsplit(link)
    assert parts.path == "/en/" and "rating_a=1750" in parts.fragment and not parts.query
    sender.close()

    # A visitor with nothing saved gets the link's inputs and results.
    fresh = browser.new_context()
    page = open_ready(fresh, link)
    assert page.input_value('[name="rating_a"]') == "1750"
    assert page.input_value('[name="k"]') == "40"
    page.locator('[data-out="change_a"]', has_text="+23.4").wait_for()
    fresh.close()

    # A visitor with other saved inputs is asked, and keeps theirs until they choose.
    owner = browser.new_context()
    page = open_ready(owner, served + "en/")
    page.fill('[name="rating_a"]', "2000")
    page.wait_for_timeout(200)
    page.close()
    page = open_ready(owner, link)
    offer = page.locator("#shared-offer")
    offer.wait_for(state="visible")
    assert page.input_value('[name="rating_a"]') == "2000"
    page.click('[data-action="use-shared"]')
    assert offer.is_hidden()
    assert page.input_value('[name="rating_a"]') == "1750"
    page.locator('[data-out="change_a"]', has_text="+23.4").wait_for()

    # A second link pasted into the same tab changes only the fragment: asked again.
    page.evaluate("location.hash = 'rating_a=1900&rating_b=1810&result=1&k=40'")
    offer.wait_for(state="visible")
    assert page.input_value('[name="rating_a"]') == "1750"
    page.click('[data-action="keep-saved"]')
    assert offer.is_hidden() and page.input_value('[name="rating_a"]') == "1750"
    owner.close()

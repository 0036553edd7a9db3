"""Hostile and oversized input in the page: saved inputs, links, storage, the watchdog, size."""

from __future__ import annotations

from typing import Any

import pytest

from ready_page import (
    fill,
    messages,
    new_page,
    open_page,
    open_ready,
    site_page,
    wait_out,
    wait_ready,
)
from sitegen.config import SiteConfig

pytestmark = pytest.mark.browser


def _type_by_script(page: Any, name: str, text: str) -> None:
    """Put the text a JavaScript expression builds into a field, as typing would announce it.

    Texts of 100 000 lines are built in the page: sending them over the wire and typing
    them would take minutes.
    """
    page.evaluate(f"""() => {{
      const field = document.querySelector('[name="{name}"]');
      field.value = {text};
      field.dispatchEvent(new Event("input", {{ bubbles: true }}));
    }}""")


def test_saved_inputs_that_are_not_an_object_are_dropped_with_a_notice(
    browser: Any, served: str, site: SiteConfig
) -> None:
    context = browser.new_context()
    # JSON, but not an object: before, this broke the page for good.
    context.add_init_script("localStorage.setItem('elo-inputs:/en/', '5')")
    page, errors = new_page(context, served + "en/")
    notice = page.locator("#storage-notice")
    notice.wait_for(state="visible")
    assert notice.inner_text() == messages(site, "en")["saved-dropped"]
    wait_ready(page)
    page.fill("#rating_a", "1700")
    wait_out(page, "expected_a", "0.35")  # 1700 v 1810
    assert errors == []
    context.close()


def test_a_link_with_an_unknown_choice_keeps_the_default_and_says_so(
    browser: Any, served: str, site: SiteConfig
) -> None:
    context, page, _ = open_page(browser, served + "en/#model=evil&rating_a=1700")
    page.locator("#shared-offer, #storage-notice").first.wait_for(state="visible")
    if page.locator("#shared-offer").is_visible():
        page.click('[data-action="use-shared"]')
    notice = page.locator("#storage-notice")
    notice.wait_for(state="visible")
    assert notice.inner_text() == messages(site, "en")["link-dropped"]
    assert page.input_value("#model") == "logistic"  # a real choice, not a blank field
    assert page.input_value("#rating_a") == "1700"
    context.close()


def test_a_league_too_large_to_keep_is_shown_in_part_and_neither_kept_nor_linked(
    browser: Any, served: str, site: SiteConfig
) -> None:
    texts = messages(site, "en")
    context, page, _ = open_ready(browser, served + site_page(site, "en", "league").path)
    # 100 000 games: too large to keep on the device or put in a link; shown in part.
    _type_by_script(page, "league_games", """["Anna | Ben | 1"].concat(Array.from(
      { length: 100000 }, (_, i) => `P${i % 40} | Q${i % 37} | ${i % 3 ? 1 : 0}`)).join("\\n")""")
    more = page.locator('[data-out="history"] tr.more-rows')
    more.wait_for(state="attached", timeout=60_000)  # the history is folded away
    assert "100,001" in more.text_content()
    assert page.locator('[data-out="history"] tr').count() == 501
    notice = page.locator("#storage-notice")
    notice.wait_for(state="visible")
    assert notice.inner_text() == texts["saved-too-large"]
    assert page.evaluate("localStorage.getItem('elo-inputs:' + location.pathname)") is None
    page.click("#share-link")
    page.locator("#share-status", has_text=texts["link-too-long"]).wait_for()
    context.close()


def test_a_full_storage_is_said_not_hidden(browser: Any, served: str, site: SiteConfig) -> None:
    context, page, _ = open_ready(browser, served + "en/")
    # Fill the site's storage with something else, to the last kilobyte.
    page.evaluate("""() => {
      let size = 1 << 20, i = 0;
      while (size >= 1024) {
        try { localStorage.setItem(`junk${i++}`, "x".repeat(size)); } catch { size >>= 1; }
      }
    }""")
    page.fill('[name="games"]', "1810 | 1\n" * 300)
    notice = page.locator("#storage-notice")
    notice.wait_for(state="visible")
    assert notice.inner_text() == messages(site, "en")["saved-full"]
    context.close()


def test_a_computation_that_runs_too_long_is_stopped_and_the_engine_restarts(
    browser: Any, served: str, site: SiteConfig
) -> None:
    context, page, _ = open_ready(browser, served + "en/")
    # A tournament far longer than the (lowered) watchdog allows, rated again when the
    # rating changes. Its 20 000 lines are typed first, with the normal limit: laying out
    # the text box takes the page's main thread longer than the worker's answer, which
    # would then arrive before the watchdog's timer could run.
    _type_by_script(page, "games",
                    """Array.from({ length: 20000 }, (_, i) => `${1500 + (i % 400)} | 1`).join("\\n")""")
    wait_out(page, "tournament_games", "20,000", 60_000)
    page.evaluate("document.documentElement.dataset.engineTimeoutMs = '5'")
    page.fill('[name="rating_a"]', "1700")
    box = page.locator('section[data-mode="elo"] [data-error-for="*"]').first
    box.wait_for(state="visible", timeout=30_000)
    assert box.inner_text() == messages(site, "en")["engine-timeout"]
    # The worker was replaced; with the normal limit the same page computes again.
    page.evaluate("delete document.documentElement.dataset.engineTimeoutMs")
    wait_ready(page)
    page.fill('[name="games"]', "1600 | 1")
    wait_out(page, "tournament_games", "1", 30_000)
    assert box.is_hidden()
    context.close()


def test_switching_language_carries_the_inputs_with_their_numbers_converted(
    browser: Any, served: str
) -> None:
    context, page, _ = open_ready(browser, served + "en/")
    fill(page, rating_a="1,650.5", games="1810 | 1\n1,720.5 | ½")
    page.click('.languages a[hreflang="de"]')
    page.wait_for_url("**/de/**")
    wait_ready(page)
    assert page.input_value("#rating_a") == "1.650,5"
    assert page.input_value('[name="games"]') == "1810 | 1\n1.720,5 | ½"
    wait_out(page, "tournament_games", "2")
    context.close()

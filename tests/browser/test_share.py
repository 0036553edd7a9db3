"""Inputs survive a reload and travel in a link's #fragment; a link never overwrites silently."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from ready_page import fill, new_page, open_page, open_ready, wait_out, wait_ready

pytestmark = pytest.mark.browser


def test_inputs_survive_a_reload(browser: Any, served: str) -> None:
    context, page, _ = open_ready(browser, served + "de/")
    fill(page, rating_a="1600", rating_b="1400")
    wait_out(page, "change_a", "+4,8")
    page.reload()
    wait_ready(page)
    assert page.input_value('[name="rating_a"]') == "1600"
    wait_out(page, "change_a", "+4,8")
    context.close()


def test_share_link_round_trip_and_no_silent_overwrite(browser: Any, served: str) -> None:
    origin = served.rstrip("/")
    sender, page, _ = open_ready(browser, served + "en/")
    sender.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    fill(page, rating_a="1700", rating_b="1810", k="40")
    page.click("#share-link")
    page.locator("#share-status", has_text="Link copied").wait_for()
    link = page.evaluate("navigator.clipboard.readText()")
    parts = urlsplit(link)
    assert parts.path == "/en/" and "rating_a=1700" in parts.fragment and not parts.query
    sender.close()

    # A visitor with nothing saved gets the link's inputs and results.
    fresh, page, _ = open_ready(browser, link)
    assert page.input_value('[name="rating_a"]') == "1700"
    assert page.input_value('[name="k"]') == "40"
    wait_out(page, "change_a", "+26.1")
    fresh.close()

    # A visitor with other saved inputs is asked, and keeps theirs until they choose.
    owner, page, _ = open_ready(browser, served + "en/")
    page.fill('[name="rating_a"]', "2000")
    _wait_saved(page, "rating_a", "2000")
    page.close()
    page, _ = new_page(owner, link)
    wait_ready(page)
    offer = page.locator("#shared-offer")
    offer.wait_for(state="visible")
    assert page.input_value('[name="rating_a"]') == "2000"
    page.click('[data-action="use-shared"]')
    assert offer.is_hidden()
    assert page.input_value('[name="rating_a"]') == "1700"
    wait_out(page, "change_a", "+26.1")

    # A second link pasted into the same tab changes only the fragment: asked again.
    page.evaluate("location.hash = 'rating_a=1900&rating_b=1810&result=1&k=40'")
    offer.wait_for(state="visible")
    assert page.input_value('[name="rating_a"]') == "1700"
    page.click('[data-action="keep-saved"]')
    assert offer.is_hidden() and page.input_value('[name="rating_a"]') == "1700"
    owner.close()


def test_a_link_to_the_inputs_saved_here_opens_without_a_question(
        browser: Any, served: str) -> None:
    # Only K changed: the stored record holds K alone, the link every field. The page compared
    # the two as they were and asked whether to replace the reader's inputs with the same ones.
    origin = served.rstrip("/")
    context, page, _ = open_ready(browser, served + "en/")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page.fill('[name="k"]', "32")
    _wait_saved(page, "k", "32")
    page.click("#share-link")
    page.locator("#share-status", has_text="Link copied").wait_for()
    link = page.evaluate("navigator.clipboard.readText()")
    assert "k=32" in link and "rating_a=" in link
    page, _ = new_page(context, link)
    # The page takes a link's inputs, then drops the fragment; an offer would keep it.
    page.wait_for_function("() => location.hash === ''", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator("#shared-offer").is_hidden()
    assert page.input_value('[name="k"]') == "32"
    context.close()


# The inputs are kept and offered by the page's own script, before the engine starts: these
# tests wait for what they assert (a field's value, the stored record), not for the engine,
# which on a loaded machine may take longer to start than any fixed wait.
ENGINE_TIMEOUT_MS = 180_000


def _saved(page: Any) -> Any:
    return page.evaluate("JSON.parse(localStorage.getItem('elo-inputs:' + location.pathname))")


def _wait_saved(page: Any, name: str, value: str) -> None:
    page.wait_for_function(
        "([name, value]) => JSON.parse(localStorage.getItem('elo-inputs:' + location.pathname))"
        "?.fields?.[name] === value", arg=[name, value])


def _wait_value(page: Any, name: str, value: str) -> None:
    page.wait_for_function(
        "([name, value]) => document.querySelector(`[name=${name}]`).value === value",
        arg=[name, value])


def test_a_link_with_from_does_not_replace_saved_games_without_the_offer(
    browser: Any, served: str
) -> None:
    # The reproduction: from= once made any link count as the reader's own inputs.
    context, page, _ = open_page(browser, served + "en/club-league/")
    games = "\n".join(f"P{i % 7} | Q{i % 5} | {i % 3 / 2:g}" for i in range(40))
    page.fill('[name="league_games"]', games)
    _wait_saved(page, "league_games", games)
    page.close()

    page, _ = new_page(context, served + "en/club-league/#from=de&league_games=X+%7C+Y+%7C+1")
    offer = page.locator("#shared-offer")
    offer.wait_for(state="visible")
    assert page.input_value('[name="league_games"]') == games
    assert _saved(page)["fields"]["league_games"] == games
    page.click('[data-action="keep-saved"]')
    assert offer.is_hidden()
    assert page.input_value('[name="league_games"]') == games
    page.reload()
    _wait_value(page, "league_games", games)
    assert page.locator("#shared-offer").is_hidden()
    context.close()


def test_the_language_switch_still_carries_the_readers_own_inputs_without_asking(
    browser: Any, served: str
) -> None:
    context, page, _ = open_page(browser, served + "de/")
    page.fill('[name="rating_a"]', "2000")  # saved on the German page
    _wait_saved(page, "rating_a", "2000")
    page.goto(served + "en/")
    page.fill('[name="rating_a"]', "1,650")
    page.click('.languages a[hreflang="de"]')
    page.wait_for_url("**/de/**")
    _wait_value(page, "rating_a", "1.650")
    _wait_saved(page, "rating_a", "1.650")
    assert page.locator("#shared-offer").is_hidden()
    # The same fragment opened again (sent on, or from the history) is any link: offered.
    page.fill('[name="rating_a"]', "2100")
    _wait_saved(page, "rating_a", "2100")
    carried = page.evaluate("performance.getEntriesByType('navigation')[0].name")
    assert "from=en" in carried and "carry=" in carried
    other, _ = new_page(context, carried)
    other.locator("#shared-offer").wait_for(state="visible")
    assert other.input_value('[name="rating_a"]') == "2100"
    context.close()


def test_tabs_of_one_page_merge_their_edits_field_by_field(browser: Any, served: str) -> None:
    context, first, _ = open_page(browser, served + "en/")
    second, _ = new_page(context, served + "en/")
    first.fill('[name="rating_a"]', "1650")
    # The other tab takes the edit in as it is saved (the storage event) …
    _wait_value(second, "rating_a", "1650")
    second.fill('[name="rating_b"]', "1850")
    _wait_value(first, "rating_b", "1850")
    assert {"rating_a": "1650", "rating_b": "1850"}.items() <= _saved(first)["fields"].items()

    # A save that missed the other tab's (no storage event here: written by this same page)
    # merges with it instead of overwriting: the later edit of each field wins.
    first.evaluate("""() => {
      const key = 'elo-inputs:' + location.pathname;
      const record = JSON.parse(localStorage.getItem(key));
      record.fields.k = '40';
      record.at.k = Date.now();
      localStorage.setItem(key, JSON.stringify(record));
    }""")
    first.fill('[name="rating_a"]', "1700")
    _wait_value(first, "k", "40")
    _wait_saved(first, "rating_a", "1700")
    saved = _saved(first)["fields"]
    assert (saved["rating_a"], saved["rating_b"], saved["k"]) == ("1700", "1850", "40")
    _wait_value(second, "rating_a", "1700")

    # … and computes with it: 1700 beat 1850, K 40.
    for page in (first, second):
        wait_out(page, "change_a", "+28.1", ENGINE_TIMEOUT_MS)

    third, _ = new_page(context, served + "en/")
    assert [third.input_value(f'[name="{name}"]') for name in ("rating_a", "rating_b", "k")] == [
        "1700", "1850", "40"
    ]
    context.close()


def test_inputs_saved_by_an_earlier_version_of_the_page_are_read(
    browser: Any, served: str
) -> None:
    context = browser.new_context()
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        " localStorage.setItem('elo-inputs:/en/', JSON.stringify({rating_a: '1650', k: '40'})); }"
    )
    page, _ = new_page(context, served + "en/")
    assert page.input_value('[name="rating_a"]') == "1650"
    assert page.input_value('[name="k"]') == "40"
    assert page.locator("#storage-notice").is_hidden()
    page.fill('[name="rating_b"]', "1850")
    _wait_saved(page, "rating_b", "1850")
    assert _saved(page)["fields"]["rating_a"] == "1650"
    context.close()

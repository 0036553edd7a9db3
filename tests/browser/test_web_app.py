"""'Add to Home Screen': the page's manifest is read without errors, the site is installable,
and the app's start page opens offline once the site is stored."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ready_page import open_ready, poll, wait_ready

pytestmark = pytest.mark.browser


def test_the_german_app_installs_and_opens_offline(browser: Any, served: str) -> None:
    context, page, errors = open_ready(browser, served + "de/")
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/de/manifest.webmanifest")
    assert manifest["errors"] == []
    app = json.loads(manifest["data"])
    assert app["name"] == "Elo-Rechner"
    # Chromium's own verdict, but for the test's profile: Playwright's contexts are incognito,
    # where nothing installs ("in-incognito"); a missing icon, start page or service worker
    # would be named here too.
    def problems() -> list[str]:
        found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        return [error["errorId"] for error in found if error["errorId"] != "in-incognito"]
    assert poll(page, problems, lambda found: found == [], seconds=60) == []
    # The site is stored (the engine is ready), and the app opens offline at its start page.
    assert poll(page, lambda: page.evaluate("""async (start) => Boolean(
        await caches.match(new URL(start, location.href).href))""", app["start_url"])), "start page kept"
    context.set_offline(True)
    page.goto(served.rstrip("/") + app["start_url"])
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert errors == []
    context.close()

"""Offline use through the service worker, single downloads, and picking up a new build."""

from __future__ import annotations

import shutil
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sitegen.config import SiteConfig
from sitegen.serve import make_server

pytestmark = pytest.mark.browser
READY = 'html[data-engine="ready"]'


class Server:
    """dist/ served on a fixed port that can be stopped and started again."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.log: list[str] = []
        self.port = 0
        self.httpd: Any = None

    def start(self) -> str:
        self.httpd = make_server(self.directory, "127.0.0.1", self.port, request_log=self.log)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def own_site(site: SiteConfig, tmp_path: Path) -> Iterator[Server]:
    copy = tmp_path / "dist"
    shutil.copytree(site.out_dir, copy)
    server = Server(copy)
    yield server
    if server.httpd is not None:
        server.stop()


def test_first_visit_downloads_each_file_once_then_works_offline(browser: Any, own_site: Server) -> None:
    base = own_site.start()
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "en/")
    page.locator(READY).wait_for(state="attached", timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    # Once the engine is ready, the service worker stores the site: wait until it has.
    stored = """async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith("elo-site-"));
      return names.length === 1 && (await (await caches.open(names[0])).keys()).length > 30;
    }"""
    for _ in range(100):
        if page.evaluate(stored):
            break
        page.wait_for_timeout(100)
    assert page.evaluate(stored), "the site is stored for offline use"

    counts = Counter(path.split("?")[0] for path in own_site.log)
    repeated = {path: n for path, n in counts.items() if n > 1 and not path.endswith("/")}
    assert repeated == {}, "a first visit fetches every file once"
    assert counts["/pyodide/314.0.7/pyodide.asm.wasm"] == 1

    own_site.stop()
    context.set_offline(True)
    page.reload()
    page.locator(READY).wait_for(state="attached", timeout=60_000)
    page.fill('[name="rating_a"]', "1750")
    page.fill('[name="rating_b"]', "1810")
    page.locator('[data-out="change_a"]', has_text="+11.7").wait_for(timeout=10_000)
    # An article never visited is there too: everything was precached.
    page.goto(base + "de/")
    assert page.locator("h1").count() == 1
    context.close()


def test_a_new_build_is_picked_up(browser: Any, own_site: Server) -> None:
    base = own_site.start()
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "da/")
    page.locator(READY).wait_for(state="attached", timeout=60_000)
    first_cache = page.evaluate("caches.keys()")

    # A new build: a changed page and a new service worker version.
    index = own_site.directory / "da" / "index.html"
    index.write_text(index.read_text().replace("</main>", '<p id="new-build">ny</p></main>'))
    sw = own_site.directory / "sw.js"
    sw.write_text(sw.read_text().replace('const VERSION = "', 'const VERSION = "new-'))

    page.reload()
    page.locator("#new-build").wait_for(state="attached", timeout=10_000)
    page.wait_for_timeout(500)
    page.reload()
    page.locator(READY).wait_for(state="attached", timeout=60_000)
    # The new worker stores the new build and then deletes the old one; give it a moment.
    for _ in range(50):
        caches = page.evaluate("caches.keys()")
        site_caches = [name for name in caches if name.startswith("elo-site-")]
        if site_caches == [name for name in site_caches if name.startswith("elo-site-new-")] != []:
            break
        page.wait_for_timeout(200)
    assert len(site_caches) == 1 and site_caches[0].startswith("elo-site-new-"), caches
    assert site_caches[0] not in first_cache
    context.close()


def test_a_waiting_worker_takes_over_once_the_page_has_loaded(browser: Any, own_site: Server) -> None:
    # Chromium can leave a new build's worker waiting although it skipped waiting (when the
    # old worker is started again by a fetch while it is being replaced). Here the new
    # worker does not skip waiting on install, so it waits for certain: once the page has
    # loaded, the page asks it to take over, and it stores the new build.
    base = own_site.start()
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "en/")
    page.locator(READY).wait_for(state="attached", timeout=60_000)

    sw = own_site.directory / "sw.js"
    script = sw.read_text()
    install = 'self.addEventListener("install", () => self.skipWaiting());'
    assert install in script
    sw.write_text(script.replace(install, "").replace('const VERSION = "', 'const VERSION = "new-'))

    page.reload()
    page.locator(READY).wait_for(state="attached", timeout=60_000)
    state = """async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const controller = navigator.serviceWorker.controller;
      return {
        sites: (await caches.keys()).filter((name) => name.startsWith("elo-site-")).map((name) => name.slice(9, 13)),
        active: registration.active && registration.active.state,
        waiting: registration.waiting !== null,
        controlled: controller !== null && controller === registration.active,
      };
    }"""
    taken_over = {"sites": ["new-"], "active": "activated", "waiting": False, "controlled": True}
    for _ in range(100):
        if page.evaluate(state) == taken_over:
            break
        page.wait_for_timeout(200)
    assert page.evaluate(state) == taken_over
    context.close()

"""Offline use through the service worker, single downloads, and picking up a new build."""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from typing import Any

import pytest

from ready_page import fill, open_ready, poll, wait_out, wait_ready

pytestmark = pytest.mark.browser


# The site caches' names without the build's hash and the site's scope: ["elo-site-"] or
# ["elo-site-new-"].
SITE_CACHES = """async () => (await caches.keys())
  .filter((name) => name.startsWith("elo-site-")).map((name) => name.replace(/[0-9a-f]+ [^ ]*$/, ""))"""


class SlowWorkerScript(list[str]):
    """A request log that holds each request for the service worker's script for 6 s first:
    a slow device or connection, where the page's engine starts before the worker controls
    the page (the engine waits for it, or the 10 MB wasm is downloaded twice)."""

    def append(self, path: str) -> None:
        if path.startswith("/sw.js"):
            time.sleep(6)
        super().append(path)


@pytest.mark.parametrize("worker_script", ["prompt", "slow"])
def test_first_visit_downloads_each_file_once_then_works_offline(
        browser: Any, own_site: Any, worker_script: str) -> None:
    if worker_script == "slow":
        own_site.log = SlowWorkerScript()
    base = own_site.start()
    context, page, _ = open_ready(browser, base + "en/")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    # Once the engine is ready, the service worker stores the site, and the runtime files the
    # engine fetched through it: wait until every one is stored, the last as well as the first.
    # sw.js writes each folder once: {"/assets/": ["app.….js", …], …}.
    folders = json.loads(re.search(r"\bPRECACHE ?= ?Object\.entries\((\{.*?\})\)",
                                   (own_site.directory / "sw.js").read_text()).group(1))
    precache = [folder + name for folder, names in folders.items() for name in names]
    assert "/en/" in precache and "/404.html" in precache
    counts = Counter(path.split("?")[0] for path in own_site.log)
    runtime = sorted(path for path in counts if path.startswith("/pyodide/"))
    assert runtime, "the engine fetched its runtime"
    missing = """async ([precache, runtime]) => {
      const stored = new Set();
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) stored.add(new URL(request.url).pathname);
      }
      return [...precache, ...runtime].filter((path) => !stored.has(path));
    }"""
    script = f"({missing})({json.dumps([precache, runtime])})"
    assert poll(page, lambda: page.evaluate(script), lambda left: left == []) == [], "all stored for offline use"

    counts = Counter(path.split("?")[0] for path in own_site.log)
    # sw.js is the service worker's own script, which the browser fetches itself: to register it,
    # and (Chromium, seen in request headers) once more as a conditional update check from the
    # worker (Referer sw.js, If-Modified-Since) about when the site is stored. The page's and
    # the workers' downloads are counted.
    repeated = {path: n for path, n in counts.items()
                if n > 1 and not path.endswith("/") and path != "/sw.js"}
    assert counts["/sw.js"] <= 2
    assert repeated == {}, "a first visit fetches every file once"
    assert counts["/pyodide/314.0.7/pyodide.asm.wasm"] == 1

    own_site.stop()
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    fill(page, rating_a="1750", rating_b="1700")
    wait_out(page, "change_a", "+8.6", 10_000)
    # An article never visited is there too: everything was precached.
    page.goto(base + "de/")
    assert page.locator("h1").count() == 1
    context.close()


# Chromium activates a new build's worker once the outgoing one is stopped for being idle,
# which it asks for at once when the new one skips waiting (service_worker_registration.cc).
# A request of the loading page that reached the outgoing worker just as it stopped started it
# again, and a start clears the ask (service_worker_version.cc, StartWorkerInternal); a worker
# with DevTools attached (Playwright attaches to every service worker) is then never stopped
# for being idle, so the new one waited for Chromium's 5-minute bound (kMaxLameDuckTime; runs
# took over after 307-310 s). The new build's worker now waits until a page that has made all
# its requests asks it to take over (sw.js, offline.js). The tests wait for seconds, with a
# margin for a loaded machine; before, they waited up to 330 s.
TAKE_OVER_S = 45

# Resolves once the registration's newest worker is activated (the page that asked has
# loaded, so offline.js asks a waiting one to take over).
NEW_WORKER_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting || registration.active;
  if (worker.state !== "activated") {
    await Promise.race([
      new Promise((resolve) => worker.addEventListener("statechange", () => {
        if (worker.state === "activated") resolve();
      })),
      new Promise((resolve) => setTimeout(resolve, %d)),  // then the test says which state
    ]);
  }
  return worker.state;
}""" % (TAKE_OVER_S * 1000)


def test_a_new_build_is_picked_up(browser: Any, own_site: Any) -> None:
    base = own_site.start()
    context, page, _ = open_ready(browser, base + "da/")

    # A new build: a changed page and a new service worker version.
    index = own_site.directory / "da" / "index.html"
    index.write_text(index.read_text().replace("</main>", '<p id="new-build">ny</p></main>'))
    sw = own_site.directory / "sw.js"
    sw.write_text(re.sub(r'VERSION\s*=\s*"', 'VERSION="new-', sw.read_text(), count=1))

    page.reload()
    page.locator("#new-build").wait_for(state="attached", timeout=10_000)
    # Wait for the state the next load needs, not for time: the new build's worker is found
    # (update() fetches sw.js) and has taken over. A reload while it was still being
    # activated could wait on it beyond the reload's own time limit on a loaded machine.
    assert page.evaluate(NEW_WORKER_ACTIVE) == "activated"
    page.reload()
    wait_ready(page, 120_000)
    # The new worker stores the new build and then deletes the old one.
    assert poll(page, lambda: page.evaluate(SITE_CACHES), lambda names: names == ["elo-site-new-"]) == ["elo-site-new-"]
    context.close()


def test_a_new_build_takes_over_once_the_page_has_settled(browser: Any, own_site: Any) -> None:
    # A calculator whose engine restores the snapshot: elo_core's files are fetched through the
    # outgoing worker after the engine is ready. The new build's worker waits (it does not skip
    # waiting on install while a worker is active) until the page has made those requests and
    # asks it to take over; then it stores the new build.
    base = own_site.start()
    context, page, _ = open_ready(browser, base + "en/")

    sw = own_site.directory / "sw.js"
    sw.write_text(re.sub(r'VERSION\s*=\s*"', 'VERSION="new-', sw.read_text(), count=1))

    page.reload()
    wait_ready(page)
    state = f"""async () => {{
      const registration = await navigator.serviceWorker.getRegistration();
      const controller = navigator.serviceWorker.controller;
      return {{
        sites: await ({SITE_CACHES})(),
        active: registration.active && registration.active.state,
        waiting: registration.waiting !== null,
        controlled: controller !== null && controller === registration.active,
      }};
    }}"""
    taken_over = {"sites": ["elo-site-new-"], "active": "activated", "waiting": False, "controlled": True}
    # Within Chromium's bound (TAKE_OVER_S), and the new build stored after it.
    assert poll(page, lambda: page.evaluate(state), lambda seen: seen == taken_over,
                seconds=TAKE_OVER_S + 90) == taken_over
    context.close()

"""The chain of trust: every runtime file the engine loads or the service worker caches is
checked against the sha256 the build recorded; a mismatch is a clear error, and nothing
that does not match is cached. The snapshot on the device is checked against its own."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from ready_page import (
    fill,
    open_page,
    open_ready,
    poll,
    wait_out,
    wait_ready,
    wait_snapshot_stored,
)

pytestmark = pytest.mark.browser
TIMEOUT_MS = 180_000

RUNTIME_CACHED = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("elo-runtime-"));
  const urls = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
  }
  return urls.sort();
}"""


def _runtime_cached(page: Any, wanted: set[str]) -> list[str]:
    """The runtime files cached, once every file named in ``wanted`` is among them (the
    service worker stores them in the background: never read before it has)."""
    cached: list[str] = poll(page, lambda: page.evaluate(RUNTIME_CACHED),
                             lambda paths: wanted <= {path.split("/")[-1] for path in paths},
                             seconds=TIMEOUT_MS / 1000)
    return cached


@pytest.fixture
def tampered(own_site: Any) -> Iterator[tuple[str, str]]:
    """A copy of the built site whose wasm has one byte more than the build recorded."""
    (wasm,) = own_site.directory.glob("pyodide/*/pyodide.asm.wasm")
    with wasm.open("ab") as handle:
        handle.write(b"\0")
    yield own_site.start(), "/" + wasm.relative_to(own_site.directory).as_posix()


def test_a_runtime_file_that_does_not_match_stops_the_engine_and_is_not_cached(
    browser: Any, tampered: tuple[str, str]
) -> None:
    url, wasm = tampered
    context, page, _ = open_page(browser, url + "en/")
    # The engine starts once the service worker controls the page (offline.js), so every
    # runtime file passes through it, where each is checked before it is stored.
    page.locator('html[data-engine="error"]').wait_for(state="attached", timeout=TIMEOUT_MS)
    status = page.inner_text("#engine-status")
    assert re.search(r"pyodide\.asm\.wasm does not match the sha256 recorded when the site was built", status), status
    # The service worker stored the files that match, never the one that does not.
    cached = _runtime_cached(page, {"pyodide.mjs", "pyodide.asm.mjs"})
    assert any(path.endswith("/pyodide.mjs") for path in cached), cached
    assert wasm not in cached
    context.close()


def test_the_runtime_files_that_match_are_used_and_cached(browser: Any, served: str) -> None:
    context, page, _ = open_ready(browser, served + "en/", ready_timeout_ms=TIMEOUT_MS)
    fill(page, rating_a="1750", rating_b="1700")
    wait_out(page, "change_a", "+8.6", TIMEOUT_MS)
    wanted = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"}
    cached = {path.split("/")[-1] for path in _runtime_cached(page, wanted)}
    assert wanted <= cached, cached
    context.close()


# The stored snapshot with one byte of its compressed body changed, its recorded sha256 kept.
CORRUPT_SNAPSHOT = """async () => {
  const cache = await caches.open("elo-snapshot /");  // named by the site's scope
  const [request] = await cache.keys();
  const stored = await cache.match(request);
  const bytes = new Uint8Array(await stored.arrayBuffer());
  bytes[bytes.length >> 1] ^= 0xff;
  await cache.put(request, new Response(bytes, { headers: stored.headers }));
  return stored.headers.get("X-Snapshot-SHA256");
}"""


def test_a_snapshot_that_does_not_match_its_sha256_is_dropped(browser: Any, served: str) -> None:
    context, page, _ = open_ready(browser, served + "da/", ready_timeout_ms=TIMEOUT_MS)
    wait_snapshot_stored(page, TIMEOUT_MS)
    recorded = page.evaluate(CORRUPT_SNAPSHOT)
    assert re.fullmatch(r"[0-9a-f]{64}", recorded)
    page.reload()
    assert wait_ready(page, TIMEOUT_MS) == "fresh"
    # A good one replaces it, and the next visit restores that.
    wait_snapshot_stored(page, TIMEOUT_MS)
    page.reload()
    assert wait_ready(page, TIMEOUT_MS) == "snapshot"
    context.close()


# Another site of the same origin (a GitHub Pages project site shares its owner's origin)
# rewrites the stored app.….js in this site's cache.
TAMPER_APP = """async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("elo-site-")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!/\\/assets\\/app\\.[0-9a-f]+\\.js$/.test(request.url)) continue;
      await cache.put(request, new Response('document.documentElement.dataset.tampered = "ran";',
                                            { headers: { "Content-Type": "text/javascript" } }));
      return request.url;
    }
  }
  return null;
}"""


def test_a_stored_script_another_site_rewrote_is_not_run(browser: Any, served: str) -> None:
    """Issue 42, item 5: before, the service worker answered the rewritten script from its
    cache, unchecked, and the next page ran it."""
    context, page, _ = open_ready(browser, served + "en/", ready_timeout_ms=TIMEOUT_MS)
    # Once the site is stored (after the engine is ready), rewrite the stored script.
    url = poll(page, lambda: page.evaluate(TAMPER_APP), lambda found: found is not None,
               seconds=TIMEOUT_MS / 1000)
    assert url is not None
    page.reload(wait_until="load")  # the page's scripts have run
    assert page.evaluate("document.documentElement.dataset.tampered") is None
    wait_ready(page, TIMEOUT_MS)
    # The rewritten copy was dropped; the next keep stores the build's own again.
    stored = f"""async () => {{
      for (const name of await caches.keys()) {{
        const hit = await (await caches.open(name)).match({url!r});
        if (hit) return (await hit.text()).includes("tampered");
      }}
      return null;
    }}"""
    assert poll(page, lambda: page.evaluate(stored), lambda tampered: tampered is False,
                seconds=TIMEOUT_MS / 1000) is False
    context.close()

"""A build for a project site under a sub-path (GitHub Pages: https://you.github.io/elo/),
served as a plain static host serves it: no _headers, only the right MIME types."""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sitegen.config import SiteConfig
from sitegen.links import collect_references
from sitegen.pipeline import build

SUB_PATH = "/elo/"
BASE_URL = "https://example.github.io/elo/"


class _StaticHost(http.server.SimpleHTTPRequestHandler):
    """Python's plain file server, answering under SUB_PATH only, sending no _headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".webmanifest": "application/manifest+json"}

    def translate_path(self, path: str) -> str:
        if not path.startswith(SUB_PATH):
            return str(Path(self.directory) / "no-such-file")
        return super().translate_path("/" + path[len(SUB_PATH):])

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The fixture site built for BASE_URL, served on 127.0.0.1 under SUB_PATH."""
    import shutil

    content = tmp_path_factory.mktemp("content") / "content"
    shutil.copytree(Path(__file__).parent / "fixture", content)
    out = tmp_path_factory.mktemp("site") / "dist"
    build(SiteConfig(content_dir=content, out_dir=out, strict=True, base_url=BASE_URL))
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_StaticHost, directory=str(out)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", out
    server.shutdown()


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def _pages(out: Path) -> list[str]:
    return sorted(SUB_PATH + p.relative_to(out).as_posix().removesuffix("index.html")
                  for p in out.rglob("*.html"))


def test_every_page_and_every_asset_it_names_is_served(host: tuple[str, Path]) -> None:
    origin, out = host
    pages = _pages(out)
    assert f"{SUB_PATH}en/" in pages and f"{SUB_PATH}de/beispiel/" in pages
    checked: set[str] = set()
    for path in pages:
        assert _status(origin + path) == 200, path
        html = (out / path[len(SUB_PATH):] / ("" if path.endswith(".html") else "index.html")
                ).read_text()
        references, _ids, folders = collect_references(html)
        for reference in references + folders:
            if reference.startswith(("https://", "http://", "mailto:", "#")):
                assert not reference.startswith("http://"), (path, reference)
                continue
            assert reference.startswith(SUB_PATH), (path, reference)  # nothing at the root
            target = reference.split("#")[0]
            if target not in checked and not target.endswith("/") or target in folders:
                if target.endswith("/") and target in folders:
                    continue  # a folder the scripts load from: its files are checked below
                checked.add(target)
                assert _status(origin + target) == 200, (path, reference)
    assert any(".css" in c for c in checked) and any(".js" in c for c in checked)
    # The runtime the engine worker loads, from the folder the page names.
    html = (out / "en/index.html").read_text()
    _refs, _ids, folders = collect_references(html)
    runtime = next(f for f in folders if "pyodide" in f)
    assert _status(origin + runtime + "pyodide.mjs") == 200
    assert _status(origin + runtime + "pyodide.asm.wasm") == 200
    # The site is not at the root: a link that forgot the sub-path would fail here.
    assert _status(origin + "/en/") == 404


def test_language_switch_links_lead_to_the_translations(host: tuple[str, Path]) -> None:
    origin, out = host
    html = (out / "en/example/index.html").read_text()
    for lang, path in (("de", "de/beispiel/"), ("da", "da/eksempel/"), ("en", "en/example/")):
        assert f'href="{SUB_PATH}{path}" hreflang="{lang}"' in html
        assert _status(origin + SUB_PATH + path) == 200
    # Canonical and hreflang name the published address, never the test server's.
    assert f'<link rel="canonical" href="{BASE_URL}en/example/">' in html
    assert f'hreflang="de" href="{BASE_URL}de/beispiel/"' in html
    assert "127.0.0.1" not in "".join(p.read_text() for p in out.rglob("*.html"))
    assert f"Sitemap: {BASE_URL}sitemap.xml" in (out / "robots.txt").read_text()


def test_the_service_worker_is_scoped_to_the_sub_path(host: tuple[str, Path]) -> None:
    origin, out = host
    html = (out / "en/index.html").read_text()
    assert f'data-sw-src="{SUB_PATH}sw.js"' in html and f'data-sw-scope="{SUB_PATH}"' in html
    assert _status(origin + SUB_PATH + "sw.js") == 200


@pytest.mark.browser
def test_the_calculator_gets_ready_under_the_sub_path(host: tuple[str, Path], browser: Any) -> None:
    origin, _out = host
    context = browser.new_context()
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(origin + SUB_PATH + "en/")
        page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=120_000)
        scope = page.evaluate(
            "navigator.serviceWorker.ready.then((registration) => registration.scope)")
        assert scope == origin + SUB_PATH
        # The engine answers (the pre-rendered example says 0.41 for 1750 against 1810).
        page.fill("#rating_b", "1500")
        page.locator('[data-out="expected_a"]', has_text="0.81").wait_for(timeout=60_000)
    finally:
        context.close()
    assert errors == []

"""_headers: a Content-Security-Policy for every path, workers included; serve sends it."""

from __future__ import annotations

import html
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from sitegen.config import SiteConfig
from sitegen.headers import headers_for, read_rules
from sitegen.pipeline import build
from sitegen.serve import make_server


@pytest.fixture
def built(fixture_config: SiteConfig) -> SiteConfig:
    build(fixture_config)
    return fixture_config


def _worker_paths(config: SiteConfig) -> list[str]:
    (engine,) = (config.out_dir / "assets").glob("engine-worker.*.js")
    return ["/sw.js", "/" + engine.relative_to(config.out_dir).as_posix()]


def _directives(policy: str) -> dict[str, str]:
    return {part.split()[0]: part.strip() for part in policy.split(";") if part.strip()}


def test_every_path_gets_the_pages_policy_and_no_framing(built: SiteConfig) -> None:
    rules = read_rules(built.out_dir)
    page = (built.out_dir / "en" / "example" / "index.html").read_text()
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert meta
    for path in [*_worker_paths(built), "/en/example/", "/pyodide/314.0.7/pyodide.mjs"]:
        sent = headers_for(rules, path)
        policy = _directives(sent["Content-Security-Policy"])
        assert policy == {**_directives(html.unescape(meta[1])),
                          "frame-ancestors": "frame-ancestors 'none'"}, path
        assert sent["X-Frame-Options"] == "DENY"
    worker_policy = headers_for(rules, "/sw.js")["Content-Security-Policy"]
    assert "script-src 'self' 'wasm-unsafe-eval';" in worker_policy
    assert "connect-src 'self';" in worker_policy
    assert "'unsafe-eval'" not in worker_policy and "'unsafe-inline'" not in worker_policy


@pytest.fixture
def served(built: SiteConfig) -> Iterator[str]:
    server = make_server(built.out_dir, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_serve_sends_what_headers_declares(built: SiteConfig, served: str) -> None:
    rules = read_rules(built.out_dir)
    for path in [*_worker_paths(built), "/en/", "/pyodide/314.0.7/pyodide.asm.wasm"]:
        with urllib.request.urlopen(served + path, timeout=10) as response:
            for name, value in headers_for(rules, path).items():
                assert response.headers[name] == value, (path, name)
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(served + "/no-such.wasm", timeout=10)
    assert missing.value.headers["Content-Type"].startswith("text/html")
    assert "frame-ancestors 'none'" in missing.value.headers["Content-Security-Policy"]

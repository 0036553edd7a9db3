"""The built sw.js, run in Node with a stand-in for the browser's caches and network."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from sitegen.config import SiteConfig
from sitegen.pipeline import build

# Loads sw.js into a fresh global scope, then makes navigation requests through its fetch
# handler: offline (fetch rejects) or with the host answering. The cache holds /en/ and
# /404.html, as after a first visit.
HARNESS = r"""
import { readFileSync } from "node:fs";
import vm from "node:vm";

const origin = "http://site.test";
const listeners = {};
const stored = new Map([
  ["/en/", () => new Response("<h1>home</h1>", { headers: { "Content-Type": "text/html" } })],
  ["/404.html", () => new Response("<h1>404</h1>", { headers: { "Content-Type": "text/html" } })],
]);
const scope = {
  self: {
    location: new URL("/sw.js", origin),
    addEventListener: (type, listener) => { listeners[type] = listener; },
  },
  caches: {
    open: async () => ({ match: async (key) => stored.get(new URL(key, origin).pathname)?.() }),
  },
  URL, Response, Set, console,
};
vm.runInNewContext(readFileSync(process.argv[2], "utf8"), scope);

async function navigate(path, network) {
  scope.fetch = network;
  let answer;
  listeners.fetch({
    request: { method: "GET", url: origin + path, mode: "navigate" },
    preloadResponse: Promise.resolve(undefined),
    respondWith: (promise) => { answer = promise; },
    waitUntil: () => {},
  });
  const response = await answer;
  return { status: response.status, type: response.headers.get("content-type"),
           body: await response.text() };
}

const offline = () => Promise.reject(new TypeError("Failed to fetch"));
const host = (status, body) => async () => new Response(body, { status });
console.log(JSON.stringify({
  offline_unknown: await navigate("/en/no-such-page/", offline),
  offline_known: await navigate("/en/", offline),
  host_not_found: await navigate("/en/no-such-page/", host(404, "the host's 404")),
  host_ok: await navigate("/en/", host(200, "fresh")),
}));
"""


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    node = shutil.which("node")
    assert node, "Node.js is needed"
    root = tmp_path_factory.mktemp("sw")
    content = root / "content"
    shutil.copytree(Path(__file__).parent / "fixture", content)
    config = SiteConfig(content_dir=content, out_dir=root / "dist", strict=True)
    build(config)
    harness = root / "harness.mjs"
    harness.write_text(HARNESS)
    run = subprocess.run([node, str(harness), str(config.out_dir / "sw.js")],
                         capture_output=True, text=True, timeout=30, check=True)
    result: dict[str, dict[str, Any]] = json.loads(run.stdout)
    return result


def test_offline_an_unknown_page_is_the_404_page_with_status_404(
    answers: dict[str, dict[str, Any]],
) -> None:
    assert answers["offline_unknown"] == {"status": 404, "type": "text/html", "body": "<h1>404</h1>"}


def test_offline_a_stored_page_is_served(answers: dict[str, dict[str, Any]]) -> None:
    assert answers["offline_known"]["status"] == 200
    assert answers["offline_known"]["body"] == "<h1>home</h1>"


def test_online_the_network_answers_with_its_own_status(answers: dict[str, dict[str, Any]]) -> None:
    assert answers["host_not_found"]["status"] == 404
    assert answers["host_not_found"]["body"] == "the host's 404"
    assert answers["host_ok"] == {"status": 200, "type": "text/plain;charset=UTF-8", "body": "fresh"}

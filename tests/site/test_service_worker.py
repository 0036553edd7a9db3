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

# Loads sw.js into a fresh global scope with a stand-in for Cache Storage and for the host
# (the built files of dist/), then sends it fetch and message events. The cache starts as
# after a first visit: /en/ and /404.html stored.
HARNESS = r"""
import { readFileSync, readdirSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";

const [script, dist] = process.argv.slice(2);
const origin = "http://site.test";
const listeners = {};
const file = (path) => {
  const name = join(dist, path.endsWith("/") ? path + "index.html" : path);
  return existsSync(name) && statSync(name).isFile() ? readFileSync(name) : null;
};
// Cache Storage, shared by every site of the origin: name → (url → [bytes, headers]).
const storage = new Map();
const pathOf = (key) => new URL(typeof key === "string" ? key : key.url, origin).href;
class Cache {
  constructor(entries) { this.entries = entries; }
  async match(key) {
    const entry = this.entries.get(pathOf(key));
    return entry && new Response(entry[0], { headers: entry[1] });
  }
  async put(key, response) {
    this.entries.set(pathOf(key), [new Uint8Array(await response.arrayBuffer()), [...response.headers]]);
  }
  async addAll(keys) { for (const key of keys) await this.put(key, await host(key)); }
  async keys() { return [...this.entries.keys()].map((url) => ({ url })); }
  async delete(key) { return this.entries.delete(pathOf(key)); }
}
const caches = {
  open: async (name) => { if (!storage.has(name)) storage.set(name, new Map()); return new Cache(storage.get(name)); },
  keys: async () => [...storage.keys()],
  has: async (name) => storage.has(name),
  delete: async (name) => storage.delete(name),
};
// The host: the built files, or its own "not found".
const changed = new Map();  // path → bytes the host sends instead (a tampered copy)
async function host(input) {
  const path = new URL(typeof input === "string" ? input : input.url, origin).pathname;
  const body = changed.get(path) || file(path);
  return body ? new Response(body, { status: 200 }) : new Response("the host's 404", { status: 404 });
}
const scope = {
  self: { location: new URL("/sw.js", origin), addEventListener: (type, listener) => { listeners[type] = listener; } },
  caches, crypto, URL, Response, Set, Map, Object, Promise, Uint8Array, console: { error: () => {}, warn: () => {} },
  fetch: host,
};
// The worker's own names for its caches, read out of its scope.
vm.runInNewContext(readFileSync(script, "utf8")
  + ";self.names = { pages: PAGES_CACHE, runtime: RUNTIME_CACHE, version: RUNTIME_VERSION };", scope);
const names = scope.self.names;
const pages = await caches.open(names.pages);
for (const path of ["/en/", "/404.html"]) await pages.put(path, new Response(file(path)));

async function request(path, { mode = "same-origin", network = null } = {}) {
  scope.fetch = network || host;
  let answer;
  const waited = [];
  listeners.fetch({
    request: { method: "GET", url: origin + path, mode },
    preloadResponse: Promise.resolve(undefined),
    respondWith: (promise) => { answer = promise; },
    waitUntil: (promise) => waited.push(promise),
  });
  try {
    const response = await answer;
    await Promise.all(waited);
    scope.fetch = host;
    return { status: response.status, type: response.type,
             body: new TextDecoder().decode(await response.arrayBuffer()) };
  } catch (error) {
    scope.fetch = host;
    return { error: String(error) };
  }
}
const offline = () => Promise.reject(new TypeError("Failed to fetch"));
const text = (path) => new TextDecoder().decode(file(path));
const results = {};
results.offline_unknown = await request("/en/no-such-page/", { mode: "navigate", network: offline });
results.offline_known = await request("/en/", { mode: "navigate", network: offline });
results.host_not_found = await request("/en/no-such-page/", { mode: "navigate", network: async () => new Response("the host's 404", { status: 404 }) });
results.host_ok = await request("/en/", { mode: "navigate", network: async () => new Response("fresh", { status: 200 }) });

// Another site of the origin rewrites a stored page and a stored script.
const app = "/assets/" + readdirSync(join(dist, "assets")).find((name) => /^app\.[0-9a-f]+\.js$/.test(name));
await pages.put(app, new Response("alert('run by another site');"));
await pages.put("/en/", new Response("<h1>phished</h1>"));
results.tampered_script = await request(app);
results.tampered_script_stored = (await pages.match(app)) ? new TextDecoder().decode(await (await pages.match(app)).arrayBuffer()) : null;
results.tampered_page_offline = await request("/en/", { mode: "navigate", network: offline });
results.app = text(app);

// The runtime's module, stored tampered, then sent tampered by the network too.
const runtime = await caches.open(names.runtime);
const module = `/pyodide/${names.version}/pyodide.mjs`;
await runtime.put(module, new Response("self.ran = 'another site';"));
results.tampered_module = await request(module);
results.module = text(module);
changed.set(module, new TextEncoder().encode("self.ran = 'a changed host';"));
await runtime.delete(module);
results.changed_module = await request(module);
changed.clear();

// Keeping the site: this scope's older caches and those named before scopes go, another
// deployment's on the same origin stay.
for (const name of ["elo-site-0123456789ab /", "elo-site-0123456789ab", "elo-snapshot",
                    "elo-site-0123456789ab /elo-preview/", "elo-snapshot /elo-preview/",
                    "elo-runtime-314.0.7 /elo-preview/", "elo-snapshot /"]) await caches.open(name);
const kept = [];
listeners.message({ data: { type: "keep", runtime: false }, waitUntil: (promise) => kept.push(promise) });
await Promise.all(kept);
results.caches_after_keep = (await caches.keys()).sort();
results.names = names;
console.log(JSON.stringify(results));
"""


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    node = shutil.which("node")
    assert node, "Node.js is needed"
    root = tmp_path_factory.mktemp("sw")
    content = root / "content"
    shutil.copytree(Path(__file__).parent / "fixture", content)
    config = SiteConfig(content_dir=content, out_dir=root / "dist", strict=True)
    build(config)
    harness = root / "harness.mjs"
    harness.write_text(HARNESS)
    run = subprocess.run([node, str(harness), str(config.out_dir / "sw.js"), str(config.out_dir)],
                         capture_output=True, text=True, timeout=30, check=True)
    result: dict[str, Any] = json.loads(run.stdout)
    result["dist"] = str(config.out_dir)
    return result


def _file(answers: dict[str, Any], path: str) -> str:
    return (Path(answers["dist"]) / path).read_text(encoding="utf-8")


def test_offline_an_unknown_page_is_the_404_page_with_status_404(answers: dict[str, Any]) -> None:
    assert answers["offline_unknown"]["status"] == 404
    assert answers["offline_unknown"]["body"] == _file(answers, "404.html")


def test_offline_a_stored_page_is_served(answers: dict[str, Any]) -> None:
    assert answers["offline_known"]["status"] == 200
    assert answers["offline_known"]["body"] == _file(answers, "en/index.html")


def test_online_the_network_answers_with_its_own_status(answers: dict[str, Any]) -> None:
    assert answers["host_not_found"]["status"] == 404
    assert answers["host_not_found"]["body"] == "the host's 404"
    assert answers["host_ok"]["status"] == 200 and answers["host_ok"]["body"] == "fresh"


# Issue 42, item 5: another site of the origin (a GitHub Pages project site shares its owner's
# origin) rewrote the stored app.….js, and the next calculator page ran it.

def test_a_stored_file_that_no_longer_matches_is_not_answered(answers: dict[str, Any]) -> None:
    assert answers["tampered_script"] == {"status": 200, "type": "default", "body": answers["app"]}
    assert answers["tampered_script_stored"] is None, "the changed copy is dropped"
    # Offline, a changed page is not shown either: the stored 404 page is.
    assert answers["tampered_page_offline"]["body"] != "<h1>phished</h1>"
    assert answers["tampered_page_offline"]["status"] == 404


def test_the_runtimes_modules_are_answered_only_with_the_bytes_recorded(
        answers: dict[str, Any]) -> None:
    """Issue 42, item 15: the engine checks a module, then imports it from the same address;
    the import is answered by the service worker, now with matching bytes only."""
    assert answers["tampered_module"]["body"] == answers["module"]
    assert answers["changed_module"] == {"status": 0, "type": "error", "body": ""}


def test_caches_are_named_by_scope_and_another_deployments_stay(answers: dict[str, Any]) -> None:
    assert answers["names"]["pages"].endswith(" /") and answers["names"]["runtime"].endswith(" /")
    assert answers["caches_after_keep"] == sorted([
        answers["names"]["pages"], answers["names"]["runtime"], "elo-snapshot /",
        "elo-site-0123456789ab /elo-preview/", "elo-snapshot /elo-preview/",
        "elo-runtime-314.0.7 /elo-preview/"])

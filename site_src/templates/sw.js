// Service worker: the site works offline after one visit. Rendered by build.py from
// site_src/templates/sw.js with the build's file list; a new build has a new VERSION.
const VERSION = {{ version | tojson }};
const RUNTIME_VERSION = {{ runtime_version | tojson }};
// Every file to keep, each folder written once (sitegen/offline.py's by_folder).
const PRECACHE = Object.entries({{ precache | tojson }})
  .flatMap(([folder, names]) => names.map((name) => folder + name));
const RUNTIME = {{ runtime | tojson }};
const SCOPE = {{ scope | tojson }};
// The sha256 of every file kept (the pages, the assets, the runtime, the site's lock, the
// wheel, the standard libraries), recorded by the build: a file is cached only if it
// matches, and a cached one answered only if it still does. Every site of the same origin
// can write into these caches (a GitHub Pages project site shares its owner's origin).
const INTEGRITY = {{ integrity | tojson }};
// Named by the site's scope, so that two deployments on one origin (/elo/, /elo-preview/)
// keep their own and leave each other's alone.
const PAGES_CACHE = `elo-site-${VERSION} ${SCOPE}`;
const SNAPSHOT_CACHE = `elo-snapshot ${SCOPE}`;  // the engine worker's own (engine-worker.js)
const RUNTIME_CACHE = `elo-runtime-${RUNTIME_VERSION} ${SCOPE}`;
const runtimeUrls = new Set(RUNTIME.map((path) => new URL(path, self.location.origin).href));

// Installing does no work, so the worker controls a first visit at once and the engine,
// which waits for that, fetches the runtime through it (cached on first use, below).
// The pages and assets are stored when a page says it has finished loading ("keep").
// A new build's worker waits until a page that has made all its requests asks it to take
// over ("activate", offline.js), or until the old pages are closed. Skipping waiting here,
// while a page loads, raced with that page's requests: Chromium activates the new worker
// once the outgoing one is stopped for being idle, and a request that started it again
// right after cleared that, leaving the new worker waiting for minutes.
self.addEventListener("install", () => {
  if (!self.registration.active) self.skipWaiting();
});

self.addEventListener("activate", (event) => event.waitUntil((async () => {
  // Pages are fetched while this worker starts up, not after.
  await self.registration.navigationPreload?.enable();
  await self.clients.claim();
})()));

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// `response` for `url` again, from its bytes, if they are what the build recorded; else null
// (and said).
async function matching(url, response) {
  const path = new URL(url, self.location.origin).pathname;
  const bytes = await response.arrayBuffer();
  const actual = hex(await crypto.subtle.digest("SHA-256", bytes));
  if (actual !== INTEGRITY[path]) {
    console.error(`${path} does not match the sha256 recorded when the site was built`);
    return null;
  }
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// Stores `response` for `url` if its bytes are what the build recorded (or it records
// nothing for it); a mismatch is said and nothing is stored. Resolves with whether it was.
async function putChecked(cache, url, response) {
  const path = new URL(url, self.location.origin).pathname;
  if (!(path in INTEGRITY)) {
    await cache.put(url, response);
    return true;
  }
  const checked = await matching(url, response);
  if (checked) await cache.put(url, checked);
  return Boolean(checked);
}

// The stored answer for `url`, if its bytes still match the build's sha256; one that does not
// (written by another site of the origin, or a file the build did not record) is dropped.
async function matchChecked(cache, url) {
  const hit = await cache.match(url);
  if (!hit) return null;
  const checked = new URL(url, self.location.origin).pathname in INTEGRITY && await matching(url, hit);
  if (!checked) await cache.delete(url);
  return checked || null;
}

async function keep({ runtime }) {
  const cache = await caches.open(PAGES_CACHE);
  const stored = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  const missing = PRECACHE.filter((path) => !stored.has(path));
  const checked = missing.filter((path) => path in INTEGRITY);
  if (missing.length > checked.length) await cache.addAll(missing.filter((path) => !(path in INTEGRITY)));
  for (const path of checked) {
    const response = await fetch(path);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    await putChecked(cache, path, response);
  }
  // The runtime as well, once a page's engine has used it: it came through this worker unless
  // the page was not yet controlled when the engine started (a slow first start), and then it
  // is stored here, from the browser's HTTP cache where the host lets it keep the files.
  if (runtime) await storeRuntime("auto");
  // Only now that this build is complete offline, drop what older builds of this scope
  // stored (and caches named before names carried a scope); other scopes' stay.
  for (const name of await caches.keys()) {
    const ours = name.endsWith(` ${SCOPE}`) || !name.includes(" ");
    if (name.startsWith("elo-") && ours && ![PAGES_CACHE, RUNTIME_CACHE, SNAPSHOT_CACHE].includes(name)) {
      await caches.delete(name);
    }
  }
}

// The engine's runtime files not stored yet, one after another: ahead of need at low priority
// (prefetch.js: a page without a calculator has loaded, and the connection allows it), or
// when a page asks to keep the site.
async function storeRuntime(priority) {
  const cache = await caches.open(RUNTIME_CACHE);
  for (const url of runtimeUrls) {
    // The engine loads the site's own small standard library (stored with the site); the
    // runtime's whole one only if an import needs more (sitegen/stdlib.py).
    if (url.endsWith("/python_stdlib.zip")) continue;
    const stored = await storeOnce(url, async () => {
      if (await cache.match(url)) return true;
      try {
        const response = await fetch(url, { priority });
        return response.ok && await putChecked(cache, url, response);
      } catch {
        return false;  // offline: the engine fetches what it needs when it starts
      }
    });
    if (!stored) return false;
  }
  return true;
}

// The runtime files being stored, each with whether it was: a file the engine fetched
// through this worker is stored in the background, and one asked for again meanwhile (the
// site kept once the engine is ready, a prefetch, a second tab) waits for that instead of
// downloading the 10 MB wasm again.
const storing = new Map();

function storeOnce(url, store) {
  if (!storing.has(url)) storing.set(url, store().catch(() => false).finally(() => storing.delete(url)));
  return storing.get(url);
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "keep") event.waitUntil(keep(event.data));
  // The page hears whether the whole runtime is stored (prefetch.js).
  if (event.data?.type === "prefetch") {
    event.waitUntil(storeRuntime("low").then((stored) => event.ports[0]?.postMessage({ stored })));
  }
  // A page that has finished loading asks again (offline.js): see there why.
  if (event.data?.type === "activate") self.skipWaiting();
});

async function fromRuntimeCache(event) {
  const url = event.request.url;
  const cache = await caches.open(RUNTIME_CACHE);
  // Being downloaded already (a prefetch): the stored copy, once it is there.
  if (storing.has(url)) await storing.get(url);
  // The runtime's two modules are imported, which the engine cannot check as it checks the
  // other files it uses: they are answered only with bytes that match, stored or fetched.
  if (url.endsWith(".mjs")) {
    const hit = await matchChecked(cache, url);
    if (hit) return hit;
    const checked = await fetch(event.request).then((response) => response.ok ? matching(url, response) : response);
    if (!checked) return Response.error();
    if (checked.ok) event.waitUntil(storeOnce(url, () => putChecked(cache, url, checked.clone())));
    return checked;
  }
  const hit = await cache.match(url);
  if (hit) return hit;
  const response = await fetch(event.request);
  // Hand the response on at once and store a copy alongside, once its bytes are checked
  // (the engine checks what it is handed too: a mismatch stops it with a clear error).
  if (response.ok) event.waitUntil(storeOnce(url, () => putChecked(cache, url, response.clone())));
  return response;
}

async function page(event) {
  // Pages: the network first, so a new build shows at once; the cache when offline.
  const request = event.request;
  let answer = null;
  try {
    answer = (await event.preloadResponse) || (await fetch(request));
    if (answer.ok) return answer;
  } catch { /* offline */ }
  const cache = await caches.open(PAGES_CACHE);
  const url = new URL(request.url);
  const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
  const stored = await matchChecked(cache, path);
  if (stored) return stored;
  if (answer) return answer;  // the host's own "not found", with its status
  // Offline, a page that does not exist still says so: the stored 404 page, with status 404.
  const missing = await matchChecked(cache, `${SCOPE}404.html`);
  if (!missing) return Response.error();
  return new Response(missing.body, { status: 404, statusText: "Not Found", headers: missing.headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (runtimeUrls.has(request.url)) {
    event.respondWith(fromRuntimeCache(event));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else {
    event.respondWith(
      caches.open(PAGES_CACHE).then((cache) => matchChecked(cache, request.url)).then((hit) => hit || fetch(request)),
    );
  }
});

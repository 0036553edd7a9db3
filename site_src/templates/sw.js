// Service worker: the site works offline after one visit. Rendered by build.py from
// site_src/templates/sw.js with the build's file list; a new build has a new VERSION.
const VERSION = {{ version | tojson }};
const RUNTIME_VERSION = {{ runtime_version | tojson }};
// Every file to keep, each folder written once (sitegen/offline.py's by_folder).
const PRECACHE = Object.entries({{ precache | tojson }})
  .flatMap(([folder, names]) => names.map((name) => folder + name));
const RUNTIME = {{ runtime | tojson }};
const SCOPE = {{ scope | tojson }};
// The sha256 of each file the engine loads (the runtime, the site's lock, the wheel, the
// standard libraries), recorded by the build: such a file is cached only if it matches.
const INTEGRITY = {{ integrity | tojson }};
const PAGES_CACHE = `elo-site-${VERSION}`;
const SNAPSHOT_CACHE = "elo-snapshot";  // the engine worker's own (engine-worker.js)
const RUNTIME_CACHE = `elo-runtime-${RUNTIME_VERSION}`;
const runtimeUrls = new Set(RUNTIME.map((path) => new URL(path, self.location.origin).href));

// Installing does no work, so the worker controls a first visit at once and the engine,
// which waits for that, fetches the runtime through it (cached on first use, below).
// The pages and assets are stored when a page says it has finished loading ("keep").
self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => event.waitUntil((async () => {
  // Pages are fetched while this worker starts up, not after.
  await self.registration.navigationPreload?.enable();
  await self.clients.claim();
})()));

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// Stores `response` for `url` if its bytes are what the build recorded (or it records
// nothing for it); a mismatch is said and nothing is stored. Resolves with whether it was.
async function putChecked(cache, url, response) {
  const path = new URL(url, self.location.origin).pathname;
  if (!(path in INTEGRITY)) {
    await cache.put(url, response);
    return true;
  }
  const bytes = await response.arrayBuffer();
  const actual = hex(await crypto.subtle.digest("SHA-256", bytes));
  if (actual !== INTEGRITY[path]) {
    console.error(`${path} does not match the sha256 recorded when the site was built; not cached`);
    return false;
  }
  await cache.put(url, new Response(bytes, { status: response.status, headers: response.headers }));
  return true;
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
  // Only now that this build is complete offline, drop what older builds stored.
  for (const name of await caches.keys()) {
    if (name.startsWith("elo-") && ![PAGES_CACHE, RUNTIME_CACHE, SNAPSHOT_CACHE].includes(name)) {
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
  const stored = await cache.match(path);
  if (stored) return stored;
  if (answer) return answer;  // the host's own "not found", with its status
  // Offline, a page that does not exist still says so: the stored 404 page, with status 404.
  const missing = await cache.match(`${SCOPE}404.html`);
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
      caches.open(PAGES_CACHE).then((cache) => cache.match(request.url)).then((hit) => hit || fetch(request)),
    );
  }
});

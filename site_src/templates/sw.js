// Service worker: the site works offline after one visit. Rendered by build.py from
// site_src/templates/sw.js with the build's file list; a new build has a new VERSION.
const VERSION = {{ version | tojson }};
const RUNTIME_VERSION = {{ runtime_version | tojson }};
const PRECACHE = {{ precache | tojson }};
const RUNTIME = {{ runtime | tojson }};
const SCOPE = {{ scope | tojson }};
const PAGES_CACHE = `elo-site-${VERSION}`;
const RUNTIME_CACHE = `elo-runtime-${RUNTIME_VERSION}`;
const runtimeUrls = new Set(RUNTIME.map((path) => new URL(path, self.location.origin).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(PAGES_CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("elo-") && name !== PAGES_CACHE && name !== RUNTIME_CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

async function fromRuntimeCache(request) {
  const cache = await caches.open(RUNTIME_CACHE);
  const hit = await cache.match(request.url);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

async function page(request) {
  // Pages: the network first, so a new build shows at once; the cache when offline.
  try {
    const response = await fetch(request);
    if (response.ok) return response;
    throw new Error(`HTTP ${response.status}`);
  } catch {
    const cache = await caches.open(PAGES_CACHE);
    const url = new URL(request.url);
    const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
    return (await cache.match(path)) || (await cache.match(`${SCOPE}404.html`)) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (runtimeUrls.has(request.url)) {
    event.respondWith(fromRuntimeCache(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else {
    event.respondWith(
      caches.open(PAGES_CACHE).then((cache) => cache.match(request.url)).then((hit) => hit || fetch(request)),
    );
  }
});

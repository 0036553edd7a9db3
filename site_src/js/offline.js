// Registers the service worker that keeps the site working offline. Loaded on every page.
// `controlled()` resolves once the worker controls this page (at once when none is coming):
// the engine waits for it so the Pyodide runtime is fetched once, through the worker's cache.
// `keepOffline()` asks the worker to store the whole site once this page has finished its
// own downloads; calculator pages call it when the engine is ready, other pages on load.
const root = document.documentElement;
const script = root.dataset.swSrc;
const registration = "serviceWorker" in navigator && script
  ? navigator.serviceWorker.register(script, { scope: root.dataset.swScope }).catch(() => null)
  : Promise.resolve(null);

export function controlled(timeoutMs = 20000) {
  if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    // A slow device may take seconds to fetch and start the worker: the engine waits, or its
    // fetches pass the worker and the wasm is downloaded twice (once more to be stored: no
    // browser keeps a 10 MB file in a private window's memory cache). Not for ever, though.
    setTimeout(resolve, timeoutMs);
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
    // Only a worker still on its way takes this page over (a first visit). Without one (no
    // registration, or a reload that bypassed the active worker) the page stays uncontrolled;
    // a new build's worker waits to be asked (sw.js), so it is not one either.
    registration.then((registered) => {
      const active = registered?.active;
      const coming = registered && (active ? (active.state === "activating" ? active : null)
        : registered.installing || registered.waiting);
      if (!coming) return resolve();
      coming.addEventListener("statechange", () => coming.state === "redundant" && resolve());
    });
  });
}

let settled = false;  // this page has finished its own downloads
let runtime = false;  // and its engine has started: the runtime is to be kept too

// `{ runtime: true }`: the engine has started, so its runtime files are stored as well
// (already there when it fetched them through the worker; not on pages that never used it).
export async function keepOffline({ runtime: engineStarted = false } = {}) {
  const registered = await registration;
  if (!registered) return;
  settled = true;
  runtime ||= engineStarted;
  if (registered.waiting) {
    // A new build: its worker stores the site once it has taken over (controllerchange).
    activate(registered.waiting);
    return;
  }
  watch(registered.installing);  // a new build still installing: asked once it has
  const worker = (await navigator.serviceWorker.ready).active;
  worker?.postMessage({ type: "keep", runtime });
}

// A new build's worker waits (sw.js) until a page that has made its requests asks it to take
// over: Chromium then stops the outgoing worker as soon as it is idle and activates the new
// one. Asked while this page still fetched through the outgoing worker, the request that
// started it again after it was stopped for that left the new one waiting until the old one
// idled out (or up to 5 minutes). Ask until it has taken over (for up to 2 minutes).
function activate(worker) {
  let attempts = 0;
  const ask = () => {
    attempts += 1;
    if (worker.state === "installed" && attempts <= 120) worker.postMessage({ type: "activate" });
    else clearInterval(timer);
  };
  const timer = setInterval(ask, 1000);
  ask();
}

// A new build's worker, asked to take over once it has installed and this page has loaded.
const watched = new WeakSet();
function watch(worker) {
  if (!worker || watched.has(worker)) return;
  watched.add(worker);
  worker.addEventListener("statechange", () => {
    if (settled && worker.state === "installed") activate(worker);
  });
}

// The browser looks for a new build as the page loads: it may have found one, and begun
// installing it, before this module listened for "updatefound".
registration.then((registered) => {
  registered?.addEventListener("updatefound", () => watch(registered.installing));
  watch(registered?.installing);
});

// A new build's worker that takes over a page which has loaded stores the new build.
// (Not on a first visit: the worker that starts controlling it was asked already.)
if ("serviceWorker" in navigator) {
  let previous = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const current = navigator.serviceWorker.controller;
    if (settled && previous && current) current.postMessage({ type: "keep", runtime });
    previous = current;
  });
}

// Pages without a running engine (articles; with live examples, until one is wanted).
if (["off", "idle"].includes(root.dataset.engine)) {
  if (document.readyState === "complete") keepOffline();
  else addEventListener("load", () => keepOffline(), { once: true });
}

// Registers the service worker that keeps the site working offline. Loaded on every page.
// `controlled()` resolves once the worker controls this page (or quickly when it cannot):
// the engine waits for it so the Pyodide runtime is fetched once, through the worker's cache.
const script = document.documentElement.dataset.swSrc;
let registration = null;

if ("serviceWorker" in navigator && script) {
  registration = navigator.serviceWorker
    .register(script, { scope: document.documentElement.dataset.swScope })
    .catch(() => null);
}

export function controlled(timeoutMs = 4000) {
  if (!registration || navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
    registration.then((r) => { if (!r) { clearTimeout(timer); resolve(); } });
  });
}

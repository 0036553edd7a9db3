// Registers the service worker that keeps the site working offline. Loaded on every page.
// `controlled()` resolves once the worker controls this page (or quickly when it cannot):
// the engine waits for it so the Pyodide runtime is fetched once, through the worker's cache.
// `keepOffline()` asks the worker to store the whole site once this page has finished its
// own downloads; calculator pages call it when the engine is ready, other pages on load.
const root = document.documentElement;
const script = root.dataset.swSrc;
const registration = "serviceWorker" in navigator && script
  ? navigator.serviceWorker.register(script, { scope: root.dataset.swScope }).catch(() => null)
  : Promise.resolve(null);

export function controlled(timeoutMs = 4000) {
  if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
    registration.then((r) => { if (!r) { clearTimeout(timer); resolve(); } });
  });
}

export async function keepOffline() {
  if (!(await registration)) return;
  const worker = (await navigator.serviceWorker.ready).active;
  worker?.postMessage({ type: "keep" });
}

if (root.dataset.engine === "off") {
  if (document.readyState === "complete") keepOffline();
  else addEventListener("load", () => keepOffline(), { once: true });
}

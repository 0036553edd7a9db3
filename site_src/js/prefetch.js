// Background prefetch: once a page without a running calculator (an article) has loaded and is
// idle, the service worker fetches the engine's runtime into its cache at low priority,
// so a calculator opened later starts from the cache, also offline. Not when the reader
// asked to save data, nor on a connection the browser reports as 2G.
const root = document.documentElement;

function allowed() {
  const connection = navigator.connection;
  if (!connection) return true;
  return !connection.saveData && !["slow-2g", "2g"].includes(connection.effectiveType);
}

function whenIdle(callback) {
  if ("requestIdleCallback" in window) requestIdleCallback(callback, { timeout: 5000 });
  else setTimeout(callback, 1000);
}

function prefetch() {
  // Calculator pages fetch the runtime themselves, at once; an article with live examples
  // when one is wanted ("idle" until then).
  if (!["off", "idle"].includes(root.dataset.engine) || !("serviceWorker" in navigator) || !allowed()) return;
  whenIdle(() => navigator.serviceWorker.ready.then(
    (registration) => registration.active?.postMessage({ type: "prefetch" }),
  ));
}

if (document.readyState === "complete") prefetch();
else addEventListener("load", prefetch, { once: true });

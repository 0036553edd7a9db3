// Background prefetch: once a page without a running calculator (an article) has loaded and is
// idle, the service worker fetches the engine's runtime into its cache at low priority,
// so a calculator opened later starts from the cache, also offline. Then, when the page is
// idle again, the engine starts in a background worker only to store its memory snapshot
// (engine.js prepare()), so the calculator or a live example restores Python instead of
// starting it. Neither when the reader asked to save data, nor on a connection the browser
// reports as 2G.
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

// Resolves with the service worker's answer: whether every runtime file is stored.
function storeRuntime(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data?.stored === true);
    worker.postMessage({ type: "prefetch" }, [channel.port2]);
  });
}

function prefetch() {
  // Calculator pages fetch the runtime themselves, at once; an article with live examples
  // when one is wanted ("idle" until then).
  if (!["off", "idle"].includes(root.dataset.engine) || !("serviceWorker" in navigator)) return;
  // data-prefetch says what was decided: "off" (the reader saves data), "stored".
  if (!allowed()) {
    root.dataset.prefetch = "off";
    return;
  }
  whenIdle(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker || !(await storeRuntime(worker))) return;
    root.dataset.prefetch = "stored";
    // Only pages that carry the engine (articles with live examples), and not once it is wanted.
    if (!root.dataset.workerSrc || root.dataset.engine !== "idle") return;
    whenIdle(() => import("./engine.js").then(({ prepare }) => prepare()));
  });
}

if (document.readyState === "complete") prefetch();
else addEventListener("load", prefetch, { once: true });

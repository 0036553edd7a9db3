// The benchmark's floor: a worker that only runs loadPyodide() from the vendored files,
// the same way the site's engine worker does (module worker from a file of the site, same
// runtime folder; the site's Content-Security-Policy allows no blob: worker).
const runtime = new URL(new URLSearchParams(location.search).get("runtime"), location.href).href;
const worker = new Worker(`worker.mjs?${new URLSearchParams({ runtime })}`, { type: "module" });
worker.onmessage = (event) => {
  if (event.data !== "ready") {
    performance.mark(`engine-${event.data}`);
    return;
  }
  performance.mark("engine-ready");
  document.documentElement.dataset.state = "ready";
};

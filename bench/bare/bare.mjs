// The benchmark's floor: a worker that only runs loadPyodide() from the vendored files,
// the same way the site's engine worker does (module worker, same runtime folder).
const runtime = new URL(new URLSearchParams(location.search).get("runtime"), location.href).href;
const source = `
  const { loadPyodide } = await import(${JSON.stringify(runtime + "pyodide.mjs")});
  await loadPyodide({ indexURL: ${JSON.stringify(runtime)}, packages: [] });
  postMessage("ready");
`;
const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
worker.onmessage = () => {
  performance.mark("engine-ready");
  document.documentElement.dataset.state = "ready";
};

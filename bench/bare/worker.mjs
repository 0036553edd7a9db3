// The bare page's worker (bare.mjs): loadPyodide() and nothing else.
const runtime = new URL(self.location.href).searchParams.get("runtime");
postMessage("worker-started");
const { loadPyodide } = await import(runtime + "pyodide.mjs");
await loadPyodide({ indexURL: runtime, packages: [] });
postMessage("ready");

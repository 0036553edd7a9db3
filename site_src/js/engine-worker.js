// The rating engine: Pyodide with the elo_core wheel, off the main thread.
// In:  {type: "init", pyodide, wheels: {elo_core, chess}} once,
//      then {type: "compute", id, mode, form, needs: ["chess"]?}.
// Out: {type: "progress", step} | {type: "ready"} | {type: "error", message}
//      | {type: "result", id, result, micros}.

let pyodide = null;
let computeJson = null;
let wheels = {};
const downloads = new Map();
const installed = new Set();
let queue = Promise.resolve();

// A wheel's bytes, fetched once from this origin; started early, awaited when needed.
function download(name) {
  if (!downloads.has(name)) {
    downloads.set(name, fetch(new URL(wheels[name], self.location.href)).then((response) => {
      if (!response.ok) throw new Error(`${wheels[name]}: HTTP ${response.status}`);
      return response.arrayBuffer();
    }));
  }
  return downloads.get(name);
}

// A pure-Python wheel unpacks straight into site-packages: no micropip, no package index.
async function install(name) {
  if (installed.has(name)) return;
  const bytes = await download(name);
  // sys is loaded already; sysconfig would cost an import.
  const sitePackages = pyodide.runPython("import sys; [p for p in sys.path if p.endswith('site-packages')][0]");
  pyodide.unpackArchive(new Uint8Array(bytes), "wheel", { extractDir: sitePackages });
  installed.add(name);
}

async function start(message) {
  wheels = message.wheels;
  const base = new URL(message.pyodide, self.location.href).href;
  download("elo_core");  // in parallel with the runtime
  const { loadPyodide } = await import(base + "pyodide.mjs");
  self.postMessage({ type: "progress", step: "runtime" });
  pyodide = await loadPyodide({ indexURL: base, packages: [] });
  self.postMessage({ type: "progress", step: "package" });
  await install("elo_core");
  computeJson = pyodide.runPython(`
import json
from elo_core.calculator import compute

def compute_json(mode, form_json):
    return json.dumps(compute(mode, json.loads(form_json)))

compute_json
`);
}

async function compute({ id, mode, form, needs }) {
  for (const name of needs || []) {
    if (name in wheels) await install(name);
  }
  const started = performance.now();
  const result = JSON.parse(computeJson(mode, JSON.stringify(form)));
  const micros = Math.round((performance.now() - started) * 1000);
  self.postMessage({ type: "result", id, result, micros });
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "init") {
    queue = start(message).then(
      () => self.postMessage({ type: "ready" }),
      (error) => self.postMessage({ type: "error", message: String(error?.message || error) }),
    );
  } else if (message.type === "compute") {
    // One at a time, in order; a failure answers that request instead of killing the worker.
    queue = queue.then(() => compute(message)).catch((error) => {
      self.postMessage({
        type: "result",
        id: message.id,
        result: { ok: false, errors: [{ field: null, code: "engine-failed", line: null }] },
      });
      console.error(error);
    });
  }
});

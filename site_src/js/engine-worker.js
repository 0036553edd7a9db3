// The rating engine: Pyodide with the elo_core wheel, off the main thread.
// In:  {type: "init", pyodide, wheels: {elo_core, chess}} once,
//      then {type: "compute", id, mode, form, needs: ["chess"]?}.
// Out: {type: "progress", step} | {type: "ready"} | {type: "error", message}
//      | {type: "result", id, result, micros}.

let pyodide = null;
let computeJson = null;
let wheels = {};
const loaded = new Set();
let queue = Promise.resolve();

async function loadWheel(name) {
  if (loaded.has(name)) return;
  // A URL to a .whl installs it without micropip, from this origin only.
  await pyodide.loadPackage(new URL(wheels[name], self.location.href).href, {
    messageCallback: () => {},
  });
  loaded.add(name);
}

async function start(message) {
  wheels = message.wheels;
  const base = new URL(message.pyodide, self.location.href).href;
  const { loadPyodide } = await import(base + "pyodide.mjs");
  self.postMessage({ type: "progress", step: "runtime" });
  pyodide = await loadPyodide({ indexURL: base, packages: [] });
  self.postMessage({ type: "progress", step: "package" });
  await loadWheel("elo_core");
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
    if (name in wheels) await loadWheel(name);
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

// The rating engine: Pyodide with the elo_core wheel, off the main thread.
// Messages in: {type: "init", pyodide, wheel} once, then {type: "compute", id, mode, form}.
// Messages out: {type: "ready"} | {type: "error", message} | {type: "result", id, result}.

let computeJson = null;

async function start({ pyodide: pyodideBase, wheel }) {
  const base = new URL(pyodideBase, self.location.href).href;
  const { loadPyodide } = await import(base + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: base, packages: [] });
  // A URL to a .whl installs it without micropip.
  await pyodide.loadPackage(new URL(wheel, self.location.href).href, { messageCallback: () => {} });
  computeJson = pyodide.runPython(`
import json
from elo_core.calculator import compute

def compute_json(mode, form_json):
    return json.dumps(compute(mode, json.loads(form_json)))

compute_json
`);
}

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (message.type === "init") {
    try {
      await start(message);
      self.postMessage({ type: "ready" });
    } catch (error) {
      self.postMessage({ type: "error", message: String(error && error.message || error) });
    }
  } else if (message.type === "compute" && computeJson) {
    const result = JSON.parse(computeJson(message.mode, JSON.stringify(message.form)));
    self.postMessage({ type: "result", id: message.id, result });
  }
});

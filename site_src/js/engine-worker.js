// The rating engine: Pyodide with the elo_core wheel, off the main thread.
// In:  {type: "init", pyodide, wheels: {elo_core, chess}} once,
//      then {type: "compute", id, key, mode, lang, set, reset, needs: ["chess"]?}: `set`
//      holds the fields of form `key` that changed since its last request (a big field is
//      sent once, not with every keystroke elsewhere); `reset` starts the form afresh.
// Out: {type: "progress", step} | {type: "ready", start: "fresh" | "snapshot"}
//      | {type: "snapshot-stored"} | {type: "error", message}
//      | {type: "result", id, result, micros}.

let pyodide = null;
let computeJson = null;
let wheels = {};
const downloads = new Map();
const installed = new Set();
let queue = Promise.resolve();
const forms = new Map();  // key → the form's fields as last sent

// The worker runs only this site's own runtime and wheels.
function ownUrl(path) {
  const url = new URL(path, self.location.href);
  if (url.origin !== self.location.origin) throw new Error(`not this site's file: ${url.href}`);
  return url;
}

// After the first start on a device, the interpreter's memory (Python initialised,
// elo_core imported) is kept in Cache Storage; later visits restore it instead of
// starting Python again. One entry, replaced when the runtime or the wheel changes.
const SNAPSHOT_CACHE = "elo-snapshot";
const canKeepSnapshot = typeof caches !== "undefined" && typeof CompressionStream !== "undefined";

// A wheel's bytes, fetched once from this origin; started early, awaited when needed.
function download(name) {
  if (!downloads.has(name)) {
    downloads.set(name, fetch(ownUrl(wheels[name])).then((response) => {
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

// The runtime's folder names its version, the wheel's folder its content hash, and this
// script's name its own (the snapshot holds the Python this script defines).
function snapshotKey(runtime) {
  const key = new URL("engine-snapshot", self.location.href);
  key.search = new URLSearchParams({ runtime, wheel: wheels.elo_core, worker: self.location.pathname });
  return key.href;
}

async function storedSnapshot(key) {
  if (!canKeepSnapshot) return null;
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(key);
    if (!hit) return null;
    const stream = hit.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

async function keepSnapshot(key, snapshot) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  // The memory is mostly empty pages: 31 MB become about 6 MB.
  const body = new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"));
  await cache.put(key, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
  for (const request of await cache.keys()) {
    if (request.url !== key) await cache.delete(request);
  }
}

async function dropSnapshots() {
  try { await caches.delete(SNAPSHOT_CACHE); } catch { /* nothing stored */ }
}

async function start(message) {
  wheels = message.wheels;
  const base = ownUrl(message.pyodide).href;
  download("elo_core");  // in parallel with the runtime
  const key = snapshotKey(message.pyodide);
  const [{ loadPyodide }, snapshot] = await Promise.all([import(base + "pyodide.mjs"), storedSnapshot(key)]);
  self.postMessage({ type: "progress", step: "runtime" });
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ indexURL: base, packages: [], _loadSnapshot: snapshot });
    } catch (error) {
      // A snapshot that does not fit this runtime is dropped; start afresh.
      console.warn("engine snapshot not usable:", error);
      await dropSnapshots();
    }
  }
  const restored = pyodide !== null;
  if (!restored) {
    pyodide = await loadPyodide({ indexURL: base, packages: [], _makeSnapshot: canKeepSnapshot });
  }
  self.postMessage({ type: "progress", step: "package" });
  // Also after a restore: modules imported later (and python-chess) need the files.
  await install("elo_core");
  computeJson = (restored && pyodide.globals.get("compute_json")) || pyodide.runPython(`
import json
from elo_core.page import compute

def compute_json(mode, form_json, lang):
    return json.dumps(compute(mode, json.loads(form_json), lang))

compute_json
`);
  self.postMessage({ type: "ready", start: restored ? "snapshot" : "fresh" });
  if (!restored && canKeepSnapshot) {
    // Taken before any input is computed, so no one's numbers are in it; stored in the
    // background while the engine answers.
    const memory = pyodide.makeMemorySnapshot();
    keepSnapshot(key, memory).then(
      () => self.postMessage({ type: "snapshot-stored" }),
      (error) => console.warn("engine snapshot not stored:", error),
    );
  }
}

async function compute({ id, key, mode, lang, set, reset, needs }) {
  const form = reset || !forms.has(key) ? { ...set } : Object.assign(forms.get(key), set);
  forms.set(key, form);
  for (const name of needs || []) {
    if (name in wheels) await install(name);
  }
  const started = performance.now();
  const result = JSON.parse(computeJson(mode, JSON.stringify(form), lang));
  const micros = Math.round((performance.now() - started) * 1000);
  self.postMessage({ type: "result", id, result, micros });
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "init") {
    queue = start(message).catch(
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

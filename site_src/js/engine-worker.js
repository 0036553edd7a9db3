// The rating engine: Pyodide with the elo_core wheel, off the main thread.
// In:  {type: "init", pyodide, lock} once (the runtime's folder; the site's
//      pyodide-lock.json, which names the wheels and their sha256),
//      then {type: "compute", id, key, mode, lang, set, reset, needs: [package]?}: `set`
//      holds the fields of form `key` that changed since its last request (a big field is
//      sent once, not with every keystroke elsewhere); `reset` starts the form afresh;
//      `needs` names packages of the lock to load first.
// Out: {type: "progress", step} | {type: "ready", start: "fresh" | "snapshot"}
//      | {type: "snapshot-stored"} | {type: "error", message}
//      | {type: "result", id, result, micros}.

let pyodide = null;
let computeJson = null;
let lockUrl = "";
let queue = Promise.resolve();
const forms = new Map();  // key → the form's fields as last sent

// The worker runs only this site's own runtime and wheels.
function ownUrl(path) {
  const url = new URL(path, self.location.href);
  if (url.origin !== self.location.origin) throw new Error(`not this site's file: ${url.href}`);
  return url;
}

// The lock, fetched at once; its wheels are requested as soon as it is read, in parallel
// with the runtime, so Pyodide's loader (which checks their sha256) finds them cached.
async function readLock(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const text = await response.text();
  for (const entry of Object.values(JSON.parse(text).packages)) {
    fetch(ownUrl(entry.file_name)).then((r) => r.arrayBuffer()).catch(() => { /* the loader tells */ });
  }
  return text;
}

// Pyodide's own loader: the lock's entry for `names`, verified against its sha256.
async function loadPackages(names) {
  const failures = [];
  await pyodide.loadPackage(names, {
    messageCallback: () => {},
    errorCallback: (message) => failures.push(message),
  });
  if (failures.length) throw new Error(failures.join("; "));
}

// After the first start on a device, the interpreter's memory (Python initialised,
// elo_core imported) is kept in Cache Storage; later visits restore it instead of
// starting Python again. One entry, replaced when the runtime or the wheel changes.
const SNAPSHOT_CACHE = "elo-snapshot";
const canKeepSnapshot = typeof caches !== "undefined" && typeof CompressionStream !== "undefined";

// The runtime's folder names its version, the standard library's and the lock's names their
// content hash (and so the wheel's), and this script's name its own (the snapshot holds the Python this script defines).
function snapshotKey(runtime, stdlib) {
  const key = new URL("engine-snapshot", self.location.href);
  key.search = new URLSearchParams({ runtime, stdlib, lock: lockUrl, worker: self.location.pathname });
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

// Pyodide snapshots only an interpreter whose loader has loaded no package yet (the
// files of packages are not in the memory), so the loader's record is set aside while
// the memory is copied; a restore loads the package's files again (start()).
function snapshotWithoutPackages() {
  const loaded = { ...pyodide.loadedPackages };
  for (const name of Object.keys(loaded)) delete pyodide.loadedPackages[name];
  try {
    return pyodide.makeMemorySnapshot();
  } finally {
    Object.assign(pyodide.loadedPackages, loaded);
  }
}

async function dropSnapshots() {
  try { await caches.delete(SNAPSHOT_CACHE); } catch { /* nothing stored */ }
}

// The page loads a standard library of only what the engine imports (sitegen/stdlib.py).
// Should anything import more, the runtime's whole archive is fetched (once, synchronously:
// an import cannot wait) and put in place of the small one, and the import is retried.
const REST_OF_STDLIB = `
import importlib, importlib.abc, os, sys, zipimport

class RestOfStdlib(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] not in sys.stdlib_module_names or os.path.exists(COMPLETE):
            return None
        import _elo_stdlib
        _elo_stdlib.fetch_whole()
        zipimport._zip_directory_cache.clear()
        sys.path_importer_cache.clear()
        importlib.invalidate_caches()
        for finder in sys.meta_path:
            if finder is not self and hasattr(finder, "find_spec"):
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    return spec
        return None

COMPLETE = "/lib/.stdlib-complete"
if not any(type(f).__name__ == "RestOfStdlib" for f in sys.meta_path):
    sys.meta_path.append(RestOfStdlib())
`;

// The finder is plain Python and may be in a memory snapshot; the JavaScript module it
// calls may not (a snapshot cannot hold references to JavaScript), so it is registered
// only after the snapshot was taken, and again after each restore.
function serveRestOfStdlib(wholeUrl) {
  pyodide.registerJsModule("_elo_stdlib", {
    fetch_whole() {
      const request = new XMLHttpRequest();
      request.open("GET", wholeUrl, false);
      request.responseType = "arraybuffer";
      request.send();
      if (request.status !== 200) throw new Error(`${wholeUrl}: HTTP ${request.status}`);
      const stdlibPath = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
      pyodide.FS.writeFile(stdlibPath, new Uint8Array(request.response));
      pyodide.FS.writeFile("/lib/.stdlib-complete", "");
    },
  });
}

async function start(message) {
  const base = ownUrl(message.pyodide).href;
  lockUrl = ownUrl(message.lock).href;
  const lock = readLock(lockUrl);
  const key = snapshotKey(message.pyodide, message.stdlib || "");
  const [{ loadPyodide }, snapshot, lockFileContents] = await Promise.all([
    import(base + "pyodide.mjs"), storedSnapshot(key), lock]);
  const options = { indexURL: base, lockFileContents, packages: [] };
  if (message.stdlib) options.stdLibURL = ownUrl(message.stdlib).href;
  self.postMessage({ type: "progress", step: "runtime" });
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
    } catch (error) {
      // A snapshot that does not fit this runtime is dropped; start afresh.
      console.warn("engine snapshot not usable:", error);
      await dropSnapshots();
    }
  }
  const restored = pyodide !== null;
  if (!restored) {
    pyodide = await loadPyodide({ ...options, _makeSnapshot: canKeepSnapshot });
  }
  if (message.stdlib) pyodide.runPython(REST_OF_STDLIB);
  self.postMessage({ type: "progress", step: "package" });
  // Also after a restore: the files are not in the snapshot, and modules imported later
  // need them.
  await loadPackages(["elo-core"]);
  // elo_core's compute_json answers with valid JSON only: no Infinity or NaN, which
  // JSON.parse refuses.
  computeJson = (restored && pyodide.globals.get("compute_json")) || pyodide.runPython(`
from elo_core.page import compute_json

compute_json
`);
  self.postMessage({ type: "ready", start: restored ? "snapshot" : "fresh" });
  if (!restored && canKeepSnapshot) {
    // Taken before any input is computed, so no one's numbers are in it; stored in the
    // background while the engine answers.
    const memory = snapshotWithoutPackages();
    keepSnapshot(key, memory).then(
      () => self.postMessage({ type: "snapshot-stored" }),
      (error) => console.warn("engine snapshot not stored:", error),
    );
  }
  if (message.stdlib) serveRestOfStdlib(base + "python_stdlib.zip");
}

async function compute({ id, key, mode, lang, set, reset, needs }) {
  const form = reset || !forms.has(key) ? { ...set } : Object.assign(forms.get(key), set);
  forms.set(key, form);
  if (needs?.length) await loadPackages(needs);
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

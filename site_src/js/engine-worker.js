// The rating engine: Pyodide with the elo_core wheel, off the main thread.
// In:  {type: "init", pyodide, lock} once (the runtime's folder; the site's
//      pyodide-lock.json, which names the wheels and their sha256),
//      then {type: "compute", id, key, mode, lang, signs, set, reset, needs: [package]?}:
//      `signs` are the page's [decimal, group] number signs (CLDR's, from the build); `set`
//      holds the fields of form `key` that changed since its last request (a big field is
//      sent once, not with every keystroke elsewhere); `reset` starts the form afresh;
//      `needs` names packages of the lock to load first.
//      With `prepare: true` (engine.js prepare()) the worker only makes sure a snapshot
//      is stored: if one is, it says "prepared" and starts only when sent {type: "start"}.
// Out: {type: "progress", step} | {type: "ready", start: "fresh" | "snapshot"} | {type: "settled"}
//      (every file the start needs has been fetched)
//      | {type: "prepared"} | {type: "snapshot-stored"} | {type: "snapshot-failed", message}
//      | {type: "error", message, integrity?} | {type: "result", id, result, micros}
//      (`result`: elo_core's JSON text, a JSON text a line when it is long (compute_json),
//      parsed by the page; an object when the worker itself answers a failed request)
//      | {type: "timing", name}: a step of the start done (marked by the page for the benchmark).
// Every runtime file (pyodide.mjs, pyodide.asm.mjs, the wasm, both standard libraries, the
// lock, the wheel) is checked against the sha256 the build recorded before it is used.

let pyodide = null;
let computeJson = null;
let lockUrl = "";
let packageFiles = Promise.resolve();  // elo_core's files, put back after a restore
let queue = Promise.resolve();
const forms = new Map();  // key → the form's fields as last sent

// The worker runs only this site's own runtime and wheels.
function ownUrl(path) {
  const url = new URL(path, self.location.href);
  if (url.origin !== self.location.origin) throw new Error(`not this site's file: ${url.href}`);
  return url;
}

// The sha256 (hex) of each runtime file, by its path on the site: written by the build.
const INTEGRITY = {};

class IntegrityError extends Error {}

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

function mismatch(path, actual) {
  return new IntegrityError(`${path.split("/").pop()} does not match the sha256 recorded when the site `
    + `was built (expected ${INTEGRITY[path]?.slice(0, 16) ?? "none"}…, got ${actual.slice(0, 16)}…)`);
}

// A mismatch anywhere stops the start at once: Pyodide itself would only log a failed
// wasm and wait for ever.
let refuse = () => {};
const refused = new Promise((_, reject) => { refuse = reject; });
refused.catch(() => {});

const networkFetch = self.fetch.bind(self);

// `url`'s bytes, with its response's status and headers, once they match the build's sha256.
async function checkedFetch(url, init) {
  const path = new URL(url).pathname;
  const response = await networkFetch(url, init);
  if (!response.ok) return response;
  const bytes = await response.arrayBuffer();
  const actual = hex(await crypto.subtle.digest("SHA-256", bytes));
  if (actual !== INTEGRITY[path]) {
    const error = mismatch(path, actual);
    refuse(error);
    throw error;
  }
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// The wasm, compiled from its stream as it downloads (Chromium keeps the compiled code for
// the next visit) while a copy of the same bytes is hashed; the module is instantiated (run)
// only once its bytes match. Started by start() as its first step, before Pyodide asks.

function compileChecked(url) {
  const path = new URL(url).pathname;
  const response = networkFetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r;
  });
  const check = async (bytes) => {
    const actual = hex(await crypto.subtle.digest("SHA-256", bytes));
    if (actual !== INTEGRITY[path]) {
      // Settles the start at once: Pyodide itself would only log a failed instantiation.
      const error = path in INTEGRITY ? mismatch(path, actual) : new IntegrityError(`${path}: no sha256 recorded`);
      refuse(error);
      throw error;
    }
  };
  const module = response.then((r) => {
    const copy = r.clone();
    return Promise.all([WebAssembly.compileStreaming(r), copy.arrayBuffer().then(check)]);
  }).then(([compiled]) => {
    self.postMessage({ type: "timing", name: "wasm-compiled" });
    return compiled;
  });
  module.catch(() => {});  // said when Pyodide instantiates it
  ahead.set(url, { response, module });
  return module;
}

// Files start() fetches before Pyodide asks for them, by address: the wasm, with its module
// (above), and the standard library. Pyodide's fetch is handed the response under way.
const ahead = new Map();  // address → { response, module (the wasm's) }

function fetchEarly(url) {
  const response = checkedFetch(url);
  response.catch(() => {});  // said when Pyodide asks for it
  ahead.set(url, { response });
}

// Every fetch of a runtime file — this script's and Pyodide's (the standard libraries, the
// wheel) — is checked; Pyodide checks the wheel against the lock as well. Pyodide's fetch of
// the wasm gets the response already being compiled, of the standard library the one
// already under way.
self.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input, self.location.href);
  const fetched = ahead.get(url.href);
  if (fetched) {
    // Handed over once; the wasm's entry stays, as instantiateStreaming takes its module.
    if (!fetched.module) ahead.delete(url.href);
    return fetched.response;
  }
  if (url.origin === self.location.origin && url.pathname in INTEGRITY) {
    return checkedFetch(url.href, input instanceof Request ? undefined : init);
  }
  return networkFetch(input, init);
};

// Pyodide instantiates its wasm with instantiateStreaming: the module compiled above.
WebAssembly.instantiateStreaming = async (source, imports) => {
  const { url } = await source;
  const module = await (ahead.get(url)?.module ?? compileChecked(url));
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// The lock, fetched at once. Its wheels are requested once `runtimeArrived` (the wasm) has,
// so Pyodide's loader (which checks their sha256) finds them cached: they are needed only
// after Python has started, a second later, and on a slow link they would otherwise share
// its bandwidth with the wasm that start waits for.
async function readLock(url, runtimeArrived) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const text = await response.text();
  runtimeArrived.catch(() => {}).then(() => {
    for (const entry of Object.values(JSON.parse(text).packages)) {
      fetch(ownUrl(entry.file_name)).then((r) => r.arrayBuffer()).catch(() => { /* the loader tells */ });
    }
  });
  return text;
}

// The runtime's two modules are imported, which no check here can intercept: each is fetched
// and checked first, and imported from the same address, which the service worker answers
// only with bytes that match, from its cache or the network (sw.js); without it, the
// browser's HTTP cache or the host answers, which no script can write to.
async function checkedModule(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await response.arrayBuffer();
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
// every elo_core module imported) is kept in Cache Storage; later visits restore it
// instead of starting Python again. One entry, replaced when the runtime or the wheel changes.
// Named by the site's scope as the service worker names it (sw.js; this script is in the
// site's assets/ folder): deployments on one origin keep their own.
const SNAPSHOT_CACHE = `elo-snapshot ${new URL("..", self.location.href).pathname}`;
const canKeepSnapshot = typeof caches !== "undefined";

// The runtime's folder names its version, the standard library's and the lock's names their
// content hash (and so the wheel's), and this script's name its own (the snapshot holds the Python this script defines).
function snapshotKey(runtime, stdlib) {
  const key = new URL("engine-snapshot", self.location.href);
  key.search = new URLSearchParams({ runtime, stdlib, lock: lockUrl, worker: self.location.pathname });
  return key.href;
}

// The snapshot is stored with the sha256 of its compressed bytes; one that does not match
// (cut short, or changed on the device) is dropped, and Python starts afresh.
const SNAPSHOT_HASH = "X-Snapshot-SHA256";

async function storedSnapshot(key) {
  if (!canKeepSnapshot) return null;
  try {
    return (await (await caches.open(SNAPSHOT_CACHE)).match(key)) || null;
  } catch {
    return null;
  }
}

// The memory is kept as its non-empty 4 KiB pages (about half of its 31 MB): putting them
// back takes milliseconds, where inflating gzip kept the worker busy for half a second.
// Layout (little-endian u32): the memory's length, the number n of pages kept, their n
// indices, then the n pages.
const PAGE = 4096;

function packMemory(memory) {
  // Whole pages are read a word at a time (when the memory is aligned for it), the last
  // partial page a byte at a time: the memory is not copied to pad it.
  const whole = Math.floor(memory.length / PAGE);
  const words = memory.byteOffset % 4 === 0
    ? new Uint32Array(memory.buffer, memory.byteOffset, (whole * PAGE) / 4) : null;
  const used = (page) => {
    const start = page * PAGE;
    if (words && page < whole) {
      for (let i = start / 4, end = i + PAGE / 4; i < end; i++) if (words[i] !== 0) return true;
      return false;
    }
    for (let i = start, end = Math.min(start + PAGE, memory.length); i < end; i++) if (memory[i] !== 0) return true;
    return false;
  };
  const kept = [];
  for (let page = 0; page * PAGE < memory.length; page++) if (used(page)) kept.push(page);
  const head = 8 + 4 * kept.length;
  const packed = new Uint8Array(head + PAGE * kept.length);  // a partial last page ends in zeros
  const view = new DataView(packed.buffer);
  view.setUint32(0, memory.length, true);
  view.setUint32(4, kept.length, true);
  kept.forEach((page, i) => {
    view.setUint32(8 + 4 * i, page, true);
    packed.set(memory.subarray(page * PAGE, Math.min((page + 1) * PAGE, memory.length)), head + PAGE * i);
  });
  return packed;
}

function unpackMemory(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(0, true);
  const count = view.getUint32(4, true);
  const head = 8 + 4 * count;
  if (packed.length !== head + PAGE * count) throw new Error("engine snapshot has the wrong length");
  const memory = new Uint8Array(length);
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(8 + 4 * i, true) * PAGE;
    if (start >= length) throw new Error("engine snapshot has a page outside its memory");
    memory.set(packed.subarray(head + PAGE * i, head + PAGE * i + Math.min(PAGE, length - start)), start);
  }
  return memory;
}

// The memory in a stored snapshot; read while the runtime compiles.
async function snapshotMemory(stored) {
  const packed = await stored.arrayBuffer();
  if (hex(await crypto.subtle.digest("SHA-256", packed)) !== stored.headers.get(SNAPSHOT_HASH)) {
    throw new Error("engine snapshot does not match its sha256");
  }
  return unpackMemory(new Uint8Array(packed));
}

async function keepSnapshot(key, snapshot) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  const packed = packMemory(snapshot);
  const headers = {
    "Content-Type": "application/octet-stream",
    [SNAPSHOT_HASH]: hex(await crypto.subtle.digest("SHA-256", packed)),
  };
  await cache.put(key, new Response(packed, { headers }));
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

async function start(message) {
  self.postMessage({ type: "timing", name: "worker-started" });
  const base = ownUrl(message.pyodide).href;
  const wasm = compileChecked(base + "pyodide.asm.wasm");
  const stdlibUrl = message.stdlib && ownUrl(message.stdlib).href;
  if (stdlibUrl) fetchEarly(stdlibUrl);
  lockUrl = ownUrl(message.lock).href;
  const lock = readLock(lockUrl, wasm);
  const key = snapshotKey(message.pyodide, message.stdlib || "");
  // Everything at once, not one after another: the wasm (compiled as it arrives), the
  // standard library, the lock, the loader, the runtime's module and the stored snapshot.
  const loader = checkedModule(base + "pyodide.mjs").then(() => import(base + "pyodide.mjs"));
  const runtime = checkedModule(base + "pyodide.asm.mjs").then(() => import(base + "pyodide.asm.mjs"));
  runtime.catch(() => {});  // said by loadPyodide, which awaits it
  // A stored snapshot is read (and checked) at once as well.
  const stored = storedSnapshot(key);
  const memory = stored.then((hit) => hit && snapshotMemory(hit));
  memory.catch(() => {});  // said by loadPyodide, which awaits it
  const [{ loadPyodide }, hit, lockFileContents] = await Promise.race([refused, Promise.all([
    loader, stored, lock])]);
  const options = {
    indexURL: base,
    lockFileContents,
    packages: [],
    // Pyodide would import the runtime's module itself; this one has been checked.
    createPyodideModule: async (settings) => (await runtime).default(settings),
  };
  if (message.stdlib) options.stdLibURL = stdlibUrl;
  self.postMessage({ type: "progress", step: "runtime" });
  if (hit) {
    try {
      pyodide = await Promise.race([refused, loadPyodide({ ...options, _loadSnapshot: memory })]);
    } catch (error) {
      if (error instanceof IntegrityError) throw error;
      // A snapshot that does not fit this runtime (or does not match its sha256) is
      // dropped; start afresh.
      console.warn("engine snapshot not usable:", error);
      await dropSnapshots();
    }
  }
  const restored = pyodide !== null;
  if (!restored) {
    pyodide = await Promise.race([refused, loadPyodide({ ...options, _makeSnapshot: canKeepSnapshot })]);
  }
  self.postMessage({ type: "timing", name: "python-started" });
  if (message.stdlib) {
    // The small standard library's finder fetches (and checks) the whole archive on the
    // first import only it has (site_src/stdlib/rest_finder.py). Its arguments are Python
    // literals (a JSON string is one): a value set from JavaScript would leave a reference
    // the memory snapshot cannot hold.
    const whole = base + "python_stdlib.zip";
    pyodide.runPython(`import _elo_stdlib_rest
_elo_stdlib_rest.install(${JSON.stringify(whole)}, ${JSON.stringify(INTEGRITY[new URL(whole).pathname])})`);
  }
  self.postMessage({ type: "progress", step: "package" });
  if (restored) {
    // Every elo_core module is in the restored memory (elo_core.page imports them all;
    // tests/site/test_engine_imports.py), so it answers at once; the package's files,
    // which a snapshot does not hold, are put back in the background.
    packageFiles = loadPackages(["elo-core"]);
    packageFiles.catch((error) => console.warn("elo_core's files not loaded:", error));
  } else {
    await loadPackages(["elo-core"]);
    // Marks for the benchmark's waterfall: the wheel installed, then elo_core imported.
    self.postMessage({ type: "timing", name: "package-loaded" });
    pyodide.runPython("from elo_core.page import compute_json");
    self.postMessage({ type: "timing", name: "imported" });
  }
  // elo_core's compute_json answers with valid JSON only: no Infinity or NaN, which
  // JSON.parse refuses.
  computeJson = pyodide.globals.get("compute_json");
  self.postMessage({ type: "ready", start: restored ? "snapshot" : "fresh" });
  // Every file of the start fetched (after a restore, elo_core's files, in the background):
  // the page asks a new build's service worker to take over only then (offline.js).
  packageFiles.catch(() => {}).then(() => self.postMessage({ type: "settled" }));
  if (!restored && canKeepSnapshot) {
    // Taken before any input is computed, so no one's numbers are in it; stored in the
    // background while the engine answers.
    const memory = snapshotWithoutPackages();
    keepSnapshot(key, memory).then(
      () => self.postMessage({ type: "snapshot-stored" }),
      (error) => self.postMessage({ type: "snapshot-failed", message: String(error?.message || error) }),
    );
  }
}

async function compute({ id, key, mode, lang, signs = [".", ","], set, reset, needs }) {
  const form = reset || !forms.has(key) ? { ...set } : Object.assign(forms.get(key), set);
  forms.set(key, form);
  if (needs?.length) await packageFiles.then(() => loadPackages(needs));
  const started = performance.now();
  // The answer goes to the page as elo_core's JSON text, read there (a line a task when it
  // is long): parsing it here and copying the objects into the page's memory took longer
  // (a 100-game table is some 500 objects).
  const result = computeJson(mode, JSON.stringify(form), lang, ...signs);
  const micros = Math.round((performance.now() - started) * 1000);
  self.postMessage({ type: "result", id, result, micros });
}

// A snapshot for this runtime, standard library, lock and worker is stored already.
async function hasSnapshot(message) {
  try {
    lockUrl = ownUrl(message.lock).href;
    const cache = await caches.open(SNAPSHOT_CACHE);
    return Boolean(await cache.match(snapshotKey(message.pyodide, message.stdlib || "")));
  } catch {
    return false;
  }
}

let deferred = null;  // the "init" of a prepared worker, run when the page sends "start"

async function init(message) {
  if (message.prepare) {
    if (!canKeepSnapshot) throw new Error("this browser cannot keep a snapshot");
    if (await hasSnapshot(message)) {
      deferred = message;
      self.postMessage({ type: "prepared" });
      return;
    }
  }
  await start(message);
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "init" || (message.type === "start" && deferred)) {
    queue = init(message.type === "init" ? message : { ...deferred, prepare: false }).catch((error) => self.postMessage({
      type: "error", message: String(error?.message || error), integrity: error instanceof IntegrityError,
    }));
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

// The rating engine (elo_core in Pyodide) in a worker, started once and on demand.
// html[data-engine] tells its state: "idle" (not wanted yet), "loading", "ready", "error".
// A computation that runs too long is stopped: the worker is replaced by a fresh one and
// the request is answered with an "engine-timeout" error, so no input leaves a page busy.
// `prepare()` starts a worker in the background only to store the memory snapshot (an
// article whose reader may open a calculator later); the page's state stays as it is, the
// worker stops once the snapshot is stored, and `start()` takes it over if wanted first.
import { controlled, keepOffline } from "./offline.js";

const root = document.documentElement;
const status = document.getElementById("engine-status");
// Longer than any computation the page offers takes (a 100 000-game league, a 3 MB PGN).
const TIMEOUT_MS = 20000;

let messages = {};
let worker = null;
let nextId = 0;
let generation = 0;  // counts workers: a form sent to an earlier one must be sent again
const outstanding = [];  // requests in the order the worker answers them
let watchdog = null;
const listeners = new Set();

function setState(state, text) {
  root.dataset.engine = state;
  if (status && text !== undefined) status.textContent = text;
}

export const engineState = () => root.dataset.engine;
export const engineGeneration = () => generation;

// Called with "ready" or "restarted" (a worker was replaced; forms must be sent in full).
export function onEngine(listener) { listeners.add(listener); }
const tell = (event) => listeners.forEach((listener) => listener(event));

function offline(error) {
  // WebKit says "Load failed" where Chromium and Firefox name a fetch or a network error.
  return !navigator.onLine || /fetch|network|import|load failed/i.test(String(error));
}

function failed(error) {
  if (offline(error)) {
    setState("error", messages["engine-offline"]);
    // Back online, the engine starts by itself.
    addEventListener("online", () => { worker?.terminate(); worker = null; start(messages); }, { once: true });
  } else {
    setState("error", `${messages["engine-error"]} (${error})`);
  }
}

function armWatchdog() {
  clearTimeout(watchdog);
  const head = outstanding[0];
  if (!head) return;
  watchdog = setTimeout(() => {
    // The head request has run too long: replace the worker, answer everyone waiting.
    const waiting = outstanding.splice(0);
    worker.terminate();
    worker = null;
    head.resolve({ ok: false, errors: [{ field: null, code: "engine-timeout", line: null }] });
    for (const request of waiting.slice(1)) request.resolve(null);  // asked again on "ready"
    start(messages, true);
  }, Number(root.dataset.engineTimeoutMs) || TIMEOUT_MS);  // the attribute: for tests
}

let background = false;  // the worker only stores the snapshot (prepare()), unwanted so far
// The worker has fetched every file of its start: the site, the runtime among it, is kept
// offline, and a new build's service worker asked to take over, only then (offline.js).
let settled = false;
let readyMessage = null;  // its "ready", kept until the engine is wanted

function stopBackground() {
  worker?.terminate();
  worker = null;
  background = false;
  readyMessage = null;
}

function ready(message, restart) {
  performance.mark("engine-ready");  // read by the benchmark
  root.dataset.engineStart = message.start;  // "fresh" or "snapshot"
  setState("ready", messages["engine-ready"]);
  root.dispatchEvent(new CustomEvent("engine-ready"));
  if (settled) keepOffline({ runtime: true });
  tell(restart ? "restarted" : "ready");
}

let spawning = false;  // a worker is to be made once this page is controlled

// The worker is made only once the service worker controls this page (or none is coming):
// Chromium does not hand a dedicated worker that already runs to a service worker that
// claims its page later, and the runtime should come through it (fetched once, stored).
function spawn(restart, prepare) {
  generation += 1;
  background = prepare;
  spawning = true;
  controlled().then(() => {
    spawning = false;
    create(restart, background);  // taken over meanwhile: it starts at once
  });
}

function create(restart, prepare) {
  settled = false;
  worker = new Worker(root.dataset.workerSrc, { type: "module" });
  worker.addEventListener("message", (event) => {
    const message = event.data;
    if (message.type === "timing") {
      performance.mark(`engine-${message.name}`);  // read by the benchmark
    } else if (message.type === "progress") {
      if (!background) setState("loading", messages[`engine-${message.step}`] || messages["engine-loading"]);
    } else if (message.type === "ready") {
      if (background) readyMessage = message;
      else ready(message, restart);
    } else if (message.type === "settled") {
      settled = true;
      if (!background) keepOffline({ runtime: true });
    } else if (message.type === "prepared" || message.type === "snapshot-stored") {
      root.dataset.engineSnapshot = "stored";
      // Unwanted, the worker has done its job; wanted, one that found the snapshot stored
      // starts now (restoring it).
      if (background) stopBackground();
      else if (message.type === "prepared") worker.postMessage({ type: "start" });
    } else if (message.type === "error" || message.type === "snapshot-failed") {
      if (message.type === "snapshot-failed" && !background) return;
      if (background) {
        console.warn("engine snapshot not prepared:", message.message);
        stopBackground();
      } else {
        failed(message.message);
      }
    } else if (message.type === "result") {
      const index = outstanding.findIndex((request) => request.id === message.id);
      if (index >= 0) {
        const [request] = outstanding.splice(index, 1);
        request.resolve(message.result, message.micros);
      }
      armWatchdog();
    }
  });
  worker.addEventListener("error", (event) => {
    if (background) stopBackground();
    else failed(event.message || "worker");
  });
  worker.postMessage({
    type: "init",
    prepare,
    pyodide: root.dataset.pyodideSrc,
    lock: root.dataset.lockSrc,
    stdlib: root.dataset.stdlibSrc,
  });
}

export function start(pageMessages, restart = false) {
  messages = pageMessages;
  if ((worker || spawning) && background) {
    // The reader wants the engine while the snapshot is being prepared: take the worker over.
    background = false;
    setState("loading", messages["engine-loading"]);
    // Ready already, or its "ready" (or "prepared") is still to come.
    if (readyMessage) ready(readyMessage, restart);
    readyMessage = null;
    return;
  }
  if (worker || spawning) return;
  setState("loading", messages["engine-loading"]);
  spawn(restart, false);
}

// While the reader reads: start the engine in the background, store its memory snapshot
// (unless one is stored already) and stop, so a calculator or live example opened later
// restores it instead of starting Python.
export function prepare() {
  if (worker || spawning || !root.dataset.workerSrc) return;
  spawn(false, true);
}

// One computation: `set` holds the fields changed since this key's last request (all of
// them the first time, or after a restart); the worker keeps the rest. Resolves with the
// result, or null when the worker was replaced before answering (ask again on "ready").
export function compute({ key, mode, lang, signs, set, reset, needs }) {
  return new Promise((resolve) => {
    const id = ++nextId;
    outstanding.push({ id, resolve: (result, micros) => resolve(result && { result, micros }) });
    worker.postMessage({ type: "compute", id, key, mode, lang, signs, set, reset, needs });
    if (outstanding.length === 1) armWatchdog();
  });
}

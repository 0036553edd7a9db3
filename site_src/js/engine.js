// The rating engine (elo_core in Pyodide) in a worker, started once and on demand.
// html[data-engine] tells its state: "idle" (not wanted yet), "loading", "ready", "error".
// A computation that runs too long is stopped: the worker is replaced by a fresh one and
// the request is answered with an "engine-timeout" error, so no input leaves a page busy.
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
  return !navigator.onLine || /fetch|network|import/i.test(String(error));
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

export function start(pageMessages, restart = false) {
  messages = pageMessages;
  if (worker) return;
  generation += 1;
  setState("loading", messages["engine-loading"]);
  worker = new Worker(root.dataset.workerSrc, { type: "module" });
  worker.addEventListener("message", (event) => {
    const message = event.data;
    if (message.type === "progress") {
      setState("loading", messages[`engine-${message.step}`] || messages["engine-loading"]);
    } else if (message.type === "ready") {
      performance.mark("engine-ready");  // read by the benchmark
      root.dataset.engineStart = message.start;  // "fresh" or "snapshot"
      setState("ready", messages["engine-ready"]);
      root.dispatchEvent(new CustomEvent("engine-ready"));
      keepOffline({ runtime: true });
      tell(restart ? "restarted" : "ready");
    } else if (message.type === "snapshot-stored") {
      root.dataset.engineSnapshot = "stored";
    } else if (message.type === "error") {
      failed(message.message);
    } else if (message.type === "result") {
      const index = outstanding.findIndex((request) => request.id === message.id);
      if (index >= 0) {
        const [request] = outstanding.splice(index, 1);
        request.resolve(message.result, message.micros);
      }
      armWatchdog();
    }
  });
  worker.addEventListener("error", (event) => failed(event.message || "worker"));
  controlled().then(() => worker?.postMessage({
    type: "init",
    pyodide: root.dataset.pyodideSrc,
    lock: root.dataset.lockSrc,
    stdlib: root.dataset.stdlibSrc,
  }));
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

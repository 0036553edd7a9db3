// The calculator's form logic: collect inputs, ask the engine worker, show results.
// Nothing here computes a rating; elo_core does, in the worker.

const root = document.documentElement;
const lang = root.lang;
const messages = JSON.parse(document.getElementById("ui-messages")?.textContent || "{}");
const status = document.getElementById("engine-status");
const formats = new Map();

function formatNumber({ value, digits, signed }) {
  const key = `${digits}/${signed}`;
  if (!formats.has(key)) {
    formats.set(key, new Intl.NumberFormat(lang, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: signed ? "exceptZero" : "auto",
    }));
  }
  return formats.get(key).format(value);
}

function setEngineState(state, text) {
  root.dataset.engine = state;
  if (status) status.textContent = text;
}

const worker = new Worker(root.dataset.workerSrc, { type: "module" });
let nextId = 0;
const pending = new Map();

worker.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "ready") {
    setEngineState("ready", messages["engine-ready"]);
    document.querySelectorAll("[data-mode]").forEach(recompute);
  } else if (message.type === "error") {
    setEngineState("error", `${messages["engine-error"]} (${message.message})`);
  } else if (message.type === "result") {
    const section = pending.get(message.id);
    pending.delete(message.id);
    // Only the answer to the latest request of a section is shown.
    if (section && Number(section.dataset.requestId) === message.id) show(section, message.result);
  }
});
worker.addEventListener("error", (event) => {
  setEngineState("error", `${messages["engine-error"]} (${event.message || "worker"})`);
});
worker.postMessage({ type: "init", pyodide: root.dataset.pyodideSrc, wheel: root.dataset.wheelSrc });

function readForm(section) {
  const form = {};
  for (const [name, value] of new FormData(section.querySelector("form"))) form[name] = String(value);
  return form;
}

function recompute(section) {
  if (root.dataset.engine !== "ready") return;
  const id = ++nextId;
  section.dataset.requestId = String(id);
  pending.set(id, section);
  worker.postMessage({ type: "compute", id, mode: section.dataset.mode, form: readForm(section) });
}

function show(section, result) {
  for (const box of section.querySelectorAll("[data-error-for]")) {
    box.hidden = true;
    box.textContent = "";
    section.querySelector(`[name="${box.dataset.errorFor}"]`)?.removeAttribute("aria-invalid");
  }
  const results = section.querySelector(".results");
  if (!result.ok) {
    for (const error of result.errors) {
      const box = section.querySelector(`[data-error-for="${error.field}"]`);
      if (!box) continue;
      box.textContent = messages[error.code] || error.code;
      box.hidden = false;
      section.querySelectorAll(`[name="${error.field}"]`).forEach((f) => f.setAttribute("aria-invalid", "true"));
    }
    results.classList.add("is-stale");
    results.querySelector(".stale-note").hidden = false;
    return;
  }
  results.classList.remove("is-stale");
  results.querySelector(".stale-note").hidden = true;
  for (const [name, out] of Object.entries(result.outputs)) {
    const element = section.querySelector(`[data-out="${name}"]`);
    if (element) element.textContent = formatNumber(out);
  }
}

document.querySelectorAll("[data-mode]").forEach((section) => {
  section.querySelector("form").addEventListener("input", () => recompute(section));
  section.querySelector("form").addEventListener("submit", (event) => event.preventDefault());
});
setEngineState("loading", messages["engine-loading"]);

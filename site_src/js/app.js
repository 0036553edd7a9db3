// The calculator pages' form logic. Nothing here computes a rating: elo_core does, in the
// engine worker. Protocol (see elo_core/page/__init__.py): every <section data-mode> holds a
// <form>; its fields (plus those of form#elo-options when the section has data-with-options)
// go to compute(mode, fields); the answer fills [data-out] elements or marks fields in error.
import { formatOutput, formatPlain, renderItems, renderRows } from "./outputs.js";
import { restoreInputs, offerSharedInputs, initShare, saveInputs } from "./state.js";
import { controlled, keepOffline } from "./offline.js";

const root = document.documentElement;
const lang = root.lang;
const messages = JSON.parse(document.getElementById("ui-messages")?.textContent || "{}");
const status = document.getElementById("engine-status");
const sections = [...document.querySelectorAll("section[data-mode]")];
const optionsForm = document.getElementById("elo-options");

function setEngineState(state, text) {
  root.dataset.engine = state;
  if (status) status.textContent = text;
}

// Start the engine as soon as the service worker controls the page: its download is the
// slow part, and going through the worker's cache means it is downloaded only once.
const worker = new Worker(root.dataset.workerSrc, { type: "module" });
controlled().then(() => worker.postMessage({
  type: "init",
  pyodide: root.dataset.pyodideSrc,
  wheels: { elo_core: root.dataset.wheelSrc, chess: root.dataset.chessSrc },
}));

let nextId = 0;
worker.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "progress") {
    setEngineState("loading", messages[`engine-${message.step}`] || messages["engine-loading"]);
  } else if (message.type === "ready") {
    performance.mark("engine-ready");  // read by the benchmark
    root.dataset.engineStart = message.start;  // "fresh" or "snapshot"
    setEngineState("ready", messages["engine-ready"]);
    root.dispatchEvent(new CustomEvent("engine-ready"));
    keepOffline();
    // The page already shows the build's answer for its example inputs; only sections
    // whose inputs were restored or shared need the engine now.
    sections.filter((section) => fieldsKey(section) !== prerendered.get(section)).forEach(recompute);
  } else if (message.type === "snapshot-stored") {
    root.dataset.engineSnapshot = "stored";
  } else if (message.type === "error") {
    setEngineState("error", `${messages["engine-error"]} (${message.message})`);
  } else if (message.type === "result") {
    const section = sections.find((s) => s.dataset.requestId === String(message.id));
    if (section) show(section, message.result, message.micros);
  }
});
worker.addEventListener("error", (event) => {
  setEngineState("error", `${messages["engine-error"]} (${event.message || "worker"})`);
});

function fieldsOf(section) {
  const fields = {};
  const forms = [section.querySelector("form")];
  if ("withOptions" in section.dataset && optionsForm) forms.push(optionsForm);
  const needs = new Set();
  for (const form of forms) {
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string") fields[name] = value;
    }
    form.querySelectorAll("option:checked[data-needs], input:checked[data-needs]")
      .forEach((el) => needs.add(el.dataset.needs));
  }
  return { fields, needs: [...needs] };
}

function recompute(section) {
  if (root.dataset.engine !== "ready") return;
  const id = ++nextId;
  section.dataset.requestId = String(id);
  const { fields, needs } = fieldsOf(section);
  section.dataset.busy = "";
  worker.postMessage({ type: "compute", id, mode: section.dataset.mode, form: fields, lang, needs });
}

function errorText(error) {
  // The most specific wording there is: field and reason, reason, field, the code alone
  // ("league_games:games-invalid/header", "games-invalid/header", …).
  const reason = error.reason ? `/${error.reason}` : "\u0000";
  const keys = [`${error.field}:${error.code}${reason}`, `${error.code}${reason}`,
    `${error.field}:${error.code}`, error.code, "input-invalid"];
  const template = keys.map((key) => messages[key]).find(Boolean) || error.code;
  const text = fillParams(template, error.params || {});
  return error.line ? fillParams(messages["on-line"] || "Line {line}: {message}",
    { line: error.line, message: text }) : text;
}

// {name} placeholders: numbers in the page's format (1,600 / 1.600), texts as they are.
function fillParams(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatPlain(value, lang) : String(value);
  });
}

function clearErrors(section) {
  for (const box of section.querySelectorAll("[data-error-for]")) {
    box.hidden = true;
    box.textContent = "";
  }
  const scope = "withOptions" in section.dataset && optionsForm ? [section, optionsForm] : [section];
  scope.forEach((el) => el.querySelectorAll("[aria-invalid]").forEach((f) => f.removeAttribute("aria-invalid")));
}

function show(section, result, micros) {
  delete section.dataset.busy;
  clearErrors(section);
  const results = section.querySelector(".results");
  if (!result.ok) {
    for (const error of result.errors) {
      const box = document.querySelector(`[data-error-for="${error.field}"]`);
      if (box) {
        box.textContent = errorText(error);
        box.hidden = false;
      }
      document.querySelectorAll(`[name="${error.field}"]`).forEach((f) => f.setAttribute("aria-invalid", "true"));
    }
    // The last good results stay, marked as out of date.
    results?.classList.add("is-stale");
    return;
  }
  results?.classList.remove("is-stale");
  for (const [name, output] of Object.entries(result.outputs)) {
    for (const element of section.querySelectorAll(`[data-out="${name}"]`)) {
      fill(element, output);
    }
  }
  section.dataset.computeMicros = String(micros ?? "");
  section.dispatchEvent(new CustomEvent("results", { detail: result }));
}

function fill(element, output) {
  if (output && output.rows) {
    renderRows(element, output.rows, lang, messages);
  } else if (output && output.items) {
    renderItems(element, output.items, lang, messages);
  } else if (output && output.attrs) {
    for (const [attr, value] of Object.entries(output.attrs)) element.setAttribute(attr, value);
  } else if (output && output.download) {
    const blob = new Blob([output.download.text], { type: output.download.mime });
    if (element.href) URL.revokeObjectURL(element.href);
    element.href = URL.createObjectURL(blob);
    element.download = output.download.filename;
    element.hidden = false;
  } else {
    element.textContent = formatOutput(output, lang, messages);
  }
}

// A chosen file's text. file.text() assumes UTF-8; Excel's "Unicode text" is UTF-16 (with a
// BOM, or recognised by its NUL bytes) and its older "CSV" is Windows-1252, which UTF-8
// would turn into "�" (two names merged into one).
function decodeText(bytes) {
  const [a, b] = bytes;
  let encoding = "utf-8";
  if (a === 0xff && b === 0xfe) encoding = "utf-16le";
  else if (a === 0xfe && b === 0xff) encoding = "utf-16be";
  else if (bytes.length > 1 && b === 0 && a !== 0) encoding = "utf-16le";
  else if (bytes.length > 1 && a === 0 && b !== 0) encoding = "utf-16be";
  if (encoding !== "utf-8") return new TextDecoder(encoding).decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

// Files chosen in <input type=file data-fills="name"> are read into that field, locally.
document.querySelectorAll("input[type=file][data-fills]").forEach((input) => {
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    const target = input.form.querySelector(`[name="${input.dataset.fills}"]`);
    target.value = decodeText(new Uint8Array(await file.arrayBuffer()));
    target.dispatchEvent(new Event("input", { bubbles: true }));
  });
});

// Buttons with data-set="name=value" fill a field (the K presets, examples).
document.querySelectorAll("button[data-set]").forEach((button) => {
  button.addEventListener("click", () => {
    const [name, value] = button.dataset.set.split("=");
    const field = button.form.querySelector(`[name="${name}"]`);
    field.value = value;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
});

const fieldsKey = (section) => JSON.stringify(fieldsOf(section).fields);
const prerendered = new Map(sections.map((section) => [section, fieldsKey(section)]));
restoreInputs();
offerSharedInputs(messages, () => sections.forEach(recompute));
// A link pasted into the address bar of this very page changes only the fragment.
window.addEventListener("hashchange", () => offerSharedInputs(messages, () => sections.forEach(recompute)));
initShare(messages);

for (const section of sections) {
  const form = section.querySelector("form");
  form.addEventListener("input", () => { recompute(section); saveInputs(); });
  form.addEventListener("submit", (event) => event.preventDefault());
}
optionsForm?.addEventListener("input", () => {
  sections.filter((s) => "withOptions" in s.dataset).forEach(recompute);
  saveInputs();
});
optionsForm?.addEventListener("submit", (event) => event.preventDefault());
if (root.dataset.engine === "loading") setEngineState("loading", messages["engine-loading"]);

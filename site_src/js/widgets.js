// The form logic of every calculator, tool and live example. Nothing here computes a
// rating: elo_core does, in the engine worker. Protocol (elo_core/page/__init__.py): an
// element with data-mode holds form fields (plus those of form#elo-options when it has
// data-with-options); they go to compute(mode, fields, lang); the answer fills its
// [data-out] elements or marks the fields in error, each with its message.
import { compute, engineGeneration, engineState, onEngine } from "./engine.js";
import { formatOutput, formatPlain, messageWords, renderItems, renderRows } from "./outputs.js";

const lang = document.documentElement.lang;
// The page's number signs, [decimal, group], as the build wrote them (CLDR's, via Babel):
// elo_core reads the fields with them.
const { decimal = ".", group = "," } = document.documentElement.dataset;
const signs = [decimal, group];
const optionsForm = document.getElementById("elo-options");
let nextKey = 0;

// Work split into short tasks awaits this between its parts. scheduler.yield() resumes ahead
// of other queued work where the browser has it; elsewhere a new task.
export const nextTask = () => (globalThis.scheduler?.yield
  ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));

// The fields that belong to a widget: inside it (or tied to one of its forms), and the
// shared options if it takes them.
function controlsOf(element) {
  const forms = [...element.querySelectorAll("form")];
  if ("withOptions" in element.dataset && optionsForm) forms.push(optionsForm);
  // A live example's fields stand in its text, in no form.
  const controls = forms.length ? forms.flatMap((form) => [...form.elements])
    : [...element.querySelectorAll("input, select, textarea")];
  return controls.filter((el) => el.name && !["file", "button", "submit"].includes(el.type));
}

// What the page sends for a field, as a form would: the checked radio, a ticked box's value.
function valueOf(control, controls) {
  if (control.type === "radio") {
    return controls.find((el) => el.name === control.name && el.checked)?.value ?? "";
  }
  if (control.type === "checkbox") return control.checked ? control.value : "";
  return control.value;
}

// The value as the page was built: the build showed the answer for these.
function defaultOf(control, controls) {
  if (control.type === "radio") {
    return controls.find((el) => el.name === control.name && el.defaultChecked)?.value ?? "";
  }
  if (control.type === "checkbox") return control.defaultChecked ? control.value : "";
  if (control.tagName === "SELECT") {
    return [...control.options].find((option) => option.defaultSelected)?.value ?? control.options[0]?.value ?? "";
  }
  return control.defaultValue;
}

function read(element, pick) {
  const controls = controlsOf(element);
  const fields = {};
  for (const control of controls) fields[control.name] = pick(control, controls);
  return fields;
}

export const readFields = (element) => read(element, valueOf);

function errorText(error, messages) {
  // The most specific wording there is: field and reason, reason, field, the code alone
  // ("league_games:games-invalid/header", "games-invalid/header", …).
  const reason = error.reason ? `/${error.reason}` : "\u0000";
  const keys = [`${error.field}:${error.code}${reason}`, `${error.code}${reason}`,
    `${error.field}:${error.code}`, error.code, "input-invalid"];
  const key = keys.find((candidate) => messages[candidate]);
  const template = (key && messageWords(key, error.params?.count, messages)) || error.code;
  const text = fillParams(template, error.params || {});
  if (!error.line) return text;
  // A line of a file that belongs to a player (a tournament report) names the player too.
  const player = error.params?.player;
  return player
    ? fillParams(messages["on-player-line"] || "Line {line} ({player}): {message}",
      { line: error.line, player, message: text })
    : fillParams(messages["on-line"] || "Line {line}: {message}", { line: error.line, message: text });
}

// {name} placeholders: numbers in the page's format (1,600 / 1.600), texts as they are.
function fillParams(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatPlain(value, lang) : String(value);
  });
}

function fill(element, output, messages) {
  if (output && output.rows) {
    renderRows(element, output, lang, messages);
  } else if (output && output.items) {
    renderItems(element, output.items, lang, messages);
  } else if (output && typeof output.case === "string") {
    // One branch of an explanation (sitegen/live.py's live_when): shown when its case applies.
    element.hidden = element.dataset.case !== output.case;
  } else if (output && output.attrs) {
    for (const [attr, value] of Object.entries(output.attrs)) element.setAttribute(attr, value);
  } else if (output && output.download) {
    const blob = new Blob([output.download.text], { type: output.download.mime });
    if (element.href.startsWith("blob:")) URL.revokeObjectURL(element.href);
    element.href = URL.createObjectURL(blob);
    element.download = output.download.filename;
    element.hidden = false;
  } else {
    element.textContent = formatOutput(shownAs(element, output), lang, messages);
    // In a live example's text a sentence reads as text and a number stands out (sitegen/
    // live.py); a step of the other rules is written before it has a value.
    if (element.tagName === "OUTPUT" && element.closest("[data-live]")) {
      element.classList.toggle("live-text", typeof output?.value !== "number");
    }
  }
}

// A live example's text may show a number its own way (sitegen/live.py's live_out).
function shownAs(element, output) {
  const wanted = element.dataset;
  if (typeof output?.value !== "number" || !("digits" in wanted || "signed" in wanted || "absolute" in wanted)) {
    return output;
  }
  return {
    ...output,
    value: "absolute" in wanted ? Math.abs(output.value) : output.value,
    digits: "digits" in wanted ? Number(wanted.digits) : output.digits,
    // An absolute value is a size, not a direction: no sign unless asked for.
    signed: "signed" in wanted ? wanted.signed === "true" : !("absolute" in wanted) && output.signed,
  };
}

// One calculator (a section with data-mode) or live example: reads its fields as they
// change, asks the engine (one request at a time, always with the latest fields) and
// shows the answer. `onResults` is told after each answer was shown.
export function bindWidget(element, messages, { onInput, onResults } = {}) {
  const key = `w${++nextKey}`;
  const mode = element.dataset.mode;
  let fields = readFields(element);
  const shownFor = JSON.stringify(read(element, defaultOf));  // the build's answer is for these
  let sent = { generation: 0, fields: {} };
  let busy = false;
  let again = false;

  const scope = "withOptions" in element.dataset && optionsForm ? [element, optionsForm] : [element];

  function clearErrors() {
    for (const part of scope) {
      part.querySelectorAll("[data-error-for]").forEach((box) => { box.hidden = true; box.textContent = ""; });
      part.querySelectorAll("[aria-invalid]").forEach((field) => field.removeAttribute("aria-invalid"));
    }
  }

  // A field's error line, made when the field first has an error (most never have one): the
  // last line of the field's box, named by the field's aria-describedby (a radio group's: by
  // its fieldset's). A live example's are in its text already (sitegen/live.py).
  function errorBox(name) {
    const found = scope.map((part) => part.querySelector(`[data-error-for="${name}"]`)).find(Boolean);
    if (found || !name) return found;
    const control = scope.map((part) => part.querySelector(`[name="${name}"]`)).find(Boolean);
    const holder = control?.closest(".count, .field");
    if (!holder) return null;
    const box = document.createElement("p");
    box.className = "field-error";
    box.id = `${name}-error`;
    box.dataset.errorFor = name;
    holder.append(box);
    const described = control.type === "radio" ? holder : control;
    const ids = described.getAttribute("aria-describedby");
    described.setAttribute("aria-describedby", ids ? `${box.id} ${ids}` : box.id);
    return box;
  }

  function showErrors(errors) {
    for (const error of errors) {
      const box = errorBox(error.field) || element.querySelector("[data-error-for='*']");
      if (box) {
        box.textContent = errorText(error, messages);
        box.hidden = false;
      }
      for (const part of scope) {
        part.querySelectorAll(`[name="${error.field}"]`).forEach((f) => f.setAttribute("aria-invalid", "true"));
      }
    }
  }

  // The notes on results out of date or being computed, made when the calculator is first
  // either (a live example's are in its text): after each results block's error line.
  function addNotes() {
    if (element.querySelector(".stale-note")) return;
    for (const box of element.querySelectorAll("[data-error-for='*']")) {
      box.after(...["stale-note", "pending-note"].map((name) => {
        const note = document.createElement("p");
        note.className = name;
        note.textContent = messages[name] || "";
        return note;
      }));
    }
  }
  function mark(state) {
    addNotes();
    element.classList.add(state);
  }

  // The result groups of a calculator (each .calc-grid: fields and the results they feed), or
  // the whole calculator or example. An error makes stale the group its field is in, and each
  // group whose results the answer could not give: never the results of other valid inputs.
  const groups = () => {
    const grids = [...element.querySelectorAll(".calc-grid")];
    return grids.length ? grids : [element];
  };
  function markStale(errors, outputs) {
    addNotes();
    const all = groups();
    const stale = new Set();
    for (const error of errors) {
      const control = scope.map((part) => part.querySelector(`[name="${error.field}"]`)).find(Boolean);
      const group = control && all.find((candidate) => candidate.contains(control));
      if (!group) all.forEach((each) => stale.add(each));  // the options, or no field: all
      else stale.add(group);
    }
    for (const group of all) {
      const names = [...group.querySelectorAll("[data-out]")].map((out) => out.dataset.out);
      if (!outputs || names.some((name) => !(name in outputs))) stale.add(group);
    }
    for (const group of all) group.classList.toggle("is-stale", stale.has(group));
    element.classList.toggle("is-stale", all.every((group) => stale.has(group)));
    // Which fields the stale results wait for: a page may hide what another input gave.
    element.dataset.errorFields = [...new Set(errors.map((error) => error.field))].join(" ");
  }

  // Every output element by name, found in one pass over the widget (a query per output went
  // through a 100-row table some twenty times), filled with the answer's outputs.
  function fillAll(outputs) {
    const outs = new Map();
    for (const out of element.querySelectorAll("[data-out]")) {
      const name = out.dataset.out;
      if (!outs.has(name)) outs.set(name, []);
      outs.get(name).push(out);
    }
    for (const [name, output] of Object.entries(outputs)) {
      outs.get(name)?.forEach((out) => fill(out, output, messages));
    }
  }

  function show(result, micros) {
    element.classList.remove("is-pending");
    clearErrors();
    if (!result.ok) {
      showErrors(result.errors);
      element.dispatchEvent(new CustomEvent("errors", { detail: result.errors }));
      // What the valid fields still give is shown; the rest keeps its last good results,
      // marked as out of date.
      if (result.outputs) fillAll(result.outputs);
      markStale(result.errors, result.outputs);
      return;
    }
    element.classList.remove("is-stale");
    delete element.dataset.errorFields;
    groups().forEach((group) => group.classList.remove("is-stale"));
    fillAll(result.outputs);
    element.dataset.computeMicros = String(micros ?? "");
    element.dispatchEvent(new CustomEvent("results", { detail: result }));
    onResults?.(result);
  }

  async function recompute() {
    if (engineState() !== "ready") {
      mark("is-pending");
      return;
    }
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    const reset = sent.generation !== engineGeneration();
    const set = {};
    for (const [name, value] of Object.entries(fields)) {
      if (reset || sent.fields[name] !== value) set[name] = value;
    }
    sent = { generation: engineGeneration(), fields: { ...fields } };
    const needs = [...new Set(controlsOf(element)
      .flatMap((control) => [...(control.selectedOptions || [])])
      .map((option) => option.dataset.needs).filter(Boolean))];
    const answer = await compute({ key, mode, lang, signs, set, reset, needs });
    if (!answer) {
      // The worker was replaced before it answered: ask the new one when it is ready.
      busy = false;
      mark("is-pending");
      again = false;
      return;
    }
    // The worker answers with elo_core's JSON text (an error it caught, as an object). A
    // long one (a tournament file of hundreds of players: megabytes) is a JSON text a line,
    // its long tables' rows in parts (compute_json): a line is read a task and the whole shown
    // in the next, so no task holds the page for long; a short one is shown at once.
    const [head, ...parts] = typeof answer.result === "string" ? answer.result.split("\n") : [];
    let result = answer.result;
    try {
      if (head) result = JSON.parse(head);
      // Still busy while a long answer is read: an input meanwhile is sent after it.
      for (const part of parts) {
        await nextTask();
        const { output, rows } = JSON.parse(part);
        result.outputs[output].rows.push(...rows);
      }
      if (parts.length) await nextTask();
    } finally {
      busy = false;
    }
    show(result, answer.micros);
    if (again) {
      again = false;
      recompute();
    }
  }

  function changed(event) {
    const control = event.target;
    if (!control.name || control.type === "file") return;
    const controls = controlsOf(element);
    if (!controls.includes(control)) return;
    const value = valueOf(control, controls);
    if (fields[control.name] === value) return;  // "change" after "input": nothing new
    fields[control.name] = value;
    // Ask the engine first: the inputs are saved while it computes.
    recompute();
    onInput?.(control);
  }

  for (const part of scope) {
    part.addEventListener("input", changed);
    part.addEventListener("change", changed);
    part.querySelectorAll("form").forEach((form) => form.addEventListener("submit", (e) => e.preventDefault()));
  }
  if (scope.length === 1) element.addEventListener("submit", (e) => e.preventDefault());

  onEngine((event) => {
    // The build answered the example; only widgets with other inputs (restored, shared,
    // typed while the engine loaded) need the engine now — after a restart, all but one
    // that was stopped for running too long.
    if (element.classList.contains("is-pending") || (event === "ready" && JSON.stringify(fields) !== shownFor)) {
      recompute();
    }
  });

  // Bound after the engine became ready (it starts first): fields the build did not answer.
  if (engineState() === "ready" && JSON.stringify(fields) !== shownFor) recompute();

  return {
    element,
    // Fields changed by the page itself (restored, shared, a preset): read them again.
    refresh() {
      fields = readFields(element);
      recompute();
    },
    fields: () => fields,
  };
}

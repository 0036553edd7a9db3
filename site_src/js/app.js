// A calculator page: the engine starts at once; every section[data-mode] is a widget whose
// inputs are kept (state.js) and whose options line says what is chosen.
import { start } from "./engine.js";
import { bindWidget, nextTask } from "./widgets.js";
import {
  carryInputsAcrossLanguages, initShare, offerSharedInputs, restoreInputs, saveInputs,
} from "./state.js";

// Start-up runs in short tasks (nextTask): the page answers a tap or a key between them (on a
// slow phone binding every calculator at once held the main thread for over 50 ms).

const messages = JSON.parse(document.getElementById("ui-messages")?.textContent || "{}");

// The K advisor's "current year" is the visitor's, not the build's.
document.querySelectorAll("[data-current-year]").forEach((field) => {
  field.defaultValue = String(new Date().getFullYear());
});
// The DWZ calculator's "day of the last game" defaults to the visitor's today (local date).
document.querySelectorAll("[data-today]").forEach((field) => {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  field.defaultValue = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
});
// Another tab's edits arrive through the storage; the widgets read their fields again.
let refreshAll = () => {};
restoreInputs(messages, () => refreshAll());

// The options line shows what is chosen while the options are folded away.
const optionsForm = document.getElementById("elo-options");
const optionsSummary = document.querySelector("[data-options-summary]");
function summarise() {
  if (!optionsForm || !optionsSummary) return;
  const parts = [...optionsForm.querySelectorAll("select")].map((select, index) => {
    const chosen = select.selectedOptions[0]?.textContent.trim() || "";
    const label = index ? `${select.labels[0]?.dataset.short || select.labels[0]?.textContent.trim()}: ` : "";
    return label + chosen;
  });
  optionsSummary.textContent = parts.join(" · ");
}
summarise();
optionsForm?.addEventListener("change", summarise);

// The engine first: its worker starts up while the calculators are bound (a widget bound
// after it is ready computes when its fields differ from the answer shown).
start(messages);

// One calculator per task.
const widgets = [];
for (const section of document.querySelectorAll("section[data-mode]")) {
  await nextTask();
  widgets.push(bindWidget(section, messages, { onInput: saveInputs }));
}
// A worked example in the page's text (sitegen/live.py): live, but not kept or shared.
for (const example of document.querySelectorAll("main [data-live]")) {
  await nextTask();
  bindWidget(example, messages);
}
await nextTask();

refreshAll = () => { summarise(); widgets.forEach((widget) => widget.refresh()); };
offerSharedInputs(refreshAll);
// A link pasted into the address bar of this very page changes only the fragment.
addEventListener("hashchange", () => offerSharedInputs(refreshAll));
initShare();
// The key line is for phones (keyline.js): its module loads at the first focus on a screen
// of 320–430 px (with room to spare), never on a wider one.
const narrow = matchMedia("(max-width: 30rem)");
function loadKeyLine() {
  if (!narrow.matches) return;
  removeEventListener("focusin", loadKeyLine);
  import("./keyline.js").then(({ initKeyLine }) => initKeyLine(narrow));
}
addEventListener("focusin", loadKeyLine);
carryInputsAcrossLanguages();

// Files chosen into a field (the club league's, the tournament's): their module loads only
// on a page that has such a field.
const fileFields = document.querySelectorAll("input[type=file][data-fills]");
if (fileFields.length) import("./files.js").then(({ fillFromFiles }) => fillFromFiles(fileFields));

// Buttons with data-set="name=value" fill a field (the K presets, examples).
document.querySelectorAll("button[data-set]").forEach((button) => {
  button.addEventListener("click", () => {
    const [name, value] = button.dataset.set.split("=");
    const field = button.form.querySelector(`[name="${name}"]`);
    field.value = value;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
});

// Printing shows folded parts too: the options and tables behind a summary.
let folded = [];
addEventListener("beforeprint", () => {
  folded = [...document.querySelectorAll("main details:not([open])")];
  folded.forEach((details) => { details.open = true; });
});
addEventListener("afterprint", () => folded.forEach((details) => { details.open = false; }));

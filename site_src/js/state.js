// A page's inputs survive a reload (localStorage) and travel in a link's #fragment, which
// browsers never send to a server; switching language carries them to the same page in
// the other language. Opening a link never silently replaces saved inputs: only the
// language switch of this very tab carries inputs without asking (it proves itself with a
// token kept in this tab's sessionStorage; a `from=` typed into a link proves nothing).
// Tabs of the same page share one record, merged field by field: each field keeps the time
// of its last edit, the latest edit of each field wins, and a tab takes in the others' edits
// as they are saved (the `storage` event). Whatever is read back is checked: unknown fields
// and values no control offers are dropped, with a notice. Inputs too large to keep, or a
// save the browser refuses, are said, never hidden.
const storageKey = `elo-inputs:${location.pathname}`;
const carryKey = "elo-carry";
const lang = document.documentElement.lang;
// Above this, inputs are not kept on the device (a whole season's league as CSV can be
// megabytes, which would block the page while it is written and fill the storage) …
const MAX_SAVED_CHARS = 500_000;
// … nor put in a link: longer links are cut off by the apps people paste them into.
const MAX_LINK_CHARS = 30_000;
const SAVE_DELAY_MS = 400;

let messages = {};
const notice = document.getElementById("storage-notice");

function say(key, params = {}) {
  if (!notice) return;
  let text = messages[key] || key;
  for (const [name, value] of Object.entries(params)) text = text.replace(`{${name}}`, value);
  notice.textContent = text;
  notice.hidden = false;
}

function controls() {
  return [...document.querySelectorAll("main form [name], main [form][name]")]
    .filter((el) => !["file", "button", "submit"].includes(el.type));
}

export function collectInputs() {
  const values = {};
  for (const el of controls()) {
    if (el.type === "radio" || el.type === "checkbox") {
      if (el.checked) values[el.name] = el.value;
      else if (el.type === "checkbox") values[el.name] = "";
    } else {
      values[el.name] = el.value;
    }
  }
  return values;
}

// The values a page can take: known names, and for choices one of the values offered.
function checked(values) {
  const kept = {};
  const dropped = [];
  if (!values || typeof values !== "object" || Array.isArray(values)) return { kept, dropped: ["*"] };
  const byName = new Map();
  for (const el of controls()) byName.set(el.name, [...(byName.get(el.name) || []), el]);
  for (const [name, value] of Object.entries(values)) {
    const els = byName.get(name);
    if (!els || typeof value !== "string") { dropped.push(name); continue; }
    const el = els[0];
    const allowed = el.tagName === "SELECT" ? [...el.options].map((option) => option.value)
      : el.type === "radio" ? els.map((radio) => radio.value)
      : el.type === "checkbox" ? ["", el.value] : null;
    if (allowed && !allowed.includes(value)) { dropped.push(name); continue; }
    kept[name] = value;
  }
  return { kept, dropped };
}

function applyInputs(values) {
  for (const el of controls()) {
    if (!(el.name in values)) continue;
    if (el.type === "radio" || el.type === "checkbox") el.checked = el.value === values[el.name];
    else el.value = values[el.name];
  }
}

// The stored record: {fields: {name: value}, at: {name: ms since 1970 of its last edit}}.
// An older page kept the fields alone ({name: value}); they read as edited long ago.
function parseRecord(raw) {
  let parsed = null;
  try { parsed = JSON.parse(raw); } catch { /* not JSON: dropped by checked() */ }
  const isObject = (value) => value && typeof value === "object" && !Array.isArray(value);
  const versioned = isObject(parsed) && isObject(parsed.fields) && isObject(parsed.at);
  const { kept, dropped } = checked(versioned ? parsed.fields : parsed);
  const at = {};
  for (const name of Object.keys(kept)) {
    const time = versioned ? parsed.at[name] : 0;
    at[name] = Number.isFinite(time) ? time : 0;
  }
  return { record: { fields: kept, at }, dropped };
}

function storedRaw() {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;  // storage switched off: the page works, it just forgets
  }
}

function readSaved() {
  const raw = storedRaw();
  if (raw === null) return null;
  const { record, dropped } = parseRecord(raw);
  if (dropped.length) {
    say("saved-dropped");
    if (dropped.includes("*")) {
      try { localStorage.removeItem(storageKey); } catch { /* nothing to remove */ }
      return null;
    }
  }
  return record;
}

let saveTimer = null;
// This tab's inputs as last saved or taken in, with the time of each field's last edit.
let current = { fields: {}, at: {} };
let large = false;
let onOutsideChange = () => {};

// Fields another tab edited after this one last did: shown here, and kept in `current`.
function adopt(stored) {
  const newer = {};
  for (const [name, value] of Object.entries(stored.fields)) {
    if ((stored.at[name] ?? 0) > (current.at[name] ?? -1) && current.fields[name] !== value) {
      newer[name] = value;
    }
    if ((stored.at[name] ?? 0) >= (current.at[name] ?? -1)) {
      current.fields[name] = value;
      current.at[name] = stored.at[name];
    }
  }
  if (Object.keys(newer).length) {
    applyInputs(newer);
    onOutsideChange();
  }
}

function saveNow() {
  saveTimer = null;
  // Another tab may have saved since this one read: its later edits are kept, not overwritten.
  const raw = storedRaw();
  if (raw !== null) adopt(parseRecord(raw).record);
  const text = JSON.stringify(current);
  try {
    if (text.length > MAX_SAVED_CHARS) {
      // Too large to keep: no older inputs may come back in their place either.
      localStorage.removeItem(storageKey);
      say("saved-too-large");
      return;
    }
    localStorage.setItem(storageKey, text);
  } catch (error) {
    if (error?.name === "QuotaExceededError") say("saved-full");
  }
}

// Saves at once; with a big field, once typing pauses (it is written once, not at every
// keystroke). `control` is the field that changed (none: every field, as now shown).
export function saveInputs(control) {
  const now = Date.now();
  const edited = control?.name ? {} : collectInputs();
  if (control?.type === "checkbox") {
    edited[control.name] = control.checked ? control.value : "";
  } else if (control?.name && (control.type !== "radio" || control.checked)) {
    edited[control.name] = control.value;
  }
  for (const [name, value] of Object.entries(edited)) {
    current.fields[name] = value;
    current.at[name] = now;
  }
  large = large || (control?.value?.length ?? 0) > 20_000;
  clearTimeout(saveTimer);
  if (large) saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
  else saveNow();
}
addEventListener("pagehide", () => { if (saveTimer) { clearTimeout(saveTimer); saveNow(); } });

// Another tab of this page saved: take in the fields it edited last.
addEventListener("storage", (event) => {
  if (event.key !== storageKey || event.newValue === null) return;
  adopt(parseRecord(event.newValue).record);
});

// The token of a language switch made in this tab: good once.
function carriedHere(token) {
  let expected = null;
  try {
    expected = sessionStorage.getItem(carryKey);
    sessionStorage.removeItem(carryKey);
  } catch { /* no session storage: a carried link is treated as any link */ }
  return Boolean(token) && token === expected;
}

// `from` (the language the inputs came from) and `carry` (the switch's token) are no fields.
const LINK_ONLY = new Set(["from", "carry"]);
// The token is read once, for the fragment the page opened with; a fragment pasted later
// (hashchange) is any link.
let carry = null;

function sharedInputs() {
  if (location.hash.length < 2) return null;
  const params = new URLSearchParams(location.hash.slice(1));
  if (carry === null) carry = { hash: location.hash, ok: carriedHere(params.get("carry")) };
  const values = {};
  for (const [name, value] of params) if (!LINK_ONLY.has(name)) values[name] = value;
  const { kept, dropped } = checked(values);
  if (dropped.length) say("link-dropped");
  const carried = params.has("from") && carry.ok && carry.hash === location.hash;
  return Object.keys(kept).length ? { values: kept, carried } : null;
}

const same = (a, b) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

// `onChange` is called when fields were changed from outside: another tab's edits.
export function restoreInputs(pageMessages, onChange = () => {}) {
  messages = pageMessages;
  onOutsideChange = onChange;
  const saved = readSaved();
  if (saved) current = saved;
  if (saved && !sharedInputs()) applyInputs(saved.fields);
}

function forget(hash) {
  if (hash) history.replaceState(null, "", location.pathname + location.search);
}

export function offerSharedInputs(onApplied) {
  const shared = sharedInputs();
  if (!shared) { forget(location.hash); return; }
  const saved = readSaved()?.fields;
  // What the reader sees with the saved inputs: the record keeps only the fields edited, the
  // page holds the rest (its defaults on arrival, the same values after a new fragment).
  const mine = saved && { ...collectInputs(), ...saved };
  const useShared = () => {
    carry.ok = false;  // used once
    applyInputs(shared.values);
    saveInputs();
    forget(true);
    onApplied();
  };
  // The visitor's own inputs, carried from the other language, or nothing else saved.
  if (shared.carried || !saved || same(mine, { ...mine, ...shared.values })) {
    useShared();
    return;
  }
  // Saved inputs differ from the link's: ask, without blocking the page.
  const offer = document.getElementById("shared-offer");
  if (!offer) return;
  applyInputs(saved);
  offer.hidden = false;
  offer.querySelector("[data-action=use-shared]").addEventListener("click", () => {
    offer.hidden = true;
    useShared();
  }, { once: true });
  offer.querySelector("[data-action=keep-saved]").addEventListener("click", () => {
    offer.hidden = true;
    forget(true);
  }, { once: true });
}

function fragment(extra = {}) {
  return String(new URLSearchParams({ ...extra, ...collectInputs() }));
}

export function initShare() {
  const button = document.getElementById("share-link");
  const output = document.getElementById("share-status");
  if (!button) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const params = fragment();
    if (params.length > MAX_LINK_CHARS) {
      output.textContent = messages["link-too-long"];
      return;
    }
    const url = `${location.origin}${location.pathname}#${params}`;
    try {
      await navigator.clipboard.writeText(url);
      output.textContent = messages["link-copied"];
    } catch {
      output.textContent = `${messages["link-copy-manual"]} ${url}`;
    }
  });
}

// The language switch takes the inputs along (in the fragment, never sent to a server):
// carry.js, loaded at the first switch, writes the other page's address.
export function carryInputsAcrossLanguages() {
  document.querySelectorAll(".languages a[hreflang]").forEach((link) => {
    link.addEventListener("click", (event) => {
      if (link.hreflang === lang || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      const values = collectInputs();
      const numeric = controls().filter((el) => "numbers" in el.dataset).map((el) => el.name);
      import("./carry.js")
        .then(({ carriedTo }) => carriedTo(link, values, numeric, { lang, carryKey, maxChars: MAX_LINK_CHARS }))
        .catch(() => link.href)  // not loaded (offline, not stored yet): the page without them
        .then((href) => { location.href = href; });
    });
  });
}

// The inputs survive a reload (localStorage) and travel in a link's #fragment, which
// browsers never send to a server. Opening a link never silently replaces saved inputs.
const storageKey = `elo-inputs:${location.pathname}`;

function controls() {
  return [...document.querySelectorAll("main form [name]")]
    .filter((el) => el.type !== "file" && el.type !== "button" && el.type !== "submit");
}

export function collectInputs() {
  const values = {};
  for (const el of controls()) {
    if (el.type === "radio" || el.type === "checkbox") {
      if (el.checked) values[el.name] = el.value;
    } else {
      values[el.name] = el.value;
    }
  }
  return values;
}

function applyInputs(values) {
  for (const el of controls()) {
    if (!(el.name in values)) continue;
    if (el.type === "radio" || el.type === "checkbox") el.checked = el.value === values[el.name];
    else el.value = values[el.name];
  }
}

function readSaved() {
  try {
    return JSON.parse(localStorage.getItem(storageKey) || "null");
  } catch {
    return null;
  }
}

export function saveInputs() {
  try {
    localStorage.setItem(storageKey, JSON.stringify(collectInputs()));
  } catch {
    // Private mode or storage full: the page still works, it just forgets.
  }
}

function sharedInputs() {
  if (location.hash.length < 2) return null;
  const params = new URLSearchParams(location.hash.slice(1));
  const values = {};
  const known = new Set(controls().map((el) => el.name));
  for (const [name, value] of params) if (known.has(name)) values[name] = value;
  return Object.keys(values).length ? values : null;
}

const same = (a, b) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

export function restoreInputs() {
  const saved = readSaved();
  if (saved && !sharedInputs()) applyInputs(saved);
}

export function offerSharedInputs(messages, onApplied) {
  const shared = sharedInputs();
  if (!shared) return;
  const saved = readSaved();
  const useShared = () => {
    applyInputs(shared);
    saveInputs();
    history.replaceState(null, "", location.pathname + location.search);
    onApplied();
  };
  const current = { ...(saved || {}) };
  const merged = { ...current, ...shared };
  if (!saved || same(current, merged)) {
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
    history.replaceState(null, "", location.pathname + location.search);
  }, { once: true });
}

export function shareUrl() {
  const params = new URLSearchParams(collectInputs());
  return `${location.origin}${location.pathname}#${params}`;
}

export function initShare(messages) {
  const button = document.getElementById("share-link");
  const output = document.getElementById("share-status");
  if (!button) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const url = shareUrl();
    try {
      await navigator.clipboard.writeText(url);
      output.textContent = messages["link-copied"];
    } catch {
      output.textContent = `${messages["link-copy-manual"]} ${url}`;
    }
  });
}

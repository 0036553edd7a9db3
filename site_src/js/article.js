// An article's live examples ([data-live], see site_src/sitegen/live.py). The numbers the
// build wrote stand until the reader wants more: the engine starts when an example comes
// into view after the page has loaded, or when the reader focuses or touches one.
import { start } from "./engine.js";
import { bindWidget } from "./widgets.js";

const messages = JSON.parse(document.getElementById("ui-messages")?.textContent || "{}");
const examples = [...document.querySelectorAll("[data-live]")];
examples.forEach((example) => bindWidget(example, messages));

let observer = null;
function want() {
  if (document.documentElement.dataset.engine !== "idle") return;
  observer?.disconnect();
  start(messages);
}

for (const example of examples) {
  example.addEventListener("focusin", want);
  example.addEventListener("pointerdown", want);
}

function watch() {
  if (!("IntersectionObserver" in window)) return;
  observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) want();
  });
  examples.forEach((example) => observer.observe(example));
}
// After the load event: a reader who only reads downloads nothing more before it.
if (document.readyState === "complete") watch();
else addEventListener("load", watch, { once: true });

// The answer follows the question: on a phone, while the reader types in a calculator's field,
// a compact line with the key result of that field's group (a .calc-grid, or the section)
// stays at the bottom of the visual viewport, above the on-screen keyboard, as wide as the
// visual viewport and wrapping onto a second line rather than cutting its text. When the group
// has an error, the line says it instead (the field's own first), and the field and its
// message are kept in view above the line. It mirrors what the page shows (that stays what
// is read out: the line is aria-hidden).

// The key results, first match in the group wins: outputs by name (label from the row's
// heading, the text before the output, or `label`, a selector in the group), or the first
// row of a table (its row heading or `name` column and the columns at the cells' `order`
// positions, labelled by their column headings).
const SOURCES = [
  { outputs: ["change_a", "new_a"] },
  { outputs: ["tournament_change", "tournament_new"] },
  { outputs: ["match_change_a", "match_new_a"] },
  { outputs: ["expectancy_higher", "expectancy_lower"], labels: [".legend-higher text", ".legend-lower text"] },
  { outputs: ["k_value"] },
  { outputs: ["perf_fide"] },
  { outputs: ["init_rating"] },
  { outputs: ["g_new_rating", "g_change"] },
  { outputs: ["dwz_new", "dwz_change"] },
  { table: "table.standings", name: 1, columns: [2, 7] },
  // The tournament table's columns follow data-order (the mode's cell indexes): 8 is the
  // change, 9 the new rating.
  { table: "table.trf-table", cells: [8, 9] },
  // The norm planner: the points in all and from the games left of the title the reader aims
  // for (the row whose heading is the chosen title).
  // for (the row whose heading is the chosen title); their own words need no headings.
  { table: "table.np-points", columns: [2, 3], row: '[name="np_title"]', bare: true },
];
// Only fields one types into.
const TYPED = "input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=range]), textarea";

// The trailing run is matched from its start only (the lookbehind): tried from every one of
// its characters, a long run took quadratic time.
const clean = (text) => text.replace(/\s+/g, " ").trim().replace(/^[;,.·\s]+/, "")
  .replace(/(?<![:\s])[:\s]+$/, "");

function columnHeading(cell) {
  const table = cell.closest("table");
  const heading = table?.tHead?.rows[0]?.cells[cell.cellIndex];
  return heading ? clean(heading.textContent) : "";
}

function outputLabel(output, group, selector) {
  if (selector) return clean(group.querySelector(selector)?.textContent || "");
  const row = output.closest("tr");
  if (row) return clean(row.querySelector("th")?.textContent || "");
  // The text between the previous output (or the start of the paragraph) and this one.
  let text = "";
  for (let node = output.previousSibling; node && node.nodeName !== "OUTPUT"; node = node.previousSibling) {
    text = node.textContent + text;
  }
  return clean(text);
}

// [prefix, [[label, value], …]] for the group, or null when it has no key result.
function keyResult(group) {
  for (const source of SOURCES) {
    if (source.outputs) {
      const outputs = source.outputs.map((name) => group.querySelector(`[data-out="${name}"]`));
      if (outputs.some((output) => !output)) continue;
      const cell = outputs[0].closest("td");
      const prefix = cell ? columnHeading(cell) : "";
      return [prefix, outputs.map((output, i) => [outputLabel(output, group, source.labels?.[i]), output.textContent])];
    }
    const table = group.querySelector(source.table);
    if (!table) continue;
    const rows = [...(table.tBodies[0]?.rows || [])];
    const wanted = source.row && group.querySelector(source.row)?.value;
    const row = (wanted && rows.find((each) => clean(each.cells[0]?.textContent || "") === wanted)) || rows[0];
    if (!row) return null;
    const order = (table.dataset.order || "").split(" ").map(Number);
    const positions = source.cells ? source.cells.map((index) => order.indexOf(index)) : source.columns;
    const nameCell = source.name === undefined ? row.querySelector("th") : row.cells[source.name];
    const items = positions.filter((at) => at >= 0 && row.cells[at])
      .map((at) => [source.bare ? "" : columnHeading(row.cells[at]), row.cells[at].textContent]);
    return [clean(nameCell?.textContent || ""), items];
  }
  return null;
}

// `narrow`: the screens it is for (app.js loads this module at the first focus on one).
export function initKeyLine(narrow) {
  const line = document.createElement("div");
  line.className = "key-line";
  line.setAttribute("aria-hidden", "true");
  line.hidden = true;
  document.body.append(line);

  let field = null;  // the focused field
  let group = null;
  let section = null;
  const observer = new MutationObserver(() => { render(); place(); });

  // The message of an error box, if it is shown.
  const shownText = (box) => (box && !box.hidden && box.textContent.trim()) || "";
  // The focused field's own error box, then any other shown in its group (a list's line, a
  // total of several fields, the results' own).
  function errorBox() {
    const ids = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    const own = ids.map((id) => document.getElementById(id)).find((box) => box?.matches(".field-error") && shownText(box));
    return own || [...group.querySelectorAll(".field-error")].find(shownText) || null;
  }

  function render() {
    const box = group && errorBox();
    line.classList.toggle("is-error", Boolean(box));
    if (box) {
      const message = document.createElement("span");
      message.className = "key-error";
      message.textContent = shownText(box);
      line.replaceChildren(message);
      line.hidden = false;
      return;
    }
    const result = group && keyResult(group);
    if (!result) { line.hidden = true; return; }
    const [prefix, items] = result;
    const parts = [];
    if (prefix) {
      const strong = document.createElement("strong");
      strong.textContent = prefix;
      parts.push(strong);
    }
    for (const [label, value] of items) {
      const item = document.createElement("span");
      item.className = "key-item";
      const name = document.createElement("span");
      name.textContent = label ? `${label} ` : "";
      const number = document.createElement("b");
      number.textContent = value.trim();  // as shown: its spaces group digits
      // A number stays on one line; a sentence (the norm planner's) may wrap.
      if (!/\p{L}/u.test(number.textContent)) number.className = "key-number";
      item.append(name, number);
      parts.push(item);
    }
    line.replaceChildren(...parts);
    const stale = group.classList.contains("is-stale") || section.classList.contains("is-stale");
    line.classList.toggle("is-stale", stale);
    line.classList.toggle("is-pending", section.classList.contains("is-pending") && !stale);
    line.hidden = false;
  }

  // Above the on-screen keyboard: the part of the layout viewport the visual one leaves
  // below it (the keyboard, when it overlays the page) lifts the line.
  const viewport = window.visualViewport;
  function place() {
    if (line.hidden) return;
    const below = viewport ? Math.max(0, innerHeight - viewport.height - viewport.offsetTop) : 0;
    line.style.setProperty("--below", `${Math.round(below)}px`);
    // Exactly the visual viewport's width (a zoomed page's is less than the layout's).
    line.style.setProperty("--left", `${Math.round(viewport ? viewport.offsetLeft : 0)}px`);
    line.style.setProperty("--width", `${Math.floor(viewport ? viewport.width : document.documentElement.clientWidth)}px`);
    // The field itself, and its error message when it has one, stay in view above the line.
    if (!field) return;
    const box = field.getBoundingClientRect();
    const message = field.getAttribute("aria-invalid") === "true" ? errorBox() : null;
    const last = message && message.getBoundingClientRect().bottom > box.bottom ? message.getBoundingClientRect().bottom : box.bottom;
    const top = viewport ? viewport.offsetTop : 0;
    const bottom = (viewport ? viewport.offsetTop + viewport.height : innerHeight) - line.offsetHeight;
    const overlap = Math.min(last - bottom, box.top - top);
    if (overlap > 0) scrollBy(0, overlap + 8);
  }
  viewport?.addEventListener("resize", place);
  viewport?.addEventListener("scroll", place);

  function show(target) {
    field = target;
    section = target.closest("section[data-mode]");
    group = target.closest(".calc-grid") || section;
    observer.disconnect();
    observer.observe(section, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["class", "hidden"] });
    render();
    place();
  }
  function hide() {
    observer.disconnect();
    field = group = section = null;
    line.hidden = true;
  }

  function follow(target) {
    if (narrow.matches && target?.matches?.(TYPED) && target.closest("section[data-mode]")) show(target);
    else hide();
  }
  document.addEventListener("focusin", (event) => follow(event.target));
  document.addEventListener("focusout", (event) => {
    if (!event.relatedTarget?.matches?.(TYPED)) hide();
  });
  narrow.addEventListener("change", () => { if (!narrow.matches) hide(); });
  follow(document.activeElement);  // the focus that loaded this module
}

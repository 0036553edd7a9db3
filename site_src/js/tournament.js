// The tournament page (a FIDE tournament report file, mode "trf"): the player table sorts by
// any column, each player opens to show the rounds, and a file can be dropped onto the file
// field. Every number comes from elo_core (elo_core/page/trf.py); this only lays them out, with
// the same markup the build writes (site_src/templates/tournament.html).
import { cellOutput, formatOutput } from "./outputs.js";

const lang = document.documentElement.lang;
const messages = JSON.parse(document.getElementById("ui-messages")?.textContent || "{}");
const section = document.querySelector('section[data-mode="trf"]');
const table = section?.querySelector("table.trf-table");

// The mode's player cells in the order of the columns (data-order), and their kinds.
const order = table ? table.dataset.order.split(" ").map(Number) : [];
const headings = table ? [...table.tHead.rows[0].cells] : [];
// The columns a phone keeps in the row (name, K, change, new rating); the player's panel
// lists the others, with the file's points.
const keyColumns = new Set(table ? table.dataset.key.split(" ").map(Number) : []);
// The engine's last answer (null: the build's rows are on the page). Its tables are written
// short (elo_core.page.fields.rows_output): `cellOutput` reads a cell with its column.
let playerRows = null;  // trf_rows: each player's row
let playerColumns = [];
let rounds = null;  // each player's rounds (trf_games rows)
let gameColumns = [];
let norms = null;  // each player's title norms: { checks, notes } by title (FIDE B.01 1.4)
let checkColumns = [];
let reopen = new Set();  // the names of the players that were open before the last answer
let sorted = null;  // { column, direction } once a heading was pressed
// Every player in the order shown: { index, body }, the <tbody> made when first shown. A big
// open has hundreds of players; making and laying out every row at once blocks the page, so
// the first ones are shown and the rest when asked for (the CSV always has them all), and
// rows go in a few at a time, one batch a frame: a frame lays out only the rows it adds
// (about 7 ms for 25 players here), where 100 at once took 50 ms and more.
const FIRST_SHOWN = 100;
const BATCH = 25;
let attaching = 0;  // the latest attach(); an older one's remaining batches stop
let players = table ? [...table.tBodies].map((body) => ({ index: Number(body.dataset.player), body })) : [];
let showAll = false;
const more = section?.querySelector(".trf-more");
const showAllButton = document.getElementById("trf-show-all");

function bodyOf(player) {
  if (!player.body) {
    const row = playerRows[player.index];
    player.body = playerBody(row, player.index);
    // A player open before stays open (by name: a new file has other start numbers).
    if (reopen.has(columnText(row, 1))) setOpen(player.body, true);
  }
  return player.body;
}

function attach() {
  for (const body of [...table.tBodies]) body.remove();
  const shown = showAll ? players : players.slice(0, FIRST_SHOWN);
  const run = ++attaching;
  const addFrom = (start) => {
    if (run !== attaching) return;
    table.append(...shown.slice(start, start + BATCH).map(bodyOf));
    const rest = start + BATCH < shown.length;
    // Busy until the last batch is in (assistive technology waits; so do the tests).
    if (rest) table.setAttribute("aria-busy", "true");
    else table.removeAttribute("aria-busy");
    // After the next frame, which lays out this batch: one batch a frame.
    if (rest) requestAnimationFrame(() => setTimeout(() => addFrom(start + BATCH)));
  };
  addFrom(0);
  const hiddenCount = showAll ? 0 : players.length - FIRST_SHOWN;
  if (more) more.hidden = hiddenCount <= 0;
  if (showAllButton && hiddenCount > 0) {
    showAllButton.textContent = (messages["trf-show-all"] || "{count}")
      .replace("{count}", formatOutput({ value: players.length, digits: 0 }, lang, messages))
      .replace("{shown}", formatOutput({ value: FIRST_SHOWN, digits: 0 }, lang, messages));
  }
}

const show = (output) => formatOutput(output, lang, messages);

function cell(tag, text, className) {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

// One player: a <tbody> with the player's row; the rounds' row is added when it is opened.
function playerBody(row, index) {
  const body = document.createElement("tbody");
  body.dataset.player = String(index);
  const tr = body.insertRow();
  for (const column of order) {
    if (column === 1) {
      const th = cell("th", "");
      th.scope = "row";
      const button = cell("button", columnText(row, 1), "trf-open");
      button.type = "button";
      button.setAttribute("aria-expanded", "false");
      button.setAttribute("aria-controls", `trf-rounds-${index}`);
      th.append(button);
      tr.append(th);
    } else {
      const classes = [column === 4 ? "trf-note" : "", keyColumns.has(column) ? "" : "trf-extra"];
      tr.append(cell("td", columnText(row, column), classes.join(" ").trim()));
    }
  }
  return body;
}

// A cell's text; the note on K carries FIDE 7.2.1's note (below 1400: unrated next list).
function columnText(row, column) {
  const text = (j) => show(cellOutput(row[j], playerColumns[j]));
  return column === 4 && row[12] ? `${text(4)} ${text(12)}` : text(column);
}

// The player's other columns (those a phone leaves out of the row) and the file's points.
function details(row) {
  const list = document.createElement("dl");
  list.className = "trf-details";
  const add = (label, text) => {
    const item = document.createElement("div");
    item.append(cell("dt", label), cell("dd", text));
    list.append(item);
  };
  order.forEach((column, position) => {
    if (keyColumns.has(column)) return;
    const heading = headings[position];
    add(heading.querySelector("abbr")?.title || heading.textContent.trim(), columnText(row, column));
  });
  add(messages["trf-file-points"] || "", columnText(row, 13));
  return list;
}

function roundsRow(index, name) {
  const tr = document.createElement("tr");
  tr.className = "trf-rounds";
  tr.id = `trf-rounds-${index}`;
  const td = tr.insertCell();
  td.colSpan = order.length;
  if (playerRows) td.append(details(playerRows[index]));
  const wrap = document.createElement("div");
  wrap.className = "trf-games-wrap";
  const inner = document.createElement("table");
  inner.className = "result-table trf-games";
  const caption = (messages["trf-rounds-caption"] || "{name}").replace("{name}", () => name);
  inner.append(cell("caption", caption));
  inner.append(document.getElementById("trf-rounds-head").content.cloneNode(true));
  const body = inner.createTBody();
  for (const game of rounds[index] || []) {
    const text = (j) => show(cellOutput(game[j], gameColumns[j]));
    const row = body.insertRow();
    const round = cell("th", text(1));
    round.scope = "row";
    const opponent = game[2] ? `${text(3)} (${text(2)})` : "–";
    row.append(round, cell("td", opponent, "text"), cell("td", text(4)),
      cell("td", text(5), "text"), cell("td", text(6)), cell("td", text(7)),
      cell("td", text(8)), cell("td", text(9), "text"));
  }
  wrap.append(inner);
  td.append(wrap);
  for (const [title, { checks, notes }] of norms?.[index] || []) td.append(...normPanel(title, name, checks, notes));
  return tr;
}

// A player's norm for one title: every requirement with its paragraph, then the notes
// (the opponent raised to the rating floor, the round after which the norm holds).
function normPanel(title, name, checks, notes) {
  const table = document.createElement("table");
  table.className = "result-table trf-norm";
  const caption = (messages["trf-norm-caption"] || "{title} {name}")
    .replace("{title}", () => title).replace("{name}", () => name);
  table.append(cell("caption", caption));
  table.append(document.getElementById("trf-norm-head").content.cloneNode(true));
  const body = table.createTBody();
  for (const check of checks) {
    const text = (j) => show(cellOutput(check[j], checkColumns[j]));
    const row = body.insertRow();
    const label = cell("th", text(2), "text");
    label.scope = "row";
    row.append(label, cell("td", text(3)), cell("td", text(4), "text"),
      cell("td", text(5), "text"), cell("td", text(6), "text"));
  }
  return [table, ...notes.map((note) => cell("p", show(note[2]), "trf-norm-note"))];
}

// Per player index: a Map of title → { checks, notes }, in the engine's order (each row
// starts with the start number and the title, written short).
function groupNorms(outputs, byNumber) {
  const grouped = [];
  const entry = (row) => {
    const index = byNumber.get(row[0]);
    grouped[index] ||= new Map();
    const title = row[1];
    if (!grouped[index].has(title)) grouped[index].set(title, { checks: [], notes: [] });
    return grouped[index].get(title);
  };
  for (const row of outputs.trf_norm_checks?.rows || []) entry(row).checks.push(row);
  for (const row of outputs.trf_norm_notes?.rows || []) entry(row).notes.push(row);
  return grouped;
}

function setOpen(body, open) {
  const button = body.querySelector(".trf-open");
  let row = body.querySelector("tr.trf-rounds");
  if (open && !row) {
    row = roundsRow(Number(body.dataset.player), button.textContent);
    body.append(row);
  }
  button.setAttribute("aria-expanded", String(open));
  if (row) row.hidden = !open;
}

// Numbers as the page writes them (1,234.5, 1.234,5 or 1 234,5; +3, −25), with the signs
// the build wrote on <html> (CLDR's); "–" (none) sorts last.
const { decimal = ".", group = "," } = document.documentElement.dataset;
function key(text, kind) {
  if (kind === "text") return text.trim();
  const plain = text.trim().split(group).join("").replace(decimal, ".").replace("−", "-");
  return plain === "" || plain === "–" ? NaN : Number(plain);
}

function sortRows() {
  if (!sorted) return;
  const { column, direction } = sorted;
  const kind = headings[column].dataset.kind;
  const sign = direction === "ascending" ? 1 : -1;
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: "base" });
  // The text shown (the row's, or the text it will show when made), as the reader sees it.
  const bodies = players.map((player) => ({
    player,
    index: player.index,
    value: key(player.body ? player.body.rows[0].cells[column].textContent
      : columnText(playerRows[player.index], order[column]), kind),
  }));
  bodies.sort((a, b) => {
    if (kind === "number") {
      const aNone = Number.isNaN(a.value);
      const bNone = Number.isNaN(b.value);
      if (aNone !== bNone) return aNone ? 1 : -1;  // empty cells last either way
      if (!aNone && a.value !== b.value) return sign * (a.value - b.value);
    } else {
      const by = collator.compare(a.value, b.value);
      if (by) return sign * by;
    }
    return a.index - b.index;
  });
  players = bodies.map((entry) => entry.player);
}

function render(outputs) {
  const { rows, columns } = outputs.trf_rows;
  playerRows = rows;
  playerColumns = columns;
  gameColumns = outputs.trf_games.columns;
  checkColumns = outputs.trf_norm_checks?.columns || [];
  rounds = rows.map(() => []);
  const byNumber = new Map(rows.map((row, index) => [row[0], index]));
  for (const game of outputs.trf_games.rows) rounds[byNumber.get(game[0])]?.push(game);
  norms = groupNorms(outputs, byNumber);
  const normLines = outputs.trf_norms?.rows.length || 0;
  const normTable = section.querySelector(".trf-norms .table-wrap");
  if (normTable) normTable.hidden = normLines === 0;
  const noNorms = section.querySelector(".trf-no-norms");
  if (noNorms) noNorms.hidden = normLines > 0;
  reopen = new Set([...table.querySelectorAll('.trf-open[aria-expanded="true"]')]
    .map((button) => button.textContent));
  players = rows.map((row, index) => ({ index, body: null }));
  sortRows();
  attach();
}

if (table) {
  headings.forEach((th, column) => {
    th.querySelector("button.sort").addEventListener("click", () => {
      const direction = sorted?.column === column && sorted.direction === "ascending"
        ? "descending" : "ascending";
      sorted = { column, direction };
      headings.forEach((other) => other.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", direction);
      sortRows();
      attach();
    });
  });
  table.addEventListener("click", (event) => {
    const button = event.target.closest(".trf-open");
    if (!button) return;
    setOpen(button.closest("tbody"), button.getAttribute("aria-expanded") !== "true");
  });
  section.addEventListener("results", (event) => render(event.detail.outputs));
  showAllButton?.addEventListener("click", () => { showAll = true; attach(); });
}

// An error on a line of the file: the box scrolls to that line and its button selects it
// from the column named, so a file of hundreds of lines can be fixed where it is wrong.
const textBox = document.getElementById("trf_text");

function lineRange(text, line) {
  let start = 0;
  for (let number = 1; number < line; number += 1) {
    const next = text.indexOf("\n", start);
    if (next < 0) return null;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return [start, end < 0 ? text.length : end];
}

function scrollToLine(line, column) {
  const style = getComputedStyle(textBox);
  const height = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
  textBox.scrollTop = Math.max(0, (line - 1) * height - textBox.clientHeight / 3);
  // The box keeps its columns (monospace, no wrapping): an "0" is one column wide.
  const probe = document.createElement("span");
  probe.textContent = "0".repeat(10);
  probe.style.font = style.font;
  probe.style.position = "absolute";
  probe.style.visibility = "hidden";
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width / 10;
  probe.remove();
  textBox.scrollLeft = Math.max(0, (column - 1) * width - textBox.clientWidth / 2);
}

function selectLine(line, column) {
  const range = lineRange(textBox.value.replace(/\r\n?/g, "\n"), line);
  if (!range) return;
  const [start, end] = range;
  // Line ends of a pasted Windows file count as one character in the box, as here.
  const from = Math.min(end, start + Math.max(0, (column || 1) - 1));
  textBox.focus({ preventScroll: true });
  textBox.setSelectionRange(from, end, "backward");
  scrollToLine(line, column || 1);
}

section?.addEventListener("errors", (event) => {
  const error = event.detail.find((item) => item.field === "trf_text" && item.line);
  const box = section.querySelector('[data-error-for="trf_text"]');
  if (!error || !box || !textBox) return;
  const column = error.params?.column || 1;
  const button = cell("button", (messages["trf-show-line"] || "{line}").replace("{line}", String(error.line)),
    "trf-show-line");
  button.type = "button";
  button.addEventListener("click", () => selectLine(error.line, column));
  box.append(" ", button);
  // A file chosen or dropped (not being typed in): bring its bad line into view.
  if (document.activeElement !== textBox) scrollToLine(error.line, column);
});

// A file dropped onto the file field (or the text box) is read as if it had been chosen.
section?.querySelectorAll("[data-drop-for]").forEach((zone) => {
  const input = document.getElementById(zone.dataset.dropFor);
  const carriesFiles = (event) => [...(event.dataTransfer?.types || [])].includes("Files");
  for (const type of ["dragenter", "dragover"]) {
    zone.addEventListener(type, (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      zone.classList.add("is-dropping");
    });
  }
  zone.addEventListener("dragleave", (event) => {
    if (!zone.contains(event.relatedTarget)) zone.classList.remove("is-dropping");
  });
  zone.addEventListener("drop", (event) => {
    zone.classList.remove("is-dropping");
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    const chosen = new DataTransfer();
    chosen.items.add(file);
    input.files = chosen.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
});

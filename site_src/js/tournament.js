// The tournament page (a FIDE tournament report file, mode "trf"): the player table sorts by
// any column, each player opens to show the rounds, the norm list opens a player and prints
// certificates, and a file can be dropped onto the file field. Every number comes from
// elo_core (elo_core/page/trf.py, trf_norms.py); this only lays them out, with the same markup
// the build writes (site_src/templates/tournament.html).
import { cellOutput, formatOutput } from "./outputs.js";

const lang = document.documentElement.lang;
const messages = JSON.parse(document.getElementById("ui-messages")?.textContent || "{}");
const section = document.querySelector('section[data-mode="trf"]');
const table = section?.querySelector("table.trf-table");

// The mode's player cells in the order of the columns (data-order), and their kinds.
const order = table ? table.dataset.order.split(" ").map(Number) : [];
const headings = table ? [...table.tHead.rows[0].cells] : [];
// The columns a phone keeps in the row (name, K, change, new rating); the player's panel
// lists the others, with why K is what it is and the file's points.
const keyColumns = new Set(table ? table.dataset.key.split(" ").map(Number) : []);
// Cells of trf_rows beside the columns: why this K (4), FIDE 7.2.1's note (12), the file's
// points (13), the marker of an unusual K (14).
const WHY = 4;
const NEXT_LIST = 12;
const FILE_POINTS = 13;
const K_MARK = 14;
// The cards' labels on a phone (each cell of a round or a requirement carries its heading).
const labelsOf = (name) => document.getElementById("trf-labels")?.content
  .querySelector(`[data-for="${name}"]`)?.textContent.split("|") || [];
const roundLabels = labelsOf("rounds");
const normLabels = labelsOf("norm");
const whyLabel = labelsOf("why")[0] || "";
// The engine's last answer (null: the build's rows are on the page). Its tables are written
// short (elo_core.page.fields.rows_output): `cellOutput` reads a cell with its column.
let answer = null;
let playerRows = null;  // trf_rows: each player's row
let playerColumns = [];
let rounds = null;  // each player's rounds (trf_games rows)
let gameColumns = [];
let norms = null;  // each player's title norms: { checks, notes } by title (FIDE B.01 1.4)
let checkColumns = [];
let byNumber = new Map();  // start number → player index
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

// A cell of a card on a phone: its column's heading goes with it (site.css shows it there).
function labelled(tag, text, label, className) {
  const element = cell(tag, text, className);
  if (label) element.dataset.label = label;
  return element;
}

// One player: a <tbody> with the player's row; the rounds' row is added when it is opened.
function playerBody(row, index) {
  const body = document.createElement("tbody");
  body.dataset.player = String(index);
  body.id = `trf-player-${columnText(row, 0)}`;
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
    } else if (column === 3) {
      const td = cell("td", columnText(row, 3));
      if (row[K_MARK]) {
        const mark = cell("abbr", show(cellOutput(row[K_MARK], playerColumns[K_MARK])), "trf-k-mark");
        mark.title = whyText(row);
        td.append(mark);
      }
      tr.append(td);
    } else {
      tr.append(cell("td", columnText(row, column), keyColumns.has(column) ? "" : "trf-extra"));
    }
  }
  return body;
}

function columnText(row, column) {
  return show(cellOutput(row[column], playerColumns[column]));
}

// Why K is what it is (or the first rating), with FIDE 7.2.1's note (below 1400: unrated on
// the next list).
function whyText(row) {
  return row[NEXT_LIST] ? `${columnText(row, WHY)} ${columnText(row, NEXT_LIST)}` : columnText(row, WHY);
}

// The player's panel: why this K, the columns a phone leaves out of the row, the file's points.
function details(row) {
  const list = document.createElement("dl");
  list.className = "trf-details";
  const add = (label, text, className) => {
    const item = document.createElement("div");
    if (className) item.className = className;
    item.append(cell("dt", label), cell("dd", text));
    list.append(item);
  };
  add(whyLabel, whyText(row), "trf-why");
  order.forEach((column, position) => {
    if (keyColumns.has(column)) return;
    const heading = headings[position];
    add(heading.querySelector("abbr")?.title || heading.textContent.trim(), columnText(row, column), "trf-extra");
  });
  add(messages["trf-file-points"] || "", columnText(row, FILE_POINTS));
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
    const [opponentLabel, ratingLabel, colourLabel, resultLabel, expLabel, changeLabel, countsLabel] = roundLabels;
    row.append(round, labelled("td", opponent, opponentLabel, "text"),
      labelled("td", text(4), ratingLabel), labelled("td", text(5), colourLabel, "text"),
      labelled("td", text(6), resultLabel), labelled("td", text(7), expLabel),
      labelled("td", text(8), changeLabel), labelled("td", text(9), countsLabel, "text"));
  }
  wrap.append(inner);
  td.append(wrap);
  for (const [title, { checks, notes }] of norms?.[index] || []) td.append(...normPanel(title, name, checks, notes));
  return tr;
}

// A requirement's cells after its name, as text: the player's value, what is needed, met or
// not (or open), the paragraph.
function requirementCells(check) {
  const text = (j) => show(cellOutput(check[j], checkColumns[j]));
  return [text(2), text(3), text(4), text(5), text(6)];
}

function requirementsTable(checks, caption) {
  const table = document.createElement("table");
  table.className = "result-table trf-norm";
  if (caption) table.append(cell("caption", caption));
  table.append(document.getElementById("trf-norm-head").content.cloneNode(true));
  const body = table.createTBody();
  for (const check of checks) {
    const [label, value, needed, met, rule] = requirementCells(check);
    const row = body.insertRow();
    const heading = cell("th", label, "text");
    heading.scope = "row";
    row.append(heading, labelled("td", value, normLabels[0]),
      labelled("td", needed, normLabels[1], "text"), labelled("td", met, normLabels[2], "text"),
      labelled("td", rule, normLabels[3], "text"));
  }
  return table;
}

// A player's norm for one title: every requirement with its paragraph, then the notes
// (Ra + dp = Rp, the opponent raised to the rating floor, rounds counted or left out, the
// round after which the norm holds).
function normPanel(title, name, checks, notes) {
  const caption = (messages["trf-norm-caption"] || "{title} {name}")
    .replace("{title}", () => title).replace("{name}", () => name);
  return [requirementsTable(checks, caption),
    ...notes.map((note) => cell("p", show(note[2]), "trf-norm-note"))];
}

// Per player index: a Map of title → { checks, notes }, in the engine's order (each row
// starts with the start number and the title, written short).
function groupNorms(outputs) {
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
// the build wrote on <html> (CLDR's); "–" (none) sorts last; a marker after K is no number.
const { decimal = ".", group = "," } = document.documentElement.dataset;
function key(text, kind) {
  if (kind === "text") return text.trim();
  const plain = text.trim().replace(/\*$/, "").split(group).join("").replace(decimal, ".").replace("−", "-");
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

// The warnings: one line per kind with its count, its warnings behind a disclosure.
function renderWarnings(outputs) {
  const box = section.querySelector(".trf-warnings");
  if (!box) return;
  const kinds = outputs.trf_warning_kinds?.rows || [];
  const lines = outputs.trf_warning_lines?.rows || [];
  const open = new Set([...box.querySelectorAll("details[open]")].map((item) => item.dataset.kind));
  box.replaceChildren(...kinds.map(([kind, summary]) => {
    const item = document.createElement("details");
    item.className = "trf-warning-kind";
    item.dataset.kind = kind;
    item.open = open.has(kind);
    const list = document.createElement("ul");
    list.append(...lines.filter((line) => line[0] === kind).map((line) => cell("li", show(line[1]))));
    item.append(cell("summary", show(summary)), list);
    return item;
  }));
  box.hidden = kinds.length === 0;
}

// One line of the norm list: the player (a link that opens the player), the verdict, what is
// missing, and for a norm achieved a button that prints its certificate.
function normLine([number, name, title, state, verdict, missing]) {
  const item = document.createElement("li");
  item.className = `trf-norm-line is-${state}`;
  item.dataset.number = String(number);
  item.dataset.title = title;
  const link = cell("a", name, "trf-player-link");
  link.href = `#trf-player-${number}`;
  item.append(link, " ", cell("span", `(${messages["trf-number-short"] || "No."} ${number})`, "trf-norm-number"),
    ": ", cell("strong", show(verdict), "trf-norm-verdict"));
  if (missing) item.append(" ", cell("span", show(missing), "trf-norm-missing"));
  if (state === "achieved") {
    const button = cell("button", messages["trf-certificate-print"] || "", "trf-certificate-button");
    button.type = "button";
    item.append(" ", button);
  }
  return item;
}

// The norm list: the norms achieved, then those the file cannot decide; those missed within
// reach behind a disclosure with their count.
function renderNormList(outputs) {
  const norms = section.querySelector(".trf-norms");
  const [main, missedList] = norms ? [...norms.querySelectorAll(".trf-norm-list")] : [];
  if (!main || !missedList) return;
  const lines = outputs.trf_norms?.rows || [];
  const missed = lines.filter((line) => line[3] === "missed");
  main.replaceChildren(...lines.filter((line) => line[3] !== "missed").map(normLine));
  missedList.replaceChildren(...missed.map(normLine));
  main.hidden = lines.length === missed.length;
  const disclosure = norms.querySelector(".trf-norms-missed");
  disclosure.hidden = missed.length === 0;
  disclosure.querySelector(".trf-missed-count").textContent = show({ value: missed.length, digits: 0 });
  norms.querySelector(".trf-no-norms").hidden = lines.length > 0;
  norms.querySelector(".trf-certificates-all").hidden = !(outputs.trf_certificates?.rows.length);
}

function render(outputs) {
  answer = outputs;
  const { rows, columns } = outputs.trf_rows;
  playerRows = rows;
  playerColumns = columns;
  gameColumns = outputs.trf_games.columns;
  checkColumns = outputs.trf_norm_checks?.columns || [];
  rounds = rows.map(() => []);
  byNumber = new Map(rows.map((row, index) => [row[0], index]));
  for (const game of outputs.trf_games.rows) rounds[byNumber.get(game[0])]?.push(game);
  norms = groupNorms(outputs);
  renderWarnings(outputs);
  renderNormList(outputs);
  reopen = new Set([...table.querySelectorAll('.trf-open[aria-expanded="true"]')]
    .map((button) => button.textContent));
  players = rows.map((row, index) => ({ index, body: null }));
  sortRows();
  attach();
  if (revealAfterFile) {
    revealAfterFile = false;
    revealResults();
  }
}

// --- after a file: the results in view ------------------------------------------------------

// A file chosen, dropped or pasted: once its answer is shown, the summary comes into view
// (the form above it is a screen tall on a phone); the link beside the field goes there too.
let revealAfterFile = false;
const toResults = section?.querySelector(".trf-to-results");
const summary = document.getElementById("trf-summary");

function revealResults() {
  if (!summary) return;
  if (toResults) toResults.hidden = false;
  const box = summary.getBoundingClientRect();
  const height = window.visualViewport?.height || window.innerHeight;
  if (box.top < 0 || box.bottom > height) summary.scrollIntoView({ block: "start" });
  summary.focus({ preventScroll: true });
}

section?.querySelector("#trf_file")?.addEventListener("change", () => { revealAfterFile = true; });
section?.querySelector("#trf_text")?.addEventListener("paste", () => { revealAfterFile = true; });

// --- the options: open on a wide screen, and wherever one of their fields has an error --------

const options = section?.querySelector(".trf-options");
if (options && window.matchMedia("(min-width: 40rem)").matches) options.open = true;
section?.addEventListener("errors", (event) => {
  if (options && event.detail.some((error) => options.querySelector(`[name="${error.field}"]`))) {
    options.open = true;
  }
});

// --- a player named in the norm list ----------------------------------------------------------

// Opens the player's panel and scrolls to it, also a player beyond the first hundred shown.
function revealPlayer(number) {
  const index = byNumber.size ? byNumber.get(Number(number))
    : players.find((player) => player.body?.id === `trf-player-${number}`)?.index;
  const player = players.find((entry) => entry.index === index);
  if (!player) return;
  if (!showAll && players.indexOf(player) >= FIRST_SHOWN) {
    showAll = true;
    attach();
  }
  const body = bodyOf(player);
  const whenAttached = () => {
    if (!body.isConnected) {
      requestAnimationFrame(whenAttached);
      return;
    }
    setOpen(body, true);
    body.scrollIntoView({ block: "start" });
    body.querySelector(".trf-open")?.focus({ preventScroll: true });
  };
  whenAttached();
}

section?.querySelector(".trf-norms")?.addEventListener("click", (event) => {
  const link = event.target.closest(".trf-player-link");
  if (link) {
    event.preventDefault();
    revealPlayer(link.closest("li").dataset.number);
    return;
  }
  const button = event.target.closest(".trf-certificate-button");
  if (button) {
    const line = button.closest("li");
    printCertificates([[line.dataset.number, line.dataset.title]]);
  }
});

// --- norm certificates ------------------------------------------------------------------------

// The rows of an output that belong to one player's norm (start number, title first).
const rowsOf = (name, number, title) => (answer?.[name]?.rows || [])
  .filter((row) => String(row[0]) === String(number) && row[1] === title);

function fillCertificate(number, title) {
  const template = document.getElementById("trf-certificate");
  const [summaryRow] = rowsOf("trf_certificates", number, title);
  if (!template || !summaryRow) return null;
  const sheet = template.content.firstElementChild.cloneNode(true);
  const heading = sheet.querySelector("h1");
  heading.textContent = heading.textContent.replace("{title}", () => title);
  const columns = answer.trf_certificates.columns;
  const text = (j) => show(cellOutput(summaryRow[j], columns[j]));
  const index = byNumber.get(summaryRow[0]);
  const slots = {
    name: columnText(playerRows[index], 1), "fide-id": text(8), federation: text(9),
    birth: text(10), title: text(11), games: text(2), score: text(3), percent: `${text(4)} %`,
    ra: text(5), dp: text(6), rp: text(7),
  };
  for (const [slot, value] of Object.entries(slots)) {
    const target = sheet.querySelector(`[data-slot="${slot}"]`);
    if (target) target.textContent = value;
  }
  const event = sheet.querySelector(".certificate-event");
  for (const row of answer.trf_event?.rows || []) {
    const item = document.createElement("div");
    item.append(cell("dt", show(cellOutput(row[0], null))), cell("dd", show(cellOutput(row[1], null))));
    event.append(item);
  }
  const certificateColumns = answer.trf_certificate_games.columns;
  const games = sheet.querySelector(".certificate-games tbody");
  for (const game of rowsOf("trf_certificate_games", number, title)) {
    const value = (j) => show(cellOutput(game[j], certificateColumns[j]));
    const row = games.insertRow();
    row.append(cell("td", value(2)), cell("td", value(3), "text"), cell("td", value(4), "text"),
      cell("td", value(5), "text"), cell("td", value(6)), cell("td", value(7)));
  }
  sheet.querySelector(".certificate-requirements").replaceWith(
    requirementsTable(rowsOf("trf_norm_checks", number, title), ""));
  sheet.querySelector(".certificate-notes").append(
    ...rowsOf("trf_norm_notes", number, title).map((note) => cell("p", show(note[2]))));
  return sheet;
}

// The certificates in a container of their own, printed alone (site.css: html[data-print]).
function printCertificates(which) {
  let box = document.querySelector("body > .trf-certificates");
  if (!box) {
    box = document.createElement("div");
    box.className = "trf-certificates";
    document.body.append(box);
  }
  box.replaceChildren(...which.map(([number, title]) => fillCertificate(number, title)).filter(Boolean));
  document.documentElement.dataset.print = "certificates";
  window.addEventListener("afterprint", () => { delete document.documentElement.dataset.print; }, { once: true });
  window.print();
}

document.getElementById("trf-print-certificates")?.addEventListener("click", () => {
  printCertificates((answer?.trf_certificates?.rows || []).map((row) => [row[0], row[1]]));
});

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

// elo_core counts a line's columns in characters (code points); the box selects in UTF-16
// units, two for a character beyond the Basic Multilingual Plane (an emoji in a name).
function unitsTo(text, start, end, column) {
  let at = start;
  for (let n = 1; n < column && at < end; n += 1) at += text.codePointAt(at) > 0xffff ? 2 : 1;
  return Math.min(at, end);
}

function selectLine(line, column) {
  const text = textBox.value.replace(/\r\n?/g, "\n");
  const range = lineRange(text, line);
  if (!range) return;
  const [start, end] = range;
  // Line ends of a pasted Windows file count as one character in the box, as here.
  const from = unitsTo(text, start, end, column || 1);
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

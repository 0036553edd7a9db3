// Format elo_core's outputs for the page's language, exactly as the build does with Babel:
// a number with a fixed count of decimals (rounded half away from zero), an optional sign.
const formats = new Map();

export function formatNumber({ value, digits, signed, grouping }, lang) {
  const key = `${lang}/${digits}/${signed}/${grouping}`;
  if (!formats.has(key)) {
    formats.set(key, new Intl.NumberFormat(lang, {
      minimumFractionDigits: digits ?? 0,
      maximumFractionDigits: digits ?? 6,
      // A number inside a formula of typed numbers: "(1650 / 1000)⁴", no thousands sign.
      useGrouping: grouping !== false,
      // "negative": a value that rounds to zero is "0", never "-0", as the build writes it.
      signDisplay: signed ? "exceptZero" : "negative",
    }));
  }
  return formats.get(key).format(value);
}

// A number in a sentence: as many decimals as it has (up to 6), grouped as the language groups.
export function formatPlain(value, lang) {
  return formatNumber({ value, digits: null, signed: false }, lang);
}

// The words of message `key`: its singular ("key#one") where it has one and the count is
// exactly 1, as the build picks (number_format.message_template); undefined without either.
export function messageWords(key, count, messages) {
  const one = Number(count?.value ?? count) === 1 && messages[`${key}#one`];
  return one || messages[key];
}

export function formatOutput(output, lang, messages) {
  if (output === null || output === undefined) return "–";
  if (typeof output.value === "number") return formatNumber(output, lang);
  if (typeof output.message === "string") {
    let text = messageWords(output.message, output.params?.count, messages) || output.message;
    for (const [name, value] of Object.entries(output.params || {})) {
      const shown = typeof value === "object" ? formatOutput(value, lang, messages) : String(value);
      // Every {name}, as the build does; a function: "$&" in a name stays as typed.
      text = text.replaceAll(`{${name}}`, () => shown);
    }
    return text;
  }
  if (typeof output.text === "string") return output.text;
  return "–";
}

// What a table cell shows, by the output it was last filled from (a number or a plain
// text; a message's words may change with the language's catalog, so it is always redone).
const shownCells = new WeakMap();

function cellKey(cell) {
  if (typeof cell?.value === "number") return `n${cell.value}/${cell.digits}/${cell.signed}`;
  if (typeof cell?.text === "string" && cell.message === undefined) return `t${cell.text}`;
  return null;
}

// The key of a cell written short: a bare number is its own key (a number, never equal to a
// string key; its column's format is the table's and does not change), a bare string that
// of the text it stands for. No output is made for a cell that is shown already.
function shortKey(cell, column) {
  if (typeof cell === "number" && column) return cell;
  if (typeof cell === "string") return `t${cell}`;
  return cellKey(cell);
}

// A table cell written short (elo_core.page.fields.rows_output) as the output it stands
// for: a bare number in its column's format, a bare string as a text.
export function cellOutput(cell, column) {
  if (typeof cell === "number" && column) return { value: cell, ...column };
  if (typeof cell === "string") return { text: cell };
  return cell;
}

// Table rows. An output may hold fewer rows than there are (`total`): the page then says
// how many it shows, so a long table never freezes the page; the download has them all.
export function renderRows(tbody, { rows: written, total, columns }, lang, messages) {
  const header = tbody.dataset.rowHeader !== undefined;
  const existing = [...tbody.rows].filter((row) => !row.classList.contains("more-rows"));
  const more = total !== undefined && total > written.length;
  // Same shape as shown (a rating changed, not the games): update the text in place, and
  // only where the cell's output changed (an opponent's rating, a result stay as they are).
  if (existing.length === written.length && existing.length === tbody.rows.length - (more ? 1 : 0)
      && written.every((row, i) => existing[i].cells.length === row.length)) {
    written.forEach((row, i) => row.forEach((cell, j) => {
      const td = existing[i].cells[j];
      const key = columns ? shortKey(cell, columns[j]) : cellKey(cell);
      if (key !== null && shownCells.get(td) === key) return;
      const text = formatOutput(columns ? cellOutput(cell, columns[j]) : cell, lang, messages);
      if (td.textContent !== text) td.textContent = text;
      if (key !== null) shownCells.set(td, key);
    }));
    if (more) tbody.lastElementChild.cells[0].textContent = moreText(written.length, total, lang, messages);
    return;
  }
  const rows = columns ? written.map((row) => row.map((cell, j) => cellOutput(cell, columns[j]))) : written;
  // A table that stacks on a phone shows each cell after its column's heading, as the build
  // labels its rows (sitegen/live.py).
  const table = tbody.closest("table");
  const labels = table?.classList.contains("stack")
    ? [...(table.tHead?.rows[0]?.cells || [])].map((cell) => cell.textContent.trim()) : null;
  const fragment = document.createDocumentFragment();
  for (const row of rows) {
    const tr = document.createElement("tr");
    row.forEach((cell, index) => {
      const td = document.createElement(index === 0 && header ? "th" : "td");
      if (td.tagName === "TH") td.scope = "row";
      if (labels?.[index] && td.tagName === "TD") td.dataset.label = labels[index];
      if (typeof cell?.value === "number") td.className = "num";  // right-aligned, as the build does
      td.textContent = formatOutput(cell, lang, messages);
      tr.append(td);
    });
    fragment.append(tr);
  }
  if (more) {
    const tr = document.createElement("tr");
    tr.className = "more-rows";
    const td = document.createElement("td");
    td.colSpan = rows[0]?.length || 1;
    td.textContent = moreText(rows.length, total, lang, messages);
    tr.append(td);
    fragment.append(tr);
  }
  tbody.replaceChildren(fragment);
}

function moreText(shown, total, lang, messages) {
  return (messages["rows-shown"] || "{shown} of {total}")
    .replace("{shown}", formatPlain(shown, lang)).replace("{total}", formatPlain(total, lang));
}

// A list of messages (the league's import notes): one <li> each; hidden when there are none.
export function renderItems(list, items, lang, messages) {
  const fragment = document.createDocumentFragment();
  for (const item of items) {
    const li = document.createElement("li");
    li.textContent = formatOutput(item, lang, messages);
    fragment.append(li);
  }
  list.replaceChildren(fragment);
  list.hidden = items.length === 0;
}

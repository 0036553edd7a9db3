// The inputs carried to the same page in another language (state.js, at a click on the
// language switch): the address of that page with them in its fragment.

// Numbers as the other language writes them: 1.604,8 ↔ 1,604.8 ↔ 1 604,8, 0,5 ↔ 0.5. Only in
// fields that hold numbers (data-numbers); names, CSV and PGN stay as they are. Each
// language's [decimal, group] signs are the build's (CLDR's): this page's on <html>, the
// other's on its link in the language switch (data-decimal, data-group).
const signsOf = (element) => [element.dataset.decimal || ".", element.dataset.group || ","];
const escape = (sign) => `\\${sign}`;

export function convertNumbers(text, [fromDecimal, fromGroup], [toDecimal, toGroup]) {
  if (fromDecimal === toDecimal && fromGroup === toGroup) return text;
  const g = escape(fromGroup);
  const d = escape(fromDecimal);
  const number = new RegExp(`(?<![\\d.,])(?:\\d{1,3}(?:${g}\\d{3})+(?:${d}\\d+)?|\\d+${d}\\d+)(?![\\d.,])`, "g");
  return text.replace(number, (written) => written.split(fromGroup)
    .map((part) => part.replace(fromDecimal, toDecimal)).join(toGroup));
}

// `values`: the fields by name; `numeric`: the names of those that hold numbers. Inputs too
// big for an address stay saved here, and the other page opens without them.
export function carriedTo(link, values, numeric, { lang, carryKey, maxChars }) {
  const [from, to] = [signsOf(document.documentElement), signsOf(link)];
  for (const name of numeric) if (name in values) values[name] = convertNumbers(values[name], from, to);
  // The token tells the page opened that the inputs are this reader's own, carried by
  // this tab's switch: a link someone sends, even with from=, is offered, never applied.
  const token = [...crypto.getRandomValues(new Uint32Array(4))].map((n) => n.toString(36)).join("");
  const params = String(new URLSearchParams({ from: lang, carry: token, ...values }));
  if (params.length > maxChars) return link.href;
  try {
    sessionStorage.setItem(carryKey, token);
  } catch { /* without it, the other page offers the inputs instead of taking them */ }
  return `${link.href.split("#")[0]}#${params}`;
}

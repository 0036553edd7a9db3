// Reading a chosen file into its field (app.js loads this module where a page has one).
// A chosen file's text. file.text() assumes UTF-8; Excel's "Unicode text" is UTF-16 (with a
// BOM, or recognised by its NUL bytes) and its older "CSV" is Windows-1252, which UTF-8
// would turn into "�" (two names merged into one).
function decodeText(bytes) {
  const [a, b] = bytes;
  let encoding = "utf-8";
  if (a === 0xff && b === 0xfe) encoding = "utf-16le";
  else if (a === 0xfe && b === 0xff) encoding = "utf-16be";
  else if (bytes.length > 1 && b === 0 && a !== 0) encoding = "utf-16le";
  else if (bytes.length > 1 && a === 0 && b !== 0) encoding = "utf-16be";
  if (encoding !== "utf-8") return new TextDecoder(encoding).decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

// Files chosen in <input type=file data-fills="name"> are read into that field, locally.
// Once the field is typed or pasted into, the chooser forgets the file: its name would
// otherwise stand beside text that is no longer the file's.
export function fillFromFiles(inputs) {
  inputs.forEach((input) => {
    const target = input.form.querySelector(`[name="${input.dataset.fills}"]`);
    let filling = false;
    input.addEventListener("change", async () => {
      const file = input.files?.[0];
      if (!file) return;
      target.value = decodeText(new Uint8Array(await file.arrayBuffer()));
      filling = true;
      target.dispatchEvent(new Event("input", { bubbles: true }));
      filling = false;
    });
    target.addEventListener("input", () => {
      if (!filling) input.value = "";
    });
  });
}

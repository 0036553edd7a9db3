// Which of Python's standard library the site's engine imports: run in Node's Pyodide the
// way the page's worker runs (its lock, Pyodide's loader), then every
// mode of elo_core.page on its example and on hostile fields, in every language.
// Usage: node site_src/stdlib/record.mjs DIST > site_src/stdlib/modules.txt
// (build.py stdlib does this). The build ships these files as the standard library; the
// worker fetches the rest on the first import that needs it (engine-worker.js).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const dist = process.argv[2];
const lockName = readdirSync(join(dist, "wheels")).find((name) => name.startsWith("pyodide-lock."));
const lock = JSON.parse(readFileSync(join(dist, "wheels", lockName), "utf8"));
for (const entry of Object.values(lock.packages)) {
  // The lock names files as the site serves them; here they are read from dist/.
  entry.file_name = join(dist, new URL(entry.file_name, "http://site/").pathname);
}
const pyodide = await loadPyodide({ lockFileContents: lock, packages: [] });
await pyodide.loadPackage(["elo-core"], { messageCallback: () => {} });
const modules = pyodide.runPython(`
import json, sys
from elo_core.page import DEFAULTS, compute

HOSTILE = ["", " ", "x", "1e308", "-1e-320", "nan", "inf", "1,600", "1.600", "1.750,5", "½", "3½",
           "1810 | 1\\n1720 | x", "a,b,result\\nA,B,0,5", '[Event "x"]\\n[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n\\n1. e4 1-0',
           "012 Test\\n001    1 m    Test, A                           1800 GER     1234567 1990/01/01  1.0    1     2 w 1  "]
for mode, form in DEFAULTS.items():
    for lang in ("en", "de", "da"):
        compute(mode, form, lang)
        for name in form:
            for text in HOSTILE:
                compute(mode, {**form, name: text}, lang)
        compute(mode, {}, lang)
json.dumps(sorted(
    module.__spec__.origin for module in list(sys.modules.values())
    if getattr(module, "__spec__", None) and (module.__spec__.origin or "").startswith(sys.prefix)
))
`);
process.stdout.write(JSON.parse(modules).join("\n") + "\n");

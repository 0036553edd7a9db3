// The TRF benchmark (bench/trf.py): read and rate a 500-player, 11-round file, inside Pyodide.
// Usage: node bench/trf_pyodide.mjs [--json]
// Copies elo_core's .py files and bench/trf.py into Pyodide's file system
// and runs the same measurement: median of 5 runs, 500 players, 11 rounds (target: under 1 s).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const home = "/home/pyodide";

const pyodide = await loadPyodide();
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });

function copy(fromDir, toDir, names) {
  pyodide.FS.mkdirTree(toDir);
  for (const name of names) {
    pyodide.FS.writeFile(`${toDir}/${name}`, new Uint8Array(readFileSync(join(fromDir, name))));
  }
}
const coreDir = join(root, "elo_core");
copy(coreDir, `${home}/elo_core`, readdirSync(coreDir).filter((n) => n.endsWith(".py")));
copy(join(root, "bench"), `${home}/bench`, ["trf.py"]);

const seconds = pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(home)})
from bench.trf import run
run()
`);
const version = pyodide.runPython("import sys; sys.version.split()[0]");
if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ benchmark: "trf", runtime: "pyodide", python: version, seconds }));
}

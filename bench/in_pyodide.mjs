// The engine benchmarks inside Pyodide under Node.
// Usage: node bench/in_pyodide.mjs [--json] [--bench=league|pgn_import|trf|recompute_engine]
// Copies the elo_core package (with its subpackages) and bench/<bench>.py into Pyodide's file
// system and runs the same measurement as in CPython: the median of 5 runs.
//   league: 100 000 games among 200 players; pgn_import: a 3.9 MB PGN export of 1,700 games;
//   trf: a 500-player, 11-round tournament report file read and rated;
//   recompute_engine: one compute_json of the home page with 100 games (as the worker runs it).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const BENCHES = ["league", "pgn_import", "trf", "recompute_engine"];
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const home = "/home/pyodide";
const bench = (process.argv.find((arg) => arg.startsWith("--bench=")) || "--bench=league").slice(8);
if (!BENCHES.includes(bench)) throw new Error(`unknown benchmark ${bench}; one of ${BENCHES}`);

const pyodide = await loadPyodide();
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });

// A package's .py files and its subpackages', so an import of elo_core.page works too.
function copyPackage(fromDir, toDir) {
  pyodide.FS.mkdirTree(toDir);
  for (const name of readdirSync(fromDir)) {
    const path = join(fromDir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyPackage(path, `${toDir}/${name}`);
    } else if (name.endsWith(".py") || name.endsWith(".csv")) {
      pyodide.FS.writeFile(`${toDir}/${name}`, new Uint8Array(readFileSync(path)));
    }
  }
}
copyPackage(join(root, "elo_core"), `${home}/elo_core`);
pyodide.FS.mkdirTree(`${home}/bench`);
for (const name of ["_common.py", `${bench}.py`]) {
  pyodide.FS.writeFile(`${home}/bench/${name}`, new Uint8Array(readFileSync(join(root, "bench", name))));
}

const seconds = pyodide.runPython(`
import sys
sys.path[:0] = [${JSON.stringify(home)}, ${JSON.stringify(`${home}/bench`)}]
from ${bench} import run
run()
`);
const version = pyodide.runPython("import sys; sys.version.split()[0]");
if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ benchmark: bench, runtime: "pyodide", python: version, seconds }));
}

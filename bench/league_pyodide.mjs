// The club-league benchmarks inside Pyodide under Node.
// Usage: node bench/league_pyodide.mjs [--json] [--bench=league|pgn_import]
// Copies elo_core's .py files and bench/<bench>.py (league: 100 000 games, 200 players;
// pgn_import: a 3.9 MB PGN export of 1,700 games) into Pyodide's file system and runs
// the same measurement as in CPython: the median of 5 runs.
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
const bench = (process.argv.find((arg) => arg.startsWith("--bench=")) || "--bench=league").slice(8);
if (!["league", "pgn_import"].includes(bench)) throw new Error(`unknown benchmark ${bench}`);
copy(join(root, "bench"), `${home}/bench`, [`${bench}.py`]);

const seconds = pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(home)})
from bench.${bench} import run
run()
`);
const version = pyodide.runPython("import sys; sys.version.split()[0]");
if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ benchmark: bench, runtime: "pyodide", python: version, seconds }));
}

// Bytecode for the page's Python, made by that Python: every .py of the zip IN (the site's
// standard library, or elo_core's wheel) compiled by Pyodide's own interpreter (no host
// Python here is its version) into a .pyc of the same name, written to OUT. Pyodide ships
// source; the page would compile it on every fresh start, which was most of its start-up.
// Usage: node site_src/sitegen/bytecode.mjs IN OUT stdlib|wheel (run and cached by
// sitegen/bytecode.py).
//
// All of it Python's own, documented behaviour:
// - stdlib: optimize=2 drops docstrings and asserts, as `python -OO` does (the standard
//   library is written to run so; the archive is a fifth smaller). The wheel keeps
//   optimize=0: elo_core runs exactly as its tests run it in CPython.
// - PYTHONNODEBUGRANGES leaves out the column ranges a traceback underlines; line numbers
//   stay.
// - UNCHECKED_HASH pycs hold no timestamp: the same input gives the same bytes, so a
//   file's name (its hash) changes only with what it holds.
// - Entries keep their order, dates and names, with "c" appended; a code object's file name
//   is where the page finds it (a traceback names that). A wheel's RECORD is written again
//   by the build (sitegen/assets.py record_rewritten), as for its other changes to the wheel.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [input, output, kind] = process.argv.slice(2);
if (!input || !output || !["stdlib", "wheel"].includes(kind)) {
  throw new Error("usage: node bytecode.mjs IN OUT stdlib|wheel");
}
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/source.zip", new Uint8Array(readFileSync(input)));
pyodide.globals.set("kind", kind);
const compile = () => pyodide.runPython(`
import os, py_compile, site, sys, zipfile

if kind == "stdlib":
    prefix, optimize = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/", 2
else:
    prefix, optimize = site.getsitepackages()[0] + "/", 0
os.makedirs("/tmp/work", exist_ok=True)

def compiled(name, data):
    with open("/tmp/work/module.py", "wb") as handle:
        handle.write(data)
    py_compile.compile("/tmp/work/module.py", cfile="/tmp/work/module.pyc", dfile=prefix + name,
                       doraise=True, optimize=optimize,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open("/tmp/work/module.pyc", "rb") as handle:
        return handle.read()

with zipfile.ZipFile("/tmp/source.zip") as source:
    entries = []
    for info in source.infolist():
        data = source.read(info)
        if not info.is_dir() and info.filename.endswith(".py"):
            renamed = zipfile.ZipInfo(info.filename + "c", info.date_time)
            renamed.external_attr = info.external_attr
            info, data = renamed, compiled(info.filename, data)
        entries.append((info, data))

with zipfile.ZipFile("/tmp/compiled.zip", "w") as target:
    for info, data in entries:
        if info.is_dir():
            target.writestr(info, data)
        else:
            info.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(info, data, compresslevel=9)
`);
try {
  compile();
} catch (error) {
  // Python's own message (for a syntax error: the file, line and column), not Node's
  // stack through the runtime's minified code.
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
writeFileSync(output, pyodide.FS.readFile("/tmp/compiled.zip"));

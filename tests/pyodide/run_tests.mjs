// Run a test folder with pytest inside real Pyodide (Node), against an installed wheel.
// Usage: node run_tests.mjs --wheel elo_core.whl --deps DIR --tests DIR [--extra-wheel W]...
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadPyodide } from "pyodide";

const { values } = parseArgs({
  options: {
    wheel: { type: "string", multiple: true },
    deps: { type: "string" },
    tests: { type: "string" },
    "pytest-arg": { type: "string", multiple: true, default: [] },
    // The site's small standard library, with its finder for the rest installed as the
    // page's worker installs it: everything pytest needs beyond it comes through that.
    stdlib: { type: "string" },
  },
});

function* files(folder) {
  for (const name of readdirSync(folder)) {
    if (name === "__pycache__") continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const pyodide = await loadPyodide(values.stdlib ? { stdLibURL: resolve(values.stdlib) } : {});
if (values.stdlib) {
  // The runtime's whole archive, served as the page's synchronous request would serve it.
  const whole = readFileSync(new URL("python_stdlib.zip", import.meta.resolve("pyodide")).pathname);
  globalThis.XMLHttpRequest = class {
    open(method, url, async) { this.url = url; this.async = async; }
    send() {
      if (this.async !== false || this.responseType !== "arraybuffer") throw new Error("not as the page asks");
      this.status = 200;
      this.response = whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength);
      process.stdout.write("[the rest of the standard library was fetched]\n");
    }
  };
  const sha256 = createHash("sha256").update(whole).digest("hex");
  pyodide.runPython(`import _elo_stdlib_rest
_elo_stdlib_rest.install("python_stdlib.zip", ${JSON.stringify(sha256)})`);
}
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const wheels = [
  ...readdirSync(values.deps).filter((n) => n.endsWith(".whl")).map((n) => join(values.deps, n)),
  ...values.wheel,
];
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}

const testsRoot = resolve(values.tests);
const target = "/home/pyodide/tests/" + testsRoot.split("/").pop();
for (const path of files(testsRoot)) {
  const destination = join(target, relative(testsRoot, path));
  pyodide.FS.mkdirTree(destination.slice(0, destination.lastIndexOf("/")));
  pyodide.FS.writeFile(destination, new Uint8Array(readFileSync(path)));
}

// Pass output through unbuffered, so pytest's progress dots stay on one line.
pyodide.setStdout({ write: (buffer) => (process.stdout.write(buffer), buffer.length) });
pyodide.setStderr({ write: (buffer) => (process.stderr.write(buffer), buffer.length) });
pyodide.globals.set("pytest_args", pyodide.toPy([target, "-p", "no:cacheprovider", ...values["pytest-arg"]]));
const code = pyodide.runPython(`
import os, sys, pytest
import elo_core
print("Pyodide", sys.version.split()[0], "on", sys.platform, "- elo_core from", os.path.dirname(elo_core.__file__))
os.chdir("/home/pyodide")
int(pytest.main(list(pytest_args)))
`);
process.exit(code);

"""Static files: fingerprinted CSS/JS, the vendored Pyodide runtime, the elo_core wheel."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import tempfile
import tokenize
import zipfile
from dataclasses import dataclass
from pathlib import Path

from sitegen.config import SiteConfig
from sitegen.errors import BuildError

__all__ = [
    "PYODIDE_FILES",
    "Modules",
    "build_wheel",
    "collapse_indentation",
    "copy_pyodide",
    "digest",
    "drop_comments",
    "empty_docstrings",
    "fingerprint",
    "fingerprint_modules",
    "minify",
    "pyodide_version",
    "record_rewritten",
    "sha256_of",
    "slim_wheel",
    "stylesheet_for",
    "stylesheet_parts",
    "tree_digest",
]

# The runtime loadPyodide() needs; nothing else from the npm package is shipped.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

LOCK_FILE = "pyodide-lock.json"

# Fixed zip timestamps make the wheel, and so its URL, depend on content alone.
REPRODUCIBLE_EPOCH = "315532800"  # 1980-01-01, the earliest a zip can hold


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:10]


def sha256_of(paths: dict[str, Path]) -> dict[str, str]:
    """The full sha256 (hex) of each file, by its site URL: what the page's engine and the
    service worker check each runtime file against before using or caching it."""
    return {url: hashlib.sha256(path.read_bytes()).hexdigest() for url, path in sorted(paths.items())}


# esbuild (npm, pinned in package.json) minifies what the browser downloads; the sources
# keep their comments. Results are kept by content, so a rebuild reruns it only on change.
_minified: dict[tuple[str, str], str] = {}
_ESBUILD_MODE = {"esm": ("--loader=js", "--format=esm"), "script": ("--loader=js",),
                 "css": ("--loader=css",)}


def minify(text: str, loader: str, root: Path) -> str:
    """``text`` minified by esbuild: ``loader`` "esm" for an ES module, "script" for a
    classic script (the service worker), "css" for a stylesheet.

    A module's top-level names are its own, so esbuild shortens them too (a tenth of the
    engine worker); a script's stay, as they are global (and its tests read them).
    """
    key = (loader, text)
    if key not in _minified:
        binary = root / "node_modules" / ".bin" / "esbuild"
        if not binary.is_file():
            raise BuildError(binary, None, "esbuild missing: run 'npm ci' (or './dev build') first")
        run = subprocess.run(
            [str(binary), *_ESBUILD_MODE[loader], "--minify", "--legal-comments=none",
             "--target=es2022,chrome111,firefox115,safari16.4", "--log-level=error"],
            input=text, capture_output=True, text=True, timeout=60, check=False,
        )
        if run.returncode != 0:
            raise BuildError(binary, None, f"esbuild failed:\n{run.stderr.strip()[-2000:]}")
        _minified[key] = run.stdout
    return _minified[key]


_KEEP_AS_IS = re.compile(r"(<(pre|textarea)\b.*?</\2>)", re.DOTALL | re.IGNORECASE)


def collapse_indentation(html: str) -> str:
    """``html`` without the indentation at the start of its lines.

    Whitespace that starts a line renders as the line break before it does, so
    only ``<pre>`` and ``<textarea>``, where it is content, are left as they are.
    """
    parts = _KEEP_AS_IS.split(html)
    # split() with two groups: text, whole element, tag name, text, ...
    return "".join(part if index % 3 else re.sub(r"\n[ \t]+", "\n", part)
                   for index, part in enumerate(parts) if index % 3 != 2)


def fingerprint(source: Path, out_dir: Path, folder: str, minify_root: Path | None = None) -> str:
    """Copy ``source`` to ``out_dir/folder/name.<hash>.ext``; return that path.

    With ``minify_root`` (the project, for its esbuild), CSS is minified first.
    """
    data = source.read_bytes()
    if minify_root is not None and source.suffix == ".css":
        data = minify(data.decode("utf-8"), "css", minify_root).encode("utf-8")
    name = f"{source.stem}.{digest(data)}{source.suffix}"
    target = out_dir / folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return f"{folder}/{name}"


# A page downloads only the parts of the stylesheet it can use. site.css stays one file (one
# set of custom properties, rules in cascade order); a part that styles what only some pages
# hold stands between "/* @needs NEEDLE … */" and "/* @end */" and is kept for a page whose
# HTML holds any of its needles: ".name" an element of that class, anything else that text
# (a mode's data-mode="…", "<math", …).
_NEEDS = re.compile(r"/\* @needs ([^*]+?) \*/")
_END = "/* @end */"


def stylesheet_parts(text: str, source: Path) -> tuple[tuple[tuple[str, ...], str], ...]:
    """``text`` (site.css) in order as (needles, text): no needles for what every page gets."""
    parts: list[tuple[tuple[str, ...], str]] = []
    needles: tuple[str, ...] = ()
    lines: list[str] = []
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        opening = _NEEDS.fullmatch(line.strip())
        if opening is None and line.strip() != _END:
            lines.append(line)
            continue
        if (opening is not None) == bool(needles):
            raise BuildError(source, number, "a '@needs' part must end ('/* @end */') before "
                             "the next begins" if needles else "'/* @end */' without '@needs'")
        parts.append((needles, "".join(lines)))
        needles, lines = (tuple(opening.group(1).split()) if opening else ()), []
    if needles:
        raise BuildError(source, None, "the last '@needs' part has no '/* @end */'")
    parts.append(((), "".join(lines)))
    return tuple(part for part in parts if part[1].strip())


def _holds(html: str, needle: str) -> bool:
    """".name": an element of that class; anything else: that text."""
    if needle.startswith("."):
        return re.search(rf'\sclass="(?:[^"]*\s)?{re.escape(needle[1:])}(?:\s[^"]*)?"', html) is not None
    return needle in html


def stylesheet_for(parts: tuple[tuple[tuple[str, ...], str], ...], html: str) -> tuple[bool, ...]:
    """Which of ``parts`` a page whose HTML is ``html`` needs (every part without needles)."""
    return tuple(not needles or any(_holds(html, needle) for needle in needles)
                 for needles, _text in parts)


def pyodide_version(config: SiteConfig) -> str:
    package = config.pyodide_dir / "package.json"
    if not package.is_file():
        raise BuildError(package, None, "Pyodide runtime missing: run 'npm ci' first")
    version = json.loads(package.read_text(encoding="utf-8"))["version"]
    return str(version)


def copy_pyodide(config: SiteConfig, out_dir: Path) -> str:
    """Vendor the runtime under a versioned folder (its files import each other by name)."""
    folder = f"pyodide/{pyodide_version(config)}"
    target = out_dir / folder
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source = config.pyodide_dir / name
        if not source.is_file():
            raise BuildError(source, None, "Pyodide runtime file missing: run 'npm ci' first")
        if name == LOCK_FILE:
            (target / name).write_text(site_lock(source), encoding="utf-8")
        else:
            shutil.copyfile(source, target / name)
    return folder + "/"


def site_lock(stock: Path) -> str:
    """The runtime's lock file, listing only the packages the site loads from it: none.

    The distribution's package list (120 KB as shipped) names nothing the site
    serves. The ``info`` block stays; the site's own lock, which adds elo_core
    (:mod:`sitegen.lockfile`), starts from this one.
    """
    lock = json.loads(stock.read_text(encoding="utf-8"))
    lock["packages"] = {}
    return json.dumps(lock, sort_keys=True, separators=(",", ":")) + "\n"


def tree_digest(folder: Path) -> str:
    """A hash of every source file under ``folder`` (names and contents)."""
    hasher = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            hasher.update(path.relative_to(folder).as_posix().encode() + b"\0")
            hasher.update(path.read_bytes())
    return hasher.hexdigest()


def build_wheel(config: SiteConfig) -> tuple[bytes, str]:
    """Build elo_core as a py3-none-any wheel for the browser; return its bytes and name.

    Its modules' docstrings and comments are removed (:func:`slim_wheel`). The wheel keeps its standard file name (Pyodide reads the name); the caller
    puts it in a folder named after its hash to bust caches.
    """
    from flit_core import buildapi

    logging.getLogger("flit_core").setLevel(logging.WARNING)
    previous_cwd = Path.cwd()
    previous_epoch = os.environ.get("SOURCE_DATE_EPOCH")
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["SOURCE_DATE_EPOCH"] = REPRODUCIBLE_EPOCH
        try:
            os.chdir(config.root)
            name = buildapi.build_wheel(scratch)
        finally:
            os.chdir(previous_cwd)
            if previous_epoch is None:
                del os.environ["SOURCE_DATE_EPOCH"]
            else:
                os.environ["SOURCE_DATE_EPOCH"] = previous_epoch
        return slim_wheel((Path(scratch) / name).read_bytes()), name


def empty_docstrings(source: str) -> str:
    """``source`` with every docstring replaced by ``""``, on the same lines.

    The browser never reads elo_core's docstrings, and they are a third of the
    wheel. Line numbers stay, so a traceback in the page still points at the
    right line of the source in the repository.
    """
    tree = ast.parse(source)
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                spans.append(first)
    lines = source.encode("utf-8").splitlines(keepends=True)
    # From the last to the first, so earlier positions stay valid (offsets are in bytes).
    for doc in sorted(spans, key=lambda d: (d.lineno, d.col_offset), reverse=True):
        start, end = doc.lineno - 1, (doc.end_lineno or doc.lineno) - 1
        kept = lines[start][: doc.col_offset] + b'""' + lines[end][doc.end_col_offset or 0 :]
        lines[start : end + 1] = [kept] + [b"\n"] * (end - start)
    return b"".join(lines).decode("utf-8")


def drop_comments(source: str) -> str:
    """``source`` without its comments; a line that held only a comment stays, empty."""
    lines = source.splitlines(keepends=True)
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for token in tokens:
        if token.type == tokenize.COMMENT:
            row, col = token.start
            line = lines[row - 1]
            ending = line[len(line.rstrip("\r\n")):]
            lines[row - 1] = line[:col].rstrip() + ending
    return "".join(lines)


def slim_wheel(wheel: bytes) -> bytes:
    """The wheel with its modules' docstrings emptied and comments dropped, RECORD updated,
    and without the package's documents (``elo_core/README.md``: the page reads none).

    See :func:`empty_docstrings` and :func:`drop_comments`: every line keeps its number.
    """
    source = zipfile.ZipFile(io.BytesIO(wheel))
    kept = [info for info in source.infolist() if not info.filename.endswith(".md")]
    contents = {info.filename: source.read(info) for info in kept}
    for name, data in contents.items():
        if name.endswith(".py"):
            contents[name] = drop_comments(empty_docstrings(data.decode("utf-8"))).encode("utf-8")
    return _wheel_with_record(kept, contents)


def record_rewritten(wheel: bytes) -> bytes:
    """The wheel, its files as they are, with a RECORD true to them (after a step that
    changed its files without it: sitegen/bytecode.py)."""
    source = zipfile.ZipFile(io.BytesIO(wheel))
    return _wheel_with_record(source.infolist(),
                              {info.filename: source.read(info) for info in source.infolist()},
                              compresslevel=9)


def _wheel_with_record(infos: list[zipfile.ZipInfo], contents: dict[str, bytes],
                       compresslevel: int | None = None) -> bytes:
    """A wheel of ``contents`` (in the order, with the names and dates, of ``infos``) whose
    ``.dist-info/RECORD`` names every other file with its sha256 and size."""
    record_name = next(name for name in contents if name.endswith(".dist-info/RECORD"))
    lines = []
    for name, data in contents.items():
        if name == record_name or name.endswith("/"):
            continue
        hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{name},sha256={hashed},{len(data)}")
    contents = {**contents, record_name: ("\n".join([*lines, f"{record_name},,"]) + "\n").encode()}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in infos:  # same order, names and timestamps
            target.writestr(info, contents[info.filename], compress_type=zipfile.ZIP_DEFLATED,
                            compresslevel=compresslevel)
    return out.getvalue()


_IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])\./([\w.-]+\.js)\2""")


@dataclass(frozen=True)
class Modules:
    """The fingerprinted modules: name → site-relative path, and what each imports statically
    (a module imported with ``import()`` loads when it is needed, so it is not preloaded)."""

    paths: dict[str, str]
    imports: dict[str, tuple[str, ...]]

    def graph(self, name: str) -> list[str]:
        """Paths of every module ``name`` imports, directly or not (to preload them)."""
        seen: list[str] = []
        pending = list(self.imports[name])
        while pending:
            current = pending.pop(0)
            if current not in seen:
                seen.append(current)
                pending.extend(self.imports[current])
        return [self.paths[module] for module in seen]


def fingerprint_modules(folder: Path, out_dir: Path, target: str,
                        minify_root: Path | None = None,
                        fill: dict[str, tuple[str, str]] | None = None) -> Modules:
    """Fingerprint every ES module in ``folder``, rewriting ``./x.js`` imports to hashed names.

    A module's hash covers the hashed names it imports, so changing one module
    renames every module that depends on it. With ``minify_root`` (the project,
    for its esbuild), each module is minified after its imports are rewritten.
    ``fill`` maps a module's name to a line it must hold and the line that replaces it
    (the build's values: the runtime's sha256 in the engine worker).
    """
    sources = {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.js"))}
    for name, (placeholder, value) in (fill or {}).items():
        if sources.get(name, "").count(placeholder) != 1:
            raise BuildError(folder / name, None, f"must hold {placeholder!r} once, for the build")
        sources[name] = sources[name].replace(placeholder, value)
    hashed: dict[str, str] = {}
    imports: dict[str, tuple[str, ...]] = {
        name: tuple(m.group(3) for m in _IMPORT.finditer(text) if "(" not in m.group(1))
        for name, text in sources.items()
    }

    def visit(name: str, trail: tuple[str, ...]) -> str:
        if name in hashed:
            return hashed[name]
        if name not in sources:
            raise BuildError(folder / trail[-1], None, f"imports ./{name}, which does not exist")
        if name in trail:
            raise BuildError(folder / name, None, "circular import")
        text = _IMPORT.sub(
            lambda m: f"{m.group(1)}{m.group(2)}./{visit(m.group(3), (*trail, name))}{m.group(2)}",
            sources[name],
        )
        if minify_root is not None:
            text = minify(text, "esm", minify_root)
        data = text.encode("utf-8")
        stem = name.removesuffix(".js")
        hashed[name] = f"{stem}.{digest(data)}.js"
        path = out_dir / target / hashed[name]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return hashed[name]

    for name in sources:
        visit(name, ())
    return Modules({name: f"{target}/{file}" for name, file in hashed.items()}, imports)

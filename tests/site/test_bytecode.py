"""The Python the page loads is bytecode, made by the page's own interpreter (sitegen/bytecode.py):
the standard library archive and elo_core's wheel."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

import pytest

from sitegen.assets import build_wheel
from sitegen.bytecode import compiled
from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen import stdlib
from sitegen.stdlib import FINDER_FILE, MODULES_FILE, REST_MODULE, trimmed_archive

# A .pyc's header: magic (4 bytes), flags (4), then a source hash (8); flags 0b01 is
# "hash-based, not checked against a source" (PEP 552), the same bytes on every build.
UNCHECKED_HASH = (1).to_bytes(4, "little")


def headers(archive: zipfile.ZipFile) -> dict[str, bytes]:
    return {name: archive.read(name)[:8] for name in archive.namelist() if name.endswith(".pyc")}


def test_the_standard_library_archive_holds_bytecode_for_every_recorded_file() -> None:
    config = SiteConfig()
    listed = [line for line in (config.source_dir / MODULES_FILE).read_text().splitlines()
              if line and not line.startswith("#")]
    archive = zipfile.ZipFile(io.BytesIO(trimmed_archive(config)))
    names = archive.namelist()
    assert not [name for name in names if name.endswith(".py")]
    assert sorted(names) == sorted([*(name + "c" if name.endswith(".py") else name for name in listed),
                                    f"{REST_MODULE}.pyc"])
    found = headers(archive)
    assert {header[4:] for header in found.values()} == {UNCHECKED_HASH}
    # One interpreter compiled them all: one magic number, the page's.
    assert len({header[:4] for header in found.values()}) == 1


def test_the_small_archive_names_what_only_the_whole_one_has() -> None:
    config = SiteConfig()
    listed = tuple(line for line in (config.source_dir / MODULES_FILE).read_text().splitlines()
                   if line and not line.startswith("#"))
    full = config.pyodide_dir / "python_stdlib.zip"
    # The archive before it is compiled: the module's source.
    source = zipfile.ZipFile(io.BytesIO(stdlib._packed(
        full, full.stat().st_mtime_ns, full.stat().st_size, listed, config.source_dir / MODULES_FILE,
        (config.source_dir / FINDER_FILE).read_text())))
    namespace: dict[str, object] = {}
    exec(source.read(f"{REST_MODULE}.py").decode(), namespace)
    names = namespace["NAMES"]
    assert isinstance(names, frozenset)
    whole = zipfile.ZipFile(full).namelist()
    assert "argparse" in names and "argparse.py" in whole and "argparse.py" not in listed
    # importlib is in the small archive, some of its submodules only in the whole one.
    assert "importlib" in names and "importlib/__init__.py" in listed
    # Every module the small archive has in full is not named; nor is what the runtime lacks:
    # an import tried and expected to fail (pwd) fetches nothing.
    assert "json" not in names or any(name.startswith("json/") and name not in listed for name in whole)
    assert "pwd" not in names and not any(name.startswith("pwd") for name in whole)
    assert f"{REST_MODULE}.pyc" in zipfile.ZipFile(io.BytesIO(trimmed_archive(config))).namelist()


def test_the_wheel_the_page_loads_is_bytecode_with_a_true_record() -> None:
    config = SiteConfig()
    source, _ = build_wheel(config)
    wheel = zipfile.ZipFile(io.BytesIO(compiled(source, "wheel", config.cache_root, config.pyodide_dir)))
    modules = sorted(name for name in zipfile.ZipFile(io.BytesIO(source)).namelist()
                     if name.endswith(".py"))
    assert len(modules) > 20
    assert sorted(name for name in wheel.namelist() if name.endswith((".py", ".pyc"))) == [
        name + "c" for name in modules]
    assert {header[4:] for header in headers(wheel).values()} == {UNCHECKED_HASH}
    stdlib = zipfile.ZipFile(io.BytesIO(trimmed_archive(config)))
    assert {h[:4] for h in headers(wheel).values()} == {h[:4] for h in headers(stdlib).values()}
    (record_name,) = [name for name in wheel.namelist() if name.endswith(".dist-info/RECORD")]
    listed = {}
    for line in wheel.read(record_name).decode().splitlines():
        name, hashed, size = line.rsplit(",", 2)
        listed[name] = (hashed, size)
    assert sorted(listed) == sorted(wheel.namelist())
    for name, (hashed, size) in listed.items():
        if name == record_name:
            assert (hashed, size) == ("", "")
            continue
        data = wheel.read(name)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (hashed, size) == (f"sha256={digest}", str(len(data))), name


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), text)
    return buffer.getvalue()


def test_compiling_gives_the_same_bytes_each_time_and_names_a_file_that_does_not_compile(
    tmp_path: Path,
) -> None:
    """Fresh caches, so both runs compile: the archive's name (its hash) must not change
    from one build to the next."""
    config = SiteConfig()
    source = zipped({"pkg/__init__.py": "", "pkg/rules.py": "K = {'new': 40}\n",
                     "pkg/table.csv": "a,b\n"})
    first = compiled(source, "stdlib", tmp_path / "one", config.pyodide_dir)
    second = compiled(source, "stdlib", tmp_path / "two", config.pyodide_dir)
    assert first == second
    archive = zipfile.ZipFile(io.BytesIO(first))
    assert archive.namelist() == ["pkg/__init__.pyc", "pkg/rules.pyc", "pkg/table.csv"]
    assert archive.read("pkg/table.csv") == b"a,b\n"
    assert archive.getinfo("pkg/rules.pyc").date_time == (2020, 1, 1, 0, 0, 0)
    with pytest.raises(BuildError, match=r"pkg/broken\.py"):
        compiled(zipped({"pkg/broken.py": "def f(:\n"}), "wheel", tmp_path / "three",
                 config.pyodide_dir)

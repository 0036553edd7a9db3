"""Put a finished build in place of the output folder, with no moment without one.

A build writes into a staging folder beside the output (``.dist-<pid>-<random>``), so a
failing build leaves the previous output as it was. The finished folder and the output
are then exchanged in one step (Linux ``renameat2(RENAME_EXCHANGE)``): a server reading
the output, the dev server or a host's sync, never finds it missing, and the output stays
a plain folder (a symlink would be copied as a link by ``cp -r dist …``). The previous
build, now at the staging path, is deleted with it.

A killed build leaves its staging folder behind; the next build removes the folders whose
process no longer runs.

Since the output is replaced whole, a build replaces only a folder that is new, empty or one a
build wrote (it holds :data:`MARKER`), unless its owner says ``--force``; never the project's
own folder, its inputs, a folder that holds one of them, or the home folder
(:func:`output_problem`).
"""

from __future__ import annotations

import ctypes
import errno
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

__all__ = ["MARKER", "output_problem", "put_in_place", "remove_stale", "staging"]

PREFIX = ".dist-"
_MARKED = re.compile(re.escape(PREFIX) + r"(\d+)-.*")
# Staging folders named by build.py before they carried a process id: a build takes seconds.
UNMARKED_STALE_AFTER = 3600.0

# This process's staging folders in use (a long-running `serve` builds again and again).
_in_use: set[Path] = set()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _is_stale(folder: Path) -> bool:
    marked = _MARKED.fullmatch(folder.name)
    if marked is None:
        try:
            return time.time() - folder.stat().st_mtime > UNMARKED_STALE_AFTER
        except FileNotFoundError:  # another build removed it just now
            return False
    pid = int(marked[1])
    if pid == os.getpid():
        return folder not in _in_use
    return not _running(pid)


def remove_stale(parent: Path) -> list[Path]:
    """Delete the staging folders in ``parent`` that no running build uses; return them."""
    stale = [folder for folder in sorted(parent.glob(PREFIX + "*"))
             if folder.is_dir() and not folder.is_symlink() and _is_stale(folder)]
    for folder in stale:
        shutil.rmtree(folder, ignore_errors=True)
    return stale


# Written into every output: the folder is a build's, which the next build may replace.
MARKER = ".sitegen-output"
MARKER_TEXT = "This folder is the output of build.py (sitegen): each build replaces it whole.\n"
# An output written before outputs carried the marker: its _headers file begins so.
_LEGACY_HEADERS = "# For static hosts that read a _headers file (Netlify, Cloudflare Pages, ...).\n"


def _written_by_a_build(folder: Path) -> bool:
    if (folder / MARKER).is_file():
        return True
    try:
        with (folder / "_headers").open(encoding="utf-8") as handle:
            return handle.readline() == _LEGACY_HEADERS and (folder / "sw.js").is_file()
    except (OSError, UnicodeDecodeError):
        return False


def output_problem(out_dir: Path, *, keep: Sequence[Path], inputs: Sequence[Path],
                   force: bool) -> str | None:
    """Why the build may not replace ``out_dir``, or None. ``keep``: folders it must never
    replace, nor any folder that holds one (the project's, the home folder); ``inputs``: the
    build's own sources, which it must never replace or write into. Otherwise it replaces a
    folder that does not exist yet, an empty one or one a build wrote; another only with
    ``force``."""
    out = out_dir.resolve()
    for folder in [*keep, *inputs]:
        folder = folder.resolve()
        if out == folder or out in folder.parents:
            what = "is" if out == folder else "holds"
            return (f"the output folder {out_dir} {what} {folder}, which a build never "
                    "replaces (--force or not): choose a folder of its own for the output, "
                    "such as dist/")
    for folder in inputs:
        if folder.resolve() in out.parents:
            return (f"the output folder {out_dir} is inside {folder}, the build's own sources: "
                    "choose a folder outside them, such as dist/")
    if not out.exists():
        return None
    if not out.is_dir():
        return f"the output folder {out_dir} is a file: choose a folder"
    names = sorted(path.name for path in out.iterdir())
    if not names or force or _written_by_a_build(out):
        return None
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return (f"the output folder {out_dir} holds files a build did not write ({shown}), and a "
            "build replaces the folder whole: choose a new or empty folder, or add --force "
            "to replace it and everything in it")


@contextmanager
def staging(out_dir: Path) -> Iterator[Path]:
    """A new folder beside ``out_dir`` to build into, marked as a build's output; deleted
    afterwards, whatever happened."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    remove_stale(out_dir.parent)
    folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=out_dir.parent))
    folder.chmod(0o755)
    (folder / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    _in_use.add(folder)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        _in_use.discard(folder)


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically; False where the system or file system cannot."""
    if sys.platform != "linux":
        return False
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:  # a C library older than glibc 2.28
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))


def put_in_place(folder: Path, out_dir: Path) -> None:
    """Make ``folder`` the output; the previous output, if any, moves to ``folder``'s path."""
    if not out_dir.exists():
        folder.rename(out_dir)
        return
    if _exchange(folder, out_dir):
        return
    # Without an exchange there is a moment between the two renames with no output.
    previous = folder.with_name(folder.name + "-previous")
    out_dir.rename(previous)
    folder.rename(out_dir)
    previous.rename(folder)

"""The rest of the standard library, fetched on the first import only it has.

The page loads a small archive of the modules the engine imports (sitegen/stdlib.py); this
module is in it, as ``_elo_stdlib_rest``, with ``NAMES`` (the top-level names of the modules
only Pyodide's whole archive has) written below by the build. The engine worker calls
``install`` with the whole archive's URL and sha256; an import of one of ``NAMES`` then
fetches that archive once, checks it, puts it in place of the small one and imports again.
An import the standard library tries and expects to fail (``pwd`` before the runtime is up)
fetches nothing.
"""

import importlib
import importlib.abc
import os
import sys
import zipimport

COMPLETE = "/lib/.stdlib-complete"
WHOLE_URL = ""
WHOLE_SHA256 = ""


def fetch_whole():
    # hashlib is not in the small archive (importing it would come back here).
    import _sha2
    from js import XMLHttpRequest

    # A module is imported synchronously, so its archive is fetched so as well.
    request = XMLHttpRequest.new()
    request.open("GET", WHOLE_URL, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise OSError(f"{WHOLE_URL}: HTTP {request.status}")
    data = request.response.to_bytes()
    if _sha2.sha256(data).hexdigest() != WHOLE_SHA256:
        raise OSError(f"{WHOLE_URL} does not match the sha256 recorded when the site was built")
    with open(next(p for p in sys.path if p.endswith(".zip")), "wb") as archive:
        archive.write(data)
    open(COMPLETE, "w").close()


class RestOfStdlib(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if os.path.exists(COMPLETE) or name.partition(".")[0] not in NAMES:
            return None
        fetch_whole()
        zipimport._zip_directory_cache.clear()
        sys.path_importer_cache.clear()
        importlib.invalidate_caches()
        for finder in sys.meta_path:
            if finder is not self and hasattr(finder, "find_spec"):
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    return spec
        return None


def install(whole_url, whole_sha256):
    """Fetch the whole archive from ``whole_url`` when a module only it has is imported.

    Called again (a restored snapshot holds the finder already), it only sets the URL.
    """
    global WHOLE_URL, WHOLE_SHA256
    WHOLE_URL, WHOLE_SHA256 = whole_url, whole_sha256
    if not any(isinstance(finder, RestOfStdlib) for finder in sys.meta_path):
        sys.meta_path.append(RestOfStdlib())

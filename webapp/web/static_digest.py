"""The version of static/: one digest of every file, so a new file means a new URL (?v=) and a new service worker."""
import functools
import hashlib
import os


@functools.lru_cache(maxsize=4)
def static_digest(folder: str) -> str:
    """A short digest of every file under static/ (read once per process)."""
    digest = hashlib.sha1()
    for root, _dirs, files in sorted(os.walk(folder)):
        for name in sorted(files):
            path = os.path.join(root, name)
            digest.update(path[len(folder):].encode())
            with open(path, "rb") as handle:
                digest.update(handle.read())
    return digest.hexdigest()[:12]

"""The fragment folder every worker of a machine shares when there is no Redis (config CACHE_TYPE).

cachelib's folder cache keeps the number of its files in a file of its own, read before and
read and written again after every entry it writes: three more file operations per entry, so
a big bracket drawn from nothing (hundreds of blocks) spent more time counting than writing
(and seconds of wall clock on a busy disk). Here each worker counts in
memory the files it writes and counts the folder again every RECOUNT writes: the threshold
(how many entries the folder keeps before pruning the oldest) is a bound met a few hundred
entries late at worst. What is read and written under a key is unchanged, so no page can be
stale because of this: the count only decides when old entries are pruned.
"""
from flask_caching.backends.filesystemcache import FileSystemCache

RECOUNT = 500


class FolderCache(FileSystemCache):
    """FileSystemCache counting its files in memory (recounted from the folder now and then)."""

    _count = 0
    _writes = 0

    @property
    def _file_count(self) -> int:
        return self._count

    def _update_count(self, delta: int | None = None, value: int | None = None) -> None:
        if self._threshold == 0:
            return
        self._writes += 1
        if value is not None or self._writes >= RECOUNT:  # the other workers' writes counted too
            self._count, self._writes = len(list(self._list_dir())) if value is None else value, 0
        else:
            self._count += delta or 0

"""Rendered fragments are shared by the workers of one machine (a folder when there is no
Redis), and a worker answers a warm page from its own memory."""
from webapp import create_app
from webapp.polling import fragments


def test_a_fragment_rendered_by_one_worker_is_read_by_another(app, tmp_path):
    other = create_app({**{k: app.config[k] for k in ("SQLALCHEMY_DATABASE_URI", "SECRET_KEY")},
                        "CACHE_DIR": app.config["CACHE_DIR"], "TESTING": True})
    assert app.config["CACHE_TYPE"] == "webapp.polling.folder_cache.FolderCache" and app.config["CACHE_DIR"]
    import uuid
    stamp = ("phase", 10**9, uuid.uuid4().hex, 1)  # the folder outlives a test run: a key of its own
    renders = []
    with app.test_request_context():
        assert fragments.cached("probe", stamp, lambda: renders.append(1) or "<p>一</p>") == "<p>一</p>"
    fragments._LOCAL.clear()  # noqa: SLF001 - as if in another process
    with other.test_request_context():
        assert fragments.cached("probe", stamp, lambda: renders.append(1) or "<p>二</p>") == "<p>一</p>"
    assert renders == [1]


def test_dynamic_pages_are_compressed_for_speed_and_still_small():
    page = ("<tr><td>選手</td><td class=score>2 - 1</td></tr>" * 3000).encode()
    import gzip

    import brotli
    assert brotli.decompress(fragments.compress(page, "br")) == page
    assert gzip.decompress(fragments.compress(page, "gzip")) == page
    assert len(fragments.compress(page, "br")) < len(page) // 20


def test_the_folder_keeps_its_threshold_counting_in_memory(tmp_path):
    """webapp/polling/folder_cache.py counts its files in memory: the oldest are still pruned past the
    threshold, and a worker started later counts what the others wrote."""
    from webapp.polling.folder_cache import FolderCache
    folder = FolderCache(str(tmp_path), threshold=5, default_timeout=60)
    for n in range(20):
        assert folder.set(f"k{n}", f"<p>{n}</p>")
    assert len(list(folder._list_dir())) <= 6  # noqa: SLF001
    assert folder.get("k19") == "<p>19</p>"
    assert FolderCache(str(tmp_path), threshold=5, default_timeout=60)._file_count == len(list(folder._list_dir()))  # noqa: SLF001

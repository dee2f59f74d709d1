"""A worker's memory after big pages: kept fragments with Japanese text are held as UTF-8 (decoded
on use, the same text), and a long request's freed memory is handed back (polling/heap.py)."""
import uuid

from webapp.polling import fragments, heap


def test_a_kept_japanese_fragment_is_held_as_utf8_and_read_back_as_the_same_text(app):
    stamp = ("phase", 10**9, uuid.uuid4().hex, 1)
    html = "<td class=name>プレイヤー０１２</td>" * 50
    with app.test_request_context():
        fragments.keep("probe", stamp, html)
        kept = fragments._LOCAL.get(fragments._key("probe", stamp))  # noqa: SLF001
        assert isinstance(kept, bytes) and len(kept) < len(html) * 2
        assert fragments.lookup("probe", stamp) == html
        assert fragments.cached("probe", stamp, lambda: "<p>other</p>") == html


def test_an_ascii_fragment_is_kept_as_it_is(app):
    stamp = ("phase", 10**9, uuid.uuid4().hex, 1)
    with app.test_request_context():
        fragments.keep("probe", stamp, "<p>ok</p>")
        assert fragments._LOCAL.get(fragments._key("probe", stamp)) == "<p>ok</p>"  # noqa: SLF001


def test_only_a_long_request_returns_the_heaps_free_pages(app, monkeypatch):
    trims = []
    monkeypatch.setattr(heap, "_TRIM", trims.append)
    with app.test_request_context():
        heap._started()  # noqa: SLF001
        heap._release_after_long(None)  # noqa: SLF001
        assert trims == []
        monkeypatch.setattr(heap, "LONG_REQUEST", 0.0)
        heap._release_after_long(None)  # noqa: SLF001
        assert trims == [0]


def test_a_block_kept_by_another_worker_is_read_as_utf8(app):
    stamp = ("phase", 10**9, uuid.uuid4().hex, 1)
    html = "<td>一八</td><td>ascii</td>"
    with app.test_request_context():
        assert fragments.keep_utf8("probe", stamp, html) == html.encode()
        fragments._LOCAL.clear()  # noqa: SLF001 - as if in another worker: read from the shared cache
        assert fragments.lookup_utf8("probe", stamp) == html.encode()
        assert fragments.lookup_utf8("probe", stamp) == html.encode()  # and now from this worker's copy
        assert fragments.lookup_utf8("absent", stamp) is None

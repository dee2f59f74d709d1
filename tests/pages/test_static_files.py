"""Static files: versioned URLs kept a year, compressed for gzip-only browsers too."""
import re


def test_static_urls_are_versioned_and_kept_a_year(client, app):
    page = client.get("/").get_data(as_text=True)
    src = re.search(r'src="(/static/vendor/htmx\.min\.js\?v=[0-9a-f]{12})"', page).group(1)
    response = client.get(src)
    assert response.status_code == 200
    assert "immutable" in response.headers["Cache-Control"] and "max-age=31536000" in response.headers["Cache-Control"]
    assert "immutable" not in client.get("/static/vendor/htmx.min.js?v=old").headers.get("Cache-Control", "")


def test_a_gzip_only_browser_gets_htmx_compressed(client, app):
    response = client.get("/static/vendor/htmx.min.js", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert len(response.data) < 25_000  # about 18 KB instead of 52 KB


def _current_htmx(client) -> str:
    page = client.get("/").get_data(as_text=True)
    return re.search(r'src="(/static/vendor/htmx\.min\.js\?v=[0-9a-f]{12})"', page).group(1)


def test_a_static_file_is_sent_precompressed_from_memory_with_its_headers(client, app):
    """Brotli or gzip made once, the app's security and cache headers kept, no cookie replayed;
    the second answer does not reach Flask."""
    src = _current_htmx(client)
    first = client.get(src, headers={"Accept-Encoding": "gzip, br"})
    assert first.headers["Content-Encoding"] == "br" and len(first.data) < 20_000
    from flask import request_started
    calls = []
    with request_started.connected_to(lambda sender, **kw: calls.append(1), app):
        again = client.get(src, headers={"Accept-Encoding": "gzip, br"})
    assert again.data == first.data and not calls
    assert "immutable" in again.headers["Cache-Control"] and again.headers["X-Content-Type-Options"] == "nosniff"
    assert "Set-Cookie" not in again.headers and again.headers["Vary"] == "Accept-Encoding"
    import brotli
    plain = client.get(src, headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and brotli.decompress(first.data) == plain.data


def test_an_unchanged_static_file_answers_304_per_encoding(client, app):
    src = _current_htmx(client)
    tag = client.get(src, headers={"Accept-Encoding": "gzip"}).headers["ETag"]
    assert client.get(src, headers={"Accept-Encoding": "gzip", "If-None-Match": tag}).status_code == 304
    assert client.get(src, headers={"Accept-Encoding": "br", "If-None-Match": tag}).status_code == 200


def test_made_up_query_strings_and_missing_files_go_to_the_app(client, app):
    assert client.get("/static/vendor/htmx.min.js?v=made-up").status_code == 200
    assert client.get("/static/no-such-file.js").status_code == 404
    handler = app.wsgi_app
    while not hasattr(handler, "kept"):
        handler = handler.wsgi_app if hasattr(handler, "wsgi_app") else handler.app
    assert not any(key[1] == "v=made-up" for key in handler.kept)

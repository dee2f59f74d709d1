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

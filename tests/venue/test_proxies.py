"""X-Forwarded-* count only from the configured number of proxies (TAIKAI_PROXIES)."""
import flask
import pytest
from flask import url_for

from webapp import create_app


@pytest.fixture(params=[0, 1])
def proxied(tmp_path, request):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "TAIKAI_PROXIES": request.param,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'proxy.sqlite3'}"})

    @app.route("/_where")
    def where():
        flask.session["seen"] = True  # a session cookie to look at
        return {"url": url_for("public.index", _external=True), "secure": flask.request.is_secure,
                "remote": flask.request.remote_addr}
    return request.param, app.test_client()


FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "taikai.example.jp",
             "X-Forwarded-For": "203.0.113.9"}


def test_forwarded_headers_count_only_behind_a_configured_proxy(proxied):
    proxies, client = proxied
    answer = client.get("/_where", headers=FORWARDED, environ_base={"REMOTE_ADDR": "127.0.0.1"})
    cookie = answer.headers["Set-Cookie"]
    if proxies:
        assert answer.json == {"url": "https://taikai.example.jp/", "secure": True, "remote": "203.0.113.9"}
        assert "; Secure" in cookie
    else:
        assert answer.json == {"url": "http://localhost/", "secure": False, "remote": "127.0.0.1"}
        assert "; Secure" not in cookie


def test_only_the_nearest_proxys_word_counts(proxied):
    proxies, client = proxied
    # A client's own X-Forwarded-For comes first; the trusted proxy appends the real address.
    seen = client.get("/_where", headers={"X-Forwarded-For": "10.6.6.6, 198.51.100.4",
                                          "X-Forwarded-Proto": "http, https"}).json
    assert seen["remote"] == ("198.51.100.4" if proxies else "127.0.0.1")
    assert seen["secure"] is bool(proxies)

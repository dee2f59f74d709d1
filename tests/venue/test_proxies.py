"""X-Forwarded-* count only from the configured number of proxies (TAIKAI_PROXIES), and Host, Port
and Prefix only when the operator names them too (TAIKAI_FORWARDED_HEADERS); the script root and
the public address come from configuration (webapp/venue/proxies.py)."""
import flask
import pytest
from flask import url_for

from webapp import create_app


def _app(tmp_path, **config):
    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'proxy.sqlite3'}", **config})

    @app.route("/_where")
    def where():
        flask.session["seen"] = True  # a session cookie to look at
        return {"url": url_for("public.index", _external=True), "secure": flask.request.is_secure,
                "remote": flask.request.remote_addr, "link": url_for("public.index"),
                "heard": sorted(k for k in flask.request.environ if "FORWARDED" in k)}
    return app


@pytest.fixture(params=[0, 1])
def proxied(tmp_path, request):
    return request.param, _app(tmp_path, TAIKAI_PROXIES=request.param).test_client()


FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "taikai.example.jp",
             "X-Forwarded-For": "203.0.113.9"}
STRANGER = {"X-Forwarded-Prefix": "//evil.example", "X-Forwarded-Port": "4444",
            "X-Forwarded-Server": "evil.example", "Forwarded": "for=1.2.3.4;host=evil.example;proto=http"}


def test_forwarded_headers_count_only_behind_a_configured_proxy(proxied):
    proxies, client = proxied
    answer = client.get("/_where", headers=FORWARDED, environ_base={"REMOTE_ADDR": "127.0.0.1"})
    cookie = answer.headers["Set-Cookie"]
    if proxies:  # Host is not named: the request's own Host stays
        assert answer.json["url"] == "https://localhost/" and answer.json["remote"] == "203.0.113.9"
        assert answer.json["secure"] and "; Secure" in cookie
        assert answer.json["heard"] == ["HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO"]
    else:
        assert answer.json["url"] == "http://localhost/" and answer.json["remote"] == "127.0.0.1"
        assert not answer.json["secure"] and "; Secure" not in cookie
        assert answer.json["heard"] == [], "nothing forwarded reaches the app"


def test_only_the_nearest_proxys_word_counts(proxied):
    proxies, client = proxied
    # A client's own X-Forwarded-For comes first; the trusted proxy appends the real address.
    seen = client.get("/_where", headers={"X-Forwarded-For": "10.6.6.6, 198.51.100.4",
                                          "X-Forwarded-Proto": "http, https"}).json
    assert seen["remote"] == ("198.51.100.4" if proxies else "127.0.0.1")
    assert seen["secure"] is bool(proxies)


def test_prefix_port_server_and_forwarded_never_count_unless_named(proxied):
    _proxies, client = proxied
    seen = client.get("/_where", headers={**FORWARDED, **STRANGER}).json
    assert seen["link"] == "/" and "evil" not in seen["url"] and ":4444" not in seen["url"]
    assert not {"HTTP_FORWARDED", "HTTP_X_FORWARDED_PREFIX", "HTTP_X_FORWARDED_SERVER",
                "HTTP_X_FORWARDED_PORT", "HTTP_X_FORWARDED_HOST"} & set(seen["heard"])


def test_named_headers_count_from_the_operators_proxy(tmp_path):
    client = _app(tmp_path, TAIKAI_PROXIES=1, TAIKAI_FORWARDED_HEADERS="host, prefix").test_client()
    seen = client.get("/_where", headers={**FORWARDED, "X-Forwarded-Prefix": "/taikai",
                                          "X-Forwarded-Port": "4444"}).json
    assert seen["url"] == "https://taikai.example.jp/taikai/" and seen["link"] == "/taikai/"
    assert "HTTP_X_FORWARDED_PORT" not in seen["heard"], "port was not named"


def test_the_public_address_and_script_root_come_from_configuration(tmp_path):
    client = _app(tmp_path, TAIKAI_PUBLIC_URL="https://taikai.example.jp/tk").test_client()
    for path in ("/_where", "/tk/_where"):  # a proxy that strips the prefix, and one that passes it on
        seen = client.get(path, headers={"Host": "evil.example", **STRANGER}).json
        assert seen["url"] == "https://taikai.example.jp/tk/" and seen["link"] == "/tk/", path
    client = _app(tmp_path, TAIKAI_SCRIPT_ROOT="/tk/").test_client()
    seen = client.get("/_where", environ_base={"SCRIPT_NAME": "//evil.example"}).json
    assert seen["link"] == "/tk/", "a server's SCRIPT_NAME is replaced by the configured root"


@pytest.mark.parametrize("prefix", ["//evil.example", "https://evil.example", "x", "/a?b", "/a\\b", "/ok, //evil"])
def test_even_a_trusted_prefix_is_a_path_of_the_site_or_nothing(tmp_path, prefix):
    client = _app(tmp_path, TAIKAI_PROXIES=1, TAIKAI_FORWARDED_HEADERS="prefix").test_client()
    assert client.get("/_where", headers={"X-Forwarded-Prefix": prefix}).json["link"] == "/"


@pytest.mark.parametrize("config", [{"TAIKAI_PROXIES": 1, "TAIKAI_FORWARDED_HEADERS": "server"},
                                    {"TAIKAI_PUBLIC_URL": "taikai.example.jp"},
                                    {"TAIKAI_SCRIPT_ROOT": "//evil.example"}])
def test_a_mistyped_setting_stops_the_start(tmp_path, config):
    with pytest.raises(ValueError):
        _app(tmp_path, **config)


def test_a_header_name_with_an_underscore_is_not_read_as_a_forwarded_one():
    """X_Forwarded_Prefix would read as X-Forwarded-Prefix past a proxy that clears only the latter."""
    from webapp.venue.front import wsgi_environ

    scope = {"method": "GET", "path": "/", "query_string": b"", "http_version": "1.1", "scheme": "http",
             "headers": [(b"x_forwarded_prefix", b"//evil.example"), (b"x-forwarded-proto", b"https"),
                         (b"script_name", b"//evil.example")]}
    environ = wsgi_environ(scope, b"", 0)
    assert environ["HTTP_X_FORWARDED_PROTO"] == "https"
    assert "HTTP_X_FORWARDED_PREFIX" not in environ and "HTTP_SCRIPT_NAME" not in environ
